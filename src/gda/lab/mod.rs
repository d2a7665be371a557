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

mod edit;
mod helpers;
mod settings;
mod summary;

use helpers::*;
pub use settings::*;
pub use summary::*;

/// Most points the panel holds when the user adds them.
pub const MAX_EDITABLE_POINTS: usize = 100_000;

/// The largest coordinate a class mean may have, in size: what a link can carry
/// (`m0`, `m1` in [`crate::state`]) and how far a drag or the keyboard can take a mean, so
/// that every screen the panel can show has a link that reopens it.
pub const MAX_MEAN: f64 = 1e6;

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
}
