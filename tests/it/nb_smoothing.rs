#![cfg(not(target_arch = "wasm32"))]
//! Smoothing as a prior: Beta(β₁, β₀) pseudo-counts for the Bernoulli words and
//! Dirichlet(α_ham, α_spam) pseudo-counts for the class prior ([`Smoothing::Bayesian`]).
//!
//! Expected values are posterior means written out by hand from the counts of corpus B:
//!   spam "win free prize", spam "free cash now";
//!   ham "meeting at noon", ham "free lunch at noon", ham "notes at noon".
//!   N_spam = 2, N_ham = 3, N = 5, |V| = 10 (win free prize cash now meeting at noon lunch notes).
//!   d_spam: free 2, win 1, prize 1, cash 1, now 1, the rest 0;
//!   d_ham:  at 3, noon 3, free 1, meeting 1, lunch 1, notes 1, the rest 0.
//! Posterior mean of a Beta(β₁, β₀) prior after d of N: (d + β₁)/(N + β₀ + β₁); of a
//! Dirichlet(α_c) prior on the classes: (N_c + α_c)/(N + α₀) (conjugacy; seed notes).

use genlab::nb::lab::SpamLab;
use genlab::nb::{
    describe_beta_prior, describe_class_prior, tokenize, EventModel, Explanation, Label, NaiveBayes, Prior,
    PseudoCounts, Smoothing,
};
use genlab::Error;

use crate::common;
use common::close_rel;

const DOCS: &[(&str, Label)] = &[
    ("win free prize", Label::Spam),
    ("free cash now", Label::Spam),
    ("meeting at noon", Label::Ham),
    ("free lunch at noon", Label::Ham),
    ("notes at noon", Label::Ham),
];

/// (word, d_ham, d_spam), counted by hand from DOCS.
const DOC_COUNTS: &[(&str, u64, u64)] = &[
    ("win", 0, 1),
    ("free", 1, 2),
    ("prize", 0, 1),
    ("cash", 0, 1),
    ("now", 0, 1),
    ("meeting", 1, 0),
    ("at", 3, 0),
    ("noon", 3, 0),
    ("lunch", 1, 0),
    ("notes", 1, 0),
];

const N: [f64; 2] = [3.0, 2.0]; // [N_ham, N_spam]

fn toks(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn model(event: EventModel, alpha: f64, prior: Prior) -> NaiveBayes {
    let docs: Vec<(Vec<String>, Label)> = DOCS.iter().map(|(t, l)| (toks(t), *l)).collect();
    NaiveBayes::fit_tokens(&docs, event, alpha, prior).unwrap()
}

fn bayesian(beta1: f64, beta0: f64, alpha_ham: f64, alpha_spam: f64) -> Smoothing {
    Smoothing::Bayesian(PseudoCounts { beta1, beta0, alpha_class: [alpha_ham, alpha_spam] })
}

fn ledger_sum(e: &Explanation) -> f64 {
    e.prior_log_ratio + e.words.iter().map(|w| w.contribution).sum::<f64>() + e.absent_evidence.unwrap_or(0.0)
}

#[test]
fn bernoulli_tables_are_beta_posterior_means() {
    let (b1, b0) = (0.5, 2.0);
    let mut m = model(EventModel::Bernoulli, 1.0, Prior::Smoothed);
    m.set_smoothing(bayesian(b1, b0, 1.5, 0.5)).unwrap();
    for &(word, d_ham, d_spam) in DOC_COUNTS {
        let i = m.counts().index_of(word).unwrap();
        for (label, d) in [(Label::Ham, d_ham), (Label::Spam, d_spam)] {
            let n_c = N[label.index()];
            let p = (d as f64 + b1) / (n_c + b0 + b1);
            let not_p = (n_c - d as f64 + b0) / (n_c + b0 + b1);
            assert!(close_rel(m.feature_log_prob(label)[i], p.ln(), 1e-12), "{word} | {label}");
            assert!(close_rel(m.feature_log_not_prob(label)[i], not_p.ln(), 1e-12), "no {word} | {label}");
            // The two means sum to 1: they are P(present) and P(absent) of one Beta posterior.
            assert!(close_rel(p + not_p, 1.0, 1e-15));
        }
    }
    // free | spam = (2 + 0.5)/(2 + 2 + 0.5) = 5/9 (by hand).
    assert!(close_rel(m.word_log_prob("free", Label::Spam).unwrap(), (5.0f64 / 9.0).ln(), 1e-12));
}

#[test]
fn smoothed_prior_is_the_dirichlet_posterior_mean() {
    // α_ham = 1.5, α_spam = 0.5, α₀ = 2: P(spam) = (2 + 0.5)/(5 + 2) = 5/14, P(ham) = 9/14.
    let mut m = model(EventModel::Bernoulli, 1.0, Prior::Smoothed);
    m.set_smoothing(bayesian(1.0, 1.0, 1.5, 0.5)).unwrap();
    assert!(close_rel(m.log_prior(Label::Spam), (5.0f64 / 14.0).ln(), 1e-12));
    assert!(close_rel(m.log_prior(Label::Ham), (9.0f64 / 14.0).ln(), 1e-12));
    // The maximum-likelihood and uniform priors ignore the pseudo-counts.
    m.set_prior(Prior::MaximumLikelihood);
    assert!(close_rel(m.log_prior(Label::Spam), (2.0f64 / 5.0).ln(), 1e-12));
    m.set_prior(Prior::Uniform);
    assert!(close_rel(m.log_prior(Label::Spam), 0.5f64.ln(), 1e-15));
}

#[test]
fn beta_one_one_is_laplace() {
    // β₁ = β₀ = 1: p_cw = (d_cw + 1)/(N_c + 2), the Laplace estimate, for every word.
    let mut m = model(EventModel::Bernoulli, 0.0, Prior::Smoothed);
    m.set_smoothing(bayesian(1.0, 1.0, 1.0, 1.0)).unwrap();
    for &(word, d_ham, d_spam) in DOC_COUNTS {
        for (label, d) in [(Label::Ham, d_ham), (Label::Spam, d_spam)] {
            let laplace = (d as f64 + 1.0) / (N[label.index()] + 2.0);
            assert!(close_rel(m.word_log_prob(word, label).unwrap(), laplace.ln(), 1e-12), "{word} | {label}");
        }
    }
    // (N_c + 1)/(N + 2): P(spam) = 3/7.
    assert!(close_rel(m.log_prior(Label::Spam), (3.0f64 / 7.0).ln(), 1e-12));
}

#[test]
fn equal_pseudo_counts_reproduce_alpha_smoothing_tables() {
    let messages = ["free prize now", "lunch at noon", "free free notes", "unknown words only", ""];
    for event in [EventModel::Bernoulli, EventModel::Multinomial] {
        for prior in [Prior::MaximumLikelihood, Prior::Smoothed, Prior::Uniform] {
            for alpha in [0.0, 0.01, 0.5, 1.0, 3.0] {
                let lidstone = model(event, alpha, prior);
                let mut beta = model(event, alpha, prior);
                beta.set_smoothing(bayesian(alpha, alpha, alpha, alpha)).unwrap();
                let what = format!("{event:?} {prior:?} α = {alpha}");
                for label in Label::ALL {
                    assert!(close_rel(beta.log_prior(label), lidstone.log_prior(label), 1e-12), "{what}");
                    for (a, b) in beta.feature_log_prob(label).iter().zip(lidstone.feature_log_prob(label)) {
                        assert!(close_rel(*a, *b, 1e-12), "{what}");
                    }
                    for (a, b) in beta.feature_log_not_prob(label).iter().zip(lidstone.feature_log_not_prob(label)) {
                        assert!(close_rel(*a, *b, 1e-12), "{what}");
                    }
                }
                for msg in messages {
                    let (x, y) = (beta.explain_tokens(&toks(msg)), lidstone.explain_tokens(&toks(msg)));
                    assert_eq!(x.log_joint, y.log_joint, "{what}: {msg}");
                    assert_eq!(x.verdict, y.verdict);
                }
            }
        }
    }
}

#[test]
fn ledger_identity_holds_with_bayesian_pseudo_counts() {
    for event in [EventModel::Bernoulli, EventModel::Multinomial] {
        for prior in [Prior::MaximumLikelihood, Prior::Smoothed] {
            let mut m = model(event, 0.7, prior);
            m.set_smoothing(bayesian(0.3, 4.0, 2.0, 0.25)).unwrap();
            for msg in ["win free prize", "lunch at noon", "free notes now", "nothing known", ""] {
                let e = m.explain_tokens(&toks(msg));
                let log_odds = e.log_odds.unwrap();
                assert!(close_rel(ledger_sum(&e), log_odds, 1e-12), "{event:?} {prior:?} {msg}: {}", ledger_sum(&e));
                assert_eq!(e.smoothing, m.smoothing());
                assert_eq!(e.pseudo_counts.beta0, 4.0);
                assert_eq!(e.class_docs, [3, 2]);
            }
        }
    }
}

#[test]
fn bayesian_log_joint_matches_a_hand_sum_over_the_vocabulary() {
    // score_c = log π̄_c + Σ_{w∈V} [x_w log p̄_cw + (1 − x_w) log(1 − p̄_cw)] with the hand counts.
    let (b1, b0, a_ham, a_spam) = (0.5, 2.0, 1.5, 0.5);
    let mut m = model(EventModel::Bernoulli, 1.0, Prior::Smoothed);
    m.set_smoothing(bayesian(b1, b0, a_ham, a_spam)).unwrap();
    let prior = [(3.0 + a_ham) / (5.0 + a_ham + a_spam), (2.0 + a_spam) / (5.0 + a_ham + a_spam)];
    for msg in ["win free", "at noon notes", "cash"] {
        let present: Vec<&str> = msg.split_whitespace().collect();
        for label in Label::ALL {
            let c = label.index();
            let mut score = prior[c].ln();
            for &(word, d_ham, d_spam) in DOC_COUNTS {
                let d = [d_ham, d_spam][c] as f64;
                let p = (d + b1) / (N[c] + b0 + b1);
                score += if present.contains(&word) { p.ln() } else { (1.0 - p).ln() };
            }
            assert!(close_rel(m.log_joint(&toks(msg))[c], score, 1e-12), "{msg} | {label}");
        }
    }
}

#[test]
fn alpha_only_moves_the_multinomial_words_in_bayesian_mode() {
    let mut b = model(EventModel::Bernoulli, 1.0, Prior::Smoothed);
    b.set_smoothing(bayesian(0.5, 2.0, 1.5, 0.5)).unwrap();
    let before = b.feature_log_prob(Label::Spam).to_vec();
    let prior = b.log_prior(Label::Spam);
    b.set_alpha(5.0).unwrap();
    assert_eq!(b.feature_log_prob(Label::Spam), before.as_slice(), "Bernoulli words follow β, not α");
    assert_eq!(b.log_prior(Label::Spam), prior, "the smoothed prior follows α_c, not α");
    b.set_event_model(EventModel::Multinomial).unwrap();
    // Multinomial free | spam at α = 5: (2 + 5)/(6 + 5·10) = 7/56 (n_spam = 6 tokens, |V| = 10).
    assert!(close_rel(b.word_log_prob("free", Label::Spam).unwrap(), (7.0f64 / 56.0).ln(), 1e-12));
    // Back to one α: everything follows α again.
    b.set_event_model(EventModel::Bernoulli).unwrap();
    b.set_smoothing(Smoothing::Lidstone).unwrap();
    // (2 + 5)/(2 + 2·5) = 7/12.
    assert!(close_rel(b.word_log_prob("free", Label::Spam).unwrap(), (7.0f64 / 12.0).ln(), 1e-12));
    assert_eq!(b.pseudo_counts(), PseudoCounts::uniform(5.0));
}

#[test]
fn invalid_pseudo_counts_are_refused_and_change_nothing() {
    let mut m = model(EventModel::Bernoulli, 1.0, Prior::Smoothed);
    let before = m.explain_tokens(&toks("free prize"));
    for (bad, name) in [
        (bayesian(-1.0, 1.0, 1.0, 1.0), "β₁"),
        (bayesian(1.0, f64::NAN, 1.0, 1.0), "β₀"),
        (bayesian(1.0, 1.0, f64::INFINITY, 1.0), "α_ham"),
        (bayesian(1.0, 1.0, 1.0, -0.5), "α_spam"),
    ] {
        let err = m.set_smoothing(bad).unwrap_err();
        assert!(matches!(err, Error::InvalidParameter { name: n, .. } if n == name), "{err}");
        assert!(!err.to_string().contains("NaN"), "{err}");
    }
    assert_eq!(m.smoothing(), Smoothing::Lidstone);
    assert_eq!(m.explain_tokens(&toks("free prize")), before);
}

#[test]
fn zero_beta_gives_the_maximum_likelihood_veto() {
    // β₁ = β₀ = 0: p_ham,win = 0/3, so "win" rules ham out, as at α = 0.
    let mut m = model(EventModel::Bernoulli, 1.0, Prior::MaximumLikelihood);
    m.set_smoothing(bayesian(0.0, 0.0, 0.0, 0.0)).unwrap();
    let e = m.explain_tokens(&toks("win"));
    assert_eq!(e.words[0].p_ham, 0.0);
    assert_eq!(e.verdict, None, "win rules out ham; the absent at/noon (in every ham) too, and no-free rules spam out");
    assert!(e.log_odds.is_none() && e.p_spam.is_none());
}

#[test]
fn formulas_show_the_pseudo_counts() {
    let mut m = model(EventModel::Bernoulli, 1.0, Prior::Smoothed);
    m.set_smoothing(bayesian(0.5, 2.0, 1.5, 0.5)).unwrap();
    let e = m.explain_tokens(&toks("free"));
    // (2 + 0.5)/(2 + 2 + 0.5) = 5/9 = 0.5556; (1 + 0.5)/(3 + 2 + 0.5) = 3/11 = 0.2727.
    assert_eq!(e.formula("free", Label::Spam).unwrap(), "P(free present | spam) = (2 + 0.5) / (2 + 2 + 0.5) = 0.5556");
    assert_eq!(e.formula("free", Label::Ham).unwrap(), "P(free present | ham) = (1 + 0.5) / (3 + 2 + 0.5) = 0.2727");
    // (2 + 0.5)/(5 + 0.5 + 1.5) = 5/14 = 0.3571; (3 + 1.5)/(5 + 1.5 + 0.5) = 9/14 = 0.6429.
    assert_eq!(e.prior_formula(Label::Spam), "P(spam) = (2 + 0.5) / (5 + 0.5 + 1.5) = 0.3571");
    assert_eq!(e.prior_formula(Label::Ham), "P(ham) = (3 + 1.5) / (5 + 1.5 + 0.5) = 0.6429");
    // One α: (N_c + α)/(N + 2α) = (2 + 1)/(5 + 2) = 0.4286; ML 2/5; uniform 1/2.
    m.set_smoothing(Smoothing::Lidstone).unwrap();
    assert_eq!(m.explain_tokens(&toks("free")).prior_formula(Label::Spam), "P(spam) = (2 + 1) / (5 + 2 × 1) = 0.4286");
    m.set_prior(Prior::MaximumLikelihood);
    assert_eq!(m.explain_tokens(&toks("free")).prior_formula(Label::Spam), "P(spam) = 2 / 5 = 0.4");
    m.set_prior(Prior::Uniform);
    assert_eq!(m.explain_tokens(&toks("free")).prior_formula(Label::Ham), "P(ham) = 1 / 2 = 0.5");
}

#[test]
fn a_beta_prior_is_described_by_its_mean_and_strength() {
    // Beta(1, 1): mean 1/2, strength 2 (Laplace). Beta(0.5, 2): mean 0.5/2.5 = 0.2, strength 2.5.
    let laplace = describe_beta_prior(1.0, 1.0).unwrap();
    assert_eq!((laplace.mean, laplace.strength), (Some(0.5), 2.0));
    let skewed = describe_beta_prior(0.5, 2.0).unwrap();
    assert!(close_rel(skewed.mean.unwrap(), 0.2, 1e-15));
    assert_eq!(skewed.strength, 2.5);
    assert!(skewed.sentence.contains("0.2") && skewed.sentence.contains("2.5 pseudo-message"), "{}", skewed.sentence);
    let none = describe_beta_prior(0.0, 0.0).unwrap();
    assert_eq!(none.mean, None);
    assert!(none.sentence.contains("maximum likelihood"));
    assert!(describe_beta_prior(-1.0, 1.0).is_err() && describe_beta_prior(1.0, f64::NAN).is_err());
    // Dirichlet(α_ham = 3, α_spam = 1): P(spam) believed 1/4, worth 4 messages.
    let classes = describe_class_prior(3.0, 1.0).unwrap();
    assert_eq!((classes.mean, classes.strength), (Some(0.25), 4.0));
}

#[test]
fn spam_lab_switches_smoothing_and_keeps_it_across_reseeding() {
    let mut lab = SpamLab::builtin().unwrap();
    lab.set_event_model(EventModel::Bernoulli).unwrap();
    lab.set_prior(Prior::Smoothed);
    let s = bayesian(0.5, 3.0, 2.0, 1.0);
    lab.set_smoothing(s).unwrap();
    assert_eq!(lab.smoothing(), s);
    let ledger = lab.explain("free prize");
    assert_eq!(ledger.explanation.smoothing, s);
    assert!(ledger.formulas().iter().all(|[spam, _]| spam.contains("+ 3 + 0.5)")), "{:?}", ledger.formulas());
    assert!(ledger.prior_formulas[1].starts_with("P(spam) = ("), "{:?}", ledger.prior_formulas);
    lab.set_seed(7).unwrap();
    assert_eq!(lab.smoothing(), s);
    assert!(lab.set_smoothing(bayesian(f64::NAN, 1.0, 1.0, 1.0)).is_err());
    assert_eq!(lab.smoothing(), s);
    // Compare with a fresh model on the same counts.
    let mut fresh =
        NaiveBayes::from_counts(lab.model().shared_counts(), EventModel::Bernoulli, 1.0, Prior::Smoothed).unwrap();
    fresh.set_smoothing(s).unwrap();
    let msg = "meeting notes free";
    assert_eq!(lab.explain(msg).explanation.log_joint, fresh.explain_tokens(&tokenize(msg)).log_joint);
}

#[test]
fn smoothing_bayesian_constructor_checks_its_numbers() {
    assert_eq!(Smoothing::bayesian(0.5, 2.0, 1.5, 0.5).unwrap(), bayesian(0.5, 2.0, 1.5, 0.5));
    assert!(matches!(Smoothing::bayesian(0.5, -2.0, 1.5, 0.5), Err(Error::InvalidParameter { name: "β₀", .. })));
    assert_eq!(PseudoCounts { beta1: 1.0, beta0: 1.0, alpha_class: [2.0, 0.5] }.alpha0(), 2.5);
}
