//! The learning-curves panel's exports: a run stepped from a Web Worker
//! ([`CurvesRun`]), and the figure drawn on the page's canvas from the summaries the
//! worker posts ([`draw_learning_curves`]).

use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use super::{js_error, to_js};
use crate::curves::{CurveData, CurveRun, CurveSpec, CurveSummary, Pairing, TextData};
use crate::error::Error;
use crate::message::{codes, Message};
use crate::plot::curves::{draw_curves, draw_curves_axes, CurvesText};
use crate::plot::Style;
use crate::predict::{judge_crossover, CrossoverGuess};
use crate::state::CurvesState;

/// A learning-curve run: the data, the splits and every split's errors so far.
#[wasm_bindgen]
pub struct CurvesRun {
    run: CurveRun,
}

#[wasm_bindgen]
impl CurvesRun {
    /// A run of the settings `state` (a link's `curves` part); `csv` is the text of the
    /// pairing's data file (empty for the generated clouds).
    ///
    /// # Errors
    /// An unknown pairing, a setting out of range, or a data file that cannot be read.
    #[wasm_bindgen(constructor)]
    pub fn new(state: JsValue, csv: &str) -> Result<CurvesRun, JsError> {
        let (s, pairing) = read_state(state)?;
        let data = pairing.data(s.seed, csv).map_err(js_error)?;
        CurvesRun::start(&s, pairing, data)
    }

    /// A run of a text pairing on the spam panel's corpus, handed over as bags of word ids
    /// (`labels[i]` 0 ham / 1 spam, message i's ids `ids[offsets[i]..offsets[i + 1]]`, every
    /// id below `words`): what the spam panel's `corpusBags()` gives.
    ///
    /// # Errors
    /// A pairing that is not a text pairing, a setting out of range, word lists that do not
    /// fit together, fewer than two messages of a class.
    #[wasm_bindgen(js_name = withCorpus)]
    pub fn with_corpus(
        state: JsValue,
        labels: &[u8],
        offsets: &[u32],
        ids: &[u32],
        words: u32,
    ) -> Result<CurvesRun, JsError> {
        let (s, pairing) = read_state(state)?;
        if !matches!(pairing, Pairing::Text(..)) {
            return Err(js_error(Error::EmptyData(
                Message::new(&codes::LC_NOT_TEXT_PAIRING).text("pairing", pairing.id()),
            )));
        }
        let data = TextData::from_packed(labels, offsets, ids, words as usize).map_err(js_error)?;
        CurvesRun::start(&s, pairing, data.into())
    }

    /// Computes up to `count` more splits; returns whether the run is finished.
    pub fn step(&mut self, count: u32) -> bool {
        self.run.step(count as usize)
    }

    /// Splits done so far.
    pub fn done(&self) -> u32 {
        self.run.done() as u32
    }

    /// The curves so far (see `genlab::curves::CurveSummary`).
    ///
    /// # Errors
    /// Only if the summary cannot be handed to JavaScript.
    pub fn summary(&self) -> Result<JsValue, JsError> {
        to_js(&self.run.summary())
    }
}

fn read_state(state: JsValue) -> Result<(CurvesState, Pairing), JsError> {
    let s: CurvesState = serde_wasm_bindgen::from_value(state).map_err(|e| {
        js_error(Error::EmptyData(Message::new(&codes::LC_SETTINGS_UNREADABLE).text("detail", e.to_string())))
    })?;
    let pairing = Pairing::from_id(&s.pairing).map_err(js_error)?;
    Ok((s, pairing))
}

impl CurvesRun {
    fn start(s: &CurvesState, pairing: Pairing, data: CurveData) -> Result<CurvesRun, JsError> {
        let spec = CurveSpec {
            pairing,
            m_min: s.m_min as usize,
            m_max: s.m_max as usize,
            sizes: s.sizes as usize,
            splits: s.splits as usize,
            lambda: s.lambda,
            // The text models' α is Lidstone's; the others' is a variance smoothing.
            alpha: if matches!(pairing, Pairing::Text(..)) { s.text_alpha } else { s.alpha },
            seed: s.seed,
        };
        Ok(CurvesRun { run: CurveRun::new(spec, data).map_err(js_error)? })
    }
}

/// Whether a pairing runs on the spam panel's corpus (the page hands it over with
/// `CurvesRun.withCorpus`).
#[wasm_bindgen(js_name = curvesNeedsSpamCorpus)]
pub fn curves_needs_spam_corpus(pairing: &str) -> Result<bool, JsError> {
    Ok(Pairing::from_id(pairing).map_err(js_error)?.needs_spam_corpus())
}

/// The data file a pairing needs (`"wdbc.csv"`, `"digits.csv"`), or `undefined` for the
/// generated clouds.
///
/// # Errors
/// An unknown pairing.
#[wasm_bindgen(js_name = curvesDataFile)]
pub fn curves_data_file(pairing: &str) -> Result<Option<String>, JsError> {
    Ok(Pairing::from_id(pairing).map_err(js_error)?.file().map(str::to_string))
}

/// Every curve point of `summary` as CSV text.
///
/// # Errors
/// A summary that is not one.
#[wasm_bindgen(js_name = curvesCsv)]
pub fn curves_csv(summary: JsValue) -> Result<String, JsError> {
    let s: CurveSummary = serde_wasm_bindgen::from_value(summary).map_err(|e| {
        js_error(Error::EmptyData(Message::new(&codes::LC_SUMMARY_UNREADABLE).text("detail", e.to_string())))
    })?;
    Ok(s.csv())
}

/// A fired misconception, by its id (the page has its words: js/predict-hints.js).
#[derive(serde::Serialize)]
struct Hint {
    id: &'static str,
}

/// The verdict on a crossover prediction (js/predict-crossover.js shows it).
#[derive(serde::Serialize)]
struct CrossoverVerdict {
    /// The run's crossover m* (`CurveSummary::crossover`), or None when the curves do not cross.
    m_star: Option<f64>,
    /// Whether the student was right that the curves cross or do not.
    right_kind: bool,
    /// |log₁₀ m̂ − log₁₀ m*| when both say they cross.
    decades: Option<f64>,
    /// Which model is ahead after the crossover: 0 generative, 1 logistic regression.
    leader_after: Option<u8>,
    hints: Vec<Hint>,
}

/// Judges a crossover prediction against the finished run's `summary`
/// ([`genlab::predict::judge_crossover`]): `m_hat` the predicted m*, or `undefined` for
/// "they do not cross". Returns `{m_star, right_kind, decades, leader_after, hints}`.
///
/// # Errors
/// A summary that is not one; `m_hat` not a finite number above 0.
#[wasm_bindgen(js_name = judgeCrossover)]
pub fn judge_crossover_js(summary: JsValue, m_hat: Option<f64>) -> Result<JsValue, JsError> {
    let s: CurveSummary = serde_wasm_bindgen::from_value(summary).map_err(|e| {
        js_error(Error::EmptyData(Message::new(&codes::LC_SUMMARY_UNREADABLE).text("detail", e.to_string())))
    })?;
    let guess = m_hat.map_or(CrossoverGuess::NoCrossing, CrossoverGuess::At);
    let j = judge_crossover(&s, guess).map_err(js_error)?;
    to_js(&CrossoverVerdict {
        m_star: j.truth,
        right_kind: j.score.right_kind,
        decades: j.score.decades,
        leader_after: s.leader_after,
        hints: j.fired.into_iter().map(|m| Hint { id: m.id }).collect(),
    })
}

/// Draws the learning curves' axes only, m from `m_lo` to `m_hi` on the log axis, with no
/// curve, band, asymptote or crossover: the figure while a crossover prediction hides the
/// curves. The words and sizes as [`draw_learning_curves`]' (the `waiting` words are drawn
/// in the plot); returns where the plot sits.
///
/// # Errors
/// A text that is not one; no 2-D context; a range that is not 0 < m_lo < m_hi.
#[wasm_bindgen(js_name = drawCurvesAxes)]
#[allow(clippy::too_many_arguments)]
pub fn draw_curves_axes_js(
    canvas: HtmlCanvasElement,
    m_lo: f64,
    m_hi: f64,
    text: JsValue,
    css_width: f64,
    css_height: f64,
    dpr: f64,
    projector: bool,
    dark: bool,
) -> Result<JsValue, JsError> {
    let text: CurvesText = serde_wasm_bindgen::from_value(text).unwrap_or_default();
    let dpr = if dpr.is_finite() && dpr > 0.0 { dpr.clamp(0.5, 4.0) } else { 1.0 };
    let (w, h) = ((css_width.max(1.0) * dpr).round() as u32, (css_height.max(1.0) * dpr).round() as u32);
    if canvas.width() != w {
        canvas.set_width(w);
    }
    if canvas.height() != h {
        canvas.set_height(h);
    }
    let backend = CanvasBackend::with_canvas_object(canvas)
        .ok_or_else(|| js_error(Error::Browser("get a 2-D drawing context for the canvas".into())))?;
    let root = backend.into_drawing_area();
    let style = Style { dpr, projector, dark };
    let frame = draw_curves_axes(&root, (m_lo, m_hi), &text, &style).map_err(js_error)?;
    root.present().map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&frame)
}

/// Draws the learning curves of `summary` on `canvas`, sized to CSS size × dpr, with the
/// words `text` (`{x_axis, y_axis, names: [generative, logistic], bayes, crossover,
/// waiting}`); returns where the plot sits (`{left, right, top, bottom, x0, x1, y0, y1}`,
/// backing-store pixels and log10 m).
///
/// # Errors
/// A summary or text that is not one; no 2-D context.
#[wasm_bindgen(js_name = drawLearningCurves)]
#[allow(clippy::too_many_arguments)]
pub fn draw_learning_curves(
    canvas: HtmlCanvasElement,
    summary: JsValue,
    text: JsValue,
    css_width: f64,
    css_height: f64,
    dpr: f64,
    projector: bool,
    dark: bool,
) -> Result<JsValue, JsError> {
    let s: CurveSummary = serde_wasm_bindgen::from_value(summary).map_err(|e| {
        js_error(Error::EmptyData(Message::new(&codes::LC_SUMMARY_UNREADABLE).text("detail", e.to_string())))
    })?;
    let text: CurvesText = serde_wasm_bindgen::from_value(text).unwrap_or_default();
    let dpr = if dpr.is_finite() && dpr > 0.0 { dpr.clamp(0.5, 4.0) } else { 1.0 };
    let (w, h) = ((css_width.max(1.0) * dpr).round() as u32, (css_height.max(1.0) * dpr).round() as u32);
    if canvas.width() != w {
        canvas.set_width(w);
    }
    if canvas.height() != h {
        canvas.set_height(h);
    }
    let backend = CanvasBackend::with_canvas_object(canvas)
        .ok_or_else(|| js_error(Error::Browser("get a 2-D drawing context for the canvas".into())))?;
    let root = backend.into_drawing_area();
    let style = Style { dpr, projector, dark };
    let frame = draw_curves(&root, &s, &text, &style).map_err(js_error)?;
    root.present().map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&frame)
}
