//! The scores of a student's prediction (`genlab::predict`) and the misconception catalogue.
//!
//! Expected values: by hand where the comment shows the arithmetic; otherwise from
//! `tools/sklearn/predict_reference.py`, which integrates the agreement exactly over x with
//! Python's `fractions.Fraction` (a different method from the Rust code's polygon clipping)
//! and writes `tests/fixtures/predict/line_agreement.csv`.

use genlab::predict::{
    angle_deg, crossover_gap, detect_ignored_prior, detect_perpendicular_bisector, detect_prior_turns,
    detect_scaled_losses_move, detect_swapped_loss_threshold, line_agreement, logit_gap, misconceptions, Movement,
};
use genlab::Error;

const REFERENCE: &str = include_str!("../fixtures/predict/line_agreement.csv");

type Rule = ([f64; 2], f64);

struct Case {
    label: String,
    view: [f64; 4],
    a: Rule,
    b: Rule,
    expected: f64,
}

fn reference() -> Vec<Case> {
    REFERENCE
        .lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            let n: Vec<f64> = f[1..].iter().map(|s| s.parse().expect("a number")).collect();
            Case {
                label: f[0].to_string(),
                view: [n[0], n[1], n[2], n[3]],
                a: ([n[4], n[5]], n[6]),
                b: ([n[7], n[8]], n[9]),
                expected: n[10],
            }
        })
        .collect()
}

fn case(label: &str) -> Case {
    reference().into_iter().find(|c| c.label == label).unwrap_or_else(|| panic!("no reference case {label}"))
}

fn agreement_of(c: &Case) -> f64 {
    line_agreement(c.view, c.a, c.b).unwrap_or_else(|e| panic!("{}: {e}", c.label))
}

fn assert_close(got: f64, want: f64, tol: f64, what: &str) {
    assert!((got - want).abs() <= tol, "{what}: got {got}, expected {want} (tolerance {tol})");
}

fn assert_invalid<T: std::fmt::Debug>(r: genlab::Result<T>, name: &str) {
    match r {
        Err(e @ Error::InvalidParameter { .. }) => {
            let text = e.to_string();
            assert!(text.starts_with(name), "the sentence should name {name}: {text}");
            assert!(text.ends_with('.'), "a sentence ends with a full stop: {text}");
        }
        other => panic!("expected InvalidParameter naming {name}, got {other:?}"),
    }
}

#[test]
fn identical_lines_agree_everywhere() {
    // By hand: the same rule decides the same everywhere.
    let c = case("identical");
    assert_eq!(agreement_of(&c), 1.0);
}

#[test]
fn opposite_rules_agree_nowhere() {
    // By hand: (−w, −b) says 1 exactly where (w, b) says 0, except on the line (measure zero).
    let c = case("opposite");
    assert_eq!(agreement_of(&c), 0.0);
}

#[test]
fn perpendicular_lines_through_the_centre_agree_on_half() {
    // By hand: view [0, 4] × [0, 2], x > 2 against y > 1: they agree on the quadrants
    // x > 2, y > 1 and x < 2, y < 1, each a quarter of the rectangle.
    let c = case("perpendicular-through-centre");
    assert_close(agreement_of(&c), 0.5, 1e-15, &c.label);
    // In a square, any two perpendicular lines through the centre cut it into four pieces
    // that a quarter turn maps onto each other, so they agree on half (by hand).
    let r = line_agreement([-1.0, 1.0, -1.0, 1.0], ([0.3, 0.7], 0.0), ([-0.7, 0.3], 0.0)).unwrap();
    assert_close(r, 0.5, 1e-15, "tilted, in a square");
    // In a rectangle tilted lines need not give ½: x + y > 5 against x − y > −3 on
    // [−3, 5] × [2, 6] agree on ¾ (the Python reference: exactly 3/4).
    let c = case("tilted-perpendicular-through-centre");
    assert_close(agreement_of(&c), 0.75, 1e-15, &c.label);
}

#[test]
fn lines_outside_the_view_decide_by_their_side() {
    // By hand, view [0, 4] × [0, 2]: x > 10 and y > 5 both say 0 everywhere (agree: 1);
    // x > 10 says 0 and y > −5 says 1 everywhere (agree: 0).
    assert_eq!(agreement_of(&case("both-outside-same-side")), 1.0);
    assert_eq!(agreement_of(&case("both-outside-opposite-sides")), 0.0);
}

#[test]
fn a_rule_without_a_normal_decides_by_the_sign_of_b() {
    // By hand, view [0, 4] × [0, 2]. w = 0: b > 0 is class 1 everywhere, b < 0 and b = 0
    // (a tie) class 0 everywhere.
    assert_eq!(agreement_of(&case("w0-b-positive-vs-negative")), 0.0);
    assert_eq!(agreement_of(&case("w0-b-zero-vs-negative")), 1.0);
    assert_eq!(agreement_of(&case("w0-b-zero-vs-positive")), 0.0);
    // Against x > 1: class 0 agrees on x < 1 (¼ of the width), class 1 on x > 1 (¾).
    assert_close(agreement_of(&case("w0-b-zero-vs-line")), 0.25, 1e-15, "b = 0 against x > 1");
    assert_close(agreement_of(&case("w0-b-positive-vs-line")), 0.75, 1e-15, "b > 0 against x > 1");
    // Both w = 0 and b = 0: the same rule (class 0), agreement 1.
    assert_eq!(line_agreement([0.0, 1.0, 0.0, 1.0], ([0.0, 0.0], 0.0), ([0.0, 0.0], 0.0)).unwrap(), 1.0);
}

#[test]
fn a_view_far_from_the_origin_is_scored_to_1e_9() {
    // The Python reference (exact rationals): 29/96 for the view centred at (10⁶, −10⁶), and
    // 8263525203969/8796101410816 for two nearly parallel lines in a view centred at
    // (10⁶, 10⁶), whose intercepts cancel to 2⁻³ in 2·10⁶.
    // "far-from-origin-inexact" has normals like (0.1, 0.7) in a view 0.2 wide at 10⁶, where
    // wᵀx rounds: summing the intercept without compensation misses by 1.6·10⁻¹⁰ there
    // (measured), inside the contract's 10⁻⁹ but far outside the 10⁻¹³ checked below.
    for label in ["far-from-origin", "far-from-origin-small-angle", "far-from-origin-inexact"] {
        let c = case(label);
        assert_close(agreement_of(&c), c.expected, 1e-9, label);
        // What the compensated sum achieves (measured: at most 6·10⁻¹⁷).
        assert_close(agreement_of(&c), c.expected, 1e-13, label);
    }
    assert_close(agreement_of(&case("far-from-origin")), 29.0 / 96.0, 1e-12, "29/96");
    // The same two rules, translated to the origin (b′ = b + wᵀc for the shift c), score
    // the same: the share does not depend on where the rectangle is.
    let far = case("far-from-origin");
    let shift = [1e6, -1e6];
    let near = |(w, b): Rule| (w, b + w[0] * shift[0] + w[1] * shift[1]);
    let view = [far.view[0] - shift[0], far.view[1] - shift[0], far.view[2] - shift[1], far.view[3] - shift[1]];
    let r = line_agreement(view, near(far.a), near(far.b)).unwrap();
    assert_close(r, 29.0 / 96.0, 1e-12, "translated to the origin");
}

#[test]
fn two_hundred_random_pairs_match_the_exact_reference() {
    let cases: Vec<Case> = reference().into_iter().filter(|c| c.label.starts_with("random-")).collect();
    assert_eq!(cases.len(), 200);
    let mut worst = 0.0f64;
    for c in &cases {
        let got = agreement_of(c);
        assert!((0.0..=1.0).contains(&got), "{}: {got} outside [0, 1]", c.label);
        worst = worst.max((got - c.expected).abs());
        assert_close(got, c.expected, 1e-9, &c.label);
    }
    eprintln!("worst error over the 200 random pairs: {worst:e}");
    // Views far from the origin included, the clipping is far better than the contract.
    assert!(worst < 1e-13, "worst error {worst}");
}

#[test]
fn agreement_is_symmetric_and_invariant_to_scaling_a_rule() {
    // By hand: swapping the rules or multiplying (w, b) by a positive number changes no
    // decision. (Powers of two, so that the scaled inputs are exactly the same lines.)
    let (big, small) = (2f64.powi(600), 2f64.powi(-600));
    for c in reference().iter() {
        let ab = agreement_of(c);
        let ba = line_agreement(c.view, c.b, c.a).unwrap();
        let up = line_agreement(c.view, ([c.a.0[0] * big, c.a.0[1] * big], c.a.1 * big), c.b).unwrap();
        let down = line_agreement(c.view, c.a, ([c.b.0[0] * small, c.b.0[1] * small], c.b.1 * small)).unwrap();
        assert_close(ba, ab, 1e-14, &c.label);
        assert_close(up, ab, 1e-14, &c.label);
        assert_close(down, ab, 1e-14, &c.label);
    }
}

#[test]
fn a_bad_view_or_rule_is_a_sentence() {
    let ok: Rule = ([1.0, 0.0], 0.0);
    assert_invalid(line_agreement([0.0, 0.0, 0.0, 1.0], ok, ok), "view"); // empty
    assert_invalid(line_agreement([1.0, 0.0, 0.0, 1.0], ok, ok), "view"); // reversed
    assert_invalid(line_agreement([0.0, 1.0, 1.0, 0.5], ok, ok), "view");
    assert_invalid(line_agreement([f64::NAN, 1.0, 0.0, 1.0], ok, ok), "view");
    assert_invalid(line_agreement([0.0, f64::INFINITY, 0.0, 1.0], ok, ok), "view");
    assert_invalid(line_agreement([-f64::MAX, f64::MAX, 0.0, 1.0], ok, ok), "view"); // width overflows
    assert_invalid(line_agreement([0.0, 1.0, 0.0, 1.0], ([f64::NAN, 0.0], 0.0), ok), "first line");
    assert_invalid(line_agreement([0.0, 1.0, 0.0, 1.0], ok, ([0.0, 1.0], f64::NEG_INFINITY)), "second line");
    let e = line_agreement([1.0, 0.0, 0.0, 1.0], ok, ok).unwrap_err().to_string();
    assert!(e.contains("x_min < x_max"), "{e}");
}

#[test]
fn angle_between_lines_at_0_45_and_90_degrees() {
    // By hand: parallel normals (either orientation) 0°; (1, 0) and (1, 1) 45°; (1, 0) and
    // (0, 1) 90°; (1, 0) and (−1, 1) is 135° between the vectors, 45° between the lines.
    assert_eq!(angle_deg([1.0, 2.0], [2.0, 4.0]).unwrap(), 0.0);
    assert_eq!(angle_deg([1.0, 2.0], [-3.0, -6.0]).unwrap(), 0.0);
    assert_close(angle_deg([1.0, 0.0], [1.0, 1.0]).unwrap(), 45.0, 1e-12, "45°");
    assert_close(angle_deg([1.0, 0.0], [-1.0, 1.0]).unwrap(), 45.0, 1e-12, "135° is 45° between lines");
    assert_close(angle_deg([2.0, -1.0], [1.0, 2.0]).unwrap(), 90.0, 1e-12, "90°");
    // Python's math.degrees(math.atan2(|cross|, |dot|)): 0.5846305207051784 (small angles stay
    // accurate: arccos would lose about half the digits here).
    assert_close(angle_deg([1.0, 2.0], [-2.0, -3.9]).unwrap(), 0.584_630_520_705_178_4, 1e-12, "small angle");
    // Huge and tiny normals do not overflow or underflow.
    assert_close(angle_deg([1e300, 0.0], [1e-300, 1e-300]).unwrap(), 45.0, 1e-12, "scaled");
}

#[test]
fn angle_with_a_zero_normal_is_zero_and_bad_input_is_an_error() {
    assert_eq!(angle_deg([0.0, 0.0], [1.0, 2.0]).unwrap(), 0.0);
    assert_eq!(angle_deg([1.0, 2.0], [0.0, 0.0]).unwrap(), 0.0);
    assert_eq!(angle_deg([0.0, 0.0], [0.0, 0.0]).unwrap(), 0.0);
    assert_invalid(angle_deg([f64::NAN, 0.0], [1.0, 0.0]), "first normal");
    assert_invalid(angle_deg([1.0, 0.0], [0.0, f64::INFINITY]), "second normal");
}

#[test]
fn logit_gap_clamps_probabilities_at_0_and_1() {
    // By hand: logit(1 − 10⁻⁶) = ln((1 − 10⁻⁶)/10⁻⁶) = −logit(10⁻⁶) ≈ 13.8155; p̂ = 0 against
    // p = 1 is twice that, 27.63101911589879 (Python, the same formula).
    let full = 2.0 * ((1.0 - 1e-6) / 1e-6f64).ln();
    assert_close(logit_gap(0.0, 1.0).unwrap(), full, 1e-9, "0 against 1");
    assert_close(logit_gap(0.0, 1.0).unwrap(), 27.631_019_115_898_79, 1e-9, "Python");
    // Clamped: 0 and 10⁻⁷ are both 10⁻⁶, 1 and 1 − 10⁻⁹ both 1 − 10⁻⁶.
    assert_eq!(logit_gap(0.0, 1e-7).unwrap(), 0.0);
    assert_eq!(logit_gap(1.0, 1.0 - 1e-9).unwrap(), 0.0);
    assert_eq!(logit_gap(0.0, 0.0).unwrap(), 0.0);
}

#[test]
fn logit_gap_is_symmetric_and_in_odds_units() {
    // By hand: logit ½ = 0 and logit 0.9 = ln 9, so the gap is ln 9 ≈ 2.1972; 0.2 against 0.8
    // is ln(1/4) against ln 4: 2 ln 4.
    assert_close(logit_gap(0.5, 0.9).unwrap(), 9f64.ln(), 1e-12, "½ against 0.9");
    assert_close(logit_gap(0.2, 0.8).unwrap(), 2.0 * 4f64.ln(), 1e-12, "0.2 against 0.8");
    for (x, y) in [(0.5, 0.9), (0.01, 0.7), (0.0, 0.3), (1.0, 0.999)] {
        assert_eq!(logit_gap(x, y).unwrap(), logit_gap(y, x).unwrap(), "symmetric at ({x}, {y})");
    }
    assert_eq!(logit_gap(0.37, 0.37).unwrap(), 0.0);
}

#[test]
fn logit_gap_refuses_what_is_not_a_probability() {
    assert_invalid(logit_gap(-0.1, 0.5), "p̂");
    assert_invalid(logit_gap(1.5, 0.5), "p̂");
    assert_invalid(logit_gap(f64::NAN, 0.5), "p̂");
    assert_invalid(logit_gap(0.5, f64::NAN), "p");
    assert_invalid(logit_gap(0.5, f64::INFINITY), "p");
    assert_invalid(logit_gap(0.5, -1e-300), "p");
}

#[test]
fn crossover_gap_counts_decades() {
    // By hand: 30 against 300 is one decade; 100 against 100 none; 10 against 1000 two, either way.
    assert_close(crossover_gap(30.0, 300.0).unwrap(), 1.0, 1e-12, "30 against 300");
    assert_eq!(crossover_gap(100.0, 100.0).unwrap(), 0.0);
    assert_close(crossover_gap(1000.0, 10.0).unwrap(), 2.0, 1e-12, "1000 against 10");
    assert_close(crossover_gap(10.0, 1000.0).unwrap(), 2.0, 1e-12, "10 against 1000");
    // log₁₀ 2 ≈ 0.30103 (by hand, from tables).
    assert_close(crossover_gap(40.0, 20.0).unwrap(), 2f64.log10(), 1e-12, "a factor 2");
}

#[test]
fn crossover_gap_refuses_sizes_that_are_not_positive() {
    assert_invalid(crossover_gap(0.0, 10.0), "m̂");
    assert_invalid(crossover_gap(-5.0, 10.0), "m̂");
    assert_invalid(crossover_gap(f64::NAN, 10.0), "m̂");
    assert_invalid(crossover_gap(10.0, 0.0), "m*");
    assert_invalid(crossover_gap(10.0, f64::INFINITY), "m*");
}

fn has_cjk(s: &str) -> bool {
    s.chars().any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c))
}

#[test]
fn every_misconception_has_a_unique_id_and_both_languages() {
    let all = misconceptions();
    assert!(all.len() >= 15, "only {} misconceptions", all.len());
    let mut ids = std::collections::HashSet::new();
    for m in all {
        assert!(ids.insert(m.id), "duplicate id {}", m.id);
        assert!(!m.id.is_empty() && m.id.chars().all(|c| c.is_ascii_lowercase() || c == '-'), "id {}", m.id);
        for (what, text) in [("en", m.en), ("why_en", m.why_en)] {
            assert!(text.trim().len() > 10, "{} {what} is empty", m.id);
            assert!(!has_cjk(text), "{} {what} has Chinese in the English text", m.id);
        }
        for (what, text) in [("zh", m.zh), ("why_zh", m.why_zh)] {
            assert!(has_cjk(text), "{} {what} has no Chinese characters: {text}", m.id);
        }
        assert!(m.en.ends_with('.'), "{}: the hint is a sentence", m.id);
        assert!(m.zh.ends_with('。'), "{}: the Chinese hint ends with 。", m.id);
        assert!(m.why_en.ends_with('?') && m.why_zh.ends_with('？'), "{}: why is a question", m.id);
    }
}

#[test]
fn the_catalogue_keeps_its_order() {
    // Records and links store ids; the order the page lists them in is part of the contract.
    let ids: Vec<&str> = misconceptions().iter().map(|m| m.id).collect();
    assert_eq!(
        ids[..11],
        [
            "boundary-perpendicular-bisector",
            "prior-turns-boundary",
            "midpoint-is-half",
            "nearer-mean-wins",
            "qda-always-ellipse",
            "gaussian-nb-is-linear",
            "mean-move-only-slides",
            "tilt-changes-only-ellipses",
            "certain-only-near-data",
            "sigma-divides-by-m-minus-one",
            "alpha-zero-changes-nothing",
        ]
    );
    assert_eq!(
        ids[11..20],
        [
            "unseen-word-vetoes",
            "bernoulli-ignores-absent-words",
            "smoothing-favours-larger-class",
            "smoothing-alpha-numerator-only",
            "words-independent-not-conditionally",
            "generative-always-fewer-examples",
            "logistic-equals-gda",
            "doubling-losses-moves-decision",
            "loss-threshold-swapped",
        ]
    );
    // Added at the end, so the earlier ids keep their places.
    assert_eq!(
        ids[20..],
        [
            "prior-forgotten",
            "decimal-log-for-ln",
            "smoothing-denominator-count-missing",
            "frequent-word-strongest",
            "qda-wider-class-loses"
        ]
    );
    assert_eq!(misconceptions(), misconceptions(), "the same slice every call");
}

#[test]
fn prior_turns_fires_on_a_turned_prediction_after_a_slide() {
    // A prior change keeps w = Σ⁻¹(μ₁ − μ₀): before and after the normal is (1, 2).
    // A prediction with normal (2, 1) is turned by 36.87° (by hand: atan2(3, 4)).
    assert!(detect_prior_turns([1.0, 2.0], [1.0, 2.0], [2.0, 1.0], 5.0).unwrap());
    // A right answer (parallel, slid) never fires, nor one within the tolerance.
    assert!(!detect_prior_turns([1.0, 2.0], [1.0, 2.0], [-2.0, -4.0], 5.0).unwrap());
    assert!(!detect_prior_turns([1.0, 2.0], [1.0, 2.0], [1.0, 2.1], 5.0).unwrap());
    // Where the truth turned too (not a prior change), it is not this mistake.
    assert!(!detect_prior_turns([1.0, 2.0], [2.0, 1.0], [2.0, 1.0], 5.0).unwrap());
    assert_invalid(detect_prior_turns([1.0, 2.0], [1.0, 2.0], [2.0, 1.0], f64::NAN), "tolerance");
}

#[test]
fn ignored_prior_fires_on_one_half_at_the_midpoint() {
    // At the midpoint of the means, a shared-Σ GDA has log-odds log φ/(1 − φ), so p = φ;
    // with the prior ½ it would be ½. With φ = 0.8 the gap ln 4 ≈ 1.39 exceeds 2·0.3 (by hand).
    assert!(detect_ignored_prior(0.5, 0.8, 0.5, 0.3).unwrap());
    assert!(detect_ignored_prior(0.52, 0.8, 0.5, 0.3).unwrap());
    // The right answer, or one near it, does not fire; nor does a different wrong answer.
    assert!(!detect_ignored_prior(0.8, 0.8, 0.5, 0.3).unwrap());
    assert!(!detect_ignored_prior(0.75, 0.8, 0.5, 0.3).unwrap());
    assert!(!detect_ignored_prior(0.1, 0.8, 0.5, 0.3).unwrap());
    // With φ = ½ the prior changes nothing, so ½ is right and nothing fires.
    assert!(!detect_ignored_prior(0.5, 0.5, 0.5, 0.3).unwrap());
    assert_invalid(detect_ignored_prior(0.5, 0.8, 0.5, -1.0), "tolerance");
    assert_invalid(detect_ignored_prior(1.2, 0.8, 0.5, 0.1), "p̂");
}

#[test]
fn swapped_threshold_fires_on_lambda01_over_the_sum() {
    // λ₀₁ = 1, λ₁₀ = 3: the threshold is 3/4; the swapped one 1/4 (by hand).
    assert!(detect_swapped_loss_threshold(0.25, (1.0, 3.0), 0.05).unwrap());
    assert!(detect_swapped_loss_threshold(0.28, (1.0, 3.0), 0.05).unwrap());
    assert!(!detect_swapped_loss_threshold(0.75, (1.0, 3.0), 0.05).unwrap());
    assert!(!detect_swapped_loss_threshold(0.5, (1.0, 3.0), 0.05).unwrap());
    // Equal losses: both readings are ½, so the right answer cannot be this mistake.
    assert!(!detect_swapped_loss_threshold(0.5, (2.0, 2.0), 0.05).unwrap());
    assert_invalid(detect_swapped_loss_threshold(0.5, (0.0, 1.0), 0.05), "(λ₀₁, λ₁₀)");
    assert_invalid(detect_swapped_loss_threshold(f64::NAN, (1.0, 1.0), 0.05), "threshold");
}

#[test]
fn scaled_losses_fire_on_any_predicted_movement() {
    // (1, 3) → (2, 6): the ratio λ₁₀/λ₀₁ stays 3, so the threshold 3/4 stays (by hand).
    assert!(detect_scaled_losses_move((1.0, 3.0), (2.0, 6.0), Movement::TowardClass0).unwrap());
    assert!(detect_scaled_losses_move((1.0, 3.0), (2.0, 6.0), Movement::Turns).unwrap());
    assert!(!detect_scaled_losses_move((1.0, 3.0), (2.0, 6.0), Movement::Stays).unwrap());
    // (1, 3) → (2, 3) changes the ratio: the boundary does move, so a movement is no mistake.
    assert!(!detect_scaled_losses_move((1.0, 3.0), (2.0, 3.0), Movement::TowardClass1).unwrap());
    // No change at all is not "doubling both".
    assert!(!detect_scaled_losses_move((1.0, 3.0), (1.0, 3.0), Movement::TowardClass1).unwrap());
    assert_invalid(detect_scaled_losses_move((1.0, f64::INFINITY), (2.0, 6.0), Movement::Stays), "losses before");
}

#[test]
fn bisector_fires_when_the_truth_is_turned_away_from_it() {
    // Means (0, 0) and (2, 0): the bisector is x > 1. View [−2, 4] × [−3, 3], centred at (1, 0).
    let view = [-2.0, 4.0, -3.0, 3.0];
    let (mu0, mu1) = ([0.0, 0.0], [2.0, 0.0]);
    let bisector: Rule = ([1.0, 0.0], -1.0);
    // A tilted Σ turns the truth: x − 0.8y > 1, through (1, 0), meeting y = ±3 at x = 1 ± 2.4.
    // By hand it disagrees with x > 1 on two triangles ½·3·2.4 = 3.6 of the 36: agreement 0.8.
    let turned: Rule = ([1.0, -0.8], -1.0);
    assert_close(line_agreement(view, turned, bisector).unwrap(), 0.8, 1e-15, "by hand");
    assert!(detect_perpendicular_bisector(view, mu0, mu1, turned, bisector, 0.02).unwrap());
    // The student who draws the true line is right: no hint.
    assert!(!detect_perpendicular_bisector(view, mu0, mu1, turned, turned, 0.02).unwrap());
    // A different wrong answer (a horizontal line) is not this mistake.
    assert!(!detect_perpendicular_bisector(view, mu0, mu1, turned, ([0.0, 1.0], 0.0), 0.02).unwrap());
    // With Σ a multiple of I and φ = ½ the truth is the bisector: drawing it is right.
    assert!(!detect_perpendicular_bisector(view, mu0, mu1, bisector, bisector, 0.02).unwrap());
    assert_invalid(detect_perpendicular_bisector(view, mu0, mu0, turned, bisector, 0.02), "means");
    assert_invalid(detect_perpendicular_bisector(view, mu0, [f64::NAN, 0.0], turned, bisector, 0.02), "means");
}
