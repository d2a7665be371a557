//! The lessons genlab ships, written for it in English and Chinese (their text files are in
//! `src/lesson/builtin/`, in the format of [`crate::lesson`]).

/// `(id, text)` of each built-in lesson, in teaching order.
pub const BUILTIN: [(&str, &str); 6] = [
    ("gda-boundary", include_str!("builtin/gda-boundary.lesson")),
    ("gda-vs-qda", include_str!("builtin/gda-vs-qda.lesson")),
    ("gda-vs-logistic", include_str!("builtin/gda-vs-logistic.lesson")),
    ("nb-smoothing", include_str!("builtin/nb-smoothing.lesson")),
    ("nb-event-models", include_str!("builtin/nb-event-models.lesson")),
    ("bayes-decision", include_str!("builtin/bayes-decision.lesson")),
];

/// The text of the built-in lesson `id`, if there is one.
pub fn builtin(id: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(i, _)| *i == id).map(|(_, text)| *text)
}
