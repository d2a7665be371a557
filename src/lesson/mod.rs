//! Lessons: a lecture as an ordered list of steps, each a panel state with captions.
//!
//! A lesson is a plain UTF-8 text file, one field a line, meant to be read, diffed and kept
//! in a course repository:
//!
//! ```text
//! # genlab lesson            (a line starting with "#" is a comment…)
//! title.en: From two Gaussians to a linear boundary
//! title.zh: 从两个高斯分布到线性边界
//!
//! ## step clouds             (…except "## step", which starts a step; a name may follow)
//! panel: gda                 gda, nb, cat or curves
//! state: cov=shared&m0=-1,0&m1=1,0.5    the panel's part of a link's query string
//! hide: seed, numbers        controls to hide during the step (the `controls` names)
//! highlight: mean 1          mean C (GDA), word W (naive Bayes), cell NAME or control NAME
//! caption.en: Two *round* clouds share one `Σ`: the boundary is a line.
//! caption.zh: 两团*圆形*的点共用一个 `Σ`：边界是直线。
//! notes: Ask where the boundary will go before showing it.
//! notes: (each notes line is one line of the presenter's notes)
//! predict: boundary          a prediction the student makes before the step reveals it
//! ```
//!
//! Blank lines are ignored; a field's value is trimmed. Captions are short Markdown:
//! `*emphasis*` or `_emphasis_`, `**strong**`, `` `code` `` and `$formula$`, with `\` to
//! escape a marker; no HTML (see [`caption_spans`], which the page turns into text nodes).
//!
//! A `predict:` line names one of [`PREDICT_KINDS`] of the step's panel and its parameters,
//! `key=value` separated by spaces (see [`Predict`]): the step's panel then asks the
//! student to commit to a prediction before it shows the answer. A bad `predict:` line is
//! an error naming why ([`PredictProblem`]); the step plays without the prediction.
//!
//! [`parse`] never fails: every problem becomes a [`LessonError`] naming the line, the step
//! (its number in the file and its name) and the value. A step whose state has a bad value
//! keeps its other values and still plays; a step without a known panel is left out. So a
//! lesson with a typo still plays, and says where the typo is. [`write()`] gives the canonical
//! text back: `parse(write(l))` is `l` again.

mod builtin;
mod predict;

pub use builtin::{builtin, is_builtin, BUILTIN, BUILTIN_IDS};
pub use predict::{parse_predict, predict_params_of, Predict, PredictParams, PredictProblem, PREDICT_KINDS};

use serde::{Deserialize, Serialize};

use crate::message::alternatives;
use crate::state::{parse_query, Notice};

/// Longest lesson text read, in bytes (the rest is ignored, with an error).
pub const MAX_LESSON_BYTES: usize = 262_144;
/// Most steps a lesson may have (the rest are ignored, with an error).
pub const MAX_STEPS: usize = 200;
/// Longest caption, in characters (cut, with an error).
pub const MAX_CAPTION_CHARS: usize = 600;
/// Longest title or step name, in characters (cut, with an error).
pub const MAX_TITLE_CHARS: usize = 200;
/// Longest presenter notes of a step, in characters (cut, with an error).
pub const MAX_NOTES_CHARS: usize = 4000;
/// Longest state of a step, in bytes (a link's own limit).
pub const MAX_STATE_BYTES: usize = crate::state::MAX_QUERY_BYTES;

/// The panels a step can show ([`crate::state::PANELS`]).
pub const PANELS: &[&str] = &crate::state::PANEL_IDS;

/// The controls each panel can hide (the `data-control` names of its markup).
pub fn controls_of(panel: &str) -> &'static [&'static str] {
    crate::state::panel(panel).map_or(&[], |p| p.controls)
}

/// The table cells each panel can highlight (the `data-role` names of its tables' cells):
/// the GDA panel's numbers (two classes, then more), the naive Bayes evaluation.
pub fn cells_of(panel: &str) -> &'static [&'static str] {
    crate::state::panel(panel).map_or(&[], |p| p.cells)
}

/// Whether the link key `key` belongs to `panel`'s part of the state (its key table,
/// [`crate::state::Panel::owns`]).
pub fn key_of_panel(key: &str, panel: &str) -> bool {
    crate::state::panel(panel).is_some_and(|p| (p.owns)(key))
}

/// What a step points at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "target")]
pub enum Highlight {
    /// A class mean of the GDA panel (0-based class), ringed as when it has the keyboard.
    Mean(u8),
    /// A word's row in the naive Bayes ledger.
    Word(String),
    /// A cell of one of the panel's tables (a name of [`cells_of`]), outlined.
    Cell(String),
    /// A control of the panel, outlined.
    Control(String),
}

impl Highlight {
    /// The text form: `mean 1`, `word free`, `cell threshold`, `control prior`.
    pub fn text(&self) -> String {
        match self {
            Highlight::Mean(c) => format!("mean {c}"),
            Highlight::Word(w) => format!("word {w}"),
            Highlight::Cell(c) => format!("cell {c}"),
            Highlight::Control(c) => format!("control {c}"),
        }
    }
}

/// One step: what the panel shows, what is hidden and pointed at, what is said.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// A name for the author (after `## step`; may be empty).
    pub name: String,
    /// `"gda"`, `"nb"`, `"cat"` or `"curves"`.
    pub panel: String,
    /// The panel's state as a link's query string (absent keys: the defaults).
    pub state: String,
    /// Controls hidden during the step.
    pub hide: Vec<String>,
    /// What the step points at.
    pub highlight: Option<Highlight>,
    /// The caption in English (short Markdown).
    pub caption_en: String,
    /// The caption in Chinese (short Markdown).
    pub caption_zh: String,
    /// The presenter's notes, lines separated by `\n`.
    pub notes: String,
    /// The prediction the student makes before the step reveals its answer.
    #[serde(default)]
    pub predict: Option<Predict>,
}

impl Step {
    /// A step of `panel` at the defaults, with nothing said.
    pub fn new(panel: &str) -> Step {
        Step {
            name: String::new(),
            panel: panel.to_string(),
            state: String::new(),
            hide: Vec::new(),
            highlight: None,
            caption_en: String::new(),
            caption_zh: String::new(),
            notes: String::new(),
            predict: None,
        }
    }
}

/// A lesson: a title in both languages and its steps.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Lesson {
    /// The title in English.
    pub title_en: String,
    /// The title in Chinese.
    pub title_zh: String,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// A problem found while reading a lesson.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LessonError {
    /// The line (1-based; 0 for the whole text).
    pub line: usize,
    /// The step's number in the file (1-based), if the problem is inside a step.
    pub step: Option<usize>,
    /// The step's name (may be empty).
    pub step_name: String,
    /// The step's index among the steps that play (`None`: the step was left out).
    pub played: Option<usize>,
    /// What is wrong.
    pub problem: Problem,
}

/// What is wrong with a line of a lesson.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Problem {
    /// The text is longer than [`MAX_LESSON_BYTES`]; the rest was not read.
    TooLong,
    /// More than [`MAX_STEPS`] steps; the rest were not read.
    TooManySteps,
    /// A line that is not `field: value`, a comment or `## step`.
    NotAField {
        /// The line (cut to 40 characters).
        value: String,
    },
    /// A field genlab does not know (or not allowed where it is).
    UnknownField {
        /// The field's name (cut to 40 characters).
        field: String,
    },
    /// A field given twice in a step (or in the header); the first counts.
    Repeated {
        /// The field's name.
        field: String,
    },
    /// The step names no panel; it is left out.
    MissingPanel,
    /// The panel is not one of [`PANELS`]; the step is left out.
    UnknownPanel {
        /// The value (cut to 40 characters).
        value: String,
    },
    /// A value of the step's state was not applied (the notice says which and why).
    State {
        /// The state parser's notice.
        notice: Notice,
    },
    /// A key of the state that belongs to another panel, or to the page (`lang`…); ignored.
    ForeignKey {
        /// The key (cut to 40 characters).
        key: String,
    },
    /// A control the step's panel does not have; ignored.
    UnknownControl {
        /// The name (cut to 40 characters).
        value: String,
    },
    /// A highlight that is not `mean C`, `word W`, `cell NAME` or `control NAME` of the
    /// step's panel.
    BadHighlight {
        /// The value (cut to 40 characters).
        value: String,
    },
    /// A `predict:` line the step's panel cannot ask; the step plays without a prediction.
    BadPredict {
        /// The line's value (cut to 40 characters).
        value: String,
        /// What is wrong.
        reason: PredictProblem,
        /// The parameter it is wrong in (empty when none).
        key: String,
    },
    /// A value cut at its longest (a caption, a title, a name, the notes).
    Cut {
        /// The field.
        field: String,
        /// The most characters it may have.
        max: usize,
    },
}

impl LessonError {
    /// The problem in English, naming the step and the value.
    pub fn message(&self) -> String {
        let at = match self.step {
            Some(n) if self.step_name.is_empty() => format!("Line {}, step {n}: ", self.line),
            Some(n) => format!("Line {}, step {n} (“{}”): ", self.line, self.step_name),
            None if self.line > 0 => format!("Line {}: ", self.line),
            None => String::new(),
        };
        let what = match &self.problem {
            Problem::TooLong => {
                format!("the lesson is longer than {} KB; the rest was not read.", MAX_LESSON_BYTES / 1024)
            }
            Problem::TooManySteps => format!("a lesson has at most {MAX_STEPS} steps; the rest were not read."),
            Problem::NotAField { value } => format!("“{value}” is not “field: value”; it was ignored."),
            Problem::UnknownField { field } => format!("“{field}” is not a field of a lesson; it was ignored."),
            Problem::Repeated { field } => format!("“{field}” is given twice; the first one counts."),
            Problem::MissingPanel => {
                format!("the step names no panel (a “panel:” line: {}); it is left out.", alternatives(PANELS))
            }
            Problem::UnknownPanel { value } => {
                format!("the panel “{value}” is not {}; the step is left out.", alternatives(PANELS))
            }
            Problem::State { notice } => {
                format!("the state's “{}={}” was ignored ({:?}).", notice.key, notice.value, notice.reason)
            }
            Problem::ForeignKey { key } => {
                format!("the state's “{key}” is not a setting of this panel; it was ignored.")
            }
            Problem::UnknownControl { value } => {
                format!("this panel has no control “{value}” to hide; it was ignored.")
            }
            Problem::BadHighlight { value } => {
                format!(
                    "“{value}” is not “mean C”, “word W”, “cell NAME” or “control NAME” of this panel; it was ignored."
                )
            }
            Problem::BadPredict { value, reason, key } => {
                let key = if key.is_empty() { String::new() } else { format!(" (in “{key}”)") };
                format!("the prediction “{value}” was left out{key}: {}; the step plays without it.", reason.message())
            }
            Problem::Cut { field, max } => format!("“{field}” was cut at {max} characters."),
        };
        format!("{at}{what}")
    }
}

/// A lesson read from text, and every problem found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Parsed {
    /// The steps that play.
    pub lesson: Lesson,
    /// Everything that was ignored, cut or left out, in line order.
    pub errors: Vec<LessonError>,
}

fn cut(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// Reads a highlight for `panel`: `mean C` (C a class of the GDA panel, 0 … 4), `word W`
/// (naive Bayes), `cell NAME` (a table cell of the panel), `control NAME` (a control of the
/// panel).
pub fn parse_highlight(v: &str, panel: &str) -> Option<Highlight> {
    let (kind, target) = v.split_once(char::is_whitespace)?;
    let target = target.trim();
    match kind {
        "mean" if panel == "gda" => target.parse::<u8>().ok().filter(|c| *c < 5).map(Highlight::Mean),
        "word" if panel == "nb" && !target.is_empty() && target.chars().count() <= 60 => {
            Some(Highlight::Word(target.to_string()))
        }
        "cell" if cells_of(panel).contains(&target) => Some(Highlight::Cell(target.to_string())),
        "control" if controls_of(panel).contains(&target) => Some(Highlight::Control(target.to_string())),
        _ => None,
    }
}

/// A step as read so far, with the fields' lines for the checks at its end.
struct Building {
    number: usize,
    line: usize,
    step: Step,
    seen: Vec<&'static str>,
    panel: Option<(usize, String)>,
    hide: Option<(usize, String)>,
    highlight: Option<(usize, String)>,
    predict: Option<(usize, String)>,
    state_line: usize,
}

/// Reads a lesson. Never fails: see the module's documentation for what becomes an error.
pub fn parse(text: &str) -> Parsed {
    let mut errors = Vec::new();
    let mut text = text;
    if text.len() > MAX_LESSON_BYTES {
        let mut end = MAX_LESSON_BYTES;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text = &text[..end];
        errors.push(LessonError {
            line: 0,
            step: None,
            step_name: String::new(),
            played: None,
            problem: Problem::TooLong,
        });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lesson = Lesson::default();
    let mut header_seen: Vec<&'static str> = Vec::new();
    let mut current: Option<Building> = None;
    let mut numbered = 0;
    let mut stopped = false;
    for (i, raw) in text.split('\n').enumerate() {
        let line_no = i + 1;
        // A carriage return is a line's end (CRLF files) or, inside a line, a space: the same
        // as the writer makes of it.
        let spaced = raw.replace('\r', " ");
        let line = spaced.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("## step") {
            if rest.is_empty() || rest.starts_with(char::is_whitespace) {
                if let Some(b) = current.take() {
                    finish(b, &mut lesson, &mut errors);
                }
                if numbered == MAX_STEPS {
                    errors.push(LessonError {
                        line: line_no,
                        step: None,
                        step_name: String::new(),
                        played: None,
                        problem: Problem::TooManySteps,
                    });
                    stopped = true;
                    break;
                }
                numbered += 1;
                let mut step = Step::new("");
                let name = rest.trim();
                step.name = cut(name, MAX_TITLE_CHARS);
                let mut b = Building {
                    number: numbered,
                    line: line_no,
                    step,
                    seen: Vec::new(),
                    panel: None,
                    hide: None,
                    highlight: None,
                    predict: None,
                    state_line: 0,
                };
                if name.chars().count() > MAX_TITLE_CHARS {
                    push_step_error(
                        &mut errors,
                        &b,
                        line_no,
                        Problem::Cut { field: "step".into(), max: MAX_TITLE_CHARS },
                    );
                }
                b.step.name = b.step.name.trim().to_string();
                current = Some(b);
                continue;
            }
        }
        if line.starts_with('#') {
            continue;
        }
        let Some((field, value)) = line.split_once(':') else {
            let problem = Problem::NotAField { value: cut(line, 40) };
            match &current {
                Some(b) => push_step_error(&mut errors, b, line_no, problem),
                None => errors.push(header_error(line_no, problem)),
            }
            continue;
        };
        let (field, value) = (field.trim(), value.trim());
        match current.as_mut() {
            None => {
                let (slot, name): (&mut String, &'static str) = match field {
                    "title.en" => (&mut lesson.title_en, "title.en"),
                    "title.zh" => (&mut lesson.title_zh, "title.zh"),
                    _ => {
                        errors.push(header_error(line_no, Problem::UnknownField { field: cut(field, 40) }));
                        continue;
                    }
                };
                if header_seen.contains(&name) {
                    errors.push(header_error(line_no, Problem::Repeated { field: name.into() }));
                    continue;
                }
                header_seen.push(name);
                *slot = cut(value, MAX_TITLE_CHARS).trim().to_string();
                if value.chars().count() > MAX_TITLE_CHARS {
                    errors.push(header_error(line_no, Problem::Cut { field: name.into(), max: MAX_TITLE_CHARS }));
                }
            }
            Some(b) => step_field(b, field, value, line_no, &mut errors),
        }
    }
    if !stopped {
        if let Some(b) = current.take() {
            finish(b, &mut lesson, &mut errors);
        }
    }
    errors.sort_by_key(|e| e.line);
    Parsed { lesson, errors }
}

fn header_error(line: usize, problem: Problem) -> LessonError {
    LessonError { line, step: None, step_name: String::new(), played: None, problem }
}

fn push_step_error(errors: &mut Vec<LessonError>, b: &Building, line: usize, problem: Problem) {
    errors.push(LessonError { line, step: Some(b.number), step_name: b.step.name.clone(), played: None, problem });
}

/// One `field: value` line inside a step.
fn step_field(b: &mut Building, field: &str, value: &str, line: usize, errors: &mut Vec<LessonError>) {
    const FIELDS: [&str; 8] = ["panel", "state", "hide", "highlight", "predict", "caption.en", "caption.zh", "notes"];
    let Some(name) = FIELDS.iter().copied().find(|f| *f == field) else {
        push_step_error(errors, b, line, Problem::UnknownField { field: cut(field, 40) });
        return;
    };
    if name == "notes" {
        let before = b.step.notes.chars().count();
        let join = usize::from(b.seen.contains(&"notes"));
        if before + join + value.chars().count() > MAX_NOTES_CHARS {
            if before + join < MAX_NOTES_CHARS {
                if join == 1 {
                    b.step.notes.push('\n');
                }
                b.step.notes.push_str(cut(value, MAX_NOTES_CHARS - before - join).trim_end());
            }
            push_step_error(errors, b, line, Problem::Cut { field: "notes".into(), max: MAX_NOTES_CHARS });
        } else {
            if join == 1 {
                b.step.notes.push('\n');
            }
            b.step.notes.push_str(value);
        }
        if !b.seen.contains(&"notes") {
            b.seen.push("notes");
        }
        return;
    }
    if b.seen.contains(&name) {
        push_step_error(errors, b, line, Problem::Repeated { field: name.into() });
        return;
    }
    b.seen.push(name);
    match name {
        "panel" => b.panel = Some((line, value.to_string())),
        "state" => {
            let mut v = value;
            if v.len() > MAX_STATE_BYTES {
                let mut end = MAX_STATE_BYTES;
                while !v.is_char_boundary(end) {
                    end -= 1;
                }
                v = &v[..end];
                push_step_error(errors, b, line, Problem::Cut { field: "state".into(), max: MAX_STATE_BYTES });
            }
            b.step.state = v.trim().to_string();
            b.state_line = line;
        }
        "hide" => b.hide = Some((line, value.to_string())),
        "highlight" => b.highlight = Some((line, value.to_string())),
        "predict" => b.predict = Some((line, value.to_string())),
        _ => {
            let slot = if name == "caption.en" { &mut b.step.caption_en } else { &mut b.step.caption_zh };
            *slot = cut(value, MAX_CAPTION_CHARS).trim().to_string();
            if value.chars().count() > MAX_CAPTION_CHARS {
                push_step_error(errors, b, line, Problem::Cut { field: name.into(), max: MAX_CAPTION_CHARS });
            }
        }
    }
}

/// The checks at a step's end (its panel, state, controls, highlight); keeps it if it can play.
fn finish(mut b: Building, lesson: &mut Lesson, errors: &mut Vec<LessonError>) {
    let panel = match &b.panel {
        None => {
            push_step_error(errors, &b, b.line, Problem::MissingPanel);
            None
        }
        Some((line, v)) if !PANELS.contains(&v.as_str()) => {
            push_step_error(errors, &b, *line, Problem::UnknownPanel { value: cut(v, 40) });
            None
        }
        Some((_, v)) => Some(v.clone()),
    };
    let Some(panel) = panel else { return };
    b.step.panel = panel.clone();
    if !b.step.state.is_empty() {
        // A key of another panel (or of the page) is reported once, below, whatever its value.
        let foreign = |key: &str| !key_of_panel(key, &panel) && known_key(key);
        let (_, notices) = parse_query(&b.step.state);
        for notice in notices {
            if !foreign(&notice.key) {
                push_step_error(errors, &b, b.state_line, Problem::State { notice });
            }
        }
        let mut reported: Vec<String> = Vec::new();
        for (key, _) in form_urlencoded::parse(b.step.state.as_bytes()) {
            if foreign(&key) && !reported.iter().any(|k| *k == key) {
                reported.push(key.to_string());
                push_step_error(errors, &b, b.state_line, Problem::ForeignKey { key: cut(&key, 40) });
            }
        }
    }
    if let Some((line, v)) = &b.hide {
        for name in v.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            if controls_of(&panel).contains(&name) {
                if !b.step.hide.iter().any(|h| h == name) {
                    b.step.hide.push(name.to_string());
                }
            } else {
                push_step_error(errors, &b, *line, Problem::UnknownControl { value: cut(name, 40) });
            }
        }
    }
    if let Some((line, v)) = &b.highlight {
        match parse_highlight(v, &panel) {
            Some(h) => b.step.highlight = Some(h),
            None => push_step_error(errors, &b, *line, Problem::BadHighlight { value: cut(v, 40) }),
        }
    }
    if let Some((line, v)) = &b.predict {
        match parse_predict(v, &panel) {
            Ok(p) => b.step.predict = Some(p),
            Err((reason, key)) => {
                push_step_error(errors, &b, *line, Problem::BadPredict { value: cut(v, 40), reason, key })
            }
        }
    }
    let index = lesson.steps.len();
    for e in errors.iter_mut().filter(|e| e.step == Some(b.number)) {
        e.played = Some(index);
    }
    lesson.steps.push(b.step);
}

/// Whether the link reader knows `key` (a key of some panel or of the page).
fn known_key(key: &str) -> bool {
    let one = format!("{}=", encode(key));
    parse_query(&one).1.iter().all(|n| !matches!(n.reason, crate::state::NoticeReason::Unknown))
}

/// Percent-encodes a key for a one-key query (so `&`, `=` and `%` in it stay in it).
fn encode(key: &str) -> String {
    form_urlencoded::byte_serialize(key.as_bytes()).collect()
}

/// One line for a field: line breaks become spaces, the value is trimmed.
fn one_line(s: &str) -> String {
    s.split(['\n', '\r']).collect::<Vec<_>>().join(" ").trim().to_string()
}

/// Writes a lesson in the canonical text form (the one [`parse`] reads back to the same
/// lesson): the header, then each step's fields in a fixed order, empty fields left out.
pub fn write(lesson: &Lesson) -> String {
    let mut out = String::from("# genlab lesson\n");
    for (field, v) in [("title.en", &lesson.title_en), ("title.zh", &lesson.title_zh)] {
        let v = one_line(v);
        if !v.is_empty() {
            out += &format!("{field}: {v}\n");
        }
    }
    for step in &lesson.steps {
        let name = one_line(&step.name);
        out += if name.is_empty() { "\n## step\n".to_string() } else { format!("\n## step {name}\n") }.as_str();
        out += &format!("panel: {}\n", one_line(&step.panel));
        let hide: Vec<String> = step.hide.iter().map(|h| one_line(h)).filter(|h| !h.is_empty()).collect();
        let highlight = step.highlight.as_ref().map(Highlight::text);
        for (field, v) in [
            ("state", one_line(&step.state)),
            ("hide", hide.join(", ")),
            ("highlight", highlight.map(|h| one_line(&h)).unwrap_or_default()),
            ("predict", step.predict.as_ref().map(Predict::text).unwrap_or_default()),
            ("caption.en", one_line(&step.caption_en)),
            ("caption.zh", one_line(&step.caption_zh)),
        ] {
            if !v.is_empty() {
                out += &format!("{field}: {v}\n");
            }
        }
        if !step.notes.is_empty() {
            for line in step.notes.split('\n') {
                let line = line.trim();
                out += &if line.is_empty() { "notes:\n".to_string() } else { format!("notes: {line}\n") };
            }
        }
    }
    out
}

/// A run of a caption in one style.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Span {
    /// `"text"`, `"em"`, `"strong"`, `"code"` or `"math"`.
    pub style: &'static str,
    /// The run's characters, markers removed (never HTML: the page sets it as text).
    pub text: String,
}

/// A caption's short Markdown as styled runs: `**strong**`, `*em*` or `_em_`, `` `code` ``,
/// `$math$`; `\` before a marker makes it a plain character. A marker without its closing
/// twin is a plain character. Nothing nests; nothing else is special (`<b>` is four
/// characters of text).
pub fn caption_spans(caption: &str) -> Vec<Span> {
    let chars: Vec<char> = caption.chars().collect();
    let mut spans: Vec<Span> = Vec::new();
    let mut plain = String::new();
    let push = |spans: &mut Vec<Span>, style: &'static str, text: String| {
        if text.is_empty() {
            return;
        }
        match spans.last_mut() {
            Some(last) if last.style == style => last.text.push_str(&text),
            _ => spans.push(Span { style, text }),
        }
    };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' && i + 1 < chars.len() && "*_`$\\".contains(chars[i + 1]) {
            plain.push(chars[i + 1]);
            i += 2;
            continue;
        }
        let (marker, style): (&[char], &'static str) = match c {
            '*' if chars.get(i + 1) == Some(&'*') => (&['*', '*'], "strong"),
            '*' => (&['*'], "em"),
            '_' => (&['_'], "em"),
            '`' => (&['`'], "code"),
            '$' => (&['$'], "math"),
            _ => {
                plain.push(c);
                i += 1;
                continue;
            }
        };
        let start = i + marker.len();
        let emphasis = matches!(style, "em" | "strong");
        // Emphasis opens before a non-blank character (and `_` not inside a word) and closes
        // after one, as in Markdown: `2 * 3` and `snake_case` stay text.
        let opens = chars.get(start).is_some_and(|c| !c.is_whitespace())
            && !(c == '_' && i > 0 && chars[i - 1].is_alphanumeric());
        let close = if opens { closing(&chars, start, marker, emphasis) } else { None };
        match close {
            Some(j) => {
                push(&mut spans, "text", std::mem::take(&mut plain));
                let inner: String =
                    if emphasis { unescape(&chars[start..j]) } else { chars[start..j].iter().collect() };
                push(&mut spans, style, inner);
                i = j + marker.len();
            }
            None => {
                plain.extend(marker);
                i += marker.len();
            }
        }
    }
    push(&mut spans, "text", plain);
    spans
}

/// Where the run opened at `start` closes: the next `marker` after a non-blank character
/// (in emphasis, not an escaped one; code and formulas take `\` literally).
fn closing(chars: &[char], start: usize, marker: &[char], emphasis: bool) -> Option<usize> {
    let mut j = start + 1;
    while j < chars.len() {
        if emphasis && chars[j] == '\\' {
            j += 2;
            continue;
        }
        if chars[j..].starts_with(marker) && !chars[j - 1].is_whitespace() {
            // `**` is not the close of `*…*` (nor its start): skip the pair.
            if marker.len() == 1 && marker[0] == '*' && chars.get(j + 1) == Some(&'*') {
                j += 2;
                continue;
            }
            return Some(j);
        }
        j += 1;
    }
    None
}

/// Emphasis text with its escapes resolved (`\*` is `*`).
fn unescape(chars: &[char]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '\\' && i + 1 < chars.len() && "*_`$\\".contains(chars[i + 1]) {
            out.push(chars[i + 1]);
            i += 2;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// A caption as plain text (the spans' characters, markers removed), e.g. for a title bar.
pub fn caption_text(caption: &str) -> String {
    caption_spans(caption).into_iter().map(|s| s.text).collect()
}
