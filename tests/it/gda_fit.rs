#![cfg(not(target_arch = "wasm32"))]
//! The maximum-likelihood GDA fit (`genlab::gda::Gda`): hand-derived values, agreement
//! with scikit-learn, the invariances the formulas imply, a large-sample check, and one
//! typed error with a readable sentence for every degenerate input.
//!
//! Reference numbers marked "scikit-learn" come from scikit-learn 1.9.1 (numpy 2.4.6,
//! Python 3.11.7), `LinearDiscriminantAnalysis(solver="lsqr", store_covariance=True)`,
//! printed by `tools/sklearn/gda_reference.py` (run it from the repository root). Its
//! `priors_[1]` is φ, `means_` are μ₀ and μ₁, `covariance_` is the MLE Σ (divided by m),
//! and for two classes `coef_[0]`, `intercept_[0]` are w and b of the log-odds (the script
//! checks that `decision_function` equals X·w + b).

use genlab::data::Preset;
use genlab::gda::{ClassParams, Gda, SampleSpec};
use genlab::Error;

use crate::common;
use common::{
    assert_close, assert_mat_close, assert_readable_sentence, assert_vec_close, preset, six_points, two_classes,
};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn fit(points: &[[f64; 2]], labels: &[u8]) -> Gda {
    match Gda::fit(points, labels) {
        Ok(fit) => fit,
        Err(e) => panic!("the fit failed: {e}"),
    }
}

/// The error of a fit that must fail.
fn fit_error(points: &[[f64; 2]], labels: &[u8]) -> Error {
    match Gda::fit(points, labels) {
        Ok(fit) => panic!("expected an error, got a fit with Σ = {:?}", fit.sigma()),
        Err(e) => e,
    }
}

// ---------------------------------------------------------------------------------------
// The literal datasets (the same literals are in tools/sklearn/gda_reference.py)
// ---------------------------------------------------------------------------------------

/// 5 vs 3 points, tilted scatter: φ ≠ ½ and Σ has an off-diagonal term.
fn unbalanced_tilted() -> (Vec<[f64; 2]>, Vec<u8>) {
    two_classes(&[[0.5, 1.2], [1.7, 2.9], [2.2, 2.1], [3.1, 4.4], [1.0, 0.3]], &[[4.0, 2.5], [5.3, 4.1], [4.6, 2.2]])
}

/// `unbalanced_tilted` moved by (1000, −2000), written out literally.
fn far_from_origin() -> (Vec<[f64; 2]>, Vec<u8>) {
    two_classes(
        &[[1000.5, -1998.8], [1001.7, -1997.1], [1002.2, -1997.9], [1003.1, -1995.6], [1001.0, -1999.7]],
        &[[1004.0, -1997.5], [1005.3, -1995.9], [1004.6, -1997.8]],
    )
}

// ---------------------------------------------------------------------------------------
// scikit-learn reference values, pasted from the output of tools/sklearn/gda_reference.py
// (scikit-learn 1.9.1, LinearDiscriminantAnalysis(solver="lsqr", store_covariance=True)).
// ---------------------------------------------------------------------------------------

struct Reference {
    phi: f64,
    mu0: [f64; 2],
    mu1: [f64; 2],
    sigma: [[f64; 2]; 2],
    w: [f64; 2],
    b: f64,
    /// Training accuracy (`lda.score(X, y)`).
    accuracy: f64,
    /// (x, `predict_proba(x)[1]`).
    posterior: &'static [([f64; 2], f64)],
}

// SIX_POINTS: n = [3, 3], training accuracy = 1.0 (6/6)
const SIX_POINTS: Reference = Reference {
    phi: 0.5,
    mu0: [-1.3333333333333333, -1.3333333333333333],
    mu1: [1.3333333333333333, 1.3333333333333333],
    sigma: [[0.2222222222222222, -0.1111111111111111], [-0.1111111111111111, 0.2222222222222222]],
    w: [23.999999999999993, 23.999999999999993],
    b: 0.0,
    accuracy: 1.0,
    posterior: &[
        ([0.0, 0.0], 0.5),                     // log-odds 0.0
        ([1.0, 0.0], 0.9999999999622486),      // log-odds 23.999999999999993
        ([-0.5, 0.25], 0.0024726231566347787), // log-odds -5.999999999999998
        ([0.05, 0.02], 0.8429045311145472),    // log-odds 1.6799999999999995
    ],
};

// UNBALANCED_TILTED: n = [5, 3], training accuracy = 1.0 (8/8)
const UNBALANCED_TILTED: Reference = Reference {
    phi: 0.375,
    mu0: [1.7, 2.18],
    mu1: [4.633333333333334, 2.9333333333333336],
    sigma: [[0.6233333333333334, 0.8295833333333333], [0.8295833333333333, 1.5043333333333333]],
    w: [15.181846155259267, -7.8714424150014395],
    b: -28.462017341066655,
    accuracy: 1.0,
    posterior: &[
        ([0.0, 0.0], 4.356150993707457e-13), // log-odds -28.462017341066655
        ([3.0, 2.5], 0.06945541767044398),   // log-odds -2.5950849127924513
        ([3.5, 3.0], 0.7427128953672174),    // log-odds 1.0601169573364615
        ([2.6, 2.4], 0.000377833461203692),  // log-odds -7.880679133396015
    ],
};

// FAR_FROM_ORIGIN: n = [5, 3], training accuracy = 1.0 (8/8)
const FAR_FROM_ORIGIN: Reference = Reference {
    phi: 0.375,
    mu0: [1001.7, -1997.8200000000002],
    mu1: [1004.6333333333333, -1997.0666666666666],
    sigma: [[0.6233333333333392, 0.8295833333333341], [0.8295833333333341, 1.5043333333333775]],
    w: [15.181846155255698, -7.871442414998455],
    b: -30953.193002596498,
    accuracy: 1.0,
    posterior: &[
        ([1000.0, -2000.0], 4.356150981413445e-13),  // log-odds -28.462017343888874
        ([1003.0, -1997.5], 0.06945541748783027),    // log-odds -2.5950849156179174
        ([1003.5, -1997.0], 0.7427128948274159),     // log-odds 1.0601169545116136
        ([1002.6, -1997.6], 0.00037783346013765346), // log-odds -7.880679136218532
    ],
};

// PENGUINS_ADELIE_CHINSTRAP: n = [151, 68], training accuracy = 0.9726027397260274 (213/219)
const PENGUINS_ADELIE_CHINSTRAP: Reference = Reference {
    phi: 0.3105022831050228,
    mu0: [38.79139072847684, 18.346357615894032],
    mu1: [48.83382352941177, 18.420588235294115],
    sigma: [[8.270095953558782, 1.626953935888062], [1.626953935888062, 1.4082496491293603]],
    w: [1.5580497446666626, -1.7473070534872868],
    b: -36.93842157158815,
    accuracy: 0.9726027397260274,
    posterior: &[
        ([40.0, 18.0], 0.0023105447358672338), // log-odds -6.06795874769281
        ([44.0, 18.3], 0.4109712132584283),    // log-odds -0.35995188507234843
        ([45.0, 17.0], 0.9698102224233042),    // log-odds 3.46959702912779
        ([50.0, 19.0], 0.999575948558951),     // log-odds 7.76523164548653
    ],
};

// PENGUINS_ADELIE_GENTOO: n = [151, 123], training accuracy = 0.9963503649635036 (273/274)
const PENGUINS_ADELIE_GENTOO: Reference = Reference {
    phi: 0.4489051094890511,
    mu0: [38.79139072847684, 18.346357615894032],
    mu1: [47.504878048780476, 14.982113821138206],
    sigma: [[8.112393726707126, 1.5607700606130632], [1.5607700606130632, 1.239037033194328]],
    w: [2.1071541771781876, -5.36951420284776],
    b: -1.6460167257119451,
    accuracy: 0.9963503649635036,
    posterior: &[
        ([40.0, 18.0], 8.2234476129351e-07), // log-odds -14.011105289844114
        ([44.0, 16.5], 0.9221398570845457),  // log-odds 2.471782723140274
        ([45.0, 15.0], 0.9999967381350855),  // log-odds 12.6332082045901
        ([50.0, 15.0], 0.9999999999133358),  // log-odds 23.168979090481038
    ],
};

// IRIS_VERSICOLOR_VIRGINICA: n = [50, 50], training accuracy = 0.94 (94/100)
const IRIS_VERSICOLOR_VIRGINICA: Reference = Reference {
    phi: 0.5,
    mu0: [4.26, 1.3259999999999998],
    mu1: [5.552, 2.026],
    sigma: [[0.2574480000000001, 0.059744], [0.059744, 0.056123999999999986]],
    w: [2.8209880666248495, 9.469440683977703],
    b: -29.710550041208137,
    accuracy: 0.94,
    posterior: &[
        ([4.0, 1.2], 0.0008552433042206241), // log-odds -7.063268953935495
        ([4.9, 1.6], 0.32374732827902797),   // log-odds -0.7366034203820497
        ([5.0, 1.7], 0.6206809369133817),    // log-odds 0.4924394546782054
        ([6.0, 2.2], 0.9996804086807357),    // log-odds 8.04814786329191
    ],
};

/// Relative tolerance against scikit-learn for φ, μ, Σ, w and b.
const REL: f64 = 1e-10;

/// Compares every fitted quantity with the reference. `posterior_rel` is the relative
/// tolerance on p(y=1|x); see `far_from_origin_set_matches_scikit_learn` for why it is
/// looser there.
fn assert_matches_reference(points: &[[f64; 2]], labels: &[u8], r: &Reference, posterior_rel: f64) {
    let fit = fit(points, labels);
    assert_close(fit.phi(), r.phi, REL, 0.0, "φ");
    assert_vec_close(fit.mu0(), r.mu0, REL, 0.0, "μ₀");
    assert_vec_close(fit.mu1(), r.mu1, REL, 0.0, "μ₁");
    assert_mat_close(fit.sigma(), r.sigma, REL, 0.0, "Σ");
    let (w, b) = fit.log_odds_coefficients();
    assert_vec_close(w, r.w, REL, 0.0, "w");
    // b is exactly 0 for the six-point set; there the absolute floor applies.
    assert_close(b, r.b, REL, 1e-12, "b");
    for &(x, p) in r.posterior {
        let got = fit.posterior(x);
        assert_close(got, p, posterior_rel, 1e-300, &format!("p(y=1|x) at {x:?}"));
        // 1 − p as well: the two tails are equally important to a classifier.
        assert_close(1.0 - got, 1.0 - p, posterior_rel, 1e-15, &format!("p(y=0|x) at {x:?}"));
    }
    // scikit-learn's predict is class 1 exactly when decision_function > 0, as here.
    let correct = points.iter().zip(labels).filter(|(x, &y)| fit.predict(**x) == y).count();
    assert_close(correct as f64 / points.len() as f64, r.accuracy, 1e-15, 0.0, "training accuracy");
}

// ---------------------------------------------------------------------------------------
// Hand-derived values
// ---------------------------------------------------------------------------------------

#[test]
fn six_point_set_gives_hand_derived_parameters() {
    // Class 0: (−2,−1), (−1,−1), (−1,−2); class 1: (1,1), (1,2), (2,1).
    // φ = 3/6 = ½.  μ₀ = (−4/3, −4/3), μ₁ = (4/3, 4/3).
    // Class-0 deviations (−2/3, 1/3), (1/3, 1/3), (1/3, −2/3): scatter
    //   xx = 4/9 + 1/9 + 1/9 = 2/3, xy = −2/9 + 1/9 − 2/9 = −1/3, yy = 2/3.
    // Class-1 deviations (−1/3, −1/3), (−1/3, 2/3), (2/3, −1/3): the same scatter.
    // Σ = (1/6)·[[4/3, −2/3], [−2/3, 4/3]] = [[2/9, −1/9], [−1/9, 2/9]].
    // det Σ = 4/81 − 1/81 = 1/27, so Σ⁻¹ = 27·[[2/9, 1/9], [1/9, 2/9]] = [[6, 3], [3, 6]].
    // w = Σ⁻¹(μ₁ − μ₀) = [[6, 3], [3, 6]]·(8/3, 8/3) = (24, 24).
    // b = −w·(μ₀ + μ₁)/2 + log(φ/(1 − φ)) = −w·(0, 0) + log 1 = 0.
    let (points, labels) = six_points();
    let fit = fit(&points, &labels);
    assert_close(fit.phi(), 0.5, 0.0, 1e-15, "φ");
    assert_vec_close(fit.mu0(), [-4.0 / 3.0; 2], 1e-15, 0.0, "μ₀");
    assert_vec_close(fit.mu1(), [4.0 / 3.0; 2], 1e-15, 0.0, "μ₁");
    let expected_sigma = [[2.0 / 9.0, -1.0 / 9.0], [-1.0 / 9.0, 2.0 / 9.0]];
    assert_mat_close(fit.sigma(), expected_sigma, 1e-14, 0.0, "Σ");
    let (w, b) = fit.log_odds_coefficients();
    assert_close(w[0], 24.0, 1e-13, 0.0, "w₁");
    assert_close(w[1], 24.0, 1e-13, 0.0, "w₂");
    assert_close(b, 0.0, 0.0, 1e-13, "b");
    assert_eq!(fit.counts(), [3, 3]);
    // p(y=1|x) = σ(24·(x₁ + x₂)); at (0.05, 0.02): σ(1.68) = 1/(1 + e^−1.68).
    assert_close(fit.posterior([0.05, 0.02]), 1.0 / (1.0 + (-1.68f64).exp()), 1e-13, 0.0, "posterior");
}

#[test]
fn posterior_is_the_logistic_function_of_the_log_odds() {
    // p(y=1|x) = 1/(1 + e^−(w·x + b)), the bridge from GDA to logistic regression.
    let (points, labels) = unbalanced_tilted();
    let fit = fit(&points, &labels);
    let (w, b) = fit.log_odds_coefficients();
    for x in [[0.0, 0.0], [3.0, 2.5], [3.5, 3.0], [-1.0, 4.0]] {
        let z = w[0] * x[0] + w[1] * x[1] + b;
        assert_close(fit.log_odds(x), z, 1e-14, 1e-14, "log-odds");
        assert_close(fit.posterior(x), 1.0 / (1.0 + (-z).exp()), 1e-13, 1e-300, "posterior");
    }
}

#[test]
fn ties_go_to_class_0() {
    // For the six-point set the log-odds at the origin is exactly 24·0 + 24·0 + 0 = 0
    // (hand-derived above), so the point is on the boundary.
    let (points, labels) = six_points();
    let fit = fit(&points, &labels);
    assert_eq!(fit.log_odds([0.0, 0.0]), 0.0);
    assert_eq!(fit.posterior([0.0, 0.0]), 0.5);
    assert_eq!(fit.predict([0.0, 0.0]), 0);
    assert_eq!(fit.predict([0.01, 0.0]), 1);
}

// ---------------------------------------------------------------------------------------
// Agreement with scikit-learn
// ---------------------------------------------------------------------------------------

#[test]
fn six_point_set_matches_scikit_learn() {
    let (points, labels) = six_points();
    assert_matches_reference(&points, &labels, &SIX_POINTS, 1e-10);
}

#[test]
fn unbalanced_tilted_set_matches_scikit_learn() {
    let (points, labels) = unbalanced_tilted();
    assert_matches_reference(&points, &labels, &UNBALANCED_TILTED, 1e-10);
}

#[test]
fn far_from_origin_set_matches_scikit_learn() {
    // Here w·x ≈ 3.1·10⁴ cancels against b to leave log-odds of order 1, and scikit-learn's
    // lsqr intercept −½(μ₁ᵀΣ⁻¹μ₁ − μ₀ᵀΣ⁻¹μ₀) is itself a difference of two ~10⁷ terms, so
    // its log-odds carry ~10⁻⁹ of rounding (compare its FAR and UNBALANCED log-odds at the
    // same relative query: they differ by 3·10⁻⁹). The posterior is compared to 10⁻⁸.
    let (points, labels) = far_from_origin();
    assert_matches_reference(&points, &labels, &FAR_FROM_ORIGIN, 1e-8);
}

#[test]
fn penguins_adelie_chinstrap_matches_scikit_learn() {
    let (points, labels) = preset(Preset::PenguinsAdelieChinstrap);
    assert_matches_reference(&points, &labels, &PENGUINS_ADELIE_CHINSTRAP, 1e-10);
}

#[test]
fn penguins_adelie_gentoo_matches_scikit_learn() {
    let (points, labels) = preset(Preset::PenguinsAdelieGentoo);
    assert_matches_reference(&points, &labels, &PENGUINS_ADELIE_GENTOO, 1e-10);
}

#[test]
fn iris_versicolor_virginica_matches_scikit_learn() {
    let (points, labels) = preset(Preset::IrisVersicolorVirginica);
    assert_matches_reference(&points, &labels, &IRIS_VERSICOLOR_VIRGINICA, 1e-10);
}

// ---------------------------------------------------------------------------------------
// The decision boundary
// ---------------------------------------------------------------------------------------

#[test]
fn boundary_passes_through_midpoint_of_means_when_priors_are_equal() {
    // With φ = ½, b = −w·(μ₀ + μ₁)/2, so w·m + b = 0 at m = (μ₀ + μ₁)/2.
    let cases = [six_points(), preset(Preset::IrisVersicolorVirginica), {
        let spec = SampleSpec { n0: 50, n1: 50, ..SampleSpec::default() };
        spec.sample().expect("valid spec")
    }];
    for (points, labels) in cases {
        let fit = fit(&points, &labels);
        assert_eq!(fit.phi(), 0.5);
        let (mu0, mu1) = (fit.mu0(), fit.mu1());
        let mid = [0.5 * (mu0[0] + mu1[0]), 0.5 * (mu0[1] + mu1[1])];
        let (w, _) = fit.log_odds_coefficients();
        // The scale of the terms that cancel: |w|·|m|.
        let scale = w[0].abs() * mid[0].abs() + w[1].abs() * mid[1].abs() + 1.0;
        assert_close(fit.log_odds(mid), 0.0, 0.0, 1e-13 * scale, "log-odds at the midpoint");
        assert_close(fit.posterior(mid), 0.5, 0.0, 1e-13 * scale, "posterior at the midpoint");
    }
}

#[test]
fn unequal_priors_shift_the_midpoint_log_odds_by_the_log_prior_ratio() {
    // 5 vs 3 points: φ = 3/8, so the log-odds at the midpoint is log(φ/(1−φ)) = log(3/5).
    let (points, labels) = unbalanced_tilted();
    let fit = fit(&points, &labels);
    let (mu0, mu1) = (fit.mu0(), fit.mu1());
    let mid = [0.5 * (mu0[0] + mu1[0]), 0.5 * (mu0[1] + mu1[1])];
    assert_close(fit.log_odds(mid), (3.0f64 / 5.0).ln(), 1e-12, 0.0, "log-odds at the midpoint");
}

// ---------------------------------------------------------------------------------------
// Large samples recover the generating model
// ---------------------------------------------------------------------------------------

/// 200,000 points per class: two samples of 100,000 (the per-class maximum) with seeds 1
/// and 2. Seed s draws class k from stream 2s + k, so the four streams (2, 3, 4, 5) differ.
fn large_sample(class0: ClassParams, class1: ClassParams) -> (Vec<[f64; 2]>, Vec<u8>) {
    let mut points = Vec::new();
    let mut labels = Vec::new();
    for seed in [1, 2] {
        let spec = SampleSpec { n0: 100_000, n1: 100_000, class0, class1, seed };
        let (p, l) = spec.sample().expect("valid spec");
        points.extend(p);
        labels.extend(l);
    }
    (points, labels)
}

#[test]
fn large_sample_with_a_shared_covariance_recovers_the_generating_parameters() {
    // Both classes: σ = (1, 0.6), ρ = 0.5, so Σ = [[1, 0.3], [0.3, 0.36]] (0.5·1·0.6 = 0.3).
    // Means (−1, 0.5) and (1.5, −0.5).
    let class0 = ClassParams { mean: [-1.0, 0.5], sd: [1.0, 0.6], rho: 0.5 };
    let class1 = ClassParams { mean: [1.5, -0.5], ..class0 };
    let (points, labels) = large_sample(class0, class1);
    let fit = fit(&points, &labels);
    assert_eq!(fit.counts(), [200_000, 200_000]);
    assert_eq!(fit.phi(), 0.5);
    // The standard error of a mean is σ/√200000 ≤ 0.0023, so 0.01 is > 4 standard errors.
    assert_vec_close(fit.mu0(), class0.mean, 0.0, 0.01, "μ₀");
    assert_vec_close(fit.mu1(), class1.mean, 0.0, 0.01, "μ₁");
    // The standard error of a (co)variance estimate from 400,000 points is at most
    // σ²·√(2/400000) ≈ 0.0023, so 0.01 is again > 4 standard errors.
    assert_mat_close(fit.sigma(), [[1.0, 0.3], [0.3, 0.36]], 0.0, 0.01, "Σ");
    // The population w = Σ⁻¹(μ₁ − μ₀): det Σ = 0.36 − 0.09 = 0.27,
    // Σ⁻¹ = [[0.36, −0.3], [−0.3, 1]]/0.27, μ₁ − μ₀ = (2.5, −1):
    // w = ((0.9 + 0.3)/0.27, (−0.75 − 1)/0.27) = (4.444…, −6.481…).
    // b = −w·(0.25, 0) + log 1 = −1.111…
    let (w, b) = fit.log_odds_coefficients();
    assert_close(w[0], 1.2 / 0.27, 0.03, 0.0, "w₁");
    assert_close(w[1], -1.75 / 0.27, 0.03, 0.0, "w₂");
    assert_close(b, -0.25 * 1.2 / 0.27, 0.0, 0.05, "b");
}

#[test]
fn large_sample_shared_covariance_converges_to_the_count_weighted_average() {
    // With different class covariances the MLE Σ = (1/m) Σᵢ (…)(…)ᵀ tends to
    // (n₀Σ₀ + n₁Σ₁)/(n₀ + n₁). Class 0: σ = (1, 1), ρ = 0 → Σ₀ = I.
    // Class 1: σ = (2, 0.5), ρ = −0.6 → Σ₁ = [[4, −0.6], [−0.6, 0.25]] (−0.6·2·0.5 = −0.6).
    // n₀ = 100,000, n₁ = 50,000 (per seed, twice): weights 2/3 and 1/3:
    // Σ = [[2/3 + 4/3, −0.2], [−0.2, 2/3 + 0.25/3]] = [[2, −0.2], [−0.2, 0.75]].
    let class0 = ClassParams { mean: [0.0, 0.0], sd: [1.0, 1.0], rho: 0.0 };
    let class1 = ClassParams { mean: [3.0, 1.0], sd: [2.0, 0.5], rho: -0.6 };
    let mut points = Vec::new();
    let mut labels = Vec::new();
    for seed in [1, 2] {
        let spec = SampleSpec { n0: 100_000, n1: 50_000, class0, class1, seed };
        let (p, l) = spec.sample().expect("valid spec");
        points.extend(p);
        labels.extend(l);
    }
    let fit = fit(&points, &labels);
    assert_close(fit.phi(), 1.0 / 3.0, 1e-15, 0.0, "φ = 100000/300000");
    // Class 1's variance 4 has a standard error of 4·√(2/100000) ≈ 0.018 within its class,
    // weighted by 1/3: ≈ 0.006 in Σ₁₁, so 0.03 is 5 standard errors.
    assert_mat_close(fit.sigma(), [[2.0, -0.2], [-0.2, 0.75]], 0.0, 0.03, "Σ");
}

// ---------------------------------------------------------------------------------------
// Invariances implied by the formulas
// ---------------------------------------------------------------------------------------

#[test]
fn translating_all_points_leaves_w_unchanged_and_moves_b_by_minus_w_dot_t() {
    // x → x + t moves both means by t and leaves every deviation, hence Σ and w, as they
    // were; b = −w·(μ₀ + μ₁ + 2t)/2 + log(φ/(1−φ)) = b − w·t.
    let (points, labels) = unbalanced_tilted();
    let before = fit(&points, &labels);
    let (w, b) = before.log_odds_coefficients();
    // At t = 10⁸ the coordinates' squares (~10¹⁶) leave nothing of the spread (~1) in a
    // sum of raw squares: only sums of deviations keep Σ.
    for t in [[3.5, -1.25], [-40.0, 17.0], [1e3, 1e3], [1e8, -1e8]] {
        let moved: Vec<[f64; 2]> = points.iter().map(|p| [p[0] + t[0], p[1] + t[1]]).collect();
        let after = fit(&moved, &labels);
        let (w2, b2) = after.log_odds_coefficients();
        // Adding t rounds each coordinate by up to ½ ulp(|t|), which Σ⁻¹ (entries ~10)
        // amplifies: allow 1e-12·|t| relative.
        let rel = 1e-12 * (1.0 + t[0].abs() + t[1].abs());
        assert_close(w2[0], w[0], rel, 0.0, "w₁");
        assert_close(w2[1], w[1], rel, 0.0, "w₂");
        let shifted = b - (w[0] * t[0] + w[1] * t[1]);
        let scale = b.abs() + w[0].abs() * t[0].abs() + w[1].abs() * t[1].abs();
        assert_close(b2, shifted, 0.0, rel * scale, "b − w·t");
        assert_mat_close(after.sigma(), before.sigma(), rel, 0.0, "Σ");
    }
}

#[test]
fn swapping_labels_negates_w_and_b() {
    // Swapping the classes swaps μ₀ and μ₁ (w = Σ⁻¹(μ₁ − μ₀) changes sign, Σ does not)
    // and turns φ into 1 − φ, so log(φ/(1−φ)) changes sign too.
    for (points, labels) in [unbalanced_tilted(), preset(Preset::PenguinsAdelieChinstrap)] {
        let swapped: Vec<u8> = labels.iter().map(|&l| 1 - l).collect();
        let a = fit(&points, &labels);
        let b = fit(&points, &swapped);
        let (w, b0) = a.log_odds_coefficients();
        let (w2, b2) = b.log_odds_coefficients();
        assert_close(w2[0], -w[0], 1e-12, 0.0, "w₁");
        assert_close(w2[1], -w[1], 1e-12, 0.0, "w₂");
        assert_close(b2, -b0, 1e-12, 1e-14, "b");
        assert_close(b.phi(), 1.0 - a.phi(), 1e-15, 0.0, "φ");
        for x in [[40.0, 18.0], [3.0, 2.5]] {
            assert_close(b.posterior(x), 1.0 - a.posterior(x), 1e-12, 1e-15, "posterior");
        }
    }
}

#[test]
fn scaling_points_by_s_scales_w_by_one_over_s_and_keeps_b() {
    // x → s·x: μ_k → s·μ_k, Σ → s²·Σ, so w = Σ⁻¹(μ₁ − μ₀) → w/s and
    // b = −(w/s)·s(μ₀ + μ₁)/2 + log(φ/(1−φ)) is unchanged; the posterior at s·x is the
    // posterior at x.
    let (points, labels) = unbalanced_tilted();
    let before = fit(&points, &labels);
    let (w, b) = before.log_odds_coefficients();
    for s in [1000.0, 1e-3, -2.0, 0.1] {
        let scaled: Vec<[f64; 2]> = points.iter().map(|p| [s * p[0], s * p[1]]).collect();
        let after = fit(&scaled, &labels);
        let (w2, b2) = after.log_odds_coefficients();
        assert_close(w2[0], w[0] / s, 1e-12, 0.0, "w₁/s");
        assert_close(w2[1], w[1] / s, 1e-12, 0.0, "w₂/s");
        assert_close(b2, b, 1e-12, 0.0, "b");
        assert_mat_close(after.sigma(), before.sigma().map(|row| row.map(|v| s * s * v)), 1e-12, 0.0, "s²Σ");
        let x = [3.5, 3.0];
        assert_close(after.posterior([s * x[0], s * x[1]]), before.posterior(x), 1e-12, 0.0, "posterior");
    }
}

// ---------------------------------------------------------------------------------------
// The posterior is always a probability
// ---------------------------------------------------------------------------------------

#[test]
fn posterior_is_never_nan_and_always_in_the_unit_interval() {
    let (points, labels) = six_points();
    let fit = fit(&points, &labels);
    let big = f64::MAX;
    let queries = [
        [0.0, 0.0],
        [1e300, 1e300],
        [-1e300, -1e300],
        [1e300, -1e300],
        [big, big],
        [big, -big],
        [-big, -big],
        [1e6, 1e6],
        [-1e6, -1e6],
        [f64::INFINITY, 0.0],
        [f64::NEG_INFINITY, 0.0],
        [f64::INFINITY, f64::NEG_INFINITY],
        [f64::INFINITY, f64::INFINITY],
        [f64::NAN, 0.0],
        [0.0, f64::NAN],
        [f64::MIN_POSITIVE, -f64::MIN_POSITIVE],
    ];
    for x in queries {
        let p = fit.posterior(x);
        assert!(!p.is_nan(), "posterior at {x:?} is NaN");
        assert!((0.0..=1.0).contains(&p), "posterior at {x:?} is {p}, outside [0, 1]");
    }
}

#[test]
fn posterior_saturates_far_from_the_boundary_on_the_right_side() {
    // w = (24, 24), b = 0 (hand-derived above): far along (1, 1) the log-odds is
    // +∞ or overflows to +∞, so p → 1; far along (−1, −1), p → 0.
    let (points, labels) = six_points();
    let fit = fit(&points, &labels);
    assert_eq!(fit.posterior([1e300, 1e300]), 1.0);
    assert_eq!(fit.posterior([f64::MAX, f64::MAX]), 1.0);
    assert_eq!(fit.posterior([-1e300, -1e300]), 0.0);
    // log-odds −48·20 = −960: e^−960 underflows to 0; p must be 0, not NaN.
    assert_eq!(fit.posterior([-20.0, -20.0]), 0.0);
    // 24·(10 + 5) = 360: 1/(1 + e^−360) rounds to 1.
    assert_eq!(fit.posterior([10.0, 5.0]), 1.0);
}

#[test]
fn posterior_of_a_nan_point_is_one_half() {
    // Documented: where the log-odds is not a number the model has no opinion (½).
    let (points, labels) = six_points();
    let fit = fit(&points, &labels);
    assert_eq!(fit.posterior([f64::NAN, 1.0]), 0.5);
    // (+∞, −∞) gives log-odds ∞ − ∞ = NaN.
    assert_eq!(fit.posterior([f64::INFINITY, f64::NEG_INFINITY]), 0.5);
}

// ---------------------------------------------------------------------------------------
// Degenerate inputs: one typed error each, each a readable sentence
// ---------------------------------------------------------------------------------------

#[test]
fn empty_class_0_is_an_empty_class_error() {
    let (points, labels) = two_classes(&[], &[[1.0, 1.0], [1.0, 2.0], [2.0, 1.0]]);
    let e = fit_error(&points, &labels);
    assert_eq!(e, Error::EmptyClass { class: 0 });
    assert_readable_sentence(&e.to_string());
}

#[test]
fn empty_class_1_is_an_empty_class_error() {
    let (points, labels) = two_classes(&[[-2.0, -1.0], [-1.0, -1.0], [-1.0, -2.0]], &[]);
    let e = fit_error(&points, &labels);
    assert_eq!(e, Error::EmptyClass { class: 1 });
    assert_readable_sentence(&e.to_string());
}

#[test]
fn no_points_at_all_is_an_empty_class_error() {
    let e = fit_error(&[], &[]);
    assert!(matches!(e, Error::EmptyClass { .. }), "{e:?}");
    assert_readable_sentence(&e.to_string());
}

#[test]
fn one_point_per_class_is_a_singular_covariance_error() {
    // Each point is its class mean, so every deviation is 0 and Σ = 0.
    let (points, labels) = two_classes(&[[0.0, 0.0]], &[[1.0, 1.0]]);
    let e = fit_error(&points, &labels);
    assert!(matches!(e, Error::SingularCovariance { .. }), "{e:?}");
    assert_readable_sentence(&e.to_string());
}

#[test]
fn identical_points_are_a_singular_covariance_error() {
    let (points, labels) = two_classes(&[[1.0, 1.0]; 4], &[[2.0, 3.0]; 3]);
    let e = fit_error(&points, &labels);
    assert!(matches!(e, Error::SingularCovariance { .. }), "{e:?}");
    assert_readable_sentence(&e.to_string());
}

#[test]
fn collinear_points_are_a_singular_covariance_error() {
    // Every point on y = 2x + 1: all deviations are multiples of (1, 2), so Σ has rank 1.
    let (points, labels) = two_classes(&[[0.0, 1.0], [1.0, 3.0], [2.0, 5.0]], &[[3.0, 7.0], [4.0, 9.0], [5.0, 11.0]]);
    let e = fit_error(&points, &labels);
    assert!(matches!(e, Error::SingularCovariance { .. }), "{e:?}");
    assert_readable_sentence(&e.to_string());
}

#[test]
fn points_on_two_parallel_lines_are_a_singular_covariance_error() {
    // Class 0 on y = x, class 1 on y = x + 5: the classes are not collinear together, but
    // each class's deviations are multiples of (1, 1), so the shared Σ has rank 1.
    let (points, labels) = two_classes(&[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]], &[[0.0, 5.0], [1.0, 6.0], [3.0, 8.0]]);
    let e = fit_error(&points, &labels);
    assert!(matches!(e, Error::SingularCovariance { .. }), "{e:?}");
    assert_readable_sentence(&e.to_string());
}

#[test]
fn collinear_points_far_from_the_origin_are_still_singular() {
    // The same rank-1 cloud as above moved to (10⁶, 10⁶): the singularity test must be
    // relative to the spread, not fooled by rounding noise of size 10⁶·ε.
    let t = 1e6;
    let line = |x: f64| [t + x, t + 2.0 * x + 1.0];
    let (points, labels) = two_classes(&[line(0.0), line(1.0), line(2.0)], &[line(3.0), line(4.0), line(5.0)]);
    let e = fit_error(&points, &labels);
    assert!(matches!(e, Error::SingularCovariance { .. }), "{e:?}");
    assert_readable_sentence(&e.to_string());
}

#[test]
fn nan_coordinate_is_a_non_finite_error_naming_the_point() {
    let (mut points, labels) = six_points();
    points[4][1] = f64::NAN;
    let e = fit_error(&points, &labels);
    assert_eq!(e, Error::NonFinite { index: 4 });
    assert_readable_sentence(&e.to_string());
}

#[test]
fn infinite_coordinate_is_a_non_finite_error_naming_the_point() {
    for bad in [f64::INFINITY, f64::NEG_INFINITY] {
        let (mut points, labels) = six_points();
        points[1][0] = bad;
        let e = fit_error(&points, &labels);
        assert_eq!(e, Error::NonFinite { index: 1 });
        assert_readable_sentence(&e.to_string());
    }
}

#[test]
fn more_points_than_labels_is_a_length_mismatch_error() {
    let (points, labels) = six_points();
    let e = fit_error(&points, &labels[..5]);
    assert_eq!(e, Error::LengthMismatch { points: 6, labels: 5 });
    assert_readable_sentence(&e.to_string());
}

#[test]
fn more_labels_than_points_is_a_length_mismatch_error() {
    let (points, mut labels) = six_points();
    labels.push(0);
    let e = fit_error(&points, &labels);
    assert_eq!(e, Error::LengthMismatch { points: 6, labels: 7 });
    assert_readable_sentence(&e.to_string());
}

#[test]
fn the_first_bad_point_is_the_one_named() {
    // A NaN at index 1 comes before the label 2 at index 3, and the other way round.
    let (mut points, mut labels) = six_points();
    points[1][0] = f64::NAN;
    labels[3] = 2;
    assert_eq!(fit_error(&points, &labels), Error::NonFinite { index: 1 });
    let (mut points, mut labels) = six_points();
    points[4][1] = f64::INFINITY;
    labels[2] = 7;
    assert_eq!(fit_error(&points, &labels), Error::BadLabel { index: 2, label: 7, max: 1 });
    // With a class left empty as well, the bad point still comes first.
    let (mut points, _) = six_points();
    points[2][1] = f64::NAN;
    assert_eq!(fit_error(&points, &[0; 6]), Error::NonFinite { index: 2 });
}

#[test]
fn label_2_is_a_bad_label_error_naming_the_point() {
    let (points, mut labels) = six_points();
    labels[3] = 2;
    let e = fit_error(&points, &labels);
    assert_eq!(e, Error::BadLabel { index: 3, label: 2, max: 1 });
    assert_readable_sentence(&e.to_string());
}

#[test]
fn huge_finite_coordinates_fail_with_a_readable_sentence_not_nan() {
    // The unit-scale cloud (1, 1), (−1, 3), (2, −1) | (5, 5), (4, 7), (6, 4) scaled by
    // 10¹⁵⁰ and 10²⁰⁰. The coordinates are finite and the cloud is well spread, but at
    // 10¹⁵⁰ the products Σ₀₀Σ₁₁ and Σ₀₁² (~10⁶⁰⁰) overflow, and at 10²⁰⁰ the squared
    // deviations (~10⁴⁰⁰) do, so det Σ = ∞ − ∞ = NaN either way. Whatever the fit decides,
    // it must not panic, must not return a non-finite Σ, w or b, and an error must be a
    // sentence without "NaN" or "inf".
    for s in [1e150, 1e200] {
        let (points, labels) = two_classes(
            &[[s, s], [-s, 3.0 * s], [2.0 * s, -s]],
            &[[5.0 * s, 5.0 * s], [4.0 * s, 7.0 * s], [6.0 * s, 4.0 * s]],
        );
        match Gda::fit(&points, &labels) {
            Ok(fit) => {
                assert!(fit.sigma().iter().flatten().all(|v| v.is_finite()), "Σ = {:?}", fit.sigma());
                let (w, b) = fit.log_odds_coefficients();
                assert!(w.iter().all(|v| v.is_finite()) && b.is_finite(), "w = {w:?}, b = {b}");
            }
            Err(e) => assert_readable_sentence(&e.to_string()),
        }
    }
}
