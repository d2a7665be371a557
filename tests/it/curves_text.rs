//! The learning curves' text models against scikit-learn 1.9.1 and numpy, on genlab's own
//! tokens of the teaching corpus.
//!
//! Every expected number in `reference` is printed by `tools/sklearn/curves_reference.py`
//! (scikit-learn 1.9.1's `MultinomialNB` and `BernoulliNB` on the vocabulary of the training
//! messages, and an exact Newton solution of the penalised logistic loss in numpy on the same
//! features: word counts, or presence 0/1). The small cases are worked by hand.

use genlab::curves::text::{SparseLogistic, TextData, TextNb};
use genlab::curves::{CurveRun, CurveSpec, Pairing};
use genlab::nb::EventModel;
use genlab::Error;
use reference::*;

fn close(got: f64, want: f64, tol: f64, what: &str) {
    assert!((got - want).abs() <= tol * want.abs().max(1.0), "{what}: got {got}, want {want}");
}

const TRAIN: std::ops::Range<usize> = 0..150;
const TEST: std::ops::Range<usize> = 150..200;

#[test]
fn the_teaching_corpus_reads_as_the_spam_panel_reads_it() {
    // src/data/teaching_corpus.txt: 372 lines, 148 of them labelled spam, no repeats
    // (counted with `cut -f1 | sort | uniq -c`).
    let t = TextData::teaching();
    assert_eq!(t.len(), 372);
    assert_eq!(t.y.iter().filter(|&&y| y == 1).count(), 148);
    // The first line: "spam<TAB>Want a better rate on your mortgage? Our brokers can save
    // you £200 per month. Reply RATE for a call back." — 21 tokens ("£" is no letter or
    // digit: "200"), "rate" and "a" twice.
    assert_eq!(&t.vocab[..4], ["want", "a", "better", "rate"]);
    let first = t.doc(0);
    assert_eq!(first.iter().map(|&(_, c)| c).sum::<u32>(), 21);
    assert_eq!(first.iter().find(|&&(w, _)| t.vocab[w as usize] == "rate").map(|&(_, c)| c), Some(2));
}

#[test]
fn multinomial_naive_bayes_matches_sklearn() {
    let t = TextData::teaching();
    let train: Vec<usize> = TRAIN.collect();
    let nb = TextNb::fit(&t, &train, EventModel::Multinomial, 1.0);
    assert_eq!(nb.vocabulary, TEXT_VOCAB[0]);
    for (k, i) in TEST.enumerate() {
        let jll = nb.joint_log_likelihood(&t, i);
        close(jll[0], TEXT_MN_JLL0[k], 1e-8, &format!("message {i}, ham"));
        close(jll[1], TEXT_MN_JLL1[k], 1e-8, &format!("message {i}, spam"));
        assert_eq!(nb.predict(&t, i), u8::from(TEXT_MN_JLL1[k] > TEXT_MN_JLL0[k]));
    }
}

#[test]
fn bernoulli_naive_bayes_matches_sklearn() {
    let t = TextData::teaching();
    let train: Vec<usize> = TRAIN.collect();
    let nb = TextNb::fit(&t, &train, EventModel::Bernoulli, 0.5);
    for (k, i) in TEST.enumerate() {
        let jll = nb.joint_log_likelihood(&t, i);
        close(jll[0], TEXT_BN_JLL0[k], 1e-8, &format!("message {i}, ham"));
        close(jll[1], TEXT_BN_JLL1[k], 1e-8, &format!("message {i}, spam"));
    }
}

fn check_logistic(event: EventModel, lambda: f64, b: f64, words: &[usize], w: &[f64], scores: &[f64]) {
    let t = TextData::teaching();
    let train: Vec<usize> = TRAIN.collect();
    let lr = SparseLogistic::fit(&t, &train, event, lambda, None);
    assert!(lr.converged && !lr.no_finite_fit);
    close(lr.rule.b, b, 1e-8, "intercept");
    for (&j, &want) in words.iter().zip(w) {
        close(lr.rule.w[j], want, 1e-8, &format!("weight of “{}”", t.vocab[j]));
    }
    for (k, i) in TEST.enumerate() {
        close(lr.rule.score(&t, i, event), scores[k], 1e-8, &format!("score of message {i}"));
    }
    // A warm start from a nested subset reaches the same minimiser.
    let small: Vec<usize> = (0..60).collect();
    let start = SparseLogistic::fit(&t, &small, event, lambda, None);
    let warm = SparseLogistic::fit(&t, &train, event, lambda, Some(&start.rule));
    for (k, i) in TEST.enumerate() {
        close(warm.rule.score(&t, i, event), scores[k], 1e-8, &format!("warm score of message {i}"));
    }
}

#[test]
fn sparse_logistic_regression_on_counts_matches_numpy_newton() {
    check_logistic(
        EventModel::Multinomial,
        1.0,
        TEXT_LR_COUNTS_B[0],
        &TEXT_LR_COUNTS_WORDS,
        &TEXT_LR_COUNTS_W,
        &TEXT_LR_COUNTS_SCORES,
    );
}

#[test]
fn sparse_logistic_regression_on_presence_matches_numpy_newton() {
    check_logistic(
        EventModel::Bernoulli,
        0.1,
        TEXT_LR_BINARY_B[0],
        &TEXT_LR_BINARY_WORDS,
        &TEXT_LR_BINARY_W,
        &TEXT_LR_BINARY_SCORES,
    );
}

/// Word 0 only in ham, word 1 only in spam: ham [0], [0, 0]; spam [1], [1, 2].
fn tiny() -> TextData {
    let docs: [(&[u32], u8); 4] = [(&[0], 0), (&[0, 0], 0), (&[1], 1), (&[1, 2], 1)];
    TextData::from_docs(docs, 3).unwrap()
}

#[test]
fn smoothing_zero_vetoes_exactly_and_a_double_veto_goes_to_ham() {
    let docs: [(&[u32], u8); 7] =
        [(&[0], 0), (&[0, 0], 0), (&[1], 1), (&[1, 2], 1), (&[0, 1], 0), (&[1], 1), (&[2], 0)];
    let t = TextData::from_docs(docs, 3).unwrap();
    let train = [0, 1, 2, 3];
    // Multinomial, α = 0: P(1 | ham) = 0 and P(0 | spam) = 0.
    let nb = TextNb::fit(&t, &train, EventModel::Multinomial, 0.0);
    assert_eq!(nb.joint_log_likelihood(&t, 4), [f64::NEG_INFINITY; 2]);
    assert_eq!(nb.predict(&t, 4), 0, "both classes vetoed: 0/0, ham");
    assert_eq!(nb.predict(&t, 5), 1, "ham vetoed by word 1");
    // Spam: log ½ + log P(2 | spam) = log ½ + log(1/3) (spam has 3 tokens, one of them 2).
    let jll = nb.joint_log_likelihood(&t, 6);
    assert_eq!(jll[0], f64::NEG_INFINITY);
    close(jll[1], (0.5f64).ln() + (1.0f64 / 3.0).ln(), 1e-15, "spam score of [2]");
    // Bernoulli, α = 0: p_ham = (1, 0, 0), p_spam = (0, 1, ½) over words 0, 1, 2.
    let nb = TextNb::fit(&t, &train, EventModel::Bernoulli, 0.0);
    // [1]: ham vetoed (word 0 absent, p = 1; word 1 present, p = 0); spam: ½ · 1 · 1 · ½.
    let jll = nb.joint_log_likelihood(&t, 5);
    assert_eq!(jll[0], f64::NEG_INFINITY);
    close(jll[1], (0.25f64).ln(), 1e-15, "spam score of [1]");
    assert_eq!(nb.predict(&t, 5), 1);
    assert!((0..7).all(|i| nb.joint_log_likelihood(&t, i).iter().all(|v| !v.is_nan())));
}

#[test]
fn laplace_smoothing_by_hand() {
    // Multinomial, α = 1 on the tiny corpus: V = {0, 1, 2}, ham has 3 tokens (all word 0),
    // spam 3 (1, 1, 2). P(0 | ham) = 4/6, P(1 | ham) = 1/6; P(0 | spam) = 1/6, P(1 | spam) = 3/6.
    let t = tiny();
    let nb = TextNb::fit(&t, &[0, 1, 2, 3], EventModel::Multinomial, 1.0);
    close(nb.log_prob[0][0], (4.0f64 / 6.0).ln(), 1e-15, "P(0 | ham)");
    close(nb.log_prob[1][1], (3.0f64 / 6.0).ln(), 1e-15, "P(1 | spam)");
    // Bernoulli, α = 1: p_ham(0) = (2 + 1)/(2 + 2) = ¾, p_spam(2) = (1 + 1)/4 = ½.
    let nb = TextNb::fit(&t, &[0, 1, 2, 3], EventModel::Bernoulli, 1.0);
    close(nb.log_prob[0][0], (0.75f64).ln(), 1e-15, "p_ham(0)");
    close(nb.log_not[1][2], (0.5f64).ln(), 1e-15, "1 − p_spam(2)");
}

#[test]
fn unpenalised_logistic_regression_on_separable_messages_has_no_finite_fit() {
    let t = tiny();
    let lr = SparseLogistic::fit(&t, &[0, 1, 2, 3], EventModel::Multinomial, 0.0, None);
    assert!(lr.no_finite_fit);
    assert!((0..4).all(|i| lr.rule.predict(&t, i, EventModel::Multinomial) == t.y[i]));
    assert!(!SparseLogistic::fit(&t, &[0, 1, 2, 3], EventModel::Multinomial, 1.0, None).no_finite_fit);
}

#[test]
fn bad_word_lists_are_refused_with_their_reason() {
    // Offsets that do not cover the ids.
    assert!(matches!(
        TextData::from_packed(&[0, 0, 1, 1], &[0, 1, 2, 3], &[0, 1, 2], 3),
        Err(Error::LengthMismatch { .. })
    ));
    // A word id beyond the vocabulary.
    assert!(matches!(
        TextData::from_packed(&[0, 0, 1, 1], &[0, 1, 2, 3, 4], &[0, 1, 2, 7], 3),
        Err(Error::IndexOutOfRange { index: 7, .. })
    ));
    // One spam message: nothing to test it on.
    assert!(matches!(
        TextData::from_packed(&[0, 0, 0, 1], &[0, 1, 2, 3, 4], &[0, 1, 2, 2], 3),
        Err(Error::EmptyClass { class: 1 })
    ));
    assert!(matches!(TextData::from_packed(&[0, 2], &[0, 1, 2], &[0, 1], 3), Err(Error::BadLabel { .. })));
    // A good one: message 3 is word 2 twice.
    let t = TextData::from_packed(&[0, 0, 1, 1], &[0, 1, 2, 3, 5], &[0, 1, 2, 2, 2], 3).unwrap();
    assert_eq!(t.doc(3), [(2, 2)]);
}

#[test]
fn a_text_run_stepped_in_pieces_equals_a_run_in_one_go() {
    let pairing = Pairing::from_id("textbern").unwrap();
    let spec = CurveSpec { pairing, m_min: 4, m_max: 1000, sizes: 6, splits: 6, lambda: 0.1, alpha: 1.0, seed: 3 };
    let mut a = CurveRun::new(spec, pairing.data(3, "").unwrap()).unwrap();
    a.step(6);
    let mut b = CurveRun::new(spec, pairing.data(3, "").unwrap()).unwrap();
    while !b.step(2) {}
    assert_eq!(a.summary(), b.summary());
    let s = a.summary();
    assert_eq!(s.curves[0].model, "bnb");
    assert_eq!(s.rows, 372);
    // The largest m is the training pool: 70 % of each class, ⌈0.3 n⌉ held out
    // (224 ham: 68 test, 148 spam: 45 test).
    assert_eq!((s.pool, s.test), (224 - 68 + 148 - 45, 68 + 45));
    // A text pairing refuses dense rows and the other way round.
    let dense = Pairing::from_id("true").unwrap().data(1, "").unwrap();
    assert!(CurveRun::new(spec, dense).is_err());
    // The spam panel's corpus comes from the page, never from `data`.
    assert!(Pairing::from_id("usermn").unwrap().data(1, "").is_err());
}

#[allow(clippy::unreadable_literal, clippy::excessive_precision)]
mod reference {
    pub const TEXT_VOCAB: [usize; 1] = [1038];
    pub const TEXT_MN_JLL0: [f64; 50] = [
        -44.359806943631554,
        -81.09487912218515,
        -82.75838425588951,
        -26.096214259595122,
        -68.14652700710742,
        -53.93014366065886,
        -68.99419505393101,
        -72.01302168328763,
        -74.18207538365716,
        -76.31180097179838,
        -59.23659115329015,
        -82.64060122023314,
        -81.89480112576959,
        -100.55592137985057,
        -58.49045144258969,
        -39.12168906933899,
        -44.593807912944946,
        -92.8656353591738,
        -91.78098023075029,
        -64.77043383319685,
        -83.3863736210385,
        -76.06052730147157,
        -53.16118927219224,
        -55.41645045508623,
        -152.194529783702,
        -58.835996975416585,
        -80.77984887951813,
        -43.892740174059135,
        -94.66603417359151,
        -114.09700780733601,
        -168.92885377319374,
        -49.3236007908588,
        -83.65405570056093,
        -68.34472293687372,
        -169.1677456814761,
        -73.53656433868007,
        -90.45686704377046,
        -99.27272857460255,
        -63.856411288286374,
        -79.30142041720413,
        -102.85666145387104,
        -61.35299193975608,
        -112.0427639593425,
        -54.59400781449419,
        -21.16764391855317,
        -141.00733445882108,
        -162.42906673253788,
        -157.04851126775287,
        -65.17309781902529,
        -64.03027048219153,
    ];
    pub const TEXT_MN_JLL1: [f64; 50] = [
        -53.005135035358165,
        -85.58814799315924,
        -89.58078334455604,
        -27.753699720165724,
        -79.77800550251214,
        -46.45185930975131,
        -64.70535754897683,
        -78.75725688500533,
        -82.45855885911783,
        -83.0133761162252,
        -58.581890491204746,
        -91.77800792189225,
        -90.6670699835335,
        -98.04482889176137,
        -62.020828200849756,
        -43.98887223157148,
        -56.419561289719155,
        -102.13917345398347,
        -100.65116988203825,
        -60.661078964428214,
        -76.52178584277353,
        -88.24295367974266,
        -49.695403381035014,
        -59.46181357890803,
        -139.0078532921405,
        -60.67375455288315,
        -94.39644596430477,
        -54.18379003169981,
        -94.93106051409461,
        -130.22934305220588,
        -165.06477825501958,
        -49.17315473760355,
        -88.95217468513364,
        -70.85602123545792,
        -159.9206115682988,
        -70.0659381228253,
        -89.35763979324182,
        -89.54644125294931,
        -72.46203644061451,
        -75.17283531652406,
        -95.12676478317131,
        -63.69798317126675,
        -104.4871261713143,
        -63.866401822891724,
        -23.391966904831655,
        -122.62649827055672,
        -144.18393903096842,
        -142.85876048370858,
        -61.11272226625716,
        -71.206998158282,
    ];
    pub const TEXT_BN_JLL0: [f64; 50] = [
        -37.45224352209382,
        -60.600370317543266,
        -60.173356810214976,
        -32.37511497915953,
        -48.57833744177671,
        -49.19527136184075,
        -48.555079359459704,
        -54.02679811545418,
        -53.49056986337136,
        -54.10524830290058,
        -52.34578701182103,
        -60.48061040575148,
        -57.09418037369704,
        -80.79579561506495,
        -50.25708712857916,
        -39.42043325676982,
        -33.577513839846716,
        -64.5934810185226,
        -65.26015407462697,
        -53.96914628352772,
        -61.85259726542363,
        -53.98718381875569,
        -49.0095476904753,
        -46.35677044024308,
        -114.0600545128525,
        -50.80644726367042,
        -52.018802847492154,
        -35.52018348670921,
        -68.29483913988703,
        -65.61909047519569,
        -107.3596525525536,
        -43.50093237618658,
        -61.76601235767081,
        -51.88717031480844,
        -121.00597095516306,
        -53.52542244812957,
        -72.00444626501528,
        -73.20277315803926,
        -51.106986456083064,
        -63.06106037281553,
        -72.57666141843467,
        -50.0653600375975,
        -77.00783304268248,
        -40.33154192757223,
        -30.799437882351338,
        -79.12606700748381,
        -112.54381128849153,
        -115.07472749864905,
        -52.20370162971702,
        -48.129729854556516,
    ];
    pub const TEXT_BN_JLL1: [f64; 50] = [
        -55.57399685903258,
        -70.94804165795502,
        -72.97821215062808,
        -44.13316767353232,
        -66.6028099805671,
        -46.53248713939144,
        -51.341961163372375,
        -67.53664283471196,
        -68.82421981431966,
        -67.80950834940772,
        -57.165045692490224,
        -75.97447600527664,
        -69.91289428565803,
        -81.32631172129831,
        -61.18475795576583,
        -54.657192635466345,
        -50.64838663697486,
        -79.30519113876201,
        -79.53792332600288,
        -54.14897697830631,
        -58.934283737347116,
        -76.1129338696068,
        -50.42944340766219,
        -58.347460552777015,
        -94.96352371872672,
        -59.84937333292248,
        -70.8159537320764,
        -52.24544049020925,
        -71.92306328436885,
        -85.57669777256764,
        -104.14396244474001,
        -49.99865822824113,
        -71.91952280756162,
        -61.96581235917276,
        -107.15508141814763,
        -54.99425140400533,
        -74.96754716133735,
        -63.708305703215316,
        -64.90605474461621,
        -61.91120844943087,
        -65.64602418750913,
        -56.33452217307844,
        -67.97072911383019,
        -56.95465667184608,
        -43.917422429699556,
        -68.59225901644658,
        -92.3179764779056,
        -95.73454101531284,
        -55.33112375020603,
        -63.01301905029156,
    ];
    pub const TEXT_LR_COUNTS_B: [f64; 1] = [-1.9279118988586468];
    pub const TEXT_LR_COUNTS_WORDS: [usize; 40] = [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
        30, 31, 32, 33, 34, 35, 36, 37, 38, 39,
    ];
    pub const TEXT_LR_COUNTS_W: [f64; 40] = [
        -0.0800322692410044,
        0.5181692447024404,
        0.04393387453812127,
        0.22669371386684892,
        -0.22390338000624724,
        1.1376140115554045,
        0.11334685693342446,
        0.5998133560194718,
        0.11334685693342446,
        -0.13221173571629002,
        0.0849967604890367,
        -0.3153087357445594,
        0.11334685693342446,
        0.2683468413829401,
        0.11334685693342446,
        0.3473923056074717,
        0.18889083552068117,
        0.19955343267108913,
        -0.07728552998546818,
        -0.059483628492980604,
        0.18938710687434904,
        0.26498769241424996,
        0.27595340566473636,
        0.2679466861386502,
        0.1367657470505691,
        0.1367657470505691,
        0.3220873731317162,
        0.20719691468081106,
        0.43271800570042973,
        0.1367657470505691,
        0.28556238470392886,
        0.1367657470505691,
        0.2507935467362918,
        -0.15159132604620304,
        -0.15159132604620304,
        -0.15159132604620304,
        -0.15159132604620304,
        -0.11686725701244219,
        0.6961647599681654,
        -0.15159132604620304,
    ];
    pub const TEXT_LR_COUNTS_SCORES: [f64; 50] = [
        -2.9223430760671882,
        -2.1200768323683072,
        -2.3109858171675084,
        -1.4530326488651066,
        -4.1549319743537,
        2.0904522448463183,
        1.5372100092306191,
        -2.708186735352264,
        -2.784940768781733,
        -1.7058243659008407,
        -1.6354248906478204,
        -3.468073433304011,
        -3.215618769443971,
        -0.7377851436713387,
        -1.8370421269960735,
        -2.329007380449767,
        -5.068227796183865,
        -3.20462422253809,
        -2.527742838664861,
        0.11321722979353388,
        2.2463034820485834,
        -3.0956608929635268,
        -0.8287492028268588,
        -2.4611867787515056,
        0.8442482635825106,
        -1.967524891535873,
        -3.178807753099993,
        -3.9983554962915537,
        -0.4368691709692325,
        -4.1105141604470425,
        -0.34201094192032944,
        -0.4423155940557557,
        -2.690095293672929,
        -0.5610501180825338,
        0.6131390083170791,
        1.2212388712309263,
        -0.749544577427073,
        2.1023451008872103,
        -2.8003451461693882,
        0.46131659267934144,
        1.9714884372448045,
        -2.659194420770078,
        2.6357875659949954,
        -3.4282054969437015,
        -2.0581245568003292,
        1.671338998510463,
        3.2422511447037916,
        1.5797225100387198,
        1.6123331474153109,
        -2.9886805291770377,
    ];
    pub const TEXT_LR_BINARY_B: [f64; 1] = [-3.009203328802893];
    pub const TEXT_LR_BINARY_WORDS: [usize; 40] = [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
        30, 31, 32, 33, 34, 35, 36, 37, 38, 39,
    ];
    pub const TEXT_LR_BINARY_W: [f64; 40] = [
        -0.15366579786744955,
        0.965528016592953,
        0.06475288308717254,
        0.3035763677433634,
        -0.3928921336420358,
        1.8472948523574169,
        0.3035763677433634,
        1.2650008260877055,
        0.3035763677433634,
        -0.26905643472318075,
        0.25223943475519006,
        -0.3035861679037284,
        0.3035763677433634,
        0.5863533805521602,
        0.3035763677433634,
        0.8606503320391924,
        0.013461547935253983,
        0.31991806563757974,
        -0.10079811840616681,
        -0.18166240735835293,
        0.3538854489165274,
        0.4462059607293528,
        0.6493643338156163,
        0.2865272758931174,
        0.32378436030011,
        0.32378436030011,
        0.5910635904245712,
        0.5021977595613413,
        0.37494389437350206,
        0.32378436030011,
        0.5835861176390179,
        0.32378436030011,
        0.5397743149507682,
        -0.3692860985011965,
        -0.36928609850119654,
        -0.36928609850119654,
        -0.3692860985011965,
        -0.28826922969325286,
        1.1935612516242797,
        -0.36928609850119654,
    ];
    pub const TEXT_LR_BINARY_SCORES: [f64; 50] = [
        -4.901431268894161,
        -3.1851447051810653,
        -3.3486243666480773,
        -2.3625584545347937,
        -4.635050705735208,
        4.02439086594482,
        1.2050484087695863,
        -3.913553697699221,
        -4.1319761718860075,
        -2.8471952127580593,
        -2.4423240333212277,
        -4.962750215134278,
        -3.4908992354139943,
        -0.9741143528924683,
        -2.7144248057841427,
        -3.9016407293592774,
        -4.591481619256388,
        -4.006382124882296,
        -3.683957242921114,
        0.5101510968303904,
        2.9570759495401053,
        -5.180781812267178,
        -0.14237294101597886,
        -4.011845348556755,
        2.1862411922730343,
        -3.204590495841831,
        -4.446895003373267,
        -5.547542409712094,
        0.028312496508226204,
        -6.425801822211884,
        -0.6216096370103807,
        -0.5748128820964942,
        -3.9626311870467927,
        -1.7951408215935065,
        1.5614489513268368,
        1.3521776621311523,
        -0.5190974752021962,
        3.334028891902643,
        -3.214185225190872,
        1.7968374564420064,
        2.847970868395723,
        -2.889258403908653,
        5.321861168897016,
        -4.859518615235,
        -3.2673334853554223,
        1.4711586409073685,
        5.187666908522969,
        3.325474370294802,
        0.9658129737247712,
        -5.1583219266174805,
    ];
}
