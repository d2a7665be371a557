//! The generative models over k classes (2 ≤ k ≤ 5): GDA, QDA and Gaussian naive Bayes.
//!
//! y ~ Categorical(φ₀, …, φ_{k−1}),  x | y = c ~ N(μ_c, Σ_c).
//!
//! The maximum-likelihood fit on m labelled points, m_c of them in class c, is
//!
//! * φ_c = m_c/m and μ_c = (1/m_c) Σ_{yᵢ=c} xᵢ for every model;
//! * **GDA** ([`CovarianceModel::Shared`]): one Σ = (1/m) Σᵢ (xᵢ − μ_{yᵢ})(xᵢ − μ_{yᵢ})ᵀ,
//!   divided by m (scikit-learn's `LinearDiscriminantAnalysis(solver="lsqr").covariance_`);
//! * **QDA** ([`CovarianceModel::PerClass`]): Σ_c = (1/m_c) Σ_{yᵢ=c} (xᵢ − μ_c)(xᵢ − μ_c)ᵀ,
//!   divided by m_c (scikit-learn 1.9.1's `QuadraticDiscriminantAnalysis.covariance_` uses the
//!   same divisor, see [`crate::gda::qda`]; older releases divided by m_c − 1);
//! * **Gaussian naive Bayes** ([`CovarianceModel::Diagonal`]): Σ_c diagonal, its variances
//!   σ²_cj = (1/m_c) Σ_{yᵢ=c} (xᵢⱼ − μ_cj)² + ε per class ([`NbVariance::PerClass`],
//!   scikit-learn's `GaussianNB`), or pooled over the classes, σ²_j = (1/m) Σᵢ (xᵢⱼ − μ_{yᵢ j})² + ε
//!   ([`NbVariance::Shared`]); ε = `var_smoothing` × the largest per-feature variance of
//!   all m points, as scikit-learn's `epsilon_`.
//!
//! The score of class c is the log joint density
//!
//! sᶜ(x) = log p(x, y=c) = log φ_c − log 2π − ½ log|Σ_c| − ½ (x − μ_c)ᵀ Σ_c⁻¹ (x − μ_c),
//!
//! and the posterior its softmax ([`MultiClassifier`]). With one shared Σ the quadratic
//! term xᵀΣ⁻¹x is the same for every class and cancels in the posterior: the scores differ
//! by the linear discriminants δ_c(x) = w_cᵀx + b_c, w_c = Σ⁻¹μ_c,
//! b_c = −½ μ_cᵀ Σ⁻¹ μ_c + log φ_c ([`GaussianClasses::linear_discriminants`]), and each
//! pairwise boundary δ_a = δ_b is a line.
//!
//! The scores are evaluated in the centred (Mahalanobis) form above, which stays accurate
//! far from the origin; the sums of squares are taken about the class means (two passes).
//! For k = 2 these are the numbers of [`crate::gda::Gda`], [`crate::gda::Qda`] and
//! [`crate::gda::GaussianNb`], to rounding (the two-class types sum differently).
//!
//! **Means that coincide.** With a shared covariance (GDA, naive Bayes with shared
//! variances), class means that coincide to within the rounding of their sums
//! ([`mean_gap_noise`]) are made exactly equal, axis by axis, at their pooled mean: the data
//! cannot tell those classes apart there, and their difference, rounding noise, would
//! otherwise draw a boundary between them. (The two-class GDA sets w = 0 instead; the
//! two-class naive Bayes pools the same way.)

use serde::Serialize;

use crate::error::{describe, Error, Result};
use crate::gda::classifier::{check_classes, pow2_scale, MultiClassifier};
use crate::gda::fit::{mean_gap_noise, singular_checked_inverse};
use crate::gda::gnb::NbVariance;
use crate::gda::qda::{checked_inverse, log_det};
use crate::stats::linalg::{self, Mat2, Vec2};

/// Which covariance the generative model fits.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum CovarianceModel {
    /// One Σ shared by every class (GDA, linear boundaries).
    Shared,
    /// A full Σ_c per class (QDA, conic boundaries).
    PerClass,
    /// A diagonal Σ (Gaussian naive Bayes), per class or shared.
    Diagonal {
        /// Per-class or shared diagonal variances.
        variance: NbVariance,
        /// scikit-learn's `var_smoothing` (ε = var_smoothing × the largest feature variance).
        var_smoothing: f64,
    },
}

/// A fitted generative model of k Gaussian classes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GaussianClasses {
    kind: CovarianceModel,
    counts: Vec<usize>,
    priors: Vec<f64>,
    means: Vec<Vec2>,
    covariances: Vec<Mat2>,
    precisions: Vec<Mat2>,
    /// log φ_c − log 2π − ½ log|Σ_c|, the part of each score that does not depend on x.
    constants: Vec<f64>,
    epsilon: f64,
}

impl GaussianClasses {
    /// Fits the priors, the means and the covariances of `kind` by maximum likelihood.
    ///
    /// k = 1 + the largest label; every class 0..k must have a point.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for a negative or non-finite `var_smoothing`;
    /// [`Error::LengthMismatch`], [`Error::BadLabel`] (a label of 5 or more),
    /// [`Error::NonFinite`], [`Error::EmptyClass`] for bad data; [`Error::TooLarge`] when a
    /// covariance overflows; [`Error::SingularCovariance`] when the shared Σ (or a shared
    /// variance) cannot be inverted; for a covariance per class, [`Error::ClassTooSmall`]
    /// (one point) and [`Error::SingularClassCovariance`] naming the class.
    pub fn fit(points: &[[f64; 2]], labels: &[u8], kind: CovarianceModel) -> Result<GaussianClasses> {
        if let CovarianceModel::Diagonal { var_smoothing, .. } = kind {
            if !(var_smoothing.is_finite() && var_smoothing >= 0.0) {
                return Err(Error::InvalidParameter {
                    name: "var_smoothing",
                    value: describe(var_smoothing),
                    rule: "the variance smoothing must be a finite number, 0 or more",
                });
            }
        }
        let counts = check_classes(points, labels)?;
        let k = counts.len();
        let m = points.len() as f64;
        let mut sums = vec![[0.0f64; 2]; k];
        for (p, &y) in points.iter().zip(labels) {
            let s = &mut sums[usize::from(y)];
            s[0] += p[0];
            s[1] += p[1];
        }
        let mut means: Vec<Vec2> = sums.iter().zip(&counts).map(|(s, &n)| [s[0] / n as f64, s[1] / n as f64]).collect();
        if !matches!(kind, CovarianceModel::PerClass) {
            snap_coincident_means(points, labels, &counts, &sums, &mut means);
        }
        // Each class's scatter about its own mean: [Σdx², Σdx·dy, Σdy²].
        let mut scatter = vec![[0.0f64; 3]; k];
        for (p, &y) in points.iter().zip(labels) {
            let c = usize::from(y);
            let d = [p[0] - means[c][0], p[1] - means[c][1]];
            scatter[c][0] += d[0] * d[0];
            scatter[c][1] += d[0] * d[1];
            scatter[c][2] += d[1] * d[1];
        }
        let matrix = |s: [f64; 3], n: f64| [[s[0] / n, s[1] / n], [s[1] / n, s[2] / n]];
        let pooled = scatter.iter().fold([0.0f64; 3], |a, s| [a[0] + s[0], a[1] + s[1], a[2] + s[2]]);

        let mut epsilon = 0.0;
        let (covariances, precisions): (Vec<Mat2>, Vec<Mat2>) = match kind {
            CovarianceModel::Shared => {
                let sigma = matrix(pooled, m);
                let inv = singular_checked_inverse(&sigma, &means)?;
                (vec![sigma; k], vec![inv; k])
            }
            CovarianceModel::PerClass => {
                if let Some(class) = counts.iter().position(|&n| n < 2) {
                    return Err(Error::ClassTooSmall { class: class as u8, count: counts[class] });
                }
                let sigmas: Vec<Mat2> = scatter.iter().zip(&counts).map(|(&s, &n)| matrix(s, n as f64)).collect();
                let mut invs = Vec::with_capacity(k);
                for (c, sigma) in sigmas.iter().enumerate() {
                    invs.push(checked_inverse(sigma, means[c], c as u8)?);
                }
                (sigmas, invs)
            }
            CovarianceModel::Diagonal { variance, var_smoothing } => {
                let mean_all = [0, 1].map(|j| sums.iter().map(|s| s[j]).sum::<f64>() / m);
                let mut var_all = [0.0f64; 2];
                for p in points {
                    for j in 0..2 {
                        var_all[j] += (p[j] - mean_all[j]) * (p[j] - mean_all[j]);
                    }
                }
                let var_all = var_all.map(|v| v / m);
                epsilon = var_smoothing * var_all[0].max(var_all[1]);
                let vars: Vec<Vec2> = match variance {
                    NbVariance::PerClass => scatter
                        .iter()
                        .zip(&counts)
                        .map(|(s, &n)| [s[0] / n as f64 + epsilon, s[2] / n as f64 + epsilon])
                        .collect(),
                    NbVariance::Shared => vec![[pooled[0] / m + epsilon, pooled[2] / m + epsilon]; k],
                };
                if vars.iter().flatten().chain(&var_all).chain(&[epsilon]).any(|v| !v.is_finite()) {
                    return Err(Error::TooLarge);
                }
                if let Some(c) = vars.iter().position(|v| v[0] <= 0.0 || v[1] <= 0.0) {
                    let det = vars[c][0] * vars[c][1];
                    return Err(match variance {
                        NbVariance::PerClass => Error::SingularClassCovariance { class: c as u8, det },
                        NbVariance::Shared => Error::SingularCovariance { det },
                    });
                }
                vars.iter().map(|v| ([[v[0], 0.0], [0.0, v[1]]], [[1.0 / v[0], 0.0], [0.0, 1.0 / v[1]]])).unzip()
            }
        };
        let log_m = m.ln();
        let two_pi = std::f64::consts::TAU.ln();
        let constants = covariances
            .iter()
            .zip(&counts)
            .map(|(sigma, &n)| {
                let log_det = match kind {
                    CovarianceModel::Diagonal { .. } => sigma[0][0].ln() + sigma[1][1].ln(),
                    _ => log_det(sigma),
                };
                (n as f64).ln() - log_m - two_pi - 0.5 * log_det
            })
            .collect();
        let priors = counts.iter().map(|&n| n as f64 / m).collect();
        Ok(GaussianClasses { kind, counts, priors, means, covariances, precisions, constants, epsilon })
    }

    /// The covariance model fitted.
    pub fn kind(&self) -> CovarianceModel {
        self.kind
    }

    /// m_c, the number of points in each class.
    pub fn counts(&self) -> &[usize] {
        &self.counts
    }

    /// φ_c = m_c/m.
    pub fn priors(&self) -> &[f64] {
        &self.priors
    }

    /// μ_c, the class means.
    pub fn means(&self) -> &[Vec2] {
        &self.means
    }

    /// Σ_c, one per class (GDA: k copies of the shared Σ; naive Bayes: diagonal, smoothed).
    pub fn covariances(&self) -> &[Mat2] {
        &self.covariances
    }

    /// Σ_c⁻¹, one per class.
    pub fn precisions(&self) -> &[Mat2] {
        &self.precisions
    }

    /// ε added to every naive Bayes variance (0 for GDA and QDA).
    pub fn epsilon(&self) -> f64 {
        self.epsilon
    }

    /// The linear discriminants δ_c(x) = w_c·x + b_c as (w_c, b_c), one per class, when
    /// the covariance is shared (GDA, naive Bayes with shared variances): w_c = Σ⁻¹μ_c,
    /// b_c = −½ μ_cᵀ Σ⁻¹ μ_c + log φ_c. They differ from the scores by a term common to
    /// every class, so δ_a − δ_b is the log-odds of a against b. `None` for the quadratic
    /// models.
    pub fn linear_discriminants(&self) -> Option<Vec<(Vec2, f64)>> {
        let shared = matches!(
            self.kind,
            CovarianceModel::Shared | CovarianceModel::Diagonal { variance: NbVariance::Shared, .. }
        );
        shared.then(|| {
            self.means
                .iter()
                .zip(&self.precisions)
                .zip(&self.counts)
                .map(|((&mu, p), &n)| {
                    let w = linalg::mul_vec(p, mu);
                    let log_prior = (n as f64).ln() - (self.points() as f64).ln();
                    (w, -0.5 * linalg::dot(w, mu) + log_prior)
                })
                .collect()
        })
    }

    fn points(&self) -> usize {
        self.counts.iter().sum()
    }
}

/// Makes class means that coincide to within the rounding of their sums exactly equal, axis
/// by axis, at the pooled mean of the classes concerned (the rule of the two-class GDA and
/// naive Bayes, [`mean_gap_noise`]): with a shared covariance their difference is all the
/// evidence between those classes, and rounding noise alone would otherwise draw a
/// boundary between two classes the data cannot tell apart.
fn snap_coincident_means(points: &[[f64; 2]], labels: &[u8], counts: &[usize], sums: &[Vec2], means: &mut [Vec2]) {
    let k = counts.len();
    let mut abs_sums = vec![[0.0f64; 2]; k];
    for (p, &y) in points.iter().zip(labels) {
        let a = &mut abs_sums[usize::from(y)];
        a[0] += p[0].abs();
        a[1] += p[1].abs();
    }
    let mean_abs: Vec<Vec2> = abs_sums.iter().zip(counts).map(|(a, &n)| [a[0] / n as f64, a[1] / n as f64]).collect();
    for j in 0..2 {
        // Classes joined, transitively, when a pair's gap on axis j is rounding noise.
        let mut group: Vec<usize> = (0..k).collect();
        for a in 0..k {
            for b in a + 1..k {
                let noise = mean_gap_noise([counts[a], counts[b]], [mean_abs[a], mean_abs[b]])[j];
                if (means[a][j] - means[b][j]).abs() <= noise {
                    let (ga, gb) = (group[a], group[b]);
                    group.iter_mut().filter(|g| **g == gb).for_each(|g| *g = ga);
                }
            }
        }
        for g in 0..k {
            let members: Vec<usize> = (0..k).filter(|&c| group[c] == g).collect();
            if members.len() > 1 {
                let total: f64 = members.iter().map(|&c| sums[c][j]).sum();
                let n: usize = members.iter().map(|&c| counts[c]).sum();
                for &c in &members {
                    means[c][j] = total / n as f64;
                }
            }
        }
    }
}

/// (x − μ)ᵀ P (x − μ).
fn mahalanobis2(p: &Mat2, mu: Vec2, x: Vec2) -> f64 {
    let d = [x[0] - mu[0], x[1] - mu[1]];
    p[0][0] * d[0] * d[0] + (p[0][1] + p[1][0]) * d[0] * d[1] + p[1][1] * d[1] * d[1]
}

impl MultiClassifier for GaussianClasses {
    fn classes(&self) -> usize {
        self.counts.len()
    }

    fn scaled_scores(&self, x: [f64; 2]) -> (Vec<f64>, f64) {
        let mut t = vec![0.0; self.classes()];
        let s = self.scaled_scores_into(x, &mut t);
        (t, s)
    }

    fn scaled_scores_into(&self, x: [f64; 2], t: &mut [f64]) -> f64 {
        let score = |c: usize, x: Vec2, mu: Vec2, scale2: f64| {
            scale2 * self.constants[c] - 0.5 * mahalanobis2(&self.precisions[c], mu, x)
        };
        for (c, v) in t.iter_mut().enumerate() {
            *v = score(c, x, self.means[c], 1.0);
        }
        if t.iter().all(|v| v.is_finite()) || !(x[0].is_finite() && x[1].is_finite()) {
            return 1.0;
        }
        // Overflow far from the data: every score times k² with x and μ scaled by a power
        // of two k (exact), so the quadratic terms stay finite.
        let k = pow2_scale(x[0].abs().max(x[1].abs()));
        let xs = [x[0] * k, x[1] * k];
        for (c, v) in t.iter_mut().enumerate() {
            *v = score(c, xs, self.means[c].map(|v| v * k), k * k);
        }
        // k² underflows to 0 beyond |x| ≈ 10¹⁵³; the smallest normal number is as good a
        // scale there (every difference of scores divided by it is −∞, the winner's 0).
        (k * k).max(f64::MIN_POSITIVE)
    }
}
