//! Labels that never cover each other: their sizes, candidate places around a point, the
//! mean handles, and the greedy placement; and the legend, sized to the plot.

use super::*;

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
pub(in crate::plot) fn mean_handle<DB: DrawingBackend>(
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

pub(super) fn overlaps(a: &[f64; 4], b: &[f64; 4]) -> bool {
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
pub(super) struct Drawn {
    /// The decision boundary.
    pub(super) boundary: bool,
    /// The dashed p = ½ reference of a moved Bayes rule.
    pub(super) reference: bool,
}

/// The legend's box, in whichever corner of the plot box hides the fewest points.
pub(super) fn legend_layout(
    lab: &GdaLab,
    text: &FigureText,
    frame: &PlotFrame,
    style: &Style,
    drawn: Drawn,
) -> LegendLayout {
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
pub(super) fn legend<DB: DrawingBackend>(
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
