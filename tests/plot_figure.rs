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
    Style { dpr: 1.0, projector: false }
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
