//! What the lab hands the page: the corpus report, the evaluation, the ledger of a message
//! (every word's evidence, summing exactly to the verdict), word details, pages of messages.

use super::*;

/// What loading a corpus found, for the panel to show. Its sentences are messages
/// ([`crate::message`]): `to_string()` gives their English.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CorpusReport {
    /// The name (the file name, or the built-in corpus' English name).
    pub name: String,
    /// The name as the panel shows it: `nb.corpus.teaching` for the built-in corpus, the
    /// file's name (`nb.corpus.named`) otherwise.
    pub title: Message,
    /// The credit line shown.
    pub credit: Message,
    /// Messages in the corpus (after de-duplication, and after any edits): [ham, spam].
    pub messages: [usize; 2],
    /// What de-duplication removed.
    pub dedup: DedupReport,
    /// Lines that could not be read (all of them counted; the first 20 listed).
    pub bad_lines: usize,
    /// The first bad lines' messages, with line numbers.
    pub errors: Vec<Message>,
    /// Notes (encoding, skipped lines) in plain words.
    pub notes: Vec<Message>,
    /// Training and test messages: [train, test].
    pub split: [usize; 2],
    /// The training vocabulary size |V|.
    pub vocabulary: usize,
}

impl Default for CorpusReport {
    fn default() -> CorpusReport {
        let unnamed = Message::new(&codes::NB_CORPUS_NAMED).text("name", "");
        CorpusReport {
            name: String::new(),
            title: unnamed.clone(),
            credit: unnamed,
            messages: [0, 0],
            dedup: DedupReport::default(),
            bad_lines: 0,
            errors: Vec::new(),
            notes: Vec::new(),
            split: [0, 0],
            vocabulary: 0,
        }
    }
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
    /// Sentences for vetoes, undefined posteriors and cost-changed verdicts
    /// ([`Explanation::sentence_messages`]).
    pub sentences: Vec<Message>,
    /// Whether the message was cut at [`MAX_MESSAGE_CHARS`].
    pub truncated: bool,
    /// How many tokens the message has (the common words left out among them).
    pub tokens: usize,
    /// Whether common words were left out ([`SpamLab::set_ignore_common_words`]).
    pub ignore_common_words: bool,
    /// The common words left out of this message, each with its count, in order of first
    /// appearance (empty when they are not ignored).
    pub common_words: Vec<CommonWord>,
    /// What was read when the message is an email; `None` for plain text.
    pub email: Option<EmailSummary>,
    /// Why a message that looks like an email could not be read as one (it was then
    /// scored as plain text).
    pub email_error: Option<Message>,
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
            ignore_common_words: self.ignore_common_words,
            common_words: &self.common_words,
            email: self.email.as_ref(),
            email_error: self.email_error.as_ref(),
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
    pub sentences: &'a [Message],
    /// Whether the message was cut at [`MAX_MESSAGE_CHARS`].
    pub truncated: bool,
    /// How many tokens the message has.
    pub tokens: usize,
    /// As [`Ledger::ignore_common_words`].
    pub ignore_common_words: bool,
    /// As [`Ledger::common_words`] (at most 139: the list's length).
    pub common_words: &'a [CommonWord],
    /// As [`Ledger::email`].
    pub email: Option<&'a EmailSummary>,
    /// As [`Ledger::email_error`].
    pub email_error: Option<&'a Message>,
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
    /// Its term of the log-odds (see [`crate::nb::explain::WordEvidence::contribution`]).
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

/// The message as the ledger reads it.
impl SpamLab {
    /// The tokens [`SpamLab::explain`] scores for `text`, in order: an email's (its body, then
    /// its header tokens when header evidence is on), else the text cut at
    /// [`MAX_MESSAGE_CHARS`]; without the common words when they are left out. The panel's
    /// predictions judge these, so their words and evidence are the ledger's.
    pub fn message_tokens(&self, text: &str) -> Vec<String> {
        let tokens = match looks_like_email(text.as_bytes()).then(|| Email::parse(text.as_bytes())) {
            Some(Ok(email)) => email.tokens(self.header_evidence),
            _ => {
                let cut = text.char_indices().nth(MAX_MESSAGE_CHARS).map_or(text, |(i, _)| &text[..i]);
                tokenize(cut)
            }
        };
        if self.ignore_common_words {
            drop_common_words(tokens).0
        } else {
            tokens
        }
    }
}
