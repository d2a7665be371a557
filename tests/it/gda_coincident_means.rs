#![cfg(not(target_arch = "wasm32"))]
//! Coincident class means: μ₁ − μ₀ is rounding noise, so w = Σ⁻¹(μ₁ − μ₀) is taken as
//! exactly 0 (`genlab::gda::fit::mean_gap_noise`): no boundary, the prior alone decides.
//! Before, w was ~10⁻¹⁶ in a noise direction and a "boundary" was drawn along it.

use genlab::gda::fit::mean_gap_noise;
use genlab::gda::lab::{Covariance, ModelSettings};
use genlab::gda::{GaussianNb, Gda, GdaLab, NbVariance, SampleSpec};

/// Two classes of the same shape around the same centre c, one a reflected copy of the
/// other (so their means are equal in exact arithmetic), far from the origin so rounding
/// shows: class 0 at c ± (1, 0.3), c ± (−0.2, 0.7); class 1 at c ± (0.4, −0.9), c ± (1.1, 0.1).
fn coincident(c: [f64; 2]) -> (Vec<[f64; 2]>, Vec<u8>) {
    let mut points = Vec::new();
    let mut labels = Vec::new();
    for (k, ds) in [(0u8, [[1.0, 0.3], [-0.2, 0.7]]), (1, [[0.4, -0.9], [1.1, 0.1]])] {
        for d in ds {
            for s in [1.0, -1.0] {
                points.push([c[0] + s * d[0] / 3.0, c[1] + s * d[1] / 7.0]);
                labels.push(k);
            }
        }
    }
    (points, labels)
}

#[test]
fn coincident_means_give_w_zero_and_the_prior_alone() {
    for c in [[0.1, 0.2], [123.456, -78.9], [1e6 / 3.0, 2e5 / 7.0]] {
        let (points, labels) = coincident(c);
        let fit = Gda::fit(&points, &labels).unwrap();
        let gap = [fit.mu1()[0] - fit.mu0()[0], fit.mu1()[1] - fit.mu0()[1]];
        assert!(fit.means_coincide(), "centre {c:?}: gap {gap:?}");
        let (w, b) = fit.log_odds_coefficients();
        assert_eq!(w, [0.0, 0.0], "centre {c:?}");
        // Four points per class: φ = ½, log(φ/(1 − φ)) = 0 exactly.
        assert_eq!(b, 0.0);
        assert!(genlab::gda::clip_line(w, b, genlab::gda::Rect { x0: -1e7, x1: 1e7, y0: -1e7, y1: 1e7 }).is_none());
    }
}

#[test]
fn a_real_gap_far_above_rounding_is_kept() {
    // 1e-9 on unit-size data of 8 points: the rounding bound is ~2·2.2e-16·10·1 ≈ 4e-15.
    let (mut points, labels) = coincident([0.5, 0.5]);
    for (p, &l) in points.iter_mut().zip(&labels) {
        if l == 1 {
            p[0] += 1e-9;
        }
    }
    let fit = Gda::fit(&points, &labels).unwrap();
    assert!(!fit.means_coincide());
    assert!(fit.log_odds_coefficients().0[0] > 0.0);
    // The bound itself, by hand: counts (4, 4), mean |x| per class and axis a →
    // 2ε·(5a + 5a) = 20εa.
    let noise = mean_gap_noise([4, 4], [[0.5, 2.0], [0.5, 2.0]]);
    assert_eq!(noise, [20.0 * f64::EPSILON * 0.5, 20.0 * f64::EPSILON * 2.0]);
}

#[test]
fn means_made_equal_by_a_drag_give_no_boundary() {
    // Drag μ₁ onto μ₀ on the default sample (60 + 40 points, φ = 0.4): the fitted means
    // now differ only by the rounding of the translated points.
    let mut lab = GdaLab::generated(SampleSpec::default()).unwrap();
    let m0 = lab.handle(0);
    lab.move_mean(1, m0).unwrap();
    let s = lab.summary();
    assert!(s.coincident, "{:?} vs {:?}", lab.handle(0), lab.handle(1));
    assert_eq!(s.w, Some([0.0, 0.0]));
    // b = log(φ/(1 − φ)) = log(40/60), the prior alone.
    assert!((s.b.unwrap() - (40.0f64 / 60.0).ln()).abs() < 1e-15);
    assert!(!s.boundary_visible);
    // Also with equal class sizes, where b = 0 too and the old noise line crossed the plot.
    let spec = SampleSpec { n0: 50, n1: 50, ..SampleSpec::default() };
    let mut lab = GdaLab::generated(spec).unwrap();
    lab.move_mean(0, [0.0, 0.0]).unwrap();
    lab.move_mean(1, [0.0, 0.0]).unwrap();
    let s = lab.summary();
    assert!(s.coincident);
    assert_eq!((s.w, s.b), (Some([0.0, 0.0]), Some(0.0)));
    // Both means were put at the origin: what rounding left of them (±10⁻¹⁷) prints as 0.
    assert!(lab.handle(0) != [0.0, 0.0] || lab.handle(1) != [0.0, 0.0], "the test needs rounding to show");
    assert_eq!(s.mu, Some([[0.0, 0.0], [0.0, 0.0]]));
}

#[test]
fn gaussian_naive_bayes_with_shared_variances_has_no_boundary_either() {
    let (points, labels) = coincident([123.456, -78.9]);
    let nb = GaussianNb::fit(&points, &labels, NbVariance::Shared, 1e-9).unwrap();
    let q = nb.quadratic();
    assert_eq!(q.b, [0.0, 0.0]);
    assert_eq!(q.a, [[0.0; 2]; 2]);
    assert!(nb.boundary(genlab::gda::Rect { x0: 120.0, x1: 127.0, y0: -82.0, y1: -75.0 }, 80, 60).unwrap().is_empty());
    // Through the panel, after a drag: the drawn model (shared diagonal Σ) has no boundary.
    let spec = SampleSpec { n0: 50, n1: 50, ..SampleSpec::default() };
    let mut lab = GdaLab::generated(spec).unwrap();
    lab.set_models(ModelSettings { covariance: Covariance::DiagonalShared, ..ModelSettings::default() }).unwrap();
    lab.move_mean(1, lab.handle(0)).unwrap();
    let model = lab.decision_model().unwrap();
    let v = lab.view();
    let grid = genlab::gda::level_set(&model, 0.0, v, 160, 120).unwrap();
    assert!(grid.is_empty(), "{} pieces of boundary", grid.len());
}

/// A mean dragged within a few pixels of the other snaps onto it (the page's drag,
/// `GdaPanel::dragTo`): by hand two means stop ~0.004 apart, w is tiny but not 0 and the
/// boundary leaves the window; snapped, they coincide and w = 0 exactly (the rule above).
#[test]
fn a_mean_dragged_beside_the_other_snaps_onto_it_and_the_means_coincide() {
    let mut lab = GdaLab::generated(SampleSpec::default()).unwrap();
    // Data units as "pixels", 100 to one unit: a reach of 6 is 0.06 units.
    let px = |p: [f64; 2]| [100.0 * p[0], 100.0 * p[1]];
    let mu0 = lab.handle(0);
    // 0.004 from μ₀ (0.4 "px"), as a hand leaves it: class 1 snaps onto class 0.
    let near = [100.0 * (mu0[0] + 0.003), 100.0 * (mu0[1] - 0.002)];
    assert_eq!(lab.snap_onto(1, near, px, 6.0), Some(0));
    // Class 0 itself never counts, and 0.1 units away (10 "px") is beyond the reach.
    assert_eq!(lab.snap_onto(0, near, px, 6.0), None);
    let far = [100.0 * (mu0[0] + 0.1), 100.0 * mu0[1]];
    assert_eq!(lab.snap_onto(1, far, px, 6.0), None);
    // Where it would have stopped: the means differ, w ≠ 0 (the defect: a boundary far off).
    lab.move_mean(1, [mu0[0] + 0.003, mu0[1] - 0.002]).unwrap();
    assert!(!lab.summary().coincident);
    // Snapped onto μ₀: they coincide and the prior alone decides (shared Σ, the default).
    lab.move_mean(1, lab.handle(0)).unwrap();
    let s = lab.summary();
    assert!(s.coincident, "{:?}", s.mu);
    assert_eq!(s.w, Some([0.0, 0.0]));
    assert!(!s.boundary_visible);
}
