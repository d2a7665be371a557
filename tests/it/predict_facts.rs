//! Judging from the numbers the GDA panel's summary carries (the page's route: the judge runs
//! in the lessons' module on those numbers, not on a fit): `judge_posterior_facts`,
//! `judge_movement_rules` and `judge_conic_shape` give what the judges on the crate's fits
//! give, and the truths on a small state are the hand-worked ones.
//!
//! The state (as in predict_misconceptions): μ₀ = (0, 0), μ₁ = (4, 0), Σ = [[5, 3], [3, 5]]/8,
//! φ = ½; by hand Σ⁻¹ = [[2.5, −1.5], [−1.5, 2.5]], w = (10, −6), b = −20 (checked with
//! scikit-learn's LinearDiscriminantAnalysis(solver="lsqr"): coef_ (10, −6), intercept_ −20).

use genlab::gda::{Gda, LossMatrix};
use genlab::predict::{
    judge_conic_shape, judge_movement, judge_movement_rules, judge_posterior, judge_posterior_facts, BoundaryShape,
    Change, ChangeKind, Judgement, Movement, PosteriorFacts,
};

const VIEW: [f64; 4] = [-4.0, 8.0, -4.0, 4.0];

fn ids<T, S>(j: &Judgement<T, S>) -> Vec<&'static str> {
    j.fired.iter().map(|m| m.id).collect()
}

/// The tilted state's facts with the prior φ′ in force (the panel's override): the drawn rule
/// is (w, b + log(φ′/(1 − φ′))), as the page hands it over.
fn facts(phi: f64) -> PosteriorFacts {
    let lo = (phi / (1.0 - phi)).ln();
    PosteriorFacts {
        w: [10.0, -6.0],
        b: -20.0 + lo,
        prior_log_odds: lo,
        mu: [[0.0, 0.0], [4.0, 0.0]],
        sigma_inv: [[2.5, -1.5], [-1.5, 2.5]],
    }
}

#[test]
fn the_posterior_from_the_summary_numbers_is_the_drawn_models() {
    // With φ′ = 0.8 the log-odds at the midpoint (2, 0) are 20 − 20 + ln 4: p = 0.8 (by hand).
    let j = judge_posterior_facts(&facts(0.8), [2.0, 0.0], 0.5).unwrap();
    assert!((j.truth - 0.8).abs() < 1e-12, "{}", j.truth);
    // |logit ½ − logit 0.8| = ln 4.
    assert!((j.score - 4f64.ln()).abs() < 1e-12);
    // ½ at the midpoint is the posterior with the prior ignored.
    assert_eq!(ids(&j), ["midpoint-is-half"]);
    assert!(judge_posterior_facts(&facts(0.8), [2.0, 0.0], 0.8).unwrap().fired.is_empty());
    // At (3, 0.5): 30 − 3 − 20 = 7 with φ = ½: p = σ(7) (by hand).
    let j = judge_posterior_facts(&facts(0.5), [3.0, 0.5], 0.9).unwrap();
    assert!((j.truth - 1.0 / (1.0 + (-7f64).exp())).abs() < 1e-15);
    // Bad input is a sentence.
    assert!(judge_posterior_facts(&facts(0.5), [f64::NAN, 0.0], 0.5).is_err());
    assert!(judge_posterior_facts(&facts(0.5), [0.0, 0.0], 1.5).is_err());
    let mut bad = facts(0.5);
    bad.b = f64::INFINITY;
    assert!(judge_posterior_facts(&bad, [0.0, 0.0], 0.5).is_err());
}

#[test]
fn the_facts_judge_agrees_with_the_fit_judge() {
    // Small deterministic clouds of unequal sizes: the facts of each fit give the same truth,
    // score and hints as the judge on the fit, at points across the view.
    let mut seed = 12345u64;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((seed >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    };
    for round in 0..50 {
        let (mut pts, mut labels) = (Vec::new(), Vec::new());
        for i in 0..(6 + round % 5) {
            pts.push([next() * 2.0, next() * 2.0]);
            labels.push(0u8);
            if i % 2 == 0 {
                pts.push([3.0 + next() * 2.0, 1.0 + next() * 2.0]);
                labels.push(1u8);
            }
        }
        let gda = Gda::fit(&pts, &labels).unwrap();
        let f = PosteriorFacts::of(&gda);
        for x in [
            [0.0, 0.0],
            [1.5, 0.5],
            [3.0, 1.0],
            [-3.0, 3.0],
            [gda.mu0()[0] / 2.0 + gda.mu1()[0] / 2.0, gda.mu0()[1] / 2.0 + gda.mu1()[1] / 2.0],
        ] {
            for p_hat in [0.0, 0.2, 0.5, 0.9] {
                let a = judge_posterior(&gda, x, p_hat).unwrap();
                let b = judge_posterior_facts(&f, x, p_hat).unwrap();
                assert_eq!(a.truth, b.truth);
                assert_eq!(a.score, b.score);
                assert_eq!(ids(&a), ids(&b));
            }
        }
    }
}

#[test]
fn the_movement_judge_on_rules_agrees_with_the_change_judge() {
    let mut pts = Vec::new();
    let mut labels = Vec::new();
    for (c, l) in [([0.0, 0.0], 0u8), ([4.0, 0.0], 1u8)] {
        for d in [[1.0, 1.0], [-1.0, -1.0], [0.5, -0.5], [-0.5, 0.5]] {
            pts.push([c[0] + d[0], c[1] + d[1]]);
            labels.push(l);
        }
    }
    let gda = Gda::fit(&pts, &labels).unwrap();
    let (w, b) = gda.log_odds_coefficients();
    // φ ½ → 0.8: the line 10x − 6y = 20 − ln 4 slides into class 0's side (−w): by hand.
    let before = (w, b);
    let after = (w, b + 4f64.ln());
    for guess in
        [Movement::TowardClass0, Movement::TowardClass1, Movement::Turns, Movement::SlidesAndTurns, Movement::Stays]
    {
        let a = judge_movement(Change::Prior { gda: &gda, before: 0.5, after: 0.8 }, VIEW, guess).unwrap();
        let r = judge_movement_rules(ChangeKind::Prior, VIEW, before, after, guess).unwrap();
        assert_eq!(a, r);
        assert_eq!(r.truth, Movement::TowardClass0);
    }
    assert_eq!(
        ids(&judge_movement_rules(ChangeKind::Prior, VIEW, before, after, Movement::Turns).unwrap()),
        ["prior-turns-boundary"]
    );
    // Losses (1, 1) → (2, 2): the same ratio, the line stays; "toward class 1" is the
    // doubled-losses mistake. (1, 1) → (1, 4): threshold ln 4 on the log-odds, the decision
    // line wᵀx + b = ln 4 moves into class 1's side (by hand).
    let l = |a: f64, b: f64| LossMatrix::new(a, b).unwrap();
    for ((a0, b0), (a1, b1), truth) in
        [((1.0, 1.0), (2.0, 2.0), Movement::Stays), ((1.0, 1.0), (1.0, 4.0), Movement::TowardClass1)]
    {
        let (t0, t1) = (l(a0, b0).threshold(), l(a1, b1).threshold());
        for guess in [Movement::TowardClass0, Movement::TowardClass1, Movement::Stays] {
            let change = Change::Losses { gda: &gda, before: l(a0, b0), after: l(a1, b1) };
            let a = judge_movement(change, VIEW, guess).unwrap();
            let kind = ChangeKind::Losses { before: (a0, b0), after: (a1, b1) };
            let r = judge_movement_rules(kind, VIEW, (w, b - t0), (w, b - t1), guess).unwrap();
            assert_eq!(a, r);
            assert_eq!(r.truth, truth);
        }
    }
    let kind = ChangeKind::Losses { before: (1.0, 1.0), after: (2.0, 2.0) };
    assert_eq!(
        ids(&judge_movement_rules(kind, VIEW, (w, b), (w, b), Movement::TowardClass1).unwrap()),
        ["doubling-losses-moves-decision"]
    );
}

#[test]
fn the_conic_shape_judge_names_the_shape() {
    use genlab::gda::ConicKind;
    let j = judge_conic_shape(ConicKind::Hyperbola, BoundaryShape::Ellipse);
    assert_eq!(j.truth, BoundaryShape::OpenCurve);
    assert!(!j.score);
    assert_eq!(ids(&j), ["qda-always-ellipse"]);
    let j = judge_conic_shape(ConicKind::Ellipse, BoundaryShape::Ellipse);
    assert!(j.score && j.fired.is_empty());
    assert_eq!(judge_conic_shape(ConicKind::ParallelLines, BoundaryShape::OpenCurve).truth, BoundaryShape::OpenCurve);
}
