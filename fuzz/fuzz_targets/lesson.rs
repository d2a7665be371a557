//! The lesson reader on arbitrary text: `genlab::lesson::parse`, `write` and `caption_spans`.
//!
//! Invariants (beyond "never panics"):
//! * every error names a line of the text (or 0 for the whole text), and a step's error a
//!   step number no larger than the steps the text starts;
//! * every step that plays has a known panel, hides only that panel's controls (each once),
//!   and its captions, title and notes are within their limits;
//! * round trip: writing the lesson and reading it back gives the same lesson, and writing
//!   that again gives the same text (a fixed point); the only errors of the read-back are
//!   the state's (the same steps, the same values);
//! * a caption's spans are never empty, never two of one style in a row, and hold no more
//!   characters than the caption.
#![no_main]

use genlab::lesson::{
    caption_spans, controls_of, parse, write, Problem, MAX_CAPTION_CHARS, MAX_NOTES_CHARS, MAX_TITLE_CHARS, PANELS,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let parsed = parse(text);
    let lines = text.split('\n').count();
    let starts = text.split('\n').filter(|l| l.replace('\r', " ").trim().starts_with("## step")).count();
    for e in &parsed.errors {
        assert!(e.line <= lines, "{e:?}");
        assert!(e.step.is_none_or(|s| s >= 1 && s <= starts), "{e:?}");
        assert!(e.played.is_none_or(|p| p < parsed.lesson.steps.len()), "{e:?}");
    }
    let lesson = &parsed.lesson;
    assert!(lesson.title_en.chars().count() <= MAX_TITLE_CHARS && lesson.title_zh.chars().count() <= MAX_TITLE_CHARS);
    for step in &lesson.steps {
        assert!(PANELS.contains(&step.panel.as_str()));
        for (i, h) in step.hide.iter().enumerate() {
            assert!(controls_of(&step.panel).contains(&h.as_str()));
            assert!(!step.hide[..i].contains(h));
        }
        assert!(step.caption_en.chars().count() <= MAX_CAPTION_CHARS);
        assert!(step.caption_zh.chars().count() <= MAX_CAPTION_CHARS);
        assert!(step.notes.chars().count() <= MAX_NOTES_CHARS);
        for caption in [&step.caption_en, &step.caption_zh] {
            let spans = caption_spans(caption);
            let total: usize = spans.iter().map(|s| s.text.chars().count()).sum();
            assert!(total <= caption.chars().count());
            for (i, s) in spans.iter().enumerate() {
                assert!(!s.text.is_empty());
                assert!(i == 0 || spans[i - 1].style != s.style, "{spans:?}");
            }
        }
    }
    let written = write(lesson);
    let back = parse(&written);
    assert_eq!(&back.lesson, lesson, "the lesson changed on the way through {written:?}");
    for e in &back.errors {
        assert!(matches!(e.problem, Problem::State { .. } | Problem::ForeignKey { .. }), "{e:?} in {written:?}");
    }
    assert_eq!(write(&back.lesson), written);
});
