//! The categorical naive Bayes panel's and the learning curves' messages cross to the page as
//! codes with parameters (`genlab::message`), never as the code `prose`: the page writes
//! them in its reader's language from its dictionaries (`www/js/messages.js`), with no
//! pattern matched on the English. Their English stays the sentence each error printed
//! before they were coded: the expected sentences below are copied from the `format!`
//! strings the core used until then (and from the Chinese patterns of `www/js/i18n-cat.js`
//! that translated them), so a word changed in a template fails here.

use genlab::curves::{CurveRun, CurveSpec, Dataset, Pairing};
use genlab::message::{Message, Param};
use genlab::nb::categorical::{CategoricalNb, CategoricalTable};
use genlab::nb::Prior;
use genlab::Error;

/// The code of `m`'s parameter `name`, which must be a message.
fn inner(m: &Message, name: &str) -> String {
    match m.param(name) {
        Some(Param::Msg(inner)) => inner.code().id().to_string(),
        other => panic!("{name} is not a message: {other:?}"),
    }
}

/// `e` prints `english`, and crosses as `code` with the same English.
fn check(e: &Error, code: &str, english: &str) -> Message {
    assert_eq!(e.to_string(), english);
    let m = e.message();
    assert_eq!(m.code().id(), code, "{english}");
    assert_eq!(m.english(), english);
    m
}

/// A line of table text that cannot be read: the code `bad-line`, its reason `reason`.
fn check_line(csv: &str, reason: &str, english: &str) {
    let e = CategoricalTable::from_csv(csv).unwrap_err();
    let m = check(&e, "bad-line", english);
    assert_eq!(inner(&m, "reason"), reason, "{english}");
}

#[test]
fn a_table_texts_bad_lines_cross_as_codes_with_their_english_unchanged() {
    check_line(
        "name,colour,class\nA,red,x\nB,blue\n",
        "categorical.line-width",
        "Line 3: this line has 2 field(s) but the header has 3.",
    );
    check_line(
        "name,colour,class\nA，red，x\n",
        "categorical.line-width-full-width",
        "Line 2: this line has 1 field(s) but the header has 3: it separates them with the full-width “，”, as a \
         Chinese input method types it; write the half-width “,” instead.",
    );
    check_line(
        "name,colour,class\n\"A,red,x\n",
        "categorical.quote-not-closed",
        "Line 2: a quoted field is not closed: add the missing \".",
    );
    check_line(
        "name,colour,class\n\"A\" B,red,x\n",
        "categorical.text-after-quote",
        "Line 2: text after a closing quote: put the whole field inside the quotes.",
    );
    check_line(
        "name,colour,class\nA\"B,red,x\n",
        "categorical.quote-in-field",
        "Line 2: a \" inside an unquoted field: quote the whole field and double the \".",
    );
    // A row's own rule broken on a line: the table's message as the line's reason.
    let long = "a".repeat(61);
    check_line(
        &format!("name,colour,class\n(values),red|blue,x|y\n{long},red,x\n"),
        "categorical.too-long",
        "Line 3: “aaaaaaaaaaaaaaaaaaaa…” is too long for a row name: at most 60 characters.",
    );
    let e = CategoricalTable::from_csv("name,colour,class\n(values),red|blue,x|y\nA,green,x\n").unwrap_err();
    let m = check(
        &e,
        "categorical.unknown-value",
        "“green” is not a value of “colour” on line 3: the allowed values are red, blue.",
    );
    assert_eq!(inner(&m, "place"), "categorical.place.line");
}

#[test]
fn a_tables_columns_and_text_are_refused_by_code() {
    check(
        &CategoricalTable::from_csv("name,class\nA,x\n").unwrap_err(),
        "categorical.header-narrow",
        "The header has 2 column(s); it needs at least three: a name column, one or more attributes, and the class.",
    );
    check(
        &CategoricalTable::from_csv("# only a comment\n").unwrap_err(),
        "categorical.empty",
        "The table is empty: the first line must name the columns (a name column, the attributes, then the class).",
    );
    check(
        &CategoricalTable::from_csv("name,colour,class\n(values),red|red,x|y\n").unwrap_err(),
        "categorical.value-twice",
        "The value “red” is declared twice for “colour”.",
    );
    check(
        &CategoricalTable::from_csv("name,colour,class\n(values),red|?,x|y\n").unwrap_err(),
        "categorical.question-mark-value",
        "“?” cannot be a value of “colour”: it means “not observed” in a query.",
    );
    check(
        &CategoricalTable::from_csv("name,colour,class\n(values),red,x\n").unwrap_err(),
        "categorical.class-too-few-values",
        "The class column “class” has 1 value(s): a classifier needs at least two classes.",
    );
    check(
        &CategoricalTable::from_csv("name,colour,colour\n(values),red,x|y\n").unwrap_err(),
        "categorical.column-twice",
        "Two columns are called “colour”: every column needs its own name.",
    );
    check(
        &CategoricalTable::from_csv("name,,class\n(values),red,x|y\n").unwrap_err(),
        "categorical.empty-column-name",
        "Found an empty column name: every column name and every value needs some text.",
    );
    let m = check(
        &CategoricalTable::from_csv("name,co\u{7}lour,class\n(values),red,x|y\n").unwrap_err(),
        "categorical.control-char",
        "“colour” (a column name) contains a line break or another control character.",
    );
    assert_eq!(inner(&m, "what"), "categorical.what.column-name");
    check(
        &CategoricalTable::from_csv(&"x".repeat(1_000_001)).unwrap_err(),
        "categorical.too-big",
        "The table text is 1.0 MB; the panel reads tables of up to 1 MB.",
    );
    let mut table = CategoricalTable::example().unwrap();
    let m = check(
        &table.set_row(1, "Ben", &["yes", "red", "short", "no"], "yes").unwrap_err(),
        "categorical.unknown-value",
        "“red” is not a value of “eye colour” in row 1: the allowed values are blue, brown, green.",
    );
    assert_eq!(inner(&m, "place"), "categorical.place.row");
    check(
        &table.set_row(1, "Ben", &["yes"], "yes").unwrap_err(),
        "categorical.row-width",
        "Row 1 has 1 attribute value(s) but the table has 4 attributes (height over 170 cm, eye colour, hair length, \
         wears glasses).",
    );
}

#[test]
fn the_models_refusals_and_sentences_cross_as_codes() {
    let example = CategoricalTable::example().unwrap();
    let model = CategoricalNb::fit(&example, 0.0, Prior::MaximumLikelihood).unwrap();
    check(
        &model.explain(&["yes"]).unwrap_err(),
        "categorical.query-width",
        "The query has 1 value(s) but the table has 4 attributes: give one per attribute (“?” for not observed).",
    );
    let m = check(
        &model.explain(&["yes", "red", "short", "no"]).unwrap_err(),
        "categorical.unknown-value",
        "“red” is not a value of “eye colour” in the query: the allowed values are blue, brown, green.",
    );
    assert_eq!(inner(&m, "place"), "categorical.place.query");

    let empty = CategoricalTable::from_csv("name,colour,class\n(values),red|blue,a|b|c\n").unwrap();
    check(
        &CategoricalNb::fit(&empty, 1.0, Prior::MaximumLikelihood).unwrap_err(),
        "categorical.no-rows",
        "The table has no rows, so there is nothing to count: add at least one row.",
    );
    let unused =
        CategoricalTable::from_csv("name,colour,class\n(values),red|blue,a|b|c\nr1,red,a\nr2,blue,b\n").unwrap();
    check(
        &CategoricalNb::fit(&unused, 0.0, Prior::MaximumLikelihood).unwrap_err(),
        "categorical.empty-class-at-zero",
        "No row has class “c”, so at λ = 0 every P(value | c) would be 0/0. Add a row of class “c” or use λ > 0.",
    );
    let m = check(
        &CategoricalNb::fit(&example, -1.0, Prior::MaximumLikelihood).unwrap_err(),
        "invalid-parameter",
        "λ = −1 is not allowed: the Lidstone smoothing λ must be a finite number ≥ 0 (0 is maximum likelihood, 1 is \
         Laplace).",
    );
    assert_eq!(inner(&m, "rule"), "rule.lidstone-lambda");

    // The example query (tall, green eyes, short hair, no glasses) at λ = 0: no "yes" row
    // has green eyes (the module docs of tests/it/nb_categorical.rs count them).
    let e = model.explain(&["yes", "green", "short", "no"]).unwrap();
    let said: Vec<(&str, String)> = e.sentences.iter().map(|s| (s.code().id(), s.english())).collect();
    assert_eq!(
        said,
        [
            (
                "categorical.zero-count",
                "No “yes” row has eye colour = green (count 0), so with λ = 0 P(eye colour = green | yes) = 0 and class \
                 “yes” is ruled out whatever the other attributes say."
                    .to_string()
            ),
            ("categorical.one-left", "Only class “no” is left, so P(no | x) = 1 whatever the other attributes say.".into()),
        ]
    );
    // Green eyes rule out "yes" and medium hair (only Dara, a "yes") rules out "no".
    let e = model.explain(&["yes", "green", "medium", "no"]).unwrap();
    assert_eq!(
        e.sentences.last().map(Message::english).as_deref(),
        Some(
            "Every class is ruled out: P(c) · Π P(x | c) = 0 for all of them, so P(c | x) = 0/0 and the model cannot \
             decide. Any λ > 0 fixes this."
        )
    );
    // A class without rows under the maximum-likelihood prior (λ = 1 fits it).
    let m = CategoricalNb::fit(&unused, 1.0, Prior::MaximumLikelihood).unwrap();
    let e = m.explain(&["red"]).unwrap();
    assert_eq!(e.sentences[0].code().id(), "categorical.zero-prior");
    assert_eq!(
        e.sentences[0].english(),
        "No row has class “c”, so the maximum-likelihood prior P(c) = 0/2 = 0 rules “c” out. A smoothed prior (λ > 0) \
         keeps it possible."
    );
}

#[test]
fn the_learning_curves_data_and_settings_are_refused_by_code() {
    let header = (0..30).map(|i| format!("f{i}")).collect::<Vec<_>>().join(",") + ",diagnosis\n";
    let numbers = vec!["1"; 30].join(",");
    let line = |e: Error, reason: &str, english: &str| {
        let m = check(&e, "bad-line", english);
        assert_eq!(inner(&m, "reason"), reason, "{english}");
    };
    line(
        Dataset::wdbc(&format!("{header}{numbers},maybe\n")).unwrap_err(),
        "curves.diagnosis",
        "Line 2: the diagnosis “maybe” is neither malignant nor benign.",
    );
    line(
        Dataset::wdbc(&format!("{header}1,2,benign\n")).unwrap_err(),
        "curves.width",
        "Line 2: expected 31 comma-separated values, found 3.",
    );
    line(
        Dataset::wdbc(&format!("{header}x,{}\n", vec!["1"; 29].join(",") + ",benign")).unwrap_err(),
        "curves.not-number",
        "Line 2: “x” is not a number.",
    );
    let pixels = (0..64).map(|i| format!("p{i}")).collect::<Vec<_>>().join(",") + ",digit\n";
    line(
        Dataset::digits(&format!("{pixels}{},ten\n", vec!["0"; 64].join(",")), 0, 1).unwrap_err(),
        "curves.digit",
        "Line 2: the digit “ten” is not 0 to 9.",
    );
    check(
        &Pairing::from_id("usermn").unwrap().data(1, "").unwrap_err(),
        "curves.no-spam-panel",
        "This pairing runs on the spam panel's corpus, and there is no spam panel on this page.",
    );

    let pairing = Pairing::from_id("true").unwrap();
    let spec = CurveSpec { pairing, m_min: 10, m_max: 100, sizes: 5, splits: 3, lambda: 0.0, alpha: 0.0, seed: 1 };
    let data = || pairing.data(1, "").unwrap();
    for (bad, rule, english) in [
        (
            CurveSpec { alpha: -1.0, ..spec },
            "rule.smoothing-finite",
            "α = −1 is not allowed: the smoothing must be a finite number, 0 or more.",
        ),
        (
            CurveSpec { splits: 0, ..spec },
            "rule.splits-whole",
            "splits = 0 is not allowed: the number of splits must be a whole number from 1 to 1000.",
        ),
        (
            CurveSpec { sizes: 41, ..spec },
            "rule.sizes-whole",
            "sizes = 41 is not allowed: the number of sizes must be a whole number from 2 to 40.",
        ),
        (
            CurveSpec { m_min: 100, ..spec },
            "rule.m-below-max",
            "m = 100 is not allowed: the smallest m must be 2 or more and below the largest m.",
        ),
    ] {
        let m = check(&CurveRun::new(bad, data()).err().unwrap(), "invalid-parameter", english);
        assert_eq!(inner(&m, "rule"), rule, "{english}");
    }
    let text = Pairing::from_id("textmn").unwrap();
    check(
        &CurveRun::new(CurveSpec { pairing: text, ..spec }, data()).err().unwrap(),
        "curves.data-mismatch",
        "The data do not suit the pairing “textmn”.",
    );
}
