#![cfg(not(target_arch = "wasm32"))]
//! Costly mistakes: the Bayes decision rule with losses λ_FP (ham called spam) and λ_FN
//! (spam let through). Decide spam when P(spam | x) > λ_FP/(λ_FP + λ_FN), i.e. when
//! log-odds > log(λ_FP/λ_FN) (seed notes, conditional risk); ties go to ham.
//!
//! Expected values are worked by hand on corpus B:
//!   spam "win free prize", spam "free cash now";
//!   ham "meeting at noon", ham "free lunch at noon", ham "notes at noon".
//! Multinomial, α = 1, ML prior: n_spam = 6 tokens, n_ham = 10, |V| = 10, so
//! P(w | spam) = (n + 1)/16 and P(w | ham) = (n + 1)/20; prior log-ratio log(2/3).
//!   free: 3/16 vs 2/20 → log 1.875;  win: 2/16 vs 1/20 → log 2.5;  noon: 1/16 vs 4/20 → log(5/16).

use genlab::nb::lab::SpamLab;
use genlab::nb::{
    evaluate_tokens, evaluate_with_costs, predict_with_costs, Costs, EventModel, Label, NaiveBayes, Prior,
};
use genlab::stats::metrics::Confusion;
use genlab::stats::sigmoid;
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

fn toks(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn model() -> NaiveBayes {
    let docs: Vec<(Vec<String>, Label)> = DOCS.iter().map(|(t, l)| (toks(t), *l)).collect();
    NaiveBayes::fit_tokens(&docs, EventModel::Multinomial, 1.0, Prior::MaximumLikelihood).unwrap()
}

/// The test set, with each message's log-odds worked by hand (see the module docs).
fn test_set() -> Vec<(Vec<String>, Label, f64)> {
    let prior = (2.0f64 / 3.0).ln();
    let (free, win, noon) = (1.875f64.ln(), 2.5f64.ln(), (5.0f64 / 16.0).ln());
    vec![
        (toks("free"), Label::Ham, prior + free),             // 0.2231
        (toks("free free"), Label::Spam, prior + 2.0 * free), // 0.8518
        (toks("win prize"), Label::Spam, prior + 2.0 * win),  // 1.4271 (prize has the counts of win)
        (toks("noon"), Label::Ham, prior + noon),             // −1.5686
        (toks("win"), Label::Spam, prior + win),              // 0.5108
    ]
}

#[test]
fn threshold_is_the_loss_ratio() {
    // λ_FP = 9, λ_FN = 1: t = 9/(9 + 1) = 0.9, log-odds threshold log 9.
    let c = Costs::new(9.0, 1.0).unwrap();
    assert!(close_rel(c.threshold_probability(), 0.9, 1e-15));
    assert!(close_rel(c.threshold_log_odds(), 9f64.ln(), 1e-15));
    assert!(close_rel(sigmoid(c.threshold_log_odds()), c.threshold_probability(), 1e-15));
    // Only the ratio matters.
    let scaled = Costs::new(90.0, 10.0).unwrap();
    assert!(close_rel(scaled.threshold_log_odds(), c.threshold_log_odds(), 1e-15));
    // Equal costs: t = ½ and threshold exactly 0.
    assert_eq!(Costs::EQUAL.threshold_probability(), 0.5);
    assert_eq!(Costs::new(3.0, 3.0).unwrap().threshold_log_odds(), 0.0);
    assert_eq!(Costs::default(), Costs::EQUAL);
    // Huge costs do not overflow: λ_FP + λ_FN would be ∞.
    let big = Costs::new(f64::MAX, f64::MAX / 4.0).unwrap();
    assert!(close_rel(big.threshold_probability(), 0.8, 1e-12));
}

#[test]
fn deciding_on_log_odds_agrees_with_deciding_on_probability() {
    for (fp, fn_) in [(1.0, 1.0), (9.0, 1.0), (1.0, 4.0), (0.01, 7.0)] {
        let c = Costs::new(fp, fn_).unwrap();
        let t = fp / (fp + fn_);
        for k in -60..=60 {
            let z = f64::from(k) * 0.137 + 0.01;
            let by_probability = if sigmoid(z) > t { Label::Spam } else { Label::Ham };
            assert_eq!(c.decide(Some(z)), Some(by_probability), "λ = ({fp}, {fn_}), z = {z}");
        }
    }
}

#[test]
fn a_message_exactly_at_the_threshold_goes_to_ham() {
    for (fp, fn_) in [(1.0, 1.0), (9.0, 1.0), (1.0, 3.0)] {
        let c = Costs::new(fp, fn_).unwrap();
        let t = c.threshold_log_odds();
        assert_eq!(c.decide(Some(t)), Some(Label::Ham));
        assert_eq!(c.decide(Some(t.next_up())), Some(Label::Spam));
    }
    // Certain messages and undefined ones.
    let c = Costs::new(1000.0, 1.0).unwrap();
    assert_eq!(c.decide(Some(f64::INFINITY)), Some(Label::Spam));
    assert_eq!(c.decide(Some(f64::NEG_INFINITY)), Some(Label::Ham));
    assert_eq!(c.decide(None), None);
    assert_eq!(c.label(None), Label::Ham);
    // In the lab: a uniform prior and an empty message give log-odds exactly 0, which is
    // the threshold for any equal costs, so the verdict is ham.
    let mut lab = SpamLab::builtin().unwrap();
    lab.set_prior(Prior::Uniform);
    lab.set_costs(3.0, 3.0).unwrap();
    let e = lab.explain("").explanation;
    assert_eq!(e.log_odds, Some(0.0));
    assert_eq!(e.threshold_log_odds, 0.0);
    assert_eq!(e.verdict, Some(Label::Ham));
    // A spam miss costing a little more moves the threshold below 0: now it is spam.
    lab.set_costs(1.0, 1.0001).unwrap();
    assert_eq!(lab.explain("").explanation.verdict, Some(Label::Spam));
}

#[test]
fn invalid_costs_are_refused_and_keep_the_old_ones() {
    for (fp, fn_) in [(0.0, 1.0), (1.0, -2.0), (f64::NAN, 1.0), (1.0, f64::INFINITY)] {
        let err = Costs::new(fp, fn_).unwrap_err();
        assert!(matches!(err, Error::InvalidParameter { .. }), "{err}");
        assert!(!err.to_string().contains("NaN") && !err.to_string().contains("inf "), "{err}");
    }
    let mut lab = SpamLab::builtin().unwrap();
    lab.set_costs(5.0, 1.0).unwrap();
    assert!(lab.set_costs(0.0, 1.0).is_err());
    assert_eq!(lab.costs(), Costs::new(5.0, 1.0).unwrap());
}

#[test]
fn expected_cost_by_hand() {
    // 3 TP, 1 FP, 4 TN, 2 FN; λ_FP = 5, λ_FN = 1: (5·1 + 1·2)/10 = 0.7.
    let confusion = Confusion { tp: 3, fp: 1, tn: 4, fn_: 2 };
    let c = Costs::new(5.0, 1.0).unwrap();
    assert!(close_rel(c.total_cost(&confusion), 7.0, 1e-15));
    assert!(close_rel(c.expected_cost(&confusion).unwrap(), 0.7, 1e-15));
    // With equal unit costs the expected cost is the error rate 3/10.
    assert!(close_rel(Costs::EQUAL.expected_cost(&confusion).unwrap(), 0.3, 1e-15));
    assert_eq!(c.expected_cost(&Confusion::default()), None);
}

#[test]
fn thresholded_evaluation_by_hand() {
    let m = model();
    let test = test_set();
    for (tokens, _, log_odds) in &test {
        assert!(close_rel(m.posterior(tokens).log_odds.unwrap(), *log_odds, 1e-12), "{tokens:?}");
    }
    let pairs: Vec<(Vec<String>, Label)> = test.iter().map(|(t, l, _)| (t.clone(), *l)).collect();
    // Equal costs: free → spam (FP), free free → spam (TP), win prize → spam (TP),
    // noon → ham (TN), win → spam (TP): TP 3, FP 1, TN 1, FN 0.
    let equal = evaluate_with_costs(&m, &pairs, &Costs::EQUAL);
    assert_eq!(equal.metrics.confusion, Confusion { tp: 3, fp: 1, tn: 1, fn_: 0 });
    assert_eq!(equal.metrics, evaluate_tokens(&m, &pairs), "equal costs are the more-probable-class rule");
    // λ_FP = 4, λ_FN = 1: threshold log 4 = 1.3863. Only win prize (1.4271) stays spam:
    // free → ham (TN), free free → ham (FN), win prize → spam (TP), noon → ham (TN),
    // win → ham (FN): TP 1, FP 0, TN 2, FN 2.
    let costs = Costs::new(4.0, 1.0).unwrap();
    let ev = evaluate_with_costs(&m, &pairs, &costs);
    assert_eq!(ev.metrics.confusion, Confusion { tp: 1, fp: 0, tn: 2, fn_: 2 });
    // accuracy 3/5, precision 1/1, recall 1/3, F1 = 2·1·(1/3)/(1 + 1/3) = 1/2.
    assert!(close_rel(ev.metrics.accuracy.unwrap(), 0.6, 1e-15));
    assert_eq!(ev.metrics.precision, Some(1.0));
    assert!(close_rel(ev.metrics.recall.unwrap(), 1.0 / 3.0, 1e-15));
    assert!(close_rel(ev.metrics.f1.unwrap(), 0.5, 1e-15));
    // Expected cost (4·0 + 1·2)/5 = 0.4, against (4·1 + 1·0)/5 = 0.8 for the ½ rule.
    assert!(close_rel(ev.expected_cost.unwrap(), 0.4, 1e-15));
    assert!(close_rel(ev.total_cost, 2.0, 1e-15));
    assert!(close_rel(costs.expected_cost(&equal.metrics.confusion).unwrap(), 0.8, 1e-15));
    assert!(close_rel(ev.threshold_log_odds, 4f64.ln(), 1e-15) && close_rel(ev.threshold_probability, 0.8, 1e-15));
    assert_eq!(predict_with_costs(&m, &toks("win"), &costs), Label::Ham);
    assert_eq!(predict_with_costs(&m, &toks("win"), &Costs::EQUAL), Label::Spam);
}

#[test]
fn explanation_carries_the_threshold_and_explains_a_changed_verdict() {
    let m = model();
    let costs = Costs::new(4.0, 1.0).unwrap();
    let e = m.explain_tokens_with_costs(&toks("win"), &costs);
    assert!(close_rel(e.threshold_log_odds, 4f64.ln(), 1e-15));
    assert!(close_rel(e.threshold_p_spam, 0.8, 1e-15));
    assert_eq!((e.verdict, e.more_probable), (Some(Label::Ham), Some(Label::Spam)));
    assert!(e.sentences().iter().any(|s| s.contains("let through as ham") && s.contains("0.8")), "{:?}", e.sentences());
    // The ledger's terms still sum to the log-odds: the threshold does not touch them.
    let sum = e.prior_log_ratio + e.words.iter().map(|w| w.contribution).sum::<f64>();
    assert!(close_rel(sum, e.log_odds.unwrap(), 1e-12));
    // Spam misses costing more: "free" (log-odds 0.2231) stays spam, and "noon" (−1.5686)
    // becomes spam once log(λ_FP/λ_FN) < −1.5686, e.g. λ_FN = 5 (threshold −1.6094).
    let e = m.explain_tokens_with_costs(&toks("noon"), &Costs::new(1.0, 5.0).unwrap());
    assert_eq!((e.verdict, e.more_probable), (Some(Label::Spam), Some(Label::Ham)));
    assert!(e.sentences().iter().any(|s| s.contains("missed spam costs more")));
    // Default explanation: threshold 0, verdict = more probable class, no cost sentence.
    let plain = m.explain_tokens(&toks("win"));
    assert_eq!((plain.threshold_log_odds, plain.threshold_p_spam), (0.0, 0.5));
    assert_eq!(plain.verdict, plain.more_probable);
    assert!(plain.sentences().is_empty());
}

#[test]
fn spam_lab_evaluates_with_the_threshold_and_reports_expected_cost() {
    let mut lab = SpamLab::builtin().unwrap();
    let plain = lab.evaluate();
    assert_eq!(plain.current, plain.at_half, "equal costs: the ½ rule");
    assert_eq!(plain.costs, Costs::EQUAL);
    let c = plain.current.confusion;
    // Equal unit costs: expected cost = error rate (FP + FN)/n.
    assert!(close_rel(plain.expected_cost.unwrap(), (c.fp + c.fn_) as f64 / c.total() as f64, 1e-15));

    lab.set_costs(20.0, 1.0).unwrap();
    let ev = lab.evaluate();
    assert!(close_rel(ev.threshold_log_odds, 20f64.ln(), 1e-15));
    assert!(close_rel(ev.threshold_probability, 20.0 / 21.0, 1e-15));
    // Recount the thresholded confusion over the test part independently of `evaluate`.
    let mut expected = Confusion::default();
    for &i in &lab.split().test {
        let entry = lab.message(i).unwrap();
        let z = lab.model().posterior(&genlab::nb::tokenize(&entry.text)).log_odds;
        let spam = matches!(z, Some(z) if z > 20f64.ln());
        match (entry.label == Label::Spam, spam) {
            (true, true) => expected.tp += 1,
            (false, true) => expected.fp += 1,
            (false, false) => expected.tn += 1,
            (true, false) => expected.fn_ += 1,
        }
    }
    assert_eq!(ev.current.confusion, expected);
    assert_eq!(ev.at_half, plain.current, "the ½ rule does not move with the costs");
    let cost = (20.0 * expected.fp as f64 + expected.fn_ as f64) / expected.total() as f64;
    assert!(close_rel(ev.expected_cost.unwrap(), cost, 1e-15));
    let half = plain.current.confusion;
    let half_cost = (20.0 * half.fp as f64 + half.fn_ as f64) / half.total() as f64;
    assert!(close_rel(ev.expected_cost_at_half.unwrap(), half_cost, 1e-15));
    // A stricter threshold never calls more messages spam.
    assert!(expected.tp + expected.fp <= half.tp + half.fp);
    // The curve uses the threshold too, and is recomputed when the costs change.
    let at_one = ev.curve.iter().find(|(a, _)| *a == 1.0).unwrap().1;
    assert_eq!(at_one, ev.current);
    lab.set_costs(1.0, 1.0).unwrap();
    assert_eq!(lab.evaluate(), plain);
    // The ledger carries the costs and the threshold.
    lab.set_costs(20.0, 1.0).unwrap();
    let ledger = lab.explain("WIN a FREE prize, reply now");
    assert_eq!(ledger.costs, Costs::new(20.0, 1.0).unwrap());
    assert!(close_rel(ledger.explanation.threshold_log_odds, 20f64.ln(), 1e-15));
    let z = ledger.explanation.log_odds.unwrap();
    assert_eq!(ledger.explanation.verdict, Some(if z > 20f64.ln() { Label::Spam } else { Label::Ham }));
}
