//! Native benchmarks of the core, with criterion: the same operations, on the same data,
//! as the in-browser benchmark page (`www/bench.html`), so that `scripts/bench.sh` can put
//! the native and the wasm figures of one run side by side.
//!
//! ```text
//! cargo bench --bench core -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! Inputs (prepared by `tools/bench/prepare.py`, which `scripts/bench.sh` runs):
//! `$GENLAB_BENCH_DATA` (default `www/bench-data/`) holds `SMSSpamCollection` (a copy of
//! `../shared/data`, never committed), `email-300.txt` and `paste-1mb.txt`. Before timing,
//! the binary writes the scikit-learn baseline's inputs to `$GENLAB_BENCH_OUT` (default
//! `target/bench/`): `points.f64` and `labels.u8` (the one million GDA points, little-endian)
//! and `sms-tokens.json` (genlab's tokens of every message of the SMS file).
//!
//! Figures (criterion ids):
//! - `gda/fit_1m`: [`Gda::fit`] on 1,000,000 points (5 seeded samples of 2 × 100,000);
//! - `gda/drag_frame`, `gda/drag_frame_heat_lr`: the benchmark page's drag step without
//!   the browser (resample 2 × 500, move a mean, the summary, [`GdaFigure::render`] at
//!   1600 × 1200 pixels), plain and with the heat map and logistic regression;
//! - `gda/drag_frame_k5`: the same with k = 5 generated classes of 200 points each (the
//!   k-class regions, boundaries and ellipses);
//! - `gda/surface_drag_step`, `gda/surface_rotate`: the 3-D view of the weighted densities
//!   ([`SurfaceFigure::render`], two 40 × 40 surfaces at 1600 × 1200 pixels): a drag step
//!   (resample 2 × 500, move a mean, the frame) and a rotation frame (yaw +2.3°, the frame);
//! - `mem/read_256mb`: one core's read bandwidth (a sum over 256 MB), to put the fit's GB/s
//!   in proportion;
//! - `nb/train_sms`: the spam panel loading the SMS file: decode, parse, de-duplicate,
//!   tokenize, split, count, fit ([`SpamLab::replace_corpus`], as `corpusBegin/Step/Finish`);
//! - `nb/alpha_change`: α changed → the current email's ledger and the held-out evaluation;
//! - `nb/explain_300w`: the ledger of a 300-word email (one keystroke);
//! - `nb/paste_1mb`: the ledger of a 1 MB paste.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main();
}

/// Nothing to time on wasm32 (clippy checks every target there).
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::hint::black_box;
    use std::path::{Path, PathBuf};
    use std::time::Duration;

    use criterion::{BatchSize, Criterion, Throughput};
    use genlab::gda::lab::ModelSettings;
    use genlab::gda::{ClassesSpec, Gda, GdaLab, SampleSpec};
    use genlab::nb::lab::{CorpusLoader, SpamLab};
    use genlab::nb::{parse_corpus_bytes, tokenize, Label};
    use genlab::plot::figure::GdaFigure;
    use genlab::plot::gda::{plot_box, GdaLayers};
    use genlab::plot::surface::{SurfaceAngles, SurfaceFigure, SurfaceModel, GRID_REST};
    use genlab::plot::Style;

    /// The email the spam panel opens with (`EXAMPLES["en-spam"]` in `www/js/nb.js`).
    pub const CURRENT_EMAIL: &str = "WIN a FREE prize! Reply now to claim your cash reward, offer ends today.";

    fn dir(var: &str, default: &str) -> PathBuf {
        std::env::var_os(var).map(PathBuf::from).unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(default))
    }

    fn read(path: &Path) -> Vec<u8> {
        std::fs::read(path).unwrap_or_else(|e| {
            panic!("cannot read {}: {e}; run scripts/bench.sh (it prepares the benchmark data)", path.display())
        })
    }

    /// One million points: seeds 1 to 5, 100,000 per class each (as `GdaFitBench::new(5)`).
    pub fn million_points() -> (Vec<[f64; 2]>, Vec<u8>) {
        let (mut points, mut labels) = (Vec::with_capacity(1_000_000), Vec::with_capacity(1_000_000));
        for seed in 1..=5 {
            let spec = SampleSpec { n0: 100_000, n1: 100_000, seed, ..SampleSpec::default() };
            let (p, l) = spec.sample().expect("the benchmark sample is valid");
            points.extend(p);
            labels.extend(l);
        }
        (points, labels)
    }

    fn json_string(s: &str, out: &mut String) {
        out.push('"');
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
    }

    /// Writes the scikit-learn baseline's inputs.
    fn dump(out: &Path, points: &[[f64; 2]], labels: &[u8], sms: &[u8]) {
        std::fs::create_dir_all(out).expect("create the benchmark output folder");
        let bytes: Vec<u8> = points.iter().flat_map(|p| p.iter().flat_map(|v| v.to_le_bytes())).collect();
        std::fs::write(out.join("points.f64"), bytes).expect("write points.f64");
        std::fs::write(out.join("labels.u8"), labels).expect("write labels.u8");
        let parsed = parse_corpus_bytes(sms).expect("the SMS file parses");
        let mut json = String::from("{\"labels\": [");
        for (i, (_, label)) in parsed.docs.iter().enumerate() {
            json.push_str(if i > 0 { ", " } else { "" });
            json.push_str(if *label == Label::Spam { "1" } else { "0" });
        }
        json.push_str("],\n\"texts\": [");
        for (i, (text, _)) in parsed.docs.iter().enumerate() {
            json.push_str(if i > 0 { ",\n" } else { "\n" });
            json_string(text, &mut json);
        }
        json.push_str("],\n\"tokens\": [");
        for (i, (text, _)) in parsed.docs.iter().enumerate() {
            json.push_str(if i > 0 { ",\n[" } else { "\n[" });
            for (j, t) in tokenize(text).iter().enumerate() {
                json.push_str(if j > 0 { ", " } else { "" });
                json_string(t, &mut json);
            }
            json.push(']');
        }
        json.push_str("]}\n");
        std::fs::write(out.join("sms-tokens.json"), json).expect("write sms-tokens.json");
    }

    fn sms_lab(sms: &[u8]) -> SpamLab {
        let mut lab = SpamLab::builtin().expect("the built-in corpus trains");
        lab.replace_corpus(CorpusLoader::new(sms, "SMSSpamCollection").expect("the SMS file opens"))
            .expect("the SMS file trains");
        lab
    }

    pub fn main() {
        let data = dir("GENLAB_BENCH_DATA", "www/bench-data");
        let sms = read(&data.join("SMSSpamCollection"));
        let email_300 = String::from_utf8(read(&data.join("email-300.txt"))).expect("UTF-8");
        let paste_1mb = String::from_utf8(read(&data.join("paste-1mb.txt"))).expect("UTF-8");
        let (points, labels) = million_points();
        dump(&dir("GENLAB_BENCH_OUT", "target/bench"), &points, &labels, &sms);

        let mut c = Criterion::default().warm_up_time(Duration::from_secs(1)).configure_from_args();

        let mut g = c.benchmark_group("gda");
        g.throughput(Throughput::Bytes(points.len() as u64 * 17));
        g.bench_function("fit_1m", |b| b.iter(|| Gda::fit(black_box(&points), black_box(&labels)).map(|f| f.phi())));
        g.finish();

        let mut g = c.benchmark_group("gda");
        g.sample_size(30);
        // The drag step of the benchmark page without the browser: resample 2 × 500, move
        // mean 0, the summary, and the frame drawn into the raster with what changed
        // reported (`GdaFigure::render`), at 800 × 600 CSS px and dpr 2. The page's figure
        // adds `putImageData` and the labels.
        for heat in [false, true] {
            let style = Style { dpr: 2.0, projector: false, dark: false };
            let (layers, size) = (GdaLayers::default(), (1600, 1200));
            let mut lab = GdaLab::generated(SampleSpec::default()).expect("the default sample is valid");
            let (w, h) = plot_box(size.0, size.1, &style);
            lab.match_aspect(w / h);
            if heat {
                let models = ModelSettings { heat: true, logistic: true, ..*lab.models() };
                lab.set_models(models).expect("valid settings");
            }
            let start = lab.spec().expect("generated");
            let mut figure = GdaFigure::new();
            let mut frame = figure.render(&lab, &layers, &style, size).expect("draws").frame;
            figure.shown();
            let mut i = 0u64;
            let id = if heat { "drag_frame_heat_lr" } else { "drag_frame" };
            g.bench_function(id, |b| {
                b.iter(|| {
                    i += 1;
                    lab.set_spec(SampleSpec { n0: 500, n1: 500, seed: 1000 + i, ..start }).expect("valid");
                    let t = i as f64 / 20.0;
                    let to = frame.to_data(2.0 * (400.0 + 150.0 * t.cos()), 2.0 * (300.0 + 100.0 * t.sin()));
                    lab.move_mean(0, to).expect("finite");
                    black_box(lab.summary());
                    frame = figure.render(&lab, &layers, &style, size).expect("draws").frame;
                    figure.shown();
                });
            });
        }
        // The same drag step with k = 5 classes of 200 points each: resample, move mean 0,
        // the summary, and the frame with the k-class regions, boundaries and ellipses.
        {
            let style = Style { dpr: 2.0, projector: false, dark: false };
            let (layers, size) = (GdaLayers::default(), (1600, 1200));
            let mut start = ClassesSpec::default_for(5);
            for cloud in &mut start.clouds {
                cloud.n = 200;
            }
            let mut lab = GdaLab::generated_classes(start.clone()).expect("the k = 5 sample is valid");
            let (w, h) = plot_box(size.0, size.1, &style);
            lab.match_aspect(w / h);
            let mut figure = GdaFigure::new();
            let mut frame = figure.render(&lab, &layers, &style, size).expect("draws").frame;
            figure.shown();
            let mut i = 0u64;
            g.bench_function("drag_frame_k5", |b| {
                b.iter(|| {
                    i += 1;
                    lab.set_classes_spec(ClassesSpec { seed: 1000 + i, ..start.clone() }).expect("valid");
                    let t = i as f64 / 20.0;
                    let to = frame.to_data(2.0 * (400.0 + 150.0 * t.cos()), 2.0 * (300.0 + 100.0 * t.sin()));
                    lab.move_mean(0, to).expect("finite");
                    black_box(lab.summary());
                    frame = figure.render(&lab, &layers, &style, size).expect("draws").frame;
                    figure.shown();
                });
            });
        }
        // The 3-D view (as `GdaSurface::draw` at rest): two 40 × 40 surfaces at 800 × 600 CSS
        // px, dpr 2. A drag step (resample, move mean 0, the frame) and a rotation frame.
        {
            let style = Style { dpr: 2.0, projector: false, dark: false };
            let size = (1600, 1200);
            let mut lab = GdaLab::generated(SampleSpec::default()).expect("the default sample is valid");
            let start = lab.spec().expect("generated");
            let mut view = SurfaceFigure::new();
            let angles = SurfaceAngles::default();
            let mut i = 0u64;
            g.bench_function("surface_drag_step", |b| {
                b.iter(|| {
                    i += 1;
                    lab.set_spec(SampleSpec { n0: 500, n1: 500, seed: 1000 + i, ..start }).expect("valid");
                    let t = i as f64 / 20.0;
                    lab.move_mean(0, [-1.0 + 1.5 * t.cos(), 1.0 * t.sin()]).expect("finite");
                    black_box(view.render(&SurfaceModel::of(&lab), angles, &style, size, GRID_REST).expect("draws"));
                });
            });
            let mut yaw = 0.0f64;
            let model = SurfaceModel::of(&lab);
            g.bench_function("surface_rotate", |b| {
                b.iter(|| {
                    yaw += 0.04;
                    let a = SurfaceAngles { yaw, pitch: angles.pitch }.clamped();
                    black_box(view.render(&model, a, &style, size, GRID_REST).expect("draws"));
                });
            });
        }
        g.finish();

        // 256 MB of u64: far beyond the caches, so this is the memory's read bandwidth.
        let big: Vec<u64> = (0..32u64 << 20).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).collect();
        let mut g = c.benchmark_group("mem");
        g.throughput(Throughput::Bytes(big.len() as u64 * 8));
        g.sample_size(10);
        g.bench_function("read_256mb", |b| {
            b.iter(|| black_box(&big).iter().fold(0u64, |a, &v| a.wrapping_add(v)));
        });
        g.finish();
        drop(big);

        let mut g = c.benchmark_group("nb");
        g.sample_size(20);
        g.bench_function("train_sms", |b| {
            b.iter_batched(
                || SpamLab::builtin().expect("the built-in corpus trains"),
                |mut lab| {
                    let loader = CorpusLoader::new(black_box(&sms), "SMSSpamCollection").expect("opens");
                    lab.replace_corpus(loader).expect("trains");
                    lab
                },
                BatchSize::LargeInput,
            );
        });
        let mut lab = sms_lab(&sms);
        let mut flip = false;
        g.bench_function("alpha_change", |b| {
            b.iter(|| {
                flip = !flip;
                lab.set_alpha(if flip { 0.5 } else { 1.0 }).expect("α is valid");
                (lab.explain(black_box(CURRENT_EMAIL)), lab.evaluate())
            });
        });
        g.bench_function("explain_300w", |b| b.iter(|| lab.explain(black_box(&email_300))));
        g.sample_size(10);
        g.bench_function("paste_1mb", |b| b.iter(|| lab.explain(black_box(&paste_1mb))));
        g.finish();

        c.final_summary();
    }
}
