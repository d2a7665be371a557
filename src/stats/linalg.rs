//! 2×2 symmetric-matrix algebra, written out by hand: determinant, inverse, matrix–vector
//! product and the closed-form eigen-decomposition. Short enough not to need a crate.

/// A 2-vector.
pub type Vec2 = [f64; 2];
/// A 2×2 matrix, row-major: `m[row][col]`.
pub type Mat2 = [[f64; 2]; 2];

/// Determinant ad − bc.
pub fn det(m: &Mat2) -> f64 {
    m[0][0] * m[1][1] - m[0][1] * m[1][0]
}

/// Inverse by the adjugate formula; `None` when the matrix is singular relative to its
/// own scale (|det| ≤ 1e-12 · ‖m‖²), where the inverse would be meaningless noise.
pub fn inverse(m: &Mat2) -> Option<Mat2> {
    let d = det(m);
    let scale = m.iter().flatten().fold(0.0_f64, |a, &v| a.max(v.abs()));
    if !d.is_finite() || scale == 0.0 || d.abs() <= 1e-12 * scale * scale {
        return None;
    }
    Some([[m[1][1] / d, -m[0][1] / d], [-m[1][0] / d, m[0][0] / d]])
}

/// Matrix–vector product m·v.
pub fn mul_vec(m: &Mat2, v: Vec2) -> Vec2 {
    [m[0][0] * v[0] + m[0][1] * v[1], m[1][0] * v[0] + m[1][1] * v[1]]
}

/// Dot product.
pub fn dot(a: Vec2, b: Vec2) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

/// Eigen-decomposition of a symmetric 2×2 matrix [[a, b], [b, c]].
///
/// Returns `(λ₁, λ₂, θ)` with λ₁ ≥ λ₂ and θ the angle (radians) of λ₁'s eigenvector from
/// the x-axis: the eigenvectors are (cos θ, sin θ) and (−sin θ, cos θ). Uses
/// λ = (a+c)/2 ± √(((a−c)/2)² + b²) and θ = ½·atan2(2b, a − c).
pub fn eig_sym(m: &Mat2) -> (f64, f64, f64) {
    let (a, b, c) = (m[0][0], 0.5 * (m[0][1] + m[1][0]), m[1][1]);
    let mean = 0.5 * (a + c);
    let radius = (0.25 * (a - c) * (a - c) + b * b).sqrt();
    let theta = 0.5 * (2.0 * b).atan2(a - c);
    (mean + radius, mean - radius, theta)
}

/// The symmetric matrix with the given standard deviations and correlation:
/// [[σx², ρσxσy], [ρσxσy, σy²]].
pub fn covariance(sd: Vec2, rho: f64) -> Mat2 {
    let off = rho * sd[0] * sd[1];
    [[sd[0] * sd[0], off], [off, sd[1] * sd[1]]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_times_matrix_is_identity() {
        let m = [[2.0, 0.5], [0.5, 1.0]];
        let inv = inverse(&m).unwrap();
        // Hand-worked: det = 1.75, inverse = [[1, -0.5], [-0.5, 2]] / 1.75
        assert!((inv[0][0] - 1.0 / 1.75).abs() < 1e-15);
        assert!((inv[0][1] + 0.5 / 1.75).abs() < 1e-15);
        assert!((inv[1][1] - 2.0 / 1.75).abs() < 1e-15);
    }

    #[test]
    fn singular_matrix_has_no_inverse() {
        assert!(inverse(&[[1.0, 2.0], [2.0, 4.0]]).is_none());
        assert!(inverse(&[[0.0, 0.0], [0.0, 0.0]]).is_none());
        assert!(inverse(&[[f64::NAN, 0.0], [0.0, 1.0]]).is_none());
    }

    #[test]
    fn eigen_decomposition_of_known_matrix() {
        // [[2,1],[1,2]] has eigenvalues 3 and 1, the first along (1,1)/√2 (θ = π/4).
        let (l1, l2, t) = eig_sym(&[[2.0, 1.0], [1.0, 2.0]]);
        assert!((l1 - 3.0).abs() < 1e-15 && (l2 - 1.0).abs() < 1e-15);
        assert!((t - std::f64::consts::FRAC_PI_4).abs() < 1e-15);
        // A diagonal matrix with the larger variance on y: θ = π/2.
        let (l1, l2, t) = eig_sym(&[[1.0, 0.0], [0.0, 4.0]]);
        assert!((l1 - 4.0).abs() < 1e-15 && (l2 - 1.0).abs() < 1e-15);
        assert!((t.abs() - std::f64::consts::FRAC_PI_2).abs() < 1e-15);
    }
}
