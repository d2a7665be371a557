//! Binary classification metrics with class 1 ("spam", "positive") as the positive class.
//!
//! accuracy = (TP + TN) / n, precision = TP / (TP + FP), recall = TP / (TP + FN),
//! F1 = 2·precision·recall / (precision + recall). A ratio whose denominator is zero is
//! `None` (the UI explains it) rather than NaN.

use serde::Serialize;

/// Counts of a 2×2 confusion matrix.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Confusion {
    /// Predicted 1, truth 1.
    pub tp: usize,
    /// Predicted 1, truth 0.
    pub fp: usize,
    /// Predicted 0, truth 0.
    pub tn: usize,
    /// Predicted 0, truth 1.
    pub fn_: usize,
}

/// Accuracy, precision, recall and F1 of a confusion matrix.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Metrics {
    /// The counts.
    pub confusion: Confusion,
    /// (TP + TN) / n; `None` when n = 0.
    pub accuracy: Option<f64>,
    /// TP / (TP + FP); `None` when nothing was predicted positive.
    pub precision: Option<f64>,
    /// TP / (TP + FN); `None` when there are no positives.
    pub recall: Option<f64>,
    /// 2TP / (2TP + FP + FN), the harmonic mean of precision and recall where both are
    /// defined (scikit-learn's `f1_score` from the counts); `None` when TP + FP + FN = 0.
    pub f1: Option<f64>,
}

impl Confusion {
    /// Counts the pairs (truth, predicted); anything non-zero counts as class 1.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (u8, u8)>) -> Self {
        let mut c = Confusion::default();
        for (truth, pred) in pairs {
            match (truth != 0, pred != 0) {
                (true, true) => c.tp += 1,
                (false, true) => c.fp += 1,
                (false, false) => c.tn += 1,
                (true, false) => c.fn_ += 1,
            }
        }
        c
    }

    /// Total number of examples.
    pub fn total(&self) -> usize {
        self.tp + self.fp + self.tn + self.fn_
    }

    /// The four metrics.
    pub fn metrics(&self) -> Metrics {
        let ratio = |num: usize, den: usize| (den > 0).then(|| num as f64 / den as f64);
        let accuracy = ratio(self.tp + self.tn, self.total());
        let precision = ratio(self.tp, self.tp + self.fp);
        let recall = ratio(self.tp, self.tp + self.fn_);
        // From the counts, 2TP/(2TP + FP + FN): the harmonic mean of precision and recall
        // where both are defined, and also 0 when there are positives or positive
        // predictions but no true positive (precision and recall both 0, or one of them 0/0
        // while the other is 0). Undefined only with no positives and no positive predictions.
        let f1 = ratio(2 * self.tp, 2 * self.tp + self.fp + self.fn_);
        Metrics { confusion: *self, accuracy, precision, recall, f1 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metrics_of_a_hand_counted_matrix() {
        // truth/pred pairs: 3 TP, 1 FP, 4 TN, 2 FN → acc 7/10, prec 3/4, rec 3/5,
        // F1 = 2·0.75·0.6/1.35 = 2/3 (worked by hand).
        let pairs = [(1, 1), (1, 1), (1, 1), (0, 1), (0, 0), (0, 0), (0, 0), (0, 0), (1, 0), (1, 0)];
        let m = Confusion::from_pairs(pairs).metrics();
        assert_eq!(m.confusion, Confusion { tp: 3, fp: 1, tn: 4, fn_: 2 });
        assert!((m.accuracy.unwrap() - 0.7).abs() < 1e-15);
        assert!((m.precision.unwrap() - 0.75).abs() < 1e-15);
        assert!((m.recall.unwrap() - 0.6).abs() < 1e-15);
        assert!((m.f1.unwrap() - 2.0 / 3.0).abs() < 1e-15);
    }

    #[test]
    fn undefined_ratios_are_none_not_nan() {
        let m = Confusion::from_pairs([(0u8, 0u8)]).metrics();
        assert_eq!(m.precision, None);
        assert_eq!(m.recall, None);
        assert_eq!(m.f1, None);
        assert_eq!(Confusion::default().metrics().accuracy, None);
    }

    #[test]
    fn f1_is_zero_not_undefined_without_a_true_positive() {
        // TP = 0, FP = 2, FN = 3: precision 0/2 = 0, recall 0/3 = 0, F1 = 2·0/(0 + 2 + 3) = 0
        // (scikit-learn's f1_score gives 0.0 here, from the same counts).
        let m = Confusion { tp: 0, fp: 2, tn: 5, fn_: 3 }.metrics();
        assert_eq!(m.f1, Some(0.0));
        // No positive prediction at all but positives in truth: precision 0/0, F1 still 0.
        let m = Confusion { tp: 0, fp: 0, tn: 5, fn_: 3 }.metrics();
        assert_eq!((m.precision, m.f1), (None, Some(0.0)));
    }
}
