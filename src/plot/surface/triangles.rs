//! Filling a projected triangle into an RGBA buffer, flat or with its alpha faded across it
//! (the surfaces' facets), span by span.

/// Fills a triangle by pixel centres (no antialiasing), blending `rgb` at alpha `a` (0–255)
/// over the RGBA image of size `(w, h)`. A pixel belongs to the triangle when its centre
/// lies inside, or on a left or top edge: triangles sharing an edge (the quads of one
/// surface, each drawn as two) cover every pixel along it exactly once, so translucent
/// surfaces show no seams. An edge's crossing with a row is computed from its endpoints in
/// one fixed order, so the two triangles sharing it get the same number.
pub fn fill_triangle(rgba: &mut [u8], (w, h): (usize, usize), tri: [(f64, f64); 3], rgb: [u8; 3], a: u32) {
    if a == 0 || tri.iter().any(|p| !(p.0.is_finite() && p.1.is_finite())) {
        return;
    }
    let a = a.min(255);
    let keep = 255 - a;
    let src = rgb.map(|c| u32::from(c) * a);
    for_each_span(tri, (w, h), |row, _, c0, c1| {
        let start = row * w;
        if a == 255 {
            // Opaque: a copy.
            let end = (start + c1).min(rgba.len() / 4);
            if start + c0 < end {
                for px in rgba[4 * (start + c0)..4 * end].chunks_exact_mut(4) {
                    px[..3].copy_from_slice(&rgb);
                }
            }
            return;
        }
        for i in start + c0..start + c1 {
            let Some(px) = rgba.get_mut(4 * i..4 * i + 3) else { break };
            for ch in 0..3 {
                px[ch] = ((src[ch] + u32::from(px[ch]) * keep + 127) / 255) as u8;
            }
        }
    });
}

/// The pixels of a triangle with finite corners, row by row, for an image `w` × `h`:
/// `f(row, y of the row's centres, c0, c1)` for each row that has some, the pixels
/// `c0..c1` (c0 < c1) being those whose centres lie inside, or on a left or top edge. Rows
/// whose centres lie in [y_min, y_max); an edge's crossing with a row is computed from its
/// endpoints in one fixed order (by y, then x), so two triangles sharing the edge get the
/// same number and cover each pixel along it exactly once.
pub(super) fn for_each_span(tri: [(f64, f64); 3], (w, h): (usize, usize), mut f: impl FnMut(usize, f64, usize, usize)) {
    let y_min = tri.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let y_max = tri.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    let row0 = (y_min - 0.5).ceil().max(0.0);
    let row1 = ((y_max - 0.5).ceil()).min(h as f64);
    if row0 >= row1 {
        return;
    }
    let edges = [(tri[0], tri[1]), (tri[1], tri[2]), (tri[2], tri[0])].map(|(p, q)| {
        if (p.1, p.0) <= (q.1, q.0) {
            (p, q)
        } else {
            (q, p)
        }
    });
    for row in row0 as usize..row1 as usize {
        let yc = row as f64 + 0.5;
        let (mut xl, mut xr) = (f64::INFINITY, f64::NEG_INFINITY);
        for &(p, q) in &edges {
            // Half-open in y, so a vertex on the row is met by exactly the edges below it.
            if p.1 <= yc && yc < q.1 {
                let x = p.0 + (yc - p.1) * (q.0 - p.0) / (q.1 - p.1);
                xl = xl.min(x);
                xr = xr.max(x);
            }
        }
        if xl >= xr {
            continue;
        }
        // Pixels whose centres lie in [xl, xr).
        let c0 = (xl - 0.5).ceil().max(0.0) as usize;
        let c1 = ((xr - 0.5).ceil().min(w as f64)).max(0.0) as usize;
        if c0 < c1 {
            f(row, yc, c0, c1);
        }
    }
}

/// [`fill_triangle`] with an opacity (0–255) given at each corner and interpolated across
/// the triangle, for the surfaces' tails that fade into the floor. The same pixels are
/// covered as by [`fill_triangle`] (both walk `for_each_span`).
pub fn fill_triangle_faded(rgba: &mut [u8], (w, h): (usize, usize), tri: [(f64, f64); 3], rgb: [u8; 3], a: [f64; 3]) {
    if tri.iter().any(|p| !(p.0.is_finite() && p.1.is_finite())) || a.iter().all(|&v| v.is_nan() || v <= 0.0) {
        return;
    }
    // The opacity as a plane over the screen: a(x, y) = ax·x + ay·y + a0.
    let (p0, p1, p2) = (tri[0], tri[1], tri[2]);
    let det = (p1.0 - p0.0) * (p2.1 - p0.1) - (p2.0 - p0.0) * (p1.1 - p0.1);
    if det.abs() < 1e-12 {
        return;
    }
    let ax = ((a[1] - a[0]) * (p2.1 - p0.1) - (a[2] - a[0]) * (p1.1 - p0.1)) / det;
    let ay = ((a[2] - a[0]) * (p1.0 - p0.0) - (a[1] - a[0]) * (p2.0 - p0.0)) / det;
    let a0 = a[0] - ax * p0.0 - ay * p0.1;
    let top = a.iter().copied().fold(0.0, f64::max).min(255.0);
    for_each_span(tri, (w, h), |row, yc, c0, c1| {
        let start = row * w;
        let mut alpha = ax * (c0 as f64 + 0.5) + ay * yc + a0;
        for i in start + c0..start + c1 {
            let Some(px) = rgba.get_mut(4 * i..4 * i + 3) else { break };
            let k = alpha.clamp(0.0, top).round() as u32;
            alpha += ax;
            if k == 0 {
                continue;
            }
            let keep = 255 - k;
            for ch in 0..3 {
                px[ch] = ((u32::from(rgb[ch]) * k + u32::from(px[ch]) * keep + 127) / 255) as u8;
            }
        }
    });
}
