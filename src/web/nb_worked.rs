//! The spam panel's worked example: a smoothed word probability P(w | c) (p_cw in the
//! Bernoulli model) and the message's log-odds, the ledger's sum, each with the panel's
//! numbers plugged in ([`crate::predict::nb_example`] on the message as the ledger reads it,
//! [`crate::nb::lab::SpamLab::message_tokens`]), and the check of a student's answer for a
//! blank. A child module of `nb.rs`, so it reaches the panel's model.

use wasm_bindgen::prelude::*;

use super::SpamPanel;
use crate::nb::Label;
use crate::predict::{nb_example, Blank, Quantity, WorkedExample};
use crate::web::{js_error, to_js};

impl SpamPanel {
    fn worked(&self, text: &str, word: &str, spam: bool) -> Result<WorkedExample, JsError> {
        let tokens = self.lab.message_tokens(text);
        let class = if spam { Label::Spam } else { Label::Ham };
        nb_example(self.lab.model(), &tokens, word, class).map_err(js_error)
    }
}

#[wasm_bindgen]
impl SpamPanel {
    /// The worked example for the word `word` in class spam (`spam` true) or ham, and the
    /// log-odds of the message `text` as the ledger reads it: `{steps: [{blank, symbol,
    /// formula, inputs: [{symbol, value}], value, tolerance}], fading}` (blanks
    /// "word-probability" and "log-odds").
    ///
    /// # Errors
    /// A word not in the vocabulary; log-odds that are not finite (a veto at α = 0).
    #[wasm_bindgen(js_name = workedExample)]
    pub fn worked_example(&self, text: &str, word: &str, spam: bool) -> Result<JsValue, JsError> {
        to_js(&self.worked(text, word, spam)?)
    }

    /// Checks `answer` (a number) for the blank `blank` of that worked example: `{correct,
    /// hint}`, `hint` the id of the typical mistake a wrong answer matches, or null.
    ///
    /// # Errors
    /// As [`SpamPanel::worked_example`]; an unknown blank; an answer that is not a finite
    /// number.
    #[wasm_bindgen(js_name = checkWorked)]
    pub fn check_worked(
        &self,
        text: &str,
        word: &str,
        spam: bool,
        blank: JsValue,
        answer: JsValue,
    ) -> Result<JsValue, JsError> {
        let example = self.worked(text, word, spam)?;
        let blank: Blank = serde_wasm_bindgen::from_value(blank).map_err(|e| JsError::new(&e.to_string()))?;
        let answer: Quantity = serde_wasm_bindgen::from_value(answer).map_err(|e| JsError::new(&e.to_string()))?;
        to_js(&example.check(blank, answer).map_err(js_error)?)
    }
}
