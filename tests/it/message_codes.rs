//! The codes of the messages the page can be handed (`genlab::message::codes::ALL`) are
//! written to `www/js/message-codes.json`, which the page's dictionary test
//! (`tests/unit/messages_dictionary.test.mjs`) reads: a code added in Rust without running
//! `GENLAB_WRITE_MESSAGE_CODES=1 cargo test --test it message_codes::` fails here, and a code
//! without its English and Chinese entries fails there. Every error's message is its
//! `Display`, and every range's rule has its code.

use genlab::error::Error;
use genlab::limits;
use genlab::message::{codes, rule_code, Message};

use crate::common::json_string;

const CODES_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/www/js/message-codes.json");

/// The file's text: one code a line, in the order of `codes::ALL`.
fn codes_json() -> String {
    let mut out = String::from(
        "{\n  \"//\": \"Written by tests/it/message_codes.rs from genlab::message::codes (GENLAB_WRITE_MESSAGE_CODES=1 cargo test --test it message_codes::); do not edit.\",\n  \"codes\": {\n",
    );
    let lines: Vec<String> = codes::ALL
        .iter()
        .map(|c| {
            let params: Vec<String> = c.params().iter().map(|p| json_string(p)).collect();
            format!(
                "    {}: {{ \"params\": [{}], \"en\": {} }}",
                json_string(c.id()),
                params.join(", "),
                json_string(c.en())
            )
        })
        .collect();
    out.push_str(&lines.join(",\n"));
    out.push_str("\n  }\n}\n");
    out
}

#[test]
fn the_pages_list_of_message_codes_is_the_cores() {
    crate::common::hold_written_file(
        CODES_FILE,
        &codes_json(),
        "GENLAB_WRITE_MESSAGE_CODES",
        "www/js/message-codes.json is not genlab::message::codes: run GENLAB_WRITE_MESSAGE_CODES=1 cargo test --test it message_codes:: and add the new codes to www/js/messages.js",
    );
}

#[test]
fn every_errors_message_reads_as_its_display_in_english() {
    let errors = [
        Error::InvalidParameter { name: "σ", value: "0.1".into(), rule: limits::SIGMA.rule },
        Error::InvalidParameter { name: "ρ", value: "not a number".into(), rule: limits::RHO.rule },
        Error::InvalidParameter { name: "λ", value: "minus infinity".into(), rule: "an unlisted rule" },
        Error::LengthMismatch { points: 3, labels: 2 },
        Error::BadLabel { index: 4, label: 7, max: 1 },
        Error::EmptyClass { class: 1 },
        Error::NonFinite { index: 2 },
        Error::SingularCovariance { det: 0.0 },
        Error::TooLarge,
        Error::BadLine { line: 3, reason: "there is no TAB".into() },
        Error::EmptyData("The file is empty.".into()),
        Error::Unknown { kind: "preset", name: "dodo".into() },
        Error::Unknown { kind: "something new", name: "x".into() },
        Error::Browser("draw the figure".into()),
        Error::UnknownValue {
            attribute: "eyes".into(),
            value: "red".into(),
            allowed: "blue, brown".into(),
            place: Message::new(&codes::CAT_PLACE_ROW).int("row", 3),
        },
        Error::BadEmail("This is not an email.".into()),
        Error::BadLabelRule("Name the header line.".into()),
        Error::BadTable(Message::new(&codes::CAT_HEADER_NARROW).int("count", 2)),
        Error::BadLine { line: 4, reason: Message::new(&codes::CAT_LINE_WIDTH).int("found", 2).int("width", 3) },
        Error::BadLine { line: 5, reason: Message::new(&codes::LC_WIDTH).int("expected", 31).int("found", 30) },
        Error::BadEdit("The message is empty.".into()),
        Error::IndexOutOfRange { kind: "row", index: 9, len: 3 },
        Error::ClassTooSmall { class: 2, count: 1 },
        Error::ClassTooSmall { class: 2, count: 2 },
        Error::SingularClassCovariance { class: 1, det: 0.0 },
        Error::CollinearPoints,
    ];
    for e in &errors {
        assert_eq!(e.message().english(), e.to_string(), "{e:?}");
    }
    // The NaN crosses as a code, the rule as its range's.
    let m = errors[1].message();
    assert_eq!(
        json_of(&m),
        r#"{"code":"invalid-parameter","name":"ρ","value":{"code":"value.nan"},"rule":{"code":"rule.rho"}}"#
    );
}

/// A message as the page receives it (serde's data model written as compact JSON).
fn json_of(m: &Message) -> String {
    use genlab::message::Param;
    let mut out = format!("{{\"code\":{}", json_string(m.code().id()));
    for name in m.code().params() {
        let value = match m.param(name) {
            Some(Param::Int(n)) => n.to_string(),
            Some(Param::Text(t)) => json_string(t),
            Some(Param::Msg(inner)) => json_of(inner),
            Some(Param::List(names)) => {
                format!("[{}]", names.iter().map(|n| json_string(n)).collect::<Vec<_>>().join(","))
            }
            None => continue,
        };
        out.push_str(&format!(",{}:{value}", json_string(name)));
    }
    out.push('}');
    out
}

#[test]
fn every_range_has_its_rules_code() {
    for (what, r) in limits::ALL {
        let code = rule_code(r.rule).unwrap_or_else(|| panic!("{what}: no code for {:?}", r.rule));
        assert_eq!(code.id(), format!("rule.{}", r.id), "{what}");
    }
    for r in [limits::WHOLE_MESSAGE_CHARS, limits::LESSON_STEP, limits::YAW_DEG, limits::PITCH_DEG] {
        assert_eq!(rule_code(r.rule).map(|c| c.id().to_string()), Some(format!("rule.{}", r.id)));
    }
}

/// Every key a link may carry (`n0` … `n4` spelled out), from the key tables of
/// `src/state/`.
fn link_keys() -> Vec<String> {
    let mut keys = genlab::state::link_keys();
    keys.sort();
    keys
}

#[test]
fn every_rule_a_link_notice_can_give_has_a_code() {
    use genlab::state::{parse_query, NoticeReason};
    let keys = link_keys();
    assert!(keys.len() > 40 && keys.contains(&"lcseed".to_string()) && keys.contains(&"sy4".to_string()), "{keys:?}");
    // A value no key allows (a control character), for every key; then the notices that
    // weigh keys against each other.
    let mut queries: Vec<String> = keys.iter().map(|k| format!("{k}=%01x")).collect();
    queries.extend(
        ["m0=1,1", "k=3&m0=1,1&m1=2,2", "m4=1,1&m0=0,0&m1=1,1", "tn=2500&t=short", "lcmin=50&lcmax=20"]
            .map(String::from),
    );
    let mut rules = 0;
    for q in &queries {
        for n in parse_query(q).1 {
            if let NoticeReason::Invalid(rule) | NoticeReason::Cut(rule) = n.reason {
                assert!(rule_code(rule).is_some(), "{q}: the rule {rule:?} has no message code");
                rules += 1;
            }
        }
    }
    assert!(rules >= queries.len() - 1, "{rules} rules from {} queries", queries.len());
}
