#![cfg(not(target_arch = "wasm32"))]
//! The three-species presets beside the two-species ones. Expected counts are those the
//! data's provenance notes state (/work/shared/data/palmer_penguins/README.md: after the
//! rows without bill measurements, Adelie 151, Chinstrap 68, Gentoo 123;
//! /work/shared/data/iris/README.md: 50 of each species); the points themselves are
//! compared with the independent readers of `tests/common`.

use genlab::data::Preset;

use crate::common;

fn counts(labels: &[u8], k: u8) -> Vec<usize> {
    (0..k).map(|c| labels.iter().filter(|&&l| l == c).count()).collect()
}

#[test]
fn penguins_three_species_has_every_bird_with_a_bill_measured() {
    let d = common::unwrap(Preset::PenguinsThreeSpecies.load());
    assert_eq!(d.class_names, ["Adelie", "Chinstrap", "Gentoo"]);
    assert_eq!(counts(&d.labels, 3), [151, 68, 123]);
    assert_eq!(d.axis_names, ["bill length (mm)", "bill depth (mm)"]);
    assert_eq!((d.points, d.labels), common::penguins_three_species());
    assert_eq!(Preset::PenguinsThreeSpecies.classes(), 3);
}

#[test]
fn iris_three_species_has_fifty_of_each() {
    let d = common::unwrap(Preset::IrisThreeSpecies.load());
    assert_eq!(d.class_names, ["setosa", "versicolor", "virginica"]);
    assert_eq!(counts(&d.labels, 3), [50, 50, 50]);
    assert_eq!(d.axis_names, ["petal length (cm)", "petal width (cm)"]);
    assert_eq!((d.points, d.labels), common::iris_three_species());
}

#[test]
fn three_species_presets_sit_beside_the_two_species_ones_with_stable_ids() {
    let ids: Vec<&str> = Preset::ALL.iter().map(|p| p.id()).collect();
    assert_eq!(
        ids,
        [
            "penguins-adelie-chinstrap",
            "penguins-adelie-gentoo",
            "iris-versicolor-virginica",
            "penguins-three-species",
            "iris-three-species"
        ]
    );
    for p in Preset::ALL {
        assert_eq!(common::unwrap(Preset::from_id(p.id())), p);
        let d = common::unwrap(p.load());
        assert_eq!(d.class_names.len(), p.classes(), "{}", p.id());
    }
}

#[test]
fn the_two_species_presets_are_the_three_species_rows_of_their_two_species() {
    // Adelie vs Gentoo is the three-species set without Chinstrap, Gentoo relabelled 1.
    let three = common::unwrap(Preset::PenguinsThreeSpecies.load());
    let two = common::unwrap(Preset::PenguinsAdelieGentoo.load());
    let picked: Vec<([f64; 2], u8)> =
        three.points.iter().zip(&three.labels).filter(|(_, &l)| l != 1).map(|(p, &l)| (*p, u8::from(l == 2))).collect();
    let shown: Vec<([f64; 2], u8)> = two.points.iter().copied().zip(two.labels.iter().copied()).collect();
    assert_eq!(picked, shown);
}
