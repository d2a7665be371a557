//! The evidence ledger: why a message got its verdict, term by term.
//!
//! The log-odds of a message splits into a sum of terms that the panel draws as bars:
//!
//! log P(spam | x) − log P(ham | x)
//!   = [log P(spam) − log P(ham)]                               (prior log-ratio)
//!   + Σ_{w ∈ x} c_w                                             (one term per word)
//!   + A                                                         (Bernoulli only)
//!
//! * multinomial: c_w = count_w · [log P(w | spam) − log P(w | ham)];
//! * Bernoulli: c_w = log p_spam,w − log p_ham,w (presence; repeats do not matter) and the
//!   absent-word evidence A = Σ_{w ∈ V, w ∉ x} [log(1 − p_spam,w) − log(1 − p_ham,w)].
//!
//! Words outside the vocabulary add nothing and are listed separately.
//!
//! **Vetoes.** At α = 0 a probability can be exactly 0 and its logarithm −∞. A term whose
//! class-c factor is 0 *rules out* class c: its contribution is +∞ (ham ruled out) or −∞
//! (spam ruled out), and [`Veto`] names the class. When a term rules out both classes its
//! difference would be −∞ − (−∞); it is then reported as `contribution = 0.0` with
//! `veto = Some(Veto::Both)` — it carries no finite evidence, and NaN is never stored.
//! When the message as a whole rules out both classes, the posterior is 0/0: `log_odds`,
//! `p_spam` and `verdict` are `None` and [`Explanation::sentences`] says why.
//!
//! Whenever every term is finite, prior log-ratio + Σ c_w (+ A) equals `log_odds` up to
//! rounding.
//!
//! **The decision.** The verdict compares the log-odds with a threshold: spam when
//! log-odds > `threshold_log_odds`, ham otherwise (ties to ham). [`NaiveBayes::explain_tokens`]
//! uses threshold 0, the more probable class; [`NaiveBayes::explain_tokens_with_costs`] uses
//! log(λ_FP/λ_FN) from [`Costs`] (the [`super::costs`] module), and `more_probable` keeps
//! the plain more-probable class for comparison.

use serde::Serialize;

use super::costs::Costs;
use super::model::{EventModel, NaiveBayes, Posterior, Prior};
use super::smoothing::{PseudoCounts, Smoothing};
use super::tokenize::tokenize;
use super::Label;
use crate::message::{codes, Message};

/// Which class or classes a piece of evidence rules out (its probability under that class
/// is exactly 0, possible only at α = 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Veto {
    /// P(evidence | ham) = 0: the evidence is +∞ in favour of spam.
    Ham,
    /// P(evidence | spam) = 0: the evidence is −∞, in favour of ham.
    Spam,
    /// Both probabilities are 0: the evidence is undefined (0/0), reported as 0.0.
    Both,
}

impl Veto {
    /// The veto implied by which of the two log-probabilities are −∞.
    pub fn from_log_probs(log_p_spam: f64, log_p_ham: f64) -> Option<Veto> {
        match (log_p_spam == f64::NEG_INFINITY, log_p_ham == f64::NEG_INFINITY) {
            (true, true) => Some(Veto::Both),
            (true, false) => Some(Veto::Spam),
            (false, true) => Some(Veto::Ham),
            (false, false) => None,
        }
    }

    /// Whether this veto rules out `label`.
    pub fn rules_out(self, label: Label) -> bool {
        matches!((self, label), (Veto::Both, _) | (Veto::Ham, Label::Ham) | (Veto::Spam, Label::Spam))
    }
}

/// The evidence of one distinct in-vocabulary word of the message.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WordEvidence {
    /// The token.
    pub word: String,
    /// How many times it occurs in the message.
    pub count: u32,
    /// Training count in spam: n_cw (multinomial) or d_cw, messages containing it
    /// (Bernoulli).
    pub spam_count: u64,
    /// Training count in ham, as `spam_count`.
    pub ham_count: u64,
    /// P(w | spam) (multinomial) or p_spam,w (Bernoulli), in [0, 1].
    pub p_spam: f64,
    /// P(w | ham) or p_ham,w, in [0, 1].
    pub p_ham: f64,
    /// log `p_spam`, in [−∞, 0].
    pub log_p_spam: f64,
    /// log `p_ham`, in [−∞, 0].
    pub log_p_ham: f64,
    /// Its term of the log-odds: count · (log p_spam − log p_ham) (multinomial) or
    /// log p_spam − log p_ham (Bernoulli). ±∞ under a one-class veto, 0.0 under
    /// [`Veto::Both`].
    pub contribution: f64,
    /// The class this word rules out, if any.
    pub veto: Option<Veto>,
}

/// The Bernoulli model's evidence from the vocabulary words the message does *not* contain.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AbsentEvidence {
    /// How many vocabulary words are absent: |V| − distinct in-vocabulary words of x.
    pub absent_words: usize,
    /// Σ over absent words of log(1 − p_spam,w), in [−∞, 0].
    pub log_p_spam: f64,
    /// Σ over absent words of log(1 − p_ham,w), in [−∞, 0].
    pub log_p_ham: f64,
    /// `log_p_spam − log_p_ham`: ±∞ under a one-class veto, 0.0 under [`Veto::Both`].
    pub contribution: f64,
    /// The class(es) ruled out by a missing word.
    pub veto: Option<Veto>,
    /// Absent words found in *every* spam training message (p_spam,w = 1 at α = 0): each
    /// one alone rules spam out.
    pub spam_vetoed_by: Vec<String>,
    /// Absent words found in every ham training message.
    pub ham_vetoed_by: Vec<String>,
}

/// The evidence ledger of one message under the current model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explanation {
    /// The event model the ledger was computed with.
    pub event_model: EventModel,
    /// The smoothing α.
    pub alpha: f64,
    /// The smoothing mode: one α, or separate Beta/Dirichlet pseudo-counts.
    pub smoothing: Smoothing,
    /// The pseudo-counts in force (all equal to α with [`Smoothing::Lidstone`]).
    pub pseudo_counts: PseudoCounts,
    /// The prior estimate.
    pub prior: Prior,
    /// [N_ham, N_spam]: the training messages per class, the counts behind the prior.
    pub class_docs: [u64; 2],
    /// |V|.
    pub vocabulary_size: usize,
    /// The denominator count of ham: n_ham, total tokens (multinomial) or N_ham, messages
    /// (Bernoulli).
    pub ham_total: u64,
    /// The denominator count of spam, as `ham_total`.
    pub spam_total: u64,
    /// log P(ham).
    pub log_prior_ham: f64,
    /// log P(spam).
    pub log_prior_spam: f64,
    /// log P(spam) − log P(ham); finite, since both classes have training messages.
    pub prior_log_ratio: f64,
    /// One entry per distinct in-vocabulary word, in order of first appearance.
    pub words: Vec<WordEvidence>,
    /// Bernoulli only: the absent-word term A of the ledger (`absent.contribution`).
    pub absent_evidence: Option<f64>,
    /// Bernoulli only: the absent-word term in detail.
    pub absent: Option<AbsentEvidence>,
    /// Distinct tokens not in the vocabulary, in order of first appearance; ignored.
    pub unknown_words: Vec<String>,
    /// [score_ham, score_spam] = log P(c) + log P(x | c), each in [−∞, 0].
    pub log_joint: [f64; 2],
    /// log P(spam | x) − log P(ham | x); ±∞ when one class is ruled out; `None` when both
    /// are.
    pub log_odds: Option<f64>,
    /// P(spam | x) = σ(log-odds) in [0, 1]; `None` exactly when `log_odds` is.
    pub p_spam: Option<f64>,
    /// The decision: spam when `log_odds` > `threshold_log_odds`, ham otherwise (ties to
    /// ham); `None` when both classes are ruled out. With the default threshold 0 this is
    /// the more probable class.
    pub verdict: Option<Label>,
    /// The classes the message as a whole rules out (score −∞).
    pub ruled_out: Option<Veto>,
    /// The decision threshold on the log-odds, log(λ_FP/λ_FN); 0 for equal costs. Where the
    /// panel draws the threshold line on the ledger's axis.
    pub threshold_log_odds: f64,
    /// The same threshold on P(spam | x): λ_FP/(λ_FP + λ_FN); ½ for equal costs.
    pub threshold_p_spam: f64,
    /// The more probable class, ignoring the costs (ham on ties); `None` when both are
    /// ruled out. Differs from `verdict` only when the costs are unequal.
    pub more_probable: Option<Label>,
}

impl NaiveBayes {
    /// The evidence ledger of a tokenized message, decided by the more probable class
    /// (equal costs). Never fails; no field is NaN.
    pub fn explain_tokens(&self, tokens: &[String]) -> Explanation {
        self.explain_tokens_with_costs(tokens, &Costs::EQUAL)
    }

    /// The evidence ledger of a tokenized message, decided by the Bayes rule for `costs`:
    /// spam when the log-odds exceed log(λ_FP/λ_FN). Never fails; no field is NaN.
    pub fn explain_tokens_with_costs(&self, tokens: &[String], costs: &Costs) -> Explanation {
        let mut unknown_words = Vec::new();
        let bag = self.bag(tokens, Some(&mut unknown_words));
        self.explain_bag_with_costs(&bag, unknown_words, costs)
    }

    /// [`NaiveBayes::explain_tokens_with_costs`] of the tokens of `text`, tokenized and
    /// looked up in one pass without a `String` per token; also returns how many tokens
    /// `text` has.
    pub fn explain_text_with_costs(&self, text: &str, costs: &Costs) -> (Explanation, usize) {
        let mut unknown_words = Vec::new();
        let (bag, tokens) = self.bag_of_text(text, &mut unknown_words);
        (self.explain_bag_with_costs(&bag, unknown_words, costs), tokens)
    }

    fn explain_bag_with_costs(
        &self,
        bag: &super::model::Bag,
        unknown_words: Vec<String>,
        costs: &Costs,
    ) -> Explanation {
        let counts = self.counts();
        let event = self.event_model();
        let per_class = |label: Label, i: usize| match event {
            EventModel::Multinomial => counts.token_count(label, i),
            EventModel::Bernoulli => counts.doc_count(label, i),
        };
        let words = bag
            .iter()
            .map(|&(i, count)| {
                let i = i as usize;
                let log_p_spam = self.tables.log_p[1][i];
                let log_p_ham = self.tables.log_p[0][i];
                let scale = match event {
                    EventModel::Multinomial => f64::from(count),
                    EventModel::Bernoulli => 1.0,
                };
                let (contribution, veto) = ledger_term(log_p_spam, log_p_ham, scale);
                WordEvidence {
                    word: counts.words()[i].to_string(),
                    count,
                    spam_count: per_class(Label::Spam, i),
                    ham_count: per_class(Label::Ham, i),
                    p_spam: log_p_spam.exp(),
                    p_ham: log_p_ham.exp(),
                    log_p_spam,
                    log_p_ham,
                    contribution,
                    veto,
                }
            })
            .collect();
        let absent = (event == EventModel::Bernoulli).then(|| self.absent_evidence(bag));
        let posterior = Posterior::from_log_joint(self.log_joint_of_bag(bag));
        let [score_ham, score_spam] = posterior.log_joint;
        let (ham_total, spam_total) = match event {
            EventModel::Multinomial => (counts.total_tokens(Label::Ham), counts.total_tokens(Label::Spam)),
            EventModel::Bernoulli => (counts.num_docs(Label::Ham), counts.num_docs(Label::Spam)),
        };
        let log_prior_ham = self.log_prior(Label::Ham);
        let log_prior_spam = self.log_prior(Label::Spam);
        Explanation {
            event_model: event,
            alpha: self.alpha(),
            smoothing: self.smoothing(),
            pseudo_counts: self.pseudo_counts(),
            prior: self.prior(),
            class_docs: [counts.num_docs(Label::Ham), counts.num_docs(Label::Spam)],
            vocabulary_size: counts.vocabulary_size(),
            ham_total,
            spam_total,
            log_prior_ham,
            log_prior_spam,
            prior_log_ratio: ledger_term(log_prior_spam, log_prior_ham, 1.0).0,
            words,
            absent_evidence: absent.as_ref().map(|a| a.contribution),
            absent,
            unknown_words,
            log_joint: posterior.log_joint,
            log_odds: posterior.log_odds,
            p_spam: posterior.p_spam,
            verdict: costs.decide(posterior.log_odds),
            ruled_out: Veto::from_log_probs(score_spam, score_ham),
            threshold_log_odds: costs.threshold_log_odds(),
            threshold_p_spam: costs.threshold_probability(),
            more_probable: posterior.verdict,
        }
    }

    /// Tokenizes `text` with [`tokenize`] and explains it.
    pub fn explain_text(&self, text: &str) -> Explanation {
        self.explain_tokens(&tokenize(text))
    }

    fn absent_evidence(&self, bag: &super::model::Bag) -> AbsentEvidence {
        let t = &self.tables;
        let words = self.counts().words();
        let mut sums = [0.0; 2];
        let mut vetoed_by: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        for (c, sum) in sums.iter_mut().enumerate() {
            // Σ_{w ∉ x} log(1 − p_cw) = B_c − Σ_{w ∈ x, finite} log(1 − p_cw); the p_cw = 1
            // words are kept apart so that −∞ − (−∞) never happens.
            let present_finite: f64 =
                bag.iter().map(|&(i, _)| t.log_not_p[c][i as usize]).filter(|l| l.is_finite()).sum();
            vetoed_by[c] = t.certain[c]
                .iter()
                .filter(|&&i| !bag.iter().any(|&(j, _)| j == i))
                .map(|&i| words[i as usize].to_string())
                .collect();
            *sum = if vetoed_by[c].is_empty() { t.absent_base[c] - present_finite } else { f64::NEG_INFINITY };
        }
        let (contribution, veto) = ledger_term(sums[1], sums[0], 1.0);
        let [ham_vetoed_by, spam_vetoed_by] = vetoed_by;
        AbsentEvidence {
            absent_words: self.counts().vocabulary_size().saturating_sub(bag.len()),
            log_p_spam: sums[1],
            log_p_ham: sums[0],
            contribution,
            veto,
            spam_vetoed_by,
            ham_vetoed_by,
        }
    }
}

/// scale · (log_spam − log_ham) with the veto rules of the module docs: never NaN.
fn ledger_term(log_spam: f64, log_ham: f64, scale: f64) -> (f64, Option<Veto>) {
    match Veto::from_log_probs(log_spam, log_ham) {
        Some(Veto::Both) => (0.0, Some(Veto::Both)),
        Some(Veto::Spam) => (f64::NEG_INFINITY, Some(Veto::Spam)),
        Some(Veto::Ham) => (f64::INFINITY, Some(Veto::Ham)),
        None => (scale * (log_spam - log_ham), None),
    }
}

/// The words a capped ledger leaves out, summed into one term.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct HiddenWords {
    /// How many distinct words are left out.
    pub words: usize,
    /// The sum of their contributions: ±∞ when one of them vetoes a class, 0.0 when
    /// their vetoes rule out both classes (as [`Veto::Both`] for one word); 0.0 with no
    /// word left out.
    pub contribution: f64,
    /// The class(es) the left-out words rule out.
    pub veto: Option<Veto>,
}

impl Explanation {
    /// The positions in [`Explanation::words`] of the at most `max` words with the largest
    /// |contribution| (vetoes first; ties to the earlier word), in order of first
    /// appearance, and the sum of the others. The shown contributions plus the hidden
    /// term are the sum of all word contributions (up to rounding), so a capped ledger
    /// still adds up to the log-odds.
    pub fn strongest_words(&self, max: usize) -> (Vec<usize>, HiddenWords) {
        let n = self.words.len();
        if n <= max {
            return ((0..n).collect(), HiddenWords { words: 0, contribution: 0.0, veto: None });
        }
        let mut order: Vec<usize> = (0..n).collect();
        let strength = |i: usize| self.words[i].contribution.abs();
        order.select_nth_unstable_by(max, |&a, &b| strength(b).total_cmp(&strength(a)).then(a.cmp(&b)));
        let (shown, hidden) = order.split_at_mut(max);
        shown.sort_unstable();
        let (mut sum, mut plus, mut minus, mut both) = (0.0, false, false, false);
        for &i in hidden.iter() {
            let w = &self.words[i];
            match w.veto {
                Some(Veto::Ham) => plus = true,
                Some(Veto::Spam) => minus = true,
                Some(Veto::Both) => both = true,
                None => sum += w.contribution,
            }
        }
        let (contribution, veto) = match (both || (plus && minus), plus, minus) {
            (true, _, _) => (0.0, Some(Veto::Both)),
            (false, true, _) => (f64::INFINITY, Some(Veto::Ham)),
            (false, _, true) => (f64::NEG_INFINITY, Some(Veto::Spam)),
            _ => (sum, None),
        };
        (shown.to_vec(), HiddenWords { words: hidden.len(), contribution, veto })
    }

    /// The pseudo-counts a zero probability comes from, as "name = value": for a word's
    /// presence and for its absence. α unless the Bernoulli tables use Beta pseudo-counts
    /// (β₁ for presence, β₀ for absence).
    fn vetoing_pseudo_counts(&self) -> (String, String) {
        match (self.event_model, self.smoothing) {
            (EventModel::Bernoulli, Smoothing::Bayesian(pc)) => {
                (format!("β₁ = {}", pc.beta1), format!("β₀ = {}", pc.beta0))
            }
            _ => (format!("α = {}", self.alpha), format!("α = {}", self.alpha)),
        }
    }

    /// Plain-English sentences for every veto and for an undefined or certain posterior;
    /// empty when every term is finite: [`Explanation::sentence_messages`] in English.
    pub fn sentences(&self) -> Vec<String> {
        self.sentence_messages().iter().map(Message::english).collect()
    }

    /// The sentences of [`Explanation::sentences`] as messages (`nb.veto`, `nb.ruled-out.*`,
    /// `nb.cost.*`), for a page to write in its reader's language. The structured fields
    /// carry the same facts.
    pub fn sentence_messages(&self) -> Vec<Message> {
        // The pseudo-count that left a zero: α for the multinomial words and for α-smoothing;
        // with Beta pseudo-counts on, β₁ for a word's presence and β₀ for its absence in the
        // Bernoulli tables (p = (d + β₁)/(N + β₀ + β₁) is 0 only when d = 0 and β₁ = 0, and
        // 1 − p only when d = N and β₀ = 0).
        let (present, absent) = self.vetoing_pseudo_counts();
        let mut out = Vec::new();
        for w in &self.words {
            let word = w.word.as_str();
            let ruled_out = match w.veto {
                Some(Veto::Ham) => Label::Ham,
                Some(Veto::Spam) => Label::Spam,
                Some(Veto::Both) => {
                    out.push(Message::new(&codes::NB_VETO_BOTH).text("word", word).text("pseudo", present.as_str()));
                    continue;
                }
                None => continue,
            };
            out.push(
                Message::new(&codes::NB_VETO)
                    .text("word", word)
                    .msg("label", ruled_out.message())
                    .text("pseudo", present.as_str()),
            );
        }
        if let Some(a) = &self.absent {
            for (label, list) in [(Label::Ham, &a.ham_vetoed_by), (Label::Spam, &a.spam_vetoed_by)] {
                for word in list {
                    out.push(
                        Message::new(&codes::NB_VETO_ABSENT)
                            .text("word", word.as_str())
                            .msg("label", label.message())
                            .text("pseudo", absent.as_str()),
                    );
                }
            }
        }
        let fix = match (self.event_model, self.smoothing) {
            (EventModel::Bernoulli, Smoothing::Bayesian(_)) => &codes::NB_FIX_BETA,
            _ => &codes::NB_FIX_ALPHA,
        };
        match self.ruled_out {
            Some(Veto::Both) => out.push(Message::new(&codes::NB_RULED_OUT_BOTH).msg("fix", Message::new(fix))),
            Some(Veto::Ham) => out.push(Message::new(&codes::NB_RULED_OUT_HAM)),
            Some(Veto::Spam) => out.push(Message::new(&codes::NB_RULED_OUT_SPAM)),
            None => {}
        }
        if let (Some(verdict), Some(more), Some(p)) = (self.verdict, self.more_probable, self.p_spam) {
            if verdict != more {
                let code = match verdict {
                    Label::Ham => &codes::NB_COST_LET_THROUGH,
                    Label::Spam => &codes::NB_COST_CALLED_SPAM,
                };
                out.push(
                    Message::new(code)
                        .text("p", format_probability(p))
                        .text("t", format_probability(self.threshold_p_spam)),
                );
            }
        }
        out
    }

    /// The class prior with the numbers plugged into its formula, e.g.
    /// `P(spam) = 40 / 100 = 0.4` (maximum likelihood),
    /// `P(spam) = (40 + 1) / (100 + 2 × 1) = 0.402` (smoothed with one α),
    /// `P(spam) = (40 + 0.5) / (100 + 0.5 + 1.5) = 0.3971` (Dirichlet pseudo-counts
    /// α_spam = 0.5, α_ham = 1.5: the denominator adds the class's own α_c first) or
    /// `P(spam) = 1 / 2 = 0.5` (uniform).
    pub fn prior_formula(&self, label: Label) -> String {
        let n_c = self.class_docs[label.index()];
        let n = self.class_docs[0] + self.class_docs[1];
        let p = match label {
            Label::Ham => self.log_prior_ham,
            Label::Spam => self.log_prior_spam,
        }
        .exp();
        let p = format_probability(p);
        match (self.prior, self.smoothing) {
            (Prior::MaximumLikelihood, _) => format!("P({label}) = {n_c} / {n} = {p}"),
            (Prior::Uniform, _) => format!("P({label}) = 1 / 2 = {p}"),
            (Prior::Smoothed, Smoothing::Lidstone) => {
                let a = self.alpha;
                format!("P({label}) = ({n_c} + {a}) / ({n} + 2 × {a}) = {p}")
            }
            (Prior::Smoothed, Smoothing::Bayesian(pc)) => {
                let a_c = pc.alpha_class[label.index()];
                let a_other = pc.alpha_class[label.other().index()];
                format!("P({label}) = ({n_c} + {a_c}) / ({n} + {a_c} + {a_other}) = {p}")
            }
        }
    }

    /// The smoothed probability of `word` under `label` with the numbers plugged into the
    /// formula, e.g. `P(prize | spam) = (3 + 1) / (40 + 1 × 120) = 0.025` (multinomial),
    /// `P(prize present | spam) = (3 + 1) / (40 + 2 × 1) = 0.0952` (Bernoulli, one α) or
    /// `P(prize present | spam) = (3 + 0.5) / (40 + 2 + 0.5) = 0.0824` (Bernoulli with
    /// pseudo-counts β₁ = 0.5, β₀ = 2: (d_cw + β₁) / (N_c + β₀ + β₁)); `None` when `word`
    /// is not an entry of [`Explanation::words`].
    pub fn formula(&self, word: &str, label: Label) -> Option<String> {
        let w = self.words.iter().find(|w| w.word == word)?;
        Some(self.formula_of(w, label))
    }

    /// [`Explanation::formula`] for an entry of [`Explanation::words`] already at hand: the
    /// ledger writes one per word, and looking each word up again would cost O(words²).
    pub fn formula_of(&self, w: &WordEvidence, label: Label) -> String {
        self.write_formula(w, label, &self.formula_parts(label))
    }

    /// Every word's two formulas, `[spam, ham]`, in the order of [`Explanation::words`]:
    /// what the ledger shows on hover. The same strings as [`Explanation::formula_of`], with
    /// the parts that do not depend on the word written once.
    pub fn formulas(&self) -> Vec<[String; 2]> {
        let parts = [Label::Spam, Label::Ham].map(|l| self.formula_parts(l));
        self.words
            .iter()
            .map(|w| [self.write_formula(w, Label::Spam, &parts[0]), self.write_formula(w, Label::Ham, &parts[1])])
            .collect()
    }

    /// A formula is `P(` word, a middle, the count, a tail, the probability: the middle and
    /// the tail per class, e.g. ` | spam) = (` and ` + 1) / (40 + 1 × 120) = `.
    fn formula_parts(&self, label: Label) -> (String, String) {
        let total = match label {
            Label::Ham => self.ham_total,
            Label::Spam => self.spam_total,
        };
        let a = self.alpha;
        match self.event_model {
            EventModel::Multinomial => {
                (format!(" | {label}) = ("), format!(" + {a}) / ({total} + {a} × {}) = ", self.vocabulary_size))
            }
            EventModel::Bernoulli => match self.smoothing {
                Smoothing::Lidstone => {
                    (format!(" present | {label}) = ("), format!(" + {a}) / ({total} + 2 × {a}) = "))
                }
                Smoothing::Bayesian(pc) => {
                    let (b1, b0) = (pc.beta1, pc.beta0);
                    (format!(" present | {label}) = ("), format!(" + {b1}) / ({total} + {b0} + {b1}) = "))
                }
            },
        }
    }

    fn write_formula(&self, w: &WordEvidence, label: Label, (middle, tail): &(String, String)) -> String {
        use std::fmt::Write;
        let (count, p) = match label {
            Label::Ham => (w.ham_count, w.p_ham),
            Label::Spam => (w.spam_count, w.p_spam),
        };
        let mut f = String::with_capacity(w.word.len() + middle.len() + tail.len() + 32);
        f.push_str("P(");
        f.push_str(&w.word);
        f.push_str(middle);
        let _ = write!(f, "{count}");
        f.push_str(tail);
        f.push_str(&format_probability(p));
        f
    }
}

/// A probability for a sentence: 4 decimals, scientific notation below 0.001.
pub(crate) fn format_probability(p: f64) -> String {
    if p == 0.0 || p == 1.0 {
        format!("{p}")
    } else if p >= 1e-3 {
        format!("{}", (p * 1e4).round() / 1e4)
    } else {
        scientific(p, 3)
    }
}

/// `x` in scientific notation as the page prints it: `1.234×10⁻⁵`, with a true minus
/// sign and a superscript exponent (never Rust's `1.234e-5`, whose hyphen and `e` read as
/// code, not as a number).
pub fn scientific(x: f64, digits: usize) -> String {
    let plain = format!("{x:.digits$e}");
    let Some((mantissa, exponent)) = plain.split_once('e') else {
        return plain;
    };
    let superscript: String = exponent
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            _ => '⁹',
        })
        .collect();
    format!("{}×10{superscript}", mantissa.replace('-', "\u{2212}"))
}
