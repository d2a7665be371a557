//! Dumps the SpamAssassin split that tests/it/nb_email_spamassassin.rs evaluates, for
//! tools/sklearn/nb_email.py: one line per kept (de-duplicated) message, in order,
//! `path<TAB>label<TAB>train|test<TAB>genlab's verdict (body only, multinomial, α = 1)`.
//!   cargo run --release --example email_dump_spamassassin > /tmp/email_split.tsv
//! With `--tokenize`, it instead reads texts separated by NUL bytes on stdin and prints
//! each one's genlab tokens, TAB-separated, one line per text (tokens hold no whitespace).

use std::io::{Read, Write};

use genlab::nb::mailbox::read_files;
use genlab::nb::{stratified_split, tokenize, EventModel, NaiveBayes, Prior};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if std::env::args().any(|a| a == "--tokenize") {
        let mut input = Vec::new();
        std::io::stdin().read_to_end(&mut input)?;
        for text in input.split(|&b| b == 0) {
            writeln!(out, "{}", tokenize(&String::from_utf8_lossy(text)).join("\t"))?;
        }
        return Ok(());
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/spamassassin");
    let mut files = Vec::new();
    for folder in ["easy_ham", "easy_ham_2", "hard_ham", "spam", "spam_2"] {
        for entry in std::fs::read_dir(dir.join(folder))? {
            let entry = entry?;
            files.push((format!("{folder}/{}", entry.file_name().to_string_lossy()), std::fs::read(entry.path())?));
        }
    }
    files.sort();
    let mailbox = read_files(files.iter().map(|(p, b)| (p.as_str(), b.as_slice())))?;
    let docs = mailbox.token_documents(false);
    let split = stratified_split(&mailbox.labels(), 0.2, 42)?;
    let model = NaiveBayes::fit_tokens(&split.train_of(&docs), EventModel::Multinomial, 1.0, Prior::MaximumLikelihood)?;
    let mut in_test = vec![false; docs.len()];
    for &i in &split.test {
        in_test[i] = true;
    }
    for (i, m) in mailbox.messages.iter().enumerate() {
        let verdict = model.predict_tokens(&docs[i].0);
        let part = if in_test[i] { "test" } else { "train" };
        writeln!(out, "{}\t{}\t{part}\t{verdict}", m.source, m.label)?;
    }
    Ok(())
}
