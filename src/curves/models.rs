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
//!   Cholesky. With λ = 0 and training rows that a hyperplane separates, J has no
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
        // θ = (b, w).
        let mut theta = vec![0.0; p];
        if let Some(s) = start.filter(|s| s.w.len() == d && s.b.is_finite() && s.w.iter().all(|v| v.is_finite())) {
            theta[0] = s.b;
            theta[1..].copy_from_slice(&s.w);
        }
        let objective = |t: &[f64]| -> f64 {
            let mut j = 0.0;
            for &i in idx {
                let z = t[0] + data.row(i).iter().zip(&t[1..]).map(|(a, b)| a * b).sum::<f64>();
                j += if data.y[i] == 1 { softplus(-z) } else { softplus(z) };
            }
            j + 0.5 * lambda * t[1..].iter().map(|v| v * v).sum::<f64>()
        };
        let mut h = vec![0.0; p * p];
        let mut g = vec![0.0; p];
        let mut iterations = 0;
        let mut converged = false;
        let mut no_finite_fit = false;
        let mut current = objective(&theta);
        while iterations < MAX_ITERATIONS {
            h.iter_mut().for_each(|v| *v = 0.0);
            g.iter_mut().for_each(|v| *v = 0.0);
            let mut separated = true;
            for &i in idx {
                let x = data.row(i);
                let z = theta[0] + x.iter().zip(&theta[1..]).map(|(a, b)| a * b).sum::<f64>();
                let y = data.y[i];
                if (y == 1) != (z > 0.0) {
                    separated = false;
                }
                let prob = crate::stats::sigmoid(z);
                let r = prob - f64::from(y);
                let wgt = prob * (1.0 - prob);
                g[0] += r;
                h[0] += wgt;
                for a in 0..d {
                    g[a + 1] += r * x[a];
                    let wa = wgt * x[a];
                    h[(a + 1) * p] += wa;
                    let row = &mut h[(a + 1) * p + 1..(a + 1) * p + 2 + a];
                    for (hb, xb) in row.iter_mut().zip(&x[..=a]) {
                        *hb += wa * xb;
                    }
                }
            }
            for a in 1..p {
                g[a] += lambda * theta[a];
                h[a * p + a] += lambda;
            }
            if lambda == 0.0 && separated {
                no_finite_fit = true;
                break;
            }
            let gmax = g.iter().fold(0.0f64, |a, v| a.max(v.abs()));
            // The gradient is a sum over rows: its tolerance grows with their number.
            let tol = 1e-10 * (idx.len() as f64).max(1.0);
            if gmax <= tol {
                converged = true;
                break;
            }
            iterations += 1;
            // A tiny ridge when the Hessian is singular (λ = 0, fewer rows than features).
            let trace: f64 = (0..p).map(|a| h[a * p + a]).sum();
            let mut step = None;
            for jitter in [0.0, 1e-12, 1e-9, 1e-6] {
                let mut m = h.clone();
                for a in 0..p {
                    m[a * p + a] += jitter * trace.max(1e-300);
                }
                if let Some(s) = cholesky_solve(&mut m, p, &g) {
                    step = Some(s);
                    break;
                }
            }
            let Some(step) = step else { break };
            // Backtracking: halve the step until J does not rise.
            let mut t = 1.0;
            let mut accepted = false;
            let mut trial = theta.clone();
            for _ in 0..40 {
                for a in 0..p {
                    trial[a] = theta[a] - t * step[a];
                }
                let value = objective(&trial);
                if value <= current {
                    current = value;
                    accepted = true;
                    break;
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
            theta.copy_from_slice(&trial);
            if t == 1.0 && moved <= 1e-12 * (1.0 + size) {
                converged = true;
                break;
            }
        }
        LogisticD { rule: Linear { b: theta[0], w: theta[1..].to_vec() }, iterations, converged, no_finite_fit }
    }
}

/// log(1 + eᶻ) without overflow.
fn softplus(z: f64) -> f64 {
    if z > 0.0 {
        z + (-z).exp().ln_1p()
    } else {
        z.exp().ln_1p()
    }
}

/// Solves A x = b for a symmetric positive definite A (lower triangle of the row-major
/// `a`, n × n, overwritten by its Cholesky factor); None when A is not positive definite.
pub fn cholesky_solve(a: &mut [f64], n: usize, b: &[f64]) -> Option<Vec<f64>> {
    for j in 0..n {
        let mut s = a[j * n + j];
        for k in 0..j {
            s -= a[j * n + k] * a[j * n + k];
        }
        if !(s > 0.0 && s.is_finite()) {
            return None;
        }
        let l = s.sqrt();
        a[j * n + j] = l;
        for i in j + 1..n {
            let mut s = a[i * n + j];
            for k in 0..j {
                s -= a[i * n + k] * a[j * n + k];
            }
            a[i * n + j] = s / l;
        }
    }
    let mut x = b.to_vec();
    for i in 0..n {
        let mut s = x[i];
        for k in 0..i {
            s -= a[i * n + k] * x[k];
        }
        x[i] = s / a[i * n + i];
    }
    for i in (0..n).rev() {
        let mut s = x[i];
        for k in i + 1..n {
            s -= a[k * n + i] * x[k];
        }
        x[i] = s / a[i * n + i];
    }
    Some(x)
}
