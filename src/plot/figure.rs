//! The GDA figure as a panel redraws it frame after frame: everything but the labels drawn
//! into one software [`Raster`], of which only what changed since the last frame needs to
//! be copied out. The background, grid and axes are kept in the raster between frames
//! while the view stays the same, and only what was drawn over them is undone; with the
//! heat map on, the grid's recorded blends are laid again over it.
//!
//! The browser side (`crate::web`, built for wasm32 only) copies the pixels and draws the labels; everything
//! here is native, so the whole frame can be tested and timed without a browser.

use std::cell::{Ref, RefCell};

use plotters::prelude::IntoDrawingArea;

use super::gda::{base_key, draw_base, draw_over, draw_points, draw_truth, BaseKey, GdaLayers, PlotFrame};
use super::raster::{plan_labels, QueuedText, Raster, RasterBackend};
use super::Style;
use crate::error::{Error, Result};
use crate::gda::posterior_map::{HeatMap, PosteriorPalette};
use crate::gda::{ClassParams, GdaLab};

/// A GDA figure kept between frames (one per panel).
#[derive(Debug, Default)]
pub struct GdaFigure {
    raster: RefCell<Raster>,
    /// What the raster's saved base (background, grid, axes, steady generating Gaussians)
    /// shows, and its plot box.
    base: Option<(BaseKey, PlotFrame)>,
    /// The generating Gaussians drawn last time, to tell which ones stay still.
    truth_seen: [Option<ClassParams>; 2],
    heat: HeatLayer,
    /// Whether the caller's copy shows the last frame rendered, whole: only then may a
    /// frame report just what changed.
    synced: bool,
    /// The labels the caller drew last frame.
    shown_texts: Vec<QueuedText>,
}

/// What a caller must copy out after [`GdaFigure::render`].
#[derive(Debug, Clone, PartialEq)]
pub struct FrameUpdate {
    /// Where the plot box went.
    pub frame: PlotFrame,
    /// The pixel rectangles [x0, y0, x1, y1) to copy from [`GdaFigure::raster`]; `None`
    /// for all of it.
    pub region: Option<Vec<[u32; 4]>>,
    /// For each of the raster's labels, whether to draw it (the others are still shown
    /// from before, over pixels that did not change).
    pub labels: Vec<bool>,
}

impl GdaFigure {
    /// An empty figure: the first frame is drawn whole.
    pub fn new() -> GdaFigure {
        GdaFigure::default()
    }

    /// The pixels and labels of the last frame rendered.
    pub fn raster(&self) -> Ref<'_, Raster> {
        self.raster.borrow()
    }

    /// The caller's copy was lost (a canvas cleared behind the panel's back): the next
    /// frame reports all of the picture and every label.
    pub fn forget_shown(&mut self) {
        self.synced = false;
    }

    /// The caller now shows the frame just rendered, with every label: the next frame may
    /// report only what changed.
    pub fn shown(&mut self) {
        self.shown_texts = self.raster.borrow().texts().to_vec();
        self.synced = true;
    }

    /// Draws the figure of `lab` on `size` backing pixels (with the posterior heat map
    /// under it when that is on) and says what changed since the frame last
    /// [`GdaFigure::shown`].
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when the picture is larger than one raster holds (the
    /// figure is unchanged; the caller draws in strips then), or a drawing error.
    pub fn render(&mut self, lab: &GdaLab, layers: &GdaLayers, style: &Style, size: (u32, u32)) -> Result<FrameUpdate> {
        let (w, h) = size;
        let synced = std::mem::replace(&mut self.synced, false);
        if let Err(e) = self.raster.borrow_mut().resize(w, h) {
            self.base = None;
            return Err(e);
        }
        // Whether the heat map covers the plot box this frame (it needs a decision model).
        // With k > 2 classes the regions always cover it.
        let heat =
            (lab.models().heat || lab.classes() > 2) && !layers.hide_boundary && lab.decision_log_odds().is_some();
        // A generating Gaussian that did not change since the last frame goes into the kept
        // base: while one mean is dragged the other class's stays still, and its dashes cost
        // as much as all the points of a class.
        let spec = lab.spec();
        let truth = [spec.map(|s| s.class0), spec.map(|s| s.class1)];
        let steady = [0, 1].map(|k| layers.truth && truth[k].is_some() && truth[k] == self.truth_seen[k]);
        self.truth_seen = truth;
        let key = base_key(lab, layers, style, size).with_truth(truth, steady);
        let kept = match &self.base {
            Some((k, frame)) if *k == key => {
                // The heat map is about to cover its box: no use restoring the base there.
                let skip = heat.then(|| heat_box(frame, size));
                self.raster.borrow_mut().restore_base_except(skip).then_some(*frame)
            }
            _ => None,
        };
        let frame = match kept {
            Some(frame) => frame,
            None => {
                self.base = None;
                let root = RasterBackend::new(&self.raster).into_drawing_area();
                self.raster.borrow_mut().start_recording();
                let frame = draw_base(&root, lab, layers, style, None)?;
                if steady.contains(&true) {
                    draw_truth(&root, lab, style, &frame, steady)?;
                }
                let mut raster = self.raster.borrow_mut();
                raster.stop_recording(heat_box(&frame, size));
                raster.save_base();
                self.base = Some((key, frame));
                frame
            }
        };
        if heat {
            self.heat.paint(lab, &self.raster, &frame, style)?;
            // The grid and axes go back over the heat map, as draw_base would draw them.
            if !self.raster.borrow_mut().replay() {
                self.base = None;
                self.raster.borrow_mut().forget_base();
                let root = RasterBackend::new(&self.raster).into_drawing_area();
                let (heat, raster) = (&mut self.heat, &self.raster);
                let mut paint = |frame: &PlotFrame| heat.paint(lab, raster, frame, style);
                let mut underlay: &mut dyn FnMut(&PlotFrame) -> Result<()> = &mut paint;
                draw_base(&root, lab, layers, style, Some(&mut underlay))?;
                draw_truth(&root, lab, style, &frame, steady)?;
            }
        }
        let root = RasterBackend::new(&self.raster).into_drawing_area();
        let moving = steady.map(|s| layers.truth && !s);
        if moving.contains(&true) {
            draw_truth(&root, lab, style, &frame, moving)?;
        }
        draw_points(&root, lab, style, &frame, Some(&self.raster), layers.hide_boundary)?;
        // The ellipses, boundaries, handles and legend too: a few long shapes, but as canvas
        // paths the browser rasterizes them again every frame, which cost more.
        draw_over(&root, lab, layers, style, &frame, Some(&self.raster))?;
        // Only what changed since the last frame is reported, when the caller's copy holds
        // that frame whole.
        let mut raster = self.raster.borrow_mut();
        let changes = raster.take_changes().filter(|_| synced && kept.is_some());
        let texts = raster.texts();
        let (region, labels) = match changes {
            Some(mut region) => {
                let draw = plan_labels(texts, &self.shown_texts, &mut region, size);
                (Some(region), draw)
            }
            None => (None, vec![true; texts.len()]),
        };
        Ok(FrameUpdate { frame, region, labels })
    }
}

/// The heat map's reusable parts: the colour table and the quarter-resolution field.
#[derive(Debug, Default)]
struct HeatLayer {
    map: Option<HeatMap>,
    positions: Vec<f32>,
}

impl HeatLayer {
    /// Paints the posterior heat map of the decision model into the plot box: a linear
    /// model's colours straight from its affine log-odds; another model's log-odds
    /// evaluated on coarse cells, interpolated bilinearly over the box (which hides the
    /// cells) and coloured per pixel.
    fn paint(&mut self, lab: &GdaLab, raster: &RefCell<Raster>, frame: &PlotFrame, style: &Style) -> Result<()> {
        if lab.classes() > 2 {
            super::classes::paint_regions(lab, raster, frame, style, &mut self.positions);
            return Ok(());
        }
        let Some(model) = lab.decision_log_odds() else { return Ok(()) };
        let dpr = style.dpr;
        let pal = style.palette();
        let rgb = |c: plotters::style::RGBColor| [c.0, c.1, c.2];
        // Lighter than the default so the points stay easy to see on top of it; from the
        // theme's background toward its class colours (less far on dark, where the class
        // colours are the bright ones and the points must stand out from the tint).
        let wanted = PosteriorPalette {
            class0: rgb(pal.class[0]),
            class1: rgb(pal.class[1]),
            max_tint: if style.dark { 0.25 } else { 0.38 },
            neutral: rgb(pal.background),
        };
        if self.map.as_ref().map(HeatMap::palette) != Some(wanted) {
            self.map = Some(HeatMap::new(wanted)?);
        }
        let heat = self.map.as_ref().ok_or_else(|| Error::Browser("build the heat map colours".into()))?;
        // One colour per CSS pixel: the field is smooth, and at dpr 2 that is a quarter of
        // the work of one per backing pixel.
        let block = dpr.floor().max(1.0) as u32;
        if let Some((weights, bias)) = model.model.linear_log_odds() {
            // A linear model's table position is affine in the pixel position: no field.
            let (a, b) = heat.position_line();
            let v = frame.view;
            let [l, t, r, bottom] = frame.pixels.map(f64::from);
            // Data x = x0 + (px − l)·sx, y = y1 − (py − t)·sy.
            let (sx, sy) = ((v.x1 - v.x0) / (r - l), (v.y1 - v.y0) / (bottom - t));
            let z0 = weights[0] * (v.x0 - l * sx) + weights[1] * (v.y1 + t * sy) + bias + model.shift;
            let step = [b * weights[0] * sx, -b * weights[1] * sy];
            raster.borrow_mut().draw_linear_field(a + b * z0, step, frame.pixels, heat.table(), block);
            return Ok(());
        }
        // Other models: cells of 4 CSS pixels, the log-odds interpolated between them and
        // the colours looked up per pixel (smooth for the quadratic models).
        let [l, t, r, b] = frame.pixels;
        let cell = (4.0 * dpr).round().max(1.0) as i32;
        let (w, h) = (((r - l) / cell).max(1) as usize, ((b - t) / cell).max(1) as usize);
        heat.fill_positions(&model, frame.view, w, h, &mut self.positions)?;
        raster.borrow_mut().draw_field_scaled(&self.positions, w, h, frame.pixels, heat.table(), block);
        Ok(())
    }
}

/// The heat map's pixels: the plot box within the picture, [x0, y0, x1, y1).
fn heat_box(frame: &PlotFrame, (w, h): (u32, u32)) -> [u32; 4] {
    let [l, t, r, b] = frame.pixels;
    let clamp = |v: i32, max: u32| v.clamp(0, i32::try_from(max).unwrap_or(i32::MAX)) as u32;
    [clamp(l, w), clamp(t, h), clamp(r, w), clamp(b, h)]
}
