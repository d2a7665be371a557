//! Prints a learning curve as a table: `cargo run --release --example curves_print -- PAIRING [SPLITS] [LAMBDA] [SEED]`
//! (PAIRING: true, unequal, bimodal, heavy, wdbc, digits01, digits23, textmn, textbern) [ALPHA] [SIZES].

use genlab::curves::{CurveRun, CurveSpec, Pairing};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pairing = Pairing::from_id(args.get(1).map_or("true", String::as_str)).expect("pairing");
    let splits = args.get(2).map_or(200, |s| s.parse().expect("splits"));
    let lambda = args.get(3).map_or(1.0, |s| s.parse().expect("lambda"));
    let seed = args.get(4).map_or(1, |s| s.parse().expect("seed"));
    let alpha = args.get(5).map_or(1e-9, |s| s.parse().expect("alpha"));
    let csv = pairing
        .file()
        .map(|f| std::fs::read_to_string(format!("{}/www/data/{f}", env!("CARGO_MANIFEST_DIR"))).expect("data file"))
        .unwrap_or_default();
    let data = pairing.data(seed, &csv).expect("data");
    let sizes = args.get(6).map_or(15, |s| s.parse().expect("sizes"));
    let spec = CurveSpec { pairing, m_min: 4, m_max: 1000, sizes, splits, lambda, alpha, seed };
    let mut run = CurveRun::new(spec, data).expect("run");
    let t = std::time::Instant::now();
    run.step(splits);
    let s = run.summary();
    println!("{} splits in {:.2} s; pool {}, test {}", s.splits_done, t.elapsed().as_secs_f64(), s.pool, s.test);
    println!(
        "{:>6} {:>8} {:>8} {:>8}   {:>8} {:>8} {:>8} {:>5}",
        "m", s.curves[0].model, "lo", "hi", "lr", "lo", "hi", "inf"
    );
    for (g, l) in s.curves[0].points.iter().zip(&s.curves[1].points) {
        println!(
            "{:>6} {:8.4} {:8.4} {:8.4}   {:8.4} {:8.4} {:8.4} {:>5}",
            g.m, g.mean, g.lo, g.hi, l.mean, l.lo, l.hi, l.no_finite_fit
        );
    }
    println!(
        "crossover {:?}, leader small {:?} large {:?}, bayes {:?}",
        s.crossover, s.leader_small, s.leader_large, s.bayes_error
    );
}
