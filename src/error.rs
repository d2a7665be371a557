//! One error type for the whole crate.
//!
//! Every message is a sentence a student can read on screen: it says what is wrong with
//! the data or the setting and, where it helps, what to do about it. The UI shows
//! `Error::to_string()` as it is.

use thiserror::Error;

use crate::message::{Code, Message, Param};

/// Everything that can go wrong in genlab, from the maths to the input parsers.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum Error {
    /// A parameter is outside the range its formula allows (α < 0, σ ≤ 0, |ρ| ≥ 1, …).
    #[error("{name} = {value} is not allowed: {rule}.")]
    InvalidParameter {
        /// The parameter's name as the UI shows it.
        name: &'static str,
        /// The offending value, as text (so NaN and ∞ print as words).
        value: String,
        /// The rule it breaks, in plain words.
        rule: &'static str,
    },

    /// The points and labels given to a fit have different lengths.
    #[error("There are {points} points but {labels} labels: every point needs exactly one label.")]
    LengthMismatch {
        /// Number of points.
        points: usize,
        /// Number of labels.
        labels: usize,
    },

    /// A label outside the model's classes: other than 0 or 1 for a two-class model, 5 or
    /// more for a model of k classes. The sentence names the labels allowed (the page
    /// translates it).
    #[error("Point {index} has label {label}, but the classes are 0 to {max}.")]
    BadLabel {
        /// Index of the point.
        index: usize,
        /// The label found.
        label: u8,
        /// The largest label allowed: 1 for a two-class model, 4 for a k-class one.
        max: u8,
    },

    /// A class has no training examples, so its mean (or its prior) cannot be estimated.
    #[error("Class {class} has no points, so its mean cannot be estimated. Add at least one point to each class.")]
    EmptyClass {
        /// The empty class (0 to 4).
        class: u8,
    },

    /// A coordinate or value is NaN or infinite.
    #[error("Point {index} has a coordinate that is not a finite number; remove it or fix it.")]
    NonFinite {
        /// Index of the offending point.
        index: usize,
    },

    /// The shared (or per-class) covariance matrix cannot be inverted.
    #[error("The covariance matrix Σ is singular: within every class the points differ from their class mean along one direction only (or not at all), so the Gaussian likelihood has no maximum with an invertible Σ and Σ⁻¹ does not exist. Spread the points out or add more.")]
    SingularCovariance {
        /// Its determinant (zero or nearly so).
        det: f64,
    },

    /// Coordinates so large that squaring them overflows (beyond about 1e154).
    #[error("The coordinates are too large to square without overflowing (beyond about 10¹⁵⁴); rescale the data.")]
    TooLarge,

    /// A line of an input file could not be parsed. The reason is printed as the end of a
    /// sentence: a full stop is added when it has none, so that a sentence that follows it
    /// ("… The previous corpus is still in use.") never runs on.
    #[error("Line {line}: {}", full_stop(&.reason.english()))]
    BadLine {
        /// 1-based line number.
        line: usize,
        /// What is wrong with it (a [`Message`]; a sentence not yet coded converts into one
        /// with `.into()`).
        reason: Message,
    },

    /// A corpus or data set has nothing usable in it.
    #[error("{0}")]
    EmptyData(Message),

    /// A named item (preset, dataset, option) does not exist.
    #[error("Unknown {kind} “{name}”.")]
    Unknown {
        /// What kind of thing was looked up.
        kind: &'static str,
        /// The name asked for.
        name: String,
    },

    /// The browser refused something (no 2-D canvas context, and the like).
    #[error("The browser could not {0}.")]
    Browser(String),

    /// A value of a categorical table (an attribute's or the class column's) that is not
    /// one of the values declared for it.
    #[error("“{value}” is not a value of “{attribute}”{place}: the allowed values are {allowed}.")]
    UnknownValue {
        /// The attribute (or class column) name.
        attribute: String,
        /// The value found.
        value: String,
        /// The declared values, listed for the reader (“blue, brown, green”).
        allowed: String,
        /// Where it was found, with a leading space (“ in row 3”: the codes
        /// `categorical.place.*`).
        place: Message,
    },

    /// Bytes that cannot be read as an email (not one, or over a cap of
    /// [`crate::limits`]); the sentence says why.
    #[error("{0}")]
    BadEmail(Message),

    /// A rule for reading a message's class from its header that cannot be used (a header
    /// name no header can have, no value for spam); the sentence says why.
    #[error("{0}")]
    BadLabelRule(Message),

    /// A categorical table that cannot be used as it is; the message says why (a code of
    /// [`crate::message::codes`]' categorical block).
    #[error("{0}")]
    BadTable(Message),

    /// An edit of a corpus or table that cannot be applied; the sentence says why.
    #[error("{0}")]
    BadEdit(Message),

    /// A position that does not point at an item of a list (a corpus message, a table row).
    #[error("There is no {kind} at position {index}: there are {len}, numbered from 0.")]
    IndexOutOfRange {
        /// What the list holds (“message”, “row”).
        kind: &'static str,
        /// The position asked for.
        index: usize,
        /// How many items there are.
        len: usize,
    },

    /// A class has too few points for a model that estimates a covariance per class (QDA).
    #[error("Class {class} has only {count} {}, so its own covariance matrix cannot be estimated. QDA needs at least three points in each class, not all on one line.", if *.count == 1 { "point" } else { "points" })]
    ClassTooSmall {
        /// The class (0 to 4).
        class: u8,
        /// How many points it has.
        count: usize,
    },

    /// One class's own covariance matrix cannot be inverted (QDA, naive Bayes).
    #[error("The covariance matrix of class {class} is singular: its points lie on a line or on top of each other, so the Gaussian likelihood has no maximum with an invertible covariance. Spread that class's points out or add more.")]
    SingularClassCovariance {
        /// The class (0 to 4).
        class: u8,
        /// Its determinant (zero or nearly so).
        det: f64,
    },

    /// Every point lies on one line, so an unregularized logistic regression cannot tell
    /// which way the boundary should turn.
    #[error("All the points lie on one line, so logistic regression without a penalty has no unique fit: boundaries turned about the point where they cross that line fit equally well. Add points off the line or set λ above 0.")]
    CollinearPoints,
}

impl Error {
    /// The error as data for the page: a code of [`crate::message::codes`] and its
    /// parameters, whose English is this error's `Display`. A variant that carries a message
    /// hands it over as it is, a value not declared is built from its fields, and a message
    /// made from a sentence with `.into()` is the code `prose` with it.
    pub fn message(&self) -> Message {
        use crate::message::codes as c;
        match self {
            Error::InvalidParameter { name, value, rule } => {
                let value = match value.as_str() {
                    "not a number" => Param::Msg(Message::new(&c::VALUE_NAN)),
                    "infinity" => Param::Msg(Message::new(&c::VALUE_INFINITY)),
                    "minus infinity" => Param::Msg(Message::new(&c::VALUE_MINUS_INFINITY)),
                    v => Param::Text(v.to_string()),
                };
                let rule = crate::message::rule_message(rule);
                let m = Message::new(&c::INVALID_PARAMETER).text("name", *name);
                match value {
                    Param::Msg(v) => m.msg("value", v),
                    Param::Text(v) => m.text("value", v),
                    Param::Int(v) => m.int("value", v),
                }
                .msg("rule", rule)
            }
            Error::LengthMismatch { points, labels } => {
                Message::new(&c::LENGTH_MISMATCH).int("points", *points).int("labels", *labels)
            }
            Error::BadLabel { index, label, max } => {
                Message::new(&c::BAD_LABEL).int("index", *index).int("label", *label).int("max", *max)
            }
            Error::EmptyClass { class } => Message::new(&c::EMPTY_CLASS).int("class", *class),
            Error::NonFinite { index } => Message::new(&c::NON_FINITE).int("index", *index),
            Error::SingularCovariance { .. } => Message::new(&c::SINGULAR_COVARIANCE),
            Error::TooLarge => Message::new(&c::TOO_LARGE),
            Error::Unknown { kind, name } => {
                Message::new(&c::UNKNOWN).msg("kind", kind_message(kind)).text("name", name.as_str())
            }
            Error::Browser(action) => Message::new(&c::BROWSER).text("action", action.as_str()),
            Error::IndexOutOfRange { kind, index, len } => Message::new(&c::INDEX_OUT_OF_RANGE)
                .msg("kind", kind_message(kind))
                .int("index", *index)
                .int("len", *len),
            Error::ClassTooSmall { class, count: 1 } => Message::new(&c::CLASS_TOO_SMALL_ONE).int("class", *class),
            Error::ClassTooSmall { class, count } => {
                Message::new(&c::CLASS_TOO_SMALL).int("class", *class).int("count", *count)
            }
            Error::SingularClassCovariance { class, .. } => {
                Message::new(&c::SINGULAR_CLASS_COVARIANCE).int("class", *class)
            }
            Error::CollinearPoints => Message::new(&c::COLLINEAR_POINTS),
            Error::BadLine { line, reason } if reason.code().id() != "prose" => {
                Message::new(&c::BAD_LINE).int("line", *line).msg("reason", reason.clone())
            }
            Error::EmptyData(m) | Error::BadEmail(m) | Error::BadLabelRule(m) | Error::BadEdit(m)
                if m.code().id() != "prose" =>
            {
                m.clone()
            }
            Error::BadTable(m) => m.clone(),
            Error::UnknownValue { attribute, value, allowed, place } => Message::new(&c::CAT_UNKNOWN_VALUE)
                .text("value", value.as_str())
                .text("attribute", attribute.as_str())
                .msg("place", place.clone())
                .text("allowed", allowed.as_str()),
            Error::BadLine { .. }
            | Error::EmptyData(_)
            | Error::BadEmail(_)
            | Error::BadLabelRule(_)
            | Error::BadEdit(_) => Message::prose(self.to_string()),
        }
    }
}

/// The message of a kind of thing [`Error::Unknown`] or [`Error::IndexOutOfRange`] names
/// (`prose` for one without a code).
fn kind_message(kind: &str) -> Message {
    use crate::message::codes as c;
    let code = match kind {
        "preset" => &c::KIND_PRESET,
        "event model" => &c::KIND_EVENT_MODEL,
        "prior" => &c::KIND_PRIOR,
        "pairing" => &c::KIND_PAIRING,
        "label" => &c::KIND_LABEL,
        "resampling method" => &c::KIND_RESAMPLING,
        "message" => &c::KIND_MESSAGE,
        "row" => &c::KIND_ROW,
        "column" => &c::KIND_COLUMN,
        "word" => &c::KIND_WORD,
        "ledger word" => &c::KIND_LEDGER_WORD,
        other => return Message::prose(other),
    };
    Message::new(code)
}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// `text` ending as a sentence: unchanged when it already ends in `.`, `!`, `?`, `…` or the
/// Chinese full stop, otherwise with a full stop added.
pub fn full_stop(text: &str) -> std::borrow::Cow<'_, str> {
    let t = text.trim_end();
    if t.is_empty() || t.ends_with(['.', '!', '?', '…', '。']) {
        std::borrow::Cow::Borrowed(text)
    } else {
        std::borrow::Cow::Owned(format!("{t}."))
    }
}

/// What a file that cannot be text is, judged by its first bytes (its "magic number": an
/// image, a PDF, an archive, UTF-16 text, an old Office document) or by a NUL byte, which
/// no text file holds; `None` for bytes that may be text. For the sentences that refuse a
/// file the user meant as text ("The file is a PNG image, not …").
pub fn binary_kind(bytes: &[u8]) -> Option<&'static str> {
    binary_kind_code(bytes).map(|c| c.en())
}

/// [`binary_kind`] as a message code (`file-kind.*`), for the page to name it in the
/// reader's language.
pub fn binary_kind_code(bytes: &[u8]) -> Option<&'static Code> {
    use crate::message::codes as c;
    const MAGIC: [(&[u8], &Code); 10] = [
        (b"\x89PNG\r\n\x1a\n", &c::FILE_PNG),
        (b"\xff\xd8\xff", &c::FILE_JPEG),
        (b"GIF87a", &c::FILE_GIF),
        (b"GIF89a", &c::FILE_GIF),
        (b"%PDF-", &c::FILE_PDF),
        (b"PK\x03\x04", &c::FILE_ZIP),
        (b"\x1f\x8b", &c::FILE_GZIP),
        (b"\xff\xfe", &c::FILE_UTF16),
        (b"\xfe\xff", &c::FILE_UTF16),
        (b"\xd0\xcf\x11\xe0", &c::FILE_OLE),
    ];
    if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        return Some(&c::FILE_WEBP);
    }
    if let Some((_, kind)) = MAGIC.iter().find(|(m, _)| bytes.starts_with(m)) {
        return Some(kind);
    }
    bytes.contains(&0).then_some(&c::FILE_BINARY)
}

/// A hint for a line that could not be read and holds full-width punctuation or digits (as a
/// Chinese or Japanese input method types them: `，` for `,`, `；`, `．`, `０`…`９`, the
/// ideographic space), which no number or separator of a CSV file may be: the sentence
/// names the first such character and the half-width one to write instead. `None` when
/// the line has none.
pub fn full_width_hint(line: &str) -> Option<String> {
    full_width_hint_message(line).map(|m| m.english())
}

/// [`full_width_hint`] as a message (the code `full-width`).
pub fn full_width_hint_message(line: &str) -> Option<Message> {
    use crate::message::codes as c;
    let (wide, narrow) = line.chars().find_map(|ch| {
        let narrow = match ch {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(ch as u32 - 0xFEE0),
            '\u{3000}' => Some(' '),
            '\u{3001}' => Some(','),
            '\u{3002}' => Some('.'),
            _ => None,
        }?;
        Some((ch, narrow))
    })?;
    let name = match wide {
        '\u{3000}' => Message::new(&c::CHAR_FULL_WIDTH_SPACE),
        '\u{3001}' => Message::new(&c::CHAR_IDEOGRAPHIC_COMMA),
        '\u{3002}' => Message::new(&c::CHAR_IDEOGRAPHIC_FULL_STOP),
        _ => Message::new(&c::CHAR_FULL_WIDTH).text("char", wide.to_string()),
    };
    let instead = if narrow == ' ' {
        Message::new(&c::CHAR_SPACE)
    } else {
        Message::new(&c::CHAR_HALF_WIDTH).text("char", narrow.to_string())
    };
    Some(Message::new(&c::FULL_WIDTH).msg("wide", name).msg("instead", instead))
}

/// Formats a number for an error message so that NaN and infinities read as words.
pub fn describe(value: f64) -> String {
    if value.is_nan() {
        "not a number".to_string()
    } else if value.is_infinite() {
        if value > 0.0 { "infinity" } else { "minus infinity" }.to_string()
    } else {
        // A true minus sign, as everywhere on the page ("−5", not "-5"; "1e−300").
        format!("{value}").replace('-', "\u{2212}")
    }
}
