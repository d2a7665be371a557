#![cfg(target_arch = "wasm32")]
//! Browser tests of the GDA panel's 3-D view on a real canvas
//! (`wasm-pack test --headless --chrome -- --test web_gda_surface`): it draws both class
//! colours (pixels read back from the canvas), turning it changes the picture, the angles
//! given (as a link gives them) are the angles reported, and the prior override raises one
//! surface's peak.

use genlab::web::{GdaPanel, GdaSurface};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

wasm_bindgen_test_configure!(run_in_browser);

fn canvas() -> HtmlCanvasElement {
    let doc = web_sys::window().unwrap().document().unwrap();
    let c: HtmlCanvasElement = doc.create_element("canvas").unwrap().dyn_into().unwrap();
    doc.body().unwrap().append_child(&c).unwrap();
    c
}

fn pixels(c: &HtmlCanvasElement) -> Vec<u8> {
    let ctx: CanvasRenderingContext2d = c.get_context("2d").unwrap().unwrap().dyn_into().unwrap();
    ctx.get_image_data(0.0, 0.0, f64::from(c.width()), f64::from(c.height())).unwrap().data().0
}

/// Pixels whose colour is a tint of `rgb` over white (the channels' fall from white points
/// the way rgb's does).
fn tinted(px: &[u8], rgb: [u8; 3]) -> usize {
    let want: Vec<f64> = rgb.iter().map(|&v| 255.0 - f64::from(v)).collect();
    let nw = want.iter().map(|v| v * v).sum::<f64>().sqrt();
    px.chunks_exact(4)
        .filter(|p| {
            let t: Vec<f64> = (0..3).map(|c| 255.0 - f64::from(p[c])).collect();
            let nt = t.iter().map(|v| v * v).sum::<f64>().sqrt();
            let dot: f64 = t.iter().zip(&want).map(|(a, b)| a * b).sum();
            nt > 40.0 && dot / (nt * nw) > 0.97
        })
        .count()
}

fn view() -> (GdaPanel, GdaSurface, HtmlCanvasElement) {
    let mut panel = GdaPanel::new(canvas()).unwrap();
    panel.resize(400.0, 300.0, 1.0);
    panel.draw().unwrap();
    let c = canvas();
    let mut surface = GdaSurface::new(c.clone());
    surface.resize(400.0, 300.0, 1.0);
    (panel, surface, c)
}

#[wasm_bindgen_test]
fn the_view_draws_both_class_colours() {
    let (panel, mut surface, c) = view();
    assert!(surface.draw(panel.surface_model().unwrap(), false).unwrap());
    let px = pixels(&c);
    let (blue, vermillion) = (tinted(&px, [0x00, 0x72, 0xB2]), tinted(&px, [0xD5, 0x5E, 0x00]));
    assert!(blue > 500 && vermillion > 500, "{blue} blue and {vermillion} vermillion pixels");
}

#[wasm_bindgen_test]
fn turning_the_view_changes_the_picture_and_its_angles() {
    let (panel, mut surface, c) = view();
    surface.draw(panel.surface_model().unwrap(), false).unwrap();
    let before = pixels(&c);
    surface.rotate_by(60.0, 20.0);
    // 60 px right is 0.6 rad (34.4°) less yaw; 20 px down is 0.2 rad (11.5°) more pitch.
    let a = surface.angles();
    assert!((a[0] - (35.0 - 34.4)).abs() < 0.11 && (a[1] - (25.0 + 11.5)).abs() < 0.11, "{a:?}");
    surface.draw(panel.surface_model().unwrap(), false).unwrap();
    let after = pixels(&c);
    let changed = before.chunks_exact(4).zip(after.chunks_exact(4)).filter(|(x, y)| x != y).count();
    assert!(changed > 5000, "only {changed} pixels changed");
}

#[wasm_bindgen_test]
fn angles_from_a_link_are_the_angles_shown_and_out_of_range_ones_are_clamped() {
    let (panel, mut surface, c) = view();
    surface.set_angles(-120.0, 60.0);
    assert_eq!(surface.angles(), vec![-120.0, 60.0]);
    surface.draw(panel.surface_model().unwrap(), false).unwrap();
    let first = pixels(&c);
    // The same angles on a new view draw the same picture.
    let (_, mut again, c2) = view();
    again.set_angles(-120.0, 60.0);
    again.draw(panel.surface_model().unwrap(), false).unwrap();
    assert_eq!(first, pixels(&c2));
    surface.set_angles(400.0, 95.0);
    assert_eq!(surface.angles(), vec![40.0, 85.0]);
}

#[wasm_bindgen_test]
fn the_prior_override_raises_class_one() {
    let (mut panel, surface, _) = view();
    let peak = |s: &JsValue, c: u32| {
        let item = js_sys::Reflect::get(s, &JsValue::from(c)).unwrap();
        js_sys::Reflect::get(&item, &JsValue::from_str("peak")).unwrap().as_f64().unwrap()
    };
    let before = surface.surfaces(panel.surface_model().unwrap()).unwrap();
    let settings = js_sys::JSON::parse(
        r#"{"covariance":"shared","logistic":false,"lambda":0,"prior":0.9,"loss01":1,"loss10":1,"heat":false}"#,
    )
    .unwrap();
    panel.set_models(settings).unwrap();
    let after = surface.surfaces(panel.surface_model().unwrap()).unwrap();
    // φ̂ = 0.4 → 0.9: class 1's peak × 2.25, class 0's × 1/6.
    assert!((peak(&after, 1) / peak(&before, 1) - 0.9 / 0.4).abs() < 1e-9);
    assert!((peak(&after, 0) / peak(&before, 0) - 0.1 / 0.6).abs() < 1e-9);
}
