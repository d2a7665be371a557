//! Logistic regression, the discriminative twin of GDA: it fits p(y=1|x) = σ(wᵀx + b)
//! directly, by maximum (conditional) likelihood, without modelling x at all.
//!
//! The fit minimises the penalised negative log-likelihood
//!
//! J(w, b) = −Σᵢ log p(yᵢ|xᵢ) + (λ/2)‖w‖²,  λ ≥ 0, the intercept b not penalised,
//!
//! with −log p(y|x) = log(1 + e^{−z}) for y = 1 and log(1 + eᶻ) for y = 0, z = wᵀx + b.
//! Its gradient and Hessian in θ = (b, w) with x̄ = (1, x) are
//!
//! ∇J = Σᵢ (pᵢ − yᵢ) x̄ᵢ + λ(0, w),  ∇²J = Σᵢ pᵢ(1 − pᵢ) x̄ᵢx̄ᵢᵀ + λ diag(0, 1, 1),
//!
//! and Newton's method θ ← θ − (∇²J)⁻¹∇J (iteratively reweighted least squares), with a
//! backtracking line search, converges to the unique minimiser when there is one.
//!
//! The features are centred and scaled internally (x̃ⱼ = (xⱼ − mⱼ)/sⱼ, the penalty becoming
//! (λ/2) Σⱼ w̃ⱼ²/sⱼ², the same objective) so the Newton system is well conditioned; w and b
//! are reported in the original units: wⱼ = w̃ⱼ/sⱼ, b = b̃ − Σⱼ wⱼmⱼ.
//!
//! **Separable data.** With λ = 0 the minimiser exists exactly when the classes overlap
//! (Albert & Anderson, 1984): if some line has every class-0 point on one side and every
//! class-1 point on the other (complete separation), or on one side *or on the line* with
//! not every point on it (quasi-complete separation), J keeps falling as ‖w‖ → ∞ and there
//! is no finite maximum-likelihood estimate. In the plane this is decided exactly by the
//! separating-axis test on the two classes' convex hulls ([`separation`]). The fit then
//! uses the ridge penalty λ = [`SEPARABLE_RIDGE`] · m · (s₁² + s₂²)/2 instead (sⱼ² the
//! variance of feature j over all m points) and says so ([`LogisticRegression::ridge_fallback`]).

use serde::Serialize;

use crate::error::{describe, Error, Result};
use crate::gda::classifier::{affine, check_two_classes, log_prob_of_label, Classifier};
use crate::stats::sigmoid;

/// The factor κ of the ridge used on separable data with λ = 0:
/// λ = κ · m · (s₁² + s₂²)/2.
///
/// In standardised units this is a penalty of (κ/2)·‖w̃‖² per point on the mean log-loss,
/// so the fitted slope is the same for the same picture at any scale or sample size; 10⁻³
/// leaves a steep but finite sigmoid whose boundary sits in the gap between the classes.
pub const SEPARABLE_RIDGE: f64 = 1e-3;

/// The most Newton iterations a fit takes.
pub const MAX_ITERATIONS: usize = 100;

/// Relative tolerance of the stopping rules: ‖∇J‖∞ ≤ 10⁻¹⁰ · max(1, ‖∇J at θ = 0‖∞), or a
/// full Newton step with ‖Δθ‖∞ ≤ 10⁻¹⁰ · (1 + ‖θ‖∞).
pub const TOLERANCE: f64 = 1e-10;

/// Whether a line separates the two classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Separation {
    /// No line separates them: with λ = 0 the maximum-likelihood fit exists.
    Overlapping,
    /// A line has the classes on its two closed sides (some points on it, not all):
    /// no finite maximum-likelihood estimate.
    QuasiComplete,
    /// A line has the classes strictly on its two sides: no finite maximum-likelihood
    /// estimate.
    Complete,
}

/// A fitted logistic regression.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogisticRegression {
    w: [f64; 2],
    b: f64,
    /// Feature means the log-odds is centred on (w·(x − m) + b̃ keeps accuracy far from 0).
    centre: [f64; 2],
    b_centred: f64,
    lambda: f64,
    lambda_requested: f64,
    separation: Separation,
    iterations: usize,
    converged: bool,
    log_likelihood: f64,
    counts: [usize; 2],
}

impl LogisticRegression {
    /// Fits w and b by Newton's method, minimising −Σ log p(yᵢ|xᵢ) + (λ/2)‖w‖².
    ///
    /// With λ = 0 on separable data (no finite estimate) it fits the ridge of
    /// [`SEPARABLE_RIDGE`] instead and flags it ([`LogisticRegression::ridge_fallback`]).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when λ is negative or not finite;
    /// [`Error::LengthMismatch`], [`Error::BadLabel`], [`Error::NonFinite`],
    /// [`Error::EmptyClass`] for bad data; [`Error::TooLarge`] when the coordinates'
    /// variance overflows; [`Error::CollinearPoints`] when λ = 0, the classes overlap and
    /// every point lies on one line (then w is not identifiable).
    pub fn fit(points: &[[f64; 2]], labels: &[u8], lambda: f64) -> Result<LogisticRegression> {
        Self::fit_from(points, labels, lambda, None)
    }

    /// [`LogisticRegression::fit`], with Newton's method started from `start`'s (w, b)
    /// instead of zero when that is no worse: a panel refitting on every drag step starts
    /// next to the optimum and takes one or two iterations instead of five to eight. The
    /// optimum, the stopping rule and its scale (the gradient at zero) are the same, so
    /// the result is the same to the tolerance.
    ///
    /// # Errors
    /// As [`LogisticRegression::fit`].
    pub fn fit_from(
        points: &[[f64; 2]],
        labels: &[u8],
        lambda: f64,
        start: Option<&LogisticRegression>,
    ) -> Result<LogisticRegression> {
        if !(lambda.is_finite() && lambda >= 0.0) {
            return Err(Error::InvalidParameter {
                name: "λ",
                value: describe(lambda),
                rule: "the L2 penalty strength must be a finite number, 0 or more",
            });
        }
        let counts = check_two_classes(points, labels)?;
        let scaling = Scaling::of(points)?;
        let standard: Vec<[f64; 2]> = points.iter().map(|&x| scaling.apply(x)).collect();
        let separation = separation_of(points, labels);

        let lambda_used = if lambda == 0.0 && separation != Separation::Overlapping {
            SEPARABLE_RIDGE * points.len() as f64 * 0.5 * (scaling.var[0] + scaling.var[1])
        } else {
            lambda
        };
        if lambda_used == 0.0 && scaling.collinear {
            return Err(Error::CollinearPoints);
        }
        let penalty = [0.0, lambda_used / (scaling.s[0] * scaling.s[0]), lambda_used / (scaling.s[1] * scaling.s[1])];
        // The start in this data's standardised units: w̃ⱼ = wⱼ·sⱼ, b̃ = b + w·m.
        let theta0 = start
            .map(|s| {
                [s.b + s.w[0] * scaling.m[0] + s.w[1] * scaling.m[1], s.w[0] * scaling.s[0], s.w[1] * scaling.s[1]]
            })
            .filter(|t| t.iter().all(|v| v.is_finite()))
            .unwrap_or([0.0; 3]);
        let newton = newton(&standard, labels, penalty, theta0);

        let w = [newton.theta[1] / scaling.s[0], newton.theta[2] / scaling.s[1]];
        let b = newton.theta[0] - (w[0] * scaling.m[0] + w[1] * scaling.m[1]);
        let log_likelihood = standard
            .iter()
            .zip(labels)
            .map(|(x, &y)| log_prob_of_label(newton.theta[0] + newton.theta[1] * x[0] + newton.theta[2] * x[1], y))
            .sum();
        Ok(LogisticRegression {
            w,
            b,
            centre: scaling.m,
            b_centred: newton.theta[0],
            lambda: lambda_used,
            lambda_requested: lambda,
            separation,
            iterations: newton.iterations,
            converged: newton.converged,
            log_likelihood,
            counts,
        })
    }

    /// w, in the units of the data.
    pub fn w(&self) -> [f64; 2] {
        self.w
    }

    /// b, in the units of the data.
    pub fn b(&self) -> f64 {
        self.b
    }

    /// `(w, b)` with log p(y=1|x)/p(y=0|x) = w·x + b.
    pub fn log_odds_coefficients(&self) -> ([f64; 2], f64) {
        (self.w, self.b)
    }

    /// The λ the fit used: the one asked for, or the ridge of [`SEPARABLE_RIDGE`] when the
    /// data are separable and λ = 0 was asked for.
    pub fn lambda(&self) -> f64 {
        self.lambda
    }

    /// The λ asked for.
    pub fn lambda_requested(&self) -> f64 {
        self.lambda_requested
    }

    /// Whether (and how) a line separates the training classes.
    pub fn separation(&self) -> Separation {
        self.separation
    }

    /// Whether a line separates the training classes (completely or quasi-completely), so
    /// that without a penalty there is no finite maximum-likelihood estimate.
    pub fn separable(&self) -> bool {
        self.separation != Separation::Overlapping
    }

    /// True when λ = 0 was asked for on separable data and the fit shown is the ridge fit
    /// with [`LogisticRegression::lambda`] instead ("separable: no finite MLE; showing the
    /// ridge fit with λ = …").
    pub fn ridge_fallback(&self) -> bool {
        self.lambda_requested == 0.0 && self.separable()
    }

    /// Newton iterations taken.
    pub fn iterations(&self) -> usize {
        self.iterations
    }

    /// Whether the stopping rule of [`TOLERANCE`] was met within [`MAX_ITERATIONS`].
    pub fn converged(&self) -> bool {
        self.converged
    }

    /// ℓ = Σᵢ log p(yᵢ|xᵢ) at the fit (the penalty not included).
    pub fn log_likelihood(&self) -> f64 {
        self.log_likelihood
    }

    /// The minimised objective J = −ℓ + (λ/2)‖w‖².
    pub fn objective(&self) -> f64 {
        -self.log_likelihood + 0.5 * self.lambda * (self.w[0] * self.w[0] + self.w[1] * self.w[1])
    }

    /// The number of points in class 0 and class 1.
    pub fn counts(&self) -> [usize; 2] {
        self.counts
    }
}

impl Classifier for LogisticRegression {
    /// w·(x − m) + b̃ with m the training mean: the same line as w·x + b, evaluated
    /// without the cancellation of two large terms far from the origin.
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        let d = [x[0] - self.centre[0], x[1] - self.centre[1]];
        if d[0].is_finite() && d[1].is_finite() {
            affine(self.w, self.b_centred, d)
        } else {
            affine(self.w, self.b, x)
        }
    }
}

/// Decides whether a line separates the classes of `points`, exactly (up to rounding in
/// the orientation tests), by the separating-axis test on the two convex hulls.
///
/// # Errors
/// As [`LogisticRegression::fit`] for bad data (no λ involved).
pub fn separation(points: &[[f64; 2]], labels: &[u8]) -> Result<Separation> {
    check_two_classes(points, labels)?;
    Ok(separation_of(points, labels))
}

// ---------------------------------------------------------------------------------------
// Standardisation
// ---------------------------------------------------------------------------------------

/// Per-feature centring and scaling, and whether the points are collinear.
pub(crate) struct Scaling {
    pub(crate) m: [f64; 2],
    /// The scale used (the standard deviation, or 1 for a constant feature).
    pub(crate) s: [f64; 2],
    /// The variances (divided by m).
    pub(crate) var: [f64; 2],
    pub(crate) collinear: bool,
}

impl Scaling {
    pub(crate) fn of(points: &[[f64; 2]]) -> Result<Scaling> {
        let n = points.len() as f64;
        let mut m = [0.0f64; 2];
        for p in points {
            m[0] += p[0];
            m[1] += p[1];
        }
        m = m.map(|v| v / n);
        let (mut sxx, mut sxy, mut syy) = (0.0f64, 0.0f64, 0.0f64);
        for p in points {
            let (dx, dy) = (p[0] - m[0], p[1] - m[1]);
            sxx += dx * dx;
            sxy += dx * dy;
            syy += dy * dy;
        }
        let var = [sxx / n, syy / n];
        if !(m.iter().all(|v| v.is_finite()) && var.iter().all(|v| v.is_finite()) && sxy.is_finite()) {
            return Err(Error::TooLarge);
        }
        // A spread below ~1e-12 of the coordinates' size is rounding noise: a constant feature.
        let constant = [0, 1].map(|j| var[j].sqrt() <= 1e-12 * m[j].abs() || var[j] == 0.0);
        let s = [0, 1].map(|j| if constant[j] { 1.0 } else { var[j].sqrt() });
        let collinear = constant[0] || constant[1] || {
            let rho = (sxy / n) / (s[0] * s[1]);
            1.0 - rho * rho <= 1e-10
        };
        Ok(Scaling { m, s, var, collinear })
    }

    pub(crate) fn apply(&self, x: [f64; 2]) -> [f64; 2] {
        [(x[0] - self.m[0]) / self.s[0], (x[1] - self.m[1]) / self.s[1]]
    }
}

// ---------------------------------------------------------------------------------------
// Newton's method
// ---------------------------------------------------------------------------------------

struct Newton {
    /// (b̃, w̃₁, w̃₂) in standardised units.
    theta: [f64; 3],
    iterations: usize,
    converged: bool,
}

/// J(θ) in standardised units, with the diagonal penalty `penalty` (0 on b̃).
fn objective(x: &[[f64; 2]], y: &[u8], theta: [f64; 3], penalty: [f64; 3]) -> f64 {
    let loss: f64 =
        x.iter().zip(y).map(|(p, &c)| -log_prob_of_label(theta[0] + theta[1] * p[0] + theta[2] * p[1], c)).sum();
    loss + 0.5 * (0..3).map(|j| penalty[j] * theta[j] * theta[j]).sum::<f64>()
}

/// ∇J and ∇²J at θ.
fn derivatives(x: &[[f64; 2]], y: &[u8], theta: [f64; 3], penalty: [f64; 3]) -> ([f64; 3], [[f64; 3]; 3]) {
    let mut g = [0.0f64; 3];
    let mut h = [[0.0f64; 3]; 3];
    for (p, &c) in x.iter().zip(y) {
        let xb = [1.0, p[0], p[1]];
        let prob = sigmoid(theta[0] + theta[1] * p[0] + theta[2] * p[1]);
        let r = prob - f64::from(c);
        let s = prob * (1.0 - prob);
        for j in 0..3 {
            g[j] += r * xb[j];
            for k in 0..3 {
                h[j][k] += s * xb[j] * xb[k];
            }
        }
    }
    for j in 0..3 {
        g[j] += penalty[j] * theta[j];
        h[j][j] += penalty[j];
    }
    (g, h)
}

/// ∇J(0): σ(0) = ½ for every point, and the penalty term vanishes.
fn gradient_at_zero(x: &[[f64; 2]], y: &[u8]) -> [f64; 3] {
    let mut g = [0.0f64; 3];
    for (p, &c) in x.iter().zip(y) {
        let r = 0.5 - f64::from(c);
        g[0] += r;
        g[1] += r * p[0];
        g[2] += r * p[1];
    }
    g
}

fn norm_inf(v: [f64; 3]) -> f64 {
    v.iter().fold(0.0f64, |a, &b| a.max(b.abs()))
}

/// Newton's method with an Armijo backtracking line search, from `start` when J is no
/// larger there than at θ = 0, else from θ = 0. The gradient tolerance is relative to
/// ‖∇J(0)‖∞ either way.
fn newton(x: &[[f64; 2]], y: &[u8], penalty: [f64; 3], start: [f64; 3]) -> Newton {
    let zero = [0.0f64; 3];
    let mut theta = zero;
    let mut f = objective(x, y, theta, penalty);
    let g_scale = norm_inf(gradient_at_zero(x, y)).max(1.0);
    if start != zero {
        let f_start = objective(x, y, start, penalty);
        if f_start <= f {
            theta = start;
            f = f_start;
        }
    }
    for iteration in 0..MAX_ITERATIONS {
        let (g, h) = derivatives(x, y, theta, penalty);
        let g_norm = norm_inf(g);
        let g_tol = TOLERANCE * g_scale;
        let Some(step) = solve3(h, g.map(|v| -v)) else {
            return Newton { theta, iterations: iteration, converged: g_norm <= g_tol };
        };
        if g_norm <= g_tol {
            // Converged: the last Newton step (tiny) is still taken, which lands on the
            // minimiser to rounding, as Newton's method converges quadratically.
            let next = [0, 1, 2].map(|j| theta[j] + step[j]);
            if objective(x, y, next, penalty) <= f + 1e-13 * (1.0 + f.abs()) {
                theta = next;
            }
            return Newton { theta, iterations: iteration + 1, converged: true };
        }
        let slope: f64 = (0..3).map(|j| g[j] * step[j]).sum();
        // Near the minimiser J changes by less than its own rounding (½ΔᵀHΔ ~ 10⁻¹⁵ for
        // Δ ~ 10⁻⁸), so the sufficient-decrease test allows that much slack; otherwise it
        // would stop Newton short of the last digits it is about to gain.
        let slack = 1e-13 * (1.0 + f.abs());
        let mut t = 1.0f64;
        let accepted = loop {
            let next = [0, 1, 2].map(|j| theta[j] + t * step[j]);
            let f_next = objective(x, y, next, penalty);
            if f_next <= f + 1e-4 * t * slope + slack {
                break Some((next, f_next));
            }
            t *= 0.5;
            if t < 1e-12 {
                break None;
            }
        };
        let Some((next, f_next)) = accepted else {
            // No decrease is possible: rounding has the last word. Converged if the
            // gradient is already small on a looser scale.
            return Newton { theta, iterations: iteration + 1, converged: g_norm <= 1e-6 * g_tol / TOLERANCE };
        };
        let small_step = t == 1.0 && norm_inf(step) <= TOLERANCE * (1.0 + norm_inf(theta));
        theta = next;
        f = f_next;
        if small_step {
            return Newton { theta, iterations: iteration + 1, converged: true };
        }
    }
    let (g, _) = derivatives(x, y, theta, penalty);
    let converged = norm_inf(g) <= TOLERANCE * g_scale;
    Newton { theta, iterations: MAX_ITERATIONS, converged }
}

/// Solves the 3×3 system h·v = r by Gaussian elimination with partial pivoting; `None`
/// when a pivot vanishes or the result is not finite.
fn solve3(mut h: [[f64; 3]; 3], mut r: [f64; 3]) -> Option<[f64; 3]> {
    let scale = h.iter().flatten().fold(0.0f64, |a, &v| a.max(v.abs()));
    if !(scale > 0.0 && scale.is_finite()) {
        return None;
    }
    for col in 0..3 {
        let pivot = (col..3).max_by(|&a, &b| h[a][col].abs().total_cmp(&h[b][col].abs()))?;
        // A pivot below 10⁻²² of the matrix's scale: singular to working precision.
        if h[pivot][col].abs() <= 1e-22 * scale {
            return None;
        }
        h.swap(col, pivot);
        r.swap(col, pivot);
        let pivot_row = h[col];
        for row in col + 1..3 {
            let factor = h[row][col] / pivot_row[col];
            for (entry, &p) in h[row].iter_mut().zip(&pivot_row).skip(col) {
                *entry -= factor * p;
            }
            r[row] -= factor * r[col];
        }
    }
    let mut v = [0.0f64; 3];
    for row in (0..3).rev() {
        let tail: f64 = (row + 1..3).map(|k| h[row][k] * v[k]).sum();
        v[row] = (r[row] - tail) / h[row][row];
    }
    v.iter().all(|c| c.is_finite()).then_some(v)
}

// ---------------------------------------------------------------------------------------
// The separation test
// ---------------------------------------------------------------------------------------

/// (b − a) × (c − a): positive when a → b → c turns left.
fn cross(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

/// The convex hull, counter-clockwise, without collinear vertices (Andrew's monotone
/// chain). One vertex for coincident points, two for collinear ones.
fn convex_hull(mut pts: Vec<[f64; 2]>) -> Vec<[f64; 2]> {
    pts.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    pts.dedup();
    if pts.len() <= 2 {
        return pts;
    }
    let mut hull: Vec<[f64; 2]> = Vec::with_capacity(2 * pts.len());
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &[f64; 2]>> =
            if pass == 0 { Box::new(pts.iter()) } else { Box::new(pts.iter().rev()) };
        for &p in iter {
            while hull.len() >= start + 2 && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0 {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    if hull.is_empty() {
        // Every point collinear and the chains cancelled: keep the two extremes.
        if let (Some(&first), Some(&last)) = (pts.first(), pts.last()) {
            return vec![first, last];
        }
    }
    hull
}

/// The axes worth projecting on, each with a point on it to measure from: the normals of
/// a hull's edges, and for a segment also its direction.
fn axes_of(hull: &[[f64; 2]], axes: &mut Vec<([f64; 2], [f64; 2])>) {
    match hull.len() {
        0 | 1 => {}
        2 => {
            let d = [hull[1][0] - hull[0][0], hull[1][1] - hull[0][1]];
            axes.push((hull[0], [-d[1], d[0]]));
            axes.push((hull[0], d));
        }
        n => {
            for i in 0..n {
                let (a, b) = (hull[i], hull[(i + 1) % n]);
                axes.push((a, [-(b[1] - a[1]), b[0] - a[0]]));
            }
        }
    }
}

/// The separating-axis test. Two convex polygons (possibly points or segments) are
/// disjoint exactly when their projections on one of the edge normals (or, for segments,
/// directions) are disjoint; and they can be weakly separated by a line that does not
/// hold every point exactly when such a projection has the two ranges touching but not
/// both a single common value.
///
/// It runs on the original coordinates, projecting differences from a vertex of the
/// axis's own edge: for points given as small decimals the test is then exact, and a point
/// lying on an edge projects to 0, not to rounding noise.
pub(crate) fn separation_of(points: &[[f64; 2]], labels: &[u8]) -> Separation {
    let class = |k: u8| points.iter().zip(labels).filter(|(_, &y)| y == k).map(|(p, _)| *p).collect::<Vec<_>>();
    let hulls = [convex_hull(class(0)), convex_hull(class(1))];
    let mut axes = Vec::new();
    axes_of(&hulls[0], &mut axes);
    axes_of(&hulls[1], &mut axes);
    if let ([a], [b]) = (hulls[0].as_slice(), hulls[1].as_slice()) {
        axes.push((*a, [b[0] - a[0], b[1] - a[1]]));
    }
    let range = |hull: &[[f64; 2]], origin: [f64; 2], axis: [f64; 2]| {
        hull.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
            let t = (p[0] - origin[0]) * axis[0] + (p[1] - origin[1]) * axis[1];
            (lo.min(t), hi.max(t))
        })
    };
    let mut weak = false;
    for &(origin, axis) in &axes {
        if axis == [0.0, 0.0] {
            continue;
        }
        let (lo0, hi0) = range(&hulls[0], origin, axis);
        let (lo1, hi1) = range(&hulls[1], origin, axis);
        if hi0 < lo1 || hi1 < lo0 {
            return Separation::Complete;
        }
        let all_on_one_value = lo0 == hi0 && lo1 == hi1 && lo0 == lo1;
        if (hi0 <= lo1 || hi1 <= lo0) && !all_on_one_value {
            weak = true;
        }
    }
    if weak {
        Separation::QuasiComplete
    } else {
        Separation::Overlapping
    }
}
