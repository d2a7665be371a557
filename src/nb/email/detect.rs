//! Whether bytes are an email at all (an mbox From line, a block of header fields), and
//! whether a text part is HTML.

use super::*;

/// `bytes` without a leading mbox `From ` separator line.
pub(super) fn skip_mbox_from_line(bytes: &[u8]) -> &[u8] {
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
pub(super) fn header_block_len(bytes: &[u8]) -> Option<usize> {
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
pub(super) fn is_header_block(bytes: &[u8]) -> bool {
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
pub(super) fn count_ignore_ascii_case(haystack: &[u8], needle: &[u8], stop: usize) -> usize {
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
pub(super) fn looks_like_html(text: &str) -> bool {
    let head = &text.as_bytes()[..text.len().min(4096)];
    ["<html", "<body", "<!doctype html", "<table", "<font", "<p>", "<div", "<br>"]
        .iter()
        .any(|tag| count_ignore_ascii_case(head, tag.as_bytes(), 1) > 0)
        || count_ignore_ascii_case(text.as_bytes(), b"<html", 1) > 0
}
