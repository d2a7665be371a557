//! The spam panel's part of a link: smoothing, event model, prior, the typed message, the
//! split seed, costs, pseudo-counts, resampling, header evidence and common words.

use serde::{Deserialize, Serialize};

use super::{cut, within, Allowed, Key, Notice, NoticeReason, Panel, Part, Pending};
use crate::limits;

/// The message the spam panel opens with (a link without `t` shows it; `t=` is an empty box).
pub const NB_FIRST_MESSAGE: &str = "WIN a FREE prize! Reply now to claim your cash reward, offer ends today.";

/// Longest message kept in a link, in characters.
pub const MAX_TEXT_IN_LINK: usize = 2000;

/// The naive Bayes panel's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NbState {
    /// Smoothing α.
    pub alpha: f64,
    /// `"multinomial"` or `"bernoulli"`.
    pub event: String,
    /// `"ml"`, `"smoothed"` or `"uniform"`.
    pub prior: String,
    /// The typed message.
    pub text: String,
    /// The train/test split seed.
    pub seed: u64,
    /// The cost of losing a ham message relative to letting a spam through, λ_FP/λ_FN.
    #[serde(default = "one")]
    pub cost: f64,
    /// Beta/Dirichlet pseudo-counts [β₁, β₀, α_ham, α_spam], or `None` for α-smoothing.
    #[serde(default)]
    pub pseudo: Option<[f64; 4]>,
    /// `"none"`, `"undersample_ham"` or `"oversample_spam"`.
    #[serde(default = "no_resampling")]
    pub resample: String,
    /// Whether an email's header tokens (`subject:word`, `from-domain:…`) are scored.
    #[serde(default)]
    pub headers: bool,
    /// Whether the common words (`crate::nb::stopwords`: the, I, and…; 的, 了…) are left out
    /// of the counts and of the message.
    #[serde(default)]
    pub ignore_common: bool,
    /// The whole message's length in characters when [`NbState::text`] is only its first
    /// [`MAX_TEXT_IN_LINK`] (a link cut it); `None`: the text is the whole message.
    #[serde(default)]
    pub whole_chars: Option<u64>,
}

fn one() -> f64 {
    1.0
}

fn no_resampling() -> String {
    "none".into()
}

impl Default for NbState {
    fn default() -> Self {
        NbState {
            alpha: 1.0,
            event: "multinomial".into(),
            prior: "ml".into(),
            text: NB_FIRST_MESSAGE.into(),
            seed: 1,
            cost: 1.0,
            pseudo: None,
            resample: no_resampling(),
            headers: false,
            ignore_common: false,
            whole_chars: None,
        }
    }
}

/// The priors the spam and categorical panels offer.
pub(super) const PRIORS: &[&str] = &["ml", "smoothed", "uniform"];

impl Part for NbState {
    const KEYS: &'static [Key<NbState>] = &[
        range_key!("a", "smoothing α", &limits::ALPHA, alpha),
        choice_key!(
            "ev",
            "event model",
            &["multinomial", "bernoulli"],
            "the event model is “multinomial” or “bernoulli”",
            event,
        ),
        choice_key!("prior", "prior", PRIORS, "the prior is “ml”, “smoothed” or “uniform”", prior),
        Key {
            name: "t",
            per_class: false,
            meaning: words!("the typed message (absent: the panel's first message, [`NB_FIRST_MESSAGE`]; `t=`: empty)"),
            allowed: Allowed::Text(words!("at most 2,000 characters"), "the message is at most 2,000 characters"),
            get: |n, _| Some(cut(&n.text, MAX_TEXT_IN_LINK)),
            set: |n, _, _, v| {
                // Control characters other than line breaks and tabs are dropped: a link
                // must not plant invisible text.
                let clean: String = v.text.chars().filter(|c| !c.is_control() || matches!(c, '\n' | '\t')).collect();
                let chars = clean.chars().count();
                if chars > MAX_TEXT_IN_LINK {
                    // Said once, in `finish` (with `tn`'s length when the link has it).
                    n.whole_chars = Some(chars as u64);
                }
                n.text = cut(&clean, MAX_TEXT_IN_LINK);
                true
            },
        },
        Key {
            name: "tn",
            per_class: false,
            meaning: words!("the whole message's length in characters, written when `t` holds only its first 2,000: the opened page says the message was cut, and that its verdict is the cut message's"),
            allowed: Allowed::Range(&limits::WHOLE_MESSAGE_CHARS),
            // A message longer than a link carries: its whole length, so that the opened page
            // says it shows a cut message (and the cut message's verdict), never silently.
            get: |n, _| {
                let chars = n.text.chars().count() as u64;
                let whole = if chars > MAX_TEXT_IN_LINK as u64 { Some(chars) } else { n.whole_chars.filter(|&w| w > chars) };
                whole.filter(|_| chars >= MAX_TEXT_IN_LINK as u64).map(|w| w.to_string())
            },
            set: |_, pending, _, v| {
                pending.whole_from_tn = Some(v.x as u64);
                true
            },
        },
        range_key!("nbseed", "split seed", &limits::SEED, seed as u64),
        range_key!("cost", "λ_FP/λ_FN, a lost ham against a missed spam", &limits::COST, cost),
        Key {
            name: "bayes",
            per_class: false,
            meaning: words!("pseudo-counts `β₁,β₀,α_ham,α_spam`"),
            allowed: Allowed::Text(words!("each 0 … 1000"), limits::PSEUDO.rule),
            get: |n, _| n.pseudo.map(|p| format!("{},{},{},{}", p[0], p[1], p[2], p[3])),
            set: |n, _, _, v| {
                let parts: Vec<Option<f64>> = v.text.split(',').map(|x| within(x.trim(), &limits::PSEUDO)).collect();
                match parts.as_slice() {
                    [Some(a), Some(b), Some(c), Some(d)] => {
                        n.pseudo = Some([*a, *b, *c, *d]);
                        true
                    }
                    _ => false,
                }
            },
        },
        choice_key!(
            "rs",
            "resampling",
            &["none", "undersample_ham", "oversample_spam"],
            "resampling is “none”, “undersample_ham” or “oversample_spam”",
            resample,
        ),
        flag_key!(
            "hdr",
            "spam panel: score an email's header tokens (`subject:word`, `from-domain:…`) too",
            "header evidence is 0 or 1",
            headers,
        ),
        flag_key!(
            "stop",
            "spam panel: leave the common words (the, I, and…; 的, 了…) out of the counts and of the message",
            "ignoring common words is 0 or 1",
            ignore_common,
        ),
    ];

    /// A message the link could not carry whole (cut when the link was written, `tn`, or
    /// when it was read, a `t` over the limit): the page says so, and whose verdict it shows.
    fn finish(&mut self, pending: &Pending, notices: &mut Vec<Notice>) {
        let kept = self.text.chars().count() as u64;
        let whole = match (pending.whole_from_tn, self.whole_chars) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        self.whole_chars = None;
        match whole {
            Some(whole) if kept == MAX_TEXT_IN_LINK as u64 && whole > kept => {
                self.whole_chars = Some(whole);
                notices.push(Notice {
                    key: "t".into(),
                    value: String::new(),
                    reason: NoticeReason::MessageCut { kept, whole },
                });
            }
            Some(whole) => notices.push(Notice {
                key: "tn".into(),
                value: whole.to_string(),
                reason: NoticeReason::Invalid(
                    "“tn” is the length of a message “t” holds the first 2,000 characters of",
                ),
            }),
            None => {}
        }
    }
}

/// The spam panel.
pub(super) const PANEL: Panel = Panel {
    id: "nb",
    controls: &[
        "examples", "alpha", "event", "prior", "costs", "bayesian", "resample", "eval", "export", "corpus", "editor",
    ],
    // The evaluation's cells.
    cells: &["acc", "prec", "rec", "f1", "expected-cost", "tn", "fp", "fn", "tp"],
    owns: super::owns::<NbState>,
};
