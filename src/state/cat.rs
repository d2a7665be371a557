//! The categorical naive Bayes panel's part of a link: smoothing λ, the prior and the query
//! (the table itself is the built-in example's).

use serde::{Deserialize, Serialize};

use super::nb::PRIORS;
use super::{Allowed, Key, Panel, Part};
use crate::limits;

/// The categorical panel's first query on the built-in example: tall, green eyes, short
/// hair, no glasses. No "yes" row has green eyes, so at λ = 0 it wipes class "yes" out.
pub const CAT_EXAMPLE_QUERY: [&str; 4] = ["yes", "green", "short", "no"];

/// The categorical naive Bayes panel's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CatState {
    /// Lidstone smoothing λ.
    pub lambda: f64,
    /// `"ml"`, `"smoothed"` or `"uniform"`.
    pub prior: String,
    /// One value per attribute; `""` is not observed. The panel checks the values against
    /// its table; a link only knows that they are short, one-line strings.
    pub query: Vec<String>,
}

impl Default for CatState {
    fn default() -> Self {
        CatState { lambda: 1.0, prior: "ml".into(), query: CAT_EXAMPLE_QUERY.iter().map(|s| s.to_string()).collect() }
    }
}

/// A categorical query from a link: `|`-separated values (trimmed), at most
/// [`MAX_ATTRIBUTES`](crate::nb::categorical::MAX_ATTRIBUTES) of them, each one line of at
/// most [`MAX_NAME_CHARS`](crate::nb::categorical::MAX_NAME_CHARS) characters.
fn cat_query(v: &str) -> Option<Vec<String>> {
    use crate::nb::categorical::{MAX_ATTRIBUTES, MAX_NAME_CHARS};
    let values: Vec<String> = v.split('|').map(|x| x.trim().to_string()).collect();
    let fits = |x: &String| x.chars().count() <= MAX_NAME_CHARS && !x.chars().any(char::is_control);
    (values.len() <= MAX_ATTRIBUTES && values.iter().all(fits)).then_some(values)
}

impl Part for CatState {
    const KEYS: &'static [Key<CatState>] = &[
        range_key!("cl", "categorical naive Bayes: smoothing λ", &limits::CAT_LAMBDA, lambda),
        choice_key!(
            "cprior",
            "categorical naive Bayes: prior",
            PRIORS,
            "the prior is “ml”, “smoothed” or “uniform”",
            prior
        ),
        Key {
            name: "cq",
            per_class: false,
            meaning: words!("categorical naive Bayes: the query, values separated by `\\|` (empty: not observed)"),
            allowed: Allowed::Text(
                words!("≤ 20 values of ≤ 60 characters"),
                "a query is at most 20 values separated by “|”, each one line of at most 60 characters",
            ),
            get: |s, _| Some(s.query.join("|")),
            set: |s, _, _, v| match cat_query(v.text) {
                Some(q) => {
                    s.query = q;
                    true
                }
                None => false,
            },
        },
    ];
}

/// The categorical panel.
pub(super) const PANEL: Panel = Panel {
    id: "cat",
    controls: &["query", "lambda", "prior", "table", "csv", "counts"],
    cells: &[],
    owns: super::owns::<CatState>,
};
