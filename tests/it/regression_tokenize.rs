#![cfg(not(target_arch = "wasm32"))]
//! An invisible character must not change the tokens: the `tokenize` fuzz target found
//! that a zero-width joiner before a pictograph outside the emoji blocks glued it to the
//! word (UAX #29 rule WB3c), so `a` ZWJ U+1FE00 gave the token `a\u{1FE00}`, while the
//! same visible text without the joiner gives `a` (issue #7).

use genlab::nb::tokenize;

#[test]
fn a_joiner_before_a_pictograph_does_not_glue_it_to_the_word() {
    for glued in ['\u{1FE00}', '©', '™', '‼', '↔'] {
        let visible = format!("a{glued} b");
        let hidden = format!("a\u{200D}{glued} b");
        assert_eq!(tokenize(&hidden), tokenize(&visible), "{hidden:?}");
        assert_eq!(tokenize(&hidden), ["a", "b"], "{hidden:?}");
    }
    // Emoji stay tokens of their own, as before.
    assert_eq!(tokenize("a\u{200D}😀 b"), ["a", "😀", "b"]);
    // Other invisible characters still vanish inside a word.
    assert_eq!(tokenize("fr\u{AD}ee 3\u{AD}.5 don\u{2060}'t"), ["free", "3.5", "don't"]);
}

#[test]
fn the_fuzzers_crash_input_is_a_fixed_point() {
    // fuzz/artifacts/tokenize/crash-a951d793b8a9fb45c369ef5073ef54e4991f2904, as text.
    let text = " FRE明fr\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}ee a\u{200d}\u{1fe00} ] \trize, repl9 now";
    let tokens = tokenize(text);
    assert_eq!(tokens, ["fre", "明", "fr", "ee", "a", "rize", "repl9", "now"]);
    assert_eq!(tokenize(&tokens.join("\n")), tokens);
}
