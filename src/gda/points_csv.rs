//! Labelled 2-D points from text: `x,y,label`, one point a line.
//!
//! The rules, in the order they apply:
//! * Lines end in LF or CRLF; a UTF-8 byte-order mark at the start is ignored.
//! * Blank lines and lines whose first non-blank character is `#` are skipped.
//! * The separator is the first of tab, `;` and `,` found on the first data line, and
//!   the same for the whole file (`;` files therefore cannot use `,` as a decimal mark:
//!   numbers are written with a `.`).
//! * The first data line is a header, and skipped, when its first field is not a number
//!   (`x,y,label`, `bill_length;bill_depth;species`).
//! * Every other line has exactly three fields, each trimmed of blanks and of one pair of
//!   surrounding double quotes: x and y finite decimal numbers (`1.5`, `-2e3`, `.5`;
//!   NaN, infinities and overflowing values such as `1e400` are rejected), and the label
//!   a class from `0` to `4`.
//! * At most [`MAX_POINTS`] points.
//!
//! * A line that breaks a rule and holds full-width punctuation or digits (`，`, `０`…, as a
//!   Chinese input method types them) is reported with a hint naming the character to
//!   change ([`crate::error::full_width_hint`]).
//!
//! The first problem stops the parse with [`Error::BadLine`], its 1-based line number and
//! a sentence saying what is wrong.

use crate::error::{full_width_hint_message, Error, Result};
use crate::message::{codes, Message};

/// The most points a file may hold.
pub const MAX_POINTS: usize = 100_000;

/// Points with their labels, as read.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LabelledPoints {
    /// The points (x, y).
    pub points: Vec<[f64; 2]>,
    /// A class from 0 to 4 per point.
    pub labels: Vec<u8>,
    /// The header's three fields, when the file had one.
    pub header: Option<[String; 3]>,
}

/// Parses `x,y,label` text (see the module documentation for the rules).
///
/// # Errors
/// [`Error::BadLine`] for the first line that breaks a rule (missing or extra fields, a
/// field that is not a number, NaN or infinite or overflowing, a label other than 0/1,
/// more than [`MAX_POINTS`] points); [`Error::EmptyData`] when there is no point at all.
pub fn parse_points_csv(text: &str) -> Result<LabelledPoints> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let mut out = LabelledPoints::default();
    let mut separator: Option<char> = None;
    for (n, raw) in text.split('\n').enumerate() {
        let line_no = n + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw).trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // A bad line typed with a Chinese input method says which character to change.
        read_line(line, line_no, &mut separator, &mut out).map_err(|e| match (e, full_width_hint_message(line)) {
            (Error::BadLine { line, .. }, Some(hint)) => Error::BadLine { line, reason: hint },
            (e, _) => e,
        })?;
    }
    if out.points.is_empty() {
        return Err(Error::EmptyData(Message::new(&codes::POINTS_NONE)));
    }
    Ok(out)
}

/// Reads one non-blank, non-comment line into `out` (the header, or a point).
fn read_line(line: &str, line_no: usize, separator: &mut Option<char>, out: &mut LabelledPoints) -> Result<()> {
    let first_data_line = separator.is_none();
    let sep = *separator.get_or_insert_with(|| ['\t', ';', ','].into_iter().find(|&c| line.contains(c)).unwrap_or(','));
    let fields: Vec<&str> = line.split(sep).map(clean).collect();
    if first_data_line && fields.first().is_some_and(|f| looks_like_text(f)) {
        if fields.len() != 3 {
            return Err(bad(line_no, field_count_reason(fields.len(), sep)));
        }
        out.header = Some([fields[0].to_string(), fields[1].to_string(), fields[2].to_string()]);
        return Ok(());
    }
    if fields.len() != 3 {
        return Err(bad(line_no, field_count_reason(fields.len(), sep)));
    }
    if out.points.len() == MAX_POINTS {
        return Err(bad(line_no, Message::new(&codes::POINTS_OVER_LIMIT).int("max", MAX_POINTS)));
    }
    let x = coordinate(fields[0], "x", line_no)?;
    let y = coordinate(fields[1], "y", line_no)?;
    let label = match fields[2] {
        "0" => 0u8,
        "1" => 1u8,
        "2" => 2u8,
        "3" => 3u8,
        "4" => 4u8,
        "" => return Err(bad(line_no, Message::new(&codes::POINTS_LABEL_MISSING))),
        other => return Err(bad(line_no, Message::new(&codes::POINTS_LABEL_BAD).text("label", shorten(other)))),
    };
    out.points.push([x, y]);
    out.labels.push(label);
    Ok(())
}

/// A field trimmed of blanks and of one pair of surrounding double quotes.
fn clean(field: &str) -> &str {
    let f = field.trim();
    f.strip_prefix('"').and_then(|g| g.strip_suffix('"')).map(str::trim).unwrap_or(f)
}

/// Whether a first field reads as a column name rather than a number.
fn looks_like_text(field: &str) -> bool {
    field.parse::<f64>().is_err() && field.chars().any(char::is_alphabetic)
}

fn bad(line: usize, reason: Message) -> Error {
    Error::BadLine { line, reason }
}

fn field_count_reason(found: usize, sep: char) -> Message {
    let code = if found < 3 { &codes::POINTS_TOO_FEW } else { &codes::POINTS_TOO_MANY };
    let sep = match sep {
        '\t' => &codes::SEP_TABS,
        ';' => &codes::SEP_SEMICOLONS,
        _ => &codes::SEP_COMMAS,
    };
    Message::new(code).msg("sep", Message::new(sep)).int("found", found)
}

/// At most 40 characters of a field, for quoting it in a message.
fn shorten(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

/// A finite coordinate, or the sentence that says why not. The field is quoted back to the
/// user only when it cannot read as a non-finite value: the page never shows "NaN",
/// "Infinity" or "undefined", not even the user's own.
fn coordinate(field: &str, name: &str, line: usize) -> Result<f64> {
    let named = |code| Message::new(code).text("name", name);
    if field.is_empty() {
        return Err(bad(line, named(&codes::POINTS_COORDINATE_MISSING)));
    }
    let lower = field.to_ascii_lowercase();
    let quotable = !["nan", "inf", "undefined", "null"].iter().any(|w| lower.contains(w));
    let quoted = if quotable {
        Message::new(&codes::FIELD_QUOTED).text("text", shorten(field))
    } else {
        Message::new(&codes::FIELD_HIDDEN)
    };
    match field.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        Ok(v) if v.is_nan() => {
            Err(bad(line, named(&codes::POINTS_NOT_NUMBER).msg("field", Message::new(&codes::FIELD_HIDDEN))))
        }
        Ok(_) if lower.contains("inf") => Err(bad(line, named(&codes::POINTS_INFINITE))),
        Ok(_) => Err(bad(line, named(&codes::POINTS_OVERFLOW).msg("field", quoted))),
        Err(_) if field.contains(',') => Err(bad(line, named(&codes::POINTS_DECIMAL_COMMA).msg("field", quoted))),
        Err(_) => Err(bad(line, named(&codes::POINTS_NOT_NUMBER).msg("field", quoted))),
    }
}
