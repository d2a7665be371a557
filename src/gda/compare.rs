//! Generative versus discriminative: one interface for every two-class model on the plane.
//!
//! Each model here is summarised by its log-odds
//!
//! z(x) = log p(y=1|x) / p(y=0|x),
//!
//! from which p(y=1|x) = σ(z(x)) and the decision "1 when z(x) > 0" follow ([`Classifier`]).
//! GDA and logistic regression have a linear z (wᵀx + b); QDA and Gaussian naive Bayes a
//! quadratic one (xᵀAx + bᵀx + c).
//!
//! The [`TrainingReport`] scores a model on its own training points: accuracy, the
//! confusion matrix, and the conditional log-likelihood of the labels
//! ℓ = Σᵢ log p(yᵢ|xᵢ) — the quantity logistic regression maximises, and which a generative
//! model (fitted to maximise the *joint* likelihood Σᵢ log p(xᵢ, yᵢ)) scores lower or equal
//! on the same points, the heart of the generative/discriminative comparison.

use serde::Serialize;

use crate::error::{Error, Result};
use crate::gda::gnb::{GaussianNb, NbVariance};
use crate::gda::logistic::LogisticRegression;
use crate::gda::qda::Qda;
use crate::gda::Gda;
use crate::stats::metrics::Confusion;
use crate::stats::sigmoid;

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

impl Classifier for Gda {
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        let (w, b) = self.log_odds_coefficients();
        affine(w, b, x)
    }

    fn class_prior(&self) -> Option<f64> {
        Some(self.phi())
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

/// How a model did on its own training points.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TrainingReport {
    /// (TP + TN) / m, with class 1 the positive class and ties predicted as class 0.
    pub accuracy: f64,
    /// The confusion matrix of the predictions.
    pub confusion: Confusion,
    /// ℓ = Σᵢ log p(yᵢ|xᵢ) under the model's posterior (≤ 0); `None` when it is −∞ (some
    /// training point gets probability 0 for its own label: its log-odds saturated at ∓∞).
    pub log_likelihood: Option<f64>,
}

impl TrainingReport {
    /// Scores `model` on `points` with their true `labels`.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`], [`Error::BadLabel`], [`Error::NonFinite`] as for a fit,
    /// and [`Error::EmptyData`] when there are no points.
    pub fn evaluate<C: Classifier + ?Sized>(model: &C, points: &[[f64; 2]], labels: &[u8]) -> Result<TrainingReport> {
        check_points(points, labels)?;
        if points.is_empty() {
            return Err(Error::EmptyData("There are no points to score the model on.".into()));
        }
        let mut pairs = Vec::with_capacity(points.len());
        let mut log_likelihood = 0.0f64;
        for (&x, &y) in points.iter().zip(labels) {
            let z = model.log_odds(x);
            pairs.push((y, u8::from(z > 0.0)));
            log_likelihood += log_prob_of_label(z, y);
        }
        let confusion = Confusion::from_pairs(pairs);
        let accuracy = (confusion.tp + confusion.tn) as f64 / points.len() as f64;
        let log_likelihood = (log_likelihood > f64::NEG_INFINITY).then_some(log_likelihood);
        Ok(TrainingReport { accuracy, confusion, log_likelihood })
    }
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

/// Which model to fit, with its settings: the menu of the comparison panel.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum ModelSpec {
    /// GDA with a shared covariance ([`Gda::fit`]).
    Gda,
    /// Logistic regression with L2 strength λ ≥ 0 ([`LogisticRegression::fit`]).
    Logistic {
        /// λ in −Σ log p(yᵢ|xᵢ) + (λ/2)‖w‖².
        lambda: f64,
    },
    /// QDA, a covariance per class ([`Qda::fit`]).
    Qda,
    /// Gaussian naive Bayes ([`GaussianNb::fit`]).
    GaussianNb {
        /// Per-class or shared diagonal variances.
        variance: NbVariance,
        /// scikit-learn's `var_smoothing` (default 1e-9).
        var_smoothing: f64,
    },
}

impl ModelSpec {
    /// Fits the chosen model.
    ///
    /// # Errors
    /// Those of the chosen model's `fit`.
    pub fn fit(&self, points: &[[f64; 2]], labels: &[u8]) -> Result<Model> {
        Ok(match *self {
            ModelSpec::Gda => Model::Gda(Gda::fit(points, labels)?),
            ModelSpec::Logistic { lambda } => Model::Logistic(LogisticRegression::fit(points, labels, lambda)?),
            ModelSpec::Qda => Model::Qda(Qda::fit(points, labels)?),
            ModelSpec::GaussianNb { variance, var_smoothing } => {
                Model::GaussianNb(GaussianNb::fit(points, labels, variance, var_smoothing)?)
            }
        })
    }

    /// A short stable identifier (for the UI and URLs): `gda`, `logistic`, `qda`, `gnb`.
    pub fn id(&self) -> &'static str {
        match self {
            ModelSpec::Gda => "gda",
            ModelSpec::Logistic { .. } => "logistic",
            ModelSpec::Qda => "qda",
            ModelSpec::GaussianNb { .. } => "gnb",
        }
    }
}

/// Any fitted model of this module, so that a panel can hold "the current model".
#[derive(Debug, Clone, PartialEq)]
pub enum Model {
    /// GDA, shared covariance.
    Gda(Gda),
    /// Logistic regression.
    Logistic(LogisticRegression),
    /// QDA.
    Qda(Qda),
    /// Gaussian naive Bayes.
    GaussianNb(GaussianNb),
}

impl Model {
    /// The log-odds w·x + b of a linear model (GDA with its shared Σ, logistic
    /// regression) as (w, b); `None` for the quadratic ones.
    pub fn linear_log_odds(&self) -> Option<([f64; 2], f64)> {
        match self {
            Model::Gda(g) => Some(g.log_odds_coefficients()),
            Model::Logistic(l) => Some(l.log_odds_coefficients()),
            Model::Qda(_) | Model::GaussianNb(_) => None,
        }
    }
}

impl Classifier for Model {
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        match self {
            Model::Gda(m) => Classifier::log_odds(m, x),
            Model::Logistic(m) => m.log_odds(x),
            Model::Qda(m) => m.log_odds(x),
            Model::GaussianNb(m) => m.log_odds(x),
        }
    }

    fn class_prior(&self) -> Option<f64> {
        match self {
            Model::Gda(m) => Classifier::class_prior(m),
            Model::Logistic(m) => m.class_prior(),
            Model::Qda(m) => m.class_prior(),
            Model::GaussianNb(m) => m.class_prior(),
        }
    }
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
            return Err(Error::BadLabel { index, label });
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
