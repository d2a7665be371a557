#![cfg(not(target_arch = "wasm32"))]
//! Gaussian naive Bayes (`genlab::gda::GaussianNb`): agreement with scikit-learn's
//! `GaussianNB` (per-class variances, its variance smoothing), the shared-variance
//! variant, the quadratic form of its log-odds, and the typed errors.
//!
//! Reference numbers come from `tools/sklearn/gda_models_reference.py` (scikit-learn 1.9.1,
//! numpy 2.4.6, Python 3.11.7; run from the repository root), `GaussianNB()` with the
//! default `var_smoothing = 1e-9`. The script asserts scikit-learn's convention:
//! `epsilon_` = 1e-9 × the largest per-feature variance of all points (`np.var`, divided
//! by m), and `var_[k]` = the class variance divided by n_k plus `epsilon_`. The log-odds
//! is the difference of `predict_joint_log_proba`'s two columns. The shared-variance
//! numbers (no scikit-learn class) are numpy's: the pooled per-feature scatter divided by
//! m, plus the same ε, in the log-odds Σⱼ [(xⱼ − θ₀ⱼ)² − (xⱼ − θ₁ⱼ)²]/(2σ²ⱼ) + log(φ/(1 − φ)).

use genlab::data::Preset;
use genlab::gda::gnb::DEFAULT_VAR_SMOOTHING;
use genlab::gda::{Classifier, ConicKind, GaussianNb, Gda, NbVariance, Qda, Rect, TrainingReport};
use genlab::Error;

use crate::common;
use common::{assert_close, assert_readable_sentence, preset, two_classes};

fn fit(points: &[[f64; 2]], labels: &[u8], variance: NbVariance) -> GaussianNb {
    match GaussianNb::fit(points, labels, variance, DEFAULT_VAR_SMOOTHING) {
        Ok(f) => f,
        Err(e) => panic!("the fit failed: {e}"),
    }
}

fn overlapping() -> (Vec<[f64; 2]>, Vec<u8>) {
    two_classes(
        &[[0.5, 1.2], [1.7, 2.9], [2.2, 2.1], [3.1, 4.4], [1.0, 0.3], [3.6, 2.0]],
        &[[4.0, 2.5], [5.3, 4.1], [4.6, 2.2], [2.0, 1.5], [3.0, 3.9]],
    )
}

fn cross() -> (Vec<[f64; 2]>, Vec<u8>) {
    two_classes(
        &[[-3.0, 0.2], [3.0, -0.2], [-1.0, 0.1], [1.0, -0.1], [0.0, 0.3], [0.0, -0.3]],
        &[[0.2, -3.0], [-0.2, 3.0], [0.1, -1.0], [-0.1, 1.0], [0.3, 0.0], [-0.3, 0.0]],
    )
}

// ---------------------------------------------------------------------------------------
// Reference values, pasted from the output of tools/sklearn/gda_models_reference.py
// ---------------------------------------------------------------------------------------

struct GnbReference {
    phi: f64,
    epsilon: f64,
    theta: [[f64; 2]; 2],
    var: [[f64; 2]; 2],
    shared_var: [f64; 2],
    /// (x, log-odds, predict_proba(x)[1], shared-variance log-odds)
    queries: &'static [([f64; 2], f64, f64, f64)],
}

// GNB_OVERLAPPING: GaussianNB() training accuracy = 0.7272727272727273
const GNB_OVERLAPPING: GnbReference = GnbReference {
    phi: 0.45454545454545453,
    epsilon: 2.0396694214876026e-09,
    theta: [[2.0166666666666666, 2.15], [3.78, 2.8400000000000003]],
    var: [[1.1913888909285582, 1.6625000020396696], [1.361600002039669, 1.006400002039669]],
    shared_var: [1.268757577797245, 1.3642727293123966],
    // (x, jll₁ − jll₀ = log-odds, predict_proba(x)[1], shared-variance log-odds)
    queries: &[
        ([0.0, 0.0], -6.155156390825527, 0.0021180135156343457, -5.472338443262517),
        ([2.5, 2.5], -0.522314421410504, 0.37231120400620615, -0.7334008151912567),
        ([3.5, 2.5], 0.8759082589439795, 0.7059735948403619, 0.6564102599825732),
        ([5.0, 4.0], 3.5513714724763528, 0.972114627869507, 3.4997728368253296),
    ],
};

// GNB_CROSS: GaussianNB() training accuracy = 0.6666666666666666
const GNB_CROSS: GnbReference = GnbReference {
    phi: 0.5,
    epsilon: 1.6900000000000004e-09,
    theta: [[0.0, 0.0], [0.0, 0.0]],
    var: [[3.3333333350233336, 0.04666666835666667], [0.04666666835666667, 3.3333333350233336]],
    shared_var: [1.69000000169, 1.69000000169],
    // (x, jll₁ − jll₀ = log-odds, predict_proba(x)[1], shared-variance log-odds)
    queries: &[
        ([0.0, 0.0], 0.0, 0.5, 0.0),
        ([2.0, 0.5], -39.616069973818405, 6.236765508990465e-18, 0.0),
        ([0.5, 2.0], 39.616069973818405, 1.0, 0.0),
        ([1.0, 1.0], 0.0, 0.49999999999999994, 0.0),
    ],
};

// GNB_IRIS: GaussianNB() training accuracy = 0.94
const GNB_IRIS: GnbReference = GnbReference {
    phi: 0.5,
    epsilon: 6.747640000000003e-10,
    theta: [[4.26, 1.3259999999999998], [5.552, 2.026]],
    var: [[0.21640000067476411, 0.038324000674763985], [0.29849600067476423, 0.07392400067476398]],
    shared_var: [0.25744800067476403, 0.056124000674763995],
    // (x, jll₁ − jll₀ = log-odds, predict_proba(x)[1], shared-variance log-odds)
    queries: &[
        ([4.0, 1.2], -8.775420156583694, 0.00015446011834589532, -10.483605214054581),
        ([4.9, 1.6], -0.5029347334451408, 0.37685124380837154, -0.9780119997369214),
        ([5.0, 1.7], 1.371650682970488, 0.7976467153256052, 0.7710751591580748),
        ([6.0, 2.2], 15.931140662931675, 0.9999998794427126, 12.025755532370733),
    ],
};

// GNB_PENGUINS_ADELIE_GENTOO: GaussianNB() training accuracy = 0.9963503649635036
const GNB_PENGUINS_ADELIE_GENTOO: GnbReference = GnbReference {
    phi: 0.4489051094890511,
    epsilon: 2.689539293515903e-08,
    theta: [[38.79139072847684, 18.346357615894032], [47.504878048780476, 14.982113821138206]],
    var: [[7.046747099392216, 1.4704337798009672], [9.420626638039552, 0.9549646643466454]],
    shared_var: [8.112393753602522, 1.2390370600897216],
    // (x, jll₁ − jll₀ = log-odds, predict_proba(x)[1], shared-variance log-odds)
    queries: &[
        ([40.0, 18.0], -7.747933746313304, 0.0004314472569961013, -7.213371475333963),
        ([44.0, 16.5], 1.0914254271259436, 0.7486500437842828, 1.155823913723196),
        ([45.0, 15.0], 6.075210503924544, 0.9977061118682498, 6.302732175839241),
        ([50.0, 15.0], 12.256969257589144, 0.999995248137965, 11.673210720741096),
    ],
};

/// Tolerance against scikit-learn (the brief: 10⁻⁹).
const TOL: f64 = 1e-9;

fn assert_matches(points: &[[f64; 2]], labels: &[u8], r: &GnbReference) {
    let f = fit(points, labels, NbVariance::PerClass);
    assert_close(f.phi(), r.phi, 1e-15, 0.0, "φ (class_prior_[1])");
    assert_close(f.epsilon(), r.epsilon, 1e-12, 0.0, "ε (epsilon_)");
    for k in 0..2 {
        for j in 0..2 {
            assert_close(f.theta(k)[j], r.theta[k][j], 1e-12, 1e-15, &format!("theta_[{k}][{j}]"));
            assert_close(f.var(k)[j], r.var[k][j], TOL, 0.0, &format!("var_[{k}][{j}]"));
        }
    }
    let q = f.quadratic();
    for &(x, log_odds, p, _) in r.queries {
        assert_close(f.log_odds(x), log_odds, TOL, TOL, &format!("log-odds at {x:?}"));
        assert_close(q.eval(x), log_odds, TOL, TOL, &format!("xᵀAx + bᵀx + c at {x:?}"));
        assert_close(f.posterior(x), p, TOL, 1e-300, &format!("predict_proba at {x:?}"));
        assert_close(1.0 - f.posterior(x), 1.0 - p, TOL, 1e-15, &format!("1 − predict_proba at {x:?}"));
    }
    // Shared variances: numpy's pooled diagonal plus ε.
    let s = fit(points, labels, NbVariance::Shared);
    for k in 0..2 {
        for j in 0..2 {
            assert_close(s.var(k)[j], r.shared_var[j], TOL, 0.0, &format!("shared var[{j}]"));
        }
    }
    for &(x, _, _, shared) in r.queries {
        assert_close(s.log_odds(x), shared, TOL, TOL, &format!("shared log-odds at {x:?}"));
    }
}

#[test]
fn overlapping_set_matches_scikit_learn() {
    let (points, labels) = overlapping();
    assert_matches(&points, &labels, &GNB_OVERLAPPING);
}

#[test]
fn cross_set_matches_scikit_learn() {
    let (points, labels) = cross();
    assert_matches(&points, &labels, &GNB_CROSS);
}

#[test]
fn iris_versicolor_virginica_matches_scikit_learn() {
    let (points, labels) = preset(Preset::IrisVersicolorVirginica);
    assert_matches(&points, &labels, &GNB_IRIS);
    // scikit-learn's score: 0.94.
    let f = fit(&points, &labels, NbVariance::PerClass);
    let report = match TrainingReport::evaluate(&f, &points, &labels) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert_close(report.accuracy, 0.94, 1e-15, 0.0, "training accuracy");
}

#[test]
fn penguins_adelie_gentoo_match_scikit_learn() {
    let (points, labels) = preset(Preset::PenguinsAdelieGentoo);
    assert_matches(&points, &labels, &GNB_PENGUINS_ADELIE_GENTOO);
}

// ---------------------------------------------------------------------------------------
// Naive Bayes is GDA (or QDA) with a diagonal covariance
// ---------------------------------------------------------------------------------------

#[test]
fn shared_variances_give_a_linear_boundary_equal_to_gda_with_diagonal_sigma() {
    // With shared variances A = 0: z = b·x + c is a line, and it is GDA's log-odds with
    // Σ replaced by the diagonal of its pooled Σ, plus ε (10⁻⁹ of the largest variance).
    let (points, labels) = preset(Preset::IrisVersicolorVirginica);
    let s = fit(&points, &labels, NbVariance::Shared);
    let q = s.quadratic();
    assert_eq!(q.a, [[0.0; 2]; 2]);
    assert_eq!(q.conic_kind(), ConicKind::Line);
    let g = match Gda::fit(&points, &labels) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let sigma = g.sigma();
    for k in 0..2 {
        assert_close(s.var(k)[0] - s.epsilon(), sigma[0][0], 1e-12, 0.0, "σ²₁ − ε = Σ₁₁");
        assert_close(s.var(k)[1] - s.epsilon(), sigma[1][1], 1e-12, 0.0, "σ²₂ − ε = Σ₂₂");
    }
    // w = diag(1/σ²)(μ₁ − μ₀), by hand from GDA's means and the smoothed variances.
    let (mu0, mu1) = (g.mu0(), g.mu1());
    for j in 0..2 {
        assert_close(q.b[j], (mu1[j] - mu0[j]) / s.var(0)[j], 1e-12, 0.0, "b of the line");
    }
}

#[test]
fn per_class_variances_agree_with_qda_restricted_to_the_diagonal() {
    // On data whose class covariances are diagonal (the cross, nearly: its off-diagonal
    // terms are −0.23 of 3.3, so not exactly), naive Bayes and QDA differ; on the rings
    // below they are exactly diagonal and the two models coincide (ε aside).
    let (points, labels) = two_classes(
        &[[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0], [0.0, -1.0]],
        &[[2.0, 0.0], [-2.0, 0.0], [0.0, 2.0], [0.0, -2.0]],
    );
    let nb = fit(&points, &labels, NbVariance::PerClass);
    let qda = match Qda::fit(&points, &labels) {
        Ok(q) => q,
        Err(e) => panic!("{e}"),
    };
    for x in [[0.0, 0.0], [1.0, 1.0], [3.0, -0.5]] {
        assert_close(nb.log_odds(x), qda.log_odds(x), 1e-8, 1e-8, &format!("log-odds at {x:?}"));
    }
    assert_eq!(nb.quadratic().conic_kind(), ConicKind::Ellipse);
}

#[test]
fn the_cross_has_crossing_line_boundaries_and_they_are_traced_on_the_level() {
    // GNB_CROSS's log-odds is 0 at (1, 1) and at (0, 0) (scikit-learn): the lines y = ±x.
    let (points, labels) = cross();
    let f = fit(&points, &labels, NbVariance::PerClass);
    assert_eq!(f.quadratic().conic_kind(), ConicKind::CrossingLines);
    let rect = Rect { x0: -2.0, x1: 2.0, y0: -2.0, y1: 2.0 };
    let lines = match f.boundary(rect, 41, 41) {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    assert!(!lines.is_empty());
    for v in lines.iter().flatten() {
        assert_close(v[0].abs(), v[1].abs(), 1e-9, 1e-12, "a vertex of y = ±x");
    }
}

// ---------------------------------------------------------------------------------------
// Smoothing and errors
// ---------------------------------------------------------------------------------------

#[test]
fn one_point_class_is_fine_thanks_to_smoothing() {
    // Class 1 has one point: its own variance is 0, and ε keeps it positive (scikit-learn
    // fits this too). ε = 1e-9 × max(var x, var y) over all four points: x = 0, 2, 0, 5
    // has mean 1.75 and variance (3.0625 + 0.0625 + 3.0625 + 10.5625)/4 = 4.1875;
    // y = 0, 0, 2, 5: mean 1.75, variance (3.0625 + 3.0625 + 0.0625 + 10.5625)/4 = 4.1875.
    let (points, labels) = two_classes(&[[0.0, 0.0], [2.0, 0.0], [0.0, 2.0]], &[[5.0, 5.0]]);
    let f = fit(&points, &labels, NbVariance::PerClass);
    assert_close(f.epsilon(), 4.1875e-9, 1e-15, 0.0, "ε");
    assert_close(f.var(1)[0], 4.1875e-9, 1e-15, 0.0, "σ²₁₁ = 0 + ε");
    assert_eq!(f.predict([5.0, 5.0]), 1);
    assert_eq!(f.predict([5.1, 5.0]), 0);
}

#[test]
fn zero_variance_without_smoothing_is_a_singular_error_naming_the_class() {
    let (points, labels) = two_classes(&[[0.0, 0.0], [2.0, 0.0], [0.0, 2.0]], &[[5.0, 5.0]]);
    let e = match GaussianNb::fit(&points, &labels, NbVariance::PerClass, 0.0) {
        Ok(f) => panic!("expected an error, got var = {:?}", f.var(1)),
        Err(e) => e,
    };
    assert!(matches!(e, Error::SingularClassCovariance { class: 1, .. }), "{e:?}");
    assert_readable_sentence(&e.to_string());
    // Every point the same: even ε is 0, so the shared variance is 0 too.
    let (points, labels) = two_classes(&[[1.0, 1.0]; 2], &[[1.0, 1.0]; 2]);
    let e = match GaussianNb::fit(&points, &labels, NbVariance::Shared, DEFAULT_VAR_SMOOTHING) {
        Ok(f) => panic!("expected an error, got var = {:?}", f.var(0)),
        Err(e) => e,
    };
    assert!(matches!(e, Error::SingularCovariance { .. }), "{e:?}");
}

#[test]
fn bad_var_smoothing_is_an_invalid_parameter_error() {
    let (points, labels) = overlapping();
    for v in [-1e-9, f64::NAN, f64::INFINITY] {
        match GaussianNb::fit(&points, &labels, NbVariance::PerClass, v) {
            Err(Error::InvalidParameter { name: "var_smoothing", .. }) => {}
            other => panic!("var_smoothing = {v}: {other:?}"),
        }
    }
}

#[test]
fn empty_class_and_bad_points_are_typed_errors() {
    let (points, labels) = two_classes(&[[0.0, 0.0], [1.0, 1.0]], &[]);
    assert_eq!(
        GaussianNb::fit(&points, &labels, NbVariance::PerClass, DEFAULT_VAR_SMOOTHING).map(|f| f.phi()),
        Err(Error::EmptyClass { class: 1 })
    );
    let (mut points, labels) = overlapping();
    points[5][0] = f64::NAN;
    assert_eq!(
        GaussianNb::fit(&points, &labels, NbVariance::Shared, DEFAULT_VAR_SMOOTHING).map(|f| f.phi()),
        Err(Error::NonFinite { index: 5 })
    );
}

#[test]
fn log_odds_is_never_nan_for_finite_points() {
    let (points, labels) = cross();
    let f = fit(&points, &labels, NbVariance::PerClass);
    let m = f64::MAX;
    for x in [[m, m], [m, -m], [-m, m], [m, 0.0], [0.0, m], [1e200, 1e200]] {
        assert!(!f.log_odds(x).is_nan(), "log-odds at {x:?} is NaN");
    }
}
