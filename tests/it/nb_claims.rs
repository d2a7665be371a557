#![cfg(not(target_arch = "wasm32"))]
//! The naive Bayes veto sentences name the pseudo-count that left the zero: α for the
//! multinomial words (and for α-smoothing), β₁ (a word's presence) or β₀ (its absence) for
//! the Bernoulli tables once Beta pseudo-counts replace α there (`src/nb/smoothing.rs`:
//! p_cw = (d_cw + β₁)/(N_c + β₀ + β₁), so p = 0 needs d_cw = 0 and β₁ = 0, and 1 − p = 0
//! needs d_cw = N_c and β₀ = 0).
//!
//! Corpus A (as tests/nb_explain.rs): spam "free money", spam "free free prize",
//! ham "meeting money"; d_spam: free 2, money 1, prize 1, meeting 0 (N = 2); d_ham: free 0,
//! money 1, prize 0, meeting 1 (N = 1).

use genlab::nb::{EventModel, Label, NaiveBayes, Prior, Smoothing};

fn toks(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn fit(event: EventModel, alpha: f64, smoothing: Smoothing) -> NaiveBayes {
    let corpus = vec![
        (toks("free money"), Label::Spam),
        (toks("free free prize"), Label::Spam),
        (toks("meeting money"), Label::Ham),
    ];
    let mut m = NaiveBayes::fit_tokens(&corpus, event, alpha, Prior::MaximumLikelihood).unwrap();
    m.set_smoothing(smoothing).unwrap();
    m
}

#[test]
fn a_zero_from_beta1_is_blamed_on_beta1_not_alpha() {
    // The audit's replay (H8): β₁ = 0, β₀ = α_c = 1, α = 1, message "prize meeting": "prize"
    // is in no ham message, "meeting" in no spam message; p = d/(N + β₀) = 0 for both.
    let m = fit(EventModel::Bernoulli, 1.0, Smoothing::bayesian(0.0, 1.0, 1.0, 1.0).unwrap());
    let e = m.explain_tokens(&toks("prize meeting"));
    let s = e.sentences();
    assert!(
        s.iter()
            .any(|x| x.contains("“prize” never appears in ham training messages, so with β₁ = 0 P(prize | ham) = 0")),
        "{s:#?}"
    );
    assert!(
        s.iter().any(|x| x.contains("“meeting” never appears in spam training messages, so with β₁ = 0")),
        "{s:#?}"
    );
    assert!(
        s.iter()
            .any(|x| x.starts_with("Both classes are ruled out")
                && x.ends_with("Pseudo-counts β₁ > 0 and β₀ > 0 fix this.")),
        "{s:#?}"
    );
    assert!(s.iter().all(|x| !x.contains('α')), "α is 1 and not the cause: {s:#?}");
}

#[test]
fn a_zero_from_beta0_is_blamed_on_beta0() {
    // β₀ = 0: "free" is in every spam message (d = N = 2), so P(no “free” | spam) = 0 for a
    // message without it, whatever α is.
    let m = fit(EventModel::Bernoulli, 1.0, Smoothing::bayesian(1.0, 0.0, 1.0, 1.0).unwrap());
    let e = m.explain_tokens(&toks("money"));
    let s = e.sentences();
    assert!(
        s.iter().any(|x| x.contains(
            "“free” appears in every spam training message but not in this one, so with β₀ = 0 P(no “free” | spam) = 0"
        )),
        "{s:#?}"
    );
    assert!(s.iter().all(|x| !x.contains('α')), "{s:#?}");
}

#[test]
fn alpha_is_named_where_alpha_smooths() {
    // α-smoothing (Bernoulli) and the multinomial words under Beta mode both use α.
    for (event, smoothing) in [
        (EventModel::Bernoulli, Smoothing::Lidstone),
        (EventModel::Multinomial, Smoothing::Lidstone),
        (EventModel::Multinomial, Smoothing::bayesian(1.0, 1.0, 1.0, 1.0).unwrap()),
    ] {
        let m = fit(event, 0.0, smoothing);
        let s = m.explain_tokens(&toks("prize meeting")).sentences();
        assert!(s.iter().any(|x| x.contains("so with α = 0 P(prize | ham) = 0")), "{event:?} {smoothing:?}: {s:#?}");
        assert!(s.iter().any(|x| x.ends_with("Any α > 0 fixes this.")), "{s:#?}");
    }
}

/// The corpus loader's rule "at least two of each class" with its reason: the 80/20 split
/// holds out round(0.2·n) messages of a class of n (`src/nb/corpus.rs`, stratified_split),
/// which is 0 for n = 2 (round(0.4)) and 1 for n = 3 (round(0.6)). So two messages of a class
/// do not give "one to train on, one to test"; the sentence says three are needed for that.
#[test]
fn a_class_of_two_messages_has_none_to_test_and_the_sentence_says_so() {
    use genlab::nb::lab::{CorpusLoader, SpamLab};
    let lab_on = |corpus: &str| {
        let mut lab = SpamLab::builtin().expect("the built-in corpus trains");
        let mut loader = CorpusLoader::new(corpus.as_bytes(), "mine.tsv").unwrap();
        while !loader.step(usize::MAX) {}
        lab.replace_corpus(loader).map(|_| lab)
    };
    let hams =
        "ham\tsee you at noon\nham\tlunch at noon\nham\tcall me later\nham\tthe meeting moved\nham\tdinner tonight\n";
    for (spams, tested) in [(2usize, 0usize), (3, 1)] {
        let corpus =
            format!("{hams}{}", (0..spams).map(|i| format!("spam\tfree prize number {i}\n")).collect::<String>());
        let lab = lab_on(&corpus).expect("two of each class is accepted");
        // The corpus keeps the file's order: messages 0–4 are the ham lines, the rest spam.
        let test_spam = lab.split().test.iter().filter(|&&i| i >= 5).count();
        assert_eq!(test_spam, tested, "{spams} spam messages");
    }
    let err = lab_on(&format!("{hams}spam\tfree prize\n")).expect_err("one spam message is refused");
    let s = err.to_string();
    assert!(
        s.contains("at least two of each class (and three or more for the 80/20 split to hold one out for testing)"),
        "{s}"
    );
    assert!(!s.contains("one to train on, one to test"), "{s}");
}
