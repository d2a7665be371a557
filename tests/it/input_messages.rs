//! What the page says about input it cannot use: every range rule names the bounds its
//! check applies, a refused corpus file is judged by its content and the sentence says why,
//! a CSV line typed with a Chinese input method names the character to change, a line's
//! reason ends as a sentence, and the categorical example reads the same in Chinese.

use genlab::error::{full_stop, full_width_hint, Error};
use genlab::gda::parse_points_csv;
use genlab::limits::{self, Range};
use genlab::nb::categorical::{CategoricalNb, CategoricalTable, EXAMPLE_CSV, EXAMPLE_CSV_ZH};
use genlab::nb::corpus::unusable_content;
use genlab::nb::lab::CorpusLoader;
use genlab::nb::Prior;
use genlab::state::parse_query;

/// A bound as the rules write it: 10⁶, 2⁵³ − 1, a true minus sign.
fn shown(x: f64) -> String {
    if x == 9_007_199_254_740_991.0 {
        "2⁵³ − 1".to_string()
    } else if x == 1e6 {
        "10⁶".to_string()
    } else {
        format!("{x}").replace('-', "−")
    }
}

#[test]
fn every_range_rule_names_the_bounds_its_check_applies() {
    for (name, r) in limits::ALL {
        let span = format!("{} to {}", shown(r.min), shown(r.max));
        let at = r.rule.find(&span).unwrap_or_else(|| panic!("{name}: “{}” does not say {span}", r.rule));
        // "to 10" must not be the start of "to 1000".
        let next = r.rule[at + span.len()..].chars().next();
        assert!(!next.is_some_and(|c| c.is_ascii_digit()), "{name}: “{}” says more than {span}", r.rule);
        assert!(r.contains(r.min) && r.contains(r.max), "{name}: the bounds themselves are allowed");
        assert!(!r.contains(f64::NAN) && !r.contains(f64::INFINITY), "{name}");
    }
}

#[test]
fn a_value_just_past_a_bound_is_refused_with_that_bound_in_the_sentence() {
    // α: the box once accepted 20 and said "from 0 to 1000"; links allow 10.
    let err = limits::ALPHA.check("α", 20.0).unwrap_err().to_string();
    assert_eq!(err, "α = 20 is not allowed: α is a number from 0 to 10.");
    assert_eq!(limits::ALPHA.check("α", 10.0).unwrap(), 10.0);
    let err = limits::LOSS.check("λ₀₁", 5000.0).unwrap_err().to_string();
    assert!(err.ends_with("a loss is a number from 0.01 to 1000."), "{err}");
    // The link refuses what the check refuses, with the same rule.
    let (_, notices) = parse_query("a=20&l01=5000&cost=0.5");
    assert_eq!(notices.len(), 3, "{notices:?}");
    let whole = Range { id: "", min: 1.0, max: 500.0, whole: true, rule: "" };
    assert!(!whole.contains(2.5));
}

#[test]
fn a_negative_value_in_a_message_has_a_true_minus_sign() {
    let err = limits::ALPHA.check("α", -5.0).unwrap_err().to_string();
    assert_eq!(err, "α = −5 is not allowed: α is a number from 0 to 10.");
    let err = limits::ALPHA.check("α", -1e-300).unwrap_err().to_string();
    assert!(!err.contains('-'), "{err}");
}

#[test]
fn a_lines_reason_ends_as_a_sentence() {
    let e = Error::BadLine { line: 3, reason: "there is no TAB".into() };
    assert_eq!(e.to_string(), "Line 3: there is no TAB.");
    let e = Error::BadLine { line: 3, reason: "x is not a number.".into() };
    assert_eq!(e.to_string(), "Line 3: x is not a number.");
    assert_eq!(full_stop("好。"), "好。");
    assert_eq!(full_stop("ends with a quote”"), "ends with a quote”.");
}

/// The reason the panel gives for a corpus file of these `bytes` (`SpamPanel::corpusBegin`
/// asks `unusable_content` before reading a line).
fn refusal(bytes: &[u8]) -> String {
    unusable_content(bytes).expect("must be refused")
}

#[test]
fn a_corpus_file_that_cannot_be_text_is_refused_with_the_reason() {
    // Magic numbers from the formats' specifications (PNG: RFC 2083 §3.1; JPEG: SOI FF D8
    // and a marker FF; GIF89a; PDF "%PDF-"; ZIP local header "PK\3\4"; gzip 1F 8B; WebP
    // "RIFF" size "WEBP").
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    let cases: [(&[u8], &str); 9] = [
        (png, "The file is a PNG image, not a text corpus"),
        (b"\xff\xd8\xff\xe0\0\x10JFIF", "The file is a JPEG image"),
        (b"GIF89a\x01\0\x01\0", "The file is a GIF image"),
        (b"%PDF-1.7\n%\xe2\xe3", "The file is a PDF document"),
        (b"PK\x03\x04\x14\0\x06\0", "The file is a ZIP archive"),
        (b"\x1f\x8b\x08\0", "The file is a gzip-compressed file"),
        (b"RIFF\x24\0\0\0WEBPVP8 ", "The file is a WebP image"),
        (b"ham\thi\0there\nspam\tfree\n", "The file is binary data (it contains NUL bytes"),
        (b"ham, hello\nspam, free prize\n", "No line of the file has a TAB"),
    ];
    for (bytes, start) in cases {
        let why = refusal(bytes);
        assert!(why.starts_with(start), "{why}");
        assert!(why.ends_with("then the message text."), "a full sentence that says what a corpus is: {why}");
        // The core's loader itself still reads what it can (a fuzzed file with a NUL byte
        // must read the same stepwise and at once): the refusal is the panel's.
        let _ = CorpusLoader::new(bytes, "file.txt");
    }
    assert!(refusal(b"").starts_with("The file is empty (0 bytes)"));
    assert!(refusal(b"\n \r\n\t\n").starts_with("The file is empty: it holds only blank lines"));
}

#[test]
fn a_text_corpus_passes_the_content_check() {
    assert_eq!(unusable_content(b"ham\thello\nspam\tfree prize\n"), None);
    // Latin-1 (not UTF-8) is text: read as such, with a note.
    assert_eq!(unusable_content(b"ham\tcaf\xe9\nspam\t\xa310 now\n"), None);
    assert_eq!(unusable_content(EXAMPLE_CSV.replace(',', "\t").as_bytes()), None);
}

#[test]
fn a_full_width_comma_in_pasted_points_is_named_with_its_replacement() {
    let err = parse_points_csv("1，2，0\n").unwrap_err().to_string();
    assert_eq!(
        err,
        "Line 1: this line has the full-width “，”, as a Chinese or Japanese input method types it; write the \
         half-width “,” instead (switch the input method to half-width, or replace it in the text)."
    );
    let err = parse_points_csv("x,y,label\n1.5,２,1\n").unwrap_err().to_string();
    assert!(
        err.starts_with("Line 2: this line has the full-width “２”") && err.contains("the half-width “2”"),
        "{err}"
    );
    let err = parse_points_csv("x,y,label\n1。5,2,1\n").unwrap_err().to_string();
    assert!(err.contains("the ideographic full stop “。”") && err.contains("the half-width “.”"), "{err}");
    let err = parse_points_csv("1\u{3000}2\u{3000}0\n").unwrap_err().to_string();
    assert!(err.contains("the full-width space") && err.contains("an ordinary space"), "{err}");
    // Full-width text in a header that reads fine is not an error.
    let ok = parse_points_csv("x（cm）,y（cm）,label\n1,2,0\n3,4,1\n").unwrap();
    assert_eq!(ok.points.len(), 2);
    assert_eq!(full_width_hint("1,2,0"), None);
}

#[test]
fn the_chinese_example_has_the_english_examples_counts_and_verdicts() {
    let en = CategoricalTable::example().unwrap();
    let zh = CategoricalTable::example_zh().unwrap();
    assert_eq!(en.len(), 12);
    assert!(EXAMPLE_CSV_ZH.contains("打篮球"));
    assert_eq!(en.translated(&en, &zh).unwrap(), zh);
    assert_eq!(zh.translated(&zh, &en).unwrap(), en);
    let q_en: Vec<String> = ["yes", "green", "short", "no"].map(String::from).to_vec();
    let q_zh = CategoricalTable::translate_query(&q_en, &en, &zh);
    assert_eq!(q_zh, ["是", "绿", "短", "否"]);
    for lambda in [0.0, 1.0] {
        let a = CategoricalNb::fit(&en, lambda, Prior::MaximumLikelihood).unwrap();
        let b = CategoricalNb::fit(&zh, lambda, Prior::MaximumLikelihood).unwrap();
        let ea = a.explain(&q_en.iter().map(String::as_str).collect::<Vec<_>>()).unwrap();
        let eb = b.explain(&q_zh.iter().map(String::as_str).collect::<Vec<_>>()).unwrap();
        let pa: Vec<_> = ea.classes.iter().map(|c| c.posterior).collect();
        let pb: Vec<_> = eb.classes.iter().map(|c| c.posterior).collect();
        assert_eq!(pa, pb, "λ = {lambda}");
        assert_eq!(ea.verdict_index, eb.verdict_index);
    }
    // An edited table keeps its edits through the translation; another table has none.
    let mut edited = en.clone();
    edited.set_row(0, "Zoe", &["no", "green", "long", "yes"], "no").unwrap();
    let t = edited.translated(&en, &zh).unwrap();
    assert_eq!(t.row(0).unwrap().values, ["否", "绿", "长", "是"]);
    assert_eq!(t.row(0).unwrap().name, "Zoe");
    assert_eq!(t.row(1).unwrap().name, "本");
    let other = CategoricalTable::from_csv("name,a,c\nr,x,p\ns,y,q\n").unwrap();
    assert!(other.translated(&en, &zh).is_none());
}

#[test]
fn a_probability_in_a_formula_is_written_with_a_power_of_ten_not_an_e() {
    use genlab::nb::explain::scientific;
    assert_eq!(scientific(1.234e-5, 3), "1.234×10⁻⁵");
    assert_eq!(scientific(-2.5e7, 1), "−2.5×10⁷");
    assert_eq!(scientific(3e-300, 0), "3×10⁻³⁰⁰");
}

#[test]
fn a_table_typed_with_full_width_commas_is_told_which_comma_to_use() {
    let err = CategoricalTable::from_csv("name,a,class\nr1，x，p\n").unwrap_err().to_string();
    assert_eq!(
        err,
        "Line 2: this line has 1 field(s) but the header has 3: it separates them with the full-width “，”, as a \
         Chinese input method types it; write the half-width “,” instead."
    );
    // A full-width comma inside a quoted value is that value's.
    let err = CategoricalTable::from_csv("name,a,class\n\"r，1\",x\n").unwrap_err().to_string();
    assert_eq!(err, "Line 2: this line has 2 field(s) but the header has 3.");
}
