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

use super::corpus::{decode_text, parse_line_str, stratified_split, DedupReport, Split, TextEncoding};
use super::costs::Costs;
use super::counts::{hash_word, IdCounter, Interner, NOT_IN_VOCABULARY};
use super::email::{looks_like_email, BodyPart, Email};
use super::eval::evaluate_bags_with_costs;
use super::explain::{AbsentEvidence, Explanation, HiddenWords, Veto};
use super::mailbox::MboxSplitter;
use super::model::{class_docs, log_prior, Bag, BagBuilder, EventModel, NaiveBayes, Prior};
use super::resample::{resample, ResampleReport, Resampling};
use super::smoothing::Smoothing;
use super::tokenize::{find_byte, for_each_token, tokenize};
use super::Label;
use crate::data::TEACHING_CORPUS;
use crate::error::{Error, Result};
use crate::limits::{MAX_MAILBOX_BYTES, MAX_MAILBOX_MESSAGES};
use crate::stats::metrics::Metrics;

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

const TEACHING_CREDIT: &str = "genlab teaching corpus: written for genlab, CC0 1.0.";
const SMS_CREDIT: &str = "SMS Spam Collection v.1: T. A. Almeida & J. M. Gómez Hidalgo, UCI ML Repository, CC BY 4.0.";

/// A loaded corpus: de-duplicated messages, their texts and their tokens.
///
/// Tokens are kept as ids into one list of the corpus' distinct words (`vocab`): one
/// allocation per distinct word instead of one per token, and counting or scoring a split
/// indexes arrays instead of hashing strings. The texts and the id lists are each stored
/// end to end in one buffer ([`Packed`]): loading the SMS Spam Collection made two
/// allocations per message otherwise, a tenth of the loading time in wasm.
#[derive(Debug, Clone)]
struct Corpus {
    name: String,
    labels: Vec<Label>,
    texts: Packed<u8>,
    /// Each message's word ids: those of its text, then (for an email) those of its header
    /// tokens (`subject:…`, `from-domain:…`), which count only with header evidence on.
    ids: Packed<u32>,
    /// How many of each message's ids are its text's (the rest are header tokens).
    body_len: Vec<u32>,
    vocab: Interner,
    report: CorpusReport,
}

impl Corpus {
    /// The word ids the model counts for message `index`: its text's, and its header
    /// tokens' too when `headers`.
    fn doc(&self, index: usize, headers: bool) -> &[u32] {
        let ids = self.ids.get(index);
        if headers {
            ids
        } else {
            &ids[..(self.body_len.get(index).copied().unwrap_or(0) as usize).min(ids.len())]
        }
    }

    /// The tokens of message `index` the model counts, as slices of the corpus' words.
    fn tokens(&self, index: usize, headers: bool) -> Vec<&str> {
        let words = self.vocab.words();
        self.doc(index, headers).iter().map(|&id| words.get(id as usize).unwrap_or("")).collect()
    }

    /// Whether any message has header tokens (a corpus read from emails).
    fn has_headers(&self) -> bool {
        self.body_len.iter().enumerate().any(|(i, &n)| self.ids.get(i).len() > n as usize)
    }

    /// The text of message `index` (empty when out of range).
    fn text(&self, index: usize) -> &str {
        text_of(&self.texts, index)
    }

    /// Appends a message (one allocation per word the corpus has not seen).
    fn push(&mut self, label: Label, text: &str) {
        let (vocab, ids) = (&mut self.vocab, &mut self.ids);
        let start = ids.buf.len();
        for_each_token(text, |t| ids.buf.push(vocab.intern(t)));
        self.body_len.push((ids.buf.len() - start) as u32);
        ids.close();
        self.labels.push(label);
        self.texts.push(text.as_bytes());
    }

    /// Appends an email: its body text (what the model reads) and its header tokens.
    fn push_email(&mut self, label: Label, body: &str, header_tokens: &[String]) {
        let (vocab, ids) = (&mut self.vocab, &mut self.ids);
        let start = ids.buf.len();
        for_each_token(body, |t| ids.buf.push(vocab.intern(t)));
        self.body_len.push((ids.buf.len() - start) as u32);
        for t in header_tokens {
            ids.buf.push(vocab.intern(t));
        }
        ids.close();
        self.labels.push(label);
        self.texts.push(body.as_bytes());
    }

    /// Roughly how many bytes the corpus holds in memory (texts, ids, words).
    fn memory_bytes(&self) -> usize {
        let words: usize = self.vocab.words().iter().map(|w| w.len() + 40).sum();
        self.texts.buf.capacity()
            + self.ids.buf.capacity() * 4
            + (self.texts.ends.capacity() + self.ids.ends.capacity()) * std::mem::size_of::<usize>()
            + self.body_len.capacity() * 4
            + self.labels.capacity()
            + words
    }

    fn with_credit(mut self, credit: &str) -> Corpus {
        self.report.credit = credit.to_string();
        self
    }

    /// Removes message `index`; the split's and the training list's later indices move
    /// down by one.
    fn remove(&mut self, index: usize, split: &mut Split, training: &mut Vec<usize>) {
        self.labels.remove(index);
        self.texts.remove(index);
        self.ids.remove(index);
        if index < self.body_len.len() {
            self.body_len.remove(index);
        }
        for list in [&mut split.train, &mut split.test, training] {
            list.retain(|&i| i != index);
            for i in list.iter_mut() {
                if *i > index {
                    *i -= 1;
                }
            }
        }
    }
}

/// Many short lists stored end to end in one buffer: list `i` is `buf[ends[i - 1]..ends[i]]`
/// (from 0 for the first). Appending is a copy, not an allocation.
#[derive(Debug, Clone, Default)]
struct Packed<T> {
    buf: Vec<T>,
    ends: Vec<usize>,
}

impl<T: Copy> Packed<T> {
    /// Room for `lists` lists of `items` items in all.
    fn with_capacity(lists: usize, items: usize) -> Packed<T> {
        Packed { buf: Vec::with_capacity(items), ends: Vec::with_capacity(lists) }
    }

    /// The start of list `index` in `buf`.
    fn start(&self, index: usize) -> usize {
        if index == 0 {
            0
        } else {
            self.ends.get(index - 1).copied().unwrap_or(self.buf.len())
        }
    }

    /// List `index` (empty when out of range).
    fn get(&self, index: usize) -> &[T] {
        let end = self.ends.get(index).copied().unwrap_or(0);
        self.buf.get(self.start(index)..end).unwrap_or(&[])
    }

    /// Ends the list being built: the items pushed onto `buf` since the last list.
    fn close(&mut self) {
        self.ends.push(self.buf.len());
    }

    /// Appends a list.
    fn push(&mut self, items: &[T]) {
        self.buf.extend_from_slice(items);
        self.close();
    }

    /// Removes list `index` (nothing when out of range); the later lists move down by one.
    fn remove(&mut self, index: usize) {
        if index >= self.ends.len() {
            return;
        }
        let (start, end) = (self.start(index), self.ends[index]);
        self.buf.drain(start..end);
        self.ends.remove(index);
        for e in &mut self.ends[index..] {
            *e -= end - start;
        }
    }

    /// How many lists.
    fn len(&self) -> usize {
        self.ends.len()
    }
}

/// Text `index` of a list of texts (empty when out of range). Each was pushed whole from a
/// `&str`, so it is valid UTF-8; the check costs one pass over one message.
fn text_of(texts: &Packed<u8>, index: usize) -> &str {
    std::str::from_utf8(texts.get(index)).unwrap_or("")
}

/// What loading a corpus found, for the panel to show.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct CorpusReport {
    /// The name shown (the file name, or the built-in corpus' name).
    pub name: String,
    /// The credit line shown.
    pub credit: String,
    /// Messages in the corpus (after de-duplication, and after any edits): [ham, spam].
    pub messages: [usize; 2],
    /// What de-duplication removed.
    pub dedup: DedupReport,
    /// Lines that could not be read (all of them counted; the first 20 listed).
    pub bad_lines: usize,
    /// The first bad lines' messages, with line numbers.
    pub errors: Vec<String>,
    /// Notes (encoding, skipped lines) in plain words.
    pub notes: Vec<String>,
    /// Training and test messages: [train, test].
    pub split: [usize; 2],
    /// The training vocabulary size |V|.
    pub vocabulary: usize,
}

/// The held-out evaluation, under the current decision rule, and the curve of metrics
/// against α.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Evaluation {
    /// The metrics at the current α, deciding spam when log-odds > log(λ_FP/λ_FN) (with
    /// equal costs: the more probable class).
    pub current: Metrics,
    /// The metrics at each α of [`ALPHA_GRID`] (same event model, prior, smoothing mode,
    /// costs and training messages).
    pub curve: Vec<(f64, Metrics)>,
    /// The costs λ_FP, λ_FN.
    pub costs: Costs,
    /// The decision threshold on the log-odds, log(λ_FP/λ_FN).
    pub threshold_log_odds: f64,
    /// The decision threshold on P(spam | x), λ_FP/(λ_FP + λ_FN).
    pub threshold_probability: f64,
    /// The expected cost per test message, (λ_FP · FP + λ_FN · FN)/n, of `current`; `None`
    /// without test messages.
    pub expected_cost: Option<f64>,
    /// The metrics of the plain rule “spam when P(spam | x) > ½”, for comparison.
    pub at_half: Metrics,
    /// The expected cost per test message of `at_half`, under the same costs.
    pub expected_cost_at_half: Option<f64>,
    /// Training messages counted per class, [ham, spam] (after resampling).
    pub training: [usize; 2],
    /// Test messages per class, [ham, spam].
    pub test: [usize; 2],
}

/// A message's ledger with everything the panel prints beside it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ledger {
    /// The evidence, term by term, and the decision under the current costs (the
    /// threshold is `explanation.threshold_log_odds`; with equal costs the verdict is the
    /// more probable class).
    pub explanation: Explanation,
    /// [P(ham), P(spam)] with the numbers plugged into the prior's formula.
    pub prior_formulas: [String; 2],
    /// The costs the verdict uses.
    pub costs: Costs,
    /// Sentences for vetoes, undefined posteriors and cost-changed verdicts.
    pub sentences: Vec<String>,
    /// Whether the message was cut at [`MAX_MESSAGE_CHARS`].
    pub truncated: bool,
    /// How many tokens the message has.
    pub tokens: usize,
    /// What was read when the message is an email; `None` for plain text.
    pub email: Option<EmailSummary>,
    /// Why a message that looks like an email could not be read as one (it was then
    /// scored as plain text).
    pub email_error: Option<String>,
}

/// Body characters a ledger carries for display (the whole body is scored).
pub const MAX_BODY_SHOWN: usize = 20_000;

/// What the ledger shows of an email it read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EmailSummary {
    /// As [`Email::subject`].
    pub subject: Option<String>,
    /// As [`Email::from_domain`].
    pub from_domain: Option<String>,
    /// As [`Email::attachments`]: (file name, MIME type), never scored.
    pub attachments: Vec<(String, String)>,
    /// The decoded body the model scored, cut at [`MAX_BODY_SHOWN`] characters for display.
    pub body: String,
    /// The body's length in characters.
    pub body_chars: usize,
    /// Whether `body` was cut for display.
    pub body_cut: bool,
    /// As [`Email::header_tokens`] (scored only with `header_evidence`).
    pub header_tokens: Vec<String>,
    /// Whether the header tokens were scored.
    pub header_evidence: bool,
    /// Which text part was read, as [`crate::nb::email::BodyPart::code`].
    pub part: String,
    /// The words of the plain-text stub the HTML alternative was read instead of, if so.
    pub stub_words: Option<usize>,
}

impl Ledger {
    /// Per word of `explanation.words`: [P(w | spam), P(w | ham)] with the numbers plugged
    /// into the formula (made on demand: a long message has thousands of words).
    pub fn formulas(&self) -> Vec<[String; 2]> {
        self.explanation.formulas()
    }

    /// Everything the panel shows about word `index` of `explanation.words` when it is
    /// hovered or focused; `None` past the end.
    pub fn word_detail(&self, index: usize) -> Option<WordDetail> {
        let e = &self.explanation;
        let w = e.words.get(index)?;
        Some(WordDetail {
            index,
            word: w.word.clone(),
            count: w.count,
            spam_count: w.spam_count,
            ham_count: w.ham_count,
            spam_total: e.spam_total,
            ham_total: e.ham_total,
            p_spam: w.p_spam,
            p_ham: w.p_ham,
            contribution: w.contribution,
            veto: w.veto,
            formulas: [e.formula_of(w, Label::Spam), e.formula_of(w, Label::Ham)],
        })
    }

    /// What the panel draws for this ledger: at most `max_rows` word rows (the strongest,
    /// see [`Explanation::strongest_words`]) and one row for the rest, at most
    /// `max_unknown` of the unknown words with their number; every other field as it is.
    pub fn view(&self, max_rows: usize, max_unknown: usize) -> LedgerView<'_> {
        let e = &self.explanation;
        let (shown, hidden) = e.strongest_words(max_rows);
        let words = shown
            .into_iter()
            .map(|index| {
                let w = &e.words[index];
                WordRow { index, word: &w.word, count: w.count, contribution: w.contribution, veto: w.veto }
            })
            .collect();
        LedgerView {
            explanation: ExplanationView {
                event_model: e.event_model,
                alpha: e.alpha,
                smoothing: e.smoothing,
                prior: e.prior,
                class_docs: e.class_docs,
                vocabulary_size: e.vocabulary_size,
                ham_total: e.ham_total,
                spam_total: e.spam_total,
                prior_log_ratio: e.prior_log_ratio,
                distinct_words: e.words.len(),
                words,
                hidden,
                absent_evidence: e.absent_evidence,
                absent: e.absent.as_ref(),
                unknown_words: &e.unknown_words[..e.unknown_words.len().min(max_unknown)],
                unknown_count: e.unknown_words.len(),
                log_joint: e.log_joint,
                log_odds: e.log_odds,
                p_spam: e.p_spam,
                verdict: e.verdict,
                ruled_out: e.ruled_out,
                threshold_log_odds: e.threshold_log_odds,
                threshold_p_spam: e.threshold_p_spam,
                more_probable: e.more_probable,
            },
            prior_formulas: &self.prior_formulas,
            costs: self.costs,
            sentences: &self.sentences,
            truncated: self.truncated,
            tokens: self.tokens,
            email: self.email.as_ref(),
            email_error: self.email_error.as_deref(),
        }
    }
}

/// Word rows a ledger view shows at most; the weaker words of a longer message are summed
/// into one row. A screen shows a few dozen rows; a 1 MB paste has thousands of words.
pub const MAX_LEDGER_ROWS: usize = 100;
/// Unknown words a ledger view lists at most (the page shows 30).
pub const MAX_UNKNOWN_LISTED: usize = 30;

/// A [`Ledger`] as the panel draws it (see [`Ledger::view`]): what one keystroke ships to
/// the page. Word details and formulas are asked for separately ([`Ledger::word_detail`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LedgerView<'a> {
    /// The ledger's terms and decision.
    pub explanation: ExplanationView<'a>,
    /// [P(ham), P(spam)] with the numbers plugged into the prior's formula.
    pub prior_formulas: &'a [String; 2],
    /// The costs the verdict uses.
    pub costs: Costs,
    /// Sentences for vetoes, undefined posteriors and cost-changed verdicts.
    pub sentences: &'a [String],
    /// Whether the message was cut at [`MAX_MESSAGE_CHARS`].
    pub truncated: bool,
    /// How many tokens the message has.
    pub tokens: usize,
    /// As [`Ledger::email`].
    pub email: Option<&'a EmailSummary>,
    /// As [`Ledger::email_error`].
    pub email_error: Option<&'a str>,
}

/// The fields of an [`Explanation`] the ledger draws, with the word rows capped.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExplanationView<'a> {
    /// As [`Explanation::event_model`].
    pub event_model: EventModel,
    /// As [`Explanation::alpha`].
    pub alpha: f64,
    /// As [`Explanation::smoothing`].
    pub smoothing: Smoothing,
    /// As [`Explanation::prior`].
    pub prior: Prior,
    /// As [`Explanation::class_docs`].
    pub class_docs: [u64; 2],
    /// As [`Explanation::vocabulary_size`].
    pub vocabulary_size: usize,
    /// As [`Explanation::ham_total`].
    pub ham_total: u64,
    /// As [`Explanation::spam_total`].
    pub spam_total: u64,
    /// As [`Explanation::prior_log_ratio`].
    pub prior_log_ratio: f64,
    /// How many distinct in-vocabulary words the message has (shown or not).
    pub distinct_words: usize,
    /// The rows shown, in order of first appearance.
    pub words: Vec<WordRow<'a>>,
    /// The words not shown, as one term.
    pub hidden: HiddenWords,
    /// As [`Explanation::absent_evidence`].
    pub absent_evidence: Option<f64>,
    /// As [`Explanation::absent`].
    pub absent: Option<&'a AbsentEvidence>,
    /// The first unknown words, in order of first appearance.
    pub unknown_words: &'a [String],
    /// How many distinct unknown words the message has.
    pub unknown_count: usize,
    /// As [`Explanation::log_joint`].
    pub log_joint: [f64; 2],
    /// As [`Explanation::log_odds`].
    pub log_odds: Option<f64>,
    /// As [`Explanation::p_spam`].
    pub p_spam: Option<f64>,
    /// As [`Explanation::verdict`].
    pub verdict: Option<Label>,
    /// As [`Explanation::ruled_out`].
    pub ruled_out: Option<Veto>,
    /// As [`Explanation::threshold_log_odds`].
    pub threshold_log_odds: f64,
    /// As [`Explanation::threshold_p_spam`].
    pub threshold_p_spam: f64,
    /// As [`Explanation::more_probable`].
    pub more_probable: Option<Label>,
}

/// One word row of the ledger.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct WordRow<'a> {
    /// Its position in [`Explanation::words`] (what [`Ledger::word_detail`] takes).
    pub index: usize,
    /// The token.
    pub word: &'a str,
    /// Its occurrences in the message.
    pub count: u32,
    /// Its term of the log-odds (see [`super::explain::WordEvidence::contribution`]).
    pub contribution: f64,
    /// The class it rules out, if any.
    pub veto: Option<Veto>,
}

/// A ledger word in full, for the details shown on hover or focus.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WordDetail {
    /// Its position in [`Explanation::words`].
    pub index: usize,
    /// The token.
    pub word: String,
    /// Its occurrences in the message.
    pub count: u32,
    /// Its training count in spam: n_cw (multinomial) or d_cw (Bernoulli).
    pub spam_count: u64,
    /// Its training count in ham, as `spam_count`.
    pub ham_count: u64,
    /// The spam denominator count: n_spam (multinomial) or N_spam (Bernoulli).
    pub spam_total: u64,
    /// The ham denominator count, as `spam_total`.
    pub ham_total: u64,
    /// P(w | spam) or p_spam,w.
    pub p_spam: f64,
    /// P(w | ham) or p_ham,w.
    pub p_ham: f64,
    /// Its term of the log-odds.
    pub contribution: f64,
    /// The class it rules out, if any.
    pub veto: Option<Veto>,
    /// [P(w | spam), P(w | ham)] with the numbers plugged into the formula.
    pub formulas: [String; 2],
}

/// Which part of the split a message is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Part {
    /// The training part: the model counts it.
    Train,
    /// The held-out test part: only the metrics see it.
    Test,
}

/// One message of the corpus listing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MessageEntry {
    /// Its position in the corpus (what the edit methods take).
    pub index: usize,
    /// Its label.
    pub label: Label,
    /// Its text.
    pub text: String,
    /// Training or test part.
    pub part: Part,
    /// How many times the model counts it: 1 for a training message, 0 for a test message
    /// or a ham message left out by undersampling, 2 or more for a spam message repeated by
    /// oversampling.
    pub copies: usize,
}

/// A page of the corpus listing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MessagePage {
    /// The position of the first entry.
    pub offset: usize,
    /// How many messages the corpus has.
    pub total: usize,
    /// The messages at positions offset, offset + 1, … (fewer at the end).
    pub entries: Vec<MessageEntry>,
}

/// A word's training counts per class, [ham, spam].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WordCounts {
    /// The word looked up (lower-cased, as the tokenizer makes it).
    pub word: String,
    /// Whether the training vocabulary has it.
    pub in_vocabulary: bool,
    /// n_cw: its occurrences in each class's training messages.
    pub token_counts: [u64; 2],
    /// d_cw: the number of each class's training messages that contain it.
    pub doc_counts: [u64; 2],
    /// n_c: all tokens of each class (the multinomial denominator's count).
    pub total_tokens: [u64; 2],
    /// N_c: the training messages of each class (the Bernoulli denominator's count).
    pub class_docs: [u64; 2],
}

/// The resampling and its effect on the prior.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ResampleSummary {
    /// Class counts before and after.
    pub report: ResampleReport,
    /// log P(spam) − log P(ham) under the current prior setting, for the class counts
    /// before and after resampling: [before, after].
    pub prior_log_ratio: [f64; 2],
}

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
    curve: Option<Vec<(f64, Metrics)>>,
}

/// A corpus being trained on in steps, so that a page can train on a real mailbox
/// without one long task: split and resampled when made, its training messages counted a
/// slice of tokens per [`Training::step`], the model fitted and the test part prepared by
/// [`Training::finish`]. The same panel as training in one go.
pub struct Training {
    corpus: Corpus,
    split: Split,
    /// The training messages after resampling, in counting order.
    training: Vec<usize>,
    report: ResampleReport,
    seed: u64,
    settings: Settings,
    counter: IdCounter,
    /// How many of `training` are counted.
    counted: usize,
}

impl Training {
    fn new(corpus: Corpus, split: Split, seed: u64, settings: Settings) -> Training {
        let (training, report) = resample(&split.train, &corpus.labels, settings.resampling, seed);
        let counter = IdCounter::new(corpus.vocab.words().len());
        Training { corpus, split, training, report, seed, settings, counter, counted: 0 }
    }

    /// Counts training messages until about `max_tokens` tokens are counted (at least
    /// one message); returns true when every one is.
    pub fn step(&mut self, max_tokens: usize) -> bool {
        let words = self.corpus.vocab.words();
        let mut tokens = 0usize;
        while tokens < max_tokens.max(1) {
            let Some(&i) = self.training.get(self.counted) else { break };
            let ids = self.corpus.doc(i, self.settings.header_evidence);
            self.counter.add(ids, self.corpus.labels[i], words);
            tokens = tokens.saturating_add(ids.len().max(1));
            self.counted += 1;
        }
        self.counted == self.training.len()
    }

    /// The share of the training messages counted, 0 to 1.
    pub fn progress(&self) -> f64 {
        if self.training.is_empty() {
            1.0
        } else {
            self.counted as f64 / self.training.len() as f64
        }
    }

    /// Counts what is left, fits the model and prepares the test part.
    ///
    /// # Errors
    /// A class with no message left to train on.
    pub fn finish(mut self) -> Result<SpamLab> {
        while !self.step(usize::MAX) {}
        let Training { corpus, split, training, report, seed, settings, counter, .. } = self;
        let (counts, word_index) = counter.finish();
        // A class may have all its messages in the test part only when it has one message.
        for label in Label::ALL {
            if counts.num_docs(label) == 0 {
                return Err(Error::EmptyData(format!(
                    "After holding out {}% for testing there are no {label} messages left to train on: add more {label} messages.",
                    (TEST_FRACTION * 100.0) as u32
                ).into()));
            }
        }
        let mut model = NaiveBayes::from_counts(counts, settings.event, settings.alpha, settings.prior)?;
        // `from_counts` already built the tables for one α: recompute only for pseudo-counts.
        if settings.smoothing != Smoothing::Lidstone {
            model.set_smoothing(settings.smoothing)?;
        }
        let mut lab = SpamLab {
            corpus,
            split,
            training,
            resample: report,
            model,
            test: Vec::new(),
            word_index,
            seed,
            costs: settings.costs,
            resampling: settings.resampling,
            header_evidence: settings.header_evidence,
            curve: None,
        };
        lab.refresh_with(false);
        Ok(lab)
    }
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
        let corpus = loader.into_corpus()?;
        SpamLab::train(corpus.with_credit(TEACHING_CREDIT), 1, Settings::default())
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
            self.word_index =
                words.iter().map(|w| counts.index_of(w).map_or(NOT_IN_VOCABULARY, |i| i as u32)).collect();
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
            corpus.with_credit(SMS_CREDIT)
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
    /// (header tokens too when header evidence is on): `(labels, offsets, ids, words)` with
    /// message i's ids `ids[offsets[i]..offsets[i + 1]]`, labels 0 ham / 1 spam, and every
    /// id below `words`. The learning curves read a loaded corpus this way
    /// ([`crate::curves::TextData::from_packed`]).
    pub fn bags(&self) -> (Vec<u8>, Vec<u32>, Vec<u32>, usize) {
        let n = self.corpus.labels.len();
        let labels = self.corpus.labels.iter().map(|l| l.as_u8()).collect();
        let mut offsets = Vec::with_capacity(n + 1);
        let mut ids = Vec::new();
        offsets.push(0);
        for i in 0..n {
            ids.extend_from_slice(self.corpus.doc(i, self.header_evidence));
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
                    ledger.email_error = Some(e.to_string());
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
                    ledger.email_error = Some(e.to_string());
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
        let (explanation, tokens) = self.model.explain_text_with_costs(text, &self.costs);
        let prior_formulas = Label::ALL.map(|l| explanation.prior_formula(l));
        let sentences = explanation.sentences();
        Ledger {
            explanation,
            prior_formulas,
            costs: self.costs,
            sentences,
            truncated,
            tokens,
            email: None,
            email_error: None,
        }
    }

    /// The ledger of an email: its body's tokens ([`Email::body_text`]), then, with header
    /// evidence on, its header tokens ([`Email::header_tokens`]); [`Ledger::email`] says
    /// what was read. Attachments are listed, never scored.
    pub fn explain_email(&self, email: &Email) -> Ledger {
        let tokens = email.tokens(self.header_evidence);
        let explanation = self.model.explain_tokens_with_costs(&tokens, &self.costs);
        let prior_formulas = Label::ALL.map(|l| explanation.prior_formula(l));
        let sentences = explanation.sentences();
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
            tokens: tokens.len(),
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
            return Err(Error::BadEdit("The message is empty: type some text to add.".to_string()));
        }
        if text.contains(['\n', '\r']) {
            return Err(Error::BadEdit(
                "A corpus message is one line: remove the line breaks before adding it.".to_string(),
            ));
        }
        if text.chars().nth(MAX_MESSAGE_CHARS).is_some() {
            return Err(Error::BadEdit(format!(
                "The message is longer than {MAX_MESSAGE_CHARS} characters; add a shorter one."
            )));
        }
        if let Some(i) = (0..self.corpus.texts.len()).position(|i| self.corpus.texts.get(i) == text.as_bytes()) {
            return Err(Error::BadEdit(format!(
                "This message is already in the corpus at position {i}, labelled {}: relabel it instead of adding it \
                 again.",
                self.corpus.labels[i]
            )));
        }
        let index = self.corpus.labels.len();
        if self.resampling == Resampling::None {
            self.model.add_tokens(&tokenize(text), label)?;
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
        self.check_not_last(&entry, "remove")?;
        if self.resampling == Resampling::None {
            if entry.part == Part::Train {
                self.model.remove_tokens(&self.corpus.tokens(index, self.header_evidence), entry.label)?;
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
        self.check_not_last(&entry, "relabel")?;
        if self.resampling == Resampling::None {
            if entry.part == Part::Train {
                self.model.relabel_tokens(&self.corpus.tokens(index, self.header_evidence), entry.label, label)?;
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
    fn check_not_last(&self, entry: &MessageEntry, verb: &str) -> Result<()> {
        if entry.part == Part::Train {
            let left = self.split.train.iter().filter(|&&i| self.corpus.labels[i] == entry.label).count();
            if left <= 1 {
                return Err(Error::BadEdit(format!(
                    "Message {} is the last {} message of the training part, and naive Bayes needs at least one of \
                     each class: add another {} message before you {verb} it.",
                    entry.index, entry.label, entry.label
                )));
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

/// The resampled fit's “no messages left to train on” as an edit error.
fn last_of_class(e: Error) -> Error {
    match e {
        Error::EmptyData(sentence) => Error::BadEdit(sentence.to_string()),
        other => other,
    }
}

/// Reads a corpus file in steps: decode once, then parse and tokenize a slice of lines per
/// [`CorpusLoader::step`], so a page can update a progress bar between steps.
#[derive(Debug, Clone)]
pub struct CorpusLoader {
    name: String,
    text: String,
    encoding: TextEncoding,
    pos: usize,
    line: usize,
    /// The messages kept so far (first occurrence of each text); its report is written
    /// when the file is read.
    corpus: Corpus,
    /// (hash, position) of every text kept so far, to drop repeats as they are read (the
    /// texts themselves are in `texts`: a repeat costs no allocation).
    seen: HashTable<(u64, u32)>,
    dedup: DedupReport,
    bad_lines: usize,
    errors: Vec<String>,
}

impl CorpusLoader {
    /// Starts reading `bytes` (UTF-8, or Latin-1 when not valid UTF-8) named `name`.
    ///
    /// # Errors
    /// [`Error::EmptyData`] for an empty file or one over [`MAX_CORPUS_BYTES`].
    pub fn new(bytes: &[u8], name: &str) -> Result<CorpusLoader> {
        if bytes.len() > MAX_CORPUS_BYTES {
            return Err(Error::EmptyData(
                format!(
                    "The file is {:.1} MB; the panel reads corpus files of up to 10 MB. Use a smaller part of it.",
                    bytes.len() as f64 / 1e6
                )
                .into(),
            ));
        }
        if bytes.iter().all(|b| b.is_ascii_whitespace()) {
            return Err(Error::EmptyData("The file is empty: there is no message to train on.".to_string().into()));
        }
        let (text, encoding) = decode_text(bytes);
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text).to_string();
        let name: String = name.chars().filter(|c| !c.is_control()).take(80).collect();
        // Sized from the file so that nothing is copied again while growing. The ratios are
        // estimates from the SMS Spam Collection (80 bytes a line, 5.4 bytes a token, 52 bytes
        // per distinct word; the number of distinct words grows more slowly than the text,
        // so larger files are over-estimated, by at most the cap).
        let n = text.len();
        let lines = n / 64 + 1;
        Ok(CorpusLoader {
            corpus: Corpus {
                name: name.clone(),
                labels: Vec::with_capacity(lines),
                texts: Packed::with_capacity(lines, n),
                ids: Packed::with_capacity(lines, n / 4),
                body_len: Vec::with_capacity(lines),
                vocab: Interner::with_capacity((n / 48).min(1 << 16)),
                report: CorpusReport::default(),
            },
            name,
            encoding,
            pos: 0,
            line: 0,
            seen: HashTable::with_capacity(lines),
            text,
            dedup: DedupReport::default(),
            bad_lines: 0,
            errors: Vec::new(),
        })
    }

    /// Parses and tokenizes about `max_bytes` more of the file (whole lines), dropping
    /// repeated messages as [`super::dedup`] does (the first occurrence of a text is kept); returns
    /// true when done.
    pub fn step(&mut self, max_bytes: usize) -> bool {
        let end = self.pos.saturating_add(max_bytes.max(1)).min(self.text.len());
        // Extend to the end of the line (a char boundary, since '\n' is ASCII), searched
        // bytewise from `end` on: a UTF-8 continuation byte is never b'\n'.
        let end = match find_byte(&self.text.as_bytes()[end..], b'\n') {
            Some(i) => end + i + 1,
            None => self.text.len(),
        };
        let chunk = &self.text[self.pos..end];
        let mut rest = chunk;
        while !rest.is_empty() {
            // Split after each '\n' (a char boundary: it is ASCII).
            let cut = find_byte(rest.as_bytes(), b'\n').map_or(rest.len(), |i| i + 1);
            let raw;
            (raw, rest) = rest.split_at(cut);
            self.line += 1;
            let line = raw.trim_end_matches(['\n', '\r']);
            if line.trim().is_empty() {
                continue;
            }
            match parse_line_str(line) {
                Ok((text, label)) => {
                    let hash = hash_word(text.as_bytes());
                    let corpus = &mut self.corpus;
                    let same = |&(h, i): &(u64, u32)| h == hash && corpus.texts.get(i as usize) == text.as_bytes();
                    match self.seen.find(hash, same) {
                        Some(&(_, first)) if corpus.labels[first as usize] == label => self.dedup.exact_duplicates += 1,
                        Some(_) => self.dedup.conflicting_labels += 1,
                        None => {
                            self.seen.insert_unique(hash, (hash, corpus.labels.len() as u32), |&(h, _)| h);
                            corpus.push(label, text);
                            self.dedup.kept += 1;
                        }
                    }
                }
                Err(reason) => {
                    self.bad_lines += 1;
                    if self.errors.len() < 20 {
                        self.errors.push(Error::BadLine { line: self.line, reason: reason.into() }.to_string());
                    }
                }
            }
        }
        self.pos = end;
        self.pos >= self.text.len()
    }

    /// The share of the file read so far, 0 to 1.
    pub fn progress(&self) -> f64 {
        if self.text.is_empty() {
            1.0
        } else {
            self.pos as f64 / self.text.len() as f64
        }
    }

    /// Reads the rest and checks there is enough of each class.
    fn into_corpus(mut self) -> Result<Corpus> {
        while !self.step(usize::MAX) {}
        let dedup_report = self.dedup;
        let count = |l: Label| self.corpus.labels.iter().filter(|&&x| x == l).count();
        let messages = [count(Label::Ham), count(Label::Spam)];
        if self.corpus.labels.is_empty() {
            let first = self.errors.first().map(|e| format!(" The first problem: {e}")).unwrap_or_default();
            return Err(Error::EmptyData(
                format!(
                    "No message could be read: each line must be “ham” or “spam”, a TAB, then the message text.{first}"
                )
                .into(),
            ));
        }
        for label in Label::ALL {
            if messages[label.index()] < 2 {
                return Err(Error::EmptyData(format!(
                    "The corpus has {} {label} message(s): naive Bayes needs at least two of each class (one to train on, one to test).",
                    messages[label.index()]
                ).into()));
            }
        }
        let mut notes = Vec::new();
        if self.bad_lines > 0 {
            notes.push(format!("{} line(s) could not be read and were skipped.", self.bad_lines));
        }
        if self.encoding == TextEncoding::Latin1 {
            notes.push(
                "The file is not valid UTF-8, so it was read as Latin-1; save it as UTF-8 if some letters look wrong."
                    .to_string(),
            );
        }
        if dedup_report.exact_duplicates + dedup_report.conflicting_labels > 0 {
            notes.push(format!(
                "{} repeated message(s) were removed ({} with conflicting labels), so no message is in both the training and the test part.",
                dedup_report.exact_duplicates + dedup_report.conflicting_labels,
                dedup_report.conflicting_labels
            ));
        }
        let report = CorpusReport {
            name: self.name.clone(),
            credit: format!("Your file “{}”.", self.name),
            messages,
            dedup: dedup_report,
            bad_lines: self.bad_lines,
            errors: self.errors,
            notes,
            split: [0, 0],
            vocabulary: 0,
        };
        Ok(Corpus { report, ..self.corpus })
    }
}

/// A size in the unit that reads best: bytes below 1 KB, whole kilobytes below 1 MB, then
/// megabytes to one decimal (decimal units, as the caps are stated: 1 KB = 1,000 bytes).
/// A small mailbox is "8 KB", never "0.0 MB".
pub fn byte_size(bytes: usize) -> String {
    if bytes < 1_000 {
        format!("{bytes} B")
    } else if bytes < 999_500 {
        format!("{:.0} KB", bytes as f64 / 1e3)
    } else {
        format!("{:.1} MB", bytes as f64 / 1e6)
    }
}

/// Reads a mailbox into a corpus in steps, so a page can show progress and never block:
/// message files one call each ([`MailboxLoader::add_file`]: the class from the folder,
/// [`super::mailbox::label_of_path`]), or an mbox file ([`MailboxLoader::begin_mbox`]) a
/// slice of bytes per [`MailboxLoader::step`] (the class from each message's `X-Label`
/// field, else from the file's name such as `spam.mbox`).
///
/// Each message is an [`Email`]; the corpus keeps its body text (what the model reads)
/// and its header tokens (counted only with header evidence on). A message that cannot be
/// read, or has no class, is counted and listed (the first 20) and skipped; repeated
/// bodies are dropped as the text loader drops repeated lines. Nothing replaces the
/// panel's corpus until [`SpamLab::replace_with_mailbox`] succeeds.
///
/// **Caps** ([`crate::limits`]): at most [`MAX_MAILBOX_BYTES`] (64 MB) and
/// [`MAX_MAILBOX_MESSAGES`] messages in all, each message within [`Email::parse`]'s caps.
#[derive(Debug, Clone)]
pub struct MailboxLoader {
    name: String,
    corpus: Corpus,
    seen: HashTable<(u64, u32)>,
    dedup: DedupReport,
    skipped: usize,
    errors: Vec<String>,
    bytes: usize,
    messages: usize,
    /// The mbox being read, fed in pieces.
    mbox: Option<MboxStream>,
    /// An mbox given whole ([`MailboxLoader::begin_mbox`]) and the position fed so far.
    whole: Option<(Vec<u8>, usize)>,
    /// Where a message's class comes from besides its folder or file name.
    rule: super::mailbox::LabelRule,
}

/// An mbox being read in pieces: the splitter, the line cut at the end of the last piece,
/// the class its file name gives, the bytes fed of the length announced.
#[derive(Debug, Clone)]
struct MboxStream {
    splitter: MboxSplitter,
    partial: Vec<u8>,
    label: Option<Label>,
    fed: usize,
    len: usize,
    started: bool,
}

impl MailboxLoader {
    /// An empty mailbox named `name` (the folder's or the file's name, for the report).
    pub fn new(name: &str) -> MailboxLoader {
        MailboxLoader {
            name: name.chars().filter(|c| !c.is_control()).take(80).collect(),
            corpus: Corpus {
                name: String::new(),
                labels: Vec::new(),
                texts: Packed::default(),
                ids: Packed::default(),
                body_len: Vec::new(),
                vocab: Interner::with_capacity(1 << 12),
                report: CorpusReport::default(),
            },
            seen: HashTable::new(),
            dedup: DedupReport::default(),
            skipped: 0,
            errors: Vec::new(),
            bytes: 0,
            messages: 0,
            mbox: None,
            whole: None,
            rule: super::mailbox::LabelRule::default(),
        }
    }

    /// Reads each message's class with `rule` from now on: a class its header gives wins
    /// over the folder's or the file name's, which is used where the header says none
    /// (with the default rule, `X-Label` in an mbox only, as the folder decides in a folder).
    pub fn set_label_rule(&mut self, rule: super::mailbox::LabelRule) {
        self.rule = rule;
    }

    /// Counts `n` more bytes and one more message against the caps.
    fn count(&mut self, n: usize) -> Result<()> {
        self.bytes = self.bytes.saturating_add(n);
        self.messages += 1;
        if self.bytes > MAX_MAILBOX_BYTES || self.messages > MAX_MAILBOX_MESSAGES {
            return Err(Error::EmptyData(
                format!(
                    "This mailbox is too large for one corpus: at most {MAX_MAILBOX_MESSAGES} messages and 64 MB \
                 together. Use a part of it."
                )
                .into(),
            ));
        }
        Ok(())
    }

    /// Notes a message that was left out.
    fn skip(&mut self, source: &str, reason: &str) {
        self.skipped += 1;
        if self.errors.len() < super::corpus::MAX_REPORTED_ERRORS {
            let source: String = source.chars().filter(|c| !c.is_control()).take(120).collect();
            self.errors.push(format!("{source}: {reason}"));
        }
    }

    /// Reads one message of class `label` (`None`: skipped, its class unknown).
    fn message(&mut self, source: &str, bytes: &[u8], label: Option<Label>) {
        let Some(label) = label else {
            self.skip(
                source,
                "its class is unknown: put it in a folder named “ham” or “spam” (or “easy_ham”, “spam_2”…), give it \
                 a line “X-Label: spam” or “X-Label: ham” among its headers, or choose the header line that gives \
                 the class.",
            );
            return;
        };
        match Email::parse(bytes) {
            Ok(email) => {
                let body = email.body();
                let hash = hash_word(body.as_bytes());
                let corpus = &mut self.corpus;
                let same = |&(h, i): &(u64, u32)| h == hash && corpus.texts.get(i as usize) == body.as_bytes();
                match self.seen.find(hash, same) {
                    Some(&(_, first)) if corpus.labels[first as usize] == label => self.dedup.exact_duplicates += 1,
                    Some(_) => self.dedup.conflicting_labels += 1,
                    None => {
                        self.seen.insert_unique(hash, (hash, corpus.labels.len() as u32), |&(h, _)| h);
                        corpus.push_email(label, body, &email.header_tokens());
                        self.dedup.kept += 1;
                    }
                }
            }
            Err(e) => self.skip(source, &e.to_string()),
        }
    }

    /// Reads one message file at `path` (its class from the nearest folder named for one;
    /// with the default rule a file's own `X-Label` field is not read here: the folder
    /// decides; another [`MailboxLoader::set_label_rule`] reads the header first). The corpus'
    /// own notes (`cmds`, `README…`, dot files) are passed over.
    ///
    /// # Errors
    /// [`Error::EmptyData`] past the caps (the loader is then to be dropped).
    pub fn add_file(&mut self, path: &str, bytes: &[u8]) -> Result<()> {
        if super::mailbox::is_ignored_file(path) {
            return Ok(());
        }
        self.count(bytes.len())?;
        let folder = super::mailbox::label_of_path(path);
        let label = if self.rule.reads_folders() { self.rule.label(bytes).or(folder) } else { folder };
        self.message(path, bytes, label);
        Ok(())
    }

    /// Starts reading an mbox file named `name`, read by [`MailboxLoader::step`].
    ///
    /// # Errors
    /// [`Error::EmptyData`] for an empty file, one over the caps, one that is an image or
    /// another binary format, or text without a `From ` line at its start (not an mbox).
    pub fn begin_mbox(&mut self, bytes: Vec<u8>, name: &str) -> Result<()> {
        self.begin_mbox_stream(name, bytes.len())?;
        self.whole = Some((bytes, 0));
        // The first piece now: an image or a text that is no mbox is refused at once.
        self.step(4096).map(|_| ())
    }

    /// Starts reading an mbox file of `len` bytes named `name` that will be given in pieces
    /// ([`MailboxLoader::feed_mbox`]), so that it is never copied whole.
    ///
    /// # Errors
    /// [`Error::EmptyData`] for an empty file or one over the caps.
    pub fn begin_mbox_stream(&mut self, name: &str, len: usize) -> Result<()> {
        if len == 0 {
            return Err(Error::EmptyData("The file is empty: there is no message to train on.".to_string().into()));
        }
        if self.bytes.saturating_add(len) > MAX_MAILBOX_BYTES {
            return Err(Error::EmptyData(
                format!(
                    "This mailbox file is {:.1} MB; a mailbox may have up to 64 MB. Use a part of it.",
                    len as f64 / 1e6
                )
                .into(),
            ));
        }
        let stem = name.rsplit(['/', '\\']).next().unwrap_or(name);
        self.mbox = Some(MboxStream {
            splitter: MboxSplitter::default(),
            partial: Vec::new(),
            label: super::mailbox::label_of_folder(stem),
            fed: 0,
            len,
            started: false,
        });
        Ok(())
    }

    /// Reads the next piece of the mbox begun with [`MailboxLoader::begin_mbox_stream`]
    /// (pieces in order, cut anywhere); every message that ends in it is parsed now, so
    /// the work of a call is bounded by the piece and the messages it completes. The last
    /// message is read when the fed bytes reach the length announced.
    ///
    /// # Errors
    /// [`Error::EmptyData`] when the first piece shows an image or another binary format,
    /// or text that is not an mbox; past the caps.
    pub fn feed_mbox(&mut self, piece: &[u8]) -> Result<()> {
        let Some(mut m) = self.mbox.take() else { return Ok(()) };
        if !m.started {
            let start = piece.iter().position(|b| !b.is_ascii_whitespace());
            let Some(start) = start else {
                m.fed += piece.len();
                if m.fed < m.len {
                    self.mbox = Some(m);
                    return Ok(());
                }
                return Err(Error::EmptyData("The file is empty: there is no message to train on.".to_string().into()));
            };
            if let Some(kind) = crate::error::binary_kind(piece) {
                return Err(Error::EmptyData(
                    format!(
                        "The file is {kind}, not a mailbox: an mbox file is text, each message starting with a line \
                     “From …”."
                    )
                    .into(),
                ));
            }
            if !b"From ".starts_with(&piece[start..piece.len().min(start + 5)]) {
                return Err(Error::EmptyData(
                    "This is not an mbox file: a mailbox starts with a line “From …” before each message."
                        .to_string()
                        .into(),
                ));
            }
            m.started = true;
        }
        m.fed += piece.len();
        let mut done = Vec::new();
        let mut rest = piece;
        while let Some(i) = find_byte(rest, b'\n') {
            let (line, tail) = rest.split_at(i + 1);
            rest = tail;
            let message = if m.partial.is_empty() {
                m.splitter.line(line)
            } else {
                m.partial.extend_from_slice(line);
                let whole = std::mem::take(&mut m.partial);
                m.splitter.line(&whole)
            };
            done.extend(message);
        }
        m.partial.extend_from_slice(rest);
        let finished = m.fed >= m.len;
        if finished {
            if !m.partial.is_empty() {
                let last = std::mem::take(&mut m.partial);
                done.extend(m.splitter.line(&last));
            }
            done.extend(m.splitter.finish());
        }
        let label = m.label;
        if !finished {
            self.mbox = Some(m);
        }
        for message in done {
            self.count(message.len())?;
            let source = format!("message {}", self.messages);
            let label = self.rule.label(&message).or(label);
            self.message(&source, &message, label);
        }
        Ok(())
    }

    /// Reads about `max_bytes` more of the mbox given whole to [`MailboxLoader::begin_mbox`];
    /// returns true when there is none or it is read.
    ///
    /// # Errors
    /// As [`MailboxLoader::feed_mbox`].
    pub fn step(&mut self, max_bytes: usize) -> Result<bool> {
        let Some((bytes, pos)) = self.whole.take() else { return Ok(self.mbox.is_none()) };
        let end = pos.saturating_add(max_bytes.max(1)).min(bytes.len());
        self.feed_mbox(&bytes[pos..end])?;
        if end < bytes.len() {
            self.whole = Some((bytes, end));
            return Ok(false);
        }
        Ok(true)
    }

    /// The share of the mbox read so far, 0 to 1 (1 without one).
    pub fn progress(&self) -> f64 {
        match &self.mbox {
            Some(m) if m.len > 0 => m.fed as f64 / m.len as f64,
            _ => 1.0,
        }
    }

    /// Messages read so far (kept, repeated or skipped).
    pub fn messages_read(&self) -> usize {
        self.messages
    }

    /// Reads what is left and checks there is enough of each class.
    fn into_corpus(mut self) -> Result<Corpus> {
        while !self.step(usize::MAX)? {}
        if let Some(m) = &self.mbox {
            return Err(Error::EmptyData(
                format!(
                    "The mailbox file was not read to its end ({} of {} bytes): nothing was changed.",
                    m.fed, m.len
                )
                .into(),
            ));
        }
        let count = |l: Label| self.corpus.labels.iter().filter(|&&x| x == l).count();
        let messages = [count(Label::Ham), count(Label::Spam)];
        let first = self.errors.first().map(|e| format!(" The first left out, {e}")).unwrap_or_default();
        if self.messages == 0 {
            return Err(Error::EmptyData(
                "No message was found: give an mbox file, or a folder of message files in folders named “ham” and \
                 “spam”."
                    .to_string()
                    .into(),
            ));
        }
        for label in Label::ALL {
            if messages[label.index()] < 2 {
                return Err(Error::EmptyData(
                    format!(
                    "The mailbox has {} {label} message(s) that could be read: naive Bayes needs at least two of each \
                     class (one to train on, one to test).{first}",
                    messages[label.index()]
                )
                    .into(),
                ));
            }
        }
        let mut notes = Vec::new();
        if self.skipped > 0 {
            notes.push(format!("{} message(s) could not be used and were skipped.{first}", self.skipped));
        }
        let dedup = self.dedup;
        if dedup.exact_duplicates + dedup.conflicting_labels > 0 {
            notes.push(format!(
                "{} message(s) repeated the body of an earlier one and were removed ({} with conflicting labels), so \
                 no message is in both the training and the test part.",
                dedup.exact_duplicates + dedup.conflicting_labels,
                dedup.conflicting_labels
            ));
        }
        notes.push(format!(
            "Read as emails: the model scores each message's decoded body; {} of mail take about {} in memory.",
            byte_size(self.bytes),
            byte_size(self.corpus.memory_bytes())
        ));
        let report = CorpusReport {
            name: self.name.clone(),
            credit: format!("Your mailbox “{}”.", self.name),
            messages,
            dedup,
            bad_lines: self.skipped,
            errors: self.errors,
            notes,
            split: [0, 0],
            vocabulary: 0,
        };
        Ok(Corpus { name: self.name, report, ..self.corpus })
    }
}
