//! What the panel is set to show: the covariance model, the models beside GDA, the losses
//! and the prior override, and where its points come from.

use super::*;

/// The covariance the drawn model assumes: the bridge from GDA to QDA and naive Bayes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Covariance {
    /// One Σ shared by both classes: GDA (LDA), a straight boundary.
    Shared,
    /// One Σ per class: QDA, a conic boundary.
    PerClass,
    /// Diagonal Σ per class: Gaussian naive Bayes.
    DiagonalPerClass,
    /// One diagonal Σ shared: Gaussian naive Bayes with a straight boundary.
    DiagonalShared,
}

impl Covariance {
    /// The comparison model to fit besides GDA, or `None` for GDA itself.
    pub fn spec(self) -> Option<ModelSpec> {
        match self {
            Covariance::Shared => None,
            Covariance::PerClass => Some(ModelSpec::Qda),
            Covariance::DiagonalPerClass => {
                Some(ModelSpec::GaussianNb { variance: NbVariance::PerClass, var_smoothing: DEFAULT_VAR_SMOOTHING })
            }
            Covariance::DiagonalShared => {
                Some(ModelSpec::GaussianNb { variance: NbVariance::Shared, var_smoothing: DEFAULT_VAR_SMOOTHING })
            }
        }
    }
}

/// What the panel fits and how it decides.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, serde::Deserialize)]
pub struct ModelSettings {
    /// The covariance assumption of the drawn model.
    pub covariance: Covariance,
    /// Whether logistic regression is fitted and overlaid.
    pub logistic: bool,
    /// Logistic regression's L2 strength λ ≥ 0.
    pub lambda: f64,
    /// A prior p(y = 1) that overrides the estimated φ, in (0, 1).
    pub prior: Option<f64>,
    /// λ₀₁: the loss of deciding 0 when the truth is 1.
    pub loss01: f64,
    /// λ₁₀: the loss of deciding 1 when the truth is 0.
    pub loss10: f64,
    /// Whether the posterior heat map is drawn.
    pub heat: bool,
}

impl Default for ModelSettings {
    fn default() -> Self {
        ModelSettings {
            covariance: Covariance::Shared,
            logistic: false,
            lambda: 0.0,
            prior: None,
            loss01: 1.0,
            loss10: 1.0,
            heat: false,
        }
    }
}

impl ModelSettings {
    /// Checks λ ≥ 0, the prior in (0, 1) and positive losses.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] naming the first setting out of range.
    pub fn validate(&self) -> Result<()> {
        if !(self.lambda.is_finite() && self.lambda >= 0.0 && self.lambda <= 1e6) {
            return Err(Error::InvalidParameter {
                name: "λ",
                value: describe(self.lambda),
                rule: "the L2 strength must be a number from 0 to 10⁶",
            });
        }
        if let Some(p) = self.prior {
            prior_log_odds(p)?;
        }
        self.loss().map(|_| ())
    }

    /// The loss matrix.
    ///
    /// # Errors
    /// A loss that is not positive and finite.
    pub fn loss(&self) -> Result<LossMatrix> {
        LossMatrix::new(self.loss01, self.loss10)
    }

    /// The Bayes decision threshold on the log-odds, log(λ₁₀/λ₀₁).
    pub fn threshold(&self) -> f64 {
        self.loss().map(|l| l.threshold()).unwrap_or(0.0)
    }
}

/// A model's log-odds moved by a constant (the prior override).
#[derive(Debug, Clone, PartialEq)]
pub struct Shifted {
    /// The model.
    pub model: Model,
    /// What is added to its log-odds.
    pub shift: f64,
}

impl Classifier for Shifted {
    fn log_odds(&self, x: [f64; 2]) -> f64 {
        self.model.log_odds(x) + self.shift
    }
}

/// Where the panel's points come from.
#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    /// k Gaussian clouds drawn from a seed.
    Generated(ClassesSpec),
    /// Fixed points: a real preset (`preset` names it) or points the user edited
    /// (`preset` is `None`); `offset[c]` is how far class c has been dragged (one per
    /// class).
    Fixed {
        /// The preset the points are, or `None` once the user has edited them.
        preset: Option<Preset>,
        /// Drag offsets per class.
        offset: Vec<Vec2>,
    },
}
