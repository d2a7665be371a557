#![cfg(target_arch = "wasm32")]
//! Browser tests of the categorical naive Bayes panel (`wasm-pack test --headless --chrome
//! -- --test web_cat` and `--firefox`): every export the page's controller calls, with the
//! results read back from the JavaScript objects the page sees (fields through `Reflect`).
//!
//! The expected numbers are worked by hand from the built-in example table (twelve rows,
//! classes "yes" and "no" of "plays basketball"), counted again here from its rows:
//!
//! ```text
//!                    height>170  eyes                 hair                  glasses
//! yes (N = 5)        yes 4 no 1  blue 2 brown 3 green 0  short 3 medium 1 long 1  yes 1 no 4
//! no  (N = 7)        yes 2 no 5  blue 2 brown 2 green 3  short 3 medium 0 long 4  yes 4 no 3
//! ```
//!
//! The example query is (height yes, green eyes, short hair, no glasses).

use genlab::web::CatPanel;
use wasm_bindgen::{JsCast, JsError, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn num(v: &JsValue, key: &str) -> f64 {
    let x = get(v, key);
    x.as_f64().unwrap_or_else(|| panic!("{key} is not a number: {x:?}"))
}

fn text(v: &JsValue, key: &str) -> String {
    let x = get(v, key);
    x.as_string().unwrap_or_else(|| panic!("{key} is not a string: {x:?}"))
}

fn array(v: &JsValue) -> js_sys::Array {
    v.clone().dyn_into::<js_sys::Array>().unwrap_or_else(|_| panic!("not an array: {v:?}"))
}

fn strings(v: &JsValue) -> Vec<String> {
    array(v).iter().map(|s| s.as_string().expect("a string")).collect()
}

/// The codes of an array of messages (`{code, ...params}`, what the page writes in its
/// reader's language).
fn codes(v: &JsValue) -> Vec<String> {
    array(v).iter().map(|m| text(&m, "code")).collect()
}

fn js_strings(values: &[&str]) -> JsValue {
    values.iter().map(|v| JsValue::from_str(v)).collect::<js_sys::Array>().into()
}

/// The sentence a rejected call carries (what the page shows).
fn message(e: JsError) -> String {
    JsValue::from(e).unchecked_into::<js_sys::Error>().message().as_string().unwrap()
}

/// Fails on any NaN anywhere in a plain object (JSON.stringify would hide it as null).
fn assert_no_nan(v: &JsValue, path: &str) {
    if let Some(x) = v.as_f64() {
        assert!(!x.is_nan(), "NaN at {path}");
    } else if js_sys::Array::is_array(v) {
        for (i, item) in array(v).iter().enumerate() {
            assert_no_nan(&item, &format!("{path}[{i}]"));
        }
    } else if v.is_object() {
        for entry in js_sys::Object::entries(v.unchecked_ref()).iter() {
            let pair = array(&entry);
            assert_no_nan(&pair.get(1), &format!("{path}.{}", pair.get(0).as_string().unwrap()));
        }
    }
}

/// `explain()`'s per-class scores.
fn classes(view: &JsValue) -> Vec<JsValue> {
    array(&get(&get(view, "explanation"), "classes")).iter().collect()
}

fn close(a: f64, b: f64, what: &str) {
    assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{what}: {a} vs {b}");
}

#[wasm_bindgen_test]
fn the_example_posterior_at_laplace_matches_the_hand_computation() {
    // λ = 1, prior N_c/N:
    //   yes: 5/12 · (4+1)/(5+2) · (0+1)/(5+3) · (3+1)/(5+3) · (4+1)/(5+2)
    //      = 5/12 · 5/7 · 1/8 · 1/2 · 5/7 = 125/9408 ≈ 0.0132866
    //   no:  7/12 · (2+1)/(7+2) · (3+1)/(7+3) · (3+1)/(7+3) · (3+1)/(7+2)
    //      = 7/12 · 1/3 · 2/5 · 2/5 · 4/9 = 28/2025 ≈ 0.0138272
    //   P(yes | x) = (125/9408) / (125/9408 + 28/2025) = 84375/172183 ≈ 0.49003, so "no".
    let p = CatPanel::new().unwrap();
    assert_eq!(p.lambda(), 1.0);
    assert_eq!(p.prior(), "ml");
    assert_eq!(strings(&p.query().unwrap()), ["yes", "green", "short", "no"]);
    let view = p.explain().unwrap();
    assert!(get(&view, "error").is_null());
    assert_eq!(num(&view, "rows"), 12.0);
    assert_eq!(text(&view, "class_column"), "plays basketball");
    let c = classes(&view);
    let (yes, no) = (125.0 / 9408.0, 28.0 / 2025.0);
    close(num(&c[0], "product"), yes, "product of yes");
    close(num(&c[1], "product"), no, "product of no");
    close(num(&c[0], "log_joint"), yes.ln(), "log-sum of yes");
    close(num(&c[1], "log_joint"), no.ln(), "log-sum of no");
    close(num(&c[0], "posterior"), 84375.0 / 172183.0, "P(yes | x)");
    close(num(&c[1], "posterior"), 1.0 - 84375.0 / 172183.0, "P(no | x)");
    let e = get(&view, "explanation");
    assert_eq!(text(&e, "verdict"), "no");
    // Every factor carries its formula with the numbers plugged in.
    let green = array(&get(&c[0], "terms")).get(1);
    assert_eq!(num(&green, "count"), 0.0);
    assert_eq!(num(&green, "class_count"), 5.0);
    assert_eq!(text(&green, "formula"), "P(eye colour = green | yes) = (0 + 1) / (5 + 3 × 1) = 0.125");
    assert_eq!(text(&get(&c[1], "prior"), "formula"), "P(no) = 7 / 12 = 0.5833");
    assert!(array(&get(&e, "sentences")).length() == 0, "no zero factor at λ = 1");
    assert_no_nan(&view, "view");
}

#[wasm_bindgen_test]
fn lambda_zero_wipes_out_yes_for_the_green_eyed_query() {
    // No "yes" row has green eyes: at λ = 0, P(eye colour = green | yes) = 0/5 = 0.
    let mut p = CatPanel::new().unwrap();
    p.set_lambda(0.0).unwrap();
    assert_eq!(p.lambda(), 0.0);
    let view = p.explain().unwrap();
    let c = classes(&view);
    assert_eq!(num(&c[0], "log_joint"), f64::NEG_INFINITY, "a JavaScript -Infinity, not NaN or null");
    assert_eq!(num(&c[0], "product"), 0.0);
    assert_eq!(num(&c[0], "posterior"), 0.0);
    assert_eq!(num(&c[1], "posterior"), 1.0);
    let zero = array(&get(&c[0], "zero_factors")).get(0);
    assert_eq!(
        (text(&zero, "kind"), text(&zero, "attribute"), text(&zero, "value")),
        ("attribute".into(), "eye colour".into(), "green".into())
    );
    assert_eq!(array(&get(&c[1], "zero_factors")).length(), 0);
    let e = get(&view, "explanation");
    assert_eq!(text(&e, "verdict"), "no");
    assert_eq!(codes(&get(&e, "sentences")), ["categorical.zero-count", "categorical.one-left"]);
    let zero = array(&get(&e, "sentences")).get(0);
    assert_eq!(
        ["class", "attribute", "value", "lambda"].map(|k| text(&zero, k)),
        ["yes", "eye colour", "green", "0"],
        "No “yes” row has eye colour = green (count 0), so with λ = 0 …"
    );
    assert_eq!(text(&array(&get(&e, "sentences")).get(1), "class"), "no", "Only class “no” is left …");
    // At λ = 0 the "no" factors are plain frequencies: 7/12 · 2/7 · 3/7 · 3/7 · 3/7.
    close(num(&c[1], "product"), 7.0 / 12.0 * 2.0 / 7.0 * 27.0 / 343.0, "product of no at λ = 0");
    assert_no_nan(&view, "view");

    // λ = 1 cures it: the green factor becomes 1/8 and "yes" is possible again.
    p.set_lambda(1.0).unwrap();
    let c = classes(&p.explain().unwrap());
    assert!(num(&c[0], "posterior") > 0.4);
    assert_eq!(array(&get(&c[0], "zero_factors")).length(), 0);
}

#[wasm_bindgen_test]
fn a_query_wiped_out_in_both_classes_is_undefined_not_nan() {
    // Green eyes rule out "yes"; medium hair (only Dara, a "yes") rules out "no".
    let mut p = CatPanel::new().unwrap();
    p.set_lambda(0.0).unwrap();
    p.set_query(js_strings(&["yes", "green", "medium", "no"])).unwrap();
    let view = p.explain().unwrap();
    let e = get(&view, "explanation");
    assert!(get(&e, "verdict").is_null());
    assert!(get(&e, "verdict_index").is_null());
    assert!(get(&e, "log_evidence").is_null());
    for c in classes(&view) {
        assert!(get(&c, "posterior").is_null(), "0/0 is null, not NaN");
        assert_eq!(num(&c, "log_joint"), f64::NEG_INFINITY);
    }
    let sentences = codes(&get(&e, "sentences"));
    assert_eq!(sentences.last().map(String::as_str), Some("categorical.all-ruled-out"), "… P(c | x) = 0/0 …");
    assert_no_nan(&view, "view");
    // Leaving the eye colour out ("not observed") brings "yes" back alone.
    p.set_query(js_strings(&["yes", "", "medium", "?"])).unwrap();
    assert_eq!(strings(&p.query().unwrap()), ["yes", "", "medium", ""]);
    let e = get(&p.explain().unwrap(), "explanation");
    assert_eq!(text(&e, "verdict"), "yes");
    assert_eq!(strings(&get(&e, "not_observed")), ["eye colour", "wears glasses"]);
}

#[wasm_bindgen_test]
fn a_bad_lambda_prior_or_query_is_an_error_and_the_old_setting_stays() {
    let mut p = CatPanel::new().unwrap();
    p.set_lambda(0.5).unwrap();
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.01, 10.5] {
        let msg = message(p.set_lambda(bad).unwrap_err());
        assert!(msg.starts_with("λ = ") && msg.contains("λ is a number from 0 to 10"), "{msg}");
        assert_eq!(p.lambda(), 0.5);
    }
    assert!(message(p.set_lambda(f64::NAN).unwrap_err()).contains("not a number"));
    p.set_lambda(10.0).unwrap();
    assert!(message(p.set_prior("laplace").unwrap_err()).contains("Unknown prior “laplace”"));
    assert_eq!(p.prior(), "ml");
    p.set_prior("uniform").unwrap();
    assert_eq!(p.prior(), "uniform");
    let msg = message(p.set_query(js_strings(&["yes", "purple", "short", "no"])).unwrap_err());
    assert!(msg.contains("“purple” is not a value of “eye colour” in the query"), "{msg}");
    assert!(message(p.set_query(js_strings(&["yes"])).unwrap_err()).contains("The query has 1 value(s)"));
    assert!(p.set_query(JsValue::from_f64(3.0)).is_err());
    assert_eq!(strings(&p.query().unwrap()), ["yes", "green", "short", "no"]);
}

/// N_jc(a) for attribute `j`, class `c`, from `explain().tables`.
fn counts(p: &CatPanel, j: u32, c: u32) -> Vec<f64> {
    let tables = array(&get(&p.explain().unwrap(), "tables"));
    let column = array(&get(&tables.get(j), "classes")).get(c);
    array(&get(&column, "counts")).iter().map(|x| x.as_f64().unwrap()).collect()
}

#[wasm_bindgen_test]
fn editing_a_cell_changes_the_counts() {
    let mut p = CatPanel::new().unwrap();
    // Eye colour (attribute 1) among "yes" (class 0): blue 2, brown 3, green 0.
    assert_eq!(counts(&p, 1, 0), [2.0, 3.0, 0.0]);
    // Ana (row 0) gets green eyes: column 2 (0 is the name, 1 the height).
    p.set_cell(0, 2, "green").unwrap();
    assert_eq!(counts(&p, 1, 0), [2.0, 2.0, 1.0]);
    assert_eq!(text(&array(&get(&p.table().unwrap(), "rows")).get(0), "name"), "Ana");
    // Now a green-eyed "yes" exists: λ = 0 no longer wipes "yes" out.
    p.set_lambda(0.0).unwrap();
    let c = classes(&p.explain().unwrap());
    assert!(num(&c[0], "posterior") > 0.0);
    // Ana's class (column 5) becomes "no": N_yes = 4, and her green eyes move to "no".
    p.set_cell(0, 5, "no").unwrap();
    assert_eq!(counts(&p, 1, 0), [2.0, 2.0, 0.0]);
    assert_eq!(counts(&p, 1, 1), [2.0, 2.0, 4.0]);
    // A value not declared, a row or column out of range: refused, the table unchanged.
    let before = p.csv();
    assert!(message(p.set_cell(0, 2, "grey").unwrap_err()).contains("“grey” is not a value of “eye colour”"));
    assert!(message(p.set_cell(12, 1, "yes").unwrap_err()).contains("There is no row at position 12"));
    assert!(message(p.set_cell(0, 6, "yes").unwrap_err()).contains("There is no column at position 6"));
    assert!(p.set_cell(0, 0, &"x".repeat(61)).is_err());
    assert_eq!(p.csv(), before);
    p.set_cell(0, 0, "Ana B.").unwrap();
    assert!(p.csv().contains("\nAna B.,yes,green,short,no,no\n"), "{}", p.csv());
}

#[wasm_bindgen_test]
fn rows_are_added_and_removed_and_the_counts_follow() {
    let mut p = CatPanel::new().unwrap();
    // A new row takes each column's first declared value: (yes, blue, short, yes) → "yes".
    assert_eq!(p.add_row().unwrap(), 12);
    let view = p.explain().unwrap();
    assert_eq!(num(&view, "rows"), 13.0);
    assert_eq!(num(&array(&get(&view, "priors")).get(0), "count"), 6.0);
    assert_eq!(counts(&p, 1, 0), [3.0, 3.0, 0.0]);
    p.remove_row(12).unwrap();
    assert_eq!(counts(&p, 1, 0), [2.0, 3.0, 0.0]);
    assert!(message(p.remove_row(12).unwrap_err()).contains("There is no row at position 12"));
    // Every "yes" row removed: at λ = 0 the model cannot be fitted, and says why.
    for i in (0..12).rev() {
        let row = array(&get(&p.table().unwrap(), "rows")).get(i);
        if text(&row, "class") == "yes" {
            p.remove_row(i as usize).unwrap();
        }
    }
    p.set_lambda(0.0).unwrap();
    let view = p.explain().unwrap();
    assert!(get(&view, "explanation").is_null());
    // “No row has class “yes”, so at λ = 0 every P(value | yes) would be 0/0. …”
    let error = get(&view, "error");
    assert_eq!((text(&error, "code"), text(&error, "class")), ("categorical.empty-class-at-zero".into(), "yes".into()));
    assert_no_nan(&view, "view");
    // λ > 0 fits it: the empty class gets λ/(0 + S_j λ) = 1/S_j and a prior of 0/7 = 0.
    p.set_lambda(1.0).unwrap();
    let view = p.explain().unwrap();
    assert!(get(&view, "error").is_null());
    assert_eq!(num(&classes(&view)[0], "log_joint"), f64::NEG_INFINITY);
    assert_no_nan(&view, "view");
}

#[wasm_bindgen_test]
fn csv_reads_back_a_bad_csv_keeps_the_table_and_reset_restores_the_example() {
    let mut p = CatPanel::new().unwrap();
    let csv = p.csv();
    assert!(csv.starts_with("name,height over 170 cm,eye colour,hair length,wears glasses,plays basketball\n(values),"));
    let before = p.explain().unwrap();
    let msg = message(p.load_csv("name,colour,class\nA,red,x\nB,blue\n").unwrap_err());
    assert!(msg.starts_with("Line 3: this line has 2 field(s)"), "{msg}");
    assert_eq!(p.csv(), csv, "a refused text keeps the table");
    p.load_csv(&csv).unwrap();
    assert_eq!(js_sys::JSON::stringify(&p.explain().unwrap()).unwrap(), js_sys::JSON::stringify(&before).unwrap());

    // Another table: the query becomes its first row's values.
    p.load_csv("name,weather,wind,play\nd1,sunny,weak,no\nd2,rainy,strong,yes\nd3,sunny,strong,yes\n").unwrap();
    assert_eq!(strings(&p.query().unwrap()), ["sunny", "weak"]);
    let view = p.explain().unwrap();
    assert_eq!(strings(&get(&view, "classes")), ["no", "yes"]);
    assert_eq!(num(&view, "rows"), 3.0);
    // A declared class no row uses: fine at λ = 1, refused with a sentence at λ = 0.
    p.load_csv("name,colour,class\n(values),red|blue,a|b|c\nr1,red,a\nr2,blue,b\n").unwrap();
    p.set_lambda(0.0).unwrap();
    assert_eq!(text(&get(&p.explain().unwrap(), "error"), "class"), "c", "No row has class “c” …");
    p.set_prior("smoothed").unwrap();

    p.reset().unwrap();
    assert_eq!(p.csv(), csv);
    assert_eq!(strings(&p.query().unwrap()), ["yes", "green", "short", "no"]);
    assert_eq!((p.lambda(), p.prior()), (0.0, "smoothed".to_string()), "reset keeps λ and the prior");
}

#[wasm_bindgen_test]
fn the_table_lists_columns_declared_values_and_rows_for_the_editor() {
    let p = CatPanel::new().unwrap();
    let t = p.table().unwrap();
    assert_eq!(text(&t, "id_column"), "name");
    let attributes = array(&get(&t, "attributes"));
    assert_eq!(attributes.length(), 4);
    assert_eq!(strings(&get(&attributes.get(2), "values")), ["short", "medium", "long"]);
    assert_eq!(strings(&get(&get(&t, "class"), "values")), ["yes", "no"]);
    let rows = array(&get(&t, "rows"));
    assert_eq!(rows.length(), 12);
    let dara = rows.get(3);
    assert_eq!(text(&dara, "name"), "Dara");
    assert_eq!(strings(&get(&dara, "values")), ["yes", "brown", "medium", "yes"]);
    assert_eq!(text(&dara, "class"), "yes");
}
