//! Embedded datasets: the real presets of the GDA panel and the teaching corpus of the
//! naive Bayes panel. Each file sits beside this module with its credit and licence in
//! `DATA_LICENSES.md`; the panel that shows a dataset shows its credit line too.

use crate::error::{Error, Result};

/// Palmer penguins, byte for byte from `palmerpenguins` 0.1.6 (CC0 1.0).
pub const PENGUINS_CSV: &str = include_str!("penguins.csv");
/// R's `datasets::iris` (Fisher 1936 / Anderson 1935; UCI, CC BY 4.0).
pub const IRIS_CSV: &str = include_str!("iris.csv");
/// The genlab teaching corpus (`ham|spam<TAB>text`), written for genlab, CC0 1.0.
pub const TEACHING_CORPUS: &str = include_str!("teaching_corpus.txt");

/// A real two-class, two-feature dataset for the GDA panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    /// Penguin bill length × bill depth, Adelie (0) vs Chinstrap (1).
    PenguinsAdelieChinstrap,
    /// Penguin bill length × bill depth, Adelie (0) vs Gentoo (1).
    PenguinsAdelieGentoo,
    /// Iris petal length × petal width, versicolor (0) vs virginica (1).
    IrisVersicolorVirginica,
}

/// A preset's points with everything the panel shows about them.
#[derive(Debug, Clone, PartialEq)]
pub struct Dataset {
    /// The points, in the units of the axes.
    pub points: Vec<[f64; 2]>,
    /// 0 or 1 per point.
    pub labels: Vec<u8>,
    /// The two class names, class 0 first.
    pub class_names: [&'static str; 2],
    /// The x and y axis labels with units.
    pub axis_names: [&'static str; 2],
    /// The one-line credit the panel shows.
    pub credit: &'static str,
}

const PENGUIN_CREDIT: &str =
    "Palmer penguins: K. Gorman & Palmer Station LTER; Horst, Hill & Gorman (2020), palmerpenguins. CC0 1.0.";
const IRIS_CREDIT: &str = "Iris: E. Anderson (1935), R. A. Fisher (1936); UCI ML Repository, CC BY 4.0.";

impl Preset {
    /// Every preset, in menu order.
    pub const ALL: [Preset; 3] =
        [Preset::PenguinsAdelieChinstrap, Preset::PenguinsAdelieGentoo, Preset::IrisVersicolorVirginica];

    /// The stable identifier used in the UI and in URLs.
    pub fn id(self) -> &'static str {
        match self {
            Preset::PenguinsAdelieChinstrap => "penguins-adelie-chinstrap",
            Preset::PenguinsAdelieGentoo => "penguins-adelie-gentoo",
            Preset::IrisVersicolorVirginica => "iris-versicolor-virginica",
        }
    }

    /// Looks a preset up by [`Preset::id`].
    ///
    /// # Errors
    /// [`Error::Unknown`] for any other name.
    pub fn from_id(id: &str) -> Result<Preset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.id() == id)
            .ok_or_else(|| Error::Unknown { kind: "preset", name: id.chars().take(60).collect() })
    }

    /// Parses the embedded CSV into the preset's two classes.
    ///
    /// # Errors
    /// [`Error::BadLine`] if the embedded file were malformed (a test reads every preset).
    pub fn load(self) -> Result<Dataset> {
        match self {
            Preset::PenguinsAdelieChinstrap => penguins("Adelie", "Chinstrap"),
            Preset::PenguinsAdelieGentoo => penguins("Adelie", "Gentoo"),
            Preset::IrisVersicolorVirginica => iris(),
        }
    }
}

/// Rows of `penguins.csv` with both bill measurements (rows with `NA` are skipped).
fn penguins(class0: &'static str, class1: &'static str) -> Result<Dataset> {
    let mut points = Vec::new();
    let mut labels = Vec::new();
    for (i, line) in PENGUINS_CSV.lines().enumerate().skip(1) {
        let cols: Vec<&str> = line.split(',').collect();
        let label = match cols.first() {
            Some(&s) if s == class0 => 0,
            Some(&s) if s == class1 => 1,
            _ => continue,
        };
        if cols.len() < 4 || cols[2] == "NA" || cols[3] == "NA" {
            continue;
        }
        points.push([number(cols[2], i + 1)?, number(cols[3], i + 1)?]);
        labels.push(label);
    }
    Ok(Dataset {
        points,
        labels,
        class_names: [class0, class1],
        axis_names: ["bill length (mm)", "bill depth (mm)"],
        credit: PENGUIN_CREDIT,
    })
}

/// Versicolor and virginica rows of `iris.csv`, petal length × petal width.
fn iris() -> Result<Dataset> {
    let mut points = Vec::new();
    let mut labels = Vec::new();
    for (i, line) in IRIS_CSV.lines().enumerate().skip(1) {
        let cols: Vec<&str> = line.split(',').collect();
        let label = match cols.get(5).map(|s| s.trim_matches('"')) {
            Some("versicolor") => 0,
            Some("virginica") => 1,
            _ => continue,
        };
        points.push([number(cols[3], i + 1)?, number(cols[4], i + 1)?]);
        labels.push(label);
    }
    Ok(Dataset {
        points,
        labels,
        class_names: ["versicolor", "virginica"],
        axis_names: ["petal length (cm)", "petal width (cm)"],
        credit: IRIS_CREDIT,
    })
}

fn number(s: &str, line: usize) -> Result<f64> {
    s.trim().parse::<f64>().map_err(|_| Error::BadLine { line, reason: format!("“{s}” is not a number") })
}
