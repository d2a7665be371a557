//! Source-over blending of one colour into the opaque buffer, four bytes at a time, and the
//! coverage mask a shape is rasterized into before it is painted in one pass.

use super::*;

/// A colour and its alpha in 0–255, as the canvas quantizes a style's alpha; the colour
/// is kept as two pairs of 16-bit lanes ([`Lanes`]), its alpha lane opaque.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Paint {
    pub(super) lanes: Lanes,
    pub(super) alpha: u32,
}

impl Paint {
    pub(super) fn new(rgb: [u8; 3], alpha: f64) -> Paint {
        Paint { lanes: Lanes::of(u32::from_le_bytes([rgb[0], rgb[1], rgb[2], 255])), alpha: to_byte(alpha) }
    }

    /// The colour's lanes times alpha `a` (0–255), for [`blend_pixel`].
    #[inline(always)]
    pub(super) fn times(self, a: u32) -> Lanes {
        self.lanes.times(a)
    }
}

/// A pixel's four bytes (little-endian RGBA) spread into 16-bit lanes of two u32: red and
/// blue in `rb`, green and alpha in `ga`, each byte in the low half of its lane. A lane
/// holds up to 255² + 255, so products and sums of bytes never carry into the next one.
///
/// 32-bit words, not one u64: u32 is wasm32's native width, and in debug builds an
/// overflow-checked 64-bit multiply is a call to a 128-bit multiply. (This was first written
/// against WebKit's wrong integers, tests/webkit_reproducer/README.md; they turned out not to
/// depend on the width.)
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Lanes {
    pub(super) rb: u32,
    pub(super) ga: u32,
}

impl Lanes {
    #[inline(always)]
    pub(super) fn of(d: u32) -> Lanes {
        Lanes { rb: d & 0x00FF_00FF, ga: (d >> 8) & 0x00FF_00FF }
    }

    /// Every lane times `a` ≤ 255: at most 255² per lane, no carry.
    #[inline(always)]
    pub(super) fn times(self, a: u32) -> Lanes {
        Lanes { rb: self.rb * a, ga: self.ga * a }
    }
}

/// x / 255 rounded in both 16-bit lanes of `x` (each ≤ 255²: see [`div255`]).
#[inline(always)]
pub(super) fn div255_lanes(x: u32) -> u32 {
    let x = x + 0x0080_0080;
    ((x + ((x >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
}

/// Blends a colour over the opaque pixel `p`: `src` is the colour's [`Lanes`] already
/// multiplied by its alpha a, `na` = 255 − a. All four bytes at once; the alpha lane
/// blends 255 with 255 and stays opaque.
#[inline(always)]
pub(super) fn blend_pixel(p: &mut [u8; 4], src: Lanes, na: u32) {
    let d = Lanes::of(u32::from_le_bytes(*p)).times(na);
    let rb = div255_lanes(src.rb + d.rb);
    let ga = div255_lanes(src.ga + d.ga);
    *p = (rb | (ga << 8)).to_le_bytes();
}

impl Raster {
    /// Whether (x, y) is a pixel of the image.
    #[inline]
    pub(super) fn inside(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && x < i64::from(self.width) && y < i64::from(self.height)
    }

    /// Blends `paint` over pixel (x, y) (inside the image) at coverage `c` (0–255).
    #[inline]
    pub(super) fn blend(&mut self, x: i64, y: i64, c: u32, paint: Paint) {
        self.blend_at(y as usize * self.width as usize + x as usize, c, paint);
    }

    /// [`Raster::blend`] by pixel index.
    // Always inlined: it is most of the work of every shape, and a call per pixel is not.
    #[inline(always)]
    pub(super) fn blend_at(&mut self, i: usize, c: u32, paint: Paint) {
        let a = div255(paint.alpha * c);
        if a == 0 {
            return;
        }
        if self.recording {
            self.record(i, a, paint);
        }
        self.blend_alpha(i, a, paint);
    }

    /// Blends `paint`'s colour over pixel `i` at alpha `a` (1–255).
    #[inline(always)]
    pub(super) fn blend_alpha(&mut self, i: usize, a: u32, paint: Paint) {
        // (usize is 32 bits on wasm: an index past the image must not overflow.)
        let Some(p) = i.checked_mul(4).and_then(|j| self.rgba.get_mut(j..)).and_then(|p| p.get_mut(..4)) else {
            return;
        };
        // As an array, the pixel is read and written with one load and one store each (a
        // slice copy is a call per pixel at opt-level "s").
        let Ok(p) = <&mut [u8; 4]>::try_from(p) else { return };
        blend_pixel(p, paint.times(a), 255 - a);
    }

    /// [`Raster::blend_at`] of the `len` pixels from index `start` on, all at coverage
    /// `c`: the colour's share is worked out once (a filled box's interior).
    #[inline]
    pub(super) fn blend_span(&mut self, start: usize, len: usize, c: u32, paint: Paint) {
        let end = start.saturating_add(len);
        let a = div255(paint.alpha * c);
        if a == 0 {
            return;
        }
        if self.recording || end > self.rgba.len() / 4 {
            for i in start..end {
                self.blend_at(i, c, paint);
            }
            return;
        }
        let (src, na) = (paint.times(a), 255 - a);
        for p in self.rgba[4 * start..4 * end].chunks_exact_mut(4) {
            if let Ok(p) = <&mut [u8; 4]>::try_from(p) {
                blend_pixel(p, src, na);
            }
        }
    }

    /// Adds coverage `c` (0–1) at pixel (x, y) to the mask, keeping the larger value.
    #[inline]
    pub(super) fn mark(&mut self, x: i64, y: i64, c: f64) {
        if c <= 0.0 || !self.inside(x, y) {
            return;
        }
        self.mark_at(y as usize * self.width as usize + x as usize, c);
    }

    /// [`Raster::mark`] by pixel index, for a caller that keeps to the image.
    #[inline]
    pub(super) fn mark_at(&mut self, i: usize, c: f64) {
        if c <= 0.0 {
            return;
        }
        let v = (fmin(c, 1.0) * 255.0 + 0.5) as u8;
        let Some(&old) = self.cover.get(i) else { return };
        if old == 0 && v > 0 {
            self.touched.push(i as u32);
        }
        if v > old {
            self.cover[i] = v;
        }
    }

    /// Blends `paint` × mask over every marked pixel, then empties the mask.
    pub(super) fn paint_mask(&mut self, paint: Paint) {
        let touched = std::mem::take(&mut self.touched);
        for &i in &touched {
            let i = i as usize;
            let c = u32::from(self.cover[i]);
            self.cover[i] = 0;
            self.blend_at(i, c, paint);
        }
        self.touched = touched;
        self.touched.clear();
    }
}
