//! The GDA figure: both clouds (colour and marker shape per class), the fitted 1σ and 2σ
//! Mahalanobis ellipses labelled with the mass they hold (1 − e^(−k²/2)), the generating
//! Gaussians dashed, the decision boundary w·x + b = 0 clipped to the plot box, the drag
//! handles on the means, axes with few ticks and a legend.

use std::cell::RefCell;

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontFamily;

use super::raster::Raster;
use super::{draw_error, text_units, Style};
use crate::error::Result;
use crate::gda::compare::Model;
use crate::gda::geometry::{clip_line, clip_polyline_closed, ellipse, mass_inside, Rect};
use crate::gda::lab::GdaLab;
use crate::gda::posterior_map::level_set;
use crate::gda::ClassParams;
use crate::stats::linalg::Vec2;

mod curves;
mod labels;
mod layers;

pub(super) use curves::pixel_quadric;
use curves::{boundary_lines, dashes};
pub(super) use labels::mean_handle;
pub use labels::{
    handle_marks, label_candidates, label_size, legend_size, place_labels, LegendLayout, HANDLE_WEIGHT, LEGEND_SHARE,
};
use labels::{legend, legend_layout, Drawn};
pub use layers::{draw_cloud, draw_over, draw_points, draw_truth};

/// Where the plot box landed on the drawing area, to map pointer positions back to data.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlotFrame {
    /// The plot box in backing-store pixels: left, top, right, bottom.
    pub pixels: [i32; 4],
    /// The data window drawn in it.
    pub view: Rect,
}

impl PlotFrame {
    /// Data coordinates of a backing-store pixel position.
    pub fn to_data(&self, px: f64, py: f64) -> Vec2 {
        let [l, t, r, b] = self.pixels.map(f64::from);
        let v = self.view;
        [v.x0 + (px - l) / (r - l).max(1.0) * (v.x1 - v.x0), v.y1 - (py - t) / (b - t).max(1.0) * (v.y1 - v.y0)]
    }

    /// Backing-store pixel position of a data point.
    pub fn to_pixels(&self, p: Vec2) -> [f64; 2] {
        let [l, t, r, b] = self.pixels.map(f64::from);
        let v = self.view;
        [l + (p[0] - v.x0) / (v.x1 - v.x0) * (r - l), t + (v.y1 - p[1]) / (v.y1 - v.y0) * (b - t)]
    }
}

/// The words drawn inside the figure, so the page can show them in its language.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
pub struct FigureText {
    /// The two class names (the legend prefixes them with "y = 0:", "y = 1:").
    pub classes: Vec<String>,
    /// The x and y axis names.
    pub axes: [String; 2],
    /// Legend entry of the fitted ellipses.
    pub fitted: String,
    /// Legend entry of the generating Gaussians.
    pub truth: String,
    /// Legend entry of the boundary.
    pub boundary: String,
    /// Legend entry of logistic regression's boundary.
    #[serde(default = "default_logistic")]
    pub logistic: String,
    /// Legend entry of the k-class boundary (k > 2).
    #[serde(default = "default_regions")]
    pub regions: String,
    /// Legend entry of the pairwise boundaries (k > 2, with the toggle).
    #[serde(default = "default_pairwise")]
    pub pairwise: String,
    /// Legend entry of the grey dashed reference drawn when the Bayes rule moves the
    /// boundary (a prior override or unequal losses): where p(y = 1 | x) = ½ with the fitted
    /// prior.
    #[serde(default = "default_half")]
    pub half: String,
}

fn default_half() -> String {
    "p = 0.5 (fitted φ, equal losses)".into()
}

fn default_regions() -> String {
    "decision boundary".into()
}

fn default_pairwise() -> String {
    "pairwise boundaries".into()
}

fn default_logistic() -> String {
    "logistic regression".into()
}

impl FigureText {
    /// The English words, with the dataset's own names.
    pub fn english(lab: &GdaLab) -> FigureText {
        let d = lab.dataset();
        FigureText {
            classes: d.class_names.iter().map(|s| s.to_string()).collect(),
            axes: d.axis_names.map(String::from),
            fitted: "fitted 1σ, 2σ".into(),
            truth: "true Gaussians".into(),
            boundary: "boundary p = 0.5".into(),
            logistic: default_logistic(),
            regions: default_regions(),
            pairwise: default_pairwise(),
            half: default_half(),
        }
    }
}

/// What to draw beside the points.
#[derive(Debug, Clone, PartialEq)]
pub struct GdaLayers {
    /// The generating Gaussians, dashed (generated data only).
    pub truth: bool,
    /// The fitted ellipses.
    pub ellipses: bool,
    /// Which class's handle is focused or dragged (drawn with a ring).
    pub active_handle: Option<usize>,
    /// The figure's words; `None` for English with the dataset's names.
    pub text: Option<FigureText>,
    /// The keyboard cursor (data units), drawn as a ringed cross where Enter adds a point.
    pub cursor: Option<Vec2>,
    /// Every pairwise boundary, dashed (k > 2).
    pub pairwise: bool,
    /// While a student predicts the boundary: nothing that shows where it is (the
    /// boundary, the p = ½ reference, the heat map and its contours, logistic regression's
    /// line) is drawn.
    pub hide_boundary: bool,
}

impl Default for GdaLayers {
    fn default() -> Self {
        GdaLayers {
            truth: true,
            ellipses: true,
            active_handle: None,
            text: None,
            cursor: None,
            pairwise: false,
            hide_boundary: false,
        }
    }
}

/// The margins around the plot box in CSS pixels: top, right, bottom, left.
const MARGIN: [f64; 4] = [12.0, 16.0, 44.0, 56.0];

/// The plot box a drawing area of `width × height` backing pixels will get, so the caller
/// can give the data window the same aspect ratio before drawing.
pub fn plot_box(width: u32, height: u32, style: &Style) -> (f64, f64) {
    let w = f64::from(width) - style.px(MARGIN[1] + MARGIN[3]);
    let h = f64::from(height) - style.px(MARGIN[0] + MARGIN[2]);
    (w.max(1.0), h.max(1.0))
}

/// Draws the whole GDA figure onto `root` and returns where the plot box went.
///
/// # Errors
/// A drawing error from the backend, as [`crate::Error::Browser`].
pub fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lab: &GdaLab,
    layers: &GdaLayers,
    style: &Style,
) -> Result<PlotFrame> {
    draw_with(root, lab, layers, style, None)
}

/// A picture painted under everything else in the plot box (the posterior heat map: one
/// image blit, which only the browser backend can do).
pub type Underlay<'a> = &'a mut dyn FnMut(&PlotFrame) -> Result<()>;

/// [`draw`], with an optional `underlay` called once the plot box is known and before the
/// grid, points and curves are drawn over it.
///
/// # Errors
/// A drawing error from the backend, or the underlay's error.
pub fn draw_with<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lab: &GdaLab,
    layers: &GdaLayers,
    style: &Style,
    underlay: Option<Underlay<'_>>,
) -> Result<PlotFrame> {
    let frame = draw_under(root, lab, layers, style, underlay)?;
    draw_over(root, lab, layers, style, &frame, None)?;
    Ok(frame)
}

/// The chart of the plot box: the same margins, so the same pixels, on any area.
fn chart_on<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    view: Rect,
    style: &Style,
) -> Result<ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>> {
    ChartBuilder::on(root)
        .margin_top(style.ipx(MARGIN[0]))
        .margin_right(style.ipx(MARGIN[1]))
        .x_label_area_size(style.ipx(MARGIN[2]))
        .y_label_area_size(style.ipx(MARGIN[3]))
        .build_cartesian_2d(view.x0..view.x1, view.y0..view.y1)
        .map_err(draw_error)
}

/// The figure's bottom layer: the background, the underlay, the grid and axes, the
/// generating Gaussians and the points — everything the many small shapes lie on or under.
/// A browser draws it into a [`super::raster::Raster`] and blits it once; [`draw_over`]
/// then draws the rest on top, in the same order as [`draw_with`].
///
/// # Errors
/// A drawing error from the backend, or the underlay's error.
pub fn draw_under<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lab: &GdaLab,
    layers: &GdaLayers,
    style: &Style,
    underlay: Option<Underlay<'_>>,
) -> Result<PlotFrame> {
    let frame = draw_base(root, lab, layers, style, underlay)?;
    draw_cloud(root, lab, layers, style, &frame)?;
    Ok(frame)
}

/// What [`draw_base`] draws without an underlay depends on, and only on: equal keys, equal
/// pictures, so a caller may keep the picture while the key stays the same.
#[derive(Debug, Clone, PartialEq)]
pub struct BaseKey {
    size: (u32, u32),
    style: Style,
    view: Rect,
    axes: [String; 2],
    /// The generating Gaussians drawn over the grid by the caller ([`BaseKey::with_truth`]).
    truth: [Option<ClassParams>; 2],
}

impl BaseKey {
    /// The key of the base with the generating Gaussians `truth` of `classes` drawn over it
    /// ([`draw_truth`]).
    pub fn with_truth(mut self, truth: [Option<ClassParams>; 2], classes: [bool; 2]) -> BaseKey {
        self.truth = [0, 1].map(|k| truth[k].filter(|_| classes[k]));
        self
    }
}

/// The [`BaseKey`] of the figure on an area of `size` pixels.
pub fn base_key(lab: &GdaLab, layers: &GdaLayers, style: &Style, size: (u32, u32)) -> BaseKey {
    let axes = match &layers.text {
        Some(t) => t.axes.clone(),
        None => FigureText::english(lab).axes,
    };
    BaseKey { size, style: *style, view: lab.view(), axes, truth: [None; 2] }
}

/// The bottom of [`draw_under`]: the background, the underlay, the grid, the axes and their
/// labels. Without an underlay it changes only with its [`BaseKey`].
///
/// # Errors
/// A drawing error from the backend, or the underlay's error.
pub fn draw_base<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lab: &GdaLab,
    layers: &GdaLayers,
    style: &Style,
    underlay: Option<Underlay<'_>>,
) -> Result<PlotFrame> {
    let pal = style.palette();
    root.fill(&pal.background).map_err(draw_error)?;
    let view = lab.view();
    let font = |css: f64| (FontFamily::SansSerif, style.text_px(css)).into_font();
    let thin = style.ipx(1.0);

    let mut chart = chart_on(root, view, style)?;
    let text = layers.text.clone().unwrap_or_else(|| FigureText::english(lab));
    let names = &text.axes;
    let (pxr, pyr) = chart.plotting_area().get_pixel_range();
    let frame = PlotFrame { pixels: [pxr.start, pyr.start, pxr.end, pyr.end], view };
    if let Some(paint) = underlay {
        paint(&frame)?;
    }
    chart
        .configure_mesh()
        .x_labels(6)
        .y_labels(6)
        .light_line_style(TRANSPARENT)
        .bold_line_style(pal.grid.mix(0.8).stroke_width(thin))
        .axis_style(pal.ink.stroke_width(thin))
        .label_style(font(12.0).color(&pal.ink))
        .axis_desc_style(font(13.0).color(&pal.ink))
        .x_desc(names[0].as_str())
        .y_desc(names[1].as_str())
        .x_label_formatter(&|v| tick(*v))
        .y_label_formatter(&|v| tick(*v))
        .draw()
        .map_err(draw_error)?;
    Ok(frame)
}

/// A tick label with as few digits as the value needs (no "-0").
pub(crate) fn tick(v: f64) -> String {
    let s = if v.abs() >= 100.0 {
        format!("{v:.0}")
    } else if v.abs() >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    };
    let s = if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.').to_string() } else { s };
    if s == "-0" {
        "0".to_string()
    } else {
        s
    }
}
