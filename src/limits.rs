//! The ranges of every setting a user can type, drag or put in a link, each with the
//! sentence that states it. The link parser ([`crate::state`]) and the panels' checks
//! (`web/`) both test a value against the same [`Range`] and report its [`Range::rule`], so
//! a message can never name a range that the check does not apply (the α box once said
//! "from 0 to 1000" while links allowed 10). A test reads every rule back against its
//! bounds.

/// A closed interval [min, max] of finite numbers, with the rule as a student reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    /// The range's id: its rule's message code is `rule.<id>`
    /// ([`crate::message::codes`]), which the page writes in the reader's language.
    pub id: &'static str,
    /// The smallest value allowed.
    pub min: f64,
    /// The largest value allowed.
    pub max: f64,
    /// Whether only whole numbers are allowed.
    pub whole: bool,
    /// The rule in words, naming both bounds (as [`crate::error::Error::InvalidParameter`]
    /// and the link notices print it).
    pub rule: &'static str,
}

impl Range {
    /// Whether `x` is finite, within [min, max] and (for a whole range) a whole number.
    pub fn contains(&self, x: f64) -> bool {
        x.is_finite() && x >= self.min && x <= self.max && (!self.whole || x.fract() == 0.0)
    }

    /// `Ok(x)` when allowed, else [`crate::error::Error::InvalidParameter`] naming `name`.
    ///
    /// # Errors
    /// A value outside the range (NaN and infinities included).
    pub fn check(&self, name: &'static str, x: f64) -> crate::error::Result<f64> {
        if self.contains(x) {
            Ok(x)
        } else {
            Err(crate::error::Error::InvalidParameter { name, value: crate::error::describe(x), rule: self.rule })
        }
    }
}

const fn range(id: &'static str, min: f64, max: f64, rule: &'static str) -> Range {
    Range { id, min, max, whole: false, rule }
}

/// A seed: a whole number JavaScript holds exactly.
pub const SEED: Range = Range {
    id: "seed",
    min: 0.0,
    max: 9_007_199_254_740_991.0,
    whole: true,
    rule: "the seed must be a whole number from 0 to 2⁵³ − 1",
};
/// The length in characters of a message a link carries cut (`tn`): above the link's 2,000.
pub const WHOLE_MESSAGE_CHARS: Range = Range {
    id: "whole-message-chars",
    min: 2001.0,
    max: 1e9,
    whole: true,
    rule: "the whole message's length is a whole number from 2,001 to 10⁹",
};
/// The lesson step a link shows (1-based; a lesson has at most 200 steps).
pub const LESSON_STEP: Range = Range {
    id: "lesson-step",
    min: 1.0,
    max: 200.0,
    whole: true,
    rule: "a lesson step is a whole number from 1 to 200",
};
/// Points per generated class (the sliders' range).
pub const POINTS_PER_CLASS: Range =
    Range { id: "points-per-class", min: 1.0, max: 500.0, whole: true, rule: "a class has 1 to 500 points" };
/// The number of generated classes k.
pub const CLASSES: Range = Range {
    id: "classes",
    min: 2.0,
    max: 5.0,
    whole: true,
    rule: "the number of classes k is a whole number from 2 to 5",
};
/// A generating standard deviation σ.
pub const SIGMA: Range = range("sigma", 0.2, 3.0, "σ is a number from 0.2 to 3");
/// A generating correlation ρ.
pub const RHO: Range = range("rho", -0.95, 0.95, "ρ is a number from −0.95 to 0.95");
/// Logistic regression's L2 strength λ.
pub const L2: Range = range("l2", 0.0, 1e6, "λ is a number from 0 to 10⁶");
/// The 3-D view's yaw, in degrees.
pub const YAW_DEG: Range = range("yaw", -180.0, 180.0, "the 3-D view's yaw is a number of degrees from −180 to 180");
/// The 3-D view's pitch, in degrees above the floor.
pub const PITCH_DEG: Range = range("pitch", 3.0, 85.0, "the 3-D view's pitch is a number of degrees from 3 to 85");
/// The prior override φ′.
pub const PRIOR_PHI: Range = range("prior-phi", 0.01, 0.99, "the prior φ′ is a number from 0.01 to 0.99");
/// A loss λ₀₁ or λ₁₀ of the Bayes decision rule.
pub const LOSS: Range = range("loss", 0.01, 1000.0, "a loss is a number from 0.01 to 1000");
/// Naive Bayes smoothing α.
pub const ALPHA: Range = range("alpha", 0.0, 10.0, "α is a number from 0 to 10");
/// The cost ratio λ_FP/λ_FN.
pub const COST: Range = range("cost", 1.0, 1000.0, "the cost ratio is a number from 1 to 1000");
/// Each Beta/Dirichlet pseudo-count.
pub const PSEUDO: Range =
    range("pseudo", 0.0, 1000.0, "pseudo-counts are four numbers “β₁,β₀,α_ham,α_spam” from 0 to 1000");
/// The categorical panel's smoothing λ.
pub const CAT_LAMBDA: Range = range("cat-lambda", 0.0, 10.0, "λ is a number from 0 to 10");
/// The learning curves' training sizes m (the smallest and the largest).
pub const CURVE_M: Range =
    Range { id: "curve-m", min: 2.0, max: 5000.0, whole: true, rule: "m is a whole number from 2 to 5000" };
/// How many sizes a learning curve has.
pub const CURVE_SIZES: Range = Range {
    id: "curve-sizes",
    min: 2.0,
    max: 40.0,
    whole: true,
    rule: "the number of sizes is a whole number from 2 to 40",
};
/// How many random splits a learning curve averages.
pub const CURVE_SPLITS: Range = Range {
    id: "curve-splits",
    min: 1.0,
    max: 1000.0,
    whole: true,
    rule: "the number of splits is a whole number from 1 to 1000",
};
/// The learning curves' variance smoothing α (scikit-learn's `var_smoothing`).
pub const CURVE_ALPHA: Range = range("alpha", 0.0, 10.0, "α is a number from 0 to 10");

/// Every range, by the name a test and the page's fields know it by.
pub const ALL: [(&str, Range); 16] = [
    ("seed", SEED),
    ("points per class", POINTS_PER_CLASS),
    ("classes", CLASSES),
    ("σ", SIGMA),
    ("ρ", RHO),
    ("L2 λ", L2),
    ("φ′", PRIOR_PHI),
    ("loss", LOSS),
    ("α", ALPHA),
    ("cost", COST),
    ("pseudo-count", PSEUDO),
    ("categorical λ", CAT_LAMBDA),
    ("learning-curve m", CURVE_M),
    ("learning-curve sizes", CURVE_SIZES),
    ("learning-curve splits", CURVE_SPLITS),
    ("learning-curve α", CURVE_ALPHA),
];

/// The range of this id (every range of [`ALL`], and the lesson step, the whole message's
/// length and the 3-D view's angles), as the page's fields name it (`data-range`).
pub fn by_id(id: &str) -> Option<Range> {
    ALL.iter().map(|(_, r)| *r).chain([WHOLE_MESSAGE_CHARS, LESSON_STEP, YAW_DEG, PITCH_DEG]).find(|r| r.id == id)
}

/// The largest email [`crate::nb::email::Email::parse`] reads, in bytes (10 MB: the
/// largest message of the SpamAssassin public corpus is under 1 MB). The parser's work is
/// linear in the input, so this caps the cost of any one message.
pub const MAX_EMAIL_BYTES: usize = 10_000_000;
/// The longest header block, in bytes (256 KB): a message whose headers go on longer
/// without the blank line that ends them is refused unread.
pub const MAX_HEADER_BYTES: usize = 256 * 1024;
/// The most `boundary=` parameters (multipart containers) a message may declare: a nesting
/// bomb of parts within parts is refused before it is parsed. Real mail has a handful.
pub const MAX_MIME_BOUNDARIES: usize = 64;
/// The longest body text an email gives the model, in characters (1 000 000, the same as
/// the panel's longest message); the rest is cut and the email says so.
pub const MAX_BODY_CHARS: usize = 1_000_000;
/// The largest mailbox (an mbox file, or all the files of a folder together) read as a
/// corpus, in bytes (64 MB: the SpamAssassin public corpus is 32.5 MB).
pub const MAX_MAILBOX_BYTES: usize = 64_000_000;
/// The most messages a mailbox may hold (the SpamAssassin public corpus has 6,046).
pub const MAX_MAILBOX_MESSAGES: usize = 50_000;
