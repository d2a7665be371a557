#![cfg(not(target_arch = "wasm32"))]
//! The posterior heat map and its contours (`genlab::gda::posterior_map`): the colour map
//! at known posteriors, the pixel layout of the RGBA buffer, contour vertices on their
//! levels, closed and open contours, the argument checks, and (ignored by default) the
//! per-frame timing.
//!
//! Expected colours are derived by hand from the documented map:
//! channel = round(255 − max_tint·|2p − 1|·(255 − class channel)), max_tint = 0.6,
//! class 0 = #0072B2 = (0, 114, 178), class 1 = #D55E00 = (213, 94, 0).

use genlab::data::Preset;
use genlab::gda::posterior_map::{pixel_centre, LogOddsGrid, Polyline, CONTOUR_PROBABILITIES, MAX_PIXELS};
use genlab::gda::{
    contours, level_set, posterior_rgba, Classifier, Gda, HeatMap, LogisticRegression, PosteriorPalette, Qda, Rect,
};
use genlab::Error;

use crate::common;
use common::{assert_close, two_classes, unwrap};

/// A model with a fixed log-odds field, for exact pixel tests.
struct Field(fn([f64; 2]) -> f64);

impl Classifier for Field {
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        (self.0)(x)
    }
}

/// The hand-derived colours at p = 0, ½, 1.
const AT_0: [u8; 4] = [102, 170, 209, 255]; // 255 − 0.6·(255, 141, 77) = (102, 170.4, 208.8)
const WHITE: [u8; 4] = [255, 255, 255, 255];
const AT_1: [u8; 4] = [230, 158, 102, 255]; // 255 − 0.6·(42, 161, 255) = (229.8, 158.4, 102)

fn pixel(buf: &[u8], width: usize, i: usize, j: usize) -> [u8; 4] {
    let k = 4 * (j * width + i);
    [buf[k], buf[k + 1], buf[k + 2], buf[k + 3]]
}

fn six_point_gda() -> Gda {
    let (points, labels) =
        two_classes(&[[-2.0, -1.0], [-1.0, -1.0], [-1.0, -2.0]], &[[1.0, 1.0], [1.0, 2.0], [2.0, 1.0]]);
    match Gda::fit(&points, &labels) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

/// Every vertex lies on its level to rounding: |z(v) − level| ≤ 10⁻⁹·‖∇z(v)‖·cell.
fn assert_on_level<C: Classifier + ?Sized>(model: &C, lines: &[Polyline], level: f64, rect: Rect, n: usize) {
    let cell = ((rect.x1 - rect.x0) / n as f64).max((rect.y1 - rect.y0) / n as f64);
    let h = 1e-6 * cell;
    for v in lines.iter().flatten() {
        let z = model.log_odds(*v);
        let gx = (model.log_odds([v[0] + h, v[1]]) - model.log_odds([v[0] - h, v[1]])) / (2.0 * h);
        let gy = (model.log_odds([v[0], v[1] + h]) - model.log_odds([v[0], v[1] - h])) / (2.0 * h);
        let slope = gx.hypot(gy) * cell;
        assert!((z - level).abs() <= 1e-9 * slope + 1e-12, "vertex {v:?}: z = {z}, level {level}");
        assert!(rect.contains(*v), "vertex {v:?} outside {rect:?}");
    }
}

// ---------------------------------------------------------------------------------------
// The colour map
// ---------------------------------------------------------------------------------------

#[test]
fn palette_colours_at_known_posteriors() {
    let p = PosteriorPalette::default();
    assert_eq!(p.class0, [0x00, 0x72, 0xB2]);
    assert_eq!(p.class1, [0xD5, 0x5E, 0x00]);
    assert_eq!(p.colour(0.0), AT_0);
    assert_eq!(p.colour(0.5), WHITE);
    assert_eq!(p.colour(1.0), AT_1);
    // p = ¾ is half-way to p = 1's tint: 255 − 0.3·(42, 161, 255) = (242.4, 206.7, 178.5).
    assert_eq!(p.colour(0.75), [242, 207, 179, 255]);
    // A NaN posterior (never produced by a model) is white, not black.
    assert_eq!(p.colour(f64::NAN), WHITE);
    // Full tint reaches the class colours themselves.
    let full = PosteriorPalette { max_tint: 1.0, ..p };
    assert_eq!(full.colour(0.0), [0x00, 0x72, 0xB2, 255]);
    assert_eq!(full.colour(1.0), [0xD5, 0x5E, 0x00, 255]);
}

#[test]
fn heat_map_pixels_show_the_posterior_at_their_centres_row_0_on_top() {
    // z = +∞ above y = 0 (p = 1), −∞ below (p = 0), 0 on the x axis itself (p = ½).
    let model = Field(|x| {
        if x[1] > 0.0 {
            f64::INFINITY
        } else if x[1] < 0.0 {
            f64::NEG_INFINITY
        } else {
            0.0
        }
    });
    let rect = Rect { x0: 0.0, x1: 4.0, y0: -1.5, y1: 1.5 };
    // Three rows: centres at y = 1, 0, −1.
    let buf = unwrap(posterior_rgba(&model, rect, 4, 3));
    assert_eq!(buf.len(), 4 * 4 * 3);
    for i in 0..4 {
        assert_eq!(pixel(&buf, 4, i, 0), AT_1, "top row, class 1");
        assert_eq!(pixel(&buf, 4, i, 1), WHITE, "middle row, on the boundary");
        assert_eq!(pixel(&buf, 4, i, 2), AT_0, "bottom row, class 0");
    }
    assert_eq!(pixel_centre(rect, 4, 3, 0, 0), [0.5, 1.0]);
    assert_eq!(pixel_centre(rect, 4, 3, 3, 2), [3.5, -1.0]);
}

#[test]
fn heat_map_of_gda_is_white_on_its_boundary_and_columns_follow_x() {
    // Six points: z = 24(x₁ + x₂). On a 2 × 2 image of [−1, 1]², pixel centres are
    // (±½, ±½): z = 0 on the anti-diagonal (white), ±24 on the diagonal.
    let g = six_point_gda();
    let rect = Rect { x0: -1.0, x1: 1.0, y0: -1.0, y1: 1.0 };
    let buf = unwrap(posterior_rgba(&g, rect, 2, 2));
    // (i, j) = (0, 0) is the top-left, x = −½, y = ½: z = 0.
    assert_eq!(pixel(&buf, 2, 0, 0), WHITE);
    assert_eq!(pixel(&buf, 2, 1, 1), WHITE);
    // Top-right (½, ½): z = 24, p = 1 − 3.8·10⁻¹¹, the class-1 colour.
    assert_eq!(pixel(&buf, 2, 1, 0), AT_1);
    assert_eq!(pixel(&buf, 2, 0, 1), AT_0);
}

#[test]
fn fill_reuses_the_buffer() {
    let g = six_point_gda();
    let rect = Rect { x0: -3.0, x1: 3.0, y0: -3.0, y1: 3.0 };
    let heat = unwrap(HeatMap::new(PosteriorPalette::default()));
    let mut buf = Vec::new();
    unwrap(heat.fill(&g, rect, 50, 40, &mut buf));
    let first = buf.as_ptr();
    unwrap(heat.fill(&g, rect, 50, 40, &mut buf));
    assert_eq!(buf.as_ptr(), first, "a second frame of the same size reallocated");
    assert_eq!(buf.len(), 50 * 40 * 4);
    assert_eq!(buf, unwrap(posterior_rgba(&g, rect, 50, 40)));
}

#[test]
fn the_table_is_within_one_colour_level_of_the_exact_map() {
    // The table reads z to 1/256: p moves by at most 1/2048, a tenth of a colour level,
    // so after rounding a channel differs from the exact map by at most 1.
    let palette = PosteriorPalette::default();
    let heat = unwrap(HeatMap::new(palette));
    let mut z = -20.0f64;
    while z <= 20.0 {
        let exact = palette.colour(1.0 / (1.0 + (-z).exp()));
        let table = heat.colour_of_log_odds(z);
        for c in 0..4 {
            assert!(exact[c].abs_diff(table[c]) <= 1, "z = {z}: {exact:?} vs {table:?}");
        }
        z += 0.0137;
    }
    assert_eq!(heat.colour_of_log_odds(0.0), WHITE);
    assert_eq!(heat.colour_of_log_odds(f64::NAN), WHITE);
    assert_eq!(heat.colour_of_log_odds(f64::INFINITY), AT_1);
    assert_eq!(heat.colour_of_log_odds(f64::NEG_INFINITY), AT_0);
    assert_eq!(heat.colour_of_log_odds(1e300), AT_1);
    assert_eq!(heat.colour_of_log_odds(-1e300), AT_0);
}

#[test]
fn heat_map_arguments_are_checked() {
    let g = six_point_gda();
    let good = Rect { x0: 0.0, x1: 1.0, y0: 0.0, y1: 1.0 };
    for (w, h) in [(0, 10), (10, 0), (MAX_PIXELS, 2)] {
        assert!(matches!(posterior_rgba(&g, good, w, h), Err(Error::InvalidParameter { .. })), "{w} × {h}");
    }
    for rect in [
        Rect { x0: 1.0, x1: 0.0, y0: 0.0, y1: 1.0 },
        Rect { x0: 0.0, x1: 0.0, y0: 0.0, y1: 1.0 },
        Rect { x0: 0.0, x1: f64::NAN, y0: 0.0, y1: 1.0 },
        Rect { x0: f64::NEG_INFINITY, x1: 0.0, y0: 0.0, y1: 1.0 },
        Rect { x0: -f64::MAX, x1: f64::MAX, y0: 0.0, y1: 1.0 },
    ] {
        match posterior_rgba(&g, rect, 10, 10) {
            Err(Error::InvalidParameter { value, .. }) => {
                for word in value.split(|c: char| !c.is_alphanumeric()) {
                    assert!(!["NaN", "inf"].contains(&word), "{value}");
                }
            }
            other => panic!("{rect:?}: {other:?}"),
        }
    }
    for tint in [1.5, -0.1, f64::NAN] {
        let bad_tint = PosteriorPalette { max_tint: tint, ..PosteriorPalette::default() };
        assert!(matches!(HeatMap::new(bad_tint), Err(Error::InvalidParameter { .. })), "max_tint = {tint}");
    }
}

// ---------------------------------------------------------------------------------------
// Contours
// ---------------------------------------------------------------------------------------

#[test]
fn gda_contours_are_the_lines_w_x_plus_b_equal_logit_q() {
    // Six points: z = 24(x₁ + x₂); p = q on x₁ + x₂ = log(q/(1 − q))/24.
    let g = six_point_gda();
    let rect = Rect { x0: -1.0, x1: 1.0, y0: -1.0, y1: 1.0 };
    let cs = unwrap(contours(&g, rect, 40, 40, &CONTOUR_PROBABILITIES));
    assert_eq!(cs.len(), 3);
    for c in &cs {
        let logit = (c.probability / (1.0 - c.probability)).ln();
        assert_close(c.log_odds, logit, 1e-15, 1e-15, "the contour's log-odds");
        assert_eq!(c.lines.len(), 1, "one straight line across the box at q = {}", c.probability);
        for v in &c.lines[0] {
            assert_close(v[0] + v[1], logit / 24.0, 0.0, 1e-13, "x₁ + x₂ on the contour");
        }
        // It runs from border to border.
        let line = &c.lines[0];
        for end in [line[0], line[line.len() - 1]] {
            let on_border = [end[0] - rect.x0, rect.x1 - end[0], end[1] - rect.y0, rect.y1 - end[1]]
                .iter()
                .any(|d| d.abs() < 1e-12);
            assert!(on_border, "{end:?} is not on the border");
        }
    }
    assert_eq!(cs[1].probability, 0.5);
    assert_eq!(cs[1].log_odds, 0.0);
}

#[test]
fn logistic_contours_on_iris_lie_on_their_levels() {
    let d = unwrap(Preset::IrisVersicolorVirginica.load());
    let lr = unwrap(LogisticRegression::fit(&d.points, &d.labels, 0.0));
    let rect = Rect { x0: 2.5, x1: 7.5, y0: 0.8, y1: 2.8 };
    let cs = unwrap(contours(&lr, rect, 120, 90, &CONTOUR_PROBABILITIES));
    for c in &cs {
        assert!(!c.lines.is_empty(), "q = {} is missing", c.probability);
        assert_on_level(&lr, &c.lines, c.log_odds, rect, 90);
    }
}

#[test]
fn qda_contours_around_a_tight_class_are_closed_and_nested() {
    // Class 1 tight inside class 0 (tests/it/gda_qda.rs's NESTED): the 0.1, 0.5 and 0.9
    // contours are closed curves around class 1, the 0.9 one innermost.
    let (points, labels) = two_classes(
        &[[-4.0, 0.0], [4.0, 0.5], [0.0, 4.0], [0.5, -4.0], [3.0, 3.0], [-3.0, -2.5], [-2.5, 3.5], [2.5, -3.0]],
        &[[0.3, 0.1], [-0.4, 0.2], [0.1, -0.5], [0.5, 0.6], [-0.2, -0.3]],
    );
    let q = unwrap(Qda::fit(&points, &labels));
    let rect = Rect { x0: -5.0, x1: 5.0, y0: -5.0, y1: 5.0 };
    let cs = unwrap(contours(&q, rect, 150, 150, &CONTOUR_PROBABILITIES));
    let mut radius = Vec::new();
    for c in &cs {
        assert_eq!(c.lines.len(), 1, "q = {}: {} lines", c.probability, c.lines.len());
        let line = &c.lines[0];
        assert_eq!(line.first(), line.last(), "closed");
        assert_on_level(&q, &c.lines, c.log_odds, rect, 150);
        radius.push(line.iter().map(|v| v[0].hypot(v[1])).fold(0.0f64, f64::max));
    }
    assert!(radius[0] > radius[1] && radius[1] > radius[2], "not nested: {radius:?}");
}

#[test]
fn a_saddle_is_split_the_way_the_centre_says() {
    // z = x·y − 0.01 on a 2 × 2 lattice of [−1, 1]²: corners (−1,−1) and (1,1) above 0,
    // the others below — a saddle cell. At the centre z = −0.01 < 0, so the two "above"
    // corners are cut off separately: two curves, each a piece of the hyperbola xy = 0.01
    // from one edge to the next, near one corner.
    let model = Field(|x| x[0] * x[1] - 0.01);
    let rect = Rect { x0: -1.0, x1: 1.0, y0: -1.0, y1: 1.0 };
    let lines = unwrap(level_set(&model, 0.0, rect, 2, 2));
    assert_eq!(lines.len(), 2);
    for line in &lines {
        assert_eq!(line.len(), 2);
        for v in line {
            assert_close(v[0] * v[1], 0.01, 1e-12, 1e-15, "x·y on the curve");
        }
        // Both ends in the same quadrant.
        assert!(line[0][0] * line[1][0] > 0.0 && line[0][1] * line[1][1] > 0.0, "{line:?}");
    }
    // With + 0.01 the centre is above: the other pair of corners is cut off.
    let model = Field(|x| x[0] * x[1] + 0.01);
    let lines = unwrap(level_set(&model, 0.0, rect, 2, 2));
    assert_eq!(lines.len(), 2);
    for line in &lines {
        assert!(line[0][0] * line[1][0] > 0.0 && line[0][1] * line[1][1] > 0.0, "{line:?}");
        assert!(line[0][0] * line[0][1] < 0.0, "{line:?} is not in the second or fourth quadrant");
    }
}

#[test]
fn no_crossing_means_no_contour() {
    let g = six_point_gda();
    // The box [5, 6]² is deep in class 1: no 0.5 contour there.
    let rect = Rect { x0: 5.0, x1: 6.0, y0: 5.0, y1: 6.0 };
    assert!(unwrap(level_set(&g, 0.0, rect, 10, 10)).is_empty());
}

#[test]
fn contour_arguments_are_checked() {
    let g = six_point_gda();
    let rect = Rect { x0: 0.0, x1: 1.0, y0: 0.0, y1: 1.0 };
    for q in [0.0, 1.0, -0.1, f64::NAN] {
        assert!(matches!(contours(&g, rect, 10, 10, &[q]), Err(Error::InvalidParameter { .. })), "q = {q}");
    }
    for (nx, ny) in [(1, 10), (10, 1), (0, 0), (1 << 12, 1 << 12)] {
        assert!(matches!(LogOddsGrid::evaluate(&g, rect, nx, ny), Err(Error::InvalidParameter { .. })), "{nx} × {ny}");
    }
    assert!(matches!(level_set(&g, f64::INFINITY, rect, 10, 10), Err(Error::InvalidParameter { .. })));
}

#[test]
fn the_lattice_spans_the_rectangle_corners_included() {
    let g = six_point_gda();
    let rect = Rect { x0: -0.3, x1: 0.7, y0: -2.0, y1: 1.1 };
    let grid = unwrap(LogOddsGrid::evaluate(&g, rect, 7, 5));
    assert_eq!(grid.size(), (7, 5));
    assert_eq!(grid.node(0, 0), [-0.3, -2.0]);
    assert_eq!(grid.node(6, 4), [0.7, 1.1]);
    // The log-odds there, 24·x₁ + 24·x₂ + 0 (hand-derived), up to the fit's rounding.
    let corner = grid.value(6, 4).expect("a node of the lattice");
    assert_close(corner, 24.0 * (0.7 + 1.1), 1e-13, 0.0, "log-odds at the far corner");
    assert_eq!(grid.value(7, 0), None);
}
