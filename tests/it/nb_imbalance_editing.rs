#![cfg(not(target_arch = "wasm32"))]
//! Imbalanced classes (seeded undersampling of ham, oversampling of spam, in the training
//! part only) and the editable corpus of the spam panel ([`SpamLab`]), with the counting
//! underneath ([`Counts::remove_tokens`], [`Counts::relabel_tokens`]).
//!
//! Expected values are derived independently of the code under test: class counts by
//! counting labels over `lab.split()` here, word counts by re-tokenizing the listed
//! messages, and small cases by hand in comments.

use genlab::nb::lab::{CorpusLoader, Part, SpamLab, MAX_PAGE};
use genlab::nb::{resample, tokenize, Counts, EventModel, Label, NaiveBayes, Prior, Resampling};
use genlab::Error;

fn toks(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// [ham, spam] among the given corpus indices of `lab` (repeats counted).
fn class_counts(lab: &SpamLab, indices: &[usize]) -> [usize; 2] {
    let mut n = [0, 0];
    for &i in indices {
        n[lab.message(i).unwrap().label.index()] += 1;
    }
    n
}

/// Counts made afresh from the listed training copies of `lab`.
fn recount(lab: &SpamLab) -> Counts {
    let mut c = Counts::new();
    for &i in lab.training_indices() {
        let m = lab.message(i).unwrap();
        c.add_text(&m.text, m.label);
    }
    c
}

/// Whether two counts hold the same numbers for every word, whatever the vocabulary order
/// (a removal keeps the old order, a recount numbers words by first appearance).
fn same_counts(a: &Counts, b: &Counts) -> bool {
    let totals = |c: &Counts| Label::ALL.map(|l| (c.num_docs(l), c.total_tokens(l)));
    a.vocabulary_size() == b.vocabulary_size()
        && totals(a) == totals(b)
        && a.words().iter().enumerate().all(|(i, w)| {
            b.index_of(w).is_some_and(|j| {
                Label::ALL
                    .iter()
                    .all(|&l| a.token_count(l, i) == b.token_count(l, j) && a.doc_count(l, i) == b.doc_count(l, j))
            })
        })
}

/// Everything a model computes from its counts, for exact comparisons.
fn tables(m: &NaiveBayes) -> (Vec<f64>, Vec<f64>, Vec<f64>, [f64; 2]) {
    (
        m.feature_log_prob(Label::Ham).to_vec(),
        m.feature_log_prob(Label::Spam).to_vec(),
        m.feature_log_not_prob(Label::Spam).to_vec(),
        [m.log_prior(Label::Ham), m.log_prior(Label::Spam)],
    )
}

// ---------------------------------------------------------------------------------------
// Resampling, the function.

#[test]
fn undersampling_keeps_as_many_ham_as_spam_and_all_the_spam() {
    // 10 ham (indices 0–9) and 3 spam (10–12) in training; 14 and 15 (ham, spam) are test.
    let mut labels = vec![Label::Ham; 10];
    labels.extend([Label::Spam; 3]);
    labels.extend([Label::Ham, Label::Spam]);
    let train: Vec<usize> = (0..13).collect();
    let (kept, report) = resample(&train, &labels, Resampling::UndersampleHam, 42);
    assert_eq!((report.before, report.after), ([10, 3], [3, 3]));
    assert_eq!((report.dropped, report.duplicated), (7, 0));
    assert_eq!(kept.len(), 6);
    assert!(kept.windows(2).all(|w| w[0] < w[1]), "sorted, no repeats");
    assert!(kept.ends_with(&[10, 11, 12]), "every spam message is kept");
    assert!(kept.iter().all(|i| train.contains(i)), "only training indices");
    // Deterministic for a seed; another seed picks other ham (for these seeds).
    assert_eq!(resample(&train, &labels, Resampling::UndersampleHam, 42).0, kept);
    let others: Vec<Vec<usize>> = (0..5).map(|s| resample(&train, &labels, Resampling::UndersampleHam, s).0).collect();
    assert!(others.iter().any(|k| *k != kept));
}

#[test]
fn oversampling_repeats_spam_until_it_matches_ham() {
    let mut labels = vec![Label::Ham; 10];
    labels.extend([Label::Spam; 3]);
    let train: Vec<usize> = (0..13).collect();
    let (kept, report) = resample(&train, &labels, Resampling::OversampleSpam, 7);
    assert_eq!((report.before, report.after), ([10, 3], [10, 10]));
    assert_eq!((report.dropped, report.duplicated), (0, 7));
    assert_eq!(kept.len(), 20);
    for i in 0..10 {
        assert_eq!(kept.iter().filter(|&&k| k == i).count(), 1, "each ham once");
    }
    for i in 10..13 {
        assert!(kept.iter().filter(|&&k| k == i).count() >= 1, "each spam at least once");
    }
    assert_eq!(resample(&train, &labels, Resampling::OversampleSpam, 7).0, kept);
}

#[test]
fn resampling_does_nothing_when_the_classes_are_already_the_other_way_round() {
    // 2 ham, 5 spam: no ham to drop, no spam to add.
    let labels = [Label::Ham, Label::Ham, Label::Spam, Label::Spam, Label::Spam, Label::Spam, Label::Spam];
    let train: Vec<usize> = (0..7).collect();
    for method in [Resampling::None, Resampling::UndersampleHam, Resampling::OversampleSpam] {
        let (kept, report) = resample(&train, &labels, method, 1);
        assert_eq!(kept, train);
        assert_eq!((report.before, report.after, report.dropped, report.duplicated), ([2, 5], [2, 5], 0, 0));
    }
}

// ---------------------------------------------------------------------------------------
// Resampling in the lab.

#[test]
fn undersampling_in_the_lab_balances_training_and_never_touches_the_test_part() {
    let mut lab = SpamLab::builtin().unwrap();
    let split = lab.split().clone();
    let before = class_counts(&lab, &split.train);
    assert!(before[0] > before[1], "the teaching corpus has more ham than spam");
    let eval_before = lab.evaluate();
    lab.set_resampling(Resampling::UndersampleHam).unwrap();
    assert_eq!(lab.resampling(), Resampling::UndersampleHam);
    assert_eq!(lab.split(), &split, "the split is unchanged");
    let after = class_counts(&lab, lab.training_indices());
    assert_eq!(after, [before[1], before[1]], "ham count = spam count");
    assert!(lab.training_indices().iter().all(|i| split.train.binary_search(i).is_ok()));
    let m = lab.model().counts();
    assert_eq!([m.num_docs(Label::Ham), m.num_docs(Label::Spam)], [before[1] as u64, before[1] as u64]);
    assert!(same_counts(lab.model().counts(), &recount(&lab)));
    let s = lab.resample_summary();
    assert_eq!((s.report.before, s.report.after, s.report.dropped), (before, after, before[0] - before[1]));
    // ML prior log-ratio: log(N_spam/N_ham) before, log 1 = 0 after.
    assert!((s.prior_log_ratio[0] - (before[1] as f64 / before[0] as f64).ln()).abs() < 1e-12);
    assert_eq!(s.prior_log_ratio[1], 0.0);
    assert_eq!(lab.explain("hello").explanation.prior_log_ratio, 0.0);
    // The test part is evaluated as before: same messages, same class counts.
    let ev = lab.evaluate();
    assert_eq!(ev.test, eval_before.test);
    assert_eq!(ev.current.confusion.total(), eval_before.current.confusion.total());
    assert_eq!(ev.training, after);
    // Listing: a left-out ham training message has 0 copies.
    let dropped = split.train.iter().find(|i| lab.training_indices().binary_search(i).is_err()).unwrap();
    let entry = lab.message(*dropped).unwrap();
    assert_eq!((entry.part, entry.copies, entry.label), (Part::Train, 0, Label::Ham));
}

#[test]
fn oversampling_in_the_lab_duplicates_spam_and_is_deterministic() {
    let mut lab = SpamLab::builtin().unwrap();
    let before = class_counts(&lab, &lab.split().train.clone());
    lab.set_resampling(Resampling::OversampleSpam).unwrap();
    assert_eq!(class_counts(&lab, lab.training_indices()), [before[0], before[0]], "spam count = ham count");
    assert_eq!(lab.resample_summary().report.duplicated, before[0] - before[1]);
    assert!(same_counts(lab.model().counts(), &recount(&lab)), "duplicates are counted again");
    let copies: usize = (0..lab.message_count()).map(|i| lab.message(i).unwrap().copies).sum();
    assert_eq!(copies, 2 * before[0]);
    // Same seed, same resample; the seed also re-splits.
    let mut again = SpamLab::builtin().unwrap();
    again.set_resampling(Resampling::OversampleSpam).unwrap();
    assert_eq!(again.training_indices(), lab.training_indices());
    again.set_seed(2).unwrap();
    assert_eq!(again.resampling(), Resampling::OversampleSpam, "kept across reseeding");
    assert_ne!(again.training_indices(), lab.training_indices());
    // Back to none: the original model, exactly.
    lab.set_resampling(Resampling::None).unwrap();
    let fresh = SpamLab::builtin().unwrap();
    assert_eq!(lab.model().counts(), fresh.model().counts());
    assert_eq!(tables(lab.model()), tables(fresh.model()));
}

#[test]
fn resampling_changes_the_metrics_and_the_prior_term() {
    let mut lab = SpamLab::builtin().unwrap();
    let plain = lab.evaluate();
    let prior = lab.explain("").explanation.prior_log_ratio;
    assert!(prior < 0.0, "more ham than spam: the prior leans to ham");
    lab.set_resampling(Resampling::UndersampleHam).unwrap();
    let under = lab.evaluate();
    assert_eq!(lab.explain("").explanation.prior_log_ratio, 0.0);
    assert_eq!(under.current.confusion.total(), plain.current.confusion.total());
    // The metrics are those of a model fitted afresh on the resampled training messages.
    let docs: Vec<(Vec<String>, Label)> = lab
        .training_indices()
        .iter()
        .map(|&i| {
            let m = lab.message(i).unwrap();
            (tokenize(&m.text), m.label)
        })
        .collect();
    let fresh = NaiveBayes::fit_tokens(&docs, EventModel::Multinomial, 1.0, Prior::MaximumLikelihood).unwrap();
    let test: Vec<(Vec<String>, Label)> = lab
        .split()
        .test
        .iter()
        .map(|&i| {
            let m = lab.message(i).unwrap();
            (tokenize(&m.text), m.label)
        })
        .collect();
    assert_eq!(under.current, genlab::nb::evaluate_tokens(&fresh, &test));
    assert_ne!(under.current, plain.current, "on the teaching corpus the balance moves the metrics");
}

// ---------------------------------------------------------------------------------------
// Editing the corpus.

#[test]
fn adding_then_removing_a_message_restores_counts_and_tables_exactly() {
    for event in [EventModel::Multinomial, EventModel::Bernoulli] {
        let mut lab = SpamLab::builtin().unwrap();
        lab.set_event_model(event).unwrap();
        lab.set_prior(Prior::Smoothed);
        let counts = lab.model().counts().clone();
        let t = tables(lab.model());
        let report = lab.report().clone();
        let split = lab.split().clone();
        let msg = "zyxwv quokka FREE prize 🎁";
        let before = lab.explain(msg);
        let n = lab.message_count();
        let i = lab.add_message(Label::Spam, "quokka zyxwv prize prize").unwrap();
        assert_eq!(i, n, "a new message goes last");
        let entry = lab.message(i).unwrap();
        assert_eq!((entry.part, entry.copies, entry.label), (Part::Train, 1, Label::Spam));
        // Counted at once: two new words join the vocabulary, prize gains 2 spam tokens.
        assert_eq!(lab.model().counts().vocabulary_size(), counts.vocabulary_size() + 2);
        let prize = lab.word_counts("Prize");
        let idx = counts.index_of("prize").unwrap();
        assert_eq!(prize.token_counts[1], counts.token_count(Label::Spam, idx) + 2);
        assert_eq!(prize.doc_counts[1], counts.doc_count(Label::Spam, idx) + 1);
        assert!(lab.word_counts("quokka").in_vocabulary);
        assert!(lab.explain(msg).explanation.unknown_words.len() < before.explanation.unknown_words.len());
        assert_eq!(lab.report().messages[1], report.messages[1] + 1);
        assert_eq!(lab.report().split[0], report.split[0] + 1);
        assert!(same_counts(lab.model().counts(), &recount(&lab)));
        let removed = lab.remove_message(i).unwrap();
        assert_eq!(removed.text, "quokka zyxwv prize prize");
        assert_eq!(*lab.model().counts(), counts, "{event:?}: counts restored");
        assert_eq!(tables(lab.model()), t, "{event:?}: tables restored bit for bit");
        assert_eq!(lab.explain(msg), before);
        assert_eq!(lab.report(), &report);
        assert_eq!(lab.split(), &split);
    }
}

#[test]
fn relabelling_moves_a_messages_counts_between_classes() {
    let mut lab = SpamLab::builtin().unwrap();
    let i = *lab.split().train.iter().find(|&&i| lab.message(i).unwrap().label == Label::Ham).unwrap();
    let text = lab.message(i).unwrap().text;
    let tokens = tokenize(&text);
    let word = tokens[0].clone();
    let occurrences = tokens.iter().filter(|t| **t == word).count() as u64;
    let before = lab.word_counts(&word);
    let docs = lab.model().counts().clone();
    lab.relabel_message(i, Label::Spam).unwrap();
    let after = lab.word_counts(&word);
    assert_eq!(after.token_counts, [before.token_counts[0] - occurrences, before.token_counts[1] + occurrences]);
    assert_eq!(after.doc_counts, [before.doc_counts[0] - 1, before.doc_counts[1] + 1]);
    assert_eq!(after.class_docs, [before.class_docs[0] - 1, before.class_docs[1] + 1]);
    assert_eq!(after.total_tokens[0], before.total_tokens[0] - tokens.len() as u64);
    assert_eq!(lab.model().counts().vocabulary_size(), docs.vocabulary_size());
    assert_eq!(lab.message(i).unwrap().label, Label::Spam);
    assert!(same_counts(lab.model().counts(), &recount(&lab)));
    // Relabelling back restores everything; relabelling to the same label changes nothing.
    lab.relabel_message(i, Label::Ham).unwrap();
    assert_eq!(*lab.model().counts(), docs);
    lab.relabel_message(i, Label::Ham).unwrap();
    assert_eq!(*lab.model().counts(), docs);
}

#[test]
fn editing_the_test_part_changes_the_evaluation_not_the_model() {
    let mut lab = SpamLab::builtin().unwrap();
    let counts = lab.model().counts().clone();
    let ev = lab.evaluate();
    let i = lab.split().test[0];
    let label = lab.message(i).unwrap().label;
    assert_eq!(lab.message(i).unwrap().part, Part::Test);
    lab.relabel_message(i, label.other()).unwrap();
    assert_eq!(*lab.model().counts(), counts);
    let moved = lab.evaluate();
    let mut expected = ev.test;
    expected[label.index()] -= 1;
    expected[label.other().index()] += 1;
    assert_eq!(moved.test, expected);
    let n = lab.message_count();
    let tests = lab.split().test.len();
    lab.remove_message(i).unwrap();
    assert_eq!(*lab.model().counts(), counts);
    assert_eq!((lab.message_count(), lab.split().test.len()), (n - 1, tests - 1));
    assert_eq!(lab.evaluate().current.confusion.total(), tests - 1);
}

#[test]
fn removing_a_message_shifts_the_later_positions() {
    let mut lab = SpamLab::builtin().unwrap();
    let texts: Vec<String> = (0..lab.message_count()).map(|i| lab.message(i).unwrap().text).collect();
    let parts: Vec<Part> = (0..lab.message_count()).map(|i| lab.message(i).unwrap().part).collect();
    lab.remove_message(3).unwrap();
    for i in 3..lab.message_count() {
        let m = lab.message(i).unwrap();
        assert_eq!((m.text.as_str(), m.part), (texts[i + 1].as_str(), parts[i + 1]));
    }
    assert!(same_counts(lab.model().counts(), &recount(&lab)));
}

#[test]
fn bad_edits_are_refused_and_change_nothing() {
    let mut lab = SpamLab::builtin().unwrap();
    let counts = lab.model().counts().clone();
    let n = lab.message_count();
    let existing = lab.message(0).unwrap();
    let err = lab.add_message(Label::Spam, &existing.text).unwrap_err();
    assert!(matches!(err, Error::BadEdit(_)) && err.to_string().contains("position 0"), "{err}");
    assert!(matches!(lab.add_message(Label::Spam, "   "), Err(Error::BadEdit(_))));
    assert!(matches!(lab.add_message(Label::Spam, "two\nlines"), Err(Error::BadEdit(_))));
    let err = lab.remove_message(n).unwrap_err();
    assert_eq!(err, Error::IndexOutOfRange { kind: "message", index: n, len: n });
    assert!(matches!(lab.relabel_message(n + 5, Label::Ham), Err(Error::IndexOutOfRange { .. })));
    assert!(matches!(lab.messages(0, MAX_PAGE + 1), Err(Error::InvalidParameter { .. })));
    assert_eq!(lab.message_count(), n);
    assert_eq!(*lab.model().counts(), counts);
}

#[test]
fn the_last_training_message_of_a_class_cannot_be_removed_or_relabelled() {
    // Two of each class: round(0.2 · 2) = 0 held out, so all four train.
    let text = "ham\tsee you at lunch\nham\tnotes from the lecture\nspam\twin a free prize\nspam\tfree cash now\n";
    for resampling in [Resampling::None, Resampling::OversampleSpam] {
        let mut lab = SpamLab::builtin().unwrap();
        lab.replace_corpus(CorpusLoader::new(text.as_bytes(), "tiny").unwrap()).unwrap();
        lab.set_resampling(resampling).unwrap();
        assert_eq!(lab.split().train, [0, 1, 2, 3]);
        lab.remove_message(2).unwrap();
        let counts = lab.model().counts().clone();
        let err = lab.remove_message(2).unwrap_err();
        assert!(matches!(err, Error::BadEdit(_)) && err.to_string().contains("last spam"), "{err}");
        let err = lab.relabel_message(2, Label::Ham).unwrap_err();
        assert!(err.to_string().contains("last spam"), "{err}");
        assert_eq!(*lab.model().counts(), counts);
        // Adding one first makes it possible.
        lab.add_message(Label::Spam, "urgent prize claim").unwrap();
        lab.remove_message(2).unwrap();
        assert_eq!(lab.model().counts().num_docs(Label::Spam), 1 + u64::from(resampling != Resampling::None));
    }
}

#[test]
fn edits_with_resampling_on_redraw_the_resample() {
    let mut lab = SpamLab::builtin().unwrap();
    lab.set_resampling(Resampling::OversampleSpam).unwrap();
    let i = lab.add_message(Label::Ham, "a brand new ham message about the seminar").unwrap();
    let n = class_counts(&lab, &lab.split().train.clone());
    assert_eq!(class_counts(&lab, lab.training_indices()), [n[0], n[0]]);
    assert_eq!(lab.message(i).unwrap().copies, 1);
    assert!(same_counts(lab.model().counts(), &recount(&lab)));
    lab.relabel_message(i, Label::Spam).unwrap();
    assert!(lab.message(i).unwrap().copies >= 1);
    assert!(same_counts(lab.model().counts(), &recount(&lab)));
    lab.remove_message(i).unwrap();
    let mut fresh = SpamLab::builtin().unwrap();
    fresh.set_resampling(Resampling::OversampleSpam).unwrap();
    assert_eq!(lab.model().counts(), fresh.model().counts());
}

#[test]
fn the_listing_pages_through_the_corpus() {
    let lab = SpamLab::builtin().unwrap();
    let n = lab.message_count();
    let page = lab.messages(10, 5).unwrap();
    assert_eq!((page.offset, page.total, page.entries.len()), (10, n, 5));
    assert_eq!(page.entries.iter().map(|e| e.index).collect::<Vec<_>>(), [10, 11, 12, 13, 14]);
    let last = lab.messages(n - 2, 5).unwrap();
    assert_eq!(last.entries.len(), 2);
    assert!(lab.messages(n + 10, 5).unwrap().entries.is_empty());
    assert!(lab.messages(usize::MAX, MAX_PAGE).unwrap().entries.is_empty());
    let all: Vec<_> = (0..n).step_by(MAX_PAGE).flat_map(|o| lab.messages(o, MAX_PAGE).unwrap().entries).collect();
    assert_eq!(all.len(), n);
    let tests = all.iter().filter(|e| e.part == Part::Test).count();
    assert_eq!(tests, lab.split().test.len());
    assert!(all.iter().all(|e| (e.part == Part::Test) == (e.copies == 0)));
    assert_eq!(lab.report().messages.iter().sum::<usize>(), n);
}

#[test]
fn word_counts_look_up_the_training_counts() {
    let lab = SpamLab::builtin().unwrap();
    let c = lab.model().counts();
    let i = c.index_of("free").unwrap();
    let w = lab.word_counts("  FREE ");
    assert_eq!(w.word, "free");
    assert!(w.in_vocabulary);
    assert_eq!(w.token_counts, [c.token_count(Label::Ham, i), c.token_count(Label::Spam, i)]);
    assert_eq!(w.doc_counts, [c.doc_count(Label::Ham, i), c.doc_count(Label::Spam, i)]);
    // Recount by re-tokenizing the training messages listed.
    let mut by_hand = [0u64; 2];
    for &j in lab.training_indices() {
        let m = lab.message(j).unwrap();
        by_hand[m.label.index()] += tokenize(&m.text).iter().filter(|t| *t == "free").count() as u64;
    }
    assert_eq!(w.token_counts, by_hand);
    let none = lab.word_counts("qqqzzz");
    assert!(!none.in_vocabulary);
    assert_eq!((none.token_counts, none.doc_counts), ([0, 0], [0, 0]));
}

// ---------------------------------------------------------------------------------------
// Counts underneath.

#[test]
fn counts_remove_tokens_undoes_add_tokens_and_refuses_what_was_never_counted() {
    let mut c = Counts::from_docs(&[(toks("free money"), Label::Spam), (toks("meeting money"), Label::Ham)]);
    let original = c.clone();
    c.add_tokens(&toks("free free prize"), Label::Spam);
    c.remove_tokens(&toks("free free prize"), Label::Spam).unwrap();
    assert_eq!(c, original);
    // Never counted as ham, counted fewer times, unknown word: refused, unchanged.
    for (tokens, label) in [("free money", Label::Ham), ("free free", Label::Spam), ("lottery", Label::Spam)] {
        let err = c.remove_tokens(&toks(tokens), label).unwrap_err();
        assert!(matches!(err, Error::BadEdit(_)), "{tokens}: {err}");
        assert_eq!(c, original);
    }
}

#[test]
fn removing_a_middle_message_drops_its_unused_words_and_keeps_the_order() {
    // V in order of appearance: free money meeting prize. Removing "meeting money" (ham)
    // leaves meeting unused: V = free money prize, as a recount would number them.
    let mut c = Counts::from_docs(&[
        (toks("free money"), Label::Spam),
        (toks("meeting money"), Label::Ham),
        (toks("prize"), Label::Spam),
    ]);
    c.remove_tokens(&toks("meeting money"), Label::Ham).unwrap();
    assert_eq!(c.words(), ["free", "money", "prize"]);
    assert_eq!(c, Counts::from_docs(&[(toks("free money"), Label::Spam), (toks("prize"), Label::Spam)]));
    assert_eq!(c.index_of("meeting"), None);
    assert_eq!(c.index_of("prize"), Some(2));
}

#[test]
fn counts_relabel_moves_counts_and_keeps_the_vocabulary() {
    // "meeting money" ham → spam: money ham 1 → 0, spam 1 → 2; meeting ham 1 → 0, spam 0 → 1.
    let mut c = Counts::from_docs(&[(toks("free money"), Label::Spam), (toks("meeting money"), Label::Ham)]);
    c.relabel_tokens(&toks("meeting money"), Label::Ham, Label::Spam).unwrap();
    assert_eq!(c.words(), ["free", "money", "meeting"]);
    assert_eq!(c.token_counts(Label::Spam), [1, 2, 1]);
    assert_eq!(c.token_counts(Label::Ham), [0, 0, 0]);
    assert_eq!((c.num_docs(Label::Ham), c.num_docs(Label::Spam)), (0, 2));
    assert!(c.relabel_tokens(&toks("meeting money"), Label::Ham, Label::Spam).is_err());
}

#[test]
fn naive_bayes_refuses_an_edit_that_empties_a_class_and_stays_unchanged() {
    let docs = vec![(toks("free money"), Label::Spam), (toks("meeting money"), Label::Ham)];
    let mut m = NaiveBayes::fit_tokens(&docs, EventModel::Multinomial, 1.0, Prior::MaximumLikelihood).unwrap();
    let before = tables(&m);
    let err = m.remove_tokens(&toks("meeting money"), Label::Ham).unwrap_err();
    assert!(matches!(err, Error::BadEdit(_)) && err.to_string().contains("no ham messages"), "{err}");
    assert_eq!(tables(&m), before);
    m.add_tokens(&toks("lunch"), Label::Ham).unwrap();
    m.remove_tokens(&toks("meeting money"), Label::Ham).unwrap();
    assert_eq!(m.counts().words(), ["free", "money", "lunch"]);
}

#[test]
fn resampling_methods_have_names_for_the_ui() {
    for r in Resampling::ALL {
        assert_eq!(Resampling::from_name(r.name()).unwrap(), r);
    }
    assert_eq!(Resampling::default(), Resampling::None);
    let err = Resampling::from_name("smote").unwrap_err();
    assert!(matches!(err, Error::Unknown { kind: "resampling method", .. }), "{err}");
}
