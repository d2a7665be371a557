//! Gaussian Discriminant Analysis with a shared covariance (CS229's generative model):
//!
//! y ~ Bernoulli(φ),  x | y = k ~ N(μ_k, Σ).
//!
//! The maximum-likelihood fit ([`Gda::fit`]) is φ = (1/m) Σ 1{y = 1}, μ_k the class means,
//! Σ = (1/m) Σᵢ (xᵢ − μ_{yᵢ})(xᵢ − μ_{yᵢ})ᵀ (divided by m). Bayes' rule then gives a
//! logistic posterior, p(y = 1 | x) = σ(wᵀx + b) with
//! w = Σ⁻¹(μ₁ − μ₀) and b = −wᵀ(μ₀ + μ₁)/2 + log(φ/(1 − φ)).
//!
//! [`geometry`] holds the pictures of the model: Mahalanobis ellipses and the decision
//! line clipped to the plot box; [`sample`] draws the two generating clouds.
//!
//! Beside GDA: QDA ([`qda`]), Gaussian naive Bayes ([`gnb`]) and logistic regression
//! ([`logistic`]) for two classes; the same models over k ≤ 5 classes
//! ([`gaussian_classes`], [`softmax`]); and the menu that fits any of them
//! ([`ModelSpec`], [`Model`]). The interfaces they share ([`Classifier`] for two classes,
//! [`MultiClassifier`] for k) live in [`classifier`], below every model, so that no model
//! imports the comparison, the pictures or the decision rule that use it.

pub mod fit;
pub mod geometry;
pub mod lab;
pub mod sample;

pub mod bayes_error;
pub mod classifier;
pub mod compare;
pub mod density;
pub mod gaussian_classes;
pub mod gnb;
pub mod logistic;
pub mod mle_existence;
pub mod points_csv;
pub mod posterior_map;
pub mod qda;
pub mod regions;
pub mod risk;
pub mod softmax;

pub use fit::Gda;
pub use geometry::{clip_line, ellipse, mass_inside, Rect};
pub use lab::{GdaLab, GdaSummary};
pub use sample::{ClassParams, ClassesSpec, Cloud, SampleSpec, DEFAULT_CLOUDS};

pub use bayes_error::bayes_error;
pub use classifier::{Classifier, MultiClassifier, MAX_CLASSES};
pub use compare::{Model, ModelSpec, TrainingReport};
pub use gaussian_classes::{CovarianceModel, GaussianClasses};
pub use gnb::{GaussianNb, NbVariance};
pub use logistic::{LogisticRegression, Separation};
pub use mle_existence::mle_exists;
pub use points_csv::{parse_points_csv, LabelledPoints};
pub use posterior_map::{contours, level_set, posterior_rgba, Contour, HeatMap, PosteriorPalette};
pub use qda::{ConicKind, Qda, QuadraticLogOdds};
pub use regions::{linear_boundaries, traced_boundaries, PairBoundary};
pub use risk::{BayesRule, LossMatrix, RiskReport, WithPrior};
pub use softmax::SoftmaxRegression;
