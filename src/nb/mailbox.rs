//! Mailboxes as a training corpus: an mbox file, or a set of message files laid out as the
//! SpamAssassin public corpus is (one message a file, the class from a folder name), read
//! into emails with their labels, de-duplicated, and turned into the token documents that
//! [`crate::nb::NaiveBayes`] trains on.
//!
//! **The decision that matters: a bad message never loses the corpus.** Each message is
//! parsed on its own ([`Email::parse`]); one that cannot be read is listed in
//! [`Mailbox::skipped`] with the reason and left out, and the mailbox is refused as a whole
//! only when nothing is left to train on (no message, or one class only), or when it is
//! over [`MAX_MAILBOX_BYTES`] / [`MAX_MAILBOX_MESSAGES`].
//!
//! **Classes.** For a folder layout, the class of a file is that of the nearest enclosing
//! folder whose name says it: `ham`, `easy_ham`, `easy_ham_2`, `hard_ham`, `spam`,
//! `spam_2`… — a name of which exactly one of the words (split at `_`, `-`, `.` and
//! spaces) is `ham` or `spam`, letter case ignored. Files in no such folder are skipped.
//!
//! **Duplicates.** Two messages with the same body text are one message for a body-only
//! model: the first is kept (its label wins), as [`crate::nb::dedup`] does for the SMS
//! corpus.
//!
//! **mbox.** A message starts at a line beginning `From ` at the start of the file or
//! after a blank line; lines `>From `, `>>From `… lose one `>` (the mboxrd quoting).

use std::collections::HashMap;

use super::email::Email;
use super::Label;
use crate::error::{Error, Result};
use crate::limits::{MAX_MAILBOX_BYTES, MAX_MAILBOX_MESSAGES};
use crate::message::{codes, Message};

/// One message of a mailbox, read and labelled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailMessage {
    /// Where it came from: the file's path, or "message N" (1-based) in an mbox.
    pub source: String,
    /// Its class.
    pub label: Label,
    /// The parsed email.
    pub email: Email,
}

/// A message that was left out, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// The file's path, or "message N" in an mbox.
    pub source: String,
    /// The reason, a sentence.
    pub reason: String,
}

/// A mailbox read as a corpus.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Mailbox {
    /// The messages kept, in input order (files in the order given).
    pub messages: Vec<MailMessage>,
    /// The messages left out because they could not be read or have no class.
    pub skipped: Vec<Skipped>,
    /// Messages left out because the same body text came earlier with the same label.
    pub exact_duplicates: usize,
    /// Messages left out because the same body text came earlier with the other label.
    pub conflicting_labels: usize,
}

impl Mailbox {
    /// The number of kept messages of class `label`.
    pub fn count(&self, label: Label) -> usize {
        self.messages.iter().filter(|m| m.label == label).count()
    }

    /// The labelled token documents the model trains on: each message's body tokens and,
    /// with `header_evidence`, its header tokens ([`Email::tokens`]).
    pub fn token_documents(&self, header_evidence: bool) -> Vec<(Vec<String>, Label)> {
        self.messages.iter().map(|m| (m.email.tokens(header_evidence), m.label)).collect()
    }

    /// The labels of the kept messages, in order (for [`crate::nb::stratified_split`]).
    pub fn labels(&self) -> Vec<Label> {
        self.messages.iter().map(|m| m.label).collect()
    }

    /// Plain-English notes on what was left out; empty when nothing was.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if !self.skipped.is_empty() {
            let n = self.skipped.len();
            let first = &self.skipped[0];
            notes.push(format!(
                "{n} message{} could not be used and {} skipped; the first, {}: {}",
                if n == 1 { "" } else { "s" },
                if n == 1 { "was" } else { "were" },
                first.source,
                first.reason
            ));
        }
        let dups = self.exact_duplicates + self.conflicting_labels;
        if dups > 0 {
            notes.push(format!(
                "{dups} message{} repeated the body of an earlier one and {} left out ({} of them with the other label).",
                if dups == 1 { "" } else { "s" },
                if dups == 1 { "was" } else { "were" },
                self.conflicting_labels
            ));
        }
        notes
    }

    fn push(&mut self, source: String, label: Label, bytes: &[u8], seen: &mut HashMap<String, Label>) {
        match Email::parse(bytes) {
            Ok(email) => match seen.get(email.body()) {
                Some(&first) if first == label => self.exact_duplicates += 1,
                Some(_) => self.conflicting_labels += 1,
                None => {
                    seen.insert(email.body().to_string(), label);
                    self.messages.push(MailMessage { source, label, email });
                }
            },
            Err(e) => self.skipped.push(Skipped { source, reason: e.to_string() }),
        }
    }

    fn check_usable(self, what: &str) -> Result<Mailbox> {
        for label in Label::ALL {
            if self.count(label) == 0 {
                let first = match self.skipped.first() {
                    Some(s) => format!(" The first message left out, {}: {}", s.source, s.reason),
                    None => String::new(),
                };
                return Err(Error::EmptyData(
                    format!(
                        "The {what} has {} {} messages but no {label} messages that could be read: naive Bayes needs \
                     examples of both classes.{first}",
                        self.count(label.other()),
                        label.other()
                    )
                    .into(),
                ));
            }
        }
        Ok(self)
    }
}

/// The class a folder name says, if any (see the [module docs](self)).
pub fn label_of_folder(name: &str) -> Option<Label> {
    let words = name.split(['_', '-', '.', ' ']);
    let (mut ham, mut spam) = (false, false);
    for word in words {
        ham |= word.eq_ignore_ascii_case("ham");
        spam |= word.eq_ignore_ascii_case("spam");
    }
    match (ham, spam) {
        (true, false) => Some(Label::Ham),
        (false, true) => Some(Label::Spam),
        _ => None,
    }
}

/// The class of a file from the nearest enclosing folder that names one (`/` or `\`
/// separated path; the file name itself is not a folder).
pub fn label_of_path(path: &str) -> Option<Label> {
    let mut parts: Vec<&str> = path.split(['/', '\\']).filter(|p| !p.is_empty()).collect();
    parts.pop();
    parts.iter().rev().find_map(|p| label_of_folder(p))
}

/// Reads a set of message files, each labelled by its folder ([`label_of_path`]); a file
/// whose name starts with a dot or is a `README`/`cmds` file of the corpus is ignored.
///
/// # Errors
/// [`Error::EmptyData`] when the files together are over [`MAX_MAILBOX_BYTES`] or more
/// than [`MAX_MAILBOX_MESSAGES`], or when no class, or only one, has a message that could
/// be read (the sentence names the first message left out).
pub fn read_files<'a, I>(files: I) -> Result<Mailbox>
where
    I: IntoIterator<Item = (&'a str, &'a [u8])>,
{
    let mut mailbox = Mailbox::default();
    let mut seen = HashMap::new();
    let mut total = 0usize;
    let mut count = 0usize;
    for (path, bytes) in files {
        let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
        if name.starts_with('.') || name.eq_ignore_ascii_case("readme.md") || name.eq_ignore_ascii_case("cmds") {
            continue;
        }
        total = total.saturating_add(bytes.len());
        count += 1;
        if total > MAX_MAILBOX_BYTES || count > MAX_MAILBOX_MESSAGES {
            return Err(Error::EmptyData(
                format!(
                "These files are too many or too large for one corpus: at most {MAX_MAILBOX_MESSAGES} messages and \
                 {MAX_MAILBOX_BYTES} bytes (64 MB) together."
            )
                .into(),
            ));
        }
        match label_of_path(path) {
            Some(label) => mailbox.push(path.to_string(), label, bytes, &mut seen),
            None => mailbox.skipped.push(Skipped {
                source: path.to_string(),
                reason: "it is in no folder named for a class (“ham”, “spam”, “easy_ham”, “spam_2”…), so its class \
                         is unknown."
                    .to_string(),
            }),
        }
    }
    mailbox.check_usable("folder")
}

/// Splits an mbox file into its messages' bytes (see the [module docs](self)), with
/// `>From ` lines unquoted and each message's `From ` line removed.
pub fn split_mbox(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut splitter = MboxSplitter::default();
    let mut messages: Vec<Vec<u8>> = Vec::new();
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        if let Some(m) = splitter.line(line) {
            messages.push(m);
        }
    }
    messages.extend(splitter.finish());
    messages
}

/// [`split_mbox`] a line at a time, so a long mailbox can be read in steps: give it the
/// lines (each with its line break) in order; it hands back each message when the next one
/// starts, and the last at [`MboxSplitter::finish`].
#[derive(Debug, Clone)]
pub struct MboxSplitter {
    current: Option<Vec<u8>>,
    previous_blank: bool,
}

impl Default for MboxSplitter {
    fn default() -> MboxSplitter {
        MboxSplitter { current: None, previous_blank: true }
    }
}

impl MboxSplitter {
    /// Takes one line; returns the message it ended, if it starts the next one.
    pub fn line(&mut self, line: &[u8]) -> Option<Vec<u8>> {
        if self.previous_blank && line.starts_with(b"From ") {
            self.previous_blank = false;
            return self.current.replace(Vec::new()).map(trim_separator);
        }
        let content = line.strip_suffix(b"\n").unwrap_or(line);
        let content = content.strip_suffix(b"\r").unwrap_or(content);
        self.previous_blank = content.is_empty();
        let m = self.current.as_mut()?;
        let quotes = line.iter().take_while(|&&b| b == b'>').count();
        if quotes > 0 && line[quotes..].starts_with(b"From ") {
            m.extend_from_slice(&line[1..]);
        } else {
            m.extend_from_slice(line);
        }
        None
    }

    /// The last message, if any.
    pub fn finish(&mut self) -> Option<Vec<u8>> {
        self.current.take().map(trim_separator)
    }

    /// Whether a `From ` line was seen yet.
    pub fn started(&self) -> bool {
        self.current.is_some()
    }
}

/// The blank line that separates a message from the next `From ` line is not its own.
fn trim_separator(mut m: Vec<u8>) -> Vec<u8> {
    if m.ends_with(b"\n\n") {
        m.pop();
    } else if m.ends_with(b"\r\n\r\n") {
        m.truncate(m.len() - 2);
    }
    m
}

/// The class an `X-Label: ham` or `X-Label: spam` header field gives a message (the
/// choice a person writes into a mailbox that mixes both); only the header block is looked
/// at, at most its first 256 KB.
pub fn x_label(bytes: &[u8]) -> Option<Label> {
    let head = &bytes[..bytes.len().min(crate::limits::MAX_HEADER_BYTES)];
    for line in head.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            break;
        }
        if line.len() > 8 && line[..8].eq_ignore_ascii_case(b"x-label:") {
            let value = std::str::from_utf8(&line[8..]).unwrap_or("").trim();
            if value.eq_ignore_ascii_case("spam") {
                return Some(Label::Spam);
            }
            if value.eq_ignore_ascii_case("ham") {
                return Some(Label::Ham);
            }
        }
    }
    None
}

/// Where a message's class comes from besides its folder or file name: a line of its
/// header that a person, a filter or a mail service wrote. The lecturer picks one when
/// loading a mailbox whose folders do not say the class (one mbox of everything).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum LabelRule {
    /// `X-Label: spam` or `X-Label: ham`, read in an mbox only; in a folder the folder
    /// decides (the default, as before the choice existed).
    #[default]
    XLabel,
    /// What SpamAssassin writes into every message it checks: `X-Spam-Status: Yes, …` is
    /// spam and `No, …` ham (`X-Spam-Flag: YES` alone is spam too).
    SpamAssassin,
    /// A Gmail export: `X-Gmail-Labels` lists the message's labels, comma-separated; spam
    /// when one of them is `Spam`, ham otherwise.
    Gmail,
    /// A header field the user names: spam when one of its comma- or semicolon-separated
    /// values is `spam` (letter case and spaces ignored), ham when the field has another value.
    Field {
        /// The field's name, without the colon.
        name: String,
        /// The value that means spam.
        spam: String,
    },
}

/// Longest header field name a rule may name (RFC 5322 keeps a line to 78 characters).
const MAX_FIELD_NAME: usize = 76;

impl LabelRule {
    /// The rule named `kind` (`"x-label"`, `"spamassassin"`, `"gmail"` or `"field"`; for a
    /// field, its `name` and the `spam` value).
    ///
    /// # Errors
    /// [`Error::BadLabelRule`] for another kind, a field name that is empty, too long or
    /// holds a character a header name cannot (a space, a colon, a control or non-ASCII
    /// character), or an empty spam value; each a sentence.
    pub fn parse(kind: &str, name: &str, spam: &str) -> Result<LabelRule> {
        match kind {
            "x-label" => Ok(LabelRule::XLabel),
            "spamassassin" => Ok(LabelRule::SpamAssassin),
            "gmail" => Ok(LabelRule::Gmail),
            "field" => {
                let name = name.trim();
                let name = name.strip_suffix(':').unwrap_or(name);
                if name.is_empty() {
                    return Err(Error::BadLabelRule(Message::new(&codes::NB_RULE_NAME_FIELD)));
                }
                if name.len() > MAX_FIELD_NAME || !name.bytes().all(|b| b.is_ascii_graphic() && b != b':') {
                    let shown: String = name.chars().filter(|c| !c.is_control()).take(40).collect();
                    return Err(Error::BadLabelRule(
                        Message::new(&codes::NB_RULE_BAD_FIELD).text("name", shown).int("max", MAX_FIELD_NAME),
                    ));
                }
                let spam = spam.trim();
                if spam.is_empty() {
                    return Err(Error::BadLabelRule(Message::new(&codes::NB_RULE_SPAM_VALUE).text("name", name)));
                }
                Ok(LabelRule::Field { name: name.to_string(), spam: spam.to_string() })
            }
            other => Err(Error::BadLabelRule(
                Message::new(&codes::NB_RULE_KIND)
                    .text("kind", other.chars().filter(|c| !c.is_control()).take(40).collect::<String>()),
            )),
        }
    }

    /// Whether the rule reads the header of messages in folders too (all but the default).
    pub fn reads_folders(&self) -> bool {
        *self != LabelRule::XLabel
    }

    /// The class this rule reads off a message's header, or `None` when the message does
    /// not carry what the rule looks for.
    pub fn label(&self, bytes: &[u8]) -> Option<Label> {
        let is = |v: &str, w: &str| v.trim().eq_ignore_ascii_case(w);
        let has = |v: &str, w: &str| v.split([',', ';']).any(|part| is(part, w));
        match self {
            LabelRule::XLabel => x_label(bytes),
            LabelRule::SpamAssassin => {
                if let Some(status) = header_field(bytes, "X-Spam-Status") {
                    let first = status.trim_start().split([',', ' ', '\t']).next().unwrap_or("");
                    if is(first, "yes") {
                        return Some(Label::Spam);
                    }
                    if is(first, "no") {
                        return Some(Label::Ham);
                    }
                }
                header_field(bytes, "X-Spam-Flag").filter(|v| is(v, "yes")).map(|_| Label::Spam)
            }
            LabelRule::Gmail => {
                header_field(bytes, "X-Gmail-Labels").map(|v| if has(&v, "spam") { Label::Spam } else { Label::Ham })
            }
            LabelRule::Field { name, spam } => {
                header_field(bytes, name).map(|v| if has(&v, spam) { Label::Spam } else { Label::Ham })
            }
        }
    }
}

/// The value of the first header field named `name` (letter case ignored), its folded
/// continuation lines joined with a space; only the header block is read, at most its
/// first 256 KB. Bytes that are not UTF-8 are replaced (a class is read from ASCII words).
pub fn header_field(bytes: &[u8], name: &str) -> Option<String> {
    let head = &bytes[..bytes.len().min(crate::limits::MAX_HEADER_BYTES)];
    let mut value: Option<String> = None;
    for line in head.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            break;
        }
        let folded = line[0] == b' ' || line[0] == b'\t';
        match (&mut value, folded) {
            (Some(v), true) => {
                v.push(' ');
                v.push_str(String::from_utf8_lossy(line).trim());
            }
            (Some(_), false) => break,
            (None, false) => {
                let n = name.len();
                if line.len() > n && line[n] == b':' && line[..n].eq_ignore_ascii_case(name.as_bytes()) {
                    value = Some(String::from_utf8_lossy(&line[n + 1..]).trim().to_string());
                }
            }
            (None, true) => {}
        }
    }
    value
}

/// Whether a file of a folder is one of the corpus' own notes rather than a message
/// (a name starting with a dot, `README…`, `cmds`).
pub fn is_ignored_file(path: &str) -> bool {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    name.starts_with('.') || name.to_ascii_lowercase().starts_with("readme") || name.eq_ignore_ascii_case("cmds")
}

/// Reads an mbox file in which every message has class `label` (a mailbox of spam, or of
/// ham).
///
/// # Errors
/// [`Error::EmptyData`] when the file is over [`MAX_MAILBOX_BYTES`], holds no `From `
/// line (so it is not an mbox) or more than [`MAX_MAILBOX_MESSAGES`] messages, or when no
/// message could be read.
pub fn read_mbox(bytes: &[u8], label: Label) -> Result<Mailbox> {
    read_mboxes(&[(bytes, label)])
}

/// Reads several mbox files, each of one class (a ham mailbox and a spam mailbox), into
/// one corpus, de-duplicated across them.
///
/// # Errors
/// As [`read_mbox`]; and [`Error::EmptyData`] when a class has no message that could be
/// read.
pub fn read_mboxes(files: &[(&[u8], Label)]) -> Result<Mailbox> {
    let total: usize = files.iter().map(|(b, _)| b.len()).sum();
    if total > MAX_MAILBOX_BYTES {
        return Err(Error::EmptyData(
            format!(
            "This mailbox is {total} bytes, more than the {MAX_MAILBOX_BYTES} bytes (64 MB) a corpus may have here."
        )
            .into(),
        ));
    }
    let mut mailbox = Mailbox::default();
    let mut seen = HashMap::new();
    let mut n = 0usize;
    for (bytes, label) in files {
        if let Some(kind) = crate::error::binary_kind_code(bytes) {
            return Err(Error::EmptyData(Message::new(&codes::NB_MAIL_NOT_TEXT).msg("kind", Message::new(kind))));
        }
        let messages = split_mbox(bytes);
        if messages.is_empty() {
            return Err(Error::EmptyData(
                "This is not an mbox file: no line starts with “From ”, which begins each message of a mailbox."
                    .to_string()
                    .into(),
            ));
        }
        for m in messages {
            n += 1;
            if n > MAX_MAILBOX_MESSAGES {
                return Err(Error::EmptyData(
                    format!(
                        "This mailbox has more than {MAX_MAILBOX_MESSAGES} messages, more than a corpus may have here."
                    )
                    .into(),
                ));
            }
            mailbox.push(format!("message {n}"), *label, &m, &mut seen);
        }
    }
    if files.iter().all(|(_, l)| *l == files[0].1) && !files.is_empty() {
        if mailbox.messages.is_empty() {
            let first = mailbox.skipped.first().map(|s| format!(" The first, {}: {}", s.source, s.reason));
            return Err(Error::EmptyData(
                format!("No message of this mailbox could be read.{}", first.unwrap_or_default()).into(),
            ));
        }
        return Ok(mailbox);
    }
    mailbox.check_usable("mailbox")
}
