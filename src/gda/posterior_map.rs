//! The posterior as a picture: a heat map of p(y=1|x) and its contour lines, for any
//! [`Classifier`].
//!
//! **The heat map** is a W × H RGBA buffer (row 0 at the top, as a canvas `ImageData`)
//! whose pixel (i, j) shows p at its centre, x = x₀ + (i + ½)(x₁ − x₀)/W,
//! y = y₁ − (j + ½)(y₁ − y₀)/H ([`pixel_centre`]). The diverging colour map
//! ([`PosteriorPalette`]) runs from the class-0 colour (Okabe–Ito blue #0072B2) at p = 0
//! through white at p = ½ to the class-1 colour (vermillion #D55E00) at p = 1, linearly in
//! p and only part of the way to each colour (`max_tint`, 0.6 by default), so the points
//! drawn on top keep their contrast:
//!
//! t = |2p − 1|, colour = white + max_tint · t · (class colour − white),
//! each channel rounded to the nearest integer; alpha 255 (an `ImageData` replaces pixels).
//! [`HeatMap`] tabulates it against the log-odds once, so a frame costs one log-odds and
//! one table read per pixel.
//!
//! **Contours** {x : p(y=1|x) = q} are the level sets z(x) = log(q/(1 − q)) of the
//! log-odds, traced by marching squares on an nx × ny lattice spanning the rectangle
//! (corners included, so lines reach its border): each lattice edge whose ends lie on
//! either side of the level holds one vertex, found by root-finding along the edge on the
//! model itself (Illinois regula falsi, 10⁻¹³-level accuracy), and a saddle cell is split
//! the way the model's value at the cell centre says. The vertices are joined into
//! polylines: open ones end on the border, closed ones repeat their first vertex at the
//! end. A closed curve smaller than one lattice cell can be missed; the lattice decides
//! the detail, not the accuracy of the vertices.

use serde::Serialize;

use crate::error::{describe, Error, Result};
use crate::gda::classifier::Classifier;
use crate::gda::geometry::Rect;
use crate::stats::sigmoid;

/// A polyline in data coordinates.
pub type Polyline = Vec<[f64; 2]>;

/// The posterior levels drawn by default: 0.1, 0.5 (the boundary) and 0.9.
pub const CONTOUR_PROBABILITIES: [f64; 3] = [0.1, 0.5, 0.9];

/// The largest heat map, in pixels (4096 × 4096).
pub const MAX_PIXELS: usize = 1 << 24;

/// The largest contour lattice, in nodes (2048 × 2048).
pub const MAX_NODES: usize = 1 << 22;

/// The colours of the heat map.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PosteriorPalette {
    /// The colour p = 0 tends to (class 0), RGB.
    pub class0: [u8; 3],
    /// The colour p = 1 tends to (class 1), RGB.
    pub class1: [u8; 3],
    /// How far toward the class colour p = 0 and p = 1 go, in [0, 1]: 0 is all
    /// `neutral`, 1 the full colour.
    pub max_tint: f64,
    /// The colour of p = ½, RGB: white, or the figure's background in the dark theme.
    pub neutral: [u8; 3],
}

impl Default for PosteriorPalette {
    /// Okabe–Ito blue #0072B2 and vermillion #D55E00 at 60 %.
    fn default() -> Self {
        PosteriorPalette { class0: [0x00, 0x72, 0xB2], class1: [0xD5, 0x5E, 0x00], max_tint: 0.6, neutral: [255; 3] }
    }
}

impl PosteriorPalette {
    /// The RGBA colour of posterior p: `neutral` (white by default) at p = ½, `max_tint`
    /// of the way to `class0` at p = 0 and to `class1` at p = 1, linear in p between. A
    /// NaN p is `neutral`.
    pub fn colour(&self, p: f64) -> [u8; 4] {
        let t = 2.0 * p - 1.0;
        let (c, a) = if t < 0.0 {
            (self.class0, -t)
        } else if t > 0.0 {
            (self.class1, t)
        } else {
            let [r, g, b] = self.neutral;
            return [r, g, b, 255];
        };
        let a = self.max_tint * a.min(1.0);
        // Round half up by truncating v + ½ (v ≥ 0): the same as `round` here, and a
        // plain conversion instruction instead of a libm call on the per-pixel path.
        // With a white neutral this is 255.5 − a·(255 − v), exactly.
        let n = self.neutral;
        let ch = |v: u8, n: u8| (f64::from(n) + 0.5 + a * (f64::from(v) - f64::from(n))) as u8;
        [ch(c[0], n[0]), ch(c[1], n[1]), ch(c[2], n[2]), 255]
    }

    fn check(&self) -> Result<()> {
        if !(self.max_tint.is_finite() && (0.0..=1.0).contains(&self.max_tint)) {
            return Err(Error::InvalidParameter {
                name: "max_tint",
                value: describe(self.max_tint),
                rule: "the tint must lie between 0 and 1",
            });
        }
        Ok(())
    }
}

/// The data coordinates of the centre of pixel (i, j) of a `width` × `height` image of
/// `rect`, row 0 at the top.
pub fn pixel_centre(rect: Rect, width: usize, height: usize, i: usize, j: usize) -> [f64; 2] {
    let dx = (rect.x1 - rect.x0) / width as f64;
    let dy = (rect.y1 - rect.y0) / height as f64;
    [rect.x0 + (i as f64 + 0.5) * dx, rect.y1 - (j as f64 + 0.5) * dy]
}

/// Table steps per unit of log-odds.
const STEPS: f64 = 256.0;
/// The table covers z ∈ [−16, 16]; beyond, p is within 1.2·10⁻⁷ of 0 or 1, the same
/// colour after rounding.
const HALF_ENTRIES: usize = 16 * 256;

/// A palette with its colours tabulated against the log-odds, for painting heat maps
/// fast: keep one per panel and call [`HeatMap::fill`] every frame.
///
/// A pixel reads the table at its log-odds z rounded to 1/256 (over [−16, 16]; beyond,
/// the end colours), which moves p = σ(z) by at most 1/2048 — under a tenth of a colour
/// level — and saves an exponential per pixel. z = 0 is exactly white, z = ±∞ (and
/// beyond ±16) exactly the p = 1 and p = 0 colours, NaN white.
#[derive(Debug, Clone, PartialEq)]
pub struct HeatMap {
    palette: PosteriorPalette,
    table: Vec<[u8; 4]>,
}

impl HeatMap {
    /// Tabulates `palette` (8193 colours).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when `max_tint` is outside [0, 1].
    pub fn new(palette: PosteriorPalette) -> Result<HeatMap> {
        palette.check()?;
        let n = 2 * HALF_ENTRIES + 1;
        let table = (0..n)
            .map(|k| {
                if k == 0 {
                    palette.colour(0.0)
                } else if k == n - 1 {
                    palette.colour(1.0)
                } else {
                    palette.colour(sigmoid((k as f64 - HALF_ENTRIES as f64) / STEPS))
                }
            })
            .collect();
        Ok(HeatMap { palette, table })
    }

    /// The palette.
    pub fn palette(&self) -> PosteriorPalette {
        self.palette
    }

    /// The colour a pixel with log-odds z gets.
    pub fn colour_of_log_odds(&self, z: f64) -> [u8; 4] {
        let t = z * STEPS + (HALF_ENTRIES as f64 + 0.5);
        let k = if z.is_nan() {
            HALF_ENTRIES
        } else if t <= 0.0 {
            0
        } else {
            // Saturating conversion: +∞ and anything past the end land on the last entry.
            (t as usize).min(self.table.len() - 1)
        };
        self.table[k]
    }

    /// Writes the heat map of `model` over `rect` into `out` (resized to 4·width·height
    /// RGBA bytes, row 0 at the top), reusing its allocation: the per-frame path of a drag.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when `rect` is not finite with positive width and
    /// height, or a dimension is 0, or width·height exceeds [`MAX_PIXELS`].
    pub fn fill<C: Classifier + ?Sized>(
        &self,
        model: &C,
        rect: Rect,
        width: usize,
        height: usize,
        out: &mut Vec<u8>,
    ) -> Result<()> {
        check_rect(rect)?;
        check_size(width, height)?;
        out.clear();
        out.resize(4 * width * height, 0);
        let dx = (rect.x1 - rect.x0) / width as f64;
        let dy = (rect.y1 - rect.y0) / height as f64;
        for (j, row) in out.chunks_exact_mut(4 * width).enumerate() {
            let y = rect.y1 - (j as f64 + 0.5) * dy;
            for (i, px) in row.chunks_exact_mut(4).enumerate() {
                let x = rect.x0 + (i as f64 + 0.5) * dx;
                px.copy_from_slice(&self.colour_of_log_odds(model.log_odds([x, y])));
            }
        }
        Ok(())
    }

    /// The colour table: entry k is the colour of log-odds (k − 4096)/256, the first and
    /// last entries those of p = 0 and p = 1.
    pub fn table(&self) -> &[[u8; 4]] {
        &self.table
    }

    /// The position in [`HeatMap::table`] of log-odds z, as a real number whose integer
    /// part is the entry [`HeatMap::colour_of_log_odds`] reads (NaN reads white), clamped
    /// to the table. Positions, unlike colours, can be interpolated between pixels: for a
    /// model whose log-odds is affine in x (GDA with a shared Σ, logistic regression),
    /// interpolating them is exact.
    pub fn position_of_log_odds(&self, z: f64) -> f32 {
        let last = (self.table.len() - 1) as f64;
        if z.is_nan() {
            return HALF_ENTRIES as f32 + 0.5;
        }
        let t = z * STEPS + (HALF_ENTRIES as f64 + 0.5);
        (if t <= 0.0 {
            0.0
        } else if t >= last {
            last
        } else {
            t
        }) as f32
    }

    /// (a, b) such that the position of log-odds z is a + b·z before clamping
    /// ([`HeatMap::position_of_log_odds`]): for a caller that lays out a linear model's
    /// positions itself.
    pub fn position_line(&self) -> (f64, f64) {
        (HALF_ENTRIES as f64 + 0.5, STEPS)
    }

    /// [`HeatMap::fill`], writing each pixel's table position
    /// ([`HeatMap::position_of_log_odds`]) instead of its colour, for a caller that
    /// stretches the map over more pixels and looks the colours up after interpolating.
    ///
    /// # Errors
    /// As [`HeatMap::fill`].
    pub fn fill_positions<C: Classifier + ?Sized>(
        &self,
        model: &C,
        rect: Rect,
        width: usize,
        height: usize,
        out: &mut Vec<f32>,
    ) -> Result<()> {
        check_rect(rect)?;
        check_size(width, height)?;
        out.clear();
        let dx = (rect.x1 - rect.x0) / width as f64;
        let dy = (rect.y1 - rect.y0) / height as f64;
        for j in 0..height {
            let y = rect.y1 - (j as f64 + 0.5) * dy;
            out.extend(
                (0..width).map(|i| self.position_of_log_odds(model.log_odds([rect.x0 + (i as f64 + 0.5) * dx, y]))),
            );
        }
        Ok(())
    }
}

/// The heat map of p(y=1|x) over `rect` as `width` × `height` RGBA bytes (row-major,
/// row 0 at the top), in the default palette. Builds the colour table each call; a panel
/// redrawing every frame should keep a [`HeatMap`] instead.
///
/// # Errors
/// As [`HeatMap::fill`].
pub fn posterior_rgba<C: Classifier + ?Sized>(model: &C, rect: Rect, width: usize, height: usize) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    HeatMap::new(PosteriorPalette::default())?.fill(model, rect, width, height, &mut out)?;
    Ok(out)
}

/// One contour: the level, and the polylines at it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Contour {
    /// The posterior q of the level set p(y=1|x) = q.
    pub probability: f64,
    /// Its log-odds, log(q/(1 − q)).
    pub log_odds: f64,
    /// The polylines, in data coordinates; closed ones repeat their first vertex.
    pub lines: Vec<Polyline>,
}

/// The contours p(y=1|x) = q for each q of `probabilities` (e.g.
/// [`CONTOUR_PROBABILITIES`]), on one `nx` × `ny` lattice of `rect`.
///
/// # Errors
/// [`Error::InvalidParameter`] for a q outside (0, 1), and as [`LogOddsGrid::evaluate`].
pub fn contours<C: Classifier + ?Sized>(
    model: &C,
    rect: Rect,
    nx: usize,
    ny: usize,
    probabilities: &[f64],
) -> Result<Vec<Contour>> {
    let levels = probabilities
        .iter()
        .map(|&q| {
            if q > 0.0 && q < 1.0 {
                Ok(q.ln() - (-q).ln_1p())
            } else {
                Err(Error::InvalidParameter {
                    name: "contour level",
                    value: describe(q),
                    rule: "a posterior contour must lie strictly between 0 and 1",
                })
            }
        })
        .collect::<Result<Vec<f64>>>()?;
    let grid = LogOddsGrid::evaluate(model, rect, nx, ny)?;
    Ok(probabilities
        .iter()
        .zip(levels)
        .map(|(&probability, level)| Contour { probability, log_odds: level, lines: grid.trace(model, level) })
        .collect())
}

/// The polylines of {x : z(x) = `level`} inside `rect`, on an `nx` × `ny` lattice.
///
/// # Errors
/// [`Error::InvalidParameter`] for a non-finite level, and as [`LogOddsGrid::evaluate`].
pub fn level_set<C: Classifier + ?Sized>(
    model: &C,
    level: f64,
    rect: Rect,
    nx: usize,
    ny: usize,
) -> Result<Vec<Polyline>> {
    if !level.is_finite() {
        return Err(Error::InvalidParameter {
            name: "log-odds level",
            value: describe(level),
            rule: "a contour of the log-odds needs a finite level",
        });
    }
    let grid = LogOddsGrid::evaluate(model, rect, nx, ny)?;
    Ok(grid.trace(model, level))
}

/// The log-odds on an nx × ny lattice spanning a rectangle, corners included:
/// node (i, j) is at (x₀ + i(x₁ − x₀)/(nx − 1), y₀ + j(y₁ − y₀)/(ny − 1)), j = 0 at the
/// bottom.
#[derive(Debug, Clone, PartialEq)]
pub struct LogOddsGrid {
    rect: Rect,
    nx: usize,
    ny: usize,
    values: Vec<f64>,
}

impl LogOddsGrid {
    /// Evaluates `model`'s log-odds at every node.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when `rect` is not finite with positive width and
    /// height, or nx or ny is below 2, or nx·ny exceeds [`MAX_NODES`].
    pub fn evaluate<C: Classifier + ?Sized>(model: &C, rect: Rect, nx: usize, ny: usize) -> Result<LogOddsGrid> {
        check_rect(rect)?;
        if nx < 2 || ny < 2 || nx.saturating_mul(ny) > MAX_NODES {
            return Err(Error::InvalidParameter {
                name: "contour lattice",
                value: format!("{nx} × {ny}"),
                rule: "a contour lattice needs at least 2 × 2 and at most 2048 × 2048 nodes",
            });
        }
        let mut grid = LogOddsGrid { rect, nx, ny, values: Vec::with_capacity(nx * ny) };
        for j in 0..ny {
            let y = grid.y(j);
            for i in 0..nx {
                grid.values.push(model.log_odds([grid.x(i), y]));
            }
        }
        Ok(grid)
    }

    /// The rectangle.
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// (nx, ny).
    pub fn size(&self) -> (usize, usize) {
        (self.nx, self.ny)
    }

    /// The log-odds at node (i, j), if it exists.
    pub fn value(&self, i: usize, j: usize) -> Option<f64> {
        (i < self.nx && j < self.ny).then(|| self.values[j * self.nx + i])
    }

    /// The position of node (i, j) (the last node sits exactly on the far border).
    pub fn node(&self, i: usize, j: usize) -> [f64; 2] {
        [self.x(i), self.y(j)]
    }

    fn x(&self, i: usize) -> f64 {
        if i + 1 >= self.nx {
            self.rect.x1
        } else {
            self.rect.x0 + (self.rect.x1 - self.rect.x0) * (i as f64 / (self.nx - 1) as f64)
        }
    }

    fn y(&self, j: usize) -> f64 {
        if j + 1 >= self.ny {
            self.rect.y1
        } else {
            self.rect.y0 + (self.rect.y1 - self.rect.y0) * (j as f64 / (self.ny - 1) as f64)
        }
    }

    /// The polylines of {z = level} by marching squares; `model` must be the one the grid
    /// was evaluated for (its vertices are refined on it).
    pub fn trace<C: Classifier + ?Sized>(&self, model: &C, level: f64) -> Vec<Polyline> {
        let (nx, ny) = (self.nx, self.ny);
        let above = |v: f64| v >= level;
        let h_count = (nx - 1) * ny;
        let mut vertex_of_edge = vec![NONE; h_count + nx * (ny - 1)];
        let mut vertices: Vec<[f64; 2]> = Vec::new();
        let mut links: Vec<[u32; 2]> = Vec::new();

        let mut vertex = |edge: usize, vertices: &mut Vec<[f64; 2]>, links: &mut Vec<[u32; 2]>| -> u32 {
            if vertex_of_edge[edge] != NONE {
                return vertex_of_edge[edge];
            }
            let ((ia, ja), (ib, jb)) = if edge < h_count {
                let (i, j) = (edge % (nx - 1), edge / (nx - 1));
                ((i, j), (i + 1, j))
            } else {
                let e = edge - h_count;
                let (i, j) = (e % nx, e / nx);
                ((i, j), (i, j + 1))
            };
            let (fa, fb) = (self.values[ja * nx + ia], self.values[jb * nx + ib]);
            let (a, b) = (self.node(ia, ja), self.node(ib, jb));
            let p = if above(fa) { refine(model, level, b, fb, a, fa) } else { refine(model, level, a, fa, b, fb) };
            let id = vertices.len() as u32;
            vertices.push(p);
            links.push([NONE; 2]);
            vertex_of_edge[edge] = id;
            id
        };

        for j in 0..ny - 1 {
            for i in 0..nx - 1 {
                let corner = |di: usize, dj: usize| above(self.values[(j + dj) * nx + i + di]);
                let case = usize::from(corner(0, 0))
                    | usize::from(corner(1, 0)) << 1
                    | usize::from(corner(1, 1)) << 2
                    | usize::from(corner(0, 1)) << 3;
                if case == 0 || case == 15 {
                    continue;
                }
                let bottom = j * (nx - 1) + i;
                let top = (j + 1) * (nx - 1) + i;
                let left = h_count + j * nx + i;
                let right = left + 1;
                let centre_above = || {
                    let c = [0.5 * (self.x(i) + self.x(i + 1)), 0.5 * (self.y(j) + self.y(j + 1))];
                    above(model.log_odds(c))
                };
                let pairs: [Option<(usize, usize)>; 2] = match case {
                    1 | 14 => [Some((left, bottom)), None],
                    2 | 13 => [Some((bottom, right)), None],
                    3 | 12 => [Some((left, right)), None],
                    4 | 11 => [Some((right, top)), None],
                    6 | 9 => [Some((bottom, top)), None],
                    7 | 8 => [Some((left, top)), None],
                    // Saddles: corners 0 and 2 above (5) or 1 and 3 above (10). When the
                    // centre is on the same side as the "above" pair, that pair is joined
                    // through the middle and the other two corners are cut off.
                    5 => {
                        if centre_above() {
                            [Some((bottom, right)), Some((top, left))]
                        } else {
                            [Some((left, bottom)), Some((right, top))]
                        }
                    }
                    10 => {
                        if centre_above() {
                            [Some((left, bottom)), Some((right, top))]
                        } else {
                            [Some((bottom, right)), Some((top, left))]
                        }
                    }
                    _ => [None, None],
                };
                for (e1, e2) in pairs.into_iter().flatten() {
                    let v1 = vertex(e1, &mut vertices, &mut links);
                    let v2 = vertex(e2, &mut vertices, &mut links);
                    link(&mut links, v1, v2);
                }
            }
        }
        chain(&vertices, &links)
    }
}

const NONE: u32 = u32::MAX;

fn link(links: &mut [[u32; 2]], a: u32, b: u32) {
    for (from, to) in [(a, b), (b, a)] {
        let slots = &mut links[from as usize];
        if slots[0] == NONE {
            slots[0] = to;
        } else if slots[1] == NONE {
            slots[1] = to;
        }
    }
}

/// Joins linked vertices into polylines: open chains from their ends first, then the
/// closed loops (first vertex repeated at the end). Repeated points are dropped.
fn chain(vertices: &[[f64; 2]], links: &[[u32; 2]]) -> Vec<Polyline> {
    let degree = |v: usize| links[v].iter().filter(|&&l| l != NONE).count();
    let mut visited = vec![false; vertices.len()];
    let mut lines = Vec::new();
    let walk = |start: usize, visited: &mut Vec<bool>| {
        let mut line: Polyline = vec![vertices[start]];
        visited[start] = true;
        let (mut prev, mut cur) = (NONE, start as u32);
        loop {
            let [l0, l1] = links[cur as usize];
            let next = if l0 != NONE && l0 != prev {
                l0
            } else if l1 != NONE && l1 != prev {
                l1
            } else {
                NONE
            };
            if next == NONE {
                break;
            }
            let p = vertices[next as usize];
            if line.last() != Some(&p) {
                line.push(p);
            }
            if visited[next as usize] {
                break;
            }
            visited[next as usize] = true;
            prev = cur;
            cur = next;
        }
        line
    };
    for start in 0..vertices.len() {
        if !visited[start] && degree(start) == 1 {
            lines.push(walk(start, &mut visited));
        }
    }
    for start in 0..vertices.len() {
        if !visited[start] && degree(start) == 2 {
            lines.push(walk(start, &mut visited));
        }
    }
    lines.retain(|l| l.len() >= 2);
    lines
}

/// The point of segment lo → hi where z = level, given z(lo) < level ≤ z(hi): Illinois
/// regula falsi on the segment parameter (bisection where a value is infinite).
fn refine<C: Classifier + ?Sized>(model: &C, level: f64, lo: [f64; 2], z_lo: f64, hi: [f64; 2], z_hi: f64) -> [f64; 2] {
    let at = |t: f64| [lo[0] + t * (hi[0] - lo[0]), lo[1] + t * (hi[1] - lo[1])];
    let (mut t0, mut g0, mut t1, mut g1) = (0.0f64, z_lo - level, 1.0f64, z_hi - level);
    if g1 == 0.0 {
        return hi;
    }
    if g0.is_nan() {
        g0 = -1.0;
    }
    let tol = 1e-14 * (1.0 + level.abs());
    let mut side = 0i8;
    for _ in 0..80 {
        let mut t = if g0.is_finite() && g1.is_finite() { (t0 * g1 - t1 * g0) / (g1 - g0) } else { 0.5 * (t0 + t1) };
        if !(t > t0 && t < t1) {
            t = 0.5 * (t0 + t1);
            if !(t > t0 && t < t1) {
                break;
            }
        }
        let g = model.log_odds(at(t)) - level;
        if g == 0.0 || g.abs() <= tol {
            return at(t);
        }
        if g < 0.0 || g.is_nan() {
            t0 = t;
            g0 = if g.is_nan() { -1.0 } else { g };
            if side == -1 {
                g1 *= 0.5;
            }
            side = -1;
        } else {
            t1 = t;
            g1 = g;
            if side == 1 {
                g0 *= 0.5;
            }
            side = 1;
        }
    }
    // Out of iterations or of representable parameters: the end closer to the level.
    let (e0, e1) = ((model.log_odds(at(t0)) - level).abs(), (model.log_odds(at(t1)) - level).abs());
    if e0 < e1 {
        at(t0)
    } else {
        at(t1)
    }
}

/// A rectangle with finite corners and positive width and height.
/// A heat map's pixel size: at least 1 × 1, at most [`MAX_PIXELS`].
fn check_size(width: usize, height: usize) -> Result<()> {
    if width == 0 || height == 0 || width.saturating_mul(height) > MAX_PIXELS {
        return Err(Error::InvalidParameter {
            name: "image size",
            value: format!("{width} × {height}"),
            rule: "a heat map needs at least 1 × 1 and at most 4096 × 4096 pixels",
        });
    }
    Ok(())
}

fn check_rect(rect: Rect) -> Result<()> {
    let finite = [rect.x0, rect.x1, rect.y0, rect.y1].iter().all(|v| v.is_finite());
    if !(finite
        && rect.x1 > rect.x0
        && rect.y1 > rect.y0
        && (rect.x1 - rect.x0).is_finite()
        && (rect.y1 - rect.y0).is_finite())
    {
        return Err(Error::InvalidParameter {
            name: "plot rectangle",
            value: format!(
                "x {}…{}, y {}…{}",
                describe(rect.x0),
                describe(rect.x1),
                describe(rect.y0),
                describe(rect.y1)
            ),
            rule: "the plot box needs finite corners with x₀ < x₁ and y₀ < y₁",
        });
    }
    Ok(())
}
