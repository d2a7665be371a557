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
        if bytes.len() > MAX_EMAIL_BYTES {
            return Err(Error::BadEmail(format!(
                "This email is {} bytes long, more than the {} bytes (10 MB) an email may have here; it was not read.",
                bytes.len(),
                MAX_EMAIL_BYTES
            )));
        }
        let bytes = skip_mbox_from_line(bytes);
        let header_len = header_block_len(bytes);
        if header_len.is_none() && bytes.len() > MAX_HEADER_BYTES {
            return Err(Error::BadEmail(format!(
                "The headers of this email go on for more than {} bytes without the blank line that ends them, \
                 so it was not read: a header block that long is broken or hostile.",
                MAX_HEADER_BYTES
            )));
        }
        if !is_header_block(bytes) {
            return Err(Error::BadEmail(
                "This is not an email: an email starts with header lines such as “From: …” and “Subject: …”, then a \
                 blank line, then the message. It can still be scored as plain text."
                    .to_string(),
            ));
        }
        let boundaries = count_ignore_ascii_case(bytes, b"boundary=", MAX_MIME_BOUNDARIES + 1);
        if boundaries > MAX_MIME_BOUNDARIES {
            return Err(Error::BadEmail(format!(
                "This email declares more than {MAX_MIME_BOUNDARIES} MIME boundaries (parts nested in parts), far \
                 more than any real email; it was not read."
            )));
        }
        let Some(message) = MessageParser::new().parse(bytes) else {
            return Err(Error::BadEmail(
                "No email could be read from this text: its headers could not be parsed.".to_string(),
            ));
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

/// Lists the attachments of `message` and of the messages nested in it (at most three
/// deep, as the parser nests them).
fn collect_attachments(
    message: &mail_parser::Message<'_>,
    bodies: &[u32],
    out: &mut Vec<(String, String)>,
    depth: usize,
) {
    for &id in message.attachments.iter().filter(|id| !bodies.contains(id)) {
        let Some(part) = message.parts.get(id as usize) else { continue };
        let mime = part
            .content_type()
            .map(|ct| match ct.subtype() {
                Some(sub) => format!("{}/{}", ct.ctype(), sub),
                None => ct.ctype().to_string(),
            })
            .unwrap_or_else(|| "application/octet-stream".to_string())
            .to_ascii_lowercase();
        let name = part.attachment_name().unwrap_or("").to_string();
        out.push((name, mime));
        if let (PartType::Message(nested), true) = (&part.body, depth < 4) {
            collect_attachments(nested, &[], out, depth + 1);
        }
    }
}

/// The boundary of MIME parts in a body that declares none: the first line `--X` (X of 1
/// to 70 characters, no quote or backslash) followed by a `Content-Type:` line, looked for
/// within the first 2 KB of the body only: a longer text before it is what the sender
/// wrote (a plain message quoting a MIME one), which reading it as a multipart would drop.
fn lost_boundary(body: &[u8]) -> Option<&[u8]> {
    let window = &body[..body.len().min(2048)];
    let mut lines = window.split(|&b| b == b'\n').map(|l| l.strip_suffix(b"\r").unwrap_or(l)).peekable();
    while let Some(line) = lines.next() {
        let Some(boundary) = line.strip_prefix(b"--") else { continue };
        let boundary = boundary.trim_ascii_end();
        let next = lines.peek().copied().unwrap_or(b"");
        if (1..=70).contains(&boundary.len())
            && !boundary.iter().any(|&b| b == b'"' || b == b'\\' || !(b' '..=b'~').contains(&b))
            && next.len() >= 13
            && next[..13].eq_ignore_ascii_case(b"content-type:")
        {
            return Some(boundary);
        }
    }
    None
}

/// Whether a decoded text still starts with the raw body's first line and that line is
/// base64 (40 characters or more of its alphabet): the parser gave up on the base64.
fn still_base64(text: &str, raw: &[u8]) -> bool {
    let first_text = text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    let first_raw = raw.split(|&b| b == b'\n').map(<[u8]>::trim_ascii).find(|l| !l.is_empty()).unwrap_or(b"");
    first_text.len() >= 40
        && first_text.as_bytes() == first_raw
        && first_raw.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/' || b == b'=')
}

/// A base64 body that the parser gave up on (a mailing list appended a plain-text footer
/// after it): its leading run of base64 lines decoded in `charset`, then the rest as
/// text, as a reader sees it.
fn decode_leading_base64(raw: &[u8], charset: Option<&str>) -> String {
    let mut decoded = Vec::with_capacity(raw.len() * 3 / 4);
    let mut quad = [0u8; 4];
    let mut n = 0;
    let mut rest_at = raw.len();
    let mut at = 0;
    for line in raw.split_inclusive(|&b| b == b'\n') {
        let content = line.trim_ascii();
        let base64 = content.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/' || b == b'=');
        if !base64 || (content.is_empty() && !decoded.is_empty()) {
            rest_at = at;
            break;
        }
        at += line.len();
        for &b in content {
            let v = match b {
                b'A'..=b'Z' => b - b'A',
                b'a'..=b'z' => b - b'a' + 26,
                b'0'..=b'9' => b - b'0' + 52,
                b'+' => 62,
                b'/' => 63,
                _ => continue,
            };
            quad[n] = v;
            n += 1;
            if n == 4 {
                decoded.push((quad[0] << 2) | (quad[1] >> 4));
                decoded.push((quad[1] << 4) | (quad[2] >> 2));
                decoded.push((quad[2] << 6) | quad[3]);
                n = 0;
            }
        }
    }
    if n >= 2 {
        decoded.push((quad[0] << 2) | (quad[1] >> 4));
    }
    if n == 3 {
        decoded.push((quad[1] << 4) | (quad[2] >> 2));
    }
    let encoding =
        charset.and_then(|c| encoding_rs::Encoding::for_label(c.trim().as_bytes())).unwrap_or(encoding_rs::UTF_8);
    let (text, _, _) = encoding.decode(&decoded);
    let (tail, _, _) = encoding.decode(&raw[rest_at.min(raw.len())..]);
    format!("{text}\n{tail}")
}

/// A text that is still quoted-printable after its declared decoding (encoded twice, or
/// sent as "8bit" while written in quoted-printable): when it holds `=3D` (the escape of
/// `=` itself, which no writer types), its `=XX` escapes and `=` soft line breaks are
/// decoded once more; escaped bytes that do not make UTF-8 are read as Latin-1.
fn undo_stray_quoted_printable(text: &str) -> String {
    if !text.contains("=3D") && !text.contains("=3d") {
        return text.to_string();
    }
    let decode = |latin1: bool| -> Option<String> {
        let b = text.as_bytes();
        let mut out: Vec<u8> = Vec::with_capacity(b.len());
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'=' {
                let hex = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
                if let (Some(h), Some(l)) = (b.get(i + 1).and_then(|&c| hex(c)), b.get(i + 2).and_then(|&c| hex(c))) {
                    let byte = (h << 4) | l;
                    if latin1 && byte >= 0x80 {
                        let mut buf = [0u8; 4];
                        out.extend_from_slice(char::from(byte).encode_utf8(&mut buf).as_bytes());
                    } else {
                        out.push(byte);
                    }
                    i += 3;
                    continue;
                }
                if b.get(i + 1) == Some(&b'\n') {
                    i += 2;
                    continue;
                }
                if b.get(i + 1) == Some(&b'\r') && b.get(i + 2) == Some(&b'\n') {
                    i += 3;
                    continue;
                }
            }
            out.push(b[i]);
            i += 1;
        }
        String::from_utf8(out).ok()
    };
    decode(false).or_else(|| decode(true)).unwrap_or_else(|| text.to_string())
}

/// Whether part `id` is text (plain or HTML) with no file name and no
/// `Content-Disposition: attachment`.
fn is_orphan_text(message: &mail_parser::Message<'_>, id: u32) -> bool {
    let Some(part) = message.parts.get(id as usize) else { return false };
    matches!(part.body, PartType::Text(_) | PartType::Html(_))
        && part.attachment_name().is_none()
        && !part.content_disposition().is_some_and(|d| d.ctype().eq_ignore_ascii_case("attachment"))
}

/// `bytes` without a leading mbox `From ` separator line.
fn skip_mbox_from_line(bytes: &[u8]) -> &[u8] {
    if bytes.starts_with(b"From ") {
        match bytes.iter().position(|&b| b == b'\n') {
            Some(i) => &bytes[i + 1..],
            None => &[],
        }
    } else {
        bytes
    }
}

/// The length of the header block up to and including the blank line that ends it, when
/// that blank line comes within [`MAX_HEADER_BYTES`]; `None` otherwise.
fn header_block_len(bytes: &[u8]) -> Option<usize> {
    let window = &bytes[..bytes.len().min(MAX_HEADER_BYTES)];
    let mut start = 0;
    while start < window.len() {
        let end = window[start..].iter().position(|&b| b == b'\n').map(|i| start + i);
        let line = &window[start..end.unwrap_or(window.len())];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            return Some(end.map_or(window.len(), |e| e + 1));
        }
        match end {
            Some(e) => start = e + 1,
            None => return if bytes.len() <= MAX_HEADER_BYTES { Some(bytes.len()) } else { None },
        }
    }
    (bytes.len() <= MAX_HEADER_BYTES).then_some(bytes.len())
}

/// Whether `bytes` are an email rather than plain text: after an optional mbox `From `
/// line, every line up to the first blank line (or the end) is a header field
/// (`Name: value`, the name printable ASCII without spaces) or the continuation of one (it
/// starts with a space or a TAB), the first is a field, and one of them is a field a mail
/// system writes (`From`, `To`, `Subject`, `Date`, `Message-ID`, `Received`, …). Only the
/// first [`MAX_HEADER_BYTES`] are looked at.
pub fn looks_like_email(bytes: &[u8]) -> bool {
    is_header_block(skip_mbox_from_line(bytes))
}

/// [`looks_like_email`] after the mbox line, if any, was skipped: a second `From ` line is
/// not skipped too.
fn is_header_block(bytes: &[u8]) -> bool {
    let Some(len) = header_block_len(bytes) else { return false };
    let mut known = false;
    let mut first = true;
    for line in bytes[..len].split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            break;
        }
        if line[0] == b' ' || line[0] == b'\t' {
            if first {
                return false;
            }
            continue;
        }
        first = false;
        let Some(colon) = line.iter().position(|&b| b == b':') else { return false };
        let name = &line[..colon];
        if name.is_empty() || !name.iter().all(|&b| b.is_ascii_graphic()) {
            return false;
        }
        if MAIL_FIELDS.iter().any(|f| f.as_bytes().eq_ignore_ascii_case(name)) {
            known = true;
        }
    }
    known
}

/// How many times `needle` (ASCII, lower case) occurs in `haystack` regardless of ASCII
/// case, counting no further than `stop`.
fn count_ignore_ascii_case(haystack: &[u8], needle: &[u8], stop: usize) -> usize {
    let mut count = 0;
    if needle.is_empty() || haystack.len() < needle.len() {
        return 0;
    }
    let mut i = 0;
    while i + needle.len() <= haystack.len() {
        if haystack[i..i + needle.len()].eq_ignore_ascii_case(needle) {
            count += 1;
            if count >= stop {
                break;
            }
            i += needle.len();
        } else {
            i += 1;
        }
    }
    count
}

/// Whether a body declared as plain text is in fact an HTML document (spam often says
/// `text/plain` and sends `<html>…`).
fn looks_like_html(text: &str) -> bool {
    let head = &text.as_bytes()[..text.len().min(4096)];
    ["<html", "<body", "<!doctype html", "<table", "<font", "<p>", "<div", "<br>"]
        .iter()
        .any(|tag| count_ignore_ascii_case(head, tag.as_bytes(), 1) > 0)
        || count_ignore_ascii_case(text.as_bytes(), b"<html", 1) > 0
}

/// Tags after which a reader sees a new line.
const BLOCK_TAGS: [&str; 24] = [
    "br",
    "p",
    "div",
    "tr",
    "td",
    "th",
    "li",
    "ul",
    "ol",
    "table",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "blockquote",
    "pre",
    "title",
    "center",
    "dd",
    "dt",
    "form",
];

/// The text of an HTML document, as a reader would see it, never rendered: tags are dropped
/// (block tags such as `<p>`, `<br>`, `<div>`, `<td>` become a line break), comments and
/// `<!…>`/`<?…>` declarations are dropped, and `<style>`, `<script>`, `<template>` and
/// `<xml>` elements are dropped *with their content*; character references
/// (`&amp;`, `&nbsp;`, `&#233;`, `&#xE9;`, and the common named ones) are decoded; runs of
/// spaces become one space and runs of blank lines one blank line. A `<` that starts no tag
/// is text. The work is linear in the length of the input.
pub fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len() / 2);
    let bytes = html.as_bytes();
    let mut i = 0;
    let mut text_start = 0;
    while i < bytes.len() {
        if bytes[i] != b'<' {
            i += 1;
            continue;
        }
        let rest = &bytes[i + 1..];
        let tag_like = match rest.first() {
            Some(b) => b.is_ascii_alphabetic() || *b == b'/' || *b == b'!' || *b == b'?',
            None => false,
        };
        if !tag_like {
            i += 1;
            continue;
        }
        push_text(&mut out, &html[text_start..i]);
        if rest.starts_with(b"!--") {
            // A comment, up to `-->` (or the end).
            i = find(bytes, i + 4, b"-->").map_or(bytes.len(), |e| e + 3);
        } else {
            let end = tag_end(bytes, i + 1);
            let (closing, name) = tag_name(&bytes[i + 1..end.min(bytes.len())]);
            i = (end + 1).min(bytes.len());
            let raw_content = ["style", "script", "template", "xml"];
            if !closing && raw_content.iter().any(|t| name.eq_ignore_ascii_case(t)) {
                // Skip to the matching close tag (or the end): the content is not text.
                let mut close = Vec::with_capacity(name.len() + 2);
                close.extend_from_slice(b"</");
                close.extend_from_slice(name.as_bytes());
                i = match find_ignore_case(bytes, i, &close) {
                    Some(at) => (tag_end(bytes, at + 1) + 1).min(bytes.len()),
                    None => bytes.len(),
                };
            } else if BLOCK_TAGS.iter().any(|t| name.eq_ignore_ascii_case(t)) {
                out.push('\n');
            } else if name.eq_ignore_ascii_case("img") || name.eq_ignore_ascii_case("a") {
                // Words either side of an image or a link stay apart.
                out.push(' ');
            }
        }
        text_start = i;
    }
    push_text(&mut out, &html[text_start.min(html.len())..]);
    collapse_whitespace(&out)
}

/// Appends `text` with its character references decoded.
fn push_text(out: &mut String, text: &str) {
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        match decode_reference(after) {
            Some((c, used)) => {
                out.push(c);
                rest = &after[used..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
}

/// The character a reference after `&` stands for and how many bytes of `s` it used
/// (its `;` included when present); `None` when it is no reference this module knows.
fn decode_reference(s: &str) -> Option<(char, usize)> {
    let b = s.as_bytes();
    if b.first() == Some(&b'#') {
        let (digits_start, radix) = match b.get(1) {
            Some(b'x') | Some(b'X') => (2, 16),
            _ => (1, 10),
        };
        let digit = |c: &&u8| if radix == 16 { c.is_ascii_hexdigit() } else { c.is_ascii_digit() };
        let len = b[digits_start..].iter().take(8).take_while(digit).count();
        if len == 0 {
            return None;
        }
        let value = u32::from_str_radix(&s[digits_start..digits_start + len], radix).ok()?;
        let mut used = digits_start + len;
        if b.get(used) == Some(&b';') {
            used += 1;
        }
        // Windows-1252's 0x80–0x9F, as browsers read them; NUL, surrogates and values
        // beyond Unicode as the replacement character.
        let c = match value {
            0x80..=0x9F => windows_1252_c1(value as u8),
            0xA0 => ' ',
            _ => char::from_u32(value).filter(|&c| c != '\0').unwrap_or('\u{FFFD}'),
        };
        return Some((c, used));
    }
    let len = b.iter().take(10).take_while(|c| c.is_ascii_alphanumeric()).count();
    let name = &s[..len];
    let c = named_reference(name)?;
    if b.get(len) == Some(&b';') {
        Some((c, len + 1))
    } else if matches!(name, "nbsp" | "amp" | "lt" | "gt" | "quot" | "copy" | "reg") {
        // The few references old HTML writes without their `;`.
        Some((c, len))
    } else {
        None
    }
}

fn named_reference(name: &str) -> Option<char> {
    Some(match name {
        "nbsp" | "ensp" | "emsp" | "thinsp" => ' ',
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "copy" => '©',
        "reg" => '®',
        "trade" => '™',
        "hellip" => '…',
        "mdash" => '—',
        "ndash" => '–',
        "lsquo" => '‘',
        "rsquo" => '’',
        "ldquo" => '“',
        "rdquo" => '”',
        "laquo" => '«',
        "raquo" => '»',
        "bull" => '•',
        "middot" => '·',
        "euro" => '€',
        "pound" => '£',
        "yen" => '¥',
        "cent" => '¢',
        "sect" => '§',
        "deg" => '°',
        "times" => '×',
        "divide" => '÷',
        "iexcl" => '¡',
        "iquest" => '¿',
        "eacute" => 'é',
        "egrave" => 'è',
        "ecirc" => 'ê',
        "aacute" => 'á',
        "agrave" => 'à',
        "acirc" => 'â',
        "auml" => 'ä',
        "ouml" => 'ö',
        "uuml" => 'ü',
        "Auml" => 'Ä',
        "Ouml" => 'Ö',
        "Uuml" => 'Ü',
        "szlig" => 'ß',
        "ccedil" => 'ç',
        "ntilde" => 'ñ',
        "oacute" => 'ó',
        "iacute" => 'í',
        "uacute" => 'ú',
        "Eacute" => 'É',
        "shy" | "zwnj" | "zwj" => '\u{AD}',
        _ => return None,
    })
}

/// Windows-1252's characters for the bytes 0x80–0x9F (the C1 range of Latin-1).
fn windows_1252_c1(b: u8) -> char {
    const TABLE: [char; 32] = [
        '€', '\u{FFFD}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{FFFD}', 'Ž', '\u{FFFD}',
        '\u{FFFD}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{FFFD}', 'ž', 'Ÿ',
    ];
    TABLE[usize::from(b - 0x80) % 32]
}

/// The index of the `>` that ends the tag whose name starts at `from` (quoted attribute
/// values may hold `>`), or `bytes.len()` when it never ends.
fn tag_end(bytes: &[u8], from: usize) -> usize {
    let mut quote: Option<u8> = None;
    let mut i = from;
    while i < bytes.len() {
        let b = bytes[i];
        match quote {
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None if b == b'"' || b == b'\'' => {
                // A quote only opens a value after `=` (possibly spaced): `<a href="x">`.
                let before = bytes[from..i].iter().rev().find(|c| !c.is_ascii_whitespace());
                if before == Some(&b'=') {
                    quote = Some(b);
                }
            }
            None if b == b'>' => return i,
            None => {}
        }
        i += 1;
    }
    bytes.len()
}

/// Whether the tag text (after `<`, before `>`) closes a tag, and its name.
fn tag_name(tag: &[u8]) -> (bool, &str) {
    let (closing, tag) = match tag.strip_prefix(b"/") {
        Some(rest) => (true, rest),
        None => (false, tag),
    };
    let len = tag.iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'-' || **c == b':').count();
    // ASCII only, so always valid UTF-8.
    (closing, std::str::from_utf8(&tag[..len]).unwrap_or(""))
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    if from >= bytes.len() {
        return None;
    }
    bytes[from..].windows(needle.len()).position(|w| w == needle).map(|p| from + p)
}

fn find_ignore_case(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    if from >= bytes.len() {
        return None;
    }
    bytes[from..].windows(needle.len()).position(|w| w.eq_ignore_ascii_case(needle)).map(|p| from + p)
}

/// One space for each run of spaces and TABs (no space at a line's ends), lines trimmed,
/// and at most one blank line in a row; soft hyphens dropped.
fn collapse_whitespace(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank_run = 0;
    for line in text.split('\n') {
        let words: Vec<String> = line
            .split(|c: char| c.is_whitespace())
            .map(|w| w.chars().filter(|&c| c != '\u{AD}').collect::<String>())
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() {
            blank_run += 1;
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank_run > 0 { "\n\n" } else { "\n" });
        }
        blank_run = 0;
        for (k, w) in words.iter().enumerate() {
            if k > 0 {
                out.push(' ');
            }
            out.push_str(w);
        }
    }
    out
}
