#![cfg(not(target_arch = "wasm32"))]
//! The k-class models (`ModelSpec::fit` with labels 0..k, k = 3, 4, 5) against
//! scikit-learn 1.9.1 and numpy, on the penguins and the iris with all three species and
//! on generated sets drawn by genlab's seeded sampler.
//!
//! Every expected number is in `tests/fixtures/gda_classes/reference.rs`, written by
//! `tools/sklearn/gda_classes_reference.py` (run it to regenerate; it names the source of
//! each number there):
//! * priors, means and the shared Σ: `LinearDiscriminantAnalysis(solver="lsqr",
//!   store_covariance=True)` (`priors_`, `means_`, `covariance_`), to 1e-10; GDA's
//!   posteriors: its `predict_proba`, to 1e-10;
//! * QDA: the covariances are sklearn's `QuadraticDiscriminantAnalysis(store_covariance=True)
//!   .covariance_` times (m_c − 1)/m_c (sklearn divides by m_c − 1, genlab by m_c), and the
//!   posteriors the script's own numpy derivation with those covariances, to 1e-10;
//! * Gaussian naive Bayes (per-class variances): `GaussianNB(var_smoothing=…)
//!   .predict_proba`, to 1e-9, at two smoothings; shared variances: numpy, to 1e-9;
//! * softmax regression: the script's own Newton iteration in numpy (original coordinates,
//!   run until the step stops changing θ), at λ = 0 on the generated sets (every pair of
//!   classes overlaps) and at λ = 1 on the real data (where some species are separable),
//!   to 1e-8.
//!
//! * whether the unpenalised fit exists at all (`tests/fixtures/gda_classes/mle_reference.rs`,
//!   written by `tools/sklearn/softmax_mle_reference.py`): SciPy's `linprog` (HiGHS) on
//!   Albert & Anderson's separation programme, on every preset (the two-species pairs too)
//!   and generated sets with k = 2 … 5; where it exists, scikit-learn's
//!   `LogisticRegression(C=np.inf)` posteriors, to 1e-7.
//!
//! The generated points are also written to `tests/fixtures/gda_classes/*.csv` for the
//! script; a test checks the sampler still draws exactly those points
//! (`GENLAB_WRITE_FIXTURES=1 cargo test --test it gda_classes_sklearn::` rewrites them).

use crate::common;

use common::{generated_sets, iris_three_species, penguins_three_species};

fn fixture_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gda_classes").join(format!("{name}.csv"))
}

/// `x,y,label` lines; `{:?}` prints the shortest decimal that reads back to the same f64.
fn to_csv(points: &[[f64; 2]], labels: &[u8]) -> String {
    let mut s = String::from("x,y,label\n");
    for (p, y) in points.iter().zip(labels) {
        s.push_str(&format!("{:?},{:?},{y}\n", p[0], p[1]));
    }
    s
}

#[test]
fn the_generated_sets_are_the_points_in_the_fixture_files() {
    for (name, (points, labels)) in generated_sets() {
        let csv = to_csv(&points, &labels);
        let path = fixture_path(name);
        if std::env::var_os("GENLAB_WRITE_FIXTURES").is_some() {
            if let Err(e) = std::fs::write(&path, &csv) {
                panic!("cannot write {}: {e}", path.display());
            }
        }
        let stored = match std::fs::read_to_string(&path) {
            Ok(s) => s,
            Err(e) => panic!("cannot read {}: {e}", path.display()),
        };
        assert!(stored == csv, "{name}: the sampler no longer draws the points of {}", path.display());
    }
}

#[path = "../fixtures/gda_classes/reference.rs"]
pub(crate) mod reference;

use common::{assert_close, assert_mat_close, assert_vec_close, unwrap};
use genlab::gda::{Model, ModelSpec, NbVariance};
use reference::{Reference, REFERENCES};

#[path = "../fixtures/gda_classes/mle_reference.rs"]
mod mle_reference;
use common::Labelled;
use genlab::gda::logistic::separation;
use genlab::gda::{mle_exists, Separation};
use mle_reference::MLE_REFERENCES;

/// The classes of `data` listed in `keep`, relabelled 0, 1, … in that order.
fn subset((points, labels): Labelled, keep: &[u8]) -> Labelled {
    points.into_iter().zip(labels).filter_map(|(p, y)| keep.iter().position(|&k| k == y).map(|i| (p, i as u8))).unzip()
}

/// The points of an existence reference, by its name (the script's own subsets).
fn mle_data(name: &str) -> Labelled {
    match name {
        "penguins-adelie-chinstrap" => subset(penguins_three_species(), &[0, 1]),
        "penguins-adelie-gentoo" => subset(penguins_three_species(), &[0, 2]),
        "iris-versicolor-virginica" => subset(iris_three_species(), &[1, 2]),
        "penguins-three-species" => penguins_three_species(),
        "iris-three-species" => iris_three_species(),
        "generated_k2" => subset(data("generated_k3"), &[0, 1]),
        other => data(other),
    }
}

/// The points a reference was computed on, by its name.
fn data(name: &str) -> (Vec<[f64; 2]>, Vec<u8>) {
    match name {
        "penguins" => penguins_three_species(),
        "iris" => iris_three_species(),
        _ => match generated_sets().into_iter().find(|(n, _)| *n == name) {
            Some((_, d)) => d,
            None => panic!("no data set {name}"),
        },
    }
}

fn fit(spec: ModelSpec, r: &Reference) -> Model {
    let (points, labels) = data(r.name);
    let model = unwrap(spec.fit(&points, &labels));
    assert_eq!(model.classes(), r.priors.len(), "{}: k", r.name);
    model
}

/// Every posterior within `tol` of the reference's, at every query point.
fn assert_posteriors(model: &Model, r: &Reference, expected: &[&[f64]], tol: f64, what: &str) -> f64 {
    let mut worst = 0.0f64;
    for (q, e) in r.queries.iter().zip(expected) {
        let p = model.posteriors(*q);
        assert_eq!(p.len(), e.len(), "{}: {what}: number of classes", r.name);
        for (c, (&got, &want)) in p.iter().zip(e.iter()).enumerate() {
            worst = worst.max((got - want).abs());
            assert_close(got, want, 0.0, tol, &format!("{}: {what}: p(y={c}|{q:?})", r.name));
        }
    }
    worst
}

#[test]
fn the_references_cover_three_four_and_five_classes_on_real_and_generated_data() {
    let ks: Vec<(&str, usize)> = REFERENCES.iter().map(|r| (r.name, r.priors.len())).collect();
    assert_eq!(ks, [("penguins", 3), ("iris", 3), ("generated_k3", 3), ("generated_k4", 4), ("generated_k5", 5)]);
}

#[test]
fn gda_priors_means_and_shared_covariance_match_linear_discriminant_analysis_to_1e_10() {
    for r in REFERENCES {
        let m = fit(ModelSpec::Gda, r);
        let (priors, means, covariances) = (m.priors().unwrap(), m.means().unwrap(), m.covariances().unwrap());
        for c in 0..r.priors.len() {
            assert_close(priors[c], r.priors[c], 1e-10, 0.0, &format!("{}: φ_{c}", r.name));
            assert_vec_close(means[c], r.means[c], 1e-10, 0.0, &format!("{}: μ_{c}", r.name));
            // GDA reports k copies of the shared Σ.
            assert_mat_close(covariances[c], r.shared_covariance, 1e-10, 1e-12, &format!("{}: Σ", r.name));
        }
    }
}

#[test]
fn gda_posteriors_match_linear_discriminant_analysis_predict_proba_to_1e_10() {
    for r in REFERENCES {
        assert_posteriors(&fit(ModelSpec::Gda, r), r, r.gda_posteriors, 1e-10, "GDA");
    }
}

#[test]
fn qda_covariances_divide_by_m_c_and_posteriors_match_scikit_learn_to_1e_10() {
    for r in REFERENCES {
        let m = fit(ModelSpec::Qda, r);
        let covariances = m.covariances().unwrap();
        for (c, (got, want)) in covariances.iter().zip(r.qda_covariances).enumerate() {
            assert_mat_close(*got, *want, 1e-10, 1e-12, &format!("{}: Σ_{c}", r.name));
        }
        assert_posteriors(&m, r, r.qda_posteriors, 1e-10, "QDA");
    }
}

#[test]
fn gaussian_naive_bayes_posteriors_match_gaussian_nb_to_1e_9() {
    for r in REFERENCES {
        for &(var_smoothing, expected) in r.gnb_posteriors {
            let spec = ModelSpec::GaussianNb { variance: NbVariance::PerClass, var_smoothing };
            assert_posteriors(&fit(spec, r), r, expected, 1e-9, &format!("GNB, var_smoothing {var_smoothing}"));
        }
        for &(var_smoothing, expected) in r.gnb_shared_posteriors {
            let spec = ModelSpec::GaussianNb { variance: NbVariance::Shared, var_smoothing };
            assert_posteriors(&fit(spec, r), r, expected, 1e-9, &format!("GNB shared, var_smoothing {var_smoothing}"));
        }
    }
}

#[test]
fn softmax_regression_matches_an_exact_newton_solution_to_1e_8() {
    for r in REFERENCES {
        let model = fit(ModelSpec::Logistic { lambda: r.softmax_lambda }, r);
        let Model::Softmax(s) = &model else { panic!("{}: not a softmax regression: {model:?}", r.name) };
        assert!(s.converged(), "{}: Newton did not converge", r.name);
        // λ = 0 is only asked for on the generated sets, where every pair of classes
        // overlaps: the fit is the maximum-likelihood one, not the fallback ridge.
        assert!(!s.ridge_fallback(), "{}: {:?}", r.name, s.separated_pairs());
        assert_eq!(s.lambda(), r.softmax_lambda);
        for (c, (got, want)) in s.lines().iter().zip(r.softmax_lines).enumerate() {
            assert_vec_close(got.0, want.0, 1e-8, 1e-10, &format!("{}: w_{c}", r.name));
            assert_close(got.1, want.1, 1e-8, 1e-10, &format!("{}: b_{c}", r.name));
        }
        assert_posteriors(&model, r, r.softmax_posteriors, 1e-8, "softmax");
    }
}

#[test]
fn the_generated_sets_have_every_pair_of_classes_overlapping() {
    for (name, (points, labels)) in generated_sets() {
        let Model::Softmax(s) = unwrap(ModelSpec::Logistic { lambda: 0.0 }.fit(&points, &labels)) else {
            panic!("{name}: not a softmax regression")
        };
        assert_eq!(s.separated_pairs(), &[] as &[(usize, usize)], "{name}");
    }
}

#[test]
fn mle_existence_agrees_with_scipys_linear_programme_on_every_preset_and_generated_set() {
    // `exists` is SciPy's linprog (HiGHS) on Albert & Anderson's separation programme
    // (tools/sklearn/softmax_mle_reference.py): penguins Adelie–Gentoo and the iris with
    // setosa separate; penguins with all three species do not (Chinstrap overlaps both).
    let names: Vec<(&str, bool)> = MLE_REFERENCES.iter().map(|r| (r.name, r.exists)).collect();
    assert!(names.contains(&("penguins-three-species", true)) && names.contains(&("iris-three-species", false)));
    for r in MLE_REFERENCES {
        let (points, labels) = mle_data(r.name);
        assert_eq!(
            unwrap(mle_exists(&points, &labels)),
            r.exists,
            "{}: LP optimum {} of {}",
            r.name,
            r.lp_optimum,
            r.lp_scale
        );
        if r.name.starts_with("penguins-adelie") || r.name.starts_with("iris-versicolor") || r.name == "generated_k2" {
            // Two classes: the same answer as the two-class rule.
            let two = unwrap(separation(&points, &labels));
            assert_eq!(two == Separation::Overlapping, r.exists, "{}: {two:?}", r.name);
        }
    }
}

#[test]
fn where_the_mle_exists_lambda_0_fits_it_to_1e_7_of_scikit_learns_posteriors() {
    // Expected: LogisticRegression(C=np.inf, solver="newton-cg", tol=1e-14).predict_proba on
    // standardised features (the fixture). On the three penguin species the page used to
    // show the ridge fallback, (0.380, 0.418, 0.202) at (43.92, 17.15); the MLE says
    // (0.0127, 0.9648, 0.0225).
    for r in MLE_REFERENCES.iter().filter(|r| r.exists) {
        let (points, labels) = mle_data(r.name);
        let model = unwrap(ModelSpec::Logistic { lambda: 0.0 }.fit(&points, &labels));
        match &model {
            Model::Softmax(s) => {
                assert!(s.mle_exists() && !s.ridge_fallback() && s.lambda() == 0.0, "{}", r.name);
                assert!(s.converged(), "{}: Newton did not converge", r.name);
            }
            Model::Logistic(l) => assert!(!l.ridge_fallback() && l.lambda() == 0.0, "{}", r.name),
            other => panic!("{}: not a logistic model: {other:?}", r.name),
        }
        assert_eq!(r.queries.len(), r.posteriors.len(), "{}", r.name);
        for (q, want) in r.queries.iter().zip(r.posteriors) {
            let got = model.posteriors(*q);
            for (c, (g, w)) in got.iter().zip(want.iter()).enumerate() {
                assert!((g - w).abs() <= 1e-7, "{}: p(y={c}|{q:?}) = {g}, scikit-learn {w}", r.name);
            }
        }
    }
}

#[test]
fn where_no_finite_mle_exists_lambda_0_falls_back_to_the_ridge_and_says_so() {
    // Setosa's petals are far smaller than the others' (petal length ≤ 1.9 against ≥ 3.0),
    // and Gentoo's bills are shallower than Adelie's at the same length: a line separates,
    // scikit-learn's coefficients grow without bound as C grows (asserted by the script).
    for r in MLE_REFERENCES.iter().filter(|r| !r.exists) {
        let (points, labels) = mle_data(r.name);
        match unwrap(ModelSpec::Logistic { lambda: 0.0 }.fit(&points, &labels)) {
            Model::Softmax(s) => {
                assert!(!s.mle_exists() && s.ridge_fallback() && s.lambda() > 0.0, "{}", r.name);
                assert!(s.converged(), "{}", r.name);
            }
            Model::Logistic(l) => assert!(l.ridge_fallback() && l.lambda() > 0.0, "{}", r.name),
            other => panic!("{}: not a logistic model: {other:?}", r.name),
        }
    }
}
