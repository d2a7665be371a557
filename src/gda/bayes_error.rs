//! The exact error rate of the Bayes rule when GDA's model is true: two Gaussians with a
//! shared covariance Σ, y ~ Bernoulli(φ).
//!
//! The Bayes rule says 1 when z(x) = wᵀx + b > 0, with w = Σ⁻¹(μ₁ − μ₀),
//! b = −wᵀ(μ₀ + μ₁)/2 + c and c = log(φ/(1 − φ)). Under y = 1, z is normal with mean
//! Δ²/2 + c and variance Δ², under y = 0 with mean −Δ²/2 + c and the same variance, where
//! Δ² = (μ₁ − μ₀)ᵀΣ⁻¹(μ₁ − μ₀) is the squared Mahalanobis distance between the means. So
//!
//! err = φ·Φ(−Δ/2 − c/Δ) + (1 − φ)·Φ(−Δ/2 + c/Δ),
//!
//! which is Φ(−Δ/2) for φ = ½. When Δ = 0 the rule always says the likelier class and
//! err = min(φ, 1 − φ).

use crate::stats::linalg::{inverse, mul_vec, Mat2, Vec2};
use crate::stats::normal_cdf;

/// The exact error rate of the Bayes rule for x | y = k ~ N(μ_k, Σ) (one Σ for both
/// classes) and prior φ = p(y = 1), for any φ in (0, 1).
///
/// Returns NaN when φ is not in (0, 1), a number is not finite, or Σ is not symmetric
/// positive definite: no such pair of Gaussians exists, so there is no error rate.
pub fn bayes_error(mu0: [f64; 2], mu1: [f64; 2], sigma: [[f64; 2]; 2], phi: f64) -> f64 {
    let finite = mu0.iter().chain(&mu1).chain(sigma.iter().flatten()).all(|v| v.is_finite());
    let symmetric = (sigma[0][1] - sigma[1][0]).abs() <= 1e-12 * (sigma[0][0].abs() + sigma[1][1].abs());
    let positive = sigma[0][0] > 0.0 && sigma[0][0] * sigma[1][1] - sigma[0][1] * sigma[1][0] > 0.0;
    if !(finite && symmetric && positive && phi > 0.0 && phi < 1.0) {
        return f64::NAN;
    }
    let Some(precision) = inverse(&sigma) else {
        return f64::NAN;
    };
    mahalanobis_error(mahalanobis(mu0, mu1, &precision), phi)
}

/// Δ = √((μ₁ − μ₀)ᵀ Σ⁻¹ (μ₁ − μ₀)), given Σ⁻¹.
fn mahalanobis(mu0: Vec2, mu1: Vec2, precision: &Mat2) -> f64 {
    let d = [mu1[0] - mu0[0], mu1[1] - mu0[1]];
    let p = mul_vec(precision, d);
    (d[0] * p[0] + d[1] * p[1]).max(0.0).sqrt()
}

/// The Bayes error for Mahalanobis distance Δ ≥ 0 and prior φ in (0, 1) (the formula of
/// the module's documentation; any dimension).
pub fn mahalanobis_error(delta: f64, phi: f64) -> f64 {
    let c = (phi / (1.0 - phi)).ln();
    if delta == 0.0 {
        return phi.min(1.0 - phi);
    }
    phi * normal_cdf(-delta / 2.0 - c / delta) + (1.0 - phi) * normal_cdf(-delta / 2.0 + c / delta)
}
