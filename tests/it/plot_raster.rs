//! The software rasterizer behind the GDA figure's canvas (src/plot/raster/): coverage of
//! pixels at positions worked out by hand, the canvas's half-pixel conventions, and the
//! whole figure drawn through its plotters backend.
#![cfg(not(target_arch = "wasm32"))]

use std::cell::RefCell;

use genlab::gda::{Classifier, GdaLab, HeatMap, PosteriorPalette, Rect, SampleSpec};
use genlab::plot::gda::{draw, GdaLayers};
use genlab::plot::raster::{Raster, RasterBackend};
use genlab::plot::{Style, CLASS0, CLASS1};
use plotters::prelude::*;

const BLACK3: [u8; 3] = [0, 0, 0];

/// The coverage a pixel got from black painted at full alpha over white.
fn coverage(r: &Raster, x: u32, y: u32) -> f64 {
    1.0 - f64::from(r.pixel(x, y).unwrap()[0]) / 255.0
}

#[test]
fn disc_covers_its_inside_and_approximates_the_area_at_its_edge() {
    let mut r = Raster::new(20, 20).unwrap();
    r.fill_circle(10.0, 10.0, 3.0, BLACK3, 1.0);
    // The four pixels around the centre (a grid corner) are inside.
    for (x, y) in [(9, 9), (10, 9), (9, 10), (10, 10)] {
        assert_eq!(coverage(&r, x, y), 1.0, "({x}, {y})");
    }
    // Pixel [13, 14] × [10, 11] only touches the circle at (13, 10): empty.
    assert_eq!(coverage(&r, 13, 10), 0.0);
    // Pixel [12, 13] × [10, 11]: the area inside is ∫₀¹ (√(9 − u²) − 2) du
    // = ½√8 + 4.5·asin(⅓) − 2 = 0.9435.
    assert!((coverage(&r, 12, 10) - 0.9435).abs() < 0.02, "{}", coverage(&r, 12, 10));
    // Symmetric about the centre: the mirror pixel [7, 8] × [9, 10] gets the same.
    assert_eq!(r.pixel(12, 10), r.pixel(7, 9));
    assert_eq!(r.pixel(0, 0), Some([255, 255, 255, 255]));
}

#[test]
fn triangle_coverage_is_the_exact_area_of_each_pixel_inside() {
    let mut r = Raster::new(8, 8).unwrap();
    r.fill_polygon(&[(0.0, 0.0), (4.0, 0.0), (0.0, 4.0)], BLACK3, 1.0);
    // Inside x + y ≤ 4: pixel (1, 1) has its far corner on the hypotenuse.
    assert_eq!(coverage(&r, 0, 0), 1.0);
    assert_eq!(coverage(&r, 1, 1), 1.0);
    // Pixels (3, 0) and (1, 2) are cut corner to corner by x + y = 4: half each.
    for (x, y) in [(3, 0), (1, 2), (0, 3)] {
        assert!((coverage(&r, x, y) - 0.5).abs() <= 1.0 / 255.0, "({x}, {y}): {}", coverage(&r, x, y));
    }
    // Pixel (2, 2) only touches the hypotenuse at (2, 2)... (3, 1): empty.
    assert_eq!(coverage(&r, 2, 2), 0.0);
    assert_eq!(coverage(&r, 4, 0), 0.0);
}

#[test]
fn triangle_winding_does_not_matter() {
    let mut a = Raster::new(8, 8).unwrap();
    let mut b = Raster::new(8, 8).unwrap();
    a.fill_polygon(&[(0.0, 0.0), (4.0, 0.0), (0.0, 4.0)], BLACK3, 1.0);
    b.fill_polygon(&[(0.0, 4.0), (4.0, 0.0), (0.0, 0.0)], BLACK3, 1.0);
    assert_eq!(a.pixels(), b.pixels());
}

#[test]
fn concave_polygon_is_sampled_with_the_nonzero_rule() {
    // An L: the 4 × 4 square minus its top-right 2 × 2 quarter.
    let mut r = Raster::new(6, 6).unwrap();
    r.fill_polygon(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (4.0, 2.0), (4.0, 4.0), (0.0, 4.0)], BLACK3, 1.0);
    assert_eq!(coverage(&r, 0, 0), 1.0);
    assert_eq!(coverage(&r, 3, 3), 1.0);
    assert_eq!(coverage(&r, 3, 0), 0.0);
    assert_eq!(coverage(&r, 2, 1), 0.0);
}

#[test]
fn stroke_is_a_band_with_butt_ends() {
    let mut r = Raster::new(12, 10).unwrap();
    // Width 2 centred on y = 5: rows 4 and 5, from x = 2 to x = 8.
    r.stroke_polyline(&[(2.0, 5.0), (8.0, 5.0)], 2.0, BLACK3, 1.0);
    for x in 2..8 {
        assert_eq!(coverage(&r, x, 4), 1.0);
        assert_eq!(coverage(&r, x, 5), 1.0);
        assert_eq!(coverage(&r, x, 3), 0.0);
        assert_eq!(coverage(&r, x, 6), 0.0);
    }
    assert_eq!(coverage(&r, 1, 4), 0.0, "butt end, not round");
    assert_eq!(coverage(&r, 8, 4), 0.0, "butt end, not round");
}

#[test]
fn odd_width_stroke_on_a_pixel_edge_is_split_between_two_rows() {
    let mut r = Raster::new(10, 10).unwrap();
    r.stroke_polyline(&[(0.0, 5.0), (10.0, 5.0)], 1.0, BLACK3, 1.0);
    assert!((coverage(&r, 3, 4) - 0.5).abs() <= 1.0 / 255.0);
    assert!((coverage(&r, 3, 5) - 0.5).abs() <= 1.0 / 255.0);
}

#[test]
fn polyline_joins_do_not_double_the_alpha() {
    let mut r = Raster::new(20, 20).unwrap();
    r.stroke_polyline(&[(2.0, 10.0), (10.0, 10.0), (10.0, 18.0)], 2.0, BLACK3, 0.5);
    // Pixel (9, 9)…(10, 10) is inside both segments' bands: painted once, at half alpha.
    for (x, y) in [(9, 9), (9, 10), (5, 9), (10, 14)] {
        let v = r.pixel(x, y).unwrap()[0];
        assert!((127..=128).contains(&v), "({x}, {y}): {v}");
    }
}

#[test]
fn alpha_blends_source_over() {
    let mut r = Raster::new(4, 4).unwrap();
    r.fill_rect(0.0, 0.0, 4.0, 4.0, [0, 114, 178], 0.55);
    // 0.55 × 255 = 140 (as a canvas quantizes it); 255 − 140 = 115 of white remains.
    let expect = |c: u32| ((c * 140 + 255 * 115 + 127) / 255) as u8;
    assert_eq!(r.pixel(1, 1), Some([expect(0), expect(114), expect(178), 255]));
}

#[test]
fn rectangle_with_fractional_edges_gets_partial_pixels() {
    let mut r = Raster::new(6, 6).unwrap();
    r.fill_rect(1.5, 1.0, 4.0, 3.25, BLACK3, 1.0);
    assert!((coverage(&r, 1, 1) - 0.5).abs() <= 1.0 / 255.0);
    assert_eq!(coverage(&r, 2, 1), 1.0);
    assert!((coverage(&r, 2, 3) - 0.25).abs() <= 1.0 / 255.0);
    assert_eq!(coverage(&r, 4, 1), 0.0);
}

#[test]
fn stroked_rectangle_corners_are_painted_once() {
    let mut r = Raster::new(16, 14).unwrap();
    r.stroke_rect([4.0, 4.0, 12.0, 10.0], 2.0, BLACK3, 0.5);
    // The band [3, 5] around each edge; the corner pixel (3, 3) is in two bands.
    for (x, y) in [(3, 3), (4, 4), (8, 3), (11, 9), (12, 6)] {
        let v = r.pixel(x, y).unwrap()[0];
        assert!((127..=128).contains(&v), "({x}, {y}): {v}");
    }
    assert_eq!(r.pixel(8, 7), Some([255, 255, 255, 255]), "inside stays clear");
    assert_eq!(r.pixel(2, 2), Some([255, 255, 255, 255]), "outside stays clear");
}

#[test]
fn a_stroked_rectangle_covers_the_union_of_its_four_bands_at_every_pixel() {
    // Coverage of pixel (x, y): the larger of the side bands' (their overlaps with the
    // pixel's columns, within the rectangle's outer rows) and the top and bottom bands'
    // (within its outer columns). Black at alpha ½ (128 of 255) over white leaves 255 − a
    // with a = 128·c₂₅₅/255 rounded: a pixel painted twice would show darker.
    let overlap = |lo: f64, hi: f64, i: f64| (hi.min(i + 1.0) - lo.max(i)).max(0.0);
    for (rect, width) in [
        ([4.0, 4.0, 12.0, 10.0], 2.0),
        ([3.3, 2.7, 9.6, 11.2], 1.5),
        ([5.0, 5.0, 6.0, 6.5], 3.0),
        ([5.0, 2.0, 6.0, 12.0], 3.0), // the side bands overlap between the ends
        ([0.5, 0.5, 15.5, 13.5], 1.0),
    ] {
        let mut r = Raster::new(16, 14).unwrap();
        r.stroke_rect(rect, width, BLACK3, 0.5);
        let [x0, y0, x1, y1] = rect;
        let h = width / 2.0;
        for y in 0..14u32 {
            for x in 0..16u32 {
                let (fx, fy) = (f64::from(x), f64::from(y));
                let sides =
                    (overlap(x0 - h, x0 + h, fx) + overlap(x1 - h, x1 + h, fx)).min(1.0) * overlap(y0 - h, y1 + h, fy);
                let ends =
                    (overlap(y0 - h, y0 + h, fy) + overlap(y1 - h, y1 + h, fy)).min(1.0) * overlap(x0 - h, x1 + h, fx);
                let c = sides.max(ends);
                let c = (c * 255.0 + 0.5) as u32;
                let a = (128 * c + 128 + ((128 * c + 128) >> 8)) >> 8;
                let want = 255 - a as u8;
                assert_eq!(r.pixel(x, y).unwrap()[0], want, "{rect:?} width {width}: ({x}, {y})");
            }
        }
    }
}

#[test]
fn stroked_circle_is_a_ring() {
    let mut r = Raster::new(40, 40).unwrap();
    r.stroke_circle(20.0, 20.0, 10.0, 2.0, BLACK3, 1.0);
    // The ring [9, 11] crosses the row y ∈ [19, 20] at x = 29, 30 (right) and 9, 10 (left).
    assert!(coverage(&r, 29, 19) > 0.9 && coverage(&r, 30, 19) > 0.9);
    assert!(coverage(&r, 9, 19) > 0.9 && coverage(&r, 10, 19) > 0.9);
    assert_eq!(coverage(&r, 20, 19), 0.0, "the centre stays clear");
    assert_eq!(coverage(&r, 32, 19), 0.0);
}

#[test]
fn stretched_field_is_interpolated_at_pixel_centres_then_coloured() {
    let mut r = Raster::new(8, 2).unwrap();
    // Positions 0 and 2 over [0, 8) × [0, 1); a three-colour table.
    let table = [[0, 0, 0, 255], [100, 100, 100, 255], [255, 255, 255, 255]];
    r.draw_field_scaled(&[0.0, 2.0], 2, 1, [0, 0, 8, 1], &table, 1);
    // Destination x samples the field at s = (x + ½)·2/8 − ½, clamped to [0, 1]; the
    // position 2s is truncated to an entry.
    assert_eq!(r.pixel(0, 0), Some([0, 0, 0, 255])); // s = 0 (clamped)
    assert_eq!(r.pixel(3, 0), Some([0, 0, 0, 255])); // s = 0.375, position 0.75
    assert_eq!(r.pixel(4, 0), Some([100, 100, 100, 255])); // s = 0.625, position 1.25
    assert_eq!(r.pixel(7, 0), Some([255, 255, 255, 255])); // s = 1 (clamped), position 2
    assert_eq!(r.pixel(3, 1), Some([255, 255, 255, 255]), "outside the rectangle nothing changes");
    // Positions past the table's end read its last colour.
    let mut r = Raster::new(2, 1).unwrap();
    r.draw_field_scaled(&[9.0], 1, 1, [0, 0, 2, 1], &table, 1);
    assert_eq!(r.pixel(1, 0), Some([255, 255, 255, 255]));
}

#[test]
fn blocks_take_the_colour_at_their_centre() {
    let table = [[0, 0, 0, 255], [100, 100, 100, 255], [255, 255, 255, 255]];
    let mut r = Raster::new(8, 3).unwrap();
    // 2 × 2 blocks over [0, 8) × [0, 3): block x ∈ [2, 4) has its centre at 3, which
    // samples s = 3·2/8 − ½ = 0.25, position 0.5: black; block [4, 6) samples 0.75,
    // position 1.5: grey. The last row is a block cut to one row.
    r.draw_field_scaled(&[0.0, 2.0], 2, 1, [0, 0, 8, 3], &table, 2);
    for y in 0..3 {
        assert_eq!(r.pixel(2, y), Some([0, 0, 0, 255]));
        assert_eq!(r.pixel(3, y), Some([0, 0, 0, 255]));
        assert_eq!(r.pixel(4, y), Some([100, 100, 100, 255]));
        assert_eq!(r.pixel(5, y), Some([100, 100, 100, 255]));
        assert_eq!(r.pixel(7, y), Some([255, 255, 255, 255]));
    }
}

#[test]
fn table_positions_read_the_same_colours_as_the_log_odds() {
    let heat = HeatMap::new(PosteriorPalette::default()).unwrap();
    let zs = [f64::NEG_INFINITY, -40.0, -16.0, -3.3, -0.002, 0.0, 0.001, 0.7, 5.0, 16.0, 17.0, f64::INFINITY, f64::NAN];
    for z in zs {
        let k = heat.position_of_log_odds(z) as usize;
        assert_eq!(heat.table()[k], heat.colour_of_log_odds(z), "z = {z}");
    }
}

#[test]
fn a_linear_models_heat_map_stretched_is_its_posterior_at_every_pixel() {
    // Log-odds affine in x: interpolating the positions of a 40 × 30 map over 160 × 120
    // pixels gives each pixel the colour of its own centre (within one table entry for
    // the f32 rounding, which is under a colour level).
    let model = Affine;
    let (heat, rect, r) = stretched_affine(1);
    // Away from the clamped half-cell at the edges.
    for j in (2..118).step_by(7) {
        for i in (2..158).step_by(5) {
            let x = [rect.x0 + (i as f64 + 0.5) * 8.0 / 160.0, rect.y1 - (j as f64 + 0.5) * 6.0 / 120.0];
            let want = heat.colour_of_log_odds(model.log_odds(x));
            let got = r.pixel(i, j).unwrap();
            let off = want.iter().zip(got).map(|(a, b)| (i32::from(*a) - i32::from(b)).abs()).max().unwrap();
            assert!(off <= 1, "pixel ({i}, {j}): {got:?}, expected {want:?}");
        }
    }
}

#[test]
fn an_affine_field_gives_each_block_the_colour_at_its_centre() {
    let table = [[0, 0, 0, 255], [100, 100, 100, 255], [255, 255, 255, 255]];
    // p(x, y) = −1 + 0.5·x over [0, 8) × [0, 3) in 2 × 2 blocks: block x ∈ [2, 4) has its
    // centre at 3, p = 0.5: black; [4, 6) at 5, p = 1.5: grey; [6, 8) at 7, p = 2.5,
    // past the end: white; [0, 2) at 1, p = −0.5, before the start: black. The last row
    // is a block cut to one row, the same colours. Outside the rectangle nothing changes.
    let mut r = Raster::new(10, 4).unwrap();
    r.draw_linear_field(-1.0, [0.5, 0.0], [0, 0, 8, 3], &table, 2);
    for y in 0..3 {
        for (x, c) in [(0, 0), (3, 0), (4, 100), (5, 100), (6, 255), (7, 255)] {
            assert_eq!(r.pixel(x, y), Some([c, c, c, 255]), "({x}, {y})");
        }
    }
    assert_eq!(r.pixel(8, 0), Some([255; 4]));
    assert_eq!(r.pixel(0, 3), Some([255; 4]));
    // An odd width: the last block is one pixel, its centre half a pixel in.
    let grey = [[0, 0, 0, 255], [100, 100, 100, 255], [200, 200, 200, 255]];
    let mut r = Raster::new(9, 2).unwrap();
    r.draw_linear_field(-1.0, [0.5, 0.0], [0, 0, 7, 2], &grey, 2);
    // Block [4, 6) at 5: p = 1.5, grey; the pixel [6, 7) at 6.5: p = 2.25, the last entry.
    let row: Vec<u8> = (0..9).map(|x| r.pixel(x, 1).unwrap()[0]).collect();
    assert_eq!(row, [0, 0, 0, 0, 100, 100, 200, 255, 255]);
    // Down the rows: p = 0.6·y at the block's centre row, blocks of one pixel.
    let mut r = Raster::new(1, 4).unwrap();
    r.draw_linear_field(0.0, [0.0, 0.6], [0, 0, 1, 4], &table, 1);
    // Centres 0.5, 1.5, 2.5, 3.5: p = 0.3, 0.9, 1.5, 2.1.
    let got: Vec<u8> = (0..4).map(|y| r.pixel(0, y).unwrap()[0]).collect();
    assert_eq!(got, [0, 0, 100, 255]);
}

#[test]
fn a_linear_models_heat_map_laid_out_directly_matches_the_stretched_map() {
    // The same log-odds laid out both ways, in blocks of 2: the positions affine in the
    // pixel (the panel's path for GDA and logistic regression) and a 40 × 30 map stretched
    // (its path for the others) agree within one table entry, under a colour level.
    let (heat, _, stretched) = stretched_affine(2);
    // z(px, py) = 1.3·(−4 + px/20) − 0.8·(3 − py/20) + 0.25.
    let (a, b) = heat.position_line();
    let mut direct = Raster::new(160, 120).unwrap();
    let z0 = 1.3 * -4.0 - 0.8 * 3.0 + 0.25;
    direct.draw_linear_field(a + b * z0, [b * 1.3 / 20.0, b * 0.8 / 20.0], [0, 0, 160, 120], heat.table(), 2);
    let mut exact = 0;
    // Away from the clamped half-cell at the edges.
    for j in 4..116 {
        for i in 4..156 {
            let (p, q) = (direct.pixel(i, j).unwrap(), stretched.pixel(i, j).unwrap());
            let off = p.iter().zip(q).map(|(p, q)| p.abs_diff(q)).max().unwrap();
            assert!(off <= 1, "pixel ({i}, {j}): {p:?} and {q:?}");
            exact += usize::from(off == 0);
        }
    }
    assert!(exact > 112 * 152 * 9 / 10, "{exact}");
}

/// [`Affine`]'s heat map over [−4, 4] × [−3, 3]: the positions of a 40 × 30 map stretched
/// over 160 × 120 pixels in blocks of `block`.
fn stretched_affine(block: u32) -> (HeatMap, Rect, Raster) {
    let rect = Rect { x0: -4.0, x1: 4.0, y0: -3.0, y1: 3.0 };
    let heat = HeatMap::new(PosteriorPalette::default()).unwrap();
    let mut positions = Vec::new();
    heat.fill_positions(&Affine, rect, 40, 30, &mut positions).unwrap();
    let mut r = Raster::new(160, 120).unwrap();
    r.draw_field_scaled(&positions, 40, 30, [0, 0, 160, 120], heat.table(), block);
    (heat, rect, r)
}

struct Affine;

impl Classifier for Affine {
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        1.3 * x[0] - 0.8 * x[1] + 0.25
    }
}

#[test]
fn backend_moves_axis_aligned_lines_half_a_pixel_as_the_canvas_backend_does() {
    let raster = RefCell::new(Raster::new(12, 12).unwrap());
    {
        let root = RasterBackend::new(&raster).into_drawing_area();
        root.draw(&PathElement::new(vec![(5, 0), (5, 12)], BLACK.stroke_width(2))).unwrap();
        // plotters sends a two-point PathElement as a path, not a line: it stays put.
    }
    let r = raster.borrow();
    assert_eq!(coverage(&r, 4, 6), 1.0);
    assert_eq!(coverage(&r, 5, 6), 1.0);
    drop(r);
    let raster = RefCell::new(Raster::new(12, 12).unwrap());
    {
        let mut backend = RasterBackend::new(&raster);
        backend.draw_line((5, 0), (5, 12), &BLACK.stroke_width(2)).unwrap();
    }
    // plotters-canvas draws this line at x = 4.5: the band [3.5, 5.5].
    let r = raster.borrow();
    assert!((coverage(&r, 3, 6) - 0.5).abs() <= 1.0 / 255.0);
    assert_eq!(coverage(&r, 4, 6), 1.0);
    assert!((coverage(&r, 5, 6) - 0.5).abs() <= 1.0 / 255.0);
}

#[test]
fn the_gda_figure_draws_its_points_in_colour_and_queues_its_labels() {
    let lab = GdaLab::generated(SampleSpec::default()).unwrap();
    let raster = RefCell::new(Raster::new(1600, 1200).unwrap());
    let style = Style { dpr: 2.0, projector: false, dark: false };
    let frame = {
        let root = RasterBackend::new(&raster).into_drawing_area();
        draw(&root, &lab, &GdaLayers { truth: false, ..GdaLayers::default() }, &style).unwrap()
    };
    let r = raster.borrow();
    assert_eq!(r.pixel(1, 1), Some([255, 255, 255, 255]), "the background is white");
    // Each point's centre pixel is tinted by its class's colour: class 0 blue-ish, class 1
    // orange-ish, unless another mark (a line, a marker of the other class) lies on it.
    let (points, labels) = lab.points();
    let mut checked = [0, 0];
    let mut tinted = [0, 0];
    for (p, &l) in points.iter().zip(labels) {
        if !lab.view().contains(*p) {
            continue;
        }
        let [x, y] = frame.to_pixels(*p);
        let [red, _, blue, _] = r.pixel(x.round() as u32, y.round() as u32).unwrap();
        checked[l as usize] += 1;
        let want = if l == 0 { blue > red } else { red > blue };
        tinted[l as usize] += usize::from(want);
    }
    for k in 0..2 {
        assert!(checked[k] > 20 && tinted[k] * 10 >= checked[k] * 9, "class {k}: {} of {}", tinted[k], checked[k]);
    }
    // The drag handles are opaque discs of the class colours, on the means.
    for (k, c) in [CLASS0, CLASS1].into_iter().enumerate() {
        let [x, y] = frame.to_pixels(lab.handle(k));
        assert_eq!(r.pixel(x.round() as u32, y.round() as u32), Some([c.0, c.1, c.2, 255]), "handle {k}");
    }
    let texts: Vec<&str> = r.texts().iter().map(|t| t.text.as_str()).collect();
    for want in ["39.3 %", "86.5 %", "boundary p = 0.5", "x₁", "x₂"] {
        assert!(texts.iter().any(|t| t.contains(want)), "no label {want:?} in {texts:?}");
    }
}

#[test]
fn a_raster_too_large_is_refused_and_left_empty() {
    use genlab::plot::raster::MAX_PIXELS;
    assert!(Raster::new(u32::MAX, u32::MAX).is_err(), "w·h overflows 32 bits");
    assert!(Raster::new(MAX_PIXELS as u32 + 1, 1).is_err());
    let mut r = Raster::new(4, 4).unwrap();
    assert!(r.resize(4096, 4096).is_err());
    assert_eq!((r.width(), r.height(), r.pixels().len()), (0, 0, 0));
    // Drawing on an empty raster does nothing, and it can grow again.
    r.fill_circle(1.0, 1.0, 3.0, BLACK3, 1.0);
    r.resize(4096, 2048).unwrap();
    assert_eq!(r.pixel(4095, 2047), Some([255, 255, 255, 255]));
}

#[test]
fn markers_far_outside_the_image_paint_nothing_and_do_not_fail() {
    // Centres at the ends of the i32 range (a canvas of a pixel, a view far away): every
    // stamp lies outside the image, and no index may overflow (usize is 32 bits on wasm).
    let mut r = Raster::new(3, 3).unwrap();
    let far = [(i32::MAX, 1), (i32::MIN, 1), (1, i32::MAX), (1, i32::MIN), (i32::MAX, i32::MAX), (20, 1), (-20, 1)];
    r.fill_discs(&far, 6.0, [0, 0, 0], 1.0);
    r.fill_polygons(&[(0, -9), (-8, 5), (8, 5)], &far, [0, 0, 0], 1.0);
    assert!(r.pixels().iter().all(|&b| b == 255));
    // And one that reaches in is drawn.
    r.fill_discs(&[(0, 0)], 2.0, [0, 0, 0], 1.0);
    assert_eq!(r.pixel(0, 0), Some([0, 0, 0, 255]));
}

#[test]
fn every_blend_of_a_byte_over_a_byte_is_the_rounded_canvas_formula() {
    // All 256 alphas × 256 colours over 256 backgrounds, in each channel: the packed blend
    // (two bytes per 32-bit word, src/plot/raster/blend.rs `blend_pixel`) must equal the
    // per-byte rule of the canvas, dst' = round((c·a + d·(255 − a)) / 255), written here
    // straight from that rule in integers: ⌊(c·a + d·(255 − a) + 127) / 255⌋.
    let mut r = Raster::new(256, 1).unwrap();
    let under = |x: u32| [x as u8, 255 - x as u8, x as u8 ^ 0xA5];
    for x in 0..256 {
        r.fill_rect(f64::from(x), 0.0, f64::from(x + 1), 1.0, under(x), 1.0);
    }
    r.save_base();
    let rule = |c: u8, d: u8, a: u32| ((u32::from(c) * a + u32::from(d) * (255 - a) + 127) / 255) as u8;
    let mut wrong = 0;
    for a in 0..=255u32 {
        for c in 0..=255u8 {
            r.restore_base();
            let paint = [c, c ^ 0x5A, 255 - c];
            // A whole row: its first and last pixels go through the single-pixel blend,
            // the others through the span blend.
            r.fill_rect(0.0, 0.0, 256.0, 1.0, paint, f64::from(a) / 255.0);
            for x in 0..256 {
                let d = under(x);
                let want = [rule(paint[0], d[0], a), rule(paint[1], d[1], a), rule(paint[2], d[2], a), 255];
                if r.pixel(x, 0) != Some(want) {
                    wrong += 1;
                    assert!(wrong < 5, "a = {a}, colour {paint:?} over {d:?}: {:?}, want {want:?}", r.pixel(x, 0));
                }
            }
        }
    }
    assert_eq!(wrong, 0);
}
