#![cfg(not(target_arch = "wasm32"))]
//! The 3-D view's keys in a link (`v3`, `yaw`, `pitch` in `genlab::state`): absent in old
//! links (the view hidden, 35° round and 25° up), written only when they differ from
//! that, read back exactly, and refused with a notice outside −180 … 180 and 3 … 85.

use genlab::state::{parse_query, to_query, AppState, NoticeReason};

#[test]
fn an_old_link_opens_without_the_view_at_the_default_angles() {
    let (s, notices) = parse_query("seed=3&phi=0.3");
    assert!(notices.is_empty());
    assert!(!s.gda.surface.shown);
    assert_eq!((s.gda.surface.yaw, s.gda.surface.pitch), (35.0, 25.0));
    // And the default state writes none of the keys.
    assert_eq!(to_query(&AppState::default()), "");
}

#[test]
fn the_view_and_its_angles_go_round_a_link() {
    let mut s = AppState::default();
    s.gda.surface.shown = true;
    s.gda.surface.yaw = -122.5;
    s.gda.surface.pitch = 60.0;
    let q = to_query(&s);
    assert_eq!(q, "v3=1&yaw=-122.5&pitch=60");
    let (back, notices) = parse_query(&q);
    assert!(notices.is_empty());
    assert_eq!(back, s);
}

#[test]
fn angles_out_of_range_are_refused_with_their_rule() {
    for q in ["yaw=181", "pitch=2", "pitch=86", "yaw=abc", "v3=2"] {
        let (s, notices) = parse_query(q);
        assert_eq!(notices.len(), 1, "{q}");
        assert!(matches!(notices[0].reason, NoticeReason::Invalid(_)), "{q}");
        assert_eq!(s.gda.surface, AppState::default().gda.surface, "{q}");
    }
}
