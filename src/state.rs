//! The whole screen as a URL query string, so that a link reproduces it.
//!
//! [`parse_query`] starts from the defaults and applies each known parameter after
//! checking it: a value out of range, a malformed number, an unknown key or a repeated key is
//! ignored and reported as a [`Notice`], never trusted and never a crash. [`to_query`] writes
//! the parameters that differ from the defaults, so a fresh page has a short link and every
//! link reproduces the screen exactly.
//!
//! | key | meaning | allowed |
//! | --- | --- | --- |
//! | `lang` | interface language | `en`, `zh-CN` |
//! | `projector` | projector mode | `0`, `1` |
//! | `theme` | colours; absent: follow the system's light or dark preference | `dark`, `light` |
//! | `embed` | one panel, no page chrome | `gda`, `nb`, `cat`, `curves` |
//! | `deck` | slides mode, for a panel framed in a slide deck: PageDown/PageUp (and arrows no control uses) go to the deck as reveal.js messages, and the state outlives the frame's reloads (kept in the tab's session storage) | `0`, `1` |
//! | `lesson` | a lesson played over the panels ([`crate::lesson`]): a built-in lesson's id, or `~` and the lesson's text compressed (raw deflate) in base64url | an id of [`crate::lesson::BUILTIN`], or `~` and 1 … 24,000 characters `A-Z a-z 0-9 - _` |
//! | `step` | the lesson's step shown (absent: the first) | 1 … 200 |
//! | `src` | GDA data | `generated`, a preset id (two species, or `penguins-three-species`, `iris-three-species`), or `custom`: the user's own points, kept by the page's history entries (a link cannot carry them; the panel says so) |
//! | `seed` | GDA sample seed | 0 … 2⁵³ − 1 |
//! | `k` | number of generated classes (absent: 2) | 2 … 5 |
//! | `n0` … `n4` | points of class c | 1 … 500 |
//! | `sx0` … `sx4`, `sy0` … `sy4` | class c's generating σ | 0.2 … 3 |
//! | `r0` … `r4` | class c's generating ρ | −0.95 … 0.95 |
//! | `m0` … `m4` | class means `x,y`: all of the data's classes (k generated, or the preset's), or none | finite, \|v\| ≤ 10⁶ |
//! | `pairs` | every pairwise boundary dashed (k > 2) | `0`, `1` |
//! | `v3` | the 3-D view of the weighted densities shown | `0`, `1` |
//! | `yaw`, `pitch` | the 3-D view's angles, in degrees (absent: 35 and 25) | −180 … 180, 3 … 85 |
//! | `cov` | covariance of the drawn model | `shared`, `per-class`, `diagonal-per-class`, `diagonal-shared` |
//! | `lr`, `heat` | logistic-regression overlay, heat map | `0`, `1` |
//! | `lam` | logistic regression's L2 strength | 0 … 10⁶ |
//! | `phi` | prior override | 0.01 … 0.99 |
//! | `l01`, `l10` | losses λ₀₁, λ₁₀ | 0.01 … 1000 |
//! | `a` | smoothing α | 0 … 10 |
//! | `ev` | event model | `multinomial`, `bernoulli` |
//! | `prior` | prior | `ml`, `smoothed`, `uniform` |
//! | `t` | the typed message (absent: the panel's first message, [`NB_FIRST_MESSAGE`]; `t=`: empty) | at most 2,000 characters |
//! | `tn` | the whole message's length in characters, written when `t` holds only its first 2,000: the opened page says the message was cut, and that its verdict is the cut message's | 2,001 … 10⁹ |
//! | `nbseed` | split seed | 0 … 2⁵³ − 1 |
//! | `cost` | λ_FP/λ_FN, a lost ham against a missed spam | 1 … 1000 |
//! | `bayes` | pseudo-counts `β₁,β₀,α_ham,α_spam` | each 0 … 1000 |
//! | `rs` | resampling | `none`, `undersample_ham`, `oversample_spam` |
//! | `hdr` | spam panel: score an email's header tokens (`subject:word`, `from-domain:…`) too | `0`, `1` |
//! | `cl` | categorical naive Bayes: smoothing λ | 0 … 10 |
//! | `cprior` | categorical naive Bayes: prior | `ml`, `smoothed`, `uniform` |
//! | `cq` | categorical naive Bayes: the query, values separated by `\|` (empty: not observed) | ≤ 20 values of ≤ 60 characters |
//! | `lcp` | learning curves: the pairing | `true`, `unequal`, `bimodal`, `heavy`, `wdbc`, `digits01`, `digits23`, `textmn`, `textbern` (the teaching corpus), `usermn`, `userbern` (the spam panel's corpus) |
//! | `lcmin`, `lcmax` | learning curves: the smallest and largest m (the largest is capped at the data's training pool) | 2 … 5000, smallest below largest |
//! | `lcs` | learning curves: how many sizes | 2 … 40 |
//! | `lcn` | learning curves: how many random splits | 1 … 1000 |
//! | `lcl` | learning curves: logistic regression's λ | 0 … 10⁶ |
//! | `lca` | learning curves: variance smoothing α (Gaussian naive Bayes, GDA) | 0 … 10 |
//! | `lcta` | learning curves: the text models' smoothing α | 0 … 10 |
//! | `lcseed` | learning curves: seed of the splits (and of a generated cloud) | 0 … 2⁵³ − 1 |
//!
//! Classes 2, 3 and 4 have their own keys, so every link written for two classes (before
//! `k` existed) reads as it did; a class's generating keys are kept even when k is below
//! it (k = 3 with `n4` set is valid, and `n4` comes back when k goes to 5).
//!
//! The categorical panel's table itself is not in the link: a link gives λ, the prior and
//! the query, on the built-in example table.

use serde::{Deserialize, Serialize};

use crate::data::Preset;
use crate::gda::lab::{Covariance, ModelSettings, MAX_MEAN};
use crate::gda::{ClassParams, ClassesSpec, Cloud, GdaLab, DEFAULT_CLOUDS, MAX_CLASSES};
use crate::limits;

/// The message the spam panel opens with (a link without `t` shows it; `t=` is an empty box).
pub const NB_FIRST_MESSAGE: &str = "WIN a FREE prize! Reply now to claim your cash reward, offer ends today.";

/// Longest message kept in a link, in characters.
pub const MAX_TEXT_IN_LINK: usize = 2000;
/// Longest query string read, in bytes; the rest is ignored with a notice. Room for the
/// longest link [`to_query`] writes: a message of [`MAX_TEXT_IN_LINK`] four-byte characters
/// percent-encodes to 24,000 bytes, and every other parameter together to under 1,000.
pub const MAX_QUERY_BYTES: usize = 32_768;
/// The categorical panel's first query on the built-in example: tall, green eyes, short
/// hair, no glasses. No "yes" row has green eyes, so at λ = 0 it wipes class "yes" out.
pub const CAT_EXAMPLE_QUERY: [&str; 4] = ["yes", "green", "short", "no"];

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
    /// `"gda"`, `"nb"`, `"cat"` or `None` for the whole page.
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

/// The GDA panel's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GdaState {
    /// `"generated"` or a preset id.
    pub source: String,
    /// Sample seed.
    pub seed: u64,
    /// Points per class.
    pub n: [u32; 2],
    /// Generating (σx, σy) per class.
    pub sd: [[f64; 2]; 2],
    /// Generating ρ per class.
    pub rho: [f64; 2],
    /// Where the class means were dragged to, if they were (classes 0 and 1; the others
    /// are in `more_means`).
    pub means: Option<[[f64; 2]; 2]>,
    /// The model and decision settings.
    pub models: ModelSettings,
    /// The number of generated classes k, 2 … 5 (a state without it has two).
    #[serde(default = "two_classes")]
    pub classes: usize,
    /// The generating clouds of classes 2, 3 and 4, used when k reaches them.
    #[serde(default = "default_more")]
    pub more: [CloudState; 3],
    /// Where the means of classes 2 … k − 1 were dragged to: as many as the data have
    /// classes beyond the second when `means` is given, empty otherwise.
    #[serde(default)]
    pub more_means: Vec<[f64; 2]>,
    /// Whether every pairwise boundary is drawn dashed (k > 2).
    #[serde(default)]
    pub pairwise: bool,
    /// The 3-D view of the weighted densities (a state without it: hidden, default angles).
    #[serde(default)]
    pub surface: SurfaceState,
}

/// The 3-D view in a link: whether it is shown and where it is seen from.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SurfaceState {
    /// Whether the view is shown.
    pub shown: bool,
    /// Degrees about the vertical axis, −180 … 180.
    pub yaw: f64,
    /// Degrees above the floor, 3 … 85.
    pub pitch: f64,
}

impl Default for SurfaceState {
    fn default() -> Self {
        SurfaceState { shown: false, yaw: 35.0, pitch: 25.0 }
    }
}

/// One generated class's cloud in a link: n, (σx, σy), ρ (its mean is where it is dragged).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CloudState {
    /// Points of the class.
    pub n: u32,
    /// Generating (σx, σy).
    pub sd: [f64; 2],
    /// Generating ρ.
    pub rho: f64,
}

fn first_step() -> u32 {
    1
}

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

fn two_classes() -> usize {
    2
}

/// Classes 2, 3 and 4's default clouds ([`DEFAULT_CLOUDS`]).
fn default_more() -> [CloudState; 3] {
    [2, 3, 4].map(|c| {
        let d = &DEFAULT_CLOUDS[c];
        CloudState { n: d.n as u32, sd: d.params.sd, rho: d.params.rho }
    })
}

impl GdaState {
    /// The number of classes of the data the state shows: a preset's own, k for generated
    /// data, 2 for the user's own points (a link does not carry them).
    pub fn data_classes(&self) -> usize {
        match Preset::from_id(&self.source) {
            Ok(p) => p.classes(),
            Err(_) if self.source == "generated" => self.classes,
            Err(_) => 2,
        }
    }

    /// The means of all classes, when they were dragged: `means` then `more_means`.
    pub fn all_means(&self) -> Option<Vec<[f64; 2]>> {
        self.means.map(|m| m.iter().chain(&self.more_means).copied().collect())
    }

    /// The generating model the state describes: k clouds (k = `classes`, brought into
    /// 2 … 5) at their default means ([`DEFAULT_CLOUDS`]; a link moves them with the
    /// means), with the state's counts, σ and ρ, and the seed.
    pub fn classes_spec(&self) -> ClassesSpec {
        let mut spec = ClassesSpec::default_for(self.classes);
        spec.seed = self.seed;
        for (c, cloud) in spec.clouds.iter_mut().enumerate() {
            let (n, sd, rho) = match c {
                0 | 1 => (self.n[c], self.sd[c], self.rho[c]),
                _ => (self.more[c - 2].n, self.more[c - 2].sd, self.more[c - 2].rho),
            };
            *cloud = Cloud { n: n as usize, params: ClassParams { mean: cloud.params.mean, sd, rho } };
        }
        spec
    }

    /// The state of a panel, as its link writes it: the source, the generating clouds of
    /// generated data (the defaults otherwise, so a preset's link stays short), the means
    /// when one was moved, and the model settings.
    pub fn of_lab(lab: &GdaLab) -> GdaState {
        let mut s = AppState::default().gda;
        s.source = lab.source_id();
        s.models = *lab.models();
        s.pairwise = lab.pairwise();
        if let Some(spec) = lab.classes_spec() {
            s.seed = spec.seed;
            s.classes = spec.classes();
            for (c, cloud) in spec.clouds.iter().enumerate() {
                let (n, sd, rho) = (cloud.n as u32, cloud.params.sd, cloud.params.rho);
                if c < 2 {
                    (s.n[c], s.sd[c], s.rho[c]) = (n, sd, rho);
                } else {
                    s.more[c - 2] = CloudState { n, sd, rho };
                }
            }
        }
        if lab.means_moved() {
            let h: Vec<[f64; 2]> = (0..lab.classes()).map(|c| lab.handle(c)).collect();
            s.means = Some([h[0], h[1]]);
            s.more_means = h[2..].to_vec();
        }
        s
    }
}

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
            gda: GdaState {
                source: "generated".into(),
                seed: 7,
                n: [60, 40],
                sd: [[1.0, 0.8], [0.9, 1.1]],
                rho: [0.4, 0.3],
                means: None,
                models: ModelSettings::default(),
                classes: 2,
                more: default_more(),
                more_means: Vec::new(),
                pairwise: false,
                surface: SurfaceState::default(),
            },
            nb: NbState {
                alpha: 1.0,
                event: "multinomial".into(),
                prior: "ml".into(),
                text: NB_FIRST_MESSAGE.into(),
                seed: 1,
                cost: 1.0,
                pseudo: None,
                resample: no_resampling(),
                headers: false,
                whole_chars: None,
            },
            cat: CatState::default(),
            curves: CurvesState::default(),
        }
    }
}

fn cut(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

fn number(v: &str) -> Option<f64> {
    // Only plain decimal numbers: Rust's parser also takes "inf" and "NaN", which a link
    // must not smuggle in.
    let ok = !v.is_empty() && v.len() <= 40 && v.bytes().all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b));
    ok.then(|| v.parse::<f64>().ok()).flatten().filter(|x| x.is_finite())
}

fn pick(v: &str, allowed: &[&str]) -> Option<String> {
    allowed.contains(&v).then(|| v.to_string())
}

fn ranged(v: &str, lo: f64, hi: f64) -> Option<f64> {
    number(v).filter(|x| (lo..=hi).contains(x))
}

/// A number of the link within one of the shared ranges ([`crate::limits`]).
fn within(v: &str, range: &limits::Range) -> Option<f64> {
    number(v).filter(|&x| range.contains(x))
}

/// A per-class generating key (`n2`, `sx0`, `sy4`, `r1`, `m3`): its name and class.
fn class_key(key: &str) -> Option<(&'static str, usize)> {
    // The class is the key's last byte, an ASCII digit; checking that first also makes the
    // cut below a character boundary (a key may end in any character a link can hold).
    let digit = *key.as_bytes().last()?;
    if !digit.is_ascii_digit() {
        return None;
    }
    let name = key.get(..key.len() - 1)?;
    let c = usize::from(digit - b'0');
    let name = ["n", "sx", "sy", "r", "m"].into_iter().find(|n| *n == name)?;
    (c < MAX_CLASSES).then_some((name, c))
}

fn point(v: &str) -> Option<[f64; 2]> {
    let (x, y) = v.split_once(',')?;
    // The panel's own limit: a mean it can show is a mean a link can carry, and back.
    let (x, y) = (ranged(x.trim(), -MAX_MEAN, MAX_MEAN)?, ranged(y.trim(), -MAX_MEAN, MAX_MEAN)?);
    Some([x, y])
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
    let mut means: [Option<[f64; 2]>; MAX_CLASSES] = [None; MAX_CLASSES];
    // `tn`: the length of the message the link's `t` was cut from.
    let mut whole_from_tn: Option<u64> = None;
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        let notice = |reason| Notice { key: cut(&key, 40), value: cut(&value, 40), reason };
        if seen.iter().any(|k| *k == key) {
            notices.push(notice(NoticeReason::Repeated));
            continue;
        }
        seen.push(key.to_string());
        let v = value.as_ref();
        let ok: Result<(), &'static str> = match key.as_ref() {
            "lang" => pick(v, &["en", "zh-CN"]).map(|x| state.lang = x).ok_or("the language must be “en” or “zh-CN”"),
            "projector" => pick(v, &["0", "1"]).map(|x| state.projector = x == "1").ok_or("projector mode is 0 or 1"),
            "deck" => pick(v, &["0", "1"]).map(|x| state.deck = x == "1").ok_or("slides mode is 0 or 1"),
            "lesson" => lesson_value(v)
                .then(|| state.lesson = Some(v.to_string()))
                .ok_or("a lesson is a built-in lesson's name or “~” and a compressed lesson"),
            "step" => within(v, &limits::LESSON_STEP).map(|x| state.step = x as u32).ok_or(limits::LESSON_STEP.rule),
            "theme" => {
                pick(v, &["dark", "light"]).map(|x| state.theme = Some(x)).ok_or("the theme must be “dark” or “light”")
            }
            "embed" => pick(v, &["gda", "nb", "cat", "curves"])
                .map(|x| state.embed = Some(x))
                .ok_or("the embedded panel must be “gda”, “nb”, “cat” or “curves”"),
            "src" => (v == "generated" || v == "custom" || Preset::from_id(v).is_ok())
                .then(|| state.gda.source = v.to_string())
                .ok_or("the data must be “generated”, “custom” or a known preset"),
            "seed" => within(v, &limits::SEED).map(|x| state.gda.seed = x as u64).ok_or(limits::SEED.rule),
            "k" => within(v, &limits::CLASSES).map(|x| state.gda.classes = x as usize).ok_or(limits::CLASSES.rule),
            _ if class_key(&key).is_some() => {
                let (name, c) = class_key(&key).unwrap_or(("", 0));
                let g = &mut state.gda;
                match name {
                    "n" => within(v, &limits::POINTS_PER_CLASS)
                        .map(|x| if c < 2 { g.n[c] = x as u32 } else { g.more[c - 2].n = x as u32 })
                        .ok_or(limits::POINTS_PER_CLASS.rule),
                    "sx" | "sy" => {
                        let axis = usize::from(name == "sy");
                        within(v, &limits::SIGMA)
                            .map(|x| if c < 2 { g.sd[c][axis] = x } else { g.more[c - 2].sd[axis] = x })
                            .ok_or(limits::SIGMA.rule)
                    }
                    "r" => within(v, &limits::RHO)
                        .map(|x| if c < 2 { g.rho[c] = x } else { g.more[c - 2].rho = x })
                        .ok_or(limits::RHO.rule),
                    _ => point(v)
                        .map(|p| means[c] = Some(p))
                        .ok_or("a mean is two numbers “x,y”, each at most 10⁶ in size"),
                }
            }
            "cov" => match v {
                "shared" => Some(Covariance::Shared),
                "per-class" => Some(Covariance::PerClass),
                "diagonal-per-class" => Some(Covariance::DiagonalPerClass),
                "diagonal-shared" => Some(Covariance::DiagonalShared),
                _ => None,
            }
            .map(|c| state.gda.models.covariance = c)
            .ok_or("the covariance is “shared”, “per-class”, “diagonal-per-class” or “diagonal-shared”"),
            "pairs" => {
                pick(v, &["0", "1"]).map(|x| state.gda.pairwise = x == "1").ok_or("the pairwise boundaries are 0 or 1")
            }
            "v3" => pick(v, &["0", "1"]).map(|x| state.gda.surface.shown = x == "1").ok_or("the 3-D view is 0 or 1"),
            "yaw" => within(v, &limits::YAW_DEG).map(|x| state.gda.surface.yaw = x).ok_or(limits::YAW_DEG.rule),
            "pitch" => within(v, &limits::PITCH_DEG).map(|x| state.gda.surface.pitch = x).ok_or(limits::PITCH_DEG.rule),
            "lr" => pick(v, &["0", "1"]).map(|x| state.gda.models.logistic = x == "1").ok_or("the overlay is 0 or 1"),
            "heat" => pick(v, &["0", "1"]).map(|x| state.gda.models.heat = x == "1").ok_or("the heat map is 0 or 1"),
            "lam" => within(v, &limits::L2).map(|x| state.gda.models.lambda = x).ok_or(limits::L2.rule),
            "phi" => {
                within(v, &limits::PRIOR_PHI).map(|x| state.gda.models.prior = Some(x)).ok_or(limits::PRIOR_PHI.rule)
            }
            "l01" | "l10" => within(v, &limits::LOSS)
                .map(|x| if key.as_ref() == "l01" { state.gda.models.loss01 = x } else { state.gda.models.loss10 = x })
                .ok_or(limits::LOSS.rule),
            "a" => within(v, &limits::ALPHA).map(|x| state.nb.alpha = x).ok_or(limits::ALPHA.rule),
            "ev" => pick(v, &["multinomial", "bernoulli"])
                .map(|x| state.nb.event = x)
                .ok_or("the event model is “multinomial” or “bernoulli”"),
            "prior" => pick(v, &["ml", "smoothed", "uniform"])
                .map(|x| state.nb.prior = x)
                .ok_or("the prior is “ml”, “smoothed” or “uniform”"),
            "t" => {
                // Control characters other than line breaks and tabs are dropped: a link
                // must not plant invisible text.
                let clean: String = v.chars().filter(|c| !c.is_control() || matches!(c, '\n' | '\t')).collect();
                let chars = clean.chars().count();
                if chars > MAX_TEXT_IN_LINK {
                    // Said once, after the loop (with `tn`'s length when the link has it).
                    state.nb.whole_chars = Some(chars as u64);
                }
                state.nb.text = cut(&clean, MAX_TEXT_IN_LINK);
                Ok(())
            }
            "tn" => within(v, &limits::WHOLE_MESSAGE_CHARS)
                .map(|x| whole_from_tn = Some(x as u64))
                .ok_or(limits::WHOLE_MESSAGE_CHARS.rule),
            "cost" => within(v, &limits::COST).map(|x| state.nb.cost = x).ok_or(limits::COST.rule),
            "bayes" => {
                let parts: Vec<Option<f64>> = v.split(',').map(|x| within(x.trim(), &limits::PSEUDO)).collect();
                match parts.as_slice() {
                    [Some(a), Some(b), Some(c), Some(d)] => {
                        state.nb.pseudo = Some([*a, *b, *c, *d]);
                        Ok(())
                    }
                    _ => Err(limits::PSEUDO.rule),
                }
            }
            "rs" => pick(v, &["none", "undersample_ham", "oversample_spam"])
                .map(|x| state.nb.resample = x)
                .ok_or("resampling is “none”, “undersample_ham” or “oversample_spam”"),
            "hdr" => pick(v, &["0", "1"]).map(|x| state.nb.headers = x == "1").ok_or("header evidence is 0 or 1"),
            "nbseed" => within(v, &limits::SEED).map(|x| state.nb.seed = x as u64).ok_or(limits::SEED.rule),
            // The categorical naive Bayes panel.
            "cl" => within(v, &limits::CAT_LAMBDA).map(|x| state.cat.lambda = x).ok_or(limits::CAT_LAMBDA.rule),
            "cprior" => pick(v, &["ml", "smoothed", "uniform"])
                .map(|x| state.cat.prior = x)
                .ok_or("the prior is “ml”, “smoothed” or “uniform”"),
            "cq" => cat_query(v)
                .map(|x| state.cat.query = x)
                .ok_or("a query is at most 20 values separated by “|”, each one line of at most 60 characters"),
            // The learning-curves panel.
            "lcp" => crate::curves::Pairing::from_id(v).map(|_| state.curves.pairing = v.to_string()).map_err(|_| {
                "the pairing must be “true”, “unequal”, “bimodal”, “heavy”, “wdbc”, “digits01”, “digits23”, “textmn”, “textbern”, “usermn” or “userbern”"
            }),
            "lcmin" => within(v, &limits::CURVE_M).map(|x| state.curves.m_min = x as u32).ok_or(limits::CURVE_M.rule),
            "lcmax" => within(v, &limits::CURVE_M).map(|x| state.curves.m_max = x as u32).ok_or(limits::CURVE_M.rule),
            "lcs" => {
                within(v, &limits::CURVE_SIZES).map(|x| state.curves.sizes = x as u32).ok_or(limits::CURVE_SIZES.rule)
            }
            "lcn" => within(v, &limits::CURVE_SPLITS)
                .map(|x| state.curves.splits = x as u32)
                .ok_or(limits::CURVE_SPLITS.rule),
            "lcl" => within(v, &limits::L2).map(|x| state.curves.lambda = x).ok_or(limits::L2.rule),
            "lca" => within(v, &limits::CURVE_ALPHA).map(|x| state.curves.alpha = x).ok_or(limits::CURVE_ALPHA.rule),
            "lcta" => {
                within(v, &limits::CURVE_ALPHA).map(|x| state.curves.text_alpha = x).ok_or(limits::CURVE_ALPHA.rule)
            }
            "lcseed" => within(v, &limits::SEED).map(|x| state.curves.seed = x as u64).ok_or(limits::SEED.rule),
            _ => {
                notices.push(notice(NoticeReason::Unknown));
                Ok(())
            }
        };
        if let Err(rule) = ok {
            notices.push(notice(NoticeReason::Invalid(rule)));
        }
    }
    // Means only make sense together (one drag moves one mean, but the link holds all of
    // them): m0 … m(k−1) for the k classes of the data, and no other.
    let k = state.gda.data_classes();
    let given: Vec<[f64; 2]> = means[..k].iter().flatten().copied().collect();
    if means[k..].iter().any(Option::is_some) {
        notices.push(Notice {
            key: (k..MAX_CLASSES)
                .filter(|&c| means[c].is_some())
                .map(|c| format!("m{c}"))
                .collect::<Vec<_>>()
                .join("/"),
            value: String::new(),
            reason: NoticeReason::Invalid("a mean for a class the data do not have"),
        });
    }
    if given.len() == k {
        state.gda.means = Some([given[0], given[1]]);
        state.gda.more_means = given[2..].to_vec();
    } else if !given.is_empty() {
        let keys: Vec<String> = (0..k).map(|c| format!("m{c}")).collect();
        let rule = if k == 2 { "both means must be given" } else { "every class mean must be given, or none" };
        notices.push(Notice { key: keys.join("/"), value: String::new(), reason: NoticeReason::Invalid(rule) });
    }
    // A message the link could not carry whole (cut when the link was written, `tn`, or when
    // it was read, a `t` over the limit): the page says so, and whose verdict it shows.
    let kept = state.nb.text.chars().count() as u64;
    let whole = match (whole_from_tn, state.nb.whole_chars) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    };
    state.nb.whole_chars = None;
    match whole {
        Some(whole) if kept == MAX_TEXT_IN_LINK as u64 && whole > kept => {
            state.nb.whole_chars = Some(whole);
            notices.push(Notice {
                key: "t".into(),
                value: String::new(),
                reason: NoticeReason::MessageCut { kept, whole },
            });
        }
        Some(whole) => notices.push(Notice {
            key: "tn".into(),
            value: whole.to_string(),
            reason: NoticeReason::Invalid("“tn” is the length of a message “t” holds the first 2,000 characters of"),
        }),
        None => {}
    }
    // The learning curves' range of m must be a range: otherwise both ends go back to the
    // defaults.
    if state.curves.m_min >= state.curves.m_max {
        let d = CurvesState::default();
        notices.push(Notice {
            key: "lcmin/lcmax".into(),
            value: format!("{}/{}", state.curves.m_min, state.curves.m_max),
            reason: NoticeReason::Invalid("the smallest m must be below the largest m"),
        });
        state.curves.m_min = d.m_min;
        state.curves.m_max = d.m_max;
    }
    (state, notices)
}

/// Writes the parameters that differ from the defaults (without a leading `?`).
pub fn to_query(state: &AppState) -> String {
    let d = AppState::default();
    let mut q = form_urlencoded::Serializer::new(String::new());
    // A number as `number` reads it back: the shortest decimal that round-trips, in
    // scientific notation when the plain one is long (1e-300 written plainly has 300
    // zeros, beyond the 40 characters a value may have).
    let f = |x: f64| {
        let plain = format!("{x}");
        if plain.len() <= 24 {
            plain
        } else {
            format!("{x:e}")
        }
    };
    if state.lang != d.lang {
        q.append_pair("lang", &state.lang);
    }
    if state.projector {
        q.append_pair("projector", "1");
    }
    if let Some(t) = &state.theme {
        q.append_pair("theme", t);
    }
    if let Some(e) = &state.embed {
        q.append_pair("embed", e);
    }
    if state.deck {
        q.append_pair("deck", "1");
    }
    if let Some(l) = &state.lesson {
        q.append_pair("lesson", l);
    }
    if state.step != 1 {
        q.append_pair("step", &state.step.to_string());
    }
    let (g, dg) = (&state.gda, &d.gda);
    if g.source != dg.source {
        q.append_pair("src", &g.source);
    }
    // The generating parameters are written whatever the source: the state holds them,
    // and a link must give back the state it was made from (the page sends the defaults
    // while a preset is shown, so a preset link stays short).
    if g.seed != dg.seed {
        q.append_pair("seed", &g.seed.to_string());
    }
    for k in 0..2 {
        if g.n[k] != dg.n[k] {
            q.append_pair(["n0", "n1"][k], &g.n[k].to_string());
        }
        for axis in 0..2 {
            if g.sd[k][axis] != dg.sd[k][axis] {
                q.append_pair([["sx0", "sy0"], ["sx1", "sy1"]][k][axis], &f(g.sd[k][axis]));
            }
        }
        if g.rho[k] != dg.rho[k] {
            q.append_pair(["r0", "r1"][k], &f(g.rho[k]));
        }
    }
    if g.classes != dg.classes {
        q.append_pair("k", &g.classes.to_string());
    }
    for (c, (cloud, dc)) in g.more.iter().zip(&dg.more).enumerate().map(|(i, x)| (i + 2, x)) {
        if cloud.n != dc.n {
            q.append_pair(&format!("n{c}"), &cloud.n.to_string());
        }
        for (axis, name) in ["sx", "sy"].into_iter().enumerate() {
            if cloud.sd[axis] != dc.sd[axis] {
                q.append_pair(&format!("{name}{c}"), &f(cloud.sd[axis]));
            }
        }
        if cloud.rho != dc.rho {
            q.append_pair(&format!("r{c}"), &f(cloud.rho));
        }
    }
    let (m, dm) = (&g.models, &dg.models);
    if m.covariance != dm.covariance {
        let c = match m.covariance {
            Covariance::Shared => "shared",
            Covariance::PerClass => "per-class",
            Covariance::DiagonalPerClass => "diagonal-per-class",
            Covariance::DiagonalShared => "diagonal-shared",
        };
        q.append_pair("cov", c);
    }
    if m.logistic {
        q.append_pair("lr", "1");
    }
    if g.pairwise {
        q.append_pair("pairs", "1");
    }
    let (v, dv) = (&g.surface, &dg.surface);
    if v.shown {
        q.append_pair("v3", "1");
    }
    if v.yaw != dv.yaw {
        q.append_pair("yaw", &f(v.yaw));
    }
    if v.pitch != dv.pitch {
        q.append_pair("pitch", &f(v.pitch));
    }
    if m.lambda != dm.lambda {
        q.append_pair("lam", &f(m.lambda));
    }
    if let Some(p) = m.prior {
        q.append_pair("phi", &f(p));
    }
    if m.loss01 != dm.loss01 {
        q.append_pair("l01", &f(m.loss01));
    }
    if m.loss10 != dm.loss10 {
        q.append_pair("l10", &f(m.loss10));
    }
    if m.heat {
        q.append_pair("heat", "1");
    }
    if let Some(m) = g.means {
        q.append_pair("m0", &format!("{},{}", f(m[0][0]), f(m[0][1])));
        q.append_pair("m1", &format!("{},{}", f(m[1][0]), f(m[1][1])));
        for (c, p) in g.more_means.iter().enumerate() {
            q.append_pair(&format!("m{}", c + 2), &format!("{},{}", f(p[0]), f(p[1])));
        }
    }
    let (n, dn) = (&state.nb, &d.nb);
    if n.alpha != dn.alpha {
        q.append_pair("a", &f(n.alpha));
    }
    if n.event != dn.event {
        q.append_pair("ev", &n.event);
    }
    if n.prior != dn.prior {
        q.append_pair("prior", &n.prior);
    }
    if n.text != dn.text {
        q.append_pair("t", &cut(&n.text, MAX_TEXT_IN_LINK));
        // A message longer than a link carries: its whole length, so that the opened page
        // says it shows a cut message (and the cut message's verdict), never silently.
        let chars = n.text.chars().count() as u64;
        let whole = if chars > MAX_TEXT_IN_LINK as u64 { Some(chars) } else { n.whole_chars.filter(|&w| w > chars) };
        if let Some(w) = whole.filter(|_| chars >= MAX_TEXT_IN_LINK as u64) {
            q.append_pair("tn", &w.to_string());
        }
    }
    if n.seed != dn.seed {
        q.append_pair("nbseed", &n.seed.to_string());
    }
    if n.cost != dn.cost {
        q.append_pair("cost", &f(n.cost));
    }
    if let Some(p) = n.pseudo {
        q.append_pair("bayes", &format!("{},{},{},{}", p[0], p[1], p[2], p[3]));
    }
    if n.resample != dn.resample {
        q.append_pair("rs", &n.resample);
    }
    if n.headers != dn.headers {
        q.append_pair("hdr", if n.headers { "1" } else { "0" });
    }
    // The categorical naive Bayes panel.
    let (c, dc) = (&state.cat, &d.cat);
    if c.lambda != dc.lambda {
        q.append_pair("cl", &f(c.lambda));
    }
    if c.prior != dc.prior {
        q.append_pair("cprior", &c.prior);
    }
    if c.query != dc.query {
        q.append_pair("cq", &c.query.join("|"));
    }
    // The learning-curves panel.
    let (l, dl) = (&state.curves, &d.curves);
    if l.pairing != dl.pairing {
        q.append_pair("lcp", &l.pairing);
    }
    if l.m_min != dl.m_min {
        q.append_pair("lcmin", &l.m_min.to_string());
    }
    if l.m_max != dl.m_max {
        q.append_pair("lcmax", &l.m_max.to_string());
    }
    if l.sizes != dl.sizes {
        q.append_pair("lcs", &l.sizes.to_string());
    }
    if l.splits != dl.splits {
        q.append_pair("lcn", &l.splits.to_string());
    }
    if l.lambda != dl.lambda {
        q.append_pair("lcl", &f(l.lambda));
    }
    if l.alpha != dl.alpha {
        q.append_pair("lca", &f(l.alpha));
    }
    if l.text_alpha != dl.text_alpha {
        q.append_pair("lcta", &f(l.text_alpha));
    }
    if l.seed != dl.seed {
        q.append_pair("lcseed", &l.seed.to_string());
    }
    q.finish()
}
