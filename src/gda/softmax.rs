//! Softmax (multinomial logistic) regression: logistic regression for k classes
//! (2 ≤ k ≤ 5), the discriminative twin of k-class GDA.
//!
//! **Parameterisation.** Class 0 is the reference: its logit is z⁰(x) = 0, and each other
//! class has its own line, zᶜ(x) = w_cᵀx + b_c for c = 1, …, k − 1. The posterior is the
//! softmax p(y=c|x) = e^{zᶜ} / Σ_d e^{z^d}, so zᶜ = log p(y=c|x)/p(y=0|x): each w_c, b_c is
//! the log-odds of class c against class 0, and with k = 2 the single line w₁, b₁ is the
//! w, b of [`crate::gda::LogisticRegression`].
//!
//! **Objective.** The fit minimises the penalised negative log-likelihood
//!
//! J = −Σᵢ log p(yᵢ|xᵢ) + (λ/2) Σ_{a<b} ‖w_a − w_b‖²,  λ ≥ 0, intercepts not penalised,
//!
//! the two-class penalty put on every pairwise log-odds slope w_a − w_b (z^a − z^b is the
//! log-odds of a against b). For k = 2 it is (λ/2)‖w₁‖², exactly the two-class objective:
//! λ means the same. It depends on differences only, so the fit does not depend on which
//! class is the reference, and classes placed symmetrically get symmetric lines (at the
//! optimum Σ_c w_c = 0 in the all-classes form, and the penalty equals (λk/2) Σ_c ‖w_c‖²).
//! In the reference parameterisation (w₀ = 0) it is the quadratic form
//! (λ/2) Σ_{c,d ≥ 1} L_cd w_c·w_d with L_cc = k − 1 and L_cd = −1 (the Laplacian of the
//! complete graph on the k classes, class 0's row and column removed).
//!
//! With θ_c = (b_c, w_c), x̄ = (1, x) and p_ic = p(y=c|xᵢ), the gradient and Hessian are
//!
//! ∂J/∂θ_c = Σᵢ (p_ic − 1{yᵢ=c}) x̄ᵢ + λ Σ_d L_cd (0, w_d),
//! ∂²J/∂θ_c∂θ_d = Σᵢ p_ic (1{c=d} − p_id) x̄ᵢx̄ᵢᵀ + λ L_cd diag(0, 1, 1),
//!
//! and Newton's method with a backtracking line search runs on them, in the standardised
//! features of the two-class fit (the same centring, scaling, stopping rules and limits).
//!
//! **Separable data.** With λ = 0 there is no finite maximum-likelihood fit when some
//! direction separates the classes in the multinomial sense (Albert & Anderson, 1984).
//! Such a separation always makes some pair of classes separable by a line, which is
//! decided exactly pair by pair ([`crate::gda::logistic::separation`]'s test): when no pair
//! is, the fit exists. When a pair is, k = 2 has no finite fit (the two-class rule), and for
//! k ≥ 3 the linear programme of [`crate::gda::mle_existence`] decides: a pair can be
//! separable while the k-class fit exists (Adelie and Gentoo penguins, with Chinstrap
//! overlapping both). Only when no finite fit exists does the fit use the two-class
//! fallback ridge λ = [`SEPARABLE_RIDGE`] · m · (s₁² + s₂²)/2, and it says so
//! ([`SoftmaxRegression::ridge_fallback`]).

use serde::Serialize;

use crate::error::{describe, Error, Result};
use crate::gda::classifier::{affine, check_classes, MultiClassifier};
use crate::gda::logistic::{separation_of, Scaling, Separation, MAX_ITERATIONS, SEPARABLE_RIDGE, TOLERANCE};
use crate::gda::mle_existence::no_separation;
use crate::stats::log_sum_exp;

/// A fitted softmax regression.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SoftmaxRegression {
    /// (w_c, b_c) in the units of the data, c = 0..k (class 0: zero).
    lines: Vec<([f64; 2], f64)>,
    /// The training mean the logits are centred on, and b_c + w_c·centre.
    centre: [f64; 2],
    intercepts_centred: Vec<f64>,
    lambda: f64,
    lambda_requested: f64,
    separated_pairs: Vec<(usize, usize)>,
    mle_exists: bool,
    iterations: usize,
    converged: bool,
    log_likelihood: f64,
    counts: Vec<usize>,
}

impl SoftmaxRegression {
    /// Fits w_c and b_c (c ≥ 1) by Newton's method, minimising
    /// −Σ log p(yᵢ|xᵢ) + (λ/2) Σ_{a<b} ‖w_a − w_b‖². k = 1 + the largest label.
    ///
    /// With λ = 0 when no finite maximum-likelihood fit exists (some direction separates
    /// the classes: [`crate::gda::mle_existence`]), it fits the ridge of
    /// [`SEPARABLE_RIDGE`] instead and flags it ([`SoftmaxRegression::ridge_fallback`]).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when λ is negative or not finite;
    /// [`Error::LengthMismatch`], [`Error::BadLabel`] (a label of 5 or more),
    /// [`Error::NonFinite`], [`Error::EmptyClass`] for bad data; [`Error::TooLarge`] when
    /// the coordinates' variance overflows; [`Error::CollinearPoints`] when the fit has no
    /// penalty and every point lies on one line.
    pub fn fit(points: &[[f64; 2]], labels: &[u8], lambda: f64) -> Result<SoftmaxRegression> {
        if !(lambda.is_finite() && lambda >= 0.0) {
            return Err(Error::InvalidParameter {
                name: "λ",
                value: describe(lambda),
                rule: "the L2 penalty strength must be a finite number, 0 or more",
            });
        }
        let counts = check_classes(points, labels)?;
        let k = counts.len();
        let scaling = Scaling::of(points)?;
        let standard: Vec<[f64; 2]> = points.iter().map(|&x| scaling.apply(x)).collect();
        let separated_pairs = separated_pairs(points, labels, k);
        // No separable pair: no separation at all. A separable pair: exactly that for two
        // classes; for more, the linear programme decides (should it ever run past its step
        // limit, the pairwise answer stands, as the conservative one).
        let mle_exists = separated_pairs.is_empty() || (k > 2 && no_separation(&standard, labels, k).unwrap_or(false));

        let lambda_used = if lambda == 0.0 && !mle_exists {
            SEPARABLE_RIDGE * points.len() as f64 * 0.5 * (scaling.var[0] + scaling.var[1])
        } else {
            lambda
        };
        if lambda_used == 0.0 && scaling.collinear {
            return Err(Error::CollinearPoints);
        }
        // λ L_cd on each feature's coefficients, in standardised units (w̃ = w·s).
        let feature_penalty =
            [0.0, lambda_used / (scaling.s[0] * scaling.s[0]), lambda_used / (scaling.s[1] * scaling.s[1])];
        let n = 3 * (k - 1);
        let penalty: Vec<Vec<f64>> = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        let laplacian = if i / 3 == j / 3 { (k - 1) as f64 } else { -1.0 };
                        if i % 3 == j % 3 {
                            laplacian * feature_penalty[i % 3]
                        } else {
                            0.0
                        }
                    })
                    .collect()
            })
            .collect();
        let problem = Problem { x: &standard, y: labels, k, penalty };
        let newton = problem.newton();

        let mut lines = vec![([0.0; 2], 0.0)];
        let mut intercepts_centred = vec![0.0];
        for c in 1..k {
            let t = &newton.theta[3 * (c - 1)..3 * c];
            let w = [t[1] / scaling.s[0], t[2] / scaling.s[1]];
            lines.push((w, t[0] - (w[0] * scaling.m[0] + w[1] * scaling.m[1])));
            intercepts_centred.push(t[0]);
        }
        let log_likelihood = -problem.loss(&newton.theta);
        Ok(SoftmaxRegression {
            lines,
            centre: scaling.m,
            intercepts_centred,
            lambda: lambda_used,
            lambda_requested: lambda,
            separated_pairs,
            mle_exists,
            iterations: newton.iterations,
            converged: newton.converged,
            log_likelihood,
            counts,
        })
    }

    /// (w_c, b_c) for c = 0..k in the units of the data, zᶜ(x) = w_c·x + b_c the log-odds
    /// of class c against class 0 (class 0's line is zero).
    pub fn lines(&self) -> &[([f64; 2], f64)] {
        &self.lines
    }

    /// The λ the fit used: the one asked for, or the ridge of [`SEPARABLE_RIDGE`].
    pub fn lambda(&self) -> f64 {
        self.lambda
    }

    /// The λ asked for.
    pub fn lambda_requested(&self) -> f64 {
        self.lambda_requested
    }

    /// The pairs of classes (a < b) that a line separates, completely or quasi-completely.
    pub fn separated_pairs(&self) -> &[(usize, usize)] {
        &self.separated_pairs
    }

    /// Whether the unpenalised (λ = 0) fit has a finite maximum: no direction separates the
    /// classes ([`crate::gda::mle_existence`]). A separable pair alone does not make it false.
    pub fn mle_exists(&self) -> bool {
        self.mle_exists
    }

    /// True when λ = 0 was asked for and no finite maximum-likelihood fit exists, so that
    /// the fit shown is the ridge fit with [`SoftmaxRegression::lambda`].
    pub fn ridge_fallback(&self) -> bool {
        self.lambda_requested == 0.0 && !self.mle_exists
    }

    /// Newton iterations taken.
    pub fn iterations(&self) -> usize {
        self.iterations
    }

    /// Whether the stopping rule was met within [`MAX_ITERATIONS`].
    pub fn converged(&self) -> bool {
        self.converged
    }

    /// ℓ = Σᵢ log p(yᵢ|xᵢ) at the fit (the penalty not included).
    pub fn log_likelihood(&self) -> f64 {
        self.log_likelihood
    }

    /// m_c, the number of points in each class.
    pub fn counts(&self) -> &[usize] {
        &self.counts
    }
}

impl MultiClassifier for SoftmaxRegression {
    fn classes(&self) -> usize {
        self.lines.len()
    }

    /// The logits, w_c·(x − m) + b̃_c with m the training mean (the same lines as
    /// w_c·x + b_c, without the cancellation of two large terms far from the origin).
    /// Finite or ±∞, never NaN for a finite x.
    fn scaled_scores(&self, x: [f64; 2]) -> (Vec<f64>, f64) {
        let mut z = vec![0.0; self.lines.len()];
        let s = self.scaled_scores_into(x, &mut z);
        (z, s)
    }

    fn scaled_scores_into(&self, x: [f64; 2], out: &mut [f64]) -> f64 {
        let d = [x[0] - self.centre[0], x[1] - self.centre[1]];
        let centred = d[0].is_finite() && d[1].is_finite();
        for ((o, &(w, b)), &bc) in out.iter_mut().zip(&self.lines).zip(&self.intercepts_centred) {
            *o = if centred { affine(w, bc, d) } else { affine(w, b, x) };
        }
        1.0
    }
}

/// The pairs of classes a line separates (the two-class test on each pair's points).
fn separated_pairs(points: &[[f64; 2]], labels: &[u8], k: usize) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for a in 0..k {
        for b in a + 1..k {
            let (pts, lab): (Vec<[f64; 2]>, Vec<u8>) = points
                .iter()
                .zip(labels)
                .filter(|(_, &y)| usize::from(y) == a || usize::from(y) == b)
                .map(|(&p, &y)| (p, u8::from(usize::from(y) == b)))
                .unzip();
            if separation_of(&pts, &lab) != Separation::Overlapping {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// The fit in standardised units: θ = (b̃₁, w̃₁₁, w̃₁₂, b̃₂, …), 3(k − 1) numbers.
struct Problem<'a> {
    x: &'a [[f64; 2]],
    y: &'a [u8],
    k: usize,
    /// The penalty's matrix P (J = loss + ½θᵀPθ).
    penalty: Vec<Vec<f64>>,
}

struct Newton {
    theta: Vec<f64>,
    iterations: usize,
    converged: bool,
}

impl Problem<'_> {
    /// The logits of point `p` (class 0 first, 0).
    fn logits(&self, theta: &[f64], p: [f64; 2]) -> [f64; 5] {
        let mut z = [0.0f64; 5];
        for c in 1..self.k {
            let t = &theta[3 * (c - 1)..3 * c];
            z[c] = t[0] + t[1] * p[0] + t[2] * p[1];
        }
        z
    }

    /// −Σ log p(yᵢ|xᵢ) = Σᵢ [log Σ_c e^{zᶜ} − z^{yᵢ}].
    fn loss(&self, theta: &[f64]) -> f64 {
        self.x
            .iter()
            .zip(self.y)
            .map(|(&p, &y)| {
                let z = self.logits(theta, p);
                log_sum_exp(&z[..self.k]) - z[usize::from(y)]
            })
            .sum()
    }

    fn objective(&self, theta: &[f64]) -> f64 {
        self.loss(theta) + 0.5 * dot(theta, &self.penalised(theta))
    }

    /// ∇J and ∇²J at θ.
    fn derivatives(&self, theta: &[f64]) -> (Vec<f64>, Vec<Vec<f64>>) {
        let n = theta.len();
        let mut g = vec![0.0f64; n];
        let mut h = vec![vec![0.0f64; n]; n];
        for (&p, &y) in self.x.iter().zip(self.y) {
            let z = self.logits(theta, p);
            let lse = log_sum_exp(&z[..self.k]);
            let prob: Vec<f64> = z[..self.k].iter().map(|&v| (v - lse).exp()).collect();
            let xb = [1.0, p[0], p[1]];
            for c in 1..self.k {
                let r = prob[c] - f64::from(u8::from(usize::from(y) == c));
                for a in 0..3 {
                    g[3 * (c - 1) + a] += r * xb[a];
                }
                for d in 1..self.k {
                    let s = prob[c] * (f64::from(u8::from(c == d)) - prob[d]);
                    for a in 0..3 {
                        for b in 0..3 {
                            h[3 * (c - 1) + a][3 * (d - 1) + b] += s * xb[a] * xb[b];
                        }
                    }
                }
            }
        }
        for (j, pj) in self.penalised(theta).into_iter().enumerate() {
            g[j] += pj;
            for (hjk, pjk) in h[j].iter_mut().zip(&self.penalty[j]) {
                *hjk += pjk;
            }
        }
        (g, h)
    }

    /// Pθ.
    fn penalised(&self, theta: &[f64]) -> Vec<f64> {
        self.penalty.iter().map(|row| dot(row, theta)).collect()
    }

    /// Newton's method with an Armijo backtracking line search from θ = 0, with the
    /// stopping rules of the two-class fit (the gradient tolerance relative to ‖∇J(0)‖∞).
    fn newton(&self) -> Newton {
        let n = 3 * (self.k - 1);
        let mut theta = vec![0.0f64; n];
        let mut f = self.objective(&theta);
        let g_scale = norm_inf(&self.derivatives(&theta).0).max(1.0);
        let g_tol = TOLERANCE * g_scale;
        for iteration in 0..MAX_ITERATIONS {
            let (g, h) = self.derivatives(&theta);
            let g_norm = norm_inf(&g);
            let Some(step) = solve(h, g.iter().map(|v| -v).collect()) else {
                return Newton { theta, iterations: iteration, converged: g_norm <= g_tol };
            };
            if g_norm <= g_tol {
                // Converged: the last, tiny Newton step lands on the minimiser to rounding.
                let next: Vec<f64> = theta.iter().zip(&step).map(|(t, s)| t + s).collect();
                if self.objective(&next) <= f + 1e-13 * (1.0 + f.abs()) {
                    theta = next;
                }
                return Newton { theta, iterations: iteration + 1, converged: true };
            }
            let slope = dot(&g, &step);
            // J near its minimum changes by less than its own rounding: allow that slack.
            let slack = 1e-13 * (1.0 + f.abs());
            let mut t = 1.0f64;
            let accepted = loop {
                let next: Vec<f64> = theta.iter().zip(&step).map(|(a, s)| a + t * s).collect();
                let f_next = self.objective(&next);
                if f_next <= f + 1e-4 * t * slope + slack {
                    break Some((next, f_next));
                }
                t *= 0.5;
                if t < 1e-12 {
                    break None;
                }
            };
            let Some((next, f_next)) = accepted else {
                return Newton { theta, iterations: iteration + 1, converged: g_norm <= 1e-6 * g_tol / TOLERANCE };
            };
            let small_step = t == 1.0 && norm_inf(&step) <= TOLERANCE * (1.0 + norm_inf(&theta));
            theta = next;
            f = f_next;
            if small_step {
                return Newton { theta, iterations: iteration + 1, converged: true };
            }
        }
        let converged = norm_inf(&self.derivatives(&theta).0) <= g_tol;
        Newton { theta, iterations: MAX_ITERATIONS, converged }
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn norm_inf(v: &[f64]) -> f64 {
    v.iter().fold(0.0f64, |a, &b| a.max(b.abs()))
}

/// Solves h·v = r by Gaussian elimination with partial pivoting; `None` when a pivot
/// vanishes (below 10⁻²² of the matrix's scale) or the result is not finite.
fn solve(mut h: Vec<Vec<f64>>, mut r: Vec<f64>) -> Option<Vec<f64>> {
    let n = r.len();
    let scale = h.iter().flatten().fold(0.0f64, |a, &v| a.max(v.abs()));
    if !(scale > 0.0 && scale.is_finite()) {
        return None;
    }
    for col in 0..n {
        let pivot = (col..n).max_by(|&a, &b| h[a][col].abs().total_cmp(&h[b][col].abs()))?;
        if h[pivot][col].abs() <= 1e-22 * scale {
            return None;
        }
        h.swap(col, pivot);
        r.swap(col, pivot);
        let pivot_row = h[col].clone();
        for row in col + 1..n {
            let factor = h[row][col] / pivot_row[col];
            for (entry, &p) in h[row].iter_mut().zip(&pivot_row).skip(col) {
                *entry -= factor * p;
            }
            r[row] -= factor * r[col];
        }
    }
    let mut v = vec![0.0f64; n];
    for row in (0..n).rev() {
        let tail: f64 = (row + 1..n).map(|c| h[row][c] * v[c]).sum();
        v[row] = (r[row] - tail) / h[row][row];
    }
    v.iter().all(|c| c.is_finite()).then_some(v)
}
