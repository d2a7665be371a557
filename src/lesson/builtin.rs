//! The lessons genlab ships, written for it in English and Chinese (their text files are in
//! `src/lesson/builtin/`, in the format of [`crate::lesson`]).

/// `(id, text)` of each built-in lesson, in teaching order.
pub const BUILTIN: [(&str, &str); 8] = [
    ("gda-boundary", include_str!("builtin/gda-boundary.lesson")),
    ("gda-predict", include_str!("builtin/gda-predict.lesson")),
    ("gda-vs-qda", include_str!("builtin/gda-vs-qda.lesson")),
    ("gda-vs-logistic", include_str!("builtin/gda-vs-logistic.lesson")),
    ("nb-smoothing", include_str!("builtin/nb-smoothing.lesson")),
    ("nb-predict", include_str!("builtin/nb-predict.lesson")),
    ("nb-event-models", include_str!("builtin/nb-event-models.lesson")),
    ("bayes-decision", include_str!("builtin/bayes-decision.lesson")),
];

/// The ids of [`BUILTIN`], in its order, without the texts: what a link's `lesson=` is
/// checked against ([`is_builtin`]), so that every wasm module that reads links (the page's
/// first one among them) does not carry the lessons' 16 KB of text.
pub const BUILTIN_IDS: [&str; 8] = [
    "gda-boundary",
    "gda-predict",
    "gda-vs-qda",
    "gda-vs-logistic",
    "nb-smoothing",
    "nb-predict",
    "nb-event-models",
    "bayes-decision",
];

/// The text of the built-in lesson `id`, if there is one.
pub fn builtin(id: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(i, _)| *i == id).map(|(_, text)| *text)
}

/// Whether `id` names a built-in lesson (without reading any lesson's text).
pub fn is_builtin(id: &str) -> bool {
    BUILTIN_IDS.contains(&id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ids_without_texts_are_the_built_in_lessons_ids_in_order() {
        assert_eq!(BUILTIN.map(|(id, _)| id), BUILTIN_IDS);
        for id in BUILTIN_IDS {
            assert!(is_builtin(id) && builtin(id).is_some(), "{id}");
        }
        for not in ["", "gda", "GDA-boundary", "gda-boundary ", "~"] {
            assert!(!is_builtin(not) && builtin(not).is_none(), "{not:?}");
        }
    }
}
