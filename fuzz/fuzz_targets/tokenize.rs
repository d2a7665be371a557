//! The tokenizer on arbitrary bytes: as UTF-8 when they are, and always as lossily decoded
//! text (U+FFFD for bad bytes) and as Latin-1 (what the corpus loader does with non-UTF-8).
//!
//! Invariants (beyond "never panics"):
//! * no token is empty, and none holds whitespace or a control character;
//! * every token holds a letter or a digit, or starts with an emoji code point;
//! * `tokenize_into` appends exactly what `tokenize` returns;
//! * re-tokenizing the tokens joined by line breaks gives the same tokens (the tokenizer
//!   is a projection: its output is a fixed point). Joined by spaces it is not, always:
//!   see `tests/it/prop_nb.rs`;
//! * a line break separates completely: tokenize(a LF b) = tokenize(a) ++ tokenize(b).
#![no_main]

use genlab::nb::tokenize::is_emoji;
use genlab::nb::{tokenize, tokenize_into};
use libfuzzer_sys::fuzz_target;

fn check(text: &str) {
    let tokens = tokenize(text);
    for t in &tokens {
        assert!(!t.is_empty(), "empty token from {text:?}");
        assert!(!t.chars().any(|c| c.is_whitespace() || c.is_control()), "token {t:?} from {text:?} has a blank");
        assert!(
            t.chars().any(char::is_alphanumeric) || t.chars().next().is_some_and(is_emoji),
            "token {t:?} from {text:?} has neither a letter, a digit nor an emoji"
        );
    }
    let mut out = vec!["sentinel".to_string()];
    tokenize_into(text, &mut out);
    assert_eq!(out[0], "sentinel");
    assert_eq!(&out[1..], &tokens[..], "tokenize_into differs from tokenize on {text:?}");
    // Line breaks, not spaces: a space is glued to a following grapheme extender (a lone
    // skin-tone modifier 🏽 after a control character is a token, but " 🏽" is one
    // cluster that starts with a space, and is dropped). After a line break Unicode
    // segments afresh (UAX #29 rules GB4/GB5, WB3a/WB3b), so this says: each token alone
    // tokenizes to itself, and tokens do not merge.
    let again = tokenize(&tokens.join("\n"));
    assert_eq!(again, tokens, "not a fixed point: {text:?}");
}

/// A line break separates completely (UAX #29 WB3a/WB3b and GB4/GB5; lower-casing's
/// final-sigma context stops at it): the tokens of `a` LF `b` are those of `a`, then `b`'s.
fn check_line_break_is_local(a: &str, b: &str) {
    let mut expected = tokenize(a);
    expected.extend(tokenize(b));
    assert_eq!(tokenize(&format!("{a}\n{b}")), expected, "{a:?} / {b:?}");
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check(text);
        let mut cut = data.first().map_or(0, |&b| usize::from(b)).min(text.len());
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let (a, b) = text.split_at(cut);
        check_line_break_is_local(a, b);
    }
    check(&String::from_utf8_lossy(data));
    let latin1: String = data.iter().map(|&b| char::from(b)).collect();
    check(&latin1);
});
