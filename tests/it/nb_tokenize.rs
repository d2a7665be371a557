#![cfg(not(target_arch = "wasm32"))]
//! The tokenizer's documented rules (src/nb/tokenize.rs), one example each. Expected token
//! lists are written by hand from those rules and UAX #29.

use genlab::nb::{tokenize, tokenize_into};
use genlab::stats::sampling::rng;
use rand::Rng as _;

#[test]
fn english_is_lower_cased_and_punctuation_dropped() {
    assert_eq!(
        tokenize("WIN a FREE prize, reply now!!! It's 3.5 times... better?"),
        ["win", "a", "free", "prize", "reply", "now", "it's", "3.5", "times", "better"]
    );
}

#[test]
fn accents_are_kept_and_lower_cased() {
    assert_eq!(tokenize("Café NAÏVE Résumé"), ["café", "naïve", "résumé"]);
    // Greek capitals lower-case with Unicode's rules (final sigma included).
    assert_eq!(tokenize("ΣΟΦΊΑΣ"), ["σοφίας"]);
}

#[test]
fn no_unicode_normalization_is_applied() {
    // "e" + U+0301 (combining acute) stays decomposed: a different token from "é" (U+00E9).
    let decomposed = tokenize("Cafe\u{301}");
    assert_eq!(decomposed, ["cafe\u{301}"]);
    assert_ne!(decomposed, tokenize("café"));
    // Full-width letters are lower-cased but not folded to ASCII.
    assert_eq!(tokenize("ＦＲＥＥ"), ["ｆｒｅｅ"]);
}

#[test]
fn every_emoji_is_its_own_token_in_place() {
    assert_eq!(tokenize("Win 💰💰 now🎉!"), ["win", "💰", "💰", "now", "🎉"]);
    // Skin-tone modifiers, ZWJ families, flags and variation selectors stay in one token.
    assert_eq!(tokenize("👍🏽ok"), ["👍🏽", "ok"]);
    assert_eq!(tokenize("👨‍👩‍👧 home"), ["👨‍👩‍👧", "home"]);
    assert_eq!(tokenize("🇬🇧 offer"), ["🇬🇧", "offer"]);
    assert_eq!(tokenize("I ❤️ it ☕"), ["i", "❤️", "it", "☕"]);
    assert_eq!(tokenize("🎁"), ["🎁"]);
}

#[test]
fn each_chinese_ideograph_is_its_own_token() {
    assert_eq!(tokenize("每个汉字一个词"), ["每", "个", "汉", "字", "一", "个", "词"]);
    // Chinese punctuation is dropped.
    assert_eq!(tokenize("免费中奖，回复！"), ["免", "费", "中", "奖", "回", "复"]);
}

#[test]
fn latin_letters_and_digits_between_ideographs_stay_together() {
    assert_eq!(tokenize("明天meeting改到3pm"), ["明", "天", "meeting", "改", "到", "3pm"]);
    assert_eq!(tokenize("中奖500元"), ["中", "奖", "500", "元"]);
}

#[test]
fn other_scripts_follow_word_boundaries() {
    // Hangul and Cyrillic words are whole words.
    assert_eq!(tokenize("안녕하세요 친구"), ["안녕하세요", "친구"]);
    assert_eq!(tokenize("Бесплатный ПРИЗ"), ["бесплатный", "приз"]);
}

#[test]
fn invisible_format_characters_inside_words_are_removed() {
    // Soft hyphen and zero-width joiner used to dodge filters: "fr­ee" counts as "free".
    assert_eq!(tokenize("fr\u{AD}ee c\u{200D}ash"), ["free", "cash"]);
}

#[test]
fn empty_whitespace_and_control_input_give_no_tokens_and_no_panic() {
    assert!(tokenize("").is_empty());
    assert!(tokenize("   \t\r\n  ").is_empty());
    assert!(tokenize("\0\u{1}\u{7f}\u{85}").is_empty());
    assert!(tokenize("!!! ... ，。").is_empty());
    assert_eq!(tokenize("a\0b"), ["a", "b"]);
}

#[test]
fn tokenize_into_appends_to_the_vector() {
    let mut out = vec!["first".to_string()];
    tokenize_into("Second THIRD", &mut out);
    assert_eq!(out, ["first", "second", "third"]);
}

#[test]
fn random_unicode_never_panics_and_never_yields_an_empty_token() {
    // Random strings drawn from ASCII, Latin-1, combining marks, CJK, emoji, format and
    // control characters, private use, and any scalar value (seeded, so reproducible).
    const RANGES: &[(u32, u32)] = &[
        (0x00, 0x7F),
        (0x80, 0xFF),
        (0x300, 0x36F),
        (0x4E00, 0x4E80),
        (0x1F300, 0x1F3FF),
        (0x1F3FB, 0x1F3FF),
        (0x200B, 0x200F),
        (0xFE00, 0xFE0F),
        (0xD7F0, 0xD7FF),
        (0xE000, 0xE010),
        (0x1F1E6, 0x1F1FF),
        (0x0, 0x10FFFF),
    ];
    let mut r = rng(2024);
    for _ in 0..2000 {
        let len = r.random_range(0..40);
        let text: String = (0..len)
            .filter_map(|_| {
                let (lo, hi) = RANGES[r.random_range(0..RANGES.len())];
                char::from_u32(r.random_range(lo..=hi))
            })
            .collect();
        for token in tokenize(&text) {
            assert!(!token.is_empty(), "empty token from {text:?}");
            assert!(!token.chars().any(char::is_whitespace), "whitespace in {token:?} from {text:?}");
        }
    }
}
