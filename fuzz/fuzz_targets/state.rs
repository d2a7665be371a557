//! The URL-state parser on arbitrary query strings.
//!
//! Invariants:
//! * every value of the parsed state is within the documented range (see `genlab::state`);
//! * notices quote at most 40 characters of a key or value;
//! * round trip: `to_query(parse_query(q).0)` parses back to the same state with no
//!   notices, and writing that state again gives the same query (a fixed point).
#![no_main]

use genlab::data::Preset;
use genlab::state::{parse_query, to_query, AppState, MAX_TEXT_IN_LINK};
use libfuzzer_sys::fuzz_target;

fn check_ranges(s: &AppState) {
    assert!(["en", "zh-CN"].contains(&s.lang.as_str()));
    assert!(s.embed.as_deref().is_none_or(|e| ["gda", "nb"].contains(&e)));
    assert!(s.gda.source == "generated" || Preset::from_id(&s.gda.source).is_ok());
    assert!(s.gda.seed <= 9_007_199_254_740_991 && s.nb.seed <= 9_007_199_254_740_991);
    assert!(s.gda.n.iter().all(|n| (1..=500).contains(n)));
    assert!(s.gda.sd.iter().flatten().all(|v| (0.2..=3.0).contains(v)));
    assert!(s.gda.rho.iter().all(|v| (-0.95..=0.95).contains(v)));
    if let Some(m) = s.gda.means {
        assert!(m.iter().flatten().all(|v| v.is_finite() && v.abs() <= 1e6));
    }
    assert!((0.0..=10.0).contains(&s.nb.alpha));
    assert!(["multinomial", "bernoulli"].contains(&s.nb.event.as_str()));
    assert!(["ml", "smoothed", "uniform"].contains(&s.nb.prior.as_str()));
    assert!(s.nb.text.chars().count() <= MAX_TEXT_IN_LINK);
    assert!(!s.nb.text.chars().any(|c| c.is_control() && c != '\n' && c != '\t'));
}

fuzz_target!(|data: &[u8]| {
    let Ok(query) = std::str::from_utf8(data) else { return };
    let (state, notices) = parse_query(query);
    check_ranges(&state);
    for n in &notices {
        assert!(n.key.chars().count() <= 40 && n.value.chars().count() <= 40, "{n:?}");
    }
    let written = to_query(&state);
    let (back, notices) = parse_query(&written);
    assert!(notices.is_empty(), "{notices:?} when reading back {written:?} (from {query:?})");
    assert_eq!(back, state, "the state changed on the way through {written:?} (from {query:?})");
    assert_eq!(to_query(&back), written);
});
