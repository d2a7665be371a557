//! GDA's worked example for the page (js/gda-worked.js): φ, μ₀, μ₁, Σ, w and b of the
//! shared-Σ maximum-likelihood fit, each with the numbers of the panel's points plugged in
//! ([`crate::predict::gda_example`]), and the check of a student's answer for a blank. In the
//! lessons' module (pkg-lesson/, loaded on demand), not the GDA panel's: the panel hands over
//! its points (`GdaPanel.pointsFlat()`), which is all the example needs.

use wasm_bindgen::prelude::*;

use super::to_js;
use crate::predict::{gda_example, Blank, Quantity, WorkedExample};

/// The points and labels of `[x0, y0, label0, x1, y1, label1, …]`, two classes only.
fn example_of(points_flat: &[f64]) -> Result<WorkedExample, JsError> {
    if points_flat.len() % 3 != 0 {
        return Err(JsError::new("The points must come as x, y, label triples."));
    }
    let mut points = Vec::with_capacity(points_flat.len() / 3);
    let mut labels = Vec::with_capacity(points_flat.len() / 3);
    for p in points_flat.chunks_exact(3) {
        let label = if p[2] == 0.0 {
            0u8
        } else if p[2] == 1.0 {
            1u8
        } else {
            return Err(JsError::new("GDA's worked example is for two classes (labels 0 and 1)."));
        };
        points.push([p[0], p[1]]);
        labels.push(label);
    }
    gda_example(&points, &labels).map_err(|e| JsError::new(&e.to_string()))
}

/// The worked example of the shared-Σ GDA fit of the points `[x0, y0, label0, …]`:
/// `{steps: [{blank, symbol, formula, inputs: [{symbol, value}], value, tolerance}], fading}`
/// (blanks "phi", "mu0", "mu1", "sigma", "w", "b"; a vector is `[a, b]`, a matrix
/// `[[a, b], [c, d]]`).
///
/// # Errors
/// Labels other than 0 and 1, or points GDA cannot fit (an empty class, a singular Σ).
#[wasm_bindgen(js_name = gdaWorkedExample)]
pub fn gda_worked_example(points_flat: &[f64]) -> Result<JsValue, JsError> {
    to_js(&example_of(points_flat)?)
}

/// Checks `answer` (a number, `[a, b]` or `[[a, b], [c, d]]`, the blank's shape) for the
/// blank `blank` of that worked example: `{correct, hint}`, `hint` the id of the typical
/// mistake a wrong answer matches, or null.
///
/// # Errors
/// As [`gda_worked_example`]; an unknown blank; an answer of another shape or not finite.
#[wasm_bindgen(js_name = checkGdaWorked)]
pub fn check_gda_worked(points_flat: &[f64], blank: JsValue, answer: JsValue) -> Result<JsValue, JsError> {
    let example = example_of(points_flat)?;
    let blank: Blank = serde_wasm_bindgen::from_value(blank).map_err(|e| JsError::new(&e.to_string()))?;
    let answer: Quantity = serde_wasm_bindgen::from_value(answer).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&example.check(blank, answer).map_err(|e| JsError::new(&e.to_string()))?)
}
