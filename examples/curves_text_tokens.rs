//! Prints the teaching corpus as the learning curves read it, for
//! `tools/sklearn/curves_reference.py`: `{"words": [...], "y": [...], "docs": [[[id, count], ...], ...]}`
//! (genlab's own tokens, repeats dropped, word ids in order of first appearance).
//!
//! `cargo run --release --example curves_text_tokens > /tmp/text.json`

use genlab::curves::TextData;

fn main() {
    let t = TextData::teaching();
    let words: Vec<String> = t.vocab.iter().map(|w| json_string(w)).collect();
    let docs: Vec<String> = (0..t.len())
        .map(|i| format!("[{}]", t.doc(i).iter().map(|(w, c)| format!("[{w},{c}]")).collect::<Vec<_>>().join(",")))
        .collect();
    let y: Vec<String> = t.y.iter().map(ToString::to_string).collect();
    println!("{{\"words\":[{}],\"y\":[{}],\"docs\":[{}]}}", words.join(","), y.join(","), docs.join(","));
}

/// A JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
