//! The scene: the two weighted densities sampled on a grid, cut into triangles and lines
//! with their depths, ready to be painted back to front.

use super::*;

/// The quads of every surface and the crossing curve's pieces, in painter's order (see the
/// module notes). Quads lying flat on the floor (every corner below 0.4 % of the tallest
/// peak) are left out: they would only tint the floor and hide its lines.
pub fn scene_items(
    densities: &WeightedDensities,
    projector: &Projector,
    view: Rect,
    grid: usize,
    boundaries: &[crate::gda::regions::PairBoundary],
    heights: &mut Vec<f64>,
) -> Vec<SceneItem> {
    let n = grid.max(2);
    densities.fill_grid(view, n, n, heights);
    let k = densities.classes().len();
    let flat = 0.004 * densities.max_height();
    let cells = (n - 1) * (n - 1);
    let xs: Vec<f64> = (0..n).map(|i| grid_coord(view.x0, view.x1, i, n)).collect();
    let ys: Vec<f64> = (0..n).map(|j| grid_coord(view.y0, view.y1, j, n)).collect();
    // Cells by the depth of their floor centres, farthest first.
    let mut order: Vec<(f64, usize)> = (0..cells)
        .map(|cell| {
            let (i, j) = (cell % (n - 1), cell / (n - 1));
            let centre = [0.5 * (xs[i] + xs[i + 1]), 0.5 * (ys[j] + ys[j + 1]), 0.0];
            (projector.depth(centre), cell)
        })
        .collect();
    order.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    // The crossing curve, cut into pieces no longer than half a cell, each lifted onto the
    // surfaces and drawn right after the quads of the cell holding its midpoint.
    let step = 0.5 * ((view.x1 - view.x0) / (n - 1) as f64).min((view.y1 - view.y0) / (n - 1) as f64);
    let mut crossing: Vec<Vec<[(f64, f64); 2]>> = vec![Vec::new(); cells];
    for pair in boundaries {
        let c = pair.classes.0;
        let density = densities.classes()[c];
        for line in &pair.top_two {
            for w in line.windows(2) {
                let (a, b) = (w[0], w[1]);
                let len = (b[0] - a[0]).hypot(b[1] - a[1]);
                let parts = ((len / step).ceil() as usize).clamp(1, 10_000);
                for s in 0..parts {
                    let at = |t: f64| [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
                    let (p, q) = (at(s as f64 / parts as f64), at((s + 1) as f64 / parts as f64));
                    let (hp, hq) = (density.height(p), density.height(q));
                    if hp.max(hq) < flat {
                        continue;
                    }
                    let mid = [0.5 * (p[0] + q[0]), 0.5 * (p[1] + q[1])];
                    let i = cell_index(mid[0], view.x0, view.x1, n);
                    let j = cell_index(mid[1], view.y0, view.y1, n);
                    crossing[j * (n - 1) + i]
                        .push([projector.screen([p[0], p[1], hp]), projector.screen([q[0], q[1], hq])]);
                }
            }
        }
    }
    let mut items = Vec::with_capacity(cells * k / 2 + 64);
    // The cell's two triangles (corners 0-1-2 and 0-2-3 of the cell, 0 at (i, j), going
    // round), the farther first: the ray passes from the nearer into the farther across
    // the diagonal 0-2 the way the other diagonal points.
    let mut in_tri: Vec<(bool, f64, usize)> = Vec::with_capacity(k);
    let mut drawn: Vec<(usize, usize)> = Vec::with_capacity(2 * k);
    for &(_, cell) in &order {
        let (i, j) = (cell % (n - 1), cell / (n - 1));
        let floor = [[xs[i], ys[j]], [xs[i + 1], ys[j]], [xs[i + 1], ys[j + 1]], [xs[i], ys[j + 1]]];
        let corner = |c: usize, v: usize| {
            let (ii, jj) = [(i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)][v];
            [floor[v][0], floor[v][1], heights[c * n * n + jj * n + ii]]
        };
        let d1 = projector.depth([floor[1][0], floor[1][1], 0.0]);
        let d3 = projector.depth([floor[3][0], floor[3][1], 0.0]);
        let tris: [[usize; 3]; 2] = if d1 >= d3 { [[0, 1, 2], [0, 2, 3]] } else { [[0, 2, 3], [0, 1, 2]] };
        drawn.clear();
        for (t, tri) in tris.iter().enumerate() {
            in_tri.clear();
            for c in 0..k {
                let p = tri.map(|v| corner(c, v));
                if p.iter().all(|q| q[2] < flat) {
                    continue;
                }
                // Seen from above, a triangle faces the viewer when it winds on screen as
                // its floor does.
                let area =
                    |q: [(f64, f64); 3]| (q[1].0 - q[0].0) * (q[2].1 - q[0].1) - (q[2].0 - q[0].0) * (q[1].1 - q[0].1);
                let up = area(p.map(|q| projector.screen(q)));
                let down = area(p.map(|q| projector.screen([q[0], q[1], 0.0])));
                let front = up * down > 0.0;
                in_tri.push((front, p.iter().map(|q| q[2]).sum::<f64>(), c));
            }
            // Of two surfaces over one triangle (not crossing there), the ray meets the upper
            // one first when it faces the viewer and last when it faces away: the ones facing
            // away go first, highest first, then those facing the viewer, lowest first.
            in_tri.sort_by(|a, b| match (a.0, b.0) {
                (false, true) => std::cmp::Ordering::Less,
                (true, false) => std::cmp::Ordering::Greater,
                (false, false) => b.1.total_cmp(&a.1).then(a.2.cmp(&b.2)),
                (true, true) => a.1.total_cmp(&b.1).then(a.2.cmp(&b.2)),
            });
            drawn.extend(in_tri.iter().map(|&(_, _, c)| (t, c)));
        }
        let mut m = 0;
        while m < drawn.len() {
            let (t, c) = drawn[m];
            // A class's two triangles drawn one after the other make one quad.
            let whole = m + 1 < drawn.len() && drawn[m + 1].1 == c && drawn[m + 1].0 != t;
            let (corners, len) = if whole {
                ([0, 1, 2, 3].map(|v| corner(c, v)), 4)
            } else {
                let tri = tris[t];
                let p = tri.map(|v| corner(c, v));
                ([p[0], p[1], p[2], p[2]], 3)
            };
            items.push(SceneItem::Patch {
                class: c,
                cell: (i, j),
                corners,
                screen: corners.map(|p| projector.screen(p)),
                depth: corners.map(|p| projector.depth(p)),
                len,
            });
            m += if whole { 2 } else { 1 };
        }
        for seg in &crossing[cell] {
            items.push(SceneItem::Crossing { screen: *seg });
        }
    }
    items
}

/// A line on the floor: its points on screen, colour, alpha and width.
pub(super) type FloorLine = (Vec<(f64, f64)>, RGBColor, f64, f64);

/// The grid cell (0 … n − 2) holding coordinate `v` on a lattice of n nodes from a to b.
pub(super) fn cell_index(v: f64, a: f64, b: f64, n: usize) -> usize {
    let t = ((v - a) / (b - a) * (n - 1) as f64).floor();
    if t.is_finite() {
        (t.max(0.0) as usize).min(n - 2)
    } else {
        0
    }
}
