//! The learning-curves panel's part of a link: the pairing, the sizes, the splits, the
//! regularization and smoothing, the seed.

use serde::{Deserialize, Serialize};

use super::{Allowed, Key, Notice, NoticeReason, Panel, Part, Pending};
use crate::limits;

/// The learning-curves panel's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CurvesState {
    /// The pairing's id ([`crate::curves::Pairing::id`]).
    pub pairing: String,
    /// The smallest training size.
    pub m_min: u32,
    /// The largest training size (capped at the training pool when the run starts).
    pub m_max: u32,
    /// How many sizes.
    pub sizes: u32,
    /// How many random splits.
    pub splits: u32,
    /// Logistic regression's λ.
    pub lambda: f64,
    /// The variance smoothing α (Gaussian naive Bayes, GDA).
    pub alpha: f64,
    /// The text models' smoothing α (Lidstone: 1 is Laplace's add-one); a state object
    /// from before the text pairings gets 1.
    #[serde(default = "one")]
    pub text_alpha: f64,
    /// The seed.
    pub seed: u64,
}

impl Default for CurvesState {
    fn default() -> Self {
        CurvesState {
            pairing: "true".into(),
            m_min: 4,
            m_max: 1000,
            sizes: 15,
            splits: 200,
            lambda: 0.01,
            alpha: 1e-9,
            text_alpha: 1.0,
            seed: 1,
        }
    }
}

fn one() -> f64 {
    1.0
}

impl Part for CurvesState {
    const KEYS: &'static [Key<CurvesState>] = &[
        Key {
            name: "lcp",
            per_class: false,
            meaning: words!("learning curves: the pairing"),
            allowed: Allowed::Text(
                words!("`true`, `unequal`, `bimodal`, `heavy`, `wdbc`, `digits01`, `digits23`, `textmn`, `textbern` (the teaching corpus), `usermn`, `userbern` (the spam panel's corpus)"),
                "the pairing must be “true”, “unequal”, “bimodal”, “heavy”, “wdbc”, “digits01”, “digits23”, “textmn”, “textbern”, “usermn” or “userbern”",
            ),
            get: |l, _| Some(l.pairing.clone()),
            set: |l, _, _, v| {
                let ok = crate::curves::Pairing::from_id(v.text).is_ok();
                if ok {
                    l.pairing = v.text.to_string();
                }
                ok
            },
        },
        range_key!("lcmin", "learning curves: the smallest m (below the largest)", &limits::CURVE_M, m_min as u32),
        range_key!(
            "lcmax",
            "learning curves: the largest m (capped at the data's training pool)",
            &limits::CURVE_M,
            m_max as u32,
        ),
        range_key!("lcs", "learning curves: how many sizes", &limits::CURVE_SIZES, sizes as u32),
        range_key!("lcn", "learning curves: how many random splits", &limits::CURVE_SPLITS, splits as u32),
        range_key!("lcl", "learning curves: logistic regression's λ", &limits::L2, lambda),
        range_key!(
            "lca",
            "learning curves: variance smoothing α (Gaussian naive Bayes, GDA)",
            &limits::CURVE_ALPHA,
            alpha,
        ),
        range_key!("lcta", "learning curves: the text models' smoothing α", &limits::CURVE_ALPHA, text_alpha),
        range_key!(
            "lcseed",
            "learning curves: seed of the splits (and of a generated cloud)",
            &limits::SEED,
            seed as u64,
        ),
    ];

    /// The range of m must be a range: otherwise both ends go back to the defaults.
    fn finish(&mut self, _pending: &Pending, notices: &mut Vec<Notice>) {
        if self.m_min >= self.m_max {
            let d = CurvesState::default();
            notices.push(Notice {
                key: "lcmin/lcmax".into(),
                value: format!("{}/{}", self.m_min, self.m_max),
                reason: NoticeReason::Invalid("the smallest m must be below the largest m"),
            });
            self.m_min = d.m_min;
            self.m_max = d.m_max;
        }
    }
}

/// The learning-curves panel.
pub(super) const PANEL: Panel = Panel {
    id: "curves",
    controls: &["pairing", "m", "sizes", "splits", "lambda", "alpha", "seed", "export"],
    cells: &[],
    owns: super::owns::<CurvesState>,
};
