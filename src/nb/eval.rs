//! Held-out evaluation with spam as the positive class.
//!
//! Each test message is classified by the model (ties to ham) and the (truth, prediction)
//! pairs are counted in a 2×2 confusion matrix; accuracy = (TP + TN)/n,
//! precision = TP/(TP + FP), recall = TP/(TP + FN), F1 their harmonic mean
//! ([`crate::stats::metrics`]; undefined ratios are `None`).

use super::model::NaiveBayes;
use super::Label;
use crate::error::Result;
use crate::stats::metrics::{Confusion, Metrics};

/// Tokenizes and classifies raw test messages and scores the predictions.
pub fn evaluate<S: AsRef<str>>(model: &NaiveBayes, test: &[(S, Label)]) -> Metrics {
    Confusion::from_pairs(test.iter().map(|(text, truth)| (truth.as_u8(), model.predict_text(text.as_ref()).as_u8())))
        .metrics()
}

/// Classifies tokenized test messages and scores the predictions.
pub fn evaluate_tokens(model: &NaiveBayes, test: &[(Vec<String>, Label)]) -> Metrics {
    Confusion::from_pairs(test.iter().map(|(tokens, truth)| (truth.as_u8(), model.predict_tokens(tokens).as_u8())))
        .metrics()
}

/// The metrics of `model` at each α of `alphas`, on tokenized test messages, without
/// recounting (the model is cloned once and its α changed).
///
/// # Errors
/// [`crate::Error::InvalidParameter`] for the first α that is not allowed.
pub fn alpha_sweep(model: &NaiveBayes, alphas: &[f64], test: &[(Vec<String>, Label)]) -> Result<Vec<(f64, Metrics)>> {
    let mut m = model.clone();
    alphas
        .iter()
        .map(|&alpha| {
            m.set_alpha(alpha)?;
            Ok((alpha, evaluate_tokens(&m, test)))
        })
        .collect()
}
