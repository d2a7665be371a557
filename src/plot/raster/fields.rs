//! Heat fields: a coarse grid of scores interpolated and coloured into the buffer (one
//! posterior, or k class scores and their argmax), and linear fields painted in bands.

use super::*;

/// The most fields [`Raster::draw_class_field`] interpolates: k class scores and one
/// posterior, k at most 15.
pub const MAX_FIELD_PLANES: usize = 16;

/// Buffers [`Raster::draw_field_scaled`] keeps between frames.
#[derive(Debug, Clone, Default)]
pub(super) struct ImageScratch {
    colours: Vec<[u8; 4]>,
    cols: Vec<(u32, i32)>,
    row: Vec<i32>,
    line: Vec<[u8; 4]>,
}

impl Raster {
    /// Draws a field of table positions `src` (`sw × sh`) stretched over the pixel
    /// rectangle [l, r) × [t, b), one colour per `block × block` pixels: each block
    /// interpolates the field bilinearly at its centre's position (edges clamped, as a
    /// smoothed canvas `drawImage` samples) and takes the opaque colour
    /// `table[⌊position⌋]` (clamped to the table). Looking the colour up after
    /// interpolating, rather than interpolating colours, follows a nonlinear colour map
    /// exactly; blocks of one CSS pixel cost a quarter of the work at a device pixel
    /// ratio of 2, invisibly in a smooth field.
    pub fn draw_field_scaled(
        &mut self,
        src: &[f32],
        sw: usize,
        sh: usize,
        dst: [i32; 4],
        table: &[[u8; 4]],
        block: u32,
    ) {
        let [l, t, r, b] = dst;
        if sw == 0 || sh == 0 || src.len() < sw * sh || r <= l || b <= t || table.is_empty() || block == 0 {
            return;
        }
        let Some(area) = self.clip_area(dst) else { return };
        let [xa, _, xb, yb] = area;
        let block = i64::from(block);
        // Source position of the centre of the block starting at destination coordinate d:
        // a cell and the weight of the next one, in 1/256ths (the last cell is padded with a
        // copy, so the next always exists).
        let sample = |d: i64, from: i32, to: i32, n: usize, end: i64| -> (u32, i32) {
            let centre = d as f64 + (block.min(end - d)) as f64 / 2.0;
            let s = (centre - f64::from(from)) * n as f64 / f64::from(to - from) - 0.5;
            let s = fmax(0.0, fmin(s, (n - 1) as f64));
            let i = s.floor();
            (i as u32, ((s - i) * 256.0).round() as i32)
        };
        // Scratch kept between frames: the colours packed, each destination block
        // column's cell and weight, and the field interpolated down to the current row, in
        // fixed point (1/256 of a table entry: positions stay below 2¹⁴, products below 2³⁰).
        let mut scratch = std::mem::take(&mut self.image_scratch);
        scratch.colours.clear();
        scratch.colours.extend(table.iter().map(|c| [c[0], c[1], c[2], 255]));
        scratch.cols.clear();
        scratch.cols.extend((xa..xb).step_by(block as usize).map(|x| sample(x, l, r, sw, xb)));
        scratch.row.resize(sw + 1, 0);
        let last = (table.len() - 1) as f32;
        let top = table.len() - 1;
        let fixed = |v: f32| {
            (if v > 0.0 {
                if v < last {
                    v
                } else {
                    last
                }
            } else {
                0.0
            } * 256.0) as i32
        };
        let n = (xb - xa) as usize;
        self.fill_bands(area, block, |y, out| {
            let (y0, fy) = sample(y, t, b, sh, yb);
            let y0 = y0 as usize;
            let y1 = (y0 + 1).min(sh - 1);
            let (upper, lower) = (&src[y0 * sw..(y0 + 1) * sw], &src[y1 * sw..(y1 + 1) * sw]);
            let fy = fy as f32 / 256.0;
            for ((o, &p), &q) in scratch.row.iter_mut().zip(upper).zip(lower) {
                *o = fixed(p + (q - p) * fy);
            }
            scratch.row[sw] = scratch.row[sw - 1];
            // The colours of the row's pixels, packed, then written out in one simple pass.
            let (row, colours, line) = (&scratch.row, &scratch.colours, &mut scratch.line);
            line.resize(n, [0; 4]);
            let mut j = 0;
            for &(x0, fx) in &scratch.cols {
                let x0 = x0 as usize;
                let (p, q) = (row[x0], row[x0 + 1]);
                let k = ((p + (((q - p) * fx) >> 8)) >> 8) as usize;
                let c = colours[k.min(top)];
                let end = (j + block as usize).min(n);
                // A pixel at a time: `fill` on a block's short slice is a call per block at
                // opt-level "s".
                for o in &mut line[j..end] {
                    *o = c;
                }
                j = end;
            }
            // One copy per row: a 4-byte copy per pixel is a call per pixel at opt-level "s".
            out.copy_from_slice(scratch.line.as_flattened());
        });
        self.image_scratch = scratch;
    }

    /// Draws the regions of a k-class model (k < [`MAX_FIELD_PLANES`]): `planes` holds k + 1 fields of `sw × sh`
    /// cells, the k class scores then the top class's posterior, stretched over the pixel
    /// rectangle `dst` as [`Raster::draw_field_scaled`] stretches one. Each `block × block`
    /// block interpolates every field bilinearly at its centre, takes the class c of the
    /// largest interpolated score and the level ⌊p·levels⌋ of the interpolated posterior,
    /// and is painted the opaque `table[c·levels + level]`. Scores that differ by an affine
    /// function interpolate to the same differences, so a linear model's regions meet on
    /// its exact boundaries.
    #[allow(clippy::too_many_arguments)]
    pub fn draw_class_field(
        &mut self,
        planes: &[f32],
        (sw, sh): (usize, usize),
        k: usize,
        dst: [i32; 4],
        table: &[[u8; 4]],
        levels: usize,
        block: u32,
    ) {
        let [l, t, r, b] = dst;
        let cells = sw * sh;
        if sw == 0 || sh == 0 || k == 0 || levels == 0 || planes.len() < (k + 1) * cells || table.len() < k * levels {
            return;
        }
        // A class in a byte, a table entry in 16 bits, the fields on the stack.
        if k >= MAX_FIELD_PLANES || k * levels > 0xFFFF {
            return;
        }
        if r <= l || b <= t || block == 0 {
            return;
        }
        let Some(area) = self.clip_area(dst) else { return };
        let [xa, _, xb, yb] = area;
        let block = i64::from(block);
        let sample = |d: i64, from: i32, to: i32, n: usize, end: i64| -> (usize, f32) {
            let centre = d as f64 + (block.min(end - d)) as f64 / 2.0;
            let s = (centre - f64::from(from)) * n as f64 / f64::from(to - from) - 0.5;
            let s = fmax(0.0, fmin(s, (n - 1) as f64));
            let i = s.floor();
            (i as usize, (s - i) as f32)
        };
        let cols: Vec<(usize, f32)> = (xa..xb).step_by(block as usize).map(|x| sample(x, l, r, sw, xb)).collect();
        // ⌊p·levels⌋ within the table; plain comparisons (a saturating float-to-integer
        // conversion behind `clamp` costs several times more, once per block).
        let (scale, top_level) = (levels as f32, levels - 1);
        let level_of = |p: f32| {
            let v = p * scale;
            if v >= top_level as f32 {
                top_level
            } else if v >= 1.0 {
                v as u32 as usize
            } else {
                0
            }
        };
        // Each field node's class (the largest score, ties to the smaller index) and table
        // entry.
        let (mut node_class, mut node_entry) = (vec![0u8; cells], vec![0u16; cells]);
        for cell in 0..cells {
            let (mut best, mut best_score) = (0usize, planes[cell]);
            for c in 1..k {
                let v = planes[c * cells + cell];
                if v > best_score {
                    (best, best_score) = (c, v);
                }
            }
            node_class[cell] = best as u8;
            node_entry[cell] = (best * levels + level_of(planes[k * cells + cell])) as u16;
        }
        // A block interpolates the four nodes around it with weights ≥ 0, so a class that
        // wins at all four wins everywhere between them (each score difference is
        // interpolated the same way), and a posterior level shared by all four holds
        // between them too. Such cells skip the interpolation: `FLAT | entry` when the
        // colour is the same at the four nodes, `CLASS | c` when only the class is, `MIXED`
        // (a cell the boundary crosses) otherwise.
        const FLAT: u32 = 1 << 16;
        const CLASS: u32 = 2 << 16;
        const MIXED: u32 = 3 << 16;
        let mut state = vec![MIXED; cells];
        for j in 0..sh {
            let j1 = (j + 1).min(sh - 1);
            for i in 0..sw {
                let i1 = (i + 1).min(sw - 1);
                let corners = [j * sw + i, j * sw + i1, j1 * sw + i, j1 * sw + i1];
                let entry = node_entry[corners[0]];
                let class = node_class[corners[0]];
                state[j * sw + i] = if corners.iter().all(|&c| node_entry[c] == entry) {
                    FLAT | u32::from(entry)
                } else if corners.iter().all(|&c| node_class[c] == class) {
                    CLASS | u32::from(class)
                } else {
                    MIXED
                };
            }
        }
        let n = (xb - xa) as usize;
        let bw = block as usize;
        // The blocks of a row that fall between field columns i and i + 1: `span[i]`, a
        // range of `cols` (the columns are in order, so each range is contiguous).
        let mut span = vec![(0usize, 0usize); sw];
        for (ci, &(x0, _)) in cols.iter().enumerate() {
            if span[x0].1 == 0 {
                span[x0].0 = ci;
            }
            span[x0].1 = ci + 1;
        }
        let mut line = vec![[0u8; 4]; n];
        // The field row the line was last laid out for: its flat cells stay as they are
        // while the rows of blocks go on between the same two field rows.
        let mut laid = usize::MAX;
        let mut busy: Vec<usize> = Vec::with_capacity(sw);
        self.fill_bands(area, block, |y, out| {
            let (y0, fy) = sample(y, t, b, sh, yb);
            let y1 = (y0 + 1).min(sh - 1);
            let states = &state[y0 * sw..(y0 + 1) * sw];
            if laid != y0 {
                laid = y0;
                busy.clear();
                for (i, (&s, &(c0, c1))) in states.iter().zip(&span).enumerate() {
                    if c1 == 0 {
                        continue;
                    }
                    if s & !0xFFFF == FLAT {
                        let colour = table[(s & 0xFFFF) as usize];
                        for o in &mut line[c0 * bw..(c1 * bw).min(n)] {
                            *o = colour;
                        }
                    } else {
                        busy.push(i);
                    }
                }
            }
            for &x0 in &busy {
                let x1 = (x0 + 1).min(sw - 1);
                let s = states[x0];
                // The four nodes of every field around this cell, interpolated along y.
                let mut lo = [0f32; MAX_FIELD_PLANES];
                let mut hi = [0f32; MAX_FIELD_PLANES];
                let planes_here = if s & !0xFFFF == CLASS { k..=k } else { 0..=k };
                for plane in planes_here.clone() {
                    let base = plane * cells;
                    let (p0, q0) = (planes[base + y0 * sw + x0], planes[base + y1 * sw + x0]);
                    let (p1, q1) = (planes[base + y0 * sw + x1], planes[base + y1 * sw + x1]);
                    lo[plane] = p0 + (q0 - p0) * fy;
                    hi[plane] = p1 + (q1 - p1) * fy;
                }
                let (c0, c1) = span[x0];
                if s & !0xFFFF == CLASS {
                    // One class across the cell, and the posterior linear along the row
                    // within it: one level at both ends is the level of the whole span.
                    let class = (s & 0xFFFF) as usize;
                    let level = |ci: usize| level_of(lo[k] + (hi[k] - lo[k]) * cols[ci].1);
                    let (first, last) = (level(c0), level(c1 - 1));
                    if first == last {
                        let colour = table[class * levels + first];
                        for o in &mut line[c0 * bw..(c1 * bw).min(n)] {
                            *o = colour;
                        }
                        continue;
                    }
                }
                for ci in c0..c1 {
                    let fx = cols[ci].1;
                    let at = |plane: usize| lo[plane] + (hi[plane] - lo[plane]) * fx;
                    let class = if s & !0xFFFF == CLASS {
                        (s & 0xFFFF) as usize
                    } else {
                        let (mut best, mut best_score) = (0usize, at(0));
                        for c in 1..k {
                            let v = at(c);
                            if v > best_score {
                                (best, best_score) = (c, v);
                            }
                        }
                        best
                    };
                    let colour = table[class * levels + level_of(at(k))];
                    for o in &mut line[ci * bw..((ci + 1) * bw).min(n)] {
                        *o = colour;
                    }
                }
            }
            out.copy_from_slice(line.as_flattened());
        });
    }

    /// The pixels of `dst` = [l, t, r, b) inside the image, as [xa, ya, xb, yb), marked as
    /// drawn on; `None` when there are none.
    pub(super) fn clip_area(&mut self, dst: [i32; 4]) -> Option<[i64; 4]> {
        let [l, t, r, b] = dst;
        let (w, h) = (i64::from(self.width), i64::from(self.height));
        let (xa, xb) = (i64::from(l).max(0), i64::from(r).min(w));
        let (ya, yb) = (i64::from(t).max(0), i64::from(b).min(h));
        if xa >= xb || ya >= yb {
            return None;
        }
        self.touch(xa, ya, xb, yb);
        Some([xa, ya, xb, yb])
    }

    /// Fills `area` ([`Raster::clip_area`]) in bands of `block` rows: `first(y, out)` writes
    /// the band's first row, row y, given its pixels [xa, xb) as RGBA bytes; the band's
    /// other rows are copies of it.
    pub(super) fn fill_bands(&mut self, area: [i64; 4], block: i64, mut first: impl FnMut(i64, &mut [u8])) {
        let [xa, ya, xb, yb] = area;
        let n = (xb - xa) as usize;
        let stride = 4 * self.width as usize;
        let mut y = ya;
        while y < yb {
            let start = y as usize * stride + 4 * xa as usize;
            first(y, &mut self.rgba[start..start + 4 * n]);
            let rows = block.min(yb - y) as usize;
            for k in 1..rows {
                self.rgba.copy_within(start..start + 4 * n, start + k * stride);
            }
            y += block;
        }
    }

    /// [`Raster::draw_field_scaled`] for a field that is affine in the pixel position:
    /// table position `p(x, y) = origin + step[0]·x + step[1]·y` at the continuous pixel
    /// coordinates (x, y), over the pixel rectangle [l, r) × [t, b). Each `block × block`
    /// block takes the opaque colour `table[⌊p⌋]` (clamped to the table) at its centre,
    /// as the scaled field's blocks do; where that interpolates a coarse field (exact for
    /// an affine one only up to its fixed point), this evaluates p itself, for a fraction
    /// of the work per block (the posterior heat map of a linear model).
    pub fn draw_linear_field(&mut self, origin: f64, step: [f64; 2], dst: [i32; 4], table: &[[u8; 4]], block: u32) {
        let [l, t, r, b] = dst;
        let finite = origin.is_finite() && step.iter().all(|v| v.is_finite());
        if !finite || r <= l || b <= t || table.is_empty() || block == 0 {
            return;
        }
        let Some(area) = self.clip_area(dst) else { return };
        let [xa, _, _, yb] = area;
        let block = i64::from(block);
        let last = (table.len() - 1) as f64;
        // The centre of the block starting at d, in a span ending at `end`.
        let centre = |d: i64, end: i64| d as f64 + (block.min(end - d)) as f64 / 2.0;
        let colour = |p: f64| {
            // 0 < p < last < 2³¹: the conversion through i32 is one instruction, where one
            // to usize guards the whole range.
            let k = if p > 0.0 {
                if p < last {
                    p as i32 as usize
                } else {
                    table.len() - 1
                }
            } else {
                0
            };
            let c = table.get(k).copied().unwrap_or([255; 4]);
            [c[0], c[1], c[2], 255]
        };
        let (wide, half) = (4 * block as usize, block as f64 / 2.0);
        self.fill_bands(area, block, |y, line| {
            let row_origin = origin + step[1] * centre(y, yb);
            // Block centres step by `block`; a last block cut short has its own.
            let mut cx = xa as f64 + half;
            if block == 2 {
                // The common case (dpr 2): a block's two pixels in one 8-byte array (built from
                // bytes, not by a u64 multiply: see [`Lanes`]).
                let mut pairs = line.chunks_exact_mut(8);
                for out in &mut pairs {
                    let c = colour(row_origin + step[0] * cx);
                    if let Ok(out) = <&mut [u8; 8]>::try_from(out) {
                        *out = [c[0], c[1], c[2], c[3], c[0], c[1], c[2], c[3]];
                    }
                    cx += 2.0;
                }
                if let Ok(last) = <&mut [u8; 4]>::try_from(pairs.into_remainder()) {
                    *last = colour(row_origin + step[0] * (cx - 0.5));
                }
            } else {
                for out in line.chunks_mut(wide) {
                    let at = if out.len() == wide { cx } else { cx - half + (out.len() / 4) as f64 / 2.0 };
                    let c = colour(row_origin + step[0] * at);
                    // As arrays: a 4-byte slice copy is a call per pixel at opt-level "s".
                    for px in out.chunks_exact_mut(4) {
                        if let Ok(px) = <&mut [u8; 4]>::try_from(px) {
                            *px = c;
                        }
                    }
                    cx += 2.0 * half;
                }
            }
        });
    }
}
