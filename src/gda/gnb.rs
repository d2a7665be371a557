//! Gaussian naive Bayes: QDA with diagonal covariances (with one pooled diagonal Σ, GDA
//! with a diagonal Σ).
//!
//! y ~ Bernoulli(φ), and given y = k the two features are independent normals,
//! xⱼ | y = k ~ N(θ_kj, σ²_kj): a Gaussian with the diagonal covariance diag(σ²_k1, σ²_k2).
//! The maximum-likelihood fit is φ = m₁/m, θ_kj the class means and
//!
//! * [`NbVariance::PerClass`] (scikit-learn's `GaussianNB`):
//!   σ²_kj = (1/m_k) Σ_{yᵢ=k} (xᵢⱼ − θ_kj)² + ε, the boundary a conic;
//! * [`NbVariance::Shared`]: σ²_j = (1/m) Σᵢ (xᵢⱼ − θ_{yᵢ j})² + ε, the diagonal of GDA's
//!   pooled Σ, the same for both classes, so the boundary is a line.
//!
//! **Variance smoothing** (scikit-learn's convention, matched exactly): ε = `var_smoothing`
//! × the largest per-feature variance of *all* m points (each divided by m),
//! `var_smoothing` = 10⁻⁹ by default, added to every variance. It keeps a class whose
//! points share a coordinate (or a class of one point) from having zero variance.
//!
//! The log-odds is QDA's with diagonal precisions:
//! z(x) = Σⱼ [(xⱼ − θ₀ⱼ)²/(2σ²₀ⱼ) − (xⱼ − θ₁ⱼ)²/(2σ²₁ⱼ) + ½ log(σ²₀ⱼ/σ²₁ⱼ)] + log(φ/(1 − φ)),
//! a quadratic form ([`QuadraticLogOdds`]) with A diagonal, A = 0 for shared variances.

use serde::Serialize;

use crate::error::{describe, Error, Result};
use crate::gda::classifier::{check_two_classes, pow2_scale, unscale, Classifier};
use crate::gda::fit::mean_gap_noise;
use crate::gda::geometry::Rect;
use crate::gda::posterior_map::{level_set, Polyline};
use crate::gda::qda::{centred_quadratic, expand, QuadraticLogOdds};
use crate::stats::linalg::{Mat2, Vec2};

/// scikit-learn's default `var_smoothing`.
pub const DEFAULT_VAR_SMOOTHING: f64 = 1e-9;

/// Whether each class has its own diagonal variances or both share them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum NbVariance {
    /// σ²_kj per class and feature (scikit-learn's `GaussianNB`): a quadratic boundary.
    PerClass,
    /// σ²_j per feature, pooled over the classes (the diagonal of GDA's Σ): a linear
    /// boundary.
    Shared,
}

/// A fitted Gaussian naive Bayes model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GaussianNb {
    variance: NbVariance,
    var_smoothing: f64,
    epsilon: f64,
    phi: f64,
    theta: [Vec2; 2],
    var: [Vec2; 2],
    precision: [Mat2; 2],
    offset: f64,
    form: QuadraticLogOdds,
    counts: [usize; 2],
}

impl GaussianNb {
    /// Fits φ, the class means θ_k and the diagonal variances (smoothed by ε).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for a negative or non-finite `var_smoothing`;
    /// [`Error::LengthMismatch`], [`Error::BadLabel`], [`Error::NonFinite`],
    /// [`Error::EmptyClass`] for bad data; [`Error::TooLarge`] when a variance overflows;
    /// when a variance is still exactly 0 after smoothing (only possible with ε = 0),
    /// [`Error::SingularClassCovariance`] naming the class (per-class variances) or
    /// [`Error::SingularCovariance`] (shared ones).
    pub fn fit(points: &[[f64; 2]], labels: &[u8], variance: NbVariance, var_smoothing: f64) -> Result<GaussianNb> {
        if !(var_smoothing.is_finite() && var_smoothing >= 0.0) {
            return Err(Error::InvalidParameter {
                name: "var_smoothing",
                value: describe(var_smoothing),
                rule: "the variance smoothing must be a finite number, 0 or more",
            });
        }
        let counts = check_two_classes(points, labels)?;
        let m = points.len() as f64;

        // ε from the variance of all points, feature by feature (two passes).
        let mut mean_all = [0.0f64; 2];
        let mut sums = [[0.0f64; 2]; 2];
        let mut abs_sums = [[0.0f64; 2]; 2];
        for (p, &y) in points.iter().zip(labels) {
            for j in 0..2 {
                mean_all[j] += p[j];
                sums[y as usize][j] += p[j];
                abs_sums[y as usize][j] += p[j].abs();
            }
        }
        let mean_all = mean_all.map(|v| v / m);
        let mut theta = [0, 1].map(|k| sums[k].map(|v| v / counts[k] as f64));
        // Means that coincide to within rounding (see `mean_gap_noise`) are made equal, on
        // each such axis, at the pooled mean: their difference would otherwise be noise,
        // and with shared variances that noise alone would draw a "boundary".
        let noise = mean_gap_noise(counts, [0, 1].map(|k| abs_sums[k].map(|v| v / counts[k] as f64)));
        for j in 0..2 {
            if (theta[1][j] - theta[0][j]).abs() <= noise[j] {
                let pooled = (sums[0][j] + sums[1][j]) / m;
                theta[0][j] = pooled;
                theta[1][j] = pooled;
            }
        }
        let mut var_all = [0.0f64; 2];
        let mut scatter = [[0.0f64; 2]; 2];
        for (p, &y) in points.iter().zip(labels) {
            let k = y as usize;
            for j in 0..2 {
                var_all[j] += (p[j] - mean_all[j]) * (p[j] - mean_all[j]);
                scatter[k][j] += (p[j] - theta[k][j]) * (p[j] - theta[k][j]);
            }
        }
        let var_all = var_all.map(|v| v / m);
        let epsilon = var_smoothing * var_all[0].max(var_all[1]);

        let var = match variance {
            NbVariance::PerClass => [0, 1].map(|k| scatter[k].map(|s| s / counts[k] as f64 + epsilon)),
            NbVariance::Shared => {
                let pooled = [0, 1].map(|j| (scatter[0][j] + scatter[1][j]) / m + epsilon);
                [pooled, pooled]
            }
        };
        if var.iter().flatten().chain(&var_all).chain(&[epsilon]).any(|v| !v.is_finite()) {
            return Err(Error::TooLarge);
        }
        for (k, v) in var.iter().enumerate() {
            if v[0] <= 0.0 || v[1] <= 0.0 {
                return Err(match variance {
                    NbVariance::PerClass => Error::SingularClassCovariance { class: k as u8, det: v[0] * v[1] },
                    NbVariance::Shared => Error::SingularCovariance { det: v[0] * v[1] },
                });
            }
        }
        let precision = var.map(|v| [[1.0 / v[0], 0.0], [0.0, 1.0 / v[1]]]);
        let phi = counts[1] as f64 / m;
        let log_prior_ratio = (counts[1] as f64).ln() - (counts[0] as f64).ln();
        let offset = 0.5 * ((var[0][0].ln() - var[1][0].ln()) + (var[0][1].ln() - var[1][1].ln())) + log_prior_ratio;
        let mut form = expand(&theta, &precision, offset);
        if variance == NbVariance::Shared {
            // The quadratic terms cancel exactly in the maths; make them exactly 0 here.
            form.a = [[0.0; 2]; 2];
        }
        Ok(GaussianNb { variance, var_smoothing, epsilon, phi, theta, var, precision, offset, form, counts })
    }

    /// Per-class or shared variances.
    pub fn variance_kind(&self) -> NbVariance {
        self.variance
    }

    /// The `var_smoothing` the fit used.
    pub fn var_smoothing(&self) -> f64 {
        self.var_smoothing
    }

    /// ε = var_smoothing × the largest per-feature variance of all points, added to every
    /// variance (scikit-learn's `epsilon_`).
    pub fn epsilon(&self) -> f64 {
        self.epsilon
    }

    /// φ = m₁/m.
    pub fn phi(&self) -> f64 {
        self.phi
    }

    /// θ_k, the mean of class `k` (0 or 1; anything else reads class 1); scikit-learn's
    /// `theta_[k]`.
    pub fn theta(&self, k: usize) -> Vec2 {
        self.theta[k.min(1)]
    }

    /// (σ²_k1, σ²_k2), the smoothed variances of class `k` (equal for both classes when
    /// shared); scikit-learn's `var_[k]`.
    pub fn var(&self, k: usize) -> Vec2 {
        self.var[k.min(1)]
    }

    /// The diagonal covariance diag(σ²_k1, σ²_k2) of class `k`, for drawing its ellipses.
    pub fn sigma(&self, k: usize) -> Mat2 {
        let v = self.var(k);
        [[v[0], 0.0], [0.0, v[1]]]
    }

    /// The number of points in class 0 and class 1.
    pub fn counts(&self) -> [usize; 2] {
        self.counts
    }

    /// The log-odds as xᵀAx + bᵀx + c (A diagonal; A = 0 for shared variances).
    pub fn quadratic(&self) -> QuadraticLogOdds {
        self.form
    }

    /// The boundary {x : z(x) = 0} inside `rect`, as for [`crate::gda::Qda::boundary`].
    ///
    /// # Errors
    /// As [`level_set`].
    pub fn boundary(&self, rect: Rect, nx: usize, ny: usize) -> Result<Vec<Polyline>> {
        level_set(self, 0.0, rect, nx, ny)
    }
}

impl Classifier for GaussianNb {
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        let z = centred_quadratic(&self.theta, &self.precision, self.offset, x);
        if !(z.is_nan() && x[0].is_finite() && x[1].is_finite()) {
            return z;
        }
        let k = pow2_scale(x[0].abs().max(x[1].abs()));
        let theta = self.theta.map(|m| [m[0] * k, m[1] * k]);
        unscale(centred_quadratic(&theta, &self.precision, self.offset * k * k, [x[0] * k, x[1] * k]), k) / k
    }

    fn class_prior(&self) -> Option<f64> {
        Some(self.phi)
    }
}
