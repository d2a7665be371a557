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
