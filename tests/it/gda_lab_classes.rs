#![cfg(not(target_arch = "wasm32"))]
//! The GDA panel with k = 2 … 5 classes: generated clouds per class, the three-species
//! presets, dragging any class's mean, and the numbers of the k-class models. Expected
//! class means of the penguins were computed with awk from `src/data/penguins.csv`
//! (`awk -F, 'NR>1 && $3!="NA" && $4!="NA" {…}'`), independently of genlab; the iris's
//! are the textbook petal means (Fisher 1936: setosa 1.462 × 0.246, versicolor
//! 4.260 × 1.326, virginica 5.552 × 2.026 cm).

use genlab::data::Preset;
use genlab::gda::lab::{Covariance, ModelSettings};
use genlab::gda::{ClassesSpec, GdaLab, SampleSpec, DEFAULT_CLOUDS};

use crate::common;
use common::{assert_vec_close, assert_within};

fn counts(lab: &GdaLab) -> Vec<usize> {
    let (_, labels) = lab.points();
    (0..lab.classes()).map(|c| labels.iter().filter(|&&l| usize::from(l) == c).count()).collect()
}

#[test]
fn two_generated_classes_are_todays_sample_point_for_point() {
    let two = common::unwrap(SampleSpec::default().sample());
    let classes = common::unwrap(ClassesSpec::default_for(2).sample());
    assert_eq!(two, classes);
    let spec = SampleSpec { seed: 12345, n0: 7, n1: 300, ..SampleSpec::default() };
    assert_eq!(common::unwrap(spec.sample()), common::unwrap(ClassesSpec::from_two(&spec).sample()));
}

#[test]
fn each_k_takes_the_first_k_default_clouds_and_keeps_the_earlier_classes_points() {
    let five = common::unwrap(ClassesSpec::default_for(5).sample());
    for k in 2..=5 {
        let lab = common::unwrap(GdaLab::generated_classes(ClassesSpec::default_for(k)));
        assert_eq!(lab.classes(), k);
        let expected: Vec<usize> = DEFAULT_CLOUDS[..k].iter().map(|c| c.n).collect();
        assert_eq!(counts(&lab), expected);
        // Adding a class does not move the others: each class has its own stream.
        let (points, labels) = lab.points();
        let m = points.len();
        assert_eq!(points, &five.0[..m]);
        assert_eq!(labels, &five.1[..m]);
        assert_eq!(lab.summary().class_names.len(), k);
    }
}

#[test]
fn class_streams_are_apart_from_the_two_class_streams_of_nearby_seeds() {
    // seed·2 + c would make class 2 of seed s class 0 of seed s + 1.
    let mut a = ClassesSpec::default_for(3);
    let mut b = ClassesSpec::default_for(3);
    a.seed = 10;
    b.seed = 11;
    for c in &mut b.clouds {
        c.params = DEFAULT_CLOUDS[2].params;
    }
    for c in &mut a.clouds {
        c.params = DEFAULT_CLOUDS[2].params;
    }
    let (pa, la) = common::unwrap(a.sample());
    let (pb, _) = common::unwrap(b.sample());
    let class2: Vec<[f64; 2]> = pa.iter().zip(&la).filter(|(_, &l)| l == 2).map(|(p, _)| *p).collect();
    assert!(!pb.windows(class2.len().min(5)).any(|w| w == &class2[..5]));
}

#[test]
fn k_out_of_range_is_a_sentence_not_a_panel() {
    let spec = ClassesSpec { clouds: DEFAULT_CLOUDS.iter().copied().cycle().take(6).collect(), seed: 1 };
    let e = GdaLab::generated_classes(spec).unwrap_err().to_string();
    assert!(e.contains("from 2 to 5"), "{e}");
    let one = ClassesSpec { clouds: DEFAULT_CLOUDS[..1].to_vec(), seed: 1 };
    assert!(GdaLab::generated_classes(one).is_err());
}

#[test]
fn dragging_a_third_mean_moves_its_class_alone_and_refits() {
    let mut lab = common::unwrap(GdaLab::generated_classes(ClassesSpec::default_for(3)));
    let before = lab.points().0.to_vec();
    let old = lab.handle(2);
    let before_fit = lab.summary();
    common::unwrap(lab.move_mean(2, [old[0] + 0.5, old[1] - 0.25]));
    assert_vec_close(lab.handle(2), [old[0] + 0.5, old[1] - 0.25], 1e-12, 1e-12, "handle");
    let (after, labels) = lab.points();
    for ((p, q), &l) in before.iter().zip(after).zip(labels) {
        let d = if l == 2 { [0.5, -0.25] } else { [0.0, 0.0] };
        assert_vec_close(*q, [p[0] + d[0], p[1] + d[1]], 1e-12, 1e-12, "point");
    }
    assert!(lab.means_moved());
    let s = lab.summary();
    assert_ne!(s.discriminants, before_fit.discriminants, "the discriminants follow the mean");
    let m = s.means.unwrap_or_default();
    assert_vec_close(m[2], lab.handle(2), 1e-12, 1e-12, "the fitted mean is the handle");
}

#[test]
fn three_species_penguins_numbers_are_the_class_frequencies_and_means() {
    let lab = common::unwrap(GdaLab::preset(Preset::PenguinsThreeSpecies));
    let s = lab.summary();
    assert_eq!((s.classes, s.counts.clone()), (3, vec![151, 68, 123]));
    assert_eq!(s.error, None);
    let priors = s.priors.clone().unwrap_or_default();
    for (p, n) in priors.iter().zip([151.0, 68.0, 123.0]) {
        assert_within(*p, n / 342.0, 1e-15, "prior m_c / m");
    }
    let means = s.means.clone().unwrap_or_default();
    // awk, to the 6 decimals it printed.
    for (m, e) in means.iter().zip([[38.791391, 18.346358], [48.833824, 18.420588], [47.504878, 14.982114]]) {
        assert_vec_close(*m, e, 0.0, 5e-7, "class mean");
    }
    // GDA: one Σ, k copies; the discriminants are linear, one per class.
    let cov = s.covariances.clone().unwrap_or_default();
    assert_eq!(cov.len(), 3);
    assert!(cov.iter().all(|c| *c == cov[0]));
    assert_eq!(s.discriminants.as_ref().map(Vec::len), Some(3));
    // The training report: a 3 × 3 confusion matrix whose rows are the class counts.
    assert_eq!(s.reports.len(), 1);
    let r = &s.reports[0];
    assert_eq!(r.id, "gda");
    let rows: Vec<usize> = r.matrix.iter().map(|row| row.iter().sum()).collect();
    assert_eq!(rows, [151, 68, 123]);
    let right: usize = (0..3).map(|c| r.matrix[c][c]).sum();
    assert_within(r.accuracy, right as f64 / 342.0, 1e-15, "accuracy");
    assert!(r.accuracy > 0.9, "bill length × depth separates the species well: {}", r.accuracy);
}

#[test]
fn three_species_iris_under_each_covariance_gives_its_model() {
    for (cov, id, linear) in [
        (Covariance::Shared, "gda", true),
        (Covariance::PerClass, "qda", false),
        (Covariance::DiagonalPerClass, "gnb", false),
        (Covariance::DiagonalShared, "gnb", true),
    ] {
        let mut lab = common::unwrap(GdaLab::preset(Preset::IrisThreeSpecies));
        common::unwrap(lab.set_models(ModelSettings { covariance: cov, ..ModelSettings::default() }));
        let s = lab.summary();
        assert_eq!(s.reports[0].id, id);
        assert_eq!(s.discriminants.is_some(), linear, "{id}");
        let means = s.means.clone().unwrap_or_default();
        for (m, e) in means.iter().zip([[1.462, 0.246], [4.260, 1.326], [5.552, 2.026]]) {
            assert_vec_close(*m, e, 0.0, 1e-12, "Fisher's petal means");
        }
        assert_eq!(s.reports[0].matrix.iter().map(|r| r.iter().sum::<usize>()).collect::<Vec<_>>(), [50, 50, 50]);
    }
}

#[test]
fn a_point_of_a_class_the_data_do_not_have_is_refused() {
    let mut lab = common::unwrap(GdaLab::generated_classes(ClassesSpec::default_for(3)));
    assert!(lab.add_point([0.0, 0.0], 3).is_err());
    common::unwrap(lab.add_point([0.0, 0.0], 2));
    assert_eq!(lab.classes(), 3);
    assert_eq!(lab.source_id(), "custom");
}
