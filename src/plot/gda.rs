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
}

impl Default for GdaLayers {
    fn default() -> Self {
        GdaLayers { truth: true, ellipses: true, active_handle: None, text: None, cursor: None, pairwise: false }
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

/// The top of [`draw_under`]: the generating Gaussians, dashed, and the points.
///
/// # Errors
/// A drawing error from the backend.
pub fn draw_cloud<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lab: &GdaLab,
    layers: &GdaLayers,
    style: &Style,
    frame: &PlotFrame,
) -> Result<()> {
    if layers.truth {
        draw_truth(root, lab, style, frame, [true; 2])?;
    }
    draw_points(root, lab, style, frame, None)
}

/// The generating Gaussians of the `classes` asked for, dashed, 1σ and 2σ (generated data
/// only; [`GdaLayers::truth`] is the caller's to check).
///
/// # Errors
/// A drawing error from the backend.
pub fn draw_truth<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lab: &GdaLab,
    style: &Style,
    frame: &PlotFrame,
    classes: [bool; 2],
) -> Result<()> {
    let view = frame.view;
    let frame = *frame;
    let mut chart = chart_on(root, view, style)?;
    let colours = style.palette().class;
    if let Some(spec) = lab.spec() {
        for (k, c) in [spec.class0, spec.class1].iter().enumerate() {
            if !classes[k] {
                continue;
            }
            for level in [1.0, 2.0] {
                if let Ok(e) = ellipse(c.mean, &c.sigma(), level, 96) {
                    for piece in clip_polyline_closed(&e, view) {
                        for dash in dashes(&piece, &frame, style.px(7.0), style.px(5.0)) {
                            chart
                                .draw_series(std::iter::once(PathElement::new(
                                    dash,
                                    colours[k].mix(0.6).stroke_width(style.ipx(1.25)),
                                )))
                                .map_err(draw_error)?;
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// The points (and the posterior contours beside the heat map): the rest of
/// [`draw_cloud`] after the generating Gaussians.
///
/// `raster` is the raster `root` draws into, when it draws into a whole one: the markers
/// then go straight into it, each class's shape looked up once, rather than through
/// plotters a shape at a time (the same pixels, in a fraction of the time).
///
/// # Errors
/// A drawing error from the backend.
pub fn draw_points<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lab: &GdaLab,
    style: &Style,
    frame: &PlotFrame,
    raster: Option<&RefCell<Raster>>,
) -> Result<()> {
    let view = frame.view;
    let frame = *frame;
    let mut chart = chart_on(root, view, style)?;

    // The points: class 0 circles, class 1 triangles, half transparent so overlaps show.
    // Within a class every marker has the same colour and alpha, so the order they are
    // blended in does not change the picture: they go top to bottom, which keeps the rows
    // a rasterizer writes to in cache.
    let (points, labels) = lab.points();
    let class = |k: u8| -> Vec<(f64, f64)> {
        let mut v: Vec<(f64, f64)> = points
            .iter()
            .zip(labels)
            .filter(|(p, &l)| l == k && view.contains(**p))
            .map(|(p, _)| (p[0], p[1]))
            .collect();
        v.sort_by(|a, b| b.1.total_cmp(&a.1));
        v
    };
    let r = style.px(3.2);
    let (radius, size) = (r.round() as i32, (r * 1.35).round() as i32);
    let pal = style.palette();
    let (disc, triangle) = (pal.class[0].mix(0.55), pal.class[1].mix(0.6));
    if let Some(raster) = raster {
        let coord = chart.as_coord_spec();
        let centres = |k: u8| -> Vec<(i32, i32)> { class(k).iter().map(|p| coord.translate(p)).collect() };
        let rgb = |c: RGBAColor| [c.0, c.1, c.2];
        let mut raster = raster.borrow_mut();
        raster.fill_discs(&centres(0), f64::from(radius.max(0)), rgb(disc), disc.3);
        // The triangle's vertices as plotters' `TriangleMarker` places them: each rounded up
        // from the centre plus the radius at −90°, −210° and −330°. Rounding up a sum is
        // rounding up the offset for all but a centre whose sum rounds otherwise (near 0).
        let corner = [-90.0f64, -210.0, -330.0].map(|deg: f64| {
            let rad = deg.to_radians();
            (rad.cos() * f64::from(size), rad.sin() * f64::from(size))
        });
        let offsets = |(x, y): (i32, i32)| -> [(i32, i32); 3] {
            let (fx, fy) = (f64::from(x), f64::from(y));
            corner.map(|(cx, cy)| ((cx + fx).ceil() as i32 - x, (cy + fy).ceil() as i32 - y))
        };
        let shape = offsets((1 << 12, 1 << 12));
        let (mut same, mut odd) = (Vec::new(), Vec::new());
        for c in centres(1) {
            match offsets(c) {
                o if o == shape => same.push(c),
                o => odd.push((c, o)),
            }
        }
        raster.fill_polygons(&shape, &same, rgb(triangle), triangle.3);
        for (c, o) in odd {
            raster.fill_polygons(&o, &[c], rgb(triangle), triangle.3);
        }
    } else {
        chart.draw_series(class(0).into_iter().map(|p| Circle::new(p, radius, disc.filled()))).map_err(draw_error)?;
        chart
            .draw_series(class(1).into_iter().map(|p| TriangleMarker::new(p, size, triangle.filled())))
            .map_err(draw_error)?;
    }

    super::classes::draw_more_points(root, lab, style, &frame, raster)?;

    // The posterior contours 0.1 and 0.9 beside the heat map: many short dashes, so they
    // belong to this layer (under the ellipses, which cross them at a few points only).
    // For a linear model they are exact lines, like the boundary (two classes only).
    if let (true, Some(decision), 2) = (lab.models().heat, lab.decision_log_odds(), lab.classes()) {
        let font = |css: f64| (FontFamily::SansSerif, style.text_px(css)).into_font();
        for probability in [0.1f64, 0.9] {
            let lines = boundary_lines(&decision.model, decision.shift, (probability / (1.0 - probability)).ln(), view);
            for line in &lines {
                for dash in dashes(line, &frame, style.px(3.0), style.px(3.0)) {
                    chart
                        .draw_series(std::iter::once(PathElement::new(
                            dash,
                            pal.ink.mix(0.7).stroke_width(style.ipx(1.0)),
                        )))
                        .map_err(draw_error)?;
                }
            }
            // The label goes where the contour passes nearest the middle of the two means,
            // where the eye already is (a line's points taken every 1/64 of its length).
            let mid = [0.5 * (lab.handle(0)[0] + lab.handle(1)[0]), 0.5 * (lab.handle(0)[1] + lab.handle(1)[1])];
            let dist = |p: &Vec2| (p[0] - mid[0]).powi(2) + (p[1] - mid[1]).powi(2);
            let inner = Rect {
                x0: view.x0 + 0.06 * (view.x1 - view.x0),
                x1: view.x1 - 0.1 * (view.x1 - view.x0),
                y0: view.y0 + 0.06 * (view.y1 - view.y0),
                y1: view.y1 - 0.06 * (view.y1 - view.y0),
            };
            let along = |l: &Vec<Vec2>| -> Vec<Vec2> {
                match l.as_slice() {
                    [p, q] => (0..=64)
                        .map(|i| {
                            let t = f64::from(i) / 64.0;
                            [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]
                        })
                        .collect(),
                    _ => l.clone(),
                }
            };
            let near =
                lines.iter().flat_map(along).filter(|p| inner.contains(*p)).min_by(|a, b| dist(a).total_cmp(&dist(b)));
            if let Some(at) = near {
                let [x, y] = frame.to_pixels(at);
                root.draw(&Text::new(
                    format!("p = {probability}"),
                    (x as i32 + style.ipx(4.0) as i32, y as i32 + style.ipx(2.0) as i32),
                    font(11.0).color(&pal.ink),
                ))
                .map_err(draw_error)?;
            }
        }
    }
    Ok(())
}

/// The figure's top layer, drawn over [`draw_under`]'s: the fitted ellipses and their
/// labels, the posterior contours, the boundaries, the drag handles and the legend.
///
/// `raster` is the raster `root` draws into, when it draws into a whole one: the fitted
/// ellipses are then stroked exactly, straight into it ([`Raster::stroke_ellipse`]),
/// rather than as polygons of 128 sides through plotters.
///
/// # Errors
/// A drawing error from the backend.
pub fn draw_over<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lab: &GdaLab,
    layers: &GdaLayers,
    style: &Style,
    frame: &PlotFrame,
    raster: Option<&RefCell<Raster>>,
) -> Result<()> {
    if lab.classes() > 2 {
        return super::classes::draw_over_classes(root, lab, layers, style, frame, raster);
    }
    let view = frame.view;
    let font = |css: f64| (FontFamily::SansSerif, style.text_px(css)).into_font();
    let mut chart = chart_on(root, view, style)?;
    let text = layers.text.clone().unwrap_or_else(|| FigureText::english(lab));
    let frame = *frame;
    let pal = style.palette();
    let colours = pal.class;

    // The fitted Gaussians of the drawn model: GDA's shared Σ, QDA's Σ₀ and Σ₁, or naive
    // Bayes' diagonal ones.
    let gaussians: Option<[(Vec2, [[f64; 2]; 2]); 2]> = match (lab.main_model(), lab.fit()) {
        (Some(Ok(Model::Qda(q))), _) => Some([(q.mu0(), q.sigma0()), (q.mu1(), q.sigma1())]),
        (Some(Ok(Model::GaussianNb(g))), _) => Some([(g.theta(0), g.sigma(0)), (g.theta(1), g.sigma(1))]),
        (Some(_), _) => None,
        (None, Ok(fit)) => Some([(fit.mu0(), fit.sigma()), (fit.mu1(), fit.sigma())]),
        (None, Err(_)) => None,
    };
    let settings = lab.models();
    let threshold = settings.threshold();
    let decision = lab.decision_log_odds();
    // The decision boundary: the Bayes rule's, log-odds (with the prior) = threshold. None
    // at all when the means coincide; the legend then names no boundary.
    let boundary = decision.as_ref().map(|d| boundary_lines(&d.model, d.shift, threshold, view)).unwrap_or_default();
    // Where the posterior is ½, for reference, when the Bayes rule has moved the line (a
    // prior override or unequal losses): dashed grey, and named in the legend.
    let reference = match &decision {
        Some(d) if threshold != 0.0 || d.shift != 0.0 => boundary_lines(&d.model, 0.0, 0.0, view),
        _ => Vec::new(),
    };
    let drawn = Drawn { boundary: !boundary.is_empty(), reference: !reference.is_empty() };
    // The legend's place is known first: the ellipses' labels keep out of it.
    let key = legend_layout(lab, &text, &frame, style, drawn);
    let mut labels: Vec<(String, usize, Vec<[f64; 4]>)> = Vec::new();
    let label_px = style.text_px(11.0);
    if let (true, Some(gaussians)) = (layers.ellipses, gaussians) {
        for (k, (mu, sigma)) in gaussians.iter().enumerate() {
            for (level, width) in [(1.0, 2.0), (2.0, 1.5)] {
                let Ok(e) = ellipse(*mu, sigma, level, 128) else { continue };
                let stroke = style.ipx(width);
                match (raster, pixel_quadric(&frame, *mu, sigma, level)) {
                    (Some(raster), Some((centre, q))) => {
                        let [l, t, r, b] = frame.pixels.map(f64::from);
                        let c = colours[k];
                        raster.borrow_mut().stroke_ellipse(
                            centre,
                            q,
                            f64::from(stroke),
                            [l, t, r, b],
                            [c.0, c.1, c.2],
                            1.0,
                        );
                    }
                    _ => {
                        for piece in clip_polyline_closed(&e, view) {
                            let path: Vec<(f64, f64)> = piece.iter().map(|p| (p[0], p[1])).collect();
                            chart
                                .draw_series(std::iter::once(PathElement::new(path, colours[k].stroke_width(stroke))))
                                .map_err(draw_error)?;
                        }
                    }
                }
                let label = format!("{:.1} %", 100.0 * mass_inside(level));
                let pixels: Vec<[f64; 2]> = e.iter().map(|p| frame.to_pixels(*p)).collect();
                let candidates =
                    label_candidates(&pixels, frame.to_pixels(*mu), label_size(&label, label_px), style.px(3.0));
                labels.push((label, k, candidates));
            }
        }
    }
    // Each label at the first of its places that is inside the plot box and clear of the
    // legend and the labels already placed (with coincident means both classes' labels
    // would otherwise sit on top of each other); a label with no such place is left out.
    let [l, t, r, b] = frame.pixels.map(f64::from);
    let candidates: Vec<Vec<[f64; 4]>> = labels.iter().map(|(_, _, c)| c.clone()).collect();
    let placed = place_labels(&candidates, &[key.rect()], [l, t, r, b]);
    for ((label, k, boxes), at) in labels.iter().zip(placed) {
        if let Some(i) = at {
            let [x0, y0, _, _] = boxes[i];
            root.draw(&Text::new(
                label.clone(),
                (x0.round() as i32, y0.round() as i32),
                font(11.0).color(&pal.class_text[*k]),
            ))
            .map_err(draw_error)?;
        }
    }

    if decision.is_some() {
        for line in &reference {
            for dash in dashes(line, &frame, style.px(6.0), style.px(4.0)) {
                chart
                    .draw_series(std::iter::once(PathElement::new(
                        dash,
                        pal.boundary.mix(0.45).stroke_width(style.ipx(1.5)),
                    )))
                    .map_err(draw_error)?;
            }
        }
        // A traced conic's vertices can be under a pixel apart: stroked at their exact
        // positions into a raster, never rounded to whole pixels one by one (steps); see
        // `classes::boundary_path`.
        for line in &boundary {
            let exact = super::classes::boundary_path(&frame, line);
            match raster {
                Some(raster) => {
                    let c = pal.boundary;
                    raster.borrow_mut().stroke_polyline(&exact, f64::from(style.ipx(2.5)), [c.0, c.1, c.2], 1.0);
                }
                None => {
                    let coarse = super::classes::thinned(&exact, style.px(3.0));
                    let path: Vec<(i32, i32)> =
                        coarse.iter().map(|&(x, y)| (x.round() as i32, y.round() as i32)).collect();
                    root.draw(&PathElement::new(path, pal.boundary.stroke_width(style.ipx(2.5))))
                        .map_err(draw_error)?;
                }
            }
        }
    }

    // Logistic regression's boundary, in its own colour and a dash-dot line.
    if let Some(Ok(lr)) = lab.logistic() {
        let (w, b) = lr.log_odds_coefficients();
        if let Some((p, q)) = clip_line(w, b - threshold, view) {
            for dash in dashes(&[p, q], &frame, style.px(12.0), style.px(5.0)) {
                chart
                    .draw_series(std::iter::once(PathElement::new(dash, pal.logistic.stroke_width(style.ipx(3.0)))))
                    .map_err(draw_error)?;
            }
        }
    }

    for (k, colour) in colours.iter().enumerate() {
        mean_handle(root, &frame, style, view, lab.handle(k), *colour, layers.active_handle == Some(k))?;
    }

    // The keyboard cursor: a cross in a white-haloed ring, in the ink colour (not the
    // boundary's), so it reads on the points and on the heat map.
    if let Some(at) = layers.cursor.filter(|p| view.contains(*p)) {
        let [x, y] = frame.to_pixels(at);
        let c = (x.round() as i32, y.round() as i32);
        let (r, arm) = (style.ipx(9.0) as i32, style.ipx(14.0) as i32);
        for (colour, width) in [(pal.background, 4.0), (pal.ink, 2.0)] {
            let stroke = colour.stroke_width(style.ipx(width));
            root.draw(&Circle::new(c, r, stroke)).map_err(draw_error)?;
            root.draw(&PathElement::new(vec![(c.0 - arm, c.1), (c.0 + arm, c.1)], stroke)).map_err(draw_error)?;
            root.draw(&PathElement::new(vec![(c.0, c.1 - arm), (c.0, c.1 + arm)], stroke)).map_err(draw_error)?;
        }
    }

    legend(root, lab, &text, &key, style, drawn)?;
    Ok(())
}

/// A text label's box in backing pixels, [width, height], for a font of `font_px` pixels,
/// estimated without measuring (the browser's text measure is out of reach under the page's
/// CSP): 0.62 em per Latin-character unit ([`text_units`]; digits are 0.55 em in common
/// sans-serif faces, "%" 0.9), 1.25 em high.
pub fn label_size(text: &str, font_px: f64) -> [f64; 2] {
    [0.62 * font_px * text_units(text) as f64, 1.25 * font_px]
}

/// The places an ellipse's label may go, best first, as boxes [x0, y0, x1, y1] of `size`
/// in pixels: above the ellipse's highest point, then around the ellipse in steps of 1/16
/// turn alternately to either side; each box centred on its point and outside the ellipse
/// (above a point of the upper half, below one of the lower half), `gap` pixels off it.
/// `pixels` is the ellipse in pixels (y down), `centre` its centre.
pub fn label_candidates(pixels: &[[f64; 2]], centre: [f64; 2], size: [f64; 2], gap: f64) -> Vec<[f64; 4]> {
    let n = pixels.len();
    if n == 0 {
        return Vec::new();
    }
    let top = (0..n).min_by(|&a, &b| pixels[a][1].total_cmp(&pixels[b][1])).unwrap_or(0);
    let step = (n / 16).max(1);
    let mut order = vec![top];
    for i in 1..=8 {
        order.push((top + i * step) % n);
        order.push((top + n - (i * step) % n) % n);
    }
    order.dedup();
    let [w, h] = size;
    order
        .into_iter()
        .map(|i| {
            let [x, y] = pixels[i];
            let y0 = if y <= centre[1] { y - gap - h } else { y + gap };
            [x - w / 2.0, y0, x + w / 2.0, y0 + h]
        })
        .collect()
}

/// Whether two boxes [x0, y0, x1, y1] share any area.
/// A drag handle: a white-ringed dot in the class colour on the mean `h`, with a focus ring
/// when it is the active one; nothing when the mean is outside the view.
pub(super) fn mean_handle<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    style: &Style,
    view: Rect,
    h: Vec2,
    colour: RGBColor,
    active: bool,
) -> Result<()> {
    if !view.contains(h) {
        return Ok(());
    }
    let pal = style.palette();
    let [x, y] = frame.to_pixels(h);
    let c = (x.round() as i32, y.round() as i32);
    if active {
        root.draw(&Circle::new(c, style.ipx(13.0) as i32, pal.boundary.stroke_width(style.ipx(2.0))))
            .map_err(draw_error)?;
    }
    root.draw(&Circle::new(c, style.ipx(8.0) as i32, pal.background.filled())).map_err(draw_error)?;
    root.draw(&Circle::new(c, style.ipx(6.0) as i32, colour.filled())).map_err(draw_error)?;
    Ok(())
}

fn overlaps(a: &[f64; 4], b: &[f64; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// Places labels without overlap: for each label in turn, the index of the first of its
/// `candidates` boxes that lies inside `bounds` and overlaps neither an `obstacle` nor a
/// label placed before it; `None` when no candidate does (the label is then left out: an
/// overlapping label is unreadable, and the legend names what the ellipses are).
pub fn place_labels(candidates: &[Vec<[f64; 4]>], obstacles: &[[f64; 4]], bounds: [f64; 4]) -> Vec<Option<usize>> {
    let mut taken: Vec<[f64; 4]> = obstacles.to_vec();
    candidates
        .iter()
        .map(|boxes| {
            let inside =
                |b: &[f64; 4]| b[0] >= bounds[0] && b[1] >= bounds[1] && b[2] <= bounds[2] && b[3] <= bounds[3];
            let pick = boxes.iter().position(|b| inside(b) && !taken.iter().any(|t| overlaps(t, b)));
            if let Some(i) = pick {
                taken.push(boxes[i]);
            }
            pick
        })
        .collect()
}

/// Where the legend goes and how big its type is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LegendLayout {
    /// The box's top-left corner, in backing pixels.
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// The box's width, in backing pixels.
    pub w: i32,
    /// The box's height, in backing pixels.
    pub h: i32,
    /// The type size, in backing pixels.
    pub em: f64,
}

impl LegendLayout {
    /// The box as [x0, y0, x1, y1].
    pub fn rect(&self) -> [f64; 4] {
        [f64::from(self.x), f64::from(self.y), f64::from(self.x + self.w), f64::from(self.y + self.h)]
    }
}

/// The share of the plot box's width, and of its height, that the legend may cover.
pub const LEGEND_SHARE: f64 = 0.42;

/// The legend's size for `rows` rows whose longest label is `longest` units
/// ([`text_units`]) on a plot box of `plot` = (width, height) backing pixels: type of 12
/// CSS pixels (10 on a narrow plot), scaled by the style, made smaller when the box would
/// cover more than [`LEGEND_SHARE`] of the plot's width or height, down to 7 CSS pixels ×
/// the device pixel ratio (the smallest type still read on a phone). Returns (width,
/// height, em) in backing pixels.
pub fn legend_size(plot: (f64, f64), rows: usize, longest: usize, style: &Style) -> (i32, i32, f64) {
    let (pw, ph) = plot;
    let compact = pw < style.px(420.0);
    let wanted = style.text_px(if compact { 10.0 } else { 12.0 });
    let units = longest.max(14) as f64;
    // Width = em·(2.6 + 0.58·units); height = rows·1.5·em + 6 css px.
    let pad = style.px(6.0);
    let fit_w = LEGEND_SHARE * pw / (2.6 + 0.58 * units);
    let fit_h = (LEGEND_SHARE * ph - pad) / (1.5 * rows as f64);
    let floor = 7.0 * if style.dpr.is_finite() { style.dpr.clamp(0.5, 4.0) } else { 1.0 };
    let em = wanted.min(fit_w).min(fit_h).max(floor);
    let w = (em * 2.6 + em * 0.58 * units) as i32;
    let h = rows as i32 * (em * 1.5) as i32 + pad as i32;
    (w, h, em)
}

/// What a class mean's drag handle weighs when the legend picks its corner, against 1 for a
/// point: more than every point of a full plot, so that the legend never covers a handle
/// (the control a student drags) while some corner leaves them all free.
pub const HANDLE_WEIGHT: usize = 100_000;

/// The marks a mean's handle leaves for the legend's choice of corner: its centre and eight
/// points on a circle a little wider than the drawn disc (a legend that only grazes the
/// disc covers it too), each weighing [`HANDLE_WEIGHT`]; in data units of `frame`.
pub fn handle_marks(frame: &PlotFrame, style: &Style, h: Vec2) -> Vec<(Vec2, usize)> {
    let [x, y] = frame.to_pixels(h);
    let r = style.px(10.0);
    let mut out = vec![(h, HANDLE_WEIGHT)];
    for i in 0..8 {
        let a = f64::from(i) * std::f64::consts::FRAC_PI_4;
        out.push((frame.to_data(x + r * a.cos(), y + r * a.sin()), HANDLE_WEIGHT));
    }
    out
}

/// Which of the lines the legend may name are drawn.
#[derive(Debug, Clone, Copy)]
struct Drawn {
    /// The decision boundary.
    boundary: bool,
    /// The dashed p = ½ reference of a moved Bayes rule.
    reference: bool,
}

/// The legend's box, in whichever corner of the plot box hides the fewest points.
fn legend_layout(lab: &GdaLab, text: &FigureText, frame: &PlotFrame, style: &Style, drawn: Drawn) -> LegendLayout {
    let names = &text.classes;
    let [l, t, r, b] = frame.pixels;
    let truth = lab.spec().is_some();
    let logistic = matches!(lab.logistic(), Some(Ok(_)));
    let boundary = drawn.boundary;
    let rows = 3 + usize::from(boundary) + usize::from(drawn.reference) + usize::from(truth) + usize::from(logistic);
    let labels = [format!("y = 0: {}", names[0]), format!("y = 1: {}", names[1])];
    let longest = labels
        .iter()
        .chain([&text.fitted, &text.truth, &text.boundary, &text.logistic])
        .chain(drawn.reference.then_some(&text.half))
        .map(|s| text_units(s))
        .max()
        .unwrap_or(0);
    let (box_w, box_h, em) = legend_size((f64::from(r - l), f64::from(b - t)), rows, longest, style);
    let pad = (style.px(8.0) as i32).min((r - l - box_w) / 2).max(0);
    let corners = [
        (l + pad, t + pad),
        (r - pad - box_w, t + pad),
        (l + pad, b - pad - box_h),
        (r - pad - box_w, b - pad - box_h),
    ];
    // What the legend would hide: the points, plus samples along the boundary and the
    // fitted 2σ ellipses (weighted more: a legend over the boundary hides the lesson).
    let (points, _) = lab.points();
    let mut marks: Vec<(Vec2, usize)> = points.iter().map(|p| (*p, 1)).collect();
    for c in 0..2 {
        marks.extend(handle_marks(frame, style, lab.handle(c)));
    }
    if let Ok(fit) = lab.fit() {
        let (w, b) = fit.log_odds_coefficients();
        if let Some((p, q)) = clip_line(w, b, frame.view) {
            marks.extend((0..=40).map(|i| {
                let t = f64::from(i) / 40.0;
                ([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])], 5)
            }));
        }
        for mu in [fit.mu0(), fit.mu1()] {
            if let Ok(e) = ellipse(mu, &fit.sigma(), 2.0, 48) {
                marks.extend(e.into_iter().map(|p| (p, 2)));
            }
        }
    }
    let hidden = |(x, y): (i32, i32)| -> usize {
        marks
            .iter()
            .filter(|(p, _)| {
                let [px, py] = frame.to_pixels(*p);
                px >= f64::from(x) && px <= f64::from(x + box_w) && py >= f64::from(y) && py <= f64::from(y + box_h)
            })
            .map(|(_, w)| w)
            .sum()
    };
    let (x, y) = corners.into_iter().min_by_key(|&c| hidden(c)).unwrap_or(corners[0]);
    LegendLayout { x, y, w: box_w, h: box_h, em }
}

/// Draws the legend where [`legend_layout`] put it.
fn legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lab: &GdaLab,
    text: &FigureText,
    key: &LegendLayout,
    style: &Style,
    drawn: Drawn,
) -> Result<()> {
    let boundary = drawn.boundary;
    let pal = style.palette();
    let names = &text.classes;
    let em = key.em;
    let font = (FontFamily::SansSerif, em).into_font().color(&pal.ink);
    let line_h = (em * 1.5) as i32;
    let truth = lab.spec().is_some();
    let logistic = matches!(lab.logistic(), Some(Ok(_)));
    let labels = [format!("y = 0: {}", names[0]), format!("y = 1: {}", names[1])];
    let (x, mut y, box_w, box_h) = (key.x, key.y, key.w, key.h);
    root.draw(&Rectangle::new([(x, y), (x + box_w, y + box_h)], pal.legend.mix(0.88).filled())).map_err(draw_error)?;
    root.draw(&Rectangle::new([(x, y), (x + box_w, y + box_h)], pal.ink.mix(0.4).stroke_width(style.ipx(1.0))))
        .map_err(draw_error)?;
    y += style.ipx(3.0) as i32;
    let sx = x + (em * 1.1) as i32;
    let tx = x + (em * 2.3) as i32;
    let text_dy = (f64::from(line_h) - em) as i32 / 2;
    let mid = |y: i32| y + line_h / 2;
    let r = (em / 3.0) as i32;
    let half = (em * 0.75) as i32;
    let seg = |y: i32| vec![(sx - half, mid(y)), (sx + half, mid(y))];
    let row = |y: &mut i32, text: &str| -> Result<()> {
        root.draw(&Text::new(text.to_string(), (tx, *y + text_dy), font.clone())).map_err(draw_error)?;
        *y += line_h;
        Ok(())
    };
    root.draw(&Circle::new((sx, mid(y)), r, pal.class[0].filled())).map_err(draw_error)?;
    row(&mut y, &labels[0])?;
    root.draw(&TriangleMarker::new((sx, mid(y)), (f64::from(r) * 1.35) as i32, pal.class[1].filled()))
        .map_err(draw_error)?;
    row(&mut y, &labels[1])?;
    root.draw(&PathElement::new(seg(y), pal.ink.stroke_width(style.ipx(2.0)))).map_err(draw_error)?;
    row(&mut y, &text.fitted)?;
    if truth {
        let s = seg(y);
        let d = (half * 2) / 3;
        let dash = pal.ink.mix(0.6).stroke_width(style.ipx(1.25));
        root.draw(&PathElement::new(vec![s[0], (s[0].0 + d, s[0].1)], dash)).map_err(draw_error)?;
        root.draw(&PathElement::new(vec![(s[1].0 - d, s[1].1), s[1]], dash)).map_err(draw_error)?;
        row(&mut y, &text.truth)?;
    }
    if boundary {
        root.draw(&PathElement::new(seg(y), pal.boundary.stroke_width(style.ipx(2.5)))).map_err(draw_error)?;
        row(&mut y, &text.boundary)?;
    }
    if drawn.reference {
        // Drawn as the figure draws it: grey dashes.
        let s = seg(y);
        let d = (half * 2) / 3;
        let dash = pal.boundary.mix(0.45).stroke_width(style.ipx(1.5));
        root.draw(&PathElement::new(vec![s[0], (s[0].0 + d, s[0].1)], dash)).map_err(draw_error)?;
        root.draw(&PathElement::new(vec![(s[1].0 - d, s[1].1), s[1]], dash)).map_err(draw_error)?;
        row(&mut y, &text.half)?;
    }
    if logistic {
        let s = seg(y);
        root.draw(&PathElement::new(s, pal.logistic.stroke_width(style.ipx(3.0)))).map_err(draw_error)?;
        row(&mut y, &text.logistic)?;
    }
    Ok(())
}

/// The curves where `model`'s log-odds equals `level`, clipped to `view`: the exact line for
/// the linear models (GDA, logistic regression, shared-variance naive Bayes is drawn by its
/// grid trace like QDA), traced on a grid for the quadratic ones.
fn boundary_lines(model: &Model, shift: f64, level: f64, view: Rect) -> Vec<Vec<Vec2>> {
    // log-odds + shift = level. A linear log-odds has that set exactly: one clipped segment,
    // where a trace on the grid gives the same line as a vertex per cell, each joint
    // stroked.
    match model.linear_log_odds() {
        Some((w, b)) => clip_line(w, b + shift - level, view).map(|(p, q)| vec![vec![p, q]]).unwrap_or_default(),
        None => level_set(model, level - shift, view, 160, 120).unwrap_or_default(),
    }
}

/// The k-σ ellipse of N(`mu`, `sigma`) in `frame`'s pixels, as its centre and the
/// matrix Q = [Q₁₁, Q₁₂, Q₂₂] of {p : (p − c)ᵀ Q (p − c) = 1}; `None` unless Σ is positive
/// definite. Pixels run right and down: Σ scales by the pixels per unit of each axis, and
/// the covariance changes sign with y flipped.
pub(super) fn pixel_quadric(
    frame: &PlotFrame,
    mu: Vec2,
    sigma: &[[f64; 2]; 2],
    k: f64,
) -> Option<((f64, f64), [f64; 3])> {
    let [l, t, r, b] = frame.pixels.map(f64::from);
    let v = frame.view;
    let (sx, sy) = ((r - l) / (v.x1 - v.x0), (b - t) / (v.y1 - v.y0));
    let (a, c, d) = (sigma[0][0] * sx * sx, -sigma[0][1] * sx * sy, sigma[1][1] * sy * sy);
    let det = a * d - c * c;
    if !(det > 0.0 && a > 0.0 && det.is_finite() && k > 0.0) {
        return None;
    }
    let [x, y] = frame.to_pixels(mu);
    // Q = Σ⁻¹ / k².
    let s = 1.0 / (det * k * k);
    Some(((x, y), [d * s, -c * s, a * s]))
}

/// Splits a polyline into dashes of `on` pixels separated by `off` pixels (measured on
/// screen, so dashes look the same at any zoom). Returns data-space segments.
fn dashes(path: &[Vec2], frame: &PlotFrame, on: f64, off: f64) -> Vec<Vec<(f64, f64)>> {
    let mut out = Vec::new();
    let mut current: Vec<(f64, f64)> = Vec::new();
    let (mut drawing, mut left) = (true, on);
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (pa, pb) = (frame.to_pixels(a), frame.to_pixels(b));
        let len = ((pb[0] - pa[0]).powi(2) + (pb[1] - pa[1]).powi(2)).sqrt();
        let mut t = 0.0;
        while len > 0.0 && t < 1.0 {
            let step = (left / len).min(1.0 - t);
            let p = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
            let q = [a[0] + (b[0] - a[0]) * (t + step), a[1] + (b[1] - a[1]) * (t + step)];
            if drawing {
                if current.is_empty() {
                    current.push((p[0], p[1]));
                }
                current.push((q[0], q[1]));
            }
            left -= step * len;
            t += step;
            if left <= 1e-9 {
                if drawing && !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
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
