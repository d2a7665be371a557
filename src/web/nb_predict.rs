//! The spam panel's predictions, judged on the message as the ledger reads it
//! ([`crate::nb::lab::SpamLab::message_tokens`]: the email's tokens, header evidence, the
//! common words left out): the verdict bet ([`crate::predict::judge_spam_bet`],
//! |logit p̂ − logit p|), the strongest word ([`crate::predict::judge_strongest_word`]: its
//! rank and evidence against the top word's) and α = 0 ([`crate::predict::judge_alpha_zero`]:
//! the vetoes and the verdict at α = 0), with the misconceptions that fire; and the natural
//! frequencies of a posterior. A child module of `nb.rs`, so it reaches the panel's state.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::SpamPanel;
use crate::nb::{Label, Veto};
use crate::predict::{
    judge_alpha_zero, judge_spam_bet, judge_strongest_word, natural_frequencies_binary, AlphaZeroGuess,
};
use crate::web::{js_error, to_js};

/// A fired misconception, by its id (the page has its words: js/predict-hints.js).
#[derive(Serialize)]
struct Hint {
    id: &'static str,
}

fn hints(fired: Vec<&'static crate::predict::Misconception>) -> Vec<Hint> {
    fired.into_iter().map(|m| Hint { id: m.id }).collect()
}

#[derive(Serialize)]
struct BetVerdict {
    /// The model's P(spam | message).
    p: f64,
    /// |logit p̂ − logit p|, both clamped to [10⁻⁶, 1 − 10⁻⁶].
    gap: f64,
    hints: Vec<Hint>,
}

#[derive(Serialize)]
struct WordVerdict {
    /// The strongest word toward the asked class (the first in the message on a tie).
    top: String,
    /// The pick's rank among the ledger's words (1 = the strongest); `None` for a word the
    /// model does not know (no evidence).
    rank: Option<usize>,
    /// How many words the ledger has (the words the model knows).
    words: usize,
    /// The pick's evidence toward the asked class, in nats (its ledger term; sign turned for
    /// ham).
    evidence: f64,
    /// The top word's, in the same units.
    top_evidence: f64,
    hints: Vec<Hint>,
}

#[derive(Serialize)]
struct VetoWord {
    word: String,
    /// The class the word rules out at α = 0 (`both` when it rules out both).
    veto: Veto,
    /// Whether the word is in the message (in the Bernoulli model an absent word can veto).
    present: bool,
}

#[derive(Serialize)]
struct AlphaZeroVerdict {
    vetoes: Vec<VetoWord>,
    /// The more probable class at the current α and at α = 0 (`null`: both ruled out).
    before: Option<Label>,
    after: Option<Label>,
    changes: bool,
    missed: usize,
    extra: usize,
    verdict_right: bool,
    hints: Vec<Hint>,
}

#[wasm_bindgen]
impl SpamPanel {
    /// Judges the bet `p_hat` = P(spam | message) on `text` (read as the ledger reads it):
    /// `{p, gap, hints}`.
    ///
    /// # Errors
    /// `p_hat` outside [0, 1], or a message that rules out both classes at α = 0.
    #[wasm_bindgen(js_name = judgeSpamBet)]
    pub fn judge_spam_bet_js(&self, text: &str, p_hat: f64) -> Result<JsValue, JsError> {
        let tokens = self.lab.message_tokens(text);
        let j = judge_spam_bet(self.lab.model(), &tokens, None, p_hat).map_err(js_error)?;
        to_js(&BetVerdict { p: j.truth, gap: j.score, hints: hints(j.fired) })
    }

    /// The distinct tokens of `text` as the ledger reads it, in order of first appearance
    /// (the words the model knows and those it does not): what a "strongest word" or α = 0
    /// prediction offers to pick from. Nothing about their evidence.
    #[wasm_bindgen(js_name = messageWords)]
    pub fn message_words(&self, text: &str) -> Vec<String> {
        let mut seen = std::collections::HashSet::new();
        self.lab.message_tokens(text).into_iter().filter(|t| seen.insert(t.clone())).collect()
    }

    /// Judges the pick `guess` of the word of `text` that pushes hardest toward `toward`
    /// (`"spam"` or `"ham"`): `{top, rank, words, evidence, top_evidence, hints}`.
    ///
    /// # Errors
    /// `toward` neither class, a message without a word the model knows, or a pick that is
    /// not a word of the message.
    #[wasm_bindgen(js_name = judgeStrongestWord)]
    pub fn judge_strongest_word_js(&self, text: &str, toward: &str, guess: &str) -> Result<JsValue, JsError> {
        let toward = match toward {
            "spam" => Label::Spam,
            "ham" => Label::Ham,
            other => return Err(JsError::new(&format!("toward must be spam or ham, not {other:?}"))),
        };
        let tokens = self.lab.message_tokens(text);
        let words = self.lab.model().explain_tokens(&tokens).words.len();
        let j = judge_strongest_word(self.lab.model(), &tokens, toward, guess).map_err(js_error)?;
        to_js(&WordVerdict {
            top: j.truth,
            rank: j.score.rank,
            words,
            evidence: j.score.evidence,
            top_evidence: j.score.top_evidence,
            hints: hints(j.fired),
        })
    }

    /// Judges an α = 0 prediction on `text`: the words `vetoes` the student expects to rule
    /// out a class, and whether the more probable class will change (`changes`), against the
    /// same counts refitted at α = 0 (the panel's α is not changed here): `{vetoes: [{word,
    /// veto, present}], before, after, changes, missed, extra, verdict_right, hints}`.
    ///
    /// # Errors
    /// α = 0 impossible for these counts (a class without words in the multinomial model).
    #[wasm_bindgen(js_name = judgeAlphaZero)]
    pub fn judge_alpha_zero_js(&self, text: &str, vetoes: Vec<String>, changes: bool) -> Result<JsValue, JsError> {
        let tokens = self.lab.message_tokens(text);
        let guess = AlphaZeroGuess { vetoes, verdict_changes: changes };
        let j = judge_alpha_zero(self.lab.model(), &tokens, &guess).map_err(js_error)?;
        let t = j.truth;
        to_js(&AlphaZeroVerdict {
            vetoes: t
                .vetoes
                .into_iter()
                .map(|(word, veto)| VetoWord { present: tokens.contains(&word), word, veto })
                .collect(),
            before: t.verdict_before,
            after: t.verdict_after,
            changes: t.verdict_changes,
            missed: j.score.missed,
            extra: j.score.extra,
            verdict_right: j.score.verdict_right,
            hints: hints(j.fired),
        })
    }

    /// Of 1,000 messages with P(spam | message) = `p`, how many are [ham, spam]
    /// ([`natural_frequencies_binary`]: largest remainder, summing to exactly 1,000).
    ///
    /// # Errors
    /// `p` outside [0, 1] or NaN.
    #[wasm_bindgen(js_name = naturalFrequencies)]
    pub fn natural_frequencies_js(p: f64) -> Result<Vec<u32>, JsError> {
        natural_frequencies_binary(p, 1000).map(Vec::from).map_err(js_error)
    }
}
