//! The misconceptions' hints the page shows (`www/js/predict-hints.js`) are the catalogue's
//! (`genlab::predict::misconceptions()`): the wasm modules leave the catalogue's words out
//! (they hand over ids), and the page reads them from that file, which this test writes with
//! `GENLAB_WRITE_PREDICT_HINTS=1 cargo test --test it predict_hints_file::` and holds to the
//! catalogue.

use genlab::predict::misconceptions;

use crate::common::json_string;

const HINTS_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/www/js/predict-hints.js");

/// The file's text: one misconception a line, in the catalogue's order.
fn hints_js() -> String {
    let mut out = String::from(
        "// Written by tests/it/predict_hints_file.rs from genlab::predict::misconceptions()\n// (GENLAB_WRITE_PREDICT_HINTS=1 cargo test --test it predict_hints_file::); do not edit.\n// Each misconception's hint and \"why?\" prompt, in English and Chinese, by its id.\n\nexport const HINTS = {\n",
    );
    for m in misconceptions() {
        out.push_str(&format!(
            "  {}: {{ en: {}, zh: {}, why_en: {}, why_zh: {} }},\n",
            json_string(m.id),
            json_string(m.en),
            json_string(m.zh),
            json_string(m.why_en),
            json_string(m.why_zh)
        ));
    }
    out.push_str("};\n");
    out
}

#[test]
fn the_pages_hints_are_the_catalogues() {
    crate::common::hold_written_file(
        HINTS_FILE,
        &hints_js(),
        "GENLAB_WRITE_PREDICT_HINTS",
        "www/js/predict-hints.js is not genlab::predict::misconceptions(): run GENLAB_WRITE_PREDICT_HINTS=1 cargo test --test it predict_hints_file::",
    );
}

#[test]
fn every_hint_has_its_words_in_both_languages() {
    for m in misconceptions() {
        for (what, text) in [("en", m.en), ("zh", m.zh), ("why_en", m.why_en), ("why_zh", m.why_zh)] {
            assert!(!text.trim().is_empty(), "{} has no {what}", m.id);
        }
    }
}
