//! Shapes: discs and polygons stamped from cached coverage, rectangles, circles and rings,
//! convex and general polygons, stroked polylines and ellipses; and the pixel geometry
//! (band and overlap coverage, convex clipping, winding) they are rasterized with.

use super::*;

/// A shape's coverage, rasterized once and reused wherever the same shape lands on whole
/// pixels (every marker of a class has the same radius or the same integer vertices around
/// an integer centre, so its coverage is the same up to translation).
#[derive(Debug, Clone, PartialEq)]
pub(super) enum StampKey {
    Disc(u64),
    Ring(u64, u64),
    Polygon(Vec<(i64, i64)>),
}

/// A shape about to be stamped, compared with the stored keys without allocating.
pub(super) enum Shape<'a> {
    /// Inner (−∞ for a disc) and outer radius, centred on the anchor.
    Ring(f64, f64),
    /// Whole-pixel vertices and their bounding box's top-left corner (the anchor).
    Polygon(&'a [(f64, f64)], (f64, f64)),
}

impl Shape<'_> {
    pub(super) fn is(&self, key: &StampKey) -> bool {
        match (self, key) {
            (Shape::Ring(i, o), StampKey::Disc(k)) => !i.is_finite() && o.to_bits() == *k,
            (Shape::Ring(i, o), StampKey::Ring(ki, ko)) => i.to_bits() == *ki && o.to_bits() == *ko,
            (Shape::Polygon(p, (x0, y0)), StampKey::Polygon(k)) => {
                p.len() == k.len() && p.iter().zip(k).all(|(p, k)| p.0 - x0 == k.0 as f64 && p.1 - y0 == k.1 as f64)
            }
            _ => false,
        }
    }

    /// The stored key, and how far the shape reaches left, up, right and down of its anchor.
    pub(super) fn key(&self) -> (StampKey, (i64, i64, i64, i64)) {
        match *self {
            Shape::Ring(i, o) => {
                let n = o.ceil() as i64 + 1;
                let key =
                    if i.is_finite() { StampKey::Ring(i.to_bits(), o.to_bits()) } else { StampKey::Disc(o.to_bits()) };
                (key, (n, n, n, n))
            }
            Shape::Polygon(p, (x0, y0)) => {
                let k: Vec<(i64, i64)> = p.iter().map(|p| ((p.0 - x0) as i64, (p.1 - y0) as i64)).collect();
                let (w, h) = k.iter().fold((0, 0), |m, p| (m.0.max(p.0), m.1.max(p.1)));
                (StampKey::Polygon(k), (0, 0, w, h))
            }
        }
    }
}

#[derive(Debug, Clone)]
pub(super) struct Stamp {
    /// Offset of the stamp's top-left pixel from the shape's anchor.
    origin: (i64, i64),
    width: i64,
    /// Coverage 0–255, row by row; only the rows' nonzero runs are kept.
    runs: Vec<(i64, i64, Vec<u8>)>,
}

/// How many distinct stamps to keep (a figure uses a handful).
pub(super) const STAMPS: usize = 16;

impl Raster {
    /// Paints the stamp for `shape` with its anchor at `at`, rasterizing it first with
    /// `draw` (given a scratch image and the anchor's position in it) when it is new.
    pub(super) fn stamp(
        &mut self,
        shape: Shape<'_>,
        at: (i64, i64),
        paint: Paint,
        draw: impl FnOnce(&mut Raster, f64, f64),
    ) {
        let index = self.stamp_index(shape, draw);
        self.paint_stamps(index, std::iter::once(at), paint);
    }

    /// The index in `stamps` of `shape`'s stamp, rasterized with `draw` if it is new.
    pub(super) fn stamp_index(&mut self, shape: Shape<'_>, draw: impl FnOnce(&mut Raster, f64, f64)) -> usize {
        if let Some(i) = self.stamps.iter().position(|(k, _)| shape.is(k)) {
            return i;
        }
        let (key, reach) = shape.key();
        // reach: how far the shape extends left, up, right and down of its anchor.
        let (l, t, r, b) = reach;
        let (w, h) = (l + r + 2, t + b + 2);
        let mut s = Raster::scratch(w, h);
        draw(&mut s, (l + 1) as f64, (t + 1) as f64);
        let mut runs = Vec::new();
        for y in 0..h {
            let (y0, wu) = (y as usize, w as usize);
            let row = &s.cover[y0 * wu..(y0 + 1) * wu];
            if let (Some(first), Some(last)) = (row.iter().position(|&c| c > 0), row.iter().rposition(|&c| c > 0)) {
                runs.push((y, first as i64, row[first..=last].to_vec()));
            }
        }
        if self.stamps.len() >= STAMPS {
            self.stamps.clear();
        }
        self.stamps.push((key, Stamp { origin: (-(l + 1), -(t + 1)), width: w, runs }));
        self.stamps.len() - 1
    }

    /// Paints stamp `index` with its anchor at each of `anchors`.
    pub(super) fn paint_stamps(&mut self, index: usize, anchors: impl IntoIterator<Item = (i64, i64)>, paint: Paint) {
        let stamp = std::mem::replace(&mut self.stamps[index].1, Stamp { origin: (0, 0), width: 0, runs: Vec::new() });
        let (w, h) = (i64::from(self.width), i64::from(self.height));
        // Each pixel's share of the colour and of what lies under it, worked out once for
        // all the anchors (a zero coverage keeps the pixel as it is: 255·d/255 = d). Not
        // while recording, which needs each blend.
        let prepared: Option<Vec<Vec<(Lanes, u32)>>> = (!self.recording).then(|| {
            let share = |c: u8| {
                let a = div255(paint.alpha * u32::from(c));
                (paint.times(a), 255 - a)
            };
            stamp.runs.iter().map(|(_, _, run)| run.iter().map(|&c| share(c)).collect()).collect()
        });
        for (ax, ay) in anchors {
            let (ox, oy) = (ax + stamp.origin.0, ay + stamp.origin.1);
            if let (Some(first), Some(last)) = (stamp.runs.first(), stamp.runs.last()) {
                self.touch(ox, oy + first.0, ox + stamp.width, oy + last.0 + 1);
            }
            for (k, (dy, dx, run)) in stamp.runs.iter().enumerate() {
                let (y, x0) = (oy + dy, ox + dx);
                if y < 0 || y >= h {
                    continue;
                }
                // The run's part inside the image, clipped once rather than per pixel.
                let (from, to) = ((-x0).clamp(0, run.len() as i64), (w - x0).clamp(0, run.len() as i64));
                if from >= to {
                    continue;
                }
                // y lies in [0, h) and x0 + from in [0, w): the index fits the image. In
                // usize, 32-bit on wasm, not i64 (see [`Lanes`]).
                let start = y as usize * w as usize + (x0 + from) as usize;
                let (from, to) = (from as usize, to as usize);
                let end = start + (to - from);
                match prepared.as_ref().and_then(|p| p.get(k)) {
                    Some(shares) if end <= self.rgba.len() / 4 => {
                        for (px, &(src, na)) in self.rgba[4 * start..4 * end].chunks_exact_mut(4).zip(&shares[from..to])
                        {
                            if let Ok(px) = <&mut [u8; 4]>::try_from(px) {
                                blend_pixel(px, src, na);
                            }
                        }
                    }
                    // While recording, each blend is kept.
                    _ => {
                        for (i, &c) in (start..end).zip(&run[from..to]) {
                            self.blend_at(i, u32::from(c), paint);
                        }
                    }
                }
            }
        }
        self.stamps[index].1 = stamp;
    }

    /// Fills a disc of radius `r` centred on each of `centres` (grid corners): the same
    /// pixels as [`Raster::fill_circle`] at each, for the cost of one lookup.
    pub fn fill_discs(&mut self, centres: &[(i32, i32)], r: f64, rgb: [u8; 3], alpha: f64) {
        let paint = Paint::new(rgb, alpha);
        if !(r > 0.0 && r <= 128.0) {
            for &(x, y) in centres {
                self.ring(f64::from(x), f64::from(y), f64::NEG_INFINITY, r, paint);
            }
            return;
        }
        let index = self.stamp_index(Shape::Ring(f64::NEG_INFINITY, r), |s, x, y| {
            s.mark_ring(x, y, f64::NEG_INFINITY, r);
        });
        self.paint_stamps(index, centres.iter().map(|&(x, y)| (i64::from(x), i64::from(y))), paint);
    }

    /// Fills the polygon with whole-pixel vertices `shape` (offsets from a centre) around
    /// each of `centres`: the same pixels as [`Raster::fill_polygon`] of each translated
    /// polygon, for the cost of one lookup.
    pub fn fill_polygons(&mut self, shape: &[(i32, i32)], centres: &[(i32, i32)], rgb: [u8; 3], alpha: f64) {
        let points: Vec<(f64, f64)> = shape.iter().map(|&(x, y)| (f64::from(x), f64::from(y))).collect();
        let (x0, y0) = shape.iter().fold((i32::MAX, i32::MAX), |m, p| (m.0.min(p.0), m.1.min(p.1)));
        let (x1, y1) = shape.iter().fold((i32::MIN, i32::MIN), |m, p| (m.0.max(p.0), m.1.max(p.1)));
        if shape.len() < 3 || i64::from(x1) - i64::from(x0) > 256 || i64::from(y1) - i64::from(y0) > 256 {
            for &(cx, cy) in centres {
                let moved: Vec<(f64, f64)> =
                    points.iter().map(|p| (p.0 + f64::from(cx), p.1 + f64::from(cy))).collect();
                self.fill_polygon(&moved, rgb, alpha);
            }
            return;
        }
        let (fx, fy) = (f64::from(x0), f64::from(y0));
        let index = self.stamp_index(Shape::Polygon(&points, (fx, fy)), |s, x, y| {
            let local: Vec<(f64, f64)> = points.iter().map(|p| (p.0 - fx + x, p.1 - fy + y)).collect();
            s.mark_polygon(&local);
        });
        let anchors = centres.iter().map(|&(x, y)| (i64::from(x) + i64::from(x0), i64::from(y) + i64::from(y0)));
        self.paint_stamps(index, anchors, Paint::new(rgb, alpha));
    }

    /// The pixel range [lo, hi) that can meet the interval [a, b], clamped to `0..size`.
    pub(super) fn span(a: f64, b: f64, size: u32) -> (i64, i64) {
        let lo = (a.floor() as i64).max(0);
        let hi = (b.ceil() as i64).min(i64::from(size));
        (lo, hi)
    }

    /// Fills the axis-aligned rectangle [x0, x1] × [y0, y1] (any order), with exact area
    /// coverage at fractional edges.
    pub fn fill_rect(&mut self, x0: f64, y0: f64, x1: f64, y1: f64, rgb: [u8; 3], alpha: f64) {
        let paint = Paint::new(rgb, alpha);
        let (x0, x1) = (fmin(x0, x1), fmax(x0, x1));
        let (y0, y1) = (fmin(y0, y1), fmax(y0, y1));
        let (xa, xb) = Self::span(x0, x1, self.width);
        let (ya, yb) = Self::span(y0, y1, self.height);
        if xa >= xb {
            return;
        }
        self.touch(xa, ya, xb, yb);
        // Only the first and last columns can be partly covered.
        let (first, last) = (overlap(x0, x1, xa), overlap(x0, x1, xb - 1));
        let w = self.width as usize;
        for y in ya..yb {
            let cy = overlap(y0, y1, y);
            let inner = to_byte(cy);
            if inner == 0 {
                continue;
            }
            let row = y as usize * w;
            self.blend_at(row + xa as usize, to_byte(cy * first), paint);
            if xb - 1 > xa {
                self.blend_at(row + (xb - 1) as usize, to_byte(cy * last), paint);
            }
            if xb - 1 > xa + 1 {
                self.blend_span(row + xa as usize + 1, (xb - xa - 2) as usize, inner, paint);
            }
        }
    }

    /// Strokes the outline of the rectangle `[x0, y0, x1, y1]` (x0..x1 × y0..y1) with a
    /// line `width` wide centred on it (mitred corners, as a canvas `strokeRect`).
    pub fn stroke_rect(&mut self, rect: [f64; 4], width: f64, rgb: [u8; 3], alpha: f64) {
        let [x0, y0, x1, y1] = rect;
        let paint = Paint::new(rgb, alpha);
        let (x0, x1) = (fmin(x0, x1), fmax(x0, x1));
        let (y0, y1) = (fmin(y0, y1), fmax(y0, y1));
        let h = width / 2.0;
        let (xa, xb) = Self::span(x0 - h, x1 + h, self.width);
        let (ya, yb) = Self::span(y0 - h, y1 + h, self.height);
        self.touch(xa, ya, xb, yb);
        // Rows between the top and bottom bands meet only the two side bands (one span when
        // they touch): a box's inside is not visited.
        let (left, right) = (Self::span(x0 - h, x0 + h, self.width), Self::span(x1 - h, x1 + h, self.width));
        let sides = if left.1 >= right.0 { [(left.0, right.1), (0, 0)] } else { [left, right] };
        for y in ya..yb {
            let outer_y = overlap(y0 - h, y1 + h, y);
            let horizontal_band = fmin(overlap(y0 - h, y0 + h, y) + overlap(y1 - h, y1 + h, y), 1.0);
            let pieces = if horizontal_band > 0.0 { [(xa, xb), (0, 0)] } else { sides };
            for x in pieces.into_iter().flat_map(|(a, b)| a..b) {
                // The union of the two vertical and the two horizontal bands.
                let outer_x = overlap(x0 - h, x1 + h, x);
                let vertical = fmin(overlap(x0 - h, x0 + h, x) + overlap(x1 - h, x1 + h, x), 1.0) * outer_y;
                let c = to_byte(fmax(vertical, horizontal_band * outer_x));
                if c > 0 {
                    self.blend(x, y, c, paint);
                }
            }
        }
    }

    /// Fills the disc of radius `r` centred on (cx, cy).
    pub fn fill_circle(&mut self, cx: f64, cy: f64, r: f64, rgb: [u8; 3], alpha: f64) {
        self.ring(cx, cy, f64::NEG_INFINITY, r, Paint::new(rgb, alpha));
    }

    /// Strokes the circle of radius `r` centred on (cx, cy) with a line `width` wide.
    pub fn stroke_circle(&mut self, cx: f64, cy: f64, r: f64, width: f64, rgb: [u8; 3], alpha: f64) {
        self.ring(cx, cy, r - width / 2.0, r + width / 2.0, Paint::new(rgb, alpha));
    }

    /// Paints the pixels whose centres lie between the radii `inner` and `outer` (−∞ for
    /// a disc), from a stamp when the centre is on a grid corner.
    pub(super) fn ring(&mut self, cx: f64, cy: f64, inner: f64, outer: f64, paint: Paint) {
        if !(outer > 0.0 && outer < 1e6 && cx.is_finite() && cy.is_finite()) {
            return;
        }
        // Markers and handles are stamped; a large ring is rasterized where it is.
        if cx.fract() == 0.0 && cy.fract() == 0.0 && outer <= 128.0 {
            let shape = Shape::Ring(inner, outer);
            self.stamp(shape, (cx as i64, cy as i64), paint, |s, x, y| s.mark_ring(x, y, inner, outer));
        } else {
            self.mark_ring(cx, cy, inner, outer);
            self.paint_mask(paint);
        }
    }

    /// Marks the ring between the radii `inner` and `outer` around (cx, cy): coverage is
    /// the overlap of [d − ½, d + ½] with [inner, outer], d the pixel centre's distance.
    pub(super) fn mark_ring(&mut self, cx: f64, cy: f64, inner: f64, outer: f64) {
        let reach = outer + 1.0;
        let (xa, xb) = Self::span(cx - reach, cx + reach, self.width);
        let (ya, yb) = Self::span(cy - reach, cy + reach, self.height);
        self.touch(xa, ya, xb, yb);
        let sq = |v: f64| if v > 0.0 { v * v } else { 0.0 };
        // Squared distances outside which a pixel is surely empty, and between which it is
        // surely full.
        let (none_out, none_in) = (sq(outer + 0.5), sq(inner - 0.5));
        let (full_out, full_in) = (sq(outer - 0.5), if inner.is_finite() { sq(inner + 0.5) } else { 0.0 });
        for y in ya..yb {
            let dy = y as f64 + 0.5 - cy;
            for x in xa..xb {
                let dx = x as f64 + 0.5 - cx;
                let d2 = dx * dx + dy * dy;
                if d2 >= none_out || (inner > 0.5 && d2 <= none_in) {
                    continue;
                }
                let c = if d2 <= full_out && d2 >= full_in {
                    1.0
                } else {
                    let d = d2.sqrt();
                    fmin(outer, d + 0.5) - fmax(inner, d - 0.5)
                };
                self.mark(x, y, c);
            }
        }
    }

    /// Fills a polygon (closed implicitly). Convex polygons get exact area coverage;
    /// others are sampled 4 × 4 per pixel with the non-zero winding rule. A polygon with
    /// whole-pixel vertices (a marker) is rasterized once and stamped.
    pub fn fill_polygon(&mut self, points: &[(f64, f64)], rgb: [u8; 3], alpha: f64) {
        let paint = Paint::new(rgb, alpha);
        if points.len() < 3 || points.iter().any(|p| !(p.0.is_finite() && p.1.is_finite())) {
            return;
        }
        let whole =
            points.iter().all(|p| p.0.fract() == 0.0 && p.1.fract() == 0.0 && p.0.abs() < 1e6 && p.1.abs() < 1e6);
        let (x0, y0) = points.iter().fold((f64::INFINITY, f64::INFINITY), |m, p| (fmin(m.0, p.0), fmin(m.1, p.1)));
        let (x1, y1) =
            points.iter().fold((f64::NEG_INFINITY, f64::NEG_INFINITY), |m, p| (fmax(m.0, p.0), fmax(m.1, p.1)));
        if whole && x1 - x0 <= 256.0 && y1 - y0 <= 256.0 {
            let shape = Shape::Polygon(points, (x0, y0));
            self.stamp(shape, (x0 as i64, y0 as i64), paint, |s, x, y| {
                let local: Vec<(f64, f64)> = points.iter().map(|p| (p.0 - x0 + x, p.1 - y0 + y)).collect();
                s.mark_polygon(&local);
            });
        } else {
            self.mark_polygon(points);
            self.paint_mask(paint);
        }
    }

    /// Marks a polygon's coverage (see [`Raster::fill_polygon`]).
    pub(super) fn mark_polygon(&mut self, points: &[(f64, f64)]) {
        let (x0, y0) = points.iter().fold((f64::INFINITY, f64::INFINITY), |m, p| (fmin(m.0, p.0), fmin(m.1, p.1)));
        let (x1, y1) =
            points.iter().fold((f64::NEG_INFINITY, f64::NEG_INFINITY), |m, p| (fmax(m.0, p.0), fmax(m.1, p.1)));
        let (xa, xb) = Self::span(x0, x1, self.width);
        let (ya, yb) = Self::span(y0, y1, self.height);
        self.touch(xa, ya, xb, yb);
        match convex_edges(points) {
            Some(edges) => {
                for y in ya..yb {
                    for x in xa..xb {
                        let (px, py) = (x as f64 + 0.5, y as f64 + 0.5);
                        let mut inside = f64::INFINITY;
                        for e in &edges {
                            inside = fmin(inside, e.distance(px, py));
                        }
                        // A pixel's corners lie within √½ of its centre.
                        let c = if inside >= 0.7072 {
                            1.0
                        } else if inside <= -0.7072 {
                            0.0
                        } else {
                            clipped_area(x as f64, y as f64, &edges)
                        };
                        self.mark(x, y, c);
                    }
                }
            }
            None => {
                for y in ya..yb {
                    for x in xa..xb {
                        let mut n = 0;
                        for sy in 0..4 {
                            for sx in 0..4 {
                                let p =
                                    (x as f64 + (f64::from(sx) + 0.5) / 4.0, y as f64 + (f64::from(sy) + 0.5) / 4.0);
                                n += i32::from(winding(points, p) != 0);
                            }
                        }
                        self.mark(x, y, f64::from(n) / 16.0);
                    }
                }
            }
        }
    }

    /// Strokes an open polyline `width` wide: butt ends, round joins.
    pub fn stroke_polyline(&mut self, points: &[(f64, f64)], width: f64, rgb: [u8; 3], alpha: f64) {
        let n = points.len();
        if n < 2 || width.is_nan() || width <= 0.0 {
            return;
        }
        let h = width / 2.0;
        // A lone horizontal or vertical segment (grid lines, ticks, axes) is a rectangle.
        if n == 2 {
            let (a, b) = (points[0], points[1]);
            if a.0 == b.0 && a.1 != b.1 {
                return self.fill_rect(a.0 - h, a.1, a.0 + h, b.1, rgb, alpha);
            }
            if a.1 == b.1 && a.0 != b.0 {
                return self.fill_rect(a.0, a.1 - h, b.0, a.1 + h, rgb, alpha);
            }
        }
        // Pixels whose centres are this far or farther from the centre line are empty:
        // the band and a round join both end h + ½ from it.
        let reach = h + 0.5;
        let unit = |i: usize| -> Option<(f64, f64)> {
            let (a, b) = (points[i], points[i + 1]);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let len = (dx * dx + dy * dy).sqrt();
            (len.is_finite() && len > 0.0).then(|| (dx / len, dy / len))
        };
        // How a segment meets its neighbour: a turn of under 15° (the ellipses' 128-gons
        // turn by 3°) is covered by running both segments' bodies on past the joint, by
        // half a pixel plus what the turn opens on the outside (h·sin θ ≥ h·tan(θ/2)); the
        // corner this leaves sticks out under 0.2 px past a round join. Sharper turns get
        // the round join, whose square root per pixel costs more.
        let join = |u: (f64, f64), v: Option<(f64, f64)>| -> Option<f64> {
            let v = v?;
            let cos = u.0 * v.0 + u.1 * v.1;
            let sin = (u.0 * v.1 - u.1 * v.0).abs();
            (cos >= 0.966).then_some(0.5 + h * sin)
        };
        // A single segment reaches each pixel once: it is painted as it goes, without the
        // coverage mask that keeps a polyline's joints from doubling the alpha.
        let direct = (n == 2).then(|| Paint::new(rgb, alpha));
        for i in 0..n - 1 {
            let (a, b) = (points[i], points[i + 1]);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let len = (dx * dx + dy * dy).sqrt();
            let Some((ux, uy)) = unit(i) else { continue };
            let smooth_a = if i > 0 { join((ux, uy), unit(i - 1)) } else { None };
            let smooth_b = if i + 2 < n { join((ux, uy), unit(i + 1)) } else { None };
            let (round_a, round_b) = (i > 0 && smooth_a.is_none(), i + 2 < n && smooth_b.is_none());
            let (ext_a, ext_b) = (smooth_a.unwrap_or(0.0), smooth_b.unwrap_or(0.0));
            let grow = reach + fmax(ext_a, ext_b);
            let (xa, xb) = Self::span(fmin(a.0, b.0) - grow, fmax(a.0, b.0) + grow, self.width);
            let (ya, yb) = Self::span(fmin(a.1, b.1) - grow, fmax(a.1, b.1) + grow, self.height);
            // Row by row (below): a long slanted segment's box is mostly empty, and
            // whatever is marked drawn on is copied back from the base next frame.
            for y in ya..yb {
                let py = y as f64 + 0.5 - a.1;
                // The pixels of this row whose centres lie within `reach` of the line:
                // |px·uy − py·ux| < reach, px = x + ½ − a.x.
                let (lo, hi) = if uy.abs() > 1e-12 {
                    let (p, q) = ((py * ux - reach) / uy, (py * ux + reach) / uy);
                    let (p, q) = (fmin(p, q) + a.0 - 0.5, fmax(p, q) + a.0 - 0.5);
                    ((p.ceil() as i64).max(xa), (q.floor() as i64 + 1).min(xb))
                } else if (py * ux).abs() < reach {
                    (xa, xb)
                } else {
                    continue;
                };
                if lo >= hi {
                    continue;
                }
                self.touch(lo, y, hi, y + 1);
                // lo..hi and y are within the image (clamped above).
                let row = y as usize * self.width as usize;
                for x in lo..hi {
                    let px = x as f64 + 0.5 - a.0;
                    let t = px * ux + py * uy;
                    let across = (px * uy - py * ux).abs();
                    // The body: the band across, times how much of the pixel lies between
                    // the ends along the segment (run on past a smooth joint).
                    let along = clamp01(fmin(len + ext_b, t + 0.5) - fmax(-ext_a, t - 0.5));
                    let mut c = band(across, width) * along;
                    // Round joins with the neighbouring segments at sharp turns.
                    if round_a && t < 0.5 {
                        c = fmax(c, band((px * px + py * py).sqrt(), width));
                    }
                    if round_b && t > len - 0.5 {
                        let (qx, qy) = (px - dx, py - dy);
                        c = fmax(c, band((qx * qx + qy * qy).sqrt(), width));
                    }
                    if let Some(paint) = direct {
                        // mark_at's rounding, painted at once.
                        if c > 0.0 {
                            self.blend_at(row + x as usize, (fmin(c, 1.0) * 255.0 + 0.5) as u32, paint);
                        }
                    } else {
                        self.mark_at(row + x as usize, c);
                    }
                }
            }
        }
        self.paint_mask(Paint::new(rgb, alpha));
    }

    /// Strokes the ellipse {p : (p − c)ᵀ Q (p − c) = 1} with a line `width` wide, painting
    /// only inside `clip` = [x0, y0, x1, y1) (the plot box). `q` = [Q₁₁, Q₁₂, Q₂₂], Q
    /// positive definite, in pixel units. Each pixel is visited once and painted at once:
    /// its coverage is the band's, `band`, at the distance of its centre from the curve
    /// taken to first order, (g − 1)/|∇g| with g = √((p − c)ᵀ Q (p − c)): exact for a
    /// circle; on an ellipse of semi-axes 120 and 40 px, where its ends bend on a radius of
    /// 13 px, within 0.07 of the exact coverage (tests/it/plot_figure.rs). A polygon of many
    /// short segments, the alternative, visits every pixel near a joint twice.
    pub fn stroke_ellipse(&mut self, c: (f64, f64), q: [f64; 3], width: f64, clip: [f64; 4], rgb: [u8; 3], alpha: f64) {
        let [qa, qb, qd] = q;
        let det = qa * qd - qb * qb;
        let ok = [c.0, c.1, qa, qb, qd, width].iter().all(|v| v.is_finite());
        if !(ok && qa > 0.0 && det > 0.0 && width > 0.0) {
            return;
        }
        let paint = Paint::new(rgb, alpha);
        let h = width / 2.0;
        let reach = h + 0.5;
        // |∇g| is at most √λmax(Q): within `reach` of the curve, g lies in [g_in, g_out].
        let lmax = 0.5 * (qa + qd) + (0.25 * (qa - qd) * (qa - qd) + qb * qb).sqrt();
        let spread = reach * lmax.sqrt();
        let (g_out, g_in) = (1.0 + spread, 1.0 - spread);
        let [cx0, cy0, cx1, cy1] = clip;
        // Rows: the outer ellipse reaches √(Q⁻¹₂₂)·g_out = √(qa/det)·g_out above and below c.
        let half_h = (qa / det).sqrt() * g_out;
        let (ya, yb) = Self::span(fmax(c.1 - half_h, cy0), fmin(c.1 + half_h, cy1), self.height);
        let (xlo, xhi) = Self::span(cx0, cx1, self.width);
        let w = self.width as usize;
        // The x extent, about c, of the level set g = level on the row dy below c:
        // qa·dx² + 2·qb·dy·dx + qd·dy² − level² = 0.
        let roots = |dy: f64, level: f64| -> Option<(f64, f64)> {
            let disc = qb * qb * dy * dy - qa * (qd * dy * dy - level * level);
            (disc > 0.0).then(|| {
                let r = disc.sqrt();
                ((-qb * dy - r) / qa, (-qb * dy + r) / qa)
            })
        };
        for y in ya..yb {
            let dy = y as f64 + 0.5 - c.1;
            let Some((o0, o1)) = roots(dy, g_out) else { continue };
            // The pixels whose centres lie in [c.x + from, c.x + to].
            let columns = |from: f64, to: f64| -> (i64, i64) {
                let lo = ((c.0 + from - 0.5).ceil() as i64).max(xlo);
                let hi = ((c.0 + to - 0.5).floor() as i64 + 1).min(xhi);
                (lo, hi)
            };
            let pieces = match (g_in > 0.0).then(|| roots(dy, g_in)).flatten() {
                Some((i0, i1)) => [columns(o0, i0), columns(i1, o1)],
                None => [columns(o0, o1), (0, 0)],
            };
            let row = y as usize * w;
            for (lo, hi) in pieces {
                if lo >= hi {
                    continue;
                }
                self.touch(lo, y, hi, y + 1);
                for x in lo..hi {
                    let dx = x as f64 + 0.5 - c.0;
                    let (vx, vy) = (qa * dx + qb * dy, qb * dx + qd * dy);
                    let g2 = dx * vx + dy * vy;
                    let n2 = vx * vx + vy * vy;
                    if n2 <= 0.0 {
                        continue;
                    }
                    let g = g2.sqrt();
                    let d = (g - 1.0) * g / n2.sqrt();
                    let cover = to_byte(band(d, width));
                    if cover > 0 {
                        self.blend_at(row + x as usize, cover, paint);
                    }
                }
            }
        }
    }
}

/// How much of pixel `i`'s extent [i, i + 1] lies in [lo, hi].
#[inline]
pub(super) fn overlap(lo: f64, hi: f64, i: i64) -> f64 {
    fmax(fmin(hi, i as f64 + 1.0) - fmax(lo, i as f64), 0.0)
}

/// Coverage of a pixel by a band `width` wide whose centre line passes `d` from the
/// pixel's centre: the overlap of [d − w/2, d + w/2] with [−½, ½].
#[inline]
pub(super) fn band(d: f64, width: f64) -> f64 {
    let h = width / 2.0;
    clamp01(fmin(d + h, 0.5) - fmax(d - h, -0.5))
}

/// A polygon edge as the half-plane it bounds: `distance` is positive inside.
#[derive(Debug, Clone, Copy)]
pub(super) struct Edge {
    nx: f64,
    ny: f64,
    c: f64,
}

impl Edge {
    #[inline]
    pub(super) fn distance(&self, x: f64, y: f64) -> f64 {
        self.nx * x + self.ny * y + self.c
    }
}

/// The inward unit normals of a convex polygon's edges, or `None` when it is not convex
/// (or has no area).
pub(super) fn convex_edges(points: &[(f64, f64)]) -> Option<Vec<Edge>> {
    let n = points.len();
    let mut sign = 0.0;
    let mut area2 = 0.0;
    for i in 0..n {
        let (a, b, c) = (points[i], points[(i + 1) % n], points[(i + 2) % n]);
        let cross = (b.0 - a.0) * (c.1 - b.1) - (b.1 - a.1) * (c.0 - b.0);
        area2 += a.0 * b.1 - b.0 * a.1;
        if cross != 0.0 {
            if sign == 0.0 {
                sign = cross.signum();
            } else if cross.signum() != sign {
                return None;
            }
        }
    }
    if sign == 0.0 || area2 == 0.0 {
        return None;
    }
    let mut edges = Vec::with_capacity(n);
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len == 0.0 {
            continue;
        }
        // Inside is to the left of a→b when the turns are positive, else to the right.
        let (nx, ny) = (-dy * sign / len, dx * sign / len);
        edges.push(Edge { nx, ny, c: -(nx * a.0 + ny * a.1) });
    }
    Some(edges)
}

/// The area of the pixel square [x, x+1] × [y, y+1] inside every edge's half-plane.
pub(super) fn clipped_area(x: f64, y: f64, edges: &[Edge]) -> f64 {
    let mut poly: Vec<(f64, f64)> = vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)];
    let mut next = Vec::with_capacity(8);
    for e in edges {
        next.clear();
        for i in 0..poly.len() {
            let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
            let (dp, dq) = (e.distance(p.0, p.1), e.distance(q.0, q.1));
            if dp >= 0.0 {
                next.push(p);
            }
            if (dp >= 0.0) != (dq >= 0.0) {
                let s = dp / (dp - dq);
                next.push((p.0 + s * (q.0 - p.0), p.1 + s * (q.1 - p.1)));
            }
        }
        std::mem::swap(&mut poly, &mut next);
        if poly.is_empty() {
            return 0.0;
        }
    }
    let mut a = 0.0;
    for i in 0..poly.len() {
        let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
        a += p.0 * q.1 - q.0 * p.1;
    }
    fmin((a / 2.0).abs(), 1.0)
}

/// The winding number of the closed polygon around `p`.
pub(super) fn winding(points: &[(f64, f64)], p: (f64, f64)) -> i32 {
    let mut w = 0;
    for i in 0..points.len() {
        let (a, b) = (points[i], points[(i + 1) % points.len()]);
        let side = (b.0 - a.0) * (p.1 - a.1) - (p.0 - a.0) * (b.1 - a.1);
        if a.1 <= p.1 {
            if b.1 > p.1 && side > 0.0 {
                w += 1;
            }
        } else if b.1 <= p.1 && side < 0.0 {
            w -= 1;
        }
    }
    w
}
