//! The spam panel's handle: it owns the panel state ([`SpamLab`]), a corpus loader while a
//! file is being read, and the canvas of the metrics-versus-α chart.

use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use super::{js_error, to_js};
use crate::error::{describe, Error};
use crate::nb::lab::{CorpusLoader, SpamLab};
use crate::nb::{EventModel, Prior};
use crate::plot::nb::{draw_alpha_curve, CurveText};
use crate::plot::Style;

/// One naive Bayes spam panel.
#[wasm_bindgen]
pub struct SpamPanel {
    lab: SpamLab,
    loader: Option<CorpusLoader>,
    curve_text: CurveText,
    projector: bool,
}

#[wasm_bindgen]
impl SpamPanel {
    /// A panel trained on the built-in teaching corpus.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Result<SpamPanel, JsError> {
        Ok(SpamPanel {
            lab: SpamLab::builtin().map_err(js_error)?,
            loader: None,
            curve_text: CurveText::default(),
            projector: false,
        })
    }

    /// The ledger of `text`: `{explanation, formulas, sentences, truncated, tokens}`.
    /// Log-odds and contributions may be ±Infinity under an α = 0 veto, never NaN.
    pub fn explain(&self, text: &str) -> Result<JsValue, JsError> {
        to_js(&self.lab.explain(text))
    }

    /// Sets the smoothing α (0 allowed).
    ///
    /// # Errors
    /// α negative or not a number, or α = 0 where a probability would be 0/0.
    #[wasm_bindgen(js_name = setAlpha)]
    pub fn set_alpha(&mut self, alpha: f64) -> Result<(), JsError> {
        if !(alpha.is_finite() && (0.0..=1000.0).contains(&alpha)) {
            return Err(js_error(Error::InvalidParameter {
                name: "α",
                value: describe(alpha),
                rule: "the smoothing α must be a number from 0 to 1000",
            }));
        }
        self.lab.set_alpha(alpha).map_err(js_error)
    }

    /// The current α.
    pub fn alpha(&self) -> f64 {
        self.lab.model().alpha()
    }

    /// `"multinomial"` or `"bernoulli"`.
    ///
    /// # Errors
    /// Any other name.
    #[wasm_bindgen(js_name = setEventModel)]
    pub fn set_event_model(&mut self, name: &str) -> Result<(), JsError> {
        let event = match name {
            "multinomial" => EventModel::Multinomial,
            "bernoulli" => EventModel::Bernoulli,
            _ => return Err(js_error(Error::Unknown { kind: "event model", name: name.chars().take(40).collect() })),
        };
        self.lab.set_event_model(event).map_err(js_error)
    }

    /// `"ml"`, `"smoothed"` or `"uniform"`.
    ///
    /// # Errors
    /// Any other name.
    #[wasm_bindgen(js_name = setPrior)]
    pub fn set_prior(&mut self, name: &str) -> Result<(), JsError> {
        let prior = match name {
            "ml" => Prior::MaximumLikelihood,
            "smoothed" => Prior::Smoothed,
            "uniform" => Prior::Uniform,
            _ => return Err(js_error(Error::Unknown { kind: "prior", name: name.chars().take(40).collect() })),
        };
        self.lab.set_prior(prior);
        Ok(())
    }

    /// The split seed of the held-out evaluation.
    pub fn seed(&self) -> f64 {
        self.lab.seed() as f64
    }

    /// Re-splits the corpus with another seed and retrains.
    ///
    /// # Errors
    /// A seed that is not a whole number from 0 to 2⁵³ − 1.
    #[wasm_bindgen(js_name = setSeed)]
    pub fn set_seed(&mut self, seed: f64) -> Result<(), JsError> {
        if !((0.0..=9_007_199_254_740_991.0).contains(&seed) && seed.fract() == 0.0) {
            return Err(js_error(Error::InvalidParameter {
                name: "seed",
                value: describe(seed),
                rule: "the seed must be a whole number from 0 to 2⁵³ − 1",
            }));
        }
        self.lab.set_seed(seed as u64).map_err(js_error)
    }

    /// `{current: metrics, curve: [[α, metrics], …]}` on the held-out split.
    pub fn evaluate(&mut self) -> Result<JsValue, JsError> {
        to_js(&self.lab.evaluate())
    }

    /// What the loaded corpus holds: `{name, credit, messages, dedup, bad_lines, errors,
    /// notes, split, vocabulary}`.
    pub fn corpus(&self) -> Result<JsValue, JsError> {
        to_js(self.lab.report())
    }

    /// Starts reading a corpus file; the current corpus stays until `corpusFinish`.
    ///
    /// # Errors
    /// An empty file or one over the size cap.
    #[wasm_bindgen(js_name = corpusBegin)]
    pub fn corpus_begin(&mut self, bytes: &[u8], name: &str) -> Result<(), JsError> {
        self.loader = Some(CorpusLoader::new(bytes, name).map_err(js_error)?);
        Ok(())
    }

    /// Reads about `max_bytes` more; returns the share read so far (1 when done).
    #[wasm_bindgen(js_name = corpusStep)]
    pub fn corpus_step(&mut self, max_bytes: u32) -> f64 {
        match &mut self.loader {
            Some(l) => {
                l.step(max_bytes as usize);
                l.progress()
            }
            None => 1.0,
        }
    }

    /// Finishes reading, de-duplicates, splits and trains. On error the previous corpus is
    /// kept and the message says why.
    ///
    /// # Errors
    /// No usable message, too few of a class.
    #[wasm_bindgen(js_name = corpusFinish)]
    pub fn corpus_finish(&mut self) -> Result<(), JsError> {
        let loader = self
            .loader
            .take()
            .ok_or_else(|| js_error(Error::Browser("finish a corpus that was never started".into())))?;
        self.lab.replace_corpus(loader).map_err(js_error)
    }

    /// Abandons a corpus being read.
    #[wasm_bindgen(js_name = corpusCancel)]
    pub fn corpus_cancel(&mut self) {
        self.loader = None;
    }

    /// Goes back to the built-in teaching corpus, keeping α, the event model and the prior.
    ///
    /// # Errors
    /// Never in practice (the embedded corpus is tested).
    #[wasm_bindgen(js_name = resetCorpus)]
    pub fn reset_corpus(&mut self) -> Result<(), JsError> {
        let m = self.lab.model();
        let (alpha, event, prior) = (m.alpha(), m.event_model(), m.prior());
        let mut lab = SpamLab::builtin().map_err(js_error)?;
        lab.set_event_model(event).map_err(js_error)?;
        lab.set_prior(prior);
        lab.set_alpha(alpha).map_err(js_error)?;
        self.lab = lab;
        Ok(())
    }

    /// Sets the chart's words: `{axis, series: [accuracy, precision, recall, F1]}`, or
    /// `null` for English.
    ///
    /// # Errors
    /// An object of another shape.
    #[wasm_bindgen(js_name = setCurveText)]
    pub fn set_curve_text(&mut self, text: JsValue) -> Result<(), JsError> {
        self.curve_text = if text.is_null() || text.is_undefined() {
            CurveText::default()
        } else {
            serde_wasm_bindgen::from_value(text)
                .map_err(|e| JsError::new(&format!("The chart text could not be read: {e}")))?
        };
        Ok(())
    }

    /// Projector mode for the chart: bigger type, thicker lines.
    #[wasm_bindgen(js_name = setProjector)]
    pub fn set_projector(&mut self, on: bool) {
        self.projector = on;
    }

    /// Draws the metrics-versus-α chart on `canvas`, sized to CSS size × dpr.
    ///
    /// # Errors
    /// When the canvas has no 2-D context.
    #[wasm_bindgen(js_name = drawCurve)]
    pub fn draw_curve(
        &mut self,
        canvas: HtmlCanvasElement,
        css_width: f64,
        css_height: f64,
        dpr: f64,
    ) -> Result<(), JsError> {
        let dpr = if dpr.is_finite() && dpr > 0.0 { dpr.clamp(0.5, 4.0) } else { 1.0 };
        let (w, h) = ((css_width.max(1.0) * dpr).round() as u32, (css_height.max(1.0) * dpr).round() as u32);
        if canvas.width() != w {
            canvas.set_width(w);
        }
        if canvas.height() != h {
            canvas.set_height(h);
        }
        let eval = self.lab.evaluate();
        let backend = CanvasBackend::with_canvas_object(canvas)
            .ok_or_else(|| js_error(Error::Browser("get a 2-D drawing context for the canvas".into())))?;
        let root = backend.into_drawing_area();
        let style = Style { dpr, projector: self.projector };
        draw_alpha_curve(&root, &eval.curve, self.lab.model().alpha(), &self.curve_text, &style).map_err(js_error)?;
        root.present().map_err(|e| JsError::new(&e.to_string()))?;
        Ok(())
    }
}
