//! The GDA figure for k > 2 classes: the decision regions, coloured by the most probable
//! class ŷ(x) = argmax_c p(y = c | x) with the tint growing with that probability (from
//! 1/k, where every class is equally likely, to 1); the k-class boundary, exact for the
//! linear models and traced for the quadratic ones ([`crate::gda::regions`]); every
//! pairwise boundary t_a = t_b dashed when asked; the fitted 1σ and 2σ ellipses of every
//! class; a marker shape and an Okabe–Ito colour per class; a handle on every mean. Two
//! classes are drawn by [`super::gda`] exactly as before.

use std::cell::RefCell;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontFamily;

use super::gda::{handle_marks, legend_size, mean_handle, pixel_quadric, FigureText, GdaLayers, PlotFrame};
use super::raster::Raster;
use super::{draw_error, text_units, Style};
use crate::error::Result;
use crate::gda::classifier::{MultiClassifier, MAX_CLASSES};
use crate::gda::geometry::{clip_polyline_closed, ellipse, Rect};
use crate::gda::regions::{linear_boundaries, traced_boundaries, PairBoundary};
use crate::gda::{GdaLab, Model};
use crate::stats::linalg::Vec2;

/// Tint levels per class in the region colours.
pub const LEVELS: usize = 32;

/// The marker outlines of classes 2, 3 and 4 (square, diamond, downward triangle), in
/// units of the marker radius, centred on the point.
const SHAPES: [&[(f64, f64)]; 3] = [
    &[(-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85)],
    &[(0.0, -1.25), (1.25, 0.0), (0.0, 1.25), (-1.25, 0.0)],
    &[(-1.2, -0.7), (1.2, -0.7), (0.0, 1.35)],
];

/// The colour table of the regions: `LEVELS` tints per class, class by class. Level ℓ
/// stands for p = (ℓ + ½)/LEVELS of the top class; its tint rises from a faint 6 % at
/// p = 1/k to `max_tint` at p = 1.
pub fn region_table(style: &Style, k: usize) -> Vec<[u8; 4]> {
    let pal = style.palette();
    let max_tint = if style.dark { 0.3 } else { 0.4 };
    let bg = pal.background;
    let mut table = Vec::with_capacity(k * LEVELS);
    for c in 0..k {
        let col = pal.colour(c);
        for level in 0..LEVELS {
            let p = (level as f64 + 0.5) / LEVELS as f64;
            let chance = 1.0 / k as f64;
            let t = ((p - chance) / (1.0 - chance)).clamp(0.0, 1.0);
            let tint = 0.06 + (max_tint - 0.06) * t;
            let mix = |a: u8, b: u8| (f64::from(a) * (1.0 - tint) + f64::from(b) * tint).round() as u8;
            table.push([mix(bg.0, col.0), mix(bg.1, col.1), mix(bg.2, col.2), 255]);
        }
    }
    table
}

/// The fields the region map interpolates, on `w × h` cells over `view` (cell centres,
/// top row first): the k log-posteriors (−∞ held at −10⁶), then the top posterior.
pub fn region_planes(model: &Model, view: Rect, w: usize, h: usize, out: &mut Vec<f32>) {
    let k = model.classes().min(MAX_CLASSES);
    let cells = w * h;
    out.clear();
    out.resize((k + 1) * cells, 0.0);
    for j in 0..h {
        let y = view.y1 - (j as f64 + 0.5) / h as f64 * (view.y1 - view.y0);
        for i in 0..w {
            let x = view.x0 + (i as f64 + 0.5) / w as f64 * (view.x1 - view.x0);
            let mut scores = [0.0; MAX_CLASSES];
            let t = &mut scores[..k];
            let scale = model.scaled_scores_into([x, y], t);
            for v in t.iter_mut() {
                *v = if v.is_nan() { f64::NEG_INFINITY } else { *v / scale };
            }
            let top = t.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let sum: f64 = t.iter().map(|v| (v - top).exp()).filter(|v| v.is_finite()).sum();
            let cell = j * w + i;
            for (c, v) in t.iter().enumerate() {
                let log_p = if top.is_finite() { v - top - sum.ln() } else { 0.0 };
                out[c * cells + cell] = if log_p.is_finite() { log_p.max(-1e6) as f32 } else { -1e6 };
            }
            out[k * cells + cell] = if sum > 0.0 && sum.is_finite() { (1.0 / sum) as f32 } else { 1.0 / k as f32 };
        }
    }
}

/// Paints the regions of the lab's k-class model into the plot box: the fields on cells
/// of 8 CSS pixels, one colour per 2 × 2 CSS pixels ([`Raster::draw_class_field`]). The cells
/// cost nothing in precision where it shows: a linear model's log-posteriors differ by
/// affine functions, which the interpolation keeps exactly, so its regions meet on the
/// exact lines drawn over them; a quadratic model's curved boundaries are traced on a
/// coarser lattice still. Finer cells cost a frame several times more (the k scores and
/// their log-sum-exp per cell, docs/performance.md).
pub fn paint_regions(lab: &GdaLab, raster: &RefCell<Raster>, frame: &PlotFrame, style: &Style, planes: &mut Vec<f32>) {
    let Some(model) = lab.decision_model() else { return };
    let k = model.classes();
    let [l, t, r, b] = frame.pixels;
    let cell = style.px(8.0).round().max(1.0) as i32;
    let (w, h) = (((r - l) / cell).max(2) as usize, ((b - t) / cell).max(2) as usize);
    region_planes(&model, frame.view, w, h, planes);
    // A colour per 2 × 2 CSS pixels: the tint changes by about one unit of 255 between
    // levels, which no eye sees at that size, and where two regions meet the boundary
    // line (2.5 CSS px wide, drawn exactly) covers the blocks' steps. A quarter of the
    // work of one per CSS pixel, every frame of a drag.
    let block = 2 * style.dpr.floor().max(1.0) as u32;
    raster.borrow_mut().draw_class_field(planes, (w, h), k, frame.pixels, &region_table(style, k), LEVELS, block);
}

/// The k-class boundaries of the drawn model inside `view`: exact lines for the linear
/// models, traced on a 96 × 72 lattice for the others.
pub fn boundaries(model: &Model, view: Rect) -> Vec<PairBoundary> {
    match model.linear_discriminants() {
        Some(d) => linear_boundaries(&d, view),
        None => traced_boundaries(model, view, 96, 72),
    }
}

/// The markers of classes 2 … k − 1 (classes 0 and 1 are drawn as for two classes).
///
/// # Errors
/// A drawing error from the backend.
pub fn draw_more_points<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lab: &GdaLab,
    style: &Style,
    frame: &PlotFrame,
    raster: Option<&RefCell<Raster>>,
) -> Result<()> {
    let (points, labels) = lab.points();
    let view = frame.view;
    let r = style.px(3.2);
    let pal = style.palette();
    for c in 2..lab.classes().min(5) {
        let shape = SHAPES[c - 2];
        let colour = pal.colour(c).mix(0.6);
        let offsets: Vec<(i32, i32)> =
            shape.iter().map(|(x, y)| ((x * r).round() as i32, (y * r).round() as i32)).collect();
        let centres: Vec<(i32, i32)> = points
            .iter()
            .zip(labels)
            .filter(|(p, &l)| usize::from(l) == c && view.contains(**p))
            .map(|(p, _)| {
                let [x, y] = frame.to_pixels(*p);
                (x.round() as i32, y.round() as i32)
            })
            .collect();
        match raster {
            Some(raster) => {
                raster.borrow_mut().fill_polygons(&offsets, &centres, [colour.0, colour.1, colour.2], colour.3);
            }
            None => {
                for (x, y) in centres {
                    let poly: Vec<(i32, i32)> = offsets.iter().map(|(dx, dy)| (x + dx, y + dy)).collect();
                    root.draw(&Polygon::new(poly, colour.filled())).map_err(draw_error)?;
                }
            }
        }
    }
    Ok(())
}

/// A boundary polyline in data coordinates at its exact (fractional) pixel positions.
pub fn boundary_path(frame: &PlotFrame, line: &[Vec2]) -> Vec<(f64, f64)> {
    line.iter()
        .map(|p| {
            let [x, y] = frame.to_pixels(*p);
            (x, y)
        })
        .collect()
}

/// `path` without the vertices closer than `gap` pixels to the last one kept (its two ends
/// always kept): rounded to whole pixels, its segments then turn by a few degrees only.
pub fn thinned(path: &[(f64, f64)], gap: f64) -> Vec<(f64, f64)> {
    let Some((&last, rest)) = path.split_last() else { return Vec::new() };
    let mut out: Vec<(f64, f64)> = Vec::with_capacity(path.len());
    for &p in rest {
        if out.last().is_none_or(|q| (p.0 - q.0).hypot(p.1 - q.1) >= gap) {
            out.push(p);
        }
    }
    if out.len() > 1 && out.last().is_some_and(|q| (last.0 - q.0).hypot(last.1 - q.1) < gap) {
        out.pop();
    }
    out.push(last);
    out
}

/// A polyline in data coordinates as pixel coordinates.
fn to_pixels(frame: &PlotFrame, line: &[Vec2]) -> Vec<(i32, i32)> {
    line.iter()
        .map(|p| {
            let [x, y] = frame.to_pixels(*p);
            (x.round() as i32, y.round() as i32)
        })
        .collect()
}

/// Dashes of `on` pixels with gaps of `off` along a pixel polyline.
fn dashed(path: &[(i32, i32)], on: f64, off: f64) -> Vec<Vec<(i32, i32)>> {
    let mut out = Vec::new();
    let (mut drawing, mut left) = (true, on);
    let mut current: Vec<(f64, f64)> = Vec::new();
    for w in path.windows(2) {
        let (a, b) = ((f64::from(w[0].0), f64::from(w[0].1)), (f64::from(w[1].0), f64::from(w[1].1)));
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        let mut at = 0.0;
        while at < len {
            let step = left.min(len - at);
            let p = |s: f64| (a.0 + (b.0 - a.0) * s / len, a.1 + (b.1 - a.1) * s / len);
            if drawing {
                if current.is_empty() {
                    current.push(p(at));
                }
                current.push(p(at + step));
            }
            at += step;
            left -= step;
            if left <= 0.0 {
                if drawing && current.len() > 1 {
                    out.push(current.iter().map(|(x, y)| (x.round() as i32, y.round() as i32)).collect());
                }
                current.clear();
                drawing = !drawing;
                left = if drawing { on } else { off };
            }
        }
    }
    if drawing && current.len() > 1 {
        out.push(current.iter().map(|(x, y)| (x.round() as i32, y.round() as i32)).collect());
    }
    out
}

/// The top layer for k > 2 classes (`raster`: the whole raster `root` draws into, if it
/// does; the ellipses are then stroked straight into it): the fitted ellipses, the pairwise boundaries (dashed,
/// when [`GdaLayers::pairwise`] asks), the k-class boundary, the handles and the legend.
///
/// # Errors
/// A drawing error from the backend.
pub fn draw_over_classes<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lab: &GdaLab,
    layers: &GdaLayers,
    style: &Style,
    frame: &PlotFrame,
    raster: Option<&RefCell<Raster>>,
) -> Result<()> {
    let view = frame.view;
    let pal = style.palette();
    let text = layers.text.clone().unwrap_or_else(|| FigureText::english(lab));
    let model = lab.decision_model();
    let clip = |line: &[(i32, i32)]| -> Vec<(i32, i32)> {
        let [l, t, r, b] = frame.pixels;
        line.iter().map(|&(x, y)| (x.clamp(l, r), y.clamp(t, b))).collect()
    };
    if let (true, Some(m)) = (layers.ellipses, &model) {
        if let (Some(means), Some(covs)) = (m.means(), m.covariances()) {
            for (c, (mu, sigma)) in means.iter().zip(&covs).enumerate() {
                for (level, width) in [(1.0, 2.0), (2.0, 1.5)] {
                    // Into a whole raster, stroked exactly in one pass, as for two classes.
                    if let (Some(raster), Some((centre, q))) = (raster, pixel_quadric(frame, *mu, sigma, level)) {
                        let [l, t, r, b] = frame.pixels.map(f64::from);
                        let c = pal.colour(c);
                        let stroke = f64::from(style.ipx(width));
                        raster.borrow_mut().stroke_ellipse(centre, q, stroke, [l, t, r, b], [c.0, c.1, c.2], 1.0);
                        continue;
                    }
                    let Ok(e) = ellipse(*mu, sigma, level, 128) else { continue };
                    for piece in clip_polyline_closed(&e, view) {
                        root.draw(&PathElement::new(
                            clip(&to_pixels(frame, &piece)),
                            pal.colour(c).stroke_width(style.ipx(width)),
                        ))
                        .map_err(draw_error)?;
                    }
                }
            }
        }
    }
    // While a student predicts (`hide_boundary`), no boundary: the regions' own lines, the
    // pairwise ones and softmax regression's would each say which region holds a point.
    let pairs = model.as_ref().filter(|_| !layers.hide_boundary).map(|m| boundaries(m, view)).unwrap_or_default();
    if layers.pairwise {
        for pair in &pairs {
            for line in &pair.pairwise {
                for dash in dashed(&to_pixels(frame, line), style.px(6.0), style.px(4.0)) {
                    root.draw(&PathElement::new(dash, pal.boundary.mix(0.55).stroke_width(style.ipx(1.5))))
                        .map_err(draw_error)?;
                }
            }
        }
    }
    // The traced vertices of a curved boundary lie on it but can be under a pixel apart:
    // rounded to whole pixels, such a path turns by 45° and 90° at every vertex and the
    // curve is drawn in steps. Into a whole raster it is stroked at the vertices' exact
    // positions (as the ellipses are); another backend takes whole pixels, so there the
    // path keeps only vertices at least 3 px apart.
    for pair in &pairs {
        for line in &pair.top_two {
            let exact = boundary_path(frame, line);
            match raster {
                Some(raster) => {
                    let c = pal.boundary;
                    raster.borrow_mut().stroke_polyline(&exact, f64::from(style.ipx(2.5)), [c.0, c.1, c.2], 1.0);
                }
                None => {
                    let coarse = thinned(&exact, style.px(3.0));
                    let path: Vec<(i32, i32)> =
                        coarse.iter().map(|&(x, y)| (x.round() as i32, y.round() as i32)).collect();
                    root.draw(&PathElement::new(path, pal.boundary.stroke_width(style.ipx(2.5))))
                        .map_err(draw_error)?;
                }
            }
        }
    }
    // Softmax regression's k-class boundary (logistic regression's, for k classes), long
    // dashes in the ink colour: every colour of the palette belongs to a class here.
    let softmax = match lab.softmax() {
        Some(Ok(m)) if !layers.hide_boundary => m.linear_discriminants().map(|d| linear_boundaries(&d, view)),
        _ => None,
    };
    for line in softmax.iter().flatten().flat_map(|p| &p.top_two) {
        for dash in dashed(&to_pixels(frame, line), style.px(12.0), style.px(5.0)) {
            root.draw(&PathElement::new(dash, pal.ink.stroke_width(style.ipx(3.0)))).map_err(draw_error)?;
        }
    }
    for c in 0..lab.classes() {
        mean_handle(root, frame, style, view, lab.handle(c), pal.colour(c), layers.active_handle == Some(c))?;
    }
    let rows = LegendRows {
        regions: !layers.hide_boundary,
        pairwise: layers.pairwise && !pairs.is_empty(),
        softmax: softmax.is_some(),
    };
    legend(root, lab, &text, frame, style, &pairs, rows)
}

/// The optional rows of the k-class legend.
#[derive(Debug, Clone, Copy)]
struct LegendRows {
    /// The pairwise boundaries, dashed.
    pairwise: bool,
    /// Softmax regression's boundary.
    softmax: bool,
    /// The regions and their boundary (not while a student predicts them: the rows after
    /// it are then off too).
    regions: bool,
}

/// The legend of k classes: a marker per class, the ellipses, the boundary, (with the
/// toggle) the pairwise boundaries and (with the logistic overlay) softmax regression's, in the corner that hides the fewest points (a point of
/// the boundary, sampled along it, counting as five: a legend over it hides the lesson; a
/// mean's drag handle as [`super::gda::HANDLE_WEIGHT`]: never hidden while a corner leaves it free).
fn legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lab: &GdaLab,
    text: &FigureText,
    frame: &PlotFrame,
    style: &Style,
    pairs: &[PairBoundary],
    optional: LegendRows,
) -> Result<()> {
    let pal = style.palette();
    let k = lab.classes();
    let names: Vec<String> =
        (0..k).map(|c| format!("y = {c}: {}", text.classes.get(c).map_or("", String::as_str))).collect();
    let mut rows: Vec<String> = names.clone();
    rows.push(text.fitted.clone());
    if optional.regions {
        rows.push(text.regions.clone());
    }
    if optional.pairwise {
        rows.push(text.pairwise.clone());
    }
    if optional.softmax {
        rows.push(text.logistic.clone());
    }
    let [l, t, r, b] = frame.pixels;
    let longest = rows.iter().map(|s| text_units(s)).max().unwrap_or(0);
    let (w, h, em) = legend_size((f64::from(r - l), f64::from(b - t)), rows.len(), longest, style);
    let pad = (style.px(8.0) as i32).min((r - l - w) / 2).max(0);
    let corners = [(l + pad, t + pad), (r - pad - w, t + pad), (l + pad, b - pad - h), (r - pad - w, b - pad - h)];
    let (points, _) = lab.points();
    let mut marks: Vec<(Vec2, usize)> = points.iter().map(|p| (*p, 1)).collect();
    // A mean's handle is what the student drags: a legend over it hides the control itself.
    for c in 0..k {
        marks.extend(handle_marks(frame, style, lab.handle(c)));
    }
    for line in pairs.iter().flat_map(|p| &p.top_two) {
        for seg in line.windows(2) {
            marks.extend((0..20).map(|i| {
                let s = f64::from(i) / 20.0;
                ([seg[0][0] + s * (seg[1][0] - seg[0][0]), seg[0][1] + s * (seg[1][1] - seg[0][1])], 5)
            }));
        }
    }
    let hidden = |(x, y): (i32, i32)| -> usize {
        marks
            .iter()
            .filter(|(p, _)| {
                let [px, py] = frame.to_pixels(*p);
                px >= f64::from(x) && px <= f64::from(x + w) && py >= f64::from(y) && py <= f64::from(y + h)
            })
            .map(|(_, weight)| weight)
            .sum()
    };
    let (x, mut y) = corners.into_iter().min_by_key(|&c| hidden(c)).unwrap_or(corners[0]);
    root.draw(&Rectangle::new([(x, y), (x + w, y + h)], pal.legend.mix(0.88).filled())).map_err(draw_error)?;
    root.draw(&Rectangle::new([(x, y), (x + w, y + h)], pal.ink.mix(0.4).stroke_width(style.ipx(1.0))))
        .map_err(draw_error)?;
    y += style.ipx(3.0) as i32;
    let font = (FontFamily::SansSerif, em).into_font().color(&pal.ink);
    let line_h = (em * 1.5) as i32;
    let (sx, tx) = (x + (em * 1.1) as i32, x + (em * 2.3) as i32);
    let text_dy = (f64::from(line_h) - em) as i32 / 2;
    let r = em / 3.0;
    let half = (em * 0.75) as i32;
    for (i, row) in rows.iter().enumerate() {
        let mid = y + line_h / 2;
        let seg = vec![(sx - half, mid), (sx + half, mid)];
        match i {
            0 => root.draw(&Circle::new((sx, mid), r as i32, pal.colour(0).filled())).map_err(draw_error)?,
            1 => root
                .draw(&TriangleMarker::new((sx, mid), (r * 1.35) as i32, pal.colour(1).filled()))
                .map_err(draw_error)?,
            c if c < k => {
                let poly: Vec<(i32, i32)> = SHAPES[c - 2]
                    .iter()
                    .map(|(dx, dy)| (sx + (dx * r).round() as i32, mid + (dy * r).round() as i32))
                    .collect();
                root.draw(&Polygon::new(poly, pal.colour(c).filled())).map_err(draw_error)?;
            }
            c if c == k => {
                root.draw(&PathElement::new(seg, pal.ink.stroke_width(style.ipx(2.0)))).map_err(draw_error)?
            }
            c if c == k + 1 => {
                root.draw(&PathElement::new(seg, pal.boundary.stroke_width(style.ipx(2.5)))).map_err(draw_error)?
            }
            c if c == k + 2 + usize::from(optional.pairwise) => {
                for dash in dashed(&seg, style.px(8.0), style.px(3.0)) {
                    root.draw(&PathElement::new(dash, pal.ink.stroke_width(style.ipx(3.0)))).map_err(draw_error)?;
                }
            }
            _ => {
                for dash in dashed(&seg, style.px(4.0), style.px(3.0)) {
                    root.draw(&PathElement::new(dash, pal.boundary.mix(0.55).stroke_width(style.ipx(1.5))))
                        .map_err(draw_error)?;
                }
            }
        }
        root.draw(&Text::new(row.clone(), (tx, y + text_dy), font.clone())).map_err(draw_error)?;
        y += line_h;
    }
    Ok(())
}
