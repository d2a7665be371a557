#![cfg(not(target_arch = "wasm32"))]
//! The real datasets of the GDA panel (`genlab::data::Preset`). Expected counts, means and
//! sizes are those measured and stated in /work/shared/data/palmer_penguins/README.md and
//! /work/shared/data/iris/README.md (the provenance notes of the two files).

use genlab::data::{Dataset, Preset, IRIS_CSV, IRIS_PETALS_CSV, PENGUINS_CSV, PENGUIN_BILLS_CSV};
use genlab::Error;

fn load(p: Preset) -> Dataset {
    match p.load() {
        Ok(d) => d,
        Err(e) => panic!("preset {} failed to load: {e}", p.id()),
    }
}

fn counts(d: &Dataset) -> [usize; 2] {
    [0u8, 1].map(|k| d.labels.iter().filter(|&&l| l == k).count())
}

fn class_mean(d: &Dataset, k: u8) -> [f64; 2] {
    let c: Vec<[f64; 2]> = d.points.iter().zip(&d.labels).filter(|(_, &l)| l == k).map(|(p, _)| *p).collect();
    let n = c.len() as f64;
    [c.iter().map(|p| p[0]).sum::<f64>() / n, c.iter().map(|p| p[1]).sum::<f64>() / n]
}

#[test]
fn embedded_files_have_the_sizes_recorded_in_the_data_readmes() {
    // penguins.csv: 15,241 bytes; iris.csv: 4,821 bytes (README tables, which also give
    // their sha256).
    assert_eq!(PENGUINS_CSV.len(), 15_241);
    assert_eq!(IRIS_CSV.len(), 4_821);
}

#[test]
fn the_embedded_columns_are_the_source_files_columns_row_for_row() {
    // What the presets read (and the wasm modules carry) is cut from the two files above,
    // nothing else: penguins.csv's columns 1, 3, 4 (species, bill length, bill depth) and
    // iris.csv's 6, 4, 5 (species, petal length, petal width; without R's quotes), every row
    // kept, so a line number of one is a line number of the other. (To remake them after the
    // files change: the same cut with awk -F, or any CSV tool.)
    let cut = |text: &str, cols: [usize; 3]| -> String {
        text.lines()
            .map(|line| {
                let f: Vec<&str> = line.split(',').map(|c| c.trim_matches('"')).collect();
                format!("{},{},{}\n", f[cols[0]], f[cols[1]], f[cols[2]])
            })
            .collect()
    };
    assert_eq!(PENGUIN_BILLS_CSV, cut(PENGUINS_CSV, [0, 2, 3]));
    assert_eq!(IRIS_PETALS_CSV, cut(IRIS_CSV, [5, 3, 4]));
}

#[test]
fn penguins_adelie_chinstrap_has_151_and_68_birds() {
    // README: "After dropping the rows with missing bill measurements there are 342 rows:
    // Adelie 151, Gentoo 123, Chinstrap 68."
    let d = load(Preset::PenguinsAdelieChinstrap);
    assert_eq!(counts(&d), [151, 68]);
    assert_eq!(d.points.len(), 219);
    assert_eq!(d.class_names, ["Adelie", "Chinstrap"]);
}

#[test]
fn penguins_adelie_gentoo_has_151_and_123_birds() {
    let d = load(Preset::PenguinsAdelieGentoo);
    assert_eq!(counts(&d), [151, 123]);
    assert_eq!(d.points.len(), 274);
    assert_eq!(d.class_names, ["Adelie", "Gentoo"]);
}

#[test]
fn iris_versicolor_virginica_has_50_and_50_flowers() {
    // README: "Classes: setosa 50, versicolor 50, virginica 50."
    let d = load(Preset::IrisVersicolorVirginica);
    assert_eq!(counts(&d), [50, 50]);
    assert_eq!(d.class_names, ["versicolor", "virginica"]);
}

#[test]
fn penguin_class_means_match_the_readme() {
    // README: "Means are (38.8, 18.3) and (48.8, 18.4)" (Adelie, Chinstrap; one decimal).
    let d = load(Preset::PenguinsAdelieChinstrap);
    for (k, expected) in [(0, [38.8, 18.3]), (1, [48.8, 18.4])] {
        let m = class_mean(&d, k);
        assert!((m[0] - expected[0]).abs() <= 0.05 && (m[1] - expected[1]).abs() <= 0.05, "class {k}: {m:?}");
    }
}

#[test]
fn iris_class_means_match_the_readme() {
    // README: "Means are (4.26, 1.33) and (5.55, 2.03)" (versicolor, virginica; two decimals).
    let d = load(Preset::IrisVersicolorVirginica);
    for (k, expected) in [(0, [4.26, 1.33]), (1, [5.55, 2.03])] {
        let m = class_mean(&d, k);
        assert!((m[0] - expected[0]).abs() <= 0.005 && (m[1] - expected[1]).abs() <= 0.005, "class {k}: {m:?}");
    }
}

#[test]
fn iris_has_80_distinct_positions_and_81_distinct_labelled_points() {
    // README: "Only 81 distinct (petal length, petal width) points exist among the 100
    // versicolor/virginica rows." Counted again with Python's csv module on
    // src/data/iris.csv: 81 distinct (length, width, species) triples but 80 distinct
    // positions: (4.8, 1.8) is both a versicolor and a virginica (the README's 81
    // counts labelled points).
    let d = load(Preset::IrisVersicolorVirginica);
    let mut labelled: Vec<(u64, u64, u8)> =
        d.points.iter().zip(&d.labels).map(|(p, &l)| (p[0].to_bits(), p[1].to_bits(), l)).collect();
    labelled.sort_unstable();
    labelled.dedup();
    assert_eq!(labelled.len(), 81);
    let mut positions: Vec<(u64, u64)> = labelled.iter().map(|&(x, y, _)| (x, y)).collect();
    positions.dedup();
    assert_eq!(positions.len(), 80);
}

#[test]
fn presets_read_the_right_columns() {
    // penguins.csv line 2: "Adelie,Torgersen,39.1,18.7,181,3750,male,2007" → (39.1, 18.7).
    let d = load(Preset::PenguinsAdelieGentoo);
    assert_eq!((d.points[0], d.labels[0]), ([39.1, 18.7], 0));
    // Line 154, the first Gentoo: "Gentoo,Biscoe,46.1,13.2,211,4500,female,2007".
    let first_gentoo = d.labels.iter().position(|&l| l == 1).expect("a Gentoo");
    assert_eq!(d.points[first_gentoo], [46.1, 13.2]);
    // Line 278, the first Chinstrap: "Chinstrap,Dream,46.5,17.9,192,3500,female,2007".
    let d = load(Preset::PenguinsAdelieChinstrap);
    let first_chinstrap = d.labels.iter().position(|&l| l == 1).expect("a Chinstrap");
    assert_eq!(d.points[first_chinstrap], [46.5, 17.9]);
    // iris.csv line 52: "\"51\",7,3.2,4.7,1.4,\"versicolor\"" → petal (4.7, 1.4);
    // line 102: "\"101\",6.3,3.3,6,2.5,\"virginica\"" → (6, 2.5).
    let d = load(Preset::IrisVersicolorVirginica);
    assert_eq!((d.points[0], d.labels[0]), ([4.7, 1.4], 0));
    assert_eq!((d.points[50], d.labels[50]), ([6.0, 2.5], 1));
}

#[test]
fn only_rows_missing_a_bill_measurement_are_dropped() {
    // Line 5, "Adelie,Torgersen,NA,NA,…", is dropped; line 10,
    // "Adelie,Torgersen,34.1,18.1,193,3475,NA,2007", misses only `sex` and is kept.
    let d = load(Preset::PenguinsAdelieChinstrap);
    assert!(d.points.contains(&[34.1, 18.1]));
    assert!(d.points.iter().flatten().all(|c| c.is_finite()));
}

#[test]
fn every_preset_has_finite_points_labels_of_its_classes_names_and_a_credit() {
    for p in Preset::ALL {
        let d = load(p);
        assert_eq!(d.points.len(), d.labels.len(), "{}", p.id());
        assert!(d.points.iter().flatten().all(|c| c.is_finite()), "{}", p.id());
        assert!(d.labels.iter().all(|&l| usize::from(l) < p.classes()), "{}", p.id());
        assert!(d.axis_names.iter().all(|a| a.contains("(mm)") || a.contains("(cm)")), "{:?}", d.axis_names);
        assert!(!d.credit.is_empty() && d.credit.ends_with('.'), "{:?}", d.credit);
    }
    assert!(load(Preset::PenguinsAdelieGentoo).credit.contains("CC0"));
    assert!(load(Preset::IrisVersicolorVirginica).credit.contains("CC BY 4.0"));
}

#[test]
fn preset_ids_round_trip_and_are_distinct() {
    for p in Preset::ALL {
        assert_eq!(Preset::from_id(p.id()), Ok(p));
    }
    let mut ids: Vec<&str> = Preset::ALL.iter().map(|p| p.id()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 5);
}

#[test]
fn unknown_preset_id_is_an_unknown_error_with_a_sentence() {
    let e = Preset::from_id("penguins-gentoo-emperor").expect_err("no such preset");
    assert!(matches!(e, Error::Unknown { kind: "preset", .. }), "{e:?}");
    let message = e.to_string();
    assert!(message.contains("penguins-gentoo-emperor") && message.ends_with('.'), "{message}");
}
