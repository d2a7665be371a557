#![cfg(not(target_arch = "wasm32"))]
//! "Which way it moves" for a change of model (GDA ↔ QDA): `genlab::predict::crossing`,
//! `model_change_movement` and `judge_model_change`, what the lessons' module's
//! `judgeModelChange` runs; and the GDA panel's summary, which hands the page the drawn
//! quadratic boundary it judges.
//!
//! Expected numbers: scipy 1.17.1 (`scipy.stats.multivariate_normal.logpdf`, `brentq`) on
//! known Gaussians, equal priors, independent of the crate's formulas: the QDA log-odds
//! z(x) = log N(x; μ₁, Σ₁) − log N(x; μ₀, Σ₀), its upward roots along μ₀ + t(μ₁ − μ₀) found
//! by bracketing on a grid of t in [−3, 4] and `brentq`, its gradient there by central
//! differences (h = 10⁻⁶), and GDA's line from the pooled Σ = (Σ₀ + Σ₁)/2 (equal counts).
//! The coefficients [A, b, c] of z were printed by the same script from the closed form
//! A = ½(Σ₀⁻¹ − Σ₁⁻¹), b = Σ₁⁻¹μ₁ − Σ₀⁻¹μ₀, c = −½μ₁ᵀΣ₁⁻¹μ₁ + ½μ₀ᵀΣ₀⁻¹μ₀ − ½ ln(|Σ₁|/|Σ₀|).

use crate::common;
use common::{assert_close, unwrap};
use genlab::gda::lab::{Covariance, ModelSettings};
use genlab::gda::{Classifier, GdaLab, QuadraticLogOdds, SampleSpec};
use genlab::predict::{crossing, judge_model_change, model_change_movement, Movement};

fn conic(a: [f64; 3], b: [f64; 2], c: f64) -> QuadraticLogOdds {
    QuadraticLogOdds { a: [[a[0], a[1]], [a[1], a[2]]], b, c }
}

fn line(w: [f64; 2], b: f64) -> QuadraticLogOdds {
    QuadraticLogOdds { a: [[0.0; 2]; 2], b: w, c: b }
}

const VIEW: [f64; 4] = [-3.0, 6.0, -4.0, 4.0];

/// The means, QDA's Σ₀ and Σ₁, GDA's line and QDA's conic of a two-class case.
type Case = ([[f64; 2]; 2], [[[f64; 2]; 2]; 2], QuadraticLogOdds, QuadraticLogOdds);

/// Class 0 N((0, 0), I), class 1 N((4, 0), diag(9, 1)): the wider class 1 claims more.
fn wide_class_1() -> Case {
    let mu = [[0.0, 0.0], [4.0, 0.0]];
    let sigmas = [[[1.0, 0.0], [0.0, 1.0]], [[9.0, 0.0], [0.0, 1.0]]];
    let qda = conic([0.4444444444444444, 0.0, 0.0], [0.4444444444444444, 0.0], -1.9875011775569986);
    let gda = line([0.8, 0.0], -1.6);
    (mu, sigmas, gda, qda)
}

#[test]
fn the_crossing_with_the_line_through_the_means_is_scipys_root() {
    let (mu, _, gda, qda) = wide_class_1();
    let c = unwrap(crossing(&qda, mu));
    // scipy: t = 0.41824704609782415, at (1.6729881843912966, 0), gradient (1.93154505…, 0).
    assert_close(c.t, 0.41824704609782415, 1e-9, 1e-12, "t of QDA's crossing");
    assert_close(c.point[0], 1.6729881843912966, 1e-9, 1e-12, "x of QDA's crossing");
    assert_close(c.tangent.0[0], 1.9315450523471611, 1e-6, 1e-9, "∂z/∂x there");
    assert_close(c.tangent.0[1], 0.0, 0.0, 1e-12, "∂z/∂y there");
    let l = unwrap(crossing(&gda, mu));
    assert_close(l.t, 0.5, 1e-12, 1e-12, "GDA's line crosses at the midpoint (equal counts, equal priors)");
    // The tangent of a line is the line: its rule vanishes on the line's own points.
    assert_close(l.tangent.0[0] * 2.0 + l.tangent.1, 0.0, 0.0, 1e-12, "the line's tangent is itself");

    // Class 0 N(0, 9I) around a tight class 1 N((2, 0), I): class 1's region is a disc that
    // holds μ₀ too; along the line z rises at t = −0.048270567580912846 (scipy's only
    // upward root) and falls again beyond μ₁: the upward one is taken, not the nearer fall.
    let disc = conic([-0.4444444444444444, 0.0, -0.4444444444444444], [2.0, 0.0], 0.19722457733621956);
    let c = unwrap(crossing(&disc, [[0.0, 0.0], [2.0, 0.0]]));
    assert_close(c.t, -0.048270567580912846, 1e-9, 1e-12, "the upward root of the disc");
}

#[test]
fn gda_to_qda_slides_toward_the_tighter_class_and_the_hint_fires_only_on_the_other_slide() {
    let (mu, sigmas, gda, qda) = wide_class_1();
    let (m, facts) = unwrap(model_change_movement(VIEW, mu, &gda, &qda));
    // scipy: QDA's crossing − GDA's = −0.08175295390217585 of |μ₁ − μ₀| (more than 5 %),
    // the angle 0°: it slides toward class 0, the tighter one.
    assert_eq!(m, Movement::TowardClass0);
    assert_close(facts.slide, -0.08175295390217585, 1e-8, 1e-12, "the slide");
    assert_close(facts.angle_deg, 0.0, 0.0, 1e-9, "the angle");

    let judge =
        |to_qda: bool, before, after, guess| unwrap(judge_model_change(VIEW, mu, sigmas, to_qda, before, after, guess));
    let ids = |j: &genlab::predict::Judgement<Movement, bool>| j.fired.iter().map(|m| m.id).collect::<Vec<_>>();
    let (right, _) = judge(true, &gda, &qda, Movement::TowardClass0);
    assert!(right.score && right.fired.is_empty(), "a right answer fires nothing");
    let (wrong, _) = judge(true, &gda, &qda, Movement::TowardClass1);
    assert!(!wrong.score);
    assert_eq!(ids(&wrong), ["qda-wider-class-loses"]);
    let (other, _) = judge(true, &gda, &qda, Movement::Stays);
    assert!(!other.score && other.fired.is_empty(), "a different mistake: {:?}", ids(&other));

    // Back from QDA to GDA: the line slides toward the wider class 1; "toward class 0" is
    // the same mistake seen from the other side.
    let (back, facts) = judge(false, &qda, &gda, Movement::TowardClass0);
    assert_eq!(back.truth, Movement::TowardClass1);
    assert_close(facts.slide, 0.08175295390217585, 1e-8, 1e-12, "the slide back");
    assert_eq!(ids(&back), ["qda-wider-class-loses"]);
    let (right, _) = judge(false, &qda, &gda, Movement::TowardClass1);
    assert!(right.score && right.fired.is_empty());
}

#[test]
fn a_disc_around_the_tight_class_moves_toward_the_wide_one_and_the_hint_stays_silent() {
    // Class 0 N(0, 9I), class 1 N((2, 0), I): QDA's crossing (t = −0.048) is nearer the
    // WIDER class's mean than GDA's (t = ½, scipy): the hint's sentence would be false.
    let mu = [[0.0, 0.0], [2.0, 0.0]];
    let sigmas = [[[9.0, 0.0], [0.0, 9.0]], [[1.0, 0.0], [0.0, 1.0]]];
    let disc = conic([-0.4444444444444444, 0.0, -0.4444444444444444], [2.0, 0.0], 0.19722457733621956);
    let gda = line([0.4, 0.0], -0.4);
    let (j, facts) = unwrap(judge_model_change(VIEW, mu, sigmas, true, &gda, &disc, Movement::TowardClass1));
    assert_eq!(j.truth, Movement::TowardClass0);
    assert_close(facts.slide, -0.5482705675809129, 1e-8, 1e-12, "the slide");
    assert!(!j.score && j.fired.is_empty(), "no hint where its sentence is false");
}

#[test]
fn nearly_equal_covariances_stay_and_tilted_ones_turn() {
    // Σ₁ = diag(1.05, 1): scipy's slide is 0.00015 of |μ₁ − μ₀|, the angle 0°: it stays.
    let mu = [[0.0, 0.0], [2.0, 0.0]];
    let near = conic([0.023809523809523836, 0.0, 0.0], [1.9047619047619047, 0.0], -1.9291569868466207);
    let gda = line([1.9512195121951221, 0.0], -1.9512195121951221);
    let (m, facts) = unwrap(model_change_movement(VIEW, mu, &gda, &near));
    assert_eq!(m, Movement::Stays);
    assert_close(facts.slide, 0.00014995949760165939, 1e-6, 1e-12, "the tiny slide");

    // Σ₁ = [[1, 0.8], [0.8, 1]], μ₁ = (3, 0): scipy's angle between GDA's normal and QDA's
    // gradient at its crossing is 5.935962230979246° (over 5°); the two tangents meet at
    // (0.6271, −2.1823) (numpy.linalg.solve), inside VIEW: "turns"; in a window that leaves
    // that point out, "slides and turns".
    let mu = [[0.0, 0.0], [3.0, 0.0]];
    let tilted = conic(
        [-0.8888888888888891, 1.1111111111111114, -0.8888888888888893],
        [8.333333333333334, -6.666666666666668],
        -11.98917437623401,
    );
    let gda = line([3.571428571428571, -1.4285714285714286], -5.357142857142857);
    let (m, facts) = unwrap(model_change_movement(VIEW, mu, &gda, &tilted));
    assert_eq!(m, Movement::Turns);
    assert_close(facts.angle_deg, 5.935962230979246, 1e-6, 1e-9, "the angle");
    assert_close(facts.slide, 0.09154199216918679, 1e-8, 1e-12, "the slide");
    let (m, _) = unwrap(model_change_movement([1.0, 6.0, -1.0, 1.0], mu, &gda, &tilted));
    assert_eq!(m, Movement::SlidesAndTurns);
}

#[test]
fn a_boundary_that_does_not_cross_between_the_classes_and_bad_input_are_sentences() {
    let mu = [[0.0, 0.0], [2.0, 0.0]];
    let gda = line([1.0, 0.0], -1.0);
    // z = x² + y² + 1 > 0 everywhere: class 1 on the whole line, no crossing.
    let everywhere = conic([1.0, 0.0, 1.0], [0.0, 0.0], 1.0);
    // A line whose class 1 lies toward μ₀: it crosses downward only.
    let reversed = line([-1.0, 0.0], 1.0);
    let nan = line([f64::NAN, 0.0], 1.0);
    let no_crossing = "does not cross the line through the means from class 0's side to class 1's";
    for (what, z, m, says) in [
        ("no crossing", &everywhere, mu, no_crossing),
        ("crossing downward only", &reversed, mu, no_crossing),
        ("a NaN coefficient", &nan, mu, "a boundary's coefficients are finite numbers"),
        ("coincident means", &gda, [[1.0, 1.0], [1.0, 1.0]], "the two means must differ"),
        ("an infinite mean", &gda, [[f64::INFINITY, 0.0], [1.0, 1.0]], "the means are finite numbers"),
    ] {
        let e = crossing(z, m).expect_err(what).to_string();
        assert!(e.contains(says) && e.ends_with('.'), "{what}: {e}");
        assert!(model_change_movement(VIEW, m, &gda, z).is_err(), "{what}");
    }
    let (_, sigmas, gda, qda) = wide_class_1();
    let mu = [[0.0, 0.0], [4.0, 0.0]];
    assert!(model_change_movement([1.0, 0.0, 0.0, 1.0], mu, &gda, &qda).is_err(), "a reversed view");
    let bad_sigmas = [sigmas[0], [[f64::NAN, 0.0], [0.0, 1.0]]];
    assert!(judge_model_change(VIEW, mu, bad_sigmas, true, &gda, &qda, Movement::Stays).is_err());
}

#[test]
fn the_summarys_quadratic_is_the_drawn_decision_with_prior_and_losses() {
    // The boundary the page judges is the one the panel draws: decide 1 where the decision
    // model's log-odds, moved by the prior override, exceed log(λ₁₀/λ₀₁).
    let mut lab = unwrap(GdaLab::generated(SampleSpec::default()));
    let settings = ModelSettings {
        covariance: Covariance::PerClass,
        prior: Some(0.3),
        loss01: 2.0,
        loss10: 5.0,
        ..ModelSettings::default()
    };
    unwrap(lab.set_models(settings));
    let s = lab.summary();
    let q = s.quadratic.expect("QDA's drawn quadratic");
    let z = conic([q[0], q[1], q[2]], [q[3], q[4]], q[5]);
    assert_eq!(Some(z.conic_kind()), s.conic, "the same conic the summary names");
    let decision = lab.decision_log_odds().expect("a decision model");
    let threshold = (5.0f64 / 2.0).ln();
    for x in [[-2.0, -1.0], [0.0, 0.0], [1.5, 2.5], [3.0, -2.0], [-4.0, 3.0]] {
        let want = decision.log_odds(x) - threshold;
        assert_close(z.eval(x), want, 1e-9, 1e-9, "the quadratic against the decision's log-odds");
    }
    // Under GDA there is no quadratic to hand over (the line is w, b).
    unwrap(lab.set_models(ModelSettings { covariance: Covariance::Shared, ..settings }));
    assert_eq!(lab.summary().quadratic, None);
}
