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
//!
//! **Editing.** A message can be taken out again ([`Counts::remove_tokens`]) or moved to
//! the other class ([`Counts::relabel_tokens`]) without recounting. A word whose counts
//! fall to 0 in both classes leaves the vocabulary (|V| shrinks, as a recount would give),
//! and the remaining words keep their relative order (a recount could number them
//! differently: the counts are the same, word by word). Adding a message and removing it
//! again restores the counts exactly, order included.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::tokenize::tokenize;
use super::Label;
use crate::error::{Error, Result};

/// A hash map with [`FxHasher`]: the vocabulary is looked up once per token, when counting,
/// scoring and explaining, and SipHash (std's default, built to resist hash flooding from
/// untrusted network input) cost a third of training. Here the input is the user's own text.
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// The multiply-rotate hash of rustc and Firefox ("FxHash", with rustc-hash 2's final
/// rotation): fast on short keys, good enough for a vocabulary; not meant to resist crafted
/// collisions.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct FxHasher {
    hash: u64,
}

impl FxHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        // Whole words, then a half word, then bytes: no copy into a buffer (in wasm a
        // variable-length copy is a `memory.copy` call, slower than the hash itself).
        let mut rest = bytes;
        while let Some((word, tail)) = rest.split_first_chunk::<8>() {
            self.add(u64::from_le_bytes(*word));
            rest = tail;
        }
        if let Some((half, tail)) = rest.split_first_chunk::<4>() {
            self.add(u64::from(u32::from_le_bytes(*half)));
            rest = tail;
        }
        for &b in rest {
            self.add(u64::from(b));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        // The product's high bits mix every input bit, its low bits only the low ones, and
        // hashbrown picks the bucket from the low bits: rotate the good bits down (as
        // rustc-hash 2 does), or words that share a first letter collide.
        self.hash.rotate_left(26)
    }
}

/// The vocabulary index of a word id that no counted message has.
pub(crate) const NOT_IN_VOCABULARY: u32 = u32::MAX;

/// Distinct words numbered in order of first appearance: a corpus is kept as word ids
/// into one of these, so that each distinct word is stored (and allocated) once, and
/// recounting a split or scoring the test part hashes no token. [`Counts`] keeps its
/// vocabulary in one too.
///
/// The table holds one [`Slot`] per word, the words live once in `words`. Most words are at
/// most 8 bytes long, and such a word is its own key: its bytes packed into a `u64`, so a
/// lookup compares two integers and never reads the word list (no pointer chase, no byte
/// comparison). A longer word is keyed by its hash ([`hash_word`]) and its bytes are compared
/// on a hash match only. Growing the table never reads a word again.
///
/// The table is open addressing with linear probing, at most 3/4 full: a lookup is a load
/// and a compare of one 16-byte slot, rarely two. (`hashbrown`'s probing by groups of
/// control bytes cost about half as much again per token in wasm, which has no SSE2 to
/// match 16 control bytes at once; the lookup was a fifth of loading a corpus.)
#[derive(Clone, Default)]
pub(crate) struct Interner {
    /// A power of two of slots, or none; free slots have the id [`Slot::FREE`].
    slots: Vec<Slot>,
    /// The words end to end, in order of id: one buffer, not a `String` per word (whose
    /// allocations and frees were ~15 % of the instructions of loading the SMS corpus).
    text: String,
    /// Where each word ends in `text`.
    ends: Vec<usize>,
}

/// A vocabulary's words in order of id (a view of its one buffer): `words[i]` is word `i`.
#[derive(Clone, Copy)]
pub struct Words<'a> {
    text: &'a str,
    ends: &'a [usize],
}

impl<'a> Words<'a> {
    /// How many words.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Word `i`, if there is one.
    pub fn get(&self, i: usize) -> Option<&'a str> {
        let end = *self.ends.get(i)?;
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        self.text.get(start..end)
    }

    /// The words in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &'a str> + 'a {
        let words = *self;
        (0..words.len()).map(move |i| words.get(i).unwrap_or(""))
    }
}

impl std::ops::Index<usize> for Words<'_> {
    type Output = str;

    /// Word `i`; panics when there is no word `i`, as a slice does.
    fn index(&self, i: usize) -> &str {
        match self.get(i) {
            Some(word) => word,
            None => panic!("no word {i} in a vocabulary of {}", self.len()),
        }
    }
}

impl<S: AsRef<str>, const N: usize> PartialEq<[S; N]> for Words<'_> {
    fn eq(&self, other: &[S; N]) -> bool {
        self.len() == N && self.iter().zip(other).all(|(a, b)| a == b.as_ref())
    }
}

impl std::fmt::Debug for Words<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// One word's entry in an [`Interner`]'s table.
#[derive(Clone, Copy)]
struct Slot {
    /// The packed bytes of a word of at most 8 bytes ([`pack`]), else the word's hash.
    key: u64,
    /// The word's id: its index in `words`.
    id: u32,
    /// The word's length in bytes (words over 4 GB cannot be pasted into a browser).
    len: u32,
}

impl Slot {
    /// The id of a free slot (no vocabulary has 4 billion words).
    const FREE: u32 = u32::MAX;

    /// The table's hash of this slot's word: the same as [`hash_word`] of its bytes.
    #[inline]
    fn hash(&self) -> u64 {
        if self.len <= 8 {
            hash_packed(self.key, self.len as usize)
        } else {
            self.key
        }
    }
}

/// A word as its table key and hash: short words are their packed bytes.
struct Key<'a> {
    word: &'a str,
    key: u64,
    hash: u64,
}

impl<'a> Key<'a> {
    #[inline]
    fn new(word: &'a str) -> Key<'a> {
        let bytes = word.as_bytes();
        if bytes.len() <= 8 {
            let key = pack(bytes);
            Key { word, key, hash: hash_packed(key, bytes.len()) }
        } else {
            let hash = hash_word(bytes);
            Key { word, key: hash, hash }
        }
    }

    /// Whether `slot` holds this word (`words` are the interner's words).
    #[inline]
    fn matches(&self, slot: &Slot, words: Words) -> bool {
        slot.key == self.key
            && slot.len as usize == self.word.len()
            && (self.word.len() <= 8 || words.get(slot.id as usize).is_some_and(|w| w == self.word))
    }

    fn slot(&self, id: u32) -> Slot {
        Slot { key: self.key, id, len: self.word.len() as u32 }
    }
}

impl Interner {
    /// An empty interner with room for `words` distinct words without growing.
    pub(crate) fn with_capacity(words: usize) -> Interner {
        // ~8 bytes a word, as in the SMS collection; the buffer grows if more.
        let mut interner =
            Interner { slots: Vec::new(), text: String::with_capacity(8 * words), ends: Vec::with_capacity(words) };
        interner.grow_to(words);
        interner
    }

    /// Rebuilds the table with room for `words` words (3/4 of its slots).
    fn grow_to(&mut self, words: usize) {
        let size = (words.saturating_mul(4) / 3 + 1).next_power_of_two().max(16);
        if size <= self.slots.len() {
            return;
        }
        let free = Slot { key: 0, id: Slot::FREE, len: 0 };
        let old = std::mem::replace(&mut self.slots, vec![free; size]);
        let mask = size - 1;
        for slot in old.into_iter().filter(|s| s.id != Slot::FREE) {
            let mut i = slot.hash() as usize & mask;
            while self.slots[i].id != Slot::FREE {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }

    /// Where `key` is: `Ok` with its id, or `Err` with the free slot where it would go.
    #[inline]
    fn find(&self, key: &Key) -> Result<u32, usize> {
        // Never full (at most 3/4), so the probe ends; an empty table has no slot to return.
        let mask = self.slots.len().wrapping_sub(1);
        let mut i = key.hash as usize & mask;
        loop {
            let slot = self.slots.get(i).ok_or(i)?;
            if slot.id == Slot::FREE {
                return Err(i);
            }
            if key.matches(slot, self.words()) {
                return Ok(slot.id);
            }
            i = (i + 1) & mask;
        }
    }

    /// Numbers a word that `find` did not find, at the free slot it returned.
    fn insert(&mut self, key: &Key, free: usize) -> u32 {
        let id = self.ends.len() as u32;
        self.text.push_str(key.word);
        self.ends.push(self.text.len());
        let free = if self.ends.len() * 4 > self.slots.len() * 3 {
            // Full beyond 3/4 with this word: grow, then look for a free slot again.
            self.grow_to(self.ends.len() * 2);
            self.find(key).err().unwrap_or(0)
        } else {
            free
        };
        self.slots[free] = key.slot(id);
        id
    }

    /// The id of `word`, numbering it if it is new.
    pub(crate) fn intern(&mut self, word: &str) -> u32 {
        let key = Key::new(word);
        match self.find(&key) {
            Ok(id) => id,
            Err(free) => self.insert(&key, free),
        }
    }

    /// The id of `word`, if it has one.
    pub(crate) fn get(&self, word: &str) -> Option<u32> {
        self.find(&Key::new(word)).ok()
    }

    /// The words, indexed by id.
    pub(crate) fn words(&self) -> Words<'_> {
        Words { text: &self.text, ends: &self.ends }
    }

    /// How many words.
    fn len(&self) -> usize {
        self.ends.len()
    }

    /// Keeps the words for which `keep` says true, renumbered in their order.
    fn retain(&mut self, keep: &[bool]) {
        let old = std::mem::take(self);
        let words = old.words();
        let kept = |i: usize| keep.get(i).copied().unwrap_or(true);
        *self = Interner::with_capacity((0..words.len()).filter(|&i| kept(i)).count());
        for (i, w) in words.iter().enumerate() {
            if kept(i) {
                self.intern(w);
            }
        }
    }
}

impl PartialEq for Interner {
    /// The table is a function of the words (and the buffer of their order).
    fn eq(&self, other: &Interner) -> bool {
        self.text == other.text && self.ends == other.ends
    }
}

impl std::fmt::Debug for Interner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.words().fmt(f)
    }
}

/// The bytes of a word of at most 8 bytes as a little-endian `u64`, zero-padded.
#[inline]
fn pack(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    // Two overlapping reads cover every length without a loop (a byte read twice lands in
    // the same place both times, so OR-ing them is exact); in wasm a loop over the bytes or a
    // variable-length copy into a buffer costs several times more.
    if n >= 4 {
        let lo = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        let hi = u32::from_le_bytes([bytes[n - 4], bytes[n - 3], bytes[n - 2], bytes[n - 1]]);
        u64::from(lo) | u64::from(hi) << (8 * (n - 4))
    } else if n > 0 {
        u64::from(bytes[0]) | u64::from(bytes[n / 2]) << (8 * (n / 2)) | u64::from(bytes[n - 1]) << (8 * (n - 1))
    } else {
        0
    }
}

/// [`hash_word`] of a word of `len` ≤ 8 bytes packed by [`pack`].
#[inline]
fn hash_packed(packed: u64, len: usize) -> u64 {
    let mut h = FxHasher::default();
    if len > 0 {
        h.add(packed);
    }
    h.add(len as u64);
    h.finish()
}

/// The hash of a word: [`FxHasher`]'s multiply-rotate step over its bytes read as
/// little-endian 8-byte words (the last one zero-padded) and its length, finished the same
/// way. One pass, no per-byte work: most words fit in one or two steps.
pub(crate) fn hash_word(bytes: &[u8]) -> u64 {
    let mut h = FxHasher::default();
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        h.add(u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        h.add(pack(rest));
    }
    // The length tells "ab" from "ab\0", which the padding would not.
    h.add(bytes.len() as u64);
    h.finish()
}

/// Vocabulary and per-class word counts of a training corpus.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Counts {
    /// The vocabulary, numbered in order of first appearance.
    vocab: Interner,
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
            let i = match self.vocab.get(token) {
                Some(i) => i,
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

    /// Takes out one tokenized message of class `label` that was added before: n_cw, d_cw,
    /// n_c and N_c go down, and words left with no occurrence in either class leave the
    /// vocabulary. On error nothing changes.
    ///
    /// # Errors
    /// [`Error::BadEdit`] when the counts cannot contain such a message (a token unknown or
    /// counted fewer times in class `label`, or no `label` message at all).
    pub fn remove_tokens<S: AsRef<str>>(&mut self, tokens: &[S], label: Label) -> Result<()> {
        self.subtract(tokens, label)?;
        self.drop_unused_words();
        Ok(())
    }

    /// Moves one counted message of class `from` to class `to` (nothing changes when they
    /// are equal). The vocabulary and its order are unchanged. On error nothing changes.
    ///
    /// # Errors
    /// As [`Counts::remove_tokens`] for class `from`.
    pub fn relabel_tokens<S: AsRef<str>>(&mut self, tokens: &[S], from: Label, to: Label) -> Result<()> {
        if from == to {
            return self.check_contains(tokens, from).map(|_| ());
        }
        self.subtract(tokens, from)?;
        // Every token is in the vocabulary (checked by `subtract`), so no word is added and
        // none was dropped: the order is kept.
        self.add_tokens(tokens, to);
        Ok(())
    }

    /// The distinct vocabulary indices of `tokens` with their occurrences, after checking
    /// that a `label` message with these tokens can have been counted.
    fn check_contains<S: AsRef<str>>(&self, tokens: &[S], label: Label) -> Result<HashMap<u32, u64>> {
        let c = label.index();
        let not_counted = || {
            Error::BadEdit(
                crate::message::Message::new(&crate::message::codes::NB_EDIT_NOT_COUNTED).msg("label", label.message()),
            )
        };
        if self.docs[c] == 0 || self.total_tokens[c] < tokens.len() as u64 {
            return Err(not_counted());
        }
        let mut bag: HashMap<u32, u64> = HashMap::new();
        for token in tokens {
            let i = self.vocab.get(token.as_ref()).ok_or_else(not_counted)?;
            *bag.entry(i).or_insert(0) += 1;
        }
        for (&i, &n) in &bag {
            if self.token_counts[c][i as usize] < n || self.doc_counts[c][i as usize] == 0 {
                return Err(not_counted());
            }
        }
        Ok(bag)
    }

    fn subtract<S: AsRef<str>>(&mut self, tokens: &[S], label: Label) -> Result<()> {
        let bag = self.check_contains(tokens, label)?;
        let c = label.index();
        for (i, n) in bag {
            self.token_counts[c][i as usize] -= n;
            self.doc_counts[c][i as usize] -= 1;
        }
        self.total_tokens[c] -= tokens.len() as u64;
        self.docs[c] -= 1;
        Ok(())
    }

    /// Removes the words with n_cw = 0 in both classes, keeping the others' order.
    fn drop_unused_words(&mut self) {
        let used = |i: usize| self.token_counts[0][i] > 0 || self.token_counts[1][i] > 0;
        let keep: Vec<bool> = (0..self.vocab.len()).map(used).collect();
        if keep.iter().all(|&k| k) {
            return;
        }
        let filter = |v: &mut Vec<u64>| {
            let mut k = keep.iter();
            v.retain(|_| k.next().copied().unwrap_or(true));
        };
        for c in 0..2 {
            filter(&mut self.token_counts[c]);
            filter(&mut self.doc_counts[c]);
        }
        self.vocab.retain(&keep);
    }

    fn insert_word(&mut self, word: &str) -> u32 {
        // More than 4 billion distinct words cannot fit in memory anyway.
        let i = self.vocab.intern(word);
        for c in 0..2 {
            self.token_counts[c].push(0);
            self.doc_counts[c].push(0);
        }
        i
    }

    /// |V|, the number of distinct training words.
    pub fn vocabulary_size(&self) -> usize {
        self.vocab.len()
    }

    /// The vocabulary, in order of first appearance; a word's position is its index.
    pub fn words(&self) -> Words<'_> {
        self.vocab.words()
    }

    /// The index of `word` in the vocabulary, or `None` if training never saw it.
    pub fn index_of(&self, word: &str) -> Option<usize> {
        self.vocab.get(word).map(|i| i as usize)
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

/// Counts messages given as word ids into a corpus-wide word list (see [`Interner`]), one
/// message at a time so that a page can count a large corpus over several tasks: the same
/// counts, vocabulary order included, as [`Counts::add_tokens`] on their tokens, without
/// hashing a token. [`IdCounter::finish`] also returns the map from a word id to its
/// vocabulary index ([`NOT_IN_VOCABULARY`] for words no counted message has).
///
/// d_cw (messages containing w) is counted with a stamp per word — the serial number of
/// the last message that contained it — instead of a set per message.
pub(crate) struct IdCounter {
    counts: Counts,
    /// Each corpus word id's vocabulary index ([`NOT_IN_VOCABULARY`] until counted).
    map: Vec<u32>,
    /// Per vocabulary word, the serial of the last message that contained it.
    stamp: Vec<u32>,
    /// Messages counted so far.
    serial: u32,
}

impl IdCounter {
    /// A counter for messages whose word ids index a corpus-wide list of `words` words.
    pub(crate) fn new(words: usize) -> IdCounter {
        // Sized for every corpus word, an upper bound of the training vocabulary: no table
        // or count vector grows (and copies itself) while counting.
        let mut counts = Counts::new();
        counts.vocab = Interner::with_capacity(words);
        for c in 0..2 {
            counts.token_counts[c].reserve(words);
            counts.doc_counts[c].reserve(words);
        }
        IdCounter { counts, map: vec![NOT_IN_VOCABULARY; words], stamp: Vec::with_capacity(words), serial: 0 }
    }

    /// Counts one message, its word ids into `words` (the list [`IdCounter::new`] was sized for).
    pub(crate) fn add(&mut self, ids: &[u32], label: Label, words: Words) {
        let c = label.index();
        // Serials start at 1: a fresh stamp of 0 never matches.
        self.serial += 1;
        let counts = &mut self.counts;
        for &id in ids {
            let slot = &mut self.map[id as usize];
            if *slot == NOT_IN_VOCABULARY {
                *slot = counts.insert_word(&words[id as usize]);
                self.stamp.push(0);
            }
            let i = *slot as usize;
            counts.token_counts[c][i] += 1;
            if self.stamp[i] != self.serial {
                self.stamp[i] = self.serial;
                counts.doc_counts[c][i] += 1;
            }
        }
        counts.total_tokens[c] += ids.len() as u64;
        counts.docs[c] += 1;
    }

    /// The counts, and each word id's vocabulary index.
    pub(crate) fn finish(self) -> (Counts, Vec<u32>) {
        (self.counts, self.map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_is_the_zero_padded_little_endian_word() {
        let text = b"abcdefgh";
        for n in 0..=8 {
            let expected = text[..n].iter().enumerate().fold(0u64, |v, (k, &b)| v | u64::from(b) << (8 * k));
            assert_eq!(pack(&text[..n]), expected, "length {n}");
        }
    }

    #[test]
    fn interner_tells_apart_words_that_differ_only_by_length_or_padding() {
        // Words of every length around the 8-byte cut, and ones whose packing would be equal
        // if the length were ignored ("ab" and "ab\0").
        let words = ["", "a", "ab", "ab\0", "ab\0\0", "abcdefgh", "abcdefgh\0", "abcdefghi", "abcdefghij", "é", "ée"];
        let mut interner = Interner::default();
        let ids: Vec<u32> = words.iter().map(|w| interner.intern(w)).collect();
        assert_eq!(ids, (0..words.len() as u32).collect::<Vec<_>>());
        for (i, w) in words.iter().enumerate() {
            assert_eq!(interner.intern(w), i as u32);
            assert_eq!(interner.get(w), Some(i as u32));
            // The table's hash of a slot is the hash a lookup computes.
            assert_eq!(Key::new(w).hash, hash_word(w.as_bytes()));
        }
        assert_eq!(interner.get("abcdefghk"), None);
        interner.retain(&[false, true, true, true, true, true, true, true, true, true, true]);
        assert_eq!(interner.get("a"), Some(0));
        assert_eq!(interner.get("ée"), Some(9));
    }

    #[test]
    fn interner_keeps_every_id_through_growth_from_empty_and_from_a_small_capacity() {
        // 20,000 distinct words (short ones keyed by their bytes, long ones by their hash)
        // make a table that starts empty, or at 16 slots, grow many times past 3/4 full.
        let words: Vec<String> =
            (0..20_000).map(|i| if i % 2 == 0 { format!("w{i}") } else { format!("word-{i}-long") }).collect();
        for mut interner in [Interner::default(), Interner::with_capacity(0)] {
            for (i, w) in words.iter().enumerate() {
                assert_eq!(interner.intern(w), i as u32, "{w} is new");
            }
            assert_eq!(interner.len(), words.len());
            for (i, w) in words.iter().enumerate() {
                assert_eq!(interner.get(w), Some(i as u32), "{w} after growth");
                assert_eq!(interner.intern(w), i as u32, "{w} is not numbered twice");
            }
            for absent in ["w1", "w20000", "word-0-long", "word-20001-long", ""] {
                assert_eq!(interner.get(absent), None, "{absent}");
            }
        }
    }

    #[test]
    fn interner_finds_words_whose_slots_collide() {
        // Words chosen so that many land on the same home slot of a 16-slot table: the probe
        // has to walk past the others to find each, and past all of them to say "absent".
        let mut interner = Interner::with_capacity(8);
        let mask = interner.slots.len() as u64 - 1;
        let home = Key::new("x").hash & mask;
        let colliding: Vec<String> =
            (0..100_000).map(|i| format!("c{i}")).filter(|w| Key::new(w).hash & mask == home).take(5).collect();
        assert_eq!(colliding.len(), 5);
        let ids: Vec<u32> = colliding.iter().map(|w| interner.intern(w)).collect();
        assert_eq!(ids, vec![0, 1, 2, 3, 4]);
        assert_eq!(interner.slots.len(), 16, "no growth: 5 of 16 slots");
        for (i, w) in colliding.iter().enumerate() {
            assert_eq!(interner.get(w), Some(i as u32));
        }
        assert_eq!(interner.get("x"), None);
    }
}
