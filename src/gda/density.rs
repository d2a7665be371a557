//! The class densities weighted by their priors, h_c(x) = p(x | y=c)·p(y=c), the surfaces
//! of the 3-D view: for a Gaussian class model
//!
//! h_c(x) = φ_c · exp(−½ (x − μ_c)ᵀ Σ_c⁻¹ (x − μ_c)) / (2π √|Σ_c|).
//!
//! Bayes' rule picks the class with the tallest h_c, so the decision boundary is where the
//! two tallest surfaces cross: h_a(x) = h_b(x). With one shared Σ that set is a line,
//! log h_a − log h_b = (w_a − w_b)ᵀx + (b_a − b_b) with w_c = Σ⁻¹μ_c and
//! b_c = −½ μ_cᵀΣ⁻¹μ_c + log φ_c (the common quadratic term and normaliser cancel); with a
//! Σ_c per class, a conic, traced on a lattice.
//!
//! The priors are the fitted φ_c, or for two classes the panel's prior override φ′ for class
//! 1 (and 1 − φ′ for class 0): the prior slider raises one surface and lowers the other.
//! Logistic and softmax regression model p(y | x) only and have no surfaces.

use crate::gda::classifier::{Classifier, MultiClassifier};
use crate::gda::geometry::{clip_line, Rect};
use crate::gda::posterior_map::level_set;
use crate::gda::regions::{linear_boundaries, traced_boundaries, PairBoundary};
use crate::gda::Model;
use crate::stats::linalg::{self, Mat2, Vec2};

/// One class's weighted Gaussian density.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClassDensity {
    /// The weight p(y = c).
    pub prior: f64,
    /// μ_c.
    pub mean: Vec2,
    /// Σ_c.
    pub covariance: Mat2,
    precision: Mat2,
    /// φ_c / (2π √|Σ_c|), the height at the mean.
    peak: f64,
}

impl ClassDensity {
    /// p(x | y=c)·p(y=c) at x.
    pub fn height(&self, x: Vec2) -> f64 {
        let d = [x[0] - self.mean[0], x[1] - self.mean[1]];
        let p = &self.precision;
        let q = p[0][0] * d[0] * d[0] + (p[0][1] + p[1][0]) * d[0] * d[1] + p[1][1] * d[1] * d[1];
        self.peak * (-0.5 * q).exp()
    }

    /// log h_c(x), finite far from the mean where the height underflows to 0.
    pub fn log_height(&self, x: Vec2) -> f64 {
        let d = [x[0] - self.mean[0], x[1] - self.mean[1]];
        let p = &self.precision;
        let q = p[0][0] * d[0] * d[0] + (p[0][1] + p[1][0]) * d[0] * d[1] + p[1][1] * d[1] * d[1];
        self.peak.ln() - 0.5 * q
    }

    /// The height at the mean, the tallest point of the surface.
    pub fn peak(&self) -> f64 {
        self.peak
    }
}

/// The weighted densities of every class of a generative model.
#[derive(Debug, Clone, PartialEq)]
pub struct WeightedDensities {
    classes: Vec<ClassDensity>,
    /// Whether every class has the same Σ (a linear boundary).
    shared: bool,
}

impl WeightedDensities {
    /// The densities of `model` (GDA, QDA or Gaussian naive Bayes, two or k classes),
    /// weighted by its fitted priors, or for two classes by (1 − φ′, φ′) when a prior
    /// override φ′ ∈ (0, 1) is given. `None` for logistic and softmax regression, and for a
    /// covariance that is not positive definite.
    pub fn of(model: &Model, prior_override: Option<f64>) -> Option<WeightedDensities> {
        let mut priors = model.priors()?;
        let means = model.means()?;
        let covs = model.covariances()?;
        if let (Some(p), 2) = (prior_override, priors.len()) {
            if p > 0.0 && p < 1.0 {
                priors = vec![1.0 - p, p];
            }
        }
        let classes: Option<Vec<ClassDensity>> =
            priors.iter().zip(&means).zip(&covs).map(|((&w, &mu), sigma)| ClassDensity::new(w, mu, *sigma)).collect();
        let classes = classes?;
        let shared = covs.windows(2).all(|w| w[0] == w[1]);
        Some(WeightedDensities { classes, shared })
    }

    /// Densities from explicit priors, means and covariances (one each per class).
    pub fn from_parts(parts: &[(f64, Vec2, Mat2)]) -> Option<WeightedDensities> {
        let classes: Option<Vec<ClassDensity>> = parts.iter().map(|&(w, mu, s)| ClassDensity::new(w, mu, s)).collect();
        let shared = parts.windows(2).all(|w| w[0].2 == w[1].2);
        Some(WeightedDensities { classes: classes?, shared })
    }

    /// The classes' densities, class by class.
    pub fn classes(&self) -> &[ClassDensity] {
        &self.classes
    }

    /// Whether the boundaries are lines (one Σ shared by every class).
    pub fn linear(&self) -> bool {
        self.shared
    }

    /// The tallest height of any surface (at a class mean).
    pub fn max_height(&self) -> f64 {
        self.classes.iter().map(|c| c.peak).fold(0.0, f64::max)
    }

    /// The heights of every class on an `nx` × `ny` lattice of nodes spanning `view`
    /// (corners included, row j at y = y0 + j·(y1 − y0)/(ny − 1), node i at
    /// x = x0 + i·(x1 − x0)/(nx − 1)), class after class, row after row, into `out`.
    pub fn fill_grid(&self, view: Rect, nx: usize, ny: usize, out: &mut Vec<f64>) {
        let (nx, ny) = (nx.max(2), ny.max(2));
        out.clear();
        out.reserve(self.classes.len() * nx * ny);
        for c in &self.classes {
            for j in 0..ny {
                let y = grid_coord(view.y0, view.y1, j, ny);
                for i in 0..nx {
                    out.push(c.height([grid_coord(view.x0, view.x1, i, nx), y]));
                }
            }
        }
    }

    /// Where the two tallest surfaces cross inside `view`: the decision boundary of the
    /// weighted densities, one [`PairBoundary`] per pair of classes. Exact lines when Σ is
    /// shared; otherwise traced on an `nx` × `ny` lattice (each vertex refined onto the curve).
    pub fn boundaries(&self, view: Rect, nx: usize, ny: usize) -> Vec<PairBoundary> {
        if self.shared {
            linear_boundaries(&self.discriminants(), view)
        } else {
            traced_boundaries(self, view, nx, ny)
        }
    }

    /// The Bayes decision boundary of two classes under unequal losses, inside `view`: where
    /// λ₀₁·h₁(x) = λ₁₀·h₀(x), that is log h₁(x) − log h₀(x) = `level` with
    /// `level` = log(λ₁₀/λ₀₁) ([`crate::gda::risk::LossMatrix::threshold`]: decide 1 when
    /// λ₁₀·p(0|x) < λ₀₁·p(1|x)). With `level` = 0 it is where the surfaces cross
    /// ([`WeightedDensities::boundaries`]); otherwise the line of a shared Σ moved along
    /// w₁ − w₀, exactly, or the conic traced on an `nx` × `ny` lattice. Empty for other than
    /// two classes with a nonzero level, or a non-finite one.
    pub fn decision_boundary(&self, view: Rect, nx: usize, ny: usize, level: f64) -> Vec<Vec<Vec2>> {
        if self.classes.len() != 2 || !level.is_finite() {
            return Vec::new();
        }
        if level == 0.0 {
            return self.boundaries(view, nx, ny).into_iter().flat_map(|b| b.top_two).collect();
        }
        if self.shared {
            let d = self.discriminants();
            let w = [d[1].0[0] - d[0].0[0], d[1].0[1] - d[0].0[1]];
            clip_line(w, d[1].1 - d[0].1 - level, view).map(|(p, q)| vec![vec![p, q]]).unwrap_or_default()
        } else {
            level_set(&LogRatio(self), level, view, nx, ny).unwrap_or_default()
        }
    }

    /// δ_c(x) = w_cᵀx + b_c with w_c = Σ⁻¹μ_c and b_c = −½ μ_cᵀΣ⁻¹μ_c + log φ_c: log h_c
    /// up to a term common to every class when Σ is shared.
    pub fn discriminants(&self) -> Vec<(Vec2, f64)> {
        self.classes
            .iter()
            .map(|c| {
                let w = linalg::mul_vec(&c.precision, c.mean);
                (w, -0.5 * linalg::dot(w, c.mean) + c.prior.ln())
            })
            .collect()
    }
}

impl ClassDensity {
    fn new(prior: f64, mean: Vec2, covariance: Mat2) -> Option<ClassDensity> {
        let det = linalg::det(&covariance);
        let precision = linalg::inverse(&covariance)?;
        let ok = det > 0.0 && det.is_finite() && prior > 0.0 && prior.is_finite() && mean.iter().all(|v| v.is_finite());
        let peak = prior / (std::f64::consts::TAU * det.sqrt());
        (ok && peak.is_finite()).then_some(ClassDensity { prior, mean, covariance, precision, peak })
    }
}

/// The scores log h_c(x), so that the k-class boundary tracer can follow where they tie.
impl MultiClassifier for WeightedDensities {
    fn classes(&self) -> usize {
        self.classes.len()
    }

    fn scaled_scores(&self, x: [f64; 2]) -> (Vec<f64>, f64) {
        (self.classes.iter().map(|c| c.log_height(x)).collect(), 1.0)
    }
}

/// log h₁ − log h₀ of two weighted densities, as a two-class log-odds for the level-set
/// tracer.
struct LogRatio<'a>(&'a WeightedDensities);

impl Classifier for LogRatio<'_> {
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        let c = &self.0.classes;
        let z = c[1].log_height(x) - c[0].log_height(x);
        if z.is_nan() {
            0.0
        } else {
            z
        }
    }
}

/// The coordinate of node `i` of `n` from `a` to `b` (both ends exact).
pub fn grid_coord(a: f64, b: f64, i: usize, n: usize) -> f64 {
    if i + 1 == n {
        b
    } else {
        a + (b - a) * i as f64 / (n - 1) as f64
    }
}
