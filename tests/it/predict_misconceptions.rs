//! Judging predictions (`genlab::predict::judge_…`): for every misconception with a detector,
//! a state and prediction where it fires and one (the right answer, or a different mistake)
//! where it must not; the truths on these small states worked out by hand in the comments.
//! The hand numbers of the tilted GDA (w = (10, −6), b = −20; p = ⅔ at the midpoint with
//! φ = ⅔), of the Bernoulli message (256/257) and of the strongest word (ln 60/51, ln 24/17)
//! were also checked with scikit-learn (LinearDiscriminantAnalysis(solver="lsqr"),
//! BernoulliNB(alpha=1), MultinomialNB(alpha=1)).

use genlab::curves::{CurveSummary, ModelCurve};
use genlab::gda::{GaussianNb, Gda, LogisticRegression, LossMatrix, NbVariance, Qda};
use genlab::nb::{EventModel, Label, NaiveBayes, Prior};
use genlab::predict::{
    judge_alpha_zero, judge_boundary, judge_boundary_facts, judge_crossover, judge_gnb_shape, judge_logistic_boundary,
    judge_movement, judge_posterior, judge_qda_shape, judge_spam_bet, judge_strongest_word, judge_threshold,
    misconception, misconceptions, rule_through, AlphaZeroGuess, BoundaryFacts, BoundaryShape, Change, CrossoverGuess,
    Judgement, Movement, RefitCause,
};

const VIEW: [f64; 4] = [-4.0, 8.0, -4.0, 4.0];

fn ids<T, S>(j: &Judgement<T, S>) -> Vec<&'static str> {
    j.fired.iter().map(|m| m.id).collect()
}

/// Each point of `centre` + every deviation, labelled `label`.
fn cloud(centre: [f64; 2], deviations: &[[f64; 2]], label: u8, out: &mut (Vec<[f64; 2]>, Vec<u8>)) {
    for d in deviations {
        out.0.push([centre[0] + d[0], centre[1] + d[1]]);
        out.1.push(label);
    }
}

/// Deviations whose scatter is [[2.5, 1.5], [1.5, 2.5]] (by hand: 2·(1,1)(1,1)ᵀ + 2·(½,−½)(½,−½)ᵀ).
const TILTED: [[f64; 2]; 4] = [[1.0, 1.0], [-1.0, -1.0], [0.5, -0.5], [-0.5, 0.5]];
/// Deviations whose scatter is 2I.
const ROUND: [[f64; 2]; 4] = [[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0], [0.0, -1.0]];

/// μ₀ = (0, 0), μ₁ = (4, 0), Σ = [[5, 3], [3, 5]]/8, φ = ½. By hand: Σ⁻¹ = [[2.5, −1.5], [−1.5, 2.5]],
/// w = Σ⁻¹(4, 0) = (10, −6), b = −½·wᵀ(4, 0) = −20: the line 10x − 6y = 20, turned atan(0.6) ≈ 31°
/// from the perpendicular bisector x = 2.
fn tilted() -> (Vec<[f64; 2]>, Vec<u8>) {
    let mut s = (Vec::new(), Vec::new());
    cloud([0.0, 0.0], &TILTED, 0, &mut s);
    cloud([4.0, 0.0], &TILTED, 1, &mut s);
    s
}

fn fit(s: &(Vec<[f64; 2]>, Vec<u8>)) -> Gda {
    Gda::fit(&s.0, &s.1).unwrap()
}

#[test]
fn every_judged_id_is_in_the_catalogue_and_there_are_at_least_fifteen() {
    assert!(misconceptions().len() >= 15);
    for id in [
        "boundary-perpendicular-bisector",
        "logistic-equals-gda",
        "qda-always-ellipse",
        "gaussian-nb-is-linear",
        "prior-turns-boundary",
        "mean-move-only-slides",
        "tilt-changes-only-ellipses",
        "doubling-losses-moves-decision",
        "loss-threshold-swapped",
        "midpoint-is-half",
        "nearer-mean-wins",
        "certain-only-near-data",
        "generative-always-fewer-examples",
        "bernoulli-ignores-absent-words",
        "prior-forgotten",
        "smoothing-favours-larger-class",
        "frequent-word-strongest",
        "alpha-zero-changes-nothing",
        "unseen-word-vetoes",
        "sigma-divides-by-m-minus-one",
        "smoothing-alpha-numerator-only",
        "smoothing-denominator-count-missing",
        "decimal-log-for-ln",
    ] {
        let m = misconception(id).unwrap_or_else(|| panic!("{id} is not in the catalogue"));
        assert!(!m.en.is_empty() && !m.zh.is_empty() && !m.why_en.is_empty() && !m.why_zh.is_empty(), "{id}");
    }
}

#[test]
fn the_perpendicular_bisector_fires_only_where_the_line_is_not_one() {
    let gda = fit(&tilted());
    let j = judge_boundary(&gda, VIEW, ([1.0, 0.0], -2.0)).unwrap();
    assert_eq!(ids(&j), ["boundary-perpendicular-bisector"]);
    // The truth, by hand (see `tilted`): 10x − 6y = 20, about 31° from the bisector.
    assert!((j.truth.0[0] - 10.0).abs() < 1e-9 && (j.truth.0[1] + 6.0).abs() < 1e-9 && (j.truth.1 + 20.0).abs() < 1e-9);
    assert!((j.score.angle_deg - 0.6f64.atan().to_degrees()).abs() < 1e-9);
    let right = judge_boundary(&gda, VIEW, ([5.0, -3.0], -10.0)).unwrap();
    assert!(right.fired.is_empty() && (right.score.agreement - 1.0).abs() < 1e-12 && right.score.angle_deg < 1e-9);
    // With Σ ∝ I and φ = ½ the bisector x = 2 is the truth: drawing it is right, nothing fires.
    let mut round = (Vec::new(), Vec::new());
    cloud([0.0, 0.0], &ROUND, 0, &mut round);
    cloud([4.0, 0.0], &ROUND, 1, &mut round);
    assert!(judge_boundary(&fit(&round), VIEW, ([1.0, 0.0], -2.0)).unwrap().fired.is_empty());
}

/// The page judges a drawn boundary from the numbers the GDA panel's summary hands it (w, b,
/// μ₀, μ₁; the judge sits in a module loaded on demand): the same judgement as from the fit.
#[test]
fn the_boundary_is_judged_alike_from_the_summarys_numbers() {
    let gda = fit(&tilted());
    // The hand numbers of `tilted`: w = (10, −6), b = −20, μ₀ = (0, 0), μ₁ = (4, 0).
    let by_hand = BoundaryFacts { w: [10.0, -6.0], b: -20.0, mu: [[0.0, 0.0], [4.0, 0.0]] };
    for guess in [([1.0, 0.0], -2.0), ([5.0, -3.0], -10.0), ([0.0, 1.0], 1.0)] {
        let from_fit = judge_boundary(&gda, VIEW, guess).unwrap();
        let from_facts = judge_boundary_facts(&by_hand, VIEW, guess).unwrap();
        assert_eq!(ids(&from_fit), ids(&from_facts), "{guess:?}");
        assert!((from_fit.score.angle_deg - from_facts.score.angle_deg).abs() < 1e-9, "{guess:?}");
        assert!((from_fit.score.agreement - from_facts.score.agreement).abs() < 1e-9, "{guess:?}");
    }
    // Coincident means (a fit's w is then exactly 0): scored against "class 0 everywhere"
    // (b = 0), no detector fires and nothing fails.
    let none = BoundaryFacts { w: [0.0, 0.0], b: 0.0, mu: [[1.0, 1.0], [1.0, 1.0]] };
    let j = judge_boundary_facts(&none, VIEW, ([1.0, 0.0], -2.0)).unwrap();
    assert!(j.fired.is_empty() && j.score.angle_deg == 0.0);
    // By hand: x = 2 covers 6 of the view's 12 units of width, so the two rules agree on ½.
    assert!((j.score.agreement - 0.5).abs() < 1e-12);
    // Non-finite numbers are an error, never a NaN score.
    let bad = BoundaryFacts { w: [f64::NAN, 0.0], b: 0.0, mu: [[0.0, 0.0], [4.0, 0.0]] };
    assert!(judge_boundary_facts(&bad, VIEW, ([1.0, 0.0], -2.0)).is_err());
}

/// The student's two handles become a rule with class 1 on μ₁'s side, whichever handle is
/// first; by hand: through (2, −4) and (2, 4) the direction (0, 8) turned a quarter is
/// (−8, 0), which points away from μ₁ − μ₀ = (4, 0), so n = (8, 0) and b = −n·(2, −4) = −16.
#[test]
fn the_drawn_handles_make_a_rule_that_says_one_on_mu1s_side() {
    let (mu0, mu1) = ([0.0, 0.0], [4.0, 0.0]);
    assert_eq!(rule_through([2.0, -4.0], [2.0, 4.0], mu0, mu1), Some(([8.0, -0.0], -16.0)));
    assert_eq!(rule_through([2.0, 4.0], [2.0, -4.0], mu0, mu1), Some(([8.0, 0.0], -16.0)));
    // Swapping the means swaps the side: n = (−8, 0), b = 16.
    assert_eq!(rule_through([2.0, 4.0], [2.0, -4.0], mu1, mu0), Some(([-8.0, -0.0], 16.0)));
    assert_eq!(rule_through([1.0, 1.0], [1.0, 1.0], mu0, mu1), None);
    assert_eq!(rule_through([1.0, f64::NAN], [1.0, 1.0], mu0, mu1), None);
    assert_eq!(rule_through([1.0, 1.0], [f64::INFINITY, 1.0], mu0, mu1), None);
}

#[test]
fn logistic_equals_gda_fires_on_gdas_line_when_logistic_draws_another() {
    // Class 1 gets two far outliers along its own side: GDA's Σ and means move, logistic
    // regression (λ = 1) hardly.
    let mut s = tilted();
    s.0.extend([[20.0, 10.0], [20.0, -10.0]]);
    s.1.extend([1, 1]);
    let gda = fit(&s);
    let lr = LogisticRegression::fit(&s.0, &s.1, 1.0).unwrap();
    let gda_line = gda.log_odds_coefficients();
    let j = judge_logistic_boundary(&gda, &lr, VIEW, gda_line).unwrap();
    assert!(
        j.score.agreement < 1.0 - 2.0 * genlab::predict::LINE_TOL,
        "the state must separate the lines: {:?}",
        j.score
    );
    assert_eq!(ids(&j), ["logistic-equals-gda"]);
    let right = judge_logistic_boundary(&gda, &lr, VIEW, lr.log_odds_coefficients()).unwrap();
    assert!(right.fired.is_empty());
}

/// Class 0 wide in x and narrow in y, class 1 the other way round: A = −½(Σ₁⁻¹ − Σ₀⁻¹) is
/// indefinite (by hand: Σ₀ = diag(2, ⅛), Σ₁ = diag(⅛, 2), A = diag(−3.75, 3.75)), an open curve.
fn crossed() -> (Vec<[f64; 2]>, Vec<u8>) {
    let mut s = (Vec::new(), Vec::new());
    cloud([0.0, 0.0], &[[2.0, 0.0], [-2.0, 0.0], [0.0, 0.5], [0.0, -0.5]], 0, &mut s);
    cloud([1.0, 1.0], &[[0.5, 0.0], [-0.5, 0.0], [0.0, 2.0], [0.0, -2.0]], 1, &mut s);
    s
}

#[test]
fn qda_always_ellipse_fires_on_an_ellipse_for_an_open_curve() {
    let s = crossed();
    let qda = Qda::fit(&s.0, &s.1).unwrap();
    let j = judge_qda_shape(&qda, BoundaryShape::Ellipse);
    assert_eq!(j.truth, BoundaryShape::OpenCurve);
    assert_eq!(ids(&j), ["qda-always-ellipse"]);
    assert!(judge_qda_shape(&qda, BoundaryShape::OpenCurve).fired.is_empty());
    // Where the boundary is an ellipse (class 1 narrow both ways inside class 0), choosing it
    // is right.
    let mut e = (Vec::new(), Vec::new());
    cloud([0.0, 0.0], &[[2.0, 0.0], [-2.0, 0.0], [0.0, 2.0], [0.0, -2.0]], 0, &mut e);
    cloud([0.5, 0.0], &[[0.5, 0.0], [-0.5, 0.0], [0.0, 0.5], [0.0, -0.5]], 1, &mut e);
    let ellipse = Qda::fit(&e.0, &e.1).unwrap();
    let right = judge_qda_shape(&ellipse, BoundaryShape::Ellipse);
    assert!(right.score && right.fired.is_empty());
}

#[test]
fn gaussian_nb_is_linear_fires_on_a_line_for_per_class_variances() {
    let s = crossed();
    let gnb = GaussianNb::fit(&s.0, &s.1, NbVariance::PerClass, 1e-9).unwrap();
    let j = judge_gnb_shape(&gnb, BoundaryShape::Line);
    assert_eq!(ids(&j), ["gaussian-nb-is-linear"]);
    // Pooled variances: the boundary is a line, and saying so is right.
    let shared = GaussianNb::fit(&s.0, &s.1, NbVariance::Shared, 1e-9).unwrap();
    let right = judge_gnb_shape(&shared, BoundaryShape::Line);
    assert_eq!(right.truth, BoundaryShape::Line);
    assert!(right.fired.is_empty());
}

#[test]
fn prior_turns_fires_on_turns_after_a_prior_change() {
    let gda = fit(&tilted());
    // φ ½ → 0.8 adds ln 4 to b: −b/|w| falls, the line slides into class 0's side (by hand).
    let change = Change::Prior { gda: &gda, before: 0.5, after: 0.8 };
    let j = judge_movement(change, VIEW, Movement::Turns).unwrap();
    assert_eq!(j.truth, Movement::TowardClass0);
    assert_eq!(ids(&j), ["prior-turns-boundary"]);
    assert_eq!(ids(&judge_movement(change, VIEW, Movement::SlidesAndTurns).unwrap()), ["prior-turns-boundary"]);
    let right = judge_movement(change, VIEW, Movement::TowardClass0).unwrap();
    assert!(right.score && right.fired.is_empty());
    // A different mistake (the wrong side) is not this one.
    assert!(judge_movement(change, VIEW, Movement::TowardClass1).unwrap().fired.is_empty());
}

#[test]
fn mean_move_only_slides_fires_on_a_slide_when_the_line_turns() {
    let before = fit(&tilted());
    // μ₁ (4, 0) → (4, 2), Σ unchanged: w = Σ⁻¹(4, 2) = (7, −1), b = −½·wᵀ(4, 2) = −13; the
    // lines 10x − 6y = 20 and 7x − y = 13 cross at (1.8125, −0.3125), inside the view (by hand).
    let mut s = (Vec::new(), Vec::new());
    cloud([0.0, 0.0], &TILTED, 0, &mut s);
    cloud([4.0, 2.0], &TILTED, 1, &mut s);
    let after = fit(&s);
    let change = Change::Refit { before: &before, after: &after, cause: RefitCause::Mean };
    let j = judge_movement(change, VIEW, Movement::TowardClass1).unwrap();
    assert_eq!(j.truth, Movement::Turns);
    assert_eq!(ids(&j), ["mean-move-only-slides"]);
    assert!(judge_movement(change, VIEW, Movement::Turns).unwrap().fired.is_empty());
    assert!(judge_movement(change, VIEW, Movement::Stays).unwrap().fired.is_empty());
}

#[test]
fn tilt_changes_only_ellipses_fires_on_stays_when_the_line_turns() {
    // Σ = I/2 → the tilted Σ, same means: x = 2 becomes 10x − 6y = 20, crossing it at (2, 0).
    let mut round = (Vec::new(), Vec::new());
    cloud([0.0, 0.0], &ROUND, 0, &mut round);
    cloud([4.0, 0.0], &ROUND, 1, &mut round);
    let (before, after) = (fit(&round), fit(&tilted()));
    let change = Change::Refit { before: &before, after: &after, cause: RefitCause::Tilt };
    let j = judge_movement(change, VIEW, Movement::Stays).unwrap();
    assert_eq!(j.truth, Movement::Turns);
    assert_eq!(ids(&j), ["tilt-changes-only-ellipses"]);
    assert!(judge_movement(change, VIEW, Movement::Turns).unwrap().fired.is_empty());
    assert!(judge_movement(change, VIEW, Movement::TowardClass0).unwrap().fired.is_empty());
}

#[test]
fn the_loss_detectors_fire_on_a_moved_or_reversed_decision() {
    let gda = fit(&tilted());
    let loss = |a: f64, b: f64| LossMatrix::new(a, b).unwrap();
    // (λ₀₁, λ₁₀) = (1, 2) → (2, 4): the ratio, so the boundary, stays.
    let doubled = Change::Losses { gda: &gda, before: loss(1.0, 2.0), after: loss(2.0, 4.0) };
    let j = judge_movement(doubled, VIEW, Movement::TowardClass1).unwrap();
    assert_eq!(j.truth, Movement::Stays);
    assert_eq!(ids(&j), ["doubling-losses-moves-decision"]);
    assert!(judge_movement(doubled, VIEW, Movement::Stays).unwrap().fired.is_empty());
    // (1, 1) → (1, 4): false alarms cost more, the boundary moves to wᵀx + b = ln 4, into
    // class 1's side (by hand); the opposite slide is the swapped threshold.
    let dearer = Change::Losses { gda: &gda, before: loss(1.0, 1.0), after: loss(1.0, 4.0) };
    let j = judge_movement(dearer, VIEW, Movement::TowardClass0).unwrap();
    assert_eq!(j.truth, Movement::TowardClass1);
    assert_eq!(ids(&j), ["loss-threshold-swapped"]);
    assert!(judge_movement(dearer, VIEW, Movement::TowardClass1).unwrap().fired.is_empty());
    assert!(judge_movement(dearer, VIEW, Movement::Stays).unwrap().fired.is_empty());
    // The threshold kind: λ₁₀/(λ₀₁ + λ₁₀) = 4/5 (by hand); 1/5 is the swapped one.
    let t = judge_threshold(loss(1.0, 4.0), 0.2).unwrap();
    assert!((t.truth - 0.8).abs() < 1e-15 && (t.score - 0.6).abs() < 1e-12);
    assert_eq!(ids(&t), ["loss-threshold-swapped"]);
    assert!(judge_threshold(loss(1.0, 4.0), 0.8).unwrap().fired.is_empty());
    assert!(judge_threshold(loss(1.0, 4.0), 0.5).unwrap().fired.is_empty());
}

#[test]
fn midpoint_is_half_fires_on_one_half_with_unequal_priors() {
    // Class 1 twice over: the same Σ (each class's scatter per point is unchanged), φ = 8/12,
    // so at the midpoint (2, 0) the log-odds are ln 2 and p = ⅔ (by hand).
    let mut s = tilted();
    cloud([4.0, 0.0], &TILTED, 1, &mut s);
    let gda = fit(&s);
    let j = judge_posterior(&gda, [2.0, 0.0], 0.5).unwrap();
    assert!((j.truth - 2.0 / 3.0).abs() < 1e-12);
    assert!((j.score - 2f64.ln()).abs() < 1e-9);
    assert_eq!(ids(&j), ["midpoint-is-half"]);
    assert!(judge_posterior(&gda, [2.0, 0.0], 2.0 / 3.0).unwrap().fired.is_empty());
    // Elsewhere ½ is not this mistake; at the midpoint with φ = ½, ½ is right.
    assert!(!ids(&judge_posterior(&gda, [0.5, 0.0], 0.5).unwrap()).contains(&"midpoint-is-half"));
    assert!(judge_posterior(&fit(&tilted()), [2.0, 0.0], 0.5).unwrap().fired.is_empty());
}

#[test]
fn nearer_mean_and_far_certainty_fire_on_their_own_answers() {
    let gda = fit(&tilted());
    // (2.5, 3): |x − μ₁|² = 11.25 < |x − μ₀|² = 15.25, but wᵀx + b = 25 − 18 − 20 = −13, so
    // p = σ(−13) ≈ 2.3e-6: class 0. Mahalanobis² 15.6 and 41.6 (by hand): far from both.
    let x = [2.5, 3.0];
    let j = judge_posterior(&gda, x, 0.9).unwrap();
    assert!((j.truth - 1.0 / (1.0 + 13f64.exp())).abs() < 1e-15);
    assert_eq!(ids(&j), ["nearer-mean-wins"]);
    assert_eq!(ids(&judge_posterior(&gda, x, 0.5).unwrap()), ["certain-only-near-data"]);
    assert!(judge_posterior(&gda, x, 1e-5).unwrap().fired.is_empty());
    // Near the data (at μ₀ + (1, 1), a training point, p = σ(−16) but Mahalanobis² to μ₀ is 1):
    // ½ is wrong there, but not the far-from-data mistake.
    assert!(judge_posterior(&gda, [1.0, 1.0], 0.5).unwrap().fired.is_empty());
}

fn summary(crossover: Option<f64>, leader_after: Option<u8>) -> CurveSummary {
    let curve = |m: &str| ModelCurve { model: m.to_string(), points: Vec::new(), asymptote: None };
    CurveSummary {
        pairing: "gda-lr".to_string(),
        curves: [curve("gda"), curve("lr")],
        crossover,
        leader_small: Some(0),
        leader_large: leader_after,
        leader_after,
        bayes_error: None,
        splits_done: 1,
        splits_total: 1,
        pool: 100,
        test: 100,
        rows: 200,
        d: 2,
    }
}

#[test]
fn generative_always_fewer_fires_on_no_crossing_when_logistic_overtakes() {
    let s = summary(Some(60.0), Some(1));
    let j = judge_crossover(&s, CrossoverGuess::NoCrossing).unwrap();
    assert!(!j.score.right_kind);
    assert_eq!(ids(&j), ["generative-always-fewer-examples"]);
    let right = judge_crossover(&s, CrossoverGuess::At(50.0)).unwrap();
    // log₁₀ 60 − log₁₀ 50 = log₁₀ 1.2 ≈ 0.0792 (by hand).
    assert!((right.score.decades.unwrap() - 1.2f64.log10()).abs() < 1e-12 && right.fired.is_empty());
    let none = judge_crossover(&summary(None, None), CrossoverGuess::NoCrossing).unwrap();
    assert!(none.score.right_kind && none.fired.is_empty());
}

fn nb(docs: &[(&str, Label)], event: EventModel, alpha: f64) -> NaiveBayes {
    NaiveBayes::fit_texts(docs, event, alpha, Prior::MaximumLikelihood).unwrap()
}

fn tokens(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

#[test]
fn bernoulli_absent_words_fire_on_the_posterior_without_them() {
    use Label::{Ham, Spam};
    let docs = [("x y", Spam), ("x y", Spam), ("x y", Spam), ("a b c d", Ham), ("a b c d", Ham), ("a b c d", Ham)];
    let model = nb(&docs, EventModel::Bernoulli, 1.0);
    // By hand, α = 1: x present, ln((3+1)/5 ÷ 1/5) = ln 4; y absent ln(0.2/0.8) = −ln 4; a–d
    // absent ln(0.8/0.2) = ln 4 each: z = 4 ln 4, p = 256/257. Without the absent words σ(ln 4) = 0.8.
    let j = judge_spam_bet(&model, &tokens("x"), None, 0.8).unwrap();
    assert!((j.truth - 256.0 / 257.0).abs() < 1e-12);
    assert_eq!(ids(&j), ["bernoulli-ignores-absent-words"]);
    assert!(judge_spam_bet(&model, &tokens("x"), None, 256.0 / 257.0).unwrap().fired.is_empty());
    // The multinomial model has no absent-word term: the same bet is just wrong.
    let multi = nb(&docs, EventModel::Multinomial, 1.0);
    assert!(!ids(&judge_spam_bet(&multi, &tokens("x"), None, 0.8).unwrap()).contains(&"bernoulli-ignores-absent-words"));
}

#[test]
fn prior_forgotten_fires_on_the_likelihood_ratio() {
    use Label::{Ham, Spam};
    let docs = [
        ("win money", Spam),
        ("win money", Spam),
        ("win money", Spam),
        ("win money", Spam),
        ("win money", Spam),
        ("win money", Spam),
        ("lunch money", Ham),
    ];
    let model = nb(&docs, EventModel::Multinomial, 1.0);
    // By hand, α = 1, |V| = 3: P(lunch|spam) = 1/15, P(lunch|ham) = 2/5: the words alone give
    // ln(1/6), the prior ln 6, so p = ½ and the bet without the prior is σ(ln ⅙) = 1/7.
    let j = judge_spam_bet(&model, &tokens("lunch"), None, 1.0 / 7.0).unwrap();
    assert!((j.truth - 0.5).abs() < 1e-12);
    assert_eq!(ids(&j), ["prior-forgotten"]);
    assert!(judge_spam_bet(&model, &tokens("lunch"), None, 0.5).unwrap().fired.is_empty());
    assert!(judge_spam_bet(&model, &tokens("lunch"), None, 0.9).unwrap().fired.is_empty());
}

#[test]
fn smoothing_favours_larger_class_fires_on_a_move_toward_it_against_the_truth() {
    use Label::{Ham, Spam};
    let docs = [("win prize", Spam), ("win cash", Spam), ("win now", Spam), ("hello now", Ham)];
    let before = nb(&docs, EventModel::Multinomial, 1.0);
    let after = nb(&docs, EventModel::Multinomial, 100.0);
    // "win win win" is spam's word: at α = 1 p is far above the prior ¾; at α = 100 the
    // evidence shrinks and p falls toward ¾, away from spam, the larger class.
    let msg = tokens("win win win");
    let p_before = judge_spam_bet(&before, &msg, None, 0.5).unwrap().truth;
    let j = judge_spam_bet(&after, &msg, Some(&before), 0.995).unwrap();
    assert!(p_before > 0.95 && j.truth < p_before && j.truth > 0.75, "{p_before} → {}", j.truth);
    assert_eq!(ids(&j), ["smoothing-favours-larger-class"]);
    assert!(judge_spam_bet(&after, &msg, Some(&before), j.truth).unwrap().fired.is_empty());
    // Against a model fitted on other messages it is not a question about α: nothing fires.
    let other = nb(&[("win prize", Spam), ("hello now", Ham)], EventModel::Multinomial, 1.0);
    assert!(judge_spam_bet(&after, &msg, Some(&other), 0.995).unwrap().fired.is_empty());
    // A ham-leaning message moves toward spam as α grows: moving the bet that way is right.
    let ham_msg = tokens("hello hello");
    let hb = judge_spam_bet(&before, &ham_msg, None, 0.5).unwrap().truth;
    let ha = judge_spam_bet(&after, &ham_msg, Some(&before), 0.5).unwrap();
    assert!(ha.truth > hb);
    assert!(judge_spam_bet(&after, &ham_msg, Some(&before), ha.truth).unwrap().fired.is_empty());
}

fn small_corpus() -> [(&'static str, Label); 5] {
    use Label::{Ham, Spam};
    [
        ("win money now now", Spam),
        ("win prize now", Spam),
        ("free money now", Spam),
        ("meeting now", Ham),
        ("lunch now money", Ham),
    ]
}

#[test]
fn frequent_word_fires_when_the_commonest_spam_word_is_not_the_strongest() {
    let model = nb(&small_corpus(), EventModel::Multinomial, 1.0);
    // By hand, α = 1, |V| = 7, n_spam = 10, n_ham = 5: now 5/17 against 3/12, ln(60/51) ≈ 0.1625;
    // prize 2/17 against 1/12, ln(24/17) ≈ 0.3448. "now" is the commoner in spam, "prize" stronger.
    let msg = tokens("now prize");
    let j = judge_strongest_word(&model, &msg, Label::Spam, "now").unwrap();
    assert_eq!(j.truth, "prize");
    assert_eq!(j.score.rank, Some(2));
    assert!((j.score.evidence - (60.0f64 / 51.0).ln()).abs() < 1e-12);
    assert!((j.score.top_evidence - (24.0f64 / 17.0).ln()).abs() < 1e-12);
    assert_eq!(ids(&j), ["frequent-word-strongest"]);
    let right = judge_strongest_word(&model, &msg, Label::Spam, "prize").unwrap();
    assert!(right.score.rank == Some(1) && right.fired.is_empty());
}

#[test]
fn alpha_zero_detectors_fire_on_nothing_changes_and_on_an_unseen_word() {
    let model = nb(&small_corpus(), EventModel::Multinomial, 1.0);
    // At α = 0 "meeting" (never in spam) rules spam out and "win" (never in ham) rules ham
    // out: both classes are ruled out, so the verdict is undefined; "zebra" is in no
    // training message and is ignored.
    let msg = tokens("meeting win zebra");
    let nothing = judge_alpha_zero(&model, &msg, &AlphaZeroGuess::default()).unwrap();
    let vetoes: Vec<&str> = nothing.truth.vetoes.iter().map(|(w, _)| w.as_str()).collect();
    assert_eq!(vetoes, ["meeting", "win"]);
    assert!(nothing.truth.verdict_changes && nothing.truth.verdict_after.is_none());
    assert_eq!(ids(&nothing), ["alpha-zero-changes-nothing"]);
    let unseen = AlphaZeroGuess { vetoes: vec!["zebra".into()], verdict_changes: true };
    let j = judge_alpha_zero(&model, &msg, &unseen).unwrap();
    assert_eq!(ids(&j), ["unseen-word-vetoes"]);
    assert_eq!((j.score.missed, j.score.extra), (2, 1));
    let right = AlphaZeroGuess { vetoes: vec!["meeting".into(), "win".into()], verdict_changes: true };
    let r = judge_alpha_zero(&model, &msg, &right).unwrap();
    assert!(r.fired.is_empty() && r.score.missed == 0 && r.score.extra == 0 && r.score.verdict_right);
    // A message without a veto at α = 0: "nothing changes" may be right, and nothing fires.
    let calm = judge_alpha_zero(&model, &tokens("now money"), &AlphaZeroGuess::default()).unwrap();
    if calm.truth.vetoes.is_empty() && !calm.truth.verdict_changes {
        assert!(calm.fired.is_empty());
    }
}

#[test]
fn movement_tells_a_far_turn_and_bad_input_is_a_sentence() {
    use genlab::predict::movement;
    // x = 2 against 10x − y = 100 (x = 10 + y/10): they cross at (2, −80), outside the view.
    assert_eq!(movement(VIEW, ([1.0, 0.0], -2.0), ([10.0, -1.0], -100.0)).unwrap(), Movement::SlidesAndTurns);
    // The classes' sides swapped (w → −w) is a turn even though the line is the same.
    assert_eq!(movement(VIEW, ([1.0, 0.0], -2.0), ([-1.0, 0.0], 2.0)).unwrap(), Movement::SlidesAndTurns);
    // Scaling (w, b) changes nothing; x = 2 → x = 1 slides into class 0's side (x < 2).
    assert_eq!(movement(VIEW, ([1.0, 0.0], -2.0), ([3.0, 0.0], -6.0)).unwrap(), Movement::Stays);
    assert_eq!(movement(VIEW, ([1.0, 0.0], -2.0), ([1.0, 0.0], -1.0)).unwrap(), Movement::TowardClass0);
    assert_eq!(movement(VIEW, ([1.0, 0.0], -2.0), ([1.0, 0.0], -3.0)).unwrap(), Movement::TowardClass1);
    for bad in [
        movement(VIEW, ([0.0, 0.0], 1.0), ([1.0, 0.0], 0.0)),
        movement(VIEW, ([f64::NAN, 0.0], 1.0), ([1.0, 0.0], 0.0)),
    ] {
        let text = bad.unwrap_err().to_string();
        assert!(text.contains("boundary"), "{text}");
    }
    let gda = fit(&tilted());
    assert!(judge_posterior(&gda, [0.0, 0.0], f64::NAN).is_err());
    assert!(judge_posterior(&gda, [f64::INFINITY, 0.0], 0.5).is_err());
    assert!(judge_boundary(&gda, [1.0, 0.0, 0.0, 1.0], ([1.0, 0.0], 0.0)).is_err());
    assert!(judge_movement(Change::Prior { gda: &gda, before: 0.5, after: 1.0 }, VIEW, Movement::Stays).is_err());
    assert!(judge_threshold(LossMatrix::zero_one(), 1.5).is_err());
    assert!(judge_crossover(&summary(None, None), CrossoverGuess::At(0.0)).is_err());
    let model = nb(&small_corpus(), EventModel::Multinomial, 1.0);
    assert!(judge_strongest_word(&model, &tokens("now prize"), Label::Spam, "money").is_err());
    assert!(judge_strongest_word(&model, &tokens("zebra"), Label::Spam, "zebra").is_err());
    // An out-of-vocabulary word of the message has no rank and no evidence.
    let j = judge_strongest_word(&model, &tokens("now zebra"), Label::Spam, "zebra").unwrap();
    assert_eq!((j.score.rank, j.score.evidence), (None, 0.0));
    // At α = 0 "meeting win" rules out both classes: no probability to bet against.
    let mut zero = model.clone();
    zero.set_alpha(0.0).unwrap();
    assert!(judge_spam_bet(&zero, &tokens("meeting win"), None, 0.5).is_err());
}

#[test]
fn nearer_mean_fires_on_a_region_pick_with_three_classes() {
    use genlab::gda::ModelSpec;
    use genlab::predict::judge_region;
    let mut s = tilted();
    cloud([0.0, 6.0], &TILTED, 2, &mut s);
    let model = ModelSpec::Gda.fit(&s.0, &s.1).unwrap();
    // At (2.5, 3), with the pooled Σ⁻¹ = [[2.5, −1.5], [−1.5, 2.5]] and equal priors, the
    // scores μ_cᵀΣ⁻¹x − ½μ_cᵀΣ⁻¹μ_c are 0, 7 − 20 = −13 and 22.5 − 45 = −22.5 (by hand):
    // class 0, though μ₁ is the nearest mean (|x − μ|² 15.25, 11.25, 15.25).
    let x = [2.5, 3.0];
    let j = judge_region(&model, x, 1).unwrap();
    assert_eq!(j.truth, 0);
    let p0 = 1.0 / (1.0 + (-13f64).exp() + (-22.5f64).exp());
    assert!((j.score.p_truth - p0).abs() < 1e-12 && !j.score.right);
    assert_eq!(ids(&j), ["nearer-mean-wins"]);
    let right = judge_region(&model, x, 0).unwrap();
    assert!(right.score.right && right.fired.is_empty());
    assert!(judge_region(&model, x, 2).unwrap().fired.is_empty());
    assert!(judge_region(&model, x, 3).is_err());
}

/// m₀, m₁ points each (3 to 10) uniform around a random centre per class.
fn random_state(r: &mut genlab::stats::sampling::Rng) -> (Vec<[f64; 2]>, Vec<u8>) {
    use rand::Rng as _;
    let mut s = (Vec::new(), Vec::new());
    for label in [0u8, 1] {
        let centre = [r.random_range(-3.0..3.0), r.random_range(-3.0..3.0)];
        let (sx, sy) = (r.random_range(0.2..2.0), r.random_range(0.2..2.0));
        for _ in 0..r.random_range(3..=10) {
            s.0.push([centre[0] + sx * r.random_range(-1.0..1.0), centre[1] + sy * r.random_range(-1.0..1.0)]);
            s.1.push(label);
        }
    }
    s
}

#[test]
fn the_right_answer_never_fires_on_random_states() {
    use genlab::gda::ModelSpec;
    use genlab::predict::judge_region;
    use rand::Rng as _;
    let mut r = genlab::stats::sampling::rng(34);
    for seed in 0..2000 {
        let s = random_state(&mut r);
        let other = random_state(&mut r);
        let (gda, gda2) = (fit(&s), fit(&other));
        let x = [r.random_range(-8.0..8.0), r.random_range(-8.0..8.0)];
        let mid = [(gda.mu0()[0] + gda.mu1()[0]) / 2.0, (gda.mu0()[1] + gda.mu1()[1]) / 2.0];
        let what = format!("state {seed}");
        let truth = gda.log_odds_coefficients();
        assert!(judge_boundary(&gda, VIEW, truth).unwrap().fired.is_empty(), "{what}: boundary");
        for point in [x, mid] {
            let p = gda.posterior(point);
            assert!(judge_posterior(&gda, point, p).unwrap().fired.is_empty(), "{what}: posterior at {point:?}");
        }
        let phi = r.random_range(0.05..0.95);
        let loss = |r: &mut genlab::stats::sampling::Rng| {
            LossMatrix::new(r.random_range(0.1..5.0), r.random_range(0.1..5.0)).unwrap()
        };
        let (l0, l1) = (loss(&mut r), loss(&mut r));
        for change in [
            Change::Prior { gda: &gda, before: gda.phi(), after: phi },
            Change::Refit { before: &gda, after: &gda2, cause: RefitCause::Mean },
            Change::Refit { before: &gda, after: &gda2, cause: RefitCause::Tilt },
            Change::Losses { gda: &gda, before: l0, after: l1 },
        ] {
            let Ok(truth) = judge_movement(change, VIEW, Movement::Stays).map(|j| j.truth) else { continue };
            let j = judge_movement(change, VIEW, truth).unwrap();
            assert!(j.score && j.fired.is_empty(), "{what}: movement {truth:?}");
        }
        assert!(judge_threshold(l0, l0.posterior_threshold()).unwrap().fired.is_empty(), "{what}: threshold");
        if let Ok(qda) = Qda::fit(&s.0, &s.1) {
            let shape = judge_qda_shape(&qda, BoundaryShape::Line).truth;
            assert!(judge_qda_shape(&qda, shape).fired.is_empty(), "{what}: QDA shape");
        }
        let gnb = GaussianNb::fit(&s.0, &s.1, NbVariance::PerClass, 1e-9).unwrap();
        let shape = judge_gnb_shape(&gnb, BoundaryShape::Ellipse).truth;
        assert!(judge_gnb_shape(&gnb, shape).fired.is_empty(), "{what}: GNB shape");
        let model = ModelSpec::Gda.fit(&s.0, &s.1).unwrap();
        assert!(judge_region(&model, x, model.predict(x)).unwrap().fired.is_empty(), "{what}: region");
    }
}

#[test]
fn the_right_answer_never_fires_on_random_corpora() {
    use rand::Rng as _;
    const POOL: [&str; 6] = ["win", "money", "now", "prize", "meeting", "lunch"];
    let mut r = genlab::stats::sampling::rng(35);
    for seed in 0..2000 {
        let mut docs = Vec::new();
        for label in [Label::Ham, Label::Spam] {
            for _ in 0..r.random_range(1..=5) {
                let len = r.random_range(1..=4);
                docs.push((
                    (0..len).map(|_| POOL[r.random_range(0..POOL.len())].to_string()).collect::<Vec<_>>(),
                    label,
                ));
            }
        }
        let event = if r.random_bool(0.5) { EventModel::Multinomial } else { EventModel::Bernoulli };
        let (a0, a1) = (r.random_range(0.1..1.0), r.random_range(1.0..50.0));
        let before = NaiveBayes::fit_tokens(&docs, event, a0, Prior::MaximumLikelihood).unwrap();
        let after = NaiveBayes::fit_tokens(&docs, event, a1, Prior::MaximumLikelihood).unwrap();
        let mut msg: Vec<String> =
            (0..r.random_range(1..=4)).map(|_| POOL[r.random_range(0..POOL.len())].to_string()).collect();
        msg.push("zebra".to_string());
        let what = format!("corpus {seed}");
        let p = after.posterior(&msg).p_spam.unwrap();
        assert!(judge_spam_bet(&after, &msg, Some(&before), p).unwrap().fired.is_empty(), "{what}: bet");
        for toward in [Label::Spam, Label::Ham] {
            if let Ok(j) = judge_strongest_word(&after, &msg, toward, "zebra") {
                assert!(judge_strongest_word(&after, &msg, toward, &j.truth).unwrap().fired.is_empty(), "{what}: word");
            }
        }
        if let Ok(j) = judge_alpha_zero(&before, &msg, &AlphaZeroGuess::default()) {
            let right = AlphaZeroGuess {
                vetoes: j.truth.vetoes.iter().map(|(w, _)| w.clone()).collect(),
                verdict_changes: j.truth.verdict_changes,
            };
            assert!(judge_alpha_zero(&before, &msg, &right).unwrap().fired.is_empty(), "{what}: α = 0");
        }
    }
}
