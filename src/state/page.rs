//! The page's own keys: language, projector, theme, embedding, slides, lesson.

use super::{Allowed, AppState, Key, Part, PANEL_IDS};
use crate::limits;

/// Longest compressed lesson a link carries, in base64url characters.
pub const MAX_LESSON_IN_LINK: usize = 24_000;

/// Whether `v` names a lesson a link may carry: a built-in id, or `~` and base64url.
fn lesson_value(v: &str) -> bool {
    match v.strip_prefix('~') {
        Some(code) => {
            (1..=MAX_LESSON_IN_LINK).contains(&code.len())
                && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        }
        None => crate::lesson::is_builtin(v),
    }
}

/// The prediction kinds a quiz asks, by panel (the page draws each kind's situation from the
/// seed: `www/js/quiz-core.js`).
pub const QUIZ_KINDS: &[(&str, &[&str])] = &[
    ("gda", &["boundary", "posterior", "movement", "threshold", "shape"]),
    ("nb", &["bet", "word", "alpha0"]),
    ("cat", &["verdict"]),
    ("curves", &["crossover"]),
];

/// Whether `v` names a quiz question a link may carry: `panel.kind.seed`, a kind of
/// [`QUIZ_KINDS`] and a seed of 1 to 9 digits.
pub fn quiz_value(v: &str) -> bool {
    let mut parts = v.split('.');
    let (Some(panel), Some(kind), Some(seed), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let known = QUIZ_KINDS.iter().any(|(p, kinds)| *p == panel && kinds.contains(&kind));
    known && (1..=9).contains(&seed.len()) && seed.bytes().all(|b| b.is_ascii_digit())
}

impl Part for AppState {
    const KEYS: &'static [Key<AppState>] = &[
        choice_key!("lang", "interface language", &["en", "zh-CN"], "the language must be “en” or “zh-CN”", lang),
        flag_key!("projector", "projector mode", "projector mode is 0 or 1", projector),
        choice_key!(
            "theme",
            "colours; absent: follow the system's light or dark preference",
            &["dark", "light"],
            "the theme must be “dark” or “light”",
            Some(theme),
        ),
        choice_key!(
            "embed",
            "one panel, no page chrome",
            &PANEL_IDS,
            "the embedded panel must be {panels}",
            Some(embed),
        ),
        flag_key!(
            "deck",
            "slides mode, for a panel framed in a slide deck: PageDown/PageUp (and arrows no control uses) go to the deck as reveal.js messages, and the state outlives the frame's reloads (kept in the tab's session storage)",
            "slides mode is 0 or 1",
            deck,
        ),
        Key {
            name: "lesson",
            per_class: false,
            meaning: words!("a lesson played over the panels ([`crate::lesson`]): a built-in lesson's id, or `~` and the lesson's text compressed (raw deflate) in base64url"),
            allowed: Allowed::Text(
                words!("an id of [`crate::lesson::BUILTIN`], or `~` and 1 … 24,000 characters `A-Z a-z 0-9 - _`"),
                "a lesson is a built-in lesson's name or “~” and a compressed lesson",
            ),
            get: |s, _| s.lesson.clone(),
            set: |s, _, _, v| {
                let ok = lesson_value(v.text);
                if ok {
                    s.lesson = Some(v.text.to_string());
                }
                ok
            },
        },
        range_key!("step", "the lesson's step shown (absent: the first)", &limits::LESSON_STEP, step as u32),
        Key {
            name: "quiz",
            per_class: false,
            meaning: words!("a quiz question (“Quiz me”): the panel draws a fresh situation from the seed and asks one prediction; the link holds the question, never its answer"),
            allowed: Allowed::Text(
                words!("`panel.kind.seed`: a kind of [`crate::state::QUIZ_KINDS`] (`gda.boundary`, `nb.bet`, `curves.crossover`…) and a seed of 1 … 9 digits"),
                "a quiz question is “panel.kind.seed”, e.g. “gda.boundary.42”",
            ),
            get: |s, _| s.quiz.clone(),
            set: |s, _, _, v| {
                let ok = quiz_value(v.text);
                if ok {
                    s.quiz = Some(v.text.to_string());
                }
                ok
            },
        },
    ];
}
