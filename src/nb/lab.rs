//! The spam panel's state, without browser types: the corpus (tokenized once), its seeded
//! stratified train/test split, the model trained on the training part, the settings
//! (α, event model, prior), the held-out metrics and their curve against α.
//!
//! Changing a setting recomputes the probability tables only; the corpus is tokenized and
//! counted once, when it is loaded. Loading happens in steps ([`CorpusLoader`]) so that a
//! page can show progress and stay responsive on a large file; the previous corpus stays in
//! place until a new one is complete and valid.

use std::collections::HashMap;

use serde::Serialize;

use super::corpus::{decode_text, parse_line, stratified_split, DedupReport, Split, TextEncoding};
use super::counts::Counts;
use super::eval::evaluate_tokens;
use super::explain::Explanation;
use super::model::{EventModel, NaiveBayes, Prior};
use super::tokenize::tokenize;
use super::Label;
use crate::data::TEACHING_CORPUS;
use crate::error::{Error, Result};
use crate::stats::metrics::Metrics;

/// Largest corpus file the panel reads, in bytes (10 MB: twenty SMS Spam Collections).
pub const MAX_CORPUS_BYTES: usize = 10_000_000;
/// Longest message the ledger explains, in characters; the rest is ignored (and said so).
pub const MAX_MESSAGE_CHARS: usize = 1_000_000;
/// The share of each class held out for evaluation.
pub const TEST_FRACTION: f64 = 0.2;
/// The α values of the metrics-versus-α curve (0 first: the unsmoothed model).
pub const ALPHA_GRID: [f64; 14] = [0.0, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0];

const TEACHING_CREDIT: &str = "genlab teaching corpus: written for genlab, CC0 1.0.";
const SMS_CREDIT: &str = "SMS Spam Collection v.1: T. A. Almeida & J. M. Gómez Hidalgo, UCI ML Repository, CC BY 4.0.";

/// A loaded corpus: de-duplicated messages and their tokens.
#[derive(Debug, Clone)]
struct Corpus {
    name: String,
    labels: Vec<Label>,
    tokens: Vec<Vec<String>>,
    report: CorpusReport,
}

impl Corpus {
    fn with_credit(mut self, credit: &str) -> Corpus {
        self.report.credit = credit.to_string();
        self
    }
}

/// What loading a corpus found, for the panel to show.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CorpusReport {
    /// The name shown (the file name, or the built-in corpus' name).
    pub name: String,
    /// The credit line shown.
    pub credit: String,
    /// Messages kept after de-duplication: [ham, spam].
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

/// The held-out evaluation and the curve of metrics against α.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Evaluation {
    /// The metrics at the current α.
    pub current: Metrics,
    /// The metrics at each α of [`ALPHA_GRID`] (same event model and prior).
    pub curve: Vec<(f64, Metrics)>,
}

/// A message's ledger with everything the panel prints beside it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ledger {
    /// The evidence, term by term.
    pub explanation: Explanation,
    /// Per word of `explanation.words`: [P(w | spam), P(w | ham)] with the numbers
    /// plugged into the formula.
    pub formulas: Vec<[String; 2]>,
    /// Sentences for vetoes and undefined posteriors.
    pub sentences: Vec<String>,
    /// Whether the message was cut at [`MAX_MESSAGE_CHARS`].
    pub truncated: bool,
    /// How many tokens the message has.
    pub tokens: usize,
}

/// The spam panel's state.
#[derive(Debug, Clone)]
pub struct SpamLab {
    corpus: Corpus,
    split: Split,
    model: NaiveBayes,
    test: Vec<(Vec<String>, Label)>,
    seed: u64,
    curve: Option<Vec<(f64, Metrics)>>,
}

impl SpamLab {
    /// The panel on the built-in teaching corpus, multinomial, α = 1, ML prior, split seed 1.
    ///
    /// # Errors
    /// Only if the embedded corpus were broken (a test loads it).
    pub fn builtin() -> Result<SpamLab> {
        let mut loader = CorpusLoader::new(TEACHING_CORPUS.as_bytes(), "genlab teaching corpus")?;
        while !loader.step(usize::MAX) {}
        let corpus = loader.into_corpus()?;
        SpamLab::train(corpus.with_credit(TEACHING_CREDIT), 1, EventModel::Multinomial, 1.0, Prior::MaximumLikelihood)
    }

    fn train(mut corpus: Corpus, seed: u64, event: EventModel, alpha: f64, prior: Prior) -> Result<SpamLab> {
        let split = stratified_split(&corpus.labels, TEST_FRACTION, seed)?;
        let mut counts = Counts::new();
        for &i in &split.train {
            counts.add_tokens(&corpus.tokens[i], corpus.labels[i]);
        }
        // A class may have all its messages in the test part only when it has one message.
        for label in Label::ALL {
            if counts.num_docs(label) == 0 {
                return Err(Error::EmptyData(format!(
                    "After holding out {}% for testing there are no {label} messages left to train on: add more {label} messages.",
                    (TEST_FRACTION * 100.0) as u32
                )));
            }
        }
        let model = NaiveBayes::from_counts(counts, event, alpha, prior)?;
        let test = split.test.iter().map(|&i| (corpus.tokens[i].clone(), corpus.labels[i])).collect();
        corpus.report.split = [split.train.len(), split.test.len()];
        corpus.report.vocabulary = model.counts().vocabulary_size();
        Ok(SpamLab { corpus, split, model, test, seed, curve: None })
    }

    /// Replaces the corpus with one a loader finished, keeping the settings. On error the
    /// panel keeps its current corpus.
    ///
    /// # Errors
    /// As [`CorpusLoader::into_corpus`], or too few messages of a class to split.
    pub fn replace_corpus(&mut self, loader: CorpusLoader) -> Result<()> {
        let corpus = loader.into_corpus()?;
        let corpus = if corpus.name.to_lowercase().contains("smsspamcollection") {
            corpus.with_credit(SMS_CREDIT)
        } else {
            corpus
        };
        *self = SpamLab::train(corpus, self.seed, self.model.event_model(), self.model.alpha(), self.model.prior())?;
        Ok(())
    }

    /// Changes the split seed and retrains (the corpus is not re-tokenized).
    ///
    /// # Errors
    /// As the split; the state is kept on error.
    pub fn set_seed(&mut self, seed: u64) -> Result<()> {
        let m = &self.model;
        *self = SpamLab::train(self.corpus.clone(), seed, m.event_model(), m.alpha(), m.prior())?;
        Ok(())
    }

    /// Sets α (0 allowed), recomputing the probability tables only.
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

    /// The model (trained on the training part of the split).
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

    /// What the loaded corpus holds.
    pub fn report(&self) -> &CorpusReport {
        &self.corpus.report
    }

    /// The ledger of a message typed by the user (cut at [`MAX_MESSAGE_CHARS`]).
    pub fn explain(&self, text: &str) -> Ledger {
        let (text, truncated) = match text.char_indices().nth(MAX_MESSAGE_CHARS) {
            Some((cut, _)) => (&text[..cut], true),
            None => (text, false),
        };
        let tokens = tokenize(text);
        let explanation = self.model.explain_tokens(&tokens);
        let formulas = explanation
            .words
            .iter()
            .map(|w| [Label::Spam, Label::Ham].map(|l| explanation.formula(&w.word, l).unwrap_or_default()))
            .collect();
        let sentences = explanation.sentences();
        Ledger { explanation, formulas, sentences, truncated, tokens: tokens.len() }
    }

    /// The held-out metrics now, and against α (the curve is cached until the event model,
    /// prior or corpus changes).
    pub fn evaluate(&mut self) -> Evaluation {
        let current = evaluate_tokens(&self.model, &self.test);
        if self.curve.is_none() {
            let mut m = self.model.clone();
            let curve = ALPHA_GRID
                .iter()
                .filter_map(|&a| m.set_alpha(a).ok().map(|()| (a, evaluate_tokens(&m, &self.test))))
                .collect();
            self.curve = Some(curve);
        }
        Evaluation { current, curve: self.curve.clone().unwrap_or_default() }
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
    /// Labels and tokens of the messages kept so far (first occurrence of each text).
    labels: Vec<Label>,
    tokens: Vec<Vec<String>>,
    /// Every text kept so far with its label, to drop repeats as they are read.
    seen: HashMap<String, Label>,
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
            return Err(Error::EmptyData(format!(
                "The file is {:.1} MB; the panel reads corpus files of up to 10 MB. Use a smaller part of it.",
                bytes.len() as f64 / 1e6
            )));
        }
        if bytes.iter().all(|b| b.is_ascii_whitespace()) {
            return Err(Error::EmptyData("The file is empty: there is no message to train on.".to_string()));
        }
        let (text, encoding) = decode_text(bytes);
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text).to_string();
        let name: String = name.chars().filter(|c| !c.is_control()).take(80).collect();
        Ok(CorpusLoader {
            name,
            text,
            encoding,
            pos: 0,
            line: 0,
            labels: Vec::new(),
            tokens: Vec::new(),
            seen: HashMap::new(),
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
        // Extend to the end of the line (a char boundary, since '\n' is ASCII).
        let end = match self.text[self.pos..].char_indices().find(|&(i, c)| self.pos + i >= end && c == '\n') {
            Some((i, _)) => self.pos + i + 1,
            None => self.text.len(),
        };
        let chunk = &self.text[self.pos..end];
        for raw in chunk.split_inclusive('\n') {
            self.line += 1;
            let line = raw.trim_end_matches(['\n', '\r']);
            if line.trim().is_empty() {
                continue;
            }
            match parse_line(line) {
                Ok((text, label)) => match self.seen.get(&text) {
                    Some(&first) if first == label => self.dedup.exact_duplicates += 1,
                    Some(_) => self.dedup.conflicting_labels += 1,
                    None => {
                        self.tokens.push(tokenize(&text));
                        self.labels.push(label);
                        self.seen.insert(text, label);
                        self.dedup.kept += 1;
                    }
                },
                Err(reason) => {
                    self.bad_lines += 1;
                    if self.errors.len() < 20 {
                        self.errors.push(Error::BadLine { line: self.line, reason }.to_string());
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
        let count = |l: Label| self.labels.iter().filter(|&&x| x == l).count();
        let messages = [count(Label::Ham), count(Label::Spam)];
        if self.labels.is_empty() {
            let first = self.errors.first().map(|e| format!(" The first problem: {e}")).unwrap_or_default();
            return Err(Error::EmptyData(format!(
                "No message could be read: each line must be “ham” or “spam”, a TAB, then the message text.{first}"
            )));
        }
        for label in Label::ALL {
            if messages[label.index()] < 2 {
                return Err(Error::EmptyData(format!(
                    "The corpus has {} {label} message(s): naive Bayes needs at least two of each class (one to train on, one to test).",
                    messages[label.index()]
                )));
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
        Ok(Corpus { name: self.name, labels: self.labels, tokens: self.tokens, report })
    }
}
