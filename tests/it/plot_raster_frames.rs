//! What the GDA panel relies on to redraw a frame cheaply (src/plot/raster/damage.rs): undoing
//! only what was drawn over the saved base, reporting which pixels changed, laying recorded
//! blends again over a new picture, deciding which labels to draw again, and drawing a
//! picture in strips. Expected values are worked out by hand from the blend rule
//! dst = src·a + dst·(1 − a) in bytes (a = round(255·alpha)) and the 16-pixel tiles.
#![cfg(not(target_arch = "wasm32"))]

use std::cell::RefCell;

use genlab::gda::{GdaLab, SampleSpec};
use genlab::plot::gda::{draw, GdaLayers};
use genlab::plot::raster::{plan_labels, QueuedText, Raster, RasterBackend};
use genlab::plot::Style;
use plotters::prelude::*;

const BLACK: [u8; 3] = [0, 0, 0];

#[test]
fn a_joint_between_collinear_segments_leaves_no_seam() {
    // A band 2 px wide on y = 10 from x = 2 to 14 covers pixel [7, 8] × [9, 10] whole,
    // wherever the polyline is split: a joint at x = 7.5 must not leave it half covered.
    let mut split = Raster::new(16, 16).unwrap();
    split.stroke_polyline(&[(2.0, 10.0), (7.5, 10.0), (14.0, 10.0)], 2.0, BLACK, 1.0);
    let mut whole = Raster::new(16, 16).unwrap();
    whole.stroke_polyline(&[(2.0, 10.0), (14.0, 10.0)], 2.0, BLACK, 1.0);
    assert_eq!(split.pixel(7, 9), Some([0, 0, 0, 255]));
    assert_eq!(split.pixel(7, 10), Some([0, 0, 0, 255]));
    assert_eq!(split.pixels(), whole.pixels());
}

#[test]
fn restoring_the_base_undoes_the_drawing_and_reports_the_tiles_it_touched() {
    let mut r = Raster::new(64, 48).unwrap();
    r.save_base();
    r.fill_rect(20.0, 20.0, 24.0, 24.0, BLACK, 1.0);
    assert_eq!(r.pixel(21, 21), Some([0, 0, 0, 255]));
    // The square lies in the tile [16, 32) × [16, 32).
    assert_eq!(r.take_changes(), Some(vec![[16, 16, 32, 32]]));
    assert!(r.restore_base());
    assert_eq!(r.pixel(21, 21), Some([255; 4]));
    // Put back, so changed again since the last report; then nothing.
    assert_eq!(r.take_changes(), Some(vec![[16, 16, 32, 32]]));
    assert_eq!(r.take_changes(), Some(vec![]));
}

#[test]
fn changed_tile_rows_with_the_same_columns_make_one_rectangle() {
    let mut r = Raster::new(64, 48).unwrap();
    r.save_base();
    // Rows 10..40 at x 5..9 (tiles 0 in rows of tiles 0, 1, 2) and x 40 in tile row 2.
    r.fill_rect(5.0, 10.0, 9.0, 40.0, BLACK, 1.0);
    r.fill_rect(40.0, 35.0, 41.0, 36.0, BLACK, 1.0);
    assert_eq!(r.take_changes(), Some(vec![[0, 0, 16, 32], [0, 32, 48, 48]]));
}

#[test]
fn without_a_base_no_changes_are_known() {
    let mut r = Raster::new(8, 8).unwrap();
    assert_eq!(r.take_changes(), None);
    assert!(!r.restore_base());
}

#[test]
fn a_skipped_box_is_not_restored_but_stays_marked() {
    let mut r = Raster::new(64, 48).unwrap();
    r.save_base();
    r.fill_rect(0.0, 0.0, 64.0, 48.0, [200, 0, 0], 1.0);
    assert!(r.restore_base_except(Some([8, 8, 40, 40])));
    // Inside the box the drawing stays (the caller paints over it); outside it is undone.
    assert_eq!(r.pixel(10, 10), Some([200, 0, 0, 255]));
    assert_eq!(r.pixel(50, 5), Some([255; 4]));
    assert_eq!(r.pixel(39, 5), Some([255; 4]));
    // The box counts as drawn on: the next full restore puts it back.
    assert!(r.restore_base());
    assert_eq!(r.pixel(10, 10), Some([255; 4]));
}

#[test]
fn replayed_blends_equal_the_shapes_drawn_over_the_new_picture() {
    let mut r = Raster::new(8, 8).unwrap();
    r.start_recording();
    r.fill_rect(2.0, 2.0, 6.0, 3.0, BLACK, 0.5);
    r.fill_rect(0.0, 6.0, 1.0, 7.0, BLACK, 1.0);
    // Only the blends in [0, 8) × [0, 5) are kept: not the pixel at (0, 6).
    r.stop_recording([0, 0, 8, 5]);
    r.clear([255, 0, 0]);
    assert!(r.replay());
    // a = round(255 · 0.5) = 128: red = (255 · 127 + 0 · 128) / 255 = 127, rounded.
    assert_eq!(r.pixel(3, 2), Some([127, 0, 0, 255]));
    assert_eq!(r.pixel(0, 6), Some([255, 0, 0, 255]));
    let mut direct = Raster::new(8, 8).unwrap();
    direct.clear([255, 0, 0]);
    direct.fill_rect(2.0, 2.0, 6.0, 3.0, BLACK, 0.5);
    assert_eq!(r.pixel(3, 2), direct.pixel(3, 2));
    assert_eq!(r.pixel(5, 2), direct.pixel(5, 2));
}

#[test]
fn nothing_is_replayed_without_a_recording() {
    let mut r = Raster::new(4, 4).unwrap();
    assert!(!r.replay());
}

/// The labels `draw` queues on a raster of `size`.
fn labels(size: (u32, u32), draw: impl Fn(&DrawingArea<RasterBackend<'_>, plotters::coord::Shift>)) -> Vec<QueuedText> {
    let raster = RefCell::new(Raster::new(size.0, size.1).unwrap());
    draw(&RasterBackend::new(&raster).into_drawing_area());
    let texts = raster.borrow().texts().to_vec();
    texts
}

#[test]
fn a_label_box_takes_each_character_as_one_em() {
    let t = labels((200, 100), |root| {
        root.draw(&Text::new("ab", (100, 50), ("sans-serif", 10.0).into_font())).unwrap();
    });
    // Anchored top left: 2 characters × 10 px wide, 1.5 × 10 px high, padded by
    // 2 + 10/4 = 4.5 px: [95.5, 45.5, 124.5, 69.5] widened to whole pixels.
    assert_eq!(t[0].bounds(), [95, 45, 125, 70]);
}

#[test]
fn only_labels_that_changed_or_lie_over_changed_pixels_are_drawn_again() {
    let at = |p: (i32, i32), q: (i32, i32)| {
        labels((400, 300), move |root| {
            root.draw(&Text::new("A", p, ("sans-serif", 10.0).into_font())).unwrap();
            root.draw(&Text::new("B", q, ("sans-serif", 10.0).into_font())).unwrap();
        })
    };
    let before = at((10, 10), (200, 200));
    assert!(before[0].same_as(&before[0]) && !before[0].same_as(&before[1]));
    // Nothing changed: nothing to draw, nothing to copy out.
    let mut region = vec![];
    assert_eq!(plan_labels(&before, &before, &mut region, (400, 300)), vec![false, false]);
    assert!(region.is_empty());
    // Pixels under A changed: A is drawn again, over its whole box copied out anew.
    let mut region = vec![[12, 12, 14, 14]];
    assert_eq!(plan_labels(&before, &before, &mut region, (400, 300)), vec![true, false]);
    assert!(region.contains(&{
        let b = before[0].bounds();
        [b[0].max(0) as u32, b[1].max(0) as u32, b[2] as u32, b[3] as u32]
    }));
    // B moved: drawn at its new place, and its old box is copied out to wipe it.
    let after = at((10, 10), (250, 100));
    let mut region = vec![];
    assert_eq!(plan_labels(&after, &before, &mut region, (400, 300)), vec![false, true]);
    let old = before[1].bounds().map(|v| v as u32);
    assert!(region.contains(&old), "{region:?}");
}

#[test]
fn a_figure_drawn_in_strips_matches_it_drawn_whole() {
    let lab = GdaLab::generated(SampleSpec::default()).unwrap();
    let (w, h) = (320, 240);
    let style = Style { dpr: 1.0, projector: false, dark: false };
    let whole = RefCell::new(Raster::new(w, h).unwrap());
    draw(&RasterBackend::new(&whole).into_drawing_area(), &lab, &GdaLayers::default(), &style).unwrap();
    let whole = whole.into_inner();
    for (top, rows) in [(0, 100), (100, 100), (200, 40)] {
        let strip = RefCell::new(Raster::new(w, rows).unwrap());
        draw(&RasterBackend::strip(&strip, h, top as i32).into_drawing_area(), &lab, &GdaLayers::default(), &style)
            .unwrap();
        let strip = strip.into_inner();
        // The labels are queued where they lie in the whole picture.
        assert_eq!(strip.texts().len(), whole.texts().len());
        for y in 0..rows {
            for x in 0..w {
                let (a, b) = (strip.pixel(x, y).unwrap(), whole.pixel(x, y + top).unwrap());
                // Equal, up to a rounding of the coverage of a shape's edge.
                assert!(a.iter().zip(b).all(|(a, b)| a.abs_diff(b) <= 2), "({x}, {}): {a:?} {b:?}", y + top);
            }
        }
    }
}
