//! The learning-curves panel's URL keys: read, written back, and bad values refused with a
//! notice while old links read as before.

use genlab::state::{parse_query, to_query, CurvesState};

#[test]
fn default_page_writes_no_curves_keys_and_old_links_get_the_defaults() {
    let (state, notices) = parse_query("seed=3&n0=40");
    assert!(notices.is_empty());
    assert_eq!(state.curves, CurvesState::default());
    assert!(!to_query(&state).contains("lc"));
}

#[test]
fn every_curves_key_round_trips() {
    let q = "lcp=wdbc&lcmin=6&lcmax=300&lcs=12&lcn=250&lcl=0&lca=0.1&lcseed=42";
    let (state, notices) = parse_query(q);
    assert!(notices.is_empty(), "{notices:?}");
    let c = &state.curves;
    assert_eq!(
        (c.pairing.as_str(), c.m_min, c.m_max, c.sizes, c.splits, c.lambda, c.alpha, c.seed),
        ("wdbc", 6, 300, 12, 250, 0.0, 0.1, 42)
    );
    assert_eq!(to_query(&state), q);
    assert_eq!(parse_query(&to_query(&state)).0, state);
}

#[test]
fn bad_curves_values_are_noticed_and_ignored() {
    let (state, notices) = parse_query("lcp=iris&lcn=0&lcs=41&lcl=-1&lca=NaN&lcmin=1&lcseed=1.5&embed=curves");
    assert_eq!(state.embed.as_deref(), Some("curves"));
    let d = CurvesState::default();
    assert_eq!(state.curves, d);
    let keys: Vec<&str> = notices.iter().map(|n| n.key.as_str()).collect();
    assert_eq!(keys, ["lcp", "lcn", "lcs", "lcl", "lca", "lcmin", "lcseed"]);
    // An empty range resets both ends.
    let (state, notices) = parse_query("lcmin=500&lcmax=400");
    assert_eq!((state.curves.m_min, state.curves.m_max), (d.m_min, d.m_max));
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].key, "lcmin/lcmax");
}

#[test]
fn text_pairings_and_their_smoothing_round_trip_and_old_links_keep_laplace() {
    // The text pairings' α is its own key (Lidstone's α, default 1 = Laplace), so a link from
    // before them keeps its variance smoothing and gets α = 1 for text.
    let (state, notices) = parse_query("lcp=textbern&lcta=0.25&lca=0.001");
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!((state.curves.pairing.as_str(), state.curves.text_alpha, state.curves.alpha), ("textbern", 0.25, 0.001));
    assert_eq!(parse_query(&to_query(&state)).0, state);
    for id in ["textmn", "textbern", "usermn", "userbern"] {
        let (state, notices) = parse_query(&format!("lcp={id}"));
        assert!(notices.is_empty());
        assert_eq!((state.curves.pairing.as_str(), state.curves.text_alpha), (id, 1.0));
    }
    let (state, notices) = parse_query("lcp=wdbc&lca=0.1");
    assert!(notices.is_empty());
    assert_eq!(state.curves.text_alpha, 1.0);
    let (state, notices) = parse_query("lcta=11");
    assert_eq!(state.curves.text_alpha, 1.0);
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].key, "lcta");
}
