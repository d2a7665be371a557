#![cfg(not(target_arch = "wasm32"))]
//! The geometry of the GDA figure (`genlab::gda::geometry`): the probability mass inside a
//! k-σ Mahalanobis ellipse, the ellipse's vertices, and the clipping of the decision line
//! and of the ellipses to the plot box.

use genlab::gda::geometry::{clip_polyline_closed, clip_segment};
use genlab::gda::{clip_line, ellipse, mass_inside, ClassParams, Rect, SampleSpec};
use genlab::Error;

use crate::common;
use common::assert_within;

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// The inverse of a symmetric 2×2 matrix by the adjugate, written here rather than taken
/// from the crate so that the test does not check the code with itself.
fn inverse(s: [[f64; 2]; 2]) -> [[f64; 2]; 2] {
    let det = s[0][0] * s[1][1] - s[0][1] * s[1][0];
    [[s[1][1] / det, -s[0][1] / det], [-s[1][0] / det, s[0][0] / det]]
}

/// (x − μ)ᵀ Σ⁻¹ (x − μ).
fn mahalanobis2(x: [f64; 2], mean: [f64; 2], sigma_inv: [[f64; 2]; 2]) -> f64 {
    let d = [x[0] - mean[0], x[1] - mean[1]];
    d[0] * (sigma_inv[0][0] * d[0] + sigma_inv[0][1] * d[1]) + d[1] * (sigma_inv[1][0] * d[0] + sigma_inv[1][1] * d[1])
}

/// Signed area by the shoelace formula: positive for a counter-clockwise polygon.
fn signed_area(poly: &[[f64; 2]]) -> f64 {
    let n = poly.len();
    0.5 * (0..n).map(|i| poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1]).sum::<f64>()
}

/// Even–odd ray casting: whether `p` is inside the closed polygon.
fn inside_polygon(p: [f64; 2], poly: &[[f64; 2]]) -> bool {
    let mut inside = false;
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        if (a[1] > p[1]) != (b[1] > p[1]) {
            let x = a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0]);
            if p[0] < x {
                inside = !inside;
            }
        }
    }
    inside
}

fn vertices(mean: [f64; 2], sigma: [[f64; 2]; 2], k: f64, n: usize) -> Vec<[f64; 2]> {
    match ellipse(mean, &sigma, k, n) {
        Ok(v) => v,
        Err(e) => panic!("ellipse({mean:?}, {sigma:?}, {k}, {n}) failed: {e}"),
    }
}

/// A message a student can read: a non-empty sentence ending with a full stop that never
/// shows a non-finite number as "NaN" or "inf". (Parameter errors start with the
/// parameter's symbol, "k = 0 is not allowed: …", so no capital letter is required.)
fn assert_readable_sentence(message: &str) {
    assert!(message.len() > 10, "not a sentence: {message:?}");
    assert!(message.ends_with('.'), "does not end with a full stop: {message:?}");
    for word in message.split(|c: char| !c.is_alphanumeric()) {
        assert!(!["NaN", "nan", "inf", "Infinity"].contains(&word), "shows {word:?} to the student: {message:?}");
    }
}

const UNIT: Rect = Rect { x0: -1.0, x1: 1.0, y0: -1.0, y1: 1.0 };

/// Whether `p` is on the border of `r` (within `tol`) and not outside it.
fn on_border(p: [f64; 2], r: Rect, tol: f64) -> bool {
    let inside = p[0] >= r.x0 - tol && p[0] <= r.x1 + tol && p[1] >= r.y0 - tol && p[1] <= r.y1 + tol;
    let edge = [(p[0] - r.x0).abs(), (p[0] - r.x1).abs(), (p[1] - r.y0).abs(), (p[1] - r.y1).abs()];
    inside && edge.iter().any(|&d| d <= tol)
}

fn inside_with_tolerance(p: [f64; 2], r: Rect, tol: f64) -> bool {
    p[0] >= r.x0 - tol && p[0] <= r.x1 + tol && p[1] >= r.y0 - tol && p[1] <= r.y1 + tol
}

// ---------------------------------------------------------------------------------------
// Probability mass inside the k-σ ellipse
// ---------------------------------------------------------------------------------------

#[test]
fn mass_inside_one_sigma_is_one_minus_e_to_the_minus_one_half() {
    // (x−μ)ᵀΣ⁻¹(x−μ) is χ² with 2 degrees of freedom, whose CDF is 1 − e^(−t/2); at t = k² = 1:
    // 1 − e^(−1/2) = 1 − 0.6065306597126334 = 0.3934693402873666 (e^(−1/2) to 16 digits).
    assert_within(mass_inside(1.0), 0.393_469_340_287_366_6, 1e-15, "mass inside 1σ");
    // The figure's label.
    assert_eq!(format!("{:.1} %", 100.0 * mass_inside(1.0)), "39.3 %");
}

#[test]
fn mass_inside_two_sigma_is_one_minus_e_to_the_minus_two() {
    // At t = k² = 4: 1 − e^(−2) = 1 − 0.1353352832366127 = 0.8646647167633873.
    assert_within(mass_inside(2.0), 0.864_664_716_763_387_3, 1e-15, "mass inside 2σ");
    assert_eq!(format!("{:.1} %", 100.0 * mass_inside(2.0)), "86.5 %");
}

#[test]
fn mass_inside_grows_from_zero_to_one() {
    // 1 − e^0 = 0; 1 − e^(−k²/2) → 1; for small k it is ≈ k²/2 (first-order Taylor term).
    assert_eq!(mass_inside(0.0), 0.0);
    assert_within(mass_inside(1e-5), 0.5e-10, 1e-20, "small k");
    assert_eq!(mass_inside(40.0), 1.0);
    let ks = [0.1, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0];
    for pair in ks.windows(2) {
        assert!(mass_inside(pair[0]) < mass_inside(pair[1]), "not increasing at {pair:?}");
    }
}

// ---------------------------------------------------------------------------------------
// Ellipse vertices
// ---------------------------------------------------------------------------------------

/// Covariances with every orientation: axis-aligned (larger variance on x and on y),
/// tilted both ways, nearly degenerate, and on the scale of the penguin data.
const SIGMAS: [[[f64; 2]; 2]; 6] = [
    [[1.0, 0.0], [0.0, 1.0]],
    [[4.0, 0.0], [0.0, 0.25]],
    [[0.25, 0.0], [0.0, 4.0]],
    [[1.0, 0.3], [0.3, 0.36]],
    [[2.0, -1.2], [-1.2, 0.9]],
    [[8.270095953558782, 1.626953935888062], [1.626953935888062, 1.4082496491293603]],
];

#[test]
fn every_ellipse_vertex_is_at_mahalanobis_distance_k() {
    for sigma in SIGMAS {
        let inv = inverse(sigma);
        for mean in [[0.0, 0.0], [-1.5, 2.25], [38.8, 18.3]] {
            for k in [0.5, 1.0, 2.0, 3.0] {
                for v in vertices(mean, sigma, k, 97) {
                    let d2 = mahalanobis2(v, mean, inv);
                    assert_within(d2, k * k, 1e-9 * k * k, &format!("(x−μ)ᵀΣ⁻¹(x−μ) at {v:?}, Σ = {sigma:?}"));
                }
            }
        }
    }
}

#[test]
fn ellipse_has_the_requested_vertices_counter_clockwise_around_the_mean() {
    // The vertices are μ + L(k cos t, k sin t) at t = 2πi/n, an affine image of a regular
    // n-gon inscribed in the circle of radius k. The affine map multiplies areas by
    // |det L| = √det Σ, so the polygon's area is (n/2)·sin(2π/n)·k²·√det Σ exactly, and
    // its vertex centroid is μ.
    for sigma in SIGMAS {
        let det = sigma[0][0] * sigma[1][1] - sigma[0][1] * sigma[1][0];
        let mean = [3.0, -2.0];
        let (k, n) = (2.0, 100);
        let v = vertices(mean, sigma, k, n);
        assert_eq!(v.len(), n);
        let regular = 0.5 * n as f64 * (std::f64::consts::TAU / n as f64).sin();
        let area = regular * k * k * det.sqrt();
        assert_within(signed_area(&v), area, 1e-9 * area, &format!("signed area for Σ = {sigma:?}"));
        let cx = v.iter().map(|p| p[0]).sum::<f64>() / n as f64;
        let cy = v.iter().map(|p| p[1]).sum::<f64>() / n as f64;
        assert_within(cx, mean[0], 1e-12, "centroid x");
        assert_within(cy, mean[1], 1e-12, "centroid y");
    }
}

#[test]
fn ellipse_rejects_a_contour_level_that_is_not_a_positive_number() {
    for k in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        match ellipse([0.0, 0.0], &[[1.0, 0.0], [0.0, 1.0]], k, 64) {
            Ok(v) => panic!("k = {k} gave {} vertices", v.len()),
            Err(e) => {
                assert!(matches!(e, Error::InvalidParameter { name: "k", .. }), "{e:?}");
                assert_readable_sentence(&e.to_string());
            }
        }
    }
}

#[test]
fn ellipse_of_a_singular_or_indefinite_sigma_is_an_error_with_a_readable_sentence() {
    // [[1, 2], [2, 4]] has det 0 (rank 1); [[1, 0], [0, −1]] and [[1, 2], [2, 1]] (det −3)
    // have a negative eigenvalue; the zero matrix has none positive.
    for sigma in
        [[[1.0, 2.0], [2.0, 4.0]], [[1.0, 0.0], [0.0, -1.0]], [[1.0, 2.0], [2.0, 1.0]], [[0.0, 0.0], [0.0, 0.0]]]
    {
        match ellipse([0.0, 0.0], &sigma, 1.0, 64) {
            Ok(v) => panic!("Σ = {sigma:?} gave an ellipse {v:?}"),
            Err(e) => {
                // The doc comment promises InvalidParameter; the code returns
                // SingularCovariance. Either is a typed explanation.
                assert!(matches!(e, Error::InvalidParameter { .. } | Error::SingularCovariance { .. }), "{e:?}");
                assert_readable_sentence(&e.to_string());
            }
        }
    }
}

#[test]
fn ellipse_of_a_non_finite_sigma_is_an_error_with_a_readable_sentence() {
    // A generating σ of 10²⁰⁰ passes ClassParams::validate today (finite, positive), but
    // σ² = ∞, so the dashed "true Gaussian" ellipse would be asked for with an infinite Σ.
    let huge = ClassParams { mean: [0.0, 0.0], sd: [1e200, 1e200], rho: 0.5 };
    for sigma in [[[f64::NAN, 0.0], [0.0, 1.0]], [[f64::INFINITY, 0.0], [0.0, 1.0]], huge.sigma()] {
        match ellipse([0.0, 0.0], &sigma, 1.0, 64) {
            Ok(v) => assert!(v.iter().flatten().all(|c| c.is_finite()), "Σ = {sigma:?} gave {v:?}"),
            Err(e) => assert_readable_sentence(&e.to_string()),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Monte Carlo: the ellipses hold the mass their labels claim
// ---------------------------------------------------------------------------------------

#[test]
fn a_large_sample_puts_39_3_and_86_5_percent_inside_the_one_and_two_sigma_ellipses() {
    // 100,000 draws from N(μ, Σ) with σ = (2, 0.5), ρ = 0.7: Σ = [[4, 0.7], [0.7, 0.25]]
    // (0.7·2·0.5 = 0.7). Each point is tested against the drawn polygon (360 vertices; the
    // inscribed polygon misses a fraction ≈ (2π/360)²/6 = 5·10⁻⁵ of the area, negligible).
    // The fraction inside is binomial: standard deviation √(p(1−p)/N) ≤ 0.0016, and the
    // tolerance is 4.5 of them.
    let class0 = ClassParams { mean: [1.0, -2.0], sd: [2.0, 0.5], rho: 0.7 };
    let spec = SampleSpec { n0: 100_000, n1: 1, class0, class1: class0, seed: 2024 };
    let (points, labels) = spec.sample().expect("valid spec");
    let cloud: Vec<[f64; 2]> = points.iter().zip(&labels).filter(|(_, &l)| l == 0).map(|(p, _)| *p).collect();
    let sigma = [[4.0, 0.7], [0.7, 0.25]];
    let n = cloud.len() as f64;
    for (k, expected) in [(1.0, 0.393_469_340_287_366_6), (2.0, 0.864_664_716_763_387_3)] {
        let poly = vertices(class0.mean, sigma, k, 360);
        let inside = cloud.iter().filter(|p| inside_polygon(**p, &poly)).count() as f64 / n;
        let sd = (expected * (1.0 - expected) / n).sqrt();
        assert_within(inside, expected, 4.5 * sd, &format!("fraction inside the {k}σ ellipse"));
        assert_within(mass_inside(k), expected, 1e-15, "mass_inside");
    }
}

// ---------------------------------------------------------------------------------------
// Clipping the decision line w·x + b = 0 to the plot box
// ---------------------------------------------------------------------------------------

/// Asserts that `clip_line` returns two endpoints on the border of `r` and on the line.
fn assert_clipped_on_border_and_line(w: [f64; 2], b: f64, r: Rect) -> ([f64; 2], [f64; 2]) {
    let Some((p, q)) = clip_line(w, b, r) else { panic!("w = {w:?}, b = {b} misses {r:?}") };
    let scale =
        (r.x1 - r.x0).abs().max((r.y1 - r.y0).abs()).max(r.x0.abs()).max(r.x1.abs()).max(r.y0.abs()).max(r.y1.abs());
    let tol = 1e-12 * scale;
    let wnorm = (w[0] * w[0] + w[1] * w[1]).sqrt();
    for e in [p, q] {
        assert!(on_border(e, r, tol), "{e:?} is not on the border of {r:?}");
        // The distance from the line, |w·e + b|/|w|.
        let dist = (w[0] * e[0] + w[1] * e[1] + b).abs() / wnorm;
        assert!(dist <= tol, "{e:?} is {dist:e} from the line w = {w:?}, b = {b}");
    }
    (p, q)
}

fn same_point_set(got: ([f64; 2], [f64; 2]), expected: ([f64; 2], [f64; 2]), tol: f64) -> bool {
    let near = |a: [f64; 2], b: [f64; 2]| (a[0] - b[0]).abs() <= tol && (a[1] - b[1]).abs() <= tol;
    (near(got.0, expected.0) && near(got.1, expected.1)) || (near(got.0, expected.1) && near(got.1, expected.0))
}

#[test]
fn clipped_diagonal_line_ends_at_opposite_corners() {
    // x + y = 0 crosses [−1, 1]² from (−1, 1) to (1, −1).
    let ends = assert_clipped_on_border_and_line([1.0, 1.0], 0.0, UNIT);
    assert!(same_point_set(ends, ([-1.0, 1.0], [1.0, -1.0]), 1e-12), "{ends:?}");
}

#[test]
fn clipped_vertical_line_spans_the_height_of_the_box() {
    // w = (1, 0), b = −0.5: the line x = 0.5, from (0.5, −1) to (0.5, 1).
    let ends = assert_clipped_on_border_and_line([1.0, 0.0], -0.5, UNIT);
    assert!(same_point_set(ends, ([0.5, -1.0], [0.5, 1.0]), 1e-12), "{ends:?}");
}

#[test]
fn clipped_horizontal_line_spans_the_width_of_the_box() {
    // w = (0, 2), b = 1: 2y + 1 = 0, the line y = −0.5, from (−1, −0.5) to (1, −0.5).
    let ends = assert_clipped_on_border_and_line([0.0, 2.0], 1.0, UNIT);
    assert!(same_point_set(ends, ([-1.0, -0.5], [1.0, -0.5]), 1e-12), "{ends:?}");
}

#[test]
fn clipped_steep_line_ends_on_top_and_bottom() {
    // 4x − y − 1 = 0, i.e. y = 4x − 1: y = −1 at x = 0, y = 1 at x = ½.
    let ends = assert_clipped_on_border_and_line([4.0, -1.0], -1.0, UNIT);
    assert!(same_point_set(ends, ([0.0, -1.0], [0.5, 1.0]), 1e-12), "{ends:?}");
}

#[test]
fn clipped_penguin_boundary_ends_on_the_border_of_the_penguin_box() {
    // The Adelie/Chinstrap boundary (w, b from scikit-learn 1.9.1, tools/sklearn/
    // gda_reference.py) in a box around the data, far from the origin.
    let w = [1.5580497446666626, -1.7473070534872868];
    let b = -36.93842157158815;
    let r = Rect { x0: 30.0, x1: 62.0, y0: 12.0, y1: 23.0 };
    assert_clipped_on_border_and_line(w, b, r);
}

#[test]
fn clipped_line_in_random_boxes_always_ends_on_border_and_line() {
    // Lines through a point inside each box, at many angles: every one must be clipped.
    for i in 0..200 {
        let angle = 0.0317 * i as f64;
        let w = [angle.cos() * (1.0 + i as f64), angle.sin() * (1.0 + i as f64)];
        let r = Rect { x0: -3.0 + 0.01 * i as f64, x1: 2.0 + 0.02 * i as f64, y0: -1.0 - 0.03 * i as f64, y1: 4.0 };
        let through = [0.3 * r.x0 + 0.7 * r.x1, 0.6 * r.y0 + 0.4 * r.y1];
        let b = -(w[0] * through[0] + w[1] * through[1]);
        assert_clipped_on_border_and_line(w, b, r);
    }
}

#[test]
fn line_that_misses_the_box_is_none() {
    // x = 5, y = −3 and x + y = 3 all pass outside [−1, 1]².
    assert_eq!(clip_line([1.0, 0.0], -5.0, UNIT), None);
    assert_eq!(clip_line([0.0, 1.0], 3.0, UNIT), None);
    assert_eq!(clip_line([1.0, 1.0], -3.0, UNIT), None);
}

#[test]
fn zero_w_has_no_line_and_gives_none() {
    // w = 0: the log-odds is the constant b, there is no boundary (or everything is one).
    assert_eq!(clip_line([0.0, 0.0], 0.0, UNIT), None);
    assert_eq!(clip_line([0.0, 0.0], 1.0, UNIT), None);
}

#[test]
fn non_finite_w_or_b_gives_none() {
    assert_eq!(clip_line([f64::NAN, 1.0], 0.0, UNIT), None);
    assert_eq!(clip_line([f64::INFINITY, 1.0], 0.0, UNIT), None);
    assert_eq!(clip_line([1.0, 1.0], f64::NAN, UNIT), None);
    assert_eq!(clip_line([1.0, 1.0], f64::NEG_INFINITY, UNIT), None);
}

// ---------------------------------------------------------------------------------------
// Clipping segments and closed polylines
// ---------------------------------------------------------------------------------------

#[test]
fn segment_inside_the_box_is_returned_unchanged() {
    // The end comes back as a + 1·(b − a), which can differ from b in the last bit
    // (here −0.9000000000000001), so the comparison has a tolerance.
    let (p, q) = clip_segment([-0.5, 0.2], [0.7, -0.9], UNIT).expect("inside");
    for (got, expected) in [(p, [-0.5, 0.2]), (q, [0.7, -0.9])] {
        assert_within(got[0], expected[0], 1e-15, "x");
        assert_within(got[1], expected[1], 1e-15, "y");
    }
}

#[test]
fn segment_crossing_one_edge_is_cut_at_that_edge() {
    // (−3, 0) → (0, 0) enters [−1, 1]² at (−1, 0).
    assert_eq!(clip_segment([-3.0, 0.0], [0.0, 0.0], UNIT), Some(([-1.0, 0.0], [0.0, 0.0])));
    // (0, 0) → (0, 4) leaves through the top at (0, 1); the order a → b is kept.
    assert_eq!(clip_segment([0.0, 0.0], [0.0, 4.0], UNIT), Some(([0.0, 0.0], [0.0, 1.0])));
}

#[test]
fn segment_crossing_the_whole_box_is_cut_at_both_edges() {
    // (−2, −1) → (2, 1) is y = x/2: it enters at x = −1 (y = −½) and leaves at x = 1 (y = ½).
    let (p, q) = clip_segment([-2.0, -1.0], [2.0, 1.0], UNIT).expect("crosses the box");
    for (got, expected) in [(p, [-1.0, -0.5]), (q, [1.0, 0.5])] {
        assert_within(got[0], expected[0], 1e-15, "x");
        assert_within(got[1], expected[1], 1e-15, "y");
    }
}

#[test]
fn segment_outside_the_box_is_none() {
    // Beside the box, parallel to an edge.
    assert_eq!(clip_segment([2.0, -1.0], [2.0, 1.0], UNIT), None);
    // On a line that crosses the box, but the segment stops short of it.
    assert_eq!(clip_segment([2.0, 2.0], [3.0, 3.0], UNIT), None);
    // Cutting past a corner: x + y = 2.5 stays outside [−1, 1]².
    assert_eq!(clip_segment([2.5, 0.0], [0.0, 2.5], UNIT), None);
}

#[test]
fn segment_of_zero_length_is_kept_inside_and_dropped_outside() {
    assert_eq!(clip_segment([0.5, 0.5], [0.5, 0.5], UNIT), Some(([0.5, 0.5], [0.5, 0.5])));
    assert_eq!(clip_segment([5.0, 0.5], [5.0, 0.5], UNIT), None);
}

#[test]
fn closed_polyline_inside_the_box_comes_back_as_one_closed_path() {
    let square = [[0.0, 0.0], [0.5, 0.0], [0.5, 0.5], [0.0, 0.5]];
    let pieces = clip_polyline_closed(&square, UNIT);
    assert_eq!(pieces.len(), 1, "{pieces:?}");
    // Every vertex in order, then back to the first: 5 points.
    assert_eq!(pieces[0], vec![[0.0, 0.0], [0.5, 0.0], [0.5, 0.5], [0.0, 0.5], [0.0, 0.0]]);
}

#[test]
fn closed_polyline_outside_the_box_gives_no_pieces() {
    let square = [[2.0, 2.0], [3.0, 2.0], [3.0, 3.0], [2.0, 3.0]];
    assert!(clip_polyline_closed(&square, UNIT).is_empty());
    // A circle of radius 10 around the box: its whole outline is outside.
    let big = vertices([0.0, 0.0], [[1.0, 0.0], [0.0, 1.0]], 10.0, 64);
    assert!(clip_polyline_closed(&big, UNIT).is_empty());
}

/// Every point of every piece lies in the box, and each piece's ends lie on its border
/// (a piece that is not a closed loop starts where the outline enters and ends where it
/// leaves).
fn assert_pieces_inside_with_ends_on_border(pieces: &[Vec<[f64; 2]>], r: Rect) {
    for piece in pieces {
        assert!(piece.len() >= 2, "{piece:?}");
        for &p in piece {
            assert!(inside_with_tolerance(p, r, 1e-12), "{p:?} is outside {r:?}");
        }
        assert!(on_border(piece[0], r, 1e-12), "piece starts inside at {:?}", piece[0]);
        assert!(on_border(piece[piece.len() - 1], r, 1e-12), "piece ends inside at {:?}", piece[piece.len() - 1]);
    }
}

#[test]
fn circle_cut_by_one_edge_is_one_piece_even_when_the_cut_wraps_around_the_start() {
    // Radius 2 around the origin, box [−1, 3] × [−3, 3]: only the cap x < −1 is cut off.
    // The outline starts at t = 0, the point (2, 0), which is inside, so the part after
    // the cap and the part before it are one piece joined across the start.
    let circle = vertices([0.0, 0.0], [[1.0, 0.0], [0.0, 1.0]], 2.0, 64);
    let r = Rect { x0: -1.0, x1: 3.0, y0: -3.0, y1: 3.0 };
    let pieces = clip_polyline_closed(&circle, r);
    assert_eq!(pieces.len(), 1, "{pieces:?}");
    assert_pieces_inside_with_ends_on_border(&pieces, r);
    // Both ends on the left edge, at y = ±√3 on the true circle (the polygon's chord is a
    // little inside it).
    for end in [pieces[0][0], pieces[0][pieces[0].len() - 1]] {
        assert_within(end[0], -1.0, 1e-12, "end on x = −1");
        assert_within(end[1].abs(), 3f64.sqrt(), 0.01, "end near y = ±√3");
    }
}

#[test]
fn circle_cut_by_one_edge_away_from_its_start_is_one_piece() {
    // Box [−3, 1] × [−3, 3]: the cap x > 1 is cut off, and the start (2, 0) is in it.
    let circle = vertices([0.0, 0.0], [[1.0, 0.0], [0.0, 1.0]], 2.0, 64);
    let r = Rect { x0: -3.0, x1: 1.0, y0: -3.0, y1: 3.0 };
    let pieces = clip_polyline_closed(&circle, r);
    assert_eq!(pieces.len(), 1, "{pieces:?}");
    assert_pieces_inside_with_ends_on_border(&pieces, r);
}

#[test]
fn circle_cut_by_two_opposite_edges_is_two_pieces() {
    // Box [−1, 1] × [−3, 3]: both side caps are cut off, the top and bottom arcs remain.
    let circle = vertices([0.0, 0.0], [[1.0, 0.0], [0.0, 1.0]], 2.0, 64);
    let r = Rect { x0: -1.0, x1: 1.0, y0: -3.0, y1: 3.0 };
    let pieces = clip_polyline_closed(&circle, r);
    assert_eq!(pieces.len(), 2, "{pieces:?}");
    assert_pieces_inside_with_ends_on_border(&pieces, r);
    // One arc above the x-axis, one below.
    let above = pieces.iter().filter(|p| p.iter().all(|q| q[1] > 0.0)).count();
    let below = pieces.iter().filter(|p| p.iter().all(|q| q[1] < 0.0)).count();
    assert_eq!((above, below), (1, 1));
}

#[test]
fn tilted_ellipse_cut_by_a_corner_keeps_all_its_inside_vertices() {
    // A tilted 2σ ellipse of the penguin-like Σ, centred near the box's top-right corner.
    // Every vertex inside the box must appear in the pieces (clipping only cuts edges).
    let sigma = [[2.0, -1.2], [-1.2, 0.9]];
    let poly = vertices([0.8, 0.8], sigma, 1.0, 128);
    let pieces = clip_polyline_closed(&poly, UNIT);
    assert!(!pieces.is_empty());
    assert_pieces_inside_with_ends_on_border(&pieces, UNIT);
    for v in poly.iter().filter(|v| UNIT.contains(**v)) {
        let found = pieces.iter().flatten().any(|p| (p[0] - v[0]).abs() < 1e-12 && (p[1] - v[1]).abs() < 1e-12);
        assert!(found, "inside vertex {v:?} is missing from the clipped outline");
    }
}

#[test]
fn ellipse_cut_by_one_edge_only_is_always_one_piece() {
    // A family of tilted ellipses whose start vertex (t = 0, the end of the major axis
    // nearest +x) is inside the tall box [−1, 10] × [−100, 100] and which stick out of its
    // left edge only. Cutting one cap off a convex outline leaves one arc, so every case
    // must give exactly one piece (the doc: "consecutive inside pieces are joined").
    let r = Rect { x0: -1.0, x1: 10.0, y0: -100.0, y1: 100.0 };
    let mut split = Vec::new();
    let mut cases = 0;
    for i in 0..400 {
        let mx = -0.9 + 0.0137 * i as f64;
        let k = 1.3 + mx + 0.011 * (i % 17) as f64;
        let off = 0.03 * ((i % 5) as f64 - 2.0);
        let sigma = [[1.0 + 0.01 * (i % 7) as f64, off], [off, 0.5 + 0.05 * (i % 3) as f64]];
        let poly = vertices([mx, 0.3 * (i % 11) as f64 - 1.7], sigma, k, 60 + i % 50);
        if !r.contains(poly[0]) || poly.iter().all(|p| r.contains(*p)) {
            continue;
        }
        cases += 1;
        let pieces = clip_polyline_closed(&poly, r);
        if pieces.len() != 1 {
            split.push((i, pieces.len()));
        }
    }
    assert!(cases > 300, "only {cases} cases");
    assert!(split.is_empty(), "{} of {cases} outlines were split: (case, pieces) = {split:?}", split.len());
}
