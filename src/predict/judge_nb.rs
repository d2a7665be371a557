//! Judging a prediction on the naive Bayes panel: the spam verdict bet, the strongest word
//! and α = 0. The truth comes from the fitted [`NaiveBayes`] model's ledger
//! ([`NaiveBayes::explain_tokens`]); see [`super::judge`] for the shape of a judgement.

use super::judge::{fired, Judgement, LOGIT_TOL};
use super::misconceptions::detect_ignored_prior;
use super::{bad, logit_gap};
use crate::nb::{EventModel, Explanation, Label, NaiveBayes, Veto};
use crate::stats::sigmoid;
use crate::Result;

fn p_spam_of(e: &Explanation) -> Result<f64> {
    e.p_spam.ok_or_else(|| {
        bad(
            "message",
            "both classes ruled out".to_string(),
            "at α = 0 this message rules out both classes, so P(spam | message) is undefined: ask about another message or use α > 0",
        )
    })
}

/// σ(z), or `None` when z is not finite and not ±∞ handled by σ (NaN).
fn sigma_of(z: f64) -> Option<f64> {
    (!z.is_nan()).then(|| sigmoid(z))
}

/// A bet p̂ = P(spam | message) on the message `tokens` under `model`; the score is
/// [`logit_gap`]. `before` is the model the student saw before the change just made (a
/// larger α, say), if the question is about a change. Fires:
/// * `bernoulli-ignores-absent-words` (Bernoulli model): the bet is near the posterior
///   without the absent-word term and the truth is far from it;
/// * `prior-forgotten`: the bet is near the posterior without the prior's term and the
///   truth is far from it;
/// * `smoothing-favours-larger-class`: α grew from `before` to `model`, the student moved
///   the bet toward the class with more training messages (beyond [`LOGIT_TOL`]) and the
///   model moved the other way (only when `before` differs from `model` in α alone).
///
/// "Near" and "far" are [`LOGIT_TOL`] and twice it, as for [`detect_ignored_prior`].
///
/// # Errors
/// [`crate::Error::InvalidParameter`] for `p_hat` outside [0, 1] or NaN, or a message that
/// rules out both classes (under `model` or `before`).
pub fn judge_spam_bet(
    model: &NaiveBayes,
    tokens: &[String],
    before: Option<&NaiveBayes>,
    p_hat: f64,
) -> Result<Judgement<f64, f64>> {
    let e = model.explain_tokens(tokens);
    let p = p_spam_of(&e)?;
    let score = logit_gap(p_hat, p)?;
    let z = e.log_odds.unwrap_or(0.0);
    let near = |alt: Option<f64>| -> Result<bool> {
        match alt {
            Some(alt) => detect_ignored_prior(p_hat, p, alt, LOGIT_TOL),
            None => Ok(false),
        }
    };
    let absent = match (e.event_model, e.absent_evidence) {
        (EventModel::Bernoulli, Some(a)) if a != 0.0 => near(sigma_of(z - a))?,
        _ => false,
    };
    let prior = e.prior_log_ratio != 0.0 && near(sigma_of(z - e.prior_log_ratio))?;
    let mut larger = false;
    if let Some(b) = before {
        let counts = model.counts();
        let (n_ham, n_spam) = (counts.num_docs(Label::Ham), counts.num_docs(Label::Spam));
        // Only a change of α on the same counts, model and prior is this question.
        let same = b.counts() == counts && b.event_model() == model.event_model() && b.prior() == model.prior();
        if same && b.alpha() < model.alpha() && n_ham != n_spam {
            let toward = if n_spam > n_ham { 1.0 } else { -1.0 };
            let p_before = p_spam_of(&b.explain_tokens(tokens))?;
            let logit = |q: f64| {
                let q = q.clamp(super::P_CLAMP, 1.0 - super::P_CLAMP);
                q.ln() - (-q).ln_1p()
            };
            let student = toward * (logit(p_hat) - logit(p_before));
            let truth = toward * (logit(p) - logit(p_before));
            larger = student > LOGIT_TOL && truth < 0.0;
        }
    }
    Ok(Judgement {
        truth: p,
        score,
        fired: fired(&[
            ("bernoulli-ignores-absent-words", absent),
            ("prior-forgotten", prior),
            ("smoothing-favours-larger-class", larger),
        ]),
    })
}

/// The score of a "strongest word" pick.
#[derive(Debug, Clone, PartialEq)]
pub struct WordScore {
    /// 1 for the strongest word; 1 + the number of ledger words strictly stronger. `None`
    /// for a word of the message that is not in the vocabulary (it has no evidence).
    pub rank: Option<usize>,
    /// The picked word's evidence toward the asked class (its ledger term, sign turned for
    /// ham), in nats; 0 for an out-of-vocabulary word.
    pub evidence: f64,
    /// The strongest word's evidence, in the same units.
    pub top_evidence: f64,
}

/// A pick of the word of the message that pushes hardest toward `toward`; the truth is the
/// strongest ledger word (the first in the message on a tie). Fires `frequent-word-strongest`
/// when the picked word has the largest P(w | toward) of the message's words but not the
/// strongest evidence.
///
/// # Errors
/// [`crate::Error::InvalidParameter`] when the message has no vocabulary word (no ledger), or
/// the picked word is not in the message.
pub fn judge_strongest_word(
    model: &NaiveBayes,
    tokens: &[String],
    toward: Label,
    guess: &str,
) -> Result<Judgement<String, WordScore>> {
    let e = model.explain_tokens(tokens);
    let sign = if toward == Label::Spam { 1.0 } else { -1.0 };
    let evidence = |c: f64| sign * c;
    let top = e
        .words
        .iter()
        .reduce(|best, w| if evidence(w.contribution) > evidence(best.contribution) { w } else { best })
        .ok_or_else(|| {
            bad(
                "message",
                format!("{} tokens", tokens.len()),
                "the message has no word of the vocabulary, so there is no ledger to pick from",
            )
        })?;
    let top_evidence = evidence(top.contribution);
    let score = match e.words.iter().find(|w| w.word == guess) {
        Some(w) => {
            let own = evidence(w.contribution);
            let stronger = e.words.iter().filter(|v| evidence(v.contribution) > own).count();
            WordScore { rank: Some(1 + stronger), evidence: own, top_evidence }
        }
        None if e.unknown_words.iter().any(|u| u == guess) => WordScore { rank: None, evidence: 0.0, top_evidence },
        None => return Err(bad("word", guess.to_string(), "the picked word must be a word of the message")),
    };
    let p_of = |w: &crate::nb::WordEvidence| if toward == Label::Spam { w.p_spam } else { w.p_ham };
    let most_frequent = e.words.iter().map(p_of).fold(f64::NEG_INFINITY, f64::max);
    let frequent = match e.words.iter().find(|w| w.word == guess) {
        Some(w) => p_of(w) == most_frequent && score.evidence < top_evidence,
        None => false,
    };
    Ok(Judgement { truth: top.word.clone(), score, fired: fired(&[("frequent-word-strongest", frequent)]) })
}

/// A prediction about α = 0: which words will veto a class, and whether the verdict changes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AlphaZeroGuess {
    /// The words the student expects to veto (rule out a class) at α = 0.
    pub vetoes: Vec<String>,
    /// Whether the student expects the verdict to change from the current α's.
    pub verdict_changes: bool,
}

/// What α = 0 does to a message.
#[derive(Debug, Clone, PartialEq)]
pub struct AlphaZeroTruth {
    /// The words that veto a class at α = 0, with the class they rule out: words of the
    /// message first (in order of appearance), then, in the Bernoulli model, absent words
    /// that every training message of a class contains.
    pub vetoes: Vec<(String, Veto)>,
    /// The verdict at the model's current α.
    pub verdict_before: Option<Label>,
    /// The verdict at α = 0 (`None` when both classes are ruled out).
    pub verdict_after: Option<Label>,
    /// Whether they differ.
    pub verdict_changes: bool,
}

/// The score of an α = 0 prediction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlphaZeroScore {
    /// Vetoing words the student did not list.
    pub missed: usize,
    /// Listed words that do not veto.
    pub extra: usize,
    /// Whether the verdict guess is right.
    pub verdict_right: bool,
}

/// An α = 0 prediction on the message `tokens`, judged by the same counts refitted at α = 0.
/// Fires `alpha-zero-changes-nothing` (the student expects no veto and no change, and there
/// is one) and `unseen-word-vetoes` (the student lists a word of the message that no training
/// message has, which every α ignores).
///
/// # Errors
/// [`crate::Error::InvalidParameter`] when α = 0 is impossible for these counts (a class
/// without words in the multinomial model).
pub fn judge_alpha_zero(
    model: &NaiveBayes,
    tokens: &[String],
    guess: &AlphaZeroGuess,
) -> Result<Judgement<AlphaZeroTruth, AlphaZeroScore>> {
    let now = model.explain_tokens(tokens);
    let mut zero = model.clone();
    zero.set_alpha(0.0)?;
    let at_zero = zero.explain_tokens(tokens);
    let mut vetoes: Vec<(String, Veto)> =
        at_zero.words.iter().filter_map(|w| w.veto.map(|v| (w.word.clone(), v))).collect();
    if let Some(a) = &at_zero.absent {
        for w in &a.spam_vetoed_by {
            vetoes.push((w.clone(), Veto::Spam));
        }
        for w in &a.ham_vetoed_by {
            match vetoes.iter_mut().find(|(v, _)| v == w) {
                Some(entry) => entry.1 = Veto::Both,
                None => vetoes.push((w.clone(), Veto::Ham)),
            }
        }
    }
    let truth = AlphaZeroTruth {
        verdict_changes: now.verdict != at_zero.verdict,
        verdict_before: now.verdict,
        verdict_after: at_zero.verdict,
        vetoes,
    };
    let listed = |w: &str| guess.vetoes.iter().any(|g| g == w);
    let missed = truth.vetoes.iter().filter(|(w, _)| !listed(w)).count();
    let mut distinct: Vec<&String> = guess.vetoes.iter().collect();
    distinct.sort();
    distinct.dedup();
    let extra = distinct.iter().filter(|g| !truth.vetoes.iter().any(|(w, _)| w == **g)).count();
    let score = AlphaZeroScore { missed, extra, verdict_right: guess.verdict_changes == truth.verdict_changes };
    let nothing =
        guess.vetoes.is_empty() && !guess.verdict_changes && (!truth.vetoes.is_empty() || truth.verdict_changes);
    let unseen = guess.vetoes.iter().any(|g| now.unknown_words.iter().any(|u| u == g));
    Ok(Judgement {
        truth,
        score,
        fired: fired(&[("alpha-zero-changes-nothing", nothing), ("unseen-word-vetoes", unseen)]),
    })
}
