//! The GDA panel's state, without any browser types: where the points come from (a seeded
//! sample or a real preset), how far each class has been dragged, the fit, and the summary
//! the numbers panel shows. The web layer wraps it; native tests drive it directly.
//!
//! The data have k = 2 … 5 classes: generated clouds ([`ClassesSpec`]), a two- or
//! three-species preset, or the user's points. For k = 2 the panel is the two-class one
//! (GDA's φ, μ₀, μ₁, Σ, w, b and the Bayes rule's threshold); for k > 2 the drawn model is
//! the k-class one of [`ModelSpec::fit_classes`], whose numbers are its priors, means,
//! covariances and, for the linear models, the discriminants δ_c(x) = w_cᵀx + b_c.
//!
//! Dragging class k's mean by Δ translates every class-k point by Δ. For a generated sample
//! that is the same as moving the generating mean (x = μ + Lz with the same z), so a drag
//! never resamples and the cloud keeps its shape.

use std::cell::OnceCell;

use serde::Serialize;

use crate::data::{Dataset, Preset};
use crate::error::{describe, Error, Result};
use crate::gda::classifier::Classifier;
use crate::gda::classifier::MultiClassifier;
use crate::gda::compare::{Model, ModelSpec, TrainingReport};
use crate::gda::geometry::{clip_line, Rect};
use crate::gda::gnb::{NbVariance, DEFAULT_VAR_SMOOTHING};
use crate::gda::logistic::LogisticRegression;
use crate::gda::points_csv::parse_points_csv;
use crate::gda::qda::{ConicKind, QuadraticLogOdds};
use crate::gda::risk::BayesRule;
use crate::gda::risk::{prior_log_odds, LossMatrix};
use crate::gda::{ClassesSpec, Cloud, Gda, SampleSpec, DEFAULT_CLOUDS, MAX_CLASSES};
use crate::message::Message;
use crate::stats::linalg::Vec2;
use crate::stats::metrics::Confusion;

/// Most points the panel holds when the user adds them.
pub const MAX_EDITABLE_POINTS: usize = 100_000;

/// The largest coordinate a class mean may have, in size: what a link can carry
/// (`m0`, `m1` in [`crate::state`]) and how far a drag or the keyboard can take a mean, so
/// that every screen the panel can show has a link that reopens it.
pub const MAX_MEAN: f64 = 1e6;

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
    fn spec(self) -> Option<ModelSpec> {
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

/// The state of one GDA panel.
#[derive(Debug, Clone)]
pub struct GdaLab {
    source: Source,
    base: Dataset,
    points: Vec<Vec2>,
    labels: Vec<u8>,
    fit: Result<Gda>,
    view: Rect,
    /// The generating means the base sample was drawn at (generated data only).
    sampled_means: Vec<Vec2>,
    /// The number of classes k.
    classes: usize,
    /// Whether every pairwise boundary is drawn, dashed (k > 2).
    pairwise: bool,
    models: ModelSettings,
    main: Option<Result<Model>>,
    /// Logistic regression on the current points, fitted when first asked for: a drag step
    /// that resamples and moves a mean changes the points twice before a frame reads it,
    /// and each Newton fit costs more than the rest of the refit.
    logistic: OnceCell<Option<Result<LogisticRegression>>>,
    /// The last logistic fit made, Newton's starting point for the next.
    logistic_start: Option<LogisticRegression>,
    /// Softmax regression on the current points when the logistic overlay is on with k > 2
    /// classes, fitted when first asked for (as `logistic`).
    softmax: OnceCell<Option<Result<Model>>>,
    /// The plot box's aspect (width / height) a generated sample's window is given.
    aspect: Option<f64>,
    /// While a mean is dragged the window is held still: the pointer maps to data through
    /// the window the drag started in, so the mean stays under the finger. (Were the window
    /// refitted to the moving mean, a pointer held at the edge would push the window out,
    /// the mean with it, without end.)
    held: bool,
}

/// The numbers the panel shows, read from the model at draw time. `None` where the fit
/// failed; `error` then holds the sentence that explains why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GdaSummary {
    /// The fit's error, as a sentence for the student.
    #[serde(skip)]
    pub error: Option<String>,
    /// The same error as data for the page (it crosses as `error`).
    #[serde(rename = "error")]
    pub error_message: Option<Message>,
    /// Points of classes 0 and 1.
    pub n: [usize; 2],
    /// The number of classes k.
    pub classes: usize,
    /// Points per class, k of them.
    pub counts: Vec<usize>,
    /// The drawn model's priors p(y = c) (k > 2, generative models).
    pub priors: Option<Vec<f64>>,
    /// The drawn model's class means (k > 2).
    pub means: Option<Vec<Vec2>>,
    /// The drawn model's class covariances, one per class (k > 2; GDA: k copies of Σ).
    pub covariances: Option<Vec<[[f64; 2]; 2]>>,
    /// The linear discriminants δ_c(x) = w_cᵀx + b_c as (w_c, b_c) (k > 2, linear models).
    pub discriminants: Option<Vec<(Vec2, f64)>>,
    /// φ.
    pub phi: Option<f64>,
    /// μ₀ and μ₁.
    pub mu: Option<[Vec2; 2]>,
    /// Σ.
    pub sigma: Option<[[f64; 2]; 2]>,
    /// w.
    pub w: Option<Vec2>,
    /// b.
    pub b: Option<f64>,
    /// Whether the boundary crosses the plot window.
    pub boundary_visible: bool,
    /// Whether μ₀ and μ₁ coincide to within rounding: the shared-Σ fit's w = 0, no
    /// line, the prior alone decides under that model.
    pub coincident: bool,
    /// Whether, with coincident means, the drawn model also has no boundary (one Σ
    /// shared by both classes, full or diagonal). `false` when the drawn model has a Σ per
    /// class (QDA, naive Bayes with per-class variances): equal means with different
    /// spreads still give the quadratic log-odds ½xᵀ(Σ₀⁻¹ − Σ₁⁻¹)x + …, a conic that
    /// separates the classes by their spread.
    pub prior_alone: bool,
    /// Class names, class 0 first, k of them.
    pub class_names: Vec<String>,
    /// Axis names.
    pub axis_names: [String; 2],
    /// The data credit line (empty for generated data).
    pub credit: String,
    /// `"generated"` or the preset's id.
    pub source: String,
    /// The seed (generated data only).
    pub seed: Option<u64>,
    /// The model settings in force.
    pub models: ModelSettings,
    /// Why the comparison model (QDA, Gaussian NB) could not be fitted.
    #[serde(skip)]
    pub model_error: Option<String>,
    /// The same as data for the page (it crosses as `model_error`).
    #[serde(rename = "model_error")]
    pub model_error_message: Option<Message>,
    /// Per-class covariances of the comparison model: Σ₀, Σ₁ (QDA) or their diagonals (NB).
    pub sigmas: Option<[[[f64; 2]; 2]; 2]>,
    /// The shape of the drawn quadratic boundary (`Ellipse`, `Hyperbola`, …), with the
    /// prior override and the losses applied.
    pub conic: Option<ConicKind>,
    /// Logistic regression, when its overlay is on.
    pub logistic: Option<LogisticSummary>,
    /// The Bayes decision threshold on the log-odds, log(λ₁₀/λ₀₁).
    pub threshold: f64,
    /// The same threshold as a posterior: decide 1 when p(y=1|x) > this.
    pub posterior_threshold: f64,
    /// The Bayes rule's risk on the training points: [incurred, expected by the model].
    pub risk: Option<[f64; 2]>,
    /// Training accuracy, confusion and log-likelihood of each model shown.
    pub reports: Vec<ModelReport>,
}

/// Logistic regression's numbers for the panel.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogisticSummary {
    /// Why it could not be fitted.
    #[serde(skip)]
    pub error: Option<String>,
    /// The same as data for the page (it crosses as `error`).
    #[serde(rename = "error")]
    pub error_message: Option<Message>,
    /// w.
    pub w: Option<Vec2>,
    /// b.
    pub b: Option<f64>,
    /// The λ used (the ridge fallback's on separable data).
    pub lambda: Option<f64>,
    /// Whether no finite MLE exists at λ = 0: the classes are separable (for k > 2 in the
    /// multinomial sense, [`crate::gda::mle_existence`]).
    pub separable: bool,
    /// Whether the ridge fallback was used.
    pub ridge: bool,
    /// The pairs of classes (a < b) a line separates (k > 2; for two classes `separable`
    /// says it). A separable pair alone does not rule out the k-class MLE.
    pub separated_pairs: Vec<(usize, usize)>,
}

impl LogisticSummary {
    /// The row of an overlay that could not be fitted: its sentence, no numbers.
    fn failed(e: &Error) -> LogisticSummary {
        LogisticSummary {
            error: Some(e.to_string()),
            error_message: Some(e.message()),
            w: None,
            b: None,
            lambda: None,
            separable: false,
            ridge: false,
            separated_pairs: Vec::new(),
        }
    }
}

/// One model's fit on its own training points.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ModelReport {
    /// `gda`, `qda`, `gnb` or `logistic`.
    pub id: String,
    /// Training accuracy.
    pub accuracy: f64,
    /// Truth against prediction.
    pub confusion: Confusion,
    /// The k × k confusion matrix: `matrix[truth][predicted]` counts.
    pub matrix: Vec<Vec<usize>>,
    /// Σ log p(yᵢ | xᵢ), where finite.
    pub log_likelihood: Option<f64>,
}

impl GdaLab {
    /// A panel showing a generated sample.
    ///
    /// # Errors
    /// As [`SampleSpec::sample`].
    pub fn generated(spec: SampleSpec) -> Result<GdaLab> {
        GdaLab::generated_classes(ClassesSpec::from_two(&spec))
    }

    /// A panel showing k generated clouds.
    ///
    /// # Errors
    /// As [`ClassesSpec::sample`].
    pub fn generated_classes(spec: ClassesSpec) -> Result<GdaLab> {
        let base = generated_dataset(&spec)?;
        let view = generated_view(&spec);
        Ok(GdaLab::assemble(Source::Generated(spec), base, view))
    }

    /// A panel showing a real preset.
    ///
    /// # Errors
    /// As [`Preset::load`].
    pub fn preset(preset: Preset) -> Result<GdaLab> {
        let base = preset.load()?;
        let view = padded_bounds(&base.points, 0.12);
        let offset = vec![[0.0; 2]; preset.classes()];
        Ok(GdaLab::assemble(Source::Fixed { preset: Some(preset), offset }, base, view))
    }

    fn assemble(source: Source, base: Dataset, view: Rect) -> GdaLab {
        let sampled_means = match &source {
            Source::Generated(spec) => spec.clouds.iter().map(|c| c.params.mean).collect(),
            Source::Fixed { .. } => Vec::new(),
        };
        let classes = classes_of(&source, &base.labels);
        let mut lab = GdaLab {
            source,
            points: Vec::new(),
            labels: base.labels.clone(),
            base,
            fit: Err(Error::EmptyClass { class: 0 }),
            view,
            sampled_means,
            classes,
            pairwise: false,
            models: ModelSettings::default(),
            main: None,
            logistic: OnceCell::new(),
            logistic_start: None,
            softmax: OnceCell::new(),
            aspect: None,
            held: false,
        };
        lab.refit();
        lab
    }

    /// A panel showing exactly the given settings: the data (`"generated"`, drawn from
    /// `spec`, whose means are the defaults' unless `means` moves them, or a preset id), the
    /// class means (`None`: where the data put them) and the model settings. Nothing of an
    /// earlier screen survives: this is what a link or a history step opens.
    ///
    /// # Errors
    /// An unknown preset, parameters out of range ([`SampleSpec::validate`],
    /// [`ModelSettings::validate`]) or a mean beyond [`MAX_MEAN`] in size.
    pub fn from_settings(
        source: &str,
        spec: SampleSpec,
        means: Option<[Vec2; 2]>,
        models: ModelSettings,
    ) -> Result<GdaLab> {
        GdaLab::from_classes_settings(source, ClassesSpec::from_two(&spec), means.map(Vec::from), models)
    }

    /// [`GdaLab::from_settings`] for k classes: `spec` gives the generated clouds, `means`
    /// (when given) one mean per class of the data.
    ///
    /// # Errors
    /// As [`GdaLab::from_settings`], and [`Error::InvalidParameter`] when `means` does not
    /// hold one mean per class.
    pub fn from_classes_settings(
        source: &str,
        spec: ClassesSpec,
        means: Option<Vec<Vec2>>,
        models: ModelSettings,
    ) -> Result<GdaLab> {
        let mut lab = if source == "generated" {
            GdaLab::generated_classes(spec)?
        } else {
            GdaLab::preset(Preset::from_id(source)?)?
        };
        lab.set_models(models)?;
        if let Some(means) = means {
            if means.len() != lab.classes {
                return Err(Error::InvalidParameter {
                    name: "μ",
                    value: format!("{} means", means.len()),
                    rule: "every class mean must be given, or none",
                });
            }
            for (k, m) in means.into_iter().enumerate() {
                lab.place_mean(k, m)?;
            }
        }
        Ok(lab)
    }

    /// Replaces the generating parameters (counts, σ, ρ, seed) and resamples, keeping the
    /// view. On a preset it switches to generated data.
    ///
    /// # Errors
    /// As [`SampleSpec::validate`]; the panel keeps its previous state.
    pub fn set_spec(&mut self, spec: SampleSpec) -> Result<()> {
        self.set_classes_spec(ClassesSpec::from_two(&spec))
    }

    /// Replaces the k generating clouds and the seed and resamples, keeping the view. On a
    /// preset it switches to generated data.
    ///
    /// # Errors
    /// As [`ClassesSpec::validate`]; the panel keeps its previous state.
    pub fn set_classes_spec(&mut self, spec: ClassesSpec) -> Result<()> {
        let base = generated_dataset(&spec)?;
        self.sampled_means = spec.clouds.iter().map(|c| c.params.mean).collect();
        self.classes = spec.classes();
        self.source = Source::Generated(spec);
        self.labels = base.labels.clone();
        self.base = base;
        self.refit();
        self.refresh_view();
        Ok(())
    }

    /// The generating parameters, when the data are two generated classes.
    pub fn spec(&self) -> Option<SampleSpec> {
        match &self.source {
            Source::Generated(ClassesSpec { clouds, seed }) if clouds.len() == 2 => Some(SampleSpec {
                n0: clouds[0].n,
                n1: clouds[1].n,
                class0: clouds[0].params,
                class1: clouds[1].params,
                seed: *seed,
            }),
            _ => None,
        }
    }

    /// The k generating clouds, when the data are generated.
    pub fn classes_spec(&self) -> Option<&ClassesSpec> {
        match &self.source {
            Source::Generated(spec) => Some(spec),
            Source::Fixed { .. } => None,
        }
    }

    /// The number of classes k of the data.
    pub fn classes(&self) -> usize {
        self.classes
    }

    /// Whether every pairwise boundary t_a = t_b is shown dashed beside the k-class one.
    pub fn pairwise(&self) -> bool {
        self.pairwise
    }

    /// Shows or hides the pairwise boundaries.
    pub fn set_pairwise(&mut self, on: bool) {
        self.pairwise = on;
    }

    /// The preset shown, if any.
    pub fn preset_shown(&self) -> Option<Preset> {
        match &self.source {
            Source::Fixed { preset, .. } => *preset,
            Source::Generated(_) => None,
        }
    }

    /// `"generated"`, a preset's id, or `"custom"` once the user has edited the points.
    pub fn source_id(&self) -> String {
        match &self.source {
            Source::Generated(_) => "generated".into(),
            Source::Fixed { preset: Some(p), .. } => p.id().into(),
            Source::Fixed { preset: None, .. } => "custom".into(),
        }
    }

    /// Where class k's drag handle is: its fitted mean, or (when the fit failed) the mean
    /// of its points, or the generating mean when it has none.
    pub fn handle(&self, k: usize) -> Vec2 {
        let k = k.min(self.classes - 1);
        if let (Ok(fit), 2) = (&self.fit, self.classes) {
            return if k == 0 { fit.mu0() } else { fit.mu1() };
        }
        class_mean(&self.points, &self.labels, k as u8).unwrap_or_else(|| match &self.source {
            Source::Generated(spec) => spec.clouds[k].params.mean,
            Source::Fixed { .. } => [0.5 * (self.view.x0 + self.view.x1), 0.5 * (self.view.y0 + self.view.y1)],
        })
    }

    /// Moves class k's handle towards `to`, translating the class: a drag or a key press.
    /// The mean stops at the edge of the window (and within [`MAX_MEAN`]), as a pointer
    /// stops at the edge of the plot.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for a non-finite position; nothing changes then.
    pub fn move_mean(&mut self, k: usize, to: Vec2) -> Result<()> {
        if !(to[0].is_finite() && to[1].is_finite()) {
            return Err(Error::InvalidParameter {
                name: "μ",
                value: "not a finite point".into(),
                rule: "a mean must be a finite point",
            });
        }
        let v = self.view;
        let to =
            [to[0].clamp(v.x0, v.x1).clamp(-MAX_MEAN, MAX_MEAN), to[1].clamp(v.y0, v.y1).clamp(-MAX_MEAN, MAX_MEAN)];
        self.translate_class(k, to);
        self.refresh_view();
        Ok(())
    }

    /// The class whose handle lies within `reach` of `at`, other than class `k` (the nearest
    /// if several do), with positions mapped by `to_pixels` into the units of `at` and
    /// `reach` (the figure's pixels). A hand cannot put two means on one point: dragged onto
    /// each other they stop a few thousandths apart, where w is tiny and the boundary leaps
    /// out of the window; so a mean dragged this close to another snaps onto it, and the
    /// means coincide (w = 0; with a shared Σ the prior alone decides).
    pub fn snap_onto(&self, k: usize, at: Vec2, to_pixels: impl Fn(Vec2) -> Vec2, reach: f64) -> Option<usize> {
        (0..self.classes)
            .filter(|&j| j != k)
            .map(|j| {
                let p = to_pixels(self.handle(j));
                (j, (p[0] - at[0]).hypot(p[1] - at[1]))
            })
            .filter(|&(_, d)| d <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(j, _)| j)
    }

    /// Puts class k's handle exactly at `to`, wherever the window is (a link or a history
    /// step restoring a mean), and fits the window to the data again.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for a position that is not finite or beyond
    /// [`MAX_MEAN`] in size: a mean is never moved somewhere else than asked.
    pub fn place_mean(&mut self, k: usize, to: Vec2) -> Result<()> {
        if !to.iter().all(|v| v.is_finite() && v.abs() <= MAX_MEAN) {
            return Err(Error::InvalidParameter {
                name: "μ",
                value: format!("({}, {})", describe(to[0]), describe(to[1])),
                rule: "a mean is two numbers “x,y”, each at most 10⁶ in size",
            });
        }
        self.translate_class(k, to);
        self.refresh_view();
        Ok(())
    }

    /// Translates class k so that its handle lands on `to`, and refits.
    fn translate_class(&mut self, k: usize, to: Vec2) {
        let k = k.min(self.classes - 1);
        let from = self.handle(k);
        let delta = [to[0] - from[0], to[1] - from[1]];
        match &mut self.source {
            Source::Generated(spec) => {
                let c = &mut spec.clouds[k].params;
                c.mean = [c.mean[0] + delta[0], c.mean[1] + delta[1]];
            }
            Source::Fixed { offset, .. } => {
                if offset.len() <= k {
                    offset.resize(k + 1, [0.0; 2]);
                }
                offset[k] = [offset[k][0] + delta[0], offset[k][1] + delta[1]];
            }
        }
        self.refit();
    }

    /// Whether a mean has been moved from where the data put it (a generated sample's
    /// generating means are not the defaults, or a preset class is translated): the link
    /// then carries both means.
    pub fn means_moved(&self) -> bool {
        match &self.source {
            Source::Generated(spec) => {
                spec.clouds.iter().zip(&DEFAULT_CLOUDS).any(|(c, d)| c.params.mean != d.params.mean)
            }
            Source::Fixed { preset: Some(_), offset } => offset.iter().any(|o| *o != [0.0; 2]),
            // Edited points carry their drags in themselves.
            Source::Fixed { preset: None, .. } => false,
        }
    }

    /// Holds the window still (a drag starts) or lets it fit the data again (it ends).
    pub fn hold_view(&mut self, hold: bool) {
        self.held = hold;
        self.refresh_view();
    }

    /// Whether the window is held still by a drag.
    pub fn view_held(&self) -> bool {
        self.held
    }

    /// The window the data call for, unless a drag holds it: a generated sample's covers
    /// ±3σ around both generating means (at the plot box's aspect); a preset's covers its
    /// points and wherever its classes were dragged; edited points keep their window.
    fn refresh_view(&mut self) {
        if self.held {
            return;
        }
        match &self.source {
            Source::Generated(spec) => {
                let base = generated_view(spec);
                self.view = match self.aspect {
                    Some(aspect) => with_aspect(base, aspect),
                    None => base,
                };
            }
            Source::Fixed { preset: Some(_), .. } => {
                let (a, b) = (padded_bounds(&self.base.points, 0.12), padded_bounds(&self.points, 0.12));
                self.view = Rect { x0: a.x0.min(b.x0), x1: a.x1.max(b.x1), y0: a.y0.min(b.y0), y1: a.y1.max(b.y1) };
            }
            Source::Fixed { preset: None, .. } => {}
        }
    }

    /// Recomputes the points from the base data and offsets, and refits.
    fn refit(&mut self) {
        let offsets = match &self.source {
            // x = μ + Lz: moving μ translates the base sample by the difference between
            // the current generating mean and the one it was drawn at.
            Source::Generated(spec) => spec
                .clouds
                .iter()
                .zip(&self.sampled_means)
                .map(|(c, s)| [c.params.mean[0] - s[0], c.params.mean[1] - s[1]])
                .collect(),
            Source::Fixed { offset, .. } => offset.clone(),
        };
        let shift = |l: u8| offsets.get(usize::from(l)).copied().unwrap_or([0.0; 2]);
        self.points = self
            .base
            .points
            .iter()
            .zip(&self.base.labels)
            .map(|(p, &l)| [p[0] + shift(l)[0], p[1] + shift(l)[1]])
            .collect();
        self.fit = Gda::fit(&self.points, &self.labels);
        self.refit_models();
    }

    /// Fits the chosen comparison model and logistic regression on the current points.
    fn refit_models(&mut self) {
        let m = &self.models;
        self.main = if self.classes > 2 {
            // k classes: the drawn model is always the k-class one (GDA included).
            Some(m.covariance.spec().unwrap_or(ModelSpec::Gda).fit_classes(&self.points, &self.labels))
        } else {
            m.covariance.spec().map(|spec| spec.fit(&self.points, &self.labels))
        };
        // A drag refits on every step on points much like the last ones: Newton starts from
        // the previous weights (same optimum, a fraction of the iterations).
        if let Some(Some(Ok(lr))) = self.logistic.take() {
            self.logistic_start = Some(lr);
        }
        self.softmax = OnceCell::new();
    }

    /// The model and decision settings.
    pub fn models(&self) -> &ModelSettings {
        &self.models
    }

    /// Changes the model and decision settings and refits what they show.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for λ < 0, a prior outside (0, 1) or a loss that is not
    /// positive; nothing changes then.
    pub fn set_models(&mut self, settings: ModelSettings) -> Result<()> {
        settings.validate()?;
        self.models = settings;
        self.refit_models();
        Ok(())
    }

    /// The comparison model (QDA or Gaussian NB), when one is chosen.
    pub fn main_model(&self) -> Option<&Result<Model>> {
        self.main.as_ref()
    }

    /// Logistic regression, when its overlay is on.
    pub fn logistic(&self) -> Option<&Result<LogisticRegression>> {
        let m = &self.models;
        let start = self.logistic_start.as_ref();
        self.logistic
            .get_or_init(|| {
                // Two classes only: the k-class overlay (softmax regression) is not drawn yet.
                (m.logistic && self.classes == 2)
                    .then(|| LogisticRegression::fit_from(&self.points, &self.labels, m.lambda, start))
            })
            .as_ref()
    }

    /// Softmax regression (k-class logistic regression, Newton with the L2 strength λ of
    /// the settings) on the current points, when the logistic overlay is on and the data
    /// have k > 2 classes: its boundaries are drawn over the k-class figure.
    pub fn softmax(&self) -> Option<&Result<Model>> {
        let m = &self.models;
        self.softmax
            .get_or_init(|| {
                (m.logistic && self.classes > 2)
                    .then(|| ModelSpec::Logistic { lambda: m.lambda }.fit_classes(&self.points, &self.labels))
            })
            .as_ref()
    }

    /// The model whose boundary, ellipses and heat map are drawn: GDA with the shared Σ,
    /// or the chosen comparison model.
    pub fn decision_model(&self) -> Option<Model> {
        match &self.main {
            Some(Ok(m)) => Some(m.clone()),
            Some(Err(_)) => None,
            None => self.fit.as_ref().ok().map(|g| Model::Gda(g.clone())),
        }
    }

    /// How much the prior override moves the log-odds: logit(φ′) − logit(φ̂); 0 without an
    /// override or for a model without a prior.
    pub fn prior_shift(&self) -> f64 {
        let (Some(phi), Some(model), 2) = (self.models.prior, self.decision_model(), self.classes) else { return 0.0 };
        match (prior_log_odds(phi), model.class_prior().map(prior_log_odds)) {
            (Ok(new), Some(Ok(old))) => new - old,
            _ => 0.0,
        }
    }

    /// The log-odds the Bayes decision rule compares with its threshold: the decision
    /// model's, moved by the prior override.
    pub fn decision_log_odds(&self) -> Option<Shifted> {
        self.decision_model().map(|model| Shifted { model, shift: self.prior_shift() })
    }

    /// p(y=1|x) of the drawn decision model, its prior moved by the override: the
    /// posterior the figure's boundary and heat map show (½ on the drawn boundary when the
    /// losses are equal). `None` without a model or for a non-finite x.
    pub fn decision_posterior(&self, x: Vec2) -> Option<f64> {
        let model = self.decision_log_odds()?;
        (x[0].is_finite() && x[1].is_finite()).then(|| model.posterior(x))
    }

    /// Converts the points to editable ones (keeping their names and credit) and returns
    /// them. The drag offsets are baked in.
    fn editable(&mut self) -> &mut Dataset {
        if !matches!(self.source, Source::Fixed { preset: None, .. }) {
            self.base.points = self.points.clone();
            self.base.labels = self.labels.clone();
            if matches!(self.source, Source::Generated(_)) {
                self.base.credit = "";
            }
            self.source = Source::Fixed { preset: None, offset: Vec::new() };
        } else if let Source::Fixed { offset, .. } = &mut self.source {
            self.base.points = self.points.clone();
            offset.clear();
        }
        &mut self.base
    }

    fn after_edit(&mut self) {
        self.labels = self.base.labels.clone();
        self.classes = classes_of(&self.source, &self.labels);
        self.refit();
    }

    /// Adds a point of class `label` (one of the data's classes) at `p`.
    ///
    /// # Errors
    /// A non-finite point, a label the data do not have, or more than 100,000 points.
    pub fn add_point(&mut self, p: Vec2, label: u8) -> Result<()> {
        if !(p[0].is_finite() && p[1].is_finite()) || usize::from(label) >= self.classes {
            return Err(Error::InvalidParameter {
                name: "point",
                value: format!("({}, {}) / {label}", describe(p[0]), describe(p[1])),
                rule: if self.classes == 2 {
                    "a point needs finite coordinates and the label 0 or 1"
                } else {
                    "a point needs finite coordinates and the label of one of the classes"
                },
            });
        }
        if self.points.len() >= MAX_EDITABLE_POINTS {
            return Err(Error::InvalidParameter {
                name: "points",
                value: self.points.len().to_string(),
                rule: "the panel holds at most 100,000 points",
            });
        }
        let base = self.editable();
        base.points.push(p);
        base.labels.push(label);
        self.after_edit();
        Ok(())
    }

    /// The index of the point nearest `p` within `radius` (data units, per axis scaled by
    /// `scale` = [units per pixel in x, in y] so that the radius is round on screen).
    pub fn nearest_point(&self, p: Vec2, radius_px: f64, scale: Vec2) -> Option<usize> {
        let mut best = (None, radius_px * radius_px);
        for (i, q) in self.points.iter().enumerate() {
            let (dx, dy) = ((q[0] - p[0]) / scale[0], (q[1] - p[1]) / scale[1]);
            let d = dx * dx + dy * dy;
            if d <= best.1 {
                best = (Some(i), d);
            }
        }
        best.0
    }

    /// Removes point `i`.
    ///
    /// # Errors
    /// An index out of range.
    pub fn remove_point(&mut self, i: usize) -> Result<()> {
        if i >= self.points.len() {
            return Err(Error::InvalidParameter {
                name: "point",
                value: i.to_string(),
                rule: "there is no such point",
            });
        }
        let base = self.editable();
        base.points.remove(i);
        base.labels.remove(i);
        self.after_edit();
        Ok(())
    }

    /// Moves point `i` to `p`.
    ///
    /// # Errors
    /// An index out of range or a non-finite position.
    pub fn move_point(&mut self, i: usize, p: Vec2) -> Result<()> {
        if i >= self.points.len() || !(p[0].is_finite() && p[1].is_finite()) {
            return Err(Error::InvalidParameter {
                name: "point",
                value: i.to_string(),
                rule: "there is no such point, or the position is not finite",
            });
        }
        let base = self.editable();
        base.points[i] = p;
        self.after_edit();
        Ok(())
    }

    /// Replaces the points with a CSV of labelled points (`x,y,label`), fitting the view to
    /// them.
    ///
    /// # Errors
    /// As [`parse_points_csv`], and [`Error::TooLarge`] for a coordinate beyond 10¹⁵⁴; the
    /// panel keeps its points then.
    pub fn load_csv(&mut self, text: &str) -> Result<()> {
        let parsed = parse_points_csv(text)?;
        // Beyond about 10¹⁵⁴ a point cannot be fitted (its square overflows), and the
        // bounding box and class means overflow to an infinite window and handle: refuse.
        if parsed.points.iter().flatten().any(|v| v.abs() > 1e154) {
            return Err(Error::TooLarge);
        }
        // Named for every class the labels make (0, 1, 2 → three names), as `classes_of`
        // counts them: the figure's legend and description name each class the fit has.
        let k = parsed.labels.iter().max().map_or(2, |&l| usize::from(l) + 1);
        self.base = Dataset {
            points: parsed.points,
            labels: parsed.labels,
            class_names: generic_names(k),
            axis_names: ["x₁", "x₂"],
            credit: "",
        };
        self.source = Source::Fixed { preset: None, offset: Vec::new() };
        self.view = padded_bounds(&self.base.points, 0.12);
        self.after_edit();
        Ok(())
    }

    /// Shows `points` with `labels` as the user's own points, named after `names` (the
    /// preset they were edited from, if any): what a history step restores, since a link
    /// does not carry edited points. The window fits them.
    ///
    /// # Errors
    /// Unequal lengths, a label above 4, a coordinate that is not finite or beyond
    /// 10¹⁵⁴ in size, or more than [`MAX_EDITABLE_POINTS`] points; nothing changes then.
    pub fn load_points(&mut self, points: Vec<Vec2>, labels: Vec<u8>, names: Option<Preset>) -> Result<()> {
        if points.len() != labels.len() {
            return Err(Error::LengthMismatch { points: points.len(), labels: labels.len() });
        }
        if let Some(index) = labels.iter().position(|&l| usize::from(l) >= MAX_CLASSES) {
            return Err(Error::BadLabel { index, label: labels[index], max: (MAX_CLASSES - 1) as u8 });
        }
        if let Some(index) = points.iter().position(|p| !(p[0].is_finite() && p[1].is_finite())) {
            return Err(Error::NonFinite { index });
        }
        if points.iter().flatten().any(|v| v.abs() > 1e154) {
            return Err(Error::TooLarge);
        }
        if points.len() > MAX_EDITABLE_POINTS {
            return Err(Error::InvalidParameter {
                name: "points",
                value: points.len().to_string(),
                rule: "the panel holds at most 100,000 points",
            });
        }
        let k = labels.iter().max().map_or(2, |&l| usize::from(l) + 1).max(2);
        let named = match names {
            Some(p) => Some(p.load()?),
            None => None,
        };
        self.base = Dataset {
            points,
            labels,
            class_names: named
                .as_ref()
                .filter(|d| d.class_names.len() >= k)
                .map_or_else(|| generic_names(k), |d| d.class_names.clone()),
            axis_names: named.as_ref().map_or(["x₁", "x₂"], |d| d.axis_names),
            credit: named.as_ref().map_or("", |d| d.credit),
        };
        self.source = Source::Fixed { preset: None, offset: Vec::new() };
        self.view = padded_bounds(&self.base.points, 0.12);
        self.after_edit();
        Ok(())
    }

    /// The preset whose names the points carry (edited from it), if any.
    pub fn names_preset(&self) -> Option<Preset> {
        Preset::ALL.iter().copied().find(|p| {
            p.load().is_ok_and(|d| d.class_names == self.base.class_names && d.axis_names == self.base.axis_names)
        })
    }

    /// Adds eight class-1 outliers far out on class 1's side (beyond its mean, away from
    /// class 0, up to six spreads out but inside the plot window), deterministically: GDA's
    /// mean and Σ chase them, while logistic regression moves much less: points it already
    /// classifies confidently (as these, on the right side) weigh |yᵢ − σ(zᵢ)| ≈ 0 in its
    /// gradient (points on the wrong side would weigh ≈ 1, however far).
    ///
    /// # Errors
    /// When a class has no points (there is no side to put them on).
    pub fn add_outliers(&mut self) -> Result<()> {
        let (m0, m1) = match (class_mean(&self.points, &self.labels, 0), class_mean(&self.points, &self.labels, 1)) {
            (Some(a), Some(b)) => (a, b),
            _ => {
                return Err(Error::EmptyClass {
                    class: if class_mean(&self.points, &self.labels, 0).is_none() { 0 } else { 1 },
                })
            }
        };
        let d = [m1[0] - m0[0], m1[1] - m0[1]];
        let len = (d[0] * d[0] + d[1] * d[1]).sqrt().max(1e-12);
        let u = [d[0] / len, d[1] / len];
        let spread = class_spread(&self.points, &self.labels, 1).max(1e-9);
        let v = self.view;
        // As far out as six spreads, but inside the window (with a margin), so students see
        // them: how far can one go from μ₁ along u before leaving the view?
        let room = |start: f64, dir: f64, lo: f64, hi: f64| {
            let (lo, hi) = (lo + 0.06 * (hi - lo), hi - 0.06 * (hi - lo));
            if dir > 1e-12 {
                (hi - start) / dir
            } else if dir < -1e-12 {
                (lo - start) / dir
            } else {
                f64::INFINITY
            }
        };
        if self.points.len() + 8 > MAX_EDITABLE_POINTS {
            return Err(Error::InvalidParameter {
                name: "points",
                value: self.points.len().to_string(),
                rule: "the panel holds at most 100,000 points",
            });
        }
        let reach = room(m1[0], u[0], v.x0, v.x1).min(room(m1[1], u[1], v.y0, v.y1)).max(0.0);
        let far = (6.0 * spread).min(reach);
        let base = self.editable();
        for i in 0..8 {
            let t = far - 0.12 * far * f64::from(i % 4);
            let side = (f64::from(i) - 3.5) * 0.18 * far.max(spread);
            let p = [m1[0] + t * u[0] - side * u[1], m1[1] + t * u[1] + side * u[0]];
            base.points.push([p[0].clamp(v.x0, v.x1), p[1].clamp(v.y0, v.y1)]);
            base.labels.push(1);
        }
        self.after_edit();
        Ok(())
    }

    /// Makes class 1 bimodal: every other class-1 point moves by 2.5 × (μ₁ − μ₀), so the
    /// class becomes two clouds on its own side — no longer a Gaussian, which GDA assumes.
    ///
    /// # Errors
    /// When a class has no points.
    pub fn make_bimodal(&mut self) -> Result<()> {
        let (m0, m1) = match (class_mean(&self.points, &self.labels, 0), class_mean(&self.points, &self.labels, 1)) {
            (Some(a), Some(b)) => (a, b),
            _ => {
                return Err(Error::EmptyClass {
                    class: if class_mean(&self.points, &self.labels, 0).is_none() { 0 } else { 1 },
                })
            }
        };
        let d = [2.5 * (m1[0] - m0[0]), 2.5 * (m1[1] - m0[1])];
        let v = self.view;
        let base = self.editable();
        let mut odd = false;
        for (p, &l) in base.points.iter_mut().zip(&base.labels) {
            if l == 1 {
                if odd {
                    *p = [(p[0] + d[0]).clamp(v.x0, v.x1), (p[1] + d[1]).clamp(v.y0, v.y1)];
                }
                odd = !odd;
            }
        }
        self.after_edit();
        Ok(())
    }

    /// The points as drawn, with their labels.
    pub fn points(&self) -> (&[Vec2], &[u8]) {
        (&self.points, &self.labels)
    }

    /// The fit, or why there is none.
    pub fn fit(&self) -> &Result<Gda> {
        &self.fit
    }

    /// The data window of the figure.
    pub fn view(&self) -> Rect {
        self.view
    }

    /// Sets the data window (the web layer matches it to the canvas' aspect).
    pub fn set_view(&mut self, view: Rect) {
        if view.x1 > view.x0 && view.y1 > view.y0 && [view.x0, view.x1, view.y0, view.y1].iter().all(|v| v.is_finite())
        {
            self.view = view;
        }
    }

    /// Gives a generated sample's window the plot box's aspect ratio (width / height), so
    /// one unit is as long on both axes and the ellipses keep their true shape. The window
    /// only grows, around its centre. Presets keep their own window: their axes have
    /// different units. While a drag holds the window, the aspect is kept for its end.
    pub fn match_aspect(&mut self, aspect: f64) {
        if !(aspect.is_finite() && aspect > 0.0) {
            return;
        }
        self.aspect = Some(aspect);
        if matches!(self.source, Source::Generated(_)) {
            self.refresh_view();
        }
    }

    /// The dataset's names and credit.
    pub fn dataset(&self) -> &Dataset {
        &self.base
    }

    /// The numbers panel's content.
    pub fn summary(&self) -> GdaSummary {
        let counts: Vec<usize> =
            (0..self.classes).map(|k| self.labels.iter().filter(|&&l| usize::from(l) == k).count()).collect();
        let n = [counts[0], counts[1]];
        let (seed, source) = match &self.source {
            Source::Generated(spec) => (Some(spec.seed), "generated".to_string()),
            Source::Fixed { preset: Some(preset), .. } => (None, preset.id().to_string()),
            Source::Fixed { preset: None, .. } => (None, "custom".to_string()),
        };
        let mut s = GdaSummary {
            error: None,
            error_message: None,
            n,
            classes: self.classes,
            counts,
            priors: None,
            means: None,
            covariances: None,
            discriminants: None,
            phi: None,
            mu: None,
            sigma: None,
            w: None,
            b: None,
            boundary_visible: false,
            coincident: false,
            prior_alone: false,
            class_names: self.base.class_names.iter().map(|s| s.to_string()).collect(),
            axis_names: self.base.axis_names.map(String::from),
            credit: self.base.credit.to_string(),
            source,
            seed,
            models: self.models,
            model_error: None,
            model_error_message: None,
            sigmas: None,
            conic: None,
            logistic: None,
            threshold: self.models.threshold(),
            posterior_threshold: self.models.loss().map(|l| l.posterior_threshold()).unwrap_or(0.5),
            risk: None,
            reports: Vec::new(),
        };
        let k = self.classes;
        let report = |id: &str, model: &dyn Classifier, multi: &dyn MultiClassifier| {
            TrainingReport::evaluate(model, &self.points, &self.labels).ok().map(|r| ModelReport {
                id: id.to_string(),
                accuracy: r.accuracy,
                confusion: r.confusion,
                matrix: confusion_matrix(multi, &self.points, &self.labels, k),
                log_likelihood: r.log_likelihood,
            })
        };
        if k > 2 {
            self.summarise_classes(&mut s);
            return s;
        }
        if let Ok(g) = &self.fit {
            s.reports.extend(report("gda", g, &Model::Gda(g.clone())));
        }
        match &self.main {
            Some(Ok(m)) => {
                // The kind of the boundary drawn: z(x) + prior shift = threshold, so the
                // override and the losses move the constant (an ellipse can vanish).
                let moved = self.prior_shift() - self.models.threshold();
                let drawn = |mut q: QuadraticLogOdds| {
                    q.c += moved;
                    q.conic_kind()
                };
                let (id, sigmas, conic) = match m {
                    Model::Qda(q) => ("qda", Some([q.sigma0(), q.sigma1()]), Some(drawn(q.quadratic()))),
                    Model::GaussianNb(g) => ("gnb", Some([g.sigma(0), g.sigma(1)]), Some(drawn(g.quadratic()))),
                    _ => ("gda", None, None),
                };
                s.sigmas = sigmas;
                s.conic = conic;
                s.reports.extend(report(id, m, m));
            }
            // A singular shared Σ means every class's Σ is singular too (each class's scatter
            // is part of the pooled one): the fit's sentence says it for all of them, once.
            Some(Err(Error::SingularClassCovariance { .. }))
                if matches!(self.fit, Err(Error::SingularCovariance { .. })) => {}
            Some(Err(e)) => {
                s.model_error = Some(e.to_string());
                s.model_error_message = Some(e.message());
            }
            None => {}
        }
        if let Some(lr) = self.logistic() {
            s.logistic = Some(match lr {
                Ok(lr) => {
                    s.reports.extend(report("logistic", lr, &Model::Logistic(lr.clone())));
                    LogisticSummary {
                        error: None,
                        error_message: None,
                        w: Some(lr.w()),
                        b: Some(lr.b()),
                        lambda: Some(lr.lambda()),
                        separable: lr.separable(),
                        ridge: lr.ridge_fallback(),
                        separated_pairs: Vec::new(),
                    }
                }
                Err(e) => LogisticSummary::failed(e),
            });
        }
        if let (Some(model), Ok(loss)) = (self.decision_log_odds(), self.models.loss()) {
            s.risk = BayesRule::new(model, loss)
                .risk_on(&self.points, &self.labels)
                .ok()
                .map(|r| [r.empirical_risk, r.expected_risk]);
        }
        match &self.fit {
            Ok(fit) => {
                let (w, b) = fit.log_odds_coefficients();
                s.phi = Some(fit.phi());
                s.mu = Some(fit.means_shown());
                s.sigma = Some(fit.sigma());
                s.w = Some(w);
                s.b = Some(b);
                s.boundary_visible = clip_line(w, b, self.view).is_some();
                s.coincident = fit.means_coincide();
                s.prior_alone =
                    s.coincident && matches!(self.models.covariance, Covariance::Shared | Covariance::DiagonalShared);
            }
            Err(e) => {
                s.error = Some(e.to_string());
                s.error_message = Some(e.message());
                // φ and the class means are defined whatever Σ is (a singular Σ has no
                // inverse, the classes still have their means): shown, not blanked.
                if n[0] > 0 && n[1] > 0 {
                    s.phi = Some(n[1] as f64 / (n[0] + n[1]) as f64);
                    s.mu = class_mean(&self.points, &self.labels, 0)
                        .zip(class_mean(&self.points, &self.labels, 1))
                        .map(|(a, b)| [a, b]);
                }
            }
        }
        s
    }
}

impl GdaLab {
    /// The numbers of k > 2 classes: the drawn k-class model's priors, means,
    /// covariances, discriminants (linear models) and training report.
    fn summarise_classes(&self, s: &mut GdaSummary) {
        let k = self.classes;
        let report = |id: &str, m: &Model| {
            let matrix = confusion_matrix(m, &self.points, &self.labels, k);
            let right: usize = (0..k).map(|c| matrix[c][c]).sum();
            // Σ log p(yᵢ | xᵢ): the posterior of the true class, from the max-shifted
            // log-sum-exp of the model (never NaN; −∞ when a class is ruled out).
            let log_likelihood: f64 = self
                .points
                .iter()
                .zip(&self.labels)
                .map(|(p, &l)| m.posteriors(*p).get(usize::from(l)).copied().unwrap_or(0.0).ln())
                .sum();
            ModelReport {
                id: id.to_string(),
                accuracy: right as f64 / self.points.len().max(1) as f64,
                confusion: Confusion::default(),
                matrix,
                log_likelihood: log_likelihood.is_finite().then_some(log_likelihood),
            }
        };
        match &self.main {
            Some(Ok(m)) => {
                let id = match self.models.covariance {
                    Covariance::Shared => "gda",
                    Covariance::PerClass => "qda",
                    Covariance::DiagonalPerClass | Covariance::DiagonalShared => "gnb",
                };
                s.priors = m.priors();
                s.means = m.means();
                s.covariances = m.covariances();
                s.discriminants = m.linear_discriminants();
                s.reports.push(report(id, m));
            }
            Some(Err(e)) => {
                s.error = Some(e.to_string());
                s.error_message = Some(e.message());
            }
            None => {}
        }
        // The softmax overlay drawn over the figure: its row in the training table, and
        // whether λ = 0 has a finite fit or the ridge is shown instead.
        s.logistic = self.softmax().map(|fit| match fit {
            Ok(m) => {
                s.reports.push(report("logistic", m));
                let (lambda, separable, ridge, pairs) = match m {
                    Model::Softmax(f) => {
                        (f.lambda(), !f.mle_exists(), f.ridge_fallback(), f.separated_pairs().to_vec())
                    }
                    _ => (self.models.lambda, false, false, Vec::new()),
                };
                LogisticSummary {
                    error: None,
                    error_message: None,
                    w: None,
                    b: None,
                    lambda: Some(lambda),
                    separable,
                    ridge,
                    separated_pairs: pairs,
                }
            }
            Err(e) => LogisticSummary::failed(e),
        });
    }
}

/// The k × k confusion matrix of `model` on the points: `m[truth][predicted]`.
fn confusion_matrix(model: &dyn MultiClassifier, points: &[Vec2], labels: &[u8], k: usize) -> Vec<Vec<usize>> {
    let mut m = vec![vec![0; k]; k];
    for (p, &l) in points.iter().zip(labels) {
        let predicted = model.predict_class(*p);
        if let Some(row) = m.get_mut(usize::from(l)) {
            if let Some(cell) = row.get_mut(predicted) {
                *cell += 1;
            }
        }
    }
    m
}

/// The number of classes of a source: a generated sample's clouds, a preset's species,
/// or 1 + the largest label of edited points (at least 2).
fn classes_of(source: &Source, labels: &[u8]) -> usize {
    match source {
        Source::Generated(spec) => spec.classes(),
        Source::Fixed { preset: Some(p), .. } => p.classes(),
        Source::Fixed { preset: None, .. } => {
            labels.iter().max().map_or(2, |&l| usize::from(l) + 1).clamp(2, MAX_CLASSES)
        }
    }
}

/// "class 0" … "class k−1".
fn generic_names(k: usize) -> Vec<&'static str> {
    ["class 0", "class 1", "class 2", "class 3", "class 4"][..k.clamp(2, MAX_CLASSES)].to_vec()
}

/// The generated sample as a dataset with generic names.
fn generated_dataset(spec: &ClassesSpec) -> Result<Dataset> {
    let (points, labels) = spec.sample()?;
    Ok(Dataset { points, labels, class_names: generic_names(spec.classes()), axis_names: ["x₁", "x₂"], credit: "" })
}

/// The root mean square distance of class k's points from their mean.
fn class_spread(points: &[Vec2], labels: &[u8], k: u8) -> f64 {
    let Some(m) = class_mean(points, labels, k) else { return 0.0 };
    let (mut s, mut n) = (0.0, 0usize);
    for (p, &l) in points.iter().zip(labels) {
        if l == k {
            s += (p[0] - m[0]).powi(2) + (p[1] - m[1]).powi(2);
            n += 1;
        }
    }
    (s / n.max(1) as f64).sqrt()
}

fn class_mean(points: &[Vec2], labels: &[u8], k: u8) -> Option<Vec2> {
    let (mut sx, mut sy, mut n) = (0.0, 0.0, 0usize);
    for (p, &l) in points.iter().zip(labels) {
        if l == k {
            sx += p[0];
            sy += p[1];
            n += 1;
        }
    }
    (n > 0).then(|| [sx / n as f64, sy / n as f64])
}

/// `base` widened around its centre to the aspect ratio (width / height) `aspect`.
fn with_aspect(base: Rect, aspect: f64) -> Rect {
    let (cx, cy) = (0.5 * (base.x0 + base.x1), 0.5 * (base.y0 + base.y1));
    let (mut hw, mut hh) = (0.5 * (base.x1 - base.x0), 0.5 * (base.y1 - base.y0));
    if hw / hh < aspect {
        hw = hh * aspect;
    } else {
        hh = hw / aspect;
    }
    Rect { x0: cx - hw, x1: cx + hw, y0: cy - hh, y1: cy + hh }
}

/// A fixed window around the generating means wide enough for ±3σ of every class.
fn generated_view(spec: &ClassesSpec) -> Rect {
    let mut r = Rect { x0: -5.0, x1: 5.0, y0: -4.0, y1: 4.0 };
    for c in spec.clouds.iter().map(|c: &Cloud| c.params) {
        r.x0 = r.x0.min(c.mean[0] - 3.0 * c.sd[0]);
        r.x1 = r.x1.max(c.mean[0] + 3.0 * c.sd[0]);
        r.y0 = r.y0.min(c.mean[1] - 3.0 * c.sd[1]);
        r.y1 = r.y1.max(c.mean[1] + 3.0 * c.sd[1]);
    }
    r
}

/// The bounding box of the points, padded by `pad` of its size on each side; a default
/// window when the points span nothing, or so much that the padded box would overflow.
fn padded_bounds(points: &[Vec2], pad: f64) -> Rect {
    let fallback = Rect { x0: -5.0, x1: 5.0, y0: -4.0, y1: 4.0 };
    let mut r = Rect { x0: f64::INFINITY, x1: f64::NEG_INFINITY, y0: f64::INFINITY, y1: f64::NEG_INFINITY };
    for p in points {
        r.x0 = r.x0.min(p[0]);
        r.x1 = r.x1.max(p[0]);
        r.y0 = r.y0.min(p[1]);
        r.y1 = r.y1.max(p[1]);
    }
    if r.x1 <= r.x0 || r.y1 <= r.y0 || r.x0.is_nan() || r.y0.is_nan() {
        return fallback;
    }
    let (dx, dy) = ((r.x1 - r.x0) * pad, (r.y1 - r.y0) * pad);
    let padded = Rect { x0: r.x0 - dx, x1: r.x1 + dx, y0: r.y0 - dy, y1: r.y1 + dy };
    // A window wider than ~1e300 cannot be drawn or divided into ticks.
    let sane = [padded.x0, padded.x1, padded.y0, padded.y1].iter().all(|v| v.is_finite() && v.abs() < 1e300);
    if sane {
        padded
    } else {
        fallback
    }
}
