//! Scores for a student's prediction, judged against the exact model.
//!
//! The page asks a student to commit to a prediction before it reveals the model's answer;
//! these functions measure the gap in the task's own units, and the page and the tests call
//! the same code.
//!
//! * **Two lines** ([`line_agreement`]). A rule (w, b) decides class 1 where wᵀx + b > 0 and
//!   class 0 elsewhere (a point on the line is a tie, and ties go to class 0, as everywhere
//!   in genlab; w = 0 decides by the sign of b alone, b = 0 giving class 0). The agreement of
//!   two rules on the plot's rectangle R = [x_min, x_max] × [y_min, y_max] is
//!   (|R ∩ H_a ∩ H_b| + |R ∩ H̄_a ∩ H̄_b|) / |R|, H the half-plane where a rule says 1 and H̄
//!   its complement. Each piece is R clipped by two half-planes (Sutherland–Hodgman on a
//!   convex polygon), measured with the shoelace formula: exact geometry, not sampling.
//!   The one numerical decision that matters: the area ratio is invariant under the affine
//!   map x = x_min + (x_max − x_min)·u, y = y_min + (y_max − y_min)·v, so the clipping runs
//!   on the unit square with the rule αu + βv + γ > 0, α = w₁(x_max − x_min),
//!   β = w₂(y_max − y_min), γ = wᵀ(x_min, y_min) + b. The corner (x_min, y_min) is an input,
//!   so the translation itself rounds nothing, and γ, where large terms cancel for a view far
//!   from the origin, is summed with error-free products and sums (the coefficients are
//!   scaled by powers of two only, which round nothing); a view centred at 10⁶ is scored as
//!   accurately as one at the origin (the tests find errors of about 10⁻¹⁶).
//! * **The angle between two lines** ([`angle_deg`]) with normals a and b:
//!   atan2(|a × b|, |a · b|) in degrees, in [0°, 90°] (a line has no direction, so 100° is 80°);
//!   atan2 rather than arccos keeps small angles accurate.
//! * **A probability** ([`logit_gap`]): |logit p̂ − logit p|, logit p = ln(p/(1 − p)), after
//!   clamping both to [10⁻⁶, 1 − 10⁻⁶]; a gap of 1 is a factor e in the odds, wherever on the
//!   scale it happens, so 0.5 against 0.6 weighs as much as 0.9 against about 0.961.
//! * **A sample size** ([`crossover_gap`]): |log₁₀ m̂ − log₁₀ m*|, in decades.
//!
//! [`misconceptions`] lists this chapter's typical mistakes with a hint in English and
//! Chinese, and a few `detect_…` functions recognise some of them from a prediction and the
//! truth. The `judge_…` functions take a prediction of each kind and the state it was made
//! on (the crate's fitted models), and return the truth, the score and the misconceptions
//! that fire; [`gda_example`], [`nb_example`] and [`categorical_example`] build worked
//! examples that fade into checked blanks; [`natural_frequencies`] turns a posterior into
//! "of 1,000 like this one, how many are of each class". Bad input (NaN, ±∞, an empty or reversed view, a probability outside [0, 1]) is an
//! [`Error::InvalidParameter`] with a sentence, never a panic or a NaN.

mod judge;
mod judge_nb;
mod misconceptions;
mod model_change;
mod region;
mod worked;

pub use judge::{
    judge_boundary, judge_boundary_facts, judge_conic_shape, judge_crossover, judge_gnb_shape, judge_logistic_boundary,
    judge_movement, judge_movement_rules, judge_posterior, judge_posterior_facts, judge_qda_shape, judge_region,
    judge_threshold, misconception, movement, rule_through, BoundaryFacts, BoundaryShape, Change, ChangeKind,
    CrossoverGuess, CrossoverScore, Judgement, LineScore, PosteriorFacts, RefitCause, RegionScore, Rule, LINE_TOL,
    LOGIT_TOL, THRESHOLD_TOL,
};
pub use judge_nb::{
    judge_alpha_zero, judge_spam_bet, judge_strongest_word, AlphaZeroGuess, AlphaZeroScore, AlphaZeroTruth, WordScore,
};
pub use misconceptions::{
    detect_ignored_prior, detect_perpendicular_bisector, detect_prior_turns, detect_scaled_losses_move,
    detect_swapped_loss_threshold, misconceptions, Misconception, Movement,
};
pub use model_change::{
    crossing, judge_model_change, model_change_movement, Crossing, ModelChangeFacts, MODEL_SLIDE_SHARE, MODEL_TURN_DEG,
};
pub use region::{judge_region_drawn, RegionVerdict};
pub use worked::{
    categorical_example, gda_example, natural_frequencies, natural_frequencies_binary, nb_example, Blank, BlankCheck,
    Input, Quantity, WorkedExample, WorkedStep, REL_TOL,
};

use crate::{Error, Result};

/// The probabilities [`logit_gap`] clamps to: [`P_CLAMP`, 1 − `P_CLAMP`].
pub const P_CLAMP: f64 = 1e-6;

/// The share of the rectangle `view = [x_min, x_max, y_min, y_max]` on which the rules
/// "decide 1 where wᵀx + b > 0" of `a = (w, b)` and `b` give the same decision, in [0, 1].
///
/// Computed exactly by clipping the rectangle with the rules' half-planes (see the module
/// documentation). A rule with w = 0 decides by the sign of b everywhere (b = 0: class 0).
///
/// # Errors
/// [`Error::InvalidParameter`] when a bound of the view, a component of w or b is NaN or
/// infinite, when x_min ≥ x_max or y_min ≥ y_max, or when the view is so wide that its width
/// overflows.
pub fn line_agreement(view: [f64; 4], a: ([f64; 2], f64), b: ([f64; 2], f64)) -> Result<f64> {
    let [x_min, x_max, y_min, y_max] = view;
    if !view.iter().all(|v| v.is_finite()) {
        return Err(bad("view", format_view(view), "the plot's range must be four finite numbers"));
    }
    if x_min >= x_max || y_min >= y_max {
        return Err(bad(
            "view",
            format_view(view),
            "the plot's range [x_min, x_max, y_min, y_max] needs x_min < x_max and y_min < y_max",
        ));
    }
    let (width, height) = (x_max - x_min, y_max - y_min);
    if !width.is_finite() || !height.is_finite() {
        return Err(bad("view", format_view(view), "the plot's range is too wide to measure (its width overflows)"));
    }
    check_rule("first line (w, b)", a)?;
    check_rule("second line (w, b)", b)?;
    let ra = unit_rule(a, [x_min, y_min], [width, height]);
    let rb = unit_rule(b, [x_min, y_min], [width, height]);
    let both_one = region_area(ra, rb, true);
    let both_zero = region_area(ra, rb, false);
    Ok((both_one + both_zero).clamp(0.0, 1.0))
}

/// The angle between the lines with normals `a` and `b`, in degrees, in [0, 90]; 0 when
/// either normal is the zero vector (a degenerate rule has no line to compare).
///
/// # Errors
/// [`Error::InvalidParameter`] when a component is NaN or infinite.
pub fn angle_deg(a: [f64; 2], b: [f64; 2]) -> Result<f64> {
    for (name, v) in [("first normal", a), ("second normal", b)] {
        if !v.iter().all(|c| c.is_finite()) {
            return Err(bad(name, format_pair(v), "a line's normal must be two finite numbers"));
        }
    }
    let (Some(a), Some(b)) = (unit_scaled(a), unit_scaled(b)) else {
        return Ok(0.0);
    };
    let cross = a[0] * b[1] - a[1] * b[0];
    let dot = a[0] * b[0] + a[1] * b[1];
    Ok(cross.abs().atan2(dot.abs()).to_degrees().clamp(0.0, 90.0))
}

/// |logit p̂ − logit p|, logit p = ln(p/(1 − p)), after clamping both to
/// [10⁻⁶, 1 − 10⁻⁶] ([`P_CLAMP`]): 0 for a perfect guess, symmetric in its arguments, at
/// most 2·logit(1 − 10⁻⁶) ≈ 27.63.
///
/// # Errors
/// [`Error::InvalidParameter`] when `p_hat` or `p` is NaN or outside [0, 1].
pub fn logit_gap(p_hat: f64, p: f64) -> Result<f64> {
    for (name, v) in [("p̂", p_hat), ("p", p)] {
        // `contains` is false for NaN.
        if !(0.0..=1.0).contains(&v) {
            return Err(bad(name, v.to_string(), "a probability must be a number from 0 to 1"));
        }
    }
    let logit = |p: f64| {
        let p = p.clamp(P_CLAMP, 1.0 - P_CLAMP);
        p.ln() - (-p).ln_1p()
    };
    Ok((logit(p_hat) - logit(p)).abs())
}

/// |log₁₀ m̂ − log₁₀ m*|: how many decades a predicted training-set size `m_hat` (where two
/// learning curves cross, say) is from the true one `m_star`.
///
/// # Errors
/// [`Error::InvalidParameter`] when either is NaN, infinite, zero or negative.
pub fn crossover_gap(m_hat: f64, m_star: f64) -> Result<f64> {
    for (name, v) in [("m̂", m_hat), ("m*", m_star)] {
        if !(v.is_finite() && v > 0.0) {
            return Err(bad(name, v.to_string(), "a number of training examples must be a finite number above 0"));
        }
    }
    Ok((m_hat.log10() - m_star.log10()).abs())
}

pub(crate) fn bad(name: &'static str, value: String, rule: &'static str) -> Error {
    Error::InvalidParameter { name, value, rule }
}

fn format_view(v: [f64; 4]) -> String {
    format!("[{}, {}, {}, {}]", v[0], v[1], v[2], v[3])
}

fn format_pair(v: [f64; 2]) -> String {
    format!("({}, {})", v[0], v[1])
}

fn check_rule(name: &'static str, (w, b): ([f64; 2], f64)) -> Result<()> {
    if w.iter().all(|c| c.is_finite()) && b.is_finite() {
        Ok(())
    } else {
        Err(bad(name, format!("({}, {})", format_pair(w), b), "a line's normal w and offset b must be finite numbers"))
    }
}

/// `v` divided by its largest |component|, or `None` for the zero vector.
fn unit_scaled(v: [f64; 2]) -> Option<[f64; 2]> {
    let m = v[0].abs().max(v[1].abs());
    (m > 0.0).then(|| [v[0] / m, v[1] / m])
}

/// `x + y` and its rounding error, exactly (Knuth's TwoSum).
fn two_sum(x: f64, y: f64) -> (f64, f64) {
    let s = x + y;
    let yy = s - x;
    let e = (x - (s - yy)) + (y - yy);
    (s, e)
}

/// 2ᵏ, exactly, for −1022 ≤ k ≤ 1023.
fn pow2(k: i32) -> f64 {
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// `v` multiplied by a power of two (exact: no digit is lost) so that its largest
/// |component| lies in [⅛, ¼); unchanged when it is all zero.
fn scale_exact(mut v: [f64; 3]) -> [f64; 3] {
    let largest = |v: &[f64; 3]| v.iter().fold(0.0f64, |m, c| m.max(c.abs()));
    let mut m = largest(&v);
    if m == 0.0 {
        return v;
    }
    if m < f64::MIN_POSITIVE {
        // Subnormal: bring it into the normal range first (exact).
        v = v.map(|c| c * pow2(600));
        m = largest(&v);
    }
    // m lies in [2ᵉ, 2ᵉ⁺¹); multiply by 2^−(e+3), in two steps that stay in range.
    let e = ((m.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let k = -(e + 3);
    v.map(|c| c * pow2(k / 2) * pow2(k - k / 2))
}

/// The rule wᵀx + b > 0 as αu + βv + γ > 0 on the unit square, x = corner + size ⊙ (u, v),
/// scaled so that the largest |coefficient| is in [⅛, ¼) (all zero when w = 0 and b = 0).
fn unit_rule((w, b): ([f64; 2], f64), corner: [f64; 2], size: [f64; 2]) -> [f64; 3] {
    // Scale first by a power of two (exact, so the cancellation in γ below works on the
    // inputs' own digits) so that nothing below can overflow: |w_i·size_i| < ¼·f64::MAX
    // and |γ| < ¾·f64::MAX.
    let [w0, w1, b] = scale_exact([w[0], w[1], b]);
    let alpha = w0 * size[0];
    let beta = w1 * size[1];
    // γ = w0·x_min + w1·y_min + b, compensated: the products' rounding errors come exactly
    // from fused multiply-adds, the sums' from TwoSum.
    let p0 = w0 * corner[0];
    let e0 = w0.mul_add(corner[0], -p0);
    let p1 = w1 * corner[1];
    let e1 = w1.mul_add(corner[1], -p1);
    let (s, f0) = two_sum(p0, p1);
    let (s, f1) = two_sum(s, b);
    let gamma = s + (e0 + e1 + f0 + f1);
    scale_exact([alpha, beta, gamma])
}

/// The area of the part of the unit square where both rules say 1 (`one`), or both say 0.
fn region_area(r: [f64; 3], s: [f64; 3], one: bool) -> f64 {
    let mut poly = vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
    for [alpha, beta, gamma] in [r, s] {
        if alpha == 0.0 && beta == 0.0 {
            // A constant rule: class 1 everywhere when γ > 0, class 0 everywhere when γ ≤ 0
            // (a tie is class 0). Here the side matters, not only the measure.
            if (gamma > 0.0) == one {
                continue;
            }
            return 0.0;
        }
        // Class 0 is αu + βv + γ ≤ 0, that is −(αu + βv + γ) ≥ 0.
        let sign = if one { 1.0 } else { -1.0 };
        poly = clip(&poly, [sign * alpha, sign * beta, sign * gamma]);
        if poly.len() < 3 {
            return 0.0;
        }
    }
    shoelace(&poly)
}

/// Sutherland–Hodgman: the convex polygon `poly` cut to αu + βv + γ ≥ 0 (the boundary has
/// no area, so closed or open makes no difference to the measure).
fn clip(poly: &[[f64; 2]], [alpha, beta, gamma]: [f64; 3]) -> Vec<[f64; 2]> {
    let g = |p: [f64; 2]| alpha * p[0] + beta * p[1] + gamma;
    let mut out = Vec::with_capacity(poly.len() + 1);
    for (i, &p) in poly.iter().enumerate() {
        let q = poly[(i + 1) % poly.len()];
        let (gp, gq) = (g(p), g(q));
        if gp >= 0.0 {
            out.push(p);
        }
        if (gp >= 0.0) != (gq >= 0.0) {
            let t = gp / (gp - gq);
            out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
        }
    }
    out
}

/// The area of a simple polygon (either orientation).
fn shoelace(poly: &[[f64; 2]]) -> f64 {
    let twice: f64 = (0..poly.len())
        .map(|i| {
            let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
            p[0] * q[1] - q[0] * p[1]
        })
        .sum();
    0.5 * twice.abs()
}
