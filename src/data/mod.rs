//! Embedded datasets: the real presets of the GDA panel and the teaching corpus of the
//! naive Bayes panel. Each file sits beside this module with its credit and licence in
//! `DATA_LICENSES.md`; the panel that shows a dataset shows its credit line too.

use crate::error::{Error, Result};

/// Palmer penguins, byte for byte from `palmerpenguins` 0.1.6 (CC0 1.0).
pub const PENGUINS_CSV: &str = include_str!("penguins.csv");
/// R's `datasets::iris` (Fisher 1936 / Anderson 1935; UCI, CC BY 4.0).
pub const IRIS_CSV: &str = include_str!("iris.csv");
/// The columns of [`PENGUINS_CSV`] the presets read (`species,bill_length_mm,bill_depth_mm`),
/// row for row: what the wasm modules carry instead of the whole file, whose other five
/// columns no panel shows (a test checks it against the file).
pub const PENGUIN_BILLS_CSV: &str = include_str!("penguins-bills.csv");
/// The columns of [`IRIS_CSV`] the presets read (`Species,Petal.Length,Petal.Width`, the
/// species unquoted), row for row (a test checks it against the file).
pub const IRIS_PETALS_CSV: &str = include_str!("iris-petals.csv");
/// The genlab teaching corpus (`ham|spam<TAB>text`), written for genlab, CC0 1.0.
pub const TEACHING_CORPUS: &str = include_str!("teaching_corpus.txt");

/// The spam panel's example emails, written for genlab (CC0 1.0): `(id, raw RFC 5322
/// source)`. `en-spam`: HTML only, quoted-printable, an RFC 2047 subject; `en-ham`: plain
/// text with a PDF attachment in base64; `zh-spam`: GBK, base64 body and GBK encoded
/// words; `zh-ham`: UTF-8, 8-bit body, base64 encoded words.
pub const EXAMPLE_EMAILS: [(&str, &str); 4] = [
    ("en-spam", include_str!("emails/en-spam.eml")),
    ("en-ham", include_str!("emails/en-ham.eml")),
    ("zh-spam", include_str!("emails/zh-spam.eml")),
    ("zh-ham", include_str!("emails/zh-ham.eml")),
];

/// A real two-feature dataset for the GDA panel: two species, or all three.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    /// Penguin bill length × bill depth, Adelie (0) vs Chinstrap (1).
    PenguinsAdelieChinstrap,
    /// Penguin bill length × bill depth, Adelie (0) vs Gentoo (1).
    PenguinsAdelieGentoo,
    /// Iris petal length × petal width, versicolor (0) vs virginica (1).
    IrisVersicolorVirginica,
    /// Penguin bill length × bill depth, all three species: Adelie (0), Chinstrap (1),
    /// Gentoo (2).
    PenguinsThreeSpecies,
    /// Iris petal length × petal width, all three species: setosa (0), versicolor (1),
    /// virginica (2).
    IrisThreeSpecies,
}

/// A preset's points with everything the panel shows about them.
#[derive(Debug, Clone, PartialEq)]
pub struct Dataset {
    /// The points, in the units of the axes.
    pub points: Vec<[f64; 2]>,
    /// The class of each point, 0 … k − 1.
    pub labels: Vec<u8>,
    /// The k class names, class 0 first.
    pub class_names: Vec<&'static str>,
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
    pub const ALL: [Preset; 5] = [
        Preset::PenguinsAdelieChinstrap,
        Preset::PenguinsAdelieGentoo,
        Preset::IrisVersicolorVirginica,
        Preset::PenguinsThreeSpecies,
        Preset::IrisThreeSpecies,
    ];

    /// The stable identifier used in the UI and in URLs.
    pub fn id(self) -> &'static str {
        match self {
            Preset::PenguinsAdelieChinstrap => "penguins-adelie-chinstrap",
            Preset::PenguinsAdelieGentoo => "penguins-adelie-gentoo",
            Preset::IrisVersicolorVirginica => "iris-versicolor-virginica",
            Preset::PenguinsThreeSpecies => "penguins-three-species",
            Preset::IrisThreeSpecies => "iris-three-species",
        }
    }

    /// The number of classes k the preset has.
    pub fn classes(self) -> usize {
        match self {
            Preset::PenguinsThreeSpecies | Preset::IrisThreeSpecies => 3,
            _ => 2,
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

    /// Parses the embedded CSV into the preset's classes.
    ///
    /// # Errors
    /// [`Error::BadLine`] if the embedded file were malformed (a test reads every preset).
    pub fn load(self) -> Result<Dataset> {
        match self {
            Preset::PenguinsAdelieChinstrap => penguins(&["Adelie", "Chinstrap"]),
            Preset::PenguinsAdelieGentoo => penguins(&["Adelie", "Gentoo"]),
            Preset::IrisVersicolorVirginica => iris(&["versicolor", "virginica"]),
            Preset::PenguinsThreeSpecies => penguins(&["Adelie", "Chinstrap", "Gentoo"]),
            Preset::IrisThreeSpecies => iris(&["setosa", "versicolor", "virginica"]),
        }
    }
}

/// Rows of `penguins.csv` of the given species (class c is `species[c]`) with both bill
/// measurements (rows with `NA` are skipped), read from its bill columns
/// ([`PENGUIN_BILLS_CSV`], whose line numbers are the file's).
fn penguins(species: &[&'static str]) -> Result<Dataset> {
    let mut points = Vec::new();
    let mut labels = Vec::new();
    for (i, line) in PENGUIN_BILLS_CSV.lines().enumerate().skip(1) {
        let cols: Vec<&str> = line.split(',').collect();
        let Some(label) = cols.first().and_then(|s| class_of(species, s)) else { continue };
        if cols.len() < 3 || cols[1] == "NA" || cols[2] == "NA" {
            continue;
        }
        points.push([number(cols[1], i + 1)?, number(cols[2], i + 1)?]);
        labels.push(label);
    }
    Ok(Dataset {
        points,
        labels,
        class_names: species.to_vec(),
        axis_names: ["bill length (mm)", "bill depth (mm)"],
        credit: PENGUIN_CREDIT,
    })
}

/// Rows of `iris.csv` of the given species (class c is `species[c]`), petal length ×
/// petal width, read from its petal columns ([`IRIS_PETALS_CSV`], whose line numbers are
/// the file's).
fn iris(species: &[&'static str]) -> Result<Dataset> {
    let mut points = Vec::new();
    let mut labels = Vec::new();
    for (i, line) in IRIS_PETALS_CSV.lines().enumerate().skip(1) {
        let cols: Vec<&str> = line.split(',').collect();
        let Some(label) = cols.first().and_then(|s| class_of(species, s)) else { continue };
        if cols.len() < 3 {
            continue;
        }
        points.push([number(cols[1], i + 1)?, number(cols[2], i + 1)?]);
        labels.push(label);
    }
    Ok(Dataset {
        points,
        labels,
        class_names: species.to_vec(),
        axis_names: ["petal length (cm)", "petal width (cm)"],
        credit: IRIS_CREDIT,
    })
}

/// The class index of a species name among the chosen ones.
fn class_of(species: &[&str], name: &str) -> Option<u8> {
    species.iter().position(|s| *s == name).and_then(|c| u8::try_from(c).ok())
}

fn number(s: &str, line: usize) -> Result<f64> {
    s.trim().parse::<f64>().map_err(|_| Error::BadLine { line, reason: format!("“{s}” is not a number").into() })
}
