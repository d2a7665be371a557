//! The maximum-likelihood GDA fit and its posterior.
//!
//! φ = m₁/m, μ_k = (1/m_k) Σ_{yᵢ=k} xᵢ, Σ = (1/m) Σᵢ (xᵢ − μ_{yᵢ})(xᵢ − μ_{yᵢ})ᵀ,
//! w = Σ⁻¹(μ₁ − μ₀), b = −wᵀ(μ₀ + μ₁)/2 + log(φ/(1 − φ)), p(y=1|x) = σ(wᵀx + b).
//!
//! The sums are taken in one pass, each class's about one of its own points, which keeps Σ
//! accurate when the points sit far from the origin (penguin bills are ~40 mm long).
//!
//! When the two means coincide to within the rounding of their sums
//! ([`mean_gap_noise`]), μ₁ − μ₀ is taken as exactly 0: w = 0, the log-odds is the prior's
//! log(φ/(1 − φ)) everywhere and there is no boundary. Dividing rounding noise by Σ would
//! give a w of size 10⁻¹⁶ pointing anywhere, and a "boundary" drawn along it.

use crate::error::{Error, Result};
use crate::gda::classifier::{affine, Classifier};
use crate::stats::linalg::{self, Mat2, Vec2};
use crate::stats::sigmoid;

/// A fitted GDA model: the maximum-likelihood parameters and the linear log-odds they imply.
#[derive(Debug, Clone, PartialEq)]
pub struct Gda {
    phi: f64,
    mu: [Vec2; 2],
    sigma: Mat2,
    sigma_inv: Mat2,
    w: Vec2,
    b: f64,
    counts: [usize; 2],
    coincident: bool,
    /// Per class and axis, how far rounding may have moved the computed mean.
    mean_rounding: [Vec2; 2],
}

/// The size, per axis, below which the difference of two class means is rounding noise.
///
/// A class mean μ = (1/n) Σ xᵢ summed in floating point is off by at most
/// γₙ·(1/n) Σ |xᵢ|, γₙ = nε/(1 − nε), ε = 2⁻⁵² (recursive summation: Higham, *Accuracy and
/// Stability of Numerical Algorithms*, 2nd ed., §4.2; the division adds one ε). So
/// μ₁ − μ₀ is off by at most about ε·[(n₀ + 1)·A₀ + (n₁ + 1)·A₁], A_k the mean of |x| over
/// class k on that axis: the bound scales with the data's size, not with their spread,
/// because it is the size of the coordinates that rounding eats into. A gap within twice
/// that bound (the factor covers the rounding of the bound and of points translated by a
/// drag) cannot be told from 0: the data do not say which way the means differ.
pub fn mean_gap_noise(counts: [usize; 2], mean_abs: [[f64; 2]; 2]) -> [f64; 2] {
    let eps = f64::EPSILON;
    [0, 1].map(|j| 2.0 * eps * ((counts[0] as f64 + 1.0) * mean_abs[0][j] + (counts[1] as f64 + 1.0) * mean_abs[1][j]))
}

/// `gap` with each component within its `noise` ([`mean_gap_noise`]) set to exactly 0.
pub fn cancel_noise(gap: [f64; 2], noise: [f64; 2]) -> [f64; 2] {
    [0, 1].map(|j| if gap[j].abs() <= noise[j] { 0.0 } else { gap[j] })
}

impl Gda {
    /// Fits φ, μ₀, μ₁ and the shared Σ by maximum likelihood.
    ///
    /// `points[i]` has label `labels[i]`, which must be 0 or 1.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] when the slices differ in length, [`Error::BadLabel`] for
    /// a label other than 0/1, [`Error::NonFinite`] for a NaN or infinite coordinate,
    /// [`Error::EmptyClass`] when a class has no points, and
    /// [`Error::SingularCovariance`] when Σ cannot be inverted (one point per class,
    /// identical or collinear points).
    pub fn fit(points: &[[f64; 2]], labels: &[u8]) -> Result<Gda> {
        if points.len() != labels.len() {
            return Err(Error::LengthMismatch { points: points.len(), labels: labels.len() });
        }
        // Each class's scatter is summed about its first point, c_k, in one pass: with
        // d = x − c_k, it is Σddᵀ − (Σd)(Σd)ᵀ/m_k.
        // Shifting by a point of the class keeps the subtraction as accurate as the
        // two-pass sums about the means (the pivot lies within the class's spread, wherever
        // the class sits), and the points are read once: the fit is bound by memory.
        let pivot = |k: u8| labels.iter().position(|&l| l == k).map(|i| points[i]);
        let (Some(c0), Some(c1)) = (pivot(0), pivot(1)) else {
            // The first bad point or label, else the class with no points.
            let bad_label = labels.iter().position(|&l| l > 1);
            if let Some(e) = first_bad_point(points, bad_label.unwrap_or(points.len())) {
                return Err(e);
            }
            return Err(match bad_label {
                Some(index) => Error::BadLabel { index, label: labels[index], max: 1 },
                None => Error::EmptyClass { class: u8::from(pivot(0).is_some()) },
            });
        };
        let mut counts = [0usize; 2];
        // Per class: Σdx, Σdy, Σdx², Σdx·dy, Σdy², and Σx, Σy for the means (as exact as
        // the sums of the coordinates themselves, so a hand-worked mean comes out as worked).
        // Σ|x|, Σ|y| too, for the rounding bound of the means (see `mean_gap_noise`).
        let mut sums = [[0.0f64; 9]; 2];
        for (index, (p, &label)) in points.iter().zip(labels).enumerate() {
            let (k, c) = match label {
                0 => (0, c0),
                1 => (1, c1),
                _ => return Err(first_bad_point(points, index).unwrap_or(Error::BadLabel { index, label, max: 1 })),
            };
            let (dx, dy) = (p[0] - c[0], p[1] - c[1]);
            let s = &mut sums[k];
            s[0] += dx;
            s[1] += dy;
            s[2] += dx * dx;
            s[3] += dx * dy;
            s[4] += dy * dy;
            s[5] += p[0];
            s[6] += p[1];
            s[7] += p[0].abs();
            s[8] += p[1].abs();
            counts[k] += 1;
        }
        // A NaN or infinite coordinate leaves a sum that is not finite (as can finite
        // coordinates too large to square; Σ then reports that).
        if sums.iter().flatten().any(|v| !v.is_finite()) {
            if let Some(e) = first_bad_point(points, points.len()) {
                return Err(e);
            }
        }
        let mu = [0, 1].map(|k| [sums[k][5] / counts[k] as f64, sums[k][6] / counts[k] as f64]);
        let scatter =
            |k: usize, a: usize, b: usize, ab: usize| sums[k][ab] - sums[k][a] * sums[k][b] / counts[k] as f64;
        let sxx = scatter(0, 0, 0, 2) + scatter(1, 0, 0, 2);
        let sxy = scatter(0, 0, 1, 3) + scatter(1, 0, 1, 3);
        let syy = scatter(0, 1, 1, 4) + scatter(1, 1, 1, 4);
        let m = points.len() as f64;
        let sigma = [[sxx / m, sxy / m], [sxy / m, syy / m]];
        let sigma_inv = singular_checked_inverse(&sigma, &mu)?;

        let phi = counts[1] as f64 / m;
        let mean_abs = [0, 1].map(|k| [sums[k][7] / counts[k] as f64, sums[k][8] / counts[k] as f64]);
        let gap = cancel_noise([mu[1][0] - mu[0][0], mu[1][1] - mu[0][1]], mean_gap_noise(counts, mean_abs));
        let coincident = gap == [0.0, 0.0];
        // One class's share of the bound in `mean_gap_noise`: 2ε(n_k + 1)·A_k.
        let mean_rounding = [0, 1].map(|k| mean_abs[k].map(|a| 2.0 * f64::EPSILON * (counts[k] as f64 + 1.0) * a));
        let w = linalg::mul_vec(&sigma_inv, gap);
        // log(φ/(1−φ)) as a difference of logs of counts: exact for the ratio m₁/m₀.
        let log_prior_ratio = (counts[1] as f64).ln() - (counts[0] as f64).ln();
        let mid = [0.5 * (mu[0][0] + mu[1][0]), 0.5 * (mu[0][1] + mu[1][1])];
        let b = -linalg::dot(w, mid) + log_prior_ratio;
        Ok(Gda { phi, mu, sigma, sigma_inv, w, b, counts, coincident, mean_rounding })
    }

    /// φ, the maximum-likelihood prior p(y = 1).
    pub fn phi(&self) -> f64 {
        self.phi
    }

    /// μ₀, the mean of class 0.
    pub fn mu0(&self) -> [f64; 2] {
        self.mu[0]
    }

    /// μ₁, the mean of class 1.
    pub fn mu1(&self) -> [f64; 2] {
        self.mu[1]
    }

    /// The shared covariance Σ (divided by m).
    pub fn sigma(&self) -> [[f64; 2]; 2] {
        self.sigma
    }

    /// Σ⁻¹.
    pub fn sigma_inv(&self) -> [[f64; 2]; 2] {
        self.sigma_inv
    }

    /// `(w, b)` with log p(y=1|x)/p(y=0|x) = w·x + b.
    pub fn log_odds_coefficients(&self) -> ([f64; 2], f64) {
        (self.w, self.b)
    }

    /// The number of points in class 0 and class 1.
    pub fn counts(&self) -> [usize; 2] {
        self.counts
    }

    /// μ₀ and μ₁ as the page prints them: a coordinate within its rounding bound of 0 (a
    /// mean dragged to the origin, ±10⁻¹⁷) is exactly 0, as it is in exact arithmetic.
    pub fn means_shown(&self) -> [Vec2; 2] {
        [0, 1].map(|k| cancel_noise(self.mu[k], self.mean_rounding[k]))
    }

    /// Whether μ₀ and μ₁ coincide to within rounding ([`mean_gap_noise`]): then w = 0, the
    /// features carry no evidence, the prior alone decides and there is no boundary.
    pub fn means_coincide(&self) -> bool {
        self.coincident
    }

    /// log p(y=1|x)/p(y=0|x) = w·x + b.
    pub fn log_odds(&self, x: [f64; 2]) -> f64 {
        linalg::dot(self.w, x) + self.b
    }

    /// p(y = 1 | x) = σ(w·x + b), evaluated without overflow, always in [0, 1]. Never NaN:
    /// where the log-odds itself is undefined (a NaN coordinate, or ∞ − ∞ from an infinite
    /// one) it returns ½, the model having no opinion there.
    pub fn posterior(&self, x: [f64; 2]) -> f64 {
        let z = self.log_odds(x);
        if z.is_nan() {
            0.5
        } else {
            sigmoid(z)
        }
    }

    /// The predicted class: 1 when the log-odds is positive; ties go to class 0.
    pub fn predict(&self, x: [f64; 2]) -> u8 {
        u8::from(self.log_odds(x) > 0.0)
    }

    /// The squared Mahalanobis distance (x − μ_k)ᵀ Σ⁻¹ (x − μ_k) to class `k`'s mean.
    pub fn mahalanobis2(&self, x: [f64; 2], k: usize) -> f64 {
        let m = self.mu[k.min(1)];
        let d = [x[0] - m[0], x[1] - m[1]];
        linalg::dot(d, linalg::mul_vec(&self.sigma_inv, d))
    }
}

impl Classifier for Gda {
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        affine(self.w, self.b, x)
    }

    fn class_prior(&self) -> Option<f64> {
        Some(self.phi)
    }
}

/// The error of the first point before `end` with a NaN or infinite coordinate, if any.
fn first_bad_point(points: &[[f64; 2]], end: usize) -> Option<Error> {
    points[..end].iter().position(|p| !(p[0].is_finite() && p[1].is_finite())).map(|index| Error::NonFinite { index })
}

/// Σ⁻¹, or the singular-covariance error.
///
/// The test works on Σ/s, with s its largest entry, so it means the same at every scale and
/// its determinant cannot overflow: Σ is singular when its smaller eigenvalue is below
/// 1e-10 of the larger one's share of the trace (det < 1e-10·trace²), or when the spread is
/// rounding noise next to the coordinates' own size.
pub(crate) fn singular_checked_inverse(sigma: &Mat2, mu: &[Vec2]) -> Result<Mat2> {
    if sigma.iter().flatten().any(|v| !v.is_finite()) {
        return Err(Error::TooLarge);
    }
    let s = sigma.iter().flatten().fold(0.0f64, |a, &v| a.max(v.abs()));
    let coord = mu.iter().flatten().fold(0.0f64, |a, &v| a.max(v.abs()));
    // A spread below ~1e-12 of the coordinates' size is what rounding leaves behind when
    // every point is the same: treat it as zero.
    let noise = 1e-24 * coord * coord;
    if s <= noise || s == 0.0 {
        return Err(Error::SingularCovariance { det: linalg::det(sigma) });
    }
    let unit = sigma.map(|row| row.map(|v| v / s));
    let (det, trace) = (linalg::det(&unit), unit[0][0] + unit[1][1]);
    if det <= 1e-10 * trace * trace || det.is_nan() {
        return Err(Error::SingularCovariance { det: linalg::det(sigma) });
    }
    let inv = linalg::inverse(&unit).ok_or(Error::SingularCovariance { det: linalg::det(sigma) })?;
    Ok(inv.map(|row| row.map(|v| v / s)))
}
