//! The decision regions of a k-class model and the boundaries between them.
//!
//! The Bayes rule picks ŷ(x) = argmax_c t_c(x), t_c the class scores (log p(x, y = c) or
//! the logits). Classes a and b meet where t_a(x) = t_b(x); the k-class boundary is the
//! part of those pairwise sets where a and b are the *top two*: t_a = t_b ≥ t_c for
//! every other class c. So the k-class boundary is a subset of the k(k − 1)/2 pairwise
//! ones, the classic picture the panel's pairwise toggle shows.
//!
//! For a linear model, t_c(x) = w_cᵀx + b_c, and the pairwise set is the line
//! (w_a − w_b)ᵀx + (b_a − b_b) = 0. Along that line, parametrised x(s) = p + s(q − p) over
//! its piece inside the window, each other class c gives g_c(s) = t_c(x(s)) − t_a(x(s)),
//! affine in s; a and b are the top two where every g_c(s) ≤ 0, an interval of s found
//! exactly by intersecting the half-lines. For the quadratic models the pairwise sets are
//! conics, traced on a lattice ([`crate::gda::posterior_map::level_set`]) and kept where
//! the midpoint of each traced piece has a and b on top.

use crate::gda::classifier::{Classifier, MultiClassifier};
use crate::gda::geometry::{clip_line, Rect};
use crate::gda::posterior_map::level_set;
use crate::stats::linalg::Vec2;

/// The boundary between two classes.
#[derive(Debug, Clone, PartialEq)]
pub struct PairBoundary {
    /// The two classes (a < b).
    pub classes: (usize, usize),
    /// The whole pairwise set t_a = t_b inside the window (dashed by the pairwise toggle).
    pub pairwise: Vec<Vec<Vec2>>,
    /// The part of it where a and b are the top two: the drawn k-class boundary.
    pub top_two: Vec<Vec<Vec2>>,
}

/// The exact boundaries of a linear model with discriminants δ_c(x) = w_cᵀx + b_c (one
/// `(w_c, b_c)` per class) inside `view`, pair by pair (a < b, in order). A pair whose
/// line misses the window, or whose discriminants differ by a constant only (no line),
/// has empty pieces.
pub fn linear_boundaries(discriminants: &[(Vec2, f64)], view: Rect) -> Vec<PairBoundary> {
    let k = discriminants.len();
    let mut out = Vec::new();
    for a in 0..k {
        for b in a + 1..k {
            let ((wa, ba), (wb, bb)) = (discriminants[a], discriminants[b]);
            let (w, c) = ([wa[0] - wb[0], wa[1] - wb[1]], ba - bb);
            let mut boundary = PairBoundary { classes: (a, b), pairwise: Vec::new(), top_two: Vec::new() };
            if let Some((p, q)) = clip_line(w, c, view) {
                boundary.pairwise.push(vec![p, q]);
                if let Some((s0, s1)) = top_two_interval(discriminants, a, b, p, q) {
                    let at = |s: f64| [p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1])];
                    boundary.top_two.push(vec![at(s0), at(s1)]);
                }
            }
            out.push(boundary);
        }
    }
    out
}

/// The interval [s0, s1] ⊂ [0, 1] of the segment p → q on which classes a and b score at
/// least as high as every other class, or `None` when it is empty or a single point.
fn top_two_interval(discriminants: &[(Vec2, f64)], a: usize, b: usize, p: Vec2, q: Vec2) -> Option<(f64, f64)> {
    let score = |c: usize, x: Vec2| {
        let (w, bias) = discriminants[c];
        w[0] * x[0] + w[1] * x[1] + bias
    };
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for c in (0..discriminants.len()).filter(|&c| c != a && c != b) {
        // g(s) = t_c − t_a along the segment; on the line t_a = t_b, so comparing with a
        // alone suffices (the average of a and b is used against rounding).
        let g = |x: Vec2| score(c, x) - 0.5 * (score(a, x) + score(b, x));
        let (g0, g1) = (g(p), g(q));
        if g0 <= 0.0 && g1 <= 0.0 {
            continue;
        }
        if g0 > 0.0 && g1 > 0.0 {
            return None;
        }
        let root = g0 / (g0 - g1);
        if g0 > 0.0 {
            lo = lo.max(root);
        } else {
            hi = hi.min(root);
        }
    }
    (hi > lo).then_some((lo, hi))
}

/// t_b − t_a of a k-class model as a two-class log-odds, so the two-class level-set tracer
/// can follow the pairwise set t_a = t_b.
struct Pair<'a> {
    model: &'a dyn MultiClassifier,
    a: usize,
    b: usize,
}

impl Classifier for Pair<'_> {
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        let t = self.model.scores(x);
        let z = t[self.b] - t[self.a];
        // Both scores −∞ (far out for a quadratic model): no boundary here.
        if z.is_nan() {
            0.0
        } else {
            z
        }
    }
}

/// The boundaries of any k-class model inside `view`, traced on an `nx` × `ny` lattice:
/// each pairwise set t_a = t_b, and its pieces where a and b are the top two (a traced
/// polyline is cut wherever the midpoint of one of its pieces has another class on top).
pub fn traced_boundaries(model: &dyn MultiClassifier, view: Rect, nx: usize, ny: usize) -> Vec<PairBoundary> {
    let k = model.classes();
    let mut out = Vec::new();
    for a in 0..k {
        for b in a + 1..k {
            let pair = Pair { model, a, b };
            let lines = level_set(&pair, 0.0, view, nx, ny).unwrap_or_default();
            let mut top_two = Vec::new();
            for line in &lines {
                let mut piece: Vec<Vec2> = Vec::new();
                for w in line.windows(2) {
                    let mid = [0.5 * (w[0][0] + w[1][0]), 0.5 * (w[0][1] + w[1][1])];
                    let t = model.scores(mid);
                    let top = t[a].max(t[b]);
                    let on_top = (0..k).filter(|&c| c != a && c != b).all(|c| t[c] <= top);
                    if on_top {
                        if piece.is_empty() {
                            piece.push(w[0]);
                        }
                        piece.push(w[1]);
                    } else if piece.len() > 1 {
                        top_two.push(std::mem::take(&mut piece));
                    } else {
                        piece.clear();
                    }
                }
                if piece.len() > 1 {
                    top_two.push(piece);
                }
            }
            out.push(PairBoundary { classes: (a, b), pairwise: lines, top_two });
        }
    }
    out
}
