//! The page's own keys: language, projector, theme, embedding, slides, lesson.

use super::{flag, Allowed, AppState, Key, Part, PANEL_IDS};
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

const OFF_ON: &[&str] = &["0", "1"];

impl Part for AppState {
    const KEYS: &'static [Key<AppState>] = &[
        Key {
            name: "lang",
            per_class: false,
            meaning: words!("interface language"),
            allowed: Allowed::Choices(&["en", "zh-CN"], "the language must be “en” or “zh-CN”"),
            get: |s, _| Some(s.lang.clone()),
            set: |s, _, _, v| {
                s.lang = v.text.to_string();
                true
            },
        },
        Key {
            name: "projector",
            per_class: false,
            meaning: words!("projector mode"),
            allowed: Allowed::Choices(OFF_ON, "projector mode is 0 or 1"),
            get: |s, _| flag(s.projector),
            set: |s, _, _, v| {
                s.projector = v.text == "1";
                true
            },
        },
        Key {
            name: "theme",
            per_class: false,
            meaning: words!("colours; absent: follow the system's light or dark preference"),
            allowed: Allowed::Choices(&["dark", "light"], "the theme must be “dark” or “light”"),
            get: |s, _| s.theme.clone(),
            set: |s, _, _, v| {
                s.theme = Some(v.text.to_string());
                true
            },
        },
        Key {
            name: "embed",
            per_class: false,
            meaning: words!("one panel, no page chrome"),
            allowed: Allowed::Choices(&PANEL_IDS, "the embedded panel must be “gda”, “nb”, “cat” or “curves”"),
            get: |s, _| s.embed.clone(),
            set: |s, _, _, v| {
                s.embed = Some(v.text.to_string());
                true
            },
        },
        Key {
            name: "deck",
            per_class: false,
            meaning: words!("slides mode, for a panel framed in a slide deck: PageDown/PageUp (and arrows no control uses) go to the deck as reveal.js messages, and the state outlives the frame's reloads (kept in the tab's session storage)"),
            allowed: Allowed::Choices(OFF_ON, "slides mode is 0 or 1"),
            get: |s, _| flag(s.deck),
            set: |s, _, _, v| {
                s.deck = v.text == "1";
                true
            },
        },
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
        Key {
            name: "step",
            per_class: false,
            meaning: words!("the lesson's step shown (absent: the first)"),
            allowed: Allowed::Range(&limits::LESSON_STEP),
            get: |s, _| Some(s.step.to_string()),
            set: |s, _, _, v| {
                s.step = v.x as u32;
                true
            },
        },
    ];
}
