//! The spam panel's state, without browser types: the corpus (tokenized once), its seeded
//! stratified train/test split, the model trained on the training part, the settings
//! (α, event model, prior, smoothing mode, costs, resampling), the held-out metrics and
//! their curve against α.
//!
//! Changing a setting recomputes the probability tables only; the corpus is tokenized and
//! counted once, when it is loaded. Loading happens in steps ([`CorpusLoader`]) so that a
//! page can show progress and stay responsive on a large file; the previous corpus stays in
//! place until a new one is complete and valid.
//!
//! **Costs** ([`SpamLab::set_costs`], the [`super::costs`] module): the verdict and the
//! metrics use the Bayes rule “spam when log-odds > log(λ_FP/λ_FN)”; the ledger carries the
//! threshold and the evaluation the expected cost per message.
//!
//! **Resampling** ([`SpamLab::set_resampling`], the [`mod@super::resample`] module): the
//! training part (never the test part) is undersampled or oversampled, seeded by the split
//! seed; the model counts the resampled messages.
//!
//! **Common words** ([`SpamLab::set_ignore_common_words`], the [`super::stopwords`] module):
//! when on, the list's words are dropped from the training messages before they are counted
//! and from the message being scored; the ledger lists the ones it dropped.
//!
//! **Editing the corpus.** [`SpamLab::add_message`] puts a new message in the *training*
//! part, so the counts and the ledger change at once; [`SpamLab::remove_message`] and
//! [`SpamLab::relabel_message`] act on a message wherever it is (training or test part).
//! Positions are indices into [`SpamLab::messages`]; removing a message shifts the later
//! ones down by one. Without resampling an edit updates the counts incrementally (add,
//! subtract or move one message's tokens, then recompute the tables); with resampling on,
//! the resample is drawn again for the edited training part and counted afresh. The split
//! of the other messages never changes; [`SpamLab::set_seed`] re-splits the edited corpus.

use serde::Serialize;

use hashbrown::HashTable;

use super::Label;
use crate::data::TEACHING_CORPUS;
use crate::error::{Error, Result};
use crate::limits::{MAX_MAILBOX_BYTES, MAX_MAILBOX_MESSAGES};
use crate::message::{codes, Code, Message};
use crate::nb::corpus::{decode_text, parse_line_str, stratified_split, DedupReport, Split, TextEncoding};
use crate::nb::costs::Costs;
use crate::nb::counts::{hash_word, IdCounter, Interner, NOT_IN_VOCABULARY};
use crate::nb::email::{looks_like_email, BodyPart, Email};
use crate::nb::eval::evaluate_bags_with_costs;
use crate::nb::explain::{AbsentEvidence, Explanation, HiddenWords, Veto};
use crate::nb::mailbox::MboxSplitter;
use crate::nb::model::{class_docs, log_prior, Bag, BagBuilder, EventModel, NaiveBayes, Prior};
use crate::nb::resample::{resample, ResampleReport, Resampling};
use crate::nb::smoothing::Smoothing;
use crate::nb::stopwords::{drop_common_words, is_common_word, CommonWord};
use crate::nb::tokenize::{find_byte, for_each_token, tokenize};
use crate::stats::metrics::Metrics;

mod loaders;
mod store;
mod training;
mod views;

pub use loaders::*;
use store::*;
pub use training::*;
pub use views::*;

/// Largest corpus file the panel reads, in bytes (10 MB: twenty SMS Spam Collections).
pub const MAX_CORPUS_BYTES: usize = 10_000_000;
/// Longest message the ledger explains, in characters; the rest is ignored (and said so).
pub const MAX_MESSAGE_CHARS: usize = 1_000_000;
/// The share of each class held out for evaluation.
pub const TEST_FRACTION: f64 = 0.2;
/// The α values of the metrics-versus-α curve (0 first: the unsmoothed model).
pub const ALPHA_GRID: [f64; 14] = [0.0, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0];
/// The most messages one page of [`SpamLab::messages`] lists.
pub const MAX_PAGE: usize = 500;

/// The settings that survive a change of corpus or seed.
#[derive(Debug, Clone, Copy)]
struct Settings {
    event: EventModel,
    alpha: f64,
    prior: Prior,
    smoothing: Smoothing,
    costs: Costs,
    resampling: Resampling,
    header_evidence: bool,
    ignore_common_words: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            event: EventModel::Multinomial,
            alpha: 1.0,
            prior: Prior::MaximumLikelihood,
            smoothing: Smoothing::Lidstone,
            costs: Costs::EQUAL,
            resampling: Resampling::None,
            header_evidence: false,
            ignore_common_words: false,
        }
    }
}

/// The spam panel's state.
#[derive(Debug, Clone)]
pub struct SpamLab {
    corpus: Corpus,
    split: Split,
    /// The indices the model counts, sorted; a repeated index is an oversampled copy.
    training: Vec<usize>,
    resample: ResampleReport,
    model: NaiveBayes,
    /// The test messages as bags of vocabulary indices (rebuilt whenever the vocabulary
    /// changes), so that evaluating after an α change hashes no token.
    test: Vec<(Bag, Label)>,
    /// The model's vocabulary index of each corpus word id ([`NOT_IN_VOCABULARY`] for
    /// words the training part lacks).
    word_index: Vec<u32>,
    seed: u64,
    costs: Costs,
    resampling: Resampling,
    /// Whether emails' header tokens (`subject:…`, `from-domain:…`) are counted and scored.
    header_evidence: bool,
    /// Whether the common words of [`crate::nb::stopwords`] are left out of the counts and
    /// of the scored message.
    ignore_common_words: bool,
    curve: Option<Vec<(f64, Metrics)>>,
}

impl SpamLab {
    /// The panel on the built-in teaching corpus, multinomial, α = 1, ML prior, equal
    /// costs, no resampling, split seed 1.
    ///
    /// # Errors
    /// Only if the embedded corpus were broken (a test loads it).
    pub fn builtin() -> Result<SpamLab> {
        let mut loader = CorpusLoader::new(TEACHING_CORPUS.as_bytes(), "genlab teaching corpus")?;
        while !loader.step(usize::MAX) {}
        let mut corpus = loader.into_corpus()?.with_credit(&codes::NB_CREDIT_TEACHING);
        corpus.report.title = Message::new(&codes::NB_CORPUS_TEACHING);
        SpamLab::train(corpus, 1, Settings::default())
    }

    fn train(corpus: Corpus, seed: u64, settings: Settings) -> Result<SpamLab> {
        let split = stratified_split(&corpus.labels, TEST_FRACTION, seed)?;
        SpamLab::build(corpus, split, seed, settings)
    }

    /// Resamples the training part of `split`, counts it and fits the model.
    fn build(corpus: Corpus, split: Split, seed: u64, settings: Settings) -> Result<SpamLab> {
        Training::new(corpus, split, seed, settings).finish()
    }

    fn settings(&self) -> Settings {
        let m = &self.model;
        Settings {
            event: m.event_model(),
            alpha: m.alpha(),
            prior: m.prior(),
            smoothing: m.smoothing(),
            costs: self.costs,
            resampling: self.resampling,
            header_evidence: self.header_evidence,
            ignore_common_words: self.ignore_common_words,
        }
    }

    /// Rebuilds the test list and the report's numbers after a change; drops the curve.
    fn refresh(&mut self) {
        self.refresh_with(true);
    }

    /// [`SpamLab::refresh`]; `remap` when the vocabulary may have changed since
    /// `word_index` was made (an edit).
    fn refresh_with(&mut self, remap: bool) {
        let counts = self.model.counts();
        if remap {
            let words = self.corpus.vocab.words();
            let ignore = self.ignore_common_words;
            self.word_index = words
                .iter()
                .map(|w| match counts.index_of(w) {
                    // Never counted when ignored, so never in the vocabulary; said for certain.
                    Some(i) if !(ignore && is_common_word(w)) => i as u32,
                    _ => NOT_IN_VOCABULARY,
                })
                .collect();
        }
        let mut builder = BagBuilder::new(counts.vocabulary_size());
        let word_index = &self.word_index;
        self.test = self
            .split
            .test
            .iter()
            .map(|&i| {
                let ids = self.corpus.doc(i, self.header_evidence);
                // One allocation per message: a message has at most as many words as tokens.
                let mut bag: Bag = Vec::with_capacity(ids.len());
                for &id in ids {
                    let w = word_index[id as usize];
                    if w != NOT_IN_VOCABULARY {
                        builder.add(&mut bag, w);
                    }
                }
                builder.finish(&bag);
                (bag, self.corpus.labels[i])
            })
            .collect();
        let count = |l: Label| self.corpus.labels.iter().filter(|&&x| x == l).count();
        self.corpus.report.messages = [count(Label::Ham), count(Label::Spam)];
        self.corpus.report.split = [self.split.train.len(), self.split.test.len()];
        self.corpus.report.vocabulary = self.model.counts().vocabulary_size();
        self.curve = None;
    }

    /// Replaces the corpus with one a loader finished, keeping the settings. On error the
    /// panel keeps its current corpus.
    ///
    /// # Errors
    /// As `CorpusLoader::into_corpus`, or too few messages of a class to split.
    pub fn replace_corpus(&mut self, loader: CorpusLoader) -> Result<()> {
        let corpus = loader.into_corpus()?;
        let corpus = if corpus.name.to_lowercase().contains("smsspamcollection") {
            corpus.with_credit(&codes::NB_CREDIT_SMS)
        } else {
            corpus
        };
        *self = SpamLab::train(corpus, self.seed, self.settings())?;
        Ok(())
    }

    /// Replaces the corpus with a mailbox a loader read, keeping the settings. On error
    /// the panel keeps its current corpus.
    ///
    /// # Errors
    /// As [`MailboxLoader`]'s reading, or too few messages of a class to split.
    pub fn replace_with_mailbox(&mut self, loader: MailboxLoader) -> Result<()> {
        let training = self.begin_mailbox_training(loader)?;
        self.replace_with(training)
    }

    /// [`SpamLab::replace_with_mailbox`] in steps: the mailbox read to its end, checked,
    /// split and resampled with this panel's seed and settings, ready to count
    /// ([`Training::step`]). The panel is unchanged until [`SpamLab::replace_with`].
    ///
    /// # Errors
    /// As [`SpamLab::replace_with_mailbox`]'s reading and split.
    pub fn begin_mailbox_training(&self, loader: MailboxLoader) -> Result<Training> {
        let corpus = loader.into_corpus()?;
        let split = stratified_split(&corpus.labels, TEST_FRACTION, self.seed)?;
        Ok(Training::new(corpus, split, self.seed, self.settings()))
    }

    /// Replaces the panel with the one `training` makes (what it has not counted yet is
    /// counted now). On error the panel keeps its current corpus.
    ///
    /// # Errors
    /// A class with no message left to train on.
    pub fn replace_with(&mut self, training: Training) -> Result<()> {
        *self = training.finish()?;
        Ok(())
    }

    /// Changes the split seed and retrains (the corpus is not re-tokenized). Edited
    /// messages are split like the others. The seed also drives the resampling.
    ///
    /// # Errors
    /// As the split; the state is kept on error.
    pub fn set_seed(&mut self, seed: u64) -> Result<()> {
        *self = SpamLab::train(self.corpus.clone(), seed, self.settings())?;
        Ok(())
    }

    /// Sets α (0 allowed), recomputing the probability tables only. With
    /// [`Smoothing::Bayesian`] α smooths only the multinomial words (see [`NaiveBayes`]).
    ///
    /// # Errors
    /// α negative or not finite, or α = 0 where a probability would be 0/0.
    pub fn set_alpha(&mut self, alpha: f64) -> Result<()> {
        self.model.set_alpha(alpha)
    }

    /// Switches the event model.
    ///
    /// # Errors
    /// As [`NaiveBayes::set_event_model`].
    pub fn set_event_model(&mut self, event: EventModel) -> Result<()> {
        self.model.set_event_model(event)?;
        self.curve = None;
        Ok(())
    }

    /// Switches the prior estimate.
    pub fn set_prior(&mut self, prior: Prior) {
        self.model.set_prior(prior);
        self.curve = None;
    }

    /// Switches between one α and separate Beta/Dirichlet pseudo-counts (tables only).
    ///
    /// # Errors
    /// As [`NaiveBayes::set_smoothing`]; the state is kept on error.
    pub fn set_smoothing(&mut self, smoothing: Smoothing) -> Result<()> {
        self.model.set_smoothing(smoothing)?;
        self.curve = None;
        Ok(())
    }

    /// The smoothing mode.
    pub fn smoothing(&self) -> Smoothing {
        self.model.smoothing()
    }

    /// Sets the costs λ_FP (a ham message called spam) and λ_FN (a spam message let
    /// through); the verdict and the metrics then use the threshold log(λ_FP/λ_FN).
    ///
    /// # Errors
    /// As [`Costs::new`]; the state is kept on error.
    pub fn set_costs(&mut self, false_positive: f64, false_negative: f64) -> Result<()> {
        self.costs = Costs::new(false_positive, false_negative)?;
        self.curve = None;
        Ok(())
    }

    /// The costs in force.
    pub fn costs(&self) -> Costs {
        self.costs
    }

    /// Rebalances the training part (never the test part) and retrains on it, seeded by
    /// the split seed. [`Resampling::None`] trains on the training part as it is.
    ///
    /// # Errors
    /// As the fit for the resampled counts; the state is kept on error.
    pub fn set_resampling(&mut self, resampling: Resampling) -> Result<()> {
        let settings = Settings { resampling, ..self.settings() };
        *self = SpamLab::build(self.corpus.clone(), self.split.clone(), self.seed, settings)?;
        Ok(())
    }

    /// The resampling method.
    pub fn resampling(&self) -> Resampling {
        self.resampling
    }

    /// Class counts of the training part before and after resampling, and the prior
    /// log-ratio for each under the current prior setting.
    pub fn resample_summary(&self) -> ResampleSummary {
        let pseudo = self.model.pseudo_counts();
        let ratio = |docs: [usize; 2]| {
            let [ham, spam] = log_prior([docs[0] as u64, docs[1] as u64], self.model.prior(), &pseudo);
            spam - ham
        };
        ResampleSummary {
            report: self.resample,
            prior_log_ratio: [ratio(self.resample.before), ratio(self.resample.after)],
        }
    }

    /// The model (trained on the training part of the split, resampled).
    pub fn model(&self) -> &NaiveBayes {
        &self.model
    }

    /// The split seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The split.
    pub fn split(&self) -> &Split {
        &self.split
    }

    /// The corpus indices the model counts, sorted; an index repeated k times is counted k
    /// times (oversampling), a training index missing was left out (undersampling).
    pub fn training_indices(&self) -> &[usize] {
        &self.training
    }

    /// What the loaded corpus holds.
    pub fn report(&self) -> &CorpusReport {
        &self.corpus.report
    }

    /// The whole corpus (both parts) as bags of word ids, the tokens the model counts
    /// (header tokens too when header evidence is on; without the common words when they
    /// are ignored): `(labels, offsets, ids, words)` with
    /// message i's ids `ids[offsets[i]..offsets[i + 1]]`, labels 0 ham / 1 spam, and every
    /// id below `words`. The learning curves read a loaded corpus this way
    /// ([`crate::curves::TextData::from_packed`]).
    pub fn bags(&self) -> (Vec<u8>, Vec<u32>, Vec<u32>, usize) {
        let n = self.corpus.labels.len();
        let labels = self.corpus.labels.iter().map(|l| l.as_u8()).collect();
        let mut offsets = Vec::with_capacity(n + 1);
        let mut ids = Vec::new();
        offsets.push(0);
        let common = common_ids(&self.corpus, self.ignore_common_words);
        for i in 0..n {
            let doc = self.corpus.doc(i, self.header_evidence);
            ids.extend(doc.iter().filter(|&&id| !common.get(id as usize).copied().unwrap_or(false)));
            offsets.push(ids.len() as u32);
        }
        (labels, offsets, ids, self.corpus.vocab.words().len())
    }

    /// The ledger of a message typed by the user (cut at [`MAX_MESSAGE_CHARS`]), decided
    /// under the current costs.
    ///
    /// When the text is an email ([`looks_like_email`]: it starts with a header block), the
    /// ledger is that of the email as [`SpamLab::explain_email`] reads it; an email that
    /// cannot be read (over a cap, broken) is scored as plain text and
    /// [`Ledger::email_error`] says why. Any other text is scored as it is.
    pub fn explain(&self, text: &str) -> Ledger {
        if looks_like_email(text.as_bytes()) {
            match Email::parse(text.as_bytes()) {
                Ok(email) => return self.explain_email(&email),
                Err(e) => {
                    let mut ledger = self.explain_plain(text);
                    ledger.email_error = Some(e.message());
                    return ledger;
                }
            }
        }
        self.explain_plain(text)
    }

    /// The ledger of the bytes of a dropped file: an email in any declared charset (see
    /// [`SpamLab::explain`]), else text (UTF-8, or Latin-1 when not valid UTF-8).
    pub fn explain_bytes(&self, bytes: &[u8]) -> Ledger {
        if looks_like_email(bytes) {
            match Email::parse(bytes) {
                Ok(email) => return self.explain_email(&email),
                Err(e) => {
                    let mut ledger = self.explain_plain(&decode_text(bytes).0);
                    ledger.email_error = Some(e.message());
                    return ledger;
                }
            }
        }
        self.explain_plain(&decode_text(bytes).0)
    }

    /// The ledger of a message read as plain text (never as an email).
    pub fn explain_plain(&self, text: &str) -> Ledger {
        let (text, truncated) = match text.char_indices().nth(MAX_MESSAGE_CHARS) {
            Some((cut, _)) => (&text[..cut], true),
            None => (text, false),
        };
        let (explanation, tokens, common_words) = if self.ignore_common_words {
            let all = tokenize(text);
            let tokens = all.len();
            let (kept, dropped) = drop_common_words(all);
            (self.model.explain_tokens_with_costs(&kept, &self.costs), tokens, dropped)
        } else {
            let (explanation, tokens) = self.model.explain_text_with_costs(text, &self.costs);
            (explanation, tokens, Vec::new())
        };
        let prior_formulas = Label::ALL.map(|l| explanation.prior_formula(l));
        let sentences = explanation.sentence_messages();
        Ledger {
            explanation,
            prior_formulas,
            costs: self.costs,
            sentences,
            truncated,
            tokens,
            ignore_common_words: self.ignore_common_words,
            common_words,
            email: None,
            email_error: None,
        }
    }

    /// The ledger of an email: its body's tokens ([`Email::body_text`]), then, with header
    /// evidence on, its header tokens ([`Email::header_tokens`]); [`Ledger::email`] says
    /// what was read. Attachments are listed, never scored.
    pub fn explain_email(&self, email: &Email) -> Ledger {
        let tokens = email.tokens(self.header_evidence);
        let token_count = tokens.len();
        let (tokens, common_words) =
            if self.ignore_common_words { drop_common_words(tokens) } else { (tokens, Vec::new()) };
        let explanation = self.model.explain_tokens_with_costs(&tokens, &self.costs);
        let prior_formulas = Label::ALL.map(|l| explanation.prior_formula(l));
        let sentences = explanation.sentence_messages();
        let body = email.body();
        let (shown, cut) = match body.char_indices().nth(MAX_BODY_SHOWN) {
            Some((at, _)) => (&body[..at], true),
            None => (body, false),
        };
        Ledger {
            explanation,
            prior_formulas,
            costs: self.costs,
            sentences,
            truncated: email.truncated(),
            tokens: token_count,
            ignore_common_words: self.ignore_common_words,
            common_words,
            email: Some(EmailSummary {
                subject: email.subject(),
                from_domain: email.from_domain(),
                attachments: email.attachments(),
                body: shown.to_string(),
                body_chars: body.chars().count(),
                body_cut: cut,
                header_tokens: email.header_tokens(),
                header_evidence: self.header_evidence,
                part: email.part().code().to_string(),
                stub_words: match email.part() {
                    BodyPart::HtmlOverStub { stub_words } => Some(stub_words),
                    _ => None,
                },
            }),
            email_error: None,
        }
    }

    /// Counts and scores emails' header tokens (`subject:…`, `from-domain:…`) or not
    /// (the default: the body only). The corpus keeps both, so switching retrains without
    /// reading the mailbox again; a corpus of plain texts has no header tokens, and an
    /// email's are then unknown words.
    ///
    /// # Errors
    /// As the fit; the state is kept on error.
    pub fn set_header_evidence(&mut self, on: bool) -> Result<()> {
        if on == self.header_evidence {
            return Ok(());
        }
        let settings = Settings { header_evidence: on, ..self.settings() };
        *self = SpamLab::build(self.corpus.clone(), self.split.clone(), self.seed, settings)?;
        Ok(())
    }

    /// Whether header evidence is on.
    pub fn header_evidence(&self) -> bool {
        self.header_evidence
    }

    /// Leaves the common words of [`crate::nb::stopwords`] out of the training counts and
    /// of the scored message, or not (the default). The corpus keeps every token, so
    /// switching recounts without tokenizing again.
    ///
    /// # Errors
    /// As the fit; the state is kept on error.
    pub fn set_ignore_common_words(&mut self, on: bool) -> Result<()> {
        if on == self.ignore_common_words {
            return Ok(());
        }
        let settings = Settings { ignore_common_words: on, ..self.settings() };
        *self = SpamLab::build(self.corpus.clone(), self.split.clone(), self.seed, settings)?;
        Ok(())
    }

    /// Whether common words are ignored.
    pub fn ignore_common_words(&self) -> bool {
        self.ignore_common_words
    }

    /// Whether the corpus holds emails with header tokens (so header evidence changes the
    /// model, not only the message's ledger).
    pub fn corpus_has_headers(&self) -> bool {
        self.corpus.has_headers()
    }

    /// The held-out metrics now under the current costs, the plain ½ rule for comparison,
    /// the expected costs, and the metrics against α (the curve is cached until a setting
    /// other than α, or the corpus, changes).
    pub fn evaluate(&mut self) -> Evaluation {
        let decided = evaluate_bags_with_costs(&self.model, &self.test, &self.costs);
        let half = evaluate_bags_with_costs(&self.model, &self.test, &Costs::EQUAL);
        if self.curve.is_none() {
            let mut m = self.model.clone();
            let curve = ALPHA_GRID
                .iter()
                .filter_map(|&a| {
                    m.set_alpha(a).ok().map(|()| (a, evaluate_bags_with_costs(&m, &self.test, &self.costs).metrics))
                })
                .collect();
            self.curve = Some(curve);
        }
        let count = |l: Label| self.test.iter().filter(|(_, x)| *x == l).count();
        Evaluation {
            current: decided.metrics,
            curve: self.curve.clone().unwrap_or_default(),
            costs: self.costs,
            threshold_log_odds: decided.threshold_log_odds,
            threshold_probability: decided.threshold_probability,
            expected_cost: decided.expected_cost,
            at_half: half.metrics,
            expected_cost_at_half: self.costs.expected_cost(&half.metrics.confusion),
            training: self.resample.after,
            test: [count(Label::Ham), count(Label::Spam)],
        }
    }

    /// How many messages the corpus has.
    pub fn message_count(&self) -> usize {
        self.corpus.labels.len()
    }

    /// Message `index` of the corpus, or `None` when out of range.
    pub fn message(&self, index: usize) -> Option<MessageEntry> {
        let label = *self.corpus.labels.get(index)?;
        let part = if self.split.test.binary_search(&index).is_ok() { Part::Test } else { Part::Train };
        let start = self.training.partition_point(|&i| i < index);
        let copies = self.training[start..].partition_point(|&i| i == index);
        Some(MessageEntry { index, label, text: self.corpus.text(index).to_string(), part, copies })
    }

    /// Up to `limit` messages from position `offset` on (an offset past the end gives an
    /// empty page).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when `limit` exceeds [`MAX_PAGE`].
    pub fn messages(&self, offset: usize, limit: usize) -> Result<MessagePage> {
        if limit > MAX_PAGE {
            return Err(Error::InvalidParameter {
                name: "page size",
                value: limit.to_string(),
                rule: "a page lists at most 500 messages",
            });
        }
        let total = self.message_count();
        let end = offset.saturating_add(limit).min(total);
        let entries = (offset.min(end)..end).filter_map(|i| self.message(i)).collect();
        Ok(MessagePage { offset, total, entries })
    }

    /// A word's training counts per class (the word is lower-cased first, as the
    /// tokenizer does); all zero when the vocabulary does not have it.
    pub fn word_counts(&self, word: &str) -> WordCounts {
        let word = word.trim().to_lowercase();
        let counts = self.model.counts();
        let index = counts.index_of(&word);
        let per_class = |f: &dyn Fn(Label, usize) -> u64| match index {
            Some(i) => Label::ALL.map(|l| f(l, i)),
            None => [0, 0],
        };
        WordCounts {
            in_vocabulary: index.is_some(),
            token_counts: per_class(&|l, i| counts.token_count(l, i)),
            doc_counts: per_class(&|l, i| counts.doc_count(l, i)),
            total_tokens: Label::ALL.map(|l| counts.total_tokens(l)),
            class_docs: class_docs(counts),
            word,
        }
    }

    /// Adds a message to the *training* part (it is counted at once) and returns its
    /// position, the last one.
    ///
    /// # Errors
    /// [`Error::BadEdit`] when the text is empty, has a line break (a corpus message is one
    /// line), is longer than [`MAX_MESSAGE_CHARS`], or is already in the corpus (every text
    /// appears once, so no message is in both parts); as the fit otherwise. The state is
    /// kept on error.
    pub fn add_message(&mut self, label: Label, text: &str) -> Result<usize> {
        if text.trim().is_empty() {
            return Err(Error::BadEdit(Message::new(&codes::NB_EDIT_EMPTY)));
        }
        if text.contains(['\n', '\r']) {
            return Err(Error::BadEdit(Message::new(&codes::NB_EDIT_LINE_BREAKS)));
        }
        if text.chars().nth(MAX_MESSAGE_CHARS).is_some() {
            return Err(Error::BadEdit(Message::new(&codes::NB_EDIT_TOO_LONG).int("max", MAX_MESSAGE_CHARS)));
        }
        if let Some(i) = (0..self.corpus.texts.len()).position(|i| self.corpus.texts.get(i) == text.as_bytes()) {
            return Err(Error::BadEdit(
                Message::new(&codes::NB_EDIT_DUPLICATE).int("index", i).msg("label", self.corpus.labels[i].message()),
            ));
        }
        let index = self.corpus.labels.len();
        if self.resampling == Resampling::None {
            let tokens = tokenize(text);
            let tokens = if self.ignore_common_words { drop_common_words(tokens).0 } else { tokens };
            self.model.add_tokens(&tokens, label)?;
            self.corpus.push(label, text);
            self.split.train.push(index);
            self.sync_training();
        } else {
            let mut corpus = self.corpus.clone();
            let mut split = self.split.clone();
            corpus.push(label, text);
            split.train.push(index);
            *self = SpamLab::build(corpus, split, self.seed, self.settings())?;
        }
        self.refresh();
        Ok(index)
    }

    /// Removes message `index` (training or test part) and returns it; later positions
    /// move down by one.
    ///
    /// # Errors
    /// [`Error::IndexOutOfRange`] for a missing message; [`Error::BadEdit`] when it is the
    /// last training message of its class. The state is kept on error.
    pub fn remove_message(&mut self, index: usize) -> Result<MessageEntry> {
        let entry =
            self.message(index).ok_or(Error::IndexOutOfRange { kind: "message", index, len: self.message_count() })?;
        self.check_not_last(&entry, &codes::NB_VERB_REMOVE)?;
        if self.resampling == Resampling::None {
            if entry.part == Part::Train {
                self.model.remove_tokens(&counted_tokens(&self.corpus, index, self.settings()), entry.label)?;
            }
            let mut training = Vec::new();
            self.corpus.remove(index, &mut self.split, &mut training);
            self.sync_training();
        } else {
            let mut corpus = self.corpus.clone();
            let mut split = self.split.clone();
            corpus.remove(index, &mut split, &mut Vec::new());
            *self = SpamLab::build(corpus, split, self.seed, self.settings()).map_err(last_of_class)?;
        }
        self.refresh();
        Ok(entry)
    }

    /// Gives message `index` the label `label` (training or test part); nothing changes
    /// when it already has it.
    ///
    /// # Errors
    /// [`Error::IndexOutOfRange`] for a missing message; [`Error::BadEdit`] when it is the
    /// last training message of its old class. The state is kept on error.
    pub fn relabel_message(&mut self, index: usize, label: Label) -> Result<()> {
        let entry =
            self.message(index).ok_or(Error::IndexOutOfRange { kind: "message", index, len: self.message_count() })?;
        if entry.label == label {
            return Ok(());
        }
        self.check_not_last(&entry, &codes::NB_VERB_RELABEL)?;
        if self.resampling == Resampling::None {
            if entry.part == Part::Train {
                self.model.relabel_tokens(&counted_tokens(&self.corpus, index, self.settings()), entry.label, label)?;
            }
            self.corpus.labels[index] = label;
            self.sync_training();
        } else {
            let mut corpus = self.corpus.clone();
            corpus.labels[index] = label;
            *self = SpamLab::build(corpus, self.split.clone(), self.seed, self.settings()).map_err(last_of_class)?;
        }
        self.refresh();
        Ok(())
    }

    /// Refuses to take the last training message of its class away from the class.
    fn check_not_last(&self, entry: &MessageEntry, verb: &'static Code) -> Result<()> {
        if entry.part == Part::Train {
            let left = self.split.train.iter().filter(|&&i| self.corpus.labels[i] == entry.label).count();
            if left <= 1 {
                return Err(Error::BadEdit(
                    Message::new(&codes::NB_EDIT_LAST)
                        .int("index", entry.index)
                        .msg("label", entry.label.message())
                        .msg("verb", Message::new(verb)),
                ));
            }
        }
        Ok(())
    }

    /// Without resampling the model counts the training part as it is.
    fn sync_training(&mut self) {
        let (training, report) = resample(&self.split.train, &self.corpus.labels, Resampling::None, self.seed);
        self.training = training;
        self.resample = report;
    }
}

/// Per word id of `corpus`, whether it is a common word to leave out; empty when none is
/// (`ignore` off).
fn common_ids(corpus: &Corpus, ignore: bool) -> Vec<bool> {
    if ignore {
        corpus.vocab.words().iter().map(is_common_word).collect()
    } else {
        Vec::new()
    }
}

/// The tokens of message `index` the model counts under `settings` (header tokens with header
/// evidence, no common words when they are ignored).
fn counted_tokens(corpus: &Corpus, index: usize, settings: Settings) -> Vec<&str> {
    let mut tokens = corpus.tokens(index, settings.header_evidence);
    if settings.ignore_common_words {
        tokens.retain(|t| !is_common_word(t));
    }
    tokens
}
