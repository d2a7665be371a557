//! Pure numerics shared by the models: 2×2 linear algebra, seeded sampling, the logistic
//! function and log-sum-exp, and binary classification metrics.

pub mod linalg;
pub mod metrics;
pub mod sampling;

/// The logistic function σ(z) = 1 / (1 + e^(−z)), evaluated without overflow.
///
/// For z ≥ 0 it uses 1 / (1 + e^(−z)); for z < 0 the equal form e^z / (1 + e^z), so the
/// exponential never overflows. σ(±∞) = 1 or 0 exactly; σ(NaN) is NaN (callers check
/// their inputs are finite first).
pub fn sigmoid(z: f64) -> f64 {
    if z >= 0.0 {
        1.0 / (1.0 + (-z).exp())
    } else {
        let e = z.exp();
        e / (1.0 + e)
    }
}

/// log Σ exp(xᵢ), shifted by the maximum so that no term overflows.
///
/// Returns −∞ for an empty slice or when every term is −∞ (the sum of zeros), +∞ when
/// any term is +∞.
pub fn log_sum_exp(xs: &[f64]) -> f64 {
    let max = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if max.is_infinite() {
        return max;
    }
    let sum: f64 = xs.iter().map(|&x| (x - max).exp()).sum();
    max + sum.ln()
}

/// The standard normal distribution function Φ(x) = ½ erfc(−x/√2).
///
/// Written with the complementary error function (libm's, the same bits natively and in
/// wasm) rather than ½(1 + erf(x/√2)), so the lower tail keeps its relative accuracy:
/// Φ(−10) ≈ 7.6e−24 instead of rounding to 0.
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * libm::erfc(-x / std::f64::consts::SQRT_2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sigmoid_is_stable_far_from_zero() {
        // σ(0) = ½ by definition; σ(±800) would overflow e^800 in the naive form.
        assert_eq!(sigmoid(0.0), 0.5);
        assert_eq!(sigmoid(800.0), 1.0);
        assert!(sigmoid(-800.0) >= 0.0 && sigmoid(-800.0) < 1e-300);
        assert_eq!(sigmoid(f64::INFINITY), 1.0);
        assert_eq!(sigmoid(f64::NEG_INFINITY), 0.0);
        // σ(−z) = 1 − σ(z)
        assert!((sigmoid(-1.3) - (1.0 - sigmoid(1.3))).abs() < 1e-15);
    }

    #[test]
    fn log_sum_exp_matches_direct_sum_and_survives_large_terms() {
        // log(e^1 + e^2) computed by hand: 2 + log(1 + e^-1) = 2.313261687518223
        assert!((log_sum_exp(&[1.0, 2.0]) - 2.313_261_687_518_223).abs() < 1e-14);
        assert!((log_sum_exp(&[1000.0, 1000.0]) - (1000.0 + 2f64.ln())).abs() < 1e-12);
        assert_eq!(log_sum_exp(&[]), f64::NEG_INFINITY);
        assert_eq!(log_sum_exp(&[f64::NEG_INFINITY, f64::NEG_INFINITY]), f64::NEG_INFINITY);
        assert_eq!(log_sum_exp(&[f64::NEG_INFINITY, 0.0]), 0.0);
    }

    #[test]
    fn normal_cdf_matches_scipy_in_the_middle_and_the_tails() {
        // scipy.stats.norm.cdf 1.17.1: 0.5, 0.8413447460685429, 0.022750131948179195,
        // 7.61985302416047e-24 (x = 0, 1, −2, −10).
        assert_eq!(normal_cdf(0.0), 0.5);
        assert!((normal_cdf(1.0) - 0.841_344_746_068_542_9).abs() < 1e-15);
        assert!((normal_cdf(-2.0) - 0.022_750_131_948_179_195).abs() < 1e-16);
        assert!((normal_cdf(-10.0) / 7.619_853_024_160_47e-24 - 1.0).abs() < 1e-12);
    }
}
