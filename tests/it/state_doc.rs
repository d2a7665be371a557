//! The URL contract is declared once, in the key tables of `src/state/`: the table at the
//! top of `src/state/mod.rs` is regenerated from them and must be the one shown, every key
//! belongs to exactly one part, and `check_gda` refuses what a link of the state would.

use genlab::state::{check_gda, key_table_markdown, link_keys, parse_query, to_query, AppState, GdaState, PANELS};

const HEADER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/state/mod.rs");
const BEGIN: &str = "//! <!-- key table:";
const END: &str = "//! <!-- end of key table -->";

#[test]
fn the_headers_key_table_is_the_one_the_key_tables_make() {
    let source = std::fs::read_to_string(HEADER).unwrap();
    let begin = source.find(BEGIN).expect("the key table's opening marker");
    let begin = begin + source[begin..].find('\n').unwrap() + 1;
    let end = source.find(END).expect("the key table's closing marker");
    let shown: String =
        source[begin..end].lines().map(|l| format!("{}\n", l.strip_prefix("//! ").unwrap_or(l))).collect();
    let made = key_table_markdown();
    if shown != made {
        if std::env::var_os("GENLAB_BLESS").is_some() {
            let table: String = made.lines().map(|l| format!("//! {l}\n")).collect();
            std::fs::write(HEADER, format!("{}{table}{}", &source[..begin], &source[end..])).unwrap();
            return;
        }
        panic!(
            "the key table at the top of src/state/mod.rs is not the one the key tables make; \
             regenerate it with `GENLAB_BLESS=1 cargo test --test it state_doc::`\nmade:\n{made}"
        );
    }
}

#[test]
fn every_key_belongs_to_one_part_and_is_read() {
    let keys = link_keys();
    for (i, k) in keys.iter().enumerate() {
        assert!(!keys[..i].contains(k), "{k} twice");
        // A known key never draws "unknown".
        let (_, notices) = parse_query(&format!("{k}="));
        assert!(
            notices.iter().all(|n| n.key != *k || !matches!(n.reason, genlab::state::NoticeReason::Unknown)),
            "{k}"
        );
        let owners: Vec<&str> = PANELS.iter().filter(|p| (p.owns)(k)).map(|p| p.id).collect();
        let page = ["lang", "projector", "theme", "embed", "deck", "lesson", "step", "quiz"].contains(&k.as_str());
        assert_eq!(owners.len() + usize::from(page), 1, "{k}: {owners:?}");
    }
    // Counted by hand from the table: 8 of the page, 14 + 5 × 5 of the GDA panel (five keys
    // of every class), 11 of the spam panel, 3 categorical, 9 of the learning curves.
    assert_eq!(keys.len(), 8 + 14 + 25 + 11 + 3 + 9);
}

/// The first notice a link of the GDA state `g` draws (the check `setState` made before).
fn round_trip_notice(g: &GdaState) -> Option<genlab::state::Notice> {
    parse_query(&to_query(&AppState { gda: g.clone(), ..AppState::default() })).1.into_iter().next()
}

#[test]
fn check_gda_refuses_what_a_link_of_the_state_would() {
    let d = GdaState::default();
    let mut bad = Vec::new();
    let mut g = d.clone();
    g.n[1] = 0;
    bad.push(g);
    let mut g = d.clone();
    g.sd[0][1] = 3.5;
    bad.push(g);
    let mut g = d.clone();
    g.more[1].rho = -0.99;
    bad.push(g);
    let mut g = d.clone();
    g.classes = 6;
    bad.push(g);
    let mut g = d.clone();
    g.source = "nowhere".into();
    bad.push(g);
    let mut g = d.clone();
    g.models.prior = Some(1.0);
    bad.push(g);
    let mut g = d.clone();
    g.models.loss10 = 0.0;
    bad.push(g);
    let mut g = d.clone();
    g.surface.pitch = 90.0;
    bad.push(g);
    // Three means for two classes; one mean too many beyond k = 3.
    let mut g = d.clone();
    g.means = Some([[0.0, 0.0], [1.0, 1.0]]);
    g.more_means = vec![[2.0, 2.0]];
    bad.push(g);
    let mut g = d.clone();
    g.classes = 3;
    g.means = Some([[0.0, 0.0], [1.0, 1.0]]);
    bad.push(g);
    let mut g = d.clone();
    g.means = Some([[2e6, 0.0], [1.0, 1.0]]);
    bad.push(g);
    for g in &bad {
        let expected = round_trip_notice(g).unwrap_or_else(|| panic!("a link of {g:?} draws a notice"));
        assert_eq!(check_gda(g).err().as_ref(), Some(&expected), "{g:?}");
    }
    let mut good = d.clone();
    good.classes = 4;
    good.means = Some([[0.0, 0.0], [1.0, 1.0]]);
    good.more_means = vec![[2.0, 2.0], [3.0, -3.0]];
    good.models.prior = Some(0.3);
    for g in [d, good] {
        assert_eq!(round_trip_notice(&g), None);
        assert_eq!(check_gda(&g), Ok(()));
    }
}
