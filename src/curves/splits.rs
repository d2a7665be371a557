//! Seeded stratified splits and the nested training subsets of a learning curve.
//!
//! Split s shuffles each class's rows with its own generator, seeded from (seed, s) alone,
//! so a split is the same whichever splits were computed before it (a run can stop and a
//! link can reproduce it exactly). The first ⌈f·n_k⌉ shuffled rows of class k are its test
//! rows, the rest its training pool in shuffled order. A training subset of size m takes
//! the first n₁(m) rows of class 1's pool and the first m − n₁(m) of class 0's, with
//! n₁(m) = round(m·p₁) clamped so each class has at least one row (p₁ the pool's share of
//! class 1): the subsets of one split are nested, and both models of a pairing train on
//! exactly the same rows.

use crate::stats::sampling::{permutation, rng};

/// The share of each class held out for testing.
pub const TEST_FRACTION: f64 = 0.3;

/// One split: test rows and each class's training pool, in the order subsets take them.
#[derive(Debug, Clone, PartialEq)]
pub struct Split {
    /// Held-out rows (class 0's, then class 1's).
    pub test: Vec<usize>,
    /// Each class's training rows, shuffled.
    pub pool: [Vec<usize>; 2],
}

impl Split {
    /// The training rows of a subset of size m (class 0's first rows, then class 1's).
    pub fn train(&self, m: usize) -> Vec<usize> {
        let n1 = class_one_count(m, [self.pool[0].len(), self.pool[1].len()]);
        let mut idx = Vec::with_capacity(m);
        idx.extend_from_slice(&self.pool[0][..m - n1]);
        idx.extend_from_slice(&self.pool[1][..n1]);
        idx
    }
}

/// How many of m training rows are class 1: round(m·p₁), at least 1 of each class, and
/// no more than either pool holds. The caller keeps 2 ≤ m ≤ the two pools' sum.
pub fn class_one_count(m: usize, pool: [usize; 2]) -> usize {
    let p1 = pool[1] as f64 / (pool[0] + pool[1]) as f64;
    let n1 = (m as f64 * p1).round() as usize;
    let lo = 1.max(m.saturating_sub(pool[0]));
    let hi = (m - 1).min(pool[1]);
    n1.clamp(lo, hi.max(lo))
}

/// The splits of a data set for one seed.
#[derive(Debug, Clone, PartialEq)]
pub struct SplitPlan {
    seed: u64,
    rows: [Vec<usize>; 2],
}

impl SplitPlan {
    /// The plan for rows with these 0/1 labels and `seed`.
    pub fn new(labels: &[u8], seed: u64) -> SplitPlan {
        let rows = [0u8, 1].map(|k| (0..labels.len()).filter(|&i| labels[i] == k).collect::<Vec<usize>>());
        SplitPlan { seed, rows }
    }

    /// The training pool's size (the largest m).
    pub fn pool_size(&self) -> usize {
        self.rows.iter().map(|r| r.len() - test_count(r.len())).sum()
    }

    /// Split number `s`.
    pub fn split(&self, s: usize) -> Split {
        let mut test = Vec::new();
        let mut pool = [Vec::new(), Vec::new()];
        for (k, (rows, pool)) in self.rows.iter().zip(&mut pool).enumerate() {
            let mut r = rng(mix(self.seed, (s as u64) << 1 | k as u64));
            let order = permutation(&mut r, rows.len());
            let t = test_count(rows.len());
            test.extend(order[..t].iter().map(|&i| rows[i]));
            *pool = order[t..].iter().map(|&i| rows[i]).collect();
        }
        Split { test, pool }
    }
}

/// ⌈f·n⌉ test rows of a class of n, at least 1 and leaving at least 1 to train on.
fn test_count(n: usize) -> usize {
    ((n as f64 * TEST_FRACTION).ceil() as usize).clamp(1, n.saturating_sub(1).max(1))
}

/// SplitMix64's finaliser of seed + (s + 1)·golden ratio: independent-looking seeds for
/// neighbouring splits.
fn mix(seed: u64, s: u64) -> u64 {
    let mut z = seed.wrapping_add((s + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
