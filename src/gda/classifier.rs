//! The interfaces every classifier on the plane shares, and the checks and safe arithmetic
//! its implementations use. This module sits *below* the models: each model implements
//! these traits in its own module, and the comparison ([`crate::gda::compare`]), the
//! posterior pictures ([`crate::gda::posterior_map`]) and the decision rule
//! ([`crate::gda::risk`]) use them without the models importing those back.
//!
//! **Two classes** ([`Classifier`]). A model is summarised by its log-odds
//! z(x) = log p(y=1|x) / p(y=0|x), from which p(y=1|x) = σ(z(x)) and the decision
//! "1 when z(x) > 0" follow.
//!
//! **k classes** ([`MultiClassifier`], 2 ≤ k ≤ [`MAX_CLASSES`]). A model gives one score
//! per class, sᶜ(x): the log joint density log p(x, y=c) = log φ_c + log p(x | y=c) for a
//! generative model, the logit wᶜ·x + bᶜ for softmax regression. Either way the posterior
//! is the softmax of the scores, taken as a max-shifted log-sum-exp,
//!
//! p(y=c|x) = exp(sᶜ − s*) / Σ_d exp(s^d − s*),  s* = max_d s^d,
//!
//! so no exponential overflows and the most probable class gets exactly e⁰ = 1 before the
//! division: the posteriors sum to 1 and are never NaN. The prediction is the class of
//! the largest score, ties going to the smaller class index (as ties go to class 0 with
//! two classes).
//!
//! Far from the data a quadratic score can overflow (|x| beyond ~10¹⁵⁰). A model then
//! reports its scores *scaled*: values tᶜ and a scale s > 0 with sᶜ = tᶜ/s, all tᶜ finite
//! ([`MultiClassifier::scaled_scores`]), and the posterior is computed as
//! exp((tᶜ − t*)/s): the differences stay finite, and dividing them by a tiny s sends
//! every class but the winner to exactly 0, which is the model's verdict made extreme.

use crate::error::{Error, Result};
use crate::stats::sigmoid;

/// The most classes a k-class model takes (labels 0 to 4).
pub const MAX_CLASSES: usize = 5;

/// A fitted two-class model on 2-D points, seen through its log-odds.
///
/// Implementations must return a log-odds that is finite or ±∞, never NaN, for every
/// finite x (far from the data a quadratic log-odds may overflow to ±∞; that is the
/// model's verdict, made extreme).
pub trait Classifier {
    /// z(x) = log p(y=1|x) / p(y=0|x).
    fn log_odds(&self, x: [f64; 2]) -> f64;

    /// p(y=1|x) = σ(z(x)), evaluated without overflow and always in [0, 1]. Where the
    /// log-odds is undefined (only possible for a non-finite x) it returns ½.
    fn posterior(&self, x: [f64; 2]) -> f64 {
        let z = self.log_odds(x);
        if z.is_nan() {
            0.5
        } else {
            sigmoid(z)
        }
    }

    /// The predicted class: 1 when z(x) > 0; ties (z = 0) go to class 0.
    fn predict(&self, x: [f64; 2]) -> u8 {
        u8::from(self.log_odds(x) > 0.0)
    }

    /// The class prior φ = p(y=1) the model was fitted with, for a generative model; `None`
    /// for a discriminative one (logistic regression models p(y|x) and has no prior).
    fn class_prior(&self) -> Option<f64> {
        None
    }
}

impl<C: Classifier + ?Sized> Classifier for &C {
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        (**self).log_odds(x)
    }
    fn posterior(&self, x: [f64; 2]) -> f64 {
        (**self).posterior(x)
    }
    fn predict(&self, x: [f64; 2]) -> u8 {
        (**self).predict(x)
    }
    fn class_prior(&self) -> Option<f64> {
        (**self).class_prior()
    }
}

/// A fitted model of k classes on 2-D points, seen through its per-class scores.
pub trait MultiClassifier {
    /// k, the number of classes (labels 0 to k − 1).
    fn classes(&self) -> usize;

    /// The scores as (t, s): sᶜ(x) = tᶜ/s with s > 0 and no tᶜ NaN for a finite x (s = 1
    /// unless quadratic scores overflow far from the data; a linear score may overflow to
    /// ±∞ instead). For a non-finite x the values may be NaN; [`posteriors_from_scaled`]
    /// still gives no NaN.
    fn scaled_scores(&self, x: [f64; 2]) -> (Vec<f64>, f64);

    /// [`MultiClassifier::scaled_scores`] written into `out` (k values), returning the
    /// scale: the same numbers without allocating (a region map asks for thousands).
    fn scaled_scores_into(&self, x: [f64; 2], out: &mut [f64]) -> f64 {
        let (t, s) = self.scaled_scores(x);
        out.copy_from_slice(&t);
        s
    }

    /// The scores sᶜ(x): log p(x, y=c) for a generative model, the logits for softmax
    /// regression. Finite or −∞ far from the data; never NaN for a finite x.
    fn scores(&self, x: [f64; 2]) -> Vec<f64> {
        let (t, s) = self.scaled_scores(x);
        t.into_iter().map(|v| if v.is_nan() { f64::NEG_INFINITY } else { v / s }).collect()
    }

    /// p(y=c|x) for c = 0..k: the max-shifted softmax of the scores; sums to 1, never NaN.
    fn posteriors(&self, x: [f64; 2]) -> Vec<f64> {
        let (t, s) = self.scaled_scores(x);
        posteriors_from_scaled(&t, s)
    }

    /// The class with the largest score; ties go to the smaller class index.
    fn predict_class(&self, x: [f64; 2]) -> usize {
        argmax(&self.scaled_scores(x).0)
    }
}

impl<C: MultiClassifier + ?Sized> MultiClassifier for &C {
    fn classes(&self) -> usize {
        (**self).classes()
    }
    fn scaled_scores(&self, x: [f64; 2]) -> (Vec<f64>, f64) {
        (**self).scaled_scores(x)
    }
    fn scaled_scores_into(&self, x: [f64; 2], out: &mut [f64]) -> f64 {
        (**self).scaled_scores_into(x, out)
    }
}

/// The index of the largest value, ties to the smaller index; NaN values never win. 0 for
/// an empty slice or one of NaNs only.
pub fn argmax(values: &[f64]) -> usize {
    let mut best = 0;
    let mut best_value = f64::NEG_INFINITY;
    for (c, &v) in values.iter().enumerate() {
        if v > best_value {
            best = c;
            best_value = v;
        }
    }
    best
}

/// The softmax of the scores tᶜ/s, max-shifted: exp((tᶜ − t*)/s) normalised, t* the
/// largest (see the module documentation). NaN scores count as −∞; when the largest score
/// is +∞ the classes scoring +∞ share the probability; when every score is −∞ (no class
/// has any evidence) the posterior is uniform. Empty for an empty slice.
pub fn posteriors_from_scaled(t: &[f64], s: f64) -> Vec<f64> {
    let t: Vec<f64> = t.iter().map(|&v| if v.is_nan() { f64::NEG_INFINITY } else { v }).collect();
    let max = t.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = if max == f64::INFINITY {
        t.iter().map(|&v| f64::from(u8::from(v == f64::INFINITY))).collect()
    } else if max == f64::NEG_INFINITY {
        vec![1.0; t.len()]
    } else {
        let s = if s > 0.0 { s } else { 1.0 };
        t.iter().map(|&v| ((v - max) / s).exp()).collect()
    };
    let total: f64 = weights.iter().sum();
    weights.into_iter().map(|w| w / total).collect()
}

/// log p(y|x) from the log-odds z: log σ(z) for y = 1, log σ(−z) = log(1 − σ(z)) for y = 0,
/// both as −softplus(∓z) so that neither underflows to log 0 before it must.
pub fn log_prob_of_label(z: f64, y: u8) -> f64 {
    let s = if y == 1 { -z } else { z };
    -softplus(s)
}

/// softplus(s) = log(1 + eˢ), stable for every s: max(s, 0) + log1p(e^−|s|).
pub(crate) fn softplus(s: f64) -> f64 {
    if s == f64::INFINITY {
        return f64::INFINITY;
    }
    if s == f64::NEG_INFINITY {
        return 0.0;
    }
    s.max(0.0) + (-s.abs()).exp().ln_1p()
}

/// Checks the inputs every fit shares and counts the points per class: equal lengths,
/// labels 0/1, finite coordinates. Empty classes are left to the caller.
pub(crate) fn check_points(points: &[[f64; 2]], labels: &[u8]) -> Result<[usize; 2]> {
    if points.len() != labels.len() {
        return Err(Error::LengthMismatch { points: points.len(), labels: labels.len() });
    }
    let mut counts = [0usize; 2];
    for (index, (p, &label)) in points.iter().zip(labels).enumerate() {
        if label > 1 {
            return Err(Error::BadLabel { index, label, max: 1 });
        }
        if !(p[0].is_finite() && p[1].is_finite()) {
            return Err(Error::NonFinite { index });
        }
        counts[label as usize] += 1;
    }
    Ok(counts)
}

/// As [`check_points`], and an [`Error::EmptyClass`] when a class has no points.
pub(crate) fn check_two_classes(points: &[[f64; 2]], labels: &[u8]) -> Result<[usize; 2]> {
    let counts = check_points(points, labels)?;
    for (class, &n) in counts.iter().enumerate() {
        if n == 0 {
            return Err(Error::EmptyClass { class: class as u8 });
        }
    }
    Ok(counts)
}

/// Checks the inputs of a k-class fit and counts the points per class: equal lengths
/// ([`Error::LengthMismatch`]), labels below [`MAX_CLASSES`] ([`Error::BadLabel`]) and
/// finite coordinates ([`Error::NonFinite`]), the first offending point reported; then
/// k = 1 + the largest label, which must be at least 2 with every class 0..k present
/// ([`Error::EmptyClass`] names the first empty class; with one class only, class 1).
pub(crate) fn check_classes(points: &[[f64; 2]], labels: &[u8]) -> Result<Vec<usize>> {
    if points.len() != labels.len() {
        return Err(Error::LengthMismatch { points: points.len(), labels: labels.len() });
    }
    let mut counts = [0usize; MAX_CLASSES];
    for (index, (p, &label)) in points.iter().zip(labels).enumerate() {
        if usize::from(label) >= MAX_CLASSES {
            return Err(Error::BadLabel { index, label, max: (MAX_CLASSES - 1) as u8 });
        }
        if !(p[0].is_finite() && p[1].is_finite()) {
            return Err(Error::NonFinite { index });
        }
        counts[usize::from(label)] += 1;
    }
    let k = (labels.iter().copied().max().map_or(0, usize::from) + 1).max(2);
    if let Some(class) = counts[..k].iter().position(|&n| n == 0) {
        return Err(Error::EmptyClass { class: class as u8 });
    }
    Ok(counts[..k].to_vec())
}

/// w·x + b, never NaN for a finite x.
///
/// The direct sum is used whenever it is not NaN (so ordinary points get the plain
/// formula, bit for bit). It is NaN only when w₁x₁ and w₂x₂ overflow to infinities of
/// opposite signs; then the same sum is taken with x and b scaled by a power of two
/// (exactly) and scaled back, which gives the true value or the infinity it overflows to.
pub(crate) fn affine(w: [f64; 2], b: f64, x: [f64; 2]) -> f64 {
    let z = w[0] * x[0] + w[1] * x[1] + b;
    if !(z.is_nan() && x[0].is_finite() && x[1].is_finite()) {
        return z;
    }
    let k = pow2_scale(x[0].abs().max(x[1].abs()));
    unscale(w[0] * (x[0] * k) + w[1] * (x[1] * k) + b * k, k)
}

/// A power of two k = 2⁻ᵉ with m·k ≤ ½ (at most 4 for m near f64::MAX, where e stops at
/// 1022 to keep k a normal number), for exact rescaling; 1 when m ≤ 1.
pub(crate) fn pow2_scale(m: f64) -> f64 {
    if !(m > 1.0 && m.is_finite()) {
        return 1.0;
    }
    let e = (m.log2().ceil() as u64 + 1).min(1022);
    // The bits of 2⁻ᵉ: biased exponent 1023 − e, zero mantissa.
    f64::from_bits((1023 - e) << 52)
}

/// Undoes a rescaling by k: zs / k, which is exact or overflows to the right infinity. A
/// NaN that even the rescaled sum could not avoid becomes 0 (the model has no opinion).
pub(crate) fn unscale(zs: f64, k: f64) -> f64 {
    if zs.is_nan() {
        0.0
    } else {
        zs / k
    }
}
