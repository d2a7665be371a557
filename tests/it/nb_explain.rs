#![cfg(not(target_arch = "wasm32"))]
//! The evidence ledger: its terms sum to the log-odds, vetoes at α = 0 are named and
//! explained, and no field is ever NaN.
//!
//! Corpus A (worked by hand in tests/it/nb_model.rs):
//!   spam "free money", spam "free free prize", ham "meeting money";
//!   n_spam: free 3, money 1, prize 1, meeting 0 (n = 5); n_ham: free 0, money 1, prize 0,
//!   meeting 1 (n = 2); d_spam: 2, 1, 1, 0 (N = 2); d_ham: 0, 1, 0, 1 (N = 1).

use genlab::nb::{EventModel, Explanation, Label, NaiveBayes, Prior, Veto};
use genlab::stats::sampling::rng;
use rand::Rng as _;

use crate::common;
use common::assert_close_1e12;

fn toks(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn corpus_a() -> Vec<(Vec<String>, Label)> {
    vec![(toks("free money"), Label::Spam), (toks("free free prize"), Label::Spam), (toks("meeting money"), Label::Ham)]
}

fn fit(event: EventModel, alpha: f64) -> NaiveBayes {
    NaiveBayes::fit_tokens(&corpus_a(), event, alpha, Prior::MaximumLikelihood).unwrap()
}

/// Every f64 the explanation holds.
fn all_f64(e: &Explanation) -> Vec<f64> {
    let mut xs = vec![e.alpha, e.log_prior_ham, e.log_prior_spam, e.prior_log_ratio, e.log_joint[0], e.log_joint[1]];
    xs.extend(e.log_odds);
    xs.extend(e.p_spam);
    xs.extend(e.absent_evidence);
    if let Some(a) = &e.absent {
        xs.extend([a.log_p_spam, a.log_p_ham, a.contribution]);
    }
    for w in &e.words {
        xs.extend([w.p_spam, w.p_ham, w.log_p_spam, w.log_p_ham, w.contribution]);
    }
    xs
}

fn assert_no_nan(e: &Explanation) {
    for x in all_f64(e) {
        assert!(!x.is_nan(), "NaN in {e:#?}");
    }
    if let Some(p) = e.p_spam {
        assert!((0.0..=1.0).contains(&p));
    }
    for w in &e.words {
        assert!((0.0..=1.0).contains(&w.p_spam) && (0.0..=1.0).contains(&w.p_ham));
    }
}

/// The ledger terms: prior log-ratio, each word, and the absent-word group.
fn ledger_terms(e: &Explanation) -> Vec<f64> {
    let mut terms = vec![e.prior_log_ratio];
    terms.extend(e.words.iter().map(|w| w.contribution));
    terms.extend(e.absent_evidence);
    terms
}

/// Checks prior + Σ words (+ absent) = log-odds: to 1e-9 relative to the terms' size when
/// all are finite; otherwise the infinite terms must agree with the verdict.
fn assert_ledger_sums_to_log_odds(e: &Explanation) {
    let terms = ledger_terms(e);
    let vetoes = e.words.iter().filter_map(|w| w.veto).chain(e.absent.as_ref().and_then(|a| a.veto));
    let (mut rules_out_ham, mut rules_out_spam) = (false, false);
    for v in vetoes {
        rules_out_ham |= v.rules_out(Label::Ham);
        rules_out_spam |= v.rules_out(Label::Spam);
    }
    match (rules_out_ham, rules_out_spam) {
        (false, false) => {
            let sum: f64 = terms.iter().sum();
            let size: f64 = terms.iter().map(|t| t.abs()).sum::<f64>().max(1.0);
            let log_odds = e.log_odds.expect("no veto, so the log-odds is defined");
            assert!((sum - log_odds).abs() <= 1e-9 * size, "ledger {sum} vs log-odds {log_odds}: {e:#?}");
            assert_eq!(e.ruled_out, None);
        }
        (true, false) => {
            assert_eq!(e.log_odds, Some(f64::INFINITY));
            assert_eq!(e.p_spam, Some(1.0));
            assert_eq!(e.ruled_out, Some(Veto::Ham));
            assert!(terms.contains(&f64::INFINITY) && !terms.contains(&f64::NEG_INFINITY));
        }
        (false, true) => {
            assert_eq!(e.log_odds, Some(f64::NEG_INFINITY));
            assert_eq!(e.p_spam, Some(0.0));
            assert_eq!(e.ruled_out, Some(Veto::Spam));
            assert!(terms.contains(&f64::NEG_INFINITY) && !terms.contains(&f64::INFINITY));
        }
        (true, true) => {
            assert_eq!((e.log_odds, e.p_spam, e.verdict), (None, None, None));
            assert_eq!(e.ruled_out, Some(Veto::Both));
            assert!(e.sentences().iter().any(|s| s.contains("0/0")));
        }
    }
}

/// A random corpus over a small mixed vocabulary, both classes present.
fn random_corpus(seed: u64) -> Vec<(Vec<String>, Label)> {
    const POOL: &[&str] = &[
        "free", "win", "cash", "prize", "now", "meeting", "lunch", "notes", "the", "a", "免", "费", "明", "天", "🎁",
        "café",
    ];
    let mut r = rng(seed);
    let n_docs = r.random_range(2..12);
    (0..n_docs)
        .map(|d| {
            let len = r.random_range(0..8);
            let tokens = (0..len).map(|_| POOL[r.random_range(0..POOL.len())].to_string()).collect();
            // The first two messages fix one of each class.
            let label = match d {
                0 => Label::Ham,
                1 => Label::Spam,
                _ if r.random_bool(0.4) => Label::Spam,
                _ => Label::Ham,
            };
            (tokens, label)
        })
        .collect()
}

fn random_email(r: &mut genlab::stats::sampling::Rng) -> Vec<String> {
    const POOL: &[&str] =
        &["free", "win", "cash", "prize", "meeting", "notes", "the", "免", "天", "🎁", "unseen", "新"];
    let len = r.random_range(0..10);
    (0..len).map(|_| POOL[r.random_range(0..POOL.len())].to_string()).collect()
}

#[test]
fn ledger_sums_to_the_log_odds_on_many_random_emails() {
    let mut r = rng(7);
    let mut checked = 0;
    for seed in 0..60 {
        let docs = random_corpus(seed);
        for event in [EventModel::Multinomial, EventModel::Bernoulli] {
            for alpha in [1e-3, 0.1, 0.5, 1.0, 3.0, 10.0] {
                for prior in [Prior::MaximumLikelihood, Prior::Smoothed, Prior::Uniform] {
                    let m = NaiveBayes::fit_tokens(&docs, event, alpha, prior).unwrap();
                    for _ in 0..5 {
                        let email = random_email(&mut r);
                        let e = m.explain_tokens(&email);
                        assert_no_nan(&e);
                        assert!(e.log_odds.is_some_and(f64::is_finite), "α > 0 never vetoes");
                        assert_ledger_sums_to_log_odds(&e);
                        assert_eq!(e.verdict, Some(m.predict_tokens(&email)));
                        assert_eq!(e.log_joint, m.log_joint(&email));
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 60 * 2 * 6 * 3 * 5);
}

#[test]
fn at_alpha_zero_the_ledger_is_never_nan_and_vetoes_agree_with_the_verdict() {
    // Random corpora at α = 0 hit every case: finite, one-class and both-class vetoes.
    let mut r = rng(11);
    let mut seen = [0usize; 4]; // finite, ham out, spam out, both out
    for seed in 100..300 {
        let docs = random_corpus(seed);
        for event in [EventModel::Multinomial, EventModel::Bernoulli] {
            let Ok(m) = NaiveBayes::fit_tokens(&docs, event, 0.0, Prior::MaximumLikelihood) else {
                // Only a class without words is refused at α = 0 (multinomial 0/0).
                assert_eq!(event, EventModel::Multinomial);
                continue;
            };
            for _ in 0..5 {
                let email = random_email(&mut r);
                let e = m.explain_tokens(&email);
                assert_no_nan(&e);
                assert_ledger_sums_to_log_odds(&e);
                assert_eq!(e.verdict.unwrap_or(Label::Ham), m.predict_tokens(&email));
                seen[match e.ruled_out {
                    None => 0,
                    Some(Veto::Ham) => 1,
                    Some(Veto::Spam) => 2,
                    Some(Veto::Both) => 3,
                }] += 1;
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "every case occurs: {seen:?}");
}

#[test]
fn multinomial_ledger_of_a_worked_email() {
    // α = 1, "free meeting free lottery": prior log(2/3 ÷ 1/3) = log 2;
    // free: 2 · log(4/9 ÷ 1/6) = 2 log(8/3); meeting: log(1/9 ÷ 2/6) = log(1/3);
    // total log(128/27) (tests/it/nb_model.rs); "lottery" is not in the vocabulary.
    let e = fit(EventModel::Multinomial, 1.0).explain_tokens(&toks("free meeting free lottery"));
    assert_close_1e12(e.prior_log_ratio, f64::ln(2.0));
    assert_eq!(e.words.len(), 2);
    let free = &e.words[0];
    assert_eq!((free.word.as_str(), free.count, free.spam_count, free.ham_count), ("free", 2, 3, 0));
    assert_close_1e12(free.p_spam, 4.0 / 9.0);
    assert_close_1e12(free.p_ham, 1.0 / 6.0);
    assert_close_1e12(free.contribution, 2.0 * f64::ln(8.0 / 3.0));
    assert_eq!(free.veto, None);
    let meeting = &e.words[1];
    assert_eq!((meeting.word.as_str(), meeting.count), ("meeting", 1));
    assert_close_1e12(meeting.contribution, f64::ln(1.0 / 3.0));
    assert_eq!(e.unknown_words, ["lottery"]);
    assert_eq!((e.absent_evidence, e.absent.is_some()), (None, false));
    assert_close_1e12(e.log_odds.unwrap(), f64::ln(128.0 / 27.0));
    assert_close_1e12(e.p_spam.unwrap(), 128.0 / 155.0);
    assert_eq!(e.verdict, Some(Label::Spam));
    assert_eq!((e.vocabulary_size, e.spam_total, e.ham_total), (4, 5, 2));
    assert!(e.sentences().is_empty());
    assert_eq!(e.formula("free", Label::Spam).unwrap(), "P(free | spam) = (3 + 1) / (5 + 1 × 4) = 0.4444");
    assert_eq!(e.formula("meeting", Label::Ham).unwrap(), "P(meeting | ham) = (1 + 1) / (2 + 1 × 4) = 0.3333");
    assert_eq!(e.formula("lottery", Label::Ham), None);
}

#[test]
fn bernoulli_ledger_shows_the_absent_words_as_their_own_term() {
    // α = 1, "free meeting free" (tests/it/nb_model.rs): prior log 2; free log(3/4 ÷ 1/3) =
    // log(9/4) (once: presence); meeting log(1/4 ÷ 2/3) = log(3/8); absent money, prize:
    // log[(1/2 · 1/2) ÷ (1/3 · 2/3)] = log(9/8). Sum log(2 · 9/4 · 3/8 · 9/8) = log(243/128).
    let e = fit(EventModel::Bernoulli, 1.0).explain_tokens(&toks("free meeting free"));
    assert_close_1e12(e.prior_log_ratio, f64::ln(2.0));
    assert_close_1e12(e.words[0].contribution, f64::ln(9.0 / 4.0));
    assert_eq!((e.words[0].count, e.words[0].spam_count, e.words[0].ham_count), (2, 2, 0));
    assert_close_1e12(e.words[1].contribution, f64::ln(3.0 / 8.0));
    let absent = e.absent.as_ref().unwrap();
    assert_eq!(absent.absent_words, 2);
    assert_close_1e12(absent.log_p_spam, f64::ln(0.25));
    assert_close_1e12(absent.log_p_ham, f64::ln(2.0 / 9.0));
    assert_close_1e12(e.absent_evidence.unwrap(), f64::ln(9.0 / 8.0));
    assert_eq!(absent.veto, None);
    assert_close_1e12(e.log_odds.unwrap(), f64::ln(243.0 / 128.0));
    assert_eq!((e.spam_total, e.ham_total), (2, 1));
    assert_eq!(e.formula("free", Label::Spam).unwrap(), "P(free present | spam) = (2 + 1) / (2 + 2 × 1) = 0.75");
}

#[test]
fn alpha_zero_word_seen_only_in_spam_vetoes_ham() {
    // α = 0: P(free | ham) = 0/2 and P(prize | ham) = 0/2, so ham is ruled out.
    let e = fit(EventModel::Multinomial, 0.0).explain_tokens(&toks("free prize"));
    assert_no_nan(&e);
    assert_eq!(e.words[0].veto, Some(Veto::Ham));
    assert_eq!(e.words[0].contribution, f64::INFINITY);
    assert_eq!(e.words[0].p_ham, 0.0);
    assert_close_1e12(e.words[0].p_spam, 0.6); // 3/5
    assert_eq!((e.log_odds, e.p_spam, e.verdict), (Some(f64::INFINITY), Some(1.0), Some(Label::Spam)));
    assert_eq!(e.ruled_out, Some(Veto::Ham));
    let sentences = e.sentences();
    assert!(sentences.contains(
        &"“free” never appears in ham training messages, so with α = 0 P(free | ham) = 0 and the \
          ham hypothesis is ruled out."
            .to_string()
    ));
    assert!(sentences.iter().any(|s| s.contains("P(spam | x) = 1")), "{sentences:?}");
}

#[test]
fn alpha_zero_word_seen_only_in_ham_vetoes_spam() {
    // α = 0: P(meeting | spam) = 0/5, so spam is ruled out: log-odds −∞, P(spam | x) = 0.
    let e = fit(EventModel::Multinomial, 0.0).explain_tokens(&toks("meeting money"));
    assert_no_nan(&e);
    assert_eq!(e.words[0].veto, Some(Veto::Spam));
    assert_eq!(e.words[0].contribution, f64::NEG_INFINITY);
    assert_eq!(e.words[1].veto, None);
    assert_eq!((e.log_odds, e.p_spam, e.verdict), (Some(f64::NEG_INFINITY), Some(0.0), Some(Label::Ham)));
    assert!(e.sentences()[0].starts_with("“meeting” never appears in spam training messages"));
}

#[test]
fn alpha_zero_words_vetoing_both_classes_leave_the_posterior_undefined_and_explained() {
    // "free" rules out ham, "meeting" rules out spam: P(x | spam) = P(x | ham) = 0.
    let e = fit(EventModel::Multinomial, 0.0).explain_tokens(&toks("free meeting"));
    assert_no_nan(&e);
    assert_eq!(e.log_joint, [f64::NEG_INFINITY, f64::NEG_INFINITY]);
    assert_eq!((e.log_odds, e.p_spam, e.verdict), (None, None, None));
    assert_eq!(e.ruled_out, Some(Veto::Both));
    let sentences = e.sentences();
    assert_eq!(sentences.len(), 3, "{sentences:?}");
    assert_eq!(
        sentences[2],
        "Both classes are ruled out: P(x | spam) = P(x | ham) = 0, so the posterior is 0/0 and \
         the model cannot decide. Any α > 0 fixes this."
    );
}

#[test]
fn alpha_zero_without_a_veto_is_finite_and_equals_the_hand_value() {
    // "money": P(money | spam) = 1/5, P(money | ham) = 1/2; log-odds = log 2 + log(2/5) =
    // log(4/5), P(spam | x) = 4/9.
    let e = fit(EventModel::Multinomial, 0.0).explain_tokens(&toks("money"));
    assert_eq!(e.ruled_out, None);
    assert_close_1e12(e.words[0].contribution, f64::ln(0.4));
    assert_close_1e12(e.log_odds.unwrap(), f64::ln(0.8));
    assert_close_1e12(e.p_spam.unwrap(), 4.0 / 9.0);
    assert_eq!(e.verdict, Some(Label::Ham));
    assert!(e.sentences().is_empty());
}

#[test]
fn bernoulli_alpha_zero_absent_words_can_veto_both_classes() {
    // α = 0: "free" is in every spam message (p = 2/2) and "meeting" in every ham message
    // (p = 1/1). "money" lacks both, so P(x | spam) = P(x | ham) = 0.
    let e = fit(EventModel::Bernoulli, 0.0).explain_tokens(&toks("money"));
    assert_no_nan(&e);
    let absent = e.absent.as_ref().unwrap();
    assert_eq!(absent.veto, Some(Veto::Both));
    assert_eq!(absent.contribution, 0.0);
    assert_eq!(e.absent_evidence, Some(0.0));
    assert_eq!((absent.log_p_spam, absent.log_p_ham), (f64::NEG_INFINITY, f64::NEG_INFINITY));
    assert_eq!(absent.spam_vetoed_by, ["free"]);
    assert_eq!(absent.ham_vetoed_by, ["meeting"]);
    assert_eq!((e.log_odds, e.p_spam, e.verdict, e.ruled_out), (None, None, None, Some(Veto::Both)));
    let sentences = e.sentences();
    assert!(sentences.contains(
        &"“free” appears in every spam training message but not in this one, so with α = 0 \
          P(no “free” | spam) = 0 and the spam hypothesis is ruled out."
            .to_string()
    ));
    assert!(sentences.iter().any(|s| s.starts_with("“meeting” appears in every ham training message")));
}

#[test]
fn bernoulli_alpha_zero_one_absent_veto_gives_infinite_evidence() {
    // "free money prize" contains "free" but lacks "meeting" (in every ham message): ham is
    // ruled out by absence (and by "free", p_ham,free = 0/1). Absent term: +∞.
    let e = fit(EventModel::Bernoulli, 0.0).explain_tokens(&toks("free money prize"));
    assert_no_nan(&e);
    let absent = e.absent.as_ref().unwrap();
    assert_eq!((absent.veto, absent.contribution), (Some(Veto::Ham), f64::INFINITY));
    assert!(absent.spam_vetoed_by.is_empty());
    // Σ_{absent} log(1 − p_spam,w) over {meeting}: log(1 − 0/2) = 0.
    assert_eq!(absent.log_p_spam, 0.0);
    assert_eq!(e.log_odds, Some(f64::INFINITY));
    assert_ledger_sums_to_log_odds(&e);
}

#[test]
fn words_are_distinct_in_first_appearance_order_and_unknown_words_are_listed_once() {
    let e = fit(EventModel::Multinomial, 1.0).explain_tokens(&toks("zzz money free zzz money yyy money"));
    let words: Vec<(&str, u32)> = e.words.iter().map(|w| (w.word.as_str(), w.count)).collect();
    assert_eq!(words, [("money", 3), ("free", 1)]);
    assert_eq!(e.unknown_words, ["zzz", "yyy"]);
    let e = fit(EventModel::Bernoulli, 1.0).explain_text("");
    assert!(e.words.is_empty() && e.unknown_words.is_empty());
    assert_eq!(e.absent.unwrap().absent_words, 4);
}

#[test]
fn explain_text_tokenizes_like_predict_text() {
    let m = fit(EventModel::Multinomial, 1.0);
    let e = m.explain_text("FREE money!! Free?");
    assert_eq!(e.words[0].word, "free");
    assert_eq!(e.words[0].count, 2);
    assert_eq!(e.verdict, Some(m.predict_text("FREE money!! Free?")));
}
