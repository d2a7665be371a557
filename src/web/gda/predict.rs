//! The GDA panel's boundary prediction: the figure hides the fitted boundary while a
//! student drags a ghost line. A child module of `gda.rs`, so it reaches the panel's state;
//! the page loads the controls (`js/predict.js`) only when a prediction starts. The judge is
//! not here: it needs only the numbers the panel's summary already carries (w, b, μ₀, μ₁)
//! and the view, and is exported by the lessons' module (`web/predict.rs`), loaded on
//! demand, so that it adds nothing to the GDA panel's first load.

use wasm_bindgen::prelude::*;

use super::GdaPanel;

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
}
