//! The URL state: every link either reproduces a screen or is refused value by value with a
//! notice, never trusted blindly.
#![cfg(not(target_arch = "wasm32"))]

use genlab::state::{parse_query, to_query, AppState, NoticeReason, MAX_TEXT_IN_LINK};

fn invalid_keys(q: &str) -> Vec<String> {
    parse_query(q).1.into_iter().filter(|n| matches!(n.reason, NoticeReason::Invalid(_))).map(|n| n.key).collect()
}

#[test]
fn an_empty_query_is_the_default_screen_and_writes_back_empty() {
    let (s, notices) = parse_query("");
    assert_eq!(s, AppState::default());
    assert!(notices.is_empty());
    assert_eq!(to_query(&s), "");
    assert_eq!(parse_query("?").0, AppState::default());
}

#[test]
fn every_setting_survives_a_round_trip() {
    let mut s = AppState { lang: "zh-CN".into(), projector: true, embed: Some("nb".into()), ..AppState::default() };
    s.gda.seed = 123_456_789;
    s.gda.n = [12, 345];
    s.gda.sd = [[0.25, 2.5], [1.75, 0.2]];
    s.gda.rho = [-0.95, 0.05];
    s.gda.means = Some([[-1.234_567_890_123, 0.1], [3.0, -2.5e-3]]);
    s.gda.models = genlab::gda::lab::ModelSettings {
        covariance: genlab::gda::lab::Covariance::DiagonalPerClass,
        logistic: true,
        lambda: 0.25,
        prior: Some(0.3),
        loss01: 5.0,
        loss10: 0.5,
        heat: true,
    };
    s.nb.alpha = 0.0;
    s.nb.event = "bernoulli".into();
    s.nb.prior = "uniform".into();
    s.nb.text = "WIN a FREE prize & 免费 🎉 <b>bold</b> a+b=c %20 \n second line".into();
    s.nb.seed = 9;
    s.nb.cost = 10.0;
    s.nb.pseudo = Some([1.0, 2.0, 0.5, 0.25]);
    s.nb.resample = "oversample_spam".into();
    s.nb.headers = true;
    s.nb.ignore_common = true;
    let q = to_query(&s);
    let (back, notices) = parse_query(&q);
    assert!(notices.is_empty(), "{notices:?} from {q}");
    assert_eq!(back, s, "query was {q}");
}

#[test]
fn header_evidence_is_off_by_default_and_hdr_1_turns_it_on() {
    // Old links have no `hdr`: off, as before the email reader.
    assert!(!parse_query("a=0.5").0.nb.headers);
    assert!(parse_query("hdr=1").0.nb.headers);
    assert!(!to_query(&AppState::default()).contains("hdr"));
    let (s, notices) = parse_query("hdr=yes");
    assert!(!s.nb.headers);
    assert_eq!(notices.len(), 1, "{notices:?}");
}

#[test]
fn common_words_are_kept_by_default_and_stop_1_ignores_them() {
    // Links written before the switch have no `stop`: every word counts, as before.
    assert!(!parse_query("a=0.5").0.nb.ignore_common);
    assert!(!to_query(&AppState::default()).contains("stop"));
    let (on, notices) = parse_query("stop=1");
    assert!(on.nb.ignore_common && notices.is_empty());
    assert_eq!(to_query(&on), "stop=1");
    let (s, notices) = parse_query("stop=yes");
    assert!(!s.nb.ignore_common);
    assert_eq!(invalid_keys("stop=yes"), ["stop"], "{notices:?}");
}

#[test]
fn a_preset_link_round_trips_without_the_generated_parameters() {
    let mut s = AppState::default();
    s.gda.source = "iris-versicolor-virginica".into();
    s.gda.means = Some([[4.0, 1.2], [5.5, 2.0]]);
    let q = to_query(&s);
    assert!(!q.contains("n0") && !q.contains("seed="), "{q}");
    assert_eq!(parse_query(&q).0, s);
}

#[test]
fn out_of_range_and_non_numbers_are_refused_one_by_one() {
    // Each bad value is named; the good ones in the same link still apply.
    let (s, _) = parse_query("a=-1&n0=0&n1=1000000000&sx0=NaN&sy0=inf&r0=1&seed=-3&a=2");
    assert_eq!(s.nb.alpha, 1.0, "α keeps its default: -1 is refused and a repeated key is ignored");
    assert_eq!(s.gda.n, [60, 40]);
    assert_eq!(
        invalid_keys("a=-1&n0=0&n1=1000000000&sx0=NaN&sy0=inf&r0=1&seed=-3"),
        ["a", "n0", "n1", "sx0", "sy0", "r0", "seed"]
    );
    for bad in
        ["a=NaN", "a=Infinity", "a=1e400", "a=0x10", "a=", "a=1,5", "a=10.5", "seed=1.5", "seed=9007199254740992"]
    {
        assert_eq!(invalid_keys(bad).len(), 1, "{bad} should be refused");
    }
    let (s, n) = parse_query("a=0&n0=1&seed=9007199254740991");
    assert!(n.is_empty());
    assert_eq!((s.nb.alpha, s.gda.n[0], s.gda.seed), (0.0, 1, 9_007_199_254_740_991));
}

#[test]
fn unknown_repeated_and_doubly_encoded_parameters_are_noticed() {
    let (s, n) = parse_query("zoom=3&lang=zh-CN&lang=en&ev=bernoulli%2520");
    assert_eq!(s.lang, "zh-CN", "the first value counts");
    assert_eq!(s.nb.event, "multinomial", "“bernoulli%20” is not an event model");
    let reasons: Vec<_> = n.iter().map(|n| (n.key.as_str(), &n.reason)).collect();
    assert_eq!(reasons[0], ("zoom", &NoticeReason::Unknown));
    assert_eq!(reasons[1], ("lang", &NoticeReason::Repeated));
    assert!(matches!(reasons[2], ("ev", NoticeReason::Invalid(_))));
}

#[test]
fn script_in_a_link_stays_plain_text_in_the_message_and_nowhere_else() {
    let (s, n) = parse_query("t=%3Cscript%3Ealert(1)%3C%2Fscript%3E&src=%3Cimg%20onerror%3Dx%3E&embed=%3Cb%3E");
    assert_eq!(
        s.nb.text, "<script>alert(1)</script>",
        "the message is kept as text; the page writes it with textContent"
    );
    assert_eq!(s.gda.source, "generated");
    assert_eq!(s.embed, None);
    assert_eq!(n.len(), 2);
}

#[test]
fn a_long_message_is_cut_and_control_characters_dropped() {
    let long = "x".repeat(MAX_TEXT_IN_LINK + 50);
    let (s, n) = parse_query(&format!("t={long}"));
    assert_eq!(s.nb.text.chars().count(), MAX_TEXT_IN_LINK);
    assert_eq!(n[0].reason, NoticeReason::MessageCut { kept: 2000, whole: 2050 });
    assert_eq!(s.nb.whole_chars, Some(2050));
    let (s, _) = parse_query("t=a%00b%07c%0Ad");
    assert_eq!(s.nb.text, "abc\nd");
}

/// A message longer than a link carries: the link holds its first 2,000 characters and the
/// whole length (`tn`), and the page opened from it is told the message was cut, by how
/// much, so it never shows the cut message's verdict as the whole one's.
#[test]
fn a_link_that_cuts_the_message_says_so_when_opened() {
    let mut s = AppState::default();
    // 9,368 characters, the length of the pasted spam email this was found with.
    s.nb.text = "spam ".repeat(1873) + "win";
    assert_eq!(s.nb.text.chars().count(), 9368);
    let q = to_query(&s);
    assert!(q.contains("tn=9368"), "{q}");
    let (back, n) = parse_query(&q);
    assert_eq!(back.nb.text.chars().count(), MAX_TEXT_IN_LINK);
    assert_eq!(back.nb.text, s.nb.text.chars().take(MAX_TEXT_IN_LINK).collect::<String>());
    assert_eq!(back.nb.whole_chars, Some(9368));
    assert_eq!(n.len(), 1, "{n:?}");
    assert_eq!(n[0].key, "t");
    assert_eq!(n[0].reason, NoticeReason::MessageCut { kept: 2000, whole: 9368 });
    // Opened and copied again unchanged, the link still says how long the message was.
    assert_eq!(to_query(&back), q);
    // A message the link carries whole writes no length and opens without a notice.
    s.nb.text = "x".repeat(MAX_TEXT_IN_LINK);
    let q = to_query(&s);
    assert!(!q.contains("tn="), "{q}");
    assert_eq!(parse_query(&q).1, vec![]);
    // A length that does not fit the message is refused with a notice, and the text kept.
    let (s, n) = parse_query("t=short&tn=9000");
    assert_eq!((s.nb.text.as_str(), s.nb.whole_chars), ("short", None));
    assert!(matches!(n[0].reason, NoticeReason::Invalid(_)), "{n:?}");
    let (_, n) = parse_query("tn=12");
    assert!(matches!(n[0].reason, NoticeReason::Invalid(_)), "{n:?}");
}

#[test]
fn means_come_in_pairs_of_finite_numbers() {
    assert_eq!(parse_query("m0=1,2&m1=3,4").0.gda.means, Some([[1.0, 2.0], [3.0, 4.0]]));
    let (s, n) = parse_query("m0=1,2");
    assert_eq!(s.gda.means, None);
    assert_eq!(n.len(), 1);
    for bad in ["m0=1&m1=3,4", "m0=1,2,3&m1=3,4", "m0=NaN,2&m1=3,4", "m0=1e7,2&m1=3,4"] {
        assert_eq!(parse_query(bad).0.gda.means, None, "{bad}");
    }
}

#[test]
fn a_truncated_or_huge_query_never_panics() {
    for q in ["a=%", "a=%E4%BD", "%%%", "&&&=&=", "t=%F0%9F%8E", "=1", "a"] {
        let _ = parse_query(q);
    }
    let huge = format!("t={}", "é".repeat(20_000));
    let (s, n) = parse_query(&huge);
    assert!(n.iter().any(|n| n.reason == NoticeReason::TooLong));
    assert!(s.nb.text.chars().count() <= MAX_TEXT_IN_LINK);
}

/// Slides mode (`deck=1`, for a panel framed in a slide deck): it round-trips, the default
/// writes nothing, and any other value is refused with a notice naming the key.
#[test]
fn slides_mode_round_trips_and_a_bad_value_is_a_notice() {
    let s = AppState { deck: true, embed: Some("gda".into()), ..AppState::default() };
    let q = to_query(&s);
    assert_eq!(q, "embed=gda&deck=1");
    let (back, notices) = parse_query(&q);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(back, s);
    assert!(!parse_query("").0.deck);
    assert!(!parse_query("deck=0").0.deck);
    assert_eq!(to_query(&parse_query("deck=0").0), "");
    for bad in ["true", "", "2", "yes"] {
        let (s, _) = parse_query(&format!("deck={bad}"));
        assert!(!s.deck, "{bad}");
        assert_eq!(invalid_keys(&format!("deck={bad}")), vec!["deck".to_string()], "{bad}");
    }
}

/// The colour theme (`theme=dark|light`; absent follows the system): each value round-trips,
/// a bad one is refused with a notice naming the key, and the default writes nothing.
#[test]
fn the_theme_round_trips_and_a_bad_value_is_a_notice() {
    for t in ["dark", "light"] {
        let s = AppState { theme: Some(t.into()), ..AppState::default() };
        let q = to_query(&s);
        assert_eq!(q, format!("theme={t}"));
        let (back, notices) = parse_query(&q);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(back, s);
    }
    assert_eq!(parse_query("").0.theme, None);
    for bad in ["Dark", "auto", "", "1", "dark%20"] {
        let (s, notices) = parse_query(&format!("theme={bad}"));
        assert_eq!(s.theme, None, "{bad}");
        assert_eq!(invalid_keys(&format!("theme={bad}")), vec!["theme".to_string()], "{bad}: {notices:?}");
    }
    // The first of two values counts; the second is a notice.
    let (s, notices) = parse_query("theme=dark&theme=light");
    assert_eq!(s.theme.as_deref(), Some("dark"));
    assert!(matches!(notices[0].reason, NoticeReason::Repeated));
}

#[test]
fn a_link_without_t_shows_the_first_message_and_an_empty_t_an_empty_box() {
    // The spam panel opens on a message; a link without `t` must show that message (the
    // page once showed it while the state said "", so history could not bring it back).
    use genlab::state::NB_FIRST_MESSAGE;
    assert_eq!(parse_query("").0.nb.text, NB_FIRST_MESSAGE);
    assert_eq!(to_query(&AppState::default()), "");
    let mut s = AppState::default();
    s.nb.text = String::new();
    assert_eq!(to_query(&s), "t=");
    let (back, notices) = parse_query("t=");
    assert!(notices.is_empty());
    assert_eq!(back, s);
}

#[test]
fn a_mean_link_carries_exactly_what_the_panel_can_show_and_refuses_the_rest_with_a_notice() {
    // The panel stops a dragged mean at MAX_MEAN (genlab::gda::lab) and a link accepts up
    // to it: a screen always has a link, and a link value out of range is a notice, never
    // a silent change.
    use genlab::gda::lab::MAX_MEAN;
    let (s, n) = parse_query(&format!("m0={MAX_MEAN},-{MAX_MEAN}&m1=0.5,0"));
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(s.gda.means, Some([[MAX_MEAN, -MAX_MEAN], [0.5, 0.0]]));
    let (s, n) = parse_query("m0=1000000.5,0&m1=0.5,0");
    assert_eq!(s.gda.means, None);
    assert!(n.iter().any(|x| x.key == "m0" && matches!(x.reason, NoticeReason::Invalid(_))), "{n:?}");
}

/// A lesson in a link (docs: `genlab::state`'s table): a built-in id or `~` and base64url,
/// with the step; anything else is a notice and no lesson.
#[test]
fn a_link_carries_a_lesson_and_its_step() {
    let (s, n) = parse_query("lesson=gda-boundary&step=3");
    assert!(n.is_empty(), "{n:?}");
    assert_eq!((s.lesson.as_deref(), s.step), (Some("gda-boundary"), 3));
    assert_eq!(to_query(&s), "lesson=gda-boundary&step=3");
    let (s, n) = parse_query("lesson=~AbC-_9");
    assert!(n.is_empty());
    assert_eq!((s.lesson.as_deref(), s.step), (Some("~AbC-_9"), 1));
    for bad in ["lesson=no-such-lesson", "lesson=~", "lesson=~a%2Bb", "step=0", "step=201", "step=1.5"] {
        let (s, n) = parse_query(bad);
        assert_eq!(n.len(), 1, "{bad}");
        assert_eq!((s.lesson, s.step), (None, 1), "{bad}");
    }
    assert_eq!(parse_query(&format!("lesson=~{}", "a".repeat(24_001))).1.len(), 1);
}

/// A quiz question in a link: `panel.kind.seed` with a kind the panel asks (the list in
/// src/state/page.rs, written out here by hand) and a seed of 1 to 9 digits; anything else
/// is ignored with a notice, and a good one comes back unchanged.
#[test]
fn quiz_question_in_a_link() {
    use genlab::state::quiz_value;
    for good in [
        "gda.boundary.1",
        "gda.shape.123456789",
        "nb.alpha0.42",
        "curves.crossover.7",
        "gda.threshold.000",
        "cat.verdict.9",
    ] {
        assert!(quiz_value(good), "{good}");
        let (s, notices) = parse_query(&format!("quiz={good}"));
        assert!(notices.is_empty(), "{good}: {notices:?}");
        assert_eq!(s.quiz.as_deref(), Some(good));
        assert_eq!(to_query(&s), format!("quiz={good}"));
    }
    for bad in [
        "gda.bet.1",
        "nb.boundary.1",
        "gda.boundary",
        "gda.boundary.",
        "gda.boundary.1234567890",
        "gda.boundary.-1",
        "gda.boundary.1.2",
        "cat.boundary.1",
        "cat.bet.1",
        "nb.verdict.1",
        "cat.verdict",
        "",
    ] {
        assert!(!quiz_value(bad), "{bad}");
        let (s, notices) = parse_query(&format!("quiz={bad}"));
        assert_eq!(s.quiz, None, "{bad}");
        assert_eq!(notices.len(), 1, "{bad}");
        assert_eq!(notices[0].key, "quiz");
    }
    // No quiz by default, and none written.
    assert_eq!(AppState::default().quiz, None);
    assert_eq!(to_query(&AppState::default()), "");
}
