//! The GDA panel's canvas: its size and pixel ratio, projector and theme, the words drawn in
//! the figure, and the draw itself: every shape into the wasm raster, blitted with
//! `putImageData` (only what changed since the last frame), the labels through
//! `CanvasBackend` over it; a canvas too large for one raster is drawn in strips.

use std::cell::RefCell;

use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::prelude::*;
use wasm_bindgen::{Clamped, JsCast};

use super::GdaPanel;
use crate::error::Error;
use crate::plot::gda::draw_with;
use crate::plot::raster::{draw_texts, QueuedText, Raster, RasterBackend, MAX_PIXELS};
use crate::web::js_error;

#[wasm_bindgen]
impl GdaPanel {
    /// Sizes the canvas backing store to CSS size × dpr. Assigning `canvas.width` clears
    /// the canvas, so this only touches it on a real change; returns whether it did.
    pub fn resize(&mut self, css_width: f64, css_height: f64, dpr: f64) -> bool {
        let dpr = if dpr.is_finite() && dpr > 0.0 { dpr.clamp(0.5, 4.0) } else { 1.0 };
        let (w, h) = ((css_width.max(1.0) * dpr).round() as u32, (css_height.max(1.0) * dpr).round() as u32);
        let changed = self.canvas.width() != w || self.canvas.height() != h || self.style.dpr != dpr;
        self.style.dpr = dpr;
        self.css_size = (css_width, css_height);
        if self.canvas.width() != w {
            self.canvas.set_width(w);
        }
        if self.canvas.height() != h {
            self.canvas.set_height(h);
        }
        self.match_aspect();
        changed
    }

    /// The canvas lost its pixels behind the panel's back (the browser restored a lost 2-D
    /// context, blank): the next draw copies out the whole figure and every label, not only
    /// what changed since the last frame.
    #[wasm_bindgen(js_name = canvasCleared)]
    pub fn canvas_cleared(&mut self) {
        self.figure.forget_shown();
    }

    /// Projector mode: bigger type, thicker strokes.
    #[wasm_bindgen(js_name = setProjector)]
    pub fn set_projector(&mut self, on: bool) {
        self.style.projector = on;
        self.match_aspect();
    }

    /// The figure's colours: the dark theme's (`true`) or the light one's. The next draw
    /// paints the whole figure anew (the kept background changes with the theme).
    #[wasm_bindgen(js_name = setTheme)]
    pub fn set_theme(&mut self, dark: bool) {
        if self.style.dark != dark {
            self.style.dark = dark;
            self.figure.forget_shown();
        }
    }

    /// Sets the words drawn in the figure: `{classes: [a, b], axes: [x, y], fitted, truth,
    /// boundary}`, or `null` for English with the dataset's names.
    ///
    /// # Errors
    /// An object of another shape.
    #[wasm_bindgen(js_name = setFigureText)]
    pub fn set_figure_text(&mut self, text: JsValue) -> Result<(), JsError> {
        self.layers.text = if text.is_null() || text.is_undefined() {
            None
        } else {
            Some(
                serde_wasm_bindgen::from_value(text)
                    .map_err(|e| JsError::new(&format!("The figure text could not be read: {e}")))?,
            )
        };
        Ok(())
    }

    /// Draws the figure (with the posterior heat map under it when that is on). Every shape
    /// is drawn into the wasm raster and blitted with one `putImageData`; only the labels
    /// are canvas calls, over it. The background, grid and axes are kept in the raster
    /// between frames while the view stays the same, and only what was drawn over them is
    /// undone; with the heat map on, the grid's recorded blends are laid again over it.
    ///
    /// # Errors
    /// When the canvas has no 2-D context.
    pub fn draw(&mut self) -> Result<(), JsError> {
        let (w, h) = (self.canvas.width(), self.canvas.height());
        if !Raster::holds(w, h) {
            // A canvas too large for one raster is drawn in strips.
            self.figure.forget_shown();
            return self.draw_on_canvas();
        }
        self.layers.pairwise = self.lab.pairwise();
        let update = self.figure.render(&self.lab, &self.layers, &self.style, (w, h)).map_err(js_error)?;
        let ctx = self.context()?;
        let raster = self.figure.raster();
        // The ImageData is a view of wasm memory; putImageData copies it out at once.
        let image = image_of(&raster, w, h)?;
        match &update.region {
            None => ctx.put_image_data(&image, 0.0, 0.0).map_err(put_failed)?,
            Some(rects) => {
                for &[x0, y0, x1, y1] in rects {
                    let [x, y, w, h] = [x0, y0, x1 - x0, y1 - y0].map(f64::from);
                    ctx.put_image_data_with_dirty_x_and_dirty_y_and_dirty_width_and_dirty_height(
                        &image, 0.0, 0.0, x, y, w, h,
                    )
                    .map_err(put_failed)?;
                }
            }
        }
        self.draw_labels(raster.texts().iter().zip(&update.labels).filter(|(_, &d)| d).map(|(t, _)| t))?;
        drop(raster);
        self.figure.shown();
        self.frame = Some(update.frame);
        Ok(())
    }

    /// The canvas' 2-D context.
    fn context(&self) -> Result<web_sys::CanvasRenderingContext2d, JsError> {
        self.canvas.get_context("2d").ok().flatten().and_then(|c| c.dyn_into().ok()).ok_or_else(no_context)
    }

    /// Draws `texts` over the canvas with canvas calls (the raster queues its labels).
    fn draw_labels<'a>(&self, texts: impl IntoIterator<Item = &'a QueuedText>) -> Result<(), JsError> {
        let mut over = CanvasBackend::with_canvas_object(self.canvas.clone()).ok_or_else(no_context)?;
        draw_texts(&mut over, texts).map_err(js_error)?;
        over.into_drawing_area().present().map_err(|e| JsError::new(&e.to_string()))
    }

    /// [`GdaPanel::draw`] for canvases too large for one raster: the figure is drawn in
    /// strips of rows, each in the raster and blitted where it belongs, then the labels
    /// once over them. Slower (every strip draws the whole figure), the same picture.
    fn draw_on_canvas(&mut self) -> Result<(), JsError> {
        let (w, h) = (self.canvas.width(), self.canvas.height());
        let ctx = self.context()?;
        // Beyond any browser's largest canvas nothing can be drawn, and strips would only
        // spin.
        if w > 65_535 || h > 65_535 || u64::from(w) * u64::from(h) > 1 << 28 {
            return Err(js_error(Error::InvalidParameter {
                name: "canvas size",
                value: format!("{w} × {h}"),
                rule: "the figure is drawn on at most 2²⁸ pixels, the most a browser's canvas holds",
            }));
        }
        let rows = (MAX_PIXELS / w.max(1) as usize).clamp(1, h.max(1) as usize) as u32;
        // The strip's memory is not kept: the next frame draws in strips again.
        let strips = RefCell::new(Raster::default());
        let (mut top, mut frame, mut texts) = (0, None, Vec::new());
        while top < h {
            let strip = rows.min(h - top);
            strips.borrow_mut().resize(w, strip).map_err(js_error)?;
            let root = RasterBackend::strip(&strips, h, top as i32).into_drawing_area();
            self.layers.pairwise = self.lab.pairwise();
            frame = Some(draw_with(&root, &self.lab, &self.layers, &self.style, None).map_err(js_error)?);
            let raster = strips.borrow();
            if top == 0 {
                // Every strip queues every label; they are drawn once, over all strips.
                texts = raster.texts().to_vec();
            }
            ctx.put_image_data(&image_of(&raster, w, strip)?, 0.0, f64::from(top)).map_err(put_failed)?;
            top += strip;
        }
        self.draw_labels(&texts)?;
        self.frame = frame;
        Ok(())
    }

    /// The RGBA colour of one backing-store pixel as `[r, g, b, a]` (for tests that check
    /// what was drawn), or an empty array outside the canvas.
    #[wasm_bindgen(js_name = pixelAt)]
    pub fn pixel_at(&self, x: u32, y: u32) -> Vec<u8> {
        let Ok(ctx) = self.context() else { return Vec::new() };
        ctx.get_image_data(f64::from(x), f64::from(y), 1.0, 1.0).map(|d| d.data().to_vec()).unwrap_or_default()
    }

    /// The plot box in backing-store pixels `[left, top, right, bottom]` after a draw.
    #[wasm_bindgen(js_name = plotBox)]
    pub fn plot_box_pixels(&self) -> Vec<i32> {
        self.frame.map(|f| f.pixels.to_vec()).unwrap_or_default()
    }

    /// Backing-store pixel position of a data point `[x, y]` after a draw.
    #[wasm_bindgen(js_name = dataToPixels)]
    pub fn data_to_pixels(&self, x: f64, y: f64) -> Vec<f64> {
        self.frame.map(|f| f.to_pixels([x, y]).to_vec()).unwrap_or_default()
    }
}

/// The raster's pixels as an `ImageData` of `w × h` (a view of wasm memory, copied out by
/// `putImageData` at once).
fn image_of(raster: &Raster, w: u32, h: u32) -> Result<web_sys::ImageData, JsError> {
    web_sys::ImageData::new_with_u8_clamped_array_and_sh(Clamped(raster.pixels()), w, h)
        .map_err(|_| js_error(Error::Browser("make the figure's image".into())))
}

/// The error when the canvas gives no 2-D context.
fn no_context() -> JsError {
    js_error(Error::Browser("get a 2-D drawing context for the canvas".into()))
}

/// The error of a `putImageData` that failed.
fn put_failed(_: JsValue) -> JsError {
    js_error(Error::Browser("draw the figure's image".into()))
}
