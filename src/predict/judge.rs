//! Judging a prediction on the GDA panel, the Bayes decision and the learning curves: each
//! `judge_…` function takes the state the prediction was made on (the crate's own fitted
//! models) and the prediction, and returns the truth (computed by those models, never keyed
//! by hand), the score in the task's units and the misconceptions whose detectors fire.
//!
//! A detector fires only where its mistake is the likely cause of the answer, and never on a
//! right answer: each one compares the answer with what that mistake would give and with the
//! truth, and asks for the two to be told apart.

use super::misconceptions::{detect_perpendicular_bisector, detect_scaled_losses_move, detect_swapped_loss_threshold};
use super::{angle_deg, bad, crossover_gap, line_agreement, logit_gap, misconceptions, Misconception, Movement};
use crate::curves::engine::CurveSummary;
use crate::gda::classifier::affine;
use crate::gda::risk::gda_with_prior;
use crate::gda::{ConicKind, GaussianNb, Gda, LogisticRegression, LossMatrix, Model, Qda};
use crate::stats::sigmoid;
use crate::Result;

/// The share of the view (0–1) by which a drawn line may differ from a reference line and
/// still count as that line, for the line detectors.
pub const LINE_TOL: f64 = 0.02;
/// The logit gap (see [`logit_gap`]) within which a probability counts as a given value, for
/// the probability detectors: 0.3 is a factor of about 1.35 in the odds.
pub const LOGIT_TOL: f64 = 0.3;
/// The distance (0–1) within which a threshold on p(y = 1 | x) counts as a given value.
pub const THRESHOLD_TOL: f64 = 0.02;

/// What a judge returns: the truth, the score and the misconceptions that fire (in catalogue
/// order; empty for a right answer).
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement<T, S> {
    /// The model's answer.
    pub truth: T,
    /// The student's score, in the task's units.
    pub score: S,
    /// The misconceptions whose detectors fire on this prediction.
    pub fired: Vec<&'static Misconception>,
}

/// The catalogue entry with this id, if there is one.
pub fn misconception(id: &str) -> Option<&'static Misconception> {
    misconceptions().iter().find(|m| m.id == id)
}

pub(crate) fn fired(ids: &[(&'static str, bool)]) -> Vec<&'static Misconception> {
    // In catalogue order, whatever order the detectors ran in.
    misconceptions().iter().filter(|m| ids.iter().any(|&(id, on)| on && id == m.id)).collect()
}

/// A linear rule "decide 1 where wᵀx + b > 0".
pub type Rule = ([f64; 2], f64);

/// The score of a drawn line: the angle to the true line and the share of the view on which
/// the two rules agree.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineScore {
    /// Degrees, 0–90 ([`angle_deg`]).
    pub angle_deg: f64,
    /// 0–1 ([`line_agreement`]).
    pub agreement: f64,
}

fn line_score(view: [f64; 4], truth: Rule, guess: Rule) -> Result<LineScore> {
    Ok(LineScore { angle_deg: angle_deg(truth.0, guess.0)?, agreement: line_agreement(view, truth, guess)? })
}

/// What judging a drawn GDA boundary needs of the fit: its rule (w, b) and its two means. The
/// page reads these numbers from the GDA panel's summary at commit time and hands them to the
/// judge in a module loaded on demand, so the judge stays out of the GDA panel's first load.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoundaryFacts {
    /// The fitted rule's normal: decide 1 where wᵀx + b > 0.
    pub w: [f64; 2],
    /// The fitted rule's intercept.
    pub b: f64,
    /// μ₀ and μ₁.
    pub mu: [[f64; 2]; 2],
}

impl BoundaryFacts {
    /// The facts of a shared-Σ GDA fit.
    pub fn of(gda: &Gda) -> BoundaryFacts {
        let (w, b) = gda.log_odds_coefficients();
        BoundaryFacts { w, b, mu: [gda.mu0(), gda.mu1()] }
    }
}

/// A drawn GDA boundary, judged against the fitted model's line on the plot's `view`:
/// [`judge_boundary_facts`] on [`BoundaryFacts::of`] the fit.
///
/// # Errors
/// As [`judge_boundary_facts`].
pub fn judge_boundary(gda: &Gda, view: [f64; 4], guess: Rule) -> Result<Judgement<Rule, LineScore>> {
    judge_boundary_facts(&BoundaryFacts::of(gda), view, guess)
}

/// A drawn boundary, judged against the line wᵀx + b = 0 of `facts` on the plot's `view`.
/// Fires `boundary-perpendicular-bisector` when the drawn line is the perpendicular bisector
/// of the means (to [`LINE_TOL`] of the view) and the true line is not. Means that coincide
/// (a fit's w is then exactly 0: there is no line) fire nothing.
///
/// # Errors
/// As [`line_agreement`] for a bad view or a non-finite line; non-finite means.
pub fn judge_boundary_facts(facts: &BoundaryFacts, view: [f64; 4], guess: Rule) -> Result<Judgement<Rule, LineScore>> {
    let truth = (facts.w, facts.b);
    let score = line_score(view, truth, guess)?;
    let [mu0, mu1] = facts.mu;
    let bisector =
        facts.w != [0.0, 0.0] && mu0 != mu1 && detect_perpendicular_bisector(view, mu0, mu1, truth, guess, LINE_TOL)?;
    Ok(Judgement { truth, score, fired: fired(&[("boundary-perpendicular-bisector", bisector)]) })
}

/// The rule whose line passes through the points `p` and `q` a student placed, with class 1
/// on the side toward which μ₁ lies from μ₀ (its normal n has n·(μ₁ − μ₀) ≥ 0), as a fitted
/// shared-Σ rule's does (wᵀ(μ₁ − μ₀) = (μ₁ − μ₀)ᵀΣ⁻¹(μ₁ − μ₀) > 0); `None` for coincident or
/// non-finite points.
pub fn rule_through(p: [f64; 2], q: [f64; 2], mu0: [f64; 2], mu1: [f64; 2]) -> Option<Rule> {
    if !p.iter().chain(&q).all(|v| v.is_finite()) {
        return None;
    }
    let d = [q[0] - p[0], q[1] - p[1]];
    if d == [0.0, 0.0] {
        return None;
    }
    // A normal of the line: the direction turned a quarter.
    let mut n = [-d[1], d[0]];
    if n[0] * (mu1[0] - mu0[0]) + n[1] * (mu1[1] - mu0[1]) < 0.0 {
        n = [-n[0], -n[1]];
    }
    Some((n, -(n[0] * p[0] + n[1] * p[1])))
}

/// A drawn logistic-regression boundary, on a panel that also shows (or has shown) GDA's
/// line on the same points. Fires `logistic-equals-gda` when the drawn line is GDA's (to
/// [`LINE_TOL`] of the view) and logistic regression's is not.
///
/// # Errors
/// As [`line_agreement`].
pub fn judge_logistic_boundary(
    gda: &Gda,
    logistic: &LogisticRegression,
    view: [f64; 4],
    guess: Rule,
) -> Result<Judgement<Rule, LineScore>> {
    let truth = logistic.log_odds_coefficients();
    let score = line_score(view, truth, guess)?;
    let gda_rule = gda.log_odds_coefficients();
    let same_as_gda = line_agreement(view, guess, gda_rule)? >= 1.0 - LINE_TOL
        && line_agreement(view, truth, gda_rule)? < 1.0 - 2.0 * LINE_TOL;
    Ok(Judgement { truth, score, fired: fired(&[("logistic-equals-gda", same_as_gda)]) })
}

/// The shape a student expects a two-class boundary to have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoundaryShape {
    /// One straight line.
    Line,
    /// A closed curve.
    Ellipse,
    /// An open curve: a hyperbola, a parabola, or two lines (crossing or parallel).
    OpenCurve,
    /// No boundary in the plane (one class everywhere, or a single point).
    NoBoundary,
}

impl BoundaryShape {
    /// The shape of a conic kind.
    pub fn of(kind: ConicKind) -> BoundaryShape {
        match kind {
            ConicKind::Line => BoundaryShape::Line,
            ConicKind::Ellipse => BoundaryShape::Ellipse,
            ConicKind::Hyperbola | ConicKind::CrossingLines | ConicKind::Parabola | ConicKind::ParallelLines => {
                BoundaryShape::OpenCurve
            }
            ConicKind::Point | ConicKind::Empty | ConicKind::Everywhere => BoundaryShape::NoBoundary,
        }
    }
}

fn judge_shape(
    kind: ConicKind,
    guess: BoundaryShape,
    id: &'static str,
    mistaken: BoundaryShape,
) -> Judgement<BoundaryShape, bool> {
    let truth = BoundaryShape::of(kind);
    let on = guess == mistaken && truth != mistaken;
    Judgement { truth, score: guess == truth, fired: fired(&[(id, on)]) }
}

/// The chosen shape of QDA's boundary; the score is whether it is right. Fires
/// `qda-always-ellipse` when the student chose an ellipse and the boundary is not one.
pub fn judge_qda_shape(qda: &Qda, guess: BoundaryShape) -> Judgement<BoundaryShape, bool> {
    judge_conic_shape(qda.quadratic().conic_kind(), guess)
}

/// As [`judge_qda_shape`], on the kind of the drawn QDA boundary (the GDA panel's summary
/// carries it, with the prior override and the losses applied).
pub fn judge_conic_shape(kind: ConicKind, guess: BoundaryShape) -> Judgement<BoundaryShape, bool> {
    judge_shape(kind, guess, "qda-always-ellipse", BoundaryShape::Ellipse)
}

/// The chosen shape of Gaussian naive Bayes's boundary. Fires `gaussian-nb-is-linear` when
/// the student chose a line and the boundary is not one.
pub fn judge_gnb_shape(gnb: &GaussianNb, guess: BoundaryShape) -> Judgement<BoundaryShape, bool> {
    judge_shape(gnb.quadratic().conic_kind(), guess, "gaussian-nb-is-linear", BoundaryShape::Line)
}

/// What changed between the two fits of a "which way it moves" question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefitCause {
    /// A class mean was moved (its points dragged together).
    Mean,
    /// The tilt (or shape) of Σ changed.
    Tilt,
    /// Points were added, removed or moved otherwise.
    Points,
}

/// The change a "which way it moves" question announces, with the fits it concerns.
#[derive(Debug, Clone, Copy)]
pub enum Change<'a> {
    /// The prior φ set from `before` to `after` (both in (0, 1)) on the fitted GDA model.
    Prior {
        /// The model.
        gda: &'a Gda,
        /// φ before the change.
        before: f64,
        /// φ after it.
        after: f64,
    },
    /// The model refitted after the data changed.
    Refit {
        /// The fit before.
        before: &'a Gda,
        /// The fit after.
        after: &'a Gda,
        /// What changed.
        cause: RefitCause,
    },
    /// The losses changed; the boundary is the Bayes decision's, wᵀx + b = log(λ₁₀/λ₀₁).
    Losses {
        /// The model.
        gda: &'a Gda,
        /// The losses before.
        before: LossMatrix,
        /// The losses after.
        after: LossMatrix,
    },
}

impl Change<'_> {
    /// The decision rules before and after.
    ///
    /// # Errors
    /// [`crate::Error::InvalidParameter`] for a prior outside (0, 1).
    pub fn rules(&self) -> Result<(Rule, Rule)> {
        match *self {
            Change::Prior { gda, before, after } => Ok((gda_with_prior(gda, before)?, gda_with_prior(gda, after)?)),
            Change::Refit { before, after, .. } => Ok((before.log_odds_coefficients(), after.log_odds_coefficients())),
            Change::Losses { gda, before, after } => {
                let (w, b) = gda.log_odds_coefficients();
                Ok(((w, b - before.threshold()), (w, b - after.threshold())))
            }
        }
    }
}

/// How the boundary `before` became `after` on the plot's `view`: it turned when the
/// normals' directions differ (beyond rounding, or they point opposite ways: the classes'
/// sides swapped); a turned line "turns" when the two lines cross inside the view and
/// "slides and turns" otherwise; a line that did not turn slides toward class 0 when it
/// moved into class 0's side (−w), toward class 1 when into class 1's, and stays otherwise
/// (to 10⁻⁹ of the larger offset).
///
/// # Errors
/// [`crate::Error::InvalidParameter`] when either rule has w = 0 (no line) or is not finite,
/// or the view is bad.
pub fn movement(view: [f64; 4], before: Rule, after: Rule) -> Result<Movement> {
    let norm = |w: [f64; 2]| w[0].hypot(w[1]);
    for (name, r) in [("boundary before", before), ("boundary after", after)] {
        if !(r.0.iter().all(|c| c.is_finite()) && r.1.is_finite()) || norm(r.0) == 0.0 {
            return Err(bad(name, format!("{:?}", r), "a boundary needs a finite, non-zero normal w"));
        }
    }
    let (w0, w1) = (before.0, after.0);
    let turned = angle_deg(w0, w1)? > 1e-6 || w0[0] * w1[0] + w0[1] * w1[1] < 0.0;
    if turned {
        line_agreement(view, before, after)?; // validates the view
        let crosses = lines_cross_in_view(view, before, after);
        return Ok(if crosses { Movement::Turns } else { Movement::SlidesAndTurns });
    }
    let c0 = -before.1 / norm(w0);
    let c1 = -after.1 / norm(w1);
    if (c1 - c0).abs() <= 1e-9 * c0.abs().max(c1.abs()).max(f64::MIN_POSITIVE) {
        Ok(Movement::Stays)
    } else if c1 < c0 {
        Ok(Movement::TowardClass0)
    } else {
        Ok(Movement::TowardClass1)
    }
}

/// Whether the intersection of two non-parallel lines lies inside the view.
pub(super) fn lines_cross_in_view(view: [f64; 4], a: Rule, b: Rule) -> bool {
    let ([a1, a2], c1) = a;
    let ([b1, b2], c2) = b;
    let det = a1 * b2 - a2 * b1;
    if det == 0.0 {
        return false;
    }
    // a1 x + a2 y = −c1, b1 x + b2 y = −c2 (Cramer).
    let x = (-c1 * b2 + c2 * a2) / det;
    let y = (-a1 * c2 + b1 * c1) / det;
    x.is_finite() && y.is_finite() && (view[0]..=view[1]).contains(&x) && (view[2]..=view[3]).contains(&y)
}

/// A "which way it moves" choice; the score is whether it is right. Fires
/// `prior-turns-boundary` (a prior change: the student says it turns), `mean-move-only-slides`
/// (a mean moved and the line turned: the student says it only slides),
/// `tilt-changes-only-ellipses` (Σ tilted and the line moved: the student says it stays),
/// `doubling-losses-moves-decision` (both losses scaled alike: the student says it moves)
/// and `loss-threshold-swapped` (the loss ratio changed: the student says it slides the
/// other way).
///
/// # Errors
/// As [`Change::rules`] and [`movement`].
pub fn judge_movement(change: Change<'_>, view: [f64; 4], guess: Movement) -> Result<Judgement<Movement, bool>> {
    let (before, after) = change.rules()?;
    let kind = match change {
        Change::Prior { .. } => ChangeKind::Prior,
        Change::Refit { cause, .. } => ChangeKind::Refit(cause),
        Change::Losses { before: l0, after: l1, .. } => {
            ChangeKind::Losses { before: (l0.lambda01(), l0.lambda10()), after: (l1.lambda01(), l1.lambda10()) }
        }
    };
    judge_movement_rules(kind, view, before, after, guess)
}

/// What a "which way it moves" change was, without the fits: for [`judge_movement_rules`],
/// whose caller holds the decision rules before and after (the page reads them from the GDA
/// panel's summary before and after it applies the change).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ChangeKind {
    /// The prior φ changed.
    Prior,
    /// The model was refitted after the data changed.
    Refit(RefitCause),
    /// The losses (λ₀₁, λ₁₀) changed from `before` to `after`.
    Losses {
        /// (λ₀₁, λ₁₀) before.
        before: (f64, f64),
        /// (λ₀₁, λ₁₀) after.
        after: (f64, f64),
    },
}

/// A "which way it moves" choice, judged on the decision rules `before` and `after` the
/// change `kind` (see [`judge_movement`] for the misconceptions that fire).
///
/// # Errors
/// As [`movement`]; losses that are not finite numbers above 0.
pub fn judge_movement_rules(
    kind: ChangeKind,
    view: [f64; 4],
    before: Rule,
    after: Rule,
    guess: Movement,
) -> Result<Judgement<Movement, bool>> {
    let truth = movement(view, before, after)?;
    let turns = |m: Movement| matches!(m, Movement::Turns | Movement::SlidesAndTurns);
    let slides = |m: Movement| matches!(m, Movement::TowardClass0 | Movement::TowardClass1);
    let mut ids = Vec::new();
    match kind {
        ChangeKind::Prior => ids.push(("prior-turns-boundary", !turns(truth) && turns(guess))),
        ChangeKind::Refit(RefitCause::Mean) => ids.push(("mean-move-only-slides", turns(truth) && slides(guess))),
        ChangeKind::Refit(RefitCause::Tilt) => {
            ids.push(("tilt-changes-only-ellipses", truth != Movement::Stays && guess == Movement::Stays));
        }
        ChangeKind::Refit(RefitCause::Points) => {}
        ChangeKind::Losses { before: l0, after: l1 } => {
            ids.push(("doubling-losses-moves-decision", detect_scaled_losses_move(l0, l1, guess)?));
            let opposite = matches!(
                (truth, guess),
                (Movement::TowardClass0, Movement::TowardClass1) | (Movement::TowardClass1, Movement::TowardClass0)
            );
            ids.push(("loss-threshold-swapped", opposite));
        }
    }
    Ok(Judgement { truth, score: guess == truth, fired: fired(&ids) })
}

/// What judging a predicted posterior needs of the drawn two-class, shared-Σ model: its
/// log-odds rule (w, b) (with any prior override applied: the posterior the figure shows),
/// the log prior odds in that rule, log(φ/(1 − φ)) (so the rule with the prior ½ is
/// (w, b − that)), the means and Σ⁻¹. The page reads them from the GDA panel's summary and
/// hands them to the judge in a module loaded on demand (as [`BoundaryFacts`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PosteriorFacts {
    /// The drawn rule's normal: p(y = 1 | x) = σ(wᵀx + b).
    pub w: [f64; 2],
    /// The drawn rule's intercept.
    pub b: f64,
    /// log(φ/(1 − φ)) of the prior in `b`.
    pub prior_log_odds: f64,
    /// μ₀ and μ₁.
    pub mu: [[f64; 2]; 2],
    /// Σ⁻¹, for the Mahalanobis distances.
    pub sigma_inv: [[f64; 2]; 2],
}

impl PosteriorFacts {
    /// The facts of a shared-Σ GDA fit with its fitted prior.
    pub fn of(gda: &Gda) -> PosteriorFacts {
        let (w, b) = gda.log_odds_coefficients();
        let c = gda.counts();
        // As [`gda_with_prior`] has it: log m₁ − log m₀.
        let prior_log_odds = (c[1] as f64).ln() - (c[0] as f64).ln();
        PosteriorFacts { w, b, prior_log_odds, mu: [gda.mu0(), gda.mu1()], sigma_inv: gda.sigma_inv() }
    }

    /// p(y = 1 | x) = σ(wᵀx + b).
    pub fn posterior(&self, x: [f64; 2]) -> f64 {
        let z = affine(self.w, self.b, x);
        if z.is_nan() {
            0.5
        } else {
            sigmoid(z)
        }
    }

    fn mahalanobis2(&self, x: [f64; 2], k: usize) -> f64 {
        let m = self.mu[k];
        let d = [x[0] - m[0], x[1] - m[1]];
        let s = self.sigma_inv;
        d[0] * (s[0][0] * d[0] + s[0][1] * d[1]) + d[1] * (s[1][0] * d[0] + s[1][1] * d[1])
    }
}

/// A predicted posterior p̂(y = 1 | x) at the marked point `x` of a fitted GDA model:
/// [`judge_posterior_facts`] on [`PosteriorFacts::of`] the fit.
///
/// # Errors
/// As [`judge_posterior_facts`].
pub fn judge_posterior(gda: &Gda, x: [f64; 2], p_hat: f64) -> Result<Judgement<f64, f64>> {
    judge_posterior_facts(&PosteriorFacts::of(gda), x, p_hat)
}

/// A predicted posterior p̂(y = 1 | x) at the marked point `x`; the truth is the model's
/// σ(wᵀx + b), the score [`logit_gap`]. Fires `midpoint-is-half` (at the midpoint of the
/// means, an answer near the posterior with the prior ½ while the true one is far from it),
/// `nearer-mean-wins` (the student sides, beyond [`LOGIT_TOL`], with the mean nearer in
/// straight-line distance and the model sides with the other) and `certain-only-near-data`
/// (far from both clouds, more than 3 Mahalanobis units, the model is sure, |logit p| > 3,
/// and the student is near ½, within 2·[`LOGIT_TOL`]).
///
/// # Errors
/// [`crate::Error::InvalidParameter`] for `p_hat` outside [0, 1] or NaN, or a non-finite `x`
/// or fact.
pub fn judge_posterior_facts(facts: &PosteriorFacts, x: [f64; 2], p_hat: f64) -> Result<Judgement<f64, f64>> {
    if !x.iter().all(|c| c.is_finite()) {
        return Err(bad("point", format!("{x:?}"), "a point must have finite coordinates"));
    }
    let finite =
        facts.w.iter().chain(facts.mu.iter().flatten()).chain(facts.sigma_inv.iter().flatten()).all(|v| v.is_finite())
            && facts.b.is_finite()
            && facts.prior_log_odds.is_finite();
    if !finite {
        return Err(bad("model", format!("{facts:?}"), "the model's numbers must be finite"));
    }
    let p = facts.posterior(x);
    let score = logit_gap(p_hat, p)?;
    let [mu0, mu1] = facts.mu;
    let mid = [(mu0[0] + mu1[0]) / 2.0, (mu0[1] + mu1[1]) / 2.0];
    let scale = mu0.iter().chain(&mu1).fold(1.0f64, |m, c| m.max(c.abs()));
    let at_mid = (x[0] - mid[0]).abs() <= 1e-9 * scale && (x[1] - mid[1]).abs() <= 1e-9 * scale;
    let midpoint = at_mid && {
        let p_flat = sigmoid(affine(facts.w, facts.b - facts.prior_log_odds, x));
        super::detect_ignored_prior(p_hat, p, p_flat, LOGIT_TOL)?
    };
    let d2 = |m: [f64; 2]| (x[0] - m[0]).powi(2) + (x[1] - m[1]).powi(2);
    let nearer = match d2(mu0).partial_cmp(&d2(mu1)) {
        Some(std::cmp::Ordering::Less) => Some(false),
        Some(std::cmp::Ordering::Greater) => Some(true),
        _ => None,
    };
    let side = |q: f64| -> Result<Option<bool>> {
        let gap = logit_gap(q, 0.5)?;
        Ok((gap > LOGIT_TOL).then_some(q > 0.5))
    };
    let (model_side, student_side) = (side(p)?, side(p_hat)?);
    let nearer_mean = nearer.is_some() && model_side.is_some() && model_side != nearer && student_side == nearer;
    let far = facts.mahalanobis2(x, 0) > 9.0 && facts.mahalanobis2(x, 1) > 9.0;
    let unsure_far = far && logit_gap(p, 0.5)? > 3.0 && logit_gap(p_hat, 0.5)? <= 2.0 * LOGIT_TOL;
    Ok(Judgement {
        truth: p,
        score,
        fired: fired(&[
            ("midpoint-is-half", midpoint),
            ("nearer-mean-wins", nearer_mean),
            ("certain-only-near-data", unsure_far),
        ]),
    })
}

/// A predicted threshold on p(y = 1 | x) where the Bayes decision flips; the truth is
/// λ₁₀/(λ₀₁ + λ₁₀) and the score the absolute gap. Fires `loss-threshold-swapped` when the
/// answer is λ₀₁/(λ₀₁ + λ₁₀) (within [`THRESHOLD_TOL`]) and the truth is not.
///
/// # Errors
/// [`crate::Error::InvalidParameter`] for a threshold outside [0, 1] or NaN.
pub fn judge_threshold(loss: LossMatrix, t_hat: f64) -> Result<Judgement<f64, f64>> {
    let swapped = detect_swapped_loss_threshold(t_hat, (loss.lambda01(), loss.lambda10()), THRESHOLD_TOL)?;
    let truth = loss.posterior_threshold();
    Ok(Judgement { truth, score: (t_hat - truth).abs(), fired: fired(&[("loss-threshold-swapped", swapped)]) })
}

/// A prediction of where the learning curves cross.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CrossoverGuess {
    /// They cross at this training-set size.
    At(f64),
    /// They do not cross.
    NoCrossing,
}

/// The score of a crossover prediction.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CrossoverScore {
    /// Whether the student was right that the curves cross or do not.
    pub right_kind: bool,
    /// |log₁₀ m̂ − log₁₀ m*| ([`crossover_gap`]) when both say they cross.
    pub decades: Option<f64>,
}

/// A predicted crossover of the learning curves, against the run's summary. Fires
/// `generative-always-fewer-examples` when the student said they do not cross, and they do,
/// with logistic regression ahead after the crossover.
///
/// # Errors
/// [`crate::Error::InvalidParameter`] for a predicted size that is not a finite number above 0.
pub fn judge_crossover(
    summary: &CurveSummary,
    guess: CrossoverGuess,
) -> Result<Judgement<Option<f64>, CrossoverScore>> {
    let truth = summary.crossover;
    let decades = match (guess, truth) {
        (CrossoverGuess::At(m_hat), Some(m_star)) => Some(crossover_gap(m_hat, m_star)?),
        (CrossoverGuess::At(m_hat), None) => {
            crossover_gap(m_hat, 1.0)?; // validates m̂
            None
        }
        (CrossoverGuess::NoCrossing, _) => None,
    };
    let right_kind = matches!(guess, CrossoverGuess::At(_)) == truth.is_some();
    let always = guess == CrossoverGuess::NoCrossing && truth.is_some() && summary.leader_after == Some(1);
    Ok(Judgement {
        truth,
        score: CrossoverScore { right_kind, decades },
        fired: fired(&[("generative-always-fewer-examples", always)]),
    })
}

/// The score of a region pick on a k-class panel.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RegionScore {
    /// Whether the picked class is the model's.
    pub right: bool,
    /// The model's p(y = picked | x).
    pub p_picked: f64,
    /// The model's p(y = its class | x).
    pub p_truth: f64,
}

/// A pick of the class whose region holds the marked point `x` (k classes, or two); the
/// truth is the model's most probable class ([`Model::predict`]). Fires `nearer-mean-wins`
/// when the student picked the class whose mean is nearest in straight-line distance (a
/// generative model, with a unique nearest mean) and the model picks another.
///
/// # Errors
/// [`crate::Error::InvalidParameter`] for a non-finite point or a class index ≥ k.
pub fn judge_region(model: &Model, x: [f64; 2], guess: usize) -> Result<Judgement<usize, RegionScore>> {
    if !x.iter().all(|c| c.is_finite()) {
        return Err(bad("point", format!("{x:?}"), "a point must have finite coordinates"));
    }
    let k = model.classes();
    if guess >= k {
        return Err(bad("class", guess.to_string(), "the picked class must be one of the model's classes"));
    }
    let truth = model.predict(x);
    let p = model.posteriors(x);
    let nearest = model.means().and_then(|means| {
        let d2: Vec<f64> = means.iter().map(|m| (x[0] - m[0]).powi(2) + (x[1] - m[1]).powi(2)).collect();
        let best = d2.iter().copied().fold(f64::INFINITY, f64::min);
        let mut at = d2.iter().enumerate().filter(|(_, d)| **d == best).map(|(i, _)| i);
        match (at.next(), at.next()) {
            (Some(i), None) => Some(i),
            _ => None,
        }
    });
    let nearer = nearest == Some(guess) && truth != guess;
    Ok(Judgement {
        truth,
        score: RegionScore { right: guess == truth, p_picked: p[guess], p_truth: p[truth] },
        fired: fired(&[("nearer-mean-wins", nearer)]),
    })
}
