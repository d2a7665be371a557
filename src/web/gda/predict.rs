//! The GDA panel's part of the boundary prediction: the figure hides the fitted boundary while
//! a student drags a ghost line (`js/predict.js`, loaded when a prediction starts). A child
//! module of `gda.rs`, so it reaches the panel's state. That is all the GDA panel's module
//! holds of it: whether the state can be asked about and the judge need only numbers the
//! panel's summary already hands the page (the model settings, the number of classes, w, b,
//! μ₀, μ₁, whether the means coincide), and the judge is exported by the lessons' module
//! (`web/predict.rs`, loaded on demand), so the prediction adds next to nothing to the GDA
//! panel's first load.

use wasm_bindgen::prelude::*;

use super::GdaPanel;

#[wasm_bindgen]
impl GdaPanel {
    /// Hides (or shows again) everything in the figure that shows where the boundary is:
    /// the boundary, the heat map and its contours, logistic regression's line. Draw after.
    #[wasm_bindgen(js_name = setBoundaryHidden)]
    pub fn set_boundary_hidden(&mut self, hidden: bool) {
        self.layers.hide_boundary = hidden;
    }
}
