#![cfg(not(target_arch = "wasm32"))]
//! The corpus parsers must keep the same messages: `parse_corpus_bytes` (the library) and
//! the panel's stepwise `CorpusLoader`. The `corpus` fuzz target found a file on which they
//! disagreed (issue #7).

use genlab::nb::lab::{CorpusLoader, SpamLab};
use genlab::nb::{dedup, parse_corpus, parse_corpus_bytes, Label};

/// What the panel keeps of `bytes`, read in steps of `step` bytes.
fn panel_messages(bytes: &[u8], step: usize) -> Vec<(String, Label)> {
    let mut loader = CorpusLoader::new(bytes, "regression.txt").unwrap();
    while !loader.step(step) {}
    let mut lab = SpamLab::builtin().unwrap();
    lab.replace_corpus(loader).unwrap();
    let page = lab.messages(0, 500).unwrap();
    page.entries.into_iter().map(|e| (e.text, e.label)).collect()
}

#[test]
fn every_carriage_return_before_a_line_feed_is_part_of_the_line_ending() {
    // "ok\r\r\r\n": `lines` removed "\r\n" and the parser one more CR, leaving "ok\r", a
    // different message from "ok" (not a repeat), while the loader trims every CR and
    // dropped the second one as a repeat. Minimized from the fuzzer's crash input, whose
    // last message ended in "\r\r\r\n".
    let file = "ham\tok\r\r\r\nham\tok\nspam\tprize\r\r\nspam\twin now\r\r\r\r\nham\tsee you\nspam\tclaim\r";
    let parsed = parse_corpus(file).unwrap();
    for (text, _) in &parsed.docs {
        assert!(!text.ends_with('\r'), "{text:?} kept a line-ending CR");
    }
    let (kept, report) = dedup(parsed.docs);
    assert_eq!(report.exact_duplicates, 1, "“ok” twice is one message");
    for step in [1, 7, 64, usize::MAX] {
        assert_eq!(panel_messages(file.as_bytes(), step), kept, "step {step}");
    }
}

#[test]
fn the_fuzzers_crash_input_reads_the_same_both_ways() {
    // The corpus part of fuzz/artifacts/corpus/crash-f30588820726a95f69c9c7b8a6222844fb4bc770
    // as the fuzz target saw it, Latin-1 bytes and all (reduced to the lines that matter).
    let bytes: &[u8] = b"ham\tcaf\xe9 \nSPAM\tfree \xa3100\nham\tmeet at noon\0AHM\tcet at \r\r\r\nham\tmeet at noon\0AHM\tcet at \nspam\tclaim your prize\n";
    let parsed = parse_corpus_bytes(bytes).unwrap();
    let (kept, _) = dedup(parsed.docs);
    assert_eq!(kept.len(), 4);
    for step in [1, 5, usize::MAX] {
        assert_eq!(panel_messages(bytes, step), kept, "step {step}");
    }
}
