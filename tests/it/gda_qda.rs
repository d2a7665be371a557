#![cfg(not(target_arch = "wasm32"))]
//! Quadratic discriminant analysis (`genlab::gda::Qda`): agreement with scikit-learn, the
//! per-class covariances divided by n_k, the quadratic form of the log-odds, the kind of
//! conic its boundary is, the traced boundary, and the typed errors.
//!
//! Reference numbers marked "scikit-learn" come from scikit-learn 1.9.1 (numpy 2.4.6,
//! Python 3.11.7), `QuadraticDiscriminantAnalysis(store_covariance=True)`, printed by
//! `tools/sklearn/gda_models_reference.py` (run from the repository root). The script asserts
//! that `covariance_[k]` equals numpy's `np.cov(X_k.T, bias=True)` — the class scatter
//! divided by n_k, as genlab's Σ_k — and that `decision_function` is the log-odds
//! log p(1|x) − log p(0|x) (the difference of `predict_log_proba`).

use genlab::data::Preset;
use genlab::gda::posterior_map::Polyline;
use genlab::gda::{Classifier, ConicKind, Gda, Qda, QuadraticLogOdds, Rect, TrainingReport, WithPrior};
use genlab::Error;

use crate::common;
use common::{assert_close, assert_readable_sentence, preset, two_classes};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn fit(points: &[[f64; 2]], labels: &[u8]) -> Qda {
    match Qda::fit(points, labels) {
        Ok(f) => f,
        Err(e) => panic!("the fit failed: {e}"),
    }
}

fn fit_error(points: &[[f64; 2]], labels: &[u8]) -> Error {
    match Qda::fit(points, labels) {
        Ok(f) => panic!("expected an error, got Σ₀ = {:?}, Σ₁ = {:?}", f.sigma0(), f.sigma1()),
        Err(e) => e,
    }
}

/// Every vertex lies on the level: |z(v) − level| is rounding-sized next to how fast z
/// changes across one lattice cell there (‖∇z(v)‖·cell), i.e. the vertex is within
/// 10⁻⁹ of a cell of the true curve.
fn assert_on_level<C: Classifier + ?Sized>(model: &C, lines: &[Polyline], level: f64, rect: Rect, n: usize) {
    let cell = ((rect.x1 - rect.x0) / n as f64).max((rect.y1 - rect.y0) / n as f64);
    let h = 1e-6 * cell;
    for line in lines {
        for &v in line {
            let z = model.log_odds(v);
            let gx = (model.log_odds([v[0] + h, v[1]]) - model.log_odds([v[0] - h, v[1]])) / (2.0 * h);
            let gy = (model.log_odds([v[0], v[1] + h]) - model.log_odds([v[0], v[1] - h])) / (2.0 * h);
            let slope = gx.hypot(gy) * cell;
            assert!(
                (z - level).abs() <= 1e-9 * slope + 1e-12,
                "vertex {v:?}: z = {z}, level {level}, slope·cell = {slope}"
            );
            assert!(rect.contains(v), "vertex {v:?} outside {rect:?}");
        }
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

fn cross() -> (Vec<[f64; 2]>, Vec<u8>) {
    two_classes(
        &[[-3.0, 0.2], [3.0, -0.2], [-1.0, 0.1], [1.0, -0.1], [0.0, 0.3], [0.0, -0.3]],
        &[[0.2, -3.0], [-0.2, 3.0], [0.1, -1.0], [-0.1, 1.0], [0.3, 0.0], [-0.3, 0.0]],
    )
}

fn nested() -> (Vec<[f64; 2]>, Vec<u8>) {
    two_classes(
        &[[-4.0, 0.0], [4.0, 0.5], [0.0, 4.0], [0.5, -4.0], [3.0, 3.0], [-3.0, -2.5], [-2.5, 3.5], [2.5, -3.0]],
        &[[0.3, 0.1], [-0.4, 0.2], [0.1, -0.5], [0.5, 0.6], [-0.2, -0.3]],
    )
}

// ---------------------------------------------------------------------------------------
// scikit-learn reference values, pasted from the output of tools/sklearn/gda_models_reference.py
// ---------------------------------------------------------------------------------------

struct QdaReference {
    phi: f64,
    mu: [[f64; 2]; 2],
    sigma: [[[f64; 2]; 2]; 2],
    accuracy: f64,
    queries: &'static [([f64; 2], f64, f64)],
}

// QDA_OVERLAPPING: n = [6, 5], training accuracy = 0.7272727272727273 (8/11)
const QDA_OVERLAPPING: QdaReference = QdaReference {
    phi: 0.45454545454545453,
    mu: [[2.0166666666666666, 2.15], [3.78, 2.8400000000000003]],
    sigma: [
        [[1.1913888888888888, 0.879166666666667], [0.879166666666667, 1.6625000000000005]],
        [[1.3616, 0.5748], [0.5748, 1.0064]],
    ],
    accuracy: 0.7272727272727273,
    // (x, decision_function(x) = log-odds, predict_proba(x)[1])
    queries: &[
        ([0.0, 0.0], -4.445138252121053, 0.011599359373193934),
        ([2.5, 2.5], -0.6373742400529852, 0.34584033696338834),
        ([3.5, 2.5], 1.0283607416201843, 0.7365979680030648),
        ([5.0, 4.0], 2.86977951587788, 0.9463321512329606),
    ],
};

// QDA_CROSS: n = [6, 6], training accuracy = 0.6666666666666666 (8/12)
const QDA_CROSS: QdaReference = QdaReference {
    phi: 0.5,
    mu: [[0.0, 0.0], [0.0, 0.0]],
    sigma: [
        [[3.3333333333333326, -0.23333333333333323], [-0.23333333333333325, 0.046666666666666655]],
        [[0.04666666666666667, -0.2333333333333333], [-0.2333333333333333, 3.3333333333333317]],
    ],
    accuracy: 0.6666666666666666,
    // (x, decision_function(x) = log-odds, predict_proba(x)[1])
    queries: &[
        ([0.0, 0.0], 2.220446049250313e-16, 0.5000000000000001),
        ([2.0, 0.5], -60.947802197802204, 3.393952980613331e-27),
        ([0.5, 2.0], 60.947802197802176, 1.0),
        ([1.0, 1.0], 3.552713678800501e-15, 0.5000000000000009),
    ],
};

// QDA_NESTED: n = [8, 5], training accuracy = 1.0 (13/13)
const QDA_NESTED: QdaReference = QdaReference {
    phi: 0.38461538461538464,
    mu: [[0.0625, 0.1875], [0.06, 0.020000000000000007]],
    sigma: [
        [[7.839843749999999, 0.01953125000000014], [0.019531250000000187, 8.558593750000002]],
        [[0.10640000000000001, 0.05079999999999994], [0.05079999999999994, 0.14959999999999993]],
    ],
    accuracy: 1.0,
    // (x, decision_function(x) = log-odds, predict_proba(x)[1])
    queries: &[
        ([0.0, 0.0], 3.7767690641910288, 0.977615967771167),
        ([1.0, 1.0], -1.3917632703972656, 0.1991264099683556),
        ([2.0, 0.0], -17.224434964613955, 3.3076757296779974e-08),
        ([-3.0, 3.0], -117.81885248568648, 6.790824413306413e-52),
    ],
};

// QDA_IRIS: n = [50, 50], training accuracy = 0.97 (97/100)
const QDA_IRIS: QdaReference = QdaReference {
    phi: 0.5,
    mu: [[4.26, 1.3259999999999998], [5.552, 2.026]],
    sigma: [
        [[0.21639999999999995, 0.07163999999999997], [0.07163999999999997, 0.038324]],
        [[0.2984960000000001, 0.04784800000000003], [0.04784800000000003, 0.073924]],
    ],
    accuracy: 0.97,
    // (x, decision_function(x) = log-odds, predict_proba(x)[1])
    queries: &[
        ([4.0, 1.2], -7.255202966487033, 0.0007059901968758947),
        ([4.9, 1.6], -1.330348426776859, 0.20910173717922806),
        ([5.0, 1.7], -0.017898152770191134, 0.4955255812528669),
        ([6.0, 2.2], 8.702611637102267, 0.9998338762847538),
    ],
};

// QDA_PENGUINS_ADELIE_CHINSTRAP: n = [151, 68], training accuracy = 0.9726027397260274 (213/219)
const QDA_PENGUINS_ADELIE_CHINSTRAP: QdaReference = QdaReference {
    phi: 0.3105022831050228,
    mu: [[38.79139072847684, 18.346357615894032], [48.83382352941177, 18.420588235294115]],
    sigma: [
        [[7.046747072496822, 1.26020042980571], [1.26020042980571, 1.4704337529055747]],
        [[10.986650086505184, 2.4413624567474033], [2.4413624567474033, 1.270164359861591]],
    ],
    accuracy: 0.9726027397260274,
    // (x, decision_function(x) = log-odds, predict_proba(x)[1])
    queries: &[
        ([40.0, 18.0], -5.706649263426748, 0.0033127800663957097),
        ([44.0, 18.3], -0.1304674699613777, 0.46742932026770145),
        ([45.0, 17.0], 3.51634088746537, 0.97114915789272),
        ([50.0, 19.0], 8.76339912224119, 0.9998436721982796),
    ],
};

/// Relative tolerance against scikit-learn for φ, μ_k and Σ_k.
const REL: f64 = 1e-10;

fn assert_matches(points: &[[f64; 2]], labels: &[u8], r: &QdaReference) {
    let f = fit(points, labels);
    assert_close(f.phi(), r.phi, REL, 0.0, "φ");
    for k in 0..2 {
        let mu = if k == 0 { f.mu0() } else { f.mu1() };
        let sigma = if k == 0 { f.sigma0() } else { f.sigma1() };
        let scale = r.sigma[k][0][0].max(r.sigma[k][1][1]);
        for i in 0..2 {
            assert_close(mu[i], r.mu[k][i], REL, 1e-15, &format!("μ{k}[{i}]"));
            for (j, (&got, &want)) in sigma[i].iter().zip(&r.sigma[k][i]).enumerate() {
                assert_close(got, want, 0.0, REL * scale, &format!("Σ{k}[{i}][{j}]"));
            }
        }
    }
    let form = f.quadratic();
    for &(x, log_odds, p) in r.queries {
        // decision_function: absolute tolerance relative to the size of the terms.
        assert_close(f.log_odds(x), log_odds, 1e-9, 1e-12, &format!("log-odds at {x:?}"));
        assert_close(form.eval(x), log_odds, 1e-9, 1e-9, &format!("xᵀAx + bᵀx + c at {x:?}"));
        assert_close(f.posterior(x), p, 1e-9, 1e-300, &format!("p(y=1|x) at {x:?}"));
        assert_close(1.0 - f.posterior(x), 1.0 - p, 1e-8, 1e-15, &format!("p(y=0|x) at {x:?}"));
    }
    let report = match TrainingReport::evaluate(&f, points, labels) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert_close(report.accuracy, r.accuracy, 1e-15, 0.0, "training accuracy (scikit-learn's score)");
}

// ---------------------------------------------------------------------------------------
// Agreement with scikit-learn
// ---------------------------------------------------------------------------------------

#[test]
fn overlapping_set_matches_scikit_learn() {
    let (points, labels) = overlapping();
    assert_matches(&points, &labels, &QDA_OVERLAPPING);
}

#[test]
fn cross_set_matches_scikit_learn() {
    let (points, labels) = cross();
    assert_matches(&points, &labels, &QDA_CROSS);
}

#[test]
fn nested_set_matches_scikit_learn() {
    let (points, labels) = nested();
    assert_matches(&points, &labels, &QDA_NESTED);
}

#[test]
fn iris_versicolor_virginica_matches_scikit_learn() {
    let (points, labels) = preset(Preset::IrisVersicolorVirginica);
    assert_matches(&points, &labels, &QDA_IRIS);
}

#[test]
fn penguins_adelie_chinstrap_matches_scikit_learn() {
    let (points, labels) = preset(Preset::PenguinsAdelieChinstrap);
    assert_matches(&points, &labels, &QDA_PENGUINS_ADELIE_CHINSTRAP);
}

// ---------------------------------------------------------------------------------------
// Hand-derived values
// ---------------------------------------------------------------------------------------

#[test]
fn class_covariance_is_divided_by_the_class_count() {
    // Class 0: (0,0), (2,0), (0,2). Mean (2/3, 2/3); deviations (−2/3,−2/3), (4/3,−2/3),
    // (−2/3,4/3): scatter xx = yy = 24/9 = 8/3, xy = (4 − 8 − 8)/9 = −4/3. Divided by
    // n₀ = 3: Σ₀ = [[8/9, −4/9], [−4/9, 8/9]] (by n₀ − 1 it would be [[4/3, −2/3], …]).
    let (points, labels) = two_classes(&[[0.0, 0.0], [2.0, 0.0], [0.0, 2.0]], &[[5.0, 5.0], [6.0, 5.0], [5.0, 7.0]]);
    let f = fit(&points, &labels);
    let s = f.sigma0();
    assert_close(s[0][0], 8.0 / 9.0, 1e-15, 0.0, "Σ₀[0][0]");
    assert_close(s[0][1], -4.0 / 9.0, 1e-15, 0.0, "Σ₀[0][1]");
    assert_close(s[1][0], -4.0 / 9.0, 1e-15, 0.0, "Σ₀[1][0]");
    assert_close(s[1][1], 8.0 / 9.0, 1e-15, 0.0, "Σ₀[1][1]");
}

/// Class 0 on the unit circle's axis points, class 1 at radius 2: a circular boundary.
fn rings() -> (Vec<[f64; 2]>, Vec<u8>) {
    two_classes(
        &[[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0], [0.0, -1.0]],
        &[[2.0, 0.0], [-2.0, 0.0], [0.0, 2.0], [0.0, -2.0]],
    )
}

#[test]
fn rings_give_the_hand_derived_quadratic_form_and_a_circle() {
    // μ₀ = μ₁ = 0, Σ₀ = diag(½, ½) (scatter 2 per axis / 4), Σ₁ = diag(2, 2), φ = ½.
    // Σ₀⁻¹ = 2I, Σ₁⁻¹ = ½I: A = −½(½ − 2)I = ¾I, b = 0,
    // c = −½ log|Σ₁| + ½ log|Σ₀| = −½ log 4 + ½ log ¼ = −2 log 2.
    // Boundary: ¾(x² + y²) = 2 log 2, a circle of radius r = √(8 log 2 / 3) ≈ 1.3595.
    let (points, labels) = rings();
    let f = fit(&points, &labels);
    let q = f.quadratic();
    assert_close(q.a[0][0], 0.75, 1e-15, 0.0, "A₀₀");
    assert_close(q.a[1][1], 0.75, 1e-15, 0.0, "A₁₁");
    assert_close(q.a[0][1], 0.0, 0.0, 1e-15, "A₀₁");
    assert_close(q.b[0], 0.0, 0.0, 1e-15, "b₀");
    assert_close(q.b[1], 0.0, 0.0, 1e-15, "b₁");
    assert_close(q.c, -2.0 * 2f64.ln(), 1e-14, 0.0, "c");
    assert_eq!(q.conic_kind(), ConicKind::Ellipse);
    let r = (8.0 * 2f64.ln() / 3.0).sqrt();
    let rect = Rect { x0: -3.0, x1: 3.0, y0: -3.0, y1: 3.0 };
    let lines = match f.boundary(rect, 61, 61) {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(lines.len(), 1, "one closed curve");
    let circle = &lines[0];
    assert_eq!(circle.first(), circle.last(), "a closed curve repeats its first vertex");
    assert!(circle.len() > 40, "only {} vertices", circle.len());
    for v in circle {
        assert_close(v[0].hypot(v[1]), r, 1e-12, 0.0, "distance of a boundary vertex from the centre");
    }
    // Inside the circle class 0 (z < 0), outside class 1.
    assert_eq!(f.predict([0.0, 0.0]), 0);
    assert_eq!(f.predict([2.0, 2.0]), 1);
}

#[test]
fn equal_class_covariances_make_qda_the_same_as_gda() {
    // Class 1 is class 0 moved by (3, 1): the same scatter, so Σ₀ = Σ₁ = GDA's Σ and the
    // quadratic terms cancel: z is GDA's w·x + b.
    let class0 = [[0.5, 1.2], [1.7, 2.9], [2.2, 2.1], [3.1, 4.4], [1.0, 0.3]];
    let class1: Vec<[f64; 2]> = class0.iter().map(|p| [p[0] + 3.0, p[1] + 1.0]).collect();
    let (points, labels) = two_classes(&class0, &class1);
    let q = fit(&points, &labels);
    let g = match Gda::fit(&points, &labels) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    for x in [[0.0, 0.0], [2.5, 2.0], [4.0, 3.0], [-5.0, 7.0]] {
        assert_close(q.log_odds(x), g.log_odds(x), 1e-9, 1e-9, &format!("log-odds at {x:?}"));
    }
    assert_eq!(q.quadratic().conic_kind(), ConicKind::Line);
}

// ---------------------------------------------------------------------------------------
// The conic
// ---------------------------------------------------------------------------------------

#[test]
fn nested_classes_have_an_elliptic_boundary_around_the_inner_class() {
    let (points, labels) = nested();
    let f = fit(&points, &labels);
    assert_eq!(f.quadratic().conic_kind(), ConicKind::Ellipse);
    let rect = Rect { x0: -5.0, x1: 5.0, y0: -5.0, y1: 5.0 };
    let lines = match f.boundary(rect, 100, 100) {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].first(), lines[0].last());
    assert_on_level(&f, &lines, 0.0, rect, 100);
}

#[test]
fn the_cross_has_two_crossing_lines_and_a_prior_turns_them_into_a_hyperbola() {
    // The cross is symmetric under swapping x and y together with the classes, so
    // log|Σ₀| = log|Σ₁|, b = 0, c = 0 and z = a(x² − y²): the lines y = ±x (scikit-learn's
    // decision_function at (1, 1) is 3.6e-15, i.e. 0).
    let (points, labels) = cross();
    let f = fit(&points, &labels);
    assert_eq!(f.quadratic().conic_kind(), ConicKind::CrossingLines);
    let rect = Rect { x0: -2.0, x1: 2.0, y0: -1.5, y1: 1.5 };
    let lines = match f.boundary(rect, 81, 61) {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    assert_on_level(&f, &lines, 0.0, rect, 61);
    for line in &lines {
        for v in line {
            assert_close(v[0].abs(), v[1].abs(), 1e-9, 1e-12, "a vertex of y = ±x");
        }
    }
    // φ′ = 0.7 adds log(0.7/0.3) − log(1) to z: a(x² − y²) = −0.847, a hyperbola whose two
    // branches open along the y axis (where class 1 wins).
    let shifted = match WithPrior::new(&f, 0.7) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    let mut q = f.quadratic();
    q.c += shifted.shift();
    assert_eq!(q.conic_kind(), ConicKind::Hyperbola);
    let branches = match genlab::gda::level_set(&shifted, 0.0, rect, 81, 61) {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(branches.len(), 2, "two branches: {branches:?}");
    for b in &branches {
        assert_ne!(b.first(), b.last(), "a branch is open and ends on the border");
    }
    assert_on_level(&shifted, &branches, 0.0, rect, 61);
}

#[test]
fn conic_kinds_of_hand_made_forms() {
    let form = |a: [[f64; 2]; 2], b: [f64; 2], c: f64| QuadraticLogOdds { a, b, c };
    // x² + y² − 1: the unit circle.
    assert_eq!(form([[1.0, 0.0], [0.0, 1.0]], [0.0, 0.0], -1.0).conic_kind(), ConicKind::Ellipse);
    // x² + y² + 1 > 0 everywhere: no boundary.
    assert_eq!(form([[1.0, 0.0], [0.0, 1.0]], [0.0, 0.0], 1.0).conic_kind(), ConicKind::Empty);
    // −(x² + y²) − 1 < 0 everywhere.
    assert_eq!(form([[-1.0, 0.0], [0.0, -1.0]], [0.0, 0.0], -1.0).conic_kind(), ConicKind::Empty);
    // x² + y² = 0: the origin only.
    assert_eq!(form([[1.0, 0.0], [0.0, 1.0]], [0.0, 0.0], 0.0).conic_kind(), ConicKind::Point);
    // x² − y² − 1: a hyperbola; x² − y²: two crossing lines.
    assert_eq!(form([[1.0, 0.0], [0.0, -1.0]], [0.0, 0.0], -1.0).conic_kind(), ConicKind::Hyperbola);
    assert_eq!(form([[1.0, 0.0], [0.0, -1.0]], [0.0, 0.0], 0.0).conic_kind(), ConicKind::CrossingLines);
    // x² − y: a parabola; x² − 1: the lines x = ±1; x² + 1: nothing; x²: the line x = 0.
    assert_eq!(form([[1.0, 0.0], [0.0, 0.0]], [0.0, -1.0], 0.0).conic_kind(), ConicKind::Parabola);
    assert_eq!(form([[1.0, 0.0], [0.0, 0.0]], [0.0, 0.0], -1.0).conic_kind(), ConicKind::ParallelLines);
    assert_eq!(form([[1.0, 0.0], [0.0, 0.0]], [0.0, 0.0], 1.0).conic_kind(), ConicKind::Empty);
    assert_eq!(form([[1.0, 0.0], [0.0, 0.0]], [0.0, 0.0], 0.0).conic_kind(), ConicKind::Line);
    // A rotated parabola: (x + y)² − (x − y), A = [[1, 1], [1, 1]].
    assert_eq!(form([[1.0, 1.0], [1.0, 1.0]], [-1.0, 1.0], 0.0).conic_kind(), ConicKind::Parabola);
    // 2x + y − 3: a line (GDA's case); 0·x + 5: no boundary; 0: a tie everywhere.
    assert_eq!(form([[0.0; 2]; 2], [2.0, 1.0], -3.0).conic_kind(), ConicKind::Line);
    assert_eq!(form([[0.0; 2]; 2], [0.0, 0.0], 5.0).conic_kind(), ConicKind::Empty);
    assert_eq!(form([[0.0; 2]; 2], [0.0, 0.0], 0.0).conic_kind(), ConicKind::Everywhere);
}

#[test]
fn quadratic_form_gradient_is_two_a_x_plus_b() {
    let (points, labels) = overlapping();
    let q = fit(&points, &labels).quadratic();
    let h = 1e-6;
    for x in [[0.0, 0.0], [2.5, 2.5], [4.0, 1.0]] {
        let g = q.gradient(x);
        let gx = (q.eval([x[0] + h, x[1]]) - q.eval([x[0] - h, x[1]])) / (2.0 * h);
        let gy = (q.eval([x[0], x[1] + h]) - q.eval([x[0], x[1] - h])) / (2.0 * h);
        assert_close(g[0], gx, 1e-7, 1e-7, "∂z/∂x");
        assert_close(g[1], gy, 1e-7, 1e-7, "∂z/∂y");
    }
}

// ---------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------

#[test]
fn a_class_with_one_point_is_a_class_too_small_error_naming_it() {
    let (points, labels) = two_classes(&[[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]], &[[5.0, 5.0]]);
    let e = fit_error(&points, &labels);
    assert_eq!(e, Error::ClassTooSmall { class: 1, count: 1 });
    assert_readable_sentence(&e.to_string());
    assert!(e.to_string().contains("Class 1"), "{e}");
}

#[test]
fn a_class_with_two_points_has_a_singular_covariance_naming_it() {
    // Two points always lie on a line: Σ₀ has rank 1.
    let (points, labels) = two_classes(&[[0.0, 0.0], [1.0, 2.0]], &[[5.0, 5.0], [6.0, 5.0], [5.0, 7.0]]);
    let e = fit_error(&points, &labels);
    assert!(matches!(e, Error::SingularClassCovariance { class: 0, .. }), "{e:?}");
    assert_readable_sentence(&e.to_string());
    assert!(e.to_string().contains("class 0"), "{e}");
}

#[test]
fn collinear_or_identical_class_points_are_a_singular_covariance_error() {
    // Class 1 on y = 2x + 1 (far from the origin as well), class 0 fine.
    let good = [[0.0, 0.0], [2.0, 0.0], [0.0, 2.0]];
    for t in [0.0, 1e6] {
        let line: Vec<[f64; 2]> = (0..4).map(|i| [t + i as f64, t + 2.0 * i as f64 + 1.0]).collect();
        let (points, labels) = two_classes(&good, &line);
        let e = fit_error(&points, &labels);
        assert!(matches!(e, Error::SingularClassCovariance { class: 1, .. }), "{e:?}");
    }
    let (points, labels) = two_classes(&[[1.0, 1.0]; 3], &good);
    let e = fit_error(&points, &labels);
    assert!(matches!(e, Error::SingularClassCovariance { class: 0, .. }), "{e:?}");
    assert_readable_sentence(&e.to_string());
}

#[test]
fn empty_class_non_finite_and_length_mismatch_are_typed_errors() {
    let (points, labels) = two_classes(&[], &[[5.0, 5.0], [6.0, 5.0], [5.0, 7.0]]);
    assert_eq!(fit_error(&points, &labels), Error::EmptyClass { class: 0 });
    let (mut points, labels) = overlapping();
    points[2][0] = f64::INFINITY;
    assert_eq!(fit_error(&points, &labels), Error::NonFinite { index: 2 });
    let (points, labels) = overlapping();
    assert_eq!(fit_error(&points[..3], &labels), Error::LengthMismatch { points: 3, labels: 11 });
}

#[test]
fn huge_coordinates_fail_readably_or_fit_finitely() {
    for s in [1e150, 1e200] {
        let (points, labels) = overlapping();
        let scaled: Vec<[f64; 2]> = points.iter().map(|p| [p[0] * s, p[1] * s]).collect();
        match Qda::fit(&scaled, &labels) {
            Ok(f) => {
                let q = f.quadratic();
                assert!(q.a.iter().flatten().chain(&q.b).all(|v| v.is_finite()), "{q:?}");
            }
            Err(e) => assert_readable_sentence(&e.to_string()),
        }
    }
}

#[test]
fn log_odds_is_never_nan_for_finite_points() {
    let (points, labels) = cross();
    let f = fit(&points, &labels);
    let m = f64::MAX;
    for x in [[m, m], [m, -m], [-m, m], [m, 0.0], [0.0, m], [1e200, 1e200], [1e154, -1e154]] {
        let z = f.log_odds(x);
        assert!(!z.is_nan(), "log-odds at {x:?} is NaN");
        assert!((0.0..=1.0).contains(&f.posterior(x)));
    }
    // Far along the x axis class 0 wins, along the y axis class 1 (CROSS's
    // decision_function at (2, 0.5) is −61 and at (0.5, 2) +61), and the quadratic
    // overflows to the infinity of that sign.
    assert_eq!(f.log_odds([m, 0.0]), f64::NEG_INFINITY);
    assert_eq!(f.log_odds([0.0, m]), f64::INFINITY);
}
