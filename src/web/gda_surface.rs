//! The 3-D view of the GDA panel's weighted densities ([`crate::plot::surface`]) on its own
//! canvas: drawn into a software raster copied out with one `putImageData`, the tick
//! labels through `CanvasBackend` over it. Its own module (`pkg-surface/`, the `surface`
//! feature), which the page loads when the view first opens: it holds no GDA panel, and
//! draws the [`SurfaceModel`] the panel hands over (`GdaPanel.surfaceModel()`) at every
//! frame, so every change of the panel (a dragged mean, σ, ρ, n, the prior) shows in the
//! next one.

use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::HtmlCanvasElement;

use super::{js_error, to_js};
use crate::error::Error;
use crate::plot::raster::{draw_texts, Raster};
use crate::plot::surface::{AxisNames, SurfaceAngles, SurfaceFigure, SurfaceModel, GRID_DRAG, GRID_REST};
use crate::plot::Style;

/// Radians of turn per CSS pixel of drag.
const TURN_PER_PX: f64 = 0.01;

/// The 3-D view bound to one canvas.
#[wasm_bindgen]
pub struct GdaSurface {
    canvas: HtmlCanvasElement,
    figure: SurfaceFigure,
    style: Style,
    angles: SurfaceAngles,
}

/// One class's surface, for the numbers beside the view.
#[derive(Serialize)]
struct SurfaceInfo {
    /// The weight p(y = c).
    prior: f64,
    /// The height at the mean, p(μ_c | y=c)·p(y=c).
    peak: f64,
    /// μ_c.
    mean: [f64; 2],
}

#[wasm_bindgen]
impl GdaSurface {
    /// A view on `canvas`, seen from the default angles.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement) -> GdaSurface {
        GdaSurface { canvas, figure: SurfaceFigure::new(), style: Style::default(), angles: SurfaceAngles::default() }
    }

    /// Sizes the backing store to CSS size × dpr; returns whether it changed.
    pub fn resize(&mut self, css_width: f64, css_height: f64, dpr: f64) -> bool {
        let dpr = if dpr.is_finite() && dpr > 0.0 { dpr.clamp(0.5, 4.0) } else { 1.0 };
        let (w, h) = ((css_width.max(1.0) * dpr).round() as u32, (css_height.max(1.0) * dpr).round() as u32);
        let changed = self.canvas.width() != w || self.canvas.height() != h || self.style.dpr != dpr;
        self.style.dpr = dpr;
        if self.canvas.width() != w {
            self.canvas.set_width(w);
        }
        if self.canvas.height() != h {
            self.canvas.set_height(h);
        }
        changed
    }

    /// Projector mode: bigger type, thicker lines.
    #[wasm_bindgen(js_name = setProjector)]
    pub fn set_projector(&mut self, on: bool) {
        self.style.projector = on;
    }

    /// The dark theme's colours (`true`) or the light one's.
    #[wasm_bindgen(js_name = setTheme)]
    pub fn set_theme(&mut self, dark: bool) {
        self.style.dark = dark;
    }

    /// Names the floor's axes (the 2-D figure's names) and the height, in the page's
    /// language, from the next frame on.
    #[wasm_bindgen(js_name = setAxisNames)]
    pub fn set_axis_names(&mut self, x: String, y: String, height: String) {
        self.figure.set_names(AxisNames { x, y, height });
    }

    /// Sees the view from `yaw` degrees round and `pitch` degrees up (brought into range).
    #[wasm_bindgen(js_name = setAngles)]
    pub fn set_angles(&mut self, yaw: f64, pitch: f64) {
        self.angles = SurfaceAngles::degrees(yaw, pitch);
    }

    /// `[yaw, pitch]` in degrees, rounded to a tenth (as a link keeps them).
    pub fn angles(&self) -> Vec<f64> {
        let (y, p) = self.angles.to_degrees();
        let round = |v: f64| (v * 10.0).round() / 10.0;
        vec![round(y), round(p)]
    }

    /// Turns the view by a drag of (dx, dy) CSS pixels: right turns it, down tips it up.
    #[wasm_bindgen(js_name = rotateBy)]
    pub fn rotate_by(&mut self, dx: f64, dy: f64) {
        let (dx, dy) = (if dx.is_finite() { dx } else { 0.0 }, if dy.is_finite() { dy } else { 0.0 });
        self.angles =
            SurfaceAngles { yaw: self.angles.yaw - dx * TURN_PER_PX, pitch: self.angles.pitch + dy * TURN_PER_PX }
                .clamped();
    }

    /// Draws the view of `model` (a GDA panel's `surfaceModel()`): on the coarse grid while
    /// something is being dragged (`coarse`), on the full one at rest. Returns whether
    /// there were surfaces.
    ///
    /// # Errors
    /// When the canvas has no 2-D context or is larger than one raster holds; a `model` of
    /// another shape.
    pub fn draw(&mut self, model: JsValue, coarse: bool) -> Result<bool, JsError> {
        let model = surface_model(model)?;
        let (w, h) = (self.canvas.width(), self.canvas.height());
        if !Raster::holds(w, h) {
            return Err(js_error(Error::InvalidParameter {
                name: "canvas size",
                value: format!("{w} × {h}"),
                rule: "the 3-D view is drawn on at most one raster's pixels",
            }));
        }
        let grid = if coarse { GRID_DRAG } else { GRID_REST };
        let drawn = self.figure.render(&model, self.angles, &self.style, (w, h), grid).map_err(js_error)?;
        let ctx: web_sys::CanvasRenderingContext2d =
            self.canvas.get_context("2d").ok().flatten().and_then(|c| c.dyn_into().ok()).ok_or_else(no_context)?;
        let raster = self.figure.raster();
        let image = web_sys::ImageData::new_with_u8_clamped_array_and_sh(Clamped(raster.pixels()), w, h)
            .map_err(|_| js_error(Error::Browser("make the 3-D view's image".into())))?;
        ctx.put_image_data(&image, 0.0, 0.0).map_err(|_| js_error(Error::Browser("draw the 3-D view".into())))?;
        let mut over = CanvasBackend::with_canvas_object(self.canvas.clone()).ok_or_else(no_context)?;
        draw_texts(&mut over, raster.texts()).map_err(js_error)?;
        over.into_drawing_area().present().map_err(|e| JsError::new(&e.to_string()))?;
        Ok(drawn)
    }

    /// The surfaces of `model` (a GDA panel's `surfaceModel()`), class by class:
    /// `[{prior, peak, mean}]`, or `null` for a model without densities.
    ///
    /// # Errors
    /// A `model` of another shape.
    pub fn surfaces(&self, model: JsValue) -> Result<JsValue, JsError> {
        let info: Option<Vec<SurfaceInfo>> = surface_model(model)?.densities().map(|d| {
            d.classes().iter().map(|c| SurfaceInfo { prior: c.prior, peak: c.peak(), mean: c.mean }).collect()
        });
        to_js(&info)
    }
}

#[wasm_bindgen]
impl GdaSurface {
    /// `[λ₀₁, λ₁₀]` when unequal losses move the decision boundary of `model` (a GDA
    /// panel's `surfaceModel()`) off the curve where the surfaces cross (two classes, a
    /// model with densities), else `null`.
    ///
    /// # Errors
    /// A `model` of another shape.
    pub fn losses(&self, model: JsValue) -> Result<JsValue, JsError> {
        to_js(&surface_model(model)?.losses)
    }
}

/// A GDA panel's `surfaceModel()` read back.
fn surface_model(model: JsValue) -> Result<SurfaceModel, JsError> {
    serde_wasm_bindgen::from_value(model)
        .map_err(|e| js_error(Error::Browser(format!("read the 3-D view's model ({e})"))))
}

fn no_context() -> JsError {
    js_error(Error::Browser("get a 2-D drawing context for the 3-D view".into()))
}
