//! The d-dimensional classifiers of the learning curves, each fitted on a subset of a
//! [`Dataset`]'s rows (given by index) and scored on another.
//!
//! * [`GaussianNbD`]: scikit-learn's `GaussianNB` exactly — class priors n_k/n, class
//!   means θ_k, variances (1/n_k)Σ(x − θ_k)² + ε with ε = `var_smoothing` × the largest
//!   feature variance of the training rows; predicts the class of larger joint
//!   log-likelihood log π_k − ½Σⱼ log(2πσ²_kj) − ½Σⱼ (xⱼ − θ_kj)²/σ²_kj (class 0 on a tie,
//!   as numpy's argmax).
//! * [`LinearGda`]: GDA with one covariance, Σ = (1/n)Σ(x − μ_y)(x − μ_y)ᵀ + εI (ε as
//!   above, so one point per class still gives a rule), w = Σ⁻¹(μ₁ − μ₀),
//!   b = −wᵀ(μ₀ + μ₁)/2 + log(n₁/n₀).
//! * [`LogisticD`]: minimises J(w, b) = −Σᵢ log p(yᵢ|xᵢ) + (λ/2)‖w‖² (b not penalised) by
//!   Newton's method with a backtracking line search, solving each Newton system by
//!   Cholesky; it stops when every component of the gradient is within 1e-10·m. Near the
//!   minimum, where J is flat to rounding, the full Newton step is also taken when J stays
//!   within rounding and the gradient shrinks. With λ = 0 and training rows that a hyperplane separates, J has no
//!   minimiser (it keeps falling as ‖w‖ → ∞): the fit stops at the first iterate that
//!   separates them and says so ([`LogisticD::no_finite_fit`]).
//!
//! The linear algebra is a Cholesky factorisation of a (d+1)×(d+1) matrix, a few lines
//! written out here rather than a linear-algebra crate's weight in the `.wasm`.

use super::dataset::Dataset;

/// The generative model of a pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Generative {
    /// Gaussian naive Bayes (diagonal, per-class variances).
    NaiveBayes,
    /// GDA with one shared covariance.
    Gda,
    /// Multinomial or Bernoulli naive Bayes on bags of words ([`super::text::TextNb`]).
    Text(crate::nb::EventModel),
}

/// A fitted Gaussian naive Bayes model (scikit-learn's `GaussianNB`).
#[derive(Debug, Clone, PartialEq)]
pub struct GaussianNbD {
    /// Class means θ_k, `d` each.
    pub theta: [Vec<f64>; 2],
    /// Class variances σ²_k (smoothed), `d` each.
    pub var: [Vec<f64>; 2],
    /// log π_k.
    pub log_prior: [f64; 2],
    /// ε, the variance added to every variance.
    pub epsilon: f64,
    /// −½Σⱼ log(2πσ²_kj) per class (precomputed).
    norm: [f64; 2],
}

impl GaussianNbD {
    /// Fits on the rows `idx` of `data` (both classes must be present).
    pub fn fit(data: &Dataset, idx: &[usize], var_smoothing: f64) -> GaussianNbD {
        let d = data.d;
        let mut n = [0usize; 2];
        let mut sum = [vec![0.0; d], vec![0.0; d]];
        let mut all = vec![0.0; d];
        for &i in idx {
            let k = data.y[i] as usize;
            n[k] += 1;
            for (j, &v) in data.row(i).iter().enumerate() {
                sum[k][j] += v;
                all[j] += v;
            }
        }
        let total = idx.len() as f64;
        let theta = [0, 1].map(|k| sum[k].iter().map(|s| s / n[k] as f64).collect::<Vec<f64>>());
        let mean_all: Vec<f64> = all.iter().map(|s| s / total).collect();
        let mut scatter = [vec![0.0; d], vec![0.0; d]];
        let mut var_all = vec![0.0; d];
        for &i in idx {
            let k = data.y[i] as usize;
            for (j, &v) in data.row(i).iter().enumerate() {
                scatter[k][j] += (v - theta[k][j]).powi(2);
                var_all[j] += (v - mean_all[j]).powi(2);
            }
        }
        let epsilon = var_smoothing * var_all.iter().fold(0.0f64, |a, &v| a.max(v / total));
        let var = [0, 1].map(|k| scatter[k].iter().map(|s| s / n[k] as f64 + epsilon).collect::<Vec<f64>>());
        let norm = [0, 1].map(|k| -0.5 * var[k].iter().map(|v| (2.0 * std::f64::consts::PI * v).ln()).sum::<f64>());
        let log_prior = [0, 1].map(|k| (n[k] as f64 / total).ln());
        GaussianNbD { theta, var, log_prior, epsilon, norm }
    }

    /// The joint log-likelihood log π_k + log p(x | k) of each class.
    pub fn joint_log_likelihood(&self, x: &[f64]) -> [f64; 2] {
        [0, 1].map(|k| {
            let q: f64 = x.iter().zip(&self.theta[k]).zip(&self.var[k]).map(|((v, t), s)| (v - t) * (v - t) / s).sum();
            self.log_prior[k] + self.norm[k] - 0.5 * q
        })
    }

    /// The predicted class (0 on a tie).
    pub fn predict(&self, x: &[f64]) -> u8 {
        let j = self.joint_log_likelihood(x);
        u8::from(j[1] > j[0])
    }
}

/// A linear rule 1{wᵀx + b > 0}.
#[derive(Debug, Clone, PartialEq)]
pub struct Linear {
    /// Weights, `d`.
    pub w: Vec<f64>,
    /// Intercept.
    pub b: f64,
}

impl Linear {
    /// wᵀx + b.
    pub fn score(&self, x: &[f64]) -> f64 {
        self.b + x.iter().zip(&self.w).map(|(a, b)| a * b).sum::<f64>()
    }

    /// The predicted class (0 when the score is 0 or less).
    pub fn predict(&self, x: &[f64]) -> u8 {
        u8::from(self.score(x) > 0.0)
    }
}

/// Shared-covariance GDA as a linear rule.
#[derive(Debug, Clone, PartialEq)]
pub struct LinearGda {
    /// The rule w, b.
    pub rule: Linear,
}

impl LinearGda {
    /// Fits on the rows `idx` of `data` (both classes present); `var_smoothing` as in
    /// [`GaussianNbD`], added to Σ's diagonal.
    pub fn fit(data: &Dataset, idx: &[usize], var_smoothing: f64) -> LinearGda {
        let d = data.d;
        let mut n = [0usize; 2];
        let mut sum = [vec![0.0; d], vec![0.0; d]];
        for &i in idx {
            let k = data.y[i] as usize;
            n[k] += 1;
            for (j, &v) in data.row(i).iter().enumerate() {
                sum[k][j] += v;
            }
        }
        let mu = [0, 1].map(|k| sum[k].iter().map(|s| s / n[k] as f64).collect::<Vec<f64>>());
        let total = idx.len() as f64;
        let mean_all: Vec<f64> = (0..d).map(|j| (sum[0][j] + sum[1][j]) / total).collect();
        let mut sigma = vec![0.0; d * d];
        let mut var_all = vec![0.0; d];
        let mut c = vec![0.0; d];
        for &i in idx {
            let k = data.y[i] as usize;
            let x = data.row(i);
            for j in 0..d {
                c[j] = x[j] - mu[k][j];
                var_all[j] += (x[j] - mean_all[j]).powi(2);
            }
            for a in 0..d {
                for b in 0..=a {
                    sigma[a * d + b] += c[a] * c[b];
                }
            }
        }
        let epsilon = var_smoothing * var_all.iter().fold(0.0f64, |a, &v| a.max(v / total));
        for a in 0..d {
            for b in 0..=a {
                sigma[a * d + b] /= total;
            }
            sigma[a * d + a] += epsilon;
        }
        let diff: Vec<f64> = (0..d).map(|j| mu[1][j] - mu[0][j]).collect();
        let w = cholesky_solve(&mut sigma, d, &diff).unwrap_or_else(|| vec![0.0; d]);
        let mid: f64 = (0..d).map(|j| w[j] * (mu[0][j] + mu[1][j])).sum();
        let b = -0.5 * mid + (n[1] as f64).ln() - (n[0] as f64).ln();
        LinearGda { rule: Linear { w, b } }
    }
}

/// The most Newton iterations a logistic fit takes.
pub const MAX_ITERATIONS: usize = 100;

/// A fitted L2-regularised logistic regression.
#[derive(Debug, Clone, PartialEq)]
pub struct LogisticD {
    /// The rule w, b (p(y = 1 | x) = σ(wᵀx + b)).
    pub rule: Linear,
    /// Newton iterations taken.
    pub iterations: usize,
    /// Whether the gradient reached the tolerance.
    pub converged: bool,
    /// λ = 0 and the training rows are separated by a hyperplane: no finite fit exists,
    /// and `rule` is the first iterate that separates them.
    pub no_finite_fit: bool,
}

impl LogisticD {
    /// Fits on the rows `idx` of `data` with penalty λ ≥ 0, Newton's method started from
    /// `start` (a previous fit on a nested subset: the same minimiser, fewer steps) or 0.
    pub fn fit(data: &Dataset, idx: &[usize], lambda: f64, start: Option<&Linear>) -> LogisticD {
        let d = data.d;
        let p = d + 1;
        let m = idx.len();
        let rows = Rows::gather(data, idx);
        // θ = (b, w).
        let mut theta = vec![0.0; p];
        if let Some(s) = start.filter(|s| s.w.len() == d && s.b.is_finite() && s.w.iter().all(|v| v.is_finite())) {
            theta[0] = s.b;
            theta[1..].copy_from_slice(&s.w);
        }
        // J, the rows' margins, the gradient and the Hessian weights at θ; the line
        // search's trial point computes the same into `next`, and an accepted trial's
        // margins serve the next gradient and Hessian without being computed again.
        let mut at = Point::new(p, m);
        rows.objective(&theta, lambda, &mut at);
        let mut separated = rows.gradient(&theta, lambda, &mut at);
        let mut next = Point::new(p, m);
        let mut h = vec![0.0; p * p];
        let mut factor = vec![0.0; p * p];
        let mut trial = theta.clone();
        let mut step = vec![0.0; p];
        let mut iterations = 0;
        let mut converged = false;
        let mut no_finite_fit = false;
        let mut separated_next = false;
        // The gradient is a sum over rows: its tolerance grows with their number.
        let tol = 1e-10 * (m as f64).max(1.0);
        while iterations < MAX_ITERATIONS {
            if lambda == 0.0 && separated {
                no_finite_fit = true;
                break;
            }
            if at.gmax <= tol {
                converged = true;
                break;
            }
            iterations += 1;
            rows.hessian(&at.wgt, &mut h);
            for a in 1..p {
                h[a * p + a] += lambda;
            }
            // A tiny ridge when the Hessian is singular (λ = 0, fewer rows than features).
            let trace: f64 = (0..p).map(|a| h[a * p + a]).sum();
            let mut factored = false;
            for jitter in [0.0, 1e-12, 1e-9, 1e-6] {
                factor.copy_from_slice(&h);
                for a in 0..p {
                    factor[a * p + a] += jitter * trace.max(1e-300);
                }
                if cholesky_factor(&mut factor, p) {
                    factored = true;
                    break;
                }
            }
            if !factored {
                break;
            }
            step.copy_from_slice(&at.g);
            cholesky_apply(&factor, p, &mut step);
            // Backtracking: halve the step until J does not rise. Near the minimum, J
            // changes by less than its own rounding (a sum of m terms) and may seem to
            // rise on the full Newton step: that step is taken when J stays within
            // rounding and the gradient shrinks (otherwise Newton would stall there).
            let mut t = 1.0;
            let mut accepted = false;
            let mut gradient_known = false;
            for _ in 0..40 {
                for a in 0..p {
                    trial[a] = theta[a] - t * step[a];
                }
                rows.objective(&trial, lambda, &mut next);
                if next.value <= at.value {
                    accepted = true;
                    break;
                }
                if t == 1.0 && next.value - at.value <= 1e-12 * at.value.abs() {
                    separated_next = rows.gradient(&trial, lambda, &mut next);
                    if next.gmax < at.gmax {
                        accepted = true;
                        gradient_known = true;
                        break;
                    }
                }
                t *= 0.5;
            }
            if !accepted {
                // No descent in floating point: θ is at the minimum to rounding.
                converged = true;
                break;
            }
            let moved = (0..p).fold(0.0f64, |a, k| a.max((trial[k] - theta[k]).abs()));
            let size = theta.iter().fold(0.0f64, |a, v| a.max(v.abs()));
            std::mem::swap(&mut theta, &mut trial);
            std::mem::swap(&mut at, &mut next);
            if t == 1.0 && moved <= 1e-12 * (1.0 + size) {
                converged = true;
                break;
            }
            separated = if gradient_known { separated_next } else { rows.gradient(&theta, lambda, &mut at) };
        }
        LogisticD { rule: Linear { b: theta[0], w: theta[1..].to_vec() }, iterations, converged, no_finite_fit }
    }
}

/// A point θ of a logistic fit: J(θ); each row's z = θ·(1, x) and e^−|z|, which both
/// log(1 + e^±z) and σ(z) are written with (one exp a row for J, gradient and Hessian);
/// the gradient and its largest component; each row's Hessian weight σ(z)(1 − σ(z)).
struct Point {
    value: f64,
    z: Vec<f64>,
    e: Vec<f64>,
    g: Vec<f64>,
    gmax: f64,
    wgt: Vec<f64>,
}

impl Point {
    fn new(p: usize, m: usize) -> Point {
        Point { value: 0.0, z: vec![0.0; m], e: vec![0.0; m], g: vec![0.0; p], gmax: 0.0, wgt: vec![0.0; m] }
    }
}

/// The training rows of a logistic fit, copied contiguously as (1, x) (p = d + 1 columns,
/// no index to follow in the passes over them), and their labels.
struct Rows {
    p: usize,
    x: Vec<f64>,
    y: Vec<u8>,
}

impl Rows {
    fn gather(data: &Dataset, idx: &[usize]) -> Rows {
        let p = data.d + 1;
        let mut x = vec![1.0; idx.len() * p];
        for (row, &i) in x.chunks_exact_mut(p).zip(idx) {
            row[1..].copy_from_slice(data.row(i));
        }
        Rows { p, x, y: idx.iter().map(|&i| data.y[i]).collect() }
    }

    /// J(θ) = −Σ log p(yᵢ|xᵢ) + (λ/2)‖w‖² into `at.value`, with each row's z and e^−|z|.
    fn objective(&self, t: &[f64], lambda: f64, at: &mut Point) {
        let mut j = 0.0;
        for (((row, &y), z), e) in self.x.chunks_exact(self.p).zip(&self.y).zip(&mut at.z).zip(&mut at.e) {
            *z = t[0] + row[1..].iter().zip(&t[1..]).map(|(a, b)| a * b).sum::<f64>();
            *e = (-z.abs()).exp();
            // −log p(y|x) = log(1 + e^s), s = −z for y = 1 and z for y = 0; written
            // max(s, 0) + log(1 + e^−|s|) so that it never overflows.
            let s = if y == 1 { -*z } else { *z };
            j += s.max(0.0) + e.ln_1p();
        }
        at.value = j + 0.5 * lambda * t[1..].iter().map(|v| v * v).sum::<f64>();
    }

    /// The gradient at θ and each row's Hessian weight, from the z and e^−|z| that
    /// [`Rows::objective`] left in `at`; returns whether θ separates the rows.
    fn gradient(&self, t: &[f64], lambda: f64, at: &mut Point) -> bool {
        let Point { z, e, g, gmax, wgt, .. } = at;
        g.iter_mut().for_each(|v| *v = 0.0);
        let mut separated = true;
        for ((((row, &y), &z), &e), w) in
            self.x.chunks_exact(self.p).zip(&self.y).zip(z.iter()).zip(e.iter()).zip(wgt.iter_mut())
        {
            if (y == 1) != (z > 0.0) {
                separated = false;
            }
            // σ(z), as crate::stats::sigmoid computes it, from e = e^−|z|.
            let prob = if z >= 0.0 { 1.0 / (1.0 + e) } else { e / (1.0 + e) };
            let r = prob - f64::from(y);
            *w = prob * (1.0 - prob);
            g[0] += r;
            for (ga, xa) in g[1..].iter_mut().zip(&row[1..]) {
                *ga += r * xa;
            }
        }
        for (ga, ta) in g[1..].iter_mut().zip(&t[1..]) {
            *ga += lambda * ta;
        }
        *gmax = g.iter().fold(0.0f64, |a, v| a.max(v.abs()));
        separated
    }

    /// The lower triangle of Σ wᵢ (1, xᵢ)(1, xᵢ)ᵀ into `h` (p × p, row-major), four rows
    /// at a time: each entry is loaded and stored once per four rows (a rank-4 update),
    /// where one rank-1 update per row loads and stores it for every row.
    fn hessian(&self, wgt: &[f64], h: &mut [f64]) {
        let p = self.p;
        h.iter_mut().for_each(|v| *v = 0.0);
        let mut blocks = self.x.chunks_exact(4 * p);
        let mut weights = wgt.chunks_exact(4);
        for (block, w) in (&mut blocks).zip(&mut weights) {
            let (r0, rest) = block.split_at(p);
            let (r1, rest) = rest.split_at(p);
            let (r2, r3) = rest.split_at(p);
            for (a, h_row) in h.chunks_exact_mut(p).enumerate() {
                let (w0, w1, w2, w3) = (w[0] * r0[a], w[1] * r1[a], w[2] * r2[a], w[3] * r3[a]);
                let lower = h_row[..=a].iter_mut().zip(&r0[..=a]).zip(&r1[..=a]).zip(&r2[..=a]).zip(&r3[..=a]);
                for ((((hb, x0), x1), x2), x3) in lower {
                    *hb += w0 * x0 + w1 * x1 + w2 * x2 + w3 * x3;
                }
            }
        }
        for (row, &w) in blocks.remainder().chunks_exact(p).zip(weights.remainder()) {
            for (a, h_row) in h.chunks_exact_mut(p).enumerate() {
                let wa = w * row[a];
                for (hb, xb) in h_row[..=a].iter_mut().zip(&row[..=a]) {
                    *hb += wa * xb;
                }
            }
        }
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Solves A x = b for a symmetric positive definite A (lower triangle of the row-major
/// `a`, n × n, overwritten by its Cholesky factor); None when A is not positive definite.
pub fn cholesky_solve(a: &mut [f64], n: usize, b: &[f64]) -> Option<Vec<f64>> {
    if !cholesky_factor(a, n) {
        return None;
    }
    let mut x = b.to_vec();
    cholesky_apply(a, n, &mut x);
    Some(x)
}

/// Overwrites the lower triangle of the row-major n × n `a` by its Cholesky factor L
/// (A = LLᵀ); false when A is not positive definite.
fn cholesky_factor(a: &mut [f64], n: usize) -> bool {
    for j in 0..n {
        let (done, below) = a.split_at_mut((j + 1) * n);
        let row_j = &mut done[j * n..(j + 1) * n];
        let s = row_j[j] - dot(&row_j[..j], &row_j[..j]);
        if !(s > 0.0 && s.is_finite()) {
            return false;
        }
        let l = s.sqrt();
        row_j[j] = l;
        let row_j = &row_j[..j];
        for row_i in below.chunks_exact_mut(n) {
            row_i[j] = (row_i[j] - dot(&row_i[..j], row_j)) / l;
        }
    }
    true
}

/// x ← (LLᵀ)⁻¹ x for the factor L of [`cholesky_factor`].
fn cholesky_apply(l: &[f64], n: usize, x: &mut [f64]) {
    for (i, row) in l.chunks_exact(n).enumerate() {
        let (solved, rest) = x.split_at_mut(i);
        rest[0] = (rest[0] - dot(&row[..i], solved)) / row[i];
    }
    for i in (0..n).rev() {
        let (head, later) = x.split_at_mut(i + 1);
        let column = l.get((i + 1) * n + i..).unwrap_or(&[]).iter().step_by(n);
        head[i] = (head[i] - column.zip(later.iter()).map(|(a, b)| a * b).sum::<f64>()) / l[i * n + i];
    }
}
