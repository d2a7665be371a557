//! The sufficient statistics of naive Bayes, counted once from a tokenized corpus.
//!
//! For each class c ∈ {ham, spam} and each vocabulary word w:
//!
//! * n_cw — occurrences of w in the class-c training messages (multinomial model);
//! * d_cw — number of class-c messages that contain w at least once (Bernoulli model);
//! * n_c = Σ_w n_cw — total tokens of class c;
//! * N_c — number of class-c messages, and N = N_ham + N_spam.
//!
//! The vocabulary V is every distinct token of the training messages, numbered in order of
//! first appearance. Every probability of the model is a function of these numbers and α,
//! so changing α, the event model or the prior never needs the corpus again.

use std::collections::HashMap;

use super::tokenize::tokenize;
use super::Label;

/// Vocabulary and per-class word counts of a training corpus.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Counts {
    index: HashMap<String, u32>,
    words: Vec<String>,
    /// n_cw, indexed `[class][word]`.
    token_counts: [Vec<u64>; 2],
    /// d_cw, indexed `[class][word]`.
    doc_counts: [Vec<u64>; 2],
    /// n_c.
    total_tokens: [u64; 2],
    /// N_c.
    docs: [u64; 2],
}

impl Counts {
    /// Empty counts: no vocabulary, no messages.
    pub fn new() -> Counts {
        Counts::default()
    }

    /// Counts a tokenized corpus.
    pub fn from_docs<S: AsRef<str>>(docs: &[(Vec<S>, Label)]) -> Counts {
        let mut counts = Counts::new();
        for (tokens, label) in docs {
            counts.add_tokens(tokens, *label);
        }
        counts
    }

    /// Tokenizes (with [`tokenize`]) and counts a corpus of raw texts.
    pub fn from_texts<S: AsRef<str>>(docs: &[(S, Label)]) -> Counts {
        let mut counts = Counts::new();
        for (text, label) in docs {
            counts.add_text(text.as_ref(), *label);
        }
        counts
    }

    /// Adds one tokenized message of class `label`. New words join the vocabulary.
    pub fn add_tokens<S: AsRef<str>>(&mut self, tokens: &[S], label: Label) {
        let c = label.index();
        let mut seen: Vec<u32> = Vec::with_capacity(tokens.len());
        for token in tokens {
            let token = token.as_ref();
            let i = match self.index.get(token) {
                Some(&i) => i,
                None => self.insert_word(token),
            };
            self.token_counts[c][i as usize] += 1;
            seen.push(i);
        }
        seen.sort_unstable();
        seen.dedup();
        for i in seen {
            self.doc_counts[c][i as usize] += 1;
        }
        self.total_tokens[c] += tokens.len() as u64;
        self.docs[c] += 1;
    }

    /// Tokenizes `text` and adds it as a message of class `label`.
    pub fn add_text(&mut self, text: &str, label: Label) {
        self.add_tokens(&tokenize(text), label);
    }

    fn insert_word(&mut self, word: &str) -> u32 {
        // More than 4 billion distinct words cannot fit in memory anyway.
        let i = self.words.len() as u32;
        self.index.insert(word.to_string(), i);
        self.words.push(word.to_string());
        for c in 0..2 {
            self.token_counts[c].push(0);
            self.doc_counts[c].push(0);
        }
        i
    }

    /// |V|, the number of distinct training words.
    pub fn vocabulary_size(&self) -> usize {
        self.words.len()
    }

    /// The vocabulary, in order of first appearance; a word's position is its index.
    pub fn words(&self) -> &[String] {
        &self.words
    }

    /// The index of `word` in the vocabulary, or `None` if training never saw it.
    pub fn index_of(&self, word: &str) -> Option<usize> {
        self.index.get(word).map(|&i| i as usize)
    }

    /// n_cw: occurrences of vocabulary word `word_index` in class `label` (0 when the index
    /// is out of range).
    pub fn token_count(&self, label: Label, word_index: usize) -> u64 {
        self.token_counts[label.index()].get(word_index).copied().unwrap_or(0)
    }

    /// d_cw: number of class-`label` messages containing vocabulary word `word_index` (0
    /// when the index is out of range).
    pub fn doc_count(&self, label: Label, word_index: usize) -> u64 {
        self.doc_counts[label.index()].get(word_index).copied().unwrap_or(0)
    }

    /// All n_cw of one class, indexed by word.
    pub fn token_counts(&self, label: Label) -> &[u64] {
        &self.token_counts[label.index()]
    }

    /// All d_cw of one class, indexed by word.
    pub fn doc_counts(&self, label: Label) -> &[u64] {
        &self.doc_counts[label.index()]
    }

    /// n_c: the total number of tokens in the class-`label` messages.
    pub fn total_tokens(&self, label: Label) -> u64 {
        self.total_tokens[label.index()]
    }

    /// N_c: the number of class-`label` messages.
    pub fn num_docs(&self, label: Label) -> u64 {
        self.docs[label.index()]
    }

    /// N: the number of messages of both classes.
    pub fn total_docs(&self) -> u64 {
        self.docs[0] + self.docs[1]
    }
}
