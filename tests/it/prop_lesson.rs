#![cfg(not(target_arch = "wasm32"))]
//! Property test of the lesson format: every lesson the format can hold survives
//! `write` → `parse` unchanged and without an error, and `write` is a fixed point
//! (`cargo test --test it prop_lesson::`; set `PROPTEST_CASES` for more).
//!
//! "Can hold" is the format's documentation (`genlab::lesson`): one-line trimmed values
//! within their limits, a known panel, that panel's controls (each once), a highlight of that
//! panel, notes of trimmed lines; states are drawn from valid link values of the panel.

use genlab::lesson::{
    cells_of, controls_of, parse, write, Highlight, Lesson, Predict, PredictParams, Step, PREDICT_KINDS,
};
use proptest::prelude::*;

/// A value character: anything but a line break (the format is one field a line) and the
/// control characters; Markdown markers, `:` and `#` made likely.
fn value_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => any::<char>().prop_map(|c| if c.is_control() { 'x' } else { c }),
        2 => prop::sample::select(&['*', '_', '`', '$', '\\', ':', '#', ' ', '免', '🎉', 'a', 'Σ'][..]),
    ]
}

/// A trimmed one-line value of at most `max` characters.
fn value(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(value_char(), 0..max.min(60))
        .prop_map(|v| v.into_iter().collect::<String>().trim().to_string())
}

fn panel() -> impl Strategy<Value = &'static str> {
    prop::sample::select(&["gda", "nb", "cat"][..])
}

/// A valid state for the panel, from pieces of valid links.
fn state(panel: &'static str) -> impl Strategy<Value = String> {
    let pieces: &'static [&'static str] = match panel {
        "gda" => {
            &["cov=per-class", "m0=-1,0&m1=1,0.5", "phi=0.3", "l01=2", "seed=9", "sx1=2", "r0=-0.5", "lr=1", "heat=1"]
        }
        "nb" => {
            &["a=0", "ev=bernoulli", "t=free%20%E5%85%8D%E8%B4%B9", "cost=10", "prior=uniform", "rs=oversample_spam"]
        }
        _ => &["cl=0", "cprior=uniform", "cq=yes|green|short|no"],
    };
    prop::sample::subsequence(pieces, 0..=3).prop_map(|v| v.join("&"))
}

fn highlight(panel: &'static str) -> impl Strategy<Value = Option<Highlight>> {
    let control = prop::sample::select(controls_of(panel)).prop_map(|c| Some(Highlight::Control(c.to_string())));
    match panel {
        "gda" => {
            let cell = prop::sample::select(cells_of("gda")).prop_map(|c| Some(Highlight::Cell(c.to_string())));
            prop_oneof![Just(None), control, cell, (0u8..5).prop_map(|c| Some(Highlight::Mean(c)))].boxed()
        }
        "nb" => {
            let cell = prop::sample::select(cells_of("nb")).prop_map(|c| Some(Highlight::Cell(c.to_string())));
            prop_oneof![Just(None), control, cell, value(59).prop_map(|w| Some(Highlight::Word(format!("w{w}"))))]
                .boxed()
        }
        _ => prop_oneof![Just(None), control].boxed(),
    }
}

fn step() -> impl Strategy<Value = Step> {
    panel().prop_flat_map(|p| {
        (
            value(200),
            state(p),
            prop::sample::subsequence(controls_of(p), 0..=3),
            highlight(p),
            (value(600), value(600)),
            prop::collection::vec(value(80), 0..4),
            predict(p),
        )
            .prop_map(move |(name, state, hide, highlight, (en, zh), notes, predict)| Step {
                name,
                panel: p.to_string(),
                state,
                hide: hide.into_iter().map(String::from).collect(),
                highlight,
                caption_en: en,
                caption_zh: zh,
                notes: notes.join("\n"),
                predict,
            })
    })
}

/// A prediction of one of `panel`'s kinds, with parameters in range (the movement's one
/// change among the five), or none.
fn predict(panel: &'static str) -> impl Strategy<Value = Option<Predict>> {
    let kinds: Vec<&'static str> = PREDICT_KINDS.iter().filter(|(_, p)| *p == panel).map(|(k, _)| *k).collect();
    let finite = || -1e6..1e6f64;
    let params = (0usize..5, 0.001..0.999f64, (finite(), finite()), (0.001..1e3f64, 0.001..1e3f64), any::<bool>());
    (prop::option::of(prop::sample::select(if kinds.is_empty() { vec!["boundary"] } else { kinds.clone() })), params)
        .prop_map(move |(kind, (which, phi, xy, losses, flag))| {
            let kind = kind.filter(|_| !kinds.is_empty())?;
            let mut params = PredictParams::default();
            match kind {
                "movement" => match which {
                    0 => params.prior = Some(phi),
                    1 => params.mean0 = Some([xy.0, xy.1]),
                    2 => params.mean1 = Some([xy.0, xy.1]),
                    3 => params.losses = Some([losses.0, losses.1]),
                    _ => params.model = Some(if flag { "qda" } else { "gda" }.into()),
                },
                "posterior" if flag => params.at = Some([xy.0, xy.1]),
                "word" if flag => params.toward = Some(if which % 2 == 0 { "spam" } else { "ham" }.into()),
                _ => {}
            }
            Some(Predict { kind: kind.to_string(), params })
        })
}

fn lesson() -> impl Strategy<Value = Lesson> {
    (value(200), value(200), prop::collection::vec(step(), 0..6)).prop_map(|(title_en, title_zh, steps)| Lesson {
        title_en,
        title_zh,
        steps,
    })
}

proptest! {
    #[test]
    fn write_then_parse_is_the_identity(l in lesson()) {
        let text = write(&l);
        let back = parse(&text);
        prop_assert_eq!(&back.errors, &vec![], "{}", text);
        prop_assert_eq!(&back.lesson, &l);
        prop_assert_eq!(write(&back.lesson), text);
    }
}
