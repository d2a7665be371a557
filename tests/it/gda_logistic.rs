#![cfg(not(target_arch = "wasm32"))]
//! Logistic regression (`genlab::gda::LogisticRegression`): agreement with an exact Newton
//! solve and with scikit-learn, the ridge penalty, the exact separability test and the
//! ridge fallback, and the typed errors.
//!
//! Reference numbers come from `tools/sklearn/gda_models_reference.py` (scikit-learn 1.9.1,
//! numpy 2.4.6, scipy 1.17.1, Python 3.11.7; run it from the repository root):
//! * `w`, `b`, `log_likelihood`, `posterior` — the script's own Newton iteration in numpy
//!   on the original coordinates, iterated until a full step is below 10⁻¹³ of θ: the
//!   exact minimiser of −Σ log p(yᵢ|xᵢ) + (λ/2)‖w‖². Compared to 10⁻⁸ relative.
//! * `sklearn_default_*` — `LogisticRegression(C=1/λ)` (`C=np.inf` for λ = 0; its
//!   `penalty=None` is deprecated since 1.8) with the default lbfgs, which stops at
//!   tol = 10⁻⁴: the script prints its gap to the Newton solution (≤ 8·10⁻⁴ relative) and
//!   checks that lbfgs with tol = 10⁻¹² agrees with Newton to 10⁻⁵. scikit-learn minimises
//!   C·Σ log-loss + ½‖w‖², which has the same minimiser as genlab's objective for C = 1/λ.
//!   Compared to 2·10⁻³ relative.
//! * Separability — the script's independent linear program (scipy `linprog`): complete
//!   for SEPARABLE and Adelie/Gentoo, quasi-complete for QUASI_SEPARABLE, overlapping for
//!   OVERLAPPING, iris and Adelie/Chinstrap.

use genlab::data::Preset;
use genlab::gda::logistic::{separation, MAX_ITERATIONS, SEPARABLE_RIDGE};
use genlab::gda::{Classifier, LogisticRegression, Separation};
use genlab::Error;

use crate::common;
use common::{assert_close, assert_readable_sentence, preset, two_classes};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn fit(points: &[[f64; 2]], labels: &[u8], lambda: f64) -> LogisticRegression {
    match LogisticRegression::fit(points, labels, lambda) {
        Ok(f) => f,
        Err(e) => panic!("the fit failed: {e}"),
    }
}

fn fit_error(points: &[[f64; 2]], labels: &[u8], lambda: f64) -> Error {
    match LogisticRegression::fit(points, labels, lambda) {
        Ok(f) => panic!("expected an error, got w = {:?}, b = {}", f.w(), f.b()),
        Err(e) => e,
    }
}

/// For messages that start with a symbol (“λ = −1 is not allowed: …”): a full stop at the
/// end and no raw non-finite numbers.
fn assert_readable_message(message: &str) {
    assert!(message.ends_with('.'), "does not end with a full stop: {message:?}");
    for word in message.split(|c: char| !c.is_alphanumeric()) {
        assert!(!["NaN", "nan", "inf", "Infinity"].contains(&word), "shows {word:?} to the student: {message:?}");
    }
}

// ---------------------------------------------------------------------------------------
// The literal datasets (the same literals are in tools/sklearn/gda_models_reference.py)
// ---------------------------------------------------------------------------------------

fn overlapping() -> (Vec<[f64; 2]>, Vec<u8>) {
    two_classes(
        &[[0.5, 1.2], [1.7, 2.9], [2.2, 2.1], [3.1, 4.4], [1.0, 0.3], [3.6, 2.0]],
        &[[4.0, 2.5], [5.3, 4.1], [4.6, 2.2], [2.0, 1.5], [3.0, 3.9]],
    )
}

fn separable() -> (Vec<[f64; 2]>, Vec<u8>) {
    two_classes(&[[0.5, 1.2], [1.7, 2.9], [2.2, 2.1], [3.1, 4.4], [1.0, 0.3]], &[[4.0, 2.5], [5.3, 4.1], [4.6, 2.2]])
}

fn quasi_separable() -> (Vec<[f64; 2]>, Vec<u8>) {
    two_classes(&[[0.0, 0.0], [0.0, 1.0], [1.0, 0.5]], &[[1.0, 0.5], [2.0, 0.0], [2.0, 1.0]])
}

// ---------------------------------------------------------------------------------------
// Reference values, pasted from the output of tools/sklearn/gda_models_reference.py
// ---------------------------------------------------------------------------------------

struct LogisticReference {
    lambda: f64,
    w: [f64; 2],
    b: f64,
    log_likelihood: f64,
    sklearn_default_w: [f64; 2],
    sklearn_default_b: f64,
    /// (x, σ(w·x + b)) with the Newton w, b.
    posterior: &'static [([f64; 2], f64)],
}

// LR_OVERLAPPING: n = [6, 5], λ = 0.0; numpy Newton converged in 7 iterations;
// sklearn LogisticRegression(C=np.inf) default lbfgs (10 iterations):
//   w = [1.335334449663067, -0.2207471276601836], b = -3.454726972117472; max relative gap to Newton 4.7e-05
// sklearn with tol=1e-12, max_iter=100000 (15 iterations): w = [1.3352710434500774, -0.2207205570708123], b = -3.4546858555504176;
//   max relative gap to Newton 1.1e-08
const LR_OVERLAPPING: LogisticReference = LogisticReference {
    lambda: 0.0,
    w: [1.3352710585305985, -0.22072056086048905],
    b: -3.454685878829045,
    log_likelihood: -5.0909730395061095,
    sklearn_default_w: [1.335334449663067, -0.2207471276601836],
    sklearn_default_b: -3.454726972117472,
    posterior: &[
        ([0.0, 0.0], 0.030629423280022872),
        ([2.5, 2.5], 0.338875445145738),
        ([3.5, 2.5], 0.6608224376416089),
        ([5.0, 4.0], 0.9120388357407024),
    ],
};

// LR_OVERLAPPING_L2: n = [6, 5], λ = 1.0; numpy Newton converged in 6 iterations;
// sklearn LogisticRegression(C=1.0) default lbfgs (9 iterations):
//   w = [0.8754444311287262, -0.01194702976847892], b = -2.6728517804002143; max relative gap to Newton 2.7e-05
// sklearn with tol=1e-12, max_iter=100000 (12 iterations): w = [0.875453888176691, -0.011974298745430365], b = -2.6728109238000264;
//   max relative gap to Newton 9.0e-08
const LR_OVERLAPPING_L2: LogisticReference = LogisticReference {
    lambda: 1.0,
    w: [0.8754538304676694, -0.01197431681413707],
    b: -2.672810683586207,
    log_likelihood: -5.279441105142663,
    sklearn_default_w: [0.8754444311287262, -0.01194702976847892],
    sklearn_default_b: -2.6728517804002143,
    posterior: &[
        ([0.0, 0.0], 0.06459692741862545),
        ([2.5, 2.5], 0.3742300960934528),
        ([3.5, 2.5], 0.5893652388580857),
        ([5.0, 4.0], 0.8397758450003413),
    ],
};

// LR_IRIS: n = [50, 50], λ = 0.0; numpy Newton converged in 11 iterations;
// sklearn LogisticRegression(C=np.inf) default lbfgs (27 iterations):
//   w = [5.754495781646619, 10.447254543841318], b = -45.27340420537028; max relative gap to Newton 5.3e-05
// sklearn with tol=1e-12, max_iter=100000 (31 iterations): w = [5.754532318450482, 10.44670008881693], b = -45.27234407045125;
//   max relative gap to Newton 1.9e-08
const LR_IRIS: LogisticReference = LogisticReference {
    lambda: 0.0,
    w: [5.754532318887953, 10.446699894666299],
    b: -45.27234377212954,
    log_likelihood: -10.281754051696819,
    sklearn_default_w: [5.754495781646619, 10.447254543841318],
    sklearn_default_b: -45.27340420537028,
    posterior: &[
        ([4.0, 1.2], 6.017612969854196e-05),
        ([4.9, 1.6], 0.4108589699229742),
        ([5.0, 1.7], 0.7789757760867082),
        ([6.0, 2.2], 0.9999951551523326),
    ],
};

// LR_IRIS_L2: n = [50, 50], λ = 10.0; numpy Newton converged in 6 iterations;
// sklearn LogisticRegression(C=0.1) default lbfgs (18 iterations):
//   w = [1.201211755738172, 0.7729870673196715], b = -7.1795818899626695; max relative gap to Newton 2.1e-06
// sklearn with tol=1e-12, max_iter=100000 (20 iterations): w = [1.2012122129849965, 0.7729896086281449], b = -7.179575650702561;
//   max relative gap to Newton 1.3e-09
const LR_IRIS_L2: LogisticReference = LogisticReference {
    lambda: 10.0,
    w: [1.2012122145990844, 0.772989608858196],
    b: -7.179575659110879,
    log_likelihood: -34.780400338792944,
    sklearn_default_w: [1.201211755738172, 0.7729870673196715],
    sklearn_default_b: -7.1795818899626695,
    posterior: &[
        ([4.0, 1.2], 0.19044222561284999),
        ([4.9, 1.6], 0.4857907187122268),
        ([5.0, 1.7], 0.5350841863614249),
        ([6.0, 2.2], 0.849191611115357),
    ],
};

// LR_PENGUINS_ADELIE_CHINSTRAP: n = [151, 68], λ = 0.0; numpy Newton converged in 12 iterations;
// sklearn LogisticRegression(C=np.inf) default lbfgs (32 iterations):
//   w = [2.2007692085854798, -3.978377206643754], b = -24.093089191037887; max relative gap to Newton 9.0e-05
// sklearn with tol=1e-12, max_iter=100000 (35 iterations): w = [2.2009513153511686, -3.978733993901885], b = -24.094485171880418;
//   max relative gap to Newton 6.2e-08
const LR_PENGUINS_ADELIE_CHINSTRAP: LogisticReference = LogisticReference {
    lambda: 0.0,
    w: [2.200951321924419, -3.978733926312768],
    b: -24.094486666074562,
    log_likelihood: -9.345747276519033,
    sklearn_default_w: [2.2007692085854798, -3.978377206643754],
    sklearn_default_b: -24.093089191037887,
    posterior: &[
        ([40.0, 18.0], 0.00046470429702649886),
        ([44.0, 18.3], 0.4841404837194524),
        ([45.0, 17.0], 0.9993315271460083),
        ([50.0, 19.0], 0.9999682356699737),
    ],
};

// LR_SEPARABLE_RIDGE: n = [5, 3], λ = 0.017109375; numpy Newton converged in 10 iterations;
// sklearn LogisticRegression(C=58.44748858447489) default lbfgs (16 iterations):
//   w = [4.219719367897546, -1.6040194818759996], b = -9.76163697381886; max relative gap to Newton 2.8e-04
// sklearn with tol=1e-12, max_iter=100000 (20 iterations): w = [4.219610123617433, -1.6046095488281151], b = -9.758904237639706;
//   max relative gap to Newton 4.1e-10
const LR_SEPARABLE_RIDGE: LogisticReference = LogisticReference {
    lambda: 0.017109375,
    w: [4.2196101218894855, -1.6046095473012885],
    b: -9.758904240284162,
    log_likelihood: -0.09620297654676467,
    sklearn_default_w: [4.219719367897546, -1.6040194818759996],
    sklearn_default_b: -9.76163697381886,
    posterior: &[
        ([0.0, 0.0], 5.777456006183895e-05),
        ([2.5, 2.5], 0.03836819401528104),
        ([3.5, 2.5], 0.7307059700100196),
        ([5.0, 4.0], 0.9927588530833713),
    ],
};

// LR_PENGUINS_ADELIE_GENTOO_RIDGE: n = [151, 123], λ = 4.238014981751823; numpy Newton converged in 10 iterations;
// sklearn LogisticRegression(C=0.23595952451934013) default lbfgs (24 iterations):
//   w = [0.8597107655657231, -1.3319227967446907], b = -15.049613521912287; max relative gap to Newton 7.1e-05
// sklearn with tol=1e-12, max_iter=100000 (27 iterations): w = [0.8597230763448913, -1.331888484959674], b = -15.050682184791713;
//   max relative gap to Newton 3.2e-09
const LR_PENGUINS_ADELIE_GENTOO_RIDGE: LogisticReference = LogisticReference {
    lambda: 4.238014981751823,
    w: [0.8597230764468826, -1.3318884818614396],
    b: -15.050682232723926,
    log_likelihood: -4.533646431050473,
    sklearn_default_w: [0.8597107655657231, -1.3319227967446907],
    sklearn_default_b: -15.049613521912287,
    posterior: &[
        ([40.0, 18.0], 0.009605648875290453),
        ([44.0, 16.5], 0.6901826153180826),
        ([45.0, 15.0], 0.9748770350598261),
        ([50.0, 15.0], 0.9996499709657801),
    ],
};

// LR_QUASI_SEPARABLE_RIDGE: n = [3, 3], λ = 0.0024999999999999996; numpy Newton converged in 10 iterations;
// sklearn LogisticRegression(C=400.00000000000006) default lbfgs (17 iterations):
//   w = [5.643040745758405, 0.004507501973526473], b = -5.644638039143212; max relative gap to Newton 8.0e-04
// sklearn with tol=1e-12, max_iter=100000 (21 iterations): w = [5.643687696730497, 1.1664261453313807e-08], b = -5.643687704346248;
//   max relative gap to Newton 5.5e-09
const LR_QUASI_SEPARABLE_RIDGE: LogisticReference = LogisticReference {
    lambda: 0.0024999999999999996,
    w: [5.643687673209426, 2.068079186682592e-17],
    b: -5.643687673209426,
    log_likelihood: -1.4004285227314637,
    sklearn_default_w: [5.643040745758405, 0.004507501973526473],
    sklearn_default_b: -5.644638039143212,
    posterior: &[([0.5, 0.5], 0.056155127030649066), ([1.0, 0.5], 0.5), ([1.5, 0.5], 0.9438448729693509)],
};

/// Tolerance against the exact Newton solution.
const EXACT: f64 = 1e-8;
/// Tolerance against scikit-learn's default lbfgs (the script prints gaps up to 8·10⁻⁴).
const LOOSE: f64 = 2e-3;

fn assert_matches(points: &[[f64; 2]], labels: &[u8], lambda: f64, r: &LogisticReference) {
    let f = fit(points, labels, lambda);
    assert!(f.converged(), "Newton did not converge in {} iterations", f.iterations());
    assert!(f.iterations() <= 30, "Newton took {} iterations", f.iterations());
    assert_close(f.lambda(), r.lambda, 1e-14, 0.0, "λ used");
    let (w, b) = f.log_odds_coefficients();
    let scale = r.w[0].abs().max(r.w[1].abs()).max(r.b.abs());
    for (j, &wj) in w.iter().enumerate() {
        // Relative to the largest coefficient: a coefficient near 0 has no relative digits.
        assert_close(wj, r.w[j], 0.0, EXACT * scale, &format!("w[{j}] vs Newton"));
        assert_close(wj, r.sklearn_default_w[j], 0.0, LOOSE * scale, &format!("w[{j}] vs scikit-learn"));
    }
    assert_close(b, r.b, 0.0, EXACT * scale, "b vs Newton");
    assert_close(b, r.sklearn_default_b, 0.0, LOOSE * scale, "b vs scikit-learn");
    assert_close(f.log_likelihood(), r.log_likelihood, 1e-10, 0.0, "log-likelihood");
    for &(x, p) in r.posterior {
        assert_close(f.posterior(x), p, 1e-8, 1e-300, &format!("p(y=1|x) at {x:?}"));
    }
}

// ---------------------------------------------------------------------------------------
// Agreement with the exact solution and with scikit-learn
// ---------------------------------------------------------------------------------------

#[test]
fn unpenalised_fit_on_overlapping_classes_matches_newton_and_scikit_learn() {
    let (points, labels) = overlapping();
    assert_matches(&points, &labels, 0.0, &LR_OVERLAPPING);
    let f = fit(&points, &labels, 0.0);
    assert_eq!(f.separation(), Separation::Overlapping);
    assert!(!f.separable() && !f.ridge_fallback());
}

#[test]
fn l2_fit_matches_scikit_learn_with_c_equal_to_one_over_lambda() {
    let (points, labels) = overlapping();
    assert_matches(&points, &labels, 1.0, &LR_OVERLAPPING_L2);
}

#[test]
fn iris_versicolor_virginica_matches_newton_and_scikit_learn() {
    let (points, labels) = preset(Preset::IrisVersicolorVirginica);
    assert_matches(&points, &labels, 0.0, &LR_IRIS);
    assert_matches(&points, &labels, 10.0, &LR_IRIS_L2);
}

#[test]
fn penguins_adelie_chinstrap_matches_newton_and_scikit_learn() {
    let (points, labels) = preset(Preset::PenguinsAdelieChinstrap);
    assert_matches(&points, &labels, 0.0, &LR_PENGUINS_ADELIE_CHINSTRAP);
}

#[test]
fn gradient_vanishes_at_the_fit() {
    // The optimality condition, checked from the reported w and b in original units:
    // Σ (pᵢ − yᵢ)·(1, xᵢ) + λ(0, w) = 0, relative to the size of its terms.
    for lambda in [0.0, 0.5, 3.0] {
        let (points, labels) = overlapping();
        let f = fit(&points, &labels, lambda);
        let (w, b) = f.log_odds_coefficients();
        let mut g = [0.0f64; 3];
        let mut size = 0.0f64;
        for (x, &y) in points.iter().zip(&labels) {
            let p = 1.0 / (1.0 + (-(w[0] * x[0] + w[1] * x[1] + b)).exp());
            let r = p - f64::from(y);
            g[0] += r;
            g[1] += r * x[0];
            g[2] += r * x[1];
            size += x[0].abs() + x[1].abs() + 1.0;
        }
        g[1] += lambda * w[0];
        g[2] += lambda * w[1];
        for (j, gj) in g.iter().enumerate() {
            assert!(gj.abs() <= 1e-10 * size, "λ = {lambda}: gradient[{j}] = {gj:e}");
        }
    }
}

#[test]
fn objective_is_the_penalised_negative_log_likelihood() {
    let (points, labels) = overlapping();
    let f = fit(&points, &labels, 1.0);
    let w = f.w();
    // J = −ℓ + (λ/2)‖w‖², ℓ from the reference (LR_OVERLAPPING_L2).
    let expected = -LR_OVERLAPPING_L2.log_likelihood + 0.5 * (w[0] * w[0] + w[1] * w[1]);
    assert_close(f.objective(), expected, 1e-12, 0.0, "J");
}

#[test]
fn a_penalty_shrinks_w() {
    let (points, labels) = overlapping();
    let norm = |f: &LogisticRegression| f.w()[0].hypot(f.w()[1]);
    let norms: Vec<f64> = [0.0, 0.1, 1.0, 10.0, 100.0].iter().map(|&l| norm(&fit(&points, &labels, l))).collect();
    for pair in norms.windows(2) {
        assert!(pair[1] < pair[0], "‖w‖ did not shrink with λ: {norms:?}");
    }
}

#[test]
fn translating_the_data_moves_b_and_keeps_w() {
    // Shifting every point by t leaves w and changes b to b − w·t (the same line).
    let (points, labels) = overlapping();
    let t = [1000.0, -2000.0];
    let moved: Vec<[f64; 2]> = points.iter().map(|p| [p[0] + t[0], p[1] + t[1]]).collect();
    let (a, m) = (fit(&points, &labels, 0.0), fit(&moved, &labels, 0.0));
    for j in 0..2 {
        assert_close(m.w()[j], a.w()[j], 1e-9, 0.0, "w");
    }
    assert_close(m.b(), a.b() - (a.w()[0] * t[0] + a.w()[1] * t[1]), 1e-9, 0.0, "b");
    // The log-odds at corresponding points agree (centred evaluation keeps the digits).
    for p in &points {
        let q = [p[0] + t[0], p[1] + t[1]];
        assert_close(m.log_odds(q), a.log_odds(*p), 1e-8, 1e-9, "log-odds");
    }
}

// ---------------------------------------------------------------------------------------
// Separable data: no finite MLE, the ridge fit instead
// ---------------------------------------------------------------------------------------

#[test]
fn completely_separable_set_is_detected_and_falls_back_to_the_stated_ridge() {
    let (points, labels) = separable();
    assert_eq!(separation(&points, &labels), Ok(Separation::Complete));
    let f = fit(&points, &labels, 0.0);
    assert_eq!(f.separation(), Separation::Complete);
    assert!(f.separable() && f.ridge_fallback());
    assert_eq!(f.lambda_requested(), 0.0);
    // λ = κ · m · (s₁² + s₂²)/2, κ = 10⁻³, m = 8. The variances of all eight points (numpy,
    // divided by m): 2.4142187..., 1.8631... — the script prints λ = 0.017109375.
    assert_eq!(SEPARABLE_RIDGE, 1e-3);
    assert_matches(&points, &labels, 0.0, &LR_SEPARABLE_RIDGE);
    // The ridge fit classifies the separable training set perfectly.
    assert!(points.iter().zip(&labels).all(|(x, &y)| f.predict(*x) == y));
}

#[test]
fn penguins_adelie_gentoo_are_separable_and_fall_back_to_the_ridge() {
    let (points, labels) = preset(Preset::PenguinsAdelieGentoo);
    let f = fit(&points, &labels, 0.0);
    assert_eq!(f.separation(), Separation::Complete);
    assert!(f.ridge_fallback());
    assert_matches(&points, &labels, 0.0, &LR_PENGUINS_ADELIE_GENTOO_RIDGE);
}

#[test]
fn quasi_separable_set_is_detected() {
    // (1, 0.5) carries both labels; x = 1 has class 0 on x ≤ 1 and class 1 on x ≥ 1.
    let (points, labels) = quasi_separable();
    assert_eq!(separation(&points, &labels), Ok(Separation::QuasiComplete));
    let f = fit(&points, &labels, 0.0);
    assert!(f.ridge_fallback());
    assert_matches(&points, &labels, 0.0, &LR_QUASI_SEPARABLE_RIDGE);
    // By symmetry the boundary is x = 1: the shared point gets p = ½ exactly in the
    // reference (0.5), and to rounding here.
    assert_close(f.posterior([1.0, 0.5]), 0.5, 0.0, 1e-12, "p at the shared point");
}

#[test]
fn overlapping_presets_are_not_separable() {
    for p in [Preset::IrisVersicolorVirginica, Preset::PenguinsAdelieChinstrap] {
        let (points, labels) = preset(p);
        assert_eq!(separation(&points, &labels), Ok(Separation::Overlapping), "{}", p.id());
    }
    let (points, labels) = overlapping();
    assert_eq!(separation(&points, &labels), Ok(Separation::Overlapping));
}

#[test]
fn a_requested_penalty_is_kept_on_separable_data() {
    // With λ > 0 the fit exists and is used as asked; the separation is still reported.
    let (points, labels) = separable();
    let f = fit(&points, &labels, 0.5);
    assert_eq!(f.lambda(), 0.5);
    assert!(f.separable() && !f.ridge_fallback());
    assert!(f.converged());
}

#[test]
fn separation_test_handles_points_and_segments() {
    // One point per class: always strictly separable (by the perpendicular bisector).
    let (p, l) = two_classes(&[[0.0, 0.0]], &[[1.0, 1.0]]);
    assert_eq!(separation(&p, &l), Ok(Separation::Complete));
    // The same point in both classes: no line has them on different sides.
    let (p, l) = two_classes(&[[0.0, 0.0]], &[[0.0, 0.0]]);
    assert_eq!(separation(&p, &l), Ok(Separation::Overlapping));
    // Collinear classes, one after the other on the line y = x: separable along it.
    let (p, l) = two_classes(&[[0.0, 0.0], [1.0, 1.0]], &[[2.0, 2.0], [3.0, 3.0]]);
    assert_eq!(separation(&p, &l), Ok(Separation::Complete));
    // Collinear and interleaved: not separable.
    let (p, l) = two_classes(&[[0.0, 0.0], [2.0, 2.0]], &[[1.0, 1.0], [3.0, 3.0]]);
    assert_eq!(separation(&p, &l), Ok(Separation::Overlapping));
    // Two crossing segments (an X): not separable.
    let (p, l) = two_classes(&[[-1.0, -1.0], [1.0, 1.0]], &[[-1.0, 1.0], [1.0, -1.0]]);
    assert_eq!(separation(&p, &l), Ok(Separation::Overlapping));
    // Parallel segments on two lines: separable by a line between them.
    let (p, l) = two_classes(&[[0.0, 0.0], [5.0, 0.0]], &[[0.0, 1.0], [5.0, 1.0]]);
    assert_eq!(separation(&p, &l), Ok(Separation::Complete));
    // A point inside the other class's triangle: not separable.
    let (p, l) = two_classes(&[[0.0, 0.0], [4.0, 0.0], [0.0, 4.0]], &[[1.0, 1.0], [9.0, 9.0]]);
    assert_eq!(separation(&p, &l), Ok(Separation::Overlapping));
    // A class-1 point on an edge of class 0's triangle, the rest of class 1 beyond it.
    let (p, l) = two_classes(&[[0.0, 0.0], [4.0, 0.0], [0.0, 4.0]], &[[2.0, 2.0], [5.0, 5.0]]);
    assert_eq!(separation(&p, &l), Ok(Separation::QuasiComplete));
}

#[test]
fn collinear_but_separable_data_use_the_ridge() {
    let (points, labels) = two_classes(&[[0.0, 1.0], [1.0, 3.0], [2.0, 5.0]], &[[3.0, 7.0], [4.0, 9.0], [5.0, 11.0]]);
    let f = fit(&points, &labels, 0.0);
    assert!(f.ridge_fallback());
    assert!(f.converged());
    assert!(points.iter().zip(&labels).all(|(x, &y)| f.predict(*x) == y));
}

// ---------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------

#[test]
fn collinear_overlapping_points_without_penalty_are_a_collinear_error() {
    // Interleaved on y = 2x + 1: the classes overlap and w is not identifiable.
    let (points, labels) = two_classes(&[[0.0, 1.0], [2.0, 5.0], [4.0, 9.0]], &[[1.0, 3.0], [3.0, 7.0], [5.0, 11.0]]);
    let e = fit_error(&points, &labels, 0.0);
    assert_eq!(e, Error::CollinearPoints);
    assert_readable_sentence(&e.to_string());
    // A penalty makes the fit unique: it is then allowed.
    let f = fit(&points, &labels, 1.0);
    assert!(f.converged());
}

#[test]
fn bad_lambda_is_an_invalid_parameter_error() {
    let (points, labels) = overlapping();
    for lambda in [-1.0, f64::NAN, f64::INFINITY] {
        let e = fit_error(&points, &labels, lambda);
        assert!(matches!(e, Error::InvalidParameter { name: "λ", .. }), "{e:?}");
        assert_readable_message(&e.to_string());
    }
}

#[test]
fn empty_class_non_finite_and_length_mismatch_are_typed_errors() {
    let (points, labels) = two_classes(&[[0.0, 0.0], [1.0, 0.0]], &[]);
    assert_eq!(fit_error(&points, &labels, 0.0), Error::EmptyClass { class: 1 });
    let (mut points, labels) = overlapping();
    points[3][1] = f64::NAN;
    assert_eq!(fit_error(&points, &labels, 0.0), Error::NonFinite { index: 3 });
    let (points, labels) = overlapping();
    assert_eq!(fit_error(&points, &labels[..4], 0.0), Error::LengthMismatch { points: 11, labels: 4 });
    let (points, mut labels) = overlapping();
    labels[0] = 7;
    assert_eq!(fit_error(&points, &labels, 0.0), Error::BadLabel { index: 0, label: 7, max: 1 });
}

#[test]
fn huge_coordinates_fail_readably_or_fit_finitely() {
    for s in [1e150, 1e200, 1e300] {
        let (points, labels) = overlapping();
        let scaled: Vec<[f64; 2]> = points.iter().map(|p| [p[0] * s, p[1] * s]).collect();
        match LogisticRegression::fit(&scaled, &labels, 0.0) {
            Ok(f) => {
                assert!(f.w().iter().all(|v| v.is_finite()) && f.b().is_finite(), "{:?} {}", f.w(), f.b());
            }
            Err(e) => assert_readable_sentence(&e.to_string()),
        }
    }
}

// ---------------------------------------------------------------------------------------
// The classifier interface
// ---------------------------------------------------------------------------------------

#[test]
fn log_odds_is_never_nan_for_finite_points() {
    let (points, labels) = overlapping();
    let f = fit(&points, &labels, 0.0);
    let m = f64::MAX;
    for x in [[m, -m], [-m, m], [m, m], [1e308, -1e308], [0.0, 0.0], [-m, 0.0]] {
        let z = f.log_odds(x);
        assert!(!z.is_nan(), "log-odds at {x:?} is NaN");
        let p = f.posterior(x);
        assert!((0.0..=1.0).contains(&p));
    }
    // w = (1.34, −0.22) (LR_OVERLAPPING): far along +x the log-odds is +∞ or huge.
    assert!(f.log_odds([m, 0.0]) > 1e300);
    assert!(f.log_odds([m, -m]) > 1e300);
}

#[test]
fn newton_stays_within_its_iteration_budget() {
    let (points, labels) = preset(Preset::PenguinsAdelieChinstrap);
    let f = fit(&points, &labels, 0.0);
    assert!(f.iterations() <= MAX_ITERATIONS);
    assert!(f.converged());
    // The logistic fit has no class prior (it is discriminative).
    assert_eq!(f.class_prior(), None);
}

// ---------------------------------------------------------------------------------------
// Warm starts (a panel refits from its previous weights on every drag step)
// ---------------------------------------------------------------------------------------

#[test]
fn a_warm_start_lands_on_the_same_optimum_as_a_cold_one() {
    let sets = [overlapping(), preset(Preset::IrisVersicolorVirginica), preset(Preset::PenguinsAdelieChinstrap)];
    let fits: Vec<LogisticRegression> = sets.iter().map(|(p, l)| fit(p, l, 0.0)).collect();
    for (i, (points, labels)) in sets.iter().enumerate() {
        let cold = &fits[i];
        let (w, b) = cold.log_odds_coefficients();
        let scale = w[0].abs().max(w[1].abs()).max(b.abs());
        // From every other set's optimum (a poor start, far off or on another scale), and
        // from this set's own optimum (where Newton should stop at once).
        for (j, start) in fits.iter().enumerate() {
            let warm = LogisticRegression::fit_from(points, labels, 0.0, Some(start)).expect("fits");
            assert!(warm.converged(), "set {i} from {j}");
            let (ww, wb) = warm.log_odds_coefficients();
            assert_close(ww[0], w[0], 0.0, EXACT * scale, &format!("set {i} from {j}: w[0]"));
            assert_close(ww[1], w[1], 0.0, EXACT * scale, &format!("set {i} from {j}: w[1]"));
            assert_close(wb, b, 0.0, EXACT * scale, &format!("set {i} from {j}: b"));
            assert_close(warm.log_likelihood(), cold.log_likelihood(), 1e-12, 0.0, "log-likelihood");
            if i == j {
                assert!(warm.iterations() <= 2, "set {i} from its own optimum: {} iterations", warm.iterations());
            }
        }
    }
}

#[test]
fn a_start_worse_than_zero_is_ignored() {
    let (points, labels) = overlapping();
    let cold = fit(&points, &labels, 0.0);
    // The fit with the labels swapped is the opposite model: J there is above J(0), so
    // Newton starts at 0 and repeats the cold fit exactly.
    let (w, b) = cold.log_odds_coefficients();
    let flipped: Vec<u8> = labels.iter().map(|&l| 1 - l).collect();
    let bad = fit(&points, &flipped, 0.0);
    let warm = LogisticRegression::fit_from(&points, &labels, 0.0, Some(&bad)).expect("fits");
    assert_eq!(warm.log_odds_coefficients(), (w, b));
    assert_eq!(warm.iterations(), cold.iterations());
}
