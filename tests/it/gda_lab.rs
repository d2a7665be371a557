#![cfg(not(target_arch = "wasm32"))]
//! The GDA panel's state without the browser (`genlab::gda::GdaLab`): generated and preset
//! data, dragging a class mean, resampling, and how a degenerate state is reported.

use genlab::data::Preset;
use genlab::gda::{GdaLab, GdaSummary, Rect, SampleSpec};
use genlab::Error;

use crate::common;
use common::assert_within;

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn generated(spec: SampleSpec) -> GdaLab {
    match GdaLab::generated(spec) {
        Ok(lab) => lab,
        Err(e) => panic!("{spec:?}: {e}"),
    }
}

fn preset(p: Preset) -> GdaLab {
    match GdaLab::preset(p) {
        Ok(lab) => lab,
        Err(e) => panic!("{}: {e}", p.id()),
    }
}

/// Σ after a translation equals Σ before, up to the rounding of the translated points
/// (1e-9 relative to the largest entry).
fn assert_sigma_unchanged(after: [[f64; 2]; 2], before: [[f64; 2]; 2]) {
    let scale = before.iter().flatten().fold(0.0f64, |m, v| m.max(v.abs()));
    for (a, b) in after.iter().flatten().zip(before.iter().flatten()) {
        assert_within(*a, *b, 1e-9 * scale, "Σ");
    }
}

fn fitted(lab: &GdaLab) -> ([[f64; 2]; 2], [[f64; 2]; 2]) {
    match lab.fit() {
        Ok(fit) => ([fit.mu0(), fit.mu1()], fit.sigma()),
        Err(e) => panic!("the lab's fit failed: {e}"),
    }
}

/// The mean of class k's points, computed here from the points the lab shows.
fn mean_of_points(lab: &GdaLab, k: u8) -> [f64; 2] {
    let (points, labels) = lab.points();
    let c: Vec<[f64; 2]> = points.iter().zip(labels).filter(|(_, &l)| l == k).map(|(p, _)| *p).collect();
    let n = c.len() as f64;
    [c.iter().map(|p| p[0]).sum::<f64>() / n, c.iter().map(|p| p[1]).sum::<f64>() / n]
}

fn point_bits(lab: &GdaLab) -> Vec<[u64; 2]> {
    lab.points().0.iter().map(|p| [p[0].to_bits(), p[1].to_bits()]).collect()
}

/// A message a student can read: a non-empty sentence ending with a full stop that never
/// shows a non-finite number as "NaN" or "inf".
fn assert_readable_sentence(message: &str) {
    assert!(message.len() > 10, "not a sentence: {message:?}");
    assert!(message.ends_with('.'), "does not end with a full stop: {message:?}");
    for word in message.split(|c: char| !c.is_alphanumeric()) {
        assert!(!["NaN", "nan", "inf", "Infinity"].contains(&word), "shows {word:?} to the student: {message:?}");
    }
}

/// The error explains why; Σ, w and b are `None` (nothing to invert), while φ = m₁/m and the
/// class means, defined whenever both classes have points, are given (and finite).
fn assert_failed_summary(s: &GdaSummary) {
    let Some(error) = &s.error else { panic!("no error in {s:?}") };
    assert_readable_sentence(error);
    assert_eq!((s.sigma, s.w, s.b), (None, None, None));
    if s.n[0] > 0 && s.n[1] > 0 {
        assert_eq!(s.phi, Some(s.n[1] as f64 / (s.n[0] + s.n[1]) as f64));
        let Some(mu) = s.mu else { panic!("no means in {s:?}") };
        assert!(mu.iter().flatten().all(|v| v.is_finite()), "{mu:?}");
    } else {
        assert_eq!((s.phi, s.mu), (None, None));
    }
    assert!(!s.boundary_visible);
}

// ---------------------------------------------------------------------------------------
// Generated data
// ---------------------------------------------------------------------------------------

#[test]
fn default_generated_lab_fits_and_fills_every_summary_field() {
    let lab = generated(SampleSpec::default());
    assert!(lab.fit().is_ok());
    let s = lab.summary();
    assert_eq!(s.error, None);
    // The default spec has n₀ = 60, n₁ = 40, so φ = 40/100.
    assert_eq!(s.n, [60, 40]);
    assert_within(s.phi.expect("φ"), 0.4, 1e-15, "φ");
    // μ as shown equals the mean of the points as drawn (computed here).
    let mu = s.mu.expect("μ");
    for (k, shown) in (0u8..).zip(mu) {
        let m = mean_of_points(&lab, k);
        assert_within(shown[0], m[0], 1e-12, "μ x");
        assert_within(shown[1], m[1], 1e-12, "μ y");
    }
    assert!(s.sigma.expect("Σ").iter().flatten().all(|v| v.is_finite()));
    assert!(s.w.expect("w").iter().all(|v| v.is_finite()) && s.b.expect("b").is_finite());
    // The means (−1, −0.5) and (1.2, 0.8) are inside the view, so the line between the
    // clouds crosses it.
    assert!(s.boundary_visible);
    assert_eq!(s.source, "generated");
    assert_eq!(s.seed, Some(7));
    assert_eq!(s.credit, "");
    assert_eq!(lab.spec(), Some(SampleSpec::default()));
    assert_eq!(lab.preset_shown(), None);
}

#[test]
fn generated_lab_shows_the_spec_sample() {
    let spec = SampleSpec::default();
    let lab = generated(spec);
    let (points, labels) = spec.sample().expect("valid spec");
    assert_eq!(lab.points().0, points.as_slice());
    assert_eq!(lab.points().1, labels.as_slice());
}

#[test]
fn move_mean_puts_the_fitted_mean_exactly_at_the_target() {
    // The default view is [−5, 5] × [−4, 4.1] (±3σ around both means, at least ±5 × ±4),
    // so both targets are inside it and not clamped.
    for (k, to) in [(0usize, [0.5, 2.0]), (1, [-3.25, -1.5])] {
        let mut lab = generated(SampleSpec::default());
        let (mu_before, sigma_before) = fitted(&lab);
        lab.move_mean(k, to).expect("finite target");
        let (mu, sigma) = fitted(&lab);
        assert_within(mu[k][0], to[0], 1e-9, "dragged mean x");
        assert_within(mu[k][1], to[1], 1e-9, "dragged mean y");
        assert_eq!(lab.handle(k), mu[k]);
        // The other class did not move.
        let other = 1 - k;
        assert_within(mu[other][0], mu_before[other][0], 1e-12, "other mean x");
        assert_within(mu[other][1], mu_before[other][1], 1e-12, "other mean y");
        // Translating one class leaves its deviations from its own mean, hence Σ, as they
        // were.
        assert_sigma_unchanged(sigma, sigma_before);
    }
}

#[test]
fn repeated_drags_land_where_the_last_one_says() {
    let mut lab = generated(SampleSpec::default());
    for to in [[0.5, 2.0], [-2.0, 3.0], [4.0, -3.5], [0.0, 0.0]] {
        lab.move_mean(1, to).expect("finite target");
        let (mu, _) = fitted(&lab);
        assert_within(mu[1][0], to[0], 1e-9, "x");
        assert_within(mu[1][1], to[1], 1e-9, "y");
    }
}

#[test]
fn the_spec_mean_follows_the_drag() {
    // Dragging class 0's handle by Δ moves its generating mean by the same Δ.
    let mut lab = generated(SampleSpec::default());
    let before = lab.spec().expect("generated");
    let from = lab.handle(0);
    let to = [0.5, 2.0];
    lab.move_mean(0, to).expect("finite target");
    let after = lab.spec().expect("generated");
    let delta = [to[0] - from[0], to[1] - from[1]];
    assert_within(after.class0.mean[0], before.class0.mean[0] + delta[0], 1e-12, "μ₀ x");
    assert_within(after.class0.mean[1], before.class0.mean[1] + delta[1], 1e-12, "μ₀ y");
    assert_eq!(after.class1, before.class1);
    assert_eq!((after.n0, after.n1, after.seed), (before.n0, before.n1, before.seed));
    assert_eq!(after.class0.sd, before.class0.sd);
}

#[test]
fn a_dragged_lab_shows_the_same_points_as_a_fresh_sample_of_its_spec() {
    // x = μ + L·z: translating the drawn cloud equals drawing at the moved mean, so the
    // drag never needs to resample (to rounding).
    let mut lab = generated(SampleSpec::default());
    lab.move_mean(0, [0.5, 2.0]).expect("finite target");
    lab.move_mean(1, [-1.0, -2.0]).expect("finite target");
    let fresh = generated(lab.spec().expect("generated"));
    for (p, q) in lab.points().0.iter().zip(fresh.points().0) {
        assert!((p[0] - q[0]).abs() < 1e-12 && (p[1] - q[1]).abs() < 1e-12, "{p:?} vs {q:?}");
    }
}

#[test]
fn changing_sigma_after_a_drag_resamples_at_the_dragged_mean() {
    // set_spec resamples at the spec's means; a spec taken from the dragged lab carries
    // the dragged mean, so the cloud stays where the student put it.
    let mut lab = generated(SampleSpec::default());
    lab.move_mean(0, [0.5, 2.0]).expect("finite target");
    let mut spec = lab.spec().expect("generated");
    let dragged = spec.class0.mean;
    spec.class0.sd = [0.3, 0.3];
    lab.set_spec(spec).expect("valid spec");
    assert_eq!(lab.spec().expect("generated").class0.mean, dragged);
    // The points are exactly the new spec's sample (no leftover drag offset).
    let (points, _) = spec.sample().expect("valid spec");
    assert_eq!(lab.points().0, points.as_slice());
}

#[test]
fn move_mean_is_clamped_to_the_view() {
    let mut lab = generated(SampleSpec::default());
    let v = lab.view();
    lab.move_mean(0, [100.0, -100.0]).expect("finite target");
    let (mu, _) = fitted(&lab);
    assert_within(mu[0][0], v.x1, 1e-9, "clamped x");
    assert_within(mu[0][1], v.y0, 1e-9, "clamped y");
}

#[test]
fn move_mean_to_a_non_finite_point_is_an_error_and_changes_nothing() {
    for to in [[f64::NAN, 0.0], [0.0, f64::NAN], [f64::INFINITY, 1.0], [1.0, f64::NEG_INFINITY]] {
        let mut lab = generated(SampleSpec::default());
        lab.move_mean(1, [2.0, 1.0]).expect("finite target");
        let (bits, spec, summary, view) = (point_bits(&lab), lab.spec(), lab.summary(), lab.view());
        let e = lab.move_mean(0, to).expect_err("non-finite target");
        assert!(matches!(e, Error::InvalidParameter { .. }), "{e:?}");
        assert_readable_sentence(&e.to_string());
        assert_eq!(point_bits(&lab), bits);
        assert_eq!(lab.spec(), spec);
        assert_eq!(lab.summary(), summary);
        assert_eq!(lab.view(), view);
    }
}

#[test]
fn an_invalid_spec_is_rejected_and_the_panel_keeps_its_state() {
    let mut lab = generated(SampleSpec::default());
    let (bits, summary) = (point_bits(&lab), lab.summary());
    let bad = SampleSpec { n0: 0, ..SampleSpec::default() };
    let e = lab.set_spec(bad).expect_err("n₀ = 0");
    assert!(matches!(e, Error::InvalidParameter { .. }), "{e:?}");
    assert_eq!(point_bits(&lab), bits);
    assert_eq!(lab.summary(), summary);
    assert_eq!(lab.spec(), Some(SampleSpec::default()));
}

// ---------------------------------------------------------------------------------------
// Degenerate states
// ---------------------------------------------------------------------------------------

#[test]
fn one_point_per_class_reports_a_sentence_and_only_phi_and_the_means() {
    // n₀ = n₁ = 1 is a valid spec, but each point is its class mean, so Σ = 0.
    let mut lab = generated(SampleSpec::default());
    lab.set_spec(SampleSpec { n0: 1, n1: 1, ..SampleSpec::default() }).expect("valid spec");
    assert!(matches!(lab.fit(), Err(Error::SingularCovariance { .. })), "{:?}", lab.fit());
    let s = lab.summary();
    assert_failed_summary(&s);
    assert_eq!(s.n, [1, 1]);
    // The handles still sit on the points, and dragging still works without a panic.
    let (points, _) = lab.points();
    assert_eq!(lab.handle(0), points[0]);
    assert_eq!(lab.handle(1), points[1]);
    lab.move_mean(0, [1.0, 1.0]).expect("finite target");
    assert_eq!(lab.points().0[0], [1.0, 1.0]);
    assert_failed_summary(&lab.summary());
}

#[test]
fn a_degenerate_panel_recovers_when_given_enough_points() {
    let mut lab = generated(SampleSpec { n0: 1, n1: 1, ..SampleSpec::default() });
    assert_failed_summary(&lab.summary());
    lab.set_spec(SampleSpec::default()).expect("valid spec");
    let s = lab.summary();
    assert_eq!(s.error, None);
    assert!(s.phi.is_some() && s.mu.is_some() && s.sigma.is_some() && s.w.is_some() && s.b.is_some());
}

#[test]
fn two_points_per_class_on_top_of_each_other_is_degenerate_not_a_panic() {
    // Dragging both single-point classes onto one spot: μ₀ = μ₁ and Σ = 0.
    let mut lab = generated(SampleSpec { n0: 1, n1: 1, ..SampleSpec::default() });
    lab.move_mean(0, [0.0, 0.0]).expect("finite target");
    lab.move_mean(1, [0.0, 0.0]).expect("finite target");
    assert_failed_summary(&lab.summary());
}

// ---------------------------------------------------------------------------------------
// Presets
// ---------------------------------------------------------------------------------------

#[test]
fn preset_labs_show_the_data_readme_counts() {
    // /work/shared/data/*/README.md: Adelie 151, Chinstrap 68, Gentoo 123 (after dropping
    // the rows with NA bills); versicolor 50, virginica 50.
    for (p, n, names) in [
        (Preset::PenguinsAdelieChinstrap, [151, 68], ["Adelie", "Chinstrap"]),
        (Preset::PenguinsAdelieGentoo, [151, 123], ["Adelie", "Gentoo"]),
        (Preset::IrisVersicolorVirginica, [50, 50], ["versicolor", "virginica"]),
    ] {
        let lab = preset(p);
        let s = lab.summary();
        assert_eq!(s.error, None, "{}", p.id());
        assert_eq!(s.n, n, "{}", p.id());
        assert_eq!(s.class_names, names.map(String::from));
        assert_eq!(s.source, p.id());
        assert_eq!(s.seed, None);
        assert!(!s.credit.is_empty());
        assert!(s.boundary_visible, "{}", p.id());
        assert_eq!(lab.preset_shown(), Some(p));
        assert_eq!(lab.spec(), None);
        // The view holds every point.
        let v = lab.view();
        assert!(lab.points().0.iter().all(|&q| v.contains(q)), "{}", p.id());
    }
}

#[test]
fn dragging_a_preset_class_moves_only_that_class() {
    let mut lab = preset(Preset::PenguinsAdelieChinstrap);
    let (mu_before, sigma_before) = fitted(&lab);
    // Inside the padded bounding box of the bills (≈ 32–60 mm × 13–21.5 mm).
    let to = [45.0, 16.0];
    lab.move_mean(1, to).expect("finite target");
    let (mu, sigma) = fitted(&lab);
    assert_within(mu[1][0], to[0], 1e-9, "Chinstrap mean x");
    assert_within(mu[1][1], to[1], 1e-9, "Chinstrap mean y");
    assert_eq!(mu[0], mu_before[0]);
    assert_sigma_unchanged(sigma, sigma_before);
    assert_eq!(lab.preset_shown(), Some(Preset::PenguinsAdelieChinstrap));
}

#[test]
fn setting_a_spec_on_a_preset_switches_to_generated_data() {
    let mut lab = preset(Preset::IrisVersicolorVirginica);
    lab.set_spec(SampleSpec::default()).expect("valid spec");
    assert_eq!(lab.preset_shown(), None);
    assert_eq!(lab.spec(), Some(SampleSpec::default()));
    let s = lab.summary();
    assert_eq!(s.source, "generated");
    assert_eq!(s.n, [60, 40]);
    // The view is the generated data's, not iris's petal box.
    let v = lab.view();
    assert!(v.x0 <= -5.0 && v.x1 >= 5.0 && v.y0 <= -4.0 && v.y1 >= 4.0, "{v:?}");
}

#[test]
fn set_view_ignores_an_empty_or_non_finite_window() {
    let mut lab = generated(SampleSpec::default());
    let v = lab.view();
    for bad in [
        Rect { x0: 1.0, x1: 1.0, y0: 0.0, y1: 1.0 },
        Rect { x0: 2.0, x1: 1.0, y0: 0.0, y1: 1.0 },
        Rect { x0: 0.0, x1: 1.0, y0: f64::NAN, y1: 1.0 },
        Rect { x0: f64::NEG_INFINITY, x1: 1.0, y0: 0.0, y1: 1.0 },
    ] {
        lab.set_view(bad);
        assert_eq!(lab.view(), v);
    }
    let good = Rect { x0: -2.0, x1: 3.0, y0: -1.0, y1: 1.5 };
    lab.set_view(good);
    assert_eq!(lab.view(), good);
}

/// A singular Σ (every point on the line y = x) has no inverse, so no w, b or boundary; but
/// φ and the two class means are defined and shown. Before: the numbers table blanked them.
/// By hand: class 0 = (0,0), (1,1); class 1 = (2,2), (3,3): φ = 2/4, μ₀ = (0.5, 0.5),
/// μ₁ = (2.5, 2.5).
#[test]
fn a_singular_sigma_keeps_phi_and_the_means() {
    let mut lab = generated(SampleSpec::default());
    lab.load_csv("0,0,0\n1,1,0\n2,2,1\n3,3,1\n").unwrap();
    let s = lab.summary();
    assert!(s.error.as_deref().is_some_and(|e| e.contains("singular")), "{:?}", s.error);
    assert_eq!(s.phi, Some(0.5));
    assert_eq!(s.mu, Some([[0.5, 0.5], [2.5, 2.5]]));
    assert_eq!((s.sigma, s.w, s.b), (None, None, None));
}

/// With QDA drawn and every point on one line, the shared Σ and each class's Σ are all
/// singular (a class's scatter is part of the pooled one): one sentence, not two.
#[test]
fn a_singular_sigma_is_said_once_when_qda_is_drawn() {
    let mut lab = generated(SampleSpec::default());
    let mut settings = *lab.models();
    settings.covariance = genlab::gda::lab::Covariance::PerClass;
    lab.set_models(settings).unwrap();
    lab.load_csv("0,0,0\n1,1,0\n2,2,0\n3,3,1\n4,4,1\n5,5,1\n").unwrap();
    let s = lab.summary();
    assert!(s.error.as_deref().is_some_and(|e| e.contains("singular")), "{:?}", s.error);
    assert_eq!(s.model_error, None);
}
