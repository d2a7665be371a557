//! Data for the learning curves: m rows of d numbers and a 0/1 label.
//!
//! The real data sets are read from the CSV copies under `www/data/` (fetched by the page
//! only when chosen): WDBC (30 features, malignant = 1) and optdigits (64 pixel counts; two
//! digits at a time). Every feature is then standardised once, over all rows
//! ((x − mean)/sd, sd with divisor n; a constant column becomes 0), so that λ means the
//! same on every feature; naive Bayes' predictions do not change under this rescaling
//! (its variance smoothing is relative to the largest variance, which does).
//!
//! [`Cloud`] draws the generated 2-D presets: "model true" (two Gaussians with one Σ,
//! whose exact Bayes error is known) and three ways for GDA's model to be wrong.

use rand_distr::{ChiSquared, Distribution, StandardNormal};
use serde::Serialize;

use crate::error::{Error, Result};
use crate::message::{codes, Message};
use crate::stats::sampling::{rng, Rng};

/// Rows of d features with a 0/1 label each.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Dataset {
    /// Features per row.
    pub d: usize,
    /// Row-major features, `x[i * d + j]`.
    pub x: Vec<f64>,
    /// Labels, 0 or 1.
    pub y: Vec<u8>,
}

impl Dataset {
    /// Rows `x` (row-major, `d` per row) with labels `y`.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] when the lengths disagree; [`Error::NonFinite`] for a
    /// feature that is not finite; [`Error::BadLabel`] for a label other than 0 or 1;
    /// [`Error::EmptyClass`] when a class has fewer than 2 rows (a split needs one to
    /// train on and one to test).
    pub fn new(d: usize, x: Vec<f64>, y: Vec<u8>) -> Result<Dataset> {
        if d == 0 || x.len() != y.len() * d {
            return Err(Error::LengthMismatch { points: x.len() / d.max(1), labels: y.len() });
        }
        if let Some(i) = x.iter().position(|v| !v.is_finite()) {
            return Err(Error::NonFinite { index: i / d });
        }
        if let Some(i) = y.iter().position(|&v| v > 1) {
            return Err(Error::BadLabel { index: i, label: y[i], max: 1 });
        }
        for class in 0..2u8 {
            if y.iter().filter(|&&v| v == class).count() < 2 {
                return Err(Error::EmptyClass { class });
            }
        }
        Ok(Dataset { d, x, y })
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.y.len()
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.y.is_empty()
    }

    /// Row i.
    pub fn row(&self, i: usize) -> &[f64] {
        &self.x[i * self.d..(i + 1) * self.d]
    }

    /// Rows per class.
    pub fn counts(&self) -> [usize; 2] {
        let ones = self.y.iter().filter(|&&v| v == 1).count();
        [self.y.len() - ones, ones]
    }

    /// The same rows with every feature standardised over all rows: (x − mean)/sd, sd
    /// with divisor n, a constant feature set to 0.
    pub fn standardised(mut self) -> Dataset {
        let n = self.len() as f64;
        for j in 0..self.d {
            let mean = (0..self.len()).map(|i| self.x[i * self.d + j]).sum::<f64>() / n;
            let var = (0..self.len()).map(|i| (self.x[i * self.d + j] - mean).powi(2)).sum::<f64>() / n;
            let sd = var.sqrt();
            for i in 0..self.len() {
                let v = &mut self.x[i * self.d + j];
                *v = if sd > 0.0 { (*v - mean) / sd } else { 0.0 };
            }
        }
        self
    }

    /// Breast Cancer Wisconsin (Diagnostic) from its CSV (30 feature columns, then
    /// `diagnosis`, `malignant` or `benign`); the label is 1 for malignant, the class a
    /// screening test looks for. Standardised.
    ///
    /// # Errors
    /// [`Error::BadLine`] for a line that is not 31 numbers; as [`Dataset::new`].
    pub fn wdbc(csv: &str) -> Result<Dataset> {
        let (x, labels) = read_csv(csv, 30)?;
        let mut y = Vec::with_capacity(labels.len());
        for (i, l) in labels.iter().enumerate() {
            y.push(match *l {
                "malignant" => 1,
                "benign" => 0,
                _ => {
                    return Err(Error::BadLine {
                        line: i + 2,
                        reason: Message::new(&codes::LC_DIAGNOSIS)
                            .text("value", l.chars().take(20).collect::<String>()),
                    })
                }
            });
        }
        Ok(Dataset::new(30, x, y)?.standardised())
    }

    /// Two digits of optdigits from its CSV (64 pixel columns, then `digit`): the rows of
    /// `neg` (label 0) and `pos` (label 1), in file order. Standardised.
    ///
    /// # Errors
    /// [`Error::BadLine`] for a line that is not 65 numbers; as [`Dataset::new`].
    pub fn digits(csv: &str, neg: u8, pos: u8) -> Result<Dataset> {
        let (x, labels) = read_csv(csv, 64)?;
        let mut xs = Vec::new();
        let mut y = Vec::new();
        for (i, l) in labels.iter().enumerate() {
            let digit: u8 = l.parse().map_err(|_| Error::BadLine {
                line: i + 2,
                reason: Message::new(&codes::LC_DIGIT).text("value", l.chars().take(20).collect::<String>()),
            })?;
            if digit == neg || digit == pos {
                xs.extend_from_slice(&x[i * 64..(i + 1) * 64]);
                y.push(u8::from(digit == pos));
            }
        }
        Ok(Dataset::new(64, xs, y)?.standardised())
    }
}

/// Reads `d` numeric columns and a label per line, after a header line (blank lines are
/// skipped, so a label's line is its index + 2 only when there are none: the data files
/// have none).
fn read_csv(csv: &str, d: usize) -> Result<(Vec<f64>, Vec<&str>)> {
    let mut x = Vec::new();
    let mut labels = Vec::new();
    for (n, line) in csv.lines().enumerate().skip(1) {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let bad = |reason: Message| Error::BadLine { line: n + 1, reason };
        let fields: Vec<&str> = line.split(',').collect();
        if fields.len() != d + 1 {
            return Err(bad(Message::new(&codes::LC_WIDTH).int("expected", d + 1).int("found", fields.len())));
        }
        for f in &fields[..d] {
            let v: f64 =
                f.trim().parse().map_err(|_| bad(Message::new(&codes::LC_NOT_NUMBER).text("value", f.trim())))?;
            x.push(v);
        }
        labels.push(fields[d].trim());
    }
    Ok((x, labels))
}

/// The generated 2-D presets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Cloud {
    /// GDA's model is true: two Gaussians with one shared Σ, equal priors.
    ModelTrue,
    /// Each class has its own covariance (one long and thin, one small and round): the
    /// Bayes boundary is a conic, and no line, GDA's or logistic regression's, follows it.
    UnequalCovariances,
    /// Class 1 is a mixture of two Gaussians: a near blob and a far one (20 %), which
    /// drags GDA's class mean and covariance (and so its line) away from where the classes
    /// meet.
    Bimodal,
    /// Heavy tails: each class a bivariate Student t with 2 degrees of freedom (infinite
    /// variance), so a few points land far out.
    HeavyTails,
}

/// The shared-Σ preset's parameters: μ₀, μ₁, Σ (φ = ½). Δ² = 2.3, so the Bayes error is Φ(−√2.3/2) ≈ 0.224.
pub const MODEL_TRUE: ([f64; 2], [f64; 2], [[f64; 2]; 2]) = ([0.0, 0.0], [1.5, 1.0], [[1.0, 0.5], [0.5, 1.5]]);

impl Cloud {
    /// Every preset, in menu order.
    pub const ALL: [Cloud; 4] = [Cloud::ModelTrue, Cloud::UnequalCovariances, Cloud::Bimodal, Cloud::HeavyTails];

    /// The preset's id in links.
    pub fn id(self) -> &'static str {
        match self {
            Cloud::ModelTrue => "true",
            Cloud::UnequalCovariances => "unequal",
            Cloud::Bimodal => "bimodal",
            Cloud::HeavyTails => "heavy",
        }
    }

    /// The preset with this id.
    pub fn from_id(id: &str) -> Option<Cloud> {
        Cloud::ALL.into_iter().find(|c| c.id() == id)
    }

    /// The exact Bayes error where it has a closed form (the shared-Σ preset), else None.
    pub fn bayes_error(self) -> Option<f64> {
        match self {
            Cloud::ModelTrue => Some(crate::gda::bayes_error(MODEL_TRUE.0, MODEL_TRUE.1, MODEL_TRUE.2, 0.5)),
            _ => None,
        }
    }

    /// `n` points of each class, drawn from `seed` (class 0 first, then class 1).
    pub fn sample(self, n: usize, seed: u64) -> Dataset {
        let mut r = rng(seed);
        let mut x = Vec::with_capacity(4 * n);
        let mut y = Vec::with_capacity(2 * n);
        for class in 0..2u8 {
            for _ in 0..n {
                let p = self.draw(&mut r, class);
                x.extend_from_slice(&p);
                y.push(class);
            }
        }
        Dataset { d: 2, x, y }
    }

    fn draw(self, r: &mut Rng, class: u8) -> [f64; 2] {
        let z0: f64 = StandardNormal.sample(r);
        let z1: f64 = StandardNormal.sample(r);
        match self {
            Cloud::ModelTrue => {
                let (mu0, mu1, s) = MODEL_TRUE;
                let mu = if class == 0 { mu0 } else { mu1 };
                // Cholesky factor of Σ: L = [[√s00, 0], [s01/√s00, √(s11 − s01²/s00)]].
                let l00 = s[0][0].sqrt();
                let l10 = s[0][1] / l00;
                let l11 = (s[1][1] - l10 * l10).sqrt();
                [mu[0] + l00 * z0, mu[1] + l10 * z0 + l11 * z1]
            }
            Cloud::UnequalCovariances => {
                if class == 0 {
                    // Long and thin along the diagonal: Σ₀ = [[4, 3.8], [3.8, 3.97]].
                    [2.0 * z0, 1.9 * z0 + 0.6 * z1]
                } else {
                    // Small and round: Σ₁ = 0.09 I.
                    [1.5 + 0.3 * z0, 0.3 * z1]
                }
            }
            Cloud::Bimodal => {
                if class == 0 {
                    [z0, z1]
                } else {
                    use rand::Rng as _;
                    let far = r.random::<f64>() < 0.2;
                    if far {
                        [8.0 + 0.7 * z0, -6.0 + 0.7 * z1]
                    } else {
                        [2.0 + z0, z1]
                    }
                }
            }
            Cloud::HeavyTails => {
                let chi: f64 = ChiSquared::new(2.0).expect("2 degrees of freedom").sample(r);
                let scale = (2.0 / chi.max(1e-300)).sqrt();
                let mu = if class == 0 { [0.0, 0.0] } else { [1.5, 1.0] };
                [mu[0] + scale * z0, mu[1] + scale * (0.5 * z0 + z1)]
            }
        }
    }
}
