#![cfg(target_arch = "wasm32")]
//! No panic at the boundary (issue #7): every export of the wasm module called with hostile
//! arguments — NaN, ±Infinity, 1e308, negative and huge numbers, empty and huge strings,
//! JavaScript values of the wrong shape (`null`, numbers where objects belong, objects
//! missing fields or with fields of the wrong type), a corpus of 10 MB + 1 byte, calls in
//! the wrong order (`dragTo` before any draw, `corpusFinish` without `corpusBegin`).
//!
//! Each call must return an error carrying a sentence, or a sane value (no NaN anywhere in
//! what it returns, probabilities in [0, 1]); a panic aborts the wasm instance and the
//! runner reports the test as failed.
//!
//! `wasm-pack test --headless --chrome -- --test web_hostile` (and `--firefox`).

mod next_tick;

use genlab::web::{CatPanel, GdaFitBench, GdaPanel, SpamPanel};
use next_tick::next_tick;
use wasm_bindgen::{JsCast, JsError, JsValue};
use wasm_bindgen_test::*;
use web_sys::HtmlCanvasElement;

wasm_bindgen_test_configure!(run_in_browser);

/// NaN, the infinities, the extremes of f64, negatives, zeros and fractions.
const HOSTILE_F64: [f64; 14] = [
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    1e308,
    -1e308,
    f64::MAX,
    f64::MIN_POSITIVE,
    5e-324,
    -1.0,
    -0.0,
    0.0,
    0.5,
    9_007_199_254_740_993.0,
    1.8446744073709552e19,
];

/// Unsigned arguments at their extremes (a JavaScript −1 arrives as `u32::MAX`).
const HOSTILE_U32: [u32; 5] = [0, 1, 2, 0x7fff_ffff, u32::MAX];

/// A megabyte-scale string and friends: empty, blank, controls, a lone-surrogate stand-in,
/// right-to-left marks, a NUL.
fn hostile_strings() -> Vec<String> {
    vec![
        String::new(),
        " ".into(),
        "\0".into(),
        "\u{FFFD}\u{202E}\u{200D}\u{FEFF}".into(),
        "null".into(),
        "NaN".into(),
        "<script>alert(1)</script>".into(),
        "a".repeat(100_000),
        "🎉".repeat(20_000),
    ]
}

fn canvas(attached: bool) -> HtmlCanvasElement {
    let doc = web_sys::window().unwrap().document().unwrap();
    let c: HtmlCanvasElement = doc.create_element("canvas").unwrap().dyn_into().unwrap();
    if attached {
        doc.body().unwrap().append_child(&c).unwrap();
    }
    c
}

fn json(s: &str) -> JsValue {
    js_sys::JSON::parse(s).unwrap()
}

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn set(v: &JsValue, key: &str, value: JsValue) {
    js_sys::Reflect::set(v, &JsValue::from_str(key), &value).unwrap();
}

/// A deep copy of a plain object (so one hostile field never leaks into the next case).
fn copy(v: &JsValue) -> JsValue {
    js_sys::JSON::parse(&js_sys::JSON::stringify(v).unwrap().as_string().unwrap()).unwrap()
}

/// Values of the wrong shape for an object or array parameter.
fn wrong_shapes() -> Vec<JsValue> {
    vec![
        JsValue::NULL,
        JsValue::UNDEFINED,
        JsValue::from_f64(f64::NAN),
        JsValue::from_f64(1.0),
        JsValue::from_str(""),
        JsValue::from_str("{}"),
        JsValue::TRUE,
        json("[]"),
        json("{}"),
        json("[null, null, null, null]"),
        json(r#"{"a": {"b": {"c": [1, 2, 3]}}}"#),
        js_sys::Symbol::for_("hostile").into(),
    ]
}

/// The sentence a rejected call carries.
fn message(e: JsError) -> String {
    JsValue::from(e).unchecked_into::<js_sys::Error>().message().as_string().unwrap_or_default()
}

/// Ok, or an error with a readable sentence (never an empty message or a Rust panic text).
fn settle<T>(what: &str, r: Result<T, JsError>) -> Option<T> {
    match r {
        Ok(v) => Some(v),
        Err(e) => {
            let m = message(e);
            assert!(!m.trim().is_empty(), "{what}: an error without a sentence");
            assert!(!m.contains("panicked") && !m.contains("unreachable"), "{what}: {m}");
            None
        }
    }
}

/// A call that must be refused.
fn refused<T>(what: &str, r: Result<T, JsError>) {
    assert!(r.is_err(), "{what} was accepted");
    settle(what, r);
}

/// Every number inside `v` (objects and arrays walked) is not NaN.
fn assert_no_nan(what: &str, v: &JsValue) {
    fn walk(what: &str, v: &JsValue, depth: usize) {
        assert!(depth < 32, "{what}: nested too deep");
        if let Some(x) = v.as_f64() {
            assert!(!x.is_nan(), "{what}: NaN in the result");
        } else if js_sys::Array::is_array(v) {
            for x in js_sys::Array::from(v).iter() {
                walk(what, &x, depth + 1);
            }
        } else if v.is_object() {
            for entry in js_sys::Object::entries(v.unchecked_ref()).iter() {
                walk(what, &js_sys::Array::from(&entry).get(1), depth + 1);
            }
        }
    }
    walk(what, v, 0);
}

/// A number field that must be a probability or null.
fn assert_probability_or_null(what: &str, v: &JsValue) {
    if !v.is_null() {
        let p = v.as_f64().unwrap_or_else(|| panic!("{what}: not a number: {v:?}"));
        assert!((0.0..=1.0).contains(&p), "{what}: {p}");
    }
}

// ---------------------------------------------------------------------------------------
// Free functions.

#[wasm_bindgen_test]
async fn version_and_presets_are_plain_values() {
    next_tick().await;
    assert!(!genlab::web::version().is_empty());
    let presets = genlab::web::gda_presets().unwrap();
    assert!(js_sys::Array::from(&presets).length() >= 3);
    genlab::web::start();
    genlab::web::start();
}

#[wasm_bindgen_test]
async fn parse_state_reads_any_string() {
    next_tick().await;
    let mut queries = hostile_strings();
    queries.extend(
        [
            "?",
            "??",
            "&&&",
            "=",
            "%",
            "%E4%BD",
            "a=NaN&a=Infinity",
            "seed=-0",
            "seed=1e400",
            "m0=NaN,NaN&m1=,",
            "t=%00%01%7F",
            "lang=zh-CN&lang=en",
            "n0=1e-324",
            "a=+5e-324",
        ]
        .map(String::from),
    );
    queries.push(format!("t={}", "%F0%9F%8E%89".repeat(5_000)));
    queries.push("x=1&".repeat(10_000));
    queries.push("a".repeat(10_000_001));
    for q in &queries {
        next_tick().await;
        let parsed = genlab::web::parse_state(q).unwrap();
        let what = format!("parseState({:.40})", q);
        assert_no_nan(&what, &parsed);
        let state = get(&parsed, "state");
        let alpha = get(&get(&state, "nb"), "alpha").as_f64().unwrap();
        assert!((0.0..=10.0).contains(&alpha), "{what}: α = {alpha}");
        // Whatever was read writes back and reads again without a notice, but for the one
        // that says a message was cut (its link still carries the whole length, `tn`).
        let q2 = genlab::web::state_query(state).unwrap();
        let again = genlab::web::parse_state(&q2).unwrap();
        let notices = js_sys::Array::from(&get(&again, "notices"));
        let other = notices
            .iter()
            .filter(|n| get(&get(n, "reason"), "kind").as_string().as_deref() != Some("message-cut"))
            .count();
        assert_eq!(other, 0, "{what}: {:.200}", q2);
    }
}

#[wasm_bindgen_test]
async fn state_query_refuses_what_is_not_a_state() {
    next_tick().await;
    for v in wrong_shapes() {
        refused(&format!("stateQuery({v:?})"), genlab::web::state_query(v));
    }
    let base = get(&genlab::web::parse_state("").unwrap(), "state");
    // Fields of the wrong type or out of the type's range: refused.
    let cases: Vec<(&str, &str, JsValue)> = vec![
        ("", "lang", JsValue::from_f64(5.0)),
        ("", "projector", JsValue::from_str("yes")),
        ("gda", "seed", JsValue::from_f64(-1.0)),
        ("gda", "seed", JsValue::from_f64(1e300)),
        ("gda", "seed", JsValue::from_f64(f64::NAN)),
        ("gda", "n", json("[1e10, 1]")),
        ("gda", "n", json("[1]")),
        ("gda", "sd", json("[[1, 2]]")),
        ("gda", "means", json("[1, 2, 3, 4]")),
        ("gda", "models", JsValue::NULL),
        ("nb", "seed", JsValue::from_f64(f64::INFINITY)),
        ("nb", "text", JsValue::from_f64(1.0)),
        ("nb", "alpha", JsValue::from_str("1")),
    ];
    for (part, key, value) in cases {
        let state = copy(&base);
        let target = if part.is_empty() { state.clone() } else { get(&state, part) };
        set(&target, key, value.clone());
        refused(&format!("stateQuery with {part}.{key} = {value:?}"), genlab::web::state_query(state));
    }
    // Missing fields: refused.
    for (part, key) in [("", "gda"), ("", "nb"), ("gda", "sd"), ("nb", "event")] {
        let state = copy(&base);
        let target = if part.is_empty() { state.clone() } else { get(&state, part) };
        js_sys::Reflect::delete_property(target.unchecked_ref::<js_sys::Object>(), &JsValue::from_str(key)).unwrap();
        refused(&format!("stateQuery without {part}.{key}"), genlab::web::state_query(state));
    }
    // Well-typed but out-of-range values are written (a link is text); reading them back
    // refuses them one by one with notices, never a panic.
    let odd: Vec<(&str, &str, JsValue)> = vec![
        ("nb", "alpha", JsValue::from_f64(f64::NAN)),
        ("nb", "alpha", JsValue::from_f64(f64::NEG_INFINITY)),
        ("nb", "alpha", JsValue::from_f64(1e308)),
        ("gda", "rho", json("[5, -5]")),
        ("gda", "means", json("[[1e308, -1e308], [0, 0]]")),
        ("", "lang", JsValue::from_str(&"x".repeat(1_000_000))),
        ("nb", "text", JsValue::from_str(&"🎉".repeat(1_000_000))),
        ("nb", "event", JsValue::from_str("")),
        ("gda", "source", JsValue::from_str("../../etc/passwd")),
    ];
    for (part, key, value) in odd {
        let state = copy(&base);
        let target = if part.is_empty() { state.clone() } else { get(&state, part) };
        set(&target, key, value);
        if let Some(q) = settle(&format!("stateQuery with {part}.{key}"), genlab::web::state_query(state)) {
            assert!(q.len() < 100_000 || key == "lang", "{part}.{key}: a link of {} bytes", q.len());
            assert_no_nan(key, &genlab::web::parse_state(&q).unwrap());
        }
    }
}

// ---------------------------------------------------------------------------------------
// GdaPanel.

fn gda_sane(what: &str, p: &GdaPanel) {
    let summary = p.summary().unwrap();
    assert_no_nan(what, &summary);
    for key in ["phi", "b"] {
        let v = get(&summary, key);
        assert!(v.is_null() || v.as_f64().is_some_and(f64::is_finite), "{what}: {key} = {v:?}");
    }
    assert!(p.handles().iter().all(|v| v.is_finite()), "{what}: handles {:?}", p.handles());
    assert!(p.points_flat().iter().all(|v| v.is_finite()), "{what}: a point is not finite");
    assert_no_nan(what, &p.params().unwrap());
    assert_no_nan(what, &p.models().unwrap());
}

#[wasm_bindgen_test]
async fn gda_calls_before_any_draw_are_refused_or_harmless() {
    next_tick().await;
    let mut p = GdaPanel::new(canvas(false)).unwrap();
    for k in HOSTILE_U32 {
        refused("dragTo before a draw", p.drag_to(k, 10.0, 10.0));
        refused("movePoint before a draw", p.move_point(k, 10.0, 10.0));
    }
    refused("addPoint before a draw", p.add_point(10.0, 10.0, 0));
    for x in HOSTILE_F64 {
        assert_eq!(p.hit_handle(x, x), -1);
        assert_eq!(p.hit_point(x, x), -1);
        assert!(p.posterior_at(x, x).unwrap().is_null());
        assert!(p.data_to_pixels(x, x).is_empty());
    }
    assert!(p.plot_box_pixels().is_empty());
    gda_sane("before a draw", &p);
}

#[wasm_bindgen_test]
async fn gda_resize_and_draw_survive_absurd_sizes() {
    next_tick().await;
    let c = canvas(true);
    let mut p = GdaPanel::new(c.clone()).unwrap();
    settle("draw on the default canvas", p.draw());
    for w in HOSTILE_F64 {
        next_tick().await;
        for dpr in [f64::NAN, f64::INFINITY, -1.0, 0.0, 1e-300, 1e308, 2.0] {
            p.resize(w, 300.0, dpr);
            p.resize(300.0, w, dpr);
        }
    }
    // The largest size asked for must not leave an unusable canvas behind.
    for (w, h) in [(1e308, 1e308), (f64::INFINITY, 1.0), (1e6, 1e6), (0.0, 0.0), (-5.0, -5.0)] {
        next_tick().await;
        p.resize(w, h, 4.0);
        settle(&format!("draw after resize({w}, {h}, 4)"), p.draw());
        gda_sane("after an absurd resize", &p);
    }
    p.resize(400.0, 300.0, 1.0);
    p.draw().unwrap();
    assert!(!p.plot_box_pixels().is_empty());
}

#[wasm_bindgen_test]
async fn gda_set_params_refuses_every_wrong_shape_and_value() {
    next_tick().await;
    let mut p = GdaPanel::new(canvas(false)).unwrap();
    for v in wrong_shapes() {
        refused(&format!("setParams({v:?})"), p.set_params(v));
    }
    let good = p.params().unwrap();
    let hostile_fields: Vec<(&str, JsValue)> = vec![
        ("n0", JsValue::from_f64(f64::NAN)),
        ("n0", JsValue::from_f64(-1.0)),
        ("n0", JsValue::from_f64(0.0)),
        ("n0", JsValue::from_f64(1.5)),
        ("n0", JsValue::from_f64(1e308)),
        ("n1", JsValue::from_f64(f64::INFINITY)),
        ("n1", JsValue::from_str("10")),
        ("seed", JsValue::from_f64(-1.0)),
        ("seed", JsValue::from_f64(9_007_199_254_740_992.0)),
        ("seed", JsValue::from_f64(0.5)),
        ("seed", JsValue::NULL),
        ("sd0", json("[0, 0]")),
        ("sd0", json("[-1, 1]")),
        ("sd0", json("[1e308, 1e308]")),
        ("sd0", json("[1]")),
        ("sd0", json("[1, 2, 3]")),
        ("sd0", JsValue::from_f64(1.0)),
        ("sd1", json("[1e-320, 1]")),
        ("rho0", JsValue::from_f64(1.0)),
        ("rho0", JsValue::from_f64(-1.0)),
        ("rho0", JsValue::from_f64(f64::NAN)),
        ("rho1", JsValue::from_f64(1e308)),
    ];
    for (key, value) in hostile_fields {
        let params = copy(&good);
        set(&params, key, value.clone());
        settle(&format!("setParams with {key} = {value:?}"), p.set_params(params));
        gda_sane(&format!("after setParams with {key} = {value:?}"), &p);
    }
    // NaN inside an array (JSON cannot say it).
    let params = copy(&good);
    let sd = js_sys::Array::of2(&JsValue::from_f64(f64::NAN), &JsValue::from_f64(1.0));
    set(&params, "sd0", sd.into());
    refused("setParams with sd0 = [NaN, 1]", p.set_params(params));
    // Missing fields.
    for key in ["n0", "sd1", "seed"] {
        let params = copy(&good);
        js_sys::Reflect::delete_property(params.unchecked_ref::<js_sys::Object>(), &JsValue::from_str(key)).unwrap();
        refused(&format!("setParams without {key}"), p.set_params(params));
    }
    gda_sane("after every setParams", &p);
}

#[wasm_bindgen_test]
async fn gda_presets_text_and_models_refuse_what_they_do_not_know() {
    next_tick().await;
    let mut p = GdaPanel::new(canvas(true)).unwrap();
    for s in hostile_strings().iter().chain(&["penguins-adelie-gentoo\0".to_string(), "IRIS".into()]) {
        refused("loadPreset", p.load_preset(s));
    }
    p.load_preset("iris-versicolor-virginica").unwrap();
    p.load_generated().unwrap();
    for v in wrong_shapes().into_iter().filter(|v| !v.is_null() && !v.is_undefined()) {
        settle(&format!("setFigureText({v:?})"), p.set_figure_text(v));
    }
    p.set_figure_text(JsValue::NULL).unwrap();
    for v in wrong_shapes() {
        settle(&format!("setModels({v:?})"), p.set_models(v));
        gda_sane("after setModels", &p);
    }
    let good = p.models().unwrap();
    let hostile_fields: Vec<(&str, JsValue)> = vec![
        ("covariance", JsValue::from_str("full")),
        ("covariance", JsValue::from_f64(1.0)),
        ("logistic", JsValue::from_str("true")),
        ("lambda", JsValue::from_f64(f64::NAN)),
        ("lambda", JsValue::from_f64(-1.0)),
        ("lambda", JsValue::from_f64(f64::INFINITY)),
        ("lambda", JsValue::from_f64(1e308)),
        ("prior", JsValue::from_f64(0.0)),
        ("prior", JsValue::from_f64(1.0)),
        ("prior", JsValue::from_f64(f64::NAN)),
        ("prior", JsValue::from_f64(-0.5)),
        ("loss01", JsValue::from_f64(0.0)),
        ("loss01", JsValue::from_f64(f64::NEG_INFINITY)),
        ("loss10", JsValue::from_f64(1e308)),
        ("loss10", JsValue::from_f64(5e-324)),
        ("heat", JsValue::from_f64(1.0)),
    ];
    for (key, value) in hostile_fields {
        let models = copy(&good);
        set(&models, key, value.clone());
        settle(&format!("setModels with {key} = {value:?}"), p.set_models(models));
        gda_sane(&format!("after setModels with {key} = {value:?}"), &p);
    }
    for k in [i32::MIN, -1, 0, 1, 2, i32::MAX] {
        p.set_active_handle(k);
    }
    p.set_projector(true);
    p.resize(500.0, 400.0, 2.0);
    settle("draw after hostile settings", p.draw());
    gda_sane("after hostile settings", &p);
}

#[wasm_bindgen_test]
async fn gda_pointer_and_keyboard_calls_take_any_position() {
    next_tick().await;
    let mut p = GdaPanel::new(canvas(true)).unwrap();
    p.resize(400.0, 300.0, 1.0);
    p.draw().unwrap();
    for x in HOSTILE_F64 {
        next_tick().await;
        for k in HOSTILE_U32 {
            settle("dragTo", p.drag_to(k, x, 150.0));
            settle("dragTo", p.drag_to(k, 200.0, x));
            settle("nudge", p.nudge(k, x, x));
            settle("setMean", p.set_mean(k, x, -x));
            settle("movePoint", p.move_point(k, x, x));
        }
        let h = p.hit_handle(x, x);
        assert!((-1..=1).contains(&h));
        let at = p.posterior_at(x, x).unwrap();
        if !at.is_null() {
            assert_probability_or_null("posteriorAt", &get(&at, "p"));
        }
        assert!(p.hit_point(x, x) >= -1);
        let _ = p.data_to_pixels(x, x);
        for label in [0u8, 1, 2, 255] {
            settle("addPoint", p.add_point(x, 100.0, label));
        }
        gda_sane(&format!("after pointer calls at {x}"), &p);
    }
    refused("addPoint with label 2", p.add_point(200.0, 150.0, 2));
    for k in HOSTILE_U32 {
        let _ = p.pixel_at(k, k);
    }
    for i in [u32::MAX, 100_000] {
        refused("removePoint", p.remove_point(i));
    }
    settle("draw after pointer calls", p.draw());
}

#[wasm_bindgen_test]
async fn gda_csv_outliers_and_bimodal_survive_bad_data() {
    next_tick().await;
    let mut p = GdaPanel::new(canvas(true)).unwrap();
    p.resize(400.0, 300.0, 1.0);
    let mut texts = hostile_strings();
    texts.extend(
        [
            "x,y,label",
            "1,2,0",
            "1,2,0\n3,4,0\n5,6,0",
            "1,2,0\n1,2,1",
            "NaN,1,0\n1,1,1",
            "1e308,1e308,0\n-1e308,-1e308,1\n1e308,-1e308,0\n-1e308,1e308,1",
            "1e154,0,0\n0,1e154,1\n1e154,1e154,0\n0,0,1",
            "5e-324,0,0\n0,5e-324,1\n5e-324,5e-324,0\n0,0,1",
            "0,0,0\n1,1,0\n2,2,1\n3,3,1",
            "1;2;0\n3,4,1",
            "\"1\",\"2\",\"1\"\n\"3\",\"4\",\"0\"\n5,7,1\n8,1,0",
        ]
        .map(String::from),
    );
    texts.push("1,2,0\n".repeat(100_001));
    texts.push(format!("x,y,label\n{}", "0.5,0.5,1\n-0.5,0.25,0\n".repeat(200)));
    for text in &texts {
        next_tick().await;
        let what = format!("loadCsv({:.40})", text);
        settle(&what, p.load_csv(text));
        gda_sane(&what, &p);
        for _ in 0..3 {
            settle("addOutliers", p.add_outliers());
            settle("makeBimodal", p.make_bimodal());
        }
        gda_sane(&format!("{what}, then outliers"), &p);
        settle(&format!("draw after {what}"), p.draw());
    }
}

// ---------------------------------------------------------------------------------------
// SpamPanel.

fn spam_sane(what: &str, p: &mut SpamPanel) {
    assert!(p.alpha().is_finite() && p.alpha() >= 0.0, "{what}: α = {}", p.alpha());
    assert!(p.seed().is_finite(), "{what}: seed");
    for v in [p.corpus(), p.costs(), p.smoothing(), p.resample_summary(), p.messages(0, 5)] {
        assert_no_nan(what, &v.unwrap());
    }
    let ledger = p.explain("WIN a FREE prize 免费 🎉").unwrap();
    assert_no_nan(what, &ledger);
    assert_probability_or_null(what, &get(&get(&ledger, "explanation"), "p_spam"));
    for i in [0, 1, 5, 1000, u32::MAX] {
        if let Ok(detail) = p.word_detail(i) {
            assert_no_nan(what, &detail);
        }
    }
}

#[wasm_bindgen_test]
async fn spam_explain_takes_any_text() {
    next_tick().await;
    let mut p = SpamPanel::new().unwrap();
    let mut texts = hostile_strings();
    texts.push("a ".repeat(20_000));
    texts.push("免费".repeat(20_000));
    for t in &texts {
        next_tick().await;
        let ledger = p.explain(t).unwrap();
        let what = format!("explain({:.30})", t);
        assert_no_nan(&what, &ledger);
        assert_probability_or_null(&what, &get(&get(&ledger, "explanation"), "p_spam"));
    }
    let cut = p.explain(&"x".repeat(1_000_001)).unwrap();
    assert_eq!(get(&cut, "truncated"), JsValue::TRUE);
}

#[wasm_bindgen_test]
async fn spam_settings_refuse_non_numbers_and_unknown_names() {
    next_tick().await;
    let mut p = SpamPanel::new().unwrap();
    for a in HOSTILE_F64 {
        next_tick().await;
        settle(&format!("setAlpha({a})"), p.set_alpha(a));
        spam_sane(&format!("after setAlpha({a})"), &mut p);
        settle(&format!("setSeed({a})"), p.set_seed(a));
        for b in [f64::NAN, 1e308, 5e-324, 1.0] {
            settle(&format!("setCosts({a}, {b})"), p.set_costs(a, b));
        }
        spam_sane(&format!("after setSeed/setCosts({a})"), &mut p);
    }
    for a in [f64::NAN, f64::INFINITY, -1.0, 1001.0, 1e308] {
        refused(&format!("setAlpha({a})"), p.set_alpha(a));
    }
    for s in [f64::NAN, -1.0, 0.5, 9_007_199_254_740_992.0, f64::INFINITY] {
        refused(&format!("setSeed({s})"), p.set_seed(s));
    }
    for name in hostile_strings().iter().chain(&["Multinomial".to_string(), "bernoulli ".into()]) {
        refused("setEventModel", p.set_event_model(name));
        refused("setPrior", p.set_prior(name));
        refused("setResampling", p.set_resampling(name));
    }
    p.set_alpha(0.0).unwrap();
    p.set_event_model("bernoulli").unwrap();
    p.set_prior("smoothed").unwrap();
    for r in ["undersample_ham", "oversample_spam", "none"] {
        settle(r, p.set_resampling(r));
        spam_sane(r, &mut p);
    }
    assert_no_nan("evaluate at α = 0", &p.evaluate().unwrap());
    for v in wrong_shapes().into_iter().filter(|v| !v.is_null() && !v.is_undefined()) {
        refused(&format!("setSmoothing({v:?})"), p.set_smoothing(v.clone()));
        settle(&format!("setCurveText({v:?})"), p.set_curve_text(v));
    }
    next_tick().await;
    for pc in ["[1, 2, 3]", "[-1, 1, 1, 1]", "[1e308, 1e308, 1e308, 1e308]", "[0, 0, 0, 0]", "[\"1\", 1, 1, 1]"] {
        settle(&format!("setSmoothing({pc})"), p.set_smoothing(json(pc)));
        spam_sane(&format!("after setSmoothing({pc})"), &mut p);
        assert_no_nan("evaluate", &p.evaluate().unwrap());
    }
    let nan4 = js_sys::Array::new();
    for _ in 0..4 {
        nan4.push(&JsValue::from_f64(f64::NAN));
    }
    refused("setSmoothing([NaN × 4])", p.set_smoothing(nan4.into()));
    p.set_smoothing(JsValue::NULL).unwrap();
    for a in HOSTILE_F64 {
        if let Some(d) = settle("describePriors", SpamPanel::describe_priors(a, a, a, a)) {
            assert_no_nan(&format!("describePriors({a})"), &d);
            for summary in js_sys::Array::from(&d).iter() {
                assert_probability_or_null(&format!("describePriors({a}) mean"), &get(&summary, "mean"));
                let sentence = get(&summary, "sentence").as_string().unwrap();
                assert!(!sentence.contains("inf") && !sentence.contains("NaN"), "describePriors({a}): {sentence}");
            }
        }
        if let Some(d) = settle("describePriors", SpamPanel::describe_priors(a, 1.0, 1.0, a)) {
            assert_no_nan(&format!("describePriors({a}, 1)"), &d);
        }
    }
    spam_sane("after every setting", &mut p);
}

#[wasm_bindgen_test]
async fn spam_corpus_loading_in_the_wrong_order_or_too_big_is_refused() {
    next_tick().await;
    let mut p = SpamPanel::new().unwrap();
    let before = js_sys::JSON::stringify(&p.corpus().unwrap()).unwrap();
    refused("corpusFinish without corpusBegin", p.corpus_finish());
    assert_eq!(p.corpus_step(0), 1.0);
    assert_eq!(p.corpus_step(u32::MAX), 1.0);
    p.corpus_cancel();
    refused("corpusBegin of nothing", p.corpus_begin(&[], "empty.txt"));
    refused("corpusBegin of blanks", p.corpus_begin(b" \n\t\r\n", ""));
    refused("corpusBegin of 10 MB + 1 byte", p.corpus_begin(&vec![b'a'; 10_000_001], "big.txt"));
    next_tick().await;
    // Exactly 10 MB with no TAB anywhere: refused at once, by its content.
    refused("corpusBegin of 10 MB without a TAB", p.corpus_begin(&vec![b'a'; 10_000_000], "notab.txt"));
    // Exactly 10 MB, one line whose label is neither ham nor spam: read step by step, then
    // refused at the end.
    let mut odd = b"eggs\t".to_vec();
    odd.resize(10_000_000, b'a');
    p.corpus_begin(&odd, &"n".repeat(1_000_000)).unwrap();
    let mut last = 0.0;
    for step in [0, 1, 1000, u32::MAX] {
        let now = p.corpus_step(step);
        assert!((last..=1.0).contains(&now), "progress {last} → {now}");
        last = now;
    }
    refused("corpusFinish of a file without a message", p.corpus_finish());
    refused("corpusFinish twice", p.corpus_finish());
    // Files that are not corpora, or too small to split.
    for bytes in [
        &b"\xff\xfe\x00h\x00a\x00m"[..],
        b"ham\thello\nspam\tbuy",
        b"ham\ta\nham\tb\nham\tc\nspam\td",
        b"\xef\xbb\xbf\r\n\r\n",
        b"spam\t\nham\t \nspam\t\t\n",
        b"ham\t\x00\x01\x02\nspam\t\x7f\nham\t\x00\x01\nspam\t\x7f\x7f",
    ] {
        if p.corpus_begin(bytes, "odd.txt").is_ok() {
            while p.corpus_step(3) < 1.0 {}
            settle("corpusFinish of an odd file", p.corpus_finish());
        }
        spam_sane("after an odd file", &mut p);
    }
    // A refused file leaves the corpus as it was; a cancelled one too.
    p.reset_corpus().unwrap();
    assert_eq!(js_sys::JSON::stringify(&p.corpus().unwrap()).unwrap(), before);
    p.corpus_begin(b"ham\ta\nham\tb\nspam\tc\nspam\td\n", "ok.txt").unwrap();
    p.corpus_cancel();
    refused("corpusFinish after corpusCancel", p.corpus_finish());
    assert_eq!(js_sys::JSON::stringify(&p.corpus().unwrap()).unwrap(), before);
}

#[wasm_bindgen_test]
async fn spam_corpus_edits_at_any_position_are_refused_or_applied() {
    next_tick().await;
    let mut p = SpamPanel::new().unwrap();
    for (offset, limit) in [(u32::MAX, 10), (0, u32::MAX), (0, 501), (u32::MAX, u32::MAX), (0, 0)] {
        settle(&format!("messages({offset}, {limit})"), p.messages(offset, limit));
    }
    for i in HOSTILE_U32.into_iter().filter(|&i| i > 1000) {
        refused("removeMessage", p.remove_message(i));
        refused("relabelMessage", p.relabel_message(i, "spam"));
    }
    refused("relabelMessage with a bad label", p.relabel_message(0, "SPAM"));
    for t in hostile_strings() {
        settle("addMessage", p.add_message("ham", &t));
        refused("addMessage with a bad label", p.add_message("", &t));
        assert_no_nan("wordCounts", &p.word_counts(&t).unwrap());
    }
    refused("addMessage of a line break", p.add_message("spam", "one\ntwo"));
    refused("addMessage of 1,000,001 characters", p.add_message("spam", &"z".repeat(1_000_001)));
    // On a small corpus, remove from the front until a class would lose its last training
    // message.
    p.corpus_begin(b"ham\ta\nham\tb\nham\tc\nham\td\nspam\te\nspam\tf\nspam\tg\nspam\th\n", "small.txt").unwrap();
    p.corpus_finish().unwrap();
    let mut refusals = 0;
    for i in (0..8).rev() {
        if p.remove_message(i).is_err() {
            refusals += 1;
        }
    }
    assert!(refusals >= 2, "the last training message of each class must stay");
    let left = get(&p.messages(0, 500).unwrap(), "total").as_f64().unwrap() as u32;
    for i in 0..left {
        for label in ["ham", "spam"] {
            settle("relabelMessage on a minimal corpus", p.relabel_message(i, label));
        }
    }
    spam_sane("after removing messages", &mut p);
    assert_no_nan("evaluate after removing messages", &p.evaluate().unwrap());
}

#[wasm_bindgen_test]
async fn spam_curve_draws_at_any_size() {
    next_tick().await;
    let mut p = SpamPanel::new().unwrap();
    let c = canvas(true);
    for (w, h, dpr) in [
        (f64::NAN, f64::NAN, f64::NAN),
        (-1.0, -1.0, -1.0),
        (0.0, 0.0, 0.0),
        (1e308, 1e308, 4.0),
        (f64::INFINITY, 10.0, 1.0),
        (400.0, 250.0, 1e308),
        (400.0, 250.0, 2.0),
    ] {
        next_tick().await;
        settle(&format!("drawCurve({w}, {h}, {dpr})"), p.draw_curve(c.clone(), w, h, dpr));
    }
    p.set_projector(true);
    p.draw_curve(c, 400.0, 250.0, 1.0).unwrap();
}

// ---------------------------------------------------------------------------------------
// CatPanel (categorical naive Bayes) and the benchmark handle.

fn cat_sane(what: &str, p: &CatPanel) {
    assert!(p.lambda().is_finite());
    let view = p.explain().unwrap();
    assert_no_nan(what, &view);
    assert_no_nan(what, &p.table().unwrap());
    assert_no_nan(what, &p.query().unwrap());
    let _ = p.csv();
}

#[wasm_bindgen_test]
async fn cat_panel_refuses_bad_cells_lambdas_and_queries() {
    next_tick().await;
    let mut p = CatPanel::new().unwrap();
    for l in HOSTILE_F64 {
        settle(&format!("setLambda({l})"), p.set_lambda(l));
        cat_sane(&format!("after setLambda({l})"), &p);
    }
    for l in [f64::NAN, f64::INFINITY, -1.0, 10.5, 1e308] {
        refused(&format!("setLambda({l})"), p.set_lambda(l));
    }
    for s in hostile_strings() {
        refused("setPrior", p.set_prior(&s));
        settle("setCell(0, 0)", p.set_cell(0, 0, &s));
        settle("setCell(0, 1)", p.set_cell(0, 1, &s));
        settle("loadCsv", p.load_csv(&s));
        cat_sane("after hostile strings", &p);
    }
    for v in wrong_shapes() {
        settle(&format!("setQuery({v:?})"), p.set_query(v));
    }
    for q in [r#"["x", "y", "z", "w", "v", "u"]"#, "[1, 2, 3]", r#"[""]"#, r#"["", "", "", "", "", "", "", ""]"#] {
        settle(&format!("setQuery({q})"), p.set_query(json(q)));
    }
    for (row, col) in [(usize::MAX, 0), (0, usize::MAX), (usize::MAX, usize::MAX), (100_000, 1)] {
        refused(&format!("setCell({row}, {col})"), p.set_cell(row, col, "x"));
    }
    refused("removeRow(usize::MAX)", p.remove_row(usize::MAX));
    for lambda in [0.0, 1.0] {
        next_tick().await;
        p.set_lambda(lambda).unwrap();
        // Empty the table, then fill it past its limit.
        while p.remove_row(0).is_ok() {}
        cat_sane(&format!("an empty table at λ = {lambda}"), &p);
        for _ in 0..1100 {
            if p.add_row().is_err() {
                break;
            }
        }
        cat_sane(&format!("a full table at λ = {lambda}"), &p);
    }
    for prior in ["ml", "smoothed", "uniform"] {
        p.set_prior(prior).unwrap();
        cat_sane(prior, &p);
    }
    p.reset().unwrap();
    cat_sane("after reset", &p);
}

#[wasm_bindgen_test]
async fn the_benchmark_handle_refuses_sizes_out_of_range() {
    next_tick().await;
    for chunks in [0, 51, 0x7fff_ffff, u32::MAX] {
        refused(&format!("GdaFitBench::new({chunks})"), GdaFitBench::new(chunks));
    }
    next_tick().await;
    let b = GdaFitBench::new(1).unwrap();
    assert_eq!(b.len(), 200_000);
    assert!(!b.is_empty());
    assert!(b.fit().unwrap().iter().all(|v| v.is_finite()));
}
