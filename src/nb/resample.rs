//! Imbalanced classes: resampling the training part so that both classes are equally
//! represented, as the seed notes suggest.
//!
//! Only the *training* messages are resampled; the held-out test part is never touched, so
//! the metrics still measure the model on the real class balance.
//!
//! * **Undersampling ham**: when the training part has more ham than spam messages
//!   (N_ham > N_spam), a seeded random subset of N_spam ham messages is kept (the first
//!   N_spam of a Fisher–Yates permutation of the training ham) and the rest are left out;
//!   afterwards N_ham = N_spam. When ham is not the majority nothing changes.
//! * **Oversampling spam**: when N_spam < N_ham, N_ham − N_spam extra copies of spam
//!   messages are drawn uniformly *with replacement* from the training spam and counted
//!   again; afterwards N_spam = N_ham. When spam is not the minority nothing changes.
//!
//! The draws come from the generator seeded with `seed ^ 0x9E37_79B9_7F4A_7C15` (the split
//! seed mixed with the golden-ratio constant), so a seed fixes the resample on every
//! machine without reusing the split's own draws.
//!
//! The effect on the model: the maximum-likelihood prior becomes ½ : ½ (log-ratio 0), the
//! word counts of the resampled class change (fewer ham words, or repeated spam words),
//! and with them the verdicts and the metrics.

use serde::Serialize;

use super::Label;
use crate::error::{Error, Result};
use crate::stats::sampling::{permutation, rng};

/// What is mixed into the split seed for the resampling draws.
pub const RESAMPLE_SEED_MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// How the training part is rebalanced.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Resampling {
    /// Train on the training part as it is.
    #[default]
    None,
    /// Keep only as many (seeded, randomly chosen) ham messages as there are spam messages.
    UndersampleHam,
    /// Repeat (seeded, drawn with replacement) spam messages until there are as many as ham.
    OversampleSpam,
}

impl Resampling {
    /// All methods, in the order a menu lists them.
    pub const ALL: [Resampling; 3] = [Resampling::None, Resampling::UndersampleHam, Resampling::OversampleSpam];

    /// The method's name as serialized: `"none"`, `"undersample_ham"` or `"oversample_spam"`.
    pub fn name(self) -> &'static str {
        match self {
            Resampling::None => "none",
            Resampling::UndersampleHam => "undersample_ham",
            Resampling::OversampleSpam => "oversample_spam",
        }
    }

    /// The method with this [`name`](Resampling::name).
    ///
    /// # Errors
    /// [`Error::Unknown`] for any other name.
    pub fn from_name(name: &str) -> Result<Resampling> {
        Resampling::ALL
            .into_iter()
            .find(|r| r.name() == name)
            .ok_or_else(|| Error::Unknown { kind: "resampling method", name: name.chars().take(40).collect() })
    }
}

/// The class counts of the training part before and after resampling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ResampleReport {
    /// The method used.
    pub method: Resampling,
    /// [N_ham, N_spam] of the training part as split.
    pub before: [usize; 2],
    /// [N_ham, N_spam] of the messages actually counted (copies included).
    pub after: [usize; 2],
    /// Training ham messages left out (undersampling).
    pub dropped: usize,
    /// Extra copies of spam messages counted (oversampling).
    pub duplicated: usize,
}

/// Resamples the training indices `train` (indices into `labels`) by `method`, seeded by
/// the split `seed` as the [module docs](self) describe. Returns the indices to count,
/// sorted ascending, with an index repeated once per extra copy, and the report. Indices
/// out of range of `labels` are ignored.
pub fn resample(train: &[usize], labels: &[Label], method: Resampling, seed: u64) -> (Vec<usize>, ResampleReport) {
    let of = |label: Label| -> Vec<usize> {
        train.iter().copied().filter(|&i| labels.get(i).is_some_and(|&l| l == label)).collect()
    };
    let (ham, spam) = (of(Label::Ham), of(Label::Spam));
    let before = [ham.len(), spam.len()];
    let mut generator = rng(seed ^ RESAMPLE_SEED_MIX);
    let mut kept: Vec<usize> = Vec::with_capacity(ham.len().max(spam.len()) * 2);
    let (mut dropped, mut duplicated) = (0, 0);
    match method {
        Resampling::UndersampleHam if ham.len() > spam.len() => {
            let order = permutation(&mut generator, ham.len());
            kept.extend(order.iter().take(spam.len()).map(|&p| ham[p]));
            kept.extend(&spam);
            dropped = ham.len() - spam.len();
        }
        Resampling::OversampleSpam if spam.len() < ham.len() && !spam.is_empty() => {
            use rand::Rng as _;
            kept.extend(&ham);
            kept.extend(&spam);
            duplicated = ham.len() - spam.len();
            for _ in 0..duplicated {
                kept.push(spam[generator.random_range(0..spam.len())]);
            }
        }
        _ => {
            kept.extend(&ham);
            kept.extend(&spam);
        }
    }
    kept.sort_unstable();
    let count = |label: Label| kept.iter().filter(|&&i| labels.get(i) == Some(&label)).count();
    let after = [count(Label::Ham), count(Label::Spam)];
    (kept, ResampleReport { method, before, after, dropped, duplicated })
}
