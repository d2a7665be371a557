//! The release build under stress: many redraws of the GDA figure with the heat map under
//! each model, and many NB ledgers (tests/render_stress), hashed. The digests are the same
//! natively and in every browser engine: the raster is ours (text is the browser's and is
//! not hashed) and the ledger is plain f64 arithmetic. A wasm engine that gets the drawing
//! arithmetic wrong (tests/webkit_reproducer) shows as another digest or a trap.
//!
//! Natively (`cargo test --test web_render_stress`) the digests are worked out again and
//! compared with the first column of tests/fixtures/render_stress.digest; in a browser
//! (`wasm-pack test --release --headless --safari|--chrome|--firefox --test web_render_stress`)
//! the same work must give the second column, and the time it took is logged
//! (`-- --nocapture` shows it).
//!
//! The columns differ for the ledgers only: their logarithms and exponentials come from the
//! platform's libm natively (glibc) and from Rust's own libm in wasm, which can differ in
//! the last bit; every engine runs the same wasm, so the browsers must all agree.

#[cfg(target_arch = "wasm32")]
mod next_tick;
mod render_stress;

/// One piece of work of the stress and its digest's line in the fixture, in order.
#[derive(Debug, Clone, Copy)]
enum Work {
    /// Frames, seed, size in backing pixels, dpr.
    Gda(u32, u64, (u32, u32), f64),
    /// Ledgers, seed.
    Ledgers(u32, u64),
}

/// The first two, short, are all a debug build checks in a browser (`wasm-pack test`
/// without `--release`, where the whole set would take minutes).
const WORK: [Work; 5] = [
    Work::Gda(24, 3, (320, 240), 1.0),
    Work::Ledgers(100, 5),
    Work::Gda(300, 7, (480, 360), 1.0),
    Work::Gda(100, 11, (640, 480), 2.0),
    Work::Ledgers(2000, 5),
];

const FIXTURE: &str = include_str!("fixtures/render_stress.digest");

/// Column `column` (0: native, 1: wasm) of the fixture.
fn expected(column: usize) -> Vec<u64> {
    FIXTURE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let hex = l.split_whitespace().nth(column).expect("two digests a line");
            u64::from_str_radix(hex, 16).expect("a hex digest")
        })
        .collect()
}

fn digests(work: &[Work]) -> Vec<u64> {
    work.iter()
        .map(|&w| match w {
            Work::Gda(frames, seed, size, dpr) => render_stress::gda_frames(frames, seed, size, dpr),
            Work::Ledgers(n, seed) => render_stress::nb_ledgers(n, seed),
        })
        .collect()
}

fn hex(d: &[u64]) -> String {
    d.iter().map(|d| format!("{d:016x}")).collect::<Vec<_>>().join("\n")
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn the_drawing_and_the_ledgers_still_hash_to_the_fixture() {
    let got = digests(&WORK);
    assert_eq!(
        got,
        expected(0),
        "the drawing or the ledgers changed: if that is meant, put these in the first \
         column of tests/fixtures/render_stress.digest (and the browsers' in the second):\n{}",
        hex(&got)
    );
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use wasm_bindgen_test::*;

    use super::next_tick::next_tick;
    use super::{digests, expected, hex, Work, WORK};

    wasm_bindgen_test_configure!(run_in_browser);

    /// How many times a release build does the whole work, each time from a new figure and
    /// lab (so each time the same digests), most of it in code the engine has already tiered
    /// up. Once by default: two rounds took 16.6 s in WebKit at a load average of 14, near
    /// the runner's 20 s; for the long stress build with `RENDER_STRESS_REPEAT=8` and run
    /// with `WASM_BINDGEN_TEST_TIMEOUT=300`.
    fn repeat() -> u32 {
        option_env!("RENDER_STRESS_REPEAT").and_then(|r| r.parse().ok()).unwrap_or(1)
    }

    #[wasm_bindgen_test]
    async fn the_browser_draws_and_explains_as_the_native_build() {
        let (n, repeat) = if cfg!(debug_assertions) { (2, 1) } else { (WORK.len(), repeat()) };
        let want = expected(1);
        let start = js_sys::Date::now();
        for round in 0..repeat {
            for (k, w) in WORK[..n].iter().enumerate() {
                let got = digests(std::slice::from_ref(w));
                assert_eq!(got[0], want[k], "round {round}, work {k} ({w:?}): digest {}", hex(&got));
                next_tick().await;
            }
        }
        let seconds = (js_sys::Date::now() - start) / 1000.0;
        let frames: u32 = WORK[..n].iter().map(|w| if let Work::Gda(f, ..) = w { *f } else { 0 }).sum();
        let ledgers: u32 = WORK[..n].iter().map(|w| if let Work::Ledgers(l, _) = w { *l } else { 0 }).sum();
        console_log!(
            "render stress: {} frames and {} ledgers in {seconds:.1} s, every digest as the fixture's",
            frames * repeat,
            ledgers * repeat
        );
    }
}
