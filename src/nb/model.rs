//! The naive Bayes classifier: probability tables from the counts, scores, posterior.
//!
//! From the [`Counts`] (n_cw, d_cw, n_c, N_c) and the smoothing α ≥ 0:
//!
//! * multinomial: log P(w | c) = log(n_cw + α) − log(n_c + α|V|);
//!   score_c(x) = log P(c) + Σ_w count_w(x) · log P(w | c), over in-vocabulary words;
//! * Bernoulli: log p_cw = log(d_cw + α) − log(N_c + 2α) and
//!   log(1 − p_cw) = log(N_c − d_cw + α) − log(N_c + 2α) (computed from the counts, not as
//!   1 − p, so it is exact at α = 0);
//!   score_c(x) = log P(c) + Σ_{w∈V} [x_w log p_cw + (1 − x_w) log(1 − p_cw)]. It is
//!   evaluated as log P(c) + B_c + Σ_{w∈x} [log p_cw − log(1 − p_cw)] with the constant
//!   B_c = Σ_{w∈V} log(1 − p_cw) precomputed, so scoring costs O(words in the email), not
//!   O(|V|). Words with p_cw = 1 (possible only at α = 0) have log(1 − p_cw) = −∞; they are
//!   kept out of B_c and tracked separately so that −∞ − (−∞) never happens;
//! * priors: maximum likelihood log N_c − log N, smoothed log(N_c + α) − log(N + 2α), or
//!   uniform log ½;
//! * Bayesian pseudo-counts ([`Smoothing::Bayesian`], the [`super::smoothing`] module):
//!   the Bernoulli tables become log p_cw = log(d_cw + β₁) − log(N_c + β₀ + β₁) and
//!   log(1 − p_cw) = log(N_c − d_cw + β₀) − log(N_c + β₀ + β₁), and the smoothed prior
//!   log(N_c + α_c) − log(N + α₀); with β₁ = β₀ = α_c = α these are the formulas above, bit
//!   for bit;
//! * posterior: log P(c | x) = score_c − log Σ_k exp(score_k) (max-shifted log-sum-exp),
//!   log-odds = score_spam − score_ham, P(spam | x) = σ(log-odds) (the same number, exactly
//!   ½ at a tie), ties to ham.
//!
//! Words not in the vocabulary are ignored, as in the seed notes' test algorithm. A word
//! that occurs in the email but has count 0 in a class contributes count · log 0 = −∞ to
//! that class; a word *not* in the email contributes nothing (never 0 · (−∞)).
//!
//! Scores lie in [−∞, 0]; they are never NaN. All denominators are computed so that a huge
//! α does not overflow (log(n + α k) = log α + log(k + n/α) when α k would overflow).

use std::sync::Arc;

use serde::Serialize;

use super::counts::{Counts, FastMap};
use super::smoothing::{PseudoCounts, Smoothing};
use super::tokenize::{for_each_token, tokenize};
use super::Label;
use crate::error::{describe, Error, Result};
use crate::message::{codes, Message};
use crate::stats::{log_sum_exp, sigmoid};

/// How a message is turned into evidence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EventModel {
    /// Word counts: each occurrence of a word is one draw from P(w | c).
    Multinomial,
    /// Word presence: each vocabulary word is present or absent, absent words count too.
    Bernoulli,
}

/// How the class prior P(c) is estimated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Prior {
    /// N_c / N, the class frequencies of the training set (the seed notes' default).
    MaximumLikelihood,
    /// (N_c + α) / (N + 2α), Laplace-smoothed with the same α as the words; with
    /// [`Smoothing::Bayesian`] pseudo-counts, the Dirichlet posterior mean
    /// (N_c + α_c) / (N + α₀).
    Smoothed,
    /// ½ for each class, ignoring the class frequencies.
    Uniform,
}

/// The posterior of one message.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Posterior {
    /// [score_ham, score_spam]: log P(c) + log P(x | c), each in [−∞, 0].
    pub log_joint: [f64; 2],
    /// log P(spam | x) − log P(ham | x): ±∞ when one class is ruled out, `None` when both
    /// are (the posterior is 0/0).
    pub log_odds: Option<f64>,
    /// P(spam | x) in [0, 1]; `None` exactly when `log_odds` is `None`.
    pub p_spam: Option<f64>,
    /// The more probable class, ham on ties; `None` when both classes are ruled out.
    pub verdict: Option<Label>,
}

impl Posterior {
    /// The posterior from the two joint log-likelihoods [score_ham, score_spam], by the
    /// max-shifted log-sum-exp.
    pub fn from_log_joint(log_joint: [f64; 2]) -> Posterior {
        let [ham, spam] = log_joint;
        let evidence = log_sum_exp(&log_joint);
        if evidence == f64::NEG_INFINITY || evidence.is_nan() {
            return Posterior { log_joint, log_odds: None, p_spam: None, verdict: None };
        }
        // With at least one finite score, spam − ham is finite or ±∞, never ∞ − ∞.
        let log_odds = spam - ham;
        // σ(log-odds) = exp(score_spam − log Σ exp(score)), but exactly ½ at a tie and
        // P(spam) + P(ham) = 1 to the last bit.
        let p_spam = sigmoid(log_odds);
        let verdict = if spam > ham { Label::Spam } else { Label::Ham };
        Posterior { log_joint, log_odds: Some(log_odds), p_spam: Some(p_spam), verdict: Some(verdict) }
    }

    /// [log P(ham | x), log P(spam | x)], or `None` when both classes are ruled out.
    pub fn log_proba(&self) -> Option<[f64; 2]> {
        let evidence = log_sum_exp(&self.log_joint);
        (evidence > f64::NEG_INFINITY).then(|| [self.log_joint[0] - evidence, self.log_joint[1] - evidence])
    }

    /// The verdict, with ham when it is undefined (both scores −∞ is a tie).
    pub fn label(&self) -> Label {
        self.verdict.unwrap_or(Label::Ham)
    }
}

/// The probability tables for one (counts, event model, α, prior).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Tables {
    /// log P(c).
    pub(crate) log_prior: [f64; 2],
    /// Multinomial: log P(w | c). Bernoulli: log p_cw. Indexed `[class][word]`.
    pub(crate) log_p: [Vec<f64>; 2],
    /// Bernoulli only: log(1 − p_cw); empty for the multinomial model.
    pub(crate) log_not_p: [Vec<f64>; 2],
    /// Bernoulli only: Σ of the finite log(1 − p_cw) over the vocabulary.
    pub(crate) absent_base: [f64; 2],
    /// Bernoulli only: the words with p_cw = 1 (log(1 − p_cw) = −∞), in index order.
    pub(crate) certain: [Vec<u32>; 2],
}

/// A fitted naive Bayes spam classifier.
///
/// Holds the [`Counts`] (shared, never recounted) and the log-probability tables for the
/// current event model, α and prior. [`set_alpha`](NaiveBayes::set_alpha),
/// [`set_event_model`](NaiveBayes::set_event_model) and
/// [`set_prior`](NaiveBayes::set_prior) and [`set_smoothing`](NaiveBayes::set_smoothing)
/// recompute only the tables, in O(|V|).
///
/// **α and the smoothing mode.** With [`Smoothing::Lidstone`] (the default) α is every
/// pseudo-count. With [`Smoothing::Bayesian`] the Bernoulli word tables use β₁, β₀ and the
/// smoothed prior uses α_ham, α_spam; α (and so [`set_alpha`](NaiveBayes::set_alpha)) then
/// only smooths the multinomial words, whose Bayesian view is a symmetric Dirichlet(α).
#[derive(Debug, Clone)]
pub struct NaiveBayes {
    counts: Arc<Counts>,
    event: EventModel,
    alpha: f64,
    prior: Prior,
    smoothing: Smoothing,
    pub(crate) tables: Tables,
}

/// The in-vocabulary words of a message: (vocabulary index, occurrences), distinct, in
/// order of first appearance.
pub(crate) type Bag = Vec<(u32, u32)>;

impl NaiveBayes {
    /// Counts the tokenized messages and fits the model.
    ///
    /// # Errors
    /// [`Error::EmptyData`] when there are no messages or a class has none;
    /// [`Error::InvalidParameter`] when α is negative, NaN or infinite, or when α = 0 with
    /// the multinomial model and a class whose messages contain no words (0/0).
    pub fn fit_tokens(
        docs: &[(Vec<String>, Label)],
        event: EventModel,
        alpha: f64,
        prior: Prior,
    ) -> Result<NaiveBayes> {
        check_alpha(alpha)?;
        NaiveBayes::from_counts(Counts::from_docs(docs), event, alpha, prior)
    }

    /// Tokenizes the texts with [`tokenize`], counts them and fits the model.
    ///
    /// # Errors
    /// As [`NaiveBayes::fit_tokens`].
    pub fn fit_texts<S: AsRef<str>>(
        docs: &[(S, Label)],
        event: EventModel,
        alpha: f64,
        prior: Prior,
    ) -> Result<NaiveBayes> {
        check_alpha(alpha)?;
        NaiveBayes::from_counts(Counts::from_texts(docs), event, alpha, prior)
    }

    /// Fits the model from counts made earlier; pass an `Arc<Counts>` to share one set of
    /// counts between several models without copying it.
    ///
    /// # Errors
    /// As [`NaiveBayes::fit_tokens`].
    pub fn from_counts(
        counts: impl Into<Arc<Counts>>,
        event: EventModel,
        alpha: f64,
        prior: Prior,
    ) -> Result<NaiveBayes> {
        let counts = counts.into();
        check_alpha(alpha)?;
        check_classes(&counts)?;
        let tables = compute_tables(&counts, event, alpha, prior, PseudoCounts::uniform(alpha))?;
        Ok(NaiveBayes { counts, event, alpha, prior, smoothing: Smoothing::Lidstone, tables })
    }

    /// The pseudo-counts in force: all equal to α with [`Smoothing::Lidstone`].
    pub fn pseudo_counts(&self) -> PseudoCounts {
        self.smoothing.pseudo_counts(self.alpha)
    }

    /// The smoothing mode.
    pub fn smoothing(&self) -> Smoothing {
        self.smoothing
    }

    /// Switches between one α ([`Smoothing::Lidstone`]) and separate Beta/Dirichlet
    /// pseudo-counts ([`Smoothing::Bayesian`]), recomputing the tables (no recounting). On
    /// error the model is unchanged.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when a pseudo-count is negative, NaN or infinite.
    pub fn set_smoothing(&mut self, smoothing: Smoothing) -> Result<()> {
        smoothing.validate()?;
        self.tables =
            compute_tables(&self.counts, self.event, self.alpha, self.prior, smoothing.pseudo_counts(self.alpha))?;
        self.smoothing = smoothing;
        Ok(())
    }

    /// Adds one tokenized training message of class `label` to the counts (new words join
    /// the vocabulary) and recomputes the tables: O(tokens + |V|), no recounting. On error
    /// the model is unchanged.
    ///
    /// # Errors
    /// As [`NaiveBayes::set_alpha`] for the new counts (cannot happen for α > 0).
    pub fn add_tokens<S: AsRef<str>>(&mut self, tokens: &[S], label: Label) -> Result<()> {
        let mut counts = Counts::clone(&self.counts);
        counts.add_tokens(tokens, label);
        self.install_counts(counts)
    }

    /// Removes one tokenized training message of class `label` that was added before (see
    /// [`Counts::remove_tokens`]) and recomputes the tables. On error the model is unchanged.
    ///
    /// # Errors
    /// [`Error::BadEdit`] when these tokens were not counted as a `label` message, or when the
    /// message is the last of its class (naive Bayes needs both classes);
    /// [`Error::InvalidParameter`] as [`NaiveBayes::set_alpha`] for the new counts.
    pub fn remove_tokens<S: AsRef<str>>(&mut self, tokens: &[S], label: Label) -> Result<()> {
        let mut counts = Counts::clone(&self.counts);
        counts.remove_tokens(tokens, label)?;
        self.install_counts(counts)
    }

    /// Moves one counted training message from class `from` to class `to` (see
    /// [`Counts::relabel_tokens`]) and recomputes the tables. On error the model is unchanged.
    ///
    /// # Errors
    /// As [`NaiveBayes::remove_tokens`].
    pub fn relabel_tokens<S: AsRef<str>>(&mut self, tokens: &[S], from: Label, to: Label) -> Result<()> {
        let mut counts = Counts::clone(&self.counts);
        counts.relabel_tokens(tokens, from, to)?;
        self.install_counts(counts)
    }

    fn install_counts(&mut self, counts: Counts) -> Result<()> {
        check_classes(&counts).map_err(|e| match e {
            Error::EmptyData(sentence) => Error::BadEdit(sentence),
            other => other,
        })?;
        self.tables = compute_tables(&counts, self.event, self.alpha, self.prior, self.pseudo_counts())?;
        self.counts = Arc::new(counts);
        Ok(())
    }

    /// Changes α and recomputes the tables (O(|V|), no recounting). On error the model is
    /// unchanged.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when α is negative, NaN or infinite, or when α = 0 would
    /// make a multinomial word probability 0/0 (a class without words).
    pub fn set_alpha(&mut self, alpha: f64) -> Result<()> {
        check_alpha(alpha)?;
        let pseudo = self.smoothing.pseudo_counts(alpha);
        self.tables = compute_tables(&self.counts, self.event, alpha, self.prior, pseudo)?;
        self.alpha = alpha;
        Ok(())
    }

    /// Switches between the multinomial and the Bernoulli event model (O(|V|), no
    /// recounting). On error the model is unchanged.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when switching to the multinomial model at α = 0 with a
    /// class whose messages contain no words.
    pub fn set_event_model(&mut self, event: EventModel) -> Result<()> {
        self.tables = compute_tables(&self.counts, event, self.alpha, self.prior, self.pseudo_counts())?;
        self.event = event;
        Ok(())
    }

    /// Changes how the prior is estimated (no recounting).
    pub fn set_prior(&mut self, prior: Prior) {
        self.tables.log_prior = log_prior(class_docs(&self.counts), prior, &self.pseudo_counts());
        self.prior = prior;
    }

    /// The smoothing α.
    pub fn alpha(&self) -> f64 {
        self.alpha
    }

    /// The event model.
    pub fn event_model(&self) -> EventModel {
        self.event
    }

    /// The prior estimate.
    pub fn prior(&self) -> Prior {
        self.prior
    }

    /// The counts the model was fitted from.
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// The shared handle to the counts, to fit another model from them without recounting.
    pub fn shared_counts(&self) -> Arc<Counts> {
        Arc::clone(&self.counts)
    }

    /// log P(c).
    pub fn log_prior(&self, label: Label) -> f64 {
        self.tables.log_prior[label.index()]
    }

    /// The per-word log-probabilities of class `label`, indexed like
    /// [`Counts::words`]: log P(w | c) (multinomial) or log p_cw (Bernoulli). This is
    /// scikit-learn's `feature_log_prob_` row.
    pub fn feature_log_prob(&self, label: Label) -> &[f64] {
        &self.tables.log_p[label.index()]
    }

    /// log(1 − p_cw) per vocabulary word for the Bernoulli model; empty for the
    /// multinomial model.
    pub fn feature_log_not_prob(&self, label: Label) -> &[f64] {
        &self.tables.log_not_p[label.index()]
    }

    /// log P(word | c) (multinomial) or log p_cw (Bernoulli); `None` for a word outside the
    /// vocabulary.
    pub fn word_log_prob(&self, word: &str, label: Label) -> Option<f64> {
        let i = self.counts.index_of(word)?;
        self.tables.log_p[label.index()].get(i).copied()
    }

    /// [score_ham, score_spam] = log P(c) + log P(x | c) for a tokenized message
    /// (scikit-learn's `predict_joint_log_proba`). Each is in [−∞, 0], never NaN.
    pub fn log_joint(&self, tokens: &[String]) -> [f64; 2] {
        let bag = self.bag(tokens, None);
        self.log_joint_of_bag(&bag)
    }

    /// The posterior of a tokenized message.
    pub fn posterior(&self, tokens: &[String]) -> Posterior {
        Posterior::from_log_joint(self.log_joint(tokens))
    }

    /// The more probable class of a tokenized message; ham on ties, including the
    /// undefined case where both classes are ruled out.
    pub fn predict_tokens(&self, tokens: &[String]) -> Label {
        self.posterior(tokens).label()
    }

    /// Tokenizes `text` with [`tokenize`] and predicts its class.
    pub fn predict_text(&self, text: &str) -> Label {
        self.predict_tokens(&tokenize(text))
    }

    /// Looks up the tokens: distinct in-vocabulary words with their counts, in order of
    /// first appearance; distinct unknown words go to `unknown` when given.
    pub(crate) fn bag(&self, tokens: &[String], mut unknown: Option<&mut Vec<String>>) -> Bag {
        let mut bag: Bag = Vec::new();
        let mut position: FastMap<u32, usize> = FastMap::default();
        let mut unknown_seen: FastMap<&str, ()> = FastMap::default();
        for token in tokens {
            match self.counts.index_of(token) {
                Some(i) => {
                    let i = i as u32;
                    match position.get(&i) {
                        Some(&p) => bag[p].1 = bag[p].1.saturating_add(1),
                        None => {
                            position.insert(i, bag.len());
                            bag.push((i, 1));
                        }
                    }
                }
                None => {
                    // A set beside the list: a long paste can have thousands of unknown words.
                    if let Some(list) = unknown.as_deref_mut() {
                        if unknown_seen.insert(token, ()).is_none() {
                            list.push(token.clone());
                        }
                    }
                }
            }
        }
        bag
    }

    /// [`NaiveBayes::bag`] of the tokens of `text`, tokenized and looked up in one pass:
    /// a token is hashed once and never copied, unless it is a new unknown word. Returns
    /// the bag and the number of tokens.
    pub(crate) fn bag_of_text(&self, text: &str, unknown: &mut Vec<String>) -> (Bag, usize) {
        let mut bag: Bag = Vec::new();
        let mut builder = BagBuilder::new(self.counts.vocabulary_size());
        let mut unknown_seen: FastMap<String, ()> = FastMap::default();
        let mut tokens = 0usize;
        for_each_token(text, |token| {
            tokens += 1;
            match self.counts.index_of(token) {
                Some(i) => builder.add(&mut bag, i as u32),
                None => {
                    if !unknown_seen.contains_key(token) {
                        unknown_seen.insert(token.to_string(), ());
                        unknown.push(token.to_string());
                    }
                }
            }
        });
        (bag, tokens)
    }

    pub(crate) fn log_joint_of_bag(&self, bag: &Bag) -> [f64; 2] {
        [self.class_score(0, bag), self.class_score(1, bag)]
    }

    fn class_score(&self, c: usize, bag: &Bag) -> f64 {
        let t = &self.tables;
        match self.event {
            EventModel::Multinomial => {
                // Only words present in the email appear in the bag, so count ≥ 1 and
                // count · log 0 = −∞, never 0 · (−∞).
                bag.iter().fold(t.log_prior[c], |s, &(i, n)| s + f64::from(n) * t.log_p[c][i as usize])
            }
            EventModel::Bernoulli => {
                let (presence, uncovered) = self.bernoulli_presence(c, bag);
                if uncovered > 0 {
                    f64::NEG_INFINITY
                } else {
                    t.log_prior[c] + t.absent_base[c] + presence
                }
            }
        }
    }

    /// Σ over the email's words of [log p_cw − log(1 − p_cw)] for the words with finite
    /// log(1 − p_cw), plus log p_cw for the others; and how many p_cw = 1 words of the
    /// vocabulary the email lacks (each one makes the class impossible).
    pub(crate) fn bernoulli_presence(&self, c: usize, bag: &Bag) -> (f64, usize) {
        let t = &self.tables;
        let mut sum = 0.0;
        let mut uncovered = t.certain[c].len();
        for &(i, _) in bag {
            let (lp, lnp) = (t.log_p[c][i as usize], t.log_not_p[c][i as usize]);
            if lnp == f64::NEG_INFINITY {
                uncovered = uncovered.saturating_sub(1);
                sum += lp;
            } else {
                sum += lp - lnp;
            }
        }
        (sum, uncovered)
    }
}

/// α must be a finite number ≥ 0.
fn check_alpha(alpha: f64) -> Result<()> {
    if alpha.is_finite() && alpha >= 0.0 {
        Ok(())
    } else {
        Err(Error::InvalidParameter {
            name: "α",
            value: describe(alpha),
            rule: "the smoothing α must be a finite number ≥ 0",
        })
    }
}

/// Both classes need at least one training message.
fn check_classes(counts: &Counts) -> Result<()> {
    if counts.total_docs() == 0 {
        return Err(Error::EmptyData(Message::new(&codes::NB_TRAIN_EMPTY)));
    }
    for label in Label::ALL {
        if counts.num_docs(label) == 0 {
            return Err(Error::EmptyData(Message::new(&codes::NB_TRAIN_NO_CLASS).msg("label", label.message())));
        }
    }
    Ok(())
}

/// log(n + α k), without overflow when α k exceeds the largest f64.
pub(crate) fn ln_plus(n: u64, alpha: f64, k: f64) -> f64 {
    let n = n as f64;
    let ak = alpha * k;
    if ak.is_finite() {
        (n + ak).ln()
    } else {
        alpha.ln() + (k + n / alpha).ln()
    }
}

/// Builds [`Bag`]s in order of first appearance with one slot per vocabulary index for
/// the bag position of that word: an array, not a map, because a long paste has hundreds
/// of thousands of tokens. One builder serves many bags, one after another.
pub(crate) struct BagBuilder {
    position: Vec<u32>,
}

impl BagBuilder {
    /// A builder for a vocabulary of `vocabulary_size` words.
    pub(crate) fn new(vocabulary_size: usize) -> BagBuilder {
        BagBuilder { position: vec![u32::MAX; vocabulary_size] }
    }

    /// Counts one more occurrence of vocabulary index `i` in `bag`.
    #[inline]
    pub(crate) fn add(&mut self, bag: &mut Bag, i: u32) {
        let p = &mut self.position[i as usize];
        if *p == u32::MAX {
            *p = bag.len() as u32;
            bag.push((i, 1));
        } else {
            let n = &mut bag[*p as usize].1;
            *n = n.saturating_add(1);
        }
    }

    /// Forgets `bag`, the one just built, so that the next bag starts empty.
    pub(crate) fn finish(&mut self, bag: &Bag) {
        for &(i, _) in bag {
            self.position[i as usize] = u32::MAX;
        }
    }
}

/// [`ln_plus`]`(n, α, 1)` for many counts n: most words of a vocabulary are counted a few
/// times, so the values for n below 32 are computed once (the same expression, so the same
/// bits) and looked up; a table has one per word and class.
struct SmallLn {
    alpha: f64,
    small: [f64; 32],
}

impl SmallLn {
    fn new(alpha: f64) -> SmallLn {
        SmallLn { alpha, small: std::array::from_fn(|n| ln_plus(n as u64, alpha, 1.0)) }
    }

    #[inline]
    fn of(&self, n: u64) -> f64 {
        match self.small.get(n as usize) {
            Some(&v) if n < 32 => v,
            _ => ln_plus(n, self.alpha, 1.0),
        }
    }
}

/// log(n + a + b), without overflow; exactly `ln_plus(n, a, 2)` when a = b, so equal
/// pseudo-counts give the α-smoothing's numbers bit for bit.
fn ln_sum(n: u64, a: f64, b: f64) -> f64 {
    if a == b {
        return ln_plus(n, a, 2.0);
    }
    let s = a + b;
    if s.is_finite() {
        (n as f64 + s).ln()
    } else {
        let m = a.max(b);
        m.ln() + (n as f64 / m + a / m + b / m).ln()
    }
}

/// [N_ham, N_spam].
pub(crate) fn class_docs(counts: &Counts) -> [u64; 2] {
    Label::ALL.map(|label| counts.num_docs(label))
}

/// [log P(ham), log P(spam)] from the class message counts [N_ham, N_spam].
pub(crate) fn log_prior(docs: [u64; 2], prior: Prior, pseudo: &PseudoCounts) -> [f64; 2] {
    let total = docs[0] + docs[1];
    let [a_ham, a_spam] = pseudo.alpha_class;
    Label::ALL.map(|label| {
        let n_c = docs[label.index()];
        match prior {
            Prior::MaximumLikelihood => (n_c as f64).ln() - (total as f64).ln(),
            Prior::Smoothed => ln_plus(n_c, pseudo.alpha_class[label.index()], 1.0) - ln_sum(total, a_ham, a_spam),
            Prior::Uniform => -std::f64::consts::LN_2,
        }
    })
}

fn compute_tables(
    counts: &Counts,
    event: EventModel,
    alpha: f64,
    prior: Prior,
    pseudo: PseudoCounts,
) -> Result<Tables> {
    let vocab = counts.vocabulary_size();
    let mut log_p: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut log_not_p: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut absent_base = [0.0; 2];
    let mut certain: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    for label in Label::ALL {
        let c = label.index();
        match event {
            EventModel::Multinomial => {
                let denominator = ln_plus(counts.total_tokens(label), alpha, vocab as f64);
                if denominator == f64::NEG_INFINITY && vocab > 0 {
                    return Err(Error::InvalidParameter {
                        name: "α",
                        value: "0".to_string(),
                        rule: match label {
                            Label::Ham => {
                                "the ham training messages contain no words, so at α = 0 every \
                                 P(word | ham) would be 0/0; use α > 0"
                            }
                            Label::Spam => {
                                "the spam training messages contain no words, so at α = 0 every \
                                 P(word | spam) would be 0/0; use α > 0"
                            }
                        },
                    });
                }
                let ln = SmallLn::new(alpha);
                log_p[c] = counts.token_counts(label).iter().map(|&n| ln.of(n) - denominator).collect();
            }
            EventModel::Bernoulli => {
                // N_c ≥ 1 (checked at fit), so the denominator is finite.
                let n_docs = counts.num_docs(label);
                let (beta1, beta0) = (pseudo.beta1, pseudo.beta0);
                let denominator = ln_sum(n_docs, beta0, beta1);
                let docs = counts.doc_counts(label);
                let (ln1, ln0) = (SmallLn::new(beta1), SmallLn::new(beta0));
                log_p[c] = docs.iter().map(|&d| ln1.of(d) - denominator).collect();
                log_not_p[c] = docs.iter().map(|&d| ln0.of(n_docs.saturating_sub(d)) - denominator).collect();
                for (i, &l) in log_not_p[c].iter().enumerate() {
                    if l == f64::NEG_INFINITY {
                        certain[c].push(i as u32);
                    } else {
                        absent_base[c] += l;
                    }
                }
            }
        }
    }
    Ok(Tables { log_prior: log_prior(class_docs(counts), prior, &pseudo), log_p, log_not_p, absent_base, certain })
}
