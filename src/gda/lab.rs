//! The GDA panel's state, without any browser types: where the points come from (a seeded
//! sample or a real preset), how far each class has been dragged, the fit, and the summary
//! the numbers panel shows. The web layer wraps it; native tests drive it directly.
//!
//! Dragging class k's mean by Δ translates every class-k point by Δ. For a generated sample
//! that is the same as moving the generating mean (x = μ + Lz with the same z), so a drag
//! never resamples and the cloud keeps its shape.

use serde::Serialize;

use crate::data::{Dataset, Preset};
use crate::error::{Error, Result};
use crate::gda::geometry::{clip_line, Rect};
use crate::gda::{Gda, SampleSpec};
use crate::stats::linalg::Vec2;

/// Where the panel's points come from.
#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    /// Two Gaussian clouds drawn from a seed.
    Generated(SampleSpec),
    /// A real dataset; `offset[k]` is how far class k has been dragged.
    Preset {
        /// Which preset.
        preset: Preset,
        /// Drag offsets per class.
        offset: [Vec2; 2],
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
    sampled_means: [Vec2; 2],
}

/// The numbers the panel shows, read from the model at draw time. `None` where the fit
/// failed; `error` then holds the sentence that explains why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GdaSummary {
    /// The fit's error, as a sentence for the student.
    pub error: Option<String>,
    /// Points per class.
    pub n: [usize; 2],
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
    /// Class names, class 0 first.
    pub class_names: [String; 2],
    /// Axis names.
    pub axis_names: [String; 2],
    /// The data credit line (empty for generated data).
    pub credit: String,
    /// `"generated"` or the preset's id.
    pub source: String,
    /// The seed (generated data only).
    pub seed: Option<u64>,
}

impl GdaLab {
    /// A panel showing a generated sample.
    ///
    /// # Errors
    /// As [`SampleSpec::sample`].
    pub fn generated(spec: SampleSpec) -> Result<GdaLab> {
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
        Ok(GdaLab::assemble(Source::Preset { preset, offset: [[0.0; 2]; 2] }, base, view))
    }

    fn assemble(source: Source, base: Dataset, view: Rect) -> GdaLab {
        let sampled_means = match &source {
            Source::Generated(spec) => [spec.class0.mean, spec.class1.mean],
            Source::Preset { .. } => [[0.0; 2]; 2],
        };
        let mut lab = GdaLab {
            source,
            points: Vec::new(),
            labels: base.labels.clone(),
            base,
            fit: Err(Error::EmptyClass { class: 0 }),
            view,
            sampled_means,
        };
        lab.refit();
        lab
    }

    /// Replaces the generating parameters (counts, σ, ρ, seed) and resamples, keeping the
    /// view. On a preset it switches to generated data.
    ///
    /// # Errors
    /// As [`SampleSpec::validate`]; the panel keeps its previous state.
    pub fn set_spec(&mut self, spec: SampleSpec) -> Result<()> {
        let base = generated_dataset(&spec)?;
        if !matches!(self.source, Source::Generated(_)) {
            self.view = generated_view(&spec);
        }
        self.source = Source::Generated(spec);
        self.sampled_means = [spec.class0.mean, spec.class1.mean];
        self.labels = base.labels.clone();
        self.base = base;
        self.refit();
        Ok(())
    }

    /// The generating parameters, when the data are generated.
    pub fn spec(&self) -> Option<SampleSpec> {
        match &self.source {
            Source::Generated(spec) => Some(*spec),
            Source::Preset { .. } => None,
        }
    }

    /// The preset shown, if any.
    pub fn preset_shown(&self) -> Option<Preset> {
        match &self.source {
            Source::Preset { preset, .. } => Some(*preset),
            Source::Generated(_) => None,
        }
    }

    /// Where class k's drag handle is: its fitted mean, or (when the fit failed) the mean
    /// of its points, or the generating mean when it has none.
    pub fn handle(&self, k: usize) -> Vec2 {
        let k = k.min(1);
        if let Ok(fit) = &self.fit {
            return if k == 0 { fit.mu0() } else { fit.mu1() };
        }
        class_mean(&self.points, &self.labels, k as u8).unwrap_or_else(|| match &self.source {
            Source::Generated(spec) => [spec.class0, spec.class1][k].mean,
            Source::Preset { .. } => [0.5 * (self.view.x0 + self.view.x1), 0.5 * (self.view.y0 + self.view.y1)],
        })
    }

    /// Moves class k's handle to `to` (clamped to the view), translating the class.
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
        let k = k.min(1);
        let v = self.view;
        let to = [to[0].clamp(v.x0, v.x1), to[1].clamp(v.y0, v.y1)];
        let from = self.handle(k);
        let delta = [to[0] - from[0], to[1] - from[1]];
        match &mut self.source {
            Source::Generated(spec) => {
                let c = if k == 0 { &mut spec.class0 } else { &mut spec.class1 };
                c.mean = [c.mean[0] + delta[0], c.mean[1] + delta[1]];
            }
            Source::Preset { offset, .. } => {
                offset[k] = [offset[k][0] + delta[0], offset[k][1] + delta[1]];
            }
        }
        self.refit();
        Ok(())
    }

    /// Recomputes the points from the base data and offsets, and refits.
    fn refit(&mut self) {
        let offsets = match &self.source {
            // x = μ + Lz: moving μ translates the base sample by the difference between
            // the current generating mean and the one it was drawn at.
            Source::Generated(spec) => {
                let sampled = self.sampled_means;
                [0, 1].map(|k| {
                    let now = [spec.class0, spec.class1][k].mean;
                    [now[0] - sampled[k][0], now[1] - sampled[k][1]]
                })
            }
            Source::Preset { offset, .. } => *offset,
        };
        self.points = self
            .base
            .points
            .iter()
            .zip(&self.base.labels)
            .map(|(p, &l)| [p[0] + offsets[l as usize][0], p[1] + offsets[l as usize][1]])
            .collect();
        self.fit = Gda::fit(&self.points, &self.labels);
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
    /// different units.
    pub fn match_aspect(&mut self, aspect: f64) {
        let Source::Generated(spec) = &self.source else { return };
        if !(aspect.is_finite() && aspect > 0.0) {
            return;
        }
        let base = generated_view(spec);
        let (cx, cy) = (0.5 * (base.x0 + base.x1), 0.5 * (base.y0 + base.y1));
        let (mut hw, mut hh) = (0.5 * (base.x1 - base.x0), 0.5 * (base.y1 - base.y0));
        if hw / hh < aspect {
            hw = hh * aspect;
        } else {
            hh = hw / aspect;
        }
        self.view = Rect { x0: cx - hw, x1: cx + hw, y0: cy - hh, y1: cy + hh };
    }

    /// The dataset's names and credit.
    pub fn dataset(&self) -> &Dataset {
        &self.base
    }

    /// The numbers panel's content.
    pub fn summary(&self) -> GdaSummary {
        let n = [0u8, 1].map(|k| self.labels.iter().filter(|&&l| l == k).count());
        let (seed, source) = match &self.source {
            Source::Generated(spec) => (Some(spec.seed), "generated".to_string()),
            Source::Preset { preset, .. } => (None, preset.id().to_string()),
        };
        let mut s = GdaSummary {
            error: None,
            n,
            phi: None,
            mu: None,
            sigma: None,
            w: None,
            b: None,
            boundary_visible: false,
            class_names: self.base.class_names.map(String::from),
            axis_names: self.base.axis_names.map(String::from),
            credit: self.base.credit.to_string(),
            source,
            seed,
        };
        match &self.fit {
            Ok(fit) => {
                let (w, b) = fit.log_odds_coefficients();
                s.phi = Some(fit.phi());
                s.mu = Some([fit.mu0(), fit.mu1()]);
                s.sigma = Some(fit.sigma());
                s.w = Some(w);
                s.b = Some(b);
                s.boundary_visible = clip_line(w, b, self.view).is_some();
            }
            Err(e) => s.error = Some(e.to_string()),
        }
        s
    }
}

/// The generated sample as a dataset with generic names.
fn generated_dataset(spec: &SampleSpec) -> Result<Dataset> {
    let (points, labels) = spec.sample()?;
    Ok(Dataset { points, labels, class_names: ["class 0", "class 1"], axis_names: ["x₁", "x₂"], credit: "" })
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

/// A fixed window around the generating means wide enough for ±3σ of both classes.
fn generated_view(spec: &SampleSpec) -> Rect {
    let mut r = Rect { x0: -5.0, x1: 5.0, y0: -4.0, y1: 4.0 };
    for c in [spec.class0, spec.class1] {
        r.x0 = r.x0.min(c.mean[0] - 3.0 * c.sd[0]);
        r.x1 = r.x1.max(c.mean[0] + 3.0 * c.sd[0]);
        r.y0 = r.y0.min(c.mean[1] - 3.0 * c.sd[1]);
        r.y1 = r.y1.max(c.mean[1] + 3.0 * c.sd[1]);
    }
    r
}

/// The bounding box of the points, padded by `pad` of its size on each side.
fn padded_bounds(points: &[Vec2], pad: f64) -> Rect {
    let mut r = Rect { x0: f64::INFINITY, x1: f64::NEG_INFINITY, y0: f64::INFINITY, y1: f64::NEG_INFINITY };
    for p in points {
        r.x0 = r.x0.min(p[0]);
        r.x1 = r.x1.max(p[0]);
        r.y0 = r.y0.min(p[1]);
        r.y1 = r.y1.max(p[1]);
    }
    if r.x1 <= r.x0 || r.y1 <= r.y0 || r.x0.is_nan() || r.y0.is_nan() {
        return Rect { x0: -5.0, x1: 5.0, y0: -4.0, y1: 4.0 };
    }
    let (dx, dy) = ((r.x1 - r.x0) * pad, (r.y1 - r.y0) * pad);
    Rect { x0: r.x0 - dx, x1: r.x1 + dx, y0: r.y0 - dy, y1: r.y1 + dy }
}
