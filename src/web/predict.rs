//! Judging a drawn GDA boundary, for the page's "Predict the boundary" (`js/predict.js`): in
//! the lessons' module (pkg-lesson/, loaded on demand; the prediction starts loading it),
//! not in the GDA panel's, whose first load it would grow by its judge
//! ([`crate::predict::judge_boundary_facts`]: the two lines' angle and agreement, the
//! misconceptions' detectors). The judge needs only numbers the GDA panel's summary already
//! hands the page: the fit's w, b, μ₀ and μ₁, and the plot's window.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::to_js;
use crate::predict::{judge_boundary_facts, rule_through, BoundaryFacts};

/// What the page sends: the fit's facts as the GDA summary has them (`{w, b, mu}`), with the
/// plot's window `view = [x0, x1, y0, y1]` (`GdaPanel.viewRect()`).
#[derive(Deserialize)]
struct Drawn {
    w: [f64; 2],
    b: f64,
    mu: [[f64; 2]; 2],
    view: [f64; 4],
}

/// A fired misconception, by its id: the page writes its hint and "why?" prompt from
/// js/predict-hints.js (written from the catalogue by a native test).
#[derive(Serialize)]
struct Hint {
    id: &'static str,
}

/// What `judgeBoundary` hands the page.
#[derive(Serialize)]
struct BoundaryVerdict {
    /// The model's rule: decide 1 where wᵀx + b > 0.
    w: [f64; 2],
    b: f64,
    /// The student's rule, oriented as [`rule_through`] says.
    guess_w: [f64; 2],
    guess_b: f64,
    /// Degrees, 0–90.
    angle_deg: f64,
    /// 0–1: the share of the plot's window on which the two rules decide alike.
    agreement: f64,
    /// The plot's window `[x0, x1, y0, y1]` the agreement is measured on.
    view: [f64; 4],
    hints: Vec<Hint>,
}

/// Judges the line through the data points `(x0, y0)` and `(x1, y1)` a student drew as the
/// boundary of the fit `drawn = {w, b, mu: [μ₀, μ₁], view}`: `{w, b, guess_w, guess_b,
/// angle_deg, agreement, view, hints}`. The student's line says class 1 on μ₁'s side
/// ([`rule_through`]); `hints` are the ids of the misconceptions that fire.
///
/// # Errors
/// `drawn` without that shape, two handles that coincide or are not finite, a bad view or
/// non-finite numbers (the sentence of [`crate::predict::line_agreement`]).
#[wasm_bindgen(js_name = judgeBoundary)]
pub fn judge_boundary(drawn: JsValue, x0: f64, y0: f64, x1: f64, y1: f64) -> Result<JsValue, JsError> {
    let Drawn { w, b, mu, view } = serde_wasm_bindgen::from_value(drawn)
        .map_err(|e| JsError::new(&format!("The boundary's facts could not be read: {e}")))?;
    let facts = BoundaryFacts { w, b, mu };
    let [mu0, mu1] = mu;
    let guess = rule_through([x0, y0], [x1, y1], mu0, mu1)
        .ok_or_else(|| JsError::new("The two handles of the drawn line must be two different, finite points."))?;
    let j = judge_boundary_facts(&facts, view, guess).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&BoundaryVerdict {
        w: j.truth.0,
        b: j.truth.1,
        guess_w: guess.0,
        guess_b: guess.1,
        angle_deg: j.score.angle_deg,
        agreement: j.score.agreement,
        view,
        hints: j.fired.into_iter().map(|m| Hint { id: m.id }).collect(),
    })
}

/// What the page sends for a posterior at a point: the drawn two-class shared-Σ model's rule
/// `{w, b}` (the prior override applied), `prior_log_odds` = log(φ/(1 − φ)) of the prior in
/// it, the means `mu` and `sigma` (Σ, inverted here).
#[derive(Deserialize)]
struct PosteriorDrawn {
    w: [f64; 2],
    b: f64,
    prior_log_odds: f64,
    mu: [[f64; 2]; 2],
    sigma: [[f64; 2]; 2],
}

/// What `judgePosterior` hands the page.
#[derive(Serialize)]
struct PosteriorVerdict {
    /// The model's p(y = 1 | x).
    p: f64,
    /// The student's p̂.
    p_hat: f64,
    /// |logit p̂ − logit p|, both clamped to [10⁻⁶, 1 − 10⁻⁶].
    logit_gap: f64,
    /// Of 1,000 points like this one, how many are of [class 0, class 1].
    frequencies: [u32; 2],
    hints: Vec<Hint>,
}

/// Judges the posterior `p_hat` a student set at the point `(x, y)` of the drawn model
/// `drawn = {w, b, prior_log_odds, mu, sigma}` (`crate::predict::judge_posterior_facts`):
/// `{p, p_hat, logit_gap, frequencies, hints}`, `frequencies` of 1,000 points like this one
/// ([`crate::predict::natural_frequencies_binary`]).
///
/// # Errors
/// `drawn` without that shape, a singular Σ, a point or numbers that are not finite, `p_hat`
/// outside [0, 1].
#[wasm_bindgen(js_name = judgePosterior)]
pub fn judge_posterior(drawn: JsValue, x: f64, y: f64, p_hat: f64) -> Result<JsValue, JsError> {
    use crate::predict::{judge_posterior_facts, natural_frequencies_binary, PosteriorFacts};
    let d: PosteriorDrawn = serde_wasm_bindgen::from_value(drawn)
        .map_err(|e| JsError::new(&format!("The model's numbers could not be read: {e}")))?;
    let [[a, b], [c, e]] = d.sigma;
    let det = a * e - b * c;
    if !(det.is_finite() && det != 0.0) {
        return Err(JsError::new("Σ cannot be inverted: there is no posterior to judge."));
    }
    let sigma_inv = [[e / det, -b / det], [-c / det, a / det]];
    let facts = PosteriorFacts { w: d.w, b: d.b, prior_log_odds: d.prior_log_odds, mu: d.mu, sigma_inv };
    let j = judge_posterior_facts(&facts, [x, y], p_hat).map_err(|e| JsError::new(&e.to_string()))?;
    let frequencies = natural_frequencies_binary(j.truth, 1000).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&PosteriorVerdict {
        p: j.truth,
        p_hat,
        logit_gap: j.score,
        frequencies,
        hints: j.fired.into_iter().map(|m| Hint { id: m.id }).collect(),
    })
}

/// What `judgeThreshold` and `judgeShape` hand the page: the truth, the score and the hints.
#[derive(Serialize)]
struct Verdict<T, S> {
    truth: T,
    score: S,
    hints: Vec<Hint>,
}

/// Judges the threshold `t_hat` on p(y = 1 | x) a student set for the losses λ₀₁ = `l01`,
/// λ₁₀ = `l10` (`crate::predict::judge_threshold`): `{truth, score, hints}`, the truth
/// λ₁₀/(λ₀₁ + λ₁₀), the score |t̂ − truth|.
///
/// # Errors
/// Losses that are not finite numbers above 0, `t_hat` outside [0, 1].
#[wasm_bindgen(js_name = judgeThreshold)]
pub fn judge_threshold(l01: f64, l10: f64, t_hat: f64) -> Result<JsValue, JsError> {
    let loss = crate::gda::LossMatrix::new(l01, l10).map_err(|e| JsError::new(&e.to_string()))?;
    let j = crate::predict::judge_threshold(loss, t_hat).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&Verdict { truth: j.truth, score: j.score, hints: j.fired.into_iter().map(|m| Hint { id: m.id }).collect() })
}

/// The shapes by name: `line`, `ellipse`, `open` (hyperbola, parabola, two lines), `none`.
fn shape_name(s: crate::predict::BoundaryShape) -> &'static str {
    use crate::predict::BoundaryShape::*;
    match s {
        Line => "line",
        Ellipse => "ellipse",
        OpenCurve => "open",
        NoBoundary => "none",
    }
}

/// Judges the shape `guess` (`line`, `ellipse`, `open` or `none`) a student chose for the
/// drawn QDA boundary whose kind the GDA summary names `conic` (`"Ellipse"`, `"Hyperbola"`…;
/// `crate::predict::judge_conic_shape`): `{truth, score, hints}`, the truth a shape's name,
/// the score whether the choice is right.
///
/// # Errors
/// An unknown conic kind or shape.
#[wasm_bindgen(js_name = judgeShape)]
pub fn judge_shape(conic: &str, guess: &str) -> Result<JsValue, JsError> {
    use crate::gda::ConicKind as K;
    use crate::predict::BoundaryShape as S;
    let kind = match conic {
        "Ellipse" => K::Ellipse,
        "Hyperbola" => K::Hyperbola,
        "CrossingLines" => K::CrossingLines,
        "Parabola" => K::Parabola,
        "ParallelLines" => K::ParallelLines,
        "Line" => K::Line,
        "Point" => K::Point,
        "Empty" => K::Empty,
        "Everywhere" => K::Everywhere,
        _ => return Err(JsError::new(&format!("Unknown boundary kind {conic:?}."))),
    };
    let guess = match guess {
        "line" => S::Line,
        "ellipse" => S::Ellipse,
        "open" => S::OpenCurve,
        "none" => S::NoBoundary,
        _ => return Err(JsError::new(&format!("Unknown shape {guess:?}."))),
    };
    let j = crate::predict::judge_conic_shape(kind, guess);
    to_js(&Verdict {
        truth: shape_name(j.truth),
        score: j.score,
        hints: j.fired.into_iter().map(|m| Hint { id: m.id }).collect(),
    })
}

/// What the page sends for a "which way it moves" question: the change's `kind` (`prior`,
/// `mean`, `tilt`, `losses`), the drawn decision rules `before` and `after` as `[w₁, w₂, b]` (the
/// decision's: wᵀx + b compared with 0), the plot's window, and for `losses` the pairs
/// (λ₀₁, λ₁₀) `losses_before` and `losses_after`.
#[derive(Deserialize)]
struct MoveDrawn {
    kind: String,
    before: [f64; 3],
    after: [f64; 3],
    view: [f64; 4],
    losses_before: Option<[f64; 2]>,
    losses_after: Option<[f64; 2]>,
}

/// The movements by name, in the order the page lists them.
const MOVES: [(&str, crate::predict::Movement); 5] = {
    use crate::predict::Movement::*;
    [
        ("toward0", TowardClass0),
        ("toward1", TowardClass1),
        ("turns", Turns),
        ("slidesTurns", SlidesAndTurns),
        ("stays", Stays),
    ]
};

/// Judges the movement `guess` (`toward0`, `toward1`, `turns`, `slidesTurns`, `stays`) a
/// student chose for the change `drawn = {kind, before, after, view, losses_before?,
/// losses_after?}` (`crate::predict::judge_movement_rules`): `{truth, score, hints}`, the
/// truth a movement's name, the score whether the choice is right.
///
/// # Errors
/// `drawn` without that shape, an unknown kind or movement, a rule without a line.
#[wasm_bindgen(js_name = judgeMovement)]
pub fn judge_movement(drawn: JsValue, guess: &str) -> Result<JsValue, JsError> {
    use crate::predict::{judge_movement_rules, ChangeKind, RefitCause};
    let d: MoveDrawn = serde_wasm_bindgen::from_value(drawn)
        .map_err(|e| JsError::new(&format!("The change could not be read: {e}")))?;
    let kind = match (d.kind.as_str(), d.losses_before, d.losses_after) {
        ("prior", ..) => ChangeKind::Prior,
        ("mean", ..) => ChangeKind::Refit(RefitCause::Mean),
        ("tilt", ..) => ChangeKind::Refit(RefitCause::Tilt),
        ("losses", Some([a, b]), Some([c, e])) => ChangeKind::Losses { before: (a, b), after: (c, e) },
        _ => return Err(JsError::new(&format!("Unknown change {:?} (or its losses missing).", d.kind))),
    };
    let guess = MOVES
        .iter()
        .find(|(name, _)| *name == guess)
        .map(|&(_, m)| m)
        .ok_or_else(|| JsError::new(&format!("Unknown movement {guess:?}.")))?;
    let rule = |r: [f64; 3]| ([r[0], r[1]], r[2]);
    let j = judge_movement_rules(kind, d.view, rule(d.before), rule(d.after), guess)
        .map_err(|e| JsError::new(&e.to_string()))?;
    let truth = MOVES.iter().find(|(_, m)| *m == j.truth).map_or("stays", |&(name, _)| name);
    to_js(&Verdict { truth, score: j.score, hints: j.fired.into_iter().map(|m| Hint { id: m.id }).collect() })
}

/// What the page sends for a change of model (GDA ↔ QDA): `to` (`qda` or `gda`), the drawn
/// boundaries `before` and `after` as [a₁₁, a₁₂, a₂₂, b₁, b₂, c] of xᵀAx + bᵀx + c (a line:
/// A = 0), the means, QDA's Σ₀ and Σ₁ and the plot's window.
#[derive(Deserialize)]
struct ModelChangeDrawn {
    to: String,
    before: [f64; 6],
    after: [f64; 6],
    mu: [[f64; 2]; 2],
    sigmas: [[[f64; 2]; 2]; 2],
    view: [f64; 4],
}

/// What `judgeModelChange` hands the page.
#[derive(Serialize)]
struct ModelChangeVerdict {
    truth: &'static str,
    score: bool,
    hints: Vec<Hint>,
    /// Where the boundary crossed the line through the means, before and after.
    crossings: [[f64; 2]; 2],
    /// The angle between the boundary's directions there (degrees).
    angle: f64,
    /// How far the crossing moved along μ₀ → μ₁, as a share of |μ₁ − μ₀|.
    slide: f64,
}

/// Judges the movement `guess` a student chose for a change of model
/// (`crate::predict::judge_model_change`): `{truth, score, hints, crossings, angle, slide}`.
///
/// # Errors
/// `drawn` without that shape, an unknown model or movement, a boundary that does not cross
/// the line through the means.
#[wasm_bindgen(js_name = judgeModelChange)]
pub fn judge_model_change(drawn: JsValue, guess: &str) -> Result<JsValue, JsError> {
    use crate::gda::QuadraticLogOdds;
    let d: ModelChangeDrawn = serde_wasm_bindgen::from_value(drawn)
        .map_err(|e| JsError::new(&format!("The change could not be read: {e}")))?;
    let to_qda = match d.to.as_str() {
        "qda" => true,
        "gda" => false,
        other => return Err(JsError::new(&format!("Unknown model {other:?}."))),
    };
    let guess = MOVES
        .iter()
        .find(|(name, _)| *name == guess)
        .map(|&(_, m)| m)
        .ok_or_else(|| JsError::new(&format!("Unknown movement {guess:?}.")))?;
    let q = |c: [f64; 6]| QuadraticLogOdds { a: [[c[0], c[1]], [c[1], c[2]]], b: [c[3], c[4]], c: c[5] };
    let (j, facts) =
        crate::predict::judge_model_change(d.view, d.mu, d.sigmas, to_qda, &q(d.before), &q(d.after), guess)
            .map_err(|e| JsError::new(&e.to_string()))?;
    let truth = MOVES.iter().find(|(_, m)| *m == j.truth).map_or("stays", |&(name, _)| name);
    to_js(&ModelChangeVerdict {
        truth,
        score: j.score,
        hints: j.fired.into_iter().map(|m| Hint { id: m.id }).collect(),
        crossings: [facts.crossings[0].point, facts.crossings[1].point],
        angle: facts.angle_deg,
        slide: facts.slide,
    })
}

/// What the page sends for a k-class posterior at a point: the panel's covariance setting
/// (`GdaPanel.models().covariance`: `shared`, `per-class`, `diagonal-per-class`,
/// `diagonal-shared`) and its points as `GdaPanel.pointsFlat()` hands them.
#[derive(Deserialize)]
struct RegionDrawn {
    covariance: crate::gda::lab::Covariance,
    points: Vec<f64>,
}

/// What `judgeRegion` hands the page.
#[derive(Serialize)]
struct RegionVerdict {
    /// The drawn model's class at the point (the region that holds it).
    truth: usize,
    /// The student's pick.
    guess: usize,
    /// Whether the pick is the model's class.
    right: bool,
    /// The model's p(y = pick | x).
    p_picked: f64,
    /// p(y = c | x) for every class c.
    posteriors: Vec<f64>,
    hints: Vec<Hint>,
}

/// Judges the class `guess` a student picked as the one whose region holds the point
/// `(x, y)`, on the k-class model the GDA panel draws: `drawn = {covariance, points}`, the
/// model refitted from them as the panel fits it (`crate::predict::judge_region_drawn`):
/// `{truth, guess, right, p_picked, posteriors, hints}`.
///
/// # Errors
/// `drawn` without that shape, points that are not labelled triples, a fit that fails, a
/// point that is not finite or a class that is not one of the model's.
#[wasm_bindgen(js_name = judgeRegion)]
pub fn judge_region(drawn: JsValue, x: f64, y: f64, guess: u32) -> Result<JsValue, JsError> {
    let d: RegionDrawn = serde_wasm_bindgen::from_value(drawn)
        .map_err(|e| JsError::new(&format!("The model's points could not be read: {e}")))?;
    let v = crate::predict::judge_region_drawn(d.covariance, &d.points, [x, y], guess as usize)
        .map_err(|e| JsError::new(&e.to_string()))?;
    let j = v.judgement;
    to_js(&RegionVerdict {
        truth: j.truth,
        guess: guess as usize,
        right: j.score.right,
        p_picked: j.score.p_picked,
        posteriors: v.posteriors,
        hints: j.fired.into_iter().map(|m| Hint { id: m.id }).collect(),
    })
}
