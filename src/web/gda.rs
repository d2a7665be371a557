//! The GDA panel's handle: it owns the panel state ([`GdaLab`]) and the canvas, and draws
//! with plotters into a software raster copied to the canvas, the labels through
//! `CanvasBackend`. Pointer positions arrive in CSS pixels and are scaled by the device
//! pixel ratio here, in one place.

use std::cell::RefCell;

use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::HtmlCanvasElement;

use super::{js_error, js_message, to_js};

// The boundary prediction's exports (a child module: it reaches the panel's state).
#[path = "gda_predict.rs"]
mod predict;
use crate::data::Preset;
use crate::error::Error;
use crate::gda::lab::ModelSettings;
use crate::gda::{ClassParams, GdaLab, SampleSpec};
use crate::limits;
use crate::message::{codes, Message};
use crate::plot::figure::GdaFigure;
use crate::plot::gda::{draw_with, plot_box, GdaLayers, PlotFrame};
use crate::plot::raster::{draw_texts, QueuedText, Raster, RasterBackend, MAX_PIXELS};
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
        // the rule it breaks (one table of ranges, in `genlab::state`).
        let app = crate::state::AppState { gda: s.clone(), ..crate::state::AppState::default() };
        if let Some(n) = crate::state::parse_query(&crate::state::to_query(&app)).1.first() {
            let rule = match &n.reason {
                crate::state::NoticeReason::Invalid(rule) | crate::state::NoticeReason::Cut(rule) => *rule,
                _ => "it is not a setting of this panel",
            };
            let rule = crate::message::rule_message(rule);
            return Err(js_message(
                &Message::new(&codes::INVALID_PARAMETER)
                    .text("name", n.key.as_str())
                    .text("value", n.value.as_str())
                    .msg("rule", rule),
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

    /// A drag of a mean starts: the window is held still until [`GdaPanel::end_drag`], and
    /// the pointer maps to data through the frame drawn last, so the mean stays under it.
    #[wasm_bindgen(js_name = beginDrag)]
    pub fn begin_drag(&mut self) {
        self.drag_frame = self.frame;
        self.lab.hold_view(true);
    }

    /// The drag ends: the window fits the data again (as a link of this state would show).
    #[wasm_bindgen(js_name = endDrag)]
    pub fn end_drag(&mut self) {
        self.drag_frame = None;
        self.lab.hold_view(false);
        self.match_aspect();
    }

    /// Shows the keyboard cursor at data position `(x, y)`, or hides it (`NaN`).
    #[wasm_bindgen(js_name = setCursor)]
    pub fn set_cursor(&mut self, x: f64, y: f64) {
        self.layers.cursor = (x.is_finite() && y.is_finite()).then_some([x, y]);
    }

    /// The centre of the plot window `[x, y]`, where the keyboard cursor starts.
    #[wasm_bindgen(js_name = viewCentre)]
    pub fn view_centre(&self) -> Vec<f64> {
        let v = self.lab.view();
        vec![0.5 * (v.x0 + v.x1), 0.5 * (v.y0 + v.y1)]
    }

    /// `[x0, x1, y0, y1]`: the plot window in data units.
    #[wasm_bindgen(js_name = viewRect)]
    pub fn view_rect(&self) -> Vec<f64> {
        let v = self.lab.view();
        vec![v.x0, v.x1, v.y0, v.y1]
    }

    /// Adds a point of class `label` at the data position `(x, y)` (the keyboard cursor).
    ///
    /// # Errors
    /// Outside the plot window, a bad label, or too many points.
    #[wasm_bindgen(js_name = addPointAt)]
    pub fn add_point_at(&mut self, x: f64, y: f64, label: u8) -> Result<(), JsError> {
        if !self.lab.view().contains([x, y]) {
            return Err(js_error(Error::InvalidParameter {
                name: "point",
                value: "outside the plot".into(),
                rule: "a point must be placed inside the plot box",
            }));
        }
        self.lab.add_point([x, y], label).map_err(js_error)
    }

    /// The index of the point nearest the data position `(x, y)` (distances measured on
    /// screen, as the eye judges them), or −1 when there are no points.
    #[wasm_bindgen(js_name = nearestPoint)]
    pub fn nearest_point(&self, x: f64, y: f64) -> i32 {
        let Some(frame) = self.frame else { return -1 };
        let [l, t, r, b] = frame.pixels.map(f64::from);
        let v = frame.view;
        let scale = [(v.x1 - v.x0) / (r - l).max(1.0), (v.y1 - v.y0) / (b - t).max(1.0)];
        self.lab.nearest_point([x, y], f64::INFINITY, scale).map_or(-1, |i| i as i32)
    }

    /// Moves point `i` to the data position `(x, y)` (kept inside the plot window).
    ///
    /// # Errors
    /// No such point, or a non-finite position.
    #[wasm_bindgen(js_name = movePointTo)]
    pub fn move_point_to(&mut self, i: u32, x: f64, y: f64) -> Result<(), JsError> {
        let v = self.lab.view();
        self.lab.move_point(i as usize, [x.clamp(v.x0, v.x1), y.clamp(v.y0, v.y1)]).map_err(js_error)
    }

    /// p(y=1|x) at the data position `(x, y)` from the drawn model and prior (the
    /// boundary on screen is where it crosses the threshold), or `null` without a model.
    #[wasm_bindgen(js_name = posteriorAtData)]
    pub fn posterior_at_data(&self, x: f64, y: f64) -> Option<f64> {
        self.lab.decision_posterior([x, y])
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

    /// Sizes the canvas backing store to CSS size × dpr. Assigning `canvas.width` clears
    /// the canvas, so this only touches it on a real change; returns whether it did.
    pub fn resize(&mut self, css_width: f64, css_height: f64, dpr: f64) -> bool {
        let dpr = if dpr.is_finite() && dpr > 0.0 { dpr.clamp(0.5, 4.0) } else { 1.0 };
        let (w, h) = ((css_width.max(1.0) * dpr).round() as u32, (css_height.max(1.0) * dpr).round() as u32);
        let changed = self.canvas.width() != w || self.canvas.height() != h || self.style.dpr != dpr;
        self.style.dpr = dpr;
        self.css_size = (css_width, css_height);
        if self.canvas.width() != w {
            self.canvas.set_width(w);
        }
        if self.canvas.height() != h {
            self.canvas.set_height(h);
        }
        self.match_aspect();
        changed
    }

    /// The canvas lost its pixels behind the panel's back (the browser restored a lost 2-D
    /// context, blank): the next draw copies out the whole figure and every label, not only
    /// what changed since the last frame.
    #[wasm_bindgen(js_name = canvasCleared)]
    pub fn canvas_cleared(&mut self) {
        self.figure.forget_shown();
    }

    /// Projector mode: bigger type, thicker strokes.
    #[wasm_bindgen(js_name = setProjector)]
    pub fn set_projector(&mut self, on: bool) {
        self.style.projector = on;
        self.match_aspect();
    }

    /// The figure's colours: the dark theme's (`true`) or the light one's. The next draw
    /// paints the whole figure anew (the kept background changes with the theme).
    #[wasm_bindgen(js_name = setTheme)]
    pub fn set_theme(&mut self, dark: bool) {
        if self.style.dark != dark {
            self.style.dark = dark;
            self.figure.forget_shown();
        }
    }

    /// Sets the words drawn in the figure: `{classes: [a, b], axes: [x, y], fitted, truth,
    /// boundary}`, or `null` for English with the dataset's names.
    ///
    /// # Errors
    /// An object of another shape.
    #[wasm_bindgen(js_name = setFigureText)]
    pub fn set_figure_text(&mut self, text: JsValue) -> Result<(), JsError> {
        self.layers.text = if text.is_null() || text.is_undefined() {
            None
        } else {
            Some(
                serde_wasm_bindgen::from_value(text)
                    .map_err(|e| JsError::new(&format!("The figure text could not be read: {e}")))?,
            )
        };
        Ok(())
    }

    /// The source shown: `"generated"` or a preset id.
    pub fn source(&self) -> String {
        self.lab.source_id()
    }

    /// Marks a handle as focused/dragged (0 or 1), or none (any other value).
    #[wasm_bindgen(js_name = setActiveHandle)]
    pub fn set_active_handle(&mut self, k: i32) {
        self.layers.active_handle = usize::try_from(k).ok().filter(|&k| k < self.lab.classes());
    }

    /// Draws the figure (with the posterior heat map under it when that is on). Every shape
    /// is drawn into the wasm raster and blitted with one `putImageData`; only the labels
    /// are canvas calls, over it. The background, grid and axes are kept in the raster
    /// between frames while the view stays the same, and only what was drawn over them is
    /// undone; with the heat map on, the grid's recorded blends are laid again over it.
    ///
    /// # Errors
    /// When the canvas has no 2-D context.
    pub fn draw(&mut self) -> Result<(), JsError> {
        let (w, h) = (self.canvas.width(), self.canvas.height());
        if !Raster::holds(w, h) {
            // A canvas too large for one raster is drawn in strips.
            self.figure.forget_shown();
            return self.draw_on_canvas();
        }
        self.layers.pairwise = self.lab.pairwise();
        let update = self.figure.render(&self.lab, &self.layers, &self.style, (w, h)).map_err(js_error)?;
        let ctx = self.context()?;
        let raster = self.figure.raster();
        // The ImageData is a view of wasm memory; putImageData copies it out at once.
        let image = image_of(&raster, w, h)?;
        match &update.region {
            None => ctx.put_image_data(&image, 0.0, 0.0).map_err(put_failed)?,
            Some(rects) => {
                for &[x0, y0, x1, y1] in rects {
                    let [x, y, w, h] = [x0, y0, x1 - x0, y1 - y0].map(f64::from);
                    ctx.put_image_data_with_dirty_x_and_dirty_y_and_dirty_width_and_dirty_height(
                        &image, 0.0, 0.0, x, y, w, h,
                    )
                    .map_err(put_failed)?;
                }
            }
        }
        self.draw_labels(raster.texts().iter().zip(&update.labels).filter(|(_, &d)| d).map(|(t, _)| t))?;
        drop(raster);
        self.figure.shown();
        self.frame = Some(update.frame);
        Ok(())
    }

    /// The canvas' 2-D context.
    fn context(&self) -> Result<web_sys::CanvasRenderingContext2d, JsError> {
        self.canvas.get_context("2d").ok().flatten().and_then(|c| c.dyn_into().ok()).ok_or_else(no_context)
    }

    /// Draws `texts` over the canvas with canvas calls (the raster queues its labels).
    fn draw_labels<'a>(&self, texts: impl IntoIterator<Item = &'a QueuedText>) -> Result<(), JsError> {
        let mut over = CanvasBackend::with_canvas_object(self.canvas.clone()).ok_or_else(no_context)?;
        draw_texts(&mut over, texts).map_err(js_error)?;
        over.into_drawing_area().present().map_err(|e| JsError::new(&e.to_string()))
    }

    /// [`GdaPanel::draw`] for canvases too large for one raster: the figure is drawn in
    /// strips of rows, each in the raster and blitted where it belongs, then the labels
    /// once over them. Slower (every strip draws the whole figure), the same picture.
    fn draw_on_canvas(&mut self) -> Result<(), JsError> {
        let (w, h) = (self.canvas.width(), self.canvas.height());
        let ctx = self.context()?;
        // Beyond any browser's largest canvas nothing can be drawn, and strips would only
        // spin.
        if w > 65_535 || h > 65_535 || u64::from(w) * u64::from(h) > 1 << 28 {
            return Err(js_error(Error::InvalidParameter {
                name: "canvas size",
                value: format!("{w} × {h}"),
                rule: "the figure is drawn on at most 2²⁸ pixels, the most a browser's canvas holds",
            }));
        }
        let rows = (MAX_PIXELS / w.max(1) as usize).clamp(1, h.max(1) as usize) as u32;
        // The strip's memory is not kept: the next frame draws in strips again.
        let strips = RefCell::new(Raster::default());
        let (mut top, mut frame, mut texts) = (0, None, Vec::new());
        while top < h {
            let strip = rows.min(h - top);
            strips.borrow_mut().resize(w, strip).map_err(js_error)?;
            let root = RasterBackend::strip(&strips, h, top as i32).into_drawing_area();
            self.layers.pairwise = self.lab.pairwise();
            frame = Some(draw_with(&root, &self.lab, &self.layers, &self.style, None).map_err(js_error)?);
            let raster = strips.borrow();
            if top == 0 {
                // Every strip queues every label; they are drawn once, over all strips.
                texts = raster.texts().to_vec();
            }
            ctx.put_image_data(&image_of(&raster, w, strip)?, 0.0, f64::from(top)).map_err(put_failed)?;
            top += strip;
        }
        self.draw_labels(&texts)?;
        self.frame = frame;
        Ok(())
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

    /// Adds a point of class `label` at the CSS-pixel position.
    ///
    /// # Errors
    /// Before the first draw, outside the plot box, or a bad label.
    #[wasm_bindgen(js_name = addPoint)]
    pub fn add_point(&mut self, css_x: f64, css_y: f64, label: u8) -> Result<(), JsError> {
        let p = self.data_at(css_x, css_y)?;
        if !self.lab.view().contains(p) {
            return Err(js_error(Error::InvalidParameter {
                name: "point",
                value: "outside the plot".into(),
                rule: "a point must be placed inside the plot box",
            }));
        }
        self.lab.add_point(p, label).map_err(js_error)
    }

    /// The index of the point under the CSS-pixel position (within 12 CSS px), or −1.
    #[wasm_bindgen(js_name = hitPoint)]
    pub fn hit_point(&self, css_x: f64, css_y: f64) -> i32 {
        let (Some(frame), Ok(p)) = (self.frame, self.data_at(css_x, css_y)) else { return -1 };
        let [l, t, r, b] = frame.pixels.map(f64::from);
        let v = frame.view;
        let scale = [(v.x1 - v.x0) / (r - l).max(1.0), (v.y1 - v.y0) / (b - t).max(1.0)];
        self.lab.nearest_point(p, self.style.px(12.0), scale).map_or(-1, |i| i as i32)
    }

    /// Removes point `i`.
    ///
    /// # Errors
    /// No such point.
    #[wasm_bindgen(js_name = removePoint)]
    pub fn remove_point(&mut self, i: u32) -> Result<(), JsError> {
        self.lab.remove_point(i as usize).map_err(js_error)
    }

    /// Moves point `i` to the CSS-pixel position (kept inside the plot box).
    ///
    /// # Errors
    /// No such point, or before the first draw.
    #[wasm_bindgen(js_name = movePoint)]
    pub fn move_point(&mut self, i: u32, css_x: f64, css_y: f64) -> Result<(), JsError> {
        let p = self.data_at(css_x, css_y)?;
        // A point dragged past the edge stops at the edge.
        let v = self.lab.view();
        let p = [p[0].clamp(v.x0, v.x1), p[1].clamp(v.y0, v.y1)];
        self.lab.move_point(i as usize, p).map_err(js_error)
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

    fn data_at(&self, css_x: f64, css_y: f64) -> Result<[f64; 2], JsError> {
        let frame =
            self.frame.ok_or_else(|| js_error(Error::Browser("place a point before the figure is drawn".into())))?;
        if !(css_x.is_finite() && css_y.is_finite()) {
            return Err(js_error(Error::InvalidParameter {
                name: "position",
                value: "not finite".into(),
                rule: "a position must be finite",
            }));
        }
        Ok(frame.to_data(css_x * self.style.dpr, css_y * self.style.dpr))
    }

    /// The numbers panel's content: `{error, n, phi, mu, sigma, w, b, ...}` (see
    /// `GdaSummary`); absent numbers are `null`.
    pub fn summary(&self) -> Result<JsValue, JsError> {
        to_js(&self.lab.summary())
    }

    /// Which mean handle (0 or 1) is under the CSS-pixel position, or −1.
    #[wasm_bindgen(js_name = hitHandle)]
    pub fn hit_handle(&self, css_x: f64, css_y: f64) -> i32 {
        let Some(frame) = self.frame else { return -1 };
        let (px, py) = (css_x * self.style.dpr, css_y * self.style.dpr);
        // 22 CSS px: a 44 px target, as the accessibility guidelines ask for touch.
        let reach = self.style.px(22.0);
        let mut best = (-1, f64::INFINITY);
        for k in 0..self.lab.classes() {
            let [x, y] = frame.to_pixels(self.lab.handle(k));
            let d = ((x - px).powi(2) + (y - py).powi(2)).sqrt();
            if d <= reach && d < best.1 {
                best = (k as i32, d);
            }
        }
        best.0
    }

    /// Drags mean `k` to the CSS-pixel position (clamped to the plot window); within
    /// [`SNAP_CSS_PX`] of another mean it snaps onto that mean ([`GdaLab::snap_onto`]).
    /// Returns the class snapped onto, or −1.
    ///
    /// # Errors
    /// Before the first draw, or for a non-finite position.
    #[wasm_bindgen(js_name = dragTo)]
    pub fn drag_to(&mut self, k: u32, css_x: f64, css_y: f64) -> Result<i32, JsError> {
        // Within a drag, through the frame it started in (the window is held still).
        let frame = self
            .drag_frame
            .or(self.frame)
            .ok_or_else(|| js_error(Error::Browser("drag before the figure is drawn".into())))?;
        let at = [css_x * self.style.dpr, css_y * self.style.dpr];
        let snap = self.lab.snap_onto(k as usize, at, |p| frame.to_pixels(p), self.style.px(SNAP_CSS_PX));
        let to = snap.map_or_else(|| frame.to_data(at[0], at[1]), |j| self.lab.handle(j));
        self.lab.move_mean(k as usize, to).map_err(js_error)?;
        Ok(snap.map_or(-1, |j| j as i32))
    }

    /// Moves mean `k` by a fraction of the plot window (keyboard arrows).
    ///
    /// # Errors
    /// For non-finite steps.
    pub fn nudge(&mut self, k: u32, dx: f64, dy: f64) -> Result<(), JsError> {
        let v = self.lab.view();
        let h = self.lab.handle(k as usize);
        self.lab.move_mean(k as usize, [h[0] + dx * (v.x1 - v.x0), h[1] + dy * (v.y1 - v.y0)]).map_err(js_error)
    }

    /// Puts mean `k` exactly at a data position, wherever the window is (the window then
    /// fits the data again).
    ///
    /// # Errors
    /// For positions that are not finite or beyond 10⁶ in size: never moved elsewhere.
    #[wasm_bindgen(js_name = setMean)]
    pub fn set_mean(&mut self, k: u32, x: f64, y: f64) -> Result<(), JsError> {
        self.lab.place_mean(k as usize, [x, y]).map_err(js_error)?;
        self.match_aspect();
        Ok(())
    }

    /// `{x, y, p}`: the data position under the CSS-pixel position and p(y=1|x) there,
    /// from the drawn model and prior; `null` outside the plot box or when there is no
    /// model.
    #[wasm_bindgen(js_name = posteriorAt)]
    pub fn posterior_at(&self, css_x: f64, css_y: f64) -> Result<JsValue, JsError> {
        #[derive(Serialize)]
        struct At {
            x: f64,
            y: f64,
            p: f64,
        }
        let Some(frame) = self.frame else { return Ok(JsValue::NULL) };
        let (px, py) = (css_x * self.style.dpr, css_y * self.style.dpr);
        let [l, t, r, b] = frame.pixels.map(f64::from);
        if !(px >= l && px <= r && py >= t && py <= b) {
            return Ok(JsValue::NULL);
        }
        let [x, y] = frame.to_data(px, py);
        let Some(p) = self.lab.decision_posterior([x, y]) else { return Ok(JsValue::NULL) };
        serde_wasm_bindgen::to_value(&At { x, y, p }).map_err(|e| JsError::new(&e.to_string()))
    }

    /// `{x, y, p}`: the data position under the CSS-pixel position and the drawn model's
    /// posteriors there, `p[c]` = p(y = c | x) for every class c (they sum to 1); `null`
    /// outside the plot box or when there is no model.
    ///
    /// # Errors
    /// Only if the value could not be turned into a JS object.
    #[wasm_bindgen(js_name = posteriorsAt)]
    pub fn posteriors_at(&self, css_x: f64, css_y: f64) -> Result<JsValue, JsError> {
        #[derive(Serialize)]
        struct At {
            x: f64,
            y: f64,
            p: Vec<f64>,
        }
        let Some(frame) = self.frame else { return Ok(JsValue::NULL) };
        let (px, py) = (css_x * self.style.dpr, css_y * self.style.dpr);
        let [l, t, r, b] = frame.pixels.map(f64::from);
        if !(px >= l && px <= r && py >= t && py <= b) {
            return Ok(JsValue::NULL);
        }
        let [x, y] = frame.to_data(px, py);
        match self.posteriors_at_data(x, y) {
            Some(p) => serde_wasm_bindgen::to_value(&At { x, y, p }).map_err(|e| JsError::new(&e.to_string())),
            None => Ok(JsValue::NULL),
        }
    }

    /// The drawn model's posteriors p(y = c | x) for every class at a data position, or
    /// `undefined` when there is no model (the keyboard cursor's readout).
    #[wasm_bindgen(js_name = posteriorsAtData)]
    pub fn posteriors_at_data(&self, x: f64, y: f64) -> Option<Vec<f64>> {
        if !(x.is_finite() && y.is_finite()) {
            return None;
        }
        self.lab.decision_model().map(|m| m.posteriors([x, y]))
    }

    /// The RGBA colour of one backing-store pixel as `[r, g, b, a]` (for tests that check
    /// what was drawn), or an empty array outside the canvas.
    #[wasm_bindgen(js_name = pixelAt)]
    pub fn pixel_at(&self, x: u32, y: u32) -> Vec<u8> {
        let Ok(ctx) = self.context() else { return Vec::new() };
        ctx.get_image_data(f64::from(x), f64::from(y), 1.0, 1.0).map(|d| d.data().to_vec()).unwrap_or_default()
    }

    /// The plot box in backing-store pixels `[left, top, right, bottom]` after a draw.
    #[wasm_bindgen(js_name = plotBox)]
    pub fn plot_box_pixels(&self) -> Vec<i32> {
        self.frame.map(|f| f.pixels.to_vec()).unwrap_or_default()
    }

    /// Backing-store pixel position of a data point `[x, y]` after a draw.
    #[wasm_bindgen(js_name = dataToPixels)]
    pub fn data_to_pixels(&self, x: f64, y: f64) -> Vec<f64> {
        self.frame.map(|f| f.to_pixels([x, y]).to_vec()).unwrap_or_default()
    }

    fn match_aspect(&mut self) {
        let (w, h) = plot_box(self.canvas.width(), self.canvas.height(), &self.style);
        self.lab.match_aspect(w / h);
    }
}

/// The raster's pixels as an `ImageData` of `w × h` (a view of wasm memory, copied out by
/// `putImageData` at once).
fn image_of(raster: &Raster, w: u32, h: u32) -> Result<web_sys::ImageData, JsError> {
    web_sys::ImageData::new_with_u8_clamped_array_and_sh(Clamped(raster.pixels()), w, h)
        .map_err(|_| js_error(Error::Browser("make the figure's image".into())))
}

/// The error when the canvas gives no 2-D context.
fn no_context() -> JsError {
    js_error(Error::Browser("get a 2-D drawing context for the canvas".into()))
}

/// The error of a `putImageData` that failed.
fn put_failed(_: JsValue) -> JsError {
    js_error(Error::Browser("draw the figure's image".into()))
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
