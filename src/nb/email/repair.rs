//! Mending what real mailboxes do to a message: attachments listed, a lost MIME boundary,
//! base64 left undecoded, stray quoted-printable, orphan text parts.

use super::*;

/// Lists the attachments of `message` and of the messages nested in it (at most three
/// deep, as the parser nests them).
pub(super) fn collect_attachments(
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
pub(super) fn lost_boundary(body: &[u8]) -> Option<&[u8]> {
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
pub(super) fn still_base64(text: &str, raw: &[u8]) -> bool {
    let first_text = text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    let first_raw = raw.split(|&b| b == b'\n').map(<[u8]>::trim_ascii).find(|l| !l.is_empty()).unwrap_or(b"");
    first_text.len() >= 40
        && first_text.as_bytes() == first_raw
        && first_raw.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/' || b == b'=')
}

/// A base64 body that the parser gave up on (a mailing list appended a plain-text footer
/// after it): its leading run of base64 lines decoded in `charset`, then the rest as
/// text, as a reader sees it.
pub(super) fn decode_leading_base64(raw: &[u8], charset: Option<&str>) -> String {
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
pub(super) fn undo_stray_quoted_printable(text: &str) -> String {
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
pub(super) fn is_orphan_text(message: &mail_parser::Message<'_>, id: u32) -> bool {
    let Some(part) = message.parts.get(id as usize) else { return false };
    matches!(part.body, PartType::Text(_) | PartType::Html(_))
        && part.attachment_name().is_none()
        && !part.content_disposition().is_some_and(|d| d.ctype().eq_ignore_ascii_case("attachment"))
}
