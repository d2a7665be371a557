//! Writes the SMS Spam Collection, de-duplicated, split and tokenized exactly as
//! `tests/it/nb_sms.rs` does, to a JSON file for `tools/sklearn/nb_sms.py`; and times a fit
//! of the whole corpus from raw text.
//!
//! ```text
//! cargo run --release --example nb_dump_sms [CORPUS] [OUT.json]
//! ```
//!
//! CORPUS defaults to `../shared/data/sms_spam_collection/SMSSpamCollection` next to the
//! crate, OUT to `/tmp/nb_sms_dump.json`. The JSON is
//! `{"seed": 42, "test_fraction": 0.2, "train": [[label, [tokens…]], …], "test": […]}` with
//! label 0 = ham, 1 = spam. It holds the message tokens, so it stays in /tmp: the SMS
//! Spam Collection may not be copied into the repository.

use std::path::{Path, PathBuf};
use std::time::Instant;

use genlab::nb::{dedup, parse_corpus_bytes, stratified_split, tokenize, EventModel, Label, NaiveBayes, Prior};

const SEED: u64 = 42;
const TEST_FRACTION: f64 = 0.2;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let corpus = args.next().map(PathBuf::from).unwrap_or_else(|| {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sms_spam_collection/SMSSpamCollection")
    });
    let out = args.next().map(PathBuf::from).unwrap_or_else(|| PathBuf::from("/tmp/nb_sms_dump.json"));

    let bytes = std::fs::read(&corpus).map_err(|e| format!("cannot read {}: {e}", corpus.display()))?;
    let parsed = parse_corpus_bytes(&bytes)?;

    // Timing: tokenize + count + tables for every message of the file, as a user's upload.
    let start = Instant::now();
    let runs = 20;
    for _ in 0..runs {
        let model = NaiveBayes::fit_texts(&parsed.docs, EventModel::Multinomial, 1.0, Prior::MaximumLikelihood)?;
        std::hint::black_box(&model);
    }
    let per_fit = start.elapsed() / runs;
    let start = Instant::now();
    for _ in 0..runs {
        for (text, _) in &parsed.docs {
            std::hint::black_box(tokenize(text));
        }
    }
    let per_tokenize = start.elapsed() / runs;
    println!(
        "fit_texts on all {} messages: {per_fit:?} per fit, of which tokenizing {per_tokenize:?} (mean of {runs})",
        parsed.docs.len()
    );

    let (docs, report) = dedup(parsed.docs);
    let labels: Vec<Label> = docs.iter().map(|(_, l)| *l).collect();
    let split = stratified_split(&labels, TEST_FRACTION, SEED)?;
    let json = format!(
        "{{\"seed\": {SEED}, \"test_fraction\": {TEST_FRACTION}, \"train\": {}, \"test\": {}}}\n",
        json_docs(&split.train_of(&docs)),
        json_docs(&split.test_of(&docs))
    );
    std::fs::write(&out, json)?;
    println!(
        "{} messages after removing {} duplicates; {} train, {} test → {}",
        report.kept,
        report.exact_duplicates + report.conflicting_labels,
        split.train.len(),
        split.test.len(),
        out.display()
    );
    Ok(())
}

fn json_docs(docs: &[(String, Label)]) -> String {
    let rows: Vec<String> = docs
        .iter()
        .map(|(text, label)| {
            let tokens: Vec<String> = tokenize(text).iter().map(|t| json_string(t)).collect();
            format!("[{}, [{}]]", label.index(), tokens.join(", "))
        })
        .collect();
    format!("[\n{}\n]", rows.join(",\n"))
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
