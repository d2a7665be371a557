#![cfg(not(target_arch = "wasm32"))]
//! The URL state of k = 2 … 5 classes: the keys `k`, `n2` … `n4`, `sx2` … `sy4`,
//! `r2` … `r4`, `m2` … `m4` beside the two-class ones, every link written before them read
//! exactly as before, each bad value refused on its own with a notice.

use genlab::data::Preset;
use genlab::gda::lab::ModelSettings;
use genlab::gda::{ClassesSpec, GdaLab, DEFAULT_CLOUDS};
use genlab::state::{parse_query, to_query, AppState, CloudState, NoticeReason};

use crate::common;

fn invalid(q: &str) -> Vec<(String, &'static str)> {
    parse_query(q)
        .1
        .into_iter()
        .filter_map(|n| match n.reason {
            NoticeReason::Invalid(rule) => Some((n.key, rule)),
            _ => None,
        })
        .collect()
}

/// The same points to rounding (a mean placed from a link lands within an ulp or two of
/// where the drag put it) and the same labels.
fn same_points(a: &GdaLab, b: &GdaLab) {
    let ((pa, la), (pb, lb)) = (a.points(), b.points());
    assert_eq!(la, lb);
    for (p, q) in pa.iter().zip(pb) {
        common::assert_vec_close(*p, *q, 1e-13, 1e-13, "point");
    }
}

#[test]
fn links_written_before_k_existed_read_as_they_did() {
    // Links of the two-class panel (key sets of tests/it/state.rs and the e2e journeys): each
    // is read into the state those tests expect, with no notice, and k stays 2.
    let cases = [
        ("", AppState::default()),
        ("n0=3&n1=400&sx0=0.5&sy1=2.5&r0=-0.5&r1=0.95&seed=41", {
            let mut s = AppState::default();
            (s.gda.n, s.gda.seed) = ([3, 400], 41);
            (s.gda.sd[0][0], s.gda.sd[1][1], s.gda.rho) = (0.5, 2.5, [-0.5, 0.95]);
            s
        }),
        ("src=penguins-adelie-gentoo&m0=40,18&m1=47.5,15", {
            let mut s = AppState::default();
            s.gda.source = "penguins-adelie-gentoo".into();
            s.gda.means = Some([[40.0, 18.0], [47.5, 15.0]]);
            s
        }),
    ];
    for (q, expected) in cases {
        let (s, notices) = parse_query(q);
        assert!(notices.is_empty(), "{q}: {notices:?}");
        assert_eq!(s, expected, "{q}");
        assert_eq!(s.gda.classes, 2);
        assert!(s.gda.more_means.is_empty());
        assert_eq!(parse_query(&to_query(&s)).0, s, "a two-class link is written with its keys of before");
        assert!(!to_query(&s).contains("k="), "no k for two classes");
    }
    // The two-class rule for the means keeps its sentence.
    assert_eq!(invalid("m0=1,2"), [("m0/m1".to_string(), "both means must be given")]);
}

#[test]
fn a_five_class_link_round_trips_every_cloud_and_mean() {
    let mut s = AppState::default();
    s.gda.classes = 5;
    s.gda.seed = 99;
    s.gda.n = [10, 20];
    s.gda.more = [
        CloudState { n: 30, sd: [0.25, 2.75], rho: -0.95 },
        CloudState { n: 500, sd: [3.0, 0.2], rho: 0.05 },
        CloudState { n: 1, sd: [1.5, 1.25], rho: 0.5 },
    ];
    s.gda.means = Some([[-1.25, 0.5], [2.0, 2.0]]);
    s.gda.more_means = vec![[0.1, -3.0], [4.5, 1e-3], [-1e6, 1e6]];
    let q = to_query(&s);
    for key in ["k=5", "n2=30", "n3=500", "n4=1", "sx2=0.25", "sy2=2.75", "r2=-0.95", "m2=", "m3=", "m4="] {
        assert!(q.contains(key), "{key} in {q}");
    }
    let (back, notices) = parse_query(&q);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(back, s);
    assert_eq!(to_query(&back), q);
}

#[test]
fn each_bad_class_value_is_refused_alone_with_its_rule() {
    let bad = invalid("k=6&n3=0&sx4=9&r2=1&sy2=abc&k=3");
    let keys: Vec<&str> = bad.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["k", "n3", "sx4", "r2", "sy2"]);
    assert_eq!(bad[0].1, "the number of classes k is a whole number from 2 to 5");
    // What was refused keeps its default; what was right is applied.
    let (s, _) = parse_query("k=4&n3=0&n2=7&sx3=0.5");
    assert_eq!(s.gda.classes, 4);
    assert_eq!(s.gda.more[1].n, DEFAULT_CLOUDS[3].n as u32);
    assert_eq!((s.gda.more[0].n, s.gda.more[1].sd[0]), (7, 0.5));
    for q in ["k=2.5", "k=1", "k=", "k=-3", "k=1e1", "n5=3", "m9=1,1"] {
        assert!(!parse_query(q).1.is_empty(), "{q} gives a notice");
        assert_eq!(parse_query(q).0.gda.classes, 2, "{q}");
    }
}

#[test]
fn means_are_all_of_the_datas_classes_or_none() {
    // k = 3: m0, m1, m2 together.
    let (s, n) = parse_query("k=3&m0=1,2&m1=3,4&m2=5,6");
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(s.gda.all_means(), Some(vec![[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]));
    // A missing one refuses them all, with one notice naming the keys.
    let (s, _) = parse_query("k=3&m0=1,2&m1=3,4");
    assert_eq!(s.gda.means, None);
    assert_eq!(invalid("k=3&m0=1,2&m1=3,4"), [("m0/m1/m2".to_string(), "every class mean must be given, or none")]);
    // A mean for a class the data do not have is refused; the others stand.
    let (s, _) = parse_query("m0=1,2&m1=3,4&m2=5,6");
    assert_eq!(s.gda.means, Some([[1.0, 2.0], [3.0, 4.0]]));
    assert_eq!(invalid("m0=1,2&m1=3,4&m2=5,6"), [("m2".to_string(), "a mean for a class the data do not have")]);
    // A three-species preset has three classes whatever k says.
    let q = "src=iris-three-species&m0=1.5,0.25&m1=4.25,1.5&m2=5.5,2";
    let (s, n) = parse_query(q);
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(s.gda.data_classes(), 3);
    assert_eq!(to_query(&s), q.replace(',', "%2C"));
}

#[test]
fn classes_kept_beyond_k_come_back_when_k_grows() {
    // k = 3 with n4 set: valid, kept in the state and in the link.
    let (s, n) = parse_query("k=3&n4=12");
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(s.gda.classes_spec().clouds.len(), 3);
    let mut five = s.clone();
    five.gda.classes = 5;
    assert_eq!(five.gda.classes_spec().clouds[4].n, 12);
    assert!(to_query(&s).contains("n4=12"));
}

#[test]
fn a_panel_of_five_dragged_classes_reopens_from_its_link() {
    let mut lab = common::unwrap(GdaLab::generated_classes(ClassesSpec::default_for(5)));
    common::unwrap(lab.place_mean(3, [0.5, -1.5]));
    common::unwrap(lab.place_mean(4, [-2.0, -3.0]));
    let state = AppState { gda: genlab::state::GdaState::of_lab(&lab), ..AppState::default() };
    let q = to_query(&state);
    assert!(q.contains("k=5") && q.contains("m4=-2"), "{q}");
    let (back, notices) = parse_query(&q);
    assert!(notices.is_empty(), "{notices:?}");
    let g = back.gda;
    let reopened = common::unwrap(GdaLab::from_classes_settings(&g.source, g.classes_spec(), g.all_means(), g.models));
    same_points(&reopened, &lab);
    for c in 0..5 {
        let (a, b) = (reopened.handle(c), lab.handle(c));
        common::assert_vec_close(a, b, 1e-12, 1e-12, "handle");
    }
}

#[test]
fn a_dragged_three_species_preset_reopens_from_its_link() {
    let mut lab = common::unwrap(GdaLab::preset(Preset::PenguinsThreeSpecies));
    common::unwrap(lab.set_models(ModelSettings::default()));
    common::unwrap(lab.place_mean(2, [55.0, 16.0]));
    let state = AppState { gda: genlab::state::GdaState::of_lab(&lab), ..AppState::default() };
    let q = to_query(&state);
    assert!(q.starts_with("src=penguins-three-species&"), "{q}");
    let g = parse_query(&q).0.gda;
    assert_eq!(g.more_means.len(), 1);
    let reopened = common::unwrap(GdaLab::from_classes_settings(&g.source, g.classes_spec(), g.all_means(), g.models));
    common::assert_vec_close(reopened.handle(2), [55.0, 16.0], 1e-12, 1e-12, "Gentoo's mean");
    same_points(&reopened, &lab);
}
