//! The categorical naive Bayes panel's part of the URL state (`cl`, `cprior`, `cq`, and
//! `embed=cat`): every link either reproduces the panel or is refused value by value with a
//! notice.
#![cfg(not(target_arch = "wasm32"))]

use genlab::state::{parse_query, to_query, AppState, CatState, NoticeReason, CAT_EXAMPLE_QUERY};

fn invalid_keys(q: &str) -> Vec<String> {
    parse_query(q).1.into_iter().filter(|n| matches!(n.reason, NoticeReason::Invalid(_))).map(|n| n.key).collect()
}

#[test]
fn the_default_is_laplace_the_ml_prior_and_the_green_eyed_query_and_writes_nothing() {
    let s = AppState::default();
    assert_eq!(
        s.cat,
        CatState { lambda: 1.0, prior: "ml".into(), query: CAT_EXAMPLE_QUERY.map(String::from).to_vec() }
    );
    assert_eq!(CAT_EXAMPLE_QUERY, ["yes", "green", "short", "no"]);
    assert_eq!(to_query(&s), "");
}

#[test]
fn lambda_prior_and_query_survive_a_round_trip() {
    for (lambda, prior, query) in [
        (0.0, "uniform", vec!["yes", "green", "medium", "no"]),
        (0.37, "smoothed", vec!["", "blue", "", ""]),
        (10.0, "ml", vec!["", "", "", ""]),
        (1e-9, "ml", vec!["a, b", "“quoted”", "免费 🎉", "x&y=z%20"]),
    ] {
        let cat = CatState { lambda, prior: prior.into(), query: query.iter().map(|v| v.to_string()).collect() };
        let s = AppState { cat, ..AppState::default() };
        let q = to_query(&s);
        let (back, notices) = parse_query(&q);
        assert!(notices.is_empty(), "{notices:?} from {q}");
        assert_eq!(back, s, "query was {q}");
    }
}

#[test]
fn only_the_changed_parts_are_written() {
    let mut s = AppState::default();
    s.cat.lambda = 0.0;
    assert_eq!(to_query(&s), "cl=0");
    s.cat.lambda = 1.0;
    s.cat.query[1] = "brown".into();
    assert_eq!(to_query(&s), "cq=yes%7Cbrown%7Cshort%7Cno");
    // A hand-written link may use a bare "|" and spaces around the values.
    assert_eq!(parse_query("cq=yes| brown |short|no").0, s);
}

#[test]
fn bad_values_are_refused_one_by_one_and_the_good_ones_apply() {
    let (s, _) = parse_query("cl=-0.5&cprior=laplace&cq=a|b&lang=zh-CN");
    assert_eq!(s.cat.lambda, 1.0);
    assert_eq!(s.cat.prior, "ml");
    assert_eq!(s.cat.query, ["a", "b"], "a well-formed query is kept; the panel checks it against its table");
    assert_eq!(s.lang, "zh-CN");
    assert_eq!(invalid_keys("cl=-0.5&cprior=laplace"), ["cl", "cprior"]);
    for bad in ["cl=NaN", "cl=inf", "cl=10.01", "cl=", "cl=1e400", "cl=0x1"] {
        assert_eq!(invalid_keys(bad), ["cl"], "{bad} should be refused");
    }
    let long = "x".repeat(61);
    let many = vec!["v"; 21].join("|");
    for bad in [format!("cq={long}"), format!("cq={many}"), "cq=a%0Ab|c".to_string(), "cq=a%00|b".to_string()] {
        assert_eq!(invalid_keys(&bad), ["cq"], "{bad} should be refused");
        assert_eq!(parse_query(&bad).0.cat.query, CAT_EXAMPLE_QUERY, "{bad} keeps the default query");
    }
    let at_limits = format!("cq={}&cl=10", vec!["y".repeat(60); 20].join("|"));
    let (s, n) = parse_query(&at_limits);
    assert!(n.is_empty(), "{n:?}");
    assert_eq!((s.cat.query.len(), s.cat.lambda), (20, 10.0));
}

#[test]
fn embed_accepts_the_categorical_panel() {
    let (s, n) = parse_query("embed=cat");
    assert!(n.is_empty());
    assert_eq!(s.embed.as_deref(), Some("cat"));
    assert_eq!(to_query(&s), "embed=cat");
    assert_eq!(invalid_keys("embed=categorical"), ["embed"]);
}
