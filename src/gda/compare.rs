//! Generative versus discriminative: the menu of models ([`ModelSpec`]), the fitted model
//! a panel holds ([`Model`]) and how a model scores on its own training points.
//!
//! Every two-class model here is seen through its log-odds
//! z(x) = log p(y=1|x) / p(y=0|x) ([`Classifier`], defined in
//! [`crate::gda::classifier`] below the models). GDA and logistic regression have a linear
//! z (wᵀx + b); QDA and Gaussian naive Bayes a quadratic one (xᵀAx + bᵀx + c).
//!
//! The [`TrainingReport`] scores a model on its own training points: accuracy, the
//! confusion matrix, and the conditional log-likelihood of the labels
//! ℓ = Σᵢ log p(yᵢ|xᵢ) — the quantity logistic regression maximises. A generative model
//! fitted to maximise the *joint* likelihood Σᵢ log p(xᵢ, yᵢ) with the same (linear)
//! posterior family, GDA, scores lower or equal on the same points than *unpenalised*
//! logistic regression, the heart of the generative/discriminative comparison. It does not
//! hold across families (QDA or Gaussian NB can score higher than linear LR) nor against
//! the ridge fit.

use serde::Serialize;

use crate::error::{Error, Result};
use crate::gda::classifier::check_points;
use crate::gda::classifier::MultiClassifier;
pub use crate::gda::classifier::{log_prob_of_label, Classifier};
use crate::gda::gaussian_classes::{CovarianceModel, GaussianClasses};
use crate::gda::gnb::{GaussianNb, NbVariance};
use crate::gda::logistic::LogisticRegression;
use crate::gda::qda::Qda;
use crate::gda::softmax::SoftmaxRegression;
use crate::gda::Gda;
use crate::stats::metrics::Confusion;
use crate::stats::sigmoid;

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

/// Which model to fit, with its settings: the menu of the comparison panel.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum ModelSpec {
    /// GDA with a shared covariance ([`Gda::fit`]; k classes: [`CovarianceModel::Shared`]).
    Gda,
    /// Logistic regression with L2 strength λ ≥ 0 ([`LogisticRegression::fit`]; k classes:
    /// softmax regression, [`SoftmaxRegression::fit`]).
    Logistic {
        /// λ in −Σ log p(yᵢ|xᵢ) + (λ/2)‖w‖² (k classes: (λ/2) Σ_{a<b} ‖w_a − w_b‖², the
        /// same penalty on every pairwise log-odds slope).
        lambda: f64,
    },
    /// QDA, a covariance per class ([`Qda::fit`]; k classes: [`CovarianceModel::PerClass`]).
    Qda,
    /// Gaussian naive Bayes ([`GaussianNb::fit`]; k classes: [`CovarianceModel::Diagonal`]).
    GaussianNb {
        /// Per-class or shared diagonal variances.
        variance: NbVariance,
        /// scikit-learn's `var_smoothing` (default 1e-9).
        var_smoothing: f64,
    },
}

impl ModelSpec {
    /// Fits the chosen model; k = 1 + the largest label, 2 ≤ k ≤ [`crate::gda::MAX_CLASSES`].
    ///
    /// Labels 0 and 1 only (k = 2) fit the two-class types ([`Gda`], [`LogisticRegression`],
    /// [`Qda`], [`GaussianNb`]), exactly as before; labels up to 4 fit the k-class ones
    /// ([`GaussianClasses`], [`SoftmaxRegression`]), which give the same numbers for k = 2
    /// to rounding.
    ///
    /// # Errors
    /// Those of the chosen model's `fit`: [`Error::LengthMismatch`], [`Error::BadLabel`]
    /// (a label of 5 or more), [`Error::NonFinite`], [`Error::EmptyClass`] (some class
    /// below the largest label has no point), a singular covariance, a bad λ or
    /// `var_smoothing`.
    pub fn fit(&self, points: &[[f64; 2]], labels: &[u8]) -> Result<Model> {
        if labels.iter().all(|&y| y <= 1) {
            return self.fit_two_classes(points, labels);
        }
        self.fit_classes(points, labels)
    }

    /// Fits the two-class type of the chosen model (labels 0 and 1).
    ///
    /// # Errors
    /// Those of the chosen model's `fit`.
    pub fn fit_two_classes(&self, points: &[[f64; 2]], labels: &[u8]) -> Result<Model> {
        Ok(match *self {
            ModelSpec::Gda => Model::Gda(Gda::fit(points, labels)?),
            ModelSpec::Logistic { lambda } => Model::Logistic(LogisticRegression::fit(points, labels, lambda)?),
            ModelSpec::Qda => Model::Qda(Qda::fit(points, labels)?),
            ModelSpec::GaussianNb { variance, var_smoothing } => {
                Model::GaussianNb(GaussianNb::fit(points, labels, variance, var_smoothing)?)
            }
        })
    }

    /// Fits the k-class type of the chosen model ([`GaussianClasses`] or
    /// [`SoftmaxRegression`]) for any 2 ≤ k ≤ 5, k = 2 included.
    ///
    /// # Errors
    /// As [`ModelSpec::fit`].
    pub fn fit_classes(&self, points: &[[f64; 2]], labels: &[u8]) -> Result<Model> {
        Ok(match *self {
            ModelSpec::Logistic { lambda } => Model::Softmax(SoftmaxRegression::fit(points, labels, lambda)?),
            ModelSpec::Gda => Model::Gaussian(GaussianClasses::fit(points, labels, CovarianceModel::Shared)?),
            ModelSpec::Qda => Model::Gaussian(GaussianClasses::fit(points, labels, CovarianceModel::PerClass)?),
            ModelSpec::GaussianNb { variance, var_smoothing } => Model::Gaussian(GaussianClasses::fit(
                points,
                labels,
                CovarianceModel::Diagonal { variance, var_smoothing },
            )?),
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
///
/// The first four variants are the two-class types (labels 0 and 1); the last two the
/// k-class ones. Every variant answers the k-class questions ([`Model::classes`],
/// [`Model::posteriors`], [`Model::predict`], [`Model::priors`], [`Model::means`],
/// [`Model::covariances`]) and the two-class view ([`Classifier`]: for k ≥ 3, the log-odds
/// of class 1 against class 0).
#[derive(Debug, Clone, PartialEq)]
pub enum Model {
    /// GDA, shared covariance, two classes.
    Gda(Gda),
    /// Logistic regression, two classes.
    Logistic(LogisticRegression),
    /// QDA, two classes.
    Qda(Qda),
    /// Gaussian naive Bayes, two classes.
    GaussianNb(GaussianNb),
    /// GDA, QDA or Gaussian naive Bayes over k classes.
    Gaussian(GaussianClasses),
    /// Softmax regression over k classes.
    Softmax(SoftmaxRegression),
}

impl Model {
    /// The log-odds w·x + b of a two-class linear model (GDA with its shared Σ, logistic
    /// regression) as (w, b); `None` for the quadratic ones and the k-class types.
    pub fn linear_log_odds(&self) -> Option<([f64; 2], f64)> {
        match self {
            Model::Gda(g) => Some(g.log_odds_coefficients()),
            Model::Logistic(l) => Some(l.log_odds_coefficients()),
            Model::Qda(_) | Model::GaussianNb(_) | Model::Gaussian(_) | Model::Softmax(_) => None,
        }
    }

    /// k, the number of classes.
    pub fn classes(&self) -> usize {
        match self {
            Model::Gaussian(m) => m.classes(),
            Model::Softmax(m) => m.classes(),
            _ => 2,
        }
    }

    /// The scores of the classes at x: log p(x, y=c) for a k-class generative model, the
    /// logits (class 0's being 0) for softmax regression; for the two-class types
    /// (0, z(x)), z the log-odds, which differ from those by a term common to both
    /// classes. Never NaN for a finite x.
    pub fn scores(&self, x: [f64; 2]) -> Vec<f64> {
        match self {
            Model::Gaussian(m) => m.scores(x),
            Model::Softmax(m) => m.scores(x),
            two => {
                let z = two.log_odds(x);
                vec![0.0, if z.is_nan() { 0.0 } else { z }]
            }
        }
    }

    /// p(y = c | x) for c = 0..k: sums to 1, never NaN (a max-shifted log-sum-exp; for the
    /// two-class types (σ(−z), σ(z)), the same thing for two classes).
    pub fn posteriors(&self, x: [f64; 2]) -> Vec<f64> {
        match self {
            Model::Gaussian(m) => m.posteriors(x),
            Model::Softmax(m) => m.posteriors(x),
            two => {
                let z = two.log_odds(x);
                if z.is_nan() {
                    vec![0.5, 0.5]
                } else {
                    vec![sigmoid(-z), sigmoid(z)]
                }
            }
        }
    }

    /// The most probable class; ties go to the smaller class index.
    pub fn predict(&self, x: [f64; 2]) -> usize {
        match self {
            Model::Gaussian(m) => m.predict_class(x),
            Model::Softmax(m) => m.predict_class(x),
            two => usize::from(Classifier::predict(two, x)),
        }
    }

    /// φ_c = m_c/m for the generative models; `None` for logistic and softmax regression.
    pub fn priors(&self) -> Option<Vec<f64>> {
        let from_counts = |c: [usize; 2]| {
            let m = (c[0] + c[1]) as f64;
            vec![c[0] as f64 / m, c[1] as f64 / m]
        };
        match self {
            Model::Gda(g) => Some(from_counts(g.counts())),
            Model::Qda(q) => Some(from_counts(q.counts())),
            Model::GaussianNb(g) => Some(from_counts(g.counts())),
            Model::Gaussian(m) => Some(m.priors().to_vec()),
            Model::Logistic(_) | Model::Softmax(_) => None,
        }
    }

    /// μ_c, the class means, for the generative models; `None` for the discriminative ones.
    pub fn means(&self) -> Option<Vec<[f64; 2]>> {
        match self {
            Model::Gda(g) => Some(vec![g.mu0(), g.mu1()]),
            Model::Qda(q) => Some(vec![q.mu0(), q.mu1()]),
            Model::GaussianNb(g) => Some(vec![g.theta(0), g.theta(1)]),
            Model::Gaussian(m) => Some(m.means().to_vec()),
            Model::Logistic(_) | Model::Softmax(_) => None,
        }
    }

    /// Σ_c, one per class (GDA: k copies of the shared Σ; naive Bayes: its diagonal
    /// covariances); `None` for the discriminative models.
    pub fn covariances(&self) -> Option<Vec<[[f64; 2]; 2]>> {
        match self {
            Model::Gda(g) => Some(vec![g.sigma(), g.sigma()]),
            Model::Qda(q) => Some(vec![q.sigma0(), q.sigma1()]),
            Model::GaussianNb(g) => Some(vec![g.sigma(0), g.sigma(1)]),
            Model::Gaussian(m) => Some(m.covariances().to_vec()),
            Model::Logistic(_) | Model::Softmax(_) => None,
        }
    }

    /// The linear discriminant functions δ_c(x) = w_c·x + b_c as (w_c, b_c), c = 0..k, for
    /// the linear models: GDA and naive Bayes with shared variances (δ_c as in
    /// [`GaussianClasses::linear_discriminants`]), logistic and softmax regression (the
    /// logits, class 0's line zero). Differences δ_a − δ_b are the log-odds of a against b.
    /// `None` for the quadratic models.
    pub fn linear_discriminants(&self) -> Option<Vec<([f64; 2], f64)>> {
        match self {
            Model::Gda(_) | Model::Logistic(_) => {
                let (w, b) = self.linear_log_odds()?;
                Some(vec![([0.0; 2], 0.0), (w, b)])
            }
            Model::GaussianNb(g) if g.variance_kind() == NbVariance::Shared => {
                let q = g.quadratic();
                Some(vec![([0.0; 2], 0.0), (q.b, q.c)])
            }
            Model::Gaussian(m) => m.linear_discriminants(),
            Model::Softmax(m) => Some(m.lines().to_vec()),
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
            Model::Gaussian(_) | Model::Softmax(_) => {
                let (t, s) = self.scaled_scores(x);
                let z = (t[1] - t[0]) / s;
                if z.is_nan() {
                    0.0
                } else {
                    z
                }
            }
        }
    }

    fn class_prior(&self) -> Option<f64> {
        match self {
            Model::Gda(m) => Classifier::class_prior(m),
            Model::Logistic(m) => m.class_prior(),
            Model::Qda(m) => m.class_prior(),
            Model::GaussianNb(m) => m.class_prior(),
            Model::Gaussian(m) => m.priors().get(1).copied(),
            Model::Softmax(_) => None,
        }
    }
}

/// The k-class view of every variant, the same as the inherent methods ([`Model::scores`],
/// [`Model::posteriors`], [`Model::predict`]); a two-class variant scores (0, z(x)).
impl MultiClassifier for Model {
    fn classes(&self) -> usize {
        Model::classes(self)
    }

    fn scaled_scores(&self, x: [f64; 2]) -> (Vec<f64>, f64) {
        match self {
            Model::Gaussian(m) => m.scaled_scores(x),
            Model::Softmax(m) => m.scaled_scores(x),
            two => (Model::scores(two, x), 1.0),
        }
    }

    fn scaled_scores_into(&self, x: [f64; 2], out: &mut [f64]) -> f64 {
        match self {
            Model::Gaussian(m) => m.scaled_scores_into(x, out),
            Model::Softmax(m) => m.scaled_scores_into(x, out),
            two => {
                out.copy_from_slice(&Model::scores(two, x));
                1.0
            }
        }
    }

    fn posteriors(&self, x: [f64; 2]) -> Vec<f64> {
        Model::posteriors(self, x)
    }

    fn predict_class(&self, x: [f64; 2]) -> usize {
        Model::predict(self, x)
    }
}
