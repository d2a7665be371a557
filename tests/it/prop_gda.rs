#![cfg(not(target_arch = "wasm32"))]
//! Property tests of the GDA fit (issue #7), 256 random point sets per property
//! (`cargo test --test it prop_gda::`; set `PROPTEST_CASES` for more).
//!
//! The expected relations follow from the formulas (README, "Gaussian Discriminant
//! Analysis"), not from the code: with w = Σ⁻¹(μ₁ − μ₀) and
//! b = −wᵀ(μ₀ + μ₁)/2 + log(φ/(1 − φ)),
//! * swapping the labels swaps μ₀ and μ₁, keeps Σ and turns φ into 1 − φ: w → −w, b → −b;
//! * translating every point by t moves both means by t and keeps Σ: w stays, b → b − w·t;
//! * scaling every point by s > 0 scales the means by s and Σ by s²: w → w/s, b stays.

use genlab::gda::Gda;
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig { cases: 256, ..ProptestConfig::default() }
}

/// Two clouds of 2 to 30 points each in a box of side 20, class 1 shifted; labels 0/1.
fn labelled_points() -> impl Strategy<Value = (Vec<[f64; 2]>, Vec<u8>)> {
    let cloud = |n: std::ops::Range<usize>| prop::collection::vec((-10.0..10.0f64, -10.0..10.0f64), n);
    (cloud(2..31), cloud(2..31), (-5.0..5.0f64, -5.0..5.0f64)).prop_map(|(c0, c1, (dx, dy))| {
        let points: Vec<[f64; 2]> =
            c0.iter().map(|&(x, y)| [x, y]).chain(c1.iter().map(|&(x, y)| [x + dx, y + dy])).collect();
        let labels = std::iter::repeat_n(0, c0.len()).chain(std::iter::repeat_n(1, c1.len())).collect();
        (points, labels)
    })
}

/// A fit whose Σ is well conditioned (smaller eigenvalue at least 1e-3 of the trace's
/// share), so that the relations can be checked to 1e-9; other cases are skipped.
fn conditioned_fit(points: &[[f64; 2]], labels: &[u8]) -> Result<Gda, TestCaseError> {
    let fit = Gda::fit(points, labels).map_err(|e| TestCaseError::reject(e.to_string()))?;
    let s = fit.sigma();
    let (det, trace) = (s[0][0] * s[1][1] - s[0][1] * s[1][0], s[0][0] + s[1][1]);
    prop_assume!(det > 1e-3 * trace * trace);
    Ok(fit)
}

/// |a − b| ≤ tol · max(1, |a|, |b|).
fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * 1f64.max(a.abs()).max(b.abs())
}

/// A finite coordinate, from ordinary to the largest an f64 holds.
fn coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![
        4 => -100.0..100.0f64,
        1 => -1e308..1e308f64,
        1 => prop::sample::select(&[f64::MAX, f64::MIN, f64::MIN_POSITIVE, -f64::MIN_POSITIVE, 0.0, -0.0, 5e-324][..]),
    ]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_posterior_is_a_probability_for_every_finite_point(
        (points, labels) in labelled_points(), x in coordinate(), y in coordinate(),
    ) {
        let Ok(fit) = Gda::fit(&points, &labels) else { return Ok(()) };
        let p = fit.posterior([x, y]);
        prop_assert!((0.0..=1.0).contains(&p), "p = {} at ({}, {})", p, x, y);
    }

    #[test]
    fn a_fit_of_any_finite_points_is_finite_or_an_error(
        points in prop::collection::vec((coordinate(), coordinate()), 2..12),
        labels in prop::collection::vec(0u8..2, 2..12),
        x in coordinate(), y in coordinate(),
    ) {
        let n = points.len().min(labels.len());
        let points: Vec<[f64; 2]> = points[..n].iter().map(|&(a, b)| [a, b]).collect();
        if let Ok(fit) = Gda::fit(&points, &labels[..n]) {
            let (w, b) = fit.log_odds_coefficients();
            prop_assert!(w.iter().chain([&b]).all(|v| v.is_finite()), "w = {:?}, b = {}", w, b);
            prop_assert!(fit.phi() > 0.0 && fit.phi() < 1.0);
            let p = fit.posterior([x, y]);
            prop_assert!((0.0..=1.0).contains(&p), "p = {}", p);
        }
    }

    #[test]
    fn swapping_the_labels_negates_w_and_b((points, labels) in labelled_points()) {
        let fit = conditioned_fit(&points, &labels)?;
        let swapped: Vec<u8> = labels.iter().map(|&l| 1 - l).collect();
        let other = Gda::fit(&points, &swapped).expect("the same points fit");
        let ((w, b), (w2, b2)) = (fit.log_odds_coefficients(), other.log_odds_coefficients());
        let scale = 1.0 + w[0].abs() * 20.0 + w[1].abs() * 20.0;
        prop_assert!(close(w2[0], -w[0], 1e-9) && close(w2[1], -w[1], 1e-9), "w {:?} then {:?}", w, w2);
        prop_assert!((b2 + b).abs() <= 1e-9 * scale, "b {} then {}", b, b2);
        prop_assert!(close(other.phi(), 1.0 - fit.phi(), 1e-12));
    }

    #[test]
    fn translating_the_points_keeps_w_and_moves_b_by_minus_w_dot_t(
        (points, labels) in labelled_points(), t in (-100.0..100.0f64, -100.0..100.0f64),
    ) {
        let fit = conditioned_fit(&points, &labels)?;
        let moved: Vec<[f64; 2]> = points.iter().map(|p| [p[0] + t.0, p[1] + t.1]).collect();
        let other = Gda::fit(&moved, &labels).expect("translated points fit");
        let ((w, b), (w2, b2)) = (fit.log_odds_coefficients(), other.log_odds_coefficients());
        let w_size = w[0].abs() + w[1].abs();
        // Translation rounds every coordinate at the scale of |t| + 10: the error of w is
        // relative to its size, that of b to the size of w·t.
        let tol = 1e-9 * (1.0 + t.0.abs() + t.1.abs());
        prop_assert!((w2[0] - w[0]).abs() <= tol * w_size.max(1.0), "w {:?} then {:?}", w, w2);
        prop_assert!((w2[1] - w[1]).abs() <= tol * w_size.max(1.0), "w {:?} then {:?}", w, w2);
        let expected = b - (w[0] * t.0 + w[1] * t.1);
        prop_assert!((b2 - expected).abs() <= tol * (1.0 + w_size * 120.0), "b {} then {}, expected {}", b, b2, expected);
        prop_assert_eq!(other.phi(), fit.phi());
    }

    #[test]
    fn scaling_the_points_divides_w_and_keeps_b(
        (points, labels) in labelled_points(), s in prop_oneof![1e-3..1.0f64, 1.0..1e3f64],
    ) {
        let fit = conditioned_fit(&points, &labels)?;
        let scaled: Vec<[f64; 2]> = points.iter().map(|p| [p[0] * s, p[1] * s]).collect();
        let other = Gda::fit(&scaled, &labels).expect("scaled points fit");
        let ((w, b), (w2, b2)) = (fit.log_odds_coefficients(), other.log_odds_coefficients());
        let w_size = w[0].abs() + w[1].abs();
        prop_assert!((w2[0] * s - w[0]).abs() <= 1e-9 * w_size.max(1.0), "w {:?} then {:?} (s = {})", w, w2, s);
        prop_assert!((w2[1] * s - w[1]).abs() <= 1e-9 * w_size.max(1.0), "w {:?} then {:?} (s = {})", w, w2, s);
        prop_assert!((b2 - b).abs() <= 1e-9 * (1.0 + w_size * 20.0), "b {} then {}", b, b2);
        prop_assert_eq!(other.phi(), fit.phi());
    }
}
