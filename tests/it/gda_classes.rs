#![cfg(not(target_arch = "wasm32"))]
//! The k-class model layer (`genlab::gda::{Model, ModelSpec}` with labels 0..k, and the
//! types under it, `GaussianClasses` and `SoftmaxRegression`): the library API, the same
//! numbers as the two-class types for k = 2, the typed errors, no NaN anywhere, ties to the
//! smaller class.
//!
//! The expected values of the k = 2 tests are today's two-class types (`Gda`, `Qda`,
//! `GaussianNb`, `LogisticRegression`), themselves tested against scikit-learn and by hand
//! in `tests/it/gda_fit.rs`, `gda_qda.rs`, `gda_gnb.rs` and `gda_logistic.rs`; the k ≥ 3
//! numbers against scikit-learn are in `tests/it/gda_classes_sklearn.rs`. Other expected values
//! are worked by hand in comments.

use crate::common;

use common::{
    assert_close, assert_mat_close, assert_readable_sentence, assert_vec_close, generated, generated_sets,
    iris_three_species, preset, six_points, unwrap, Cloud, Labelled,
};
use genlab::data::Preset;
use genlab::gda::{
    Classifier, CovarianceModel, GaussianClasses, Model, ModelSpec, MultiClassifier, NbVariance, SoftmaxRegression,
};
use genlab::Error;

/// Every model of the menu, GNB at its default smoothing and at a large one.
fn specs() -> Vec<ModelSpec> {
    vec![
        ModelSpec::Gda,
        ModelSpec::Qda,
        ModelSpec::GaussianNb { variance: NbVariance::PerClass, var_smoothing: 1e-9 },
        ModelSpec::GaussianNb { variance: NbVariance::Shared, var_smoothing: 1e-9 },
        ModelSpec::GaussianNb { variance: NbVariance::PerClass, var_smoothing: 0.1 },
        ModelSpec::Logistic { lambda: 0.0 },
        ModelSpec::Logistic { lambda: 0.5 },
        ModelSpec::Logistic { lambda: 3.0 },
    ]
}

/// Two-class data sets: hand-worked, the three real presets and two generated clouds.
fn two_class_sets() -> Vec<(&'static str, Labelled)> {
    let c = |n, mean, sd, rho| Cloud { n, mean, sd, rho };
    vec![
        ("six points", six_points()),
        ("penguins Adelie/Chinstrap", preset(Preset::PenguinsAdelieChinstrap)),
        ("penguins Adelie/Gentoo", preset(Preset::PenguinsAdelieGentoo)),
        ("iris versicolor/virginica", preset(Preset::IrisVersicolorVirginica)),
        (
            "generated, overlapping",
            generated(7, &[c(80, [0.0, 0.0], [1.0, 1.5], 0.4), c(50, [1.0, 1.0], [0.7, 1.0], -0.5)]),
        ),
        (
            "generated, far from 0",
            generated(8, &[c(30, [1e4, -2e4], [3.0, 1.0], 0.0), c(45, [1e4 + 4.0, -2e4 + 1.0], [2.0, 2.0], 0.6)]),
        ),
    ]
}

/// The training points and a few around and beyond them.
fn probes(points: &[[f64; 2]]) -> Vec<[f64; 2]> {
    let mut out = points.to_vec();
    let n = points.len() as f64;
    let centre = [points.iter().map(|p| p[0]).sum::<f64>() / n, points.iter().map(|p| p[1]).sum::<f64>() / n];
    for d in [[1.0, 0.0], [0.0, -2.0], [3.0, 3.0], [-5.0, 1.0]] {
        out.push([centre[0] + d[0], centre[1] + d[1]]);
    }
    out
}

// ---------------------------------------------------------------------------------------
// k = 2: the k-class path gives today's numbers
// ---------------------------------------------------------------------------------------

#[test]
fn for_two_classes_the_k_class_models_give_the_two_class_models_numbers_to_1e_12() {
    for (name, (points, labels)) in two_class_sets() {
        for spec in specs() {
            let what = format!("{name}, {spec:?}");
            let two = unwrap(spec.fit_two_classes(&points, &labels));
            let k = unwrap(spec.fit_classes(&points, &labels));
            assert!(matches!(k, Model::Gaussian(_) | Model::Softmax(_)), "{what}: {k:?}");
            assert_eq!(k.classes(), 2, "{what}");
            match (two.priors(), k.priors()) {
                (Some(a), Some(b)) => {
                    for c in 0..2 {
                        assert_close(b[c], a[c], 1e-12, 0.0, &format!("{what}: φ_{c}"));
                    }
                }
                (None, None) => {}
                other => panic!("{what}: priors {other:?}"),
            }
            if let (Some(a), Some(b)) = (two.means(), k.means()) {
                for c in 0..2 {
                    assert_vec_close(b[c], a[c], 1e-12, 1e-12, &format!("{what}: μ_{c}"));
                }
            }
            if let (Some(a), Some(b)) = (two.covariances(), k.covariances()) {
                for c in 0..2 {
                    let scale = a[c].iter().flatten().fold(0.0f64, |m, v| m.max(v.abs()));
                    assert_mat_close(b[c], a[c], 1e-12, 1e-12 * scale, &format!("{what}: Σ_{c}"));
                }
            }
            for x in probes(&points) {
                let (p2, pk) = (two.posteriors(x), k.posteriors(x));
                for c in 0..2 {
                    assert_close(pk[c], p2[c], 0.0, 1e-12, &format!("{what}: p(y={c}|{x:?})"));
                }
                // The decision agrees wherever the log-odds is not within rounding of 0.
                if Classifier::log_odds(&two, x).abs() > 1e-9 {
                    assert_eq!(k.predict(x), two.predict(x), "{what}: prediction at {x:?}");
                }
            }
        }
    }
}

#[test]
fn for_two_classes_softmax_regression_is_logistic_regression_with_the_same_lambda() {
    for (name, (points, labels)) in two_class_sets() {
        for lambda in [0.0, 0.5, 3.0] {
            let lr = unwrap(genlab::gda::LogisticRegression::fit(&points, &labels, lambda));
            let s = unwrap(SoftmaxRegression::fit(&points, &labels, lambda));
            let what = format!("{name}, λ = {lambda}");
            let (w, b) = lr.log_odds_coefficients();
            // Class 0 is the reference: its line is zero, class 1's is the logistic w, b.
            assert_eq!(s.lines()[0], ([0.0, 0.0], 0.0), "{what}");
            let scale = w[0].abs().max(w[1].abs());
            assert_vec_close(s.lines()[1].0, w, 1e-12, 1e-12 * scale, &format!("{what}: w"));
            assert_close(s.lines()[1].1, b, 1e-12, 1e-12 * scale, &format!("{what}: b"));
            assert_eq!(s.ridge_fallback(), lr.ridge_fallback(), "{what}");
            assert_close(s.lambda(), lr.lambda(), 1e-15, 0.0, &format!("{what}: λ used"));
            assert_close(s.log_likelihood(), lr.log_likelihood(), 1e-12, 1e-12, &format!("{what}: ℓ"));
        }
    }
}

#[test]
fn model_spec_fit_with_labels_0_and_1_is_todays_two_class_fit_bit_for_bit() {
    for (name, (points, labels)) in two_class_sets() {
        for spec in specs() {
            let model = unwrap(spec.fit(&points, &labels));
            assert_eq!(model, unwrap(spec.fit_two_classes(&points, &labels)), "{name}, {spec:?}");
            assert!(!matches!(model, Model::Gaussian(_) | Model::Softmax(_)), "{name}, {spec:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// The library API
// ---------------------------------------------------------------------------------------

#[test]
fn the_library_api_answers_for_three_species() {
    let (points, labels) = iris_three_species();
    let m = unwrap(ModelSpec::Gda.fit(&points, &labels));
    assert_eq!(m.classes(), 3);
    // R's iris: 50 flowers of each species.
    assert_eq!(m.priors(), Some(vec![1.0 / 3.0; 3]));
    let means = m.means().unwrap();
    // Setosa's mean petal: 1.462 cm × 0.246 cm (the sums 73.1 and 12.3 over 50 flowers).
    assert_vec_close(means[0], [1.462, 0.246], 1e-14, 0.0, "setosa mean");
    let covariances = m.covariances().unwrap();
    assert_eq!(covariances.len(), 3);
    assert!(covariances.iter().all(|s| *s == covariances[0]), "GDA: k copies of the shared Σ");
    let p = m.posteriors([1.5, 0.3]);
    assert_eq!(p.len(), 3);
    assert_close(p.iter().sum(), 1.0, 0.0, 1e-15, "Σ p");
    assert!(p[0] > 0.99, "a setosa-sized petal: {p:?}");
    assert_eq!(m.predict([1.5, 0.3]), 0);
    assert_eq!(m.predict([4.3, 1.3]), 1);
    assert_eq!(m.predict([6.0, 2.2]), 2);

    let lr = unwrap(ModelSpec::Logistic { lambda: 1.0 }.fit(&points, &labels));
    assert_eq!((lr.classes(), lr.priors(), lr.means(), lr.covariances()), (3, None, None, None));
    let qda = unwrap(ModelSpec::Qda.fit(&points, &labels));
    assert!(qda.covariances().unwrap().windows(2).all(|w| w[0] != w[1]), "QDA: a Σ_c per class");
}

#[test]
fn predict_is_the_largest_posterior_and_posteriors_sum_to_1() {
    for (name, (points, labels)) in generated_sets() {
        for spec in specs() {
            let m = unwrap(spec.fit(&points, &labels));
            for x in probes(&points) {
                let p = m.posteriors(x);
                assert_close(p.iter().sum(), 1.0, 0.0, 1e-14, &format!("{name}, {spec:?}: Σ p at {x:?}"));
                assert!(p.iter().all(|v| (0.0..=1.0).contains(v)), "{name}, {spec:?}: {p:?}");
                let best = p.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                assert_eq!(p[m.predict(x)], best, "{name}, {spec:?} at {x:?}: {p:?}");
            }
        }
    }
}

#[test]
fn the_multi_classifier_view_of_a_model_is_its_inherent_api() {
    let mut sets = generated_sets();
    sets.push(("six points", six_points()));
    for (name, (points, labels)) in sets {
        for spec in specs() {
            let m = unwrap(spec.fit(&points, &labels));
            let view: &dyn MultiClassifier = &m;
            assert_eq!(view.classes(), m.classes(), "{name}, {spec:?}");
            for x in probes(&points).into_iter().step_by(11) {
                assert_eq!(view.posteriors(x), m.posteriors(x), "{name}, {spec:?}");
                assert_eq!(view.predict_class(x), m.predict(x), "{name}, {spec:?}");
                assert_eq!(view.scores(x), m.scores(x), "{name}, {spec:?}");
            }
        }
    }
}

#[test]
fn scores_are_log_joint_densities_for_the_generative_models() {
    // One point per class at the corners of a unit square is too little for a Σ; use the
    // three-species iris and check log p(x, y=c) = log φ_c + log N(x; μ_c, Σ_c) by the
    // textbook formula, written out here.
    let (points, labels) = iris_three_species();
    let g = unwrap(GaussianClasses::fit(&points, &labels, CovarianceModel::PerClass));
    let x = [4.0, 1.2];
    let scores = g.scores(x);
    for (c, &score) in scores.iter().enumerate() {
        let (mu, s, phi) = (g.means()[c], g.covariances()[c], g.priors()[c]);
        let det = s[0][0] * s[1][1] - s[0][1] * s[1][0];
        let d = [x[0] - mu[0], x[1] - mu[1]];
        let maha = (s[1][1] * d[0] * d[0] - 2.0 * s[0][1] * d[0] * d[1] + s[0][0] * d[1] * d[1]) / det;
        let expected = phi.ln() - (2.0 * std::f64::consts::PI).ln() - 0.5 * det.ln() - 0.5 * maha;
        assert_close(score, expected, 1e-12, 1e-12, &format!("log p(x, y={c})"));
    }
}

#[test]
fn linear_discriminants_differ_from_the_scores_by_a_term_common_to_every_class() {
    for (name, (points, labels)) in generated_sets() {
        for spec in [ModelSpec::Gda, ModelSpec::GaussianNb { variance: NbVariance::Shared, var_smoothing: 1e-9 }] {
            let m = unwrap(spec.fit(&points, &labels));
            let delta = m.linear_discriminants().unwrap();
            for x in probes(&points).into_iter().step_by(7) {
                let s = m.scores(x);
                let d: Vec<f64> = delta.iter().map(|(w, b)| w[0] * x[0] + w[1] * x[1] + b).collect();
                for c in 1..s.len() {
                    assert_close(d[c] - d[0], s[c] - s[0], 1e-9, 1e-9, &format!("{name}, {spec:?}: δ_{c} − δ_0"));
                }
            }
        }
        let qda = unwrap(ModelSpec::Qda.fit(&points, &labels));
        assert_eq!(qda.linear_discriminants(), None, "{name}: QDA is quadratic");
        let soft = unwrap(ModelSpec::Logistic { lambda: 0.0 }.fit(&points, &labels));
        assert_eq!(soft.linear_discriminants().map(|d| d.len()), Some(soft.classes()), "{name}");
    }
}

#[test]
fn relabelling_the_classes_permutes_the_posteriors() {
    // π = (2 0 1 ...): class c becomes class π(c). Every model is symmetric in its classes
    // (softmax regression too: its penalty is on pairwise differences), so
    // p'(y = π(c) | x) = p(y = c | x).
    for (name, (points, labels)) in generated_sets() {
        let k = usize::from(*labels.iter().max().unwrap()) + 1;
        let pi = |c: usize| (c + 2) % k;
        let relabelled: Vec<u8> = labels.iter().map(|&y| pi(usize::from(y)) as u8).collect();
        for spec in specs() {
            let (a, b) = (unwrap(spec.fit(&points, &labels)), unwrap(spec.fit(&points, &relabelled)));
            let tol = if matches!(spec, ModelSpec::Logistic { .. }) { 1e-9 } else { 1e-12 };
            for x in probes(&points).into_iter().step_by(5) {
                let (p, q) = (a.posteriors(x), b.posteriors(x));
                for c in 0..k {
                    assert_close(q[pi(c)], p[c], 0.0, tol, &format!("{name}, {spec:?}: class {c} at {x:?}"));
                }
            }
        }
    }
}

#[test]
fn translating_the_points_translates_every_model() {
    // Shift every point by t: the fit at x + t is the old fit at x (to rounding of the
    // shifted coordinates).
    let t = [250.0, -75.5];
    for (name, (points, labels)) in generated_sets() {
        let moved: Vec<[f64; 2]> = points.iter().map(|p| [p[0] + t[0], p[1] + t[1]]).collect();
        for spec in specs() {
            let (a, b) = (unwrap(spec.fit(&points, &labels)), unwrap(spec.fit(&moved, &labels)));
            for x in probes(&points).into_iter().step_by(5) {
                let (p, q) = (a.posteriors(x), b.posteriors([x[0] + t[0], x[1] + t[1]]));
                for c in 0..p.len() {
                    assert_close(q[c], p[c], 0.0, 1e-9, &format!("{name}, {spec:?}: class {c} at {x:?}"));
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Ties and extremes
// ---------------------------------------------------------------------------------------

/// Classes 0 and 1 mirror each other across the y axis, class 2 sits above: every model
/// ties classes 0 and 1 on the y axis (the generative ones exactly, their sums being
/// mirror images; softmax regression to the rounding of its Newton iterations, its penalty
/// being symmetric in the classes).
fn mirrored() -> (Vec<[f64; 2]>, Vec<u8>) {
    let square =
        |cx: f64, cy: f64| [[cx - 0.5, cy - 0.5], [cx + 0.5, cy - 0.5], [cx - 0.5, cy + 0.5], [cx + 0.5, cy + 0.5]];
    let mut points = Vec::new();
    let mut labels = Vec::new();
    for (c, centre) in [[-1.0, 0.0], [1.0, 0.0], [0.0, 4.0]].into_iter().enumerate() {
        points.extend(square(centre[0], centre[1]));
        labels.extend([c as u8; 4]);
    }
    (points, labels)
}

#[test]
fn ties_between_classes_go_to_the_smaller_class_index() {
    let (points, labels) = mirrored();
    for spec in specs() {
        let m = unwrap(spec.fit(&points, &labels));
        for y in [-1.0, 0.0, 0.5] {
            let p = m.posteriors([0.0, y]);
            if matches!(spec, ModelSpec::Logistic { .. }) {
                assert_close(p[0], p[1], 0.0, 1e-12, &format!("{spec:?}: classes 0 and 1 at (0, {y})"));
                continue;
            }
            assert_eq!(p[0], p[1], "{spec:?}: classes 0 and 1 tie at (0, {y}): {p:?}");
            if p[0] > p[2] {
                assert_eq!(m.predict([0.0, y]), 0, "{spec:?} at (0, {y})");
            }
        }
    }
}

#[test]
fn no_posterior_is_nan_even_at_the_ends_of_the_number_line() {
    let huge = f64::MAX;
    let xs =
        [[1e300, 1e300], [-1e300, 1e300], [huge, -huge], [huge, huge], [1e-300, 0.0], [0.0, -1e200], [1e155, 1e155]];
    for (name, (points, labels)) in generated_sets() {
        for spec in specs() {
            let m = unwrap(spec.fit(&points, &labels));
            for x in xs {
                let p = m.posteriors(x);
                assert!(p.iter().all(|v| v.is_finite() && (0.0..=1.0).contains(v)), "{name}, {spec:?} at {x:?}: {p:?}");
                assert_close(p.iter().sum(), 1.0, 0.0, 1e-14, &format!("{name}, {spec:?}: Σ p at {x:?}"));
                assert!(m.predict(x) < m.classes());
                assert!(m.scores(x).iter().all(|s| !s.is_nan()), "{name}, {spec:?} at {x:?}");
                assert!(!Classifier::log_odds(&m, x).is_nan(), "{name}, {spec:?} at {x:?}");
            }
        }
    }
}

#[test]
fn far_from_the_data_qda_gives_the_point_to_the_widest_class() {
    // Class 2 of the mirrored set spreads like the others; widen it and it wins far away,
    // where −½(x − μ)ᵀΣ⁻¹(x − μ) is largest for the smallest precision.
    let (mut points, labels) = mirrored();
    for p in &mut points[8..] {
        p[0] *= 3.0;
        p[1] = 4.0 + 3.0 * (p[1] - 4.0);
    }
    let m = unwrap(ModelSpec::Qda.fit(&points, &labels));
    for x in [[1e6, 1e6], [-1e200, 3e199], [f64::MAX, f64::MAX]] {
        assert_eq!(m.predict(x), 2, "at {x:?}: {:?}", m.posteriors(x));
        assert_eq!(m.posteriors(x)[2], 1.0, "at {x:?}");
    }
}

#[test]
fn classes_whose_means_coincide_to_rounding_have_no_boundary_between_them() {
    // Class 1 is class 0's points in another order: the same mean in exact arithmetic, a
    // mean that may differ in its last bits when summed. For the models with a shared
    // covariance (GDA, naive Bayes with shared variances) the two classes then differ by
    // their priors only, with equal counts not at all: p(0|x) = p(1|x) everywhere, and
    // rounding noise must not draw a boundary between them (as for two classes,
    // `tests/it/gda_coincident_means.rs`).
    let c = |n, mean, sd, rho| Cloud { n, mean, sd, rho };
    let (base, _) = generated(11, &[c(37, [0.3, 0.1], [1.3, 0.7], 0.4)]);
    let mut points = base.clone();
    points.extend(base.iter().rev());
    let (far, _) = generated(12, &[c(20, [4.0, 4.0], [1.0, 1.0], 0.0)]);
    points.extend(&far);
    let labels: Vec<u8> = [0u8; 37].into_iter().chain([1u8; 37]).chain([2u8; 20]).collect();
    for spec in [ModelSpec::Gda, ModelSpec::GaussianNb { variance: NbVariance::Shared, var_smoothing: 1e-9 }] {
        let m = unwrap(spec.fit(&points, &labels));
        let means = m.means().unwrap();
        assert_eq!(means[0], means[1], "{spec:?}");
        for x in probes(&points) {
            let p = m.posteriors(x);
            assert_eq!(p[0], p[1], "{spec:?} at {x:?}: {p:?}");
            assert_ne!(m.predict(x), 1, "{spec:?} at {x:?}: ties go to class 0");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------

fn fit_error(spec: ModelSpec, points: &[[f64; 2]], labels: &[u8]) -> Error {
    match spec.fit(points, labels) {
        Ok(m) => panic!("{spec:?} fitted {m:?}"),
        Err(e) => {
            let message = e.to_string();
            // A message may open with the name of the setting it is about ("λ = −1 is not allowed: …").
            if message.starts_with(char::is_uppercase) {
                assert_readable_sentence(&message);
            } else {
                assert!(message.ends_with('.') && !message.contains("NaN"), "{message:?}");
            }
            e
        }
    }
}

#[test]
fn a_label_of_5_or_more_is_a_bad_label_naming_the_point() {
    let (mut points, mut labels) = mirrored();
    points.push([9.0, 9.0]);
    labels.push(5);
    for spec in specs() {
        assert_eq!(fit_error(spec, &points, &labels), Error::BadLabel { index: 12, label: 5, max: 4 }, "{spec:?}");
    }
}

#[test]
fn a_missing_class_below_the_largest_label_is_an_empty_class() {
    // Labels 0 and 2: k = 3, and class 1 has no points.
    let (points, mut labels) = mirrored();
    for l in &mut labels[4..8] {
        *l = 0;
    }
    for spec in specs() {
        assert_eq!(fit_error(spec, &points, &labels), Error::EmptyClass { class: 1 }, "{spec:?}");
    }
    // One class only: class 1 is missing, as for the two-class models.
    let zeros = vec![0u8; points.len()];
    for spec in specs() {
        assert_eq!(fit_error(spec, &points, &zeros), Error::EmptyClass { class: 1 }, "{spec:?}");
    }
}

#[test]
fn a_non_finite_coordinate_or_a_length_mismatch_is_reported_for_k_classes() {
    let (mut points, labels) = mirrored();
    for spec in specs() {
        assert_eq!(
            fit_error(spec, &points, &labels[..11]),
            Error::LengthMismatch { points: 12, labels: 11 },
            "{spec:?}"
        );
    }
    points[6] = [f64::NAN, 0.0];
    for spec in specs() {
        assert_eq!(fit_error(spec, &points, &labels), Error::NonFinite { index: 6 }, "{spec:?}");
    }
    points[6] = [1.0, f64::NEG_INFINITY];
    assert_eq!(fit_error(ModelSpec::Gda, &points, &labels), Error::NonFinite { index: 6 });
}

#[test]
fn degenerate_covariances_are_named_for_k_classes() {
    // Class 2 on a line: QDA cannot invert Σ₂; GDA's pooled Σ is still fine.
    let (mut points, labels) = mirrored();
    for (i, p) in points[8..].iter_mut().enumerate() {
        *p = [i as f64, 4.0 + 2.0 * i as f64];
    }
    assert!(matches!(fit_error(ModelSpec::Qda, &points, &labels), Error::SingularClassCovariance { class: 2, .. }));
    assert!(ModelSpec::Gda.fit(&points, &labels).is_ok());
    // A class of one point: QDA has no covariance for it.
    let (points, mut labels) = mirrored();
    labels[9..].fill(3);
    assert_eq!(fit_error(ModelSpec::Qda, &points, &labels), Error::ClassTooSmall { class: 2, count: 1 });
    // Every point on one line: no shared Σ either.
    let line: Vec<[f64; 2]> = (0..9).map(|i| [i as f64, 2.0 * i as f64]).collect();
    let three = [0, 1, 2, 0, 1, 2, 0, 1, 2];
    assert!(matches!(fit_error(ModelSpec::Gda, &line, &three), Error::SingularCovariance { .. }));
    assert_eq!(fit_error(ModelSpec::Logistic { lambda: 0.0 }, &line, &three), Error::CollinearPoints);
}

#[test]
fn bad_settings_are_refused_before_the_data_are_read() {
    let (points, labels) = mirrored();
    assert!(matches!(
        fit_error(ModelSpec::Logistic { lambda: -1.0 }, &points, &labels),
        Error::InvalidParameter { name: "λ", .. }
    ));
    assert!(matches!(
        fit_error(ModelSpec::GaussianNb { variance: NbVariance::Shared, var_smoothing: f64::NAN }, &points, &labels),
        Error::InvalidParameter { name: "var_smoothing", .. }
    ));
}

/// Points and labels from per-class lists, class c's points labelled c.
fn classes_of(lists: &[&[[f64; 2]]]) -> (Vec<[f64; 2]>, Vec<u8>) {
    lists.iter().enumerate().flat_map(|(c, pts)| pts.iter().map(move |&p| (p, c as u8))).unzip()
}

#[test]
fn a_separable_pair_with_a_third_class_overlapping_both_still_has_a_finite_mle() {
    // Classes 0 and 2 are unit squares ten apart (a line separates them), class 1 has points
    // inside each square: no direction separates the three (SciPy linprog on the separation
    // programme: optimum 0), so λ = 0 fits the MLE itself, not the ridge.
    let (points, labels) = classes_of(&[
        &[[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
        &[[0.5, 0.5], [10.5, 0.5], [0.2, 0.8], [10.8, 0.2]],
        &[[10.0, 0.0], [11.0, 0.0], [10.0, 1.0], [11.0, 1.0]],
    ]);
    assert!(unwrap(genlab::gda::mle_exists(&points, &labels)));
    let s = unwrap(SoftmaxRegression::fit(&points, &labels, 0.0));
    assert_eq!(s.separated_pairs(), &[(0, 2)]);
    assert!(s.mle_exists() && !s.ridge_fallback() && s.lambda() == 0.0 && s.converged());
}

#[test]
fn one_class_separable_from_the_two_others_has_no_finite_mle() {
    // Class 0 lies left of x = 0, classes 1 and 2 interleave right of x = 5: the line x = 2
    // separates class 0 from both (SciPy linprog: optimum 20.76 of 23.26).
    let (points, labels) = classes_of(&[
        &[[-3.0, 0.0], [-2.0, 1.0], [-3.0, 2.0], [-2.0, -1.0]],
        &[[6.0, 0.0], [7.0, 1.0], [6.0, 2.0], [8.0, 0.0]],
        &[[6.5, 0.5], [7.5, 1.5], [6.0, 1.0], [8.0, 2.0]],
    ]);
    assert!(!unwrap(genlab::gda::mle_exists(&points, &labels)));
    let s = unwrap(SoftmaxRegression::fit(&points, &labels, 0.0));
    assert!(!s.mle_exists() && s.ridge_fallback() && s.lambda() > 0.0);
}

#[test]
fn collinear_points_are_separated_only_when_their_classes_are_ordered_along_the_line() {
    // On the line y = x: classes interleaved 0 1 2 0 1 2 leave no separation (the direction
    // across the line changes no margin: SciPy linprog optimum 0), classes in runs 0 0 1 1 2 2
    // are separated along it (optimum 14.05 = ‖g‖₁).
    let line: Vec<[f64; 2]> = (0..6).map(|t| [f64::from(t), f64::from(t)]).collect();
    assert!(unwrap(genlab::gda::mle_exists(&line, &[0, 1, 2, 0, 1, 2])));
    assert!(!unwrap(genlab::gda::mle_exists(&line, &[0, 0, 1, 1, 2, 2])));
    // Interleaved and collinear: the likelihood is flat across the line, so no unique fit.
    assert!(matches!(SoftmaxRegression::fit(&line, &[0, 1, 2, 0, 1, 2], 0.0), Err(genlab::Error::CollinearPoints)));
}

#[test]
fn for_two_classes_mle_existence_is_the_two_class_separation_rule() {
    use genlab::gda::logistic::separation;
    use genlab::gda::Separation;
    // Complete, quasi-complete (a point of each class on the line x = 1) and overlapping.
    type Pair<'a> = (&'a [[f64; 2]], &'a [[f64; 2]]);
    let cases: [Pair; 3] = [
        (&[[0.0, 0.0], [0.0, 1.0], [0.5, 2.0]], &[[2.0, 0.0], [2.0, 1.0], [3.0, 2.0]]),
        (&[[0.0, 0.0], [1.0, 1.0], [0.0, 2.0]], &[[2.0, 0.0], [1.0, 1.0], [2.0, 2.0]]),
        (&[[0.0, 0.0], [2.0, 1.0], [0.0, 2.0]], &[[2.0, 0.0], [0.0, 1.0], [2.0, 2.0]]),
    ];
    let want = [Separation::Complete, Separation::QuasiComplete, Separation::Overlapping];
    for ((c0, c1), want) in cases.into_iter().zip(want) {
        let (points, labels) = classes_of(&[c0, c1]);
        assert_eq!(unwrap(separation(&points, &labels)), want);
        assert_eq!(unwrap(genlab::gda::mle_exists(&points, &labels)), want == Separation::Overlapping, "{want:?}");
    }
}
