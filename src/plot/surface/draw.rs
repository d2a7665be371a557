//! Drawing the scene: the surfaces, ellipses and boundary curve in depth order, strokes
//! dashed and faded by depth, through a plotters backend.

use super::*;

#[allow(clippy::too_many_arguments)]
pub(super) fn draw_surfaces_with<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    model: &SurfaceModel,
    angles: SurfaceAngles,
    style: &Style,
    grid: usize,
    names: &AxisNames,
    raster: Option<&RefCell<Raster>>,
    buffers: &mut SurfaceBuffers,
) -> Result<Option<SurfaceScene>> {
    let pal = style.palette();
    root.fill(&pal.background).map_err(draw_error)?;
    let view = model.view;
    let densities = model.densities();
    let top = densities.as_ref().map_or(1.0, WeightedDensities::max_height);
    let zmax = if top.is_finite() && top > 0.0 { top * 1.1 } else { 1.0 };
    let angles = angles.clamped();

    let mut chart = ChartBuilder::on(root)
        // Room around the box for the tick labels and the axis names beyond them.
        .margin(style.ipx(28.0))
        // Z is −y: plotters' 3-D axes are right-handed with the height up, so with y itself
        // on Z the floor would be the 2-D figure's mirror image.
        .build_cartesian_3d(view.x0..view.x1, 0.0..zmax, -view.y1..-view.y0)
        .map_err(draw_error)?;
    chart.with_projection(|mut p| {
        p.yaw = angles.yaw;
        p.pitch = angles.pitch;
        p.scale = 0.8;
        p.into_matrix()
    });
    let spec = chart.as_coord_spec();
    let corner = |x: f64, h: f64, y: f64| {
        let (a, b, c) = spec.map_3d(&x, &h, &y);
        [f64::from(a), f64::from(b), f64::from(c)]
    };
    let projection: &ProjectionMatrix = spec.projection();
    let projector = Projector {
        matrix: *projection.as_ref(),
        view,
        zmax,
        low: corner(view.x0, 0.0, -view.y1),
        high: corner(view.x1, zmax, -view.y0),
    };
    // The floor: a faint tint of the grid's colour, laid opaque (mixed beforehand with the
    // background it covers: a copy per pixel rather than a blend), under the grid.
    let floor = [[view.x0, view.y0, 0.0], [view.x1, view.y0, 0.0], [view.x1, view.y1, 0.0], [view.x0, view.y1, 0.0]];
    let tint = crate::plot::blend(pal.grid, pal.background, 0.22);
    fill(root, raster, &floor.map(|p| projector.screen(p)), tint, 1.0)?;
    let size = (f64::from(root.dim_in_pixel().0), f64::from(root.dim_in_pixel().1));
    let labels = draw_axes(root, raster, &projector, view, zmax, style, names, size)?;
    let Some(densities) = densities else { return Ok(None) };

    // On the floor: the fitted 1σ and 2σ ellipses, then the boundary.
    let width = style.px(1.5);
    // (screen points, colour, alpha, width)
    let mut lines: Vec<FloorLine> = Vec::new();
    for (c, d) in densities.classes().iter().enumerate() {
        for (level, alpha) in [(1.0, 0.9), (2.0, 0.55)] {
            if let Ok(e) = ellipse(d.mean, &d.covariance, level, 96) {
                let mut pts: Vec<(f64, f64)> =
                    e.iter().filter(|p| view.contains(**p)).map(|p| projector.screen([p[0], p[1], 0.0])).collect();
                if pts.len() == e.len() {
                    pts.push(pts[0]);
                    lines.push((pts, pal.colour(c), alpha, width));
                } else {
                    // Partly outside the view: the pieces inside.
                    for piece in crate::gda::geometry::clip_polyline_closed(&e, view) {
                        let pts = piece.iter().map(|p| projector.screen([p[0], p[1], 0.0])).collect();
                        lines.push((pts, pal.colour(c), alpha, width));
                    }
                }
            }
        }
    }
    let boundaries = densities.boundaries(view, 96, 72);
    // The 2-D figure's boundary, solid; when unequal losses move it off the crossing, the
    // crossing's shadow dashed beside it (the numbers beside the view say which is which).
    let level = model.level;
    let crossing_floor: Vec<Vec<Vec2>> = boundaries.iter().flat_map(|b| b.top_two.iter().cloned()).collect();
    let (floor_boundary, floor_crossing) = if level == 0.0 {
        (crossing_floor, Vec::new())
    } else {
        (densities.decision_boundary(view, 96, 72, level), crossing_floor)
    };
    let on_floor =
        |piece: &Vec<Vec2>| -> Vec<(f64, f64)> { piece.iter().map(|p| projector.screen([p[0], p[1], 0.0])).collect() };
    for piece in &floor_crossing {
        for dash in dashes(&on_floor(piece), style.px(7.0), style.px(5.0)) {
            lines.push((dash, pal.boundary, 0.6, style.px(1.5)));
        }
    }
    for piece in &floor_boundary {
        lines.push((on_floor(piece), pal.boundary, 0.9, style.px(2.0)));
    }
    for (pts, colour, alpha, w) in &lines {
        stroke(root, raster, pts, *colour, *alpha, *w)?;
    }

    let grid = grid.clamp(4, 160);
    let items = scene_items(&densities, &projector, view, grid, &boundaries, &mut buffers.heights);
    // The translucent surfaces, shaded by how much each quad faces a light above and to the
    // left of the viewer, and the crossing curve.
    let light = {
        let l: [f64; 3] = [-0.4, 1.0, -0.3];
        let n = (l[0] * l[0] + l[1] * l[1] + l[2] * l[2]).sqrt();
        l.map(|v| v / n)
    };
    let alpha = if style.dark { 0.5 } else { 0.42 };
    for item in &items {
        match item {
            SceneItem::Patch { class, corners, screen, len: count, .. } => {
                let p = corners.map(|c| projector.chart_3d(c));
                let (a, b) = if *count == 4 { (3, 1) } else { (1, 0) };
                let u = [p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]];
                let v = [p[a][0] - p[b][0], p[a][1] - p[b][1], p[a][2] - p[b][2]];
                let n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
                let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
                let lit =
                    if len > 0.0 { ((n[0] * light[0] + n[1] * light[1] + n[2] * light[2]) / len).abs() } else { 1.0 };
                let base = pal.colour(*class);
                let k = 0.55 + 0.45 * lit;
                let shade = |v: u8| (f64::from(v) * k).round() as u8;
                let colour = RGBColor(shade(base.0), shade(base.1), shade(base.2));
                // The tails fade into the floor instead of ending in a jagged edge.
                // By corner, so that the fade is smooth across the quads rather than a
                // quad's step.
                let fade = corners.map(|c| (c[2] / (0.06 * top)).clamp(0.0, 1.0));
                if fade[..*count].iter().all(|&f| f >= 1.0) {
                    fill(root, raster, &screen[..*count], colour, alpha)?;
                } else if let Some(r) = raster {
                    let mut r = r.borrow_mut();
                    let (w, h) = (r.width() as usize, r.height() as usize);
                    let a = fade.map(|f| 255.0 * alpha * f);
                    let rgb = [colour.0, colour.1, colour.2];
                    for k in 1..count - 1 {
                        let tri = [screen[0], screen[k], screen[k + 1]];
                        fill_triangle_faded(r.pixels_mut(), (w, h), tri, rgb, [a[0], a[k], a[k + 1]]);
                    }
                } else {
                    let mean = fade[..*count].iter().sum::<f64>() / *count as f64;
                    fill(root, raster, &screen[..*count], colour, alpha * mean)?;
                }
            }
            SceneItem::Crossing { screen } => {
                stroke(root, raster, screen, pal.boundary, 0.95, style.px(2.0))?;
            }
        }
    }
    Ok(Some(SurfaceScene { items, projector, grid, floor_boundary, floor_crossing, labels }))
}

/// A tick label of the height axis: as many decimals as its range needs.
pub(super) fn tick_height(v: f64, zmax: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    let digits = (-(zmax.log10().floor()) + 1.0).clamp(0.0, 12.0) as usize;
    format!("{v:.digits$}")
}

pub(super) fn fill<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    raster: Option<&RefCell<Raster>>,
    pts: &[(f64, f64)],
    colour: RGBColor,
    alpha: f64,
) -> Result<()> {
    match raster {
        Some(r) => {
            let mut r = r.borrow_mut();
            let (w, h) = (r.width() as usize, r.height() as usize);
            let a = (alpha.clamp(0.0, 1.0) * 255.0).round() as u32;
            let rgb = [colour.0, colour.1, colour.2];
            for k in 1..pts.len().saturating_sub(1) {
                fill_triangle(r.pixels_mut(), (w, h), [pts[0], pts[k], pts[k + 1]], rgb, a);
            }
        }
        None => {
            let poly: Vec<(i32, i32)> = pts.iter().map(|p| (p.0.round() as i32, p.1.round() as i32)).collect();
            root.draw(&Polygon::new(poly, colour.mix(alpha).filled())).map_err(draw_error)?;
        }
    }
    Ok(())
}

pub(super) fn stroke<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    raster: Option<&RefCell<Raster>>,
    pts: &[(f64, f64)],
    colour: RGBColor,
    alpha: f64,
    width: f64,
) -> Result<()> {
    if pts.len() < 2 {
        return Ok(());
    }
    match raster {
        Some(r) => r.borrow_mut().stroke_polyline(pts, width, [colour.0, colour.1, colour.2], alpha),
        None => {
            let path: Vec<(i32, i32)> = pts.iter().map(|p| (p.0.round() as i32, p.1.round() as i32)).collect();
            let style = colour.mix(alpha).stroke_width(width.round().max(1.0) as u32);
            root.draw(&PathElement::new(path, style)).map_err(draw_error)?;
        }
    }
    Ok(())
}

/// A polyline on screen cut into dashes of `on` pixels with gaps of `off`.
pub(super) fn dashes(pts: &[(f64, f64)], on: f64, off: f64) -> Vec<Vec<(f64, f64)>> {
    let mut out = Vec::new();
    let mut current: Vec<(f64, f64)> = Vec::new();
    let (mut drawing, mut left) = (true, on);
    for w in pts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let len = (b.0 - a.0).hypot(b.1 - a.1);
        let mut t = 0.0;
        while len > 0.0 && t < 1.0 {
            let step = (left / len).min(1.0 - t);
            let at = |s: f64| (a.0 + s * (b.0 - a.0), a.1 + s * (b.1 - a.1));
            if drawing {
                if current.is_empty() {
                    current.push(at(t));
                }
                current.push(at(t + step));
            }
            left -= step * len;
            t += step;
            if left <= 1e-9 {
                if drawing && current.len() > 1 {
                    out.push(std::mem::take(&mut current));
                }
                current.clear();
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
