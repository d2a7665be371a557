//! The learning-curves figure drawn to SVG: the crossover line at the m the summary gives,
//! the Bayes error's label, and an empty summary (before the first split) drawn without
//! failing; the axes alone (a prediction hides the curves) on the same m axis as the run's.

use genlab::curves::{Cloud, CurveRun, CurveSpec, Pairing};
use genlab::plot::curves::{draw_curves, draw_curves_axes, CurvesText};
use genlab::plot::Style;
use plotters::prelude::*;

fn run(splits: usize) -> genlab::curves::CurveSummary {
    let pairing = Pairing::Clouds(Cloud::ModelTrue);
    let spec = CurveSpec { pairing, m_min: 4, m_max: 300, sizes: 10, splits, lambda: 0.01, alpha: 1e-9, seed: 1 };
    let mut r = CurveRun::new(spec, pairing.data(1, "").unwrap()).unwrap();
    r.step(splits);
    r.summary()
}

#[test]
fn crossover_and_bayes_error_are_drawn_where_the_summary_says() {
    let mut summary = run(10);
    // Pin the crossover and draw it: the dashed line's x is log10(m) mapped into the frame.
    summary.crossover = Some(20.0);
    let mut svg = String::new();
    let frame = {
        let root = SVGBackend::with_string(&mut svg, (800, 500)).into_drawing_area();
        let f = draw_curves(&root, &summary, &CurvesText::default(), &Style::default()).unwrap();
        root.present().unwrap();
        f
    };
    assert!(svg.contains("crossover m ≈ 20"), "crossover label");
    assert!(svg.contains("Bayes error 22.4 %"), "Bayes error label: Φ(−√2.3/2) = 0.2241");
    let x =
        frame.left as f64 + (20f64.log10() - frame.x0) / (frame.x1 - frame.x0) * f64::from(frame.right - frame.left);
    // The dashes are vertical segments at that x (plotters writes integer pixel coordinates).
    let xi = x.round() as i32;
    let dashes = svg
        .lines()
        .filter(|l| l.contains("<polyline") && (xi - 1..=xi + 1).any(|c| l.contains(&format!("points=\"{c},"))))
        .count();
    assert!(dashes >= 10, "{dashes} dashes at x = {xi}");
}

#[test]
fn an_empty_summary_draws_the_waiting_figure() {
    let mut summary = run(1);
    for c in &mut summary.curves {
        c.points.clear();
        c.asymptote = None;
    }
    summary.splits_done = 0;
    summary.crossover = None;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (400, 300)).into_drawing_area();
        draw_curves(&root, &summary, &CurvesText::default(), &Style { dpr: 2.0, projector: true, dark: true }).unwrap();
        root.present().unwrap();
    }
    assert!(svg.contains("computing…"));
}

#[test]
fn the_axes_alone_share_the_runs_m_axis_and_draw_no_curve() {
    let summary = run(5);
    let text = CurvesText { waiting: "hidden until you commit".into(), ..CurvesText::default() };
    let draw = |f: &dyn Fn(&DrawingArea<SVGBackend<'_>, plotters::coord::Shift>) -> genlab::Result<_>| {
        let mut svg = String::new();
        let frame = {
            let root = SVGBackend::with_string(&mut svg, (800, 500)).into_drawing_area();
            let frame = f(&root).unwrap();
            root.present().unwrap();
            frame
        };
        (svg, frame)
    };
    let (full, full_frame) = draw(&|root| draw_curves(root, &summary, &text, &Style::default()));
    let (axes, axes_frame) = draw(&|root| draw_curves_axes(root, (4.0, 300.0), &text, &Style::default()));
    // The run's sizes go from 4 to 300: the same axis, in the same place.
    assert_eq!(axes_frame.x0, full_frame.x0);
    assert_eq!(axes_frame.x1, full_frame.x1);
    assert_eq!((axes_frame.left, axes_frame.right), (full_frame.left, full_frame.right));
    assert!(axes.contains("hidden until you commit"));
    assert!(!axes.contains("Bayes error"));
    assert!(!axes.contains("crossover"));
    // No curve: no marker circles, no polygon bands (the full figure has both).
    assert!(full.contains("<circle") && full.contains("<polygon"));
    assert!(!axes.contains("<circle") && !axes.contains("<polygon"), "no curve drawn");
    for bad in [(0.0, 10.0), (10.0, 10.0), (f64::NAN, 10.0), (4.0, f64::INFINITY)] {
        let mut svg = String::new();
        let root = SVGBackend::with_string(&mut svg, (200, 100)).into_drawing_area();
        assert!(draw_curves_axes(&root, bad, &text, &Style::default()).is_err(), "{bad:?}");
    }
}
