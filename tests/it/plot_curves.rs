//! The learning-curves figure drawn to SVG: the crossover line at the m the summary gives,
//! the Bayes error's label, and an empty summary (before the first split) drawn without
//! failing.

use genlab::curves::{Cloud, CurveRun, CurveSpec, Pairing};
use genlab::plot::curves::{draw_curves, CurvesText};
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
