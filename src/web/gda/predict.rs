//! The GDA panel's boundary prediction: the figure hides the fitted boundary while a
//! student drags a ghost line, and the student's line is judged against the model's by
//! [`crate::predict::judge_boundary`] (the angle between the lines and the share of the plot
//! on which the two rules agree). A child module of `gda.rs`, so it reaches the panel's
//! state; the page loads the controls (`js/predict.js`) only when a prediction starts.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::GdaPanel;
use crate::predict::{judge_boundary, Misconception, Rule};
use crate::web::{js_error, to_js};

/// A fired misconception, by its id: the page writes its hint and "why?" prompt from
/// js/predict-hints.js (written from the catalogue by a native test), so the catalogue's
/// words stay out of the GDA panel's first-load module.
#[derive(Serialize)]
pub(crate) struct Hint {
    id: &'static str,
}

impl From<&'static Misconception> for Hint {
    fn from(m: &'static Misconception) -> Hint {
        Hint { id: m.id }
    }
}

/// What `judgeBoundary` hands the page.
#[derive(Serialize)]
struct BoundaryVerdict {
    /// The model's rule: decide 1 where wᵀx + b > 0.
    w: [f64; 2],
    b: f64,
    /// The student's rule, oriented as described at [`GdaPanel::judge_boundary`].
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

impl GdaPanel {
    /// Why a boundary prediction cannot be asked on the state shown, as a short code, or
    /// `None` when it can: two classes, GDA's shared Σ drawn with its own prior and equal
    /// losses (the boundary is then the line where the fitted log-odds are 0), a fit, and
    /// means that differ.
    fn boundary_unpredictable(&self) -> Option<&'static str> {
        let settings = self.lab.models();
        if self.lab.classes() != 2 {
            return Some("classes");
        }
        if self.lab.main_model().is_some() {
            return Some("model");
        }
        if settings.prior.is_some() || settings.threshold() != 0.0 {
            return Some("decision");
        }
        match self.lab.fit() {
            Err(_) => Some("fit"),
            Ok(g) if g.means_coincide() => Some("means"),
            Ok(_) => None,
        }
    }
}

#[wasm_bindgen]
impl GdaPanel {
    /// `null` when the boundary can be predicted on the state shown, else why not:
    /// `"classes"` (more than two), `"model"` (QDA or naive Bayes drawn), `"decision"` (a
    /// prior override or unequal losses), `"fit"` (no fit), `"means"` (the means coincide:
    /// there is no boundary).
    #[wasm_bindgen(js_name = boundaryUnpredictable)]
    pub fn boundary_unpredictable_js(&self) -> Option<String> {
        self.boundary_unpredictable().map(str::to_string)
    }

    /// Hides (or shows again) everything in the figure that shows where the boundary is:
    /// the boundary, the heat map and its contours, logistic regression's line. Draw after.
    #[wasm_bindgen(js_name = setBoundaryHidden)]
    pub fn set_boundary_hidden(&mut self, hidden: bool) {
        self.layers.hide_boundary = hidden;
    }

    /// Whether the boundary is hidden ([`GdaPanel::set_boundary_hidden`]).
    #[wasm_bindgen(js_name = boundaryHidden)]
    pub fn boundary_hidden(&self) -> bool {
        self.layers.hide_boundary
    }

    /// Judges the line through the data points `(x0, y0)` and `(x1, y1)` the student drew as
    /// the boundary: `{w, b, guess_w, guess_b, angle_deg, agreement, view, hints}`. The
    /// student's line says class 1 on the side toward which μ₁ lies from μ₀ (its normal n
    /// has n·(μ₁ − μ₀) ≥ 0), as the model's does with a shared Σ (wᵀ(μ₁ − μ₀) =
    /// (μ₁ − μ₀)ᵀΣ⁻¹(μ₁ − μ₀) > 0). `hints` are the misconceptions that fire, with their words
    /// in English and Chinese.
    ///
    /// # Errors
    /// When the state cannot be asked about ([`GdaPanel::boundary_unpredictable`]), the two
    /// points coincide or are not finite.
    #[wasm_bindgen(js_name = judgeBoundary)]
    pub fn judge_boundary_js(&self, x0: f64, y0: f64, x1: f64, y1: f64) -> Result<JsValue, JsError> {
        if let Some(why) = self.boundary_unpredictable() {
            return Err(JsError::new(&format!("The boundary cannot be predicted on this state ({why}).")));
        }
        let Ok(gda) = self.lab.fit() else { return Err(JsError::new("There is no fit.")) };
        let guess = line_through([x0, y0], [x1, y1], gda.mu0(), gda.mu1())
            .ok_or_else(|| JsError::new("The two handles of the drawn line must be two different, finite points."))?;
        let v = self.lab.view();
        let view = [v.x0, v.x1, v.y0, v.y1];
        let j = judge_boundary(gda, view, guess).map_err(js_error)?;
        to_js(&BoundaryVerdict {
            w: j.truth.0,
            b: j.truth.1,
            guess_w: guess.0,
            guess_b: guess.1,
            angle_deg: j.score.angle_deg,
            agreement: j.score.agreement,
            view,
            hints: j.fired.into_iter().map(Hint::from).collect(),
        })
    }
}

/// The rule whose line passes through `p` and `q`, with class 1 on μ₁'s side of μ₀ (see
/// [`GdaPanel::judge_boundary_js`]); `None` for coincident or non-finite points.
pub(crate) fn line_through(p: [f64; 2], q: [f64; 2], mu0: [f64; 2], mu1: [f64; 2]) -> Option<Rule> {
    if !p.iter().chain(&q).all(|v| v.is_finite()) {
        return None;
    }
    let d = [q[0] - p[0], q[1] - p[1]];
    if d == [0.0, 0.0] {
        return None;
    }
    // A normal of the line: the direction turned a quarter.
    let mut n = [-d[1], d[0]];
    if n[0] * (mu1[0] - mu0[0]) + n[1] * (mu1[1] - mu0[1]) < 0.0 {
        n = [-n[0], -n[1]];
    }
    Some((n, -(n[0] * p[0] + n[1] * p[1])))
}
