//! The maximum-likelihood GDA fit and its posterior.
//!
//! φ = m₁/m, μ_k = (1/m_k) Σ_{yᵢ=k} xᵢ, Σ = (1/m) Σᵢ (xᵢ − μ_{yᵢ})(xᵢ − μ_{yᵢ})ᵀ,
//! w = Σ⁻¹(μ₁ − μ₀), b = −wᵀ(μ₀ + μ₁)/2 + log(φ/(1 − φ)), p(y=1|x) = σ(wᵀx + b).
//!
//! The sums are taken in two passes (means first, then centred scatter), which keeps Σ
//! accurate when the points sit far from the origin (penguin bills are ~40 mm long). Both
//! passes are branch-free with four independent partial sums, so that a million points fit
//! at memory speed (see `scripts/bench.sh`).

use crate::error::{Error, Result};
use crate::stats::linalg::{self, Mat2, Vec2};
use crate::stats::sigmoid;

/// A fitted GDA model: the maximum-likelihood parameters and the linear log-odds they imply.
#[derive(Debug, Clone, PartialEq)]
pub struct Gda {
    phi: f64,
    mu: [Vec2; 2],
    sigma: Mat2,
    sigma_inv: Mat2,
    w: Vec2,
    b: f64,
    counts: [usize; 2],
}

impl Gda {
    /// Fits φ, μ₀, μ₁ and the shared Σ by maximum likelihood.
    ///
    /// `points[i]` has label `labels[i]`, which must be 0 or 1.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] when the slices differ in length, [`Error::BadLabel`] for
    /// a label other than 0/1, [`Error::NonFinite`] for a NaN or infinite coordinate,
    /// [`Error::EmptyClass`] when a class has no points, and
    /// [`Error::SingularCovariance`] when Σ cannot be inverted (one point per class,
    /// identical or collinear points).
    pub fn fit(points: &[[f64; 2]], labels: &[u8]) -> Result<Gda> {
        if points.len() != labels.len() {
            return Err(Error::LengthMismatch { points: points.len(), labels: labels.len() });
        }
        let pass1 = first_pass(points, labels);
        if let Some(bad) = (!pass1.clean).then(|| first_bad_point(points, labels)).flatten() {
            return Err(bad);
        }
        let n1 = pass1.n1;
        let counts = [points.len() - n1, n1];
        for (class, &n) in counts.iter().enumerate() {
            if n == 0 {
                return Err(Error::EmptyClass { class: class as u8 });
            }
        }
        let sums = [pass1.sum0, pass1.sum1];
        let mu = [0, 1].map(|k| [sums[k][0] / counts[k] as f64, sums[k][1] / counts[k] as f64]);

        let [sxx, sxy, syy] = centred_scatter(points, labels, &mu);
        let m = points.len() as f64;
        let sigma = [[sxx / m, sxy / m], [sxy / m, syy / m]];
        let sigma_inv = singular_checked_inverse(&sigma, &mu)?;

        let phi = counts[1] as f64 / m;
        let w = linalg::mul_vec(&sigma_inv, [mu[1][0] - mu[0][0], mu[1][1] - mu[0][1]]);
        // log(φ/(1−φ)) as a difference of logs of counts: exact for the ratio m₁/m₀.
        let log_prior_ratio = (counts[1] as f64).ln() - (counts[0] as f64).ln();
        let mid = [0.5 * (mu[0][0] + mu[1][0]), 0.5 * (mu[0][1] + mu[1][1])];
        let b = -linalg::dot(w, mid) + log_prior_ratio;
        Ok(Gda { phi, mu, sigma, sigma_inv, w, b, counts })
    }

    /// φ, the maximum-likelihood prior p(y = 1).
    pub fn phi(&self) -> f64 {
        self.phi
    }

    /// μ₀, the mean of class 0.
    pub fn mu0(&self) -> [f64; 2] {
        self.mu[0]
    }

    /// μ₁, the mean of class 1.
    pub fn mu1(&self) -> [f64; 2] {
        self.mu[1]
    }

    /// The shared covariance Σ (divided by m).
    pub fn sigma(&self) -> [[f64; 2]; 2] {
        self.sigma
    }

    /// Σ⁻¹.
    pub fn sigma_inv(&self) -> [[f64; 2]; 2] {
        self.sigma_inv
    }

    /// `(w, b)` with log p(y=1|x)/p(y=0|x) = w·x + b.
    pub fn log_odds_coefficients(&self) -> ([f64; 2], f64) {
        (self.w, self.b)
    }

    /// The number of points in class 0 and class 1.
    pub fn counts(&self) -> [usize; 2] {
        self.counts
    }

    /// log p(y=1|x)/p(y=0|x) = w·x + b.
    pub fn log_odds(&self, x: [f64; 2]) -> f64 {
        linalg::dot(self.w, x) + self.b
    }

    /// p(y = 1 | x) = σ(w·x + b), evaluated without overflow, always in [0, 1]. Never NaN:
    /// where the log-odds itself is undefined (a NaN coordinate, or ∞ − ∞ from an infinite
    /// one) it returns ½, the model having no opinion there.
    pub fn posterior(&self, x: [f64; 2]) -> f64 {
        let z = self.log_odds(x);
        if z.is_nan() {
            0.5
        } else {
            sigmoid(z)
        }
    }

    /// The predicted class: 1 when the log-odds is positive; ties go to class 0.
    pub fn predict(&self, x: [f64; 2]) -> u8 {
        u8::from(self.log_odds(x) > 0.0)
    }

    /// The squared Mahalanobis distance (x − μ_k)ᵀ Σ⁻¹ (x − μ_k) to class `k`'s mean.
    pub fn mahalanobis2(&self, x: [f64; 2], k: usize) -> f64 {
        let m = self.mu[k.min(1)];
        let d = [x[0] - m[0], x[1] - m[1]];
        linalg::dot(d, linalg::mul_vec(&self.sigma_inv, d))
    }
}

/// Independent accumulators per pass: the sums are split into `LANES` interleaved partial
/// sums so that consecutive additions do not wait on each other (a single running sum is a
/// chain of dependent additions, which is what limited the fit before).
const LANES: usize = 4;

/// What the first pass finds: the number of class-1 points, Σx over each class (each taken
/// on its own, so that moving one class leaves the other's mean bit for bit the same), and
/// whether every label and coordinate was valid.
struct FirstPass {
    n1: usize,
    sum0: [f64; 2],
    sum1: [f64; 2],
    clean: bool,
}

/// The first pass, without a branch per point: class k's sums are taken as `[y = k] · x`
/// with the label y as 0.0 or 1.0, and validity is folded into one flag checked afterwards,
/// so the loop runs at the speed of the memory rather than of the branch predictor.
fn first_pass(points: &[[f64; 2]], labels: &[u8]) -> FirstPass {
    let mut sum = [[0.0f64; 2]; LANES];
    let mut sum1 = [[0.0f64; 2]; LANES];
    let mut n1 = 0usize;
    let mut worst_label = 0u8;
    let mut all_finite = true;
    let chunks = points.chunks_exact(LANES).zip(labels.chunks_exact(LANES));
    let tail = points.len() - points.len() % LANES;
    for (ps, ls) in chunks {
        for lane in 0..LANES {
            let (p, l) = (ps[lane], ls[lane]);
            let y = f64::from(l & 1);
            worst_label |= l;
            n1 += usize::from(l & 1);
            all_finite &= p[0].is_finite() & p[1].is_finite();
            sum[lane][0] += (1.0 - y) * p[0];
            sum[lane][1] += (1.0 - y) * p[1];
            sum1[lane][0] += y * p[0];
            sum1[lane][1] += y * p[1];
        }
    }
    for (p, &l) in points[tail..].iter().zip(&labels[tail..]) {
        let y = f64::from(l & 1);
        worst_label |= l;
        n1 += usize::from(l & 1);
        all_finite &= p[0].is_finite() & p[1].is_finite();
        sum[0][0] += (1.0 - y) * p[0];
        sum[0][1] += (1.0 - y) * p[1];
        sum1[0][0] += y * p[0];
        sum1[0][1] += y * p[1];
    }
    let total = |s: &[[f64; 2]; LANES], j: usize| (s[0][j] + s[1][j]) + (s[2][j] + s[3][j]);
    FirstPass {
        n1,
        sum0: [total(&sum, 0), total(&sum, 1)],
        sum1: [total(&sum1, 0), total(&sum1, 1)],
        clean: worst_label <= 1 && all_finite,
    }
}

/// The error for the first invalid point, in the order the checks promise (a bad label
/// before a non-finite coordinate at the same index). Called only when the fast pass saw one.
fn first_bad_point(points: &[[f64; 2]], labels: &[u8]) -> Option<Error> {
    points.iter().zip(labels).enumerate().find_map(|(index, (p, &label))| {
        if label > 1 {
            Some(Error::BadLabel { index, label })
        } else if !(p[0].is_finite() && p[1].is_finite()) {
            Some(Error::NonFinite { index })
        } else {
            None
        }
    })
}

/// Σᵢ (xᵢ − μ_{yᵢ})(xᵢ − μ_{yᵢ})ᵀ as `[xx, xy, yy]`, the second pass; the class mean is
/// chosen without a branch (μ₀ + y·(μ₁ − μ₀)).
fn centred_scatter(points: &[[f64; 2]], labels: &[u8], mu: &[Vec2; 2]) -> [f64; 3] {
    let step = [mu[1][0] - mu[0][0], mu[1][1] - mu[0][1]];
    let mut acc = [[0.0f64; 3]; LANES];
    let add = |acc: &mut [f64; 3], p: [f64; 2], l: u8| {
        let y = f64::from(l);
        let (dx, dy) = (p[0] - (mu[0][0] + y * step[0]), p[1] - (mu[0][1] + y * step[1]));
        acc[0] += dx * dx;
        acc[1] += dx * dy;
        acc[2] += dy * dy;
    };
    let tail = points.len() - points.len() % LANES;
    for (ps, ls) in points.chunks_exact(LANES).zip(labels.chunks_exact(LANES)) {
        for lane in 0..LANES {
            add(&mut acc[lane], ps[lane], ls[lane]);
        }
    }
    for (p, &l) in points[tail..].iter().zip(&labels[tail..]) {
        add(&mut acc[0], *p, l);
    }
    [0, 1, 2].map(|j| (acc[0][j] + acc[1][j]) + (acc[2][j] + acc[3][j]))
}

/// Σ⁻¹, or the singular-covariance error.
///
/// The test works on Σ/s, with s its largest entry, so it means the same at every scale and
/// its determinant cannot overflow: Σ is singular when its smaller eigenvalue is below
/// 1e-10 of the larger one's share of the trace (det < 1e-10·trace²), or when the spread is
/// rounding noise next to the coordinates' own size.
fn singular_checked_inverse(sigma: &Mat2, mu: &[Vec2; 2]) -> Result<Mat2> {
    if sigma.iter().flatten().any(|v| !v.is_finite()) {
        return Err(Error::TooLarge);
    }
    let s = sigma.iter().flatten().fold(0.0f64, |a, &v| a.max(v.abs()));
    let coord = mu.iter().flatten().fold(0.0f64, |a, &v| a.max(v.abs()));
    // A spread below ~1e-12 of the coordinates' size is what rounding leaves behind when
    // every point is the same: treat it as zero.
    let noise = 1e-24 * coord * coord;
    if s <= noise || s == 0.0 {
        return Err(Error::SingularCovariance { det: linalg::det(sigma) });
    }
    let unit = sigma.map(|row| row.map(|v| v / s));
    let (det, trace) = (linalg::det(&unit), unit[0][0] + unit[1][1]);
    if det <= 1e-10 * trace * trace || det.is_nan() {
        return Err(Error::SingularCovariance { det: linalg::det(sigma) });
    }
    let inv = linalg::inverse(&unit).ok_or(Error::SingularCovariance { det: linalg::det(sigma) })?;
    Ok(inv.map(|row| row.map(|v| v / s)))
}
