//! A handle for the benchmark page (`www/bench.html`, `scripts/bench.sh`): it holds a large
//! labelled point set in wasm memory so that the page can time [`Gda::fit`] alone, without
//! copying the points across the boundary on every run. The panels do not use it.
//!
//! The points are the same, bit for bit, as the native benchmark's (`benches/core.rs`) and
//! the scikit-learn baseline's: `chunks` seeded samples of 100,000 points per class with
//! the panel's default Gaussians, seeds 1, 2, …, `chunks`, concatenated.

use wasm_bindgen::prelude::*;

use super::js_error;
use crate::gda::{Gda, SampleSpec};

/// A labelled point set kept in wasm memory, to time the GDA fit on it.
#[wasm_bindgen]
pub struct GdaFitBench {
    points: Vec<[f64; 2]>,
    labels: Vec<u8>,
}

#[wasm_bindgen]
impl GdaFitBench {
    /// `chunks` × 200,000 points (5 chunks: one million).
    ///
    /// # Errors
    /// `chunks` of 0 or above 50.
    #[wasm_bindgen(constructor)]
    pub fn new(chunks: u32) -> Result<GdaFitBench, JsError> {
        if !(1..=50).contains(&chunks) {
            return Err(JsError::new("The benchmark holds from 1 to 50 chunks of 200,000 points."));
        }
        let mut points = Vec::with_capacity(chunks as usize * 200_000);
        let mut labels = Vec::with_capacity(chunks as usize * 200_000);
        for seed in 1..=u64::from(chunks) {
            let spec = SampleSpec { n0: 100_000, n1: 100_000, seed, ..SampleSpec::default() };
            let (p, l) = spec.sample().map_err(js_error)?;
            points.extend(p);
            labels.extend(l);
        }
        Ok(GdaFitBench { points, labels })
    }

    /// How many points.
    pub fn len(&self) -> u32 {
        self.points.len() as u32
    }

    /// Whether there are no points (never, after `new`).
    #[wasm_bindgen(js_name = isEmpty)]
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// Bytes one pass over the data reads: 16 per point and 1 per label.
    #[wasm_bindgen(js_name = bytesPerPass)]
    pub fn bytes_per_pass(&self) -> f64 {
        (self.points.len() * 17) as f64
    }

    /// Fits GDA and returns `[φ, μ₀x, μ₀y, μ₁x, μ₁y, Σxx, Σxy, Σyy]` (the result is used,
    /// so the fit cannot be optimised away, and the page checks it against the native one).
    ///
    /// # Errors
    /// As [`Gda::fit`] (not on these points).
    pub fn fit(&self) -> Result<Vec<f64>, JsError> {
        let g = Gda::fit(&self.points, &self.labels).map_err(js_error)?;
        let (m0, m1, s) = (g.mu0(), g.mu1(), g.sigma());
        Ok(vec![g.phi(), m0[0], m0[1], m1[0], m1[1], s[0][0], s[0][1], s[1][1]])
    }
}
