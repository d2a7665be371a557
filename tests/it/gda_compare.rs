#![cfg(not(target_arch = "wasm32"))]
//! Generative versus discriminative (`genlab::gda::compare`): the common `Classifier`
//! interface (`genlab::gda::classifier`, GDA included), training reports against hand counts, the model menu, and
//! the comparison the panel is about — on the same points, logistic regression's
//! conditional log-likelihood is at least GDA's, because GDA's posterior is one of the
//! logistic models LR maximises over.

use genlab::data::Preset;
use genlab::gda::classifier::log_prob_of_label;
use genlab::gda::{Classifier, GaussianNb, Gda, LogisticRegression, Model, ModelSpec, NbVariance, Qda, TrainingReport};
use genlab::stats::metrics::Confusion;
use genlab::Error;

use crate::common;
use common::{assert_close, six_points, two_classes, unwrap};

/// A model whose log-odds is the first coordinate: z(x) = x₁.
struct FirstCoordinate;

impl Classifier for FirstCoordinate {
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        x[0]
    }
}

// ---------------------------------------------------------------------------------------
// The interface
// ---------------------------------------------------------------------------------------

#[test]
fn default_posterior_and_predict_follow_the_log_odds_with_ties_to_class_0() {
    let m = FirstCoordinate;
    assert_eq!(m.posterior([0.0, 9.0]), 0.5);
    assert_eq!(m.predict([0.0, 9.0]), 0, "a tie goes to class 0");
    assert_eq!(m.predict([1e-300, 0.0]), 1);
    // σ(log 3) = 3/4.
    assert_close(m.posterior([3f64.ln(), 0.0]), 0.75, 1e-15, 0.0, "σ(log 3)");
    assert_eq!(m.posterior([f64::INFINITY, 0.0]), 1.0);
    assert_eq!(m.posterior([f64::NAN, 0.0]), 0.5, "no opinion where z is undefined");
    assert_eq!(m.class_prior(), None);
}

#[test]
fn gda_as_a_classifier_agrees_with_its_own_methods() {
    let (points, labels) = six_points();
    let g = unwrap(Gda::fit(&points, &labels));
    for x in [[0.0, 0.0], [0.05, 0.02], [-0.5, 0.25], [3.0, -1.0]] {
        assert_eq!(Classifier::log_odds(&g, x), g.log_odds(x));
        assert_eq!(Classifier::posterior(&g, x), g.posterior(x));
        assert_eq!(Classifier::predict(&g, x), g.predict(x));
    }
    assert_eq!(Classifier::class_prior(&g), Some(0.5));
}

#[test]
fn gda_log_odds_through_the_interface_is_never_nan_for_finite_points() {
    // w = (24, 24), b = 0 (tests/it/gda_fit.rs, hand-derived). At (MAX, −MAX) the two products
    // overflow to +∞ and −∞; rescaled, 24·x₁ + 24·x₂ = 0 exactly, a tie.
    let (points, labels) = six_points();
    let g = unwrap(Gda::fit(&points, &labels));
    let m = f64::MAX;
    assert_eq!(Classifier::log_odds(&g, [m, -m]), 0.0);
    assert_eq!(Classifier::predict(&g, [m, -m]), 0);
    // At (MAX, −MAX/2) the true value 12·MAX overflows: +∞, class 1.
    assert_eq!(Classifier::log_odds(&g, [m, -m / 2.0]), f64::INFINITY);
    assert_eq!(Classifier::log_odds(&g, [-m / 2.0, m]), f64::INFINITY);
    assert_eq!(Classifier::log_odds(&g, [-m, m / 2.0]), f64::NEG_INFINITY);
}

// ---------------------------------------------------------------------------------------
// Training reports
// ---------------------------------------------------------------------------------------

#[test]
fn training_report_matches_hand_counts() {
    // z(x) = x₁ at three points:
    //   (0, 0)     truth 1: z = 0, a tie → predicted 0: a false negative; log p(1|x) = log ½
    //   (log 3, 0) truth 1: predicted 1, a true positive;  log p(1|x) = log ¾
    //   (log 3, 0) truth 0: predicted 1, a false positive; log p(0|x) = log ¼
    // accuracy 1/3; ℓ = log ½ + log ¾ + log ¼ = log(3/32).
    let l3 = 3f64.ln();
    let points = [[0.0, 0.0], [l3, 0.0], [l3, 0.0]];
    let labels = [1, 1, 0];
    let r = unwrap(TrainingReport::evaluate(&FirstCoordinate, &points, &labels));
    assert_close(r.accuracy, 1.0 / 3.0, 1e-15, 0.0, "accuracy");
    assert_eq!(r.confusion, Confusion { tp: 1, fp: 1, tn: 0, fn_: 1 });
    assert_close(r.log_likelihood.unwrap_or(f64::NAN), (3.0f64 / 32.0).ln(), 1e-14, 0.0, "ℓ");
}

#[test]
fn a_certain_mistake_makes_the_log_likelihood_undefined() {
    // z = +∞ at a class-0 point: p(0|x) = 0, log 0 = −∞, reported as None.
    struct Certain;
    impl Classifier for Certain {
        fn log_odds(&self, x: [f64; 2]) -> f64 {
            if x[0] > 0.0 {
                f64::INFINITY
            } else {
                f64::NEG_INFINITY
            }
        }
    }
    let r = unwrap(TrainingReport::evaluate(&Certain, &[[1.0, 0.0], [-1.0, 0.0]], &[0, 0]));
    assert_eq!(r.log_likelihood, None);
    assert_eq!(r.confusion, Confusion { tp: 0, fp: 1, tn: 1, fn_: 0 });
    // Certain and right: log 1 = 0 exactly.
    let r = unwrap(TrainingReport::evaluate(&Certain, &[[1.0, 0.0], [-1.0, 0.0]], &[1, 0]));
    assert_eq!(r.log_likelihood, Some(0.0));
    assert_eq!(r.accuracy, 1.0);
}

#[test]
fn log_probability_of_a_label_is_stable_in_both_tails() {
    // log σ(z) for y = 1 and log σ(−z) for y = 0, computed as −softplus(∓z).
    assert_close(log_prob_of_label(0.0, 1), -(2f64.ln()), 1e-15, 0.0, "log ½");
    assert_close(log_prob_of_label(-800.0, 1), -800.0, 1e-15, 0.0, "log σ(−800) = −800 − log(1 + e⁻⁸⁰⁰)");
    assert_close(log_prob_of_label(800.0, 0), -800.0, 1e-15, 0.0, "log σ(−800) for class 0");
    // log σ(40) = −log(1 + e⁻⁴⁰) ≈ −e⁻⁴⁰ = −4.248354255291589e-18, not 0.
    assert_close(log_prob_of_label(40.0, 1), -(-40f64).exp(), 1e-12, 0.0, "log σ(40)");
    assert_eq!(log_prob_of_label(f64::INFINITY, 1), 0.0);
    assert_eq!(log_prob_of_label(f64::INFINITY, 0), f64::NEG_INFINITY);
}

#[test]
fn training_report_of_bad_input_is_a_typed_error() {
    assert!(matches!(TrainingReport::evaluate(&FirstCoordinate, &[], &[]), Err(Error::EmptyData(_))));
    assert_eq!(
        TrainingReport::evaluate(&FirstCoordinate, &[[0.0, 0.0]], &[]).map(|r| r.accuracy),
        Err(Error::LengthMismatch { points: 1, labels: 0 })
    );
    assert_eq!(
        TrainingReport::evaluate(&FirstCoordinate, &[[f64::INFINITY, 0.0]], &[1]).map(|r| r.accuracy),
        Err(Error::NonFinite { index: 0 })
    );
}

#[test]
fn gda_training_report_matches_scikit_learn_accuracy_on_the_presets() {
    // tests/it/gda_fit.rs (scikit-learn LinearDiscriminantAnalysis.score): iris 0.94 (94/100),
    // Adelie/Chinstrap 0.9726027397260274 (213/219), Adelie/Gentoo 0.9963503649635036
    // (273/274).
    for (preset, correct, total) in [
        (Preset::IrisVersicolorVirginica, 94, 100),
        (Preset::PenguinsAdelieChinstrap, 213, 219),
        (Preset::PenguinsAdelieGentoo, 273, 274),
    ] {
        let d = unwrap(preset.load());
        let g = unwrap(Gda::fit(&d.points, &d.labels));
        let r = unwrap(TrainingReport::evaluate(&g, &d.points, &d.labels));
        assert_eq!(r.confusion.tp + r.confusion.tn, correct, "{}", preset.id());
        assert_eq!(r.confusion.total(), total);
        assert_close(r.accuracy, correct as f64 / total as f64, 1e-15, 0.0, "accuracy");
    }
}

// ---------------------------------------------------------------------------------------
// Generative versus discriminative
// ---------------------------------------------------------------------------------------

#[test]
fn logistic_regression_has_the_higher_conditional_log_likelihood() {
    // LR maximises ℓ(w, b) = Σ log σ(±(w·xᵢ + b)) over all (w, b); GDA's posterior is
    // σ(w_GDA·x + b_GDA), one of them. So ℓ_LR ≥ ℓ_GDA on the training points, whatever
    // the data (on overlapping data, where LR's MLE exists and λ = 0).
    for preset in [Preset::IrisVersicolorVirginica, Preset::PenguinsAdelieChinstrap] {
        let d = unwrap(preset.load());
        let g = unwrap(Gda::fit(&d.points, &d.labels));
        let lr = unwrap(LogisticRegression::fit(&d.points, &d.labels, 0.0));
        let lg = unwrap(TrainingReport::evaluate(&g, &d.points, &d.labels)).log_likelihood.unwrap_or(f64::NAN);
        let ll = unwrap(TrainingReport::evaluate(&lr, &d.points, &d.labels)).log_likelihood.unwrap_or(f64::NAN);
        assert!(ll >= lg, "{}: ℓ_LR = {ll} < ℓ_GDA = {lg}", preset.id());
        assert_close(ll, lr.log_likelihood(), 1e-12, 0.0, "the report's ℓ is the fit's");
    }
}

#[test]
fn an_outlier_moves_gda_more_than_logistic_regression() {
    // The product's promise: "outliers move GDA but not LR". Add one class-1 point far
    // out on the class-1 side (it is already classified right, with a margin): LR barely
    // changes, GDA's mean and covariance — and so its line — move.
    let d = unwrap(Preset::IrisVersicolorVirginica.load());
    let (mut points, mut labels) = (d.points.clone(), d.labels.clone());
    let g0 = unwrap(Gda::fit(&points, &labels));
    let l0 = unwrap(LogisticRegression::fit(&points, &labels, 0.0));
    points.push([30.0, 10.0]);
    labels.push(1);
    let g1 = unwrap(Gda::fit(&points, &labels));
    let l1 = unwrap(LogisticRegression::fit(&points, &labels, 0.0));
    // Compare where each boundary crosses the horizontal line y = 1.65 (between classes).
    let crossing = |w: [f64; 2], b: f64| -(b + w[1] * 1.65) / w[0];
    let (wg0, bg0) = g0.log_odds_coefficients();
    let (wg1, bg1) = g1.log_odds_coefficients();
    let gda_shift = (crossing(wg1, bg1) - crossing(wg0, bg0)).abs();
    let lr_shift = (crossing(l1.w(), l1.b()) - crossing(l0.w(), l0.b())).abs();
    assert!(lr_shift < 0.01, "LR moved by {lr_shift}");
    assert!(gda_shift > 10.0 * lr_shift, "GDA moved by {gda_shift}, LR by {lr_shift}");
}

// ---------------------------------------------------------------------------------------
// The model menu
// ---------------------------------------------------------------------------------------

#[test]
fn every_model_spec_fits_and_classifies() {
    let d = unwrap(Preset::PenguinsAdelieChinstrap.load());
    let specs = [
        ModelSpec::Gda,
        ModelSpec::Logistic { lambda: 0.0 },
        ModelSpec::Qda,
        ModelSpec::GaussianNb { variance: NbVariance::PerClass, var_smoothing: 1e-9 },
        ModelSpec::GaussianNb { variance: NbVariance::Shared, var_smoothing: 1e-9 },
    ];
    let ids: Vec<&str> = specs.iter().map(ModelSpec::id).collect();
    assert_eq!(ids, ["gda", "logistic", "qda", "gnb", "gnb"]);
    for spec in specs {
        let model = unwrap(spec.fit(&d.points, &d.labels));
        let r = unwrap(TrainingReport::evaluate(&model, &d.points, &d.labels));
        assert!(r.accuracy > 0.9, "{spec:?}: accuracy {}", r.accuracy);
        // The enum forwards to the model inside.
        let x = [44.0, 18.3];
        let direct = match &model {
            Model::Gda(m) => Classifier::log_odds(m, x),
            Model::Logistic(m) => m.log_odds(x),
            Model::Qda(m) => m.log_odds(x),
            Model::GaussianNb(m) => m.log_odds(x),
            other => panic!("labels 0 and 1 fit a two-class model, not {other:?}"),
        };
        assert_eq!(model.log_odds(x), direct);
        let generative = !matches!(spec, ModelSpec::Logistic { .. });
        assert_eq!(model.class_prior().is_some(), generative, "{spec:?}");
    }
}

#[test]
fn model_spec_errors_are_the_models_errors() {
    let (points, labels) = two_classes(&[[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]], &[[5.0, 5.0]]);
    assert_eq!(ModelSpec::Qda.fit(&points, &labels).err(), Qda::fit(&points, &labels).err());
    assert!(matches!(
        ModelSpec::Logistic { lambda: -1.0 }.fit(&points, &labels),
        Err(Error::InvalidParameter { name: "λ", .. })
    ));
    let gnb = ModelSpec::GaussianNb { variance: NbVariance::PerClass, var_smoothing: 1e-9 };
    assert_eq!(
        gnb.fit(&points, &labels).map(|m| m.class_prior()),
        GaussianNb::fit(&points, &labels, NbVariance::PerClass, 1e-9).map(|m| Some(m.phi()))
    );
}
