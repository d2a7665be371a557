//! The boundary curves in pixels: level sets of a model's score, quadrics mapped to the
//! canvas, and dashes laid along a path.

use super::*;

/// The curves where `model`'s log-odds equals `level`, clipped to `view`: the exact line for
/// the linear models (GDA, logistic regression, shared-variance naive Bayes is drawn by its
/// grid trace like QDA), traced on a grid for the quadratic ones.
pub(super) fn boundary_lines(model: &Model, shift: f64, level: f64, view: Rect) -> Vec<Vec<Vec2>> {
    // log-odds + shift = level. A linear log-odds has that set exactly: one clipped segment,
    // where a trace on the grid gives the same line as a vertex per cell, each joint
    // stroked.
    match model.linear_log_odds() {
        Some((w, b)) => clip_line(w, b + shift - level, view).map(|(p, q)| vec![vec![p, q]]).unwrap_or_default(),
        None => level_set(model, level - shift, view, 160, 120).unwrap_or_default(),
    }
}

/// The k-σ ellipse of N(`mu`, `sigma`) in `frame`'s pixels, as its centre and the
/// matrix Q = [Q₁₁, Q₁₂, Q₂₂] of {p : (p − c)ᵀ Q (p − c) = 1}; `None` unless Σ is positive
/// definite. Pixels run right and down: Σ scales by the pixels per unit of each axis, and
/// the covariance changes sign with y flipped.
pub(in crate::plot) fn pixel_quadric(
    frame: &PlotFrame,
    mu: Vec2,
    sigma: &[[f64; 2]; 2],
    k: f64,
) -> Option<((f64, f64), [f64; 3])> {
    let [l, t, r, b] = frame.pixels.map(f64::from);
    let v = frame.view;
    let (sx, sy) = ((r - l) / (v.x1 - v.x0), (b - t) / (v.y1 - v.y0));
    let (a, c, d) = (sigma[0][0] * sx * sx, -sigma[0][1] * sx * sy, sigma[1][1] * sy * sy);
    let det = a * d - c * c;
    if !(det > 0.0 && a > 0.0 && det.is_finite() && k > 0.0) {
        return None;
    }
    let [x, y] = frame.to_pixels(mu);
    // Q = Σ⁻¹ / k².
    let s = 1.0 / (det * k * k);
    Some(((x, y), [d * s, -c * s, a * s]))
}

/// Splits a polyline into dashes of `on` pixels separated by `off` pixels (measured on
/// screen, so dashes look the same at any zoom). Returns data-space segments.
pub(super) fn dashes(path: &[Vec2], frame: &PlotFrame, on: f64, off: f64) -> Vec<Vec<(f64, f64)>> {
    let mut out = Vec::new();
    let mut current: Vec<(f64, f64)> = Vec::new();
    let (mut drawing, mut left) = (true, on);
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (pa, pb) = (frame.to_pixels(a), frame.to_pixels(b));
        let len = ((pb[0] - pa[0]).powi(2) + (pb[1] - pa[1]).powi(2)).sqrt();
        let mut t = 0.0;
        while len > 0.0 && t < 1.0 {
            let step = (left / len).min(1.0 - t);
            let p = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
            let q = [a[0] + (b[0] - a[0]) * (t + step), a[1] + (b[1] - a[1]) * (t + step)];
            if drawing {
                if current.is_empty() {
                    current.push((p[0], p[1]));
                }
                current.push((q[0], q[1]));
            }
            left -= step * len;
            t += step;
            if left <= 1e-9 {
                if drawing && !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
                drawing = !drawing;
                left = if drawing { on } else { off };
            }
        }
    }
    if current.len() > 1 {
        out.push(current);
    }
    out
}
