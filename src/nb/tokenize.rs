//! Unicode-aware tokenization: text → the list of words naive Bayes counts.
//!
//! The rules, applied in this order:
//!
//! 1. **Lower-case** the whole text with Unicode's full case mapping
//!    ([`str::to_lowercase`]): `NAÏVE` → `naïve`, `ΣΟΦΊΑ` → `σοφία`.
//! 2. **Split into words** at the word boundaries of Unicode Standard Annex #29
//!    (`unicode_segmentation`'s `unicode_word_indices`), keeping only words that contain
//!    at least one letter or digit. Punctuation and spaces are dropped; apostrophes and
//!    decimal points inside a word stay (`don't`, `3.5`).
//! 3. **One token per Chinese character.** Inside a word, every Han ideograph (CJK
//!    Unified Ideographs U+4E00–U+9FFF, Extension A U+3400–U+4DBF, Extensions B–H
//!    U+20000–U+2EE5F and U+30000–U+323AF, Compatibility Ideographs U+F900–U+FAFF and
//!    U+2F800–U+2FA1F, and 〇 U+3007) becomes its own token, because written Chinese has
//!    no spaces between words. Letters and digits between ideographs stay together: `明天meeting改到3pm` →
//!    `明 天 meeting 改 到 3pm`.
//! 4. **One token per emoji.** Word segmentation drops emoji, so the text is also scanned
//!    by extended grapheme clusters; every cluster that starts with an emoji code point
//!    (U+1F000–U+1FAFF, U+2600–U+27BF, U+2300–U+23FF, U+2B00–U+2BFF) is a token, whole
//!    (`👍🏽`, `👨‍👩‍👧`, flags), in its place in the text.
//! 5. **Invisible format characters** inside a word (soft hyphen, zero-width space and
//!    joiners, word joiner, BOM, variation selectors) are removed, so `fr\u{AD}ee` counts
//!    as `free`; so are stray whitespace and control characters that a combining mark
//!    glued to a word. Emoji clusters keep their joiners and selectors: they are part of
//!    the emoji.
//!
//! Accents are kept: `café` and `cafe` are different words. No Unicode normalization is
//! applied, so a precomposed `é` (U+00E9) and `e` + U+0301 are different tokens too (both
//! forms are lower-cased); nor is full-width folding (`ｆｒｅｅ` stays full-width).
//! Tokens come out in the order they appear in the text. There is no length cap here; the
//! caller bounds the input.

use unicode_segmentation::UnicodeSegmentation;

/// Splits `text` into lower-cased tokens by the rules in the [module docs](self).
///
/// Never fails and never panics: empty, whitespace-only and control-character input give
/// an empty list.
pub fn tokenize(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    tokenize_into(text, &mut out);
    out
}

/// Appends the tokens of `text` to `out` (same rules as [`tokenize`]), reusing the
/// vector's allocation across calls.
pub fn tokenize_into(text: &str, out: &mut Vec<String>) {
    let lower = text.to_lowercase();
    // Emoji clusters, in order; the ones inside a word span are handled by `split_word`.
    // Most messages have none, and then the grapheme scan is skipped.
    let scan = if lower.chars().any(is_emoji) { lower.as_str() } else { "" };
    let mut emoji = scan.grapheme_indices(true).filter(|(_, g)| is_emoji_grapheme(g)).peekable();
    for (start, word) in lower.unicode_word_indices() {
        let end = start + word.len();
        while let Some(&(offset, g)) = emoji.peek() {
            if offset >= end {
                break;
            }
            if offset < start {
                out.push(g.to_string());
            }
            emoji.next();
        }
        split_word(word, out);
    }
    out.extend(emoji.map(|(_, g)| g.to_string()));
}

/// Splits one UAX #29 word into tokens: ideographs and emoji alone, other runs together.
fn split_word(word: &str, out: &mut Vec<String>) {
    // The common case, a word of letters and digits only, is emitted as it is.
    if word.chars().all(|c| c.is_alphanumeric() && !is_han(c) && !is_emoji(c)) {
        out.push(word.to_string());
        return;
    }
    let mut run = String::new();
    for g in word.graphemes(true) {
        if is_emoji_grapheme(g) {
            flush(&mut run, out);
            out.push(g.to_string());
        } else if g.chars().next().is_some_and(is_han) {
            flush(&mut run, out);
            let mut han = String::new();
            push_visible(g, &mut han);
            out.push(han);
        } else {
            push_visible(g, &mut run);
        }
    }
    flush(&mut run, out);
}

/// Emits the pending run as a token if it holds a letter or a digit; empties it.
fn flush(run: &mut String, out: &mut Vec<String>) {
    if run.chars().any(char::is_alphanumeric) {
        out.push(std::mem::take(run));
    } else {
        run.clear();
    }
}

/// Appends the characters of `g` except invisible format characters, and whitespace or
/// control characters (UAX #29 attaches a combining mark to a preceding TAB, say).
fn push_visible(g: &str, to: &mut String) {
    to.extend(g.chars().filter(|&c| !is_invisible_format(c) && !c.is_whitespace() && !c.is_control()));
}

/// Soft hyphen, zero-width space/joiners, direction marks, word joiner and invisible
/// operators, BOM, and variation selectors: characters that change no visible letter.
fn is_invisible_format(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2060}'..='\u{2064}'
            | '\u{FEFF}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{E0100}'..='\u{E01EF}'
    )
}

/// Whether `c` is a Han ideograph (the blocks listed in the module docs).
pub fn is_han(c: char) -> bool {
    matches!(
        c,
        '\u{3007}'
            | '\u{3400}'..='\u{4DBF}'
            | '\u{4E00}'..='\u{9FFF}'
            | '\u{F900}'..='\u{FAFF}'
            | '\u{20000}'..='\u{2A6DF}'
            | '\u{2A700}'..='\u{2EE5F}'
            | '\u{2F800}'..='\u{2FA1F}'
            | '\u{30000}'..='\u{323AF}'
    )
}

/// Whether `c` starts an emoji (the pictographic blocks listed in the module docs).
pub fn is_emoji(c: char) -> bool {
    matches!(
        c,
        '\u{1F000}'..='\u{1FAFF}'
            | '\u{2600}'..='\u{27BF}'
            | '\u{2300}'..='\u{23FF}'
            | '\u{2B00}'..='\u{2BFF}'
    )
}

fn is_emoji_grapheme(g: &str) -> bool {
    g.chars().next().is_some_and(is_emoji)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn han_ranges_cover_common_and_extension_characters() {
        assert!(is_han('汉') && is_han('〇') && is_han('㐀') && is_han('\u{20000}'));
        assert!(is_han('\u{2F800}'));
        assert!(!is_han('a') && !is_han('、') && !is_han('あ') && !is_han('\u{2FA20}'));
    }

    #[test]
    fn zero_width_joiner_between_letter_and_emoji_gives_two_tokens() {
        // UAX #29 keeps "a" + ZWJ + 😀 as one word (rule WB3c); the emoji is split out.
        assert_eq!(tokenize("a\u{200D}😀 b"), ["a", "😀", "b"]);
    }
}
