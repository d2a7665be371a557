//! Training on a corpus in slices, so that a large one never holds the page for long.

use super::*;

/// A corpus being trained on in steps, so that a page can train on a real mailbox
/// without one long task: split and resampled when made, its training messages counted a
/// slice of tokens per [`Training::step`], the model fitted and the test part prepared by
/// [`Training::finish`]. The same panel as training in one go.
pub struct Training {
    pub(super) corpus: Corpus,
    pub(super) split: Split,
    /// The training messages after resampling, in counting order.
    pub(super) training: Vec<usize>,
    pub(super) report: ResampleReport,
    pub(super) seed: u64,
    pub(super) settings: Settings,
    pub(super) counter: IdCounter,
    /// How many of `training` are counted.
    pub(super) counted: usize,
    /// Per corpus word id, whether it is a common word left out (empty: none is).
    pub(super) common: Vec<bool>,
    /// A message's ids without its common words (reused from one message to the next).
    pub(super) kept: Vec<u32>,
}

impl Training {
    pub(super) fn new(corpus: Corpus, split: Split, seed: u64, settings: Settings) -> Training {
        let (training, report) = resample(&split.train, &corpus.labels, settings.resampling, seed);
        let counter = IdCounter::new(corpus.vocab.words().len());
        let common = common_ids(&corpus, settings.ignore_common_words);
        Training { corpus, split, training, report, seed, settings, counter, counted: 0, common, kept: Vec::new() }
    }

    /// Counts training messages until about `max_tokens` tokens are counted (at least
    /// one message); returns true when every one is.
    pub fn step(&mut self, max_tokens: usize) -> bool {
        let words = self.corpus.vocab.words();
        let mut tokens = 0usize;
        while tokens < max_tokens.max(1) {
            let Some(&i) = self.training.get(self.counted) else { break };
            let mut ids = self.corpus.doc(i, self.settings.header_evidence);
            if !self.common.is_empty() {
                self.kept.clear();
                self.kept.extend(ids.iter().filter(|&&id| !self.common[id as usize]));
                ids = &self.kept;
            }
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
                return Err(Error::EmptyData(
                    Message::new(&codes::NB_TRAIN_NONE_LEFT)
                        .int("percent", (TEST_FRACTION * 100.0) as u32)
                        .msg("label", label.message()),
                ));
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
            ignore_common_words: settings.ignore_common_words,
            curve: None,
        };
        lab.refresh_with(false);
        Ok(lab)
    }
}
