//! The learning-curves figure: test error against training-set size m on a log axis, one
//! line and one band per model, each model's asymptote (its error at the largest m) as a
//! dotted line, the exact Bayes error where known, and the crossover m as a vertical
//! dashed line.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::ShapeStyle;

use super::{draw_error, Style};
use crate::curves::CurveSummary;
use crate::error::Result;

/// The words of the figure, in the page's language.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
pub struct CurvesText {
    /// The x-axis title.
    pub x_axis: String,
    /// The y-axis title.
    pub y_axis: String,
    /// The two models' names: generative, logistic regression.
    pub names: [String; 2],
    /// The Bayes error line's label, with `{e}` for the value.
    pub bayes: String,
    /// The crossover's label, with `{m}` for the value.
    pub crossover: String,
    /// Shown while no split is done yet.
    pub waiting: String,
}

impl Default for CurvesText {
    fn default() -> Self {
        CurvesText {
            x_axis: "training-set size m (log scale)".into(),
            y_axis: "test error".into(),
            names: ["GDA".into(), "logistic regression".into()],
            bayes: "Bayes error {e}".into(),
            crossover: "crossover m ≈ {m}".into(),
            waiting: "computing…".into(),
        }
    }
}

/// Where the plot sits on the canvas, for the page (the crossover marker's position, a
/// pointer's m): pixel bounds of the plotting area and the log10 m and error ranges they span.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct CurvesFrame {
    /// Left edge in backing-store pixels.
    pub left: i32,
    /// Right edge.
    pub right: i32,
    /// Top edge.
    pub top: i32,
    /// Bottom edge.
    pub bottom: i32,
    /// log10 m at the left edge.
    pub x0: f64,
    /// log10 m at the right edge.
    pub x1: f64,
    /// Error at the bottom edge.
    pub y0: f64,
    /// Error at the top edge.
    pub y1: f64,
}

/// The line colours: the generative model, then logistic regression.
pub fn model_colours(style: &Style) -> [RGBColor; 2] {
    let pal = style.palette();
    [pal.class[0], pal.logistic]
}

/// The crossover marker's colour (the page's ink, unlike either curve).
pub fn crossover_colour(style: &Style) -> RGBColor {
    style.palette().ink
}

/// Draws the figure for `summary` (any number of splits done, none included).
///
/// # Errors
/// A drawing error from the backend.
pub fn draw_curves<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    summary: &CurveSummary,
    text: &CurvesText,
    style: &Style,
) -> Result<CurvesFrame> {
    draw_with_range(root, summary, None, text, style)
}

/// Draws the axes of the figure only, m from `range.0` to `range.1` (the run's smallest and
/// largest sizes), with the `waiting` words in the plot: nothing of any curve (the figure while
/// a prediction hides the curves). The x axis is the one [`draw_curves`] draws for a run with
/// those smallest and largest sizes.
///
/// # Errors
/// A range that is not 0 < lo < hi (both finite); a drawing error from the backend.
pub fn draw_curves_axes<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    range: (f64, f64),
    text: &CurvesText,
    style: &Style,
) -> Result<CurvesFrame> {
    let (lo, hi) = range;
    if !(lo.is_finite() && hi.is_finite() && lo > 0.0 && hi > lo) {
        return Err(crate::Error::InvalidParameter {
            name: "m",
            value: crate::error::describe(lo),
            rule: "the axis needs 0 < smallest m < largest m",
        });
    }
    let empty = |model: &str| crate::curves::ModelCurve { model: model.into(), points: vec![], asymptote: None };
    let summary = CurveSummary {
        pairing: String::new(),
        curves: [empty("gen"), empty("lr")],
        crossover: None,
        leader_small: None,
        leader_large: None,
        leader_after: None,
        bayes_error: None,
        splits_done: 0,
        splits_total: 0,
        pool: 0,
        test: 0,
        rows: 0,
        d: 0,
    };
    draw_with_range(root, &summary, Some(range), text, style)
}

fn draw_with_range<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    summary: &CurveSummary,
    range: Option<(f64, f64)>,
    text: &CurvesText,
    style: &Style,
) -> Result<CurvesFrame> {
    let pal = style.palette();
    root.fill(&pal.background).map_err(draw_error)?;
    let font = |css: f64| ("sans-serif", style.text_px(css)).into_font();
    let ms: Vec<usize> = summary.curves[0].points.iter().map(|p| p.m).collect();
    let (lo_m, hi_m) = match (range, ms.first(), ms.last()) {
        (Some(r), _, _) => r,
        (None, Some(&a), Some(&b)) if b > a => (a as f64, b as f64),
        (None, Some(&a), _) => (a as f64, a as f64 * 10.0),
        _ => (2.0, 1000.0),
    };
    let x0 = lo_m.log10() - 0.04 * (hi_m / lo_m).log10();
    let x1 = hi_m.log10() + 0.04 * (hi_m / lo_m).log10();
    let top = summary
        .curves
        .iter()
        .flat_map(|c| c.points.iter().map(|p| p.hi))
        .chain(summary.bayes_error)
        .fold(0.05f64, f64::max);
    let y1 = ((top * 1.1) * 20.0).ceil() / 20.0;
    let y1 = y1.min(1.0);
    let mut chart = ChartBuilder::on(root)
        .margin_top(style.ipx(10.0))
        .margin_right(style.ipx(14.0))
        .x_label_area_size(style.ipx(38.0))
        .y_label_area_size(style.ipx(52.0))
        .build_cartesian_2d(x0..x1, 0.0..y1)
        .map_err(draw_error)?;
    let ticks: Vec<f64> = (0..5)
        .flat_map(|k| [1.0, 2.0, 5.0].map(|f| f * 10f64.powi(k)))
        .filter(|&v| v >= 10f64.powf(x0) && v <= 10f64.powf(x1))
        .collect();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_labels(6)
        .light_line_style(TRANSPARENT)
        .bold_line_style(pal.grid.mix(0.75).stroke_width(style.ipx(1.0)))
        .axis_style(pal.ink.stroke_width(style.ipx(1.0)))
        .label_style(font(11.0).color(&pal.ink))
        .axis_desc_style(font(11.0).color(&pal.ink))
        .x_desc(text.x_axis.as_str())
        .y_desc(text.y_axis.as_str())
        .y_label_formatter(&|y| format!("{:.0} %", y * 100.0))
        .draw()
        .map_err(draw_error)?;
    let (pxr, pyr) = chart.plotting_area().get_pixel_range();
    let frame = CurvesFrame { left: pxr.start, right: pxr.end, top: pyr.start, bottom: pyr.end, x0, x1, y0: 0.0, y1 };
    let to_px = |lx: f64| pxr.start as f64 + (lx - x0) / (x1 - x0) * f64::from(pxr.end - pxr.start);
    // The x ticks: 1, 2, 5 × 10ᵏ, labelled as whole numbers.
    for &v in &ticks {
        let x = to_px(v.log10()).round() as i32;
        chart
            .plotting_area()
            .draw(&PathElement::new(
                vec![(v.log10(), 0.0), (v.log10(), y1)],
                pal.grid.mix(0.75).stroke_width(style.ipx(1.0)),
            ))
            .map_err(draw_error)?;
        let label = format!("{v:.0}");
        let w = (style.px(6.5) * label.len() as f64 / 2.0) as i32;
        root.draw(&Text::new(label, (x - w, pyr.end + style.ipx(5.0) as i32), font(11.0).color(&pal.ink)))
            .map_err(draw_error)?;
    }

    let colours = model_colours(style);
    let area = chart.plotting_area();
    // Bands first, under every line.
    for (c, curve) in summary.curves.iter().enumerate() {
        if curve.points.len() < 2 {
            continue;
        }
        let mut poly: Vec<(f64, f64)> = curve.points.iter().map(|p| ((p.m as f64).log10(), p.hi)).collect();
        poly.extend(curve.points.iter().rev().map(|p| ((p.m as f64).log10(), p.lo)));
        area.draw(&Polygon::new(poly, colours[c].mix(if style.dark { 0.22 } else { 0.16 }).filled()))
            .map_err(draw_error)?;
    }
    // The Bayes error.
    if let Some(e) = summary.bayes_error {
        area.draw(&PathElement::new(vec![(x0, e), (x1, e)], pal.ink.stroke_width(style.ipx(2.0))))
            .map_err(draw_error)?;
        let label = text.bayes.replace("{e}", &format!("{:.1} %", e * 100.0));
        let y = chart.backend_coord(&(x0, e)).1;
        root.draw(&Text::new(
            label,
            (pxr.start + style.ipx(6.0) as i32, y + style.ipx(3.0) as i32),
            font(11.0).color(&pal.ink),
        ))
        .map_err(draw_error)?;
    }
    // Asymptotes: dotted, in the model's colour.
    for (c, curve) in summary.curves.iter().enumerate() {
        if let Some(a) = curve.asymptote {
            dotted(&chart, (x0, x1), a, colours[c].stroke_width(style.ipx(1.5)), style.px(6.0))?;
        }
    }
    // The curves: lines with circles (generative) or triangles (logistic regression).
    for (c, curve) in summary.curves.iter().enumerate() {
        let pts: Vec<(f64, f64)> = curve.points.iter().map(|p| ((p.m as f64).log10(), p.mean)).collect();
        area.draw(&PathElement::new(pts.clone(), colours[c].stroke_width(style.ipx(2.5)))).map_err(draw_error)?;
        let r = style.ipx(3.5) as i32;
        for p in pts {
            if c == 0 {
                area.draw(&Circle::new(p, r, colours[c].filled())).map_err(draw_error)?;
            } else {
                area.draw(&TriangleMarker::new(p, r + 1, colours[c].filled())).map_err(draw_error)?;
            }
        }
    }
    // The crossover: a dashed vertical line and its label.
    if let Some(m) = summary.crossover {
        let lx = m.log10();
        let style_line = crossover_colour(style).stroke_width(style.ipx(2.0));
        let dash = (y1 / 24.0).max(1e-6);
        let mut y = 0.0;
        while y < y1 {
            area.draw(&PathElement::new(vec![(lx, y), (lx, (y + dash * 0.6).min(y1))], style_line))
                .map_err(draw_error)?;
            y += dash;
        }
        let label = text.crossover.replace("{m}", &format!("{m:.0}"));
        let x = to_px(lx) as i32;
        let w = super::nb::legend_text_width(&label, style);
        let lx_px = if x + w + style.ipx(8.0) as i32 > pxr.end {
            x - w - style.ipx(6.0) as i32
        } else {
            x + style.ipx(6.0) as i32
        };
        root.draw(&Text::new(label, (lx_px, pyr.start + style.ipx(4.0) as i32), font(12.0).color(&pal.ink)))
            .map_err(draw_error)?;
    }
    // The legend, top right.
    let entries: Vec<(RGBColor, &str)> =
        vec![(colours[0], text.names[0].as_str()), (colours[1], text.names[1].as_str())];
    let row_h = style.ipx(17.0) as i32;
    let swatch = style.ipx(16.0) as i32;
    let width = entries.iter().map(|e| super::nb::legend_text_width(e.1, style)).max().unwrap_or(0)
        + swatch
        + style.ipx(14.0) as i32;
    let lx = pxr.end - width - style.ipx(6.0) as i32;
    let ly = pyr.start + style.ipx(22.0) as i32;
    root.draw(&Rectangle::new(
        [(lx, ly), (lx + width, ly + row_h * entries.len() as i32 + style.ipx(6.0) as i32)],
        pal.legend.mix(0.88).filled(),
    ))
    .map_err(draw_error)?;
    for (i, (colour, name)) in entries.iter().enumerate() {
        let y = ly + style.ipx(4.0) as i32 + row_h * i as i32;
        root.draw(&Rectangle::new(
            [
                (lx + style.ipx(5.0) as i32, y + style.ipx(6.0) as i32),
                (lx + style.ipx(5.0) as i32 + swatch, y + style.ipx(9.0) as i32),
            ],
            colour.filled(),
        ))
        .map_err(draw_error)?;
        root.draw(&Text::new(*name, (lx + swatch + style.ipx(9.0) as i32, y), font(11.0).color(&pal.ink)))
            .map_err(draw_error)?;
    }
    if summary.splits_done == 0 {
        root.draw(&Text::new(
            text.waiting.as_str(),
            (pxr.start + style.ipx(10.0) as i32, (pyr.start + pyr.end) / 2),
            font(13.0).color(&pal.ink),
        ))
        .map_err(draw_error)?;
    }
    Ok(frame)
}

/// A horizontal dotted line at height `y` across `xs`.
fn dotted<DB: DrawingBackend>(
    chart: &ChartContext<
        '_,
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    xs: (f64, f64),
    y: f64,
    line: ShapeStyle,
    _gap_px: f64,
) -> Result<()> {
    let step = (xs.1 - xs.0) / 60.0;
    let mut x = xs.0;
    while x < xs.1 {
        chart
            .plotting_area()
            .draw(&PathElement::new(vec![(x, y), ((x + step * 0.45).min(xs.1), y)], line))
            .map_err(draw_error)?;
        x += step;
    }
    Ok(())
}
