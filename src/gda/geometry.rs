//! The geometry the GDA figure draws.
//!
//! * The k-σ contour of N(μ, Σ) is the ellipse (x − μ)ᵀ Σ⁻¹ (x − μ) = k². With
//!   Σ = R diag(λ₁, λ₂) Rᵀ it is μ + R (k√λ₁ cos t, k√λ₂ sin t).
//! * The probability mass inside it is the χ²₂ CDF at k²: 1 − e^(−k²/2)
//!   (39.3 % for k = 1, 86.5 % for k = 2).
//! * The decision boundary w·x + b = 0 is a line; it is clipped to the plot rectangle
//!   here, because plotters clamps out-of-range coordinates to the border instead of
//!   clipping them.

use crate::error::{describe, Error, Result};
use crate::stats::linalg::{self, Mat2, Vec2};

/// An axis-aligned rectangle in data coordinates.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rect {
    /// Smallest x.
    pub x0: f64,
    /// Largest x.
    pub x1: f64,
    /// Smallest y.
    pub y0: f64,
    /// Largest y.
    pub y1: f64,
}

impl Rect {
    /// Whether `p` lies inside or on the border.
    pub fn contains(&self, p: Vec2) -> bool {
        p[0] >= self.x0 && p[0] <= self.x1 && p[1] >= self.y0 && p[1] <= self.y1
    }
}

/// The probability mass of a 2-D Gaussian inside its k-σ Mahalanobis ellipse:
/// 1 − e^(−k²/2).
pub fn mass_inside(k: f64) -> f64 {
    -(-0.5 * k * k).exp_m1()
}

/// `n` vertices of the k-σ ellipse of N(mean, sigma), counter-clockwise, not closed.
///
/// # Errors
/// [`Error::InvalidParameter`] when k is not positive and finite or Σ has a non-finite
/// entry; [`Error::SingularCovariance`] when Σ is not positive definite (an ellipse needs
/// two positive eigenvalues).
pub fn ellipse(mean: Vec2, sigma: &Mat2, k: f64, n: usize) -> Result<Vec<Vec2>> {
    if !(k.is_finite() && k > 0.0) {
        return Err(Error::InvalidParameter {
            name: "k",
            value: describe(k),
            rule: "the contour level must be a positive number",
        });
    }
    if sigma.iter().flatten().any(|v| !v.is_finite()) {
        return Err(Error::InvalidParameter {
            name: "Σ",
            value: "not finite".into(),
            rule: "a covariance needs finite entries",
        });
    }
    let (l1, l2, theta) = linalg::eig_sym(sigma);
    if l2.is_nan() || l2 <= 0.0 || !l1.is_finite() {
        return Err(Error::SingularCovariance { det: linalg::det(sigma) });
    }
    let (a, b) = (k * l1.sqrt(), k * l2.sqrt());
    let (c, s) = (theta.cos(), theta.sin());
    let n = n.max(8);
    Ok((0..n)
        .map(|i| {
            let t = std::f64::consts::TAU * i as f64 / n as f64;
            let (u, v) = (a * t.cos(), b * t.sin());
            [mean[0] + c * u - s * v, mean[1] + s * u + c * v]
        })
        .collect())
}

/// The segment of the line w·x + b = 0 inside `rect`, or `None` when the line misses it
/// (or w = 0, when there is no line at all).
///
/// Liang–Barsky style: the line is written as p(t) = p₀ + t·d with d ⟂ w, and t is
/// narrowed by each of the four half-planes.
pub fn clip_line(w: Vec2, b: f64, rect: Rect) -> Option<(Vec2, Vec2)> {
    let norm2 = w[0] * w[0] + w[1] * w[1];
    if !(norm2 > 0.0 && norm2.is_finite() && b.is_finite()) {
        return None;
    }
    // The point of the line nearest the rectangle's centre, and the line's direction.
    let centre = [0.5 * (rect.x0 + rect.x1), 0.5 * (rect.y0 + rect.y1)];
    let off = (linalg::dot(w, centre) + b) / norm2;
    let p0 = [centre[0] - off * w[0], centre[1] - off * w[1]];
    let d = [-w[1], w[0]];
    let (mut t0, mut t1) = (f64::NEG_INFINITY, f64::INFINITY);
    for (dir, start, lo, hi) in [(d[0], p0[0], rect.x0, rect.x1), (d[1], p0[1], rect.y0, rect.y1)] {
        if dir == 0.0 {
            if start < lo || start > hi {
                return None;
            }
            continue;
        }
        let (a, b) = ((lo - start) / dir, (hi - start) / dir);
        t0 = t0.max(a.min(b));
        t1 = t1.min(a.max(b));
    }
    if t0 > t1 || !t0.is_finite() || !t1.is_finite() {
        return None;
    }
    Some(([p0[0] + t0 * d[0], p0[1] + t0 * d[1]], [p0[0] + t1 * d[0], p0[1] + t1 * d[1]]))
}

/// Clips a closed polyline (an ellipse) to `rect`, returning the pieces that lie inside.
///
/// Each edge is clipped on its own; consecutive inside pieces are joined, so an ellipse
/// wholly inside comes back as one closed path.
pub fn clip_polyline_closed(points: &[Vec2], rect: Rect) -> Vec<Vec<Vec2>> {
    let mut pieces: Vec<Vec<Vec2>> = Vec::new();
    let mut current: Vec<Vec2> = Vec::new();
    let n = points.len();
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        match clip_segment(a, b, rect) {
            Some((p, q)) => {
                let joins = current.last().is_some_and(|l| (l[0] - p[0]).abs() < 1e-12 && (l[1] - p[1]).abs() < 1e-12);
                if !joins && !current.is_empty() {
                    pieces.push(std::mem::take(&mut current));
                }
                if current.is_empty() {
                    current.push(p);
                }
                current.push(q);
            }
            None => {
                if !current.is_empty() {
                    pieces.push(std::mem::take(&mut current));
                }
            }
        }
    }
    if !current.is_empty() {
        // Join the last piece onto the first when the path wraps around.
        if let Some(first) = pieces.first_mut() {
            let wraps = current
                .last()
                .is_some_and(|l| (l[0] - first[0][0]).abs() < 1e-12 && (l[1] - first[0][1]).abs() < 1e-12);
            if wraps {
                current.extend_from_slice(&first[1..]);
                *first = current;
            } else {
                pieces.push(current);
            }
        } else {
            pieces.push(current);
        }
    }
    pieces
}

/// The part of segment a→b inside `rect` (Liang–Barsky).
pub fn clip_segment(a: Vec2, b: Vec2, rect: Rect) -> Option<(Vec2, Vec2)> {
    let d = [b[0] - a[0], b[1] - a[1]];
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (dir, start, lo, hi) in [(d[0], a[0], rect.x0, rect.x1), (d[1], a[1], rect.y0, rect.y1)] {
        if dir == 0.0 {
            if start < lo || start > hi {
                return None;
            }
            continue;
        }
        let (u, v) = ((lo - start) / dir, (hi - start) / dir);
        t0 = t0.max(u.min(v));
        t1 = t1.min(u.max(v));
        if t0 > t1 {
            return None;
        }
    }
    Some(([a[0] + t0 * d[0], a[1] + t0 * d[1]], [a[0] + t1 * d[0], a[1] + t1 * d[1]]))
}
