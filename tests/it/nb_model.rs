#![cfg(not(target_arch = "wasm32"))]
//! Naive Bayes on corpora small enough to work by hand; the arithmetic is in the comments.
//!
//! Corpus A (used throughout):
//!   spam: "free money"        → [free, money]
//!   spam: "free free prize"   → [free, free, prize]
//!   ham:  "meeting money"     → [meeting, money]
//! Vocabulary (first appearance): free, money, prize, meeting; |V| = 4.
//! Token counts n_cw:  spam free 3, money 1, prize 1, meeting 0 (n_spam = 5);
//!                     ham  free 0, money 1, prize 0, meeting 1 (n_ham = 2).
//! Document counts d_cw: spam free 2, money 1, prize 1, meeting 0 (N_spam = 2);
//!                       ham  free 0, money 1, prize 0, meeting 1 (N_ham = 1). N = 3.

use std::sync::Arc;

use genlab::nb::{Counts, EventModel, Label, NaiveBayes, Prior};
use genlab::Error;

use crate::common;
use common::assert_close_1e12;

fn toks(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn corpus_a() -> Vec<(Vec<String>, Label)> {
    vec![(toks("free money"), Label::Spam), (toks("free free prize"), Label::Spam), (toks("meeting money"), Label::Ham)]
}

fn fit(event: EventModel, alpha: f64, prior: Prior) -> NaiveBayes {
    NaiveBayes::fit_tokens(&corpus_a(), event, alpha, prior).unwrap()
}

#[test]
fn counts_hold_token_and_document_counts_per_class() {
    let counts = Counts::from_docs(&corpus_a());
    assert_eq!(counts.words(), ["free", "money", "prize", "meeting"]);
    assert_eq!(counts.token_counts(Label::Spam), [3, 1, 1, 0]);
    assert_eq!(counts.token_counts(Label::Ham), [0, 1, 0, 1]);
    assert_eq!(counts.doc_counts(Label::Spam), [2, 1, 1, 0]);
    assert_eq!(counts.doc_counts(Label::Ham), [0, 1, 0, 1]);
    assert_eq!((counts.total_tokens(Label::Spam), counts.total_tokens(Label::Ham)), (5, 2));
    assert_eq!((counts.num_docs(Label::Spam), counts.num_docs(Label::Ham), counts.total_docs()), (2, 1, 3));
    assert_eq!(counts.index_of("prize"), Some(2));
    assert_eq!(counts.index_of("lottery"), None);
}

#[test]
fn multinomial_word_probabilities_are_laplace_smoothed_token_frequencies() {
    // α = 1: P(w | spam) = (n_spam,w + 1)/(5 + 4) → free 4/9, money 2/9, prize 2/9, meeting 1/9;
    //        P(w | ham)  = (n_ham,w + 1)/(2 + 4)  → free 1/6, money 2/6, prize 1/6, meeting 2/6.
    let m = fit(EventModel::Multinomial, 1.0, Prior::MaximumLikelihood);
    let spam = [4.0 / 9.0, 2.0 / 9.0, 2.0 / 9.0, 1.0 / 9.0];
    let ham = [1.0 / 6.0, 2.0 / 6.0, 1.0 / 6.0, 2.0 / 6.0];
    for i in 0..4 {
        assert_close_1e12(m.feature_log_prob(Label::Spam)[i], f64::ln(spam[i]));
        assert_close_1e12(m.feature_log_prob(Label::Ham)[i], f64::ln(ham[i]));
    }
    // α = 0.5: P(free | spam) = 3.5/(5 + 2) = 1/2; P(free | ham) = 0.5/(2 + 2) = 1/8.
    let m = fit(EventModel::Multinomial, 0.5, Prior::MaximumLikelihood);
    assert_close_1e12(m.word_log_prob("free", Label::Spam).unwrap(), f64::ln(0.5));
    assert_close_1e12(m.word_log_prob("free", Label::Ham).unwrap(), f64::ln(0.125));
    assert_eq!(m.word_log_prob("lottery", Label::Spam), None);
}

#[test]
fn bernoulli_word_probabilities_are_smoothed_document_frequencies() {
    // α = 1: p_spam,w = (d + 1)/(2 + 2) → free 3/4, money 2/4, prize 2/4, meeting 1/4;
    //        p_ham,w  = (d + 1)/(1 + 2) → free 1/3, money 2/3, prize 1/3, meeting 2/3.
    let m = fit(EventModel::Bernoulli, 1.0, Prior::MaximumLikelihood);
    let spam = [0.75, 0.5, 0.5, 0.25];
    let ham = [1.0 / 3.0, 2.0 / 3.0, 1.0 / 3.0, 2.0 / 3.0];
    for i in 0..4 {
        assert_close_1e12(m.feature_log_prob(Label::Spam)[i], f64::ln(spam[i]));
        assert_close_1e12(m.feature_log_prob(Label::Ham)[i], f64::ln(ham[i]));
        assert_close_1e12(m.feature_log_not_prob(Label::Spam)[i], f64::ln(1.0 - spam[i]));
        assert_close_1e12(m.feature_log_not_prob(Label::Ham)[i], f64::ln(1.0 - ham[i]));
    }
    assert!(fit(EventModel::Multinomial, 1.0, Prior::MaximumLikelihood).feature_log_not_prob(Label::Ham).is_empty());
}

#[test]
fn priors_of_all_three_kinds() {
    // ML: P(spam) = 2/3, P(ham) = 1/3. Smoothed, α = 1: (2 + 1)/(3 + 2) = 3/5 and
    // (1 + 1)/(3 + 2) = 2/5; α = 0.5: 2.5/4 and 1.5/4. Uniform: ½ each.
    let cases = [
        (Prior::MaximumLikelihood, 1.0, 2.0_f64 / 3.0, 1.0_f64 / 3.0),
        (Prior::Smoothed, 1.0, 3.0 / 5.0, 2.0 / 5.0),
        (Prior::Smoothed, 0.5, 2.5 / 4.0, 1.5 / 4.0),
        (Prior::Smoothed, 0.0, 2.0 / 3.0, 1.0 / 3.0),
        (Prior::Uniform, 1.0, 0.5, 0.5),
    ];
    for (prior, alpha, spam, ham) in cases {
        for event in [EventModel::Multinomial, EventModel::Bernoulli] {
            let m = fit(event, alpha, prior);
            assert_close_1e12(m.log_prior(Label::Spam), spam.ln());
            assert_close_1e12(m.log_prior(Label::Ham), ham.ln());
        }
    }
}

#[test]
fn multinomial_log_odds_and_posterior_of_a_worked_email() {
    // "free meeting free" (counts free 2, meeting 1), α = 1, ML prior:
    // log-odds = log(2/3 ÷ 1/3) + 2·log(4/9 ÷ 1/6) + log(1/9 ÷ 2/6)
    //          = log(2 · (8/3)² · (1/3)) = log(128/27);
    // P(spam | x) = (128/27)/(1 + 128/27) = 128/155.
    let m = fit(EventModel::Multinomial, 1.0, Prior::MaximumLikelihood);
    let email = toks("free meeting free");
    let joint = m.log_joint(&email);
    assert_close_1e12(joint[1], f64::ln(2.0 / 3.0) + 2.0 * f64::ln(4.0 / 9.0) + f64::ln(1.0 / 9.0));
    assert_close_1e12(joint[0], f64::ln(1.0 / 3.0) + 2.0 * f64::ln(1.0 / 6.0) + f64::ln(2.0 / 6.0));
    let post = m.posterior(&email);
    assert_close_1e12(post.log_odds.unwrap(), f64::ln(128.0 / 27.0));
    assert_close_1e12(post.p_spam.unwrap(), 128.0 / 155.0);
    assert_eq!(post.verdict, Some(Label::Spam));
    let log_proba = post.log_proba().unwrap();
    assert_close_1e12(log_proba[1], f64::ln(128.0 / 155.0));
    assert_close_1e12(log_proba[0], f64::ln(27.0 / 155.0));
    assert_eq!(m.predict_tokens(&email), Label::Spam);
    assert_eq!(m.predict_text("FREE meeting, free!"), Label::Spam);
}

#[test]
fn bernoulli_counts_absent_words_in_the_worked_email() {
    // "free meeting free": present {free, meeting}, absent {money, prize}; α = 1, ML prior.
    // P(x | spam) = 3/4 · 1/4 · (1 − 1/2) · (1 − 1/2) = 3/64; P(x | ham) = 1/3 · 2/3 · (1 − 2/3)
    // · (1 − 1/3) = 4/81. Joint: spam 2/3 · 3/64 = 1/32, ham 1/3 · 4/81 = 4/243.
    // log-odds = log(243/128); P(spam | x) = 243/371.
    let m = fit(EventModel::Bernoulli, 1.0, Prior::MaximumLikelihood);
    let email = toks("free meeting free");
    let joint = m.log_joint(&email);
    assert_close_1e12(joint[1], f64::ln(1.0 / 32.0));
    assert_close_1e12(joint[0], f64::ln(4.0 / 243.0));
    let post = m.posterior(&email);
    assert_close_1e12(post.log_odds.unwrap(), f64::ln(243.0 / 128.0));
    assert_close_1e12(post.p_spam.unwrap(), 243.0 / 371.0);
    assert_eq!(post.verdict, Some(Label::Spam));
}

#[test]
fn bernoulli_ignores_repeats_and_multinomial_counts_them() {
    // Bernoulli sees presence only: "free" and "free free free" score the same.
    let b = fit(EventModel::Bernoulli, 1.0, Prior::MaximumLikelihood);
    assert_eq!(b.log_joint(&toks("free")), b.log_joint(&toks("free free free")));
    // Multinomial: each extra "free" adds log(4/9) to spam and log(1/6) to ham.
    let m = fit(EventModel::Multinomial, 1.0, Prior::MaximumLikelihood);
    let one = m.log_joint(&toks("free"));
    let three = m.log_joint(&toks("free free free"));
    assert_close_1e12(three[1] - one[1], 2.0 * f64::ln(4.0 / 9.0));
    assert_close_1e12(three[0] - one[0], 2.0 * f64::ln(1.0 / 6.0));
}

#[test]
fn words_outside_the_vocabulary_are_ignored() {
    // Adding unseen words changes neither score (the seed notes' test algorithm).
    for event in [EventModel::Multinomial, EventModel::Bernoulli] {
        let m = fit(event, 1.0, Prior::MaximumLikelihood);
        assert_eq!(m.log_joint(&toks("free money")), m.log_joint(&toks("lottery free zzz money lottery")));
    }
}

#[test]
fn an_exact_tie_goes_to_ham() {
    // Uniform prior and an email with no vocabulary word: both scores are log ½ exactly
    // (Bernoulli, α = 1: the corpus is symmetric, spam [a] / ham [b], so both absent sums
    // are log(1/3) + log(2/3)). log-odds 0, P(spam | x) = ½, verdict ham.
    let docs = vec![(toks("a"), Label::Spam), (toks("b"), Label::Ham)];
    for event in [EventModel::Multinomial, EventModel::Bernoulli] {
        for prior in [Prior::Uniform, Prior::MaximumLikelihood, Prior::Smoothed] {
            let m = NaiveBayes::fit_tokens(&docs, event, 1.0, prior).unwrap();
            for email in [toks(""), toks("unknown words only")] {
                let post = m.posterior(&email);
                assert_eq!(post.log_joint[0], post.log_joint[1]);
                assert_eq!(post.log_odds, Some(0.0));
                assert_eq!(post.p_spam, Some(0.5));
                assert_eq!(post.verdict, Some(Label::Ham));
                assert_eq!(m.predict_tokens(&email), Label::Ham);
            }
        }
    }
}

#[test]
fn alpha_zero_is_exact_and_gives_minus_infinity_for_unseen_class_words() {
    // α = 0: P(free | ham) = 0/2 = 0 → log 0 = −∞ (not clamped); P(free | spam) = 3/5.
    let m = fit(EventModel::Multinomial, 0.0, Prior::MaximumLikelihood);
    assert_eq!(m.word_log_prob("free", Label::Ham), Some(f64::NEG_INFINITY));
    assert_close_1e12(m.word_log_prob("free", Label::Spam).unwrap(), f64::ln(0.6));
    // "free prize": ham ruled out → log-odds +∞, P(spam | x) = 1.
    let post = m.posterior(&toks("free prize"));
    assert_eq!(post.log_joint[0], f64::NEG_INFINITY);
    assert_close_1e12(post.log_joint[1], f64::ln(2.0 / 3.0) + f64::ln(0.6) + f64::ln(0.2));
    assert_eq!((post.log_odds, post.p_spam, post.verdict), (Some(f64::INFINITY), Some(1.0), Some(Label::Spam)));
    // "meeting": spam ruled out → −∞, P(spam | x) = 0.
    let post = m.posterior(&toks("meeting"));
    assert_eq!((post.log_odds, post.p_spam, post.verdict), (Some(f64::NEG_INFINITY), Some(0.0), Some(Label::Ham)));
    // "free meeting": both ruled out → undefined, and predict falls back to ham.
    let post = m.posterior(&toks("free meeting"));
    assert_eq!((post.log_odds, post.p_spam, post.verdict), (None, None, None));
    assert_eq!(post.log_proba(), None);
    assert_eq!(m.predict_tokens(&toks("free meeting")), Label::Ham);
    // "money": finite. log-odds = log(2/3 ÷ 1/3) + log(1/5 ÷ 1/2) = log(4/5); P = 4/9.
    let post = m.posterior(&toks("money"));
    assert_close_1e12(post.log_odds.unwrap(), f64::ln(0.8));
    assert_close_1e12(post.p_spam.unwrap(), 4.0 / 9.0);
}

#[test]
fn bernoulli_alpha_zero_handles_certain_words_without_nan() {
    // α = 0, corpus A: p_spam,free = 2/2 = 1, so log(1 − p) = −∞; p_ham,meeting = 1/1 = 1.
    let m = fit(EventModel::Bernoulli, 0.0, Prior::MaximumLikelihood);
    // "free money prize": spam = 2/3 · 1 · 1/2 · 1/2 · (1 − 0) = 1/6; ham: p_ham,free = 0.
    let post = m.posterior(&toks("free money prize"));
    assert_close_1e12(post.log_joint[1], f64::ln(1.0 / 6.0));
    assert_eq!(post.log_joint[0], f64::NEG_INFINITY);
    assert_eq!(post.log_odds, Some(f64::INFINITY));
    // "money": spam lacks "free" (in every spam message) and ham lacks "meeting": both out.
    let post = m.posterior(&toks("money"));
    assert_eq!(post.log_joint, [f64::NEG_INFINITY, f64::NEG_INFINITY]);
    assert_eq!(post.p_spam, None);
    // Corpus B, every p strictly between 0 and 1: spam [a] [b] [a b], ham [a] [b].
    // p_spam,a = p_spam,b = 2/3; p_ham,a = p_ham,b = 1/2. Email "a":
    // spam 3/5 · 2/3 · (1 − 2/3) = 2/15, ham 2/5 · 1/2 · 1/2 = 1/10 → log-odds log(4/3).
    let docs = vec![
        (toks("a"), Label::Spam),
        (toks("b"), Label::Spam),
        (toks("a b"), Label::Spam),
        (toks("a"), Label::Ham),
        (toks("b"), Label::Ham),
    ];
    let m = NaiveBayes::fit_tokens(&docs, EventModel::Bernoulli, 0.0, Prior::MaximumLikelihood).unwrap();
    let post = m.posterior(&toks("a"));
    assert_close_1e12(post.log_odds.unwrap(), f64::ln(4.0 / 3.0));
    assert_close_1e12(post.p_spam.unwrap(), 4.0 / 7.0);
}

#[test]
fn changing_alpha_event_model_or_prior_keeps_the_counts_and_equals_a_fresh_fit() {
    let emails = [toks("free meeting free"), toks("money prize lottery"), toks(""), toks("meeting meeting")];
    let mut m = fit(EventModel::Multinomial, 1.0, Prior::MaximumLikelihood);
    let counts = m.counts() as *const Counts;
    for event in [EventModel::Bernoulli, EventModel::Multinomial] {
        for alpha in [0.0, 0.1, 2.5, 1.0] {
            for prior in [Prior::Smoothed, Prior::Uniform, Prior::MaximumLikelihood] {
                m.set_event_model(event).unwrap();
                m.set_alpha(alpha).unwrap();
                m.set_prior(prior);
                assert!(std::ptr::eq(counts, m.counts()), "set_* must not rebuild the counts");
                assert_eq!((m.event_model(), m.alpha(), m.prior()), (event, alpha, prior));
                let fresh = fit(event, alpha, prior);
                for label in Label::ALL {
                    assert_eq!(m.log_prior(label), fresh.log_prior(label));
                    assert_eq!(m.feature_log_prob(label), fresh.feature_log_prob(label));
                }
                for email in &emails {
                    assert_eq!(m.log_joint(email), fresh.log_joint(email));
                }
            }
        }
    }
}

#[test]
fn counts_can_be_shared_between_models() {
    let m = fit(EventModel::Multinomial, 1.0, Prior::MaximumLikelihood);
    let shared = m.shared_counts();
    let b = NaiveBayes::from_counts(Arc::clone(&shared), EventModel::Bernoulli, 0.5, Prior::Uniform).unwrap();
    assert!(Arc::ptr_eq(&shared, &b.shared_counts()));
    assert_eq!(b.log_joint(&toks("free")), fit(EventModel::Bernoulli, 0.5, Prior::Uniform).log_joint(&toks("free")));
}

#[test]
fn counts_grow_when_a_message_is_added() {
    let mut counts = Counts::from_docs(&corpus_a());
    counts.add_text("FREE lottery!", Label::Spam);
    assert_eq!(counts.words(), ["free", "money", "prize", "meeting", "lottery"]);
    assert_eq!(counts.token_count(Label::Spam, 0), 4);
    assert_eq!(counts.doc_count(Label::Spam, 4), 1);
    assert_eq!(counts.doc_count(Label::Ham, 4), 0);
    assert_eq!(counts.token_count(Label::Ham, 99), 0);
    assert_eq!(counts.num_docs(Label::Spam), 3);
}

#[test]
fn bad_alpha_is_rejected_with_a_readable_message() {
    for alpha in [-1.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -1e-300] {
        let err =
            NaiveBayes::fit_tokens(&corpus_a(), EventModel::Multinomial, alpha, Prior::MaximumLikelihood).unwrap_err();
        assert!(matches!(err, Error::InvalidParameter { name: "α", .. }), "{err:?}");
    }
    let err = NaiveBayes::fit_tokens(&corpus_a(), EventModel::Bernoulli, -1.0, Prior::Uniform).unwrap_err();
    assert_eq!(err.to_string(), "α = −1 is not allowed: the smoothing α must be a finite number ≥ 0.");
    let err = NaiveBayes::fit_tokens(&corpus_a(), EventModel::Bernoulli, f64::NAN, Prior::Uniform).unwrap_err();
    assert!(err.to_string().starts_with("α = not a number is not allowed"), "{err}");
}

#[test]
fn a_rejected_alpha_leaves_the_model_unchanged() {
    let mut m = fit(EventModel::Multinomial, 1.0, Prior::MaximumLikelihood);
    let before = m.log_joint(&toks("free money"));
    assert!(m.set_alpha(f64::NAN).is_err());
    assert!(m.set_alpha(-0.5).is_err());
    assert_eq!(m.alpha(), 1.0);
    assert_eq!(m.log_joint(&toks("free money")), before);
}

#[test]
fn an_empty_corpus_or_a_missing_class_is_an_error_that_names_the_class() {
    let err = NaiveBayes::fit_tokens(&[], EventModel::Multinomial, 1.0, Prior::MaximumLikelihood).unwrap_err();
    assert!(matches!(err, Error::EmptyData(_)));
    assert!(err.to_string().contains("empty"), "{err}");
    let only_spam = vec![(toks("free money"), Label::Spam)];
    let err = NaiveBayes::fit_tokens(&only_spam, EventModel::Bernoulli, 1.0, Prior::Uniform).unwrap_err();
    assert_eq!(
        err.to_string(),
        "There are no ham messages in the training data, so P(ham) and P(word | ham) cannot be \
         estimated. Add at least one ham message."
    );
    let only_ham = vec![(toks("hi"), Label::Ham)];
    let err = NaiveBayes::fit_texts(&[("hi", Label::Ham)], EventModel::Bernoulli, 1.0, Prior::Uniform).unwrap_err();
    assert!(err.to_string().starts_with("There are no spam messages"), "{err}");
    assert!(NaiveBayes::fit_tokens(&only_ham, EventModel::Multinomial, 1.0, Prior::Uniform).is_err());
}

#[test]
fn alpha_zero_with_a_wordless_class_is_rejected_for_the_multinomial_model_only() {
    // The spam message has no words, so n_spam = 0 and at α = 0 P(w | spam) = 0/0.
    let docs = vec![(Vec::new(), Label::Spam), (toks("hello"), Label::Ham)];
    let err = NaiveBayes::fit_tokens(&docs, EventModel::Multinomial, 0.0, Prior::MaximumLikelihood).unwrap_err();
    assert!(err.to_string().contains("P(word | spam) would be 0/0"), "{err}");
    // With α > 0 it is fine: P(hello | spam) = α/(0 + α · 1) = 1.
    let mut m = NaiveBayes::fit_tokens(&docs, EventModel::Multinomial, 0.5, Prior::MaximumLikelihood).unwrap();
    assert_eq!(m.word_log_prob("hello", Label::Spam), Some(0.0));
    assert!(m.set_alpha(0.0).is_err());
    assert_eq!(m.alpha(), 0.5);
    // Bernoulli at α = 0 is defined: p_spam,hello = 0/1.
    m.set_event_model(EventModel::Bernoulli).unwrap();
    m.set_alpha(0.0).unwrap();
    assert_eq!(m.word_log_prob("hello", Label::Spam), Some(f64::NEG_INFINITY));
    assert!(m.set_event_model(EventModel::Multinomial).is_err());
    assert_eq!(m.event_model(), EventModel::Bernoulli);
}

#[test]
fn an_empty_vocabulary_scores_by_the_prior_alone() {
    // Every message tokenizes to nothing: |V| = 0, so the score is log P(c) for any email.
    let docs = vec![(Vec::new(), Label::Spam), (Vec::new(), Label::Ham), (Vec::new(), Label::Ham)];
    for event in [EventModel::Multinomial, EventModel::Bernoulli] {
        let m = NaiveBayes::fit_tokens(&docs, event, 0.0, Prior::MaximumLikelihood).unwrap();
        let post = m.posterior(&toks("anything at all"));
        assert_close_1e12(post.log_odds.unwrap(), f64::ln(0.5));
    }
}

#[test]
fn huge_alpha_stays_finite_and_flattens_every_word_probability() {
    // As α → ∞, P(w | c) → 1/|V| = 1/4 (multinomial) and p_cw → ½ (Bernoulli).
    for alpha in [1e300, f64::MAX] {
        let m = fit(EventModel::Multinomial, alpha, Prior::Smoothed);
        for label in Label::ALL {
            for &lp in m.feature_log_prob(label) {
                assert_close_1e12(lp, f64::ln(0.25));
            }
            assert_close_1e12(m.log_prior(label), f64::ln(0.5));
        }
        let b = fit(EventModel::Bernoulli, alpha, Prior::Smoothed);
        for label in Label::ALL {
            for (&lp, &lnp) in b.feature_log_prob(label).iter().zip(b.feature_log_not_prob(label)) {
                assert_close_1e12(lp, f64::ln(0.5));
                assert_close_1e12(lnp, f64::ln(0.5));
            }
        }
        assert!(b.posterior(&toks("free money")).log_odds.unwrap().abs() < 1e-9);
    }
}
