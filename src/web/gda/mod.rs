//! The GDA panel's handle: it owns the panel state ([`GdaLab`]) and the canvas, and draws
//! with plotters into a software raster copied to the canvas, the labels through
//! `CanvasBackend`. This file holds the handle and its data and settings (the state a link
//! carries, the generating clouds, the presets, the models); `pointer.rs` the pointer and
//! keyboard (where pointer positions in CSS pixels are scaled by the device pixel ratio),
//! `draw.rs` the canvas and the draw.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

mod draw;
mod pointer;
// The boundary prediction's exports (a child module: it reaches the panel's state).
mod predict;

use super::{js_error, js_message, to_js};
use crate::data::Preset;
use crate::gda::lab::ModelSettings;
use crate::gda::{ClassParams, GdaLab, SampleSpec};
use crate::limits;
use crate::message::{codes, Message};
use crate::plot::figure::GdaFigure;
use crate::plot::gda::{plot_box, GdaLayers, PlotFrame};
use crate::plot::Style;

/// How near another mean (in CSS pixels) a dragged mean snaps onto it: a few pixels, less
/// than a mean's own 22 px grab reach, so a mean can still be dragged past another.
pub const SNAP_CSS_PX: f64 = 6.0;

/// The generating parameters as the controls send them.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
struct Params {
    n0: f64,
    n1: f64,
    sd0: [f64; 2],
    rho0: f64,
    sd1: [f64; 2],
    rho1: f64,
    seed: f64,
}

/// One generated class's cloud as the per-class controls send it (its mean is dragged).
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
struct CloudParams {
    n: f64,
    sd: [f64; 2],
    rho: f64,
}

/// Every generated class's cloud and the seed: `{seed, clouds: [{n, sd, rho}, …]}`.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct CloudsParams {
    seed: f64,
    clouds: Vec<CloudParams>,
}

/// One GDA panel bound to one canvas.
#[wasm_bindgen]
pub struct GdaPanel {
    lab: GdaLab,
    canvas: HtmlCanvasElement,
    style: Style,
    layers: GdaLayers,
    frame: Option<PlotFrame>,
    css_size: (f64, f64),
    /// The frame a drag started in: the pointer maps to data through it for the whole drag.
    drag_frame: Option<PlotFrame>,
    /// Everything but the text, drawn in wasm and copied out with `putImageData` (only
    /// what changed since the last frame): a canvas call per shape and its rasterization
    /// by the browser cost several times more.
    figure: GdaFigure,
}

#[wasm_bindgen]
impl GdaPanel {
    /// A panel on `canvas`, opening on the default generated sample.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement) -> Result<GdaPanel, JsError> {
        let lab = GdaLab::generated(SampleSpec::default()).map_err(js_error)?;
        Ok(GdaPanel {
            lab,
            canvas,
            style: Style::default(),
            layers: GdaLayers::default(),
            frame: None,
            css_size: (0.0, 0.0),
            drag_frame: None,
            figure: GdaFigure::new(),
        })
    }

    /// Shows exactly the settings `state`, a link's `gda` part (`{source, seed, n, sd, rho,
    /// means, models}`, see `genlab::state::GdaState`): the data, the means (`null`: where
    /// the data put them) and the model settings, all at once. Nothing of the screen before
    /// survives, so a history step or a link always shows what its URL says.
    ///
    /// # Errors
    /// A state of another shape, or a value out of range (the sentence names it); the panel
    /// keeps its previous state then.
    ///
    /// `points` (`[x0, y0, label0, …]`) and `names` (a preset id) are the user's own points
    /// and the names they carry, for `source: "custom"`: the page keeps them in its
    /// history entries, as a link cannot carry them.
    #[wasm_bindgen(js_name = setState)]
    pub fn set_state(
        &mut self,
        state: JsValue,
        points: Option<Vec<f64>>,
        names: Option<String>,
    ) -> Result<(), JsError> {
        let s: crate::state::GdaState = serde_wasm_bindgen::from_value(state)
            .map_err(|e| JsError::new(&format!("The panel's state could not be read: {e}")))?;
        if s.source == "custom" {
            return self.set_custom_state(&s, points, names);
        }
        // The link's rules are the panel's: a state a link could not carry is refused with
        // the rule it breaks (the key tables of `genlab::state`).
        if let Err(n) = crate::state::check_gda(&s) {
            let rule = match &n.reason {
                crate::state::NoticeReason::Invalid(rule) | crate::state::NoticeReason::Cut(rule) => *rule,
                _ => "it is not a setting of this panel",
            };
            return Err(js_message(
                &Message::new(&codes::INVALID_PARAMETER)
                    .text("name", n.key.as_str())
                    .text("value", n.value.as_str())
                    .msg("rule", crate::message::rule_message(rule)),
            ));
        }
        self.lab =
            GdaLab::from_classes_settings(&s.source, s.classes_spec(), s.all_means(), s.models).map_err(js_error)?;
        self.lab.set_pairwise(s.pairwise);
        self.drag_frame = None;
        self.match_aspect();
        Ok(())
    }

    /// [`GdaPanel::set_state`] for the user's own points.
    fn set_custom_state(
        &mut self,
        s: &crate::state::GdaState,
        points: Option<Vec<f64>>,
        names: Option<String>,
    ) -> Result<(), JsError> {
        let Some(flat) = points.filter(|f| f.len() % 3 == 0) else {
            return Err(js_message(&Message::new(&codes::OWN_POINTS_LINK)));
        };
        let names = names.as_deref().map(Preset::from_id).transpose().map_err(js_error)?;
        let points: Vec<[f64; 2]> = flat.chunks_exact(3).map(|c| [c[0], c[1]]).collect();
        let labels: Vec<u8> = flat
            .chunks_exact(3)
            .map(|c| {
                // A label that is not a whole class index becomes one the fit refuses
                // with a sentence.
                if c[2] >= 0.0 && c[2] < crate::gda::MAX_CLASSES as f64 && c[2].fract() == 0.0 {
                    c[2] as u8
                } else {
                    u8::MAX
                }
            })
            .collect();
        let mut lab = GdaLab::generated(SampleSpec::default()).map_err(js_error)?;
        lab.load_points(points, labels, names).map_err(js_error)?;
        lab.set_models(s.models).map_err(js_error)?;
        self.lab = lab;
        self.drag_frame = None;
        Ok(())
    }

    /// The panel's settings as its link writes them (`genlab::state::GdaState`): what the
    /// page puts in the URL and in a history entry.
    ///
    /// # Errors
    /// Only if the state could not be turned into a JS object.
    pub fn state(&self) -> Result<JsValue, JsError> {
        to_js(&crate::state::GdaState::of_lab(&self.lab))
    }

    /// What the 3-D view draws for the panel now (`genlab::plot::surface::SurfaceModel`:
    /// `{view, classes, level, losses}`), for the view's own module (`GdaSurface.draw`).
    ///
    /// # Errors
    /// Only if the numbers could not be turned into a JS object.
    #[wasm_bindgen(js_name = surfaceModel)]
    pub fn surface_model(&self) -> Result<JsValue, JsError> {
        to_js(&crate::plot::surface::SurfaceModel::of(&self.lab))
    }

    /// Shows or hides every pairwise boundary, dashed (k > 2).
    #[wasm_bindgen(js_name = setPairwise)]
    pub fn set_pairwise(&mut self, on: bool) {
        self.lab.set_pairwise(on);
    }

    /// The number of classes k of the data shown.
    pub fn classes(&self) -> usize {
        self.lab.classes()
    }

    /// Sets the number of generated classes k (2 … 5), keeping the seed and the clouds of
    /// the classes that stay; new classes get their default clouds. On a preset it switches
    /// to generated data.
    ///
    /// # Errors
    /// A k out of range, as a sentence; the panel keeps its state then.
    #[wasm_bindgen(js_name = setClasses)]
    pub fn set_classes(&mut self, k: f64) -> Result<(), JsError> {
        let k = limits::CLASSES.check("k", k).map_err(js_error)? as usize;
        let was_preset = self.lab.classes_spec().is_none();
        let mut spec = crate::gda::ClassesSpec::default_for(k);
        if let Some(old) = self.lab.classes_spec() {
            spec.seed = old.seed;
            for (new, old) in spec.clouds.iter_mut().zip(&old.clouds) {
                *new = *old;
            }
        }
        self.lab.set_classes_spec(spec).map_err(js_error)?;
        if was_preset {
            self.match_aspect();
        }
        Ok(())
    }

    /// The preset id whose names the user's own points carry, or `null`.
    #[wasm_bindgen(js_name = namesPreset)]
    pub fn names_preset(&self) -> Option<String> {
        self.lab.names_preset().map(|p| p.id().to_string())
    }

    /// Whether a mean has been moved from where the data put it (the link then carries
    /// both means).
    #[wasm_bindgen(js_name = meansMoved)]
    pub fn means_moved(&self) -> bool {
        self.lab.means_moved()
    }

    /// The generating parameters `{n0, n1, sd0: [σx, σy], rho0, sd1, rho1, seed}`, or
    /// `null` when a preset is shown.
    pub fn params(&self) -> Result<JsValue, JsError> {
        let Some(s) = self.lab.classes_spec() else { return Ok(JsValue::NULL) };
        let (c0, c1) = (&s.clouds[0], &s.clouds[1]);
        let p = Params {
            n0: c0.n as f64,
            n1: c1.n as f64,
            sd0: c0.params.sd,
            rho0: c0.params.rho,
            sd1: c1.params.sd,
            rho1: c1.params.rho,
            seed: s.seed as f64,
        };
        serde_wasm_bindgen::to_value(&p).map_err(|e| JsError::new(&e.to_string()))
    }

    /// The handles' positions, `[x0, y0, x1, y1, …]`, one pair per class: the fitted
    /// means, or the generating means when a class has no points.
    pub fn handles(&self) -> Vec<f64> {
        (0..self.lab.classes()).flat_map(|k| self.lab.handle(k)).collect()
    }

    /// Sets the generating parameters and resamples (switching to generated data).
    ///
    /// # Errors
    /// A sentence naming the parameter out of range; the panel keeps its previous state.
    #[wasm_bindgen(js_name = setParams)]
    pub fn set_params(&mut self, params: JsValue) -> Result<(), JsError> {
        let p: Params =
            serde_wasm_bindgen::from_value(params).map_err(|_| js_message(&Message::new(&codes::SAMPLE_UNREADABLE)))?;
        // The sliders', the seed box's and the link's ranges: one constant, one sentence.
        let count = |name: &'static str, v: f64| -> Result<usize, JsError> {
            limits::POINTS_PER_CLASS.check(name, v).map(|v| v as usize).map_err(js_error)
        };
        let seed = limits::SEED.check("seed", p.seed).map_err(js_error)? as u64;
        for (name, sd) in [("σₓ", p.sd0[0]), ("σᵧ", p.sd0[1]), ("σₓ", p.sd1[0]), ("σᵧ", p.sd1[1])] {
            limits::SIGMA.check(name, sd).map_err(js_error)?;
        }
        for rho in [p.rho0, p.rho1] {
            limits::RHO.check("ρ", rho).map_err(js_error)?;
        }
        let means = match self.lab.classes_spec() {
            Some(s) => [s.clouds[0].params.mean, s.clouds[1].params.mean],
            None => {
                let d = SampleSpec::default();
                [d.class0.mean, d.class1.mean]
            }
        };
        let spec = SampleSpec {
            n0: count("n₀", p.n0)?,
            n1: count("n₁", p.n1)?,
            class0: ClassParams { mean: means[0], sd: p.sd0, rho: p.rho0 },
            class1: ClassParams { mean: means[1], sd: p.sd1, rho: p.rho1 },
            seed,
        };
        let was_preset = self.lab.classes_spec().is_none();
        // The sliders set classes 0 and 1; classes 2 … k − 1 keep their clouds.
        let mut classes = crate::gda::ClassesSpec::from_two(&spec);
        if let Some(old) = self.lab.classes_spec() {
            classes.clouds.extend(old.clouds.iter().skip(2).copied());
        }
        self.lab.set_classes_spec(classes).map_err(js_error)?;
        if was_preset {
            self.match_aspect();
        }
        Ok(())
    }

    /// The generating clouds of every class and the seed, `{seed, clouds: [{n, sd: [σx,
    /// σy], rho}, …]}` (one per class), or `null` while the data are not generated.
    ///
    /// # Errors
    /// Only if the value could not be turned into a JS object.
    pub fn clouds(&self) -> Result<JsValue, JsError> {
        let Some(s) = self.lab.classes_spec() else { return Ok(JsValue::NULL) };
        let clouds =
            s.clouds.iter().map(|c| CloudParams { n: c.n as f64, sd: c.params.sd, rho: c.params.rho }).collect();
        serde_wasm_bindgen::to_value(&CloudsParams { seed: s.seed as f64, clouds })
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// Sets every class's cloud (n, σx, σy, ρ; k = the number of clouds, 2 … 5) and the
    /// seed, and resamples. Each class keeps its mean (a class new to the data gets its
    /// default one); on a preset it switches to generated data.
    ///
    /// # Errors
    /// A sentence naming the value out of range; the panel keeps its previous state.
    #[wasm_bindgen(js_name = setClouds)]
    pub fn set_clouds(&mut self, params: JsValue) -> Result<(), JsError> {
        let p: CloudsParams =
            serde_wasm_bindgen::from_value(params).map_err(|_| js_message(&Message::new(&codes::SAMPLE_UNREADABLE)))?;
        let k = limits::CLASSES.check("k", p.clouds.len() as f64).map_err(js_error)? as usize;
        let seed = limits::SEED.check("seed", p.seed).map_err(js_error)? as u64;
        let old = self.lab.classes_spec().cloned();
        let mut spec = crate::gda::ClassesSpec::default_for(k);
        spec.seed = seed;
        for (c, (cloud, given)) in spec.clouds.iter_mut().zip(&p.clouds).enumerate() {
            let n = limits::POINTS_PER_CLASS.check("n", given.n).map_err(js_error)? as usize;
            for (name, sd) in [("σₓ", given.sd[0]), ("σᵧ", given.sd[1])] {
                limits::SIGMA.check(name, sd).map_err(js_error)?;
            }
            limits::RHO.check("ρ", given.rho).map_err(js_error)?;
            let mean = old.as_ref().and_then(|o| o.clouds.get(c)).map_or(cloud.params.mean, |o| o.params.mean);
            *cloud = crate::gda::Cloud { n, params: ClassParams { mean, sd: given.sd, rho: given.rho } };
        }
        self.lab.set_classes_spec(spec).map_err(js_error)?;
        if old.is_none() {
            self.match_aspect();
        }
        Ok(())
    }

    /// Shows a real preset by id (see `gdaPresets()`).
    ///
    /// # Errors
    /// An unknown id.
    #[wasm_bindgen(js_name = loadPreset)]
    pub fn load_preset(&mut self, id: &str) -> Result<(), JsError> {
        let preset = Preset::from_id(id).map_err(js_error)?;
        let models = *self.lab.models();
        self.lab = GdaLab::preset(preset).map_err(js_error)?;
        // The model and decision settings belong to the lesson, not to the data.
        self.lab.set_models(models).map_err(js_error)?;
        Ok(())
    }

    /// Returns to generated data with the default parameters (and the given seed).
    #[wasm_bindgen(js_name = loadGenerated)]
    pub fn load_generated(&mut self) -> Result<(), JsError> {
        let models = *self.lab.models();
        self.lab = GdaLab::generated(SampleSpec::default()).map_err(js_error)?;
        self.lab.set_models(models).map_err(js_error)?;
        self.match_aspect();
        Ok(())
    }

    /// The source shown: `"generated"` or a preset id.
    pub fn source(&self) -> String {
        self.lab.source_id()
    }

    /// The model and decision settings: `{covariance: "shared" | "per-class" |
    /// "diagonal-per-class" | "diagonal-shared", logistic: bool, lambda, prior: number |
    /// null, loss01, loss10, heat: bool}`.
    ///
    /// # Errors
    /// A setting out of range (the sentence names it); nothing changes then.
    #[wasm_bindgen(js_name = setModels)]
    pub fn set_models(&mut self, settings: JsValue) -> Result<(), JsError> {
        let settings: ModelSettings = serde_wasm_bindgen::from_value(settings)
            .map_err(|_| js_message(&Message::new(&codes::SETTINGS_UNREADABLE)))?;
        // The boxes' and the link's ranges (a value the link would refuse is refused here).
        limits::L2.check("λ", settings.lambda).map_err(js_error)?;
        if let Some(prior) = settings.prior {
            limits::PRIOR_PHI.check("φ′", prior).map_err(js_error)?;
        }
        limits::LOSS.check("λ₀₁", settings.loss01).map_err(js_error)?;
        limits::LOSS.check("λ₁₀", settings.loss10).map_err(js_error)?;
        self.lab.set_models(settings).map_err(js_error)
    }

    /// The model and decision settings in force.
    pub fn models(&self) -> Result<JsValue, JsError> {
        to_js(self.lab.models())
    }

    /// Replaces the points with a CSV of labelled points (`x,y,label` per line).
    ///
    /// # Errors
    /// A line-numbered sentence for the first bad line; the points are kept then.
    #[wasm_bindgen(js_name = loadCsv)]
    pub fn load_csv(&mut self, text: &str) -> Result<(), JsError> {
        self.lab.load_csv(text).map_err(js_error)
    }

    /// Adds eight far class-1 outliers (GDA moves, logistic regression holds).
    ///
    /// # Errors
    /// When a class is empty.
    #[wasm_bindgen(js_name = addOutliers)]
    pub fn add_outliers(&mut self) -> Result<(), JsError> {
        self.lab.add_outliers().map_err(js_error)
    }

    /// Splits class 1 into two clouds: no longer Gaussian.
    ///
    /// # Errors
    /// When a class is empty.
    #[wasm_bindgen(js_name = makeBimodal)]
    pub fn make_bimodal(&mut self) -> Result<(), JsError> {
        self.lab.make_bimodal().map_err(js_error)
    }

    /// The points as `[x0, y0, label0, x1, y1, label1, …]` (for export and tests).
    #[wasm_bindgen(js_name = pointsFlat)]
    pub fn points_flat(&self) -> Vec<f64> {
        let (p, l) = self.lab.points();
        p.iter().zip(l).flat_map(|(p, &l)| [p[0], p[1], f64::from(l)]).collect()
    }

    /// The numbers panel's content: `{error, n, phi, mu, sigma, w, b, ...}` (see
    /// `GdaSummary`); absent numbers are `null`.
    pub fn summary(&self) -> Result<JsValue, JsError> {
        to_js(&self.lab.summary())
    }

    fn match_aspect(&mut self) {
        let (w, h) = plot_box(self.canvas.width(), self.canvas.height(), &self.style);
        self.lab.match_aspect(w / h);
    }
}

/// The presets the GDA panel offers: `[{id, classes}]` (in the GDA module only: the
/// others would carry the presets' data for nothing).
#[wasm_bindgen(js_name = gdaPresets)]
pub fn gda_presets() -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    struct Item {
        id: &'static str,
        classes: Vec<&'static str>,
    }
    let mut items = Vec::new();
    for p in Preset::ALL {
        let d = p.load().map_err(js_error)?;
        items.push(Item { id: p.id(), classes: d.class_names });
    }
    to_js(&items)
}
