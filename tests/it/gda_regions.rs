#![cfg(not(target_arch = "wasm32"))]
//! The k-class boundaries (`genlab::gda::regions`): every pairwise line clipped to where
//! its two classes are the top two. The expected segments are derived by hand for
//! δ₀ = x, δ₁ = −x, δ₂ = y on [−4, 4]²: classes 0 and 1 meet on x = 0 where y ≤ 0 (class 2
//! below them), 0 and 2 on y = x where x ≥ 0, 1 and 2 on y = −x where x ≤ 0: three rays
//! from the triple point at the origin.

use genlab::gda::{linear_boundaries, traced_boundaries, MultiClassifier, Rect};

use crate::common;
use common::assert_vec_close;

const VIEW: Rect = Rect { x0: -4.0, x1: 4.0, y0: -4.0, y1: 4.0 };
const DISCRIMINANTS: [([f64; 2], f64); 3] = [([1.0, 0.0], 0.0), ([-1.0, 0.0], 0.0), ([0.0, 1.0], 0.0)];

/// The same three linear scores as a k-class model, for the tracer.
struct ThreeRays;

impl MultiClassifier for ThreeRays {
    fn classes(&self) -> usize {
        3
    }
    fn scaled_scores(&self, x: [f64; 2]) -> (Vec<f64>, f64) {
        (DISCRIMINANTS.iter().map(|(w, b)| w[0] * x[0] + w[1] * x[1] + b).collect(), 1.0)
    }
}

/// The segment's two ends in a fixed order (lower x, then lower y, first).
fn ends(piece: &[[f64; 2]]) -> [[f64; 2]; 2] {
    let (a, b) = (piece[0], piece[piece.len() - 1]);
    if (a[0], a[1]) <= (b[0], b[1]) {
        [a, b]
    } else {
        [b, a]
    }
}

#[test]
fn linear_pairwise_lines_are_clipped_to_where_their_classes_are_the_top_two() {
    let b = linear_boundaries(&DISCRIMINANTS, VIEW);
    assert_eq!(b.iter().map(|p| p.classes).collect::<Vec<_>>(), [(0, 1), (0, 2), (1, 2)]);
    let expected_top = [[[0.0, -4.0], [0.0, 0.0]], [[0.0, 0.0], [4.0, 4.0]], [[-4.0, 4.0], [0.0, 0.0]]];
    let expected_whole = [[[0.0, -4.0], [0.0, 4.0]], [[-4.0, -4.0], [4.0, 4.0]], [[-4.0, 4.0], [4.0, -4.0]]];
    for ((pair, top), whole) in b.iter().zip(expected_top).zip(expected_whole) {
        assert_eq!(pair.top_two.len(), 1, "{:?}", pair.classes);
        assert_eq!(pair.pairwise.len(), 1);
        for (got, want) in ends(&pair.top_two[0]).iter().zip(top) {
            assert_vec_close(*got, want, 0.0, 1e-12, "top-two end");
        }
        for (got, want) in ends(&pair.pairwise[0]).iter().zip(whole) {
            assert_vec_close(*got, want, 0.0, 1e-12, "pairwise end");
        }
    }
}

#[test]
fn a_pair_that_is_never_the_top_two_draws_no_boundary() {
    // Class 2 sits between 0 and 1 everywhere on their line: δ₂ = 1 beats δ₀ = δ₁ = 0 on
    // x = 0, so 0 and 1 never meet.
    let d = [([1.0, 0.0], 0.0), ([-1.0, 0.0], 0.0), ([0.0, 0.0], 1.0)];
    let b = linear_boundaries(&d, VIEW);
    assert!(b[0].top_two.is_empty());
    assert_eq!(b[0].pairwise.len(), 1, "the pairwise line is still there for the toggle");
    // 0 and 2 meet at x = 1, 1 and 2 at x = −1, whole lines within the window.
    for (pair, x) in [(&b[1], 1.0), (&b[2], -1.0)] {
        let [p, q] = ends(&pair.top_two[0]);
        assert_vec_close(p, [x, -4.0], 0.0, 1e-12, "end");
        assert_vec_close(q, [x, 4.0], 0.0, 1e-12, "end");
    }
}

#[test]
fn equal_discriminants_or_a_line_outside_the_window_give_empty_pieces() {
    let d = [([1.0, 0.0], 0.0), ([1.0, 0.0], 0.0), ([0.0, 1.0], 100.0)];
    let b = linear_boundaries(&d, VIEW);
    assert!(b[0].pairwise.is_empty() && b[0].top_two.is_empty(), "no line between equal classes");
    // 0 and 2 meet on x − y = 100: outside the window.
    assert!(b[1].pairwise.is_empty());
}

#[test]
fn the_tracer_finds_the_exact_rays_to_within_a_lattice_cell() {
    let traced = traced_boundaries(&ThreeRays, VIEW, 81, 81);
    let exact = linear_boundaries(&DISCRIMINANTS, VIEW);
    let cell = 8.0 / 80.0;
    for (t, e) in traced.iter().zip(&exact) {
        assert_eq!(t.classes, e.classes);
        let [p, q] = ends(&e.top_two[0]);
        // Every traced vertex lies on the exact segment (distance to it under a cell).
        let d = [q[0] - p[0], q[1] - p[1]];
        let len2 = d[0] * d[0] + d[1] * d[1];
        assert!(!t.top_two.is_empty(), "{:?}", t.classes);
        for v in t.top_two.iter().flatten() {
            let s = (((v[0] - p[0]) * d[0] + (v[1] - p[1]) * d[1]) / len2).clamp(0.0, 1.0);
            let near = [p[0] + s * d[0], p[1] + s * d[1]];
            let dist = ((v[0] - near[0]).powi(2) + (v[1] - near[1]).powi(2)).sqrt();
            assert!(dist < cell, "{:?}: {v:?} is {dist} from the exact ray", t.classes);
        }
    }
}

/// A traced k-class boundary has no loose end inside the window: each end of every piece
/// lies on the window's edge or meets the end of another piece (a junction of three
/// regions), to within a lattice cell. Checked on QDA and Gaussian naive Bayes fits of the
/// generated clouds for k = 3, 4, 5 and of the three-species presets, at the window the
/// panel shows them in.
#[test]
fn quadratic_boundaries_run_to_the_window_edge_or_to_a_junction() {
    use genlab::data::Preset;
    use genlab::gda::lab::{Covariance, ModelSettings};
    use genlab::gda::{ClassesSpec, GdaLab};
    let mut labs: Vec<(String, GdaLab)> = Vec::new();
    for k in 3..=5 {
        labs.push((
            format!("generated k = {k}"),
            common::unwrap(GdaLab::generated_classes(ClassesSpec::default_for(k))),
        ));
    }
    for p in [Preset::PenguinsThreeSpecies, Preset::IrisThreeSpecies] {
        labs.push((p.id().to_string(), common::unwrap(GdaLab::preset(p))));
    }
    for (name, mut lab) in labs {
        for covariance in [Covariance::PerClass, Covariance::DiagonalPerClass] {
            common::unwrap(lab.set_models(ModelSettings { covariance, ..ModelSettings::default() }));
            let model = lab.decision_model().expect("a k-class model");
            let view = lab.view();
            let (nx, ny) = (96, 72);
            let cell = ((view.x1 - view.x0) / (nx - 1) as f64).max((view.y1 - view.y0) / (ny - 1) as f64);
            let pairs = traced_boundaries(&model, view, nx, ny);
            let pieces: Vec<&Vec<[f64; 2]>> = pairs.iter().flat_map(|p| &p.top_two).collect();
            assert!(!pieces.is_empty(), "{name} {covariance:?}: a boundary");
            let all_ends: Vec<[f64; 2]> = pieces.iter().flat_map(|p| [p[0], p[p.len() - 1]]).collect();
            for (i, piece) in pieces.iter().enumerate() {
                for end in [piece[0], piece[piece.len() - 1]] {
                    let closed = piece.len() > 2 && piece[0] == piece[piece.len() - 1];
                    let on_edge = (end[0] - view.x0).abs().min((end[0] - view.x1).abs()) < 1e-9 * (view.x1 - view.x0)
                        || (end[1] - view.y0).abs().min((end[1] - view.y1).abs()) < 1e-9 * (view.y1 - view.y0);
                    let junction = all_ends.iter().enumerate().any(|(j, e)| {
                        j / 2 != i && ((e[0] - end[0]).powi(2) + (e[1] - end[1]).powi(2)).sqrt() <= 2.0 * cell
                    });
                    assert!(
                        closed || on_edge || junction,
                        "{name} {covariance:?}: a loose end at {end:?} (window {view:?})"
                    );
                }
            }
        }
    }
}
