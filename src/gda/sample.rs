//! The generating model of the GDA panel: two 2-D Gaussian clouds, n per class, each with
//! its own mean, standard deviations and correlation, drawn from one seeded generator.

use serde::{Deserialize, Serialize};

use crate::error::{describe, Error, Result};
use crate::stats::linalg::{self, Mat2, Vec2};
use crate::stats::sampling;

/// Largest generating standard deviation accepted (σ² must stay far from overflow).
pub const MAX_SD: f64 = 1e6;

/// Largest number of points per class the panel generates (keeps a drag step bounded).
pub const MAX_POINTS_PER_CLASS: usize = 100_000;

/// One class's generating Gaussian: mean, standard deviations (σx, σy) and correlation ρ.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ClassParams {
    /// μ.
    pub mean: Vec2,
    /// (σx, σy), both > 0.
    pub sd: Vec2,
    /// ρ, with |ρ| < 1.
    pub rho: f64,
}

impl ClassParams {
    /// The generating covariance [[σx², ρσxσy], [ρσxσy, σy²]].
    pub fn sigma(&self) -> Mat2 {
        linalg::covariance(self.sd, self.rho)
    }

    /// Checks σ > 0, |ρ| < 1 and a finite mean.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] naming the first parameter out of range.
    pub fn validate(&self) -> Result<()> {
        for (name, v) in [("μx", self.mean[0]), ("μy", self.mean[1])] {
            if !v.is_finite() || v.abs() > 1e12 {
                return Err(Error::InvalidParameter {
                    name,
                    value: describe(v),
                    rule: "a mean must be a finite number no larger than 10¹² in size",
                });
            }
        }
        for (name, v) in [("σx", self.sd[0]), ("σy", self.sd[1])] {
            if v.is_nan() || v <= 0.0 || v > MAX_SD {
                return Err(Error::InvalidParameter {
                    name,
                    value: describe(v),
                    rule: "a standard deviation must be a positive number no larger than 1,000,000",
                });
            }
        }
        if self.rho.is_nan() || self.rho.abs() >= 1.0 {
            return Err(Error::InvalidParameter {
                name: "ρ",
                value: describe(self.rho),
                rule: "a correlation must lie strictly between −1 and 1",
            });
        }
        Ok(())
    }
}

/// Everything needed to draw a sample: counts, the two classes' Gaussians and the seed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SampleSpec {
    /// Number of class-0 points.
    pub n0: usize,
    /// Number of class-1 points.
    pub n1: usize,
    /// Class 0's generating Gaussian.
    pub class0: ClassParams,
    /// Class 1's generating Gaussian.
    pub class1: ClassParams,
    /// The seed of the generator.
    pub seed: u64,
}

impl Default for SampleSpec {
    /// The panel's opening picture: two tilted, overlapping clouds, 60 and 40 points.
    fn default() -> Self {
        SampleSpec {
            n0: 60,
            n1: 40,
            class0: ClassParams { mean: [-1.0, -0.5], sd: [1.0, 0.8], rho: 0.4 },
            class1: ClassParams { mean: [1.2, 0.8], sd: [0.9, 1.1], rho: 0.3 },
            seed: 7,
        }
    }
}

impl SampleSpec {
    /// Checks both classes and the counts.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for n = 0, n above [`MAX_POINTS_PER_CLASS`], or a class
    /// parameter out of range.
    pub fn validate(&self) -> Result<()> {
        for (name, n) in [("n₀", self.n0), ("n₁", self.n1)] {
            if n == 0 || n > MAX_POINTS_PER_CLASS {
                return Err(Error::InvalidParameter {
                    name,
                    value: n.to_string(),
                    rule: "each class needs between 1 and 100,000 points",
                });
            }
        }
        self.class0.validate()?;
        self.class1.validate()
    }

    /// Draws the points: first all of class 0, then all of class 1, from one generator
    /// seeded with `seed`. Class 1's points do not depend on n₀ (each class has its own
    /// stream), so changing one class's count leaves the other cloud where it was.
    ///
    /// # Errors
    /// As [`SampleSpec::validate`].
    pub fn sample(&self) -> Result<(Vec<Vec2>, Vec<u8>)> {
        self.validate()?;
        let mut points = Vec::with_capacity(self.n0 + self.n1);
        let mut labels = Vec::with_capacity(self.n0 + self.n1);
        for (k, n, c) in [(0u8, self.n0, &self.class0), (1u8, self.n1, &self.class1)] {
            // A separate stream per class: seed·2 + k keeps streams apart and reproducible.
            let mut rng = sampling::rng(self.seed.wrapping_mul(2).wrapping_add(u64::from(k)));
            points.extend(sampling::gaussian_2d(&mut rng, n, c.mean, c.sd, c.rho));
            labels.extend(std::iter::repeat_n(k, n));
        }
        Ok((points, labels))
    }
}
