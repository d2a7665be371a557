//! The 3-D axes, their ticks and names, with labels placed so that they never meet.

use super::*;

/// The box a label of `font_px` pixels is given for placing it: 0.66 em per Latin-character
/// unit ([`crate::plot::text_units`]; DejaVu Sans, the widest common sans-serif face, has digits of
/// 0.636 em), 1.25 em high.
pub fn label_extent(text: &str, font_px: f64) -> [f64; 2] {
    [0.66 * font_px * crate::plot::text_units(text) as f64, 1.25 * font_px]
}

/// The box [x0, y0, x1, y1] of a label of `size` anchored at `at` by `anchor`.
pub(super) fn anchored_box(at: (f64, f64), size: [f64; 2], anchor: (HPos, VPos)) -> [f64; 4] {
    let x0 = match anchor.0 {
        HPos::Left => at.0,
        HPos::Right => at.0 - size[0],
        HPos::Center => at.0 - 0.5 * size[0],
    };
    let y0 = match anchor.1 {
        VPos::Top => at.1,
        VPos::Bottom => at.1 - size[1],
        VPos::Center => at.1 - 0.5 * size[1],
    };
    [x0, y0, x0 + size[0], y0 + size[1]]
}

/// The anchor that puts a label on the side `dir` (a unit vector on screen) points to.
pub(super) fn anchor_toward(dir: (f64, f64)) -> (HPos, VPos) {
    // Within 22.5° of an axis the label is centred across it.
    let s = (22.5f64).to_radians().sin();
    let h = if dir.0 > s {
        HPos::Left
    } else if dir.0 < -s {
        HPos::Right
    } else {
        HPos::Center
    };
    let v = if dir.1 > s {
        VPos::Top
    } else if dir.1 < -s {
        VPos::Bottom
    } else {
        VPos::Center
    };
    (h, v)
}

pub(super) fn boxes_meet(a: &[f64; 4], b: &[f64; 4], gap: f64) -> bool {
    a[0] < b[2] + gap && b[0] < a[2] + gap && a[1] < b[3] + gap && b[1] < a[3] + gap
}

/// A label to place: its text, anchor point and anchor, whether it is an axis name, and
/// its axis.
pub(super) type Wish = (String, (f64, f64), (HPos, VPos), bool, usize);

/// One axis of the box around the view: its two ends in data units (x, y, height), its
/// tick values, how a value becomes a point and a label, and its name.
pub(super) struct Axis<'a> {
    from: [f64; 3],
    to: [f64; 3],
    along: usize,
    ticks: Vec<f64>,
    format: &'a dyn Fn(f64) -> String,
    name: &'a str,
}

/// Draws the box around the view the way a 3-D chart does, but with labels that never meet:
/// the floor's grid and the two back walls' (the farther wall of each pair), the three
/// axes on the edges nearest the viewer (the floor's two front edges, and the wall edge at
/// the floor corner farthest left on screen for the height), tick marks pointing away from
/// the floor, and their labels and names placed on that side. The number of ticks follows
/// each axis' length on screen; a label that would meet one already placed (the axis names
/// first, then each axis' ticks from its middle out) or leave the picture is left out.
#[allow(clippy::too_many_arguments)]
pub(super) fn draw_axes<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    raster: Option<&RefCell<Raster>>,
    p: &Projector,
    view: Rect,
    zmax: f64,
    style: &Style,
    names: &AxisNames,
    size: (f64, f64),
) -> Result<Vec<PlacedLabel>> {
    let pal = style.palette();
    let (xm, ym) = (0.5 * (view.x0 + view.x1), 0.5 * (view.y0 + view.y1));
    let far = |a: [f64; 3], b: [f64; 3]| p.depth(a) > p.depth(b);
    let xw = if far([view.x0, ym, 0.0], [view.x1, ym, 0.0]) { view.x0 } else { view.x1 };
    let yw = if far([xm, view.y0, 0.0], [xm, view.y1, 0.0]) { view.y0 } else { view.y1 };
    let xf = view.x0 + view.x1 - xw;
    let yf = view.y0 + view.y1 - yw;
    // The height axis stands at the side corner farther left on screen.
    let (cx, cy) = if p.screen([xw, yf, 0.0]).0 <= p.screen([xf, yw, 0.0]).0 { (xw, yf) } else { (xf, yw) };

    let em = style.text_px(11.0);
    let len = |a: [f64; 3], b: [f64; 3]| {
        let (s, t) = (p.screen(a), p.screen(b));
        (t.0 - s.0).hypot(t.1 - s.1)
    };
    let count = |l: f64, per: f64, most: usize| ((l / per).floor().max(0.0) as usize).clamp(3, most);
    let ticks = |a: f64, b: f64, n: usize| RangedCoordf64::from(a..b).key_points(BoldPoints(n));
    let x_axis = ([view.x0, yf, 0.0], [view.x1, yf, 0.0]);
    let y_axis = ([xf, view.y0, 0.0], [xf, view.y1, 0.0]);
    let z_axis = ([cx, cy, 0.0], [cx, cy, zmax]);
    let xt = ticks(view.x0, view.x1, count(len(x_axis.0, x_axis.1), 3.2 * em, 7));
    let yt = ticks(view.y0, view.y1, count(len(y_axis.0, y_axis.1), 3.2 * em, 7));
    let zt = ticks(0.0, zmax, count(len(z_axis.0, z_axis.1), 2.6 * em, 5));

    // The grid: the floor's, then the back walls'.
    let grid_colour = pal.grid;
    let thin = style.px(1.0).max(1.0);
    let mut grid: Vec<[[f64; 3]; 2]> = Vec::new();
    for &x in &xt {
        grid.push([[x, view.y0, 0.0], [x, view.y1, 0.0]]);
        grid.push([[x, yw, 0.0], [x, yw, zmax]]);
    }
    for &y in &yt {
        grid.push([[view.x0, y, 0.0], [view.x1, y, 0.0]]);
        grid.push([[xw, y, 0.0], [xw, y, zmax]]);
    }
    for &z in zt.iter().chain(std::iter::once(&zmax)) {
        grid.push([[view.x0, yw, z], [view.x1, yw, z]]);
        grid.push([[xw, view.y0, z], [xw, view.y1, z]]);
    }
    grid.push([[xw, yw, 0.0], [xw, yw, zmax]]);
    grid.push([[xw, view.y0, 0.0], [xw, view.y1, 0.0]]);
    grid.push([[view.x0, yw, 0.0], [view.x1, yw, 0.0]]);
    for [a, b] in &grid {
        stroke(root, raster, &[p.screen(*a), p.screen(*b)], grid_colour, 0.9, thin)?;
    }

    let data_tick = |v: f64| crate::plot::gda::tick(v);
    let height_tick = |v: f64| tick_height(v, zmax);
    let axes = [
        Axis { from: z_axis.0, to: z_axis.1, along: 2, ticks: zt, format: &height_tick, name: &names.height },
        Axis { from: x_axis.0, to: x_axis.1, along: 0, ticks: xt, format: &data_tick, name: &names.x },
        Axis { from: y_axis.0, to: y_axis.1, along: 1, ticks: yt, format: &data_tick, name: &names.y },
    ];
    let centre = p.screen([xm, ym, 0.0]);
    let tick = style.px(4.0);
    let gap = style.px(3.0);
    let font = ("sans-serif", em).into_font().color(&pal.ink);
    let mut placed: Vec<PlacedLabel> = Vec::new();
    let mut wishes: Vec<Wish> = Vec::new();
    let mut tick_wishes: Vec<Wish> = Vec::new();
    for axis in &axes {
        let (a, b) = (p.screen(axis.from), p.screen(axis.to));
        stroke(root, raster, &[a, b], pal.ink, 0.8, thin)?;
        // Away from the floor's centre, across the axis (the height axis: sideways).
        let out = if axis.along == 2 {
            (if a.0 <= centre.0 { -1.0 } else { 1.0 }, 0.0)
        } else {
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let l = dx.hypot(dy).max(1e-9);
            let n = (-dy / l, dx / l);
            let mid = (0.5 * (a.0 + b.0) - centre.0, 0.5 * (a.1 + b.1) - centre.1);
            if n.0 * mid.0 + n.1 * mid.1 < 0.0 {
                (-n.0, -n.1)
            } else {
                n
            }
        };
        let anchor = anchor_toward(out);
        let first = tick_wishes.len();
        let mut reach: f64 = 0.0;
        let mut order: Vec<f64> = axis.ticks.clone();
        let span = (axis.from[axis.along], axis.to[axis.along]);
        let middle = 0.5 * (span.0 + span.1);
        order.sort_by(|u, v| (u - middle).abs().total_cmp(&(v - middle).abs()));
        for &v in &axis.ticks {
            let mut q = axis.from;
            q[axis.along] = v;
            let s = p.screen(q);
            let end = (s.0 + out.0 * tick, s.1 + out.1 * tick);
            stroke(root, raster, &[s, end], pal.ink, 0.8, thin)?;
        }
        for &v in &order {
            let mut q = axis.from;
            q[axis.along] = v;
            let s = p.screen(q);
            let text = (axis.format)(v);
            let sz = label_extent(&text, em);
            // How far along `out` the axis name (anchored the same way) must move to clear
            // this label: across by the label's width (half of both widths for centred
            // ones) plus a gap, or up or down likewise by the heights.
            let named = label_extent(axis.name, em);
            let need = |a: f64, b: f64, centred: bool| if centred { 0.5 * (a + b) + gap } else { a + gap };
            let clear = |extent: f64, c: f64| if c.abs() > 1e-6 { extent / c.abs() } else { f64::INFINITY };
            let across = clear(need(sz[0], named[0], matches!(anchor.0, HPos::Center)), out.0);
            let up = clear(need(sz[1], named[1], matches!(anchor.1, VPos::Center)), out.1);
            reach = reach.max(across.min(up));
            tick_wishes.push((
                text,
                (s.0 + out.0 * (tick + gap), s.1 + out.1 * (tick + gap)),
                anchor,
                false,
                axis.along,
            ));
        }
        if axis.along == 2 {
            // The height's name above the top of its axis.
            wishes.push((axis.name.to_string(), (b.0, b.1 - gap - tick), (HPos::Center, VPos::Bottom), true, 2));
        } else {
            let mid = (0.5 * (a.0 + b.0), 0.5 * (a.1 + b.1));
            // Beyond the tick labels, farther while one of them (not beside the middle
            // itself) is in the way.
            let named = label_extent(axis.name, em);
            let mine: Vec<[f64; 4]> = tick_wishes[first..]
                .iter()
                .map(|(t, at, anchor, _, _)| anchored_box(*at, label_extent(t, em), *anchor))
                .collect();
            let mut off = tick + gap + reach.min(4.0 * em);
            for _ in 0..40 {
                let r = anchored_box((mid.0 + out.0 * off, mid.1 + out.1 * off), named, anchor);
                if !mine.iter().any(|m| boxes_meet(m, &r, gap)) {
                    break;
                }
                off += 0.5 * gap;
            }
            wishes.push((axis.name.to_string(), (mid.0 + out.0 * off, mid.1 + out.1 * off), anchor, true, axis.along));
        }
    }
    wishes.extend(tick_wishes);
    let mut axis_of: Vec<usize> = Vec::new();
    for (text, at, anchor, name, along) in wishes {
        if text.is_empty() {
            continue;
        }
        let sz = label_extent(&text, em);
        let mut rect = anchored_box(at, sz, anchor);
        let mut at = at;
        if name {
            // A name is moved into the picture rather than left out.
            let dx = (-rect[0]).max(0.0) - (rect[2] - size.0).max(0.0);
            let dy = (-rect[1]).max(0.0) - (rect[3] - size.1).max(0.0);
            rect = [rect[0] + dx, rect[1] + dy, rect[2] + dx, rect[3] + dy];
            at = (at.0 + dx, at.1 + dy);
        }
        let inside = rect[0] >= 0.0 && rect[1] >= 0.0 && rect[2] <= size.0 && rect[3] <= size.1;
        // Two axes' labels half an em apart at least, so that they do not read as one
        // ("5 -5") at the corner the axes share.
        let meets = placed
            .iter()
            .zip(&axis_of)
            .any(|(l, &a)| boxes_meet(&l.rect, &rect, if a == along { gap } else { 0.5 * em }));
        if !inside || meets {
            continue;
        }
        root.draw(&Text::new(
            text.clone(),
            (at.0.round() as i32, at.1.round() as i32),
            font.clone().pos(Pos::new(anchor.0, anchor.1)),
        ))
        .map_err(draw_error)?;
        placed.push(PlacedLabel { text, rect });
        axis_of.push(along);
    }
    Ok(placed)
}
