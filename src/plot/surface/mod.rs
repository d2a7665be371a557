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

mod axes;
mod draw;
mod scene;
mod triangles;

use axes::draw_axes;
pub use axes::label_extent;
use draw::{draw_surfaces_with, stroke, tick_height};
pub use scene::scene_items;
use scene::FloorLine;
pub use triangles::{fill_triangle, fill_triangle_faded};

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
