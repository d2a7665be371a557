//! Naive Bayes spam filtering: the seed notes' text classifier, in log space.
//!
//! The model: P(c | x) ∝ P(c) · Π_j P(x_j | c), with two classes, ham (c = 0) and
//! spam (c = 1). Everything is computed in logarithms:
//!
//! * **Multinomial event model** (word counts):
//!   log P(w | c) = log(n_cw + α) − log(n_c + α|V|), where n_cw is how often word w occurs
//!   in the training messages of class c, n_c = Σ_w n_cw and |V| the vocabulary size; an
//!   email x scores log P(c) + Σ_w count_w(x) · log P(w | c) over its in-vocabulary words.
//! * **Bernoulli event model** (word presence): p_cw = (d_cw + α)/(N_c + 2α), where d_cw
//!   is the number of class-c messages that contain w and N_c the number of class-c
//!   messages; an email scores log P(c) + Σ_{w∈V} [x_w log p_cw + (1 − x_w) log(1 − p_cw)],
//!   so vocabulary words *absent* from the email count too.
//! * **Priors**: maximum likelihood N_c/N, smoothed (N_c + α)/(N + 2α), or uniform ½.
//! * **Posterior**: P(c | x) = exp(score_c − log Σ_k exp(score_k)) (max-shifted
//!   log-sum-exp); the log-odds log P(spam | x) − log P(ham | x) = score_spam − score_ham.
//!   Ties go to ham.
//!
//! α = 0 is allowed and exact: a word never seen in one class gives that class probability
//! 0 (log 0 = −∞, a *veto*). When both classes are vetoed the posterior is 0/0 and is
//! reported as undefined (`None`), never as NaN.
//!
//! The pieces: [`tokenize()`] (Unicode-aware words, one token per Chinese ideograph and
//! per emoji), [`Counts`] (the sufficient statistics, counted once, editable one message
//! at a time), [`NaiveBayes`] (probability tables that follow α, the event model and the
//! prior without recounting), [`Explanation`] (the evidence ledger), [`corpus`] (the SMS
//! Spam Collection format, de-duplication, a seeded stratified split) and [`eval`]
//! (held-out metrics).
//!
//! Beyond the spam words:
//! * [`smoothing`]: smoothing *is* a prior — Beta(β₁, β₀) pseudo-counts for the Bernoulli
//!   words, p̄_cw = (d_cw + β₁)/(N_c + β₀ + β₁), and Dirichlet(α_c) pseudo-counts for the
//!   prior, π̄_c = (N_c + α_c)/(N + α₀) ([`Smoothing::Bayesian`]);
//! * [`costs`]: the Bayes decision rule with losses λ_FP, λ_FN — spam when
//!   P(spam | x) > λ_FP/(λ_FP + λ_FN) — and the expected cost per message;
//! * [`mod@resample`]: undersampling ham or oversampling spam in the training part;
//! * [`categorical`]: naive Bayes over categorical attributes (the seed notes' table of
//!   height, eye colour, hair length → class) with the Lidstone estimate
//!   (N_jc(a) + λ)/(N_c + S_j λ);
//! * [`stopwords`]: a short fixed list of common function words the spam panel can leave out
//!   of the training counts and of the message (“ignore common words”);
//! * [`lab`]: the spam panel's state, with all of the above and an editable corpus.

use serde::Serialize;

pub mod categorical;
pub mod corpus;
pub mod costs;
pub mod counts;
pub mod email;
pub mod eval;
pub mod explain;
pub mod lab;
pub mod mailbox;
pub mod model;
pub mod resample;
pub mod smoothing;
pub mod stopwords;
pub mod tokenize;

pub use categorical::{CategoricalExplanation, CategoricalNb, CategoricalTable};
pub use corpus::{
    decode_text, dedup, parse_corpus, parse_corpus_bytes, parse_line, stratified_split, DedupReport, ParsedCorpus,
    Split, TextEncoding,
};
pub use costs::Costs;
pub use counts::Counts;
pub use eval::{alpha_sweep, evaluate, evaluate_tokens, evaluate_with_costs, predict_with_costs, CostEvaluation};
pub use explain::{AbsentEvidence, Explanation, HiddenWords, Veto, WordEvidence};
pub use model::{EventModel, NaiveBayes, Posterior, Prior};
pub use resample::{resample, ResampleReport, Resampling};
pub use smoothing::{describe_beta_prior, describe_class_prior, BetaPriorSummary, PseudoCounts, Smoothing};
pub use stopwords::{drop_common_words, is_common_word, CommonWord};
pub use tokenize::{for_each_token, tokenize, tokenize_into};

/// The class of a message: ham (class 0, the default on ties) or spam (class 1, the
/// positive class of the metrics).
///
/// Serialized as `"ham"` / `"spam"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Label {
    /// Wanted mail; class 0.
    Ham,
    /// Unwanted mail; class 1.
    Spam,
}

impl Label {
    /// Both labels in class order: `[Ham, Spam]`.
    pub const ALL: [Label; 2] = [Label::Ham, Label::Spam];

    /// The class index: 0 for ham, 1 for spam.
    pub fn index(self) -> usize {
        match self {
            Label::Ham => 0,
            Label::Spam => 1,
        }
    }

    /// The label of a class index: 0 → ham, anything else → spam.
    pub fn from_index(index: usize) -> Label {
        if index == 0 {
            Label::Ham
        } else {
            Label::Spam
        }
    }

    /// The class as a sentence names it (`nb.class.ham`, `nb.class.spam`: “ham”, “spam”).
    pub fn message(self) -> crate::message::Message {
        use crate::message::{codes, Message};
        Message::new(match self {
            Label::Ham => &codes::NB_HAM,
            Label::Spam => &codes::NB_SPAM,
        })
    }

    /// The other class.
    pub fn other(self) -> Label {
        match self {
            Label::Ham => Label::Spam,
            Label::Spam => Label::Ham,
        }
    }

    /// The label as the corpus format writes it: `"ham"` or `"spam"`.
    pub fn name(self) -> &'static str {
        match self {
            Label::Ham => "ham",
            Label::Spam => "spam",
        }
    }

    /// The label as a `u8` class for [`crate::stats::metrics::Confusion`]: 0 or 1.
    pub fn as_u8(self) -> u8 {
        self.index() as u8
    }
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
