#![cfg(target_arch = "wasm32")]
//! Browser tests of the GDA panel's model menu and point editing on a real canvas
//! (`wasm-pack test --headless --chrome -- --test web_gda_models`, and `--firefox`): the posterior
//! heat map under the figure, `setModels` and its errors, adding, hitting and removing a
//! point by pointer position, loading CSV text, and the outlier and bimodal buttons.

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

/// A panel on a fresh canvas of `css_w × css_h` CSS pixels at `dpr`, drawn once.
fn panel(css_w: f64, css_h: f64, dpr: f64) -> GdaPanel {
    let mut p = GdaPanel::new(canvas()).unwrap();
    p.resize(css_w, css_h, dpr);
    p.draw().unwrap();
    p
}

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn json(s: &str) -> JsValue {
    js_sys::JSON::parse(s).unwrap()
}

fn stringify(v: &JsValue) -> String {
    js_sys::JSON::stringify(v).unwrap().as_string().unwrap()
}

fn message(err: wasm_bindgen::JsError) -> String {
    JsValue::from(err).unchecked_into::<js_sys::Error>().message().as_string().unwrap()
}

/// All the model settings, with the given covariance and heat map switch.
fn settings(covariance: &str, heat: bool) -> JsValue {
    json(&format!(
        r#"{{"covariance":"{covariance}","logistic":false,"lambda":0,"prior":null,"loss01":1,"loss10":1,"heat":{heat}}}"#
    ))
}

/// The most common colour among pixels on a 9 × 9 lattice (6 px apart) around (x, y),
/// leaving out the middle (the drag handle, 8 CSS px in radius, sits on each mean): points,
/// grid lines and curves cover a few samples, the background most of them.
fn background_near(p: &GdaPanel, x: f64, y: f64) -> [u8; 4] {
    let mut seen: Vec<([u8; 4], usize)> = Vec::new();
    for j in -4..=4i32 {
        for i in -4..=4i32 {
            if i.abs() <= 2 && j.abs() <= 2 {
                continue;
            }
            let px = p.pixel_at((x as i32 + 6 * i).max(0) as u32, (y as i32 + 6 * j).max(0) as u32);
            assert_eq!(px.len(), 4, "sample outside the canvas");
            let c = [px[0], px[1], px[2], px[3]];
            match seen.iter_mut().find(|(s, _)| *s == c) {
                Some((_, n)) => *n += 1,
                None => seen.push((c, 1)),
            }
        }
    }
    seen.into_iter().max_by_key(|(_, n)| *n).map(|(c, _)| c).unwrap()
}

/// The backing-store pixel of each class's mean (the drag handles sit on them).
fn mean_pixels(p: &GdaPanel) -> [Vec<f64>; 2] {
    let h = p.handles();
    [p.data_to_pixels(h[0], h[1]), p.data_to_pixels(h[2], h[3])]
}

/// Every number in a JS value (objects and arrays walked recursively), and every string.
fn walk(v: &JsValue, path: &str, numbers: &mut Vec<(String, f64)>, strings: &mut Vec<String>) {
    if let Some(x) = v.as_f64() {
        numbers.push((path.to_string(), x));
    } else if let Some(s) = v.as_string() {
        strings.push(s);
    } else if js_sys::Array::is_array(v) {
        for (i, item) in js_sys::Array::from(v).iter().enumerate() {
            walk(&item, &format!("{path}[{i}]"), numbers, strings);
        }
    } else if v.is_object() {
        let obj: &js_sys::Object = v.unchecked_ref();
        for key in js_sys::Object::keys(obj).iter() {
            let k = key.as_string().unwrap();
            walk(&get(v, &k), &format!("{path}.{k}"), numbers, strings);
        }
    }
}

// ---------------------------------------------------------------------------------------
// The heat map
// ---------------------------------------------------------------------------------------

#[wasm_bindgen_test]
fn heat_map_tints_the_background_blue_near_class_0_and_orange_near_class_1() {
    let mut p = panel(640.0, 480.0, 1.0);
    p.set_models(settings("shared", true)).unwrap();
    p.draw().unwrap();
    let [m0, m1] = mean_pixels(&p);
    // The palette runs from white (p = ½) toward Okabe–Ito blue #0072B2 (p = 0) and
    // vermillion #D55E00 (p = 1): near μ₀ the blue channel exceeds the red one, near μ₁
    // the other way round.
    let c0 = background_near(&p, m0[0], m0[1]);
    let c1 = background_near(&p, m1[0], m1[1]);
    assert!(c0[2] > c0[0] && c0 != [255; 4], "near class 0: {c0:?}");
    assert!(c1[0] > c1[2] && c1 != [255; 4], "near class 1: {c1:?}");

    // The heat map off: the same background is white again.
    p.set_models(settings("shared", false)).unwrap();
    p.draw().unwrap();
    assert_eq!(background_near(&p, m0[0], m0[1]), [255, 255, 255, 255]);
    assert_eq!(background_near(&p, m1[0], m1[1]), [255, 255, 255, 255]);
}

#[wasm_bindgen_test]
fn heat_map_follows_the_chosen_model_on_a_hi_dpi_canvas() {
    let mut p = panel(500.0, 400.0, 2.0);
    for cov in ["per-class", "diagonal-per-class", "diagonal-shared"] {
        p.set_models(settings(cov, true)).unwrap();
        p.draw().unwrap();
        let [m0, m1] = mean_pixels(&p);
        let (c0, c1) = (background_near(&p, m0[0], m0[1]), background_near(&p, m1[0], m1[1]));
        assert!(c0[2] > c0[0], "{cov}: near class 0: {c0:?}");
        assert!(c1[0] > c1[2], "{cov}: near class 1: {c1:?}");
    }
}

// ---------------------------------------------------------------------------------------
// setModels
// ---------------------------------------------------------------------------------------

#[wasm_bindgen_test]
fn set_models_round_trips_and_rejects_a_bad_object_keeping_the_settings() {
    let mut p = panel(400.0, 300.0, 1.0);
    let good = json(
        r#"{"covariance":"per-class","logistic":true,"lambda":0.5,"prior":0.3,"loss01":2,"loss10":3,"heat":true}"#,
    );
    p.set_models(good.clone()).unwrap();
    let kept = stringify(&p.models().unwrap());
    assert_eq!(kept, stringify(&good));
    for (what, bad) in [
        (
            "unknown covariance",
            json(
                r#"{"covariance":"cubic","logistic":false,"lambda":0,"prior":null,"loss01":1,"loss10":1,"heat":false}"#,
            ),
        ),
        ("missing fields", json(r#"{"covariance":"shared"}"#)),
        ("a string", JsValue::from_str("qda")),
        ("null", JsValue::NULL),
        (
            "λ as text",
            json(
                r#"{"covariance":"shared","logistic":true,"lambda":"big","prior":null,"loss01":1,"loss10":1,"heat":false}"#,
            ),
        ),
    ] {
        assert!(p.set_models(bad).is_err(), "{what} was accepted");
        assert_eq!(stringify(&p.models().unwrap()), kept, "{what} changed the settings");
    }
    // Well-formed but out of range: the sentence names the setting.
    for (bad, name) in [
        (r#"{"covariance":"shared","logistic":true,"lambda":-1,"prior":null,"loss01":1,"loss10":1,"heat":false}"#, "λ"),
        (r#"{"covariance":"shared","logistic":false,"lambda":0,"prior":1,"loss01":1,"loss10":1,"heat":false}"#, "φ"),
        (
            r#"{"covariance":"shared","logistic":false,"lambda":0,"prior":null,"loss01":0,"loss10":1,"heat":false}"#,
            "λ₀₁",
        ),
        (
            r#"{"covariance":"shared","logistic":false,"lambda":0,"prior":null,"loss01":1,"loss10":-3,"heat":false}"#,
            "λ₁₀",
        ),
    ] {
        let msg = message(p.set_models(json(bad)).expect_err(bad));
        assert!(msg.contains(name), "{msg}");
        assert_eq!(stringify(&p.models().unwrap()), kept);
    }
    p.draw().unwrap();
}

#[wasm_bindgen_test]
fn switching_the_data_source_keeps_the_model_settings() {
    let mut p = panel(400.0, 300.0, 1.0);
    p.set_models(settings("per-class", true)).unwrap();
    let kept = stringify(&p.models().unwrap());
    p.load_preset("iris-versicolor-virginica").unwrap();
    assert_eq!(stringify(&p.models().unwrap()), kept, "after loadPreset");
    p.load_generated().unwrap();
    assert_eq!(stringify(&p.models().unwrap()), kept, "after loadGenerated");
}

// ---------------------------------------------------------------------------------------
// Editing points by pointer position
// ---------------------------------------------------------------------------------------

#[wasm_bindgen_test]
fn a_point_added_under_the_pointer_can_be_hit_and_removed() {
    let dpr = 2.0;
    let mut p = panel(600.0, 450.0, dpr);
    let before = p.points_flat();
    let b = p.plot_box_pixels();
    // A CSS position 30 % across and 40 % down the plot box (backing pixels / dpr).
    let (x, y) = (
        (f64::from(b[0]) + 0.3 * f64::from(b[2] - b[0])) / dpr,
        (f64::from(b[1]) + 0.4 * f64::from(b[3] - b[1])) / dpr,
    );
    p.add_point(x, y, 1).unwrap();
    let after = p.points_flat();
    assert_eq!(after.len(), before.len() + 3);
    assert_eq!(&after[..before.len()], before.as_slice(), "the other points moved");
    let new = &after[before.len()..];
    assert_eq!(new[2], 1.0, "label");
    // The new point is drawn under the pointer: its data position maps back to (x, y)·dpr.
    let at = p.data_to_pixels(new[0], new[1]);
    assert!((at[0] - x * dpr).abs() < 1e-6 && (at[1] - y * dpr).abs() < 1e-6, "{at:?} vs ({x}, {y})");
    let index = (after.len() / 3 - 1) as i32;
    assert_eq!(p.hit_point(x, y), index);
    assert_eq!(p.source(), "custom");
    let s = p.summary().unwrap();
    assert_eq!(stringify(&get(&s, "n")), "[60,41]", "the default 60 + 40, plus one of class 1");
    p.draw().unwrap();
    assert_eq!(p.hit_point(x + 2.0, y - 2.0), index, "2 CSS px off is still a hit (12 px reach)");

    p.remove_point(index as u32).unwrap();
    assert_eq!(p.points_flat(), before);
    assert!(p.remove_point(index as u32).is_err(), "no point there any more");
    p.draw().unwrap();
}

#[wasm_bindgen_test]
fn adding_a_point_checks_the_label_and_needs_a_drawn_figure() {
    let mut fresh = GdaPanel::new(canvas()).unwrap();
    fresh.resize(400.0, 300.0, 1.0);
    assert!(fresh.add_point(200.0, 150.0, 0).is_err(), "no frame to place the point in yet");
    assert_eq!(fresh.hit_point(200.0, 150.0), -1);
    let mut p = panel(400.0, 300.0, 1.0);
    let before = p.points_flat();
    assert!(p.add_point(200.0, 150.0, 2).is_err(), "label 2");
    assert!(p.add_point(f64::NAN, 150.0, 0).is_err(), "NaN position");
    assert_eq!(p.points_flat(), before);
    assert_eq!(p.source(), "generated");
}

#[wasm_bindgen_test]
fn adding_a_point_outside_the_plot_box_is_an_error() {
    let mut p = panel(400.0, 300.0, 1.0);
    let before = p.points_flat();
    // (1, 1) is in the top-left margin, left of the y axis.
    assert!(p.add_point(1.0, 1.0, 0).is_err());
    assert_eq!(p.points_flat(), before);
}

#[wasm_bindgen_test]
fn moving_a_point_puts_it_under_the_pointer() {
    let mut p = panel(500.0, 400.0, 1.0);
    let b = p.plot_box_pixels();
    let (x, y) = (f64::from(b[0] + b[2]) / 2.0 + 17.0, f64::from(b[1] + b[3]) / 2.0 - 11.0);
    p.move_point(4, x, y).unwrap();
    let pts = p.points_flat();
    let at = p.data_to_pixels(pts[12], pts[13]);
    assert!((at[0] - x).abs() < 1e-6 && (at[1] - y).abs() < 1e-6);
    assert_eq!(pts[14], 0.0, "a move keeps the label");
    assert!(p.move_point(10_000, x, y).is_err());
}

// ---------------------------------------------------------------------------------------
// CSV and the editing buttons
// ---------------------------------------------------------------------------------------

#[wasm_bindgen_test]
fn a_bad_csv_names_its_line_and_keeps_the_points() {
    let mut p = panel(400.0, 300.0, 1.0);
    let before = p.points_flat();
    let msg = message(p.load_csv("x,y,label\n1,2,0\nfoo\n").expect_err("line 3 is not a point"));
    assert!(msg.contains("Line 3"), "{msg}");
    assert_eq!(p.points_flat(), before);
    assert_eq!(p.source(), "generated");
    p.load_csv("x,y,label\n0,0,0\n2,0,0\n0,2,0\n5,5,1\n7,5,1\n5,7,1\n").unwrap();
    assert_eq!(p.points_flat(), vec![0., 0., 0., 2., 0., 0., 0., 2., 0., 5., 5., 1., 7., 5., 1., 5., 7., 1.]);
    assert_eq!(p.source(), "custom");
    p.draw().unwrap();
}

#[wasm_bindgen_test]
fn outliers_and_bimodal_work_and_the_summary_holds_no_nan() {
    let mut p = panel(640.0, 480.0, 1.0);
    p.set_models(json(
        r#"{"covariance":"per-class","logistic":true,"lambda":0,"prior":0.3,"loss01":1,"loss10":2,"heat":true}"#,
    ))
    .unwrap();
    let n = p.points_flat().len();
    p.add_outliers().unwrap();
    let after = p.points_flat();
    assert_eq!(after.len(), n + 8 * 3, "eight points more");
    assert!(after[n..].chunks(3).all(|c| c[2] == 1.0), "the outliers are class 1");
    p.draw().unwrap();
    p.make_bimodal().unwrap();
    assert_eq!(p.points_flat().len(), n + 8 * 3, "bimodal moves points, adds none");
    p.draw().unwrap();

    let s = p.summary().unwrap();
    assert_eq!(stringify(&get(&s, "n")), "[60,48]");
    assert!(get(&s, "error").is_null() && get(&s, "model_error").is_null(), "{}", stringify(&s));
    let (mut numbers, mut strings) = (Vec::new(), Vec::new());
    walk(&s, "summary", &mut numbers, &mut strings);
    assert!(numbers.len() > 30, "{} numbers", numbers.len());
    for (path, x) in &numbers {
        assert!(x.is_finite(), "{path} = {x}");
    }
    for s in &strings {
        assert!(!s.contains("NaN") && !s.contains("Infinity"), "{s}");
    }
}
