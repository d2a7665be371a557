#![cfg(not(target_arch = "wasm32"))]
//! Naive Bayes on the real SMS Spam Collection v.1 (Almeida & Gómez Hidalgo, UCI ML
//! Repository, CC BY 4.0), read from `../shared/data/` — never copied into this repository.
//!
//! When the file is absent the tests print "SKIPPED" and pass, unless the environment sets
//! `GENLAB_REQUIRE_SHARED_DATA=1` (CI does), in which case they fail.
//!
//! Expected values: message counts from `../shared/data/sms_spam_collection/README.md`;
//! predictions and accuracies from scikit-learn, in
//! `tests/fixtures/nb/sms_sklearn_predictions.txt` (written by `tools/sklearn/nb_sms.py`
//! from the split that `examples/nb_dump_sms.rs` dumps; steps at the top of the script).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use genlab::nb::{
    dedup, evaluate_tokens, parse_corpus_bytes, stratified_split, tokenize, DedupReport, EventModel, Label, NaiveBayes,
    ParsedCorpus, Prior,
};

const SEED: u64 = 42;
const TEST_FRACTION: f64 = 0.2;

fn corpus_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sms_spam_collection/SMSSpamCollection")
}

/// The SMS data, parsed, de-duplicated, split and tokenized once per test binary.
struct Sms {
    parsed: ParsedCorpus,
    report: DedupReport,
    train: Vec<(Vec<String>, Label)>,
    test: Vec<(Vec<String>, Label)>,
}

fn sms() -> Option<&'static Sms> {
    static SMS: OnceLock<Option<Sms>> = OnceLock::new();
    SMS.get_or_init(|| {
        let path = corpus_path();
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) => {
                if std::env::var("GENLAB_REQUIRE_SHARED_DATA").as_deref() == Ok("1") {
                    panic!(
                        "GENLAB_REQUIRE_SHARED_DATA=1 but the SMS Spam Collection could not be read at {}: {e}",
                        path.display()
                    );
                }
                println!("SKIPPED: {} not found ({e})", path.display());
                return None;
            }
        };
        let parsed = parse_corpus_bytes(&bytes).expect("the SMS Spam Collection parses");
        let (docs, report) = dedup(parsed.docs.clone());
        let labels: Vec<Label> = docs.iter().map(|(_, l)| *l).collect();
        let split = stratified_split(&labels, TEST_FRACTION, SEED).unwrap();
        let tokenized: Vec<(Vec<String>, Label)> = docs.iter().map(|(text, l)| (tokenize(text), *l)).collect();
        Some(Sms { parsed, report, train: split.train_of(&tokenized), test: split.test_of(&tokenized) })
    })
    .as_ref()
}

/// tests/fixtures/nb/sms_sklearn_predictions.txt: `key<TAB>value` lines, `#` comments.
fn fixture(key: &str) -> String {
    let text = include_str!("../fixtures/nb/sms_sklearn_predictions.txt");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| l.strip_prefix(key).and_then(|rest| rest.strip_prefix('\t')))
        .unwrap_or_else(|| panic!("fixture has no {key}"))
        .to_string()
}

fn fixture_predictions(key: &str) -> Vec<Label> {
    fixture(key).chars().map(|c| if c == '1' { Label::Spam } else { Label::Ham }).collect()
}

fn assert_predictions_match_sklearn(model: &NaiveBayes, sms: &Sms, key: &str) {
    let expected = fixture_predictions(key);
    assert_eq!(expected.len(), sms.test.len(), "fixture and split disagree on the test size");
    let disagreements: Vec<String> = sms
        .test
        .iter()
        .zip(&expected)
        .enumerate()
        .filter_map(|(i, ((tokens, _), &sk))| {
            let post = model.posterior(tokens);
            (post.label() != sk)
                .then(|| format!("#{i}: genlab {:?} (log-odds {:?}), sklearn {sk:?}", post.label(), post.log_odds))
        })
        .collect();
    assert!(
        disagreements.is_empty(),
        "{} predictions differ from scikit-learn: {disagreements:#?}",
        disagreements.len()
    );
}

#[test]
fn the_collection_has_the_documented_counts_and_duplicates() {
    let Some(sms) = sms() else { return };
    // README: 5,574 messages, 4,827 ham and 747 spam; every line has one TAB; UTF-8.
    assert_eq!(sms.parsed.docs.len(), 5574);
    assert_eq!((sms.parsed.count(Label::Ham), sms.parsed.count(Label::Spam)), (4827, 747));
    assert_eq!((sms.parsed.bad_lines, sms.parsed.blank_lines), (0, 0));
    assert_eq!(sms.parsed.encoding, genlab::nb::TextEncoding::Utf8);
    // README: 403 exact duplicate lines, 5,171 distinct, no text with two labels.
    assert_eq!((sms.report.kept, sms.report.exact_duplicates, sms.report.conflicting_labels), (5171, 403, 0));
    // The fixture was made from the same split: 4,136 train and 1,035 test messages.
    assert_eq!(sms.train.len().to_string(), fixture("train"));
    assert_eq!(sms.test.len().to_string(), fixture("test"));
}

#[test]
fn multinomial_nb_reaches_97_percent_accuracy_and_predicts_like_sklearn() {
    let Some(sms) = sms() else { return };
    let model = NaiveBayes::fit_tokens(&sms.train, EventModel::Multinomial, 1.0, Prior::MaximumLikelihood).unwrap();
    assert_eq!(model.counts().vocabulary_size().to_string(), fixture("vocabulary"));
    let m = evaluate_tokens(&model, &sms.test);
    let accuracy = m.accuracy.unwrap();
    println!(
        "SMS multinomial α = 1: accuracy {accuracy:.4}, precision {:.4}, recall {:.4}, F1 {:.4}, {:?}",
        m.precision.unwrap(),
        m.recall.unwrap(),
        m.f1.unwrap(),
        m.confusion
    );
    assert!(accuracy >= 0.97, "accuracy {accuracy}");
    assert_predictions_match_sklearn(&model, sms, "multinomial_predictions");
    let sklearn_accuracy: f64 = fixture("multinomial_accuracy").parse().unwrap();
    assert!((accuracy - sklearn_accuracy).abs() < 1e-12, "{accuracy} vs scikit-learn {sklearn_accuracy}");
}

#[test]
fn bernoulli_nb_predicts_like_sklearn() {
    let Some(sms) = sms() else { return };
    let model = NaiveBayes::fit_tokens(&sms.train, EventModel::Bernoulli, 1.0, Prior::MaximumLikelihood).unwrap();
    let m = evaluate_tokens(&model, &sms.test);
    println!("SMS Bernoulli α = 1: accuracy {:.4}, {:?}", m.accuracy.unwrap(), m.confusion);
    assert_predictions_match_sklearn(&model, sms, "bernoulli_predictions");
    let sklearn_accuracy: f64 = fixture("bernoulli_accuracy").parse().unwrap();
    assert!((m.accuracy.unwrap() - sklearn_accuracy).abs() < 1e-12);
}

#[test]
fn real_messages_never_give_nan_even_at_alpha_zero() {
    let Some(sms) = sms() else { return };
    for event in [EventModel::Multinomial, EventModel::Bernoulli] {
        let mut model = NaiveBayes::fit_tokens(&sms.train, event, 0.0, Prior::MaximumLikelihood).unwrap();
        for alpha in [0.0, 1e-6, 1.0] {
            model.set_alpha(alpha).unwrap();
            for (tokens, _) in sms.test.iter().step_by(7) {
                let e = model.explain_tokens(tokens);
                let mut xs = vec![e.prior_log_ratio, e.log_joint[0], e.log_joint[1]];
                xs.extend(e.log_odds.into_iter().chain(e.p_spam).chain(e.absent_evidence));
                xs.extend(e.words.iter().flat_map(|w| [w.p_spam, w.p_ham, w.contribution]));
                assert!(xs.iter().all(|x| !x.is_nan()), "NaN explaining {tokens:?}");
                assert_eq!(e.log_odds.is_none(), e.p_spam.is_none());
                if alpha > 0.0 {
                    // The ledger adds up: prior + words (+ absent) = log-odds.
                    let sum: f64 = e.prior_log_ratio
                        + e.words.iter().map(|w| w.contribution).sum::<f64>()
                        + e.absent_evidence.unwrap_or(0.0);
                    let size = e.prior_log_ratio.abs()
                        + e.words.iter().map(|w| w.contribution.abs()).sum::<f64>()
                        + e.absent_evidence.map_or(0.0, f64::abs);
                    let log_odds = e.log_odds.unwrap();
                    assert!((sum - log_odds).abs() <= 1e-9 * size.max(1.0), "{sum} vs {log_odds}");
                }
            }
        }
    }
}
