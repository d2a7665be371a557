#![cfg(not(target_arch = "wasm32"))]
//! The spam panel's “ignore common words” switch (`SpamLab::set_ignore_common_words`, the
//! list in `genlab::nb::stopwords`): with it on the model is naive Bayes on the training
//! messages without the common words, the scored message loses them too, the ledger lists
//! them and still sums exactly to the log-odds; with it off nothing changes.
//!
//! Expected numbers were printed by `tools/sklearn/nb_common_words.py` (scikit-learn 1.9.1,
//! numpy 2.4.6: MultinomialNB and BernoulliNB, α = 1, maximum-likelihood prior, on the
//! common-word list typed out again in that script) from the training part that
//! `cargo run --example nb_dump_teaching -- tests/fixtures/email/spam-english-alternative-stub.eml --text "…"`
//! writes: the built-in teaching corpus, split seed 1, 179 ham and 118 spam messages.

use genlab::nb::lab::{Ledger, SpamLab};
use genlab::nb::{EventModel, Label};

/// The pasted multipart spam (“Earn $1500 or more per week!”), scored on its HTML part.
fn alternative_stub_email() -> String {
    let path = format!("{}/tests/fixtures/email/spam-english-alternative-stub.eml", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

/// A typed spam message whose function words outweigh its spam words in the teaching corpus.
const WORDY_SPAM: &str =
    "Earn $1500 or more per week! I did it and so can you. The offer is for the first 100 people, the cash is real.";

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9 * b.abs().max(1.0)
}

/// prior + Σ word rows (+ the Bernoulli absent-word term) = log-odds.
fn assert_ledger_sums(ledger: &Ledger) {
    let e = &ledger.explanation;
    let sum =
        e.prior_log_ratio + e.words.iter().map(|w| w.contribution).sum::<f64>() + e.absent_evidence.unwrap_or(0.0);
    let lo = e.log_odds.unwrap();
    assert!(close(sum, lo), "rows sum {sum} ≠ log-odds {lo}");
}

fn ignoring() -> SpamLab {
    let mut lab = SpamLab::builtin().unwrap();
    lab.set_ignore_common_words(true).unwrap();
    lab
}

#[test]
fn the_model_is_naive_bayes_on_the_training_messages_without_common_words() {
    let lab = ignoring();
    // scikit-learn: |V| = 1559 (1653 with them), tokens ham 1523, spam 2014 (2311, 2588).
    assert_eq!(lab.report().vocabulary, 1559);
    let counts = lab.model().counts();
    assert_eq!([counts.total_tokens(Label::Ham), counts.total_tokens(Label::Spam)], [1523, 2014]);
    assert_eq!([counts.num_docs(Label::Ham), counts.num_docs(Label::Spam)], [179, 118]);
    for w in ["the", "i", "your", "的", "我"] {
        assert!(!lab.word_counts(w).in_vocabulary, "{w} is not counted");
    }
    assert!(lab.word_counts("free").in_vocabulary);
    // With the switch off the same corpus counts them all.
    let all = SpamLab::builtin().unwrap();
    assert_eq!(all.report().vocabulary, 1653);
    assert_eq!(all.word_counts("the").token_counts, [115, 10]);
    // The figures src/nb/stopwords.rs's header quotes: [ham, spam] training occurrences.
    assert_eq!(all.word_counts("i").token_counts, [21, 2]);
    assert_eq!(all.word_counts("your").token_counts, [20, 72]);
}

#[test]
fn the_multipart_spam_reads_spam_with_common_words_ignored_at_the_log_odds_scikit_learn_gives() {
    let mut lab = ignoring();
    let ledger = lab.explain(&alternative_stub_email());
    assert_eq!(ledger.email.as_ref().unwrap().part, "html-alternative");
    let e = &ledger.explanation;
    // scikit-learn MultinomialNB on the filtered counts: 8.650695584694 (12.308811586042 with
    // every word).
    assert!(close(e.log_odds.unwrap(), 8.650695584694), "{:?}", e.log_odds);
    assert_eq!(e.verdict, Some(Label::Spam));
    let dropped: Vec<(&str, u32)> = ledger.common_words.iter().map(|w| (w.word.as_str(), w.count)).collect();
    assert_eq!(dropped, [("or", 1), ("from", 1), ("here", 1), ("to", 1), ("your", 1)]);
    assert!(ledger.ignore_common_words);
    assert!(e.words.iter().all(|w| !["or", "from", "here", "to", "your"].contains(&w.word.as_str())));
    // The message's 20 tokens, the 5 left out among them.
    assert_eq!(ledger.tokens, 20);
    assert_ledger_sums(&ledger);

    // Bernoulli: 3.090597305807, the absent-word term included.
    lab.set_event_model(EventModel::Bernoulli).unwrap();
    let ledger = lab.explain(&alternative_stub_email());
    assert!(close(ledger.explanation.log_odds.unwrap(), 3.090597305807), "{:?}", ledger.explanation.log_odds);
    assert_ledger_sums(&ledger);
}

#[test]
fn a_wordy_spam_turns_from_ham_to_spam_when_common_words_are_ignored() {
    let all = SpamLab::builtin().unwrap();
    let before = all.explain(WORDY_SPAM);
    // scikit-learn: −11.068688774043 with every word, 4.964186936520 without the common ones.
    assert!(close(before.explanation.log_odds.unwrap(), -11.068688774043));
    assert_eq!(before.explanation.verdict, Some(Label::Ham));
    assert!(before.common_words.is_empty() && !before.ignore_common_words);

    let after = ignoring().explain(WORDY_SPAM);
    assert!(close(after.explanation.log_odds.unwrap(), 4.964186936520), "{:?}", after.explanation.log_odds);
    assert_eq!(after.explanation.verdict, Some(Label::Spam));
    let dropped: Vec<(&str, u32)> = after.common_words.iter().map(|w| (w.word.as_str(), w.count)).collect();
    assert_eq!(
        dropped,
        [
            ("or", 1),
            ("i", 1),
            ("did", 1),
            ("it", 1),
            ("and", 1),
            ("so", 1),
            ("can", 1),
            ("you", 1),
            ("the", 3),
            ("is", 2),
            ("for", 1)
        ]
    );
    assert_ledger_sums(&after);
}

#[test]
fn the_ledger_sums_exactly_with_common_words_ignored_in_every_event_model_and_language() {
    let mut lab = ignoring();
    for event in [EventModel::Multinomial, EventModel::Bernoulli] {
        lab.set_event_model(event).unwrap();
        for text in [WORDY_SPAM, "您的话费余额不足，充100送50，点击链接马上充值。", "the i and you", ""]
        {
            let ledger = lab.explain(text);
            assert!(ledger.explanation.log_odds.is_some(), "{text:?}");
            assert_ledger_sums(&ledger);
        }
    }
    // A message of common words only: the prior alone (and, Bernoulli, the absent words).
    lab.set_event_model(EventModel::Multinomial).unwrap();
    let only = lab.explain("the I and you");
    assert!(only.explanation.words.is_empty() && only.explanation.unknown_words.is_empty());
    assert_eq!(only.common_words.len(), 4);
    assert!(close(only.explanation.log_odds.unwrap(), only.explanation.prior_log_ratio));
    // Chinese particles and pronouns are left out the same way.
    let zh = lab.explain("您的话费余额不足");
    let dropped: Vec<&str> = zh.common_words.iter().map(|w| w.word.as_str()).collect();
    assert_eq!(dropped, ["您", "的"]);
}

#[test]
fn switching_common_words_off_again_changes_nothing() {
    let mut lab = SpamLab::builtin().unwrap();
    assert!(!lab.ignore_common_words(), "off by default");
    let fresh = SpamLab::builtin().unwrap();
    lab.set_ignore_common_words(true).unwrap();
    lab.set_ignore_common_words(false).unwrap();
    for text in [WORDY_SPAM, alternative_stub_email().as_str(), "明天meeting改到3pm", ""] {
        let (a, b) = (lab.explain(text), fresh.explain(text));
        assert_eq!(a, b, "{text:?}");
        assert!(a.common_words.is_empty());
    }
    assert_eq!(lab.report(), fresh.report());
    assert_eq!(lab.evaluate(), SpamLab::builtin().unwrap().evaluate());
    assert_eq!(lab.bags(), fresh.bags());
}

#[test]
fn edits_and_the_learning_curves_bags_leave_common_words_out_while_ignored() {
    let mut lab = ignoring();
    let before = lab.model().counts().total_tokens(Label::Spam);
    // "win the cash and the car": 3 tokens counted, "the" ×2 and "and" left out.
    let index = lab.add_message(Label::Spam, "win the cash and the car").unwrap();
    assert_eq!(lab.model().counts().total_tokens(Label::Spam), before + 3);
    assert!(!lab.word_counts("the").in_vocabulary);
    lab.relabel_message(index, Label::Ham).unwrap();
    assert_eq!(lab.model().counts().total_tokens(Label::Spam), before);
    lab.remove_message(index).unwrap();
    assert_eq!(lab.model().counts().total_tokens(Label::Spam), before);
    assert_eq!(lab.explain(WORDY_SPAM), ignoring().explain(WORDY_SPAM));

    // The bags the learning curves read hold no common word.
    let (_, _, ids, _) = lab.bags();
    let (_, _, all_ids, _) = SpamLab::builtin().unwrap().bags();
    assert_eq!(
        all_ids.len() - ids.len(),
        (2311 + 2588) - (1523 + 2014) + count_test_common(&SpamLab::builtin().unwrap())
    );
}

/// The common-word tokens of the test part (the bags hold both parts; the counts only training).
fn count_test_common(lab: &SpamLab) -> usize {
    lab.split()
        .test
        .iter()
        .map(|&i| {
            genlab::nb::tokenize(&lab.message(i).unwrap().text).iter().filter(|t| genlab::nb::is_common_word(t)).count()
        })
        .sum()
}
