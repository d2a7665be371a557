#![cfg(not(target_arch = "wasm32"))]
//! Corpus loading (the SMS Spam Collection format), de-duplication, the seeded stratified
//! split and held-out evaluation. Expected counts are read off the inputs by hand.

use genlab::nb::corpus::MAX_REPORTED_ERRORS;
use genlab::nb::{
    alpha_sweep, dedup, evaluate, evaluate_tokens, parse_corpus, parse_corpus_bytes, stratified_split, tokenize,
    EventModel, Label, NaiveBayes, Prior, TextEncoding,
};
use genlab::stats::metrics::Confusion;
use genlab::Error;

#[test]
fn parses_labels_and_texts_with_crlf_bom_and_blank_lines() {
    let text = "\u{FEFF}ham\tSee you at 3\r\n\r\nSPAM\tWIN a prize\r\n  \nHam\tTabs\tstay in the text\r";
    let parsed = parse_corpus(text).unwrap();
    assert_eq!(
        parsed.docs,
        [
            ("See you at 3".to_string(), Label::Ham),
            ("WIN a prize".to_string(), Label::Spam),
            ("Tabs\tstay in the text".to_string(), Label::Ham),
        ]
    );
    assert_eq!((parsed.blank_lines, parsed.bad_lines), (2, 0));
    assert!(parsed.errors.is_empty());
    assert_eq!(parsed.encoding, TextEncoding::Utf8);
    assert!(parsed.notes().is_empty());
    assert_eq!((parsed.count(Label::Ham), parsed.count(Label::Spam)), (2, 1));
}

#[test]
fn bad_lines_are_skipped_and_reported_with_their_line_numbers() {
    let text = [
        "ham\tfine",              // 1
        "spam\tfine too",         // 2
        "no tab on this line",    // 3
        "ham   spaces not a tab", // 4
        "spam\t   ",              // 5
        "",                       // 6 (blank: skipped, not an error)
        "hma\ttypo in the label", // 7
        "ham\tlast",              // 8
    ]
    .join("\n");
    let parsed = parse_corpus(&text).unwrap();
    assert_eq!(parsed.docs.len(), 3);
    assert_eq!(parsed.bad_lines, 4);
    let messages: Vec<String> = parsed.errors.iter().map(Error::to_string).collect();
    assert_eq!(
        messages,
        [
            "Line 3: there is no TAB: each line must be “ham” or “spam”, a TAB, then the message text.",
            "Line 4: the label “ham” must be followed by a TAB, not a space.",
            "Line 5: the spam message after the TAB is empty.",
            "Line 7: the label must be “ham” or “spam”, found “hma”.",
        ]
    );
    assert!(matches!(parsed.errors[3], Error::BadLine { line: 7, .. }));
    assert_eq!(parsed.notes(), ["4 lines could not be read and were skipped."]);
}

#[test]
fn only_the_first_twenty_bad_lines_are_kept_but_all_are_counted() {
    let mut text = String::from("ham\tok\nspam\tok\n");
    for i in 0..25 {
        text.push_str(&format!("label{i}\tx\n"));
    }
    let parsed = parse_corpus(&text).unwrap();
    assert_eq!(MAX_REPORTED_ERRORS, 20);
    assert_eq!((parsed.errors.len(), parsed.bad_lines), (20, 25));
    assert!(matches!(parsed.errors[19], Error::BadLine { line: 22, .. }));
    assert_eq!(parsed.notes(), ["25 lines could not be read and were skipped (the first 20 are listed)."]);
    // A very long bad label is shortened in the message.
    let parsed = parse_corpus("ham\ta\nspam\tb\nthis label is far too long to print\tc").unwrap();
    assert_eq!(
        parsed.errors[0].to_string(),
        "Line 3: the label must be “ham” or “spam”, found “this label is far to…”."
    );
}

#[test]
fn a_corpus_with_nothing_usable_is_an_error_quoting_the_first_problem() {
    let err = parse_corpus("hello world\nsecond line").unwrap_err();
    assert!(matches!(err, Error::EmptyData(_)));
    assert!(err.to_string().ends_with("The first problem: Line 1: there is no TAB: each line must be “ham” or “spam”, a TAB, then the message text."), "{err}");
    assert!(matches!(parse_corpus("").unwrap_err(), Error::EmptyData(_)));
    assert!(matches!(parse_corpus("\u{FEFF}\r\n\n").unwrap_err(), Error::EmptyData(_)));
}

#[test]
fn a_corpus_with_one_class_only_is_an_error() {
    let err = parse_corpus("ham\ta\nham\tb\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "The corpus has 2 ham messages but no spam messages: naive Bayes needs examples of both classes."
    );
    let err = parse_corpus("spam\ta\n").unwrap_err();
    assert!(err.to_string().contains("no ham messages"), "{err}");
}

#[test]
fn bytes_that_are_not_utf8_are_read_as_latin1_with_a_note() {
    // 0xE9 is "é" in ISO-8859-1 and invalid alone in UTF-8.
    let parsed = parse_corpus_bytes(b"ham\tcaf\xe9 at 5\nspam\tFREE \xa3100\n").unwrap();
    assert_eq!(parsed.encoding, TextEncoding::Latin1);
    assert_eq!(parsed.docs[0].0, "café at 5");
    assert_eq!(parsed.docs[1].0, "FREE £100");
    assert!(parsed.notes()[0].contains("Latin-1"));
    // Valid UTF-8 with a BOM stays UTF-8.
    let parsed = parse_corpus_bytes("\u{FEFF}ham\tcafé\nspam\t免费".as_bytes()).unwrap();
    assert_eq!(parsed.encoding, TextEncoding::Utf8);
    assert_eq!(parsed.docs[0].0, "café");
    // Arbitrary bytes never panic.
    let noise: Vec<u8> = (0..=255u8).cycle().take(3000).collect();
    let _ = parse_corpus_bytes(&noise);
}

#[test]
fn dedup_keeps_the_first_copy_and_counts_what_it_removed() {
    let docs: Vec<(String, Label)> = [
        ("hello", Label::Ham),
        ("win now", Label::Spam),
        ("hello", Label::Ham),    // exact duplicate
        ("hello", Label::Spam),   // same text, other label: the first (ham) wins
        ("Hello", Label::Ham),    // different bytes: kept
        ("win now", Label::Spam), // exact duplicate
    ]
    .iter()
    .map(|(t, l)| (t.to_string(), *l))
    .collect();
    let (kept, report) = dedup(docs);
    assert_eq!(
        kept,
        [("hello".to_string(), Label::Ham), ("win now".to_string(), Label::Spam), ("Hello".to_string(), Label::Ham)]
    );
    assert_eq!((report.kept, report.exact_duplicates, report.conflicting_labels), (3, 2, 1));
}

fn labels(ham: usize, spam: usize) -> Vec<Label> {
    // Interleaved so that class membership is not a contiguous block.
    let mut out = Vec::new();
    let (mut h, mut s) = (0, 0);
    while h < ham || s < spam {
        if h < ham {
            out.push(Label::Ham);
            h += 1;
        }
        if s < spam && (h % 5 == 0 || h >= ham) {
            out.push(Label::Spam);
            s += 1;
        }
    }
    out
}

#[test]
fn split_is_stratified_with_rounded_class_sizes() {
    // 100 ham, 20 spam, 20 % held out → round(20) = 20 ham and round(4) = 4 spam in test.
    let y = labels(100, 20);
    assert_eq!(y.len(), 120);
    let split = stratified_split(&y, 0.2, 42).unwrap();
    let count = |y: &[Label], idx: &[usize], l: Label| idx.iter().filter(|&&i| y[i] == l).count();
    assert_eq!((count(&y, &split.test, Label::Ham), count(&y, &split.test, Label::Spam)), (20, 4));
    assert_eq!((count(&y, &split.train, Label::Ham), count(&y, &split.train, Label::Spam)), (80, 16));
    // Sorted, disjoint, and together every index once.
    assert!(split.train.windows(2).all(|w| w[0] < w[1]) && split.test.windows(2).all(|w| w[0] < w[1]));
    let mut all: Vec<usize> = split.train.iter().chain(&split.test).copied().collect();
    all.sort_unstable();
    assert_eq!(all, (0..120).collect::<Vec<_>>());
    // Rounding is half away from zero: 10 ham · 0.25 = 2.5 → 3; 7 spam · 0.25 = 1.75 → 2.
    let y = labels(10, 7);
    let split = stratified_split(&y, 0.25, 1).unwrap();
    assert_eq!((count(&y, &split.test, Label::Ham), count(&y, &split.test, Label::Spam)), (3, 2));
}

#[test]
fn split_is_deterministic_for_a_seed_and_changes_with_it() {
    let y = labels(300, 60);
    let a = stratified_split(&y, 0.2, 42).unwrap();
    assert_eq!(a, stratified_split(&y, 0.2, 42).unwrap());
    assert_ne!(a.test, stratified_split(&y, 0.2, 43).unwrap().test);
    // Helpers select the items of each part.
    let items: Vec<usize> = (0..y.len()).map(|i| i * 10).collect();
    assert_eq!(a.test_of(&items), a.test.iter().map(|i| i * 10).collect::<Vec<_>>());
    assert_eq!(a.train_of(&items).len(), a.train.len());
}

#[test]
fn split_fractions_zero_and_one_and_invalid_ones() {
    let y = labels(10, 3);
    let none = stratified_split(&y, 0.0, 5).unwrap();
    assert_eq!((none.train.len(), none.test.len()), (13, 0));
    let all = stratified_split(&y, 1.0, 5).unwrap();
    assert_eq!((all.train.len(), all.test.len()), (0, 13));
    for bad in [-0.1, 1.5, f64::NAN, f64::INFINITY] {
        let err = stratified_split(&y, bad, 5).unwrap_err();
        assert!(matches!(err, Error::InvalidParameter { name: "test fraction", .. }), "{err:?}");
    }
    assert_eq!(stratified_split(&[], 0.3, 5).unwrap().test, Vec::<usize>::new());
}

#[test]
fn evaluate_counts_spam_as_the_positive_class() {
    // Training: spam "free prize" ×2, ham "lunch notes" ×2 (α = 1, multinomial, |V| = 4).
    let train = [
        ("free prize", Label::Spam),
        ("prize free", Label::Spam),
        ("lunch notes", Label::Ham),
        ("notes lunch", Label::Ham),
    ];
    let m = NaiveBayes::fit_texts(&train, EventModel::Multinomial, 1.0, Prior::MaximumLikelihood).unwrap();
    // Predictions: "free" → spam, "lunch" → ham, "zzz" → tie → ham.
    // Truth/prediction: (spam, spam) TP; (ham, spam) FP; (ham, ham) TN; (spam, ham) FN twice.
    let test = [
        ("free", Label::Spam),
        ("prize", Label::Ham),
        ("lunch", Label::Ham),
        ("notes", Label::Spam),
        ("zzz", Label::Spam),
    ];
    let metrics = evaluate(&m, &test);
    assert_eq!(metrics.confusion, Confusion { tp: 1, fp: 1, tn: 1, fn_: 2 });
    assert_eq!(metrics.accuracy, Some(0.4));
    assert_eq!(metrics.precision, Some(0.5));
    let tokens: Vec<(Vec<String>, Label)> = test.iter().map(|(t, l)| (tokenize(t), *l)).collect();
    assert_eq!(evaluate_tokens(&m, &tokens), metrics);
}

#[test]
fn alpha_sweep_equals_refitting_at_each_alpha() {
    let train = [("free prize now", Label::Spam), ("lunch now", Label::Ham), ("prize lunch", Label::Ham)];
    let test: Vec<(Vec<String>, Label)> =
        [("free lunch", Label::Spam), ("now", Label::Ham)].iter().map(|(t, l)| (tokenize(t), *l)).collect();
    let m = NaiveBayes::fit_texts(&train, EventModel::Bernoulli, 1.0, Prior::MaximumLikelihood).unwrap();
    let alphas = [0.0, 0.5, 2.0];
    let sweep = alpha_sweep(&m, &alphas, &test).unwrap();
    for (alpha, metrics) in sweep {
        let fresh = NaiveBayes::fit_texts(&train, EventModel::Bernoulli, alpha, Prior::MaximumLikelihood).unwrap();
        assert_eq!(metrics, evaluate_tokens(&fresh, &test));
    }
    assert!(alpha_sweep(&m, &[1.0, -1.0], &test).is_err());
    assert_eq!(m.alpha(), 1.0);
}

#[test]
fn the_built_in_teaching_corpus_parses_cleanly() {
    // src/data/TEACHING_CORPUS.md: 224 ham, 148 spam, no bad or repeated lines.
    let parsed = parse_corpus(genlab::data::TEACHING_CORPUS).unwrap();
    assert_eq!((parsed.count(Label::Ham), parsed.count(Label::Spam)), (224, 148));
    assert_eq!((parsed.bad_lines, parsed.blank_lines), (0, 0));
    let (docs, report) = dedup(parsed.docs);
    assert_eq!(report.kept, 372);
    // It trains a model that separates its own held-out 20 % far better than chance.
    let y: Vec<Label> = docs.iter().map(|(_, l)| *l).collect();
    let split = stratified_split(&y, 0.2, 42).unwrap();
    let m =
        NaiveBayes::fit_texts(&split.train_of(&docs), EventModel::Multinomial, 1.0, Prior::MaximumLikelihood).unwrap();
    let accuracy = evaluate(&m, &split.test_of(&docs)).accuracy.unwrap();
    println!("teaching corpus held-out accuracy: {accuracy}");
    assert!(accuracy > 0.8, "accuracy {accuracy}");
}
