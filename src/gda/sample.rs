//! The generating model of the GDA panel: k = 2 … 5 two-dimensional Gaussian clouds,
//! x | y = c ~ N(μ_c, Σ_c) with Σ_c = [[σx², ρσxσy], [ρσxσy, σy²]], n_c points per class,
//! drawn from one seed. [`SampleSpec`] is the two-class form the panel opened with;
//! [`ClassesSpec`] is the k-class one, and gives exactly the same points for k = 2.

use serde::{Deserialize, Serialize};

use crate::error::{describe, Error, Result};
use crate::gda::classifier::MAX_CLASSES;
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

/// One class's cloud: how many points and which Gaussian.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Cloud {
    /// Number of points, 1 … [`MAX_POINTS_PER_CLASS`].
    pub n: usize,
    /// The generating Gaussian.
    pub params: ClassParams,
}

/// The default clouds of classes 0 … 4: classes 0 and 1 are [`SampleSpec::default`]'s, and
/// classes 2, 3 and 4 sit around them, overlapping each neighbour a little, so that every
/// k from 2 to 5 takes the first k and makes a picture with k visible regions.
pub const DEFAULT_CLOUDS: [Cloud; MAX_CLASSES] = [
    Cloud { n: 60, params: ClassParams { mean: [-1.0, -0.5], sd: [1.0, 0.8], rho: 0.4 } },
    Cloud { n: 40, params: ClassParams { mean: [1.2, 0.8], sd: [0.9, 1.1], rho: 0.3 } },
    Cloud { n: 50, params: ClassParams { mean: [-1.8, 2.6], sd: [0.8, 0.7], rho: -0.3 } },
    Cloud { n: 45, params: ClassParams { mean: [2.6, -2.0], sd: [0.7, 0.9], rho: -0.2 } },
    Cloud { n: 35, params: ClassParams { mean: [3.2, 3.0], sd: [0.8, 0.6], rho: 0.5 } },
];

/// k clouds and the seed: the generating model for 2 … [`MAX_CLASSES`] classes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClassesSpec {
    /// One cloud per class, class 0 first.
    pub clouds: Vec<Cloud>,
    /// The seed of the generator.
    pub seed: u64,
}

impl ClassesSpec {
    /// The default picture for k classes: the first k of [`DEFAULT_CLOUDS`], seed 7.
    /// `k` outside 2 … 5 is brought into that range.
    pub fn default_for(k: usize) -> ClassesSpec {
        ClassesSpec { clouds: DEFAULT_CLOUDS[..k.clamp(2, MAX_CLASSES)].to_vec(), seed: 7 }
    }

    /// The two-class spec as a k = 2 one.
    pub fn from_two(spec: &SampleSpec) -> ClassesSpec {
        ClassesSpec {
            clouds: vec![Cloud { n: spec.n0, params: spec.class0 }, Cloud { n: spec.n1, params: spec.class1 }],
            seed: spec.seed,
        }
    }

    /// The number of classes k.
    pub fn classes(&self) -> usize {
        self.clouds.len()
    }

    /// Checks 2 ≤ k ≤ 5, every count and every cloud.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for a number of classes out of range, n = 0, n above
    /// [`MAX_POINTS_PER_CLASS`], or a class parameter out of range.
    pub fn validate(&self) -> Result<()> {
        if !(2..=MAX_CLASSES).contains(&self.clouds.len()) {
            return Err(Error::InvalidParameter {
                name: "k",
                value: self.clouds.len().to_string(),
                rule: "the number of classes must be from 2 to 5",
            });
        }
        for cloud in &self.clouds {
            if cloud.n == 0 || cloud.n > MAX_POINTS_PER_CLASS {
                return Err(Error::InvalidParameter {
                    name: "n",
                    value: cloud.n.to_string(),
                    rule: "each class needs between 1 and 100,000 points",
                });
            }
            cloud.params.validate()?;
        }
        Ok(())
    }

    /// Draws the points, class by class. Classes 0 and 1 use the streams of
    /// [`SampleSpec::sample`] (seed·2 + c), so k = 2 gives the same points; class c ≥ 2 has
    /// its own stream, seeded with seed XOR c·φ·2⁶⁴ (the golden-ratio constant spreads the
    /// class index over all 64 bits, far from the seed·2 + c streams of nearby seeds).
    /// Each class's points depend only on the seed and its own cloud.
    ///
    /// # Errors
    /// As [`ClassesSpec::validate`].
    pub fn sample(&self) -> Result<(Vec<Vec2>, Vec<u8>)> {
        self.validate()?;
        let total: usize = self.clouds.iter().map(|c| c.n).sum();
        let mut points = Vec::with_capacity(total);
        let mut labels = Vec::with_capacity(total);
        for (c, cloud) in (0u8..).zip(&self.clouds) {
            let stream = if c < 2 {
                self.seed.wrapping_mul(2).wrapping_add(u64::from(c))
            } else {
                self.seed ^ u64::from(c).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            };
            let mut rng = sampling::rng(stream);
            let p = &cloud.params;
            points.extend(sampling::gaussian_2d(&mut rng, cloud.n, p.mean, p.sd, p.rho));
            labels.extend(std::iter::repeat_n(c, cloud.n));
        }
        Ok((points, labels))
    }
}
