#![cfg(not(target_arch = "wasm32"))]
//! The k-class "posterior at a point" (the student picks the class whose region holds a
//! marked point): `genlab::predict::judge_region_drawn`, what the lessons' module's
//! `judgeRegion` runs on the GDA panel's points and covariance setting.
//!
//! Expected numbers: scikit-learn 1.9.1 on the three-species presets, from
//! `tests/fixtures/gda_classes/reference.rs` (written by
//! `tools/sklearn/gda_classes_reference.py`): `LinearDiscriminantAnalysis(solver="lsqr")
//! .predict_proba` for the shared Σ, `QuadraticDiscriminantAnalysis().predict_proba` for a Σ
//! per class, `GaussianNB(var_smoothing=1e-9).predict_proba` for diagonal ones per class and
//! the script's numpy derivation for pooled diagonal ones. The truth is the class sklearn's
//! posteriors put first; the score's p_picked is sklearn's posterior of the picked class.
//! And the judge's model is the one the panel draws: its posteriors are the lab's drawn
//! model's, to the last bit.

use crate::common;

use crate::gda_classes_sklearn::reference::{Reference, REFERENCES};
use common::unwrap;
use genlab::data::Preset;
use genlab::gda::lab::{Covariance, ModelSettings};
use genlab::gda::GdaLab;
use genlab::predict::judge_region_drawn;

fn reference(name: &str) -> &'static Reference {
    REFERENCES.iter().find(|r| r.name == name).expect("a reference set of that name")
}

/// The panel's points as `GdaPanel.pointsFlat()` hands them, under `cov`, with its lab.
fn panel(preset: Preset, cov: Covariance) -> (GdaLab, Vec<f64>) {
    let mut lab = unwrap(GdaLab::preset(preset));
    unwrap(lab.set_models(ModelSettings { covariance: cov, ..ModelSettings::default() }));
    let (p, l) = lab.points();
    let flat = p.iter().zip(l).flat_map(|(p, &l)| [p[0], p[1], f64::from(l)]).collect();
    (lab, flat)
}

fn argmax(p: &[f64]) -> usize {
    (0..p.len()).fold(0, |best, c| if p[c] > p[best] { c } else { best })
}

#[test]
fn the_region_judge_gives_scikit_learns_posteriors_and_class_on_the_three_species_presets() {
    for (preset, name) in [(Preset::PenguinsThreeSpecies, "penguins"), (Preset::IrisThreeSpecies, "iris")] {
        let r = reference(name);
        let gnb = |sets: &'static [(f64, &'static [&'static [f64]])]| {
            sets.iter().find(|(s, _)| *s == 1e-9).map(|(_, p)| *p).expect("posteriors at var_smoothing 1e-9")
        };
        for (cov, expected, tol) in [
            (Covariance::Shared, r.gda_posteriors, 1e-10),
            (Covariance::PerClass, r.qda_posteriors, 1e-10),
            (Covariance::DiagonalPerClass, gnb(r.gnb_posteriors), 1e-9),
            (Covariance::DiagonalShared, gnb(r.gnb_shared_posteriors), 1e-9),
        ] {
            let (lab, flat) = panel(preset, cov);
            for (x, want) in r.queries.iter().zip(expected) {
                let truth = argmax(want);
                for guess in 0..3 {
                    let v = unwrap(judge_region_drawn(cov, &flat, *x, guess));
                    let what = format!("{name} {cov:?} at {x:?}, pick {guess}");
                    assert_eq!(v.posteriors.len(), 3, "{what}");
                    for (p, q) in v.posteriors.iter().zip(*want) {
                        assert!((p - q).abs() <= tol, "{what}: p = {p}, scikit-learn {q}");
                    }
                    assert_eq!(v.judgement.truth, truth, "{what}");
                    assert_eq!(v.judgement.score.right, guess == truth, "{what}");
                    assert!((v.judgement.score.p_picked - want[guess]).abs() <= tol, "{what}");
                    assert!((v.judgement.score.p_truth - want[truth]).abs() <= tol, "{what}");
                    // The drawn model: the lab's own posteriors and class at the point.
                    let drawn = lab.decision_model().expect("a drawn model");
                    assert_eq!(v.posteriors, drawn.posteriors(*x), "{what}: not the drawn model");
                    assert_eq!(v.judgement.truth, drawn.predict(*x), "{what}: not the drawn rule");
                }
            }
        }
    }
}

#[test]
fn a_pick_of_the_nearer_mean_against_the_model_gets_its_hint_and_a_right_pick_none() {
    // Penguins, shared Σ, at (43.92, 17.15) (the data's centre, a reference query): sklearn
    // gives Chinstrap 0.857, Adelie 0.113, Gentoo 0.030. Straight-line distances² to the
    // means (reference.rs, by hand): Adelie 27.8, Chinstrap 25.7, Gentoo 17.5 — Gentoo is nearest, the
    // model says Chinstrap: picking Gentoo is the "nearer mean wins" mistake.
    let (_, flat) = panel(Preset::PenguinsThreeSpecies, Covariance::Shared);
    let x = [43.921929824561424, 17.15116959064328];
    let wrong = unwrap(judge_region_drawn(Covariance::Shared, &flat, x, 2));
    assert_eq!(wrong.judgement.truth, 1);
    assert!(!wrong.judgement.score.right);
    assert_eq!(wrong.judgement.fired.iter().map(|m| m.id).collect::<Vec<_>>(), ["nearer-mean-wins"]);
    let right = unwrap(judge_region_drawn(Covariance::Shared, &flat, x, 1));
    assert!(right.judgement.score.right && right.judgement.fired.is_empty());
    // A wrong pick that is not the nearest mean: no hint.
    assert!(unwrap(judge_region_drawn(Covariance::Shared, &flat, x, 0)).judgement.fired.is_empty());
}

#[test]
fn bad_points_a_bad_pick_and_a_bad_point_are_refused_with_a_sentence() {
    let (_, flat) = panel(Preset::IrisThreeSpecies, Covariance::PerClass);
    let x = [4.0, 1.3];
    assert!(judge_region_drawn(Covariance::PerClass, &flat, x, 3).is_err(), "class 3 of 3");
    assert!(judge_region_drawn(Covariance::PerClass, &flat, [f64::NAN, 1.0], 0).is_err());
    assert!(judge_region_drawn(Covariance::PerClass, &flat[..flat.len() - 1], x, 0).is_err(), "not triples");
    assert!(judge_region_drawn(Covariance::PerClass, &[], x, 0).is_err());
    let mut bad = flat.clone();
    bad[2] = 0.5;
    assert!(judge_region_drawn(Covariance::PerClass, &bad, x, 0).is_err(), "a label of 0.5");
    bad[2] = 5.0;
    let e = judge_region_drawn(Covariance::PerClass, &bad, x, 0).unwrap_err().to_string();
    assert!(e.contains("label"), "{e}");
    bad[2] = f64::NAN;
    assert!(judge_region_drawn(Covariance::PerClass, &bad, x, 0).is_err());
}
