//! Training corpora: the SMS Spam Collection text format, de-duplication, and a seeded
//! stratified train/test split.
//!
//! **Format.** One message per line: the label `ham` or `spam` (any letter case), one TAB,
//! then the message text (further TABs belong to the text). LF or CRLF line endings; blank
//! lines are skipped; a leading UTF-8 byte-order mark is ignored. Bytes that are not valid
//! UTF-8 are read as Latin-1 (ISO-8859-1: each byte is the code point of the same value),
//! which never fails.
//!
//! **Split.** For each class separately, the indices of its messages are shuffled by a
//! Fisher–Yates permutation from the seeded generator ([`crate::stats::sampling`]), and the
//! first round(f · N_c) go to the test set (round half away from zero), the rest to
//! training. Ham is drawn before spam from one generator, so a seed fixes the split; both
//! index lists are returned sorted. Each class keeps its proportion in both parts.

use std::borrow::Cow;
use std::collections::HashMap;

use serde::Serialize;

use super::Label;
use crate::error::{describe, Error, Result};
use crate::message::{codes, Message};
use crate::stats::sampling::{permutation, rng};

/// At most this many bad lines are kept as errors; the rest are only counted.
pub const MAX_REPORTED_ERRORS: usize = 20;

/// How the bytes of a corpus file were decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TextEncoding {
    /// Valid UTF-8.
    Utf8,
    /// Not valid UTF-8, so read byte by byte as ISO-8859-1.
    Latin1,
}

/// A parsed corpus with the lines that could not be read.
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedCorpus {
    /// The messages, in file order: (text, label).
    pub docs: Vec<(String, Label)>,
    /// [`Error::BadLine`] for the first [`MAX_REPORTED_ERRORS`] bad lines.
    pub errors: Vec<Error>,
    /// How many lines were bad in total (≥ `errors.len()`); they were skipped.
    pub bad_lines: usize,
    /// How many blank lines were skipped.
    pub blank_lines: usize,
    /// How the input was decoded.
    pub encoding: TextEncoding,
}

impl ParsedCorpus {
    /// The number of messages with label `label`.
    pub fn count(&self, label: Label) -> usize {
        self.docs.iter().filter(|(_, l)| *l == label).count()
    }

    /// Plain-English notes about skipped lines and the encoding; empty when the file was
    /// clean UTF-8.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if self.bad_lines > 0 {
            let listed = if self.bad_lines > self.errors.len() {
                format!(" (the first {} are listed)", self.errors.len())
            } else {
                String::new()
            };
            let lines = if self.bad_lines == 1 { "line" } else { "lines" };
            notes.push(format!("{} {lines} could not be read and were skipped{listed}.", self.bad_lines));
        }
        if self.encoding == TextEncoding::Latin1 {
            notes.push(
                "The file is not valid UTF-8, so it was read as Latin-1 (ISO-8859-1); save it \
                 as UTF-8 if some letters look wrong."
                    .to_string(),
            );
        }
        notes
    }
}

/// Why the bytes of a file cannot be a corpus at all, judged by their content before any
/// line is read: an empty file, an image or another known binary format (by its first
/// bytes, its "magic number"), text in UTF-16, any other binary data (a NUL byte: no text
/// file holds one), or text in which no line has a TAB. `None` when the file may be a
/// corpus; its lines are then checked one by one.
pub fn unusable_content(bytes: &[u8]) -> Option<String> {
    unusable_content_message(bytes).map(|m| m.english())
}

/// [`unusable_content`] as a message (each ends with what a corpus is, `nb.format.corpus`).
pub fn unusable_content_message(bytes: &[u8]) -> Option<Message> {
    let format = || Message::new(&codes::NB_FORMAT_CORPUS);
    let code = if bytes.is_empty() {
        &codes::NB_CORPUS_ZERO_BYTES
    } else if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        &codes::NB_CORPUS_BLANK
    } else if let Some(kind) = crate::error::binary_kind_code(bytes) {
        return Some(Message::new(&codes::NB_CORPUS_NOT_TEXT).msg("kind", Message::new(kind)).msg("format", format()));
    } else if !bytes.contains(&b'\t') {
        &codes::NB_CORPUS_NO_TAB
    } else {
        return None;
    };
    Some(Message::new(code).msg("format", format()))
}

/// Decodes file bytes: UTF-8 when valid (borrowed, no copy), otherwise Latin-1.
pub fn decode_text(bytes: &[u8]) -> (Cow<'_, str>, TextEncoding) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (Cow::Borrowed(text), TextEncoding::Utf8),
        Err(_) => (Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()), TextEncoding::Latin1),
    }
}

/// Parses file bytes in the corpus format, decoding them with [`decode_text`].
///
/// # Errors
/// As [`parse_corpus`].
pub fn parse_corpus_bytes(bytes: &[u8]) -> Result<ParsedCorpus> {
    let (text, encoding) = decode_text(bytes);
    let mut parsed = parse_corpus(&text)?;
    parsed.encoding = encoding;
    Ok(parsed)
}

/// Parses a corpus in the `label<TAB>text` format. Bad lines are skipped and reported in
/// [`ParsedCorpus::errors`] with their 1-based line numbers.
///
/// # Errors
/// [`Error::EmptyData`] when no line is usable (the message quotes the first problem) or
/// when all usable messages have the same label.
pub fn parse_corpus(text: &str) -> Result<ParsedCorpus> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let mut parsed = ParsedCorpus {
        docs: Vec::new(),
        errors: Vec::new(),
        bad_lines: 0,
        blank_lines: 0,
        encoding: TextEncoding::Utf8,
    };
    // `lines` splits at LF and removes a CR before it; a last line may end in a bare CR.
    // Every CR at the end of a line is line-ending debris, as the panel's stepwise loader
    // (`lab::CorpusLoader`) reads it: both must keep the same messages.
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            parsed.blank_lines += 1;
            continue;
        }
        match parse_line_str(line) {
            Ok((text, label)) => parsed.docs.push((text.to_string(), label)),
            Err(reason) => {
                parsed.bad_lines += 1;
                if parsed.errors.len() < MAX_REPORTED_ERRORS {
                    parsed.errors.push(Error::BadLine { line: n + 1, reason });
                }
            }
        }
    }
    if parsed.docs.is_empty() {
        return Err(Error::EmptyData(none_read(parsed.errors.first().map(Error::message))));
    }
    for label in Label::ALL {
        if parsed.count(label) == 0 {
            let other = label.other();
            return Err(Error::EmptyData(
                Message::new(&codes::NB_CORPUS_ONE_CLASS)
                    .int("count", parsed.count(other))
                    .msg("label", other.message())
                    .msg("missing", label.message()),
            ));
        }
    }
    Ok(parsed)
}

/// “No message could be read”, with the first bad line's message when there is one.
pub(crate) fn none_read(first: Option<Message>) -> Message {
    match first {
        Some(first) => Message::new(&codes::NB_CORPUS_NONE_READ_FIRST).msg("first", first),
        None => Message::new(&codes::NB_CORPUS_NONE_READ),
    }
}

/// One non-blank line → (text, label), or the reason it is bad (without the line number).
///
/// # Errors
/// The reason as a sentence fragment, e.g. “the label must be “ham” or “spam”, found …”.
pub fn parse_line(line: &str) -> std::result::Result<(String, Label), String> {
    parse_line_str(line)
        .map(|(text, label)| (text.to_string(), label))
        .map_err(|reason| reason.english().trim_end_matches('.').to_string())
}

/// [`parse_line`] without copying the text (it is a slice of `line`), the reason a message
/// (`nb.line.*`, whose English ends with a full stop, as [`Error::BadLine`] prints it).
pub(crate) fn parse_line_str(line: &str) -> std::result::Result<(&str, Label), Message> {
    let Some((label, text)) = line.split_once('\t') else {
        let first = line.split_whitespace().next().unwrap_or("");
        if parse_label(first).is_some() {
            return Err(Message::new(&codes::NB_LINE_SPACE).text("label", first.trim()));
        }
        return Err(Message::new(&codes::NB_LINE_NO_TAB));
    };
    let Some(label) = parse_label(label) else {
        return Err(Message::new(&codes::NB_LINE_BAD_LABEL).text("found", shorten(label.trim())));
    };
    if text.trim().is_empty() {
        return Err(Message::new(&codes::NB_LINE_EMPTY).msg("label", label.message()));
    }
    Ok((text, label))
}

fn parse_label(s: &str) -> Option<Label> {
    let s = s.trim();
    if s.eq_ignore_ascii_case("ham") {
        Some(Label::Ham)
    } else if s.eq_ignore_ascii_case("spam") {
        Some(Label::Spam)
    } else {
        None
    }
}

/// At most 20 characters of `s`, with an ellipsis when cut.
fn shorten(s: &str) -> String {
    const MAX: usize = 20;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        let mut cut: String = s.chars().take(MAX).collect();
        cut.push('…');
        cut
    }
}

/// What [`dedup`] removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct DedupReport {
    /// Messages kept.
    pub kept: usize,
    /// Removed because the same (label, text) came earlier.
    pub exact_duplicates: usize,
    /// Removed because the same text came earlier with the *other* label.
    pub conflicting_labels: usize,
}

/// Removes repeated messages, keeping the first occurrence of each text: exact
/// (label, text) duplicates, and a text that reappears with the other label (the first
/// label wins). Texts are compared byte for byte. Order is preserved.
pub fn dedup(docs: Vec<(String, Label)>) -> (Vec<(String, Label)>, DedupReport) {
    let mut report = DedupReport::default();
    let keep: Vec<bool> = {
        let mut first: HashMap<&str, Label> = HashMap::with_capacity(docs.len());
        docs.iter()
            .map(|(text, label)| match first.get(text.as_str()) {
                None => {
                    first.insert(text, *label);
                    true
                }
                Some(l) if l == label => {
                    report.exact_duplicates += 1;
                    false
                }
                Some(_) => {
                    report.conflicting_labels += 1;
                    false
                }
            })
            .collect()
    };
    let kept: Vec<(String, Label)> = docs.into_iter().zip(keep).filter_map(|(doc, k)| k.then_some(doc)).collect();
    report.kept = kept.len();
    (kept, report)
}

/// Indices of a train/test split, each list sorted ascending.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Split {
    /// Indices of the training messages.
    pub train: Vec<usize>,
    /// Indices of the held-out test messages.
    pub test: Vec<usize>,
}

impl Split {
    /// The training items of `items` (indices out of range are skipped).
    pub fn train_of<T: Clone>(&self, items: &[T]) -> Vec<T> {
        self.train.iter().filter_map(|&i| items.get(i).cloned()).collect()
    }

    /// The test items of `items` (indices out of range are skipped).
    pub fn test_of<T: Clone>(&self, items: &[T]) -> Vec<T> {
        self.test.iter().filter_map(|&i| items.get(i).cloned()).collect()
    }
}

/// A seeded, per-class (stratified) train/test split of messages with these labels; see
/// the [module docs](self) for the procedure.
///
/// # Errors
/// [`Error::InvalidParameter`] when `test_fraction` is not a number in [0, 1].
pub fn stratified_split(labels: &[Label], test_fraction: f64, seed: u64) -> Result<Split> {
    if !(0.0..=1.0).contains(&test_fraction) {
        return Err(Error::InvalidParameter {
            name: "test fraction",
            value: describe(test_fraction),
            rule: "the share of messages held out for testing must be between 0 and 1",
        });
    }
    let mut generator = rng(seed);
    // Marked, then listed in index order: sorted lists without a sort.
    let mut held_out = vec![false; labels.len()];
    for label in Label::ALL {
        let members: Vec<usize> = labels.iter().enumerate().filter(|(_, &l)| l == label).map(|(i, _)| i).collect();
        let order = permutation(&mut generator, members.len());
        let n_test = ((test_fraction * members.len() as f64).round() as usize).min(members.len());
        for &p in &order[..n_test] {
            held_out[members[p]] = true;
        }
    }
    let (test, train) = (0..labels.len()).partition(|&i| held_out[i]);
    Ok(Split { train, test })
}
