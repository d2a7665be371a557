//! Costly mistakes: the Bayes decision rule with a loss ratio.
//!
//! Two mistakes are possible: calling a ham message spam (a false positive, cost λ_FP: a
//! wanted message is lost) and letting a spam message through (a false negative, cost
//! λ_FN). A correct decision costs 0. Given the posterior p = P(spam | x), the conditional
//! risks are
//!
//! R(spam | x) = λ_FP · (1 − p),   R(ham | x) = λ_FN · p,
//!
//! and the Bayes rule picks the smaller: decide spam when λ_FN · p > λ_FP · (1 − p), i.e.
//!
//! p > t = λ_FP / (λ_FP + λ_FN)   ⇔   log-odds > log(λ_FP / λ_FN) = log λ_FP − log λ_FN.
//!
//! The comparison is made on the log-odds (exact in log space, and meaningful for ±∞); a
//! message exactly at the threshold goes to ham, like every other tie. Equal costs give
//! t = ½ and threshold log-odds 0: the more-probable-class rule. When both classes are
//! ruled out the posterior is undefined and there is no decision (`None`).
//!
//! On a test set with a confusion matrix (TP, FP, TN, FN) the **expected cost per
//! message** is (λ_FP · FP + λ_FN · FN) / n.

use serde::Serialize;

use super::Label;
use crate::error::{describe, Error, Result};
use crate::stats::metrics::Confusion;
use crate::stats::sigmoid;

/// The two costs of the spam decision; both finite and > 0. Only their ratio moves the
/// threshold; their size scales the expected cost.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Costs {
    false_positive: f64,
    false_negative: f64,
}

impl Default for Costs {
    fn default() -> Costs {
        Costs::EQUAL
    }
}

impl Costs {
    /// λ_FP = λ_FN = 1: the more-probable-class rule, and expected cost = error rate.
    pub const EQUAL: Costs = Costs { false_positive: 1.0, false_negative: 1.0 };

    /// The costs λ_FP (a ham message called spam) and λ_FN (a spam message let through).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when a cost is not a finite number > 0.
    pub fn new(false_positive: f64, false_negative: f64) -> Result<Costs> {
        for (name, value) in [("λ_FP", false_positive), ("λ_FN", false_negative)] {
            if !(value.is_finite() && value > 0.0) {
                return Err(Error::InvalidParameter {
                    name,
                    value: describe(value),
                    rule: "the cost of a mistake must be a finite number > 0 (only the ratio λ_FP/λ_FN \
                           moves the threshold)",
                });
            }
        }
        Ok(Costs { false_positive, false_negative })
    }

    /// λ_FP: the cost of calling a ham message spam.
    pub fn false_positive(&self) -> f64 {
        self.false_positive
    }

    /// λ_FN: the cost of letting a spam message through.
    pub fn false_negative(&self) -> f64 {
        self.false_negative
    }

    /// log(λ_FP / λ_FN) = log λ_FP − log λ_FN: decide spam when the log-odds exceed it.
    /// Exactly 0 for equal costs; always finite.
    pub fn threshold_log_odds(&self) -> f64 {
        if self.false_positive == self.false_negative {
            0.0
        } else {
            self.false_positive.ln() - self.false_negative.ln()
        }
    }

    /// t = λ_FP / (λ_FP + λ_FN): decide spam when P(spam | x) exceeds it; in (0, 1).
    pub fn threshold_probability(&self) -> f64 {
        let sum = self.false_positive + self.false_negative;
        if sum.is_finite() {
            self.false_positive / sum
        } else {
            // Both costs near the largest f64: the same number via σ(log λ_FP − log λ_FN).
            sigmoid(self.threshold_log_odds())
        }
    }

    /// The Bayes decision for a message with these log-odds: spam when
    /// log-odds > [`threshold_log_odds`](Costs::threshold_log_odds), ham otherwise
    /// (ties to ham); `None` when the log-odds are undefined (both classes ruled out).
    pub fn decide(&self, log_odds: Option<f64>) -> Option<Label> {
        let z = log_odds?;
        if z.is_nan() {
            return None;
        }
        Some(if z > self.threshold_log_odds() { Label::Spam } else { Label::Ham })
    }

    /// As [`decide`](Costs::decide), with ham when undefined (what an evaluation counts).
    pub fn label(&self, log_odds: Option<f64>) -> Label {
        self.decide(log_odds).unwrap_or(Label::Ham)
    }

    /// λ_FP · FP + λ_FN · FN.
    pub fn total_cost(&self, confusion: &Confusion) -> f64 {
        self.false_positive * confusion.fp as f64 + self.false_negative * confusion.fn_ as f64
    }

    /// (λ_FP · FP + λ_FN · FN) / n, the average cost per message; `None` when n = 0.
    pub fn expected_cost(&self, confusion: &Confusion) -> Option<f64> {
        let n = confusion.total();
        (n > 0).then(|| self.total_cost(confusion) / n as f64)
    }
}
