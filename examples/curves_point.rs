//! Exports one learning-curve point as JSON for `tools/curves_point.py` to recompute:
//! the standardised data, every split's training and test rows at that size, and genlab's
//! per-split errors, mean and band.
//!
//! For a text pairing (textmn, textbern) the data are the teaching corpus' bags of words
//! (`"docs"`: each message's [word id, count] pairs, `"words"`: how many word ids) and
//! `"event"` says which features the models read (counts or presence).
//!
//! `cargo run --release --example curves_point -- PAIRING SIZE_INDEX [SPLITS] [LAMBDA] [SEED] [ALPHA] > point.json`

use genlab::curves::{CurveData, CurveRun, CurveSpec, Pairing};

fn list<T: std::fmt::Display>(v: &[T]) -> String {
    v.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
}

/// A float as JSON with every bit (Rust's shortest round-trip form).
fn float(v: f64) -> String {
    format!("{v:?}")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pairing = Pairing::from_id(args.get(1).map_or("wdbc", String::as_str)).expect("pairing");
    let k: usize = args.get(2).map_or(5, |s| s.parse().expect("size index"));
    let splits = args.get(3).map_or(200, |s| s.parse().expect("splits"));
    let lambda = args.get(4).map_or(1.0, |s| s.parse().expect("lambda"));
    let seed = args.get(5).map_or(1, |s| s.parse().expect("seed"));
    let alpha: f64 = args.get(6).map_or(1e-9, |s| s.parse().expect("alpha"));
    let csv = pairing
        .file()
        .map(|f| std::fs::read_to_string(format!("{}/www/data/{f}", env!("CARGO_MANIFEST_DIR"))).expect("data file"))
        .unwrap_or_default();
    let data = pairing.data(seed, &csv).expect("data");
    let spec = CurveSpec { pairing, m_min: 4, m_max: 1000, sizes: 15, splits, lambda, alpha, seed };
    let mut run = CurveRun::new(spec, data).expect("run");
    run.step(splits);
    let m = run.sizes()[k];
    let summary = run.summary();
    let errs = run.split_errors(k);
    let split_json: Vec<String> = (0..splits)
        .map(|s| {
            let sp = run.split(s);
            format!("{{\"train\":[{}],\"test\":[{}]}}", list(&sp.train(m)), list(&sp.test))
        })
        .collect();
    let point = |c: usize| {
        let p = &summary.curves[c].points[k];
        format!(
            "{{\"mean\":{},\"lo\":{},\"hi\":{},\"errors\":[{}]}}",
            float(p.mean),
            float(p.lo),
            float(p.hi),
            errs[c].iter().map(|&v| float(v)).collect::<Vec<_>>().join(",")
        )
    };
    let data = match run.data() {
        CurveData::Dense(d) => format!(
            "\"d\":{},\"x\":[{}],\"y\":[{}]",
            d.d,
            d.x.iter().map(|&v| float(v)).collect::<Vec<_>>().join(","),
            list(&d.y)
        ),
        CurveData::Text(t) => format!(
            "\"event\":\"{}\",\"words\":{},\"docs\":[{}],\"y\":[{}]",
            if pairing.id().ends_with("bern") { "bernoulli" } else { "multinomial" },
            t.words,
            (0..t.len())
                .map(|i| format!(
                    "[{}]",
                    t.doc(i).iter().map(|(w, c)| format!("[{w},{c}]")).collect::<Vec<_>>().join(",")
                ))
                .collect::<Vec<_>>()
                .join(","),
            list(&t.y)
        ),
    };
    println!(
        "{{\"pairing\":\"{}\",\"m\":{m},\"lambda\":{},\"alpha\":{},{data},\"splits\":[{}],\"generative\":{},\"logistic\":{}}}",
        pairing.id(),
        float(lambda),
        float(alpha),
        split_json.join(","),
        point(0),
        point(1)
    );
}
