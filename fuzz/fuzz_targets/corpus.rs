//! The corpus parsers on arbitrary bytes: `parse_corpus_bytes`, and the stepwise
//! `CorpusLoader` read with arbitrary step sizes and handed to `SpamLab::replace_corpus`.
//!
//! Input layout: byte 0 picks how many step sizes follow (1 to 8), each a little-endian
//! u16 (0 is allowed: a step always reads at least one line); the rest is the file.
//!
//! Invariants:
//! * `parse_corpus_bytes`: Ok has messages of both classes, each one line with some
//!   non-blank text, at most 20 listed errors and no more than `bad_lines`; the encoding is
//!   UTF-8 exactly when the bytes are; Err is `EmptyData`;
//! * the loader's progress never goes down, stays in [0, 1], and is 1 when `step` says done;
//! * the step sizes do not matter: the stepped loader and a loader read in one step give
//!   the same outcome (same error, or the same report and messages);
//! * the two parsers agree: the loaded corpus is `dedup(parse_corpus_bytes(..).docs)`;
//! * a failed `replace_corpus` leaves the panel as it was.
#![no_main]

use std::cell::RefCell;

use genlab::nb::lab::{CorpusLoader, SpamLab, MAX_CORPUS_BYTES, MAX_PAGE};
use genlab::nb::{dedup, parse_corpus_bytes, Label, TextEncoding};
use genlab::Error;
use libfuzzer_sys::fuzz_target;

thread_local! {
    // Two panels, reused: `replace_corpus` keeps only the seed and the settings, which never
    // change here, so what an input loads does not depend on the inputs before it.
    static LABS: RefCell<[SpamLab; 2]> = RefCell::new([builtin(), builtin()]);
}

fn builtin() -> SpamLab {
    SpamLab::builtin().expect("the built-in corpus loads")
}

/// Every message of the panel's corpus, in order, as (text, label).
fn all_messages(lab: &SpamLab) -> Vec<(String, Label)> {
    let mut out = Vec::new();
    while out.len() < lab.message_count() {
        let page = lab.messages(out.len(), MAX_PAGE).expect("a page of at most MAX_PAGE");
        assert!(!page.entries.is_empty());
        out.extend(page.entries.into_iter().map(|e| (e.text, e.label)));
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let Some((&k, rest)) = data.split_first() else { return };
    let k = usize::from(k % 8) + 1;
    if rest.len() < 2 * k {
        return;
    }
    let (sizes, bytes) = rest.split_at(2 * k);
    let steps: Vec<usize> = sizes.chunks(2).map(|c| usize::from(u16::from_le_bytes([c[0], c[1]]))).collect();

    // The one-shot parser.
    let parsed = parse_corpus_bytes(bytes);
    match &parsed {
        Ok(p) => {
            assert!(p.count(Label::Ham) > 0 && p.count(Label::Spam) > 0);
            assert!(p.errors.len() <= 20 && p.errors.len() <= p.bad_lines);
            for (text, _) in &p.docs {
                assert!(!text.trim().is_empty() && !text.contains('\n'), "bad message {text:?}");
            }
            let utf8 = std::str::from_utf8(bytes).is_ok();
            assert_eq!(p.encoding == TextEncoding::Utf8, utf8);
        }
        Err(e) => assert!(matches!(e, Error::EmptyData(_)), "unexpected error {e:?}"),
    }

    // The stepwise loader, with the fuzzer's step sizes and in one go.
    let stepped = CorpusLoader::new(bytes, "fuzz.txt");
    let whole = CorpusLoader::new(bytes, "fuzz.txt");
    let too_big = bytes.len() > MAX_CORPUS_BYTES;
    let blank = bytes.iter().all(u8::is_ascii_whitespace);
    assert_eq!(stepped.is_err(), too_big || blank);
    let (Ok(mut stepped), Ok(whole)) = (stepped, whole) else { return };
    let mut last = stepped.progress();
    assert!((0.0..=1.0).contains(&last));
    for i in 0.. {
        assert!(i <= bytes.len() + 1, "the loader does not advance");
        let done = stepped.step(steps[i % steps.len()]);
        let now = stepped.progress();
        assert!((0.0..=1.0).contains(&now) && now >= last, "progress went from {last} to {now}");
        last = now;
        if done {
            assert_eq!(now, 1.0);
            break;
        }
    }

    LABS.with_borrow_mut(|[a, b]| {
        let before = (a.report().clone(), a.message_count());
        let ra = a.replace_corpus(stepped);
        let rb = b.replace_corpus(whole);
        assert_eq!(ra, rb, "the step sizes changed the outcome");
        match ra {
            Ok(()) => {
                assert_eq!(a.report(), b.report());
                let messages = all_messages(a);
                assert_eq!(messages, all_messages(b));
                let report = a.report();
                assert_eq!(report.messages[0] + report.messages[1], messages.len());
                assert_eq!(report.split[0] + report.split[1], messages.len());
                let parsed = parsed.expect("the loader read a corpus that parse_corpus_bytes refused");
                let (expected, _) = dedup(parsed.docs);
                assert_eq!(messages, expected, "the loader and parse_corpus_bytes disagree");
                let _ = a.evaluate();
                let _ = a.explain("free prize 免费 🎉");
            }
            Err(_) => {
                assert_eq!((a.report().clone(), a.message_count()), before, "a failed load changed the corpus");
            }
        }
    });
});
