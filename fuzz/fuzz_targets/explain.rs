//! The evidence ledger of arbitrary text on the built-in teaching corpus, under arbitrary
//! settings: α (any finite value ≥ 0, with exact 0 and tiny values made likely), the event
//! model, the prior and the costs. Vocabulary words picked by index are appended to the
//! text so that most inputs hit the vocabulary (and the α = 0 vetoes).
//!
//! Invariants:
//! * no f64 anywhere in the ledger is NaN (every field, walked through its `Serialize`);
//! * `p_spam` is in [0, 1] when present, and present exactly when `log_odds` is; the
//!   verdict is present exactly when `log_odds` is;
//! * every word's probabilities are in [0, 1];
//! * the ledger identity: prior log-ratio + Σ contributions (+ absent evidence) equals
//!   `log_odds` within 1e-9 relative to the size of the terms, whenever all are finite;
//! * the veto rules: `log_odds` is +∞ exactly when ham is ruled out and spam is not, −∞ the
//!   other way round, `None` when both are;
//! * one formula pair per word; the token count is the tokenizer's.
#![no_main]

use std::cell::RefCell;

use arbitrary::Arbitrary;
use genlab::nb::lab::SpamLab;
use genlab::nb::{tokenize, EventModel, Prior, Veto};
use libfuzzer_sys::fuzz_target;
use serde_value::Value;

#[derive(Debug, Arbitrary)]
struct Input {
    alpha_kind: u8,
    alpha_bits: u64,
    bernoulli: bool,
    prior: u8,
    costs: Option<(u16, u16)>,
    words: Vec<u16>,
    text: String,
}

thread_local! {
    static LAB: RefCell<SpamLab> = RefCell::new(SpamLab::builtin().expect("the built-in corpus loads"));
}

fn alpha(kind: u8, bits: u64) -> f64 {
    match kind % 4 {
        0 => 0.0,
        1 => genlab::nb::lab::ALPHA_GRID[(bits % 14) as usize],
        2 => (bits % 1_000_000) as f64 * 1e-6,
        _ => {
            let x = f64::from_bits(bits).abs();
            if x.is_finite() {
                x
            } else {
                1.0
            }
        }
    }
}

/// Every f64 in a serialized value.
fn floats(v: &Value, out: &mut Vec<f64>) {
    match v {
        Value::F64(x) => out.push(*x),
        Value::F32(x) => out.push(f64::from(*x)),
        Value::Option(Some(x)) | Value::Newtype(x) => floats(x, out),
        Value::Seq(xs) => xs.iter().for_each(|x| floats(x, out)),
        Value::Map(m) => m.iter().for_each(|(k, x)| {
            floats(k, out);
            floats(x, out);
        }),
        _ => {}
    }
}

fuzz_target!(|input: Input| {
    LAB.with_borrow_mut(|lab| {
        let event = if input.bernoulli { EventModel::Bernoulli } else { EventModel::Multinomial };
        lab.set_event_model(event).expect("both event models fit the teaching corpus");
        lab.set_alpha(alpha(input.alpha_kind, input.alpha_bits)).expect("α finite and ≥ 0");
        lab.set_prior([Prior::MaximumLikelihood, Prior::Smoothed, Prior::Uniform][usize::from(input.prior % 3)]);
        let (fp, fn_) = input.costs.map_or((1.0, 1.0), |(a, b)| (f64::from(a) + 1.0, f64::from(b) + 1.0));
        lab.set_costs(fp, fn_).expect("positive costs");

        let vocabulary = lab.model().counts().words();
        let mut text = input.text.clone();
        for &w in &input.words {
            text.push(' ');
            text.push_str(&vocabulary[usize::from(w) % vocabulary.len()]);
        }
        let ledger = lab.explain(&text);
        let e = &ledger.explanation;

        let value = serde_value::to_value(&ledger).expect("the ledger serializes");
        let mut all = Vec::new();
        floats(&value, &mut all);
        assert!(!all.is_empty());
        assert!(all.iter().all(|x| !x.is_nan()), "NaN in the ledger of {text:?}: {e:?}");

        assert_eq!(e.p_spam.is_some(), e.log_odds.is_some());
        assert_eq!(e.verdict.is_some(), e.log_odds.is_some());
        if let Some(p) = e.p_spam {
            assert!((0.0..=1.0).contains(&p), "P(spam) = {p}");
        }
        for w in &e.words {
            assert!((0.0..=1.0).contains(&w.p_spam) && (0.0..=1.0).contains(&w.p_ham), "{w:?}");
            assert!(w.count >= 1);
        }
        assert_eq!(ledger.formulas().len(), e.words.len());
        // The capped view the page gets: its rows and its hidden row account for every
        // word, and their sum is the sum of all contributions when every term is finite.
        let view = ledger.view(5, 3);
        let v = &view.explanation;
        assert_eq!(v.words.len() + v.hidden.words, e.words.len());
        assert!(v.unknown_words.len() <= 3 && v.unknown_count == e.unknown_words.len());
        assert!(!v.hidden.contribution.is_nan());
        if e.words.iter().all(|w| w.contribution.is_finite()) {
            let all: f64 = e.words.iter().map(|w| w.contribution).sum();
            let shown: f64 = v.words.iter().map(|r| r.contribution).sum::<f64>() + v.hidden.contribution;
            let size = e.words.iter().map(|w| w.contribution.abs()).sum::<f64>().max(1.0);
            assert!((all - shown).abs() <= 1e-9 * size, "{all} vs {shown}");
        }
        for r in &v.words {
            assert!(ledger.word_detail(r.index).is_some_and(|d| d.word == r.word));
        }
        assert_eq!(ledger.tokens, tokenize(&text).len());
        assert!(!ledger.truncated);

        match e.ruled_out {
            Some(Veto::Both) => assert_eq!(e.log_odds, None),
            Some(Veto::Ham) => assert_eq!(e.log_odds, Some(f64::INFINITY)),
            Some(Veto::Spam) => assert_eq!(e.log_odds, Some(f64::NEG_INFINITY)),
            None => assert!(e.log_odds.is_some_and(f64::is_finite), "{:?}", e.log_odds),
        }

        let absent = e.absent_evidence.unwrap_or(0.0);
        assert_eq!(e.absent_evidence.is_some(), event == EventModel::Bernoulli);
        let terms: Vec<f64> =
            std::iter::once(e.prior_log_ratio).chain(e.words.iter().map(|w| w.contribution)).chain([absent]).collect();
        if let Some(log_odds) = e.log_odds.filter(|x| x.is_finite()) {
            if terms.iter().all(|t| t.is_finite()) && e.words.iter().all(|w| w.veto.is_none()) {
                let sum: f64 = terms.iter().sum();
                let scale = terms.iter().map(|t| t.abs()).sum::<f64>().max(e.log_joint[0].abs()).max(1.0);
                assert!(
                    (sum - log_odds).abs() <= 1e-9 * scale,
                    "ledger sums to {sum}, log-odds {log_odds} (scale {scale}) for {text:?}"
                );
            }
        }
    });
});
