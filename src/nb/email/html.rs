//! HTML to the words a reader sees: tags dropped (block tags as line breaks), character
//! references decoded, whitespace collapsed. Nothing of it is ever rendered as HTML.

/// Tags after which a reader sees a new line.
pub(super) const BLOCK_TAGS: [&str; 24] = [
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
pub(super) fn push_text(out: &mut String, text: &str) {
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
pub(super) fn decode_reference(s: &str) -> Option<(char, usize)> {
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

pub(super) fn named_reference(name: &str) -> Option<char> {
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
pub(super) fn windows_1252_c1(b: u8) -> char {
    const TABLE: [char; 32] = [
        '€', '\u{FFFD}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{FFFD}', 'Ž', '\u{FFFD}',
        '\u{FFFD}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{FFFD}', 'ž', 'Ÿ',
    ];
    TABLE[usize::from(b - 0x80) % 32]
}

/// The index of the `>` that ends the tag whose name starts at `from` (quoted attribute
/// values may hold `>`), or `bytes.len()` when it never ends.
pub(super) fn tag_end(bytes: &[u8], from: usize) -> usize {
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
pub(super) fn tag_name(tag: &[u8]) -> (bool, &str) {
    let (closing, tag) = match tag.strip_prefix(b"/") {
        Some(rest) => (true, rest),
        None => (false, tag),
    };
    let len = tag.iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'-' || **c == b':').count();
    // ASCII only, so always valid UTF-8.
    (closing, std::str::from_utf8(&tag[..len]).unwrap_or(""))
}

pub(super) fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    if from >= bytes.len() {
        return None;
    }
    bytes[from..].windows(needle.len()).position(|w| w == needle).map(|p| from + p)
}

pub(super) fn find_ignore_case(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    if from >= bytes.len() {
        return None;
    }
    bytes[from..].windows(needle.len()).position(|w| w.eq_ignore_ascii_case(needle)).map(|p| from + p)
}

/// One space for each run of spaces and TABs (no space at a line's ends), lines trimmed,
/// and at most one blank line in a row; soft hyphens dropped.
pub(super) fn collapse_whitespace(text: &str) -> String {
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
