//! "Which way it moves" when the model changes between GDA (one shared Σ: a line) and QDA (a
//! Σ per class: a conic). The five answers describe a line moving, so the boundary is judged
//! where it matters for the classes: where it crosses the line through the two means μ₀, μ₁.
//!
//! Along x(t) = μ₀ + t·d, d = μ₁ − μ₀, a drawn boundary z(x) = xᵀAx + bᵀx + c = 0 (a line has
//! A = 0) becomes the quadratic z(t) = αt² + βt + γ with α = dᵀAd, β = 2μ₀ᵀAd + bᵀd,
//! γ = z(μ₀). Its crossing is the root where z rises (dz/dt > 0: from class 0's side to class
//! 1's, in the direction μ₀ → μ₁) nearest the midpoint t = ½; the boundary "near the means" is
//! the tangent line there, with the normal ∇z. Before and after are then compared as lines,
//! with tolerances, since two different models fitted to the same points never draw exactly
//! the same boundary: it turned when the tangents differ by more than [`MODEL_TURN_DEG`]
//! (then "turns" when the two tangents cross inside the view, "slides and turns" otherwise,
//! as for two lines); otherwise it slid toward the class whose mean the crossing moved to,
//! when it moved by more than [`MODEL_SLIDE_SHARE`] of |d|, and stayed otherwise.

use super::judge::{fired, lines_cross_in_view, Judgement, Rule};
use super::{angle_deg, bad, line_agreement, Movement};
use crate::gda::QuadraticLogOdds;
use crate::stats::linalg::{dot, mul_vec};
use crate::Result;

/// Tangents within this angle (degrees) count as the same direction for a model change.
pub const MODEL_TURN_DEG: f64 = 5.0;
/// A crossing that moves by at most this share of the distance between the means counts as
/// staying, for a model change.
pub const MODEL_SLIDE_SHARE: f64 = 0.05;

/// Where a drawn boundary crosses the line through the means.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Crossing {
    /// The position along μ₀ → μ₁: 0 at μ₀, 1 at μ₁.
    pub t: f64,
    /// The point μ₀ + t·(μ₁ − μ₀).
    pub point: [f64; 2],
    /// The boundary's tangent line there, as a rule (∇z, −∇zᵀ·point).
    pub tangent: Rule,
}

/// The upward crossing of the boundary `z` (decide 1 where z > 0) with the line through
/// `mu = [μ₀, μ₁]` nearest their midpoint (see the module's documentation).
///
/// # Errors
/// [`crate::Error::InvalidParameter`] for coefficients or means that are not finite, means
/// that coincide, or a boundary that does not cross that line from class 0's side to class 1's.
pub fn crossing(z: &QuadraticLogOdds, mu: [[f64; 2]; 2]) -> Result<Crossing> {
    let coefficients = [z.a[0][0], z.a[0][1], z.a[1][0], z.a[1][1], z.b[0], z.b[1], z.c];
    if !coefficients.iter().all(|v| v.is_finite()) {
        return Err(bad("boundary", format!("{coefficients:?}"), "a boundary's coefficients are finite numbers"));
    }
    if !mu.iter().flatten().all(|v| v.is_finite()) {
        return Err(bad("means", format!("{mu:?}"), "the means are finite numbers"));
    }
    let [m0, m1] = mu;
    let d = [m1[0] - m0[0], m1[1] - m0[1]];
    if d == [0.0, 0.0] {
        return Err(bad("means", format!("{mu:?}"), "the two means must differ: there is no line through them"));
    }
    let ad = mul_vec(&z.a, d);
    let alpha = dot(d, ad);
    let beta = 2.0 * dot(m0, ad) + dot(z.b, d);
    let gamma = z.eval(m0);
    let roots: Vec<f64> = if alpha == 0.0 {
        if beta == 0.0 {
            Vec::new()
        } else {
            vec![-gamma / beta]
        }
    } else {
        let disc = beta * beta - 4.0 * alpha * gamma;
        if disc < 0.0 {
            Vec::new()
        } else {
            // The stable pair: q = −½(β + sign β·√disc), t = q/α and γ/q.
            let q = -0.5 * (beta + beta.signum() * disc.sqrt());
            if q == 0.0 {
                vec![0.0]
            } else {
                vec![q / alpha, gamma / q]
            }
        }
    };
    let t = roots
        .into_iter()
        .filter(|t| t.is_finite() && 2.0 * alpha * t + beta > 0.0)
        .min_by(|a, b| (a - 0.5).abs().total_cmp(&(b - 0.5).abs()))
        .ok_or_else(|| {
            bad(
                "boundary",
                format!("{coefficients:?}"),
                "the boundary does not cross the line through the means from class 0's side to class 1's",
            )
        })?;
    let point = [m0[0] + t * d[0], m0[1] + t * d[1]];
    let g = z.gradient(point);
    Ok(Crossing { t, point, tangent: (g, -dot(g, point)) })
}

/// What a model change did near the means: the two crossings, the angle between their
/// tangents (degrees, 0–90) and how far the crossing moved along μ₀ → μ₁, as a share of
/// |μ₁ − μ₀| (negative: toward μ₀).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ModelChangeFacts {
    /// The crossing before the change and after it.
    pub crossings: [Crossing; 2],
    /// The angle between the two tangents.
    pub angle_deg: f64,
    /// t after − t before.
    pub slide: f64,
}

/// How the boundary moved near the means when the model changed from `before` to `after`
/// (see the module's documentation), on the plot's `view`.
///
/// # Errors
/// As [`crossing`] for either boundary; a bad view.
pub fn model_change_movement(
    view: [f64; 4],
    mu: [[f64; 2]; 2],
    before: &QuadraticLogOdds,
    after: &QuadraticLogOdds,
) -> Result<(Movement, ModelChangeFacts)> {
    let c0 = crossing(before, mu)?;
    let c1 = crossing(after, mu)?;
    line_agreement(view, c0.tangent, c1.tangent)?; // validates the view
    let (g0, g1) = (c0.tangent.0, c1.tangent.0);
    let angle = angle_deg(g0, g1)?;
    let slide = c1.t - c0.t;
    let facts = ModelChangeFacts { crossings: [c0, c1], angle_deg: angle, slide };
    let turned = angle > MODEL_TURN_DEG || g0[0] * g1[0] + g0[1] * g1[1] < 0.0;
    let movement = if turned {
        if lines_cross_in_view(view, c0.tangent, c1.tangent) {
            Movement::Turns
        } else {
            Movement::SlidesAndTurns
        }
    } else if slide.abs() <= MODEL_SLIDE_SHARE {
        Movement::Stays
    } else if slide < 0.0 {
        Movement::TowardClass0
    } else {
        Movement::TowardClass1
    };
    Ok((movement, facts))
}

/// The variance of a class along the line through the means: uᵀΣu, u = d/|d|.
fn spread_along(sigma: [[f64; 2]; 2], d: [f64; 2]) -> f64 {
    dot(d, mul_vec(&sigma, d)) / dot(d, d)
}

/// A "which way it moves" choice for a change of model: `to_qda` from GDA's line `before` to
/// QDA's conic `after`, or back; `sigmas` are QDA's Σ₀, Σ₁. The score is whether the choice
/// is right. Fires `qda-wider-class-loses` when the truth is a slide that leaves QDA's
/// crossing nearer the mean of the class with the smaller spread along the line through the
/// means than GDA's, and the student chose the slide the other way.
///
/// # Errors
/// As [`model_change_movement`]; covariances that are not finite.
pub fn judge_model_change(
    view: [f64; 4],
    mu: [[f64; 2]; 2],
    sigmas: [[[f64; 2]; 2]; 2],
    to_qda: bool,
    before: &QuadraticLogOdds,
    after: &QuadraticLogOdds,
    guess: Movement,
) -> Result<(Judgement<Movement, bool>, ModelChangeFacts)> {
    if !sigmas.iter().flatten().flatten().all(|v| v.is_finite()) {
        return Err(bad("covariances", format!("{sigmas:?}"), "the covariances are finite numbers"));
    }
    let (truth, facts) = model_change_movement(view, mu, before, after)?;
    let d = [mu[1][0] - mu[0][0], mu[1][1] - mu[0][1]];
    let [s0, s1] = [spread_along(sigmas[0], d), spread_along(sigmas[1], d)];
    // QDA's crossing minus GDA's, along μ₀ → μ₁.
    let qda_minus_gda = if to_qda { facts.slide } else { -facts.slide };
    let nearer_tighter = (s0 < s1 && qda_minus_gda < 0.0) || (s1 < s0 && qda_minus_gda > 0.0);
    let opposite = matches!(
        (truth, guess),
        (Movement::TowardClass0, Movement::TowardClass1) | (Movement::TowardClass1, Movement::TowardClass0)
    );
    let ids = [("qda-wider-class-loses", opposite && nearer_tighter)];
    Ok((Judgement { truth, score: guess == truth, fired: fired(&ids) }, facts))
}
