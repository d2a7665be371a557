//! The browser boundary: the only module that names wasm-bindgen, web-sys, js-sys and the
//! canvas backend. Panels are opaque handles; JavaScript sends scalars and strings and
//! receives small plain objects. Every export returns a `Result`, so bad input becomes a
//! JavaScript exception carrying the error's sentence, never a panic. (The one panic on
//! purpose is the recovery tests' fault injection, [`fault`], which only a test arms.)

// Five modules are built from this crate (Cargo.toml's features; docs/performance.md, "The
// wasm modules"): the GDA-first one (`gda`: what a page whose first panel is GDA needs), the
// naive Bayes one (`nb`: the spam and categorical panels), the learning curves' one (`curves`:
// that panel and its worker), the lessons' one (`lesson`) and the full one (`full`, the default: every panel). What is not gated (the state, version, textFileProblem) is in all.
// Gate whole modules here, never single items: a GDA export goes into `gda.rs` (or a module
// gated on `gda`), a naive Bayes one (email, mailbox) into a module gated on `nb`, and one
// that needs every panel (a worker's, the benchmark's) into a module gated on `full`.
mod json;

#[cfg(feature = "gda")]
mod gda;
#[cfg(feature = "gda")]
pub use gda::{gda_presets, GdaPanel};
// The 3-D view of the GDA panel's weighted densities: its own module (pkg-surface/), loaded
// when the view first opens; it draws what `GdaPanel.surfaceModel()` hands over.
#[cfg(feature = "surface")]
mod gda_surface;
#[cfg(feature = "surface")]
pub use gda_surface::GdaSurface;

#[cfg(feature = "full")]
mod bench;
// The categorical naive Bayes panel (issue #8).
#[cfg(feature = "nb")]
mod cat;
// A real panic on demand for the recovery tests: in the naive Bayes module, off the first load.
#[cfg(feature = "nb")]
mod fault;
#[cfg(feature = "nb")]
mod nb;
#[cfg(feature = "full")]
pub use bench::GdaFitBench;
#[cfg(feature = "nb")]
pub use cat::CatPanel;
#[cfg(feature = "nb")]
pub use nb::SpamPanel;
// The learning-curves panel (its own module, pkg-curves/: a run stepped in a Web Worker, the
// figure on the page; both load that module when the panel mounts).
#[cfg(feature = "curves")]
mod curves;
#[cfg(feature = "curves")]
pub use curves::CurvesRun;
// Lessons (the text format and the built-in lessons): their own small module, pkg-lesson/,
// which js/lesson.js loads when a lesson opens (never in a first load without one).
#[cfg(feature = "lesson")]
mod lesson;
// Judging a student's predicted GDA boundary from the numbers the GDA panel's summary carries:
// in the lessons' module, loaded on demand, not in the GDA panel's first load.
#[cfg(feature = "lesson")]
mod predict;
// GDA's worked example (φ, μ₀, μ₁, Σ, w, b from the panel's points, faded into blanks): also
// in the lessons' module, for the same reason.
#[cfg(feature = "lesson")]
mod worked_gda;

use wasm_bindgen::prelude::*;

/// Installs the panic hook once, so that a bug (not bad input: that is a `Result`) shows a
/// readable stack in the console instead of "unreachable".
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The crate's error as a JavaScript `Error`: its `message` is the English sentence (for the
/// console), its `data` the message as data (`{code, ...params}`, [`crate::message`]), which
/// the page writes in the reader's language. (The lessons' module alone hands over no crate
/// error.)
#[cfg_attr(not(any(feature = "gda", feature = "surface", feature = "nb", feature = "curves")), allow(dead_code))]
pub(crate) fn js_error(e: crate::Error) -> JsError {
    js_message(&e.message())
}

/// A message of [`crate::message`] as a JavaScript `Error`: its English as the `message`,
/// the message itself as `data`.
#[cfg_attr(not(any(feature = "gda", feature = "surface", feature = "nb", feature = "curves")), allow(dead_code))]
pub(crate) fn js_message(m: &crate::message::Message) -> JsError {
    let error = JsError::new(&m.english());
    // The JsError and this JsValue are two handles on one JavaScript object.
    let object: JsValue = error.clone().into();
    if let Ok(data) = to_js(m) {
        let _ = js_sys::Reflect::set(&object, &JsValue::from_str("data"), &data);
    }
    error
}

/// Serializes a result for JavaScript with `None` as `null` (not `undefined`), maps as
/// plain objects, so the page can test `x === null`; ±∞ stay ±Infinity. The value crosses
/// as one JSON text (see [`json`]): a ledger's hundreds of strings would otherwise cross
/// one call each.
pub(crate) fn to_js<T: serde::Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    let text = json::to_json(value).map_err(|e| JsError::new(&e.to_string()))?;
    js_sys::JSON::parse(&text).map_err(|_| JsError::new("A result could not be handed to the page (invalid JSON)."))
}

/// genlab's version, for the page footer and bug reports.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Why a file the user meant as text (`what`: `"points"` for the GDA panel's CSV,
/// `"table"` for the categorical panel's) cannot be: an empty file, an image or another
/// binary format, judged by content (`genlab::error::binary_kind`), as a message
/// (`{code, ...params}`, [`crate::message`]); `undefined` when it may be text, whose lines
/// are then checked as usual.
#[wasm_bindgen(js_name = textFileProblem)]
pub fn text_file_problem(bytes: &[u8], what: &str) -> Result<JsValue, JsError> {
    use crate::message::{codes, Message};
    let format = Message::new(if what == "table" { &codes::FORMAT_TABLE } else { &codes::FORMAT_POINTS });
    let problem = if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        Message::new(&codes::FILE_EMPTY).msg("format", format)
    } else if let Some(kind) = crate::error::binary_kind_code(bytes) {
        Message::new(&codes::FILE_NOT_TEXT).msg("kind", Message::new(kind)).msg("format", format)
    } else {
        return Ok(JsValue::UNDEFINED);
    };
    to_js(&problem)
}

/// Reads a URL query string into `{state, notices}` (see `genlab::state`): the state starts
/// from the defaults, and every parameter that could not be used is a notice.
#[wasm_bindgen(js_name = parseState)]
pub fn parse_state(query: &str) -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    struct Parsed {
        state: crate::state::AppState,
        notices: Vec<crate::state::Notice>,
    }
    let (state, notices) = crate::state::parse_query(query);
    to_js(&Parsed { state, notices })
}

/// Writes a state object back as a query string (without `?`), omitting defaults.
///
/// # Errors
/// When the object does not have the state's shape.
#[wasm_bindgen(js_name = stateQuery)]
pub fn state_query(state: JsValue) -> Result<String, JsError> {
    let state: crate::state::AppState = serde_wasm_bindgen::from_value(state)
        .map_err(|e| JsError::new(&format!("The state could not be read: {e}")))?;
    Ok(crate::state::to_query(&state))
}
