#![cfg(target_arch = "wasm32")]
//! Browser tests of the spam panel (`wasm-pack test --headless --chrome -- --test web_nb`
//! and `--firefox`): every export the page's controller calls, with results read back from
//! the JavaScript objects the page sees (fields through `Reflect`), and the metrics chart
//! drawn on a real canvas and read back pixel by pixel.
//!
//! Expected values are derived in the test from `genlab::data::TEACHING_CORPUS` (class
//! counts, spam-only words) or worked by hand in comments.

use std::collections::{HashMap, HashSet};

use genlab::data::TEACHING_CORPUS;
use genlab::nb::lab::{ALPHA_GRID, MAX_CORPUS_BYTES, MAX_LEDGER_ROWS};
use genlab::nb::tokenize;
use genlab::web::SpamPanel;
use wasm_bindgen::{JsCast, JsError, JsValue};
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

wasm_bindgen_test_configure!(run_in_browser);

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn num(v: &JsValue, key: &str) -> f64 {
    let x = get(v, key);
    x.as_f64().unwrap_or_else(|| panic!("{key} is not a number: {x:?}"))
}

fn array(v: &JsValue) -> js_sys::Array {
    v.clone().dyn_into::<js_sys::Array>().unwrap_or_else(|_| panic!("not an array: {v:?}"))
}

fn strings(v: &JsValue) -> Vec<String> {
    array(v).iter().map(|s| s.as_string().expect("a string")).collect()
}

fn stringify(v: &JsValue) -> String {
    js_sys::JSON::stringify(v).unwrap().as_string().unwrap()
}

/// The sentence a rejected call carries (what the page shows).
fn message(e: JsError) -> String {
    JsValue::from(e).unchecked_into::<js_sys::Error>().message().as_string().unwrap()
}

/// The teaching corpus' distinct messages (first occurrence kept), re-read here.
fn teaching_docs() -> Vec<(String, bool)> {
    let mut seen = HashSet::new();
    let mut docs = Vec::new();
    for line in TEACHING_CORPUS.lines().filter(|l| !l.trim().is_empty()) {
        let (label, text) = line.split_once('\t').expect("a TAB");
        if seen.insert(text.to_string()) {
            docs.push((text.to_string(), label.trim().eq_ignore_ascii_case("spam")));
        }
    }
    docs
}

/// prior log-ratio + Σ shown word rows + the hidden words' row (+ absent-word evidence) =
/// log-odds, read from the object `explain` returns, to 1e-9 relative to the size of the
/// terms; and every row's details (asked for with `wordDetail`) name its word and give
/// its two formulas.
fn assert_ledger_identity(p: &SpamPanel, ledger: &JsValue, what: &str) {
    let e = get(ledger, "explanation");
    let mut terms = vec![num(&e, "prior_log_ratio")];
    let words = array(&get(&e, "words"));
    terms.extend(words.iter().map(|w| num(&w, "contribution")));
    let hidden = get(&e, "hidden");
    terms.push(num(&hidden, "contribution"));
    assert_eq!(num(&hidden, "words") as u32 + words.length(), num(&e, "distinct_words") as u32, "{what}");
    let absent = get(&e, "absent_evidence");
    if !absent.is_null() {
        terms.push(absent.as_f64().expect("absent evidence is a number"));
    }
    assert!(terms.iter().all(|t| t.is_finite()), "{what}: {terms:?}");
    let sum: f64 = terms.iter().sum();
    let size = terms.iter().map(|t| t.abs()).sum::<f64>().max(1.0);
    let log_odds = num(&e, "log_odds");
    assert!((sum - log_odds).abs() <= 1e-9 * size, "{what}: ledger {sum} vs log-odds {log_odds}");
    // σ(log-odds) = P(spam).
    let p_spam = num(&e, "p_spam");
    assert!((p_spam - 1.0 / (1.0 + (-log_odds).exp())).abs() < 1e-12, "{what}");
    for w in words.iter() {
        let index = num(&w, "index") as u32;
        let detail = p.word_detail(index).unwrap();
        let word = get(&w, "word").as_string().unwrap();
        assert_eq!(get(&detail, "word").as_string().unwrap(), word, "{what}");
        assert_eq!(num(&detail, "contribution"), num(&w, "contribution"), "{what}");
        let formulas = strings(&get(&detail, "formulas"));
        assert!(formulas[0].starts_with(&format!("P({word}")) && formulas[0].contains("spam)"), "{what}: {formulas:?}");
        assert!(formulas[1].starts_with(&format!("P({word}")) && formulas[1].contains("ham)"), "{what}: {formulas:?}");
    }
}

const MESSAGES: &[&str] = &[
    "WIN a FREE prize, reply now",
    "Are we still meeting at 3 in the library?",
    "恭喜您中奖了，请回复领取免费礼品",
    "zzzqx unheardofword",
    "",
];

#[wasm_bindgen_test]
fn explain_returns_a_ledger_that_sums_to_the_log_odds_under_both_event_models() {
    let mut p = SpamPanel::new().unwrap();
    for event in ["multinomial", "bernoulli"] {
        p.set_event_model(event).unwrap();
        for alpha in [1.0, 0.1] {
            p.set_alpha(alpha).unwrap();
            for msg in MESSAGES {
                let ledger = p.explain(msg).unwrap();
                let e = get(&ledger, "explanation");
                assert_eq!(get(&e, "event_model").as_string().unwrap(), event);
                assert_eq!(get(&e, "absent_evidence").is_null(), event == "multinomial");
                assert_eq!(get(&ledger, "truncated").as_bool(), Some(false));
                assert_eq!(num(&ledger, "tokens") as usize, tokenize(msg).len());
                assert_ledger_identity(&p, &ledger, &format!("{event} α = {alpha}: {msg:?}"));
            }
        }
    }
}

#[wasm_bindgen_test]
fn alpha_zero_and_a_spam_only_word_give_plus_infinity_and_a_sentence_naming_it() {
    // Words found in spam messages of the whole corpus and in no ham message: whichever of
    // them are in the training vocabulary are spam-only there too.
    let docs = teaching_docs();
    let ham_words: HashSet<String> = docs.iter().filter(|d| !d.1).flat_map(|d| tokenize(&d.0)).collect();
    let mut spam_only: HashMap<String, usize> = HashMap::new();
    for (text, _) in docs.iter().filter(|d| d.1) {
        for w in tokenize(text).into_iter().collect::<HashSet<_>>() {
            if !ham_words.contains(&w) && w.chars().all(|c| c.is_ascii_lowercase()) {
                *spam_only.entry(w).or_default() += 1;
            }
        }
    }
    let mut ranked: Vec<(String, usize)> = spam_only.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let chosen: Vec<String> = ranked.into_iter().take(5).map(|(w, _)| w).collect();
    let msg = chosen.join(" ");

    let mut p = SpamPanel::new().unwrap();
    p.set_alpha(0.0).unwrap();
    assert_eq!(p.alpha(), 0.0);
    let ledger = p.explain(&msg).unwrap();
    let e = get(&ledger, "explanation");
    let log_odds = get(&e, "log_odds");
    // A JavaScript number +Infinity: not NaN, not null, not a string.
    assert_eq!(log_odds.as_f64(), Some(f64::INFINITY), "log_odds = {log_odds:?} for {msg:?}");
    assert_eq!(num(&e, "p_spam"), 1.0);
    assert_eq!(get(&e, "verdict").as_string().unwrap(), "spam");
    let words: Vec<String> = array(&get(&e, "words")).iter().map(|w| get(&w, "word").as_string().unwrap()).collect();
    assert!(!words.is_empty(), "none of {chosen:?} is in the training vocabulary");
    // The sentences are messages (`{code, ...params}`, written by the page in its language).
    let sentences: Vec<String> = array(&get(&ledger, "sentences")).iter().map(|s| stringify(&s)).collect();
    for w in &words {
        assert!(chosen.contains(w), "{w} was not in the message");
        assert!(
            sentences.iter().any(|s| s.contains("\"code\":\"nb.veto\"")
                && s.contains(&format!("\"word\":\"{w}\""))
                && s.contains("ham")),
            "no sentence names “{w}”: {sentences:?}"
        );
    }
    for s in &sentences {
        assert!(!s.contains("NaN") && !s.contains("Infinity"), "{s}");
    }
}

#[wasm_bindgen_test]
fn a_long_message_shows_the_strongest_rows_and_sums_the_rest_into_one() {
    // Every distinct word of the teaching corpus, once: more words than the ledger shows.
    let mut seen = HashSet::new();
    let msg: Vec<String> =
        teaching_docs().iter().flat_map(|d| tokenize(&d.0)).filter(|w| seen.insert(w.clone())).collect();
    assert!(msg.len() > MAX_LEDGER_ROWS, "the corpus has only {} words", msg.len());
    let mut p = SpamPanel::new().unwrap();
    for event in ["multinomial", "bernoulli"] {
        p.set_event_model(event).unwrap();
        let ledger = p.explain(&msg.join(" ")).unwrap();
        let e = get(&ledger, "explanation");
        let rows = array(&get(&e, "words"));
        assert_eq!(rows.length() as usize, MAX_LEDGER_ROWS, "{event}");
        let hidden = get(&e, "hidden");
        assert!(num(&hidden, "words") > 0.0, "{event}");
        // The shown rows are the strongest: none weaker than any hidden word… which we
        // check through the details of every word of the message.
        let weakest_shown = rows.iter().map(|w| num(&w, "contribution").abs()).fold(f64::INFINITY, f64::min);
        let shown: HashSet<u32> = rows.iter().map(|w| num(&w, "index") as u32).collect();
        let distinct = num(&e, "distinct_words") as u32;
        let mut hidden_sum = 0.0;
        for i in (0..distinct).filter(|i| !shown.contains(i)) {
            let c = num(&p.word_detail(i).unwrap(), "contribution");
            assert!(c.abs() <= weakest_shown, "{event}: hidden word {i} ({c}) is stronger than a shown one");
            hidden_sum += c;
        }
        assert!((hidden_sum - num(&hidden, "contribution")).abs() < 1e-9 * distinct as f64, "{event}");
        // Rows come in order of first appearance.
        let order: Vec<u32> = rows.iter().map(|w| num(&w, "index") as u32).collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{event}: {order:?}");
        assert_ledger_identity(&p, &ledger, event);
        assert!(p.word_detail(distinct).is_err(), "{event}: a word past the end");
    }
}

#[wasm_bindgen_test]
fn word_details_need_a_ledger_and_a_word_of_it() {
    let mut p = SpamPanel::new().unwrap();
    let msg = message(p.word_detail(0).expect_err("no ledger yet"));
    assert!(!msg.is_empty());
    p.explain("zzzqx unheardofword").unwrap();
    assert!(p.word_detail(0).is_err(), "a message of unknown words has no rows");
    let ledger = p.explain("free prize").unwrap();
    let unknown = get(&get(&ledger, "explanation"), "unknown_count");
    assert_eq!(unknown.as_f64(), Some(0.0));
    assert_eq!(get(&p.word_detail(1).unwrap(), "word").as_string().unwrap(), "prize");
}

#[wasm_bindgen_test]
fn bad_alpha_values_are_refused_with_a_sentence_and_alpha_is_kept() {
    let mut p = SpamPanel::new().unwrap();
    p.set_alpha(0.5).unwrap();
    let before = stringify(&p.explain(MESSAGES[0]).unwrap());
    for bad in [-1.0, f64::NAN, 1e9, f64::INFINITY, -0.001] {
        let msg = message(p.set_alpha(bad).expect_err("must be refused"));
        assert!(msg.contains('α'), "{bad}: {msg}");
        assert!(!msg.contains("NaN"), "{msg}");
        assert_eq!(p.alpha(), 0.5, "α changed after set_alpha({bad})");
    }
    assert_eq!(stringify(&p.explain(MESSAGES[0]).unwrap()), before);
}

#[wasm_bindgen_test]
fn event_model_names_are_checked() {
    let mut p = SpamPanel::new().unwrap();
    let msg = message(p.set_event_model("bogus").expect_err("unknown event model"));
    assert!(msg.contains("bogus") && msg.contains("event model"), "{msg}");
    let e = get(&p.explain("free").unwrap(), "explanation");
    assert_eq!(get(&e, "event_model").as_string().unwrap(), "multinomial");
    p.set_event_model("bernoulli").unwrap();
    let e = get(&p.explain("free").unwrap(), "explanation");
    assert_eq!(get(&e, "event_model").as_string().unwrap(), "bernoulli");
    assert!(p.set_event_model("Multinomial ").is_err());
    assert_eq!(get(&get(&p.explain("free").unwrap(), "explanation"), "event_model").as_string().unwrap(), "bernoulli");
}

#[wasm_bindgen_test]
fn prior_names_set_the_prior_log_ratio() {
    // Training messages per class: N_c − round(0.2 N_c) (today 224 − 45 = 179 ham and
    // 148 − 30 = 118 spam).
    let docs = teaching_docs();
    let n_spam = docs.iter().filter(|d| d.1).count();
    let n_ham = docs.len() - n_spam;
    let train = |n: usize| (n - (0.2 * n as f64).round() as usize) as f64;
    let (ham, spam) = (train(n_ham), train(n_spam));
    let mut p = SpamPanel::new().unwrap();
    let ratio = |p: &mut SpamPanel| num(&get(&p.explain("").unwrap(), "explanation"), "prior_log_ratio");
    // ML: log(N_spam/N) − log(N_ham/N) = log(N_spam/N_ham).
    assert!((ratio(&mut p) - (spam / ham).ln()).abs() < 1e-12);
    p.set_prior("uniform").unwrap();
    assert_eq!(ratio(&mut p), 0.0);
    // Smoothed with α = 1: log((N_spam + 1)/(N_ham + 1)); the denominators N + 2α cancel.
    p.set_prior("smoothed").unwrap();
    assert!((ratio(&mut p) - ((spam + 1.0) / (ham + 1.0)).ln()).abs() < 1e-12);
    p.set_prior("ml").unwrap();
    assert!((ratio(&mut p) - (spam / ham).ln()).abs() < 1e-12);
    let msg = message(p.set_prior("bayes").expect_err("unknown prior"));
    assert!(msg.contains("bayes") && msg.contains("prior"), "{msg}");
    assert!((ratio(&mut p) - (spam / ham).ln()).abs() < 1e-12, "a refused prior changed the prior");
}

/// Reads `bytes` into the panel in steps of `step` bytes; returns what `corpusFinish` says.
fn load(p: &mut SpamPanel, bytes: &[u8], name: &str, step: u32) -> Result<(), JsError> {
    p.corpus_begin(bytes, name)?;
    let mut last = 0.0;
    for _ in 0..=bytes.len() {
        let progress = p.corpus_step(step);
        assert!((last..=1.0).contains(&progress), "progress {last} → {progress}");
        last = progress;
        if progress >= 1.0 {
            break;
        }
    }
    assert_eq!(last, 1.0, "the loader never finished");
    p.corpus_finish()
}

/// Four ham and three spam messages (hand count), CRLF endings and one bad line.
const SMALL: &str = "ham\tlunch at noon?\r\nham\tsee you in the library\r\nspam\tWIN a FREE prize now\r\n\
oops no tab\r\nham\tlecture notes are online\r\nspam\tclaim your free cash\r\nham\tthe bus is late\r\n\
spam\tcheap loans, reply YES\r\n";

#[wasm_bindgen_test]
fn a_valid_corpus_replaces_the_built_in_one_and_an_invalid_one_is_refused() {
    let mut p = SpamPanel::new().unwrap();
    let docs = teaching_docs();
    let n_spam = docs.iter().filter(|d| d.1).count() as f64;
    let builtin = p.corpus().unwrap();
    let messages: Vec<f64> = array(&get(&builtin, "messages")).iter().map(|x| x.as_f64().unwrap()).collect();
    assert_eq!(messages, [docs.len() as f64 - n_spam, n_spam]);

    load(&mut p, SMALL.as_bytes(), "small.txt", 16).unwrap();
    let small = p.corpus().unwrap();
    let messages: Vec<f64> = array(&get(&small, "messages")).iter().map(|x| x.as_f64().unwrap()).collect();
    assert_eq!(messages, [4.0, 3.0]);
    assert_eq!(get(&small, "name").as_string().unwrap(), "small.txt");
    // The credit and the line errors are messages (`{code, ...params}`).
    let credit = stringify(&get(&small, "credit"));
    assert!(credit.contains("\"code\":\"nb.credit.file\"") && credit.contains("small.txt"), "{credit}");
    assert_eq!(num(&small, "bad_lines"), 1.0);
    let first_error = array(&get(&small, "errors")).get(0);
    assert_eq!(get(&first_error, "code").as_string().unwrap(), "bad-line", "{}", stringify(&first_error));
    assert_eq!(num(&first_error, "line"), 4.0);
    let kept = stringify(&small);

    // One class only: refused with a sentence, the small corpus stays.
    let err = load(&mut p, b"ham\tlunch\nham\tdinner\nham\tbreakfast\n", "ham.txt", 8).expect_err("one class");
    let msg = message(err);
    assert!(msg.contains("spam") && msg.contains("two of each class"), "{msg}");
    assert_eq!(stringify(&p.corpus().unwrap()), kept);
    // Finishing with no corpus begun is an error too, and harmless.
    assert!(p.corpus_finish().is_err());
    assert_eq!(stringify(&p.corpus().unwrap()), kept);
    // Back to the built-in corpus.
    p.reset_corpus().unwrap();
    assert_eq!(stringify(&p.corpus().unwrap()), stringify(&builtin));
}

#[wasm_bindgen_test]
fn a_file_over_the_size_cap_is_refused_at_begin() {
    let mut p = SpamPanel::new().unwrap();
    let before = stringify(&p.corpus().unwrap());
    let big = vec![b'a'; MAX_CORPUS_BYTES + 1];
    assert_eq!(big.len(), 10_000_001);
    let msg = message(p.corpus_begin(&big, "big.txt").expect_err("over 10 MB"));
    assert!(msg.contains("10 MB"), "{msg}");
    // Nothing is being read, and the corpus is unchanged.
    assert_eq!(p.corpus_step(1024), 1.0);
    assert!(p.corpus_finish().is_err());
    assert_eq!(stringify(&p.corpus().unwrap()), before);
    assert!(p.corpus_begin(b"  \n", "blank.txt").is_err());
}

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn canvas() -> HtmlCanvasElement {
    let doc = document();
    let c: HtmlCanvasElement = doc.create_element("canvas").unwrap().dyn_into().unwrap();
    doc.body().unwrap().append_child(&c).unwrap();
    c
}

/// RGBA bytes of the whole backing store.
fn pixels(c: &HtmlCanvasElement) -> Vec<u8> {
    let ctx: CanvasRenderingContext2d = c.get_context("2d").unwrap().unwrap().dyn_into().unwrap();
    ctx.get_image_data(0.0, 0.0, f64::from(c.width()), f64::from(c.height())).unwrap().data().0
}

#[wasm_bindgen_test]
fn the_curve_draws_at_twice_the_css_size_on_a_hi_dpi_screen() {
    let mut p = SpamPanel::new().unwrap();
    let c = canvas();
    p.draw_curve(c.clone(), 480.0, 300.0, 2.0).unwrap();
    assert_eq!((c.width(), c.height()), (960, 600));
    let px = pixels(&c);
    assert_eq!(px.len(), 960 * 600 * 4);
    let at = |x: usize, y: usize| &px[(y * 960 + x) * 4..(y * 960 + x) * 4 + 4];
    // The corner is the white background.
    assert_eq!(at(1, 1), [255, 255, 255, 255]);
    assert_eq!(at(958, 598), [255, 255, 255, 255]);
    // Inside (the middle half of the canvas) the axes, curves and labels are drawn.
    let mut ink = 0;
    for y in 150..450 {
        for x in 240..720 {
            if at(x, y)[..3] != [255, 255, 255] {
                ink += 1;
            }
        }
    }
    assert!(ink > 200, "only {ink} non-white pixels inside the chart");
    // At dpr 1 the backing store follows the CSS size.
    p.draw_curve(c.clone(), 480.0, 300.0, 1.0).unwrap();
    assert_eq!((c.width(), c.height()), (480, 300));
}

#[wasm_bindgen_test]
fn evaluate_gives_an_accuracy_and_a_curve_over_the_alpha_grid() {
    let mut p = SpamPanel::new().unwrap();
    let eval = p.evaluate().unwrap();
    let current = get(&eval, "current");
    let accuracy = num(&current, "accuracy");
    assert!((0.0..=1.0).contains(&accuracy), "accuracy {accuracy}");
    // The confusion matrix covers the held-out part: round(0.2 N_c) per class.
    let docs = teaching_docs();
    let n_spam = docs.iter().filter(|d| d.1).count();
    let held_out = |n: usize| (0.2 * n as f64).round();
    let confusion = get(&current, "confusion");
    let total: f64 = ["tp", "fp", "tn", "fn_"].iter().map(|k| num(&confusion, k)).sum();
    assert_eq!(total, held_out(docs.len() - n_spam) + held_out(n_spam));
    assert!((accuracy - (num(&confusion, "tp") + num(&confusion, "tn")) / total).abs() < 1e-15);
    let curve = array(&get(&eval, "curve"));
    assert_eq!(curve.length(), 14);
    for (entry, alpha) in curve.iter().zip(ALPHA_GRID) {
        let pair = array(&entry);
        assert_eq!(pair.get(0).as_f64(), Some(alpha));
        let a = num(&pair.get(1), "accuracy");
        assert!((0.0..=1.0).contains(&a));
        if alpha == 1.0 {
            // The panel is at α = 1: that entry is the current metrics.
            assert_eq!(stringify(&pair.get(1)), stringify(&current));
        }
    }
}
