#![cfg(not(target_arch = "wasm32"))]
//! Property test of the shareable link (issue #7): every valid state survives
//! `to_query` → `parse_query` unchanged and without a notice, 256 random states
//! (`cargo test --test it prop_state::`; set `PROPTEST_CASES` for more).
//!
//! "Valid" is the table in `genlab::state`'s docs; the state is built by assignment from
//! the defaults, so settings added later keep their defaults here.

use genlab::state::{parse_query, to_query, AppState, MAX_TEXT_IN_LINK};
use proptest::prelude::*;

const MAX_SAFE: u64 = 9_007_199_254_740_991;

/// A number in `lo..=hi`, with the ends and the awkward decimals made likely.
fn ranged(lo: f64, hi: f64) -> impl Strategy<Value = f64> {
    prop_oneof![6 => lo..=hi, 1 => Just(lo), 1 => Just(hi)]
}

/// A mean coordinate: |v| ≤ 10⁶, tiny values (long when written plainly) included.
fn coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![
        4 => -1e6..=1e6f64,
        1 => 1e-320..1e-290f64,
        1 => -1e-12..1e-12f64,
        1 => prop::sample::select(&[0.0, -0.0, 1e6, -1e6, 0.1, 1.0 / 3.0][..]),
    ]
}

/// A message character: any character but a control one other than TAB and LF (links drop
/// those), four-byte characters made likely.
fn text_char() -> impl Strategy<Value = char> {
    prop_oneof![
        2 => any::<char>().prop_filter("no controls but TAB and LF", |c| !c.is_control() || matches!(c, '\n' | '\t')),
        1 => prop::sample::select(&['🎉', '免', '&', '=', '+', '%', '#', ' ', '\n', '\t', 'é'][..]),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::collection::vec(text_char(), 0..40),
        1 => prop::collection::vec(text_char(), MAX_TEXT_IN_LINK - 10..=MAX_TEXT_IN_LINK),
        // The longest link: four-byte characters percent-encode to 12 bytes each.
        1 => prop::collection::vec(
            prop_oneof![Just('🎉'), prop::char::range('\u{10000}', '\u{10FFFF}')],
            MAX_TEXT_IN_LINK - 10..=MAX_TEXT_IN_LINK,
        ),
    ]
    .prop_map(|chars| chars.into_iter().collect())
}

fn source() -> impl Strategy<Value = &'static str> {
    prop::sample::select(
        &["generated", "penguins-adelie-chinstrap", "penguins-adelie-gentoo", "iris-versicolor-virginica"][..],
    )
}

prop_compose! {
    fn gda_part()(
        source in source(),
        seed in prop_oneof![0..100u64, 0..=MAX_SAFE],
        n in [1..=500u32, 1..=500u32],
        sd in [ranged(0.2, 3.0), ranged(0.2, 3.0), ranged(0.2, 3.0), ranged(0.2, 3.0)],
        rho in [ranged(-0.95, 0.95), ranged(-0.95, 0.95)],
        means in prop::option::of([coordinate(), coordinate(), coordinate(), coordinate()]),
    ) -> (&'static str, u64, [u32; 2], [f64; 4], [f64; 2], Option<[f64; 4]>) {
        (source, seed, n, sd, rho, means)
    }
}

prop_compose! {
    fn state()(
        lang in prop::sample::select(&["en", "zh-CN"][..]),
        projector in any::<bool>(),
        deck in any::<bool>(),
        theme in prop::option::of(prop::sample::select(&["dark", "light"][..])),
        embed in prop::option::of(prop::sample::select(&["gda", "nb"][..])),
        (source, seed, n, sd, rho, means) in gda_part(),
        alpha in prop_oneof![ranged(0.0, 10.0), 1e-310..1e-290f64],
        event in prop::sample::select(&["multinomial", "bernoulli"][..]),
        prior in prop::sample::select(&["ml", "smoothed", "uniform"][..]),
        text in text(),
        nb_seed in prop_oneof![0..100u64, 0..=MAX_SAFE],
    ) -> AppState {
        let mut s = AppState {
            lang: lang.into(),
            projector,
            deck,
            theme: theme.map(String::from),
            embed: embed.map(String::from),
            ..AppState::default()
        };
        s.gda.source = source.into();
        s.gda.seed = seed;
        s.gda.n = n;
        s.gda.sd = [[sd[0], sd[1]], [sd[2], sd[3]]];
        s.gda.rho = rho;
        s.gda.means = means.map(|m| [[m[0], m[1]], [m[2], m[3]]]);
        s.nb.alpha = alpha;
        s.nb.event = event.into();
        s.nb.prior = prior.into();
        s.nb.text = text;
        s.nb.seed = nb_seed;
        s
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn query_round_trips_for_random_valid_states(s in state()) {
        let q = to_query(&s);
        let (back, notices) = parse_query(&q);
        prop_assert!(notices.is_empty(), "{:?} from {}", notices, q);
        prop_assert_eq!(&back, &s, "query was {}", q);
        prop_assert_eq!(to_query(&back), q);
        // With the leading `?` that `location.search` has, too.
        prop_assert_eq!(parse_query(&format!("?{}", to_query(&s))).0, s);
    }
}
