//! Loading a corpus of one's own in chunks: a labelled text file (CorpusLoader) or a
//! mailbox (MailboxLoader, an mbox split into messages), each with a report of what was read.

use super::*;

/// The resampled fit's “no messages left to train on” as an edit error.
pub(super) fn last_of_class(e: Error) -> Error {
    match e {
        Error::EmptyData(sentence) => Error::BadEdit(sentence),
        other => other,
    }
}

/// Reads a corpus file in steps: decode once, then parse and tokenize a slice of lines per
/// [`CorpusLoader::step`], so a page can update a progress bar between steps.
#[derive(Debug, Clone)]
pub struct CorpusLoader {
    pub(super) name: String,
    pub(super) text: String,
    pub(super) encoding: TextEncoding,
    pub(super) pos: usize,
    pub(super) line: usize,
    /// The messages kept so far (first occurrence of each text); its report is written
    /// when the file is read.
    pub(super) corpus: Corpus,
    /// (hash, position) of every text kept so far, to drop repeats as they are read (the
    /// texts themselves are in `texts`: a repeat costs no allocation).
    pub(super) seen: HashTable<(u64, u32)>,
    pub(super) dedup: DedupReport,
    pub(super) bad_lines: usize,
    pub(super) errors: Vec<Message>,
}

impl CorpusLoader {
    /// Starts reading `bytes` (UTF-8, or Latin-1 when not valid UTF-8) named `name`.
    ///
    /// # Errors
    /// [`Error::EmptyData`] for an empty file or one over [`MAX_CORPUS_BYTES`].
    pub fn new(bytes: &[u8], name: &str) -> Result<CorpusLoader> {
        if bytes.len() > MAX_CORPUS_BYTES {
            return Err(Error::EmptyData(
                Message::new(&codes::NB_CORPUS_TOO_BIG).text("mb", format!("{:.1}", bytes.len() as f64 / 1e6)),
            ));
        }
        if bytes.iter().all(|b| b.is_ascii_whitespace()) {
            return Err(Error::EmptyData(Message::new(&codes::NB_CORPUS_EMPTY)));
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
    /// repeated messages as [`crate::nb::dedup`] does (the first occurrence of a text is kept); returns
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
                        self.errors.push(Error::BadLine { line: self.line, reason }.message());
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
    pub(super) fn into_corpus(mut self) -> Result<Corpus> {
        while !self.step(usize::MAX) {}
        let dedup_report = self.dedup;
        let count = |l: Label| self.corpus.labels.iter().filter(|&&x| x == l).count();
        let messages = [count(Label::Ham), count(Label::Spam)];
        if self.corpus.labels.is_empty() {
            return Err(Error::EmptyData(crate::nb::corpus::none_read(self.errors.first().cloned())));
        }
        for label in Label::ALL {
            if messages[label.index()] < 2 {
                return Err(Error::EmptyData(
                    Message::new(&codes::NB_CORPUS_TOO_FEW)
                        .int("count", messages[label.index()])
                        .msg("label", label.message()),
                ));
            }
        }
        let mut notes = Vec::new();
        if self.bad_lines > 0 {
            notes.push(Message::new(&codes::NB_CORPUS_SKIPPED).int("count", self.bad_lines));
        }
        if self.encoding == TextEncoding::Latin1 {
            notes.push(Message::new(&codes::NB_CORPUS_LATIN1));
        }
        if dedup_report.exact_duplicates + dedup_report.conflicting_labels > 0 {
            notes.push(
                Message::new(&codes::NB_CORPUS_REPEATS)
                    .int("count", dedup_report.exact_duplicates + dedup_report.conflicting_labels)
                    .int("conflicting", dedup_report.conflicting_labels),
            );
        }
        let report = CorpusReport {
            name: self.name.clone(),
            title: Message::new(&codes::NB_CORPUS_NAMED).text("name", self.name.as_str()),
            credit: Message::new(&codes::NB_CREDIT_FILE).text("name", self.name.as_str()),
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

/// Where a message of a mailbox came from, for the list of those left out: its file's path,
/// or its place in an mbox.
pub(super) enum Source<'a> {
    /// A message file.
    Path(&'a str),
    /// The n-th message of the mailbox (from 1).
    Nth(usize),
}

/// Reads a mailbox into a corpus in steps, so a page can show progress and never block:
/// message files one call each ([`MailboxLoader::add_file`]: the class from the folder,
/// [`crate::nb::mailbox::label_of_path`]), or an mbox file ([`MailboxLoader::begin_mbox`]) a
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
    pub(super) name: String,
    pub(super) corpus: Corpus,
    pub(super) seen: HashTable<(u64, u32)>,
    pub(super) dedup: DedupReport,
    pub(super) skipped: usize,
    pub(super) errors: Vec<Message>,
    pub(super) bytes: usize,
    pub(super) messages: usize,
    /// The mbox being read, fed in pieces.
    pub(super) mbox: Option<MboxStream>,
    /// An mbox given whole ([`MailboxLoader::begin_mbox`]) and the position fed so far.
    pub(super) whole: Option<(Vec<u8>, usize)>,
    /// Where a message's class comes from besides its folder or file name.
    pub(super) rule: crate::nb::mailbox::LabelRule,
}

/// An mbox being read in pieces: the splitter, the line cut at the end of the last piece,
/// the class its file name gives, the bytes fed of the length announced.
#[derive(Debug, Clone)]
pub(super) struct MboxStream {
    pub(super) splitter: MboxSplitter,
    pub(super) partial: Vec<u8>,
    pub(super) label: Option<Label>,
    pub(super) fed: usize,
    pub(super) len: usize,
    pub(super) started: bool,
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
            rule: crate::nb::mailbox::LabelRule::default(),
        }
    }

    /// Reads each message's class with `rule` from now on: a class its header gives wins
    /// over the folder's or the file name's, which is used where the header says none
    /// (with the default rule, `X-Label` in an mbox only, as the folder decides in a folder).
    pub fn set_label_rule(&mut self, rule: crate::nb::mailbox::LabelRule) {
        self.rule = rule;
    }

    /// Counts `n` more bytes and one more message against the caps.
    pub(super) fn count(&mut self, n: usize) -> Result<()> {
        self.bytes = self.bytes.saturating_add(n);
        self.messages += 1;
        if self.bytes > MAX_MAILBOX_BYTES || self.messages > MAX_MAILBOX_MESSAGES {
            return Err(Error::EmptyData(Message::new(&codes::NB_MAIL_TOO_LARGE).int("max", MAX_MAILBOX_MESSAGES)));
        }
        Ok(())
    }

    /// Notes a message that was left out.
    pub(super) fn skip(&mut self, source: &Source, reason: Message) {
        self.skipped += 1;
        if self.errors.len() < crate::nb::corpus::MAX_REPORTED_ERRORS {
            let source = match source {
                Source::Path(path) => Message::new(&codes::NB_CORPUS_NAMED)
                    .text("name", path.chars().filter(|c| !c.is_control()).take(120).collect::<String>()),
                Source::Nth(n) => Message::new(&codes::NB_MAIL_NTH).int("n", *n),
            };
            self.errors.push(Message::new(&codes::NB_MAIL_LEFT_OUT).msg("source", source).msg("reason", reason));
        }
    }

    /// Reads one message of class `label` (`None`: skipped, its class unknown).
    pub(super) fn message(&mut self, source: &Source, bytes: &[u8], label: Option<Label>) {
        let Some(label) = label else {
            self.skip(source, Message::new(&codes::NB_MAIL_CLASS_UNKNOWN));
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
            Err(e) => self.skip(source, e.message()),
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
        if crate::nb::mailbox::is_ignored_file(path) {
            return Ok(());
        }
        self.count(bytes.len())?;
        let folder = crate::nb::mailbox::label_of_path(path);
        let label = if self.rule.reads_folders() { self.rule.label(bytes).or(folder) } else { folder };
        self.message(&Source::Path(path), bytes, label);
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
            return Err(Error::EmptyData(Message::new(&codes::NB_CORPUS_EMPTY)));
        }
        if self.bytes.saturating_add(len) > MAX_MAILBOX_BYTES {
            return Err(Error::EmptyData(
                Message::new(&codes::NB_MAIL_FILE_TOO_BIG).text("mb", format!("{:.1}", len as f64 / 1e6)),
            ));
        }
        let stem = name.rsplit(['/', '\\']).next().unwrap_or(name);
        self.mbox = Some(MboxStream {
            splitter: MboxSplitter::default(),
            partial: Vec::new(),
            label: crate::nb::mailbox::label_of_folder(stem),
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
                return Err(Error::EmptyData(Message::new(&codes::NB_CORPUS_EMPTY)));
            };
            if let Some(kind) = crate::error::binary_kind_code(piece) {
                return Err(Error::EmptyData(Message::new(&codes::NB_MAIL_NOT_TEXT).msg("kind", Message::new(kind))));
            }
            if !b"From ".starts_with(&piece[start..piece.len().min(start + 5)]) {
                return Err(Error::EmptyData(Message::new(&codes::NB_MAIL_NOT_MBOX)));
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
            let source = Source::Nth(self.messages);
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
    pub(super) fn into_corpus(mut self) -> Result<Corpus> {
        while !self.step(usize::MAX)? {}
        if let Some(m) = &self.mbox {
            return Err(Error::EmptyData(Message::new(&codes::NB_MAIL_UNFINISHED).int("fed", m.fed).int("len", m.len)));
        }
        let count = |l: Label| self.corpus.labels.iter().filter(|&&x| x == l).count();
        let messages = [count(Label::Ham), count(Label::Spam)];
        let first = self.errors.first().cloned();
        if self.messages == 0 {
            return Err(Error::EmptyData(Message::new(&codes::NB_MAIL_NONE)));
        }
        for label in Label::ALL {
            if messages[label.index()] < 2 {
                let m = match &first {
                    Some(first) => Message::new(&codes::NB_MAIL_TOO_FEW_FIRST).msg("first", first.clone()),
                    None => Message::new(&codes::NB_MAIL_TOO_FEW),
                };
                return Err(Error::EmptyData(m.int("count", messages[label.index()]).msg("label", label.message())));
            }
        }
        let mut notes = Vec::new();
        if self.skipped > 0 {
            notes.push(match first {
                Some(first) => {
                    Message::new(&codes::NB_MAIL_SKIPPED_FIRST).int("count", self.skipped).msg("first", first)
                }
                None => Message::new(&codes::NB_MAIL_SKIPPED).int("count", self.skipped),
            });
        }
        let dedup = self.dedup;
        if dedup.exact_duplicates + dedup.conflicting_labels > 0 {
            notes.push(
                Message::new(&codes::NB_MAIL_REPEATS)
                    .int("count", dedup.exact_duplicates + dedup.conflicting_labels)
                    .int("conflicting", dedup.conflicting_labels),
            );
        }
        notes.push(
            Message::new(&codes::NB_MAIL_READ)
                .text("mail", byte_size(self.bytes))
                .text("memory", byte_size(self.corpus.memory_bytes())),
        );
        let report = CorpusReport {
            name: self.name.clone(),
            title: Message::new(&codes::NB_CORPUS_NAMED).text("name", self.name.as_str()),
            credit: Message::new(&codes::NB_CREDIT_MAILBOX).text("name", self.name.as_str()),
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
