#![cfg(not(target_arch = "wasm32"))]
//! The Bayes decision rule (`genlab::gda::risk`): the loss threshold log(λ₁₀/λ₀₁), the
//! conditional risks, how the threshold and a prior override move the boundary, and the
//! risk of a rule on a sample. λᵢⱼ is the loss of deciding i when the truth is j.
//!
//! Every expected value here is derived by hand in the comment above it.

use genlab::gda::geometry::clip_line;
use genlab::gda::risk::{gda_with_prior, prior_log_odds};
use genlab::gda::{level_set, BayesRule, Classifier, Gda, LogisticRegression, LossMatrix, Qda, Rect, WithPrior};
use genlab::stats::metrics::Confusion;
use genlab::Error;

use crate::common;
use common::{assert_close, six_points, two_classes};

fn loss(l01: f64, l10: f64) -> LossMatrix {
    match LossMatrix::new(l01, l10) {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    }
}

/// tests/it/gda_fit.rs's unbalanced set: φ = 3/8.
fn unbalanced_tilted() -> (Vec<[f64; 2]>, Vec<u8>) {
    two_classes(&[[0.5, 1.2], [1.7, 2.9], [2.2, 2.1], [3.1, 4.4], [1.0, 0.3]], &[[4.0, 2.5], [5.3, 4.1], [4.6, 2.2]])
}

fn gda(points: &[[f64; 2]], labels: &[u8]) -> Gda {
    match Gda::fit(points, labels) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

/// A model whose log-odds is the first coordinate: z(x) = x₁.
struct FirstCoordinate;

impl Classifier for FirstCoordinate {
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        x[0]
    }
}

fn sigma(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

// ---------------------------------------------------------------------------------------
// The threshold and the conditional risks
// ---------------------------------------------------------------------------------------

#[test]
fn threshold_is_the_log_of_the_loss_ratio() {
    // Deciding 1 wrongly costs 4, deciding 0 wrongly costs 1: decide 1 only when
    // p(1|x)/p(0|x) > 4, i.e. z > log 4 and p(1|x) > 4/5.
    let l = loss(1.0, 4.0);
    assert_close(l.threshold(), 4f64.ln(), 1e-15, 0.0, "log(λ₁₀/λ₀₁)");
    assert_close(l.posterior_threshold(), 0.8, 1e-15, 0.0, "λ₁₀/(λ₀₁ + λ₁₀)");
    assert_eq!(LossMatrix::zero_one().threshold(), 0.0);
    // No overflow of the ratio itself: log(10³⁰⁰ / 10⁻³⁰⁰) = 600 log 10.
    assert_close(loss(1e-300, 1e300).threshold(), 600.0 * 10f64.ln(), 1e-12, 0.0, "huge ratio");
}

#[test]
fn conditional_risks_are_loss_times_the_posterior_of_the_other_class() {
    // R(0|x) = λ₀₁ p(1|x), R(1|x) = λ₁₀ p(0|x). At z = 0, p = ½: [λ₀₁/2, λ₁₀/2].
    let l = loss(2.0, 6.0);
    assert_eq!(l.conditional_risks(0.0), [1.0, 3.0]);
    // At z = log 3: p(1|x) = 3/4, p(0|x) = 1/4 → [2·¾, 6·¼] = [1.5, 1.5]: a tie, which is
    // exactly the threshold log(6/2) = log 3.
    let r = l.conditional_risks(3f64.ln());
    assert_close(r[0], 1.5, 1e-15, 0.0, "R(0|x)");
    assert_close(r[1], 1.5, 1e-15, 0.0, "R(1|x)");
    // Saturated posteriors: z = +∞ is certainly class 1, so deciding 1 risks nothing.
    assert_eq!(l.conditional_risks(f64::INFINITY), [2.0, 0.0]);
    assert_eq!(l.conditional_risks(f64::NEG_INFINITY), [0.0, 6.0]);
    // A tiny risk keeps its digits: R(1|x) at z = 40 is 6·σ(−40) ≈ 6·4.25e-18, not 0.
    assert_close(l.conditional_risks(40.0)[1], 6.0 * sigma(-40.0), 1e-14, 0.0, "tiny R(1|x)");
}

#[test]
fn the_decision_takes_the_smaller_risk_and_ties_go_to_class_0() {
    let l = loss(2.0, 6.0);
    for z in [-5.0, -0.3, 0.0, 0.5, 1.0, 1.2, 3.0, 30.0] {
        let [r0, r1] = l.conditional_risks(z);
        let expected = u8::from(r1 < r0);
        assert_eq!(l.decide(z), expected, "z = {z}: risks {r0}, {r1}");
    }
    // At the threshold itself the risks tie: class 0.
    assert_eq!(l.decide(l.threshold()), 0);
    assert_eq!(l.decide(f64::NAN), 0);
    assert_eq!(LossMatrix::zero_one().decide(0.0), 0);
}

#[test]
fn losses_must_be_positive_and_finite() {
    for (l01, l10, name) in [(0.0, 1.0, "λ₀₁"), (-1.0, 1.0, "λ₀₁"), (1.0, f64::NAN, "λ₁₀"), (1.0, f64::INFINITY, "λ₁₀")]
    {
        match LossMatrix::new(l01, l10) {
            Err(Error::InvalidParameter { name: got, value, .. }) => {
                assert_eq!(got, name);
                // describe(): NaN and ∞ read as words ("not a number", "infinity").
                assert!(
                    value == "not a number" || value == "infinity" || value.replace('−', "-").parse::<f64>().is_ok(),
                    "{value}"
                );
            }
            other => panic!("({l01}, {l10}): {other:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------
// The threshold moves the boundary
// ---------------------------------------------------------------------------------------

#[test]
fn the_loss_threshold_moves_the_gda_boundary_to_w_x_plus_b_equal_log_ratio() {
    // Six points: w = (24, 24), b = 0. With λ₀₁ = 1, λ₁₀ = 3 the Bayes boundary is
    // 24(x₁ + x₂) = log 3: the line x₁ + x₂ = log 3 / 24 ≈ 0.0458.
    let (points, labels) = six_points();
    let g = gda(&points, &labels);
    let rule = BayesRule::new(&g, loss(1.0, 3.0));
    let rect = Rect { x0: -3.0, x1: 3.0, y0: -3.0, y1: 3.0 };
    let lines = match level_set(&rule, 0.0, rect, 31, 31) {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(lines.len(), 1);
    let (w, b) = g.log_odds_coefficients();
    for v in &lines[0] {
        let z = w[0] * v[0] + w[1] * v[1] + b;
        assert_close(z, 3f64.ln(), 0.0, 1e-12, "w·x + b on the Bayes boundary");
        assert_close(v[0] + v[1], 3f64.ln() / 24.0, 0.0, 1e-13, "x₁ + x₂ on the Bayes boundary");
    }
    // The ends are where clip_line puts the shifted line w·x + (b − log 3) = 0.
    let Some((p, q)) = clip_line(w, b - 3f64.ln(), rect) else { panic!("the line misses the box") };
    let line = &lines[0];
    let ends = [line[0], line[line.len() - 1]];
    for e in [p, q] {
        assert!(
            ends.iter().any(|v| (v[0] - e[0]).abs() < 1e-12 && (v[1] - e[1]).abs() < 1e-12),
            "{e:?} not in {ends:?}"
        );
    }
    // Just on the class-1 side of the 0-1 boundary, the costly decision is no longer taken.
    let x = [0.01, 0.01];
    assert_eq!(g.predict(x), 1);
    assert_eq!(rule.decide(x), 0);
    assert_eq!(rule.predict(x), 0);
}

#[test]
fn the_threshold_moves_the_boundary_by_log_ratio_over_norm_w_along_w() {
    // Distance between w·x + b = 0 and w·x + b = t is t/‖w‖. Unbalanced set, λ₁₀/λ₀₁ = e².
    let (points, labels) = unbalanced_tilted();
    let g = gda(&points, &labels);
    let (w, b) = g.log_odds_coefficients();
    let t = loss(1.0, 2f64.exp()).threshold();
    assert_close(t, 2.0, 1e-15, 0.0, "log e²");
    let norm = w[0].hypot(w[1]);
    // The foot of the 0-1 boundary nearest the origin, moved by t/‖w‖ along w/‖w‖, is on
    // the Bayes boundary.
    let foot = [-b * w[0] / (norm * norm), -b * w[1] / (norm * norm)];
    let moved = [foot[0] + t * w[0] / (norm * norm), foot[1] + t * w[1] / (norm * norm)];
    assert_close(g.log_odds(foot), 0.0, 0.0, 1e-12, "z at the 0-1 boundary");
    assert_close(g.log_odds(moved), t, 1e-12, 1e-12, "z at the moved point");
}

// ---------------------------------------------------------------------------------------
// Prior override
// ---------------------------------------------------------------------------------------

#[test]
fn a_prior_override_changes_only_b_for_gda() {
    // Six points: φ = ½, b = 0. φ′ = 0.8: b′ = 0 − log 1 + log(0.8/0.2) = log 4.
    let (points, labels) = six_points();
    let g = gda(&points, &labels);
    let (w0, _) = g.log_odds_coefficients();
    let (w, b) = match gda_with_prior(&g, 0.8) {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(w, w0);
    assert_close(b, 4f64.ln(), 1e-13, 1e-13, "b′");
    // Unbalanced: φ = 3/8, so b′ = b − log(3/5) + log(φ′/(1 − φ′)); with φ′ = ½ the prior
    // term vanishes: b′ = b − log(3/5) = b + log(5/3).
    let (points, labels) = unbalanced_tilted();
    let g = gda(&points, &labels);
    let (_, b) = g.log_odds_coefficients();
    let (_, b_half) = match gda_with_prior(&g, 0.5) {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    };
    assert_close(b_half, b + (5.0f64 / 3.0).ln(), 1e-14, 0.0, "b′ at φ′ = ½");
}

#[test]
fn with_prior_shifts_every_generative_log_odds_by_the_same_constant() {
    let (points, labels) = unbalanced_tilted();
    let g = gda(&points, &labels);
    let shifted = match WithPrior::new(&g, 0.9) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    // shift = log(0.9/0.1) − log(3/5) = log 9 + log(5/3) = log 15.
    assert_close(shifted.shift(), 15f64.ln(), 1e-14, 0.0, "log-odds shift");
    assert_eq!(shifted.class_prior(), Some(0.9));
    for x in [[0.0, 0.0], [3.0, 2.5], [10.0, -4.0]] {
        assert_close(shifted.log_odds(x), g.log_odds(x) + 15f64.ln(), 1e-12, 1e-12, "shifted z");
    }
    // The same for QDA; replacing φ by itself changes nothing.
    let q = match Qda::fit(&points, &labels) {
        Ok(q) => q,
        Err(e) => panic!("{e}"),
    };
    let same = match WithPrior::new(&q, q.phi()) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    assert_close(same.shift(), 0.0, 0.0, 1e-15, "no shift");
}

#[test]
fn priors_must_lie_strictly_between_0_and_1_and_logistic_regression_has_none() {
    for phi in [0.0, 1.0, -0.2, 1.5, f64::NAN] {
        assert!(matches!(prior_log_odds(phi), Err(Error::InvalidParameter { name: "φ", .. })), "φ = {phi}");
    }
    assert_close(
        match prior_log_odds(0.25) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        },
        -(3f64.ln()),
        1e-15,
        0.0,
        "log(¼/¾)",
    );
    let (points, labels) = unbalanced_tilted();
    let lr = match LogisticRegression::fit(&points, &labels, 1.0) {
        Ok(f) => f,
        Err(e) => panic!("{e}"),
    };
    match WithPrior::new(&lr, 0.5) {
        Err(Error::InvalidParameter { rule, .. }) => assert!(rule.contains("logistic regression"), "{rule}"),
        Err(e) => panic!("{e:?}"),
        Ok(_) => panic!("logistic regression got a prior"),
    }
}

// ---------------------------------------------------------------------------------------
// Risk on a sample
// ---------------------------------------------------------------------------------------

#[test]
fn risk_on_a_sample_matches_hand_counts() {
    // z(x) = x₁; λ₀₁ = 1, λ₁₀ = e, so the threshold is exactly 1.
    //   x₁ = −1  truth 0: z < 1 → decide 0, right, loss 0, R(0|x) = σ(−1)
    //   x₁ = 0.5 truth 0: decide 0, right, loss 0, R(0|x) = σ(0.5)
    //   x₁ = 2   truth 1: decide 1, right, loss 0, R(1|x) = e·σ(−2)
    //   x₁ = −0.2 truth 1: decide 0, wrong, loss λ₀₁ = 1, R(0|x) = σ(−0.2)
    //   x₁ = 1   truth 1: z = threshold, a tie → 0, wrong, loss 1, R(0|x) = σ(1)
    // Empirical risk 2/5; expected risk the mean of the five R's; TP 1, FN 2, TN 2, FP 0.
    let points = [[-1.0, 0.0], [0.5, 0.0], [2.0, 0.0], [-0.2, 0.0], [1.0, 0.0]];
    let labels = [0, 0, 1, 1, 1];
    let e = 1f64.exp();
    let rule = BayesRule::new(FirstCoordinate, loss(1.0, e));
    assert_close(rule.loss().threshold(), 1.0, 1e-15, 0.0, "threshold");
    let report = match rule.risk_on(&points, &labels) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert_close(report.empirical_risk, 0.4, 1e-15, 0.0, "empirical risk");
    let expected = (sigma(-1.0) + sigma(0.5) + e * sigma(-2.0) + sigma(-0.2) + sigma(1.0)) / 5.0;
    assert_close(report.expected_risk, expected, 1e-14, 0.0, "expected risk");
    assert_eq!(report.confusion, Confusion { tp: 1, fp: 0, tn: 2, fn_: 2 });
    assert_eq!(rule.conditional_risks([2.0, 0.0]), loss(1.0, e).conditional_risks(2.0));
}

#[test]
fn risk_on_bad_samples_is_a_typed_error() {
    let rule = BayesRule::new(FirstCoordinate, LossMatrix::zero_one());
    assert!(matches!(rule.risk_on(&[], &[]), Err(Error::EmptyData(_))));
    assert_eq!(
        rule.risk_on(&[[0.0, 0.0]], &[0, 1]).map(|r| r.empirical_risk),
        Err(Error::LengthMismatch { points: 1, labels: 2 })
    );
    assert_eq!(rule.risk_on(&[[0.0, f64::NAN]], &[0]).map(|r| r.empirical_risk), Err(Error::NonFinite { index: 0 }));
    assert_eq!(
        rule.risk_on(&[[0.0, 0.0]], &[3]).map(|r| r.empirical_risk),
        Err(Error::BadLabel { index: 0, label: 3, max: 1 })
    );
}

#[test]
fn zero_one_loss_risk_is_the_error_rate() {
    // With λ₀₁ = λ₁₀ = 1 the incurred loss counts the mistakes: empirical risk = 1 − accuracy.
    let (points, labels) = unbalanced_tilted();
    let g = gda(&points, &labels);
    let report = match BayesRule::new(&g, LossMatrix::zero_one()).risk_on(&points, &labels) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    // tests/it/gda_fit.rs: scikit-learn's training accuracy on this set is 1.0.
    assert_eq!(report.empirical_risk, 0.0);
    assert_eq!(report.confusion, Confusion { tp: 3, fp: 0, tn: 5, fn_: 0 });
}
