//! Lessons for the page (`genlab::lesson`): read and write the text format, a caption's
//! styled runs, the built-in lessons. Loaded by `www/js/lesson.js` only, on demand.

use wasm_bindgen::prelude::*;

use super::to_js;
use crate::lesson::{self, Lesson};

/// Reads a lesson's text into `{lesson, errors}`; never throws for bad text (every problem
/// is an error naming its line, step and value, see `genlab::lesson::parse`).
#[wasm_bindgen(js_name = parseLesson)]
pub fn parse_lesson(text: &str) -> Result<JsValue, JsError> {
    to_js(&lesson::parse(text))
}

/// Writes a lesson object (as `parseLesson` gives it) in the canonical text form.
///
/// # Errors
/// When the object does not have a lesson's shape.
#[wasm_bindgen(js_name = writeLesson)]
pub fn write_lesson(value: JsValue) -> Result<String, JsError> {
    let lesson: Lesson = serde_wasm_bindgen::from_value(value)
        .map_err(|e| JsError::new(&format!("The lesson could not be read: {e}")))?;
    Ok(lesson::write(&lesson))
}

/// A caption's short Markdown as `[{style, text}]` runs, to be set as text (never HTML).
#[wasm_bindgen(js_name = captionSpans)]
pub fn caption_spans(caption: &str) -> Result<JsValue, JsError> {
    to_js(&lesson::caption_spans(caption))
}

/// The built-in lessons: `[{id, title_en, title_zh, steps}]`.
#[wasm_bindgen(js_name = builtinLessons)]
pub fn builtin_lessons() -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    struct Item {
        id: &'static str,
        title_en: String,
        title_zh: String,
        steps: usize,
    }
    let items: Vec<Item> = lesson::BUILTIN
        .iter()
        .map(|(id, text)| {
            let l = lesson::parse(text).lesson;
            Item { id, title_en: l.title_en, title_zh: l.title_zh, steps: l.steps.len() }
        })
        .collect();
    to_js(&items)
}

/// The text of the built-in lesson `id`, or `undefined`.
#[wasm_bindgen(js_name = builtinLessonText)]
pub fn builtin_lesson_text(id: &str) -> Option<String> {
    lesson::builtin(id).map(str::to_string)
}

/// The prediction kinds a `predict:` line may name, with their panels:
/// `[{kind, panel, params}]` (`genlab::lesson::PREDICT_KINDS`; `params`: the parameters the
/// kind takes), for the editor's choice of kind.
#[wasm_bindgen(js_name = predictKinds)]
pub fn predict_kinds() -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    struct Kind {
        kind: &'static str,
        panel: &'static str,
        params: &'static [&'static str],
    }
    let kinds: Vec<Kind> = lesson::PREDICT_KINDS
        .iter()
        .map(|(kind, panel)| Kind { kind, panel, params: lesson::predict_params_of(kind) })
        .collect();
    to_js(&kinds)
}
