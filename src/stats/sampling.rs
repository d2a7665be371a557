//! Seeded sampling of 2-D Gaussians.
//!
//! x = μ + L·z with z ~ N(0, I) and L the Cholesky factor of
//! Σ = [[σx², ρσxσy], [ρσxσy, σy²]]: L = [[σx, 0], [ρσy, σy√(1−ρ²)]].
//! One PCG generator seeded from a `u64` drives every draw, and the normal variates come
//! from `rand_distr` built on `libm`, so a seed gives the same points on every machine and
//! in the browser.

use rand::SeedableRng;
use rand_distr::{Distribution, StandardNormal};
use rand_pcg::Pcg64Mcg;

use super::linalg::Vec2;

/// The seeded generator every sampler in genlab uses.
pub type Rng = Pcg64Mcg;

/// A generator from the user-visible seed.
pub fn rng(seed: u64) -> Rng {
    Pcg64Mcg::seed_from_u64(seed)
}

/// Draws `n` points from N(mean, Σ(sd, rho)). The caller has validated sd > 0, |ρ| < 1.
pub fn gaussian_2d(rng: &mut Rng, n: usize, mean: Vec2, sd: Vec2, rho: f64) -> Vec<Vec2> {
    let l10 = rho * sd[1];
    let l11 = sd[1] * (1.0 - rho * rho).sqrt();
    (0..n)
        .map(|_| {
            let z0: f64 = StandardNormal.sample(rng);
            let z1: f64 = StandardNormal.sample(rng);
            [mean[0] + sd[0] * z0, mean[1] + l10 * z0 + l11 * z1]
        })
        .collect()
}

/// A seeded Fisher–Yates permutation of 0..n.
pub fn permutation(rng: &mut Rng, n: usize) -> Vec<usize> {
    use rand::Rng as _;
    let mut idx: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = rng.random_range(0..=i);
        idx.swap(i, j);
    }
    idx
}
