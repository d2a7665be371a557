//! The spam panel's verdict bet: before the ledger shows, the student sets P(spam | message)
//! on a slider; [`crate::predict::judge_spam_bet`] scores it (|logit p̂ − logit p|) and says
//! which misconceptions fire. A child module of `nb.rs`, so it reaches the panel's state.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::SpamPanel;
use crate::nb::email::{looks_like_email, Email};
use crate::nb::lab::MAX_MESSAGE_CHARS;
use crate::nb::tokenize;
use crate::predict::judge_spam_bet;
use crate::web::{js_error, to_js};

/// A fired misconception, by its id (the page has its words: js/predict-hints.js).
#[derive(Serialize)]
struct Hint {
    id: &'static str,
}

#[derive(Serialize)]
struct BetVerdict {
    /// The model's P(spam | message).
    p: f64,
    /// |logit p̂ − logit p|, both clamped to [10⁻⁶, 1 − 10⁻⁶].
    gap: f64,
    hints: Vec<Hint>,
}

#[wasm_bindgen]
impl SpamPanel {
    /// Judges the bet `p_hat` = P(spam | message) on `text` (read as the panel reads it: an
    /// email's body, with its header tokens when header evidence is on, else the text cut at
    /// the panel's limit): `{p, gap, hints}`.
    ///
    /// # Errors
    /// `p_hat` outside [0, 1], or a message that rules out both classes at α = 0.
    #[wasm_bindgen(js_name = judgeSpamBet)]
    pub fn judge_spam_bet_js(&self, text: &str, p_hat: f64) -> Result<JsValue, JsError> {
        let tokens = match looks_like_email(text.as_bytes()).then(|| Email::parse(text.as_bytes())) {
            Some(Ok(email)) => email.tokens(self.lab.header_evidence()),
            _ => {
                let cut = text.char_indices().nth(MAX_MESSAGE_CHARS).map_or(text, |(i, _)| &text[..i]);
                tokenize(cut)
            }
        };
        let j = judge_spam_bet(self.lab.model(), &tokens, None, p_hat).map_err(js_error)?;
        to_js(&BetVerdict { p: j.truth, gap: j.score, hints: j.fired.into_iter().map(|m| Hint { id: m.id }).collect() })
    }
}
