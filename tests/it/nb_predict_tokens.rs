#![cfg(not(target_arch = "wasm32"))]
//! The spam panel's predictions judge the message as the ledger reads it
//! (`SpamLab::message_tokens`): an email's body (and header tokens with header evidence on),
//! a typed text cut at `MAX_MESSAGE_CHARS`, the common words left out when they are. So the
//! bet's truth is the ledger's P(spam | message), the strongest word is the ledger's
//! strongest row, and α = 0's vetoes are the rows the ledger shows as infinite at α = 0,
//! in every mode.
//!
//! The expected values are read off the ledger itself (`SpamLab::explain`, what the page
//! draws), never from the judges: the strongest row is the ledger's largest term, the
//! vetoes its rows with a veto after `set_alpha(0)` on the lab.

use genlab::data::EXAMPLE_EMAILS;
use genlab::nb::lab::SpamLab;
use genlab::nb::{EventModel, Label};
use genlab::predict::{judge_alpha_zero, judge_spam_bet, judge_strongest_word, AlphaZeroGuess};

fn email(id: &str) -> &'static str {
    EXAMPLE_EMAILS.iter().find(|(k, _)| *k == id).unwrap().1
}

/// A typed message with common words (the, is, for, and) among its spam words.
const TYPED: &str = "WIN a FREE prize! The offer is for you and the cash is real, reply now.";

/// Every panel mode the ledger's reading depends on.
fn labs() -> Vec<(String, SpamLab)> {
    let mut out = Vec::new();
    for common in [false, true] {
        for headers in [false, true] {
            for event in [EventModel::Multinomial, EventModel::Bernoulli] {
                let mut lab = SpamLab::builtin().unwrap();
                lab.set_ignore_common_words(common).unwrap();
                lab.set_header_evidence(headers).unwrap();
                lab.set_event_model(event).unwrap();
                out.push((format!("common words left out {common}, header evidence {headers}, {event:?}"), lab));
            }
        }
    }
    out
}

fn messages() -> Vec<&'static str> {
    vec![TYPED, email("en-spam"), email("en-ham"), email("zh-spam"), "妈，我周末回家吃饭。"]
}

#[test]
fn the_bet_is_judged_on_the_ledgers_posterior_in_every_mode() {
    for (mode, lab) in labs() {
        for text in messages() {
            let ledger = lab.explain(text);
            let p = ledger.explanation.p_spam.unwrap();
            let j = judge_spam_bet(lab.model(), &lab.message_tokens(text), None, 0.5).unwrap();
            assert!((j.truth - p).abs() < 1e-12, "{mode}: {text:?}: judged {} against the ledger's {p}", j.truth);
        }
    }
}

#[test]
fn the_strongest_word_is_the_ledgers_longest_bar_each_way() {
    for (mode, lab) in labs() {
        for text in messages() {
            let e = lab.explain(text).explanation;
            if e.words.is_empty() {
                continue;
            }
            for (toward, sign) in [(Label::Spam, 1.0), (Label::Ham, -1.0)] {
                // The ledger's rows, in order of appearance: the first with the largest term.
                let mut top = &e.words[0];
                for w in &e.words {
                    if sign * w.contribution > sign * top.contribution {
                        top = w;
                    }
                }
                let tokens = lab.message_tokens(text);
                let j = judge_strongest_word(lab.model(), &tokens, toward, &top.word).unwrap();
                assert_eq!(j.truth, top.word, "{mode}: {text:?}");
                assert_eq!(j.score.rank, Some(1), "{mode}: {text:?}");
                assert_eq!(j.score.top_evidence, sign * top.contribution);
                // Every distinct token the panel offers is a word the judge accepts.
                for t in &tokens {
                    judge_strongest_word(lab.model(), &tokens, toward, t).unwrap();
                }
            }
        }
    }
}

#[test]
fn the_vetoes_at_alpha_zero_are_the_ledgers_infinite_rows() {
    for (mode, lab) in labs() {
        for text in messages() {
            let tokens = lab.message_tokens(text);
            let Ok(j) = judge_alpha_zero(lab.model(), &tokens, &AlphaZeroGuess::default()) else {
                continue;
            };
            let mut zero = lab.clone();
            zero.set_alpha(0.0).unwrap();
            let ledger = zero.explain(text).explanation;
            let rows: Vec<&str> = ledger.words.iter().filter(|w| w.veto.is_some()).map(|w| w.word.as_str()).collect();
            let judged: Vec<&str> =
                j.truth.vetoes.iter().map(|(w, _)| w.as_str()).filter(|w| tokens.iter().any(|t| t == w)).collect();
            assert_eq!(judged, rows, "{mode}: {text:?}");
            assert_eq!(j.truth.verdict_after, ledger.more_probable, "{mode}: {text:?}");
            assert_eq!(j.truth.verdict_before, lab.explain(text).explanation.more_probable, "{mode}: {text:?}");
        }
    }
}
