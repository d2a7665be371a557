#![cfg(not(target_arch = "wasm32"))]
//! The GDA panel's sentences and readouts belong to the model that is drawn: equal means
//! leave "no boundary" only under a shared Σ (a Σ per class still separates by spread), and
//! the p(y = 1 | x) readout is the drawn model's, its prior moved by the override, so it
//! reads the decision threshold on the drawn boundary. States are the lessons' own, read
//! from `src/lesson/builtin/`, or the audit's replay states (`../shared/reviews/claims-audit.md`).

use crate::common::opened;
use genlab::gda::classifier::Classifier;
use genlab::gda::GdaLab;

/// The state of step `step` of the built-in lesson `file`.
fn lesson_state(file: &str, step: &str) -> String {
    let text =
        std::fs::read_to_string(format!("{}/src/lesson/builtin/{file}.lesson", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let parsed = genlab::lesson::parse(&text);
    assert!(parsed.errors.is_empty(), "{file}: {:?}", parsed.errors);
    parsed
        .lesson
        .steps
        .iter()
        .find(|s| s.name == step)
        .unwrap_or_else(|| panic!("{file}: no step {step}"))
        .state
        .clone()
}

fn accuracy(lab: &GdaLab, id: &str) -> f64 {
    lab.summary().reports.iter().find(|r| r.id == id).unwrap_or_else(|| panic!("no report {id}")).accuracy
}

#[test]
fn equal_means_leave_only_the_prior_under_a_shared_sigma_but_not_with_a_sigma_per_class() {
    // The audit's replay (H3): a tight class 0 (σ = 0.5) and a wide class 1 (σ = 2, 1.6), both
    // means at the origin. Under a shared Σ, w = Σ⁻¹(μ₁ − μ₀) = 0; with a Σ per class the
    // log-odds ½xᵀ(Σ₀⁻¹ − Σ₁⁻¹)x + ½ log(|Σ₀|/|Σ₁|) + log(φ/(1 − φ)) still separates by
    // spread: the audit measured QDA 93 %, GNB 92 %, GDA 60 % (= the majority, 60 of 100).
    let base = "sx0=0.5&sy0=0.5&sx1=2&sy1=1.6&m0=0,0&m1=0,0";
    for (cov, model, prior_alone) in [
        ("shared", "gda", true),
        ("diagonal-shared", "gnb", true),
        ("per-class", "qda", false),
        ("diagonal-per-class", "gnb", false),
    ] {
        let lab = opened(&format!("{base}&cov={cov}"));
        let s = lab.summary();
        assert!(s.coincident, "{cov}");
        assert_eq!(s.prior_alone, prior_alone, "{cov}: the drawn model leaves only the prior?");
        let acc = accuracy(&lab, model);
        if prior_alone {
            // Only the prior decides: everything goes to the majority class 0 (60 of 100).
            assert!((acc - 0.6).abs() < 1e-12, "{cov}: {acc}");
        } else {
            assert!(acc > 0.85, "{cov}: {acc}");
        }
    }
}

/// The point where the drawn rule's log-odds crosses its threshold on the segment μ₀ → μ₁,
/// as the fraction t of the way (bisection; the log-odds rises from μ₀ to μ₁ in these states).
fn crossing(lab: &GdaLab) -> (f64, [f64; 2]) {
    let s = lab.summary();
    let [m0, m1] = s.mu.unwrap();
    let at = |t: f64| [m0[0] + t * (m1[0] - m0[0]), m0[1] + t * (m1[1] - m0[1])];
    let rule = lab.decision_log_odds().unwrap();
    let f = |t: f64| rule.log_odds(at(t)) - s.threshold;
    let (mut lo, mut hi) = (0.0, 1.0);
    assert!(f(lo) < 0.0 && f(hi) > 0.0, "no crossing: {} {}", f(lo), f(hi));
    for _ in 0..80 {
        let mid = 0.5 * (lo + hi);
        if f(mid) < 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo, at(lo))
}

#[test]
fn the_readout_on_the_drawn_qda_boundary_says_one_half() {
    // gda-vs-qda, step "qda": the figure draws QDA's conic. The audit's replay put it at 61 %
    // of μ₀ → μ₁ (GDA's line at 72 %), where the old readout (shared-Σ GDA) said 0.450.
    let lab = opened(&lesson_state("gda-vs-qda", "qda"));
    let (t, x) = crossing(&lab);
    assert!((t - 0.61).abs() < 0.01, "QDA crosses at {t}");
    let p = lab.decision_posterior(x).unwrap();
    assert!((p - 0.5).abs() < 1e-9, "readout {p} on the drawn boundary");
    // The shared-Σ fit, which the readout used to show, is not the drawn model here.
    let gda = lab.fit().as_ref().unwrap().posterior(x);
    assert!((gda - 0.45).abs() < 0.01, "GDA there: {gda}");
}

#[test]
fn the_readout_follows_the_prior_override_on_the_drawn_line() {
    // bayes-decision, step "prior": φ′ = 0.2 moves the drawn line toward class 1 (the audit's
    // replay: 58 % → 79 % of μ₀ → μ₁), where the fitted-φ posterior read 0.728. With equal
    // losses the threshold posterior is ½, and the readout must say so on the drawn line.
    let lab = opened(&lesson_state("bayes-decision", "prior"));
    let s = lab.summary();
    assert_eq!(s.posterior_threshold, 0.5);
    let (t, x) = crossing(&lab);
    assert!((t - 0.79).abs() < 0.01, "the line crosses at {t}");
    let p = lab.decision_posterior(x).unwrap();
    assert!((p - 0.5).abs() < 1e-9, "readout {p}");
    let fitted = lab.fit().as_ref().unwrap().posterior(x);
    assert!((fitted - 0.728).abs() < 0.002, "fitted-φ posterior {fitted}");
    // And with unequal losses (step "loss", λ₀₁ = 5) the readout on the drawn line is the
    // threshold posterior λ₁₀/(λ₀₁ + λ₁₀) = 1/6, as the threshold row says.
    let lab = opened(&lesson_state("bayes-decision", "loss"));
    let (_, x) = crossing(&lab);
    let p = lab.decision_posterior(x).unwrap();
    assert!((p - 1.0 / 6.0).abs() < 1e-9, "readout {p}");
    assert!((lab.summary().posterior_threshold - 1.0 / 6.0).abs() < 1e-12);
}

#[test]
fn the_readout_is_the_shared_sigma_posterior_when_that_is_drawn() {
    // Default state, no override: the drawn model is the shared-Σ fit itself.
    let lab = opened("");
    for x in [[0.0, 0.0], [1.0, -0.5], [-2.0, 1.5]] {
        let want = lab.fit().as_ref().unwrap().posterior(x);
        assert_eq!(lab.decision_posterior(x), Some(want));
    }
    assert_eq!(lab.decision_posterior([f64::NAN, 0.0]), None);
}

#[test]
fn small_class_message_counts_its_points_in_the_plural() {
    let one = genlab::Error::ClassTooSmall { class: 1, count: 1 }.to_string();
    let two = genlab::Error::ClassTooSmall { class: 1, count: 2 }.to_string();
    assert!(one.starts_with("Class 1 has only 1 point, "), "{one}");
    assert!(two.starts_with("Class 1 has only 2 points, "), "{two}");
}

#[test]
fn the_collinear_sentence_says_boundaries_pivot_about_a_point() {
    // With all points on L = {aᵀx = c}, (w, b) ↦ (w + t·a, b − t·c) keeps every fitted
    // log-odds: the boundaries turn about the point where they cross L, not "about L".
    let m = genlab::Error::CollinearPoints.to_string();
    assert!(m.contains("about the point where they cross that line"), "{m}");
}

#[test]
fn the_singular_sigma_sentence_holds_for_two_parallel_lines() {
    // The audit's example (H17): class 0 on y = 0, class 1 on y = 3. The points do not "lie
    // on a line", yet the pooled Σ is singular: the deviations share one direction.
    let mut points = Vec::new();
    let mut labels = Vec::new();
    for (label, y) in [(0u8, 0.0), (1, 3.0)] {
        for x in [-2.0, -1.0, 0.5, 1.0, 2.5] {
            points.push([x, y]);
            labels.push(label);
        }
    }
    let e = genlab::gda::Gda::fit(&points, &labels).unwrap_err().to_string();
    assert!(e.starts_with("The covariance matrix Σ is singular"), "{e}");
    assert!(!e.contains("lie on a line") && !e.contains("no Gaussian fits"), "{e}");
    assert!(e.contains("one direction"), "{e}");
}

#[test]
fn the_conic_kind_is_that_of_the_drawn_boundary_with_the_prior_override() {
    // gda-vs-qda "qda" with φ′ = 0.99: the tight class 0's best log-odds margin is about
    // log(|Σ₁|/|Σ₀|)/2 + ½ dᵀΣ₁⁻¹d ≈ 3.1 at μ₀, below logit(0.99) − logit(φ̂) ≈ 5.0, so class 1
    // wins everywhere and the drawn ellipse has vanished. A grid over a wide window agrees.
    use genlab::gda::ConicKind;
    let state = lesson_state("gda-vs-qda", "qda");
    let plain = opened(&state).summary().conic;
    assert_eq!(plain, Some(ConicKind::Ellipse));
    let lab = opened(&format!("{state}&phi=0.99"));
    let s = lab.summary();
    let rule = lab.decision_log_odds().unwrap();
    let class0 = (0..=200)
        .flat_map(|i| (0..=200).map(move |j| [-10.0 + 0.1 * f64::from(i), -10.0 + 0.1 * f64::from(j)]))
        .filter(|&x| rule.log_odds(x) <= s.threshold)
        .count();
    assert_eq!(class0, 0, "no point of the grid goes to class 0");
    assert_eq!(s.conic, Some(ConicKind::Empty));
}
