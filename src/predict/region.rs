//! The k-class "posterior at a point": which class's region holds a marked point, judged on
//! the model the GDA panel draws. The page sends the panel's points (as
//! `GdaPanel.pointsFlat()` hands them, `[x₀, y₀, label₀, x₁, …]`) and its covariance
//! setting; the model is refitted here exactly as the panel fits its k-class model
//! ([`crate::gda::GdaLab`]: `covariance.spec()`, GDA for the shared Σ, through
//! [`ModelSpec::fit_classes`]), so the truth is the drawn model's argmax — the rule whose
//! regions the figure paints — and the posteriors are that model's. The judge lives in the
//! lessons' module (loaded on demand), never in the GDA panel's first load.

use super::{bad, judge_region, Judgement, RegionScore};
use crate::gda::lab::Covariance;
use crate::gda::ModelSpec;
use crate::Result;

/// What judging a region pick gives: the judgement ([`judge_region`]) and the drawn model's
/// posteriors p(y = c | x) at the point for every class c.
#[derive(Debug, Clone, PartialEq)]
pub struct RegionVerdict {
    /// The truth (the model's class), the score and the fired misconceptions.
    pub judgement: Judgement<usize, RegionScore>,
    /// p(y = c | x), c = 0 … k − 1 (they sum to 1).
    pub posteriors: Vec<f64>,
}

/// Judges the pick `guess` of the class whose region holds `x`, on the k-class model the
/// GDA panel draws for `covariance` on the points `flat` (`[x, y, label]` triples, labels
/// 0 … 4).
///
/// # Errors
/// [`crate::Error::InvalidParameter`] for points that are not triples of finite numbers with
/// whole labels 0 … 4, a non-finite point or a class index ≥ k; the fit's own errors (an
/// empty class, a singular covariance…).
pub fn judge_region_drawn(covariance: Covariance, flat: &[f64], x: [f64; 2], guess: usize) -> Result<RegionVerdict> {
    if flat.is_empty() || flat.len() % 3 != 0 {
        return Err(bad("points", format!("{} numbers", flat.len()), "the points must be [x, y, label] triples"));
    }
    let mut points = Vec::with_capacity(flat.len() / 3);
    let mut labels = Vec::with_capacity(flat.len() / 3);
    for t in flat.chunks_exact(3) {
        let ok = t[0].is_finite() && t[1].is_finite() && t[2].fract() == 0.0 && (0.0..=4.0).contains(&t[2]);
        if !ok {
            return Err(bad("point", format!("{t:?}"), "a point must be two finite numbers and a label 0 … 4"));
        }
        points.push([t[0], t[1]]);
        labels.push(t[2] as u8);
    }
    // The panel's k-class model (GdaLab::refit_models for k > 2): the same call, the same numbers.
    let model = covariance.spec().unwrap_or(ModelSpec::Gda).fit_classes(&points, &labels)?;
    let judgement = judge_region(&model, x, guess)?;
    Ok(RegionVerdict { judgement, posteriors: model.posteriors(x) })
}
