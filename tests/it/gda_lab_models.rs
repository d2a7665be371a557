#![cfg(not(target_arch = "wasm32"))]
//! The GDA panel's model choice, decision rule and point editing, natively
//! (`genlab::gda::lab`): `set_models` and its validation, the covariance menu (GDA, QDA,
//! Gaussian naive Bayes), the prior override and the loss matrix, adding, moving, removing
//! and loading points, the outlier and bimodal buttons, and what the figure draws for them.
//!
//! Every expected number is worked by hand in a comment or recomputed here with the public
//! model APIs (`Gda::fit`, `Qda::fit`, `GaussianNb::fit`, `LogisticRegression::fit`,
//! `TrainingReport::evaluate`) on the points the lab shows.

use genlab::data::Preset;
use genlab::gda::lab::{Covariance, ModelSettings};
use genlab::gda::{
    Classifier, GaussianNb, Gda, GdaLab, GdaSummary, LogisticRegression, Model, NbVariance, Qda, SampleSpec,
    TrainingReport,
};
use genlab::plot::gda::{draw, draw_with, GdaLayers, PlotFrame};
use genlab::plot::Style;
use genlab::Error;
use plotters::prelude::*;

use crate::common;
use common::assert_within;

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn generated() -> GdaLab {
    GdaLab::generated(SampleSpec::default()).unwrap_or_else(|e| panic!("default sample: {e}"))
}

fn preset(p: Preset) -> GdaLab {
    GdaLab::preset(p).unwrap_or_else(|e| panic!("{}: {e}", p.id()))
}

fn ok<T>(r: genlab::Result<T>, what: &str) -> T {
    r.unwrap_or_else(|e| panic!("{what}: {e}"))
}

/// Settings with the given covariance and everything else at its default.
fn with_covariance(covariance: Covariance) -> ModelSettings {
    ModelSettings { covariance, ..ModelSettings::default() }
}

const ALL_COVARIANCES: [Covariance; 4] =
    [Covariance::Shared, Covariance::PerClass, Covariance::DiagonalPerClass, Covariance::DiagonalShared];

/// The points and labels the lab shows, copied.
fn data(lab: &GdaLab) -> (Vec<[f64; 2]>, Vec<u8>) {
    let (p, l) = lab.points();
    (p.to_vec(), l.to_vec())
}

fn bits(points: &[[f64; 2]]) -> Vec<[u64; 2]> {
    points.iter().map(|p| [p[0].to_bits(), p[1].to_bits()]).collect()
}

fn counts(labels: &[u8]) -> [usize; 2] {
    [0u8, 1].map(|k| labels.iter().filter(|&&l| l == k).count())
}

/// logit(φ) = ln(φ / (1 − φ)), written out here.
fn logit(phi: f64) -> f64 {
    (phi / (1.0 - phi)).ln()
}

/// The model a covariance choice means, fitted here on the lab's points.
fn independent_model(covariance: Covariance, points: &[[f64; 2]], labels: &[u8]) -> Model {
    // 1e-9 is scikit-learn's default `var_smoothing` for GaussianNB, the one the panel uses.
    match covariance {
        Covariance::Shared => Model::Gda(ok(Gda::fit(points, labels), "GDA")),
        Covariance::PerClass => Model::Qda(ok(Qda::fit(points, labels), "QDA")),
        Covariance::DiagonalPerClass => {
            Model::GaussianNb(ok(GaussianNb::fit(points, labels, NbVariance::PerClass, 1e-9), "GNB per class"))
        }
        Covariance::DiagonalShared => {
            Model::GaussianNb(ok(GaussianNb::fit(points, labels, NbVariance::Shared, 1e-9), "GNB shared"))
        }
    }
}

/// The angle in radians between two vectors of the plane.
fn angle(a: [f64; 2], b: [f64; 2]) -> f64 {
    let cross = a[0] * b[1] - a[1] * b[0];
    let dot = a[0] * b[0] + a[1] * b[1];
    cross.abs().atan2(dot)
}

/// tr Σ₁ of class 1, the mean squared distance of its points from their mean.
fn class_spread(points: &[[f64; 2]], labels: &[u8], k: u8) -> f64 {
    let c: Vec<[f64; 2]> = points.iter().zip(labels).filter(|(_, &l)| l == k).map(|(p, _)| *p).collect();
    let n = c.len() as f64;
    let m = [c.iter().map(|p| p[0]).sum::<f64>() / n, c.iter().map(|p| p[1]).sum::<f64>() / n];
    c.iter().map(|p| (p[0] - m[0]).powi(2) + (p[1] - m[1]).powi(2)).sum::<f64>() / n
}

fn render(lab: &GdaLab) -> (String, PlotFrame) {
    let mut svg = String::new();
    let frame = {
        let root = SVGBackend::with_string(&mut svg, (800, 600)).into_drawing_area();
        let frame = ok(draw(&root, lab, &GdaLayers::default(), &Style::default()), "draw");
        root.present().expect("present the SVG");
        frame
    };
    (svg, frame)
}

/// One `<polyline>` of an SVG: its stroke colour, opacity and points (pixels).
struct Polyline {
    stroke: String,
    opacity: f64,
    points: Vec<[f64; 2]>,
}

/// Whether a solid line runs further than the legend's 1.5-em sample of it (18 px at
/// dpr 1): the decision boundary (one exact segment for a linear model), not its legend key.
fn spans_the_plot(p: &Polyline) -> bool {
    let (Some(first), Some(last)) = (p.points.first(), p.points.last()) else { return false };
    p.points.len() > 2 || (last[0] - first[0]).hypot(last[1] - first[1]) > 100.0
}

/// Whether a faint line is the legend's sample of the dashed reference: two short level
/// dashes (the reference itself runs along the sloped w·x + b = 0 of these data).
fn legend_dash(p: &Polyline) -> bool {
    p.points.len() == 2 && p.points[0][1] == p.points[1][1] && (p.points[1][0] - p.points[0][0]).abs() < 30.0
}

fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

fn polylines(svg: &str) -> Vec<Polyline> {
    svg.split("<polyline")
        .skip(1)
        .map(|rest| {
            let tag = &rest[..rest.find("/>").unwrap_or(rest.len())];
            let points = attribute(tag, "points")
                .unwrap_or("")
                .split_whitespace()
                .map(|xy| {
                    let (x, y) = xy.split_once(',').expect("x,y");
                    [x.parse().expect("x"), y.parse().expect("y")]
                })
                .collect();
            Polyline {
                stroke: attribute(tag, "stroke").unwrap_or("").to_string(),
                opacity: attribute(tag, "opacity").and_then(|o| o.parse().ok()).unwrap_or(1.0),
                points,
            }
        })
        .collect()
}

/// How far from 0 a linear log-odds w·x + b can be at a point plotted within `px` pixels of
/// its true place.
fn pixel_tolerance(w: [f64; 2], frame: &PlotFrame, px: f64) -> f64 {
    let [l, t, r, b] = frame.pixels.map(f64::from);
    let v = frame.view;
    let (ux, uy) = ((v.x1 - v.x0) / (r - l), (v.y1 - v.y0) / (b - t));
    px * (w[0].abs() * ux + w[1].abs() * uy)
}

// ---------------------------------------------------------------------------------------
// set_models: validation
// ---------------------------------------------------------------------------------------

#[test]
fn set_models_rejects_out_of_range_settings_and_keeps_the_previous_ones() {
    let mut lab = generated();
    let good = ModelSettings {
        covariance: Covariance::PerClass,
        logistic: true,
        lambda: 0.5,
        prior: Some(0.3),
        loss01: 2.0,
        loss10: 3.0,
        heat: true,
    };
    ok(lab.set_models(good), "valid settings");
    let summary_before = lab.summary();
    let cases: [(&str, ModelSettings, &str); 14] = [
        ("λ < 0", ModelSettings { lambda: -0.1, ..good }, "λ"),
        ("λ NaN", ModelSettings { lambda: f64::NAN, ..good }, "λ"),
        ("λ ∞", ModelSettings { lambda: f64::INFINITY, ..good }, "λ"),
        ("prior 0", ModelSettings { prior: Some(0.0), ..good }, "φ"),
        ("prior 1", ModelSettings { prior: Some(1.0), ..good }, "φ"),
        ("prior NaN", ModelSettings { prior: Some(f64::NAN), ..good }, "φ"),
        ("prior −0.2", ModelSettings { prior: Some(-0.2), ..good }, "φ"),
        ("λ₀₁ = 0", ModelSettings { loss01: 0.0, ..good }, "λ₀₁"),
        ("λ₀₁ < 0", ModelSettings { loss01: -1.0, ..good }, "λ₀₁"),
        ("λ₀₁ NaN", ModelSettings { loss01: f64::NAN, ..good }, "λ₀₁"),
        ("λ₁₀ = 0", ModelSettings { loss10: 0.0, ..good }, "λ₁₀"),
        ("λ₁₀ < 0", ModelSettings { loss10: -2.0, ..good }, "λ₁₀"),
        ("λ₁₀ NaN", ModelSettings { loss10: f64::NAN, ..good }, "λ₁₀"),
        ("λ₁₀ ∞", ModelSettings { loss10: f64::INFINITY, ..good }, "λ₁₀"),
    ];
    for (what, bad, setting) in cases {
        match lab.set_models(bad) {
            Err(Error::InvalidParameter { name, .. }) => assert_eq!(name, setting, "{what}: names the wrong setting"),
            other => panic!("{what}: expected InvalidParameter naming {setting}, got {other:?}"),
        }
        let msg = bad.validate().expect_err(what).to_string();
        for word in msg.split(|c: char| !c.is_alphanumeric()) {
            assert!(!["NaN", "nan", "inf", "Infinity"].contains(&word), "{what}: {msg}");
        }
        assert_eq!(*lab.models(), good, "{what}: the settings changed");
        assert_eq!(lab.summary(), summary_before, "{what}: the summary changed");
    }
}

#[test]
fn set_models_accepts_the_edges_of_the_allowed_ranges() {
    let mut lab = generated();
    // λ = 0 is the unpenalised fit; a prior just inside (0, 1); tiny and large positive losses.
    for s in [
        ModelSettings { lambda: 0.0, logistic: true, ..ModelSettings::default() },
        ModelSettings { prior: Some(1e-6), ..ModelSettings::default() },
        ModelSettings { prior: Some(1.0 - 1e-6), ..ModelSettings::default() },
        ModelSettings { loss01: 1e-3, loss10: 1e3, ..ModelSettings::default() },
    ] {
        ok(lab.set_models(s), &format!("{s:?}"));
        assert_eq!(*lab.models(), s);
        assert_eq!(lab.summary().models, s);
    }
}

// ---------------------------------------------------------------------------------------
// The covariance menu
// ---------------------------------------------------------------------------------------

#[test]
fn decision_model_is_the_model_the_covariance_choice_names() {
    for mut lab in [generated(), preset(Preset::IrisVersicolorVirginica)] {
        let (points, labels) = data(&lab);
        for cov in ALL_COVARIANCES {
            ok(lab.set_models(with_covariance(cov)), "settings");
            let model = lab.decision_model().expect("a decision model");
            match (cov, &model) {
                (Covariance::Shared, Model::Gda(_)) | (Covariance::PerClass, Model::Qda(_)) => {}
                (Covariance::DiagonalPerClass, Model::GaussianNb(g)) => {
                    assert_eq!(g.variance_kind(), NbVariance::PerClass)
                }
                (Covariance::DiagonalShared, Model::GaussianNb(g)) => assert_eq!(g.variance_kind(), NbVariance::Shared),
                _ => panic!("{cov:?} gave {model:?}"),
            }
            assert_eq!(model, independent_model(cov, &points, &labels), "{cov:?}: not the model fitted on the points");
            // GDA is the panel's own fit; the others are the comparison model.
            assert_eq!(lab.main_model().is_none(), cov == Covariance::Shared, "{cov:?}");
        }
    }
}

#[test]
fn summary_reports_equal_training_reports_of_independently_fitted_models() {
    for mut lab in [generated(), preset(Preset::PenguinsAdelieChinstrap), preset(Preset::IrisVersicolorVirginica)] {
        let (points, labels) = data(&lab);
        for cov in ALL_COVARIANCES {
            ok(
                lab.set_models(ModelSettings {
                    covariance: cov,
                    logistic: true,
                    lambda: 0.25,
                    ..ModelSettings::default()
                }),
                "settings",
            );
            let s = lab.summary();
            let mut expected: Vec<(&str, Model)> =
                vec![("gda", independent_model(Covariance::Shared, &points, &labels))];
            match cov {
                Covariance::Shared => {}
                Covariance::PerClass => expected.push(("qda", independent_model(cov, &points, &labels))),
                _ => expected.push(("gnb", independent_model(cov, &points, &labels))),
            }
            expected.push(("logistic", Model::Logistic(ok(LogisticRegression::fit(&points, &labels, 0.25), "LR"))));
            let ids: Vec<&str> = s.reports.iter().map(|r| r.id.as_str()).collect();
            let want: Vec<&str> = expected.iter().map(|(id, _)| *id).collect();
            assert_eq!(ids, want, "{cov:?}: report ids");
            for (report, (id, model)) in s.reports.iter().zip(&expected) {
                let r = ok(TrainingReport::evaluate(model, &points, &labels), id);
                assert_eq!(report.accuracy, r.accuracy, "{cov:?} {id}: accuracy");
                assert_eq!(report.confusion, r.confusion, "{cov:?} {id}: confusion");
                if *id == "logistic" {
                    // The lab warm-starts Newton from its previous fit: the same optimum to
                    // the stopping tolerance (10⁻¹⁰ on the gradient), not to the last bit.
                    let (a, b) = (report.log_likelihood.unwrap_or(f64::NAN), r.log_likelihood.unwrap_or(f64::NAN));
                    assert!((a - b).abs() <= 1e-9 * b.abs(), "{cov:?} {id}: log-likelihood {a} vs {b}");
                } else {
                    assert_eq!(report.log_likelihood, r.log_likelihood, "{cov:?} {id}: log-likelihood");
                }
            }
        }
    }
}

#[test]
fn iris_training_accuracy_is_94_percent_for_gda_and_97_percent_for_qda() {
    // /work/shared/data/iris/README.md: petal length × width, versicolor vs virginica,
    // "Training accuracy is 94 % for LDA and 97 % for QDA" (100 points: 94 and 97 right).
    let mut lab = preset(Preset::IrisVersicolorVirginica);
    ok(lab.set_models(with_covariance(Covariance::PerClass)), "QDA");
    let s = lab.summary();
    assert_eq!(s.n, [50, 50]);
    let acc = |id: &str| s.reports.iter().find(|r| r.id == id).unwrap_or_else(|| panic!("no {id} report")).accuracy;
    assert_within(acc("gda"), 0.94, 1e-12, "GDA (LDA) training accuracy");
    assert_within(acc("qda"), 0.97, 1e-12, "QDA training accuracy");
}

// ---------------------------------------------------------------------------------------
// Prior override and loss matrix
// ---------------------------------------------------------------------------------------

#[test]
fn prior_shift_is_the_new_prior_log_odds_minus_the_fitted_one() {
    let mut lab = generated();
    assert_eq!(lab.prior_shift(), 0.0, "no override, no shift");
    // The default sample has 60 + 40 points: φ̂ = 40/100 = 0.4. With φ′ = 0.7,
    // logit(0.7) − logit(0.4) = ln(7/3) − ln(2/3) = ln(7/2) = 1.252762968495368.
    for cov in ALL_COVARIANCES {
        ok(lab.set_models(ModelSettings { covariance: cov, prior: Some(0.7), ..ModelSettings::default() }), "prior");
        assert_within(lab.prior_shift(), 3.5f64.ln(), 1e-12, &format!("{cov:?}: shift"));
        assert_within(lab.prior_shift(), logit(0.7) - logit(40.0 / 100.0), 1e-12, "shift from the counts");
        let shifted = lab.decision_log_odds().expect("a decision model");
        assert_eq!(shifted.shift, lab.prior_shift());
        assert_eq!(Some(shifted.model), lab.decision_model());
    }
    // Iris has 50 + 50 points, φ̂ = ½, logit(φ̂) = 0: φ′ = 0.2 shifts by ln(0.2/0.8) = −ln 4.
    let mut iris = preset(Preset::IrisVersicolorVirginica);
    ok(iris.set_models(ModelSettings { prior: Some(0.2), ..ModelSettings::default() }), "prior");
    assert_within(iris.prior_shift(), -(4.0f64.ln()), 1e-12, "iris shift");
    ok(iris.set_models(ModelSettings::default()), "no prior");
    assert_eq!(iris.prior_shift(), 0.0);
}

#[test]
fn decision_log_odds_is_the_fitted_log_odds_plus_the_shift() {
    let mut lab = generated();
    let (points, labels) = data(&lab);
    for cov in ALL_COVARIANCES {
        ok(lab.set_models(ModelSettings { covariance: cov, prior: Some(0.7), ..ModelSettings::default() }), "prior");
        let model = independent_model(cov, &points, &labels);
        let shifted = lab.decision_log_odds().expect("a decision model");
        for &x in points.iter().chain(&[[0.0, 0.0], [3.0, -2.0]]) {
            let want = model.log_odds(x) + 3.5f64.ln();
            assert_within(shifted.log_odds(x), want, 1e-9 * (1.0 + want.abs()), &format!("{cov:?} z({x:?})"));
        }
    }
}

#[test]
fn bayes_threshold_is_the_log_loss_ratio_and_its_posterior_form() {
    let mut lab = generated();
    // λ₀₁ = 1, λ₁₀ = 4: decide 1 when z > ln(4/1), i.e. p > 4/(1 + 4) = 0.8.
    // λ₀₁ = 3, λ₁₀ = 1: decide 1 when z > ln(1/3), i.e. p > 1/(3 + 1) = 0.25.
    for (l01, l10, t, p) in [(1.0, 4.0, 4.0f64.ln(), 0.8), (3.0, 1.0, -(3.0f64.ln()), 0.25), (1.0, 1.0, 0.0, 0.5)] {
        ok(lab.set_models(ModelSettings { loss01: l01, loss10: l10, ..ModelSettings::default() }), "losses");
        assert_within(lab.models().threshold(), t, 1e-12, "threshold");
        let s = lab.summary();
        assert_within(s.threshold, t, 1e-12, "summary threshold");
        assert_within(s.posterior_threshold, p, 1e-12, "posterior threshold");
        assert_within(s.posterior_threshold, l10 / (l01 + l10), 1e-12, "λ₁₀/(λ₀₁ + λ₁₀)");
    }
}

#[test]
fn risk_is_the_mean_loss_of_the_decisions_by_the_threshold() {
    for mut lab in [generated(), preset(Preset::PenguinsAdelieChinstrap)] {
        let (points, labels) = data(&lab);
        for cov in [Covariance::Shared, Covariance::PerClass] {
            let settings = ModelSettings {
                covariance: cov,
                prior: Some(0.7),
                loss01: 1.0,
                loss10: 4.0,
                ..ModelSettings::default()
            };
            ok(lab.set_models(settings), "settings");
            let z = lab.decision_log_odds().expect("a decision model");
            let t = 4.0f64.ln();
            let (mut incurred, mut expected, mut decided_one) = (0.0, 0.0, 0);
            for (&x, &y) in points.iter().zip(&labels) {
                let zx = z.log_odds(x);
                assert!((zx - t).abs() > 1e-9, "a point sits on the threshold; pick other data");
                let p1 = 1.0 / (1.0 + (-zx).exp());
                // Decide 1 when z > ln(λ₁₀/λ₀₁); a wrong 1 costs λ₁₀ = 4, a wrong 0 costs λ₀₁ = 1.
                if zx > t {
                    decided_one += 1;
                    incurred += if y == 0 { 4.0 } else { 0.0 };
                    expected += 4.0 * (1.0 - p1);
                } else {
                    incurred += if y == 1 { 1.0 } else { 0.0 };
                    expected += p1;
                }
            }
            let m = points.len() as f64;
            assert!(decided_one > 0 && decided_one < points.len(), "both decisions occur");
            let risk = lab.summary().risk.expect("a risk");
            assert_within(risk[0], incurred / m, 1e-12, &format!("{cov:?}: incurred risk"));
            assert_within(risk[1], expected / m, 1e-9, &format!("{cov:?}: expected risk"));
        }
    }
}

// ---------------------------------------------------------------------------------------
// Editing points
// ---------------------------------------------------------------------------------------

#[test]
fn adding_a_point_counts_it_and_makes_generated_data_custom() {
    let mut lab = generated();
    let (before, labels_before) = data(&lab);
    assert_eq!(lab.source_id(), "generated");
    ok(lab.add_point([0.25, -1.5], 1), "add");
    let (after, labels_after) = data(&lab);
    assert_eq!(counts(&labels_after), [60, 41], "the default 60 + 40, plus one of class 1");
    assert_eq!(bits(&after[..before.len()]), bits(&before), "the other points moved");
    assert_eq!(&labels_after[..before.len()], labels_before.as_slice());
    assert_eq!((after[before.len()], labels_after[before.len()]), ([0.25, -1.5], 1));
    assert_eq!(lab.source_id(), "custom");
    let s = lab.summary();
    assert_eq!((s.source.as_str(), s.seed, s.n), ("custom", None, [60, 41]));
    // The fit is refitted on the edited points: φ = 41/101.
    assert_within(s.phi.expect("φ"), 41.0 / 101.0, 1e-15, "φ");
    assert_eq!(lab.fit().as_ref().ok(), Gda::fit(&after, &labels_after).as_ref().ok());
    ok(lab.add_point([1.0, 1.0], 0), "add class 0");
    assert_eq!(lab.summary().n, [61, 41]);
}

#[test]
fn editing_points_refits_the_chosen_comparison_model_and_logistic_regression() {
    let mut lab = generated();
    ok(
        lab.set_models(ModelSettings { covariance: Covariance::PerClass, logistic: true, ..ModelSettings::default() }),
        "QDA",
    );
    ok(lab.add_point([-3.0, 2.5], 0), "add");
    ok(lab.move_point(3, [0.5, 0.5]), "move");
    ok(lab.remove_point(80), "remove");
    let (points, labels) = data(&lab);
    assert_eq!(lab.decision_model(), Some(independent_model(Covariance::PerClass, &points, &labels)));
    let lr = ok(LogisticRegression::fit(&points, &labels, 0.0), "LR");
    let got = lab.logistic().and_then(|r| r.as_ref().ok()).expect("logistic regression is fitted");
    // Warm-started from the previous fit: the same optimum to the stopping tolerance.
    let (gw, gb) = got.log_odds_coefficients();
    let (w, b) = lr.log_odds_coefficients();
    for (g, e) in [gw[0], gw[1], gb].into_iter().zip([w[0], w[1], b]) {
        assert!((g - e).abs() <= 1e-9 * (1.0 + e.abs()), "{g} vs {e}");
    }
    assert!(got.converged() && got.lambda() == lr.lambda() && got.separation() == lr.separation());
}

#[test]
fn a_comparison_model_that_cannot_be_fitted_explains_itself_and_draws() {
    let mut lab = generated();
    // Class 1 has one point: GDA (shared Σ) still fits, QDA cannot estimate Σ₁.
    ok(lab.load_csv("0,0,0\n2,0,0\n0,2,0\n1,1.5,0\n5,5,1\n"), "csv");
    ok(
        lab.set_models(ModelSettings {
            covariance: Covariance::PerClass,
            prior: Some(0.4),
            ..ModelSettings::default()
        }),
        "QDA",
    );
    assert!(lab.fit().is_ok(), "GDA fits");
    assert_eq!(lab.decision_model(), None);
    assert!(lab.decision_log_odds().is_none());
    assert_eq!(lab.prior_shift(), 0.0, "no model, no prior to replace");
    let s = lab.summary();
    let msg = s.model_error.clone().expect("an explanation");
    assert!(matches!(Qda::fit(&data(&lab).0, &data(&lab).1), Err(Error::ClassTooSmall { class: 1, count: 1 })));
    assert!(msg.contains("QDA") && msg.ends_with('.'), "{msg}");
    assert_eq!((s.sigmas, s.conic, s.risk), (None, None, None));
    assert_eq!(s.reports.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(), ["gda"]);
    let (svg, _) = render(&lab);
    assert!(!svg.contains("NaN") && !svg.contains("inf"));
}

#[test]
fn adding_a_point_to_a_preset_keeps_its_names_credit_and_dragged_positions() {
    let mut lab = preset(Preset::IrisVersicolorVirginica);
    let d = lab.dataset().clone();
    // Drag virginica first: the drag must be baked into the edited points.
    let h = lab.handle(1);
    ok(lab.move_mean(1, [h[0] + 0.3, h[1] - 0.1]), "drag");
    let (dragged, _) = data(&lab);
    ok(lab.add_point([5.0, 1.7], 0), "add");
    let (after, labels) = data(&lab);
    assert_eq!(lab.source_id(), "custom");
    assert_eq!(counts(&labels), [51, 50]);
    assert_eq!(bits(&after[..dragged.len()]), bits(&dragged), "the drag was lost");
    let s = lab.summary();
    assert_eq!(s.class_names, ["versicolor".to_string(), "virginica".to_string()]);
    assert_eq!(s.axis_names, d.axis_names.map(String::from));
    assert_eq!(s.credit, d.credit, "the data still need their credit");
    assert!(!s.credit.is_empty());
    assert_eq!(s.source, "custom");
}

#[test]
fn nearest_point_is_the_nearest_on_screen_within_the_radius() {
    let mut lab = generated();
    // A = (1, 0) and B = (0, 0.3) near the origin, two far points so both classes exist.
    ok(lab.load_csv("1,0,0\n0,0.3,1\n5,5,0\n6,6,1\n"), "csv");
    // One data unit per pixel on both axes: A is 1 px away, B 0.3 px: B.
    assert_eq!(lab.nearest_point([0.0, 0.0], 10.0, [1.0, 1.0]), Some(1));
    // 0.1 y-units per pixel: B is 0.3/0.1 = 3 px away, A still 1 px: A.
    assert_eq!(lab.nearest_point([0.0, 0.0], 10.0, [1.0, 0.1]), Some(0));
    // Radius 0.2 px: nothing that close.
    assert_eq!(lab.nearest_point([0.0, 0.0], 0.2, [1.0, 1.0]), None);
    // Near the far pair: (6, 6) at √0.02 ≈ 0.14 px beats (5, 5) at √1.62 ≈ 1.27 px.
    assert_eq!(lab.nearest_point([5.9, 5.9], 2.0, [1.0, 1.0]), Some(3));
}

#[test]
fn removing_and_moving_a_point_edit_exactly_that_point() {
    let mut lab = generated();
    let (before, labels) = data(&lab);
    ok(lab.remove_point(5), "remove");
    let (after, labels_after) = data(&lab);
    let mut want = before.clone();
    want.remove(5);
    let mut want_labels = labels.clone();
    want_labels.remove(5);
    assert_eq!(bits(&after), bits(&want));
    assert_eq!(labels_after, want_labels);
    assert_eq!(lab.summary().n, [59, 40], "point 5 is of class 0 (class 0 comes first)");
    assert_eq!(lab.source_id(), "custom");

    ok(lab.move_point(70, [2.5, -0.75]), "move");
    let (moved, labels_moved) = data(&lab);
    want[70] = [2.5, -0.75];
    assert_eq!(bits(&moved), bits(&want));
    assert_eq!(labels_moved, want_labels, "a move keeps the label");
    assert_eq!(lab.fit().as_ref().ok(), Gda::fit(&want, &want_labels).as_ref().ok());
}

#[test]
fn invalid_points_and_indices_are_errors_that_change_nothing() {
    for mut lab in [generated(), preset(Preset::PenguinsAdelieGentoo)] {
        let (points, labels) = data(&lab);
        let (source, summary) = (lab.source_id(), lab.summary());
        let n = points.len();
        let attempts: [(&str, genlab::Result<()>); 8] = [
            ("NaN x", lab.add_point([f64::NAN, 0.0], 0)),
            ("∞ y", lab.add_point([0.0, f64::INFINITY], 1)),
            ("label 2", lab.add_point([0.0, 0.0], 2)),
            ("remove past the end", lab.remove_point(n)),
            ("move past the end", lab.move_point(n, [0.0, 0.0])),
            ("move to NaN", lab.move_point(0, [f64::NAN, 1.0])),
            ("move to −∞", lab.move_point(0, [1.0, f64::NEG_INFINITY])),
            ("remove far past the end", lab.remove_point(usize::MAX)),
        ];
        for (what, r) in attempts {
            assert!(matches!(r, Err(Error::InvalidParameter { .. })), "{what}: {r:?}");
        }
        let (p, l) = data(&lab);
        assert_eq!(bits(&p), bits(&points), "points changed");
        assert_eq!(l, labels, "labels changed");
        assert_eq!(lab.source_id(), source, "a failed edit made the data custom");
        assert_eq!(lab.summary(), summary);
    }
}

/// A CSV of exactly 100,000 points, the most a file and the editor allow (two classes on a
/// lattice, so every model fits).
fn full_csv() -> String {
    let mut text = String::with_capacity(1_600_000);
    for i in 0..100_000u32 {
        let (x, y) = (f64::from(i % 400) * 0.01, f64::from(i / 400) * 0.01);
        text.push_str(&format!("{x},{y},{}\n", u8::from(x + 0.3 * y > 2.5)));
    }
    text
}

#[test]
fn adding_a_point_to_a_full_panel_is_refused() {
    let mut lab = generated();
    ok(lab.load_csv(&full_csv()), "100,000 points");
    assert_eq!(lab.points().0.len(), 100_000);
    assert!(matches!(lab.add_point([0.5, 0.5], 0), Err(Error::InvalidParameter { .. })));
    assert_eq!(lab.points().0.len(), 100_000);
    // Removing one makes room for one.
    ok(lab.remove_point(0), "remove");
    ok(lab.add_point([0.5, 0.5], 0), "add");
    assert_eq!(lab.points().0.len(), 100_000);
}

#[test]
fn the_outlier_button_respects_the_point_cap() {
    let mut lab = generated();
    ok(lab.load_csv(&full_csv()), "100,000 points");
    let _ = lab.add_outliers();
    assert!(lab.points().0.len() <= genlab::gda::lab::MAX_EDITABLE_POINTS, "{} points", lab.points().0.len());
}

#[test]
fn a_bad_csv_line_is_reported_by_number_and_the_points_are_kept() {
    let mut lab = preset(Preset::PenguinsAdelieChinstrap);
    let (points, labels) = data(&lab);
    let view = lab.view();
    let err = lab.load_csv("x,y,label\n1,2,0\nfoo\n").expect_err("line 3 has one field");
    assert!(matches!(err, Error::BadLine { line: 3, .. }), "{err:?}");
    assert!(err.to_string().starts_with("Line 3:"), "{err}");
    // Labels 0 to 4 are classes (k-class CSV); 7 is none.
    let err = lab.load_csv("1,2,0\n3,4,1\n5,6,7\n").expect_err("label 7 on line 3");
    assert!(matches!(err, Error::BadLine { line: 3, .. }), "{err:?}");
    assert!(lab.load_csv("").is_err(), "no points at all");
    let (p, l) = data(&lab);
    assert_eq!(bits(&p), bits(&points));
    assert_eq!(l, labels);
    assert_eq!(lab.view(), view);
    assert_eq!(lab.source_id(), "penguins-adelie-chinstrap");
}

#[test]
fn a_good_csv_replaces_the_points_and_is_fitted() {
    let mut lab = preset(Preset::IrisVersicolorVirginica);
    ok(lab.load_csv("x,y,label\n0,0,0\n2,0,0\n0,2,0\n5,5,1\n7,5,1\n5,7,1\n"), "csv");
    let (p, l) = data(&lab);
    assert_eq!(p, vec![[0.0, 0.0], [2.0, 0.0], [0.0, 2.0], [5.0, 5.0], [7.0, 5.0], [5.0, 7.0]]);
    assert_eq!(l, vec![0, 0, 0, 1, 1, 1]);
    assert!(p.iter().all(|q| lab.view().contains(*q)), "the view fits the new points");
    let s = lab.summary();
    assert_eq!((s.source.as_str(), s.n, s.credit.as_str()), ("custom", [3, 3], ""));
    assert_eq!(s.class_names, ["class 0".to_string(), "class 1".to_string()]);
    // By hand: φ = 3/6; μ₀ = (2/3, 2/3), μ₁ = (17/3, 17/3); each class's deviations are
    // (−2/3, −2/3), (4/3, −2/3), (−2/3, 4/3), so Σxx = Σyy = 2·(4 + 16 + 4)/9/6 = 8/9 and
    // Σxy = 2·(4 − 8 − 8)/9/6 = −4/9.
    assert_within(s.phi.expect("φ"), 0.5, 1e-15, "φ");
    let mu = s.mu.expect("μ");
    for (got, want) in mu.iter().flatten().zip([2.0 / 3.0, 2.0 / 3.0, 17.0 / 3.0, 17.0 / 3.0]) {
        assert_within(*got, want, 1e-12, "μ");
    }
    let sigma = s.sigma.expect("Σ");
    for (got, want) in sigma.iter().flatten().zip([8.0 / 9.0, -4.0 / 9.0, -4.0 / 9.0, 8.0 / 9.0]) {
        assert_within(*got, want, 1e-12, "Σ");
    }
}

// ---------------------------------------------------------------------------------------
// The outlier and bimodal buttons
// ---------------------------------------------------------------------------------------

#[test]
fn outliers_are_eight_class_1_points_inside_the_view_on_class_1s_side() {
    for mut lab in [generated(), preset(Preset::PenguinsAdelieGentoo), preset(Preset::IrisVersicolorVirginica)] {
        let (before, labels_before) = data(&lab);
        let (w, b) = ok(Gda::fit(&before, &labels_before), "fit before").log_odds_coefficients();
        ok(lab.add_outliers(), "outliers");
        let (after, labels) = data(&lab);
        assert_eq!(after.len(), before.len() + 8);
        assert_eq!(counts(&labels), [counts(&labels_before)[0], counts(&labels_before)[1] + 8]);
        assert_eq!(bits(&after[..before.len()]), bits(&before), "the old points moved");
        let view = lab.view();
        for (i, p) in after[before.len()..].iter().enumerate() {
            assert_eq!(labels[before.len() + i], 1);
            assert!(view.contains(*p), "outlier {i} at {p:?} is outside the view {view:?}");
            assert!(w[0] * p[0] + w[1] * p[1] + b > 0.0, "outlier {i} at {p:?} is on class 0's side");
        }
        assert_eq!(lab.source_id(), "custom");
    }
}

#[test]
fn outliers_turn_gda_more_than_logistic_regression() {
    // The lesson of the button: the generative fit chases the far points (they move μ₁ and
    // inflate Σ), the discriminative one barely notices points it already classifies right.
    for mut lab in [generated(), preset(Preset::PenguinsAdelieChinstrap), preset(Preset::IrisVersicolorVirginica)] {
        let (p0, l0) = data(&lab);
        ok(lab.add_outliers(), "outliers");
        let (p1, l1) = data(&lab);
        let gda = |p: &[[f64; 2]], l: &[u8]| ok(Gda::fit(p, l), "GDA").log_odds_coefficients().0;
        let lr = |p: &[[f64; 2]], l: &[u8]| ok(LogisticRegression::fit(p, l, 0.0), "LR").w();
        let (turn_gda, turn_lr) = (angle(gda(&p0, &l0), gda(&p1, &l1)), angle(lr(&p0, &l0), lr(&p1, &l1)));
        // Measured: GDA turns by degrees (2.9° to 7.1° on these three), logistic regression
        // by hundredths of a degree or less; ten times is a wide margin for "more".
        assert!(
            turn_gda > 10.0 * turn_lr && turn_gda.to_degrees() > 1.0,
            "{}: GDA's w turned {:.2}°, logistic regression's {:.2}°",
            lab.dataset().class_names.join("/"),
            turn_gda.to_degrees(),
            turn_lr.to_degrees()
        );
    }
}

#[test]
fn bimodal_keeps_the_counts_and_spreads_class_1() {
    for mut lab in [generated(), preset(Preset::IrisVersicolorVirginica)] {
        let (before, labels_before) = data(&lab);
        ok(lab.make_bimodal(), "bimodal");
        let (after, labels) = data(&lab);
        assert_eq!(labels, labels_before, "labels and counts unchanged");
        for (i, (a, b)) in after.iter().zip(&before).enumerate() {
            if labels[i] == 0 {
                assert_eq!(bits(&[*a]), bits(&[*b]), "class-0 point {i} moved");
            }
        }
        // As documented: every other class-1 point (the 2nd, 4th, …) moves by 2.5 (μ₁ − μ₀),
        // the means taken before, clamped to the view; the others stay.
        let fit = ok(Gda::fit(&before, &labels), "fit before");
        let d = [2.5 * (fit.mu1()[0] - fit.mu0()[0]), 2.5 * (fit.mu1()[1] - fit.mu0()[1])];
        let v = lab.view();
        let class1 = (0..labels.len()).filter(|&i| labels[i] == 1);
        for (j, i) in class1.enumerate() {
            let p = before[i];
            let want = if j % 2 == 1 { [(p[0] + d[0]).clamp(v.x0, v.x1), (p[1] + d[1]).clamp(v.y0, v.y1)] } else { p };
            assert_within(after[i][0], want[0], 1e-12, "moved x");
            assert_within(after[i][1], want[1], 1e-12, "moved y");
        }
        let (s0, s1) = (class_spread(&before, &labels, 1), class_spread(&after, &labels, 1));
        assert!(s1 > 1.5 * s0, "class-1 spread {s0} → {s1}");
        assert_eq!(lab.source_id(), "custom");
        assert!(lab.fit().is_ok());
    }
}

#[test]
fn outliers_and_bimodal_need_both_classes() {
    let mut lab = generated();
    ok(lab.load_csv("0,0,0\n1,0,0\n0,1,0\n"), "one class");
    let (points, _) = data(&lab);
    assert!(matches!(lab.add_outliers(), Err(Error::EmptyClass { class: 1 })));
    assert!(matches!(lab.make_bimodal(), Err(Error::EmptyClass { class: 1 })));
    assert_eq!(bits(&data(&lab).0), bits(&points));
}

// ---------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------

#[test]
fn figure_with_logistic_regression_and_qda_draws_the_logistic_colour_and_no_nan() {
    for mut lab in [generated(), preset(Preset::IrisVersicolorVirginica)] {
        ok(
            lab.set_models(ModelSettings {
                covariance: Covariance::PerClass,
                logistic: true,
                ..ModelSettings::default()
            }),
            "settings",
        );
        let (svg, _) = render(&lab);
        // Okabe–Ito reddish purple, src/plot/mod.rs LOGISTIC.
        assert!(svg.contains("stroke=\"#CC79A7\""), "no logistic-regression line");
        assert!(svg.contains("logistic regression"), "no legend entry");
        assert!(!svg.contains("NaN") && !svg.contains("inf"), "a non-finite number reached the figure");
        // QDA's two covariances: its 1σ/2σ labels are still drawn.
        assert!(svg.contains("39.3 %"));
    }
}

#[test]
fn without_a_prior_or_loss_there_is_no_reference_boundary() {
    let lab = generated();
    let (svg, _) = render(&lab);
    let faint = polylines(&svg).into_iter().filter(|p| p.stroke == "#111111" && p.opacity < 1.0).count();
    assert_eq!(faint, 0);
}

#[test]
fn prior_override_draws_the_p_half_reference_and_the_moved_boundary() {
    let mut lab = generated();
    ok(lab.set_models(ModelSettings { prior: Some(0.7), ..ModelSettings::default() }), "prior");
    let (svg, frame) = render(&lab);
    let (points, labels) = data(&lab);
    let (w, b) = ok(Gda::fit(&points, &labels), "GDA").log_odds_coefficients();
    let shift = 3.5f64.ln(); // logit(0.7) − logit(0.4), as above.
    let tol = pixel_tolerance(w, &frame, 2.0);
    assert!(shift > 5.0 * tol, "the two lines would be indistinguishable");
    let lines = polylines(&svg);
    // The reference: the fitted posterior's ½ line, w·x + b = 0, faint and dashed.
    let reference: Vec<&Polyline> =
        lines.iter().filter(|p| p.stroke == "#111111" && p.opacity < 1.0 && !legend_dash(p)).collect();
    assert!(reference.len() >= 3, "no dashed reference line ({} pieces)", reference.len());
    for v in reference.iter().flat_map(|p| &p.points) {
        let x = frame.to_data(v[0], v[1]);
        assert!((w[0] * x[0] + w[1] * x[1] + b).abs() <= tol, "reference vertex {x:?} is off w·x + b = 0");
    }
    // The decision boundary: w·x + b + ln 3.5 = 0 (threshold 0), solid, across the plot.
    let boundary: Vec<&Polyline> =
        lines.iter().filter(|p| p.stroke == "#111111" && p.opacity == 1.0 && spans_the_plot(p)).collect();
    assert!(!boundary.is_empty(), "no decision boundary");
    for v in boundary.iter().flat_map(|p| &p.points) {
        let x = frame.to_data(v[0], v[1]);
        assert!((w[0] * x[0] + w[1] * x[1] + b + shift).abs() <= tol, "boundary vertex {x:?} ignores the prior");
    }
}

#[test]
fn a_loss_ratio_alone_also_moves_the_boundary_and_draws_the_reference() {
    let mut lab = generated();
    ok(lab.set_models(ModelSettings { loss01: 1.0, loss10: 4.0, ..ModelSettings::default() }), "losses");
    let (svg, frame) = render(&lab);
    let (points, labels) = data(&lab);
    let (w, b) = ok(Gda::fit(&points, &labels), "GDA").log_odds_coefficients();
    let tol = pixel_tolerance(w, &frame, 2.0);
    let lines = polylines(&svg);
    let faint = lines.iter().filter(|p| p.stroke == "#111111" && p.opacity < 1.0).count();
    assert!(faint >= 3, "no reference line");
    // Decide 1 where w·x + b > ln(λ₁₀/λ₀₁) = ln 4.
    let boundary: Vec<&Polyline> =
        lines.iter().filter(|p| p.stroke == "#111111" && p.opacity == 1.0 && spans_the_plot(p)).collect();
    assert!(!boundary.is_empty(), "no decision boundary");
    for v in boundary.iter().flat_map(|p| &p.points) {
        let x = frame.to_data(v[0], v[1]);
        assert!((w[0] * x[0] + w[1] * x[1] + b - 4.0f64.ln()).abs() <= tol, "boundary vertex {x:?} is off z = ln 4");
    }
}

#[test]
fn draw_with_calls_the_underlay_once_with_the_frame_it_returns() {
    let mut lab = generated();
    ok(lab.set_models(ModelSettings { heat: true, ..ModelSettings::default() }), "heat");
    let mut svg = String::new();
    let mut calls: Vec<PlotFrame> = Vec::new();
    let frame = {
        let root = SVGBackend::with_string(&mut svg, (640, 480)).into_drawing_area();
        let mut record = |f: &PlotFrame| -> genlab::Result<()> {
            calls.push(*f);
            Ok(())
        };
        let mut underlay: &mut dyn FnMut(&PlotFrame) -> genlab::Result<()> = &mut record;
        let frame = ok(draw_with(&root, &lab, &GdaLayers::default(), &Style::default(), Some(&mut underlay)), "draw");
        root.present().expect("present");
        frame
    };
    assert_eq!(calls, vec![frame]);
    assert_eq!(frame.view, lab.view());
    let [l, t, r, b] = frame.pixels;
    assert!(0 <= l && l < r && r <= 640 && 0 <= t && t < b && b <= 480, "{:?}", frame.pixels);
    // With the heat map on, the posterior contours 0.1 and 0.9 are labelled.
    assert!(svg.contains("p = 0.1") && svg.contains("p = 0.9"), "no contour labels");

    // An underlay's error is the draw's error.
    let mut svg2 = String::new();
    let root = SVGBackend::with_string(&mut svg2, (640, 480)).into_drawing_area();
    let mut fail = |_: &PlotFrame| -> genlab::Result<()> { Err(Error::Browser("paint the test underlay".into())) };
    let mut underlay: &mut dyn FnMut(&PlotFrame) -> genlab::Result<()> = &mut fail;
    let r = draw_with(&root, &lab, &GdaLayers::default(), &Style::default(), Some(&mut underlay));
    assert!(matches!(r, Err(Error::Browser(_))), "{r:?}");
}

#[test]
fn summary_never_holds_a_non_finite_number_after_the_editing_buttons() {
    let mut lab = generated();
    let settings = ModelSettings {
        covariance: Covariance::PerClass,
        logistic: true,
        lambda: 0.0,
        prior: Some(0.3),
        loss01: 1.0,
        loss10: 2.0,
        heat: true,
    };
    ok(lab.set_models(settings), "settings");
    ok(lab.add_outliers(), "outliers");
    ok(lab.make_bimodal(), "bimodal");
    let s: GdaSummary = lab.summary();
    assert_eq!(s.error, None);
    assert_eq!(s.model_error, None);
    let mut numbers: Vec<f64> = vec![s.threshold, s.posterior_threshold];
    numbers.extend(s.phi);
    numbers.extend(s.b);
    numbers.extend(s.w.into_iter().flatten());
    numbers.extend(s.mu.into_iter().flatten().flatten());
    numbers.extend(s.sigma.into_iter().flatten().flatten());
    numbers.extend(s.sigmas.into_iter().flatten().flatten().flatten());
    numbers.extend(s.risk.into_iter().flatten());
    numbers.extend(s.reports.iter().flat_map(|r| [Some(r.accuracy), r.log_likelihood]).flatten());
    if let Some(lr) = &s.logistic {
        numbers.extend(lr.w.into_iter().flatten());
        numbers.extend(lr.b);
        numbers.extend(lr.lambda);
    }
    assert!(numbers.len() > 20);
    assert!(numbers.iter().all(|v| v.is_finite()), "{s:?}");
    let (svg, _) = render(&lab);
    assert!(!svg.contains("NaN") && !svg.contains("inf"));
}

#[test]
fn logistic_regression_fitted_when_read_matches_a_fit_of_the_points_shown() {
    // The lab fits logistic regression when it is first read after the points change,
    // starting Newton from the last fit it made; the answer is the fit from scratch of the
    // points it shows, after several changes in a row as after one.
    let mut lab = GdaLab::generated(SampleSpec::default()).unwrap();
    lab.set_models(ModelSettings { logistic: true, lambda: 0.5, ..ModelSettings::default() }).unwrap();
    let first = lab.logistic().unwrap().as_ref().unwrap().w();
    lab.set_spec(SampleSpec { seed: 77, ..lab.spec().unwrap() }).unwrap();
    lab.move_mean(0, [-1.2, 0.3]).unwrap();
    lab.move_mean(1, [1.5, 0.9]).unwrap();
    let (points, labels) = lab.points();
    let scratch = LogisticRegression::fit(points, labels, 0.5).unwrap();
    let lazy = lab.logistic().unwrap().as_ref().unwrap();
    for k in 0..2 {
        assert!((lazy.w()[k] - scratch.w()[k]).abs() < 1e-6, "{:?} {:?}", lazy.w(), scratch.w());
    }
    assert!((lazy.b() - scratch.b()).abs() < 1e-6);
    // Not vacuous: the points moved, and so did the fit.
    assert!((first[0] - lazy.w()[0]).abs() > 1e-3);
}
