//! Runs the benchmark's k-class drag step (`gda/drag_frame_k5` in `benches/core.rs`) a
//! given number of times, without criterion: for a profiler, whose instruction counts do
//! not move with the machine's load.
//!
//! ```text
//! cargo build --release --example gda_drag_steps
//! valgrind --tool=callgrind target/release/examples/gda_drag_steps 5 40
//! ```
//!
//! Arguments: the number of classes k (default 5) and of steps (default 40).

use std::hint::black_box;

use genlab::gda::{ClassesSpec, GdaLab};
use genlab::plot::figure::GdaFigure;
use genlab::plot::gda::{plot_box, GdaLayers};
use genlab::plot::Style;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().expect("a whole number"));
    let k = args.next().unwrap_or(5);
    let steps = args.next().unwrap_or(40);
    let style = Style { dpr: 2.0, projector: false, dark: false };
    let (layers, size) = (GdaLayers::default(), (1600, 1200));
    let mut start = ClassesSpec::default_for(k);
    for cloud in &mut start.clouds {
        cloud.n = 200;
    }
    let mut lab = GdaLab::generated_classes(start.clone()).expect("the sample is valid");
    let (w, h) = plot_box(size.0, size.1, &style);
    lab.match_aspect(w / h);
    let mut figure = GdaFigure::new();
    let mut frame = figure.render(&lab, &layers, &style, size).expect("draws").frame;
    figure.shown();
    let t0 = std::time::Instant::now();
    for i in 1..=steps as u64 {
        lab.set_classes_spec(ClassesSpec { seed: 1000 + i, ..start.clone() }).expect("valid");
        let t = i as f64 / 20.0;
        let to = frame.to_data(2.0 * (400.0 + 150.0 * t.cos()), 2.0 * (300.0 + 100.0 * t.sin()));
        lab.move_mean(0, to).expect("finite");
        black_box(lab.summary());
        frame = figure.render(&lab, &layers, &style, size).expect("draws").frame;
        figure.shown();
    }
    let per = t0.elapsed().as_secs_f64() * 1e3 / steps.max(1) as f64;
    println!("k = {k}: {steps} drag steps, {per:.2} ms each");
}
