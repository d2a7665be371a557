//! The figure's layers over the base: the sampled clouds, the true densities' ellipses, the
//! points, and everything drawn over them (fitted ellipses, boundaries, heat, handles).

use super::*;

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
    draw_points(root, lab, style, frame, None, layers.hide_boundary)
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
///
/// `hide_boundary`: leave out the posterior contours too ([`GdaLayers::hide_boundary`]).
pub fn draw_points<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lab: &GdaLab,
    style: &Style,
    frame: &PlotFrame,
    raster: Option<&RefCell<Raster>>,
    hide_boundary: bool,
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

    crate::plot::classes::draw_more_points(root, lab, style, &frame, raster)?;

    // The posterior contours 0.1 and 0.9 beside the heat map: many short dashes, so they
    // belong to this layer (under the ellipses, which cross them at a few points only).
    // For a linear model they are exact lines, like the boundary (two classes only).
    if let (true, Some(decision), 2) = (lab.models().heat && !hide_boundary, lab.decision_log_odds(), lab.classes()) {
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
        return crate::plot::classes::draw_over_classes(root, lab, layers, style, frame, raster);
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
    let decision = if layers.hide_boundary { None } else { lab.decision_log_odds() };
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
            let exact = crate::plot::classes::boundary_path(&frame, line);
            match raster {
                Some(raster) => {
                    let c = pal.boundary;
                    raster.borrow_mut().stroke_polyline(&exact, f64::from(style.ipx(2.5)), [c.0, c.1, c.2], 1.0);
                }
                None => {
                    let coarse = crate::plot::classes::thinned(&exact, style.px(3.0));
                    let path: Vec<(i32, i32)> =
                        coarse.iter().map(|&(x, y)| (x.round() as i32, y.round() as i32)).collect();
                    root.draw(&PathElement::new(path, pal.boundary.stroke_width(style.ipx(2.5))))
                        .map_err(draw_error)?;
                }
            }
        }
    }

    // Logistic regression's boundary, in its own colour and a dash-dot line.
    if let (false, Some(Ok(lr))) = (layers.hide_boundary, lab.logistic()) {
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
