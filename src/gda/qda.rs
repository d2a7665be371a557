//! Quadratic discriminant analysis: GDA with a covariance per class.
//!
//! y ~ Bernoulli(φ),  x | y = k ~ N(μ_k, Σ_k). The maximum-likelihood fit is
//! φ = m₁/m, μ_k the class means and Σ_k = (1/m_k) Σ_{yᵢ=k} (xᵢ − μ_k)(xᵢ − μ_k)ᵀ — each
//! class's own scatter **divided by m_k** (scikit-learn's
//! `QuadraticDiscriminantAnalysis(store_covariance=True).covariance_` uses the same n_k
//! divisor in 1.9.1, checked in `tools/sklearn/gda_models_reference.py`; older releases
//! divided by n_k − 1).
//!
//! Bayes' rule gives the log-odds
//!
//! z(x) = log N(x; μ₁, Σ₁) − log N(x; μ₀, Σ₀) + log(φ/(1 − φ))
//!      = −½(x − μ₁)ᵀΣ₁⁻¹(x − μ₁) + ½(x − μ₀)ᵀΣ₀⁻¹(x − μ₀) − ½ log|Σ₁| + ½ log|Σ₀| + log(φ/(1 − φ)),
//!
//! a quadratic form z(x) = xᵀAx + bᵀx + c ([`QuadraticLogOdds`]) with
//! A = −½(Σ₁⁻¹ − Σ₀⁻¹), b = Σ₁⁻¹μ₁ − Σ₀⁻¹μ₀,
//! c = −½μ₁ᵀΣ₁⁻¹μ₁ + ½μ₀ᵀΣ₀⁻¹μ₀ − ½ log|Σ₁| + ½ log|Σ₀| + log(φ/(1 − φ)).
//! The boundary z = 0 is a conic ([`ConicKind`]): an ellipse, a hyperbola (two branches),
//! a parabola, one or two lines, or nothing at all. With Σ₀ = Σ₁ the quadratic terms
//! cancel and QDA is GDA again.
//!
//! The model evaluates z in the centred (Mahalanobis) form above, which stays accurate far
//! from the origin; the expanded coefficients are for display and for the conic's kind.

use serde::Serialize;

use crate::error::{Error, Result};
use crate::gda::classifier::{check_two_classes, pow2_scale, unscale, Classifier};
use crate::gda::geometry::Rect;
use crate::gda::posterior_map::{level_set, Polyline};
use crate::stats::linalg::{self, Mat2, Vec2};

/// A quadratic log-odds z(x) = xᵀAx + bᵀx + c, A symmetric.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct QuadraticLogOdds {
    /// The symmetric matrix A of the quadratic term.
    pub a: Mat2,
    /// The linear coefficients b.
    pub b: Vec2,
    /// The constant c.
    pub c: f64,
}

/// What the boundary {x : xᵀAx + bᵀx + c = 0} is, in the whole plane.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ConicKind {
    /// A closed curve around the centre −½A⁻¹b (A definite, the centre on the other side).
    Ellipse,
    /// Two branches (A indefinite, det A < 0).
    Hyperbola,
    /// Two lines crossing at the centre (a degenerate hyperbola).
    CrossingLines,
    /// One open curve (A singular, not zero).
    Parabola,
    /// Two parallel lines (A singular, degenerate parabola).
    ParallelLines,
    /// One straight line (A = 0, b ≠ 0, as for GDA; or a degenerate conic).
    Line,
    /// A single point (a degenerate ellipse).
    Point,
    /// No boundary: one class wins everywhere.
    Empty,
    /// z ≡ 0: the classes tie everywhere.
    Everywhere,
}

impl QuadraticLogOdds {
    /// z(x) = xᵀAx + bᵀx + c, the expanded formula.
    pub fn eval(&self, x: Vec2) -> f64 {
        let ax = linalg::mul_vec(&self.a, x);
        linalg::dot(x, ax) + linalg::dot(self.b, x) + self.c
    }

    /// ∇z(x) = 2Ax + b.
    pub fn gradient(&self, x: Vec2) -> Vec2 {
        let ax = linalg::mul_vec(&self.a, x);
        [2.0 * ax[0] + self.b[0], 2.0 * ax[1] + self.b[1]]
    }

    /// The kind of conic z = 0 is.
    ///
    /// Exact degeneracies are decided with relative tolerances (10⁻¹⁰ of the terms'
    /// sizes), so a boundary that is a line up to rounding (QDA on two classes with equal
    /// covariances) is reported as a line.
    pub fn conic_kind(&self) -> ConicKind {
        const TOL: f64 = 1e-10;
        let (a, b, c) = (self.a, self.b, self.c);
        let a_size = a.iter().flatten().fold(0.0f64, |m, &v| m.max(v.abs()));
        let b_size = b[0].abs().max(b[1].abs());
        // A is "zero" when its terms are negligible next to the linear ones over the
        // region where the linear part changes by O(|c| + 1).
        let reach = (c.abs() + 1.0) / b_size.max(f64::MIN_POSITIVE);
        if a_size == 0.0 || (b_size > 0.0 && a_size * reach * reach <= TOL * (c.abs() + 1.0)) {
            return if b_size > 0.0 {
                ConicKind::Line
            } else if c == 0.0 {
                ConicKind::Everywhere
            } else {
                ConicKind::Empty
            };
        }
        let det = linalg::det(&a);
        let (l1, l2, theta) = linalg::eig_sym(&a);
        if det.abs() <= TOL * a_size * a_size {
            // One eigenvalue l ≈ 0 along u = (−sin θ, cos θ) or (cos θ, sin θ), the other
            // non-zero along v. z = l_v t² + (b·v) t + (b·u) s + c in (t, s) coordinates.
            let (l, v, u) = if l1.abs() >= l2.abs() {
                (l1, [theta.cos(), theta.sin()], [-theta.sin(), theta.cos()])
            } else {
                (l2, [-theta.sin(), theta.cos()], [theta.cos(), theta.sin()])
            };
            let (bv, bu) = (linalg::dot(b, v), linalg::dot(b, u));
            if bu.abs() > TOL * b_size.max(l.abs()) {
                return ConicKind::Parabola;
            }
            // l t² + bv t + c = 0.
            let disc = bv * bv - 4.0 * l * c;
            let size = bv * bv + (4.0 * l * c).abs();
            return if disc > TOL * size {
                ConicKind::ParallelLines
            } else if disc < -TOL * size {
                ConicKind::Empty
            } else {
                ConicKind::Line
            };
        }
        // The centre x_c solves 2A x_c = −b; there z = c − ¼ bᵀA⁻¹b = c + ½ b·x_c.
        let Some(inv) = linalg::inverse(&a) else { return ConicKind::Parabola };
        let xc = linalg::mul_vec(&inv, b).map(|v| -0.5 * v);
        let half_bxc = 0.5 * linalg::dot(b, xc);
        let zc = c + half_bxc;
        let size = c.abs() + half_bxc.abs();
        let at_centre_zero = zc.abs() <= TOL * size || size == 0.0;
        if det < 0.0 {
            if at_centre_zero {
                ConicKind::CrossingLines
            } else {
                ConicKind::Hyperbola
            }
        } else if at_centre_zero {
            ConicKind::Point
        } else if (zc > 0.0) == (l1 + l2 > 0.0) {
            // A positive definite with z > 0 at its minimum (or negative definite with
            // z < 0 at its maximum): z never crosses 0.
            ConicKind::Empty
        } else {
            ConicKind::Ellipse
        }
    }
}

/// A fitted QDA model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Qda {
    phi: f64,
    mu: [Vec2; 2],
    sigma: [Mat2; 2],
    sigma_inv: [Mat2; 2],
    log_det: [f64; 2],
    /// −½ log|Σ₁| + ½ log|Σ₀| + log(φ/(1 − φ)).
    offset: f64,
    form: QuadraticLogOdds,
    counts: [usize; 2],
}

impl Qda {
    /// Fits φ, μ_k and Σ_k (divided by m_k) by maximum likelihood.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`], [`Error::BadLabel`], [`Error::NonFinite`],
    /// [`Error::EmptyClass`] as for GDA; [`Error::ClassTooSmall`] for a class with one
    /// point; [`Error::SingularClassCovariance`] naming the class whose Σ_k cannot be
    /// inverted (two points, identical or collinear points); [`Error::TooLarge`] when a
    /// covariance overflows.
    pub fn fit(points: &[[f64; 2]], labels: &[u8]) -> Result<Qda> {
        let counts = check_two_classes(points, labels)?;
        for (class, &n) in counts.iter().enumerate() {
            if n < 2 {
                return Err(Error::ClassTooSmall { class: class as u8, count: n });
            }
        }
        let mut sums = [[0.0f64; 2]; 2];
        for (p, &y) in points.iter().zip(labels) {
            sums[y as usize][0] += p[0];
            sums[y as usize][1] += p[1];
        }
        let mu = [0, 1].map(|k| [sums[k][0] / counts[k] as f64, sums[k][1] / counts[k] as f64]);
        let mut scatter = [[[0.0f64; 2]; 2]; 2];
        for (p, &y) in points.iter().zip(labels) {
            let k = y as usize;
            let d = [p[0] - mu[k][0], p[1] - mu[k][1]];
            scatter[k][0][0] += d[0] * d[0];
            scatter[k][0][1] += d[0] * d[1];
            scatter[k][1][1] += d[1] * d[1];
        }
        let sigma = [0, 1].map(|k| {
            let n = counts[k] as f64;
            let s = scatter[k];
            [[s[0][0] / n, s[0][1] / n], [s[0][1] / n, s[1][1] / n]]
        });
        let sigma_inv = [checked_inverse(&sigma[0], mu[0], 0)?, checked_inverse(&sigma[1], mu[1], 1)?];
        let log_det = [log_det(&sigma[0]), log_det(&sigma[1])];
        let phi = counts[1] as f64 / points.len() as f64;
        let log_prior_ratio = (counts[1] as f64).ln() - (counts[0] as f64).ln();
        let offset = -0.5 * log_det[1] + 0.5 * log_det[0] + log_prior_ratio;
        let form = expand(&mu, &sigma_inv, offset);
        Ok(Qda { phi, mu, sigma, sigma_inv, log_det, offset, form, counts })
    }

    /// φ = m₁/m.
    pub fn phi(&self) -> f64 {
        self.phi
    }

    /// μ₀.
    pub fn mu0(&self) -> Vec2 {
        self.mu[0]
    }

    /// μ₁.
    pub fn mu1(&self) -> Vec2 {
        self.mu[1]
    }

    /// Σ₀ (divided by m₀).
    pub fn sigma0(&self) -> Mat2 {
        self.sigma[0]
    }

    /// Σ₁ (divided by m₁).
    pub fn sigma1(&self) -> Mat2 {
        self.sigma[1]
    }

    /// Σ_k⁻¹ for class `k` (0 or 1; anything else reads class 1).
    pub fn sigma_inv(&self, k: usize) -> Mat2 {
        self.sigma_inv[k.min(1)]
    }

    /// log|Σ_k| for class `k` (0 or 1; anything else reads class 1).
    pub fn log_det(&self, k: usize) -> f64 {
        self.log_det[k.min(1)]
    }

    /// The number of points in class 0 and class 1.
    pub fn counts(&self) -> [usize; 2] {
        self.counts
    }

    /// The log-odds as xᵀAx + bᵀx + c.
    pub fn quadratic(&self) -> QuadraticLogOdds {
        self.form
    }

    /// The squared Mahalanobis distance (x − μ_k)ᵀ Σ_k⁻¹ (x − μ_k) to class `k`'s mean
    /// under its own covariance.
    pub fn mahalanobis2(&self, x: Vec2, k: usize) -> f64 {
        let k = k.min(1);
        let d = [x[0] - self.mu[k][0], x[1] - self.mu[k][1]];
        linalg::dot(d, linalg::mul_vec(&self.sigma_inv[k], d))
    }

    /// The boundary {x : z(x) = 0} inside `rect`, as polylines in data coordinates, traced
    /// on an `nx` × `ny` lattice of the rectangle ([`level_set`]); every vertex is refined
    /// onto the curve. Closed curves repeat their first vertex at the end.
    ///
    /// # Errors
    /// As [`level_set`]: a rectangle that is not finite with positive size, or a lattice
    /// smaller than 2 × 2 or larger than the limit.
    pub fn boundary(&self, rect: Rect, nx: usize, ny: usize) -> Result<Vec<Polyline>> {
        level_set(self, 0.0, rect, nx, ny)
    }
}

impl Classifier for Qda {
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        let z = centred_quadratic(&self.mu, &self.sigma_inv, self.offset, x);
        if !(z.is_nan() && x[0].is_finite() && x[1].is_finite()) {
            return z;
        }
        // Only overflow (∞ − ∞) gets here: redo the sum with x and μ scaled by a power of
        // two k, every term then scaled by k², and undo it.
        let k = pow2_scale(x[0].abs().max(x[1].abs()));
        let mu = self.mu.map(|m| [m[0] * k, m[1] * k]);
        unscale(centred_quadratic(&mu, &self.sigma_inv, self.offset * k * k, [x[0] * k, x[1] * k]), k) / k
    }

    fn class_prior(&self) -> Option<f64> {
        Some(self.phi)
    }
}

/// −½(x − μ₁)ᵀP₁(x − μ₁) + ½(x − μ₀)ᵀP₀(x − μ₀) + offset, P_k the precision matrices.
pub(crate) fn centred_quadratic(mu: &[Vec2; 2], precision: &[Mat2; 2], offset: f64, x: Vec2) -> f64 {
    let q = |k: usize| {
        let d = [x[0] - mu[k][0], x[1] - mu[k][1]];
        let p = &precision[k];
        p[0][0] * d[0] * d[0] + (p[0][1] + p[1][0]) * d[0] * d[1] + p[1][1] * d[1] * d[1]
    };
    0.5 * q(0) - 0.5 * q(1) + offset
}

/// The expanded coefficients of `centred_quadratic`:
/// A = −½(P₁ − P₀), b = P₁μ₁ − P₀μ₀, c = −½μ₁ᵀP₁μ₁ + ½μ₀ᵀP₀μ₀ + offset.
pub(crate) fn expand(mu: &[Vec2; 2], precision: &[Mat2; 2], offset: f64) -> QuadraticLogOdds {
    let (p0, p1) = (&precision[0], &precision[1]);
    let a = [0, 1].map(|i| [0, 1].map(|j| -0.5 * (p1[i][j] - p0[i][j])));
    let p1mu1 = linalg::mul_vec(p1, mu[1]);
    let p0mu0 = linalg::mul_vec(p0, mu[0]);
    let b = [p1mu1[0] - p0mu0[0], p1mu1[1] - p0mu0[1]];
    let c = -0.5 * linalg::dot(mu[1], p1mu1) + 0.5 * linalg::dot(mu[0], p0mu0) + offset;
    QuadraticLogOdds { a, b, c }
}

/// log|Σ| of a positive-definite 2×2 matrix, as 2 log s + log det(Σ/s) with s its
/// largest entry, so that neither the determinant nor its logarithm over- or underflows.
pub(crate) fn log_det(sigma: &Mat2) -> f64 {
    let s = sigma.iter().flatten().fold(0.0f64, |a, &v| a.max(v.abs()));
    let unit = sigma.map(|row| row.map(|v| v / s));
    2.0 * s.ln() + linalg::det(&unit).ln()
}

/// Σ_k⁻¹ of class `class`, or the singular-class-covariance error.
///
/// The same test as GDA's shared Σ: on Σ/s with s its largest entry, singular when
/// det < 10⁻¹⁰·trace², or when the spread is rounding noise next to the mean's size.
pub(crate) fn checked_inverse(sigma: &Mat2, mu: Vec2, class: u8) -> Result<Mat2> {
    if sigma.iter().flatten().any(|v| !v.is_finite()) {
        return Err(Error::TooLarge);
    }
    let singular = || Error::SingularClassCovariance { class, det: linalg::det(sigma) };
    let s = sigma.iter().flatten().fold(0.0f64, |a, &v| a.max(v.abs()));
    let coord = mu[0].abs().max(mu[1].abs());
    if s == 0.0 || s <= 1e-24 * coord * coord {
        return Err(singular());
    }
    let unit = sigma.map(|row| row.map(|v| v / s));
    let (det, trace) = (linalg::det(&unit), unit[0][0] + unit[1][1]);
    if det.is_nan() || det <= 1e-10 * trace * trace {
        return Err(singular());
    }
    let inv = linalg::inverse(&unit).ok_or_else(singular)?;
    Ok(inv.map(|row| row.map(|v| v / s)))
}
