//! Worked examples with blanks (`genlab::predict::{gda_example, nb_example,
//! categorical_example}`) and natural frequencies.
//!
//! On 10⁴ seeded random states per panel: every number of the worked example equals the
//! fitted model's, the plugged-in numbers reproduce it through the step's formula, the
//! expected values are recomputed here independently from the raw data (plain two-pass sums
//! and counts written out in this file, not the crate's code), the right answer to every
//! blank is accepted, and each listed typical wrong answer (computed here from its own
//! wrong formula) gets its hint. Natural frequencies: hand-worked cases and the sum on random
//! probabilities.

// Index loops over 2 × 2 matrices read like the formulas they check.
#![allow(clippy::needless_range_loop)]

use genlab::gda::Gda;
use genlab::nb::categorical::Attribute;
use genlab::nb::{CategoricalNb, CategoricalTable, EventModel, Label, NaiveBayes, Prior};
use genlab::predict::{
    categorical_example, gda_example, natural_frequencies, natural_frequencies_binary, nb_example, Blank, Quantity,
    WorkedExample,
};
use genlab::stats::sampling::rng;
use rand::Rng as _;

const STATES: u64 = 10_000;

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs()).max(1.0)
}

fn scalar(q: Quantity) -> f64 {
    match q {
        Quantity::Scalar(v) => v,
        other => panic!("not a scalar: {other:?}"),
    }
}

/// The right answer is accepted, also a little off (half the tolerance); each wrong answer
/// (id, value) farther than twice the tolerance from the truth gets its hint, unless another
/// listed mistake gives nearly the same number.
fn check_blank(ex: &WorkedExample, blank: Blank, wrong: &[(&str, Quantity)], what: &str) {
    let step = ex.step(blank).unwrap();
    let ok = ex.check(blank, step.value).unwrap();
    assert!(ok.correct && ok.hint.is_none(), "{what}: the right answer to {blank:?}");
    let nudged = match step.value {
        Quantity::Scalar(v) => Quantity::Scalar(v + 0.5 * step.tolerance),
        Quantity::Vector(v) => Quantity::Vector(v.map(|c| c - 0.5 * step.tolerance)),
        Quantity::Matrix(m) => Quantity::Matrix(m.map(|r| r.map(|c| c + 0.5 * step.tolerance))),
    };
    assert!(ex.check(blank, nudged).unwrap().correct, "{what}: within the tolerance");
    for (id, q) in wrong {
        if q.within(&step.value, 2.0 * step.tolerance) {
            continue; // these numbers cannot tell this mistake from the right answer
        }
        let got = ex.check(blank, *q).unwrap();
        assert!(!got.correct, "{what}: {id} accepted for {blank:?}");
        let ambiguous = wrong.iter().any(|(other, r)| other != id && r.within(q, 2.0 * step.tolerance));
        if !ambiguous {
            assert_eq!(got.hint, Some(*id), "{what}: {blank:?} answered {q:?}, truth {:?}", step.value);
        }
    }
}

/// m₀, m₁ points each (2 to 12), uniform in a square around a random centre per class.
fn random_points(seed: u64) -> (Vec<[f64; 2]>, Vec<u8>) {
    let mut r = rng(seed);
    let mut pts = Vec::new();
    let mut labels = Vec::new();
    for label in [0u8, 1] {
        let n = r.random_range(2..=12);
        let centre = [r.random_range(-5.0..5.0), r.random_range(-5.0..5.0)];
        let spread = r.random_range(0.3..3.0);
        for _ in 0..n {
            pts.push([centre[0] + spread * r.random_range(-1.0..1.0), centre[1] + spread * r.random_range(-1.0..1.0)]);
            labels.push(label);
        }
    }
    (pts, labels)
}

#[test]
fn gda_worked_numbers_are_the_models_and_the_blanks_are_checked() {
    for seed in 0..STATES {
        let (pts, labels) = random_points(seed);
        let what = format!("seed {seed}");
        let ex = gda_example(&pts, &labels).unwrap();
        let gda = Gda::fit(&pts, &labels).unwrap();
        assert_eq!(ex.fading, [Blank::B, Blank::W, Blank::Sigma, Blank::Mu1, Blank::Mu0, Blank::Phi]);
        let value = |b: Blank| ex.step(b).unwrap().value;
        assert_eq!(value(Blank::Phi), Quantity::Scalar(gda.phi()));
        assert_eq!(value(Blank::Mu0), Quantity::Vector(gda.mu0()));
        assert_eq!(value(Blank::Mu1), Quantity::Vector(gda.mu1()));
        assert_eq!(value(Blank::Sigma), Quantity::Matrix(gda.sigma()));
        let (w, b) = gda.log_odds_coefficients();
        assert_eq!(value(Blank::W), Quantity::Vector(w));
        assert_eq!(value(Blank::B), Quantity::Scalar(b));
        // Independently, two passes over the raw points.
        let m = pts.len() as f64;
        let mut n = [0.0; 2];
        let mut sum = [[0.0; 2]; 2];
        for (x, &y) in pts.iter().zip(&labels) {
            n[y as usize] += 1.0;
            sum[y as usize][0] += x[0];
            sum[y as usize][1] += x[1];
        }
        let mu = [[sum[0][0] / n[0], sum[0][1] / n[0]], [sum[1][0] / n[1], sum[1][1] / n[1]]];
        let mut s = [[0.0; 2]; 2];
        for (x, &y) in pts.iter().zip(&labels) {
            let d = [x[0] - mu[y as usize][0], x[1] - mu[y as usize][1]];
            for i in 0..2 {
                for j in 0..2 {
                    s[i][j] += d[i] * d[j];
                }
            }
        }
        let sigma = s.map(|r| r.map(|v| v / m));
        let det = sigma[0][0] * sigma[1][1] - sigma[0][1] * sigma[1][0];
        let dm = [mu[1][0] - mu[0][0], mu[1][1] - mu[0][1]];
        let w_ind =
            [(sigma[1][1] * dm[0] - sigma[0][1] * dm[1]) / det, (sigma[0][0] * dm[1] - sigma[1][0] * dm[0]) / det];
        let phi = n[1] / m;
        let mean_term = -0.5 * (w_ind[0] * (mu[0][0] + mu[1][0]) + w_ind[1] * (mu[0][1] + mu[1][1]));
        let prior_term = (phi / (1.0 - phi)).ln();
        let rel = 1e-8;
        assert!(close(gda.phi(), phi, 1e-15), "{what}: φ");
        for k in 0..2 {
            let got = scalar_vec(value(if k == 0 { Blank::Mu0 } else { Blank::Mu1 }));
            assert!(close(got[0], mu[k][0], 1e-12) && close(got[1], mu[k][1], 1e-12), "{what}: μ{k}");
        }
        let sig_scale = sigma.iter().flatten().fold(0.0f64, |a, v| a.max(v.abs()));
        for i in 0..2 {
            for j in 0..2 {
                assert!((gda.sigma()[i][j] - sigma[i][j]).abs() <= 1e-10 * sig_scale, "{what}: Σ");
            }
        }
        let w_scale = w_ind[0].abs().max(w_ind[1].abs()).max(1.0);
        assert!((w[0] - w_ind[0]).abs() <= rel * w_scale && (w[1] - w_ind[1]).abs() <= rel * w_scale, "{what}: w");
        let b_scale = mean_term.abs().max(prior_term.abs()).max(1.0);
        assert!((b - (mean_term + prior_term)).abs() <= rel * b_scale, "{what}: b");
        // The plugged-in numbers reproduce each value through the step's formula.
        let inputs = |bl: Blank| ex.step(bl).unwrap().inputs.iter().map(|i| i.value).collect::<Vec<_>>();
        let phi_in = inputs(Blank::Phi);
        assert_eq!(scalar(phi_in[0]) / scalar(phi_in[1]), gda.phi(), "{what}: m₁/m");
        let Quantity::Matrix(s_in) = inputs(Blank::Sigma)[0] else { panic!("S") };
        for i in 0..2 {
            for j in 0..2 {
                assert!((s_in[i][j] / m - sigma[i][j]).abs() <= 1e-10 * sig_scale, "{what}: S/m");
            }
        }
        // Every blank: the right answer, and the typical wrong ones computed here.
        check_blank(&ex, Blank::Phi, &[], &what);
        check_blank(&ex, Blank::Mu0, &[], &what);
        check_blank(&ex, Blank::Mu1, &[], &what);
        check_blank(&ex, Blank::W, &[], &what);
        let sigma_wrong = [
            ("sigma-divides-by-m-minus-one", Quantity::Matrix(s.map(|r| r.map(|v| v / (m - 1.0))))),
            ("sigma-divides-by-m-minus-one", Quantity::Matrix(s.map(|r| r.map(|v| v / (m - 2.0))))),
        ];
        check_blank(&ex, Blank::Sigma, &sigma_wrong, &what);
        let b_wrong = [
            ("prior-forgotten", Quantity::Scalar(mean_term)),
            ("decimal-log-for-ln", Quantity::Scalar(mean_term + (phi / (1.0 - phi)).log10())),
        ];
        check_blank(&ex, Blank::B, &b_wrong, &what);
        assert_eq!(ex.blanks(2), [Blank::B, Blank::W]);
    }
}

fn scalar_vec(q: Quantity) -> [f64; 2] {
    match q {
        Quantity::Vector(v) => v,
        other => panic!("not a vector: {other:?}"),
    }
}

const WORDS: [&str; 8] = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];

fn random_docs(r: &mut genlab::stats::sampling::Rng) -> Vec<(Vec<String>, Label)> {
    let mut docs = Vec::new();
    for label in [Label::Ham, Label::Spam] {
        for _ in 0..r.random_range(1..=6) {
            let len = r.random_range(1..=5);
            docs.push(((0..len).map(|_| WORDS[r.random_range(0..WORDS.len())].to_string()).collect(), label));
        }
    }
    docs
}

#[test]
fn nb_worked_numbers_are_the_models_and_the_blanks_are_checked() {
    for seed in 0..STATES {
        let mut r = rng(seed);
        let what = format!("seed {seed}");
        let docs = random_docs(&mut r);
        let event = if r.random_bool(0.5) { EventModel::Multinomial } else { EventModel::Bernoulli };
        let alpha = r.random_range(0.05..3.0);
        let model = NaiveBayes::fit_tokens(&docs, event, alpha, Prior::MaximumLikelihood).unwrap();
        let vocab: Vec<&str> =
            WORDS.iter().copied().filter(|w| docs.iter().any(|(d, _)| d.iter().any(|t| t == w))).collect();
        let mut msg: Vec<String> =
            (0..r.random_range(1..=5)).map(|_| WORDS[r.random_range(0..WORDS.len())].to_string()).collect();
        if r.random_bool(0.3) {
            msg.push("zulu".to_string()); // never in training: ignored
        }
        let word = vocab[r.random_range(0..vocab.len())];
        let class = if r.random_bool(0.5) { Label::Spam } else { Label::Ham };
        let ex = nb_example(&model, &msg, word, class).unwrap();
        assert_eq!(ex.fading, [Blank::LogOdds, Blank::WordProbability]);
        // Independently: counts from the documents, the formulas written out.
        let v = vocab.len() as f64;
        let of = |c: Label| docs.iter().filter(move |(_, l)| *l == c);
        let n_docs = |c: Label| of(c).count() as f64;
        let tokens_in =
            |c: Label, w: &str| of(c).map(|(d, _)| d.iter().filter(|t| *t == w).count() as f64).sum::<f64>();
        let docs_with = |c: Label, w: &str| of(c).filter(|(d, _)| d.iter().any(|t| t == w)).count() as f64;
        let total = |c: Label| of(c).map(|(d, _)| d.len() as f64).sum::<f64>();
        let p = |c: Label, w: &str| match event {
            EventModel::Multinomial => (tokens_in(c, w) + alpha) / (total(c) + alpha * v),
            EventModel::Bernoulli => (docs_with(c, w) + alpha) / (n_docs(c) + 2.0 * alpha),
        };
        let step = ex.step(Blank::WordProbability).unwrap();
        assert!(close(scalar(step.value), p(class, word), 1e-12), "{what}: P(w|c)");
        assert_eq!(scalar(step.value), model.word_log_prob(word, class).unwrap().exp());
        let (num, den) = match event {
            EventModel::Multinomial => (tokens_in(class, word), total(class)),
            EventModel::Bernoulli => (docs_with(class, word), n_docs(class)),
        };
        check_blank(
            &ex,
            Blank::WordProbability,
            &[
                ("smoothing-alpha-numerator-only", Quantity::Scalar((num + alpha) / den)),
                ("smoothing-denominator-count-missing", Quantity::Scalar((num + alpha) / (den + alpha))),
            ],
            &what,
        );
        // The log-odds, word by word.
        let prior = (n_docs(Label::Spam) / n_docs(Label::Ham)).ln();
        let in_msg: Vec<&str> = vocab.iter().copied().filter(|w| msg.iter().any(|t| t == w)).collect();
        let mut words_term = 0.0;
        let mut absent = 0.0;
        match event {
            EventModel::Multinomial => {
                for t in &msg {
                    if vocab.contains(&t.as_str()) {
                        words_term += (p(Label::Spam, t) / p(Label::Ham, t)).ln();
                    }
                }
            }
            EventModel::Bernoulli => {
                for w in &vocab {
                    if in_msg.contains(w) {
                        words_term += (p(Label::Spam, w) / p(Label::Ham, w)).ln();
                    } else {
                        absent += ((1.0 - p(Label::Spam, w)) / (1.0 - p(Label::Ham, w))).ln();
                    }
                }
            }
        }
        let z = prior + words_term + absent;
        let odds = ex.step(Blank::LogOdds).unwrap();
        assert_eq!(scalar(odds.value), model.posterior(&msg).log_odds.unwrap(), "{what}: the model's log-odds");
        let scale = prior.abs().max(words_term.abs()).max(absent.abs()).max(1.0);
        assert!((scalar(odds.value) - z).abs() <= 1e-10 * scale, "{what}: log-odds {:?} against {z}", odds.value);
        let sum: f64 = odds.inputs.iter().map(|i| scalar(i.value)).sum();
        assert!((sum - z).abs() <= 1e-10 * scale, "{what}: the terms add up");
        let mut wrong = vec![
            ("prior-forgotten", Quantity::Scalar(z - prior)),
            ("decimal-log-for-ln", Quantity::Scalar(z / 10f64.ln())),
        ];
        if event == EventModel::Bernoulli {
            wrong.push(("bernoulli-ignores-absent-words", Quantity::Scalar(z - absent)));
        }
        check_blank(&ex, Blank::LogOdds, &wrong, &what);
    }
}

#[test]
fn categorical_lidstone_numbers_are_the_models_and_the_blank_is_checked() {
    for seed in 0..STATES {
        let mut r = rng(seed);
        let what = format!("seed {seed}");
        let attrs: Vec<Attribute> = (0..r.random_range(1..=3))
            .map(|j| Attribute {
                name: format!("a{j}"),
                values: (0..r.random_range(2..=4)).map(|v| format!("v{v}")).collect(),
            })
            .collect();
        let k = r.random_range(2..=3);
        let class = Attribute { name: "class".into(), values: (0..k).map(|c| format!("c{c}")).collect() };
        let mut table = CategoricalTable::new("name", attrs.clone(), class).unwrap();
        let mut rows: Vec<(Vec<usize>, usize)> = Vec::new();
        for i in 0..r.random_range(1..=15) {
            let values: Vec<usize> = attrs.iter().map(|a| r.random_range(0..a.values.len())).collect();
            let c = r.random_range(0..k);
            let texts: Vec<String> = values.iter().map(|v| format!("v{v}")).collect();
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            table.add_row(&format!("r{i}"), &refs, &format!("c{c}")).unwrap();
            rows.push((values, c));
        }
        let lambda = r.random_range(0.05..2.0);
        let model = CategoricalNb::fit(&table, lambda, Prior::MaximumLikelihood).unwrap();
        let j = r.random_range(0..attrs.len());
        let a = r.random_range(0..attrs[j].values.len());
        let c = r.random_range(0..k);
        let ex = categorical_example(&model, j, a, c).unwrap();
        let n = rows.iter().filter(|(v, cl)| *cl == c && v[j] == a).count() as f64;
        let n_c = rows.iter().filter(|(_, cl)| *cl == c).count() as f64;
        let s_j = attrs[j].values.len() as f64;
        let expected = (n + lambda) / (n_c + s_j * lambda);
        let step = ex.step(Blank::Lidstone).unwrap();
        assert!(close(scalar(step.value), expected, 1e-12), "{what}: {:?} against {expected}", step.value);
        assert_eq!(scalar(step.value), model.feature_log_prob(j).unwrap()[c][a].exp());
        let mut wrong = vec![("smoothing-denominator-count-missing", Quantity::Scalar((n + lambda) / (n_c + lambda)))];
        if n_c > 0.0 {
            wrong.push(("smoothing-alpha-numerator-only", Quantity::Scalar((n + lambda) / n_c)));
        }
        check_blank(&ex, Blank::Lidstone, &wrong, &what);
    }
}

#[test]
fn a_blank_of_the_wrong_shape_or_not_finite_is_an_error() {
    let (pts, labels) = random_points(1);
    let ex = gda_example(&pts, &labels).unwrap();
    assert!(ex.check(Blank::Sigma, Quantity::Scalar(1.0)).is_err());
    assert!(ex.check(Blank::Phi, Quantity::Scalar(f64::NAN)).is_err());
    assert!(ex.check(Blank::LogOdds, Quantity::Scalar(0.0)).is_err());
    // An unrecognised wrong answer: wrong, without a hint.
    let far = ex.check(Blank::Phi, Quantity::Scalar(17.0)).unwrap();
    assert!(!far.correct && far.hint.is_none());
}

#[test]
fn natural_frequencies_round_to_sum_to_n() {
    // By hand: 0.87 of 1,000 is 870 spam, 130 ham.
    assert_eq!(natural_frequencies_binary(0.87, 1000).unwrap(), [130, 870]);
    assert_eq!(natural_frequencies_binary(0.0, 1000).unwrap(), [1000, 0]);
    assert_eq!(natural_frequencies_binary(1.0, 1000).unwrap(), [0, 1000]);
    // 2.5, 2.5, 5 of 10: floors 2, 2, 5; the one left goes to the first of the tied remainders.
    assert_eq!(natural_frequencies(&[0.25, 0.25, 0.5], 10).unwrap(), [3, 2, 5]);
    // ⅓ each of 1,000: 333.3 each, the one left to the first.
    assert_eq!(natural_frequencies(&[1.0 / 3.0; 3], 1000).unwrap(), [334, 333, 333]);
    let mut r = rng(7);
    for _ in 0..STATES {
        let k = r.random_range(2..=6);
        let raw: Vec<f64> = (0..k).map(|_| r.random_range(0.0..1.0)).collect();
        let s: f64 = raw.iter().sum();
        let probs: Vec<f64> = raw.iter().map(|x| x / s).collect();
        let counts = natural_frequencies(&probs, 1000).unwrap();
        assert_eq!(counts.iter().sum::<u32>(), 1000);
        for (c, p) in counts.iter().zip(&probs) {
            assert!((f64::from(*c) - 1000.0 * p).abs() < 1.0 + 1e-9);
        }
    }
    assert!(natural_frequencies(&[0.5, 0.5], 0).is_err());
    assert!(natural_frequencies(&[0.5, 0.6], 10).is_err());
    assert!(natural_frequencies(&[f64::NAN, 0.5], 10).is_err());
    assert!(natural_frequencies(&[], 10).is_err());
    assert!(natural_frequencies_binary(1.5, 10).is_err());
}
