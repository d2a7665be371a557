//! Whether softmax (k-class logistic) regression has a finite maximum-likelihood fit.
//!
//! **The theorem** (Albert & Anderson, 1984). With class 0 the reference (θ₀ = 0), θ_c =
//! (b_c, w_c) and x̄ = (1, x), the unpenalised negative log-likelihood
//! J(θ) = Σᵢ [log Σ_c e^{θ_cᵀx̄ᵢ} − θ_{yᵢ}ᵀx̄ᵢ] is convex, and along a ray θ + t·d it keeps
//! falling for ever iff every margin (d_{yᵢ} − d_c)ᵀx̄ᵢ is ≥ 0 (each term then falls or
//! stays) and at least one is > 0. Such a direction d is a *separation*: complete when
//! every margin is positive, quasi-complete otherwise. So the finite MLE exists iff no d has
//!
//!   A d ≥ 0 and A d ≠ 0,  the rows of A being aᵢ꜀ᵀd = (d_{yᵢ} − d_c)ᵀx̄ᵢ, c ≠ yᵢ.
//!
//! (A d = 0 with d ≠ 0 makes the likelihood flat along d: the fit exists but is not unique,
//! as with collinear points; [`crate::gda::SoftmaxRegression::fit`] answers that case
//! itself.)
//!
//! **Deciding it exactly.** With g = Σ_r a_r, the linear programme
//!
//!   P: maximise gᵀd subject to A d ≥ 0, −1 ≤ d_j ≤ 1
//!
//! has the optimum 0 iff no separation exists (gᵀd = 1ᵀA d > 0 for any separation, scaled
//! into the box; only A d = 0 is feasible otherwise). Its dual is
//!
//!   D: minimise Σ_j (u_j + v_j) subject to −Aᵀy + u − v = g, y, u, v ≥ 0,
//!
//! n = 3(k − 1) equations (at most 12), whose slack columns u, v give a feasible start at
//! once; the simplex method on D's dense tableau (Dantzig's rule, then Bland's after a run
//! of degenerate steps, so it cannot cycle) stops as soon as the objective reaches 0
//! (the MLE exists) or no column improves it (the optimum is positive: it does not). This
//! is Stiemke's lemma made computational: D's optimum is 0 iff some z ≥ 1 has Aᵀz = 0.
//!
//! The points are standardised first (the answer does not depend on an affine change of
//! the features), and "0" means below 10⁻⁹ of the starting objective ‖g‖₁: a separation
//! whose margins are that small against the data's spread is not told from none, and the
//! Newton fit then stops at its iteration limit rather than at a finite optimum.
//!
//! Separation in this sense makes some pair of classes separable by a line (take a, b with
//! d_a ≠ d_b: the line (d_a − d_b)ᵀx̄ = 0 has class a on one closed side, class b on the
//! other, and not all of them on it), but not the converse: Adelie and Gentoo penguins are
//! separable as a pair while Chinstrap overlaps both, and the three-class fit exists. So
//! the pairwise test ([`crate::gda::logistic::separation`]) screens, and this decides.

use crate::error::{Error, Result};
use crate::gda::classifier::check_classes;
use crate::gda::logistic::Scaling;

/// Whether the unpenalised softmax regression of `labels` (0 … k − 1) on `points` has a
/// finite maximum-likelihood fit, decided by the linear programme of the module's header:
/// `true` when no direction separates the classes (completely or quasi-completely).
///
/// For k = 2 this is the two-class rule of [`crate::gda::logistic::separation`]
/// (`Separation::Overlapping` ⇔ `true`).
///
/// # Errors
/// [`Error::LengthMismatch`], [`Error::BadLabel`], [`Error::NonFinite`],
/// [`Error::EmptyClass`] for bad data; [`Error::TooLarge`] when the coordinates' variance
/// overflows.
pub fn mle_exists(points: &[[f64; 2]], labels: &[u8]) -> Result<bool> {
    let counts = check_classes(points, labels)?;
    let scaling = Scaling::of(points)?;
    let standard: Vec<[f64; 2]> = points.iter().map(|&x| scaling.apply(x)).collect();
    match no_separation(&standard, labels, counts.len()) {
        Some(exists) => Ok(exists),
        None => Err(Error::InvalidParameter {
            name: "points",
            value: format!("{} points", points.len()),
            rule: "the separation test did not finish within its step limit",
        }),
    }
}

/// The decision on standardised points: `Some(true)` when the MLE exists, `Some(false)`
/// when a separation does, `None` when the simplex ran past its step limit (it cannot
/// cycle, so only for data far larger than the panel's).
pub(crate) fn no_separation(x: &[[f64; 2]], y: &[u8], k: usize) -> Option<bool> {
    let n = 3 * (k - 1);
    if n == 0 {
        return Some(true);
    }
    // The columns of −Aᵀ, one per (point, other class), stored row-major as n rows.
    let rows = x.len() * (k - 1);
    let width = rows + 2 * n;
    let mut t = vec![0.0f64; n * width];
    let mut col = 0;
    for (p, &yi) in x.iter().zip(y) {
        let xb = [1.0, p[0], p[1]];
        let yi = usize::from(yi);
        for c in (0..k).filter(|&c| c != yi) {
            // a_r = e_{yᵢ} ⊗ x̄ᵢ − e_c ⊗ x̄ᵢ (class 0's block absent); the column is −a_r.
            for (a, &v) in xb.iter().enumerate() {
                if yi > 0 {
                    t[(3 * (yi - 1) + a) * width + col] -= v;
                }
                if c > 0 {
                    t[(3 * (c - 1) + a) * width + col] += v;
                }
            }
            col += 1;
        }
    }
    // g = Σ_r a_r = −(row sums of the columns so far).
    let mut rhs: Vec<f64> = (0..n).map(|i| -t[i * width..i * width + rows].iter().sum::<f64>()).collect();
    // u_j is column rows + j (+e_j), v_j is rows + n + j (−e_j); start from whichever makes
    // the basic value |g_j| ≥ 0, and scale row j so that its basic column is +e_j.
    let mut basis = vec![0usize; n];
    for j in 0..n {
        t[j * width + rows + j] = 1.0;
        t[j * width + rows + n + j] = -1.0;
        if rhs[j] >= 0.0 {
            basis[j] = rows + j;
        } else {
            basis[j] = rows + n + j;
            for v in &mut t[j * width..(j + 1) * width] {
                *v = -*v;
            }
            rhs[j] = -rhs[j];
        }
    }
    let cost = |j: usize| if j >= rows { 1.0 } else { 0.0 };
    let start: f64 = rhs.iter().sum();
    if start == 0.0 {
        // g = 0: every margin sum cancels; only the simplex can say, but the start is optimal.
        return Some(true);
    }
    let zero = 1e-9 * start;
    let scale = t.iter().fold(1.0f64, |a, &v| a.max(v.abs()));
    let pivot_tol = 1e-11 * scale;
    let mut reduced = vec![0.0f64; width];
    let mut degenerate_run = 0usize;
    let max_steps = 50 * width + 1000;
    for _ in 0..max_steps {
        // Σ c_B x_B: the basic u and v only (a basic y costs nothing).
        let objective: f64 = basis.iter().zip(&rhs).map(|(&b, &x)| cost(b) * x).sum();
        if objective <= zero {
            return Some(true);
        }
        // Reduced costs d_j = c_j − c_Bᵀ T_j (c_B = 1 for u, v; 0 for y).
        for (j, r) in reduced.iter_mut().enumerate() {
            *r = cost(j);
        }
        for (i, &b) in basis.iter().enumerate() {
            let cb = cost(b);
            if cb != 0.0 {
                for (r, &v) in reduced.iter_mut().zip(&t[i * width..(i + 1) * width]) {
                    *r -= cb * v;
                }
            }
        }
        let improve = -1e-12 * scale;
        let bland = degenerate_run > 2 * n + 10;
        let entering = if bland {
            (0..width).find(|&j| reduced[j] < improve)
        } else {
            (0..width).filter(|&j| reduced[j] < improve).min_by(|&a, &b| reduced[a].total_cmp(&reduced[b]))
        };
        let Some(e) = entering else {
            // Optimal with a positive objective: a separation exists.
            return Some(false);
        };
        // Ratio test; ties to the smallest basic index (Bland).
        let mut leave: Option<(usize, f64)> = None;
        for i in 0..n {
            let a = t[i * width + e];
            if a > pivot_tol {
                let ratio = rhs[i] / a;
                let better = match leave {
                    None => true,
                    Some((l, r)) => ratio < r || (ratio == r && basis[i] < basis[l]),
                };
                if better {
                    leave = Some((i, ratio));
                }
            }
        }
        // D is bounded below by 0, so an improving column always has a leaving row; its
        // absence means rounding, and the current objective is the answer.
        let Some((l, ratio)) = leave else { return Some(objective <= zero) };
        degenerate_run = if ratio == 0.0 { degenerate_run + 1 } else { 0 };
        let p = t[l * width + e];
        for v in &mut t[l * width..(l + 1) * width] {
            *v /= p;
        }
        rhs[l] /= p;
        let pivot_row: Vec<f64> = t[l * width..(l + 1) * width].to_vec();
        for i in (0..n).filter(|&i| i != l) {
            let f = t[i * width + e];
            if f != 0.0 {
                for (v, &q) in t[i * width..(i + 1) * width].iter_mut().zip(&pivot_row) {
                    *v -= f * q;
                }
                rhs[i] = (rhs[i] - f * rhs[l]).max(0.0);
            }
        }
        basis[l] = e;
    }
    None
}
