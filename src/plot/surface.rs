//! The 3-D view of the GDA panel: the prior-weighted class densities
//! h_c(x) = p(x | y=c)·p(y=c) ([`crate::gda::density`]) as translucent surfaces over the
//! plot's x-range, with the fitted 1σ and 2σ ellipses and the decision boundary on the
//! floor (h = 0), and the curve where the two tallest surfaces cross drawn on them. With
//! equal losses the boundary lies right below that curve; unequal losses λ₀₁ ≠ λ₁₀ move the
//! 2-D figure's boundary to λ₀₁·h₁ = λ₁₀·h₀, which the floor then shows solid, the
//! crossing's shadow dashed beside it.
//!
//! The projection is plotters' own 3-D chart's (`build_cartesian_3d`, built from yaw and
//! pitch). Its box, ticks and labels are drawn here (`draw_axes`): plotters puts every
//! axis' labels on one side and the end labels of two axes on the corner they share, where
//! they collide at many angles; here the tick count follows each axis' length on screen
//! and a label that would meet another is left out. The surfaces are not plotters'
//! `SurfaceSeries`, which draws its polygons in grid order without sorting them by depth
//! (artefacts at some angles), and could not interleave two surfaces anyway. Here the
//! quads of every surface are put in one list and drawn back to front (painter's order):
//!
//! * plotters' projection is orthographic, so a point can only hide a point farther along
//!   the view direction; for height fields over one grid, seen from above (pitch > 0), a
//!   point in a grid cell can only hide points in cells farther along the *horizontal*
//!   part of the view direction. Cells are therefore sorted by the projected depth of their
//!   floor centres, farthest first (an exact order for a regular grid: a cell that can hide
//!   another is strictly nearer on that key);
//! * within one cell the lower surface is farther from a viewer above, so it goes first
//!   (by the mean height of the quad's corners). Where two surfaces cross inside one cell
//!   neither order is exact; that cell is the one the crossing curve is drawn over.
//!
//! Points are projected in floating point through the chart's own matrix
//! ([`plotters::coord::ranged3d::ProjectionMatrix`]), which the chart itself applies in
//! whole pixels, so the quads of the software raster meet without gaps.

use std::cell::{Ref, RefCell};

use serde::{Deserialize, Serialize};

use plotters::coord::ranged1d::{BoldPoints, Ranged};
use plotters::coord::ranged3d::ProjectionMatrix;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::raster::{Raster, RasterBackend};
use super::{draw_error, Style};
use crate::error::Result;
use crate::gda::density::{grid_coord, WeightedDensities};
use crate::gda::geometry::{ellipse, Rect};
use crate::gda::GdaLab;
use crate::stats::linalg::{Mat2, Vec2};

/// Where the 3-D view is seen from: yaw turns it about the vertical axis, pitch tips it
/// toward the viewer (0 = seen edge-on from the side, π/2 = straight from above).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SurfaceAngles {
    /// Radians about the vertical axis, in (−π, π].
    pub yaw: f64,
    /// Radians above the floor, within [`PITCH_MIN`, `PITCH_MAX`].
    pub pitch: f64,
}

/// The lowest pitch, 3°: the surfaces are always seen from above (the painter's order
/// needs it).
pub const PITCH_MIN: f64 = 3.0 * std::f64::consts::PI / 180.0;
/// The highest pitch, 85°: almost straight from above.
pub const PITCH_MAX: f64 = 85.0 * std::f64::consts::PI / 180.0;
/// The grid of the surfaces at rest (nodes per side).
pub const GRID_REST: usize = 40;
/// The grid while a mean or a slider is being dragged.
pub const GRID_DRAG: usize = 24;

impl Default for SurfaceAngles {
    /// 35° round, 25° up (a link's defaults, [`crate::state::SurfaceState`]).
    fn default() -> Self {
        SurfaceAngles::degrees(35.0, 25.0)
    }
}

impl SurfaceAngles {
    /// The angles from degrees, brought into range.
    pub fn degrees(yaw: f64, pitch: f64) -> SurfaceAngles {
        SurfaceAngles { yaw: yaw.to_radians(), pitch: pitch.to_radians() }.clamped()
    }

    /// (yaw, pitch) in degrees.
    pub fn to_degrees(self) -> (f64, f64) {
        (self.yaw.to_degrees(), self.pitch.to_degrees())
    }

    /// The angles brought into range: yaw wrapped into (−π, π], pitch clamped; a non-finite
    /// angle takes its default.
    pub fn clamped(self) -> SurfaceAngles {
        let (yaw, pitch) = (
            if self.yaw.is_finite() { self.yaw } else { 35f64.to_radians() },
            if self.pitch.is_finite() { self.pitch } else { 25f64.to_radians() },
        );
        let tau = std::f64::consts::TAU;
        let mut yaw = yaw.rem_euclid(tau);
        if yaw > std::f64::consts::PI {
            yaw -= tau;
        }
        SurfaceAngles { yaw, pitch: pitch.clamp(PITCH_MIN, PITCH_MAX) }
    }
}

/// What is drawn, in drawing order.
#[derive(Debug, Clone, PartialEq)]
pub enum SceneItem {
    /// One grid cell of one class's surface, or half of it (a triangle, when another
    /// surface's piece must be drawn between its two halves).
    Patch {
        /// The class.
        class: usize,
        /// The grid cell (column, row).
        cell: (usize, usize),
        /// The corners as (x, y, height) in data units, around the cell (the first `len`).
        corners: [[f64; 3]; 4],
        /// The corners on screen, in pixels.
        screen: [(f64, f64); 4],
        /// The corners' projected depths (larger is farther).
        depth: [f64; 4],
        /// 4 for the cell's quad, 3 for a triangle.
        len: usize,
    },
    /// A piece of the curve where two surfaces cross, on them.
    Crossing {
        /// Its ends on screen.
        screen: [(f64, f64); 2],
    },
}

/// The geometry of a drawn view: its items in drawing order and the projection used.
#[derive(Debug, Clone)]
pub struct SurfaceScene {
    /// Everything drawn over the floor, back to front.
    pub items: Vec<SceneItem>,
    /// The projection from data coordinates (x, y, height) to screen pixels and depth.
    pub projector: Projector,
    /// The grid (nodes per side) the surfaces were drawn on.
    pub grid: usize,
    /// The decision boundary drawn solid on the floor, in data units: the 2-D figure's
    /// (the Bayes rule with the panel's losses).
    pub floor_boundary: Vec<Vec<Vec2>>,
    /// Where the surfaces cross, drawn dashed on the floor when the losses move the
    /// decision boundary off it (empty otherwise: it is then the boundary itself).
    pub floor_crossing: Vec<Vec<Vec2>>,
    /// The tick labels and axis names as placed.
    pub labels: Vec<PlacedLabel>,
}

/// A tick label or an axis name of the view as drawn: its text and the box reserved for it
/// (pixels, [x0, y0, x1, y1]), which no other label's box meets.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedLabel {
    /// The text.
    pub text: String,
    /// Its box.
    pub rect: [f64; 4],
}

/// The names of the view's three axes (the floor's two in the 2-D figure's words).
#[derive(Debug, Clone, PartialEq)]
pub struct AxisNames {
    /// The floor's first axis (the 2-D figure's x axis).
    pub x: String,
    /// The floor's second axis (the 2-D figure's y axis).
    pub y: String,
    /// The height: the weighted density.
    pub height: String,
}

impl Default for AxisNames {
    fn default() -> Self {
        AxisNames { x: "x₁".into(), y: "x₂".into(), height: "p(x | y)·p(y)".into() }
    }
}

/// The chart's projection in floating point: data (x, y, height) → 3-D chart pixels → the
/// screen, through the chart's own matrix.
#[derive(Debug, Clone, Copy)]
pub struct Projector {
    matrix: [[f64; 4]; 4],
    view: Rect,
    zmax: f64,
    /// The chart's 3-D pixel coordinates of data (x0, y1, 0) and of (x1, y0, zmax).
    low: [f64; 3],
    high: [f64; 3],
}

impl Projector {
    /// The chart's 3-D pixel coordinates (X along x, Y up along the height, Z along y).
    fn chart_3d(&self, p: [f64; 3]) -> [f64; 3] {
        let v = self.view;
        // The chart's Z runs along −y (see `draw_surfaces_with`).
        let t = [(p[0] - v.x0) / (v.x1 - v.x0), p[2] / self.zmax, (v.y1 - p[1]) / (v.y1 - v.y0)];
        [0, 1, 2].map(|i| self.low[i] + t[i] * (self.high[i] - self.low[i]))
    }

    /// Where data point (x, y, height) lands on screen, in pixels.
    pub fn screen(&self, p: [f64; 3]) -> (f64, f64) {
        let q = self.chart_3d(p);
        let m = &self.matrix;
        (
            m[0][0] * q[0] + m[0][1] * q[1] + m[0][2] * q[2] + m[0][3],
            m[1][0] * q[0] + m[1][1] * q[1] + m[1][2] * q[2] + m[1][3],
        )
    }

    /// The projected depth of data point (x, y, height): larger is farther from the viewer.
    pub fn depth(&self, p: [f64; 3]) -> f64 {
        let q = self.chart_3d(p);
        let r = &self.matrix[2];
        r[0] * q[0] + r[1] * q[1] + r[2] * q[2] + r[3]
    }
}

/// Reusable buffers of the view (one per panel), so that a frame allocates little.
#[derive(Debug, Default)]
pub struct SurfaceBuffers {
    heights: Vec<f64>,
}

/// The 3-D view kept between frames: its raster and buffers.
#[derive(Debug, Default)]
pub struct SurfaceFigure {
    raster: RefCell<Raster>,
    buffers: SurfaceBuffers,
    names: AxisNames,
}

impl SurfaceFigure {
    /// An empty view.
    pub fn new() -> SurfaceFigure {
        SurfaceFigure::default()
    }

    /// Names the axes (in the page's language) from the next frame on.
    pub fn set_names(&mut self, names: AxisNames) {
        self.names = names;
    }

    /// The pixels and labels of the last frame.
    pub fn raster(&self) -> Ref<'_, Raster> {
        self.raster.borrow()
    }

    /// Draws the view of `model` from `angles` on `size` backing pixels, the surfaces on a
    /// `grid` × `grid` lattice, into the raster (labels queued for the caller). Returns
    /// whether there were surfaces to draw (a discriminative model has none).
    ///
    /// # Errors
    /// A picture larger than a raster holds, or a drawing error.
    pub fn render(
        &mut self,
        model: &SurfaceModel,
        angles: SurfaceAngles,
        style: &Style,
        size: (u32, u32),
        grid: usize,
    ) -> Result<bool> {
        self.raster.borrow_mut().resize(size.0, size.1)?;
        let root = RasterBackend::new(&self.raster).into_drawing_area();
        let scene =
            draw_surfaces_with(&root, model, angles, style, grid, &self.names, Some(&self.raster), &mut self.buffers)?;
        Ok(scene.is_some())
    }
}

/// What the 3-D view draws, in plain numbers: the plot's view, each class's weight, mean
/// and covariance, and the losses. The view has its own wasm module, loaded when a student
/// first opens it, which holds no GDA panel: the panel's module hands this over (as a JS
/// object) at every frame, and the view's module draws it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SurfaceModel {
    /// The 2-D figure's view, in data coordinates.
    pub view: Rect,
    /// (p(y = c), μ_c, Σ_c) class by class, the panel's prior override applied; `None` for a
    /// model without densities (logistic and softmax regression).
    pub classes: Option<Vec<(f64, Vec2, Mat2)>>,
    /// log(λ₁₀/λ₀₁) of the 2-D figure's decision boundary ([`lab_loss_level`]).
    pub level: f64,
    /// [λ₀₁, λ₁₀] when unequal losses move that boundary off the curve where the surfaces
    /// cross (two classes, a model with densities).
    pub losses: Option<[f64; 2]>,
}

impl SurfaceModel {
    /// What the view draws for `lab`.
    pub fn of(lab: &GdaLab) -> SurfaceModel {
        let densities = lab_densities(lab);
        let level = lab_loss_level(lab);
        let losses = (level != 0.0 && densities.is_some()).then(|| [lab.models().loss01, lab.models().loss10]);
        SurfaceModel {
            view: lab.view(),
            classes: densities.map(|d| d.classes().iter().map(|c| (c.prior, c.mean, c.covariance)).collect()),
            level,
            losses,
        }
    }

    /// The weighted densities the view draws (`None` without any, or for a covariance
    /// that is not positive definite).
    pub fn densities(&self) -> Option<WeightedDensities> {
        WeightedDensities::from_parts(self.classes.as_deref()?)
    }
}

/// The weighted densities the view draws for `lab`: the drawn model's, with the panel's
/// prior override for two classes.
pub fn lab_densities(lab: &GdaLab) -> Option<WeightedDensities> {
    let model = lab.decision_model()?;
    let prior = if lab.classes() == 2 { lab.models().prior } else { None };
    WeightedDensities::of(&model, prior)
}

/// Draws the 3-D view of `model` on any backend (see [`SurfaceFigure::render`] for the
/// raster); `None` when the model has no densities (the axes alone are drawn).
///
/// # Errors
/// A drawing error from the backend.
pub fn draw_surfaces<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    model: &SurfaceModel,
    angles: SurfaceAngles,
    style: &Style,
    grid: usize,
) -> Result<Option<SurfaceScene>> {
    draw_surfaces_with(root, model, angles, style, grid, &AxisNames::default(), None, &mut SurfaceBuffers::default())
}

/// log(λ₁₀/λ₀₁), the log-ratio of the weighted densities on the decision boundary the 2-D
/// figure draws for `lab`: 0 with equal losses, and for k > 2 classes (whose figure ignores
/// the losses).
pub fn lab_loss_level(lab: &GdaLab) -> f64 {
    if lab.classes() == 2 {
        lab.models().threshold()
    } else {
        0.0
    }
}

#[allow(clippy::too_many_arguments)]
fn draw_surfaces_with<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    model: &SurfaceModel,
    angles: SurfaceAngles,
    style: &Style,
    grid: usize,
    names: &AxisNames,
    raster: Option<&RefCell<Raster>>,
    buffers: &mut SurfaceBuffers,
) -> Result<Option<SurfaceScene>> {
    let pal = style.palette();
    root.fill(&pal.background).map_err(draw_error)?;
    let view = model.view;
    let densities = model.densities();
    let top = densities.as_ref().map_or(1.0, WeightedDensities::max_height);
    let zmax = if top.is_finite() && top > 0.0 { top * 1.1 } else { 1.0 };
    let angles = angles.clamped();

    let mut chart = ChartBuilder::on(root)
        // Room around the box for the tick labels and the axis names beyond them.
        .margin(style.ipx(28.0))
        // Z is −y: plotters' 3-D axes are right-handed with the height up, so with y itself
        // on Z the floor would be the 2-D figure's mirror image.
        .build_cartesian_3d(view.x0..view.x1, 0.0..zmax, -view.y1..-view.y0)
        .map_err(draw_error)?;
    chart.with_projection(|mut p| {
        p.yaw = angles.yaw;
        p.pitch = angles.pitch;
        p.scale = 0.8;
        p.into_matrix()
    });
    let spec = chart.as_coord_spec();
    let corner = |x: f64, h: f64, y: f64| {
        let (a, b, c) = spec.map_3d(&x, &h, &y);
        [f64::from(a), f64::from(b), f64::from(c)]
    };
    let projection: &ProjectionMatrix = spec.projection();
    let projector = Projector {
        matrix: *projection.as_ref(),
        view,
        zmax,
        low: corner(view.x0, 0.0, -view.y1),
        high: corner(view.x1, zmax, -view.y0),
    };
    // The floor: a faint tint of the grid's colour, laid opaque (mixed beforehand with the
    // background it covers: a copy per pixel rather than a blend), under the grid.
    let floor = [[view.x0, view.y0, 0.0], [view.x1, view.y0, 0.0], [view.x1, view.y1, 0.0], [view.x0, view.y1, 0.0]];
    let tint = super::blend(pal.grid, pal.background, 0.22);
    fill(root, raster, &floor.map(|p| projector.screen(p)), tint, 1.0)?;
    let size = (f64::from(root.dim_in_pixel().0), f64::from(root.dim_in_pixel().1));
    let labels = draw_axes(root, raster, &projector, view, zmax, style, names, size)?;
    let Some(densities) = densities else { return Ok(None) };

    // On the floor: the fitted 1σ and 2σ ellipses, then the boundary.
    let width = style.px(1.5);
    // (screen points, colour, alpha, width)
    let mut lines: Vec<FloorLine> = Vec::new();
    for (c, d) in densities.classes().iter().enumerate() {
        for (level, alpha) in [(1.0, 0.9), (2.0, 0.55)] {
            if let Ok(e) = ellipse(d.mean, &d.covariance, level, 96) {
                let mut pts: Vec<(f64, f64)> =
                    e.iter().filter(|p| view.contains(**p)).map(|p| projector.screen([p[0], p[1], 0.0])).collect();
                if pts.len() == e.len() {
                    pts.push(pts[0]);
                    lines.push((pts, pal.colour(c), alpha, width));
                } else {
                    // Partly outside the view: the pieces inside.
                    for piece in crate::gda::geometry::clip_polyline_closed(&e, view) {
                        let pts = piece.iter().map(|p| projector.screen([p[0], p[1], 0.0])).collect();
                        lines.push((pts, pal.colour(c), alpha, width));
                    }
                }
            }
        }
    }
    let boundaries = densities.boundaries(view, 96, 72);
    // The 2-D figure's boundary, solid; when unequal losses move it off the crossing, the
    // crossing's shadow dashed beside it (the numbers beside the view say which is which).
    let level = model.level;
    let crossing_floor: Vec<Vec<Vec2>> = boundaries.iter().flat_map(|b| b.top_two.iter().cloned()).collect();
    let (floor_boundary, floor_crossing) = if level == 0.0 {
        (crossing_floor, Vec::new())
    } else {
        (densities.decision_boundary(view, 96, 72, level), crossing_floor)
    };
    let on_floor =
        |piece: &Vec<Vec2>| -> Vec<(f64, f64)> { piece.iter().map(|p| projector.screen([p[0], p[1], 0.0])).collect() };
    for piece in &floor_crossing {
        for dash in dashes(&on_floor(piece), style.px(7.0), style.px(5.0)) {
            lines.push((dash, pal.boundary, 0.6, style.px(1.5)));
        }
    }
    for piece in &floor_boundary {
        lines.push((on_floor(piece), pal.boundary, 0.9, style.px(2.0)));
    }
    for (pts, colour, alpha, w) in &lines {
        stroke(root, raster, pts, *colour, *alpha, *w)?;
    }

    let grid = grid.clamp(4, 160);
    let items = scene_items(&densities, &projector, view, grid, &boundaries, &mut buffers.heights);
    // The translucent surfaces, shaded by how much each quad faces a light above and to the
    // left of the viewer, and the crossing curve.
    let light = {
        let l: [f64; 3] = [-0.4, 1.0, -0.3];
        let n = (l[0] * l[0] + l[1] * l[1] + l[2] * l[2]).sqrt();
        l.map(|v| v / n)
    };
    let alpha = if style.dark { 0.5 } else { 0.42 };
    for item in &items {
        match item {
            SceneItem::Patch { class, corners, screen, len: count, .. } => {
                let p = corners.map(|c| projector.chart_3d(c));
                let (a, b) = if *count == 4 { (3, 1) } else { (1, 0) };
                let u = [p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]];
                let v = [p[a][0] - p[b][0], p[a][1] - p[b][1], p[a][2] - p[b][2]];
                let n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
                let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
                let lit =
                    if len > 0.0 { ((n[0] * light[0] + n[1] * light[1] + n[2] * light[2]) / len).abs() } else { 1.0 };
                let base = pal.colour(*class);
                let k = 0.55 + 0.45 * lit;
                let shade = |v: u8| (f64::from(v) * k).round() as u8;
                let colour = RGBColor(shade(base.0), shade(base.1), shade(base.2));
                // The tails fade into the floor instead of ending in a jagged edge.
                // By corner, so that the fade is smooth across the quads rather than a
                // quad's step.
                let fade = corners.map(|c| (c[2] / (0.06 * top)).clamp(0.0, 1.0));
                if fade[..*count].iter().all(|&f| f >= 1.0) {
                    fill(root, raster, &screen[..*count], colour, alpha)?;
                } else if let Some(r) = raster {
                    let mut r = r.borrow_mut();
                    let (w, h) = (r.width() as usize, r.height() as usize);
                    let a = fade.map(|f| 255.0 * alpha * f);
                    let rgb = [colour.0, colour.1, colour.2];
                    for k in 1..count - 1 {
                        let tri = [screen[0], screen[k], screen[k + 1]];
                        fill_triangle_faded(r.pixels_mut(), (w, h), tri, rgb, [a[0], a[k], a[k + 1]]);
                    }
                } else {
                    let mean = fade[..*count].iter().sum::<f64>() / *count as f64;
                    fill(root, raster, &screen[..*count], colour, alpha * mean)?;
                }
            }
            SceneItem::Crossing { screen } => {
                stroke(root, raster, screen, pal.boundary, 0.95, style.px(2.0))?;
            }
        }
    }
    Ok(Some(SurfaceScene { items, projector, grid, floor_boundary, floor_crossing, labels }))
}

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
type FloorLine = (Vec<(f64, f64)>, RGBColor, f64, f64);

/// The grid cell (0 … n − 2) holding coordinate `v` on a lattice of n nodes from a to b.
fn cell_index(v: f64, a: f64, b: f64, n: usize) -> usize {
    let t = ((v - a) / (b - a) * (n - 1) as f64).floor();
    if t.is_finite() {
        (t.max(0.0) as usize).min(n - 2)
    } else {
        0
    }
}

/// Fills a triangle by pixel centres (no antialiasing), blending `rgb` at alpha `a` (0–255)
/// over the RGBA image of size `(w, h)`. A pixel belongs to the triangle when its centre
/// lies inside, or on a left or top edge: triangles sharing an edge (the quads of one
/// surface, each drawn as two) cover every pixel along it exactly once, so translucent
/// surfaces show no seams. An edge's crossing with a row is computed from its endpoints in
/// one fixed order, so the two triangles sharing it get the same number.
pub fn fill_triangle(rgba: &mut [u8], (w, h): (usize, usize), tri: [(f64, f64); 3], rgb: [u8; 3], a: u32) {
    if a == 0 || tri.iter().any(|p| !(p.0.is_finite() && p.1.is_finite())) {
        return;
    }
    let a = a.min(255);
    let keep = 255 - a;
    let src = rgb.map(|c| u32::from(c) * a);
    for_each_span(tri, (w, h), |row, _, c0, c1| {
        let start = row * w;
        if a == 255 {
            // Opaque: a copy.
            let end = (start + c1).min(rgba.len() / 4);
            if start + c0 < end {
                for px in rgba[4 * (start + c0)..4 * end].chunks_exact_mut(4) {
                    px[..3].copy_from_slice(&rgb);
                }
            }
            return;
        }
        for i in start + c0..start + c1 {
            let Some(px) = rgba.get_mut(4 * i..4 * i + 3) else { break };
            for ch in 0..3 {
                px[ch] = ((src[ch] + u32::from(px[ch]) * keep + 127) / 255) as u8;
            }
        }
    });
}

/// The pixels of a triangle with finite corners, row by row, for an image `w` × `h`:
/// `f(row, y of the row's centres, c0, c1)` for each row that has some, the pixels
/// `c0..c1` (c0 < c1) being those whose centres lie inside, or on a left or top edge. Rows
/// whose centres lie in [y_min, y_max); an edge's crossing with a row is computed from its
/// endpoints in one fixed order (by y, then x), so two triangles sharing the edge get the
/// same number and cover each pixel along it exactly once.
fn for_each_span(tri: [(f64, f64); 3], (w, h): (usize, usize), mut f: impl FnMut(usize, f64, usize, usize)) {
    let y_min = tri.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let y_max = tri.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    let row0 = (y_min - 0.5).ceil().max(0.0);
    let row1 = ((y_max - 0.5).ceil()).min(h as f64);
    if row0 >= row1 {
        return;
    }
    let edges = [(tri[0], tri[1]), (tri[1], tri[2]), (tri[2], tri[0])].map(|(p, q)| {
        if (p.1, p.0) <= (q.1, q.0) {
            (p, q)
        } else {
            (q, p)
        }
    });
    for row in row0 as usize..row1 as usize {
        let yc = row as f64 + 0.5;
        let (mut xl, mut xr) = (f64::INFINITY, f64::NEG_INFINITY);
        for &(p, q) in &edges {
            // Half-open in y, so a vertex on the row is met by exactly the edges below it.
            if p.1 <= yc && yc < q.1 {
                let x = p.0 + (yc - p.1) * (q.0 - p.0) / (q.1 - p.1);
                xl = xl.min(x);
                xr = xr.max(x);
            }
        }
        if xl >= xr {
            continue;
        }
        // Pixels whose centres lie in [xl, xr).
        let c0 = (xl - 0.5).ceil().max(0.0) as usize;
        let c1 = ((xr - 0.5).ceil().min(w as f64)).max(0.0) as usize;
        if c0 < c1 {
            f(row, yc, c0, c1);
        }
    }
}

/// [`fill_triangle`] with an opacity (0–255) given at each corner and interpolated across
/// the triangle, for the surfaces' tails that fade into the floor. The same pixels are
/// covered as by [`fill_triangle`] (both walk `for_each_span`).
pub fn fill_triangle_faded(rgba: &mut [u8], (w, h): (usize, usize), tri: [(f64, f64); 3], rgb: [u8; 3], a: [f64; 3]) {
    if tri.iter().any(|p| !(p.0.is_finite() && p.1.is_finite())) || a.iter().all(|&v| v.is_nan() || v <= 0.0) {
        return;
    }
    // The opacity as a plane over the screen: a(x, y) = ax·x + ay·y + a0.
    let (p0, p1, p2) = (tri[0], tri[1], tri[2]);
    let det = (p1.0 - p0.0) * (p2.1 - p0.1) - (p2.0 - p0.0) * (p1.1 - p0.1);
    if det.abs() < 1e-12 {
        return;
    }
    let ax = ((a[1] - a[0]) * (p2.1 - p0.1) - (a[2] - a[0]) * (p1.1 - p0.1)) / det;
    let ay = ((a[2] - a[0]) * (p1.0 - p0.0) - (a[1] - a[0]) * (p2.0 - p0.0)) / det;
    let a0 = a[0] - ax * p0.0 - ay * p0.1;
    let top = a.iter().copied().fold(0.0, f64::max).min(255.0);
    for_each_span(tri, (w, h), |row, yc, c0, c1| {
        let start = row * w;
        let mut alpha = ax * (c0 as f64 + 0.5) + ay * yc + a0;
        for i in start + c0..start + c1 {
            let Some(px) = rgba.get_mut(4 * i..4 * i + 3) else { break };
            let k = alpha.clamp(0.0, top).round() as u32;
            alpha += ax;
            if k == 0 {
                continue;
            }
            let keep = 255 - k;
            for ch in 0..3 {
                px[ch] = ((u32::from(rgb[ch]) * k + u32::from(px[ch]) * keep + 127) / 255) as u8;
            }
        }
    });
}

/// A tick label of the height axis: as many decimals as its range needs.
fn tick_height(v: f64, zmax: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    let digits = (-(zmax.log10().floor()) + 1.0).clamp(0.0, 12.0) as usize;
    format!("{v:.digits$}")
}

fn fill<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    raster: Option<&RefCell<Raster>>,
    pts: &[(f64, f64)],
    colour: RGBColor,
    alpha: f64,
) -> Result<()> {
    match raster {
        Some(r) => {
            let mut r = r.borrow_mut();
            let (w, h) = (r.width() as usize, r.height() as usize);
            let a = (alpha.clamp(0.0, 1.0) * 255.0).round() as u32;
            let rgb = [colour.0, colour.1, colour.2];
            for k in 1..pts.len().saturating_sub(1) {
                fill_triangle(r.pixels_mut(), (w, h), [pts[0], pts[k], pts[k + 1]], rgb, a);
            }
        }
        None => {
            let poly: Vec<(i32, i32)> = pts.iter().map(|p| (p.0.round() as i32, p.1.round() as i32)).collect();
            root.draw(&Polygon::new(poly, colour.mix(alpha).filled())).map_err(draw_error)?;
        }
    }
    Ok(())
}

fn stroke<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    raster: Option<&RefCell<Raster>>,
    pts: &[(f64, f64)],
    colour: RGBColor,
    alpha: f64,
    width: f64,
) -> Result<()> {
    if pts.len() < 2 {
        return Ok(());
    }
    match raster {
        Some(r) => r.borrow_mut().stroke_polyline(pts, width, [colour.0, colour.1, colour.2], alpha),
        None => {
            let path: Vec<(i32, i32)> = pts.iter().map(|p| (p.0.round() as i32, p.1.round() as i32)).collect();
            let style = colour.mix(alpha).stroke_width(width.round().max(1.0) as u32);
            root.draw(&PathElement::new(path, style)).map_err(draw_error)?;
        }
    }
    Ok(())
}

/// A polyline on screen cut into dashes of `on` pixels with gaps of `off`.
fn dashes(pts: &[(f64, f64)], on: f64, off: f64) -> Vec<Vec<(f64, f64)>> {
    let mut out = Vec::new();
    let mut current: Vec<(f64, f64)> = Vec::new();
    let (mut drawing, mut left) = (true, on);
    for w in pts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let len = (b.0 - a.0).hypot(b.1 - a.1);
        let mut t = 0.0;
        while len > 0.0 && t < 1.0 {
            let step = (left / len).min(1.0 - t);
            let at = |s: f64| (a.0 + s * (b.0 - a.0), a.1 + s * (b.1 - a.1));
            if drawing {
                if current.is_empty() {
                    current.push(at(t));
                }
                current.push(at(t + step));
            }
            left -= step * len;
            t += step;
            if left <= 1e-9 {
                if drawing && current.len() > 1 {
                    out.push(std::mem::take(&mut current));
                }
                current.clear();
                drawing = !drawing;
                left = if drawing { on } else { off };
            }
        }
    }
    if current.len() > 1 {
        out.push(current);
    }
    out
}

/// The box a label of `font_px` pixels is given for placing it: 0.66 em per Latin-character
/// unit ([`super::text_units`]; DejaVu Sans, the widest common sans-serif face, has digits of
/// 0.636 em), 1.25 em high.
pub fn label_extent(text: &str, font_px: f64) -> [f64; 2] {
    [0.66 * font_px * super::text_units(text) as f64, 1.25 * font_px]
}

/// The box [x0, y0, x1, y1] of a label of `size` anchored at `at` by `anchor`.
fn anchored_box(at: (f64, f64), size: [f64; 2], anchor: (HPos, VPos)) -> [f64; 4] {
    let x0 = match anchor.0 {
        HPos::Left => at.0,
        HPos::Right => at.0 - size[0],
        HPos::Center => at.0 - 0.5 * size[0],
    };
    let y0 = match anchor.1 {
        VPos::Top => at.1,
        VPos::Bottom => at.1 - size[1],
        VPos::Center => at.1 - 0.5 * size[1],
    };
    [x0, y0, x0 + size[0], y0 + size[1]]
}

/// The anchor that puts a label on the side `dir` (a unit vector on screen) points to.
fn anchor_toward(dir: (f64, f64)) -> (HPos, VPos) {
    // Within 22.5° of an axis the label is centred across it.
    let s = (22.5f64).to_radians().sin();
    let h = if dir.0 > s {
        HPos::Left
    } else if dir.0 < -s {
        HPos::Right
    } else {
        HPos::Center
    };
    let v = if dir.1 > s {
        VPos::Top
    } else if dir.1 < -s {
        VPos::Bottom
    } else {
        VPos::Center
    };
    (h, v)
}

fn boxes_meet(a: &[f64; 4], b: &[f64; 4], gap: f64) -> bool {
    a[0] < b[2] + gap && b[0] < a[2] + gap && a[1] < b[3] + gap && b[1] < a[3] + gap
}

/// A label to place: its text, anchor point and anchor, whether it is an axis name, and
/// its axis.
type Wish = (String, (f64, f64), (HPos, VPos), bool, usize);

/// One axis of the box around the view: its two ends in data units (x, y, height), its
/// tick values, how a value becomes a point and a label, and its name.
struct Axis<'a> {
    from: [f64; 3],
    to: [f64; 3],
    along: usize,
    ticks: Vec<f64>,
    format: &'a dyn Fn(f64) -> String,
    name: &'a str,
}

/// Draws the box around the view the way a 3-D chart does, but with labels that never meet:
/// the floor's grid and the two back walls' (the farther wall of each pair), the three
/// axes on the edges nearest the viewer (the floor's two front edges, and the wall edge at
/// the floor corner farthest left on screen for the height), tick marks pointing away from
/// the floor, and their labels and names placed on that side. The number of ticks follows
/// each axis' length on screen; a label that would meet one already placed (the axis names
/// first, then each axis' ticks from its middle out) or leave the picture is left out.
#[allow(clippy::too_many_arguments)]
fn draw_axes<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    raster: Option<&RefCell<Raster>>,
    p: &Projector,
    view: Rect,
    zmax: f64,
    style: &Style,
    names: &AxisNames,
    size: (f64, f64),
) -> Result<Vec<PlacedLabel>> {
    let pal = style.palette();
    let (xm, ym) = (0.5 * (view.x0 + view.x1), 0.5 * (view.y0 + view.y1));
    let far = |a: [f64; 3], b: [f64; 3]| p.depth(a) > p.depth(b);
    let xw = if far([view.x0, ym, 0.0], [view.x1, ym, 0.0]) { view.x0 } else { view.x1 };
    let yw = if far([xm, view.y0, 0.0], [xm, view.y1, 0.0]) { view.y0 } else { view.y1 };
    let xf = view.x0 + view.x1 - xw;
    let yf = view.y0 + view.y1 - yw;
    // The height axis stands at the side corner farther left on screen.
    let (cx, cy) = if p.screen([xw, yf, 0.0]).0 <= p.screen([xf, yw, 0.0]).0 { (xw, yf) } else { (xf, yw) };

    let em = style.text_px(11.0);
    let len = |a: [f64; 3], b: [f64; 3]| {
        let (s, t) = (p.screen(a), p.screen(b));
        (t.0 - s.0).hypot(t.1 - s.1)
    };
    let count = |l: f64, per: f64, most: usize| ((l / per).floor().max(0.0) as usize).clamp(3, most);
    let ticks = |a: f64, b: f64, n: usize| RangedCoordf64::from(a..b).key_points(BoldPoints(n));
    let x_axis = ([view.x0, yf, 0.0], [view.x1, yf, 0.0]);
    let y_axis = ([xf, view.y0, 0.0], [xf, view.y1, 0.0]);
    let z_axis = ([cx, cy, 0.0], [cx, cy, zmax]);
    let xt = ticks(view.x0, view.x1, count(len(x_axis.0, x_axis.1), 3.2 * em, 7));
    let yt = ticks(view.y0, view.y1, count(len(y_axis.0, y_axis.1), 3.2 * em, 7));
    let zt = ticks(0.0, zmax, count(len(z_axis.0, z_axis.1), 2.6 * em, 5));

    // The grid: the floor's, then the back walls'.
    let grid_colour = pal.grid;
    let thin = style.px(1.0).max(1.0);
    let mut grid: Vec<[[f64; 3]; 2]> = Vec::new();
    for &x in &xt {
        grid.push([[x, view.y0, 0.0], [x, view.y1, 0.0]]);
        grid.push([[x, yw, 0.0], [x, yw, zmax]]);
    }
    for &y in &yt {
        grid.push([[view.x0, y, 0.0], [view.x1, y, 0.0]]);
        grid.push([[xw, y, 0.0], [xw, y, zmax]]);
    }
    for &z in zt.iter().chain(std::iter::once(&zmax)) {
        grid.push([[view.x0, yw, z], [view.x1, yw, z]]);
        grid.push([[xw, view.y0, z], [xw, view.y1, z]]);
    }
    grid.push([[xw, yw, 0.0], [xw, yw, zmax]]);
    grid.push([[xw, view.y0, 0.0], [xw, view.y1, 0.0]]);
    grid.push([[view.x0, yw, 0.0], [view.x1, yw, 0.0]]);
    for [a, b] in &grid {
        stroke(root, raster, &[p.screen(*a), p.screen(*b)], grid_colour, 0.9, thin)?;
    }

    let data_tick = |v: f64| super::gda::tick(v);
    let height_tick = |v: f64| tick_height(v, zmax);
    let axes = [
        Axis { from: z_axis.0, to: z_axis.1, along: 2, ticks: zt, format: &height_tick, name: &names.height },
        Axis { from: x_axis.0, to: x_axis.1, along: 0, ticks: xt, format: &data_tick, name: &names.x },
        Axis { from: y_axis.0, to: y_axis.1, along: 1, ticks: yt, format: &data_tick, name: &names.y },
    ];
    let centre = p.screen([xm, ym, 0.0]);
    let tick = style.px(4.0);
    let gap = style.px(3.0);
    let font = ("sans-serif", em).into_font().color(&pal.ink);
    let mut placed: Vec<PlacedLabel> = Vec::new();
    let mut wishes: Vec<Wish> = Vec::new();
    let mut tick_wishes: Vec<Wish> = Vec::new();
    for axis in &axes {
        let (a, b) = (p.screen(axis.from), p.screen(axis.to));
        stroke(root, raster, &[a, b], pal.ink, 0.8, thin)?;
        // Away from the floor's centre, across the axis (the height axis: sideways).
        let out = if axis.along == 2 {
            (if a.0 <= centre.0 { -1.0 } else { 1.0 }, 0.0)
        } else {
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let l = dx.hypot(dy).max(1e-9);
            let n = (-dy / l, dx / l);
            let mid = (0.5 * (a.0 + b.0) - centre.0, 0.5 * (a.1 + b.1) - centre.1);
            if n.0 * mid.0 + n.1 * mid.1 < 0.0 {
                (-n.0, -n.1)
            } else {
                n
            }
        };
        let anchor = anchor_toward(out);
        let first = tick_wishes.len();
        let mut reach: f64 = 0.0;
        let mut order: Vec<f64> = axis.ticks.clone();
        let span = (axis.from[axis.along], axis.to[axis.along]);
        let middle = 0.5 * (span.0 + span.1);
        order.sort_by(|u, v| (u - middle).abs().total_cmp(&(v - middle).abs()));
        for &v in &axis.ticks {
            let mut q = axis.from;
            q[axis.along] = v;
            let s = p.screen(q);
            let end = (s.0 + out.0 * tick, s.1 + out.1 * tick);
            stroke(root, raster, &[s, end], pal.ink, 0.8, thin)?;
        }
        for &v in &order {
            let mut q = axis.from;
            q[axis.along] = v;
            let s = p.screen(q);
            let text = (axis.format)(v);
            let sz = label_extent(&text, em);
            // How far along `out` the axis name (anchored the same way) must move to clear
            // this label: across by the label's width (half of both widths for centred
            // ones) plus a gap, or up or down likewise by the heights.
            let named = label_extent(axis.name, em);
            let need = |a: f64, b: f64, centred: bool| if centred { 0.5 * (a + b) + gap } else { a + gap };
            let clear = |extent: f64, c: f64| if c.abs() > 1e-6 { extent / c.abs() } else { f64::INFINITY };
            let across = clear(need(sz[0], named[0], matches!(anchor.0, HPos::Center)), out.0);
            let up = clear(need(sz[1], named[1], matches!(anchor.1, VPos::Center)), out.1);
            reach = reach.max(across.min(up));
            tick_wishes.push((
                text,
                (s.0 + out.0 * (tick + gap), s.1 + out.1 * (tick + gap)),
                anchor,
                false,
                axis.along,
            ));
        }
        if axis.along == 2 {
            // The height's name above the top of its axis.
            wishes.push((axis.name.to_string(), (b.0, b.1 - gap - tick), (HPos::Center, VPos::Bottom), true, 2));
        } else {
            let mid = (0.5 * (a.0 + b.0), 0.5 * (a.1 + b.1));
            // Beyond the tick labels, farther while one of them (not beside the middle
            // itself) is in the way.
            let named = label_extent(axis.name, em);
            let mine: Vec<[f64; 4]> = tick_wishes[first..]
                .iter()
                .map(|(t, at, anchor, _, _)| anchored_box(*at, label_extent(t, em), *anchor))
                .collect();
            let mut off = tick + gap + reach.min(4.0 * em);
            for _ in 0..40 {
                let r = anchored_box((mid.0 + out.0 * off, mid.1 + out.1 * off), named, anchor);
                if !mine.iter().any(|m| boxes_meet(m, &r, gap)) {
                    break;
                }
                off += 0.5 * gap;
            }
            wishes.push((axis.name.to_string(), (mid.0 + out.0 * off, mid.1 + out.1 * off), anchor, true, axis.along));
        }
    }
    wishes.extend(tick_wishes);
    let mut axis_of: Vec<usize> = Vec::new();
    for (text, at, anchor, name, along) in wishes {
        if text.is_empty() {
            continue;
        }
        let sz = label_extent(&text, em);
        let mut rect = anchored_box(at, sz, anchor);
        let mut at = at;
        if name {
            // A name is moved into the picture rather than left out.
            let dx = (-rect[0]).max(0.0) - (rect[2] - size.0).max(0.0);
            let dy = (-rect[1]).max(0.0) - (rect[3] - size.1).max(0.0);
            rect = [rect[0] + dx, rect[1] + dy, rect[2] + dx, rect[3] + dy];
            at = (at.0 + dx, at.1 + dy);
        }
        let inside = rect[0] >= 0.0 && rect[1] >= 0.0 && rect[2] <= size.0 && rect[3] <= size.1;
        // Two axes' labels half an em apart at least, so that they do not read as one
        // ("5 -5") at the corner the axes share.
        let meets = placed
            .iter()
            .zip(&axis_of)
            .any(|(l, &a)| boxes_meet(&l.rect, &rect, if a == along { gap } else { 0.5 * em }));
        if !inside || meets {
            continue;
        }
        root.draw(&Text::new(
            text.clone(),
            (at.0.round() as i32, at.1.round() as i32),
            font.clone().pos(Pos::new(anchor.0, anchor.1)),
        ))
        .map_err(draw_error)?;
        placed.push(PlacedLabel { text, rect });
        axis_of.push(along);
    }
    Ok(placed)
}
