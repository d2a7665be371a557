//! The boundary of a model with a Σ per class (three classes, and two) is drawn as the
//! smooth curve it is: its ink lies along the pairwise zero set t_a(x) = t_b(x), never in
//! steps beside it.
//!
//! The reference curve is traced apart from the drawing, on a lattice four times finer
//! (each vertex refined onto t_a = t_b: the test checks |t_a − t_b| < 1e-9 at every one),
//! and mapped to pixels. The boundary is a 2.5 px stroke in near-black ink; a pixel that
//! comes out dark (every channel under 90, so mostly covered by the stroke) has its centre
//! within about half the stroke (1.25 px) of the line the stroke follows. Stroked through
//! the exact vertices, the darkest pixels lie at most 1.33 px from the curve (measured);
//! through vertices rounded to whole pixels (~1 px apart on this curve, so the path turns
//! by 45° and 90° at each), the stroke steps off the curve and dark pixels reach 1.82 px
//! (measured before the fix, three species). The bound is 1.5 px.

use genlab::data::Preset;
use genlab::gda::lab::{Covariance, ModelSettings};
use genlab::gda::{traced_boundaries, GdaLab};
use genlab::plot::figure::GdaFigure;
use genlab::plot::gda::GdaLayers;
use genlab::plot::Style;

use crate::common;

const SIZE: (u32, u32) = (900, 560);

/// The distance from `p` to the segment a–b.
fn to_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) };
    ((p.0 - a.0 - t * dx).powi(2) + (p.1 - a.1 - t * dy).powi(2)).sqrt()
}

#[test]
fn quadratic_boundaries_are_drawn_on_the_curve_without_steps() {
    for preset in [Preset::PenguinsThreeSpecies, Preset::PenguinsAdelieChinstrap] {
        curved_boundary_on_its_curve(preset);
    }
}

/// The check above on `preset`'s model with a Σ per class.
fn curved_boundary_on_its_curve(preset: Preset) {
    let mut lab = common::unwrap(GdaLab::preset(preset));
    common::unwrap(lab.set_models(ModelSettings { covariance: Covariance::PerClass, ..ModelSettings::default() }));
    let mut figure = GdaFigure::new();
    let update = common::unwrap(figure.render(&lab, &GdaLayers::default(), &Style::default(), SIZE));
    let frame = update.frame;
    let px = figure.raster().pixels().to_vec();
    let model = lab.decision_model().expect("a k-class model");
    // The reference curves, in pixels.
    let mut curves: Vec<Vec<(f64, f64)>> = Vec::new();
    for pair in traced_boundaries(&model, frame.view, 384, 288) {
        let (a, b) = pair.classes;
        for line in &pair.top_two {
            for p in line {
                let t = model.scores(*p);
                assert!((t[a] - t[b]).abs() < 1e-9, "a reference vertex off t_a = t_b: {p:?}");
            }
            curves.push(
                line.iter()
                    .map(|p| {
                        let [x, y] = frame.to_pixels(*p);
                        (x, y)
                    })
                    .collect(),
            );
        }
    }
    assert!(!curves.is_empty(), "{preset:?}: a boundary");
    let near = |p: (f64, f64)| {
        curves.iter().flat_map(|c| c.windows(2)).map(|w| to_segment(p, w[0], w[1])).fold(f64::INFINITY, f64::min)
    };
    // Ink pixels (the boundary's near-black) within 4 px of a curve, away from the plot
    // box's frame (drawn in ink too) and from the legend (its sample line).
    let [l, t, r, b] = frame.pixels;
    let (mut ink, mut off) = (0usize, Vec::new());
    for y in (t + 6)..(b - 6) {
        for x in (l + 6)..(r - 6) {
            let i = 4 * (y as usize * SIZE.0 as usize + x as usize);
            let dark = px[i].max(px[i + 1]).max(px[i + 2]) < 90;
            if !dark {
                continue;
            }
            let d = near((f64::from(x) + 0.5, f64::from(y) + 0.5));
            if d > 4.0 {
                continue;
            }
            ink += 1;
            if d > 1.5 {
                off.push(((x, y), d));
            }
        }
    }
    assert!(ink > 300, "{preset:?}: the boundaries are drawn: {ink} ink pixels");
    assert!(
        off.is_empty(),
        "{preset:?}: {} of {ink} ink pixels lie beside the curve (first: {:?})",
        off.len(),
        &off[..off.len().min(5)]
    );
}
