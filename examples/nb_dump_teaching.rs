//! Writes the spam panel's training part of the built-in teaching corpus (split seed 1, as
//! `SpamLab::builtin` makes it), tokenized by genlab's rules and *not* filtered, and the body
//! tokens of each email named on the command line (or of the text after `--text`), for
//! `tools/sklearn/nb_common_words.py`.
//!
//! ```text
//! cargo run --example nb_dump_teaching -- tests/fixtures/email/spam-english-alternative-stub.eml --text "Earn $1500…" > /tmp/teaching.tsv
//! ```
//!
//! One line per message, `ham|spam` or `query`, a TAB, then its tokens separated by spaces
//! (a token never holds a space).

use genlab::nb::email::Email;
use genlab::nb::lab::SpamLab;
use genlab::nb::tokenize;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let lab = SpamLab::builtin()?;
    for &i in lab.training_indices() {
        let m = lab.message(i).ok_or("a training index past the corpus")?;
        println!("{}\t{}", m.label, tokenize(&m.text).join(" "));
    }
    let mut args = std::env::args().skip(1);
    while let Some(path) = args.next() {
        if path == "--text" {
            println!("query\t{}", tokenize(&args.next().unwrap_or_default()).join(" "));
            continue;
        }
        let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let email = Email::parse(&bytes)?;
        println!("query\t{}", email.tokens(false).join(" "));
    }
    Ok(())
}
