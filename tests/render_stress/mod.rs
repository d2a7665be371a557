//! The scenes of the render stress check (tests/web_render_stress.rs) and of the WebKit
//! reproducer's harness (tests/webkit_reproducer/): many redraws of the GDA figure with the
//! heat map on under each model, means dragged and samples redrawn, hashing the pixels the
//! Rust raster produces (text is queued for the browser's canvas and not hashed).

use genlab::gda::lab::{Covariance, ModelSettings};
use genlab::gda::{ClassParams, GdaLab, SampleSpec};
use genlab::plot::figure::GdaFigure;
use genlab::plot::gda::GdaLayers;
use genlab::plot::Style;

/// FNV-1a over 32-bit words: a digest of a sequence of frames.
#[derive(Debug, Clone, Copy)]
pub struct Digest(pub u64);

impl Default for Digest {
    fn default() -> Self {
        Digest(0xcbf2_9ce4_8422_2325)
    }
}

impl Digest {
    pub fn word(&mut self, w: u32) {
        self.0 = (self.0 ^ u64::from(w)).wrapping_mul(0x0000_0100_0000_01B3);
    }

    pub fn bytes(&mut self, b: &[u8]) {
        let mut words = b.chunks_exact(4);
        for w in &mut words {
            self.word(u32::from_le_bytes([w[0], w[1], w[2], w[3]]));
        }
        for &x in words.remainder() {
            self.word(u32::from(x));
        }
    }
}

/// The model of frame `i`: GDA, QDA, naive Bayes (diagonal, per class) and logistic
/// regression in turn, each with its heat map.
fn models(i: u32) -> ModelSettings {
    let covariance = match i % 4 {
        1 => Covariance::PerClass,
        2 => Covariance::DiagonalPerClass,
        _ => Covariance::Shared,
    };
    ModelSettings { covariance, logistic: i % 4 == 3, heat: true, ..ModelSettings::default() }
}

/// Draws `frames` frames of the GDA figure at `size` backing pixels (dpr `dpr`) and
/// returns the digest of every frame's pixels. Every 25 frames a new sample (seed and
/// spreads from `seed`); in between, class 0's mean is dragged along a circle.
pub fn gda_frames(frames: u32, seed: u64, size: (u32, u32), dpr: f64) -> u64 {
    let style = Style { dpr, ..Style::default() };
    let layers = GdaLayers::default();
    let mut figure = GdaFigure::new();
    let mut lab = GdaLab::generated(SampleSpec::default()).expect("the default sample");
    let mut digest = Digest::default();
    for i in 0..frames {
        if i % 25 == 0 {
            let k = f64::from(i / 25);
            let spec = SampleSpec {
                n0: 40 + (i / 25 % 7) as usize * 10,
                n1: 30 + (i / 25 % 5) as usize * 10,
                class0: ClassParams { mean: [-1.0, -0.5], sd: [1.0 + 0.05 * (k % 5.0), 0.8], rho: 0.4 },
                class1: ClassParams { mean: [1.2, 0.8], sd: [0.9, 1.1 - 0.04 * (k % 4.0)], rho: -0.3 },
                seed: seed.wrapping_add(u64::from(i)),
            };
            lab.set_spec(spec).expect("a valid sample");
        }
        lab.set_models(models(i)).expect("valid models");
        // Along a diamond (no sin/cos: the same bits natively and in wasm).
        let t = f64::from(i % 40) / 10.0;
        let (dx, dy) = match i % 40 / 10 {
            0 => (1.0 - t, t),
            1 => (1.0 - t, 2.0 - t),
            2 => (t - 3.0, 2.0 - t),
            _ => (t - 3.0, t - 4.0),
        };
        lab.move_mean(0, [-1.0 + 1.5 * dx, -0.5 + 1.2 * dy]).expect("a mean in the window");
        figure.render(&lab, &layers, &style, size).expect("a frame");
        let raster = figure.raster();
        digest.word(i);
        digest.bytes(raster.pixels());
    }
    digest.0
}

/// The numbers of `n` NB ledgers, hashed: the built-in corpus's messages cut after 1 to 5
/// fifths of their words (the ledger while a message is typed), under both event models and
/// several α (0 among them: the veto), every 200 ledgers another setting.
pub fn nb_ledgers(n: u32, seed: u64) -> u64 {
    use genlab::nb::lab::SpamLab;
    use genlab::nb::EventModel;
    let mut lab = SpamLab::builtin().expect("the built-in corpus");
    let count = lab.message_count();
    let mut digest = Digest::default();
    let f = |d: &mut Digest, v: f64| {
        let b = v.to_bits();
        d.word(b as u32);
        d.word((b >> 32) as u32);
    };
    for i in 0..n {
        if i % 200 == 0 {
            let k = i / 200;
            lab.set_alpha([1.0, 0.5, 0.0, 2.5, 0.1][k as usize % 5]).expect("a valid α");
            let model = if k % 2 == 0 { EventModel::Multinomial } else { EventModel::Bernoulli };
            lab.set_event_model(model).expect("an event model");
        }
        let index = (seed as usize).wrapping_add(i as usize * 7919) % count;
        let text = lab.message(index).expect("a message").text;
        let words: Vec<&str> = text.split(' ').collect();
        let keep = (words.len() * (i as usize % 5 + 1)).div_ceil(5);
        let typed = words[..keep].join(" ");
        let ledger = lab.explain(&typed);
        let e = &ledger.explanation;
        digest.word(i);
        digest.word(ledger.tokens as u32);
        for v in [e.log_prior_ham, e.log_prior_spam, e.prior_log_ratio, e.log_joint[0], e.log_joint[1]] {
            f(&mut digest, v);
        }
        for v in [e.log_odds, e.p_spam, e.absent_evidence].into_iter().flatten() {
            f(&mut digest, v);
        }
        digest.word(u32::from(e.verdict.is_some()) + 2 * u32::from(e.ruled_out.is_some()));
        for w in &e.words {
            digest.bytes(w.word.as_bytes());
            digest.word(w.count);
            for v in [w.p_spam, w.p_ham, w.log_p_spam, w.log_p_ham, w.contribution] {
                f(&mut digest, v);
            }
        }
        digest.word(e.unknown_words.len() as u32);
    }
    digest.0
}
