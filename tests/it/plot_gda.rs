//! The GDA figure rendered natively to SVG: the same drawing code the canvas runs, checked
//! element by element.
#![cfg(not(target_arch = "wasm32"))]

use genlab::data::Preset;
use genlab::gda::{GdaLab, SampleSpec};
use genlab::plot::gda::{draw, GdaLayers};
use genlab::plot::Style;
use plotters::prelude::*;

fn render(lab: &GdaLab, style: Style) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (800, 600)).into_drawing_area();
        draw(&root, lab, &GdaLayers::default(), &style).unwrap();
        root.present().unwrap();
    }
    svg
}

#[test]
fn every_point_is_drawn_with_its_class_marker() {
    let lab = GdaLab::generated(SampleSpec::default()).unwrap();
    let svg = render(&lab, Style::default());
    let (points, labels) = lab.points();
    let view = lab.view();
    let inside = |k: u8| points.iter().zip(labels).filter(|(p, &l)| l == k && view.contains(**p)).count();
    // Class 0 are circles, class 1 triangles (polygons). Extra circles: the legend's class-0
    // marker and three per drag handle at most (ring, white, fill).
    let circles = svg.matches("<circle").count();
    let polygons = svg.matches("<polygon").count();
    assert!(circles >= inside(0) && circles <= inside(0) + 1 + 6, "{circles} circles for {} points", inside(0));
    assert!(polygons >= inside(1) && polygons <= inside(1) + 1, "{polygons} triangles for {} points", inside(1));
}

#[test]
fn ellipses_are_labelled_with_the_mass_they_hold() {
    // 1 − e^(−1/2) = 0.393469…, 1 − e^(−2) = 0.864665… (χ² with 2 degrees of freedom).
    let lab = GdaLab::generated(SampleSpec::default()).unwrap();
    let svg = render(&lab, Style::default());
    assert!(svg.contains("39.3 %"), "no 1σ label");
    assert!(svg.contains("86.5 %"), "no 2σ label");
    assert!(svg.contains("boundary p = 0.5"));
    assert!(svg.contains("true Gaussians"));
}

#[test]
fn presets_draw_with_axis_names_and_without_true_gaussians() {
    let lab = GdaLab::preset(Preset::PenguinsAdelieChinstrap).unwrap();
    let svg = render(&lab, Style::default());
    assert!(svg.contains("bill length (mm)") && svg.contains("bill depth (mm)"));
    assert!(svg.contains("Adelie") && svg.contains("Chinstrap"));
    assert!(!svg.contains("true Gaussians"));
}

#[test]
fn degenerate_data_still_draws_points_and_no_nan() {
    let mut lab = GdaLab::generated(SampleSpec::default()).unwrap();
    lab.set_spec(SampleSpec { n0: 1, n1: 1, ..SampleSpec::default() }).unwrap();
    assert!(lab.fit().is_err());
    let svg = render(&lab, Style::default());
    assert!(!svg.contains("NaN") && !svg.contains("inf"));
    assert!(!svg.contains("39.3 %"), "no ellipse without a fit");
}

#[test]
fn sizes_scale_with_the_device_pixel_ratio() {
    // Stroke widths and fonts go through Style::px: at dpr 2 the boundary is twice as wide.
    let lab = GdaLab::generated(SampleSpec::default()).unwrap();
    let one = render(&lab, Style { dpr: 1.0, projector: false, dark: false });
    let two = render(&lab, Style { dpr: 2.0, projector: false, dark: false });
    // The boundary is the only stroke of #111111; 2.5 CSS px rounds to 3 and 5.
    let width = |svg: &str| -> Option<String> {
        let i = svg.find("stroke=\"#111111\"")?;
        let rest = &svg[i..];
        let j = rest.find("stroke-width=\"")? + 14;
        Some(rest[j..].chars().take_while(|c| c.is_ascii_digit()).collect())
    };
    assert_eq!(width(&one).as_deref(), Some("3"));
    assert_eq!(width(&two).as_deref(), Some("5"));
}

/// A prior override moves the Bayes boundary and leaves a grey dashed line where
/// p(y = 1 | x) = ½ with the fitted prior: the legend names it (the exported PNG is this
/// drawing). Before, the dashed line was drawn and the legend did not say what it was.
#[test]
fn the_dashed_reference_of_a_moved_decision_rule_is_named_in_the_legend() {
    let mut lab = GdaLab::generated(SampleSpec::default()).unwrap();
    let name = "p = 0.5 (fitted φ, equal losses)";
    assert!(!render(&lab, Style::default()).contains(name), "named without being drawn");
    let mut settings = *lab.models();
    settings.prior = Some(0.9);
    lab.set_models(settings).unwrap();
    assert!(render(&lab, Style::default()).contains(name), "the dashed reference is not named");
    // Unequal losses move the rule too.
    let mut settings = *lab.models();
    settings.prior = None;
    settings.loss10 = 4.0;
    lab.set_models(settings).unwrap();
    assert!(render(&lab, Style::default()).contains(name));
}
