//! The Bayes decision rule: priors and losses move the boundary.
//!
//! **Losses.** λᵢⱼ is the loss of deciding class i when the truth is class j (λ₀₀ = λ₁₁ = 0,
//! right answers cost nothing). So λ₀₁ is the cost of deciding 0 when the truth is 1 (a
//! missed positive) and λ₁₀ of deciding 1 when the truth is 0 (a false alarm). The
//! conditional risks of the two decisions at x are
//!
//! R(0|x) = λ₀₁ p(1|x),  R(1|x) = λ₁₀ p(0|x),
//!
//! and the Bayes rule takes the smaller: decide 1 when λ₁₀ p(0|x) < λ₀₁ p(1|x), that is when
//!
//! z(x) = log p(1|x)/p(0|x) > log(λ₁₀/λ₀₁)  ([`LossMatrix::threshold`]),
//!
//! ties going to class 0. For a linear model the boundary w·x + b = 0 moves to
//! w·x + b = log(λ₁₀/λ₀₁): parallel, moved by log(λ₁₀/λ₀₁)/‖w‖ along w (toward
//! class 1 when λ₁₀ > λ₀₁). With
//! λ₀₁ = λ₁₀ it is the 0–1-loss rule "decide the more probable class".
//!
//! **Priors.** A generative model's log-odds is log p(x|1)/p(x|0) + log(φ/(1 − φ)), so
//! replacing the fitted prior φ by φ′ adds log(φ′/(1 − φ′)) − log(φ/(1 − φ)) to it
//! ([`WithPrior`]); for GDA, b′ = b − log(φ/(1 − φ)) + log(φ′/(1 − φ′)) ([`gda_with_prior`]).
//! Logistic regression has no fitted φ for [`WithPrior`] to replace (its intercept absorbs
//! the training prior's log-odds; the correction b′ = b + logit φ′ − logit φ_train would
//! need φ_train, which the panel does not apply).
//!
//! **Risk on a sample.** With decisions δ(xᵢ) by the rule, the empirical risk is the mean
//! loss actually incurred, (1/m) Σᵢ λ_{δ(xᵢ) yᵢ}; the model's own estimate of it is the
//! mean conditional risk of the decisions taken, (1/m) Σᵢ min(R(0|xᵢ), R(1|xᵢ)).

use serde::Serialize;

use crate::error::{describe, Error, Result};
use crate::gda::classifier::{check_points, Classifier};
use crate::gda::Gda;
use crate::stats::metrics::Confusion;
use crate::stats::sigmoid;

/// The losses of the two wrong decisions; right decisions cost 0.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LossMatrix {
    lambda01: f64,
    lambda10: f64,
}

impl LossMatrix {
    /// λ₀₁ (decide 0, truth 1) and λ₁₀ (decide 1, truth 0), both positive and finite.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] naming the loss that is not a positive finite number.
    pub fn new(lambda01: f64, lambda10: f64) -> Result<LossMatrix> {
        for (name, value) in [("λ₀₁", lambda01), ("λ₁₀", lambda10)] {
            if !(value.is_finite() && value > 0.0) {
                return Err(Error::InvalidParameter {
                    name,
                    value: describe(value),
                    rule: "a loss must be a positive finite number",
                });
            }
        }
        Ok(LossMatrix { lambda01, lambda10 })
    }

    /// The 0–1 loss, λ₀₁ = λ₁₀ = 1: decide the more probable class.
    pub fn zero_one() -> LossMatrix {
        LossMatrix { lambda01: 1.0, lambda10: 1.0 }
    }

    /// λ₀₁, the loss of deciding 0 when the truth is 1.
    pub fn lambda01(&self) -> f64 {
        self.lambda01
    }

    /// λ₁₀, the loss of deciding 1 when the truth is 0.
    pub fn lambda10(&self) -> f64 {
        self.lambda10
    }

    /// λ_{decision, truth}: 0 when they agree.
    pub fn loss(&self, decision: u8, truth: u8) -> f64 {
        match (decision != 0, truth != 0) {
            (false, true) => self.lambda01,
            (true, false) => self.lambda10,
            _ => 0.0,
        }
    }

    /// log(λ₁₀/λ₀₁), the log-odds the Bayes rule needs to decide 1 (computed as a
    /// difference of logarithms, so the ratio cannot overflow).
    pub fn threshold(&self) -> f64 {
        self.lambda10.ln() - self.lambda01.ln()
    }

    /// The threshold as a posterior: decide 1 when p(1|x) > λ₁₀/(λ₀₁ + λ₁₀).
    pub fn posterior_threshold(&self) -> f64 {
        sigmoid(self.threshold())
    }

    /// [R(0|x), R(1|x)] = [λ₀₁ p(1|x), λ₁₀ p(0|x)] at the log-odds z = z(x).
    ///
    /// p(0|x) is taken as σ(−z), not 1 − σ(z), so that a tiny risk keeps its digits.
    pub fn conditional_risks(&self, z: f64) -> [f64; 2] {
        let (p1, p0) = if z.is_nan() { (0.5, 0.5) } else { (sigmoid(z), sigmoid(-z)) };
        [self.lambda01 * p1, self.lambda10 * p0]
    }

    /// The Bayes decision at log-odds z: 1 when z > log(λ₁₀/λ₀₁), ties (and NaN) to 0.
    pub fn decide(&self, z: f64) -> u8 {
        u8::from(z > self.threshold())
    }
}

impl Default for LossMatrix {
    fn default() -> Self {
        LossMatrix::zero_one()
    }
}

/// log(φ/(1 − φ)) for a prior φ in (0, 1).
///
/// # Errors
/// [`Error::InvalidParameter`] unless 0 < φ < 1 (at 0 or 1 one class could never be
/// predicted, whatever the data say).
pub fn prior_log_odds(phi: f64) -> Result<f64> {
    if !(phi > 0.0 && phi < 1.0) {
        return Err(Error::InvalidParameter {
            name: "φ",
            value: describe(phi),
            rule: "a prior must lie strictly between 0 and 1",
        });
    }
    // ln φ − ln(1 − φ), the latter as ln_1p(−φ) to keep digits for small φ.
    Ok(phi.ln() - (-phi).ln_1p())
}

/// GDA's (w, b′) under the prior φ′ instead of the fitted φ:
/// b′ = b − log(φ/(1 − φ)) + log(φ′/(1 − φ′)), w unchanged.
///
/// # Errors
/// [`Error::InvalidParameter`] unless 0 < φ′ < 1.
pub fn gda_with_prior(gda: &Gda, phi_new: f64) -> Result<([f64; 2], f64)> {
    let shift = prior_log_odds(phi_new)? - fitted_prior_log_odds(gda.counts());
    let (w, b) = gda.log_odds_coefficients();
    Ok((w, b + shift))
}

/// log(φ/(1 − φ)) of a maximum-likelihood prior, as log m₁ − log m₀ (exact for the ratio).
fn fitted_prior_log_odds(counts: [usize; 2]) -> f64 {
    (counts[1] as f64).ln() - (counts[0] as f64).ln()
}

/// A generative model with its prior replaced: z′(x) = z(x) − log(φ/(1 − φ)) + log(φ′/(1 − φ′)).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WithPrior<C> {
    model: C,
    phi: f64,
    shift: f64,
}

impl<C: Classifier> WithPrior<C> {
    /// `model` with prior φ′ = `phi` instead of its fitted one.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] unless 0 < φ′ < 1, or when the model has no class prior
    /// (logistic regression).
    pub fn new(model: C, phi: f64) -> Result<WithPrior<C>> {
        let new = prior_log_odds(phi)?;
        let Some(fitted) = model.class_prior() else {
            return Err(Error::InvalidParameter {
                name: "φ",
                value: describe(phi),
                rule: "logistic regression has no fitted class prior φ to replace: its intercept absorbs the training prior",
            });
        };
        let old = prior_log_odds(fitted)?;
        Ok(WithPrior { model, phi, shift: new - old })
    }

    /// The model underneath.
    pub fn model(&self) -> &C {
        &self.model
    }

    /// The log-odds added: log(φ′/(1 − φ′)) − log(φ/(1 − φ)).
    pub fn shift(&self) -> f64 {
        self.shift
    }
}

impl<C: Classifier> Classifier for WithPrior<C> {
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        // A saturated z keeps its infinity; a finite shift cannot make ±∞ into NaN.
        self.model.log_odds(x) + self.shift
    }

    fn class_prior(&self) -> Option<f64> {
        Some(self.phi)
    }
}

/// The Bayes rule of a loss matrix applied to a model: its log-odds shifted by the
/// threshold, so that the rule's boundary is this classifier's `log_odds = 0` (and
/// [`Classifier::predict`] is the Bayes decision). Its `posterior` is *not* a probability
/// of the class any more; use the model's own for that.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BayesRule<C> {
    model: C,
    loss: LossMatrix,
}

impl<C: Classifier> BayesRule<C> {
    /// The Bayes rule of `loss` on `model`.
    pub fn new(model: C, loss: LossMatrix) -> BayesRule<C> {
        BayesRule { model, loss }
    }

    /// The model underneath.
    pub fn model(&self) -> &C {
        &self.model
    }

    /// The loss matrix.
    pub fn loss(&self) -> LossMatrix {
        self.loss
    }

    /// [R(0|x), R(1|x)] at x.
    pub fn conditional_risks(&self, x: [f64; 2]) -> [f64; 2] {
        self.loss.conditional_risks(self.model.log_odds(x))
    }

    /// The decision at x: 1 when z(x) > log(λ₁₀/λ₀₁), ties to 0.
    pub fn decide(&self, x: [f64; 2]) -> u8 {
        self.loss.decide(self.model.log_odds(x))
    }

    /// The risks of the rule on labelled points.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`], [`Error::BadLabel`], [`Error::NonFinite`], and
    /// [`Error::EmptyData`] when there are no points.
    pub fn risk_on(&self, points: &[[f64; 2]], labels: &[u8]) -> Result<RiskReport> {
        check_points(points, labels)?;
        if points.is_empty() {
            return Err(Error::EmptyData(crate::message::Message::new(&crate::message::codes::RISK_NO_POINTS)));
        }
        let mut pairs = Vec::with_capacity(points.len());
        let (mut incurred, mut expected) = (0.0f64, 0.0f64);
        for (&x, &y) in points.iter().zip(labels) {
            let z = self.model.log_odds(x);
            let decision = self.loss.decide(z);
            incurred += self.loss.loss(decision, y);
            expected += self.loss.conditional_risks(z)[decision as usize];
            pairs.push((y, decision));
        }
        let m = points.len() as f64;
        Ok(RiskReport {
            empirical_risk: incurred / m,
            expected_risk: expected / m,
            confusion: Confusion::from_pairs(pairs),
        })
    }
}

impl<C: Classifier> Classifier for BayesRule<C> {
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        self.model.log_odds(x) - self.loss.threshold()
    }

    fn class_prior(&self) -> Option<f64> {
        self.model.class_prior()
    }
}

/// The risks of a decision rule on a labelled sample.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RiskReport {
    /// (1/m) Σᵢ λ_{δ(xᵢ) yᵢ}: the mean loss the decisions actually incur.
    pub empirical_risk: f64,
    /// (1/m) Σᵢ R(δ(xᵢ)|xᵢ): the mean loss the model expects of its own decisions (the
    /// Bayes risk estimate when the model is right).
    pub expected_risk: f64,
    /// The decisions against the truth.
    pub confusion: Confusion,
}
