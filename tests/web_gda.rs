//! Browser tests of the GDA panel: a real canvas in headless Chrome and Firefox
//! (`wasm-pack test --headless --chrome` / `--firefox`). They draw the panel, read pixels
//! back, and exercise every export the page's controller calls.
#![cfg(target_arch = "wasm32")]

use genlab::web::GdaPanel;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::HtmlCanvasElement;

wasm_bindgen_test_configure!(run_in_browser);

fn canvas() -> HtmlCanvasElement {
    let doc = web_sys::window().unwrap().document().unwrap();
    let c: HtmlCanvasElement = doc.create_element("canvas").unwrap().dyn_into().unwrap();
    doc.body().unwrap().append_child(&c).unwrap();
    c
}

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn json(s: &str) -> JsValue {
    js_sys::JSON::parse(s).unwrap()
}

/// The first points of `SampleSpec::default().sample()` recorded from the native x86_64
/// build (tests/it/gda_sample.rs asserts the same bits natively): the browser must agree.
#[wasm_bindgen_test]
fn same_seed_gives_the_same_points_as_native() {
    let (points, _) = genlab::gda::SampleSpec::default().sample().unwrap();
    let bits: Vec<[u64; 2]> = points[..3].iter().map(|p| [p[0].to_bits(), p[1].to_bits()]).collect();
    assert_eq!(
        bits,
        vec![
            [0x3fd0_9f30_9ca9_a3b4, 0xbfec_105e_9fb5_b350],
            [0xbff0_71d0_20a8_9522, 0xbff9_1e03_3f27_0511],
            [0xbfd4_a4f9_9b82_ba0e, 0x3fd2_5e76_1139_dbc8],
        ]
    );
}

fn panel(css_w: f64, css_h: f64, dpr: f64) -> (GdaPanel, HtmlCanvasElement) {
    let c = canvas();
    let mut p = GdaPanel::new(c.clone()).unwrap();
    p.resize(css_w, css_h, dpr);
    p.draw().unwrap();
    (p, c)
}

/// Counts pixels in a square around (x, y) whose colour is within `tol` of `rgb`.
fn count_near(p: &GdaPanel, x: f64, y: f64, half: i32, rgb: [u8; 3], tol: i32) -> usize {
    let mut n = 0;
    for dy in -half..=half {
        for dx in -half..=half {
            let px = p.pixel_at((x as i32 + dx).max(0) as u32, (y as i32 + dy).max(0) as u32);
            if px.len() == 4 && (0..3).all(|i| (i32::from(px[i]) - i32::from(rgb[i])).abs() <= tol) {
                n += 1;
            }
        }
    }
    n
}

#[wasm_bindgen_test]
fn backing_store_is_css_size_times_dpr() {
    let (_, c) = panel(400.0, 300.0, 2.0);
    assert_eq!((c.width(), c.height()), (800, 600));
    let (_, c) = panel(400.0, 300.0, 1.0);
    assert_eq!((c.width(), c.height()), (400, 300));
}

#[wasm_bindgen_test]
fn figure_draws_background_means_and_boundary() {
    let (p, _) = panel(640.0, 480.0, 2.0);
    // The canvas corner is the white background (plotters fills it first).
    assert_eq!(p.pixel_at(2, 2), vec![255, 255, 255, 255]);
    // Each mean handle is a dot filled with its class colour (Okabe–Ito #0072B2, #D55E00).
    let h = p.handles();
    let c0 = p.data_to_pixels(h[0], h[1]);
    let c1 = p.data_to_pixels(h[2], h[3]);
    assert!(count_near(&p, c0[0], c0[1], 3, [0x00, 0x72, 0xB2], 10) >= 20, "class-0 handle not drawn in its colour");
    assert!(count_near(&p, c1[0], c1[1], 3, [0xD5, 0x5E, 0x00], 10) >= 20, "class-1 handle not drawn in its colour");
    // The boundary passes between the means: somewhere on the segment joining them there
    // is a near-black pixel (the boundary is #111, 2.5 CSS px wide).
    let s = p.summary().unwrap();
    let w: Vec<f64> = serde_wasm_bindgen::from_value(get(&s, "w")).unwrap();
    let b = get(&s, "b").as_f64().unwrap();
    // Where w·x + b = 0 along the segment μ₀ → μ₁ (log-odds is linear along it).
    let (m0, m1) = ([h[0], h[1]], [h[2], h[3]]);
    let f0 = w[0] * m0[0] + w[1] * m0[1] + b;
    let f1 = w[0] * m1[0] + w[1] * m1[1] + b;
    assert!(f0 < 0.0 && f1 > 0.0, "the means should be on opposite sides");
    let t = f0 / (f0 - f1);
    let on = p.data_to_pixels(m0[0] + t * (m1[0] - m0[0]), m0[1] + t * (m1[1] - m0[1]));
    assert!(count_near(&p, on[0], on[1], 3, [0x11, 0x11, 0x11], 40) >= 3, "no boundary pixels where w·x + b = 0");
}

#[wasm_bindgen_test]
fn summary_has_the_fit_and_no_error() {
    let (p, _) = panel(500.0, 400.0, 1.0);
    let s = p.summary().unwrap();
    assert!(get(&s, "error").is_null() || get(&s, "error").is_undefined());
    let phi = get(&s, "phi").as_f64().unwrap();
    // SampleSpec::default() has 60 + 40 points: φ = 40/100.
    assert!((phi - 0.4).abs() < 1e-12);
    assert_eq!(get(&s, "source").as_string().unwrap(), "generated");
}

#[wasm_bindgen_test]
fn dragging_a_handle_moves_that_mean() {
    let (mut p, _) = panel(600.0, 450.0, 2.0);
    let h = p.handles();
    let at = p.data_to_pixels(h[0], h[1]);
    // hitHandle takes CSS pixels; data_to_pixels gives backing-store pixels (dpr 2).
    assert_eq!(p.hit_handle(at[0] / 2.0, at[1] / 2.0), 0);
    assert_eq!(p.hit_handle(1.0, 1.0), -1);
    let box_ = p.plot_box_pixels();
    let (tx, ty) = (f64::from(box_[0] + box_[2]) / 4.0, f64::from(box_[1] + box_[3]) / 4.0);
    p.drag_to(0, tx, ty).unwrap();
    p.draw().unwrap();
    let moved = p.handles();
    let now = p.data_to_pixels(moved[0], moved[1]);
    assert!((now[0] / 2.0 - tx).abs() < 1e-6 && (now[1] / 2.0 - ty).abs() < 1e-6, "mean 0 is not under the pointer");
    assert_eq!(&moved[2..], &h[2..], "class 1 moved too");
}

#[wasm_bindgen_test]
fn keyboard_nudge_moves_the_active_mean_by_a_fraction_of_the_view() {
    let (mut p, _) = panel(600.0, 450.0, 1.0);
    let before = p.handles();
    p.nudge(1, 0.02, 0.0).unwrap();
    let after = p.handles();
    assert!(after[2] > before[2] && (after[3] - before[3]).abs() < 1e-12);
    assert_eq!(&after[..2], &before[..2]);
}

#[wasm_bindgen_test]
fn bad_parameters_are_rejected_with_a_sentence_and_the_state_is_kept() {
    let (mut p, _) = panel(400.0, 300.0, 1.0);
    let before = p.handles();
    let bad = json(r#"{"n0":50,"n1":50,"sd0":[1,1],"rho0":1.5,"sd1":[1,1],"rho1":0,"seed":3}"#);
    let err = p.set_params(bad).expect_err("ρ = 1.5 must be rejected");
    let msg = JsValue::from(err).unchecked_into::<js_sys::Error>().message().as_string().unwrap();
    assert!(msg.contains("ρ") && msg.contains("from −0.95 to 0.95"), "{msg}");
    assert_eq!(p.handles(), before);
    let zero = json(r#"{"n0":0,"n1":50,"sd0":[1,1],"rho0":0,"sd1":[1,1],"rho1":0,"seed":3}"#);
    assert!(p.set_params(zero).is_err());
    let junk = json(r#"{"n0":"many"}"#);
    assert!(p.set_params(junk).is_err());
}

#[wasm_bindgen_test]
fn degenerate_sample_explains_itself_and_draws() {
    let (mut p, _) = panel(400.0, 300.0, 1.0);
    let one_each = json(r#"{"n0":1,"n1":1,"sd0":[1,1],"rho0":0,"sd1":[1,1],"rho1":0,"seed":3}"#);
    p.set_params(one_each).unwrap();
    p.draw().unwrap();
    let s = p.summary().unwrap();
    // The explanation crosses as a message (its code; the page writes the sentence).
    let err = get(&get(&s, "error"), "code").as_string().expect("an explanation");
    assert_eq!(err, "singular-covariance");
    // φ and the means are defined (one point of each class: φ = ½); Σ⁻¹, so w, is not.
    assert_eq!(get(&s, "phi").as_f64(), Some(0.5));
    assert!(!get(&s, "mu").is_null() && get(&s, "w").is_null());
    assert!(p.posterior_at(100.0, 100.0).unwrap().is_null());
}

#[wasm_bindgen_test]
fn presets_load_and_report_their_credit() {
    let (mut p, _) = panel(500.0, 400.0, 1.0);
    for id in ["penguins-adelie-chinstrap", "penguins-adelie-gentoo", "iris-versicolor-virginica"] {
        p.load_preset(id).unwrap();
        p.draw().unwrap();
        let s = p.summary().unwrap();
        assert_eq!(get(&s, "source").as_string().unwrap(), id);
        assert!(!get(&s, "credit").as_string().unwrap().is_empty());
        assert!(p.params().unwrap().is_null());
    }
    assert!(p.load_preset("<img src=x onerror=alert(1)>").is_err());
    p.load_generated().unwrap();
    assert!(!p.params().unwrap().is_null());
}

#[wasm_bindgen_test]
fn posterior_under_the_pointer_is_a_probability() {
    let (p, _) = panel(500.0, 400.0, 1.0);
    let b = p.plot_box_pixels();
    let at = p.posterior_at(f64::from(b[0] + b[2]) / 2.0, f64::from(b[1] + b[3]) / 2.0).unwrap();
    let prob = get(&at, "p").as_f64().unwrap();
    assert!((0.0..=1.0).contains(&prob));
    assert!(p.posterior_at(-5.0, -5.0).unwrap().is_null());
}

#[wasm_bindgen_test]
fn the_hand_worked_fit_holds_in_wasm_too() {
    // X = (−2,−1),(−1,−1),(−1,−2) | (1,1),(1,2),(2,1): μ₀ = −μ₁ = (−4/3, −4/3),
    // Σ = [[2/9, −1/9], [−1/9, 2/9]], Σ⁻¹ = [[6, 3], [3, 6]], w = Σ⁻¹(8/3, 8/3) = (24, 24),
    // b = 0 (midpoint at the origin, φ = ½). Worked by hand.
    let pts = [[-2.0, -1.0], [-1.0, -1.0], [-1.0, -2.0], [1.0, 1.0], [1.0, 2.0], [2.0, 1.0]];
    let fit = genlab::gda::Gda::fit(&pts, &[0, 0, 0, 1, 1, 1]).unwrap();
    let (w, b) = fit.log_odds_coefficients();
    assert!((w[0] - 24.0).abs() < 1e-9 && (w[1] - 24.0).abs() < 1e-9 && b.abs() < 1e-9);
}

/// A 2-D context the browser restores comes back blank, while the panel copies out only
/// what changed since its last frame: `canvasCleared` makes the next draw whole again.
#[wasm_bindgen_test]
fn after_the_canvas_is_cleared_the_next_draw_restores_the_whole_figure() {
    let (mut p, c) = panel(400.0, 300.0, 1.0);
    let ctx: web_sys::CanvasRenderingContext2d = c.get_context("2d").unwrap().unwrap().dyn_into().unwrap();
    // A pixel of the figure far from the dragged mean: the bottom-left corner of the canvas
    // (the margin left of the x axis), drawn once and not touched by a small drag.
    let corner = |p: &GdaPanel| p.pixel_at(2, 297);
    let blank = || ctx.clear_rect(0.0, 0.0, 400.0, 300.0);
    let nudge = |p: &mut GdaPanel| {
        p.nudge(0, 0.01, 0.0).unwrap();
        p.draw().unwrap();
    };
    // The first move redraws the kept background once (the moved class's true Gaussian
    // leaves it); from then on frames are partial copies.
    nudge(&mut p);
    let drawn = corner(&p);
    assert_eq!(drawn[3], 255, "the figure is opaque: {drawn:?}");
    // Without being told, the panel copies out only the changed tiles: the corner stays blank.
    blank();
    nudge(&mut p);
    assert_eq!(corner(&p)[3], 0, "a partial copy leaves the cleared corner blank");
    // Told, it copies everything again.
    blank();
    p.canvas_cleared();
    nudge(&mut p);
    assert_eq!(corner(&p), drawn);
}
