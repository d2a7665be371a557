//! The release build under stress: many redraws of the GDA figure with the heat map under
//! each model (tests/render_stress), hashed. The digest is the same natively and in every
//! browser engine, because the raster is ours (text is the browser's and is not hashed);
//! a WebKit miscompilation of the drawing arithmetic (tests/webkit_reproducer) shows as a
//! different digest or a trap.
//!
//! Natively (`cargo test --test web_render_stress`) the digest is worked out again and
//! compared with tests/fixtures/render_stress.digest; in a browser
//! (`wasm-pack test --release --headless --safari|--chrome|--firefox --test web_render_stress`)
//! the same frames must give the fixture's digest.

mod render_stress;

/// Frames, seed, size and dpr of each run: the fixture holds one digest per line, in order.
const RUNS: [(u32, u64, (u32, u32), f64); 2] = [(300, 7, (480, 360), 1.0), (100, 11, (640, 480), 2.0)];

const FIXTURE: &str = include_str!("fixtures/render_stress.digest");

fn expected() -> Vec<u64> {
    FIXTURE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| u64::from_str_radix(l.trim(), 16).expect("a hex digest"))
        .collect()
}

fn digests() -> Vec<u64> {
    RUNS.iter().map(|&(frames, seed, size, dpr)| render_stress::gda_frames(frames, seed, size, dpr)).collect()
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn the_drawing_still_hashes_to_the_fixture() {
    let got = digests();
    let text: Vec<String> = got.iter().map(|d| format!("{d:016x}")).collect();
    assert_eq!(
        got,
        expected(),
        "the drawing changed: if that is meant, put these lines in tests/fixtures/render_stress.digest:\n{}",
        text.join("\n")
    );
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use wasm_bindgen_test::*;

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    fn the_browser_draws_the_same_pixels_as_the_native_build() {
        assert_eq!(super::digests(), super::expected());
    }
}
