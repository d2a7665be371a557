#![cfg(not(target_arch = "wasm32"))]
//! The spam panel's state ([`SpamLab`]) and its stepwise corpus loader ([`CorpusLoader`]).
//!
//! Expected values are derived independently of the code under test:
//! * message counts, splits, vocabularies and word counts come from re-reading
//!   `TEACHING_CORPUS` (or the test's own bytes) line by line here, with a naive
//!   first-occurrence de-duplication and [`tokenize`];
//! * held-out metrics come from a hand count of TP/FP/TN/FN over `lab.split().test`;
//! * line numbers of bad lines and split sizes are worked out by hand in comments.
//!
//! The real SMS Spam Collection is read from `../shared/data/` (never copied here); when it
//! is absent the test prints "SKIPPED" and passes, unless `GENLAB_REQUIRE_SHARED_DATA=1`.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use genlab::data::TEACHING_CORPUS;
use genlab::nb::lab::{CorpusLoader, SpamLab, ALPHA_GRID, MAX_CORPUS_BYTES, MAX_MESSAGE_CHARS, TEST_FRACTION};
use genlab::nb::{tokenize, EventModel, Explanation, Label, NaiveBayes, Prior};
use genlab::stats::metrics::Metrics;

/// Messages explained in several tests: English, Chinese, unknown words, empty.
const MESSAGES: &[&str] = &[
    "WIN a FREE prize, reply now",
    "Are we still meeting at 3 in the library? I'll bring the notes.",
    "恭喜您中奖了，请回复领取免费礼品",
    "Lecture notes for week 6 are online, free to download",
    "zzzqx unheardofword",
    "",
];

// ---------------------------------------------------------------------------------------
// Independent re-reading of a corpus.

/// Parses `label<TAB>text` lines the simple way (LF or CRLF, blank lines skipped, labels in
/// any case) and keeps the first occurrence of each text. Panics on a bad line: only for
/// corpora known to be clean.
fn parse_clean(text: &str) -> (Vec<(String, Label)>, usize) {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let mut docs: Vec<(String, Label)> = Vec::new();
    let mut first: HashMap<String, Label> = HashMap::new();
    let mut repeats = 0;
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        let (label, body) = line.split_once('\t').unwrap_or_else(|| panic!("no TAB in {line:?}"));
        let label = match label.trim().to_ascii_lowercase().as_str() {
            "ham" => Label::Ham,
            "spam" => Label::Spam,
            other => panic!("bad label {other:?}"),
        };
        if first.contains_key(body) {
            repeats += 1;
            continue;
        }
        first.insert(body.to_string(), label);
        docs.push((body.to_string(), label));
    }
    (docs, repeats)
}

/// The teaching corpus as the lab should see it: distinct texts in file order.
fn teaching_docs() -> Vec<(String, Label)> {
    parse_clean(TEACHING_CORPUS).0
}

fn count_label(docs: &[(String, Label)], label: Label) -> usize {
    docs.iter().filter(|(_, l)| *l == label).count()
}

/// Runs a loader to the end with steps of `step` bytes, checking that progress only grows
/// and ends at 1, and installs it in a fresh built-in lab.
fn load_stepped(bytes: &[u8], name: &str, step: usize) -> Result<SpamLab, genlab::Error> {
    let mut lab = SpamLab::builtin().unwrap();
    let mut loader = CorpusLoader::new(bytes, name)?;
    let mut last = loader.progress();
    assert!((0.0..=1.0).contains(&last));
    let mut steps = 0usize;
    while !loader.step(step) {
        let p = loader.progress();
        assert!(p >= last && p < 1.0, "progress went from {last} to {p} before the end");
        last = p;
        steps += 1;
        assert!(steps <= bytes.len() + 1, "the loader does not advance");
    }
    assert_eq!(loader.progress(), 1.0);
    // Done stays done.
    assert!(loader.step(step));
    lab.replace_corpus(loader)?;
    Ok(lab)
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    a == b || (a - b).abs() <= tol * a.abs().max(b.abs()).max(1.0)
}

fn close_opt(a: Option<f64>, b: Option<f64>, tol: f64) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => close(a, b, tol),
        (None, None) => true,
        _ => false,
    }
}

/// Field-by-field comparison of two explanations to a relative tolerance.
fn assert_same_explanation(a: &Explanation, b: &Explanation, tol: f64, what: &str) {
    assert_eq!((a.event_model, a.prior, a.vocabulary_size), (b.event_model, b.prior, b.vocabulary_size), "{what}");
    assert!(close(a.alpha, b.alpha, 0.0), "{what}: α {} vs {}", a.alpha, b.alpha);
    assert_eq!((a.ham_total, a.spam_total), (b.ham_total, b.spam_total), "{what}");
    assert!(
        close(a.prior_log_ratio, b.prior_log_ratio, tol),
        "{what}: prior {} vs {}",
        a.prior_log_ratio,
        b.prior_log_ratio
    );
    for c in 0..2 {
        assert!(close(a.log_joint[c], b.log_joint[c], tol), "{what}: log_joint {:?} vs {:?}", a.log_joint, b.log_joint);
    }
    assert!(close_opt(a.log_odds, b.log_odds, tol), "{what}: log-odds {:?} vs {:?}", a.log_odds, b.log_odds);
    assert!(close_opt(a.p_spam, b.p_spam, tol), "{what}: P(spam) {:?} vs {:?}", a.p_spam, b.p_spam);
    assert!(close_opt(a.absent_evidence, b.absent_evidence, tol), "{what}: absent evidence");
    assert_eq!(a.verdict, b.verdict, "{what}");
    assert_eq!(a.unknown_words, b.unknown_words, "{what}");
    assert_eq!(a.words.len(), b.words.len(), "{what}");
    for (x, y) in a.words.iter().zip(&b.words) {
        assert_eq!(
            (&x.word, x.count, x.spam_count, x.ham_count, x.veto),
            (&y.word, y.count, y.spam_count, y.ham_count, y.veto)
        );
        assert!(
            close(x.contribution, y.contribution, tol),
            "{what}: “{}” {} vs {}",
            x.word,
            x.contribution,
            y.contribution
        );
        assert!(close(x.log_p_spam, y.log_p_spam, tol) && close(x.log_p_ham, y.log_p_ham, tol), "{what}: “{}”", x.word);
    }
}

/// prior log-ratio + Σ contributions (+ absent evidence) = log-odds, to 1e-9 relative to
/// the size of the terms (a cancellation-aware tolerance).
fn assert_ledger_identity(e: &Explanation, what: &str) {
    let mut terms = vec![e.prior_log_ratio];
    terms.extend(e.words.iter().map(|w| w.contribution));
    terms.extend(e.absent_evidence);
    assert!(terms.iter().all(|t| t.is_finite()), "{what}: a term is not finite at α = {}", e.alpha);
    let sum: f64 = terms.iter().sum();
    let size = terms.iter().map(|t| t.abs()).sum::<f64>().max(1.0);
    let log_odds = e.log_odds.unwrap_or_else(|| panic!("{what}: no log-odds"));
    assert!((sum - log_odds).abs() <= 1e-9 * size, "{what}: ledger sums to {sum}, log-odds is {log_odds}");
}

fn error_text<T: std::fmt::Debug>(r: Result<T, genlab::Error>) -> String {
    r.expect_err("expected an error").to_string()
}

/// A readable sentence: starts with a capital letter, ends with a full stop, no debug noise.
fn assert_sentence(s: &str) {
    assert!(s.chars().next().is_some_and(char::is_uppercase), "not a sentence: {s}");
    assert!(s.trim_end().ends_with('.'), "not a sentence: {s}");
    assert!(!s.contains("Err(") && !s.contains("EmptyData") && !s.contains("NaN"), "debug text in: {s}");
}

// ---------------------------------------------------------------------------------------
// The built-in teaching corpus.

#[test]
fn builtin_lab_holds_every_distinct_line_of_the_teaching_corpus_by_label() {
    let lab = SpamLab::builtin().unwrap();
    let report = lab.report();
    // Count the lines ourselves: raw lines by label, and distinct texts by label.
    let mut raw = [0usize; 2];
    for line in TEACHING_CORPUS.lines().filter(|l| !l.trim().is_empty()) {
        if line.starts_with("ham\t") {
            raw[0] += 1;
        } else if line.starts_with("spam\t") {
            raw[1] += 1;
        } else {
            panic!("the teaching corpus has a line that is not ham/spam + TAB: {line:?}");
        }
    }
    let (docs, repeats) = parse_clean(TEACHING_CORPUS);
    let distinct = [count_label(&docs, Label::Ham), count_label(&docs, Label::Spam)];
    assert_eq!(raw[0] + raw[1], distinct[0] + distinct[1] + repeats);
    assert_eq!(report.messages, distinct, "messages [ham, spam]");
    assert_eq!(report.dedup.kept, docs.len());
    assert_eq!(report.dedup.exact_duplicates + report.dedup.conflicting_labels, repeats);
    assert_eq!((report.bad_lines, report.errors.len()), (0, 0), "{:?}", report.errors);
    assert!(
        report.credit.to_string().contains("genlab") && report.credit.to_string().contains("CC0"),
        "{}",
        report.credit
    );
    // Default settings of the panel.
    let m = lab.model();
    assert_eq!(
        (m.event_model(), m.alpha(), m.prior(), lab.seed()),
        (EventModel::Multinomial, 1.0, Prior::MaximumLikelihood, 1)
    );
}

#[test]
fn builtin_split_holds_out_a_rounded_fifth_of_each_class() {
    let lab = SpamLab::builtin().unwrap();
    let docs = teaching_docs();
    let split = lab.split();
    // Every message is in exactly one part.
    let mut seen = vec![0u8; docs.len()];
    for &i in split.train.iter().chain(&split.test) {
        seen[i] += 1;
    }
    assert!(seen.iter().all(|&s| s == 1), "the split is not a partition of the corpus");
    // round(0.2 × N_c) per class: with today's corpus 224 ham → 44.8 → 45 and
    // 148 spam → 29.6 → 30 (round half away from zero).
    for label in Label::ALL {
        let n_c = count_label(&docs, label);
        let expected = (TEST_FRACTION * n_c as f64).round() as usize;
        let held_out = split.test.iter().filter(|&&i| docs[i].1 == label).count();
        assert_eq!(held_out, expected, "{label}: {held_out} of {n_c} held out");
        assert_eq!(split.train.iter().filter(|&&i| docs[i].1 == label).count(), n_c - expected);
    }
    assert_eq!(lab.report().split, [split.train.len(), split.test.len()]);
    // |V| = distinct tokens of the training messages, recounted.
    let vocabulary: HashSet<String> = split.train.iter().flat_map(|&i| tokenize(&docs[i].0)).collect();
    assert_eq!(lab.report().vocabulary, vocabulary.len());
    assert_eq!(lab.model().counts().vocabulary_size(), vocabulary.len());
}

// ---------------------------------------------------------------------------------------
// Settings recompute tables, never counts.

#[test]
fn changing_alpha_event_model_or_prior_never_recounts() {
    let mut lab = SpamLab::builtin().unwrap();
    let counts = lab.model().shared_counts();
    let same = |lab: &SpamLab| Arc::ptr_eq(&counts, &lab.model().shared_counts());
    for alpha in [0.0, 0.5, 3.0, 1.0] {
        lab.set_alpha(alpha).unwrap();
        assert!(same(&lab), "set_alpha({alpha}) recounted");
    }
    lab.set_event_model(EventModel::Bernoulli).unwrap();
    assert!(same(&lab), "set_event_model recounted");
    for prior in [Prior::Uniform, Prior::Smoothed, Prior::MaximumLikelihood] {
        lab.set_prior(prior);
        assert!(same(&lab), "set_prior({prior:?}) recounted");
    }
    let _ = lab.evaluate();
    assert!(same(&lab), "evaluate recounted");
    let _ = lab.explain("free prize");
    assert!(same(&lab), "explain recounted");
}

#[test]
fn model_after_set_alpha_explains_like_a_fresh_fit_from_the_same_counts() {
    let mut lab = SpamLab::builtin().unwrap();
    for event in [EventModel::Multinomial, EventModel::Bernoulli] {
        lab.set_event_model(event).unwrap();
        for prior in [Prior::MaximumLikelihood, Prior::Smoothed, Prior::Uniform] {
            lab.set_prior(prior);
            for alpha in [0.0, 0.01, 0.5, 1.0, 7.0] {
                lab.set_alpha(alpha).unwrap();
                let fresh = NaiveBayes::from_counts(lab.model().shared_counts(), event, alpha, prior).unwrap();
                for msg in MESSAGES {
                    let what = format!("{event:?} {prior:?} α = {alpha}: {msg:?}");
                    let ledger = lab.explain(msg);
                    assert_same_explanation(&ledger.explanation, &fresh.explain_tokens(&tokenize(msg)), 1e-12, &what);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Held-out evaluation.

/// TP, FP, TN, FN of the model on the test part, counted by hand (spam is positive).
fn hand_count(lab: &SpamLab, docs: &[(String, Label)]) -> [usize; 4] {
    let mut c = [0usize; 4];
    for &i in &lab.split().test {
        let (text, truth) = &docs[i];
        let predicted = lab.model().predict_tokens(&tokenize(text));
        let k = match (*truth, predicted) {
            (Label::Spam, Label::Spam) => 0,
            (Label::Ham, Label::Spam) => 1,
            (Label::Ham, Label::Ham) => 2,
            (Label::Spam, Label::Ham) => 3,
        };
        c[k] += 1;
    }
    c
}

fn assert_metrics_match_hand_count(m: &Metrics, [tp, fp, tn, fn_]: [usize; 4], what: &str) {
    let c = m.confusion;
    assert_eq!([c.tp, c.fp, c.tn, c.fn_], [tp, fp, tn, fn_], "{what}: confusion");
    let n = (tp + fp + tn + fn_) as f64;
    assert!(close_opt(m.accuracy, Some((tp + tn) as f64 / n), 1e-15), "{what}: accuracy");
    let precision = (tp + fp > 0).then(|| tp as f64 / (tp + fp) as f64);
    let recall = (tp + fn_ > 0).then(|| tp as f64 / (tp + fn_) as f64);
    assert!(close_opt(m.precision, precision, 1e-15), "{what}: precision {:?} vs {precision:?}", m.precision);
    assert!(close_opt(m.recall, recall, 1e-15), "{what}: recall");
    // F1 from the counts (scikit-learn's f1_score): 0, not undefined, without a true positive.
    let f1 = (2 * tp + fp + fn_ > 0).then(|| 2.0 * tp as f64 / (2 * tp + fp + fn_) as f64);
    assert!(close_opt(m.f1, f1, 1e-12), "{what}: F1 {:?} vs {f1:?}", m.f1);
}

#[test]
fn held_out_metrics_equal_a_hand_count_over_the_test_messages() {
    let docs = teaching_docs();
    let mut lab = SpamLab::builtin().unwrap();
    assert_eq!(lab.split().test.len(), lab.report().split[1]);
    let settings = [
        (EventModel::Multinomial, 1.0, Prior::MaximumLikelihood),
        (EventModel::Multinomial, 0.0, Prior::MaximumLikelihood),
        (EventModel::Multinomial, 0.05, Prior::Uniform),
        (EventModel::Bernoulli, 1.0, Prior::MaximumLikelihood),
        (EventModel::Bernoulli, 0.0, Prior::Smoothed),
    ];
    for (event, alpha, prior) in settings {
        lab.set_event_model(event).unwrap();
        lab.set_prior(prior);
        lab.set_alpha(alpha).unwrap();
        let what = format!("{event:?} {prior:?} α = {alpha}");
        let current = lab.evaluate().current;
        assert_metrics_match_hand_count(&current, hand_count(&lab, &docs), &what);
        assert!(current.accuracy.is_some_and(|a| (0.0..=1.0).contains(&a)));
    }
    // At the defaults the teaching corpus is easy: say so, so a broken model is noticed.
    lab.set_event_model(EventModel::Multinomial).unwrap();
    lab.set_prior(Prior::MaximumLikelihood);
    lab.set_alpha(1.0).unwrap();
    let accuracy = lab.evaluate().current.accuracy.unwrap();
    eprintln!("teaching corpus, multinomial α = 1: held-out accuracy {accuracy:.4}");
    assert!(accuracy >= 0.8, "held-out accuracy {accuracy} on the teaching corpus");
}

/// The curve has one entry per α of the grid that a fresh fit from the same counts accepts,
/// in grid order, and each entry equals the current metrics at that α.
fn assert_curve_matches_current_metrics(lab: &mut SpamLab, what: &str) {
    let m = lab.model();
    let (event, prior, alpha0) = (m.event_model(), m.prior(), m.alpha());
    let accepted: Vec<f64> = ALPHA_GRID
        .iter()
        .copied()
        .filter(|&a| NaiveBayes::from_counts(lab.model().shared_counts(), event, a, prior).is_ok())
        .collect();
    let curve = lab.evaluate().curve;
    let alphas: Vec<f64> = curve.iter().map(|(a, _)| *a).collect();
    assert_eq!(alphas, accepted, "{what}: curve α values");
    for (a, metrics) in &curve {
        lab.set_alpha(*a).unwrap();
        let eval = lab.evaluate();
        assert_eq!(&eval.current, metrics, "{what}: curve entry at α = {a}");
        // The curve does not follow the current α.
        assert_eq!(eval.curve, curve, "{what}: the curve changed with α");
    }
    lab.set_alpha(alpha0).unwrap();
}

#[test]
fn curve_has_one_entry_per_grid_alpha_and_matches_the_current_metrics() {
    let mut lab = SpamLab::builtin().unwrap();
    // Both classes of the teaching corpus have words, so α = 0 is allowed: all 14 values.
    assert_eq!(lab.evaluate().curve.len(), ALPHA_GRID.len());
    assert_eq!(ALPHA_GRID.len(), 14);
    let at_one = lab.evaluate().curve.iter().find(|(a, _)| *a == 1.0).expect("α = 1 on the curve").1;
    assert_eq!(at_one, lab.evaluate().current, "curve at α = 1 vs current metrics at α = 1");
    assert_curve_matches_current_metrics(&mut lab, "multinomial");
    // A new event model or prior gives a new curve, not the cached one.
    lab.set_event_model(EventModel::Bernoulli).unwrap();
    assert_curve_matches_current_metrics(&mut lab, "Bernoulli");
    lab.set_prior(Prior::Uniform);
    assert_curve_matches_current_metrics(&mut lab, "Bernoulli, uniform prior");
}

/// Five ham messages with words, five spam messages of punctuation only (no tokens).
const WORDLESS_SPAM: &str = "ham\tlunch at noon\nham\tsee you in the library\nham\tnotes are online\n\
ham\tcan you call me later\nham\tthe bus is late again\nspam\t!!!\nspam\t???\nspam\t...\nspam\t?!?!\nspam\t!!!!!\n";

#[test]
fn curve_skips_alpha_zero_when_a_class_has_no_words_and_the_lab_refuses_it() {
    let mut lab = load_stepped(WORDLESS_SPAM.as_bytes(), "wordless.txt", usize::MAX).unwrap();
    assert_eq!(lab.report().messages, [5, 5]);
    // Multinomial at α = 0 would be 0/0 for every P(w | spam): the curve starts at 0.001.
    let curve = lab.evaluate().curve;
    assert_eq!(curve.len(), ALPHA_GRID.len() - 1);
    assert_eq!(curve[0].0, 0.001);
    assert_curve_matches_current_metrics(&mut lab, "wordless spam, multinomial");
    let msg = error_text(lab.set_alpha(0.0));
    assert!(msg.contains('α') && msg.contains("α > 0"), "{msg}");
    assert_eq!(lab.model().alpha(), 1.0, "a refused α must not stick");
    // Bernoulli has no 0/0 here: all 14 values; and switching back at α = 0 is refused.
    lab.set_event_model(EventModel::Bernoulli).unwrap();
    assert_eq!(lab.evaluate().curve.len(), ALPHA_GRID.len());
    lab.set_alpha(0.0).unwrap();
    assert!(lab.set_event_model(EventModel::Multinomial).is_err());
    assert_eq!(lab.model().event_model(), EventModel::Bernoulli);
    assert_eq!(lab.evaluate().curve.len(), ALPHA_GRID.len());
}

// ---------------------------------------------------------------------------------------
// The stepwise loader.

/// A corpus with a BOM, CRLF endings, blank lines, bad lines and repeats. Line numbers by
/// hand (1-based, counting blank lines):
///  1 ham  (BOM before it)        9 exact repeat of line 1
///  2 spam                       10 line 5's text labelled spam: conflicting, dropped
///  3 blank                      11 BAD: empty message after the TAB
///  4 BAD: label "hamm"           12 ham
///  5 ham                        13 spam
///  6 BAD: "spam" + space         14 BAD: no TAB at all
///  7 spam                       15 repeat of line 7 with an LF ending (not CRLF)
///  8 blank (spaces)              16 ham, no line ending at the end of the file
const MESSY: &str = "\u{FEFF}ham\tHello there, see you at the library at 3?\r\n\
spam\tWIN a FREE prize now! Text WIN to 80000\r\n\
\r\n\
hamm\tthis label is wrong\r\n\
ham\tLecture notes are online\r\n\
spam Free entry to win cash\r\n\
spam\tClaim your free cash prize today\r\n\
   \r\n\
ham\tHello there, see you at the library at 3?\r\n\
spam\tLecture notes are online\r\n\
ham\t   \r\n\
ham\tCan you bring the slides to class\r\n\
spam\tCheap loans, reply YES for free cash\r\n\
no tab at all here\r\n\
spam\tClaim your free cash prize today\n\
ham\tThe bus is late again, start without me";

#[test]
fn stepping_by_one_byte_by_seven_or_all_at_once_gives_the_same_corpus_and_model() {
    for (bytes, name) in [(MESSY.as_bytes(), "messy.txt"), (TEACHING_CORPUS.as_bytes(), "teaching.txt")] {
        let whole = load_stepped(bytes, name, usize::MAX).unwrap();
        for step in [1, 7, 64] {
            let lab = load_stepped(bytes, name, step).unwrap();
            assert_eq!(lab.report(), whole.report(), "{name}: step({step}) report");
            assert_eq!(lab.split(), whole.split(), "{name}: step({step}) split");
            for msg in MESSAGES.iter().chain(&["free cash prize", "library notes"]) {
                assert_eq!(lab.explain(msg), whole.explain(msg), "{name}: step({step}) explains {msg:?} differently");
            }
        }
    }
    // The teaching corpus loaded from a file gives what the built-in lab holds.
    let builtin = SpamLab::builtin().unwrap();
    let loaded = load_stepped(TEACHING_CORPUS.as_bytes(), "teaching.txt", 7).unwrap();
    let (a, b) = (builtin.report(), loaded.report());
    assert_eq!((a.messages, a.dedup, a.split, a.vocabulary), (b.messages, b.dedup, b.split, b.vocabulary));
    assert_eq!(builtin.explain(MESSAGES[0]), loaded.explain(MESSAGES[0]));
}

#[test]
fn messy_corpus_reports_bad_lines_by_their_1_based_numbers_across_steps() {
    for step in [1, 2, 7, 40, usize::MAX] {
        let lab = load_stepped(MESSY.as_bytes(), "messy.txt", step).unwrap();
        let r = lab.report();
        let errors: Vec<String> = r.errors.iter().map(ToString::to_string).collect();
        let lines: Vec<&str> = errors.iter().map(|e| e.split(':').next().unwrap()).collect();
        assert_eq!(lines, ["Line 4", "Line 6", "Line 11", "Line 14"], "step({step}): {:?}", r.errors);
        assert_eq!(r.bad_lines, 4);
        assert!(r.errors[0].to_string().contains("hamm"), "{}", r.errors[0]);
        assert!(
            r.errors[1].to_string().contains("TAB") && r.errors[1].to_string().contains("space"),
            "{}",
            r.errors[1]
        );
        assert!(r.errors[2].to_string().contains("empty"), "{}", r.errors[2]);
        // Kept: lines 1, 2, 5, 7, 12, 13, 16 → ham 1, 5, 12, 16 and spam 2, 7, 13.
        assert_eq!(r.messages, [4, 3], "step({step})");
        // Repeats: line 9 (so the BOM is not part of line 1's text) and line 15 (so the CR
        // of a CRLF ending is not part of line 7's text); line 10 conflicts.
        assert_eq!((r.dedup.kept, r.dedup.exact_duplicates, r.dedup.conflicting_labels), (7, 2, 1));
        assert!(r.notes.iter().any(|n| n.to_string().starts_with("4 line")), "{:?}", r.notes);
        assert!(
            r.notes
                .iter()
                .any(|n| n.to_string().contains("3 repeated") && n.to_string().contains("1 with conflicting")),
            "{:?}",
            r.notes
        );
        assert!(!r.notes.iter().any(|n| n.to_string().contains("Latin-1")), "{:?}", r.notes);
        // CRLF: no token carries a carriage return.
        assert!(lab.model().counts().words().iter().all(|w| !w.contains('\r') && !w.contains('\u{FEFF}')));
        // split: ham 4 → round(0.8) = 1, spam 3 → round(0.6) = 1 held out.
        assert_eq!(r.split, [5, 2]);
    }
}

#[test]
fn only_the_first_twenty_bad_lines_are_listed_but_all_are_counted() {
    // 30 blocks of three lines: ham, spam, bad → the bad lines are 3, 6, …, 90.
    let mut text = String::new();
    for k in 0..30 {
        text.push_str(&format!("ham\tmeeting number {k} is at noon\nspam\twin prize number {k} now\nbad line {k}\n"));
    }
    for step in [1, 7, 100, usize::MAX] {
        let lab = load_stepped(text.as_bytes(), "many-bad.txt", step).unwrap();
        let r = lab.report();
        assert_eq!(r.bad_lines, 30);
        assert_eq!(r.errors.len(), 20);
        for (k, e) in r.errors.iter().enumerate() {
            assert!(e.to_string().starts_with(&format!("Line {}:", 3 * (k + 1))), "step({step}) error {k}: {e}");
        }
        assert_eq!(r.messages, [30, 30]);
    }
}

#[test]
fn latin1_bytes_decode_with_a_note() {
    // 0xE9 is é in Latin-1 and invalid alone in UTF-8. Five ham messages contain “café”;
    // round(0.2 × 5) = 1 is held out, so at least four train on it.
    let bytes: &[u8] = b"ham\tcaf\xe9 au lait at ten?\nham\tthe caf\xe9 is closed today\nham\tmeet me at the caf\xe9\n\
ham\tcaf\xe9 later then\nham\tnew caf\xe9 menu\nspam\tWIN cash now\nspam\tfree cash prize\nspam\tclaim your prize\n";
    let lab = load_stepped(bytes, "latin1.txt", 5).unwrap();
    let r = lab.report();
    assert_eq!(r.messages, [5, 3]);
    assert!(
        r.notes.iter().any(|n| n.to_string().contains("Latin-1") && n.to_string().contains("UTF-8")),
        "{:?}",
        r.notes
    );
    assert!(lab.model().counts().index_of("caf\u{e9}").is_some(), "“café” is not in the vocabulary");
    let ledger = lab.explain("Café?");
    assert_eq!(ledger.explanation.words.iter().map(|w| w.word.as_str()).collect::<Vec<_>>(), ["café"]);
    // The same text as UTF-8 gives no note.
    let utf8: String = bytes.iter().map(|&b| char::from(b)).collect();
    let lab = load_stepped(utf8.as_bytes(), "utf8.txt", 5).unwrap();
    assert!(!lab.report().notes.iter().any(|n| n.to_string().contains("Latin-1")), "{:?}", lab.report().notes);
}

#[test]
fn oversized_empty_and_whitespace_files_are_refused_at_once() {
    let msg = error_text(CorpusLoader::new(&vec![b'a'; MAX_CORPUS_BYTES + 1], "big.txt"));
    assert!(msg.contains("10 MB"), "{msg}");
    assert_sentence(&msg);
    // The cap itself is allowed.
    assert!(CorpusLoader::new(&vec![b'a'; MAX_CORPUS_BYTES], "cap.txt").is_ok());
    for bytes in [&b""[..], b"   ", b" \r\n\t\n\n"] {
        let msg = error_text(CorpusLoader::new(bytes, "empty.txt"));
        assert!(msg.contains("empty"), "{bytes:?}: {msg}");
        assert_sentence(&msg);
    }
}

#[test]
fn corpora_without_two_messages_of_each_class_are_refused_with_a_sentence() {
    let one_class = "ham\tlunch at noon\nham\tsee you later\nham\tnotes are online\n";
    let msg = error_text(load_stepped(one_class.as_bytes(), "ham-only.txt", 7));
    assert!(msg.contains("0 spam") && msg.contains("two of each class"), "{msg}");
    assert_sentence(&msg);
    let one_spam = "ham\tlunch at noon\nham\tsee you later\nham\tnotes are online\nspam\tWIN a prize\n";
    let msg = error_text(load_stepped(one_spam.as_bytes(), "one-spam.txt", 7));
    assert!(msg.contains("1 spam") && msg.contains("two of each class"), "{msg}");
    assert_sentence(&msg);
    // Repeats do not count twice: the same spam text twice is still one spam message.
    let repeated = "ham\tlunch at noon\nham\tsee you later\nspam\tWIN a prize\nspam\tWIN a prize\n";
    let msg = error_text(load_stepped(repeated.as_bytes(), "repeated.txt", 7));
    assert!(msg.contains("1 spam"), "{msg}");
    // Nothing readable: the sentence quotes the first problem with its line number.
    let msg = error_text(load_stepped(b"\nhello world\nspam prize\n", "junk.txt", 3));
    assert!(msg.starts_with("No message could be read") && msg.contains("Line 2"), "{msg}");
}

// ---------------------------------------------------------------------------------------
// Replacing the corpus.

#[test]
fn a_failed_replace_leaves_the_lab_as_it_was() {
    let mut lab = SpamLab::builtin().unwrap();
    lab.set_alpha(0.5).unwrap();
    lab.set_event_model(EventModel::Bernoulli).unwrap();
    let report = lab.report().clone();
    let split = lab.split().clone();
    let before: Vec<_> = MESSAGES.iter().map(|m| lab.explain(m)).collect();
    let evaluation = lab.evaluate();
    let bad = [
        &b"ham\tlunch at noon\nham\tsee you later\nham\tnotes are online\n"[..],
        b"ham\tlunch\nspam\tprize\n",
        b"nothing here is a message\nnor here\n",
    ];
    for bytes in bad {
        let mut loader = CorpusLoader::new(bytes, "bad.txt").unwrap();
        loader.step(4);
        assert!(lab.replace_corpus(loader).is_err(), "{bytes:?} should be refused");
        assert_eq!(lab.report(), &report);
        assert_eq!(lab.split(), &split);
        let after: Vec<_> = MESSAGES.iter().map(|m| lab.explain(m)).collect();
        assert_eq!(after, before, "the model changed after a refused corpus");
        assert_eq!(lab.evaluate(), evaluation);
    }
    // A corpus that is valid but cannot be fitted at the current settings (multinomial at
    // α = 0 with wordless spam) is refused too, and the lab is kept.
    lab.set_event_model(EventModel::Multinomial).unwrap();
    lab.set_alpha(0.0).unwrap();
    let before = lab.explain(MESSAGES[0]);
    let loader = CorpusLoader::new(WORDLESS_SPAM.as_bytes(), "wordless.txt").unwrap();
    let msg = error_text(lab.replace_corpus(loader));
    assert!(msg.contains('α'), "{msg}");
    assert_eq!(lab.report(), &report);
    assert_eq!(lab.explain(MESSAGES[0]), before);
}

#[test]
fn a_good_replace_keeps_the_settings_and_credits_the_source() {
    let mut lab = SpamLab::builtin().unwrap();
    lab.set_alpha(0.25).unwrap();
    lab.set_event_model(EventModel::Bernoulli).unwrap();
    lab.set_prior(Prior::Uniform);
    let loader = CorpusLoader::new(MESSY.as_bytes(), "SMSSpamCollection").unwrap();
    lab.replace_corpus(loader).unwrap();
    let r = lab.report();
    assert_eq!(r.name, "SMSSpamCollection");
    assert!(r.credit.to_string().contains("Almeida"), "{}", r.credit);
    assert_eq!(r.messages, [4, 3]);
    let m = lab.model();
    assert_eq!((m.alpha(), m.event_model(), m.prior()), (0.25, EventModel::Bernoulli, Prior::Uniform));
    // The model is trained on the new corpus: 4 − 1 ham + 3 − 1 spam messages (see
    // `messy_corpus_reports…`), and the teaching corpus' first word “mortgage” is gone.
    assert_eq!(lab.model().counts().total_docs(), 5);
    assert!(lab.model().counts().index_of("mortgage").is_none());

    let loader = CorpusLoader::new(MESSY.as_bytes(), "my_texts.tsv").unwrap();
    lab.replace_corpus(loader).unwrap();
    let r = lab.report();
    assert_eq!(r.name, "my_texts.tsv");
    assert!(r.credit.to_string().contains("my_texts.tsv") && !r.credit.to_string().contains("Almeida"), "{}", r.credit);
}

// ---------------------------------------------------------------------------------------
// The ledger.

#[test]
fn explain_cuts_at_max_message_chars_counting_characters_not_bytes() {
    let lab = SpamLab::builtin().unwrap();
    // "é " is 2 characters and 3 bytes: MAX_MESSAGE_CHARS characters hold
    // MAX_MESSAGE_CHARS / 2 = 500,000 tokens (a cut by bytes would leave ~333,333).
    let exact = "é ".repeat(MAX_MESSAGE_CHARS / 2);
    assert_eq!(exact.chars().count(), MAX_MESSAGE_CHARS);
    let ledger = lab.explain(&exact);
    assert!(!ledger.truncated);
    assert_eq!(ledger.tokens, MAX_MESSAGE_CHARS / 2);
    // One more token past the cap: cut, and said so.
    let over = format!("{exact}free");
    let ledger = lab.explain(&over);
    assert!(ledger.truncated);
    assert_eq!(ledger.tokens, MAX_MESSAGE_CHARS / 2);
    assert!(!ledger.explanation.words.iter().any(|w| w.word == "free"));
    assert!(!lab.explain("free prize").truncated);
}

#[test]
fn ledger_terms_sum_to_the_log_odds_for_both_event_models() {
    let mut lab = SpamLab::builtin().unwrap();
    let mut checked = 0;
    for event in [EventModel::Multinomial, EventModel::Bernoulli] {
        lab.set_event_model(event).unwrap();
        for prior in [Prior::MaximumLikelihood, Prior::Uniform] {
            lab.set_prior(prior);
            for alpha in [1.0, 0.1, 4.0] {
                lab.set_alpha(alpha).unwrap();
                for msg in MESSAGES {
                    let e = lab.explain(msg).explanation;
                    assert_eq!(e.absent_evidence.is_some(), event == EventModel::Bernoulli);
                    assert_ledger_identity(&e, &format!("{event:?} {prior:?} α = {alpha}: {msg:?}"));
                    // P(spam) = σ(log-odds).
                    let lo = e.log_odds.unwrap();
                    assert!(close(e.p_spam.unwrap(), 1.0 / (1.0 + (-lo).exp()), 1e-12));
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 2 * 2 * 3 * MESSAGES.len());
}

/// Word counts of the lab's training part, recounted from the corpus text:
/// (n_cw, d_cw) per class and the totals (n_c, N_c).
struct Recount {
    tokens: [HashMap<String, u64>; 2],
    docs_with: [HashMap<String, u64>; 2],
    total_tokens: [u64; 2],
    docs: [u64; 2],
    vocabulary: usize,
}

fn recount(lab: &SpamLab, docs: &[(String, Label)]) -> Recount {
    let mut r = Recount {
        tokens: [HashMap::new(), HashMap::new()],
        docs_with: [HashMap::new(), HashMap::new()],
        total_tokens: [0; 2],
        docs: [0; 2],
        vocabulary: 0,
    };
    let mut vocabulary = HashSet::new();
    for &i in &lab.split().train {
        let (text, label) = &docs[i];
        let c = label.index();
        let tokens = tokenize(text);
        r.docs[c] += 1;
        r.total_tokens[c] += tokens.len() as u64;
        for t in &tokens {
            *r.tokens[c].entry(t.clone()).or_default() += 1;
            vocabulary.insert(t.clone());
        }
        for t in tokens.iter().collect::<HashSet<_>>() {
            *r.docs_with[c].entry(t.clone()).or_default() += 1;
        }
    }
    r.vocabulary = vocabulary.len();
    r
}

#[test]
fn at_alpha_zero_a_word_seen_only_in_spam_vetoes_ham_with_a_sentence() {
    let mut lab = SpamLab::builtin().unwrap();
    let docs = teaching_docs();
    let counts = recount(&lab, &docs);
    // The plain-letter word seen most often in spam training messages and never in ham.
    let mut spam_only: Vec<(&String, &u64)> = counts.tokens[1]
        .iter()
        .filter(|(w, _)| !counts.tokens[0].contains_key(*w) && w.chars().all(|c| c.is_ascii_lowercase()))
        .collect();
    spam_only.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let (word, &n_spam_w) = spam_only.first().copied().expect("the teaching corpus has spam-only words");
    lab.set_alpha(0.0).unwrap();
    let ledger = lab.explain(&format!("{} {word}!", word.to_uppercase()));
    let e = &ledger.explanation;
    assert_eq!(e.words.len(), 1);
    let w = &e.words[0];
    assert_eq!((&w.word, w.count, w.spam_count, w.ham_count), (word, 2, n_spam_w, 0));
    assert_eq!(w.contribution, f64::INFINITY);
    assert_eq!(e.log_odds, Some(f64::INFINITY));
    assert_eq!((e.p_spam, e.verdict), (Some(1.0), Some(Label::Spam)));
    assert!(
        ledger.sentences.iter().map(ToString::to_string).any(|s| s.contains(&format!("“{word}”")) && s.contains("ham")),
        "no sentence names “{word}”: {:?}",
        ledger.sentences
    );
    // The formula shows the zero count: P(word | ham) = (0 + 0) / (n_ham + 0 × |V|) = 0.
    let [spam_formula, ham_formula] = &ledger.formulas()[0];
    assert!(spam_formula.contains(word) && spam_formula.contains(&format!("({n_spam_w} + 0)")), "{spam_formula}");
    assert!(
        ham_formula.contains(word) && ham_formula.contains("(0 + 0)") && ham_formula.ends_with("= 0"),
        "{ham_formula}"
    );
}

#[test]
fn formulas_plug_in_the_recounted_counts_of_each_word() {
    let mut lab = SpamLab::builtin().unwrap();
    let docs = teaching_docs();
    let r = recount(&lab, &docs);
    assert_eq!(r.vocabulary, lab.model().counts().vocabulary_size());
    let message = "WIN a FREE prize! Reply now to claim your cash, or see the lecture notes in the library.";
    for event in [EventModel::Multinomial, EventModel::Bernoulli] {
        lab.set_event_model(event).unwrap();
        let ledger = lab.explain(message);
        assert_eq!(ledger.formulas().len(), ledger.explanation.words.len());
        assert!(!ledger.formulas().is_empty());
        for (w, [spam_f, ham_f]) in ledger.explanation.words.iter().zip(&ledger.formulas()) {
            // [count of the word, class total] per event model, recounted.
            let (per_word, totals) = match event {
                EventModel::Multinomial => (&r.tokens, r.total_tokens),
                EventModel::Bernoulli => (&r.docs_with, r.docs),
            };
            for (c, f, label) in [(1, spam_f, "spam"), (0, ham_f, "ham")] {
                let n = per_word[c].get(&w.word).copied().unwrap_or(0);
                assert!(f.contains(&w.word) && f.contains(label), "{f}");
                assert!(f.contains(&format!("({n} + 1)")), "{event:?} “{}”: expected count {n} in {f}", w.word);
                assert!(f.contains(&format!("({} + ", totals[c])), "{event:?}: expected total {} in {f}", totals[c]);
                if event == EventModel::Multinomial {
                    assert!(f.contains(&format!("× {})", r.vocabulary)), "{f}");
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// The real SMS Spam Collection through the loader.

#[test]
fn sms_spam_collection_loads_in_steps_and_reaches_97_percent() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sms_spam_collection/SMSSpamCollection");
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) => {
            if std::env::var("GENLAB_REQUIRE_SHARED_DATA").as_deref() == Ok("1") {
                panic!("GENLAB_REQUIRE_SHARED_DATA=1 but {} could not be read: {e}", path.display());
            }
            println!("SKIPPED: {} not found ({e})", path.display());
            return;
        }
    };
    // Our own count of distinct texts (first occurrence wins) by label.
    let text = std::str::from_utf8(&bytes).expect("the SMS Spam Collection is UTF-8");
    let (docs, repeats) = parse_clean(text);
    let distinct = [count_label(&docs, Label::Ham), count_label(&docs, Label::Spam)];
    eprintln!("SMS Spam Collection: {} distinct messages, {distinct:?} [ham, spam], {repeats} repeats", docs.len());

    let start = Instant::now();
    let mut lab = load_stepped(&bytes, "SMSSpamCollection", 262_144).unwrap();
    let loaded = start.elapsed();
    let r = lab.report().clone();
    assert_eq!(r.messages, distinct);
    assert_eq!(r.messages[0] + r.messages[1], 5171, "the collection's README: 5,171 distinct texts");
    assert_eq!(r.dedup.kept, docs.len());
    assert_eq!(r.dedup.exact_duplicates + r.dedup.conflicting_labels, repeats);
    assert_eq!(r.bad_lines, 0);
    assert!(r.credit.to_string().contains("Almeida"), "{}", r.credit);
    // Held out: round(0.2 × N_c) per class.
    let held_out: usize = distinct.iter().map(|&n| (TEST_FRACTION * n as f64).round() as usize).sum();
    assert_eq!(r.split, [docs.len() - held_out, held_out]);

    let m = lab.evaluate().current;
    let accuracy = m.accuracy.unwrap();
    assert_metrics_match_hand_count(&m, hand_count(&lab, &docs), "SMS multinomial α = 1");
    eprintln!(
        "SMS through the loader (step 262,144 B): load + train {:.3} s in a {} build; held-out multinomial α = 1: \
         accuracy {accuracy:.4}, precision {:.4}, recall {:.4}, {:?}",
        loaded.as_secs_f64(),
        if cfg!(debug_assertions) { "debug" } else { "release" },
        m.precision.unwrap(),
        m.recall.unwrap(),
        m.confusion
    );
    assert!(accuracy >= 0.97, "accuracy {accuracy}");
}

// ---------------------------------------------------------------------------------------
// The ledger as the panel draws it: capped rows, details on demand.

/// Every distinct word of the teaching corpus, in order: a message with more words than
/// a capped ledger shows, and with both spam-only and ham-only words.
fn every_corpus_word() -> Vec<String> {
    let mut seen = HashSet::new();
    teaching_docs().iter().flat_map(|(t, _)| tokenize(t)).filter(|w| seen.insert(w.clone())).collect()
}

#[test]
fn a_capped_ledger_shows_the_strongest_words_in_order_and_sums_the_rest() {
    let lab = SpamLab::builtin().unwrap();
    let msg = format!("{} zzzqx qqqzx xqzzq unheardofword", every_corpus_word().join(" "));
    let ledger = lab.explain(&msg);
    let e = &ledger.explanation;
    let view = ledger.view(7, 2);
    let v = &view.explanation;
    assert_eq!(v.words.len(), 7);
    assert_eq!(v.distinct_words, e.words.len());
    assert_eq!(v.hidden.words, e.words.len() - 7);
    // Rows in order of first appearance, each the word at its index.
    assert!(v.words.windows(2).all(|w| w[0].index < w[1].index));
    for row in &v.words {
        assert_eq!(row.word, e.words[row.index].word);
        assert_eq!(row.contribution, e.words[row.index].contribution);
    }
    // The strongest: no hidden word has a larger |contribution| than a shown one.
    let shown: HashSet<usize> = v.words.iter().map(|r| r.index).collect();
    let weakest = v.words.iter().map(|r| r.contribution.abs()).fold(f64::INFINITY, f64::min);
    let hidden: Vec<f64> = (0..e.words.len()).filter(|i| !shown.contains(i)).map(|i| e.words[i].contribution).collect();
    assert!(hidden.iter().all(|c| c.abs() <= weakest));
    // The hidden row is the plain sum of the others, so the rows add up to the log-odds.
    assert!((v.hidden.contribution - hidden.iter().sum::<f64>()).abs() < 1e-9);
    let terms: Vec<f64> = std::iter::once(v.prior_log_ratio)
        .chain(v.words.iter().map(|r| r.contribution))
        .chain([v.hidden.contribution])
        .collect();
    let size = terms.iter().map(|t| t.abs()).sum::<f64>().max(1.0);
    assert!((terms.iter().sum::<f64>() - e.log_odds.unwrap()).abs() <= 1e-9 * size);
    // Unknown words (the test part's own words, then the four made-up ones): the first two
    // listed, all counted.
    let unknown: Vec<String> =
        tokenize(&msg).into_iter().filter(|w| lab.model().counts().index_of(w).is_none()).collect();
    assert!(unknown.ends_with(&["zzzqx", "qqqzx", "xqzzq", "unheardofword"].map(String::from)));
    assert_eq!(v.unknown_words, &unknown[..2]);
    assert_eq!(v.unknown_count, unknown.len());
    // Details on demand: the same numbers and formulas as the full explanation.
    let d = ledger.word_detail(v.words[0].index).unwrap();
    let w = &e.words[v.words[0].index];
    assert_eq!(
        (d.word.as_str(), d.count, d.spam_count, d.ham_count),
        (w.word.as_str(), w.count, w.spam_count, w.ham_count)
    );
    assert_eq!(d.formulas, ledger.formulas()[v.words[0].index]);
    assert!(ledger.word_detail(e.words.len()).is_none());
}

#[test]
fn a_short_ledger_is_shown_whole() {
    let lab = SpamLab::builtin().unwrap();
    let ledger = lab.explain(MESSAGES[0]);
    let view = ledger.view(100, 30);
    assert_eq!(view.explanation.words.len(), ledger.explanation.words.len());
    assert_eq!((view.explanation.hidden.words, view.explanation.hidden.contribution), (0, 0.0));
    assert_eq!(view.explanation.hidden.veto, None);
}

#[test]
fn hidden_vetoes_of_both_classes_are_undefined_not_nan() {
    // At α = 0 the corpus' spam-only words are +∞ and its ham-only words −∞; with one row
    // shown, the hidden words rule out both classes: reported as 0.0 with a `Both` veto.
    let mut lab = SpamLab::builtin().unwrap();
    lab.set_alpha(0.0).unwrap();
    let ledger = lab.explain(&every_corpus_word().join(" "));
    let e = &ledger.explanation;
    assert!(e.words.iter().any(|w| w.contribution == f64::INFINITY));
    assert!(e.words.iter().any(|w| w.contribution == f64::NEG_INFINITY));
    let view = ledger.view(1, 30);
    assert_eq!(view.explanation.words.len(), 1);
    assert!(view.explanation.words[0].contribution.is_infinite(), "a veto is the strongest evidence");
    assert_eq!(view.explanation.hidden.contribution, 0.0);
    assert_eq!(view.explanation.hidden.veto, Some(genlab::nb::Veto::Both));
    assert_eq!(view.explanation.log_odds, None);
}
