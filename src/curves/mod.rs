//! Learning curves: when does a generative model beat its discriminative twin?
//!
//! Test error against training-set size m, for a generative classifier (GDA with a shared
//! covariance on 2-D clouds, Gaussian naive Bayes on real data) and logistic regression,
//! both trained on the *same* seeded stratified subsets and averaged over many random
//! splits (Ng & Jordan 2002; Efron 1975).
//!
//! * [`Dataset`]: d-dimensional rows with 0/1 labels; the real data sets read from CSV
//!   ([`Dataset::wdbc`], [`Dataset::digits`]), the generated 2-D clouds ([`Cloud`]).
//! * [`models`]: d-dimensional Gaussian naive Bayes (scikit-learn's `GaussianNB`),
//!   shared-covariance GDA, and L2-regularised logistic regression fitted by Newton's
//!   method (IRLS) with a Cholesky solve.
//! * [`text`]: bags of words (the teaching corpus, or the spam panel's), multinomial and
//!   Bernoulli naive Bayes, and sparse logistic regression by Newton-CG.
//! * [`splits`]: the seeded stratified train/test splits and the nested training subsets.
//! * [`engine`]: the curve itself, computed a few splits at a time ([`CurveRun::step`]) so
//!   a Web Worker can report progress and stop when a setting changes.

pub mod dataset;
pub mod engine;
pub mod models;
pub mod splits;
pub mod text;

pub use dataset::{Cloud, Dataset};
pub use engine::{CurveData, CurveRun, CurveSpec, CurveSummary, ModelCurve, Pairing, PointSummary, TextSource};
pub use models::{GaussianNbD, Generative, LinearGda, LogisticD};
pub use splits::{Split, SplitPlan};
pub use text::{SparseLinear, SparseLogistic, TextData, TextNb};
