//! Held-out evaluation with spam as the positive class.
//!
//! Each test message is classified by the model (ties to ham) and the (truth, prediction)
//! pairs are counted in a 2×2 confusion matrix; accuracy = (TP + TN)/n,
//! precision = TP/(TP + FP), recall = TP/(TP + FN), F1 their harmonic mean
//! ([`crate::stats::metrics`]; undefined ratios are `None`).
//!
//! With unequal costs ([`Costs`]) a message is called spam when its log-odds exceed
//! log(λ_FP/λ_FN) (ties and undefined posteriors to ham), and the evaluation also reports
//! the expected cost per message (λ_FP · FP + λ_FN · FN)/n.

use serde::Serialize;

use super::costs::Costs;
use super::model::{Bag, NaiveBayes, Posterior};
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

/// Held-out metrics under the Bayes decision rule for a pair of costs.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CostEvaluation {
    /// The costs λ_FP, λ_FN.
    pub costs: Costs,
    /// The decision threshold on the log-odds, log(λ_FP/λ_FN).
    pub threshold_log_odds: f64,
    /// The decision threshold on P(spam | x), λ_FP/(λ_FP + λ_FN).
    pub threshold_probability: f64,
    /// Accuracy, precision, recall, F1 and the confusion matrix of the thresholded
    /// predictions.
    pub metrics: Metrics,
    /// λ_FP · FP + λ_FN · FN over the test set.
    pub total_cost: f64,
    /// (λ_FP · FP + λ_FN · FN)/n; `None` when there are no test messages.
    pub expected_cost: Option<f64>,
}

impl CostEvaluation {
    /// The thresholds and the cost of a confusion matrix counted under `costs`.
    pub fn from_confusion(confusion: Confusion, costs: Costs) -> CostEvaluation {
        CostEvaluation {
            costs,
            threshold_log_odds: costs.threshold_log_odds(),
            threshold_probability: costs.threshold_probability(),
            metrics: confusion.metrics(),
            total_cost: costs.total_cost(&confusion),
            expected_cost: costs.expected_cost(&confusion),
        }
    }
}

/// The class of a tokenized message under the Bayes rule for `costs`: spam when
/// log-odds > log(λ_FP/λ_FN); ham at the threshold and when both classes are ruled out.
pub fn predict_with_costs(model: &NaiveBayes, tokens: &[String], costs: &Costs) -> Label {
    costs.label(model.posterior(tokens).log_odds)
}

/// [`evaluate_with_costs`] for test messages already looked up in the model's vocabulary
/// (their bags, as `NaiveBayes::bag` makes them): the same predictions, without hashing a
/// token. The spam panel keeps its test split as bags, so that an α change re-scores it in
/// O(tokens).
pub(crate) fn evaluate_bags_with_costs(model: &NaiveBayes, test: &[(Bag, Label)], costs: &Costs) -> CostEvaluation {
    let confusion = Confusion::from_pairs(test.iter().map(|(bag, truth)| {
        let log_odds = Posterior::from_log_joint(model.log_joint_of_bag(bag)).log_odds;
        (truth.as_u8(), costs.label(log_odds).as_u8())
    }));
    CostEvaluation::from_confusion(confusion, *costs)
}

/// Classifies tokenized test messages with the threshold of `costs` and scores them,
/// with the expected cost per message.
pub fn evaluate_with_costs(model: &NaiveBayes, test: &[(Vec<String>, Label)], costs: &Costs) -> CostEvaluation {
    let confusion = Confusion::from_pairs(
        test.iter().map(|(tokens, truth)| (truth.as_u8(), predict_with_costs(model, tokens, costs).as_u8())),
    );
    CostEvaluation::from_confusion(confusion, *costs)
}
