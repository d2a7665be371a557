//! The corpus as the lab stores it: texts packed into one buffer with their offsets, labels,
//! and each message's bag of word ids, so that a 5,000-message corpus is a few allocations.

use super::*;

/// A loaded corpus: de-duplicated messages, their texts and their tokens.
///
/// Tokens are kept as ids into one list of the corpus' distinct words (`vocab`): one
/// allocation per distinct word instead of one per token, and counting or scoring a split
/// indexes arrays instead of hashing strings. The texts and the id lists are each stored
/// end to end in one buffer ([`Packed`]): loading the SMS Spam Collection made two
/// allocations per message otherwise, a tenth of the loading time in wasm.
#[derive(Debug, Clone)]
pub(super) struct Corpus {
    pub(super) name: String,
    pub(super) labels: Vec<Label>,
    pub(super) texts: Packed<u8>,
    /// Each message's word ids: those of its text, then (for an email) those of its header
    /// tokens (`subject:…`, `from-domain:…`), which count only with header evidence on.
    pub(super) ids: Packed<u32>,
    /// How many of each message's ids are its text's (the rest are header tokens).
    pub(super) body_len: Vec<u32>,
    pub(super) vocab: Interner,
    pub(super) report: CorpusReport,
}

impl Corpus {
    /// The word ids the model counts for message `index`: its text's, and its header
    /// tokens' too when `headers`.
    pub(super) fn doc(&self, index: usize, headers: bool) -> &[u32] {
        let ids = self.ids.get(index);
        if headers {
            ids
        } else {
            &ids[..(self.body_len.get(index).copied().unwrap_or(0) as usize).min(ids.len())]
        }
    }

    /// The tokens of message `index` the model counts, as slices of the corpus' words.
    pub(super) fn tokens(&self, index: usize, headers: bool) -> Vec<&str> {
        let words = self.vocab.words();
        self.doc(index, headers).iter().map(|&id| words.get(id as usize).unwrap_or("")).collect()
    }

    /// Whether any message has header tokens (a corpus read from emails).
    pub(super) fn has_headers(&self) -> bool {
        self.body_len.iter().enumerate().any(|(i, &n)| self.ids.get(i).len() > n as usize)
    }

    /// The text of message `index` (empty when out of range).
    pub(super) fn text(&self, index: usize) -> &str {
        text_of(&self.texts, index)
    }

    /// Appends a message (one allocation per word the corpus has not seen).
    pub(super) fn push(&mut self, label: Label, text: &str) {
        let (vocab, ids) = (&mut self.vocab, &mut self.ids);
        let start = ids.buf.len();
        for_each_token(text, |t| ids.buf.push(vocab.intern(t)));
        self.body_len.push((ids.buf.len() - start) as u32);
        ids.close();
        self.labels.push(label);
        self.texts.push(text.as_bytes());
    }

    /// Appends an email: its body text (what the model reads) and its header tokens.
    pub(super) fn push_email(&mut self, label: Label, body: &str, header_tokens: &[String]) {
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
    pub(super) fn memory_bytes(&self) -> usize {
        let words: usize = self.vocab.words().iter().map(|w| w.len() + 40).sum();
        self.texts.buf.capacity()
            + self.ids.buf.capacity() * 4
            + (self.texts.ends.capacity() + self.ids.ends.capacity()) * std::mem::size_of::<usize>()
            + self.body_len.capacity() * 4
            + self.labels.capacity()
            + words
    }

    pub(super) fn with_credit(mut self, credit: &'static Code) -> Corpus {
        self.report.credit = Message::new(credit);
        self
    }

    /// Removes message `index`; the split's and the training list's later indices move
    /// down by one.
    pub(super) fn remove(&mut self, index: usize, split: &mut Split, training: &mut Vec<usize>) {
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
pub(super) struct Packed<T> {
    pub(super) buf: Vec<T>,
    pub(super) ends: Vec<usize>,
}

impl<T: Copy> Packed<T> {
    /// Room for `lists` lists of `items` items in all.
    pub(super) fn with_capacity(lists: usize, items: usize) -> Packed<T> {
        Packed { buf: Vec::with_capacity(items), ends: Vec::with_capacity(lists) }
    }

    /// The start of list `index` in `buf`.
    pub(super) fn start(&self, index: usize) -> usize {
        if index == 0 {
            0
        } else {
            self.ends.get(index - 1).copied().unwrap_or(self.buf.len())
        }
    }

    /// List `index` (empty when out of range).
    pub(super) fn get(&self, index: usize) -> &[T] {
        let end = self.ends.get(index).copied().unwrap_or(0);
        self.buf.get(self.start(index)..end).unwrap_or(&[])
    }

    /// Ends the list being built: the items pushed onto `buf` since the last list.
    pub(super) fn close(&mut self) {
        self.ends.push(self.buf.len());
    }

    /// Appends a list.
    pub(super) fn push(&mut self, items: &[T]) {
        self.buf.extend_from_slice(items);
        self.close();
    }

    /// Removes list `index` (nothing when out of range); the later lists move down by one.
    pub(super) fn remove(&mut self, index: usize) {
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
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }
}

/// Text `index` of a list of texts (empty when out of range). Each was pushed whole from a
/// `&str`, so it is valid UTF-8; the check costs one pass over one message.
pub(super) fn text_of(texts: &Packed<u8>, index: usize) -> &str {
    std::str::from_utf8(texts.get(index)).unwrap_or("")
}
