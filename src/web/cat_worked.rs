//! The categorical panel's worked example: the Lidstone estimate P(X⁽ʲ⁾ = a | c) with the
//! current counts plugged in ([`crate::predict::categorical_example`]), and the check of a
//! student's answer when the example is faded into a blank. A child module of `cat.rs`, so
//! it reaches the panel's model.

use wasm_bindgen::prelude::*;

use super::CatPanel;
use crate::error::Error;
use crate::predict::{categorical_example, Blank, Quantity, WorkedExample};
use crate::web::{js_error, to_js};

impl CatPanel {
    /// The worked example for attribute `attribute`, its value named `value` and the class
    /// numbered `class`, on the current fit.
    fn worked(&self, attribute: usize, value: &str, class: usize) -> Result<WorkedExample, JsError> {
        let model = self.fit.as_ref().map_err(|e| js_error(e.clone()))?;
        let values = &self
            .table
            .attributes()
            .get(attribute)
            .ok_or(Error::IndexOutOfRange { kind: "attribute", index: attribute, len: self.table.attributes().len() })
            .map_err(js_error)?
            .values;
        let index = values
            .iter()
            .position(|v| v == value)
            .ok_or_else(|| JsError::new(&format!("“{value}” is not a value of this attribute.")))?;
        categorical_example(model, attribute, index, class).map_err(js_error)
    }
}

#[wasm_bindgen]
impl CatPanel {
    /// The worked example `{steps: [{blank, symbol, formula, inputs: [{symbol, value}],
    /// value, tolerance}], fading: [blank…]}` for P(X⁽ʲ⁾ = `value` | class `class`) of the
    /// attribute numbered `attribute` (from 0).
    ///
    /// # Errors
    /// No fit (the sentence that says why), an attribute, value or class out of range.
    #[wasm_bindgen(js_name = workedExample)]
    pub fn worked_example(&self, attribute: usize, value: &str, class: usize) -> Result<JsValue, JsError> {
        to_js(&self.worked(attribute, value, class)?)
    }

    /// Checks `answer` (a number) for the blank `blank` ("lidstone") of that worked example:
    /// `{correct, hint}`, `hint` the id of the typical mistake a wrong answer matches, or
    /// null.
    ///
    /// # Errors
    /// As [`CatPanel::worked_example`]; an unknown blank; an answer that is not a finite
    /// number.
    #[wasm_bindgen(js_name = checkWorked)]
    pub fn check_worked(
        &self,
        attribute: usize,
        value: &str,
        class: usize,
        blank: JsValue,
        answer: JsValue,
    ) -> Result<JsValue, JsError> {
        let example = self.worked(attribute, value, class)?;
        let blank: Blank = serde_wasm_bindgen::from_value(blank).map_err(|e| JsError::new(&e.to_string()))?;
        let answer: Quantity = serde_wasm_bindgen::from_value(answer).map_err(|e| JsError::new(&e.to_string()))?;
        to_js(&example.check(blank, answer).map_err(js_error)?)
    }
}
