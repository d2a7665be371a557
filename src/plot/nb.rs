//! The held-out metrics of the spam filter against the smoothing α: accuracy, precision,
//! recall and F1 on a log-α axis (α = 0 drawn at the left edge, apart), with the current α
//! marked by a vertical line.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontFamily;

use super::{draw_error, text_units, Style};
use crate::error::Result;
use crate::stats::metrics::Metrics;

/// The four series: name, colour (Okabe–Ito), and how to read it from [`Metrics`].
type Series = (&'static str, RGBColor, fn(&Metrics) -> Option<f64>);

const SERIES: [Series; 4] = [
    ("accuracy", RGBColor(0x00, 0x00, 0x00), |m| m.accuracy),
    ("precision", RGBColor(0x00, 0x9E, 0x73), |m| m.precision),
    ("recall", RGBColor(0xCC, 0x79, 0xA7), |m| m.recall),
    ("F1", RGBColor(0x56, 0xB4, 0xE9), |m| m.f1),
];

/// The words of the chart, so the page can show them in its language.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
pub struct CurveText {
    /// The x-axis title.
    pub axis: String,
    /// The four series' names: accuracy, precision, recall, F1.
    pub series: [String; 4],
}

impl Default for CurveText {
    fn default() -> Self {
        CurveText { axis: "smoothing α (log scale)".into(), series: SERIES.map(|(name, _, _)| name.to_string()) }
    }
}

/// Where α = 0 sits on the log10 axis (left of 10⁻³, with a gap).
const ZERO_AT: f64 = -3.6;

/// The x position of α on the chart's log10 axis.
pub fn alpha_x(alpha: f64) -> f64 {
    if alpha > 0.0 {
        alpha.log10().clamp(-3.0, 1.0)
    } else {
        ZERO_AT
    }
}

/// Draws the metrics curve. `curve` holds (α, metrics) pairs in increasing α; a metric that
/// is undefined at some α (no spam predicted, say) leaves a gap there.
///
/// # Errors
/// A drawing error from the backend.
pub fn draw_alpha_curve<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    curve: &[(f64, Metrics)],
    current_alpha: f64,
    text: &CurveText,
    style: &Style,
) -> Result<()> {
    let pal = style.palette();
    // Accuracy is drawn in the ink colour (black on white, light on dark); the others keep
    // their Okabe–Ito colours, which stand out on either background.
    let colour_of = |c: RGBColor| if c == SERIES[0].1 { pal.ink } else { c };
    root.fill(&pal.background).map_err(draw_error)?;
    let font = |css: f64| (FontFamily::SansSerif, style.text_px(css)).into_font();
    let lowest =
        curve.iter().flat_map(|(_, m)| SERIES.iter().filter_map(move |(_, _, get)| get(m))).fold(1.0f64, f64::min);
    // Zoom in on the top of the scale, where the metrics of a decent filter live.
    let y0 = if lowest >= 0.8 {
        0.8
    } else if lowest >= 0.5 {
        0.5
    } else {
        0.0
    };
    let mut chart = ChartBuilder::on(root)
        .margin_top(style.ipx(8.0))
        .margin_right(style.ipx(12.0))
        .x_label_area_size(style.ipx(34.0))
        .y_label_area_size(style.ipx(48.0))
        .build_cartesian_2d(ZERO_AT - 0.25..1.1, y0..1.0)
        .map_err(draw_error)?;
    chart
        .configure_mesh()
        .x_labels(6)
        .y_labels(5)
        .light_line_style(TRANSPARENT)
        .bold_line_style(pal.grid.mix(0.75).stroke_width(style.ipx(1.0)))
        .axis_style(pal.ink.stroke_width(style.ipx(1.0)))
        .label_style(font(11.0).color(&pal.ink))
        .axis_desc_style(font(11.0).color(&pal.ink))
        .x_desc(text.axis.as_str())
        .x_label_formatter(&|x| alpha_label(*x))
        .y_label_formatter(&|y| format!("{:.0} %", y * 100.0))
        .draw()
        .map_err(draw_error)?;

    for (_, colour, get) in SERIES {
        let colour = colour_of(colour);
        // Consecutive defined points form a line; α = 0 stands alone (a dot), since the
        // axis has a break between it and 10⁻³.
        let mut run: Vec<(f64, f64)> = Vec::new();
        let mut runs = Vec::new();
        for (alpha, m) in curve {
            match get(m) {
                Some(v) if *alpha > 0.0 => run.push((alpha_x(*alpha), v)),
                Some(v) => runs.push(vec![(alpha_x(*alpha), v)]),
                None => runs.push(std::mem::take(&mut run)),
            }
        }
        runs.push(run);
        for r in runs.into_iter().filter(|r| !r.is_empty()) {
            if r.len() > 1 {
                chart
                    .draw_series(std::iter::once(PathElement::new(r.clone(), colour.stroke_width(style.ipx(2.0)))))
                    .map_err(draw_error)?;
            }
            chart
                .draw_series(r.iter().map(|&p| Circle::new(p, style.ipx(2.5) as i32, colour.filled())))
                .map_err(draw_error)?;
        }
    }

    // The current α: a vertical line.
    let x = alpha_x(current_alpha);
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(x, y0), (x, 1.0)],
            pal.class[1].stroke_width(style.ipx(2.0)),
        )))
        .map_err(draw_error)?;

    // α = 0 is not a tick of the log axis: label it by hand under its dots.
    let (pxr, pyr) = chart.plotting_area().get_pixel_range();
    let zero_px =
        pxr.start as f64 + (ZERO_AT - (ZERO_AT - 0.25)) / (1.1 - (ZERO_AT - 0.25)) * f64::from(pxr.end - pxr.start);
    root.draw(&Text::new(
        "0",
        (zero_px as i32 - style.ipx(3.0) as i32, pyr.end + style.ipx(6.0) as i32),
        font(11.0).color(&pal.ink),
    ))
    .map_err(draw_error)?;

    // A compact legend along the bottom of the plot, in as many rows as its width needs: in
    // projector mode the four entries are wider than the plot.
    let label_font = font(11.0).color(&pal.ink);
    let (swatch, gap, spacing) = (style.ipx(12.0) as i32, style.ipx(3.0) as i32, style.ipx(9.0) as i32);
    let entries: Vec<_> = SERIES
        .iter()
        .zip(&text.series)
        .map(|((_, colour, _), name)| {
            (colour_of(*colour), name.as_str(), swatch + gap + legend_text_width(name, style))
        })
        .collect();
    let left = pxr.start + style.ipx(6.0) as i32;
    let rows = legend_rows(entries.iter().map(|e| e.2), spacing, pxr.end - left);
    let row_h = style.ipx(16.0) as i32;
    for (row, range) in rows.iter().enumerate() {
        let ly = pyr.end - row_h * (rows.len() - row) as i32;
        let mut lx = left;
        for &(colour, name, width) in &entries[range.clone()] {
            root.draw(&Rectangle::new(
                [(lx, ly + style.ipx(4.0) as i32), (lx + swatch, ly + style.ipx(7.0) as i32)],
                colour.filled(),
            ))
            .map_err(draw_error)?;
            root.draw(&Text::new(name, (lx + swatch + gap, ly), &label_font)).map_err(draw_error)?;
            lx += width + spacing;
        }
    }
    Ok(())
}

/// The width a legend name is given: 6.5 CSS pixels a [`text_units`] unit (a CJK character
/// is two). An estimate rather than the backend's text measure: in
/// the browser plotters measures text with a `<span>` given an inline style, which the
/// page's content security policy (`style-src 'self'`) blocks.
pub fn legend_text_width(name: &str, style: &Style) -> i32 {
    style.px(6.5 * text_units(name) as f64).round() as i32
}

/// Splits legend entries of the given widths into rows of at most `room` pixels (entries
/// `spacing` apart), in order; an entry wider than `room` gets a row of its own.
pub fn legend_rows(widths: impl IntoIterator<Item = i32>, spacing: i32, room: i32) -> Vec<std::ops::Range<usize>> {
    let mut rows: Vec<std::ops::Range<usize>> = Vec::new();
    // The width taken so far in the last row.
    let mut used = 0;
    for (i, w) in widths.into_iter().enumerate() {
        match rows.last_mut() {
            Some(row) if used + spacing + w <= room => {
                row.end = i + 1;
                used += spacing + w;
            }
            _ => {
                rows.push(i..i + 1);
                used = w;
            }
        }
    }
    rows
}

/// Tick labels of the log axis: powers of ten as plain numbers (other ticks unlabelled).
fn alpha_label(x: f64) -> String {
    let r = x.round();
    if (x - r).abs() > 1e-6 || x < -3.01 {
        return String::new();
    }
    match r as i32 {
        -3 => "0.001".into(),
        -2 => "0.01".into(),
        -1 => "0.1".into(),
        0 => "1".into(),
        1 => "10".into(),
        _ => String::new(),
    }
}
