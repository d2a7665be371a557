//! The whole screen as a URL query string, so that a link reproduces it.
//!
//! [`parse_query`] starts from the defaults and applies each known parameter after
//! checking it: a value out of range, a malformed number, an unknown key or a repeated key is
//! ignored and reported as a [`Notice`], never trusted and never a crash. [`to_query`] writes
//! the parameters that differ from the defaults, so a fresh page has a short link and every
//! link reproduces the screen exactly.
//!
//! Every key is declared once, in its part's key table ([`Key`]: the page's in `page.rs`,
//! each panel's in its own file, `gda.rs`, `nb.rs`, `cat.rs`, `curves.rs`): its name, what
//! it means, its values (a range of [`crate::limits`] or a list of choices), how it is read
//! from the state and written into it. Parsing, writing, [`check_gda`] and the table below are
//! derived from those tables (a test regenerates the table and compares it with this one).
//!
//! <!-- key table: generated from the key tables by `GENLAB_BLESS=1 cargo test --test it state_doc::` -->
//! | key | meaning | allowed |
//! | --- | --- | --- |
//! | `lang` | interface language | `en`, `zh-CN` |
//! | `projector` | projector mode | `0`, `1` |
//! | `theme` | colours; absent: follow the system's light or dark preference | `dark`, `light` |
//! | `embed` | one panel, no page chrome | `gda`, `nb`, `cat`, `curves` |
//! | `deck` | slides mode, for a panel framed in a slide deck: PageDown/PageUp (and arrows no control uses) go to the deck as reveal.js messages, and the state outlives the frame's reloads (kept in the tab's session storage) | `0`, `1` |
//! | `lesson` | a lesson played over the panels ([`crate::lesson`]): a built-in lesson's id, or `~` and the lesson's text compressed (raw deflate) in base64url | an id of [`crate::lesson::BUILTIN`], or `~` and 1 … 24,000 characters `A-Z a-z 0-9 - _` |
//! | `step` | the lesson's step shown (absent: the first) | 1 … 200 |
//! | `quiz` | a quiz question (“Quiz me”): the panel draws a fresh situation from the seed and asks one prediction; the link holds the question, never its answer | `panel.kind.seed`: a kind of [`crate::state::QUIZ_KINDS`] (`gda.boundary`, `nb.bet`, `curves.crossover`…) and a seed of 1 … 9 digits |
//! | `src` | GDA data | `generated`, a preset id (two species, or `penguins-three-species`, `iris-three-species`), or `custom`: the user's own points, kept by the page's history entries (a link cannot carry them; the panel says so) |
//! | `seed` | GDA sample seed | 0 … 2⁵³ − 1 |
//! | `n0` … `n4` | points of class c | 1 … 500 |
//! | `sx0` … `sx4` | class c's generating σ along x | 0.2 … 3 |
//! | `sy0` … `sy4` | class c's generating σ along y | 0.2 … 3 |
//! | `r0` … `r4` | class c's generating ρ | −0.95 … 0.95 |
//! | `k` | number of generated classes (absent: 2) | 2 … 5 |
//! | `cov` | covariance of the drawn model | `shared`, `per-class`, `diagonal-per-class`, `diagonal-shared` |
//! | `lr` | logistic-regression overlay | `0`, `1` |
//! | `pairs` | every pairwise boundary dashed (k > 2) | `0`, `1` |
//! | `v3` | the 3-D view of the weighted densities shown | `0`, `1` |
//! | `yaw` | the 3-D view's angle about the vertical, in degrees (absent: 35) | −180 … 180 |
//! | `pitch` | the 3-D view's angle above the floor, in degrees (absent: 25) | 3 … 85 |
//! | `lam` | logistic regression's L2 strength | 0 … 10⁶ |
//! | `phi` | prior override | 0.01 … 0.99 |
//! | `l01` | loss λ₀₁ | 0.01 … 1000 |
//! | `l10` | loss λ₁₀ | 0.01 … 1000 |
//! | `heat` | posterior heat map | `0`, `1` |
//! | `m0` … `m4` | class means `x,y`: all of the data's classes (k generated, or the preset's), or none | finite, \|v\| ≤ 10⁶ |
//! | `a` | smoothing α | 0 … 10 |
//! | `ev` | event model | `multinomial`, `bernoulli` |
//! | `prior` | prior | `ml`, `smoothed`, `uniform` |
//! | `t` | the typed message (absent: the panel's first message, [`NB_FIRST_MESSAGE`]; `t=`: empty) | at most 2,000 characters |
//! | `tn` | the whole message's length in characters, written when `t` holds only its first 2,000: the opened page says the message was cut, and that its verdict is the cut message's | 2001 … 10⁹ |
//! | `nbseed` | split seed | 0 … 2⁵³ − 1 |
//! | `cost` | λ_FP/λ_FN, a lost ham against a missed spam | 1 … 1000 |
//! | `bayes` | pseudo-counts `β₁,β₀,α_ham,α_spam` | each 0 … 1000 |
//! | `rs` | resampling | `none`, `undersample_ham`, `oversample_spam` |
//! | `hdr` | spam panel: score an email's header tokens (`subject:word`, `from-domain:…`) too | `0`, `1` |
//! | `stop` | spam panel: leave the common words (the, I, and…; 的, 了…) out of the counts and of the message | `0`, `1` |
//! | `cl` | categorical naive Bayes: smoothing λ | 0 … 10 |
//! | `cprior` | categorical naive Bayes: prior | `ml`, `smoothed`, `uniform` |
//! | `cq` | categorical naive Bayes: the query, values separated by `\|` (empty: not observed) | ≤ 20 values of ≤ 60 characters |
//! | `lcp` | learning curves: the pairing | `true`, `unequal`, `bimodal`, `heavy`, `wdbc`, `digits01`, `digits23`, `textmn`, `textbern` (the teaching corpus), `usermn`, `userbern` (the spam panel's corpus) |
//! | `lcmin` | learning curves: the smallest m (below the largest) | 2 … 5000 |
//! | `lcmax` | learning curves: the largest m (capped at the data's training pool) | 2 … 5000 |
//! | `lcs` | learning curves: how many sizes | 2 … 40 |
//! | `lcn` | learning curves: how many random splits | 1 … 1000 |
//! | `lcl` | learning curves: logistic regression's λ | 0 … 10⁶ |
//! | `lca` | learning curves: variance smoothing α (Gaussian naive Bayes, GDA) | 0 … 10 |
//! | `lcta` | learning curves: the text models' smoothing α | 0 … 10 |
//! | `lcseed` | learning curves: seed of the splits (and of a generated cloud) | 0 … 2⁵³ − 1 |
//! <!-- end of key table -->
//!
//! Classes 2, 3 and 4 have their own keys, so every link written for two classes (before
//! `k` existed) reads as it did; a class's generating keys are kept even when k is below
//! it (k = 3 with `n4` set is valid, and `n4` comes back when k goes to 5).
//!
//! The categorical panel's table itself is not in the link: a link gives λ, the prior and
//! the query, on the built-in example table.

use serde::{Deserialize, Serialize};

use crate::limits::Range;

/// A key table's words (its meaning, the allowed values in words): kept in native builds,
/// where the module's table is written from them, and left out of the wasm modules, which
/// never show them (about 4 KB in each).
macro_rules! words {
    ($s:expr) => {
        if cfg!(target_arch = "wasm32") {
            ""
        } else {
            $s
        }
    };
}

/// The values of an on/off key.
const OFF_ON: &[&str] = &["0", "1"];

/// A key that switches something on or off: `0` or `1` (`rule`: what a refused value is
/// told), read from and written to the `bool` at `field` of the part's state.
///
/// A macro rather than a `const fn`: a key's `get` and `set` are plain `fn` pointers, which
/// cannot capture the field they read, so each key's pair is written out here, once.
macro_rules! flag_key {
    ($name:literal, $meaning:expr, $rule:expr, $($field:ident).+ $(,)?) => {
        $crate::state::Key {
            name: $name,
            per_class: false,
            meaning: words!($meaning),
            allowed: $crate::state::Allowed::Choices($crate::state::OFF_ON, $rule),
            get: |s, _| $crate::state::flag(s.$($field).+),
            set: |s, _, _, v| {
                s.$($field).+ = v.text == "1";
                true
            },
        }
    };
}

/// A key of one of `choices` (`rule`: what a refused value is told), kept as the word itself
/// in the `String` at `field`, or in the `Option<String>` at `Some(field)` (absent: `None`).
macro_rules! choice_key {
    ($name:literal, $meaning:expr, $choices:expr, $rule:expr, Some($($field:ident).+) $(,)?) => {
        $crate::state::Key {
            name: $name,
            per_class: false,
            meaning: words!($meaning),
            allowed: $crate::state::Allowed::Choices($choices, $rule),
            get: |s, _| s.$($field).+.clone(),
            set: |s, _, _, v| {
                s.$($field).+ = Some(v.text.to_string());
                true
            },
        }
    };
    ($name:literal, $meaning:expr, $choices:expr, $rule:expr, $($field:ident).+ $(,)?) => {
        $crate::state::Key {
            name: $name,
            per_class: false,
            meaning: words!($meaning),
            allowed: $crate::state::Allowed::Choices($choices, $rule),
            get: |s, _| Some(s.$($field).+.clone()),
            set: |s, _, _, v| {
                s.$($field).+ = v.text.to_string();
                true
            },
        }
    };
}

/// A key of a number within one of the shared ranges ([`crate::limits`]), kept in the `f64`
/// at `field` (written as [`num`] writes it), or in the integer at `field as T` (the range
/// holds only whole numbers; written in digits).
macro_rules! range_key {
    ($name:literal, $meaning:expr, $range:expr, $($field:ident).+ as $t:ty $(,)?) => {
        $crate::state::Key {
            name: $name,
            per_class: false,
            meaning: words!($meaning),
            allowed: $crate::state::Allowed::Range($range),
            get: |s, _| Some(s.$($field).+.to_string()),
            set: |s, _, _, v| {
                s.$($field).+ = v.x as $t;
                true
            },
        }
    };
    ($name:literal, $meaning:expr, $range:expr, $($field:ident).+ $(,)?) => {
        $crate::state::Key {
            name: $name,
            per_class: false,
            meaning: words!($meaning),
            allowed: $crate::state::Allowed::Range($range),
            get: |s, _| Some($crate::state::num(s.$($field).+)),
            set: |s, _, _, v| {
                s.$($field).+ = v.x;
                true
            },
        }
    };
}

mod cat;
mod curves;
mod gda;
mod nb;
mod page;

pub use cat::{CatState, CAT_EXAMPLE_QUERY};
pub use curves::CurvesState;
pub use gda::{CloudState, GdaState, SurfaceState};
pub use nb::{NbState, MAX_TEXT_IN_LINK, NB_FIRST_MESSAGE};
pub use page::{quiz_value, MAX_LESSON_IN_LINK, QUIZ_KINDS};

/// Longest query string read, in bytes; the rest is ignored with a notice. Room for the
/// longest link [`to_query`] writes: a message of [`MAX_TEXT_IN_LINK`] four-byte characters
/// percent-encodes to 24,000 bytes, and every other parameter together to under 1,000.
pub const MAX_QUERY_BYTES: usize = 32_768;

/// Every setting a link carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AppState {
    /// `"en"` or `"zh-CN"`.
    pub lang: String,
    /// Projector mode.
    pub projector: bool,
    /// `"dark"` or `"light"`; `None` follows the system's preference
    /// (`prefers-color-scheme`).
    #[serde(default)]
    pub theme: Option<String>,
    /// A panel's id ([`PANELS`]) or `None` for the whole page.
    pub embed: Option<String>,
    /// Slides mode: clicker keys go to the deck around the frame, the state outlives reloads.
    #[serde(default)]
    pub deck: bool,
    /// The lesson played: a built-in id or `~` and its compressed text (see the table).
    #[serde(default)]
    pub lesson: Option<String>,
    /// The lesson's step shown, 1-based (a state without it shows the first).
    #[serde(default = "first_step")]
    pub step: u32,
    /// The quiz question asked (`panel.kind.seed`: the seed draws the situation, and the
    /// link never holds the answer), or none.
    #[serde(default)]
    pub quiz: Option<String>,
    /// The GDA panel.
    pub gda: GdaState,
    /// The naive Bayes panel.
    pub nb: NbState,
    /// The categorical naive Bayes panel (a state object without it gets the defaults).
    #[serde(default)]
    pub cat: CatState,
    /// The learning-curves panel (a state object without it gets the defaults).
    #[serde(default)]
    pub curves: CurvesState,
}

fn first_step() -> u32 {
    1
}

impl Default for AppState {
    fn default() -> Self {
        AppState {
            lang: "en".into(),
            projector: false,
            theme: None,
            embed: None,
            deck: false,
            lesson: None,
            step: 1,
            quiz: None,
            gda: GdaState::default(),
            nb: NbState::default(),
            cat: CatState::default(),
            curves: CurvesState::default(),
        }
    }
}

/// A parameter that was not applied, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Notice {
    /// The key as it appeared (cut to 40 characters).
    pub key: String,
    /// The value as it appeared (cut to 40 characters).
    pub value: String,
    /// Why it was ignored.
    pub reason: NoticeReason,
}

/// Why a parameter was ignored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "rule")]
pub enum NoticeReason {
    /// Not a key genlab knows.
    Unknown,
    /// The key appeared more than once; the first value counts.
    Repeated,
    /// The value breaks the rule given (it crosses to the page as the rule's message,
    /// [`crate::message::rule_message`]).
    Invalid(#[serde(serialize_with = "rule_as_message")] &'static str),
    /// The value was too long and was cut.
    Cut(#[serde(serialize_with = "rule_as_message")] &'static str),
    /// The spam panel's message is only the first `kept` of its `whole` characters: the link
    /// could not carry the rest, so the verdict shown is the cut message's.
    MessageCut {
        /// Characters the link carries.
        kept: u64,
        /// Characters of the whole message.
        whole: u64,
    },
    /// The query string was too long; the rest was not read.
    TooLong,
}

/// A notice's rule as the page receives it: a message (`{code}`), not English.
fn rule_as_message<S: serde::Serializer>(rule: &&'static str, serializer: S) -> Result<S::Ok, S::Error> {
    crate::message::rule_message(rule).serialize(serializer)
}

// ---------------------------------------------------------------------------------------
// The key tables.

/// The values a key allows.
#[derive(Debug, Clone, Copy)]
pub enum Allowed {
    /// A number of one of the shared ranges; the notice gives the range's rule.
    Range(&'static Range),
    /// One of these words; the notice gives the rule.
    Choices(&'static [&'static str], &'static str),
    /// What the key's own check accepts, in words (for the table), and its rule.
    Text(&'static str, &'static str),
}

impl Allowed {
    /// The rule a value breaks when it is refused.
    pub fn rule(&self) -> &'static str {
        match self {
            Allowed::Range(r) => r.rule,
            Allowed::Choices(_, rule) | Allowed::Text(_, rule) => rule,
        }
    }
}

/// What a key's `set` is handed: the value as it appeared and, for a key of a range, the
/// number it reads as (already checked against the range).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Value<'a> {
    /// The value as it appeared.
    pub text: &'a str,
    /// The number, for a key of a range (`NaN` otherwise).
    pub x: f64,
}

/// What the keys leave for their part's closing checks, which weigh keys against each other
/// (the means, the cut message).
#[derive(Debug, Clone, Default)]
pub(crate) struct Pending {
    /// The class means given, `m0` … `m4`.
    pub means: [Option<[f64; 2]>; crate::gda::MAX_CLASSES],
    /// `tn`: the length of the message the link's `t` was cut from.
    pub whole_from_tn: Option<u64>,
}

/// One key of a link, declared once: parsing, writing, checking and the module's table all
/// read it.
pub struct Key<S: 'static> {
    /// The key in a link; for a key of every class, its stem (`n` for `n0` … `n4`).
    pub name: &'static str,
    /// Whether the key has one instance per class (`n0` … `n4`).
    pub per_class: bool,
    /// What it means, for the table.
    pub meaning: &'static str,
    /// The values it allows.
    pub allowed: Allowed,
    /// The value as a link writes it (for class `c` of a key of every class), `None` when
    /// absent. A link writes it when it differs from the default state's.
    pub(crate) get: fn(&S, usize) -> Option<String>,
    /// Applies an allowed value (a choice, or a number within the range; for a key of
    /// [`Allowed::Text`], any value: `false` refuses it).
    pub(crate) set: fn(&mut S, &mut Pending, usize, Value) -> bool,
}

/// The part of the state a key table applies to: the page's settings or a panel's.
pub(crate) trait Part: Sized + Clone + Default + 'static {
    /// The keys, in the order a link writes them.
    const KEYS: &'static [Key<Self>];
    /// The checks that weigh keys against each other, after every key was applied.
    fn finish(&mut self, _pending: &Pending, _notices: &mut Vec<Notice>) {}
}

impl<S> Key<S> {
    /// The class of `key` when it is this key (0 for a key of no class).
    fn matches(&self, key: &str) -> Option<usize> {
        if !self.per_class {
            return (key == self.name).then_some(0);
        }
        // The class is the key's last byte, an ASCII digit; checking that first also makes the
        // cut below a character boundary (a key may end in any character a link can hold).
        let digit = *key.as_bytes().last()?;
        let c = usize::from(digit.checked_sub(b'0')?);
        (digit.is_ascii_digit() && c < crate::gda::MAX_CLASSES && key.get(..key.len() - 1)? == self.name).then_some(c)
    }

    /// The classes the key has instances for.
    fn classes(&self) -> std::ops::Range<usize> {
        0..if self.per_class { crate::gda::MAX_CLASSES } else { 1 }
    }

    /// The key's name for class `c`.
    fn name_of(&self, c: usize) -> String {
        if self.per_class {
            format!("{}{c}", self.name)
        } else {
            self.name.to_string()
        }
    }

    /// Applies `v` for class `c`, or gives the rule it breaks.
    fn apply(&self, s: &mut S, pending: &mut Pending, c: usize, v: &str) -> Result<(), &'static str> {
        let ok = match self.allowed {
            Allowed::Range(r) => {
                number(v).filter(|&x| r.contains(x)).is_some_and(|x| (self.set)(s, pending, c, Value { text: v, x }))
            }
            Allowed::Choices(choices, _) => {
                choices.contains(&v) && (self.set)(s, pending, c, Value { text: v, x: f64::NAN })
            }
            Allowed::Text(..) => (self.set)(s, pending, c, Value { text: v, x: f64::NAN }),
        };
        if ok {
            Ok(())
        } else {
            Err(self.allowed.rule())
        }
    }
}

/// Applies `key = v` if it is one of `P`'s keys: `None` when it is not.
fn apply_part<P: Part>(s: &mut P, pending: &mut Pending, key: &str, v: &str) -> Option<Result<(), &'static str>> {
    P::KEYS.iter().find_map(|k| k.matches(key).map(|c| k.apply(s, pending, c, v)))
}

/// Appends `P`'s keys that differ from the default to the query.
fn write_part<P: Part>(s: &P, q: &mut form_urlencoded::Serializer<String>) {
    let d = P::default();
    for key in P::KEYS {
        for c in key.classes() {
            if let Some(v) = (key.get)(s, c).filter(|v| Some(v) != (key.get)(&d, c).as_ref()) {
                q.append_pair(&key.name_of(c), &v);
            }
        }
    }
}

/// Whether `key` is one of `P`'s keys.
fn owns<P: Part>(key: &str) -> bool {
    P::KEYS.iter().any(|k| k.matches(key).is_some())
}

/// The first rule `s` breaks, as a link of it would be told: every key's value is checked as
/// the link would carry it, then the checks that weigh keys against each other.
fn check_part<P: Part>(s: &P) -> Result<(), Notice> {
    let (mut scratch, mut pending, mut notices) = (P::default(), Pending::default(), Vec::new());
    for key in P::KEYS {
        for c in key.classes() {
            let Some(v) = (key.get)(s, c) else { continue };
            if let Err(rule) = key.apply(&mut scratch, &mut pending, c, &v) {
                return Err(Notice { key: key.name_of(c), value: cut(&v, 40), reason: NoticeReason::Invalid(rule) });
            }
        }
    }
    scratch.finish(&pending, &mut notices);
    notices.into_iter().next().map_or(Ok(()), Err)
}

/// Checks a GDA panel's state against the link's rules (the panel refuses a state a link
/// could not carry), without writing a link: the first rule broken, as a notice naming the
/// key and its value.
///
/// # Errors
/// The first key whose value breaks its rule, or the means not matching the data's classes.
pub fn check_gda(s: &GdaState) -> Result<(), Notice> {
    check_part(s)
}

/// One panel: its id (the `embed` value and its part of [`AppState`]), the controls its
/// markup names (`data-control`, which a lesson may hide), the table cells a lesson may
/// highlight (`data-role`), and its link keys.
#[derive(Debug, Clone, Copy)]
pub struct Panel {
    /// The panel's id.
    pub id: &'static str,
    /// The `data-control` names of its markup.
    pub controls: &'static [&'static str],
    /// The `data-role` names of the table cells a lesson can highlight.
    pub cells: &'static [&'static str],
    /// Whether a link key belongs to the panel's part of the state.
    pub owns: fn(&str) -> bool,
}

/// Every panel, in the page's order.
pub const PANELS: &[Panel] = &[gda::PANEL, nb::PANEL, cat::PANEL, curves::PANEL];

/// The panels' ids, in the page's order (made from [`PANELS`]).
pub const PANEL_IDS: [&str; PANELS.len()] = {
    let mut ids = [""; PANELS.len()];
    let mut i = 0;
    while i < PANELS.len() {
        ids[i] = PANELS[i].id;
        i += 1;
    }
    ids
};

/// The panel of this id.
pub fn panel(id: &str) -> Option<&'static Panel> {
    PANELS.iter().find(|p| p.id == id)
}

/// Every key a link may carry, a key of every class spelled out for each (`n0` … `n4`).
pub fn link_keys() -> Vec<String> {
    fn of<P: Part>(out: &mut Vec<String>) {
        out.extend(P::KEYS.iter().flat_map(|k| k.classes().map(|c| k.name_of(c))));
    }
    let mut out = Vec::new();
    of::<AppState>(&mut out);
    of::<GdaState>(&mut out);
    of::<NbState>(&mut out);
    of::<CatState>(&mut out);
    of::<CurvesState>(&mut out);
    out
}

/// The module's key table in Markdown (`| key | meaning | allowed |`), from the key tables:
/// what the module's header shows.
/// In a wasm build the words are left out (see `words!`), and only the keys and ranges remain.
pub fn key_table_markdown() -> String {
    fn rows<P: Part>(out: &mut String) {
        for k in P::KEYS {
            let key = if k.per_class {
                format!("`{}0` … `{}{}`", k.name, k.name, crate::gda::MAX_CLASSES - 1)
            } else {
                format!("`{}`", k.name)
            };
            let allowed = match k.allowed {
                Allowed::Range(r) => format!("{} … {}", show(r.min), show(r.max)),
                Allowed::Choices(c, _) => c.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", "),
                Allowed::Text(t, _) => t.to_string(),
            };
            out.push_str(&format!("| {key} | {} | {allowed} |\n", k.meaning));
        }
    }
    let mut out = String::from("| key | meaning | allowed |\n| --- | --- | --- |\n");
    rows::<AppState>(&mut out);
    rows::<GdaState>(&mut out);
    rows::<NbState>(&mut out);
    rows::<CatState>(&mut out);
    rows::<CurvesState>(&mut out);
    out
}

/// A bound as the table shows it: powers of ten and 2⁵³ − 1 as such, a true minus sign.
fn show(x: f64) -> String {
    let sign = if x < 0.0 { "−" } else { "" };
    let a = x.abs();
    let body = if a == 9_007_199_254_740_991.0 {
        "2⁵³ − 1".to_string()
    } else if a >= 1e6 && a.log10().fract() == 0.0 {
        let digits = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"];
        let e: String = (a.log10() as usize).to_string().bytes().map(|b| digits[usize::from(b - b'0')]).collect();
        format!("10{e}")
    } else {
        format!("{a}")
    };
    format!("{sign}{body}")
}

// ---------------------------------------------------------------------------------------
// Parsing and writing.

fn cut(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// A number as a link writes it: the shortest decimal that round-trips, in scientific
/// notation when the plain one is long (1e-300 written plainly has 300 zeros, beyond the 40
/// characters a value may have).
fn num(x: f64) -> String {
    let plain = format!("{x}");
    if plain.len() <= 24 {
        plain
    } else {
        format!("{x:e}")
    }
}

/// `"1"` or `"0"`.
fn flag(on: bool) -> Option<String> {
    Some(if on { "1" } else { "0" }.to_string())
}

fn number(v: &str) -> Option<f64> {
    // Only plain decimal numbers: Rust's parser also takes "inf" and "NaN", which a link
    // must not smuggle in.
    let ok = !v.is_empty() && v.len() <= 40 && v.bytes().all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b));
    ok.then(|| v.parse::<f64>().ok()).flatten().filter(|x| x.is_finite())
}

/// A number of the link within one of the shared ranges ([`crate::limits`]).
fn within(v: &str, range: &Range) -> Option<f64> {
    number(v).filter(|&x| range.contains(x))
}

/// Reads a query string (with or without the leading `?`) into a state, starting from the
/// defaults. Never fails: whatever cannot be used is listed in the notices.
pub fn parse_query(query: &str) -> (AppState, Vec<Notice>) {
    let mut state = AppState::default();
    let mut notices = Vec::new();
    let mut query = query.strip_prefix('?').unwrap_or(query);
    if query.len() > MAX_QUERY_BYTES {
        let mut end = MAX_QUERY_BYTES;
        while !query.is_char_boundary(end) {
            end -= 1;
        }
        query = &query[..end];
        notices.push(Notice { key: String::new(), value: String::new(), reason: NoticeReason::TooLong });
    }
    let mut seen: Vec<String> = Vec::new();
    let mut pending = Pending::default();
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        let notice = |reason| Notice { key: cut(&key, 40), value: cut(&value, 40), reason };
        if seen.iter().any(|k| *k == key) {
            notices.push(notice(NoticeReason::Repeated));
            continue;
        }
        seen.push(key.to_string());
        let (k, v) = (key.as_ref(), value.as_ref());
        let p = &mut pending;
        let applied = apply_part(&mut state, p, k, v)
            .or_else(|| apply_part(&mut state.gda, p, k, v))
            .or_else(|| apply_part(&mut state.nb, p, k, v))
            .or_else(|| apply_part(&mut state.cat, p, k, v))
            .or_else(|| apply_part(&mut state.curves, p, k, v));
        match applied {
            None => notices.push(notice(NoticeReason::Unknown)),
            Some(Err(rule)) => notices.push(notice(NoticeReason::Invalid(rule))),
            Some(Ok(())) => {}
        }
    }
    state.gda.finish(&pending, &mut notices);
    state.nb.finish(&pending, &mut notices);
    state.curves.finish(&pending, &mut notices);
    (state, notices)
}

/// Writes the parameters that differ from the defaults (without a leading `?`).
pub fn to_query(state: &AppState) -> String {
    let mut q = form_urlencoded::Serializer::new(String::new());
    write_part(state, &mut q);
    write_part(&state.gda, &mut q);
    write_part(&state.nb, &mut q);
    write_part(&state.cat, &mut q);
    write_part(&state.curves, &mut q);
    q.finish()
}
