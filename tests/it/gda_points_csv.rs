#![cfg(not(target_arch = "wasm32"))]
//! The labelled-points parser (`genlab::gda::parse_points_csv`): what it accepts (headers,
//! separators, CRLF, comments, quotes), what it rejects with a line number and a sentence,
//! and that it never panics. Every expected value is read off the input text.

use genlab::gda::points_csv::MAX_POINTS;
use genlab::gda::{parse_points_csv, Gda, LabelledPoints};
use genlab::Error;

fn parse(text: &str) -> LabelledPoints {
    match parse_points_csv(text) {
        Ok(p) => p,
        Err(e) => panic!("{text:?} failed: {e}"),
    }
}

/// The line number and reason of a parse that must fail with `BadLine`.
fn bad_line(text: &str) -> (usize, String) {
    match parse_points_csv(text) {
        Err(Error::BadLine { line, reason }) => {
            let reason = reason.to_string();
            assert!(reason.ends_with('.'), "reason without a full stop: {reason:?}");
            for word in reason.split(|c: char| !c.is_alphanumeric()) {
                assert!(!["NaN", "inf"].contains(&word) || reason.contains('“'), "unquoted {word}: {reason:?}");
            }
            (line, reason)
        }
        other => panic!("{text:?}: expected BadLine, got {other:?}"),
    }
}

#[test]
fn plain_comma_separated_points_with_a_header() {
    let p = parse("x,y,label\n1.5,2,0\n-3e1,.25,1\n");
    assert_eq!(p.points, vec![[1.5, 2.0], [-30.0, 0.25]]);
    assert_eq!(p.labels, vec![0, 1]);
    assert_eq!(p.header, Some(["x".to_string(), "y".to_string(), "label".to_string()]));
}

#[test]
fn the_header_is_optional() {
    let p = parse("1,2,1\n3,4,0");
    assert_eq!(p.points, vec![[1.0, 2.0], [3.0, 4.0]]);
    assert_eq!(p.labels, vec![1, 0]);
    assert_eq!(p.header, None);
}

#[test]
fn tabs_and_semicolons_separate_too() {
    let tab = parse("bill_length\tbill_depth\tspecies\n39.1\t18.7\t0\n46.5\t17.9\t1\n");
    assert_eq!(tab.points, vec![[39.1, 18.7], [46.5, 17.9]]);
    let semi = parse("a;b;c\n1;2;0\n3.5;-4;1\n");
    assert_eq!(semi.points, vec![[1.0, 2.0], [3.5, -4.0]]);
    assert_eq!(semi.labels, vec![0, 1]);
}

#[test]
fn crlf_blank_lines_comments_blanks_and_quotes_are_fine() {
    let text = "\u{FEFF}# my points\r\n\r\n\"x\",\"y\",\"label\"\r\n  1 , 2 , 0 \r\n# a comment\r\n\"3\",\"4.5\",\"1\"\r\n   \r\n";
    let p = parse(text);
    assert_eq!(p.points, vec![[1.0, 2.0], [3.0, 4.5]]);
    assert_eq!(p.labels, vec![0, 1]);
    assert!(p.header.is_some());
}

#[test]
fn the_parsed_points_fit_a_model() {
    let p = parse("x,y,label\n0,0,0\n1,0,0\n0,1,0\n3,3,1\n4,3,1\n3,4,1\n");
    let g = match Gda::fit(&p.points, &p.labels) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(g.counts(), [3, 3]);
}

#[test]
fn non_finite_and_overflowing_numbers_are_rejected_with_their_line() {
    for (text, line, word) in [
        ("x,y,label\n1,2,0\nNaN,2,1\n", 3, "not a number"),
        ("1,2,0\n1,inf,1\n", 2, "infinite"),
        ("1,2,0\n1,-Infinity,1\n", 2, "infinite"),
        ("1,2,0\n\n1e400,2,1\n", 3, "too large"),
        ("1,-1e309,1\n", 1, "too large"),
    ] {
        let (got, reason) = bad_line(text);
        assert_eq!(got, line, "{text:?}: {reason}");
        assert!(reason.contains(word), "{text:?}: {reason}");
    }
}

#[test]
fn text_missing_and_extra_columns_and_bad_labels_are_rejected() {
    let cases = [
        ("x,y,label\n1,2,0\nabc,2,1\n", 3, "x “abc” is not a number"),
        ("1,2,0\n1,,1\n", 2, "y is missing"),
        ("1,2,0\n1,2\n", 2, "too few values"),
        ("1,2,0\n1,2,0,5\n", 2, "too many values"),
        ("1,2,0\n1,2,5\n", 2, "the label is “5”, but it must be a class from 0 to 4"),
        ("1,2,0\n1,2,-1\n", 2, "the label is “-1”"),
        ("1,2,0\n1,2,yes\n", 2, "the label is “yes”"),
        ("1,2,0\n1,2,\n", 2, "the label is missing"),
        ("1,2,0\n1,2,0.0\n", 2, "the label is “0.0”"),
        ("x;y;label\n1,5;2;0\n", 2, "write decimals with a point"),
        ("x,y\n1,2\n", 1, "too few values"),
    ];
    for (text, line, needle) in cases {
        let (got, reason) = bad_line(text);
        assert_eq!(got, line, "{text:?}: {reason}");
        assert!(reason.contains(needle), "{text:?}: {reason:?} lacks {needle:?}");
        let message = Error::BadLine { line: got, reason: reason.into() }.to_string();
        assert!(message.starts_with(&format!("Line {line}: ")), "{message}");
    }
}

#[test]
fn only_the_first_data_line_can_be_a_header() {
    // A second text line is an error, not a second header.
    let (line, reason) = bad_line("x,y,label\nx,y,label\n1,2,0\n");
    assert_eq!(line, 2);
    assert!(reason.contains("“x”"), "{reason}");
}

#[test]
fn an_empty_file_is_an_empty_data_error() {
    for text in ["", "\n\n", "# nothing here\n", "x,y,label\n"] {
        match parse_points_csv(text) {
            Err(Error::EmptyData(m)) => {
                let m = m.to_string();
                assert!(m.starts_with("The file has no points"), "{m}");
                assert!(m.ends_with('.'));
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
}

#[test]
fn more_than_the_cap_is_rejected_at_the_first_extra_line() {
    let mut text = String::from("x,y,label\n");
    for i in 0..MAX_POINTS {
        text.push_str(&format!("{i},1,{}\n", i % 2));
    }
    assert_eq!(parse(&text).points.len(), MAX_POINTS);
    text.push_str("1,1,1\n");
    let (line, reason) = bad_line(&text);
    // The header is line 1, so point number MAX_POINTS + 1 is on line MAX_POINTS + 2.
    assert_eq!(line, MAX_POINTS + 2);
    assert!(reason.contains("100000"), "{reason}");
}

#[test]
fn long_fields_are_shortened_in_messages() {
    let long = "a".repeat(500);
    let (_, reason) = bad_line(&format!("1,2,0\n{long},2,0\n"));
    assert!(reason.chars().count() < 120, "{reason}");
    assert!(reason.contains('…'));
}

#[test]
fn never_panics_on_odd_input() {
    // A few hostile inputs; each must give Ok or an error, not a panic.
    let inputs = [
        "\u{0}\u{0},\u{1},\u{2}",
        ",,",
        ",,,,,,,,,,",
        "\"",
        "\"\"\"",
        "1,2,0\r",
        "\r\r\r",
        "é,ü,ß\n1,2,0",
        "🙂,🙂,🙂\n1,2,1",
        "1\t2;3,0",
        "   #,#,#",
        "0x10,2,0",
        "1_000,2,0",
        "+1,-2,1",
        "-0,0,0",
        "1e-400,2,1",
    ];
    for text in inputs {
        let _ = parse_points_csv(text);
    }
    // Subnormal underflow is a finite number: 1e-400 reads as 0.
    assert_eq!(parse("1e-400,2,1").points, vec![[0.0, 2.0]]);
    assert_eq!(parse("+1,-2,1").points, vec![[1.0, -2.0]]);
}

/// Labels 2, 3 and 4 are classes too: a text of five classes reads as written (the
/// expected labels are the text's own last column).
#[test]
fn labels_of_five_classes_are_read() {
    let text = "x,y,label\n0,0,0\n1,0,1\n2,0,2\n3,0,3\n4,0,4\n";
    let read = parse_points_csv(text).expect("five classes read");
    assert_eq!(read.labels, vec![0, 1, 2, 3, 4]);
    assert_eq!(read.points[4], [4.0, 0.0]);
}
