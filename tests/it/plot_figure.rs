//! The GDA figure as the panel redraws it while a mean is dragged (src/plot/figure.rs): a
//! frame drawn over the kept base must show what a figure drawn from nothing shows, and
//! copying out only the rectangles a frame reports must keep the copy equal to the figure.
//! The reference for both is the figure itself, drawn whole.
#![cfg(not(target_arch = "wasm32"))]

use genlab::gda::lab::ModelSettings;
use genlab::gda::{GdaLab, SampleSpec};
use genlab::plot::figure::{FrameUpdate, GdaFigure};
use genlab::plot::gda::GdaLayers;
use genlab::plot::Style;

const SIZE: (u32, u32) = (480, 360);

fn style() -> Style {
    Style { dpr: 1.0, projector: false, dark: false }
}

/// The steps of a drag: class 0's mean on a circle around its start, a new sample every
/// other step (as the benchmark's drag step resamples).
fn step(lab: &mut GdaLab, i: u64) {
    if i % 2 == 1 {
        let spec = SampleSpec { seed: 100 + i, ..lab.spec().unwrap() };
        lab.set_spec(spec).unwrap();
    }
    let t = i as f64 / 3.0;
    let start = SampleSpec::default().class0.mean;
    lab.move_mean(0, [start[0] + 0.8 * t.cos(), start[1] + 0.6 * t.sin()]).unwrap();
}

/// Copies `update`'s rectangles (or everything) from the figure into `canvas`.
fn copy_out(figure: &GdaFigure, update: &FrameUpdate, canvas: &mut Vec<u8>) {
    let raster = figure.raster();
    let px = raster.pixels();
    let stride = 4 * SIZE.0 as usize;
    match &update.region {
        None => {
            canvas.clear();
            canvas.extend_from_slice(px);
        }
        Some(rects) => {
            for &[x0, y0, x1, y1] in rects {
                for y in y0 as usize..y1 as usize {
                    let (a, b) = (y * stride + 4 * x0 as usize, y * stride + 4 * x1 as usize);
                    canvas[a..b].copy_from_slice(&px[a..b]);
                }
            }
        }
    }
}

/// How many pixels of two pictures differ by more than `tol` in a channel.
fn differing(a: &[u8], b: &[u8], tol: u8) -> usize {
    assert_eq!(a.len(), b.len());
    a.chunks_exact(4)
        .zip(b.chunks_exact(4))
        .filter(|(p, q)| p.iter().zip(*q).any(|(p, q)| p.abs_diff(*q) > tol))
        .count()
}

fn run(settings: impl Fn(&mut ModelSettings)) {
    let mut lab = GdaLab::generated(SampleSpec::default()).unwrap();
    let mut models = *lab.models();
    settings(&mut models);
    lab.set_models(models).unwrap();
    let layers = GdaLayers::default();
    let mut figure = GdaFigure::new();
    let mut canvas = Vec::new();
    let mut partial = 0;
    for i in 0..12 {
        step(&mut lab, i);
        let update = figure.render(&lab, &layers, &style(), SIZE).unwrap();
        assert_eq!(update.labels.len(), figure.raster().texts().len());
        partial += usize::from(update.region.is_some());
        copy_out(&figure, &update, &mut canvas);
        figure.shown();
        // The copy holds the frame whole.
        assert_eq!(differing(&canvas, figure.raster().pixels(), 0), 0, "step {i}");
        // And the frame is the figure: drawn from nothing, the same picture, but where
        // the two generating Gaussians' dashes cross (drawn in the other order when one
        // of them stays in the kept base) and for coverage rounded the other way.
        let mut fresh = GdaFigure::new();
        let whole = fresh.render(&lab, &layers, &style(), SIZE).unwrap();
        assert_eq!(whole.region, None, "a first frame is copied whole");
        assert!(whole.labels.iter().all(|&d| d));
        let n = differing(fresh.raster().pixels(), figure.raster().pixels(), 2);
        assert!(n <= 40, "step {i}: {n} pixels differ");
        assert_eq!(fresh.raster().texts().len(), figure.raster().texts().len());
    }
    // Every frame reported only what changed but the first, and the second: the Gaussian
    // that stayed still then joins the kept base, which is drawn again.
    assert_eq!(partial, 10);
}

#[test]
fn drag_frames_over_the_kept_base_match_the_figure_drawn_whole() {
    run(|_| {});
}

#[test]
fn drag_frames_with_the_heat_map_and_logistic_regression_match_too() {
    run(|m| {
        m.heat = true;
        m.logistic = true;
    });
}

#[test]
fn a_lost_copy_is_reported_whole_with_every_label() {
    let lab = GdaLab::generated(SampleSpec::default()).unwrap();
    let mut figure = GdaFigure::new();
    let layers = GdaLayers::default();
    // The second frame puts the generating Gaussians, which stayed still, into the base.
    for _ in 0..2 {
        figure.render(&lab, &layers, &style(), SIZE).unwrap();
        figure.shown();
    }
    let same = figure.render(&lab, &layers, &style(), SIZE).unwrap();
    // Nothing moved: only the tiles drawn on again (the plot box's shapes and the labels
    // over them) are copied, not the margins.
    let area: u32 = same.region.as_ref().unwrap().iter().map(|r| (r[2] - r[0]) * (r[3] - r[1])).sum();
    assert!(area < SIZE.0 * SIZE.1, "{area}");
    figure.shown();
    figure.forget_shown();
    let lost = figure.render(&lab, &layers, &style(), SIZE).unwrap();
    assert_eq!(lost.region, None);
    assert!(lost.labels.iter().all(|&d| d));
}

#[test]
fn a_picture_larger_than_a_raster_is_refused_and_the_next_frame_is_whole() {
    let lab = GdaLab::generated(SampleSpec::default()).unwrap();
    let mut figure = GdaFigure::new();
    let layers = GdaLayers::default();
    figure.render(&lab, &layers, &style(), SIZE).unwrap();
    figure.shown();
    assert!(figure.render(&lab, &layers, &style(), (5000, 5000)).is_err());
    assert_eq!(figure.render(&lab, &layers, &style(), SIZE).unwrap().region, None);
}

#[test]
fn markers_stamped_straight_into_the_raster_are_the_markers_plotters_draws() {
    use genlab::plot::gda::{draw_base, draw_points};
    use genlab::plot::raster::{Raster, RasterBackend};
    use plotters::prelude::IntoDrawingArea;
    use std::cell::RefCell;
    // Both classes, at three pixel ratios (three marker sizes), on a preset and a sample.
    for dpr in [0.5, 1.0, 2.0] {
        let style = Style { dpr, projector: dpr == 1.0, dark: false };
        let mut lab = GdaLab::generated(SampleSpec { n0: 300, n1: 300, ..SampleSpec::default() }).unwrap();
        lab.move_mean(1, [1.3, 0.4]).unwrap();
        let size = ((480.0 * dpr) as u32, (360.0 * dpr) as u32);
        let [slow, fast] = [false, true].map(|direct| {
            let raster = RefCell::new(Raster::new(size.0, size.1).unwrap());
            let root = RasterBackend::new(&raster).into_drawing_area();
            let frame = draw_base(&root, &lab, &GdaLayers::default(), &style, None).unwrap();
            draw_points(&root, &lab, &style, &frame, direct.then_some(&raster), false).unwrap();
            raster.into_inner()
        });
        assert_eq!(differing(slow.pixels(), fast.pixels(), 0), 0, "dpr {dpr}");
        // Not vacuous: the markers are there.
        let blank = RefCell::new(Raster::new(size.0, size.1).unwrap());
        draw_base(&RasterBackend::new(&blank).into_drawing_area(), &lab, &GdaLayers::default(), &style, None).unwrap();
        let marked = differing(blank.into_inner().pixels(), fast.pixels(), 0);
        assert!(marked as f64 > 600.0 * 4.0 * dpr * dpr, "dpr {dpr}: {marked}");
    }
}

#[test]
fn an_ellipse_is_stroked_at_each_pixel_centres_distance_from_the_curve() {
    use genlab::plot::raster::Raster;
    // An eccentric ellipse, turned 30°: semi-axes 120 and 40 px, a stroke 4 px wide, black.
    let (c, (a, b), turn, width) = ((150.0, 150.0), (120.0f64, 40.0f64), 30f64.to_radians(), 4.0);
    // Q = R diag(1/a², 1/b²) Rᵀ.
    let (cs, sn) = (turn.cos(), turn.sin());
    let q = [
        cs * cs / (a * a) + sn * sn / (b * b),
        cs * sn * (1.0 / (a * a) - 1.0 / (b * b)),
        sn * sn / (a * a) + cs * cs / (b * b),
    ];
    let mut r = Raster::new(300, 300).unwrap();
    r.stroke_ellipse(c, q, width, [0.0, 0.0, 300.0, 300.0], [0, 0, 0], 1.0);
    // The reference: the exact distance to the curve (the nearest of 720 points, then
    // refined between its neighbours), and the band's overlap with the pixel across it.
    let at = |t: f64| {
        let (u, v) = (a * t.cos(), b * t.sin());
        (c.0 + cs * u - sn * v, c.1 + sn * u + cs * v)
    };
    let step = std::f64::consts::TAU / 720.0;
    let (mut worst, mut painted) = (0.0f64, 0);
    for y in 0..300u32 {
        for x in 0..300u32 {
            let (px, py) = (f64::from(x) + 0.5, f64::from(y) + 0.5);
            let (dx, dy) = (px - c.0, py - c.1);
            let g = (q[0] * dx * dx + 2.0 * q[1] * dx * dy + q[2] * dy * dy).sqrt();
            if (g - 1.0).abs() > 0.3 {
                // At least 0.3 × 40 = 12 px from the curve.
                assert_eq!(r.pixel(x, y), Some([255; 4]), "({x}, {y})");
                continue;
            }
            let dist = |t: f64| {
                let p = at(t);
                ((p.0 - px).powi(2) + (p.1 - py).powi(2)).sqrt()
            };
            let k = (0..720).min_by(|&i, &j| dist(f64::from(i) * step).total_cmp(&dist(f64::from(j) * step))).unwrap();
            let d = (0..=200)
                .map(|i| dist((f64::from(k) - 1.0 + f64::from(i) / 100.0) * step))
                .fold(f64::INFINITY, f64::min);
            let want = (f64::min(d + width / 2.0, 0.5) - f64::max(d - width / 2.0, -0.5)).clamp(0.0, 1.0);
            let got = 1.0 - f64::from(r.pixel(x, y).unwrap()[0]) / 255.0;
            painted += usize::from(got > 0.0);
            worst = worst.max((got - want).abs());
        }
    }
    // Off where the curve bends most (radius of curvature b²/a = 13 px at the ends of the
    // long axis), by 0.063 of a pixel's coverage at worst.
    assert!(painted > 2000, "{painted}");
    assert!(worst < 0.07, "{worst}");
}
