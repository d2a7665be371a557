#![cfg(not(target_arch = "wasm32"))]
//! The prior-weighted class densities of the 3-D view (`genlab::gda::density`): the heights
//! on the grid against the bivariate normal density written out here from its textbook
//! form (the class means, covariances and priors computed here from the points, the 2 × 2
//! inverse by its adjugate), and the floor boundary against the heights themselves: where
//! the two tallest weighted densities are equal, exactly for a shared Σ and within one grid
//! cell for QDA; with unequal losses, where λ₀₁·h₁ = λ₁₀·h₀ (the Bayes rule of
//! `genlab::gda::risk`: decide 1 when λ₁₀·p(0|x) < λ₀₁·p(1|x)).

use genlab::gda::density::{grid_coord, WeightedDensities};
use genlab::gda::{ModelSpec, Rect};

use crate::common;
use common::assert_close;

const VIEW: Rect = Rect { x0: -4.0, x1: 4.5, y0: -3.5, y1: 5.0 };

/// Two classes, unequal sizes, different shapes (so QDA's Σ₀ ≠ Σ₁ and φ ≠ ½).
fn points() -> (Vec<[f64; 2]>, Vec<u8>) {
    let c0 = [[-2.0, -1.0], [-1.0, -1.5], [-1.0, -2.0], [-2.5, 0.5], [-0.5, -0.5]];
    let c1 = [[1.0, 1.0], [1.0, 2.5], [2.0, 1.0], [3.0, 3.5]];
    let pts: Vec<[f64; 2]> = c0.iter().chain(&c1).copied().collect();
    let labels = [0u8; 5].iter().chain(&[1u8; 4]).copied().collect();
    (pts, labels)
}

/// Three classes for the k-class boundary.
fn three_classes() -> (Vec<[f64; 2]>, Vec<u8>) {
    let (mut pts, mut labels) = points();
    for p in [[-2.0, 3.0], [-1.0, 4.0], [-2.5, 4.0], [-1.5, 2.5]] {
        pts.push(p);
        labels.push(2);
    }
    (pts, labels)
}

/// (φ_c, μ_c, Σ_c) by maximum likelihood, worked here: the shared Σ divides the pooled
/// scatter by m, each class's Σ_c its own by m_c.
fn by_hand(points: &[[f64; 2]], labels: &[u8], shared: bool) -> Vec<(f64, [f64; 2], [[f64; 2]; 2])> {
    let k = usize::from(*labels.iter().max().unwrap()) + 1;
    let m = points.len() as f64;
    let mut out = Vec::new();
    let mut pooled = [[0.0; 2]; 2];
    for c in 0..k {
        let pts: Vec<[f64; 2]> =
            points.iter().zip(labels).filter(|(_, &l)| usize::from(l) == c).map(|(p, _)| *p).collect();
        let n = pts.len() as f64;
        let mu = [pts.iter().map(|p| p[0]).sum::<f64>() / n, pts.iter().map(|p| p[1]).sum::<f64>() / n];
        let mut s = [[0.0; 2]; 2];
        for p in &pts {
            let d = [p[0] - mu[0], p[1] - mu[1]];
            for i in 0..2 {
                for j in 0..2 {
                    s[i][j] += d[i] * d[j];
                    pooled[i][j] += d[i] * d[j];
                }
            }
        }
        out.push((n / m, mu, s.map(|r| r.map(|v| v / n))));
    }
    if shared {
        for c in &mut out {
            c.2 = pooled.map(|r| r.map(|v| v / m));
        }
    }
    out
}

/// φ · N(x; μ, Σ) = φ / (2π √det Σ) · exp(−½ (x − μ)ᵀ Σ⁻¹ (x − μ)), Σ⁻¹ = adj Σ / det Σ.
fn weighted_normal(phi: f64, mu: [f64; 2], s: [[f64; 2]; 2], x: [f64; 2]) -> f64 {
    let det = s[0][0] * s[1][1] - s[0][1] * s[1][0];
    let (dx, dy) = (x[0] - mu[0], x[1] - mu[1]);
    let q = (s[1][1] * dx * dx - (s[0][1] + s[1][0]) * dx * dy + s[0][0] * dy * dy) / det;
    phi * (-0.5 * q).exp() / (2.0 * std::f64::consts::PI * det.sqrt())
}

fn densities(spec: ModelSpec, pts: &[[f64; 2]], labels: &[u8], prior: Option<f64>) -> WeightedDensities {
    let model = spec.fit(pts, labels).expect("fit");
    WeightedDensities::of(&model, prior).expect("a generative model has densities")
}

#[test]
fn heights_on_the_grid_are_the_weighted_normal_density_for_gda_and_qda() {
    let (pts, labels) = points();
    for (spec, shared) in [(ModelSpec::Gda, true), (ModelSpec::Qda, false)] {
        let d = densities(spec, &pts, &labels, None);
        let hand = by_hand(&pts, &labels, shared);
        let (nx, ny) = (23, 17);
        let mut grid = Vec::new();
        d.fill_grid(VIEW, nx, ny, &mut grid);
        assert_eq!(grid.len(), 2 * nx * ny);
        for (c, &(phi, mu, s)) in hand.iter().enumerate() {
            for j in 0..ny {
                for i in 0..nx {
                    let x = [
                        VIEW.x0 + (VIEW.x1 - VIEW.x0) * i as f64 / (nx - 1) as f64,
                        VIEW.y0 + (VIEW.y1 - VIEW.y0) * j as f64 / (ny - 1) as f64,
                    ];
                    let want = weighted_normal(phi, mu, s, x);
                    let got = grid[c * nx * ny + j * nx + i];
                    assert_close(got, want, 1e-12, 0.0, &format!("{spec:?} class {c} at node ({i}, {j})"));
                }
            }
            assert_close(d.classes()[c].peak(), weighted_normal(phi, mu, s, mu), 1e-12, 0.0, "peak");
        }
    }
}

#[test]
fn the_prior_override_raises_class_one_and_lowers_class_zero_by_the_prior_ratio() {
    let (pts, labels) = points();
    let fitted = densities(ModelSpec::Gda, &pts, &labels, None);
    let moved = densities(ModelSpec::Gda, &pts, &labels, Some(0.8));
    let hand = by_hand(&pts, &labels, true);
    let x = [0.3, -0.7];
    // φ̂ = 4/9: the override 0.8 multiplies class 1's surface by 0.8/(4/9) and class 0's
    // by 0.2/(5/9).
    assert_close(moved.classes()[1].height(x), weighted_normal(0.8, hand[1].1, hand[1].2, x), 1e-12, 0.0, "class 1");
    assert_close(moved.classes()[0].height(x), weighted_normal(0.2, hand[0].1, hand[0].2, x), 1e-12, 0.0, "class 0");
    assert!(moved.classes()[1].peak() > fitted.classes()[1].peak());
    assert!(moved.classes()[0].peak() < fitted.classes()[0].peak());
}

#[test]
fn logistic_regression_has_no_densities() {
    let (pts, labels) = points();
    let model = ModelSpec::Logistic { lambda: 1.0 }.fit(&pts, &labels).expect("fit");
    assert!(WeightedDensities::of(&model, None).is_none());
}

#[test]
fn the_shared_covariance_floor_line_is_exactly_where_the_weighted_densities_are_equal() {
    let (pts, labels) = points();
    for prior in [None, Some(0.2), Some(0.9)] {
        let d = densities(ModelSpec::Gda, &pts, &labels, prior);
        assert!(d.linear());
        let b = d.boundaries(VIEW, 40, 40);
        assert_eq!(b.len(), 1);
        let line = &b[0].top_two;
        assert_eq!(line.len(), 1, "one segment across the view");
        let (p, q) = (line[0][0], line[0][line[0].len() - 1]);
        for t in 0..=20 {
            let s = f64::from(t) / 20.0;
            let x = [p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1])];
            let (h0, h1) = (d.classes()[0].height(x), d.classes()[1].height(x));
            // Equal to rounding: the line's ends are exact, the heights differ by the
            // rounding of two exponentials.
            assert_close(h1, h0, 1e-9, 1e-300, &format!("prior {prior:?} at s = {s}"));
        }
        // And it separates: on either side, opposite classes are taller.
        let n = [q[1] - p[1], p[0] - q[0]];
        let mid = [0.5 * (p[0] + q[0]), 0.5 * (p[1] + q[1])];
        let side = |e: f64| {
            let x = [mid[0] + e * n[0], mid[1] + e * n[1]];
            d.classes()[1].height(x) > d.classes()[0].height(x)
        };
        assert_ne!(side(0.05), side(-0.05));
    }
}

/// Every vertex of the traced boundary has the taller class change within one grid cell of
/// it, and every grid cell whose corners disagree on the taller class has a vertex within
/// one cell.
/// With `level` ≠ 0 (two classes) the same for the set log h_b − log h_a = level.
fn check_traced(d: &WeightedDensities, a: usize, b: usize, lines: &[Vec<[f64; 2]>], n: usize, level: f64) {
    let cell = ((VIEW.x1 - VIEW.x0) / (n - 1) as f64).max((VIEW.y1 - VIEW.y0) / (n - 1) as f64);
    let diff = |x: [f64; 2]| d.classes()[a].log_height(x) - d.classes()[b].log_height(x) + level;
    let vertices: Vec<[f64; 2]> = lines.iter().flatten().copied().collect();
    assert!(!vertices.is_empty());
    for v in &vertices {
        let around: Vec<bool> = (0..16)
            .map(|t| {
                let a = f64::from(t) * std::f64::consts::PI / 8.0;
                diff([v[0] + cell * a.cos(), v[1] + cell * a.sin()]) > 0.0
            })
            .collect();
        assert!(around.contains(&true) && around.contains(&false), "vertex {v:?} is not within a cell of the crossing");
    }
    for j in 0..n - 1 {
        for i in 0..n - 1 {
            let at = |i: usize, j: usize| [grid_coord(VIEW.x0, VIEW.x1, i, n), grid_coord(VIEW.y0, VIEW.y1, j, n)];
            let corners = [at(i, j), at(i + 1, j), at(i, j + 1), at(i + 1, j + 1)];
            let signs: Vec<bool> = corners.iter().map(|&x| diff(x) > 0.0).collect();
            // Only where a and b are the two tallest (for k > 2).
            let top_two = corners.iter().all(|&x| {
                let h: Vec<f64> = d.classes().iter().map(|c| c.log_height(x)).collect();
                (0..h.len()).filter(|&c| c != a && c != b).all(|c| h[c] < h[a].min(h[b]))
            });
            if top_two && signs.contains(&true) && signs.contains(&false) {
                let centre = [0.5 * (corners[0][0] + corners[3][0]), 0.5 * (corners[0][1] + corners[3][1])];
                let near = vertices.iter().any(|v| (v[0] - centre[0]).hypot(v[1] - centre[1]) <= 1.5 * cell);
                assert!(near, "cell ({i}, {j}) changes class but no boundary vertex is near it");
            }
        }
    }
}

#[test]
fn the_qda_floor_conic_is_where_the_weighted_densities_cross_within_one_grid_cell() {
    let (pts, labels) = points();
    let d = densities(ModelSpec::Qda, &pts, &labels, Some(0.35));
    assert!(!d.linear());
    let n = 40;
    let b = d.boundaries(VIEW, n, n);
    assert_eq!(b.len(), 1);
    check_traced(&d, 0, 1, &b[0].top_two, n, 0.0);
}

#[test]
fn three_classes_meet_where_the_two_tallest_surfaces_cross() {
    let (pts, labels) = three_classes();
    for spec in [ModelSpec::Gda, ModelSpec::Qda] {
        let d = densities(spec, &pts, &labels, Some(0.5));
        // The two-class override does not apply to three classes: the fitted priors stay.
        assert_close(d.classes()[2].prior, 4.0 / 13.0, 1e-15, 0.0, "φ₂");
        let n = 48;
        let b = d.boundaries(VIEW, n, n);
        assert_eq!(b.len(), 3);
        for pair in &b {
            let (a, c) = pair.classes;
            if pair.top_two.is_empty() {
                continue;
            }
            if d.linear() {
                for v in pair.top_two.iter().flatten() {
                    let (ha, hc) = (d.classes()[a].height(*v), d.classes()[c].height(*v));
                    assert_close(ha, hc, 1e-9, 1e-300, &format!("{spec:?} pair {a}-{c} at {v:?}"));
                }
            } else {
                check_traced(&d, a, c, &pair.top_two, n, 0.0);
            }
        }
    }
}

#[test]
fn with_unequal_losses_the_floor_boundary_is_where_the_loss_weighted_densities_are_equal() {
    // λ₀₁·h₁(x) = λ₁₀·h₀(x), the heights written out by hand; exactly on the shared-Σ line.
    let (pts, labels) = points();
    let hand = by_hand(&pts, &labels, true);
    let d = densities(ModelSpec::Gda, &pts, &labels, None);
    for (l01, l10) in [(1.0f64, 5.0f64), (4.0, 1.0), (0.3, 2.0)] {
        let level = (l10 / l01).ln();
        let lines = d.decision_boundary(VIEW, 40, 40, level);
        assert_eq!(lines.len(), 1, "one segment across the view");
        let (p, q) = (lines[0][0], lines[0][lines[0].len() - 1]);
        for t in 0..=20 {
            let s = f64::from(t) / 20.0;
            let x = [p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1])];
            let h0 = weighted_normal(hand[0].0, hand[0].1, hand[0].2, x);
            let h1 = weighted_normal(hand[1].0, hand[1].1, hand[1].2, x);
            assert_close(l01 * h1, l10 * h0, 1e-9, 1e-300, &format!("λ = ({l01}, {l10}) at s = {s}"));
            // Off the crossing: there the surfaces differ by the loss ratio.
            assert!((h1 / h0 - l10 / l01).abs() < 1e-6 && (h1 / h0 - 1.0).abs() > 0.2);
        }
        // With equal losses it is the crossing itself.
        let crossing = d.decision_boundary(VIEW, 40, 40, 0.0);
        assert_eq!(crossing, d.boundaries(VIEW, 40, 40)[0].top_two);
    }
    // QDA: within one grid cell of the set log h₁ − log h₀ = log(λ₁₀/λ₀₁).
    let q = densities(ModelSpec::Qda, &pts, &labels, Some(0.35));
    for level in [5f64.ln(), -(3f64.ln())] {
        let n = 40;
        let lines = q.decision_boundary(VIEW, n, n, level);
        check_traced(&q, 0, 1, &lines, n, level);
    }
    // No such boundary for three classes (their figure ignores the losses).
    let (pts3, labels3) = three_classes();
    assert!(densities(ModelSpec::Gda, &pts3, &labels3, None).decision_boundary(VIEW, 40, 40, 1.0).is_empty());
}
