//! One email in, the text the model scores out: an RFC 5322 message (headers, a blank
//! line, a body) is read with the `mail-parser` crate, which decodes quoted-printable and
//! base64 bodies, RFC 2047 encoded words and the declared charsets (UTF-8, Latin-1 and
//! Windows-1252, GB2312/GBK/GB18030, …); this module picks the body the model reads and
//! reduces HTML to text.
//!
//! **The decision that matters: what counts as an email.** Input is read as an email only
//! when it *starts* with a header block (optionally after an mbox `From ` line) that holds
//! at least one field a mail system writes (`From`, `To`, `Subject`, `Date`,
//! `Message-ID`, `Received`, `Return-Path`, `MIME-Version`, `Content-Type`, …) and ends in
//! a blank line or at the end of the input. Anything else is plain text and keeps being
//! tokenized exactly as before ([`looks_like_email`] says which).
//!
//! **The body.** The text bodies in reading order (`multipart/alternative`: the
//! `text/plain` alternative when there is one, otherwise the HTML one reduced by
//! [`html_to_text`]); a `text/plain` body that is in fact an HTML document is reduced too.
//! A plain alternative that is a stub beside the HTML one ("This is an HTML Message",
//! under a quarter of the HTML text's characters: [`is_stub`]) gives way to the HTML one,
//! so a spam that hides its text in HTML is scored on that text ([`Email::part`] says
//! which part was read).
//! Attachments (any part that is not a body, nested messages' attachments included) are
//! only listed by (file name, MIME type) and never tokenized.
//!
//! **Hostile input** (the caps are in [`crate::limits`]): a message over
//! [`MAX_EMAIL_BYTES`], a header block over
//! [`MAX_HEADER_BYTES`] or with more than
//! [`MAX_MIME_BOUNDARIES`] multipart boundaries is
//! refused before it is parsed, so the parser's work is bounded by the size cap; no decoding
//! step makes more text than about three times its input (base64 and quoted-printable
//! shrink, a charset at most triples), and the body text is cut at
//! [`MAX_BODY_CHARS`]. HTML is never rendered and nothing
//! is ever fetched: tags are dropped, `<style>` and `<script>` with their content.

use mail_parser::{Encoding, MessageParser, MimeHeaders, PartType};

use crate::error::{Error, Result};
use crate::limits::{MAX_BODY_CHARS, MAX_EMAIL_BYTES, MAX_HEADER_BYTES, MAX_MIME_BOUNDARIES};

mod detect;
mod html;
mod repair;

pub use detect::looks_like_email;
use detect::*;
pub use html::html_to_text;
use repair::*;

/// The header fields whose presence at the top of the input makes it an email.
const MAIL_FIELDS: [&str; 14] = [
    "from",
    "to",
    "cc",
    "subject",
    "date",
    "message-id",
    "received",
    "return-path",
    "mime-version",
    "content-type",
    "content-transfer-encoding",
    "reply-to",
    "sender",
    "delivered-to",
];

/// One parsed email: what the ledger shows and the text the model scores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email {
    subject: Option<String>,
    from_domain: Option<String>,
    body_text: String,
    attachments: Vec<(String, String)>,
    truncated: bool,
    part: BodyPart,
}

/// Which text part of an email the model reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyPart {
    /// The plain-text body (no HTML alternative).
    Plain,
    /// The HTML body, tags dropped (no plain-text alternative).
    Html,
    /// `multipart/alternative`: the plain-text alternative (the HTML one is not read).
    PlainOverHtml,
    /// `multipart/alternative`: the HTML alternative, tags dropped, because the plain-text
    /// one is a stub ([`is_stub`]) of `stub_words` words.
    HtmlOverStub {
        /// The words of the plain-text stub.
        stub_words: usize,
    },
}

impl BodyPart {
    /// A short code for the page: `plain`, `html`, `plain-alternative` or
    /// `html-alternative`.
    pub fn code(&self) -> &'static str {
        match self {
            BodyPart::Plain => "plain",
            BodyPart::Html => "html",
            BodyPart::PlainOverHtml => "plain-alternative",
            BodyPart::HtmlOverStub { .. } => "html-alternative",
        }
    }
}

/// Whether a plain-text alternative is a stub beside the HTML one's text ("This is an HTML
/// message", "view this email in your browser"): under a quarter of its characters. A
/// plain alternative written for the same message is about as long as the HTML text.
pub fn is_stub(plain: &str, html: &str) -> bool {
    4 * plain.trim().chars().count() < html.trim().chars().count()
}

/// The decoded text of the body parts `ids`, HTML reduced to text, separated by a blank
/// line and cut at [`MAX_BODY_CHARS`] characters (and whether it was cut).
fn read_bodies(message: &mail_parser::Message<'_>, ids: &[u32]) -> (String, bool) {
    let mut body = String::new();
    let mut truncated = false;
    for &id in ids {
        let Some(part) = message.parts.get(id as usize) else { continue };
        let start = (part.offset_body as usize).min(message.raw_message.len());
        let end = (part.offset_end as usize).clamp(start, message.raw_message.len());
        let raw = &message.raw_message[start..end];
        let undecoded = match &part.body {
            PartType::Text(t) | PartType::Html(t) => still_base64(t, raw),
            _ => false,
        };
        let recovered = if undecoded || (part.is_encoding_problem && part.encoding == Encoding::Base64) {
            let charset = part.content_type().and_then(|ct| ct.attribute("charset"));
            Some(decode_leading_base64(raw, charset))
        } else {
            None
        };
        let text = match (&part.body, recovered) {
            (PartType::Html(_), Some(text)) => html_to_text(&text),
            (_, Some(text)) if looks_like_html(&text) => html_to_text(&text),
            (_, Some(text)) => text,
            (PartType::Text(text), None) if looks_like_html(text) => html_to_text(text),
            (PartType::Text(text), None) => undo_stray_quoted_printable(text),
            (PartType::Html(html), None) => html_to_text(&undo_stray_quoted_printable(html)),
            _ => continue,
        };
        let text = text.replace("\r\n", "\n");
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        if !body.is_empty() {
            body.push_str("\n\n");
        }
        body.push_str(text);
        if body.chars().count() > MAX_BODY_CHARS {
            let cut = body.char_indices().nth(MAX_BODY_CHARS).map_or(body.len(), |(i, _)| i);
            body.truncate(cut);
            truncated = true;
            break;
        }
    }
    (body, truncated)
}

impl Email {
    /// Parses the bytes of one RFC 5322 message, in any declared charset.
    ///
    /// # Errors
    /// [`Error::BadEmail`] with a sentence for a student when the bytes are not an email (no
    /// header block at the top: see [`looks_like_email`]), when they are over a cap of
    /// [`crate::limits`] (size, header size, number of MIME boundaries) or when the parser
    /// finds no message in them.
    pub fn parse(bytes: &[u8]) -> Result<Email> {
        use crate::message::{codes, Message};
        if bytes.len() > MAX_EMAIL_BYTES {
            return Err(Error::BadEmail(
                Message::new(&codes::NB_EMAIL_TOO_LONG).int("bytes", bytes.len()).int("max", MAX_EMAIL_BYTES),
            ));
        }
        let bytes = skip_mbox_from_line(bytes);
        let header_len = header_block_len(bytes);
        if header_len.is_none() && bytes.len() > MAX_HEADER_BYTES {
            return Err(Error::BadEmail(Message::new(&codes::NB_EMAIL_HEADERS_TOO_LONG).int("max", MAX_HEADER_BYTES)));
        }
        if !is_header_block(bytes) {
            return Err(Error::BadEmail(Message::new(&codes::NB_EMAIL_NOT_EMAIL)));
        }
        let boundaries = count_ignore_ascii_case(bytes, b"boundary=", MAX_MIME_BOUNDARIES + 1);
        if boundaries > MAX_MIME_BOUNDARIES {
            return Err(Error::BadEmail(Message::new(&codes::NB_EMAIL_BOUNDARIES).int("max", MAX_MIME_BOUNDARIES)));
        }
        let Some(message) = MessageParser::new().parse(bytes) else {
            return Err(Error::BadEmail(Message::new(&codes::NB_EMAIL_UNPARSED)));
        };

        // A message whose MIME header was lost (no Content-Type at the top, often because a
        // blank line broke its header block) but whose body is plainly MIME parts is read
        // as the multipart it is, once: otherwise its parts' headers, base64 and
        // quoted-printable would be scored as text.
        if message.root_part().content_type().is_none() {
            let header_len = header_len.unwrap_or(bytes.len()).min(bytes.len());
            if let Some(boundary) = lost_boundary(&bytes[header_len..]) {
                let head = &bytes[..header_len];
                let head = head.strip_suffix(b"\n").unwrap_or(head);
                let head = head.strip_suffix(b"\r").unwrap_or(head);
                let mut rebuilt = Vec::with_capacity(bytes.len() + boundary.len() + 64);
                rebuilt.extend_from_slice(head);
                rebuilt.extend_from_slice(b"Content-Type: multipart/mixed; boundary=\"");
                rebuilt.extend_from_slice(boundary);
                rebuilt.extend_from_slice(b"\"\r\n\r\n");
                rebuilt.extend_from_slice(&bytes[header_len..]);
                if let Some(recovered) = MessageParser::new().parse(&rebuilt) {
                    return Ok(Email::from_message(&recovered));
                }
            }
        }
        Ok(Email::from_message(&message))
    }

    /// What this module keeps of a parsed message.
    fn from_message(message: &mail_parser::Message<'_>) -> Email {
        let subject = message.subject().map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        let from_domain = message
            .from()
            .and_then(|a| a.first())
            .and_then(|a| a.address())
            .and_then(|a| a.rsplit_once('@'))
            .map(|(_, domain)| domain.trim().trim_end_matches('>').to_ascii_lowercase())
            .filter(|d| !d.is_empty());

        // A multipart whose closing boundary never comes leaves its text parts among the
        // attachments; unnamed text parts that are not marked as attachments are read as
        // the body then.
        let orphans: Vec<u32> = if message.text_body.is_empty() && message.html_body.is_empty() {
            message.attachments.iter().copied().filter(|&id| is_orphan_text(message, id)).collect()
        } else {
            Vec::new()
        };
        let text_ids: Vec<u32> = message.text_body.iter().chain(&orphans).copied().collect();
        let (plain, plain_cut) = read_bodies(message, &text_ids);
        // `multipart/alternative`: the parser lists the plain alternative in `text_body` and
        // the HTML one in `html_body`; they differ only when the message has both.
        let html_ids: Vec<u32> = message.html_body.clone();
        let has_alternative = !html_ids.is_empty()
            && html_ids != text_ids
            && html_ids
                .iter()
                .any(|&id| matches!(message.parts.get(id as usize).map(|p| &p.body), Some(PartType::Html(_))));
        let (body, truncated, part) = if has_alternative {
            let (html, html_cut) = read_bodies(message, &html_ids);
            if is_stub(&plain, &html) {
                let stub_words = plain.split_whitespace().count();
                (html, html_cut, BodyPart::HtmlOverStub { stub_words })
            } else {
                (plain, plain_cut, BodyPart::PlainOverHtml)
            }
        } else {
            let html = text_ids
                .iter()
                .filter_map(|&id| message.parts.get(id as usize))
                .all(|p| matches!(p.body, PartType::Html(_)));
            (plain, plain_cut, if html && !text_ids.is_empty() { BodyPart::Html } else { BodyPart::Plain })
        };

        let mut attachments = Vec::new();
        collect_attachments(message, &orphans, &mut attachments, 0);
        Email { subject, from_domain, body_text: body, attachments, truncated, part }
    }

    /// The subject, decoded (RFC 2047 encoded words too) and trimmed; `None` when absent or
    /// blank.
    pub fn subject(&self) -> Option<String> {
        self.subject.clone()
    }

    /// The domain of the first `From` address, lower-cased; `None` without one.
    pub fn from_domain(&self) -> Option<String> {
        self.from_domain.clone()
    }

    /// The decoded text the model scores: the text bodies (see the [module docs](self)),
    /// separated by a blank line, at most [`MAX_BODY_CHARS`] characters.
    pub fn body_text(&self) -> String {
        self.body_text.clone()
    }

    /// The body text without a copy.
    pub fn body(&self) -> &str {
        &self.body_text
    }

    /// The attachments as (file name, MIME type), in message order; a part without a
    /// name is listed with an empty name. They are never tokenized.
    pub fn attachments(&self) -> Vec<(String, String)> {
        self.attachments.clone()
    }

    /// Whether the body text was cut at [`MAX_BODY_CHARS`].
    pub fn truncated(&self) -> bool {
        self.truncated
    }

    /// Which text part the model reads (see the [module docs](self)).
    pub fn part(&self) -> BodyPart {
        self.part
    }

    /// Header evidence tokens: `from-domain:<domain>` and one `subject:<token>` per token of
    /// the subject ([`crate::nb::tokenize()`]), in that order. They are added to the body's
    /// tokens only when the user asks for header evidence.
    pub fn header_tokens(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(domain) = &self.from_domain {
            out.push(format!("from-domain:{domain}"));
        }
        if let Some(subject) = &self.subject {
            out.extend(crate::nb::tokenize(subject).into_iter().map(|t| format!("subject:{t}")));
        }
        out
    }

    /// The tokens the model reads: those of the body, then (with `header_evidence`) the
    /// [`Email::header_tokens`].
    pub fn tokens(&self, header_evidence: bool) -> Vec<String> {
        let mut tokens = crate::nb::tokenize(&self.body_text);
        if header_evidence {
            tokens.extend(self.header_tokens());
        }
        tokens
    }
}
