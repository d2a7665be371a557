//! Smoothing as a prior belief: the Bayesian view of the pseudo-counts.
//!
//! Laplace (α = 1) and Lidstone (α ≥ 0) smoothing are posterior means under conjugate
//! priors. For the Bernoulli event model, each p_cw = P(word w present | class c) gets a
//! Beta(β₁, β₀) prior: β₁ pseudo-messages that contain the word and β₀ that do not. After
//! seeing d_cw of N_c class-c messages contain w, the posterior is
//! Beta(d_cw + β₁, N_c − d_cw + β₀), whose mean is
//!
//! p̄_cw = (d_cw + β₁) / (N_c + β₀ + β₁),   1 − p̄_cw = (N_c − d_cw + β₀) / (N_c + β₀ + β₁).
//!
//! The class prior π = (π_ham, π_spam) gets a Dirichlet(α_ham, α_spam) prior, with posterior
//! mean π̄_c = (N_c + α_c) / (N + α₀), α₀ = Σ_c α_c.
//!
//! One α everywhere (β₁ = β₀ = α, α_c = α) is exactly the α-smoothing of the rest of the
//! module: (d_cw + α)/(N_c + 2α) and (N_c + α)/(N + 2α); β₁ = β₀ = 1 is Laplace. The
//! multinomial model's word distribution is the posterior mean under a *symmetric*
//! Dirichlet(α, …, α) over the vocabulary, so α remains its pseudo-count in both modes.
//!
//! A Beta(β₁, β₀) prior believes, before any data, that the word is present with
//! probability β₁/(β₀ + β₁) (its mean), held with the weight of β₀ + β₁ messages (its
//! strength): [`describe_beta_prior`] puts that in numbers and a sentence.

use serde::Serialize;

use crate::error::{describe, Error, Result};

/// How the pseudo-counts of a [`super::NaiveBayes`] model are chosen.
///
/// Serialized with a `kind` tag: `{"kind": "lidstone"}` or
/// `{"kind": "bayesian", "beta1": …, "beta0": …, "alpha_class": [α_ham, α_spam]}`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Smoothing {
    /// One α for every pseudo-count (the default): β₁ = β₀ = α and α_ham = α_spam = α, and
    /// `set_alpha` moves them all.
    Lidstone,
    /// Separate pseudo-counts for the Bernoulli words (β₁, β₀) and for the smoothed class
    /// prior (α_ham, α_spam). α then only smooths the multinomial model's words.
    Bayesian(PseudoCounts),
}

/// The pseudo-counts of the Bayesian view (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PseudoCounts {
    /// β₁: imagined messages of each class that *contain* the word (Bernoulli model).
    pub beta1: f64,
    /// β₀: imagined messages of each class that *lack* the word (Bernoulli model).
    pub beta0: f64,
    /// [α_ham, α_spam]: imagined messages of each class, for the smoothed class prior
    /// (N_c + α_c)/(N + α₀).
    pub alpha_class: [f64; 2],
}

impl PseudoCounts {
    /// Every pseudo-count equal to `alpha`: the α-smoothing of the rest of the module.
    pub fn uniform(alpha: f64) -> PseudoCounts {
        PseudoCounts { beta1: alpha, beta0: alpha, alpha_class: [alpha, alpha] }
    }

    /// Checks every pseudo-count is a finite number ≥ 0.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] naming the first pseudo-count that is negative, NaN or
    /// infinite.
    pub fn validate(&self) -> Result<()> {
        let checks: [(&'static str, f64); 4] =
            [("β₁", self.beta1), ("β₀", self.beta0), ("α_ham", self.alpha_class[0]), ("α_spam", self.alpha_class[1])];
        for (name, value) in checks {
            if !(value.is_finite() && value >= 0.0) {
                return Err(Error::InvalidParameter {
                    name,
                    value: describe(value),
                    rule: "a pseudo-count is a number of imagined messages: a finite number ≥ 0",
                });
            }
        }
        Ok(())
    }

    /// α₀ = α_ham + α_spam, the strength of the Dirichlet prior on the classes.
    pub fn alpha0(&self) -> f64 {
        self.alpha_class[0] + self.alpha_class[1]
    }
}

impl Smoothing {
    /// [`Smoothing::Bayesian`] with these pseudo-counts, checked.
    ///
    /// # Errors
    /// As [`PseudoCounts::validate`].
    pub fn bayesian(beta1: f64, beta0: f64, alpha_ham: f64, alpha_spam: f64) -> Result<Smoothing> {
        let p = PseudoCounts { beta1, beta0, alpha_class: [alpha_ham, alpha_spam] };
        p.validate()?;
        Ok(Smoothing::Bayesian(p))
    }

    /// The pseudo-counts in force when the model's α is `alpha`.
    pub fn pseudo_counts(&self, alpha: f64) -> PseudoCounts {
        match self {
            Smoothing::Lidstone => PseudoCounts::uniform(alpha),
            Smoothing::Bayesian(p) => *p,
        }
    }

    /// Checks the pseudo-counts of [`Smoothing::Bayesian`] (always fine for
    /// [`Smoothing::Lidstone`]).
    ///
    /// # Errors
    /// As [`PseudoCounts::validate`].
    pub fn validate(&self) -> Result<()> {
        match self {
            Smoothing::Lidstone => Ok(()),
            Smoothing::Bayesian(p) => p.validate(),
        }
    }
}

/// What a Beta(β₁, β₀) prior believes, for the panel to print beside the sliders.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BetaPriorSummary {
    /// β₁, pseudo-messages with the word.
    pub beta1: f64,
    /// β₀, pseudo-messages without it.
    pub beta0: f64,
    /// The prior mean β₁/(β₀ + β₁): the belief about P(word present) before any data;
    /// `None` when β₀ + β₁ = 0 (no prior belief at all: maximum likelihood).
    pub mean: Option<f64>,
    /// β₀ + β₁: how many messages the belief is worth.
    pub strength: f64,
    /// The same in one English sentence.
    pub sentence: String,
}

/// The strength of a Beta or Dirichlet prior, a + b, refused when it overflows: its mean
/// a/(a + b) would read 0 for a symmetric prior and the sentence “worth inf”.
fn finite_strength(name: &'static str, a: f64, b: f64) -> Result<f64> {
    let strength = a + b;
    if strength.is_finite() {
        Ok(strength)
    } else {
        Err(Error::InvalidParameter {
            name,
            value: describe(strength),
            rule: "the pseudo-counts must add up to a finite number",
        })
    }
}

/// Describes the Beta(β₁, β₀) prior on a word's presence probability: its mean
/// β₁/(β₀ + β₁) and its strength β₀ + β₁ in pseudo-messages.
///
/// # Errors
/// [`Error::InvalidParameter`] when β₁ or β₀ is negative, NaN or infinite, or their sum
/// overflows.
pub fn describe_beta_prior(beta1: f64, beta0: f64) -> Result<BetaPriorSummary> {
    PseudoCounts { beta1, beta0, alpha_class: [0.0, 0.0] }.validate()?;
    let strength = finite_strength("β₁ + β₀", beta1, beta0)?;
    let mean = (strength > 0.0).then(|| beta1 / strength);
    let sentence = match mean {
        None => "β₁ = β₀ = 0: no prior belief at all, so every word probability is the raw \
                 frequency d_cw/N_c (maximum likelihood), and a word missing from a class gets \
                 probability 0."
            .to_string(),
        Some(m) => format!(
            "Beta({beta1}, {beta0}): before seeing any message, the model believes a word is \
             present with probability {beta1}/({beta1} + {beta0}) = {}, a belief worth {strength} \
             pseudo-message(s) ({beta1} with the word, {beta0} without) added to the N_c real \
             messages of each class.",
            round4(m)
        ),
    };
    Ok(BetaPriorSummary { beta1, beta0, mean, strength, sentence })
}

/// Describes the Dirichlet(α_ham, α_spam) prior on the class probabilities: the same
/// numbers as [`describe_beta_prior`] for P(spam) (a Beta(α_spam, α_ham)), with a sentence
/// about classes.
///
/// # Errors
/// [`Error::InvalidParameter`] when α_ham or α_spam is negative, NaN or infinite, or their
/// sum overflows.
pub fn describe_class_prior(alpha_ham: f64, alpha_spam: f64) -> Result<BetaPriorSummary> {
    PseudoCounts { beta1: 0.0, beta0: 0.0, alpha_class: [alpha_ham, alpha_spam] }.validate()?;
    let strength = finite_strength("α_ham + α_spam", alpha_ham, alpha_spam)?;
    let mean = (strength > 0.0).then(|| alpha_spam / strength);
    let sentence = match mean {
        None => "α_ham = α_spam = 0: no prior belief about the classes, so P(spam) is the \
                 share of spam in the training messages, N_spam/N."
            .to_string(),
        Some(m) => format!(
            "Dirichlet({alpha_ham}, {alpha_spam}): before seeing any message, P(spam) is \
             believed to be {alpha_spam}/({alpha_ham} + {alpha_spam}) = {}, a belief worth \
             {strength} pseudo-message(s) added to the N real ones.",
            round4(m)
        ),
    };
    Ok(BetaPriorSummary { beta1: alpha_spam, beta0: alpha_ham, mean, strength, sentence })
}

fn round4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}
