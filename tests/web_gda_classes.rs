#![cfg(target_arch = "wasm32")]
//! Browser tests of the GDA panel with k classes on a real canvas
//! (`wasm-pack test --headless --chrome -- --test web_gda_classes`, and `--firefox`): the
//! three-species presets draw three regions (pixels in each class's region tint) and three
//! sets of ellipses (pixels in each class's opaque colour), and dragging the third mean
//! moves the boundaries. The expected colours are the palette's
//! (`genlab::plot::classes::region_table`, Okabe–Ito over the background), read back from
//! the canvas the page shows.

use genlab::plot::classes::{region_table, LEVELS};
use genlab::plot::Style;
use genlab::web::GdaPanel;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

wasm_bindgen_test_configure!(run_in_browser);

const W: f64 = 640.0;
const H: f64 = 480.0;

fn canvas() -> HtmlCanvasElement {
    let doc = web_sys::window().unwrap().document().unwrap();
    let c: HtmlCanvasElement = doc.create_element("canvas").unwrap().dyn_into().unwrap();
    doc.body().unwrap().append_child(&c).unwrap();
    c
}

/// A panel showing `preset`, drawn once at 640 × 480, and its canvas.
fn preset(id: &str) -> (GdaPanel, HtmlCanvasElement) {
    let c = canvas();
    let mut p = GdaPanel::new(c.clone()).unwrap();
    p.load_preset(id).unwrap();
    p.resize(W, H, 1.0);
    p.draw().unwrap();
    (p, c)
}

/// The canvas' pixels, as the page shows them.
fn pixels(c: &HtmlCanvasElement) -> Vec<u8> {
    let ctx: CanvasRenderingContext2d = c.get_context("2d").unwrap().unwrap().dyn_into().unwrap();
    ctx.get_image_data(0.0, 0.0, f64::from(c.width()), f64::from(c.height())).unwrap().data().0
}

/// Per pixel, the class whose region tint it has, if any.
fn regions(px: &[u8]) -> Vec<Option<usize>> {
    let table = region_table(&Style::default(), 3);
    px.chunks_exact(4).map(|p| table.iter().position(|c| c[..] == p[..]).map(|i| i / LEVELS)).collect()
}

#[wasm_bindgen_test]
fn three_species_presets_draw_three_regions_and_three_sets_of_ellipses() {
    for id in ["penguins-three-species", "iris-three-species"] {
        let (p, c) = preset(id);
        assert_eq!(p.classes(), 3, "{id}");
        let px = pixels(&c);
        let mut seen = [0usize; 3];
        for r in regions(&px).into_iter().flatten() {
            seen[r] += 1;
        }
        assert!(seen.iter().all(|&n| n > 5_000), "{id}: region pixels per class {seen:?}");
        let pal = Style::default().palette();
        for k in 0..3 {
            let col = pal.colour(k);
            let n = px.chunks_exact(4).filter(|q| q[0] == col.0 && q[1] == col.1 && q[2] == col.2).count();
            assert!(n > 200, "{id}: class {k}'s ellipses and handle, {n} pixels");
        }
    }
}

#[wasm_bindgen_test]
fn dragging_the_third_mean_moves_the_boundaries() {
    let (mut p, c) = preset("iris-three-species");
    let before = regions(&pixels(&c));
    let h = p.handles();
    // Virginica's mean (class 2) one centimetre down and left.
    p.set_mean(2, h[4] - 1.0, h[5] - 0.5).unwrap();
    p.draw().unwrap();
    let h2 = p.handles();
    assert!((h2[4] - (h[4] - 1.0)).abs() < 1e-9 && (h2[5] - (h[5] - 0.5)).abs() < 1e-9);
    let after = regions(&pixels(&c));
    let changed = before.iter().zip(&after).filter(|(a, b)| a.is_some() && b.is_some() && a != b).count();
    assert!(changed > 1_000, "{changed} pixels changed region");
}
