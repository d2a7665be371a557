//! A small anti-aliased software rasterizer, and a plotters backend on top of it, for the
//! parts of a figure that are many small shapes (the point clouds, dashed curves, the heat
//! map): drawn here into one RGBA buffer, they reach a canvas as a single `putImageData`
//! instead of thousands of canvas calls, each rasterized again by the browser.
//!
//! Geometry follows the 2-D canvas exactly: pixel (i, j) is the square [i, i+1] × [j, j+1]
//! with its centre at (i + ½, j + ½); a circle of radius r centred on the integer point
//! (x, y) covers the pixels around that grid corner symmetrically; a stroke of width w is
//! the band within w/2 of its centre line, with butt ends; an axis-aligned line of odd or
//! even width is moved by half a pixel exactly as `plotters-canvas` moves it.
//!
//! Coverage is the fraction of a pixel's area inside the shape: exact for axis-aligned
//! rectangles and for convex polygons (the pixel square is clipped against every edge),
//! and the usual distance approximation for circles and strokes — clamp(½ + d) where d is
//! how far inside the edge the pixel's centre lies, which is exact for a straight edge that
//! crosses the pixel parallel to its sides and within 4 % for the arcs drawn here. A shape
//! is painted in one pass over its coverage mask, so a stroke's segments and joins do not
//! double the alpha where they overlap (as a canvas path would not). Colours blend over the
//! opaque buffer with source-over: dst = src·a + dst·(1 − a), a = alpha × coverage.
//!
//! Text is not rasterized: [`RasterBackend`] queues every label ([`QueuedText`]) so that
//! the caller can draw them with a text-capable backend after blitting the pixels.

use std::cell::RefCell;
use std::convert::Infallible;

use plotters_backend::text_anchor::{HPos, Pos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind, FontFamily,
    FontStyle, FontTransform,
};

use crate::error::Result;

/// An opaque RGBA image (row-major, 4 bytes a pixel) with a scratch coverage mask.
#[derive(Debug, Clone, Default)]
pub struct Raster {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
    /// Coverage of the shape being painted, 0–255 per pixel; zero outside `touched`.
    cover: Vec<u8>,
    /// The pixel indices with a nonzero `cover`, so painting and clearing the mask cost
    /// the shape's size, not the image's.
    touched: Vec<u32>,
    texts: Vec<QueuedText>,
    stamps: Vec<(StampKey, Stamp)>,
    /// A saved picture ([`Raster::save_base`]) and its labels.
    base: Vec<u8>,
    base_texts: Vec<QueuedText>,
    /// Whether drawing is being tracked in `dirty`, to be undone by [`Raster::restore_base`].
    tracking: bool,
    /// Per tile of [`TILE`] × [`TILE`] pixels, row by row: [`DRAWN`] if drawn on since the
    /// base was saved or restored, [`RESTORED`] if put back since [`Raster::take_changes`].
    /// Tiles rather than exact rectangles: marking one costs a store, and a row of the
    /// image is copied back in a few runs instead of a call per shape that crossed it.
    tiles: Vec<u8>,
    /// Whether every blend is being recorded in `recorded` ([`Raster::start_recording`]).
    recording: bool,
    recorded: Recording,
    image_scratch: ImageScratch,
}

/// The side of a dirty-tracking tile, in pixels.
const TILE: u32 = 16;
/// Clean tiles a changed run is carried over in [`Raster::take_changes`].
const GAP_TILES: usize = 4;
/// A tile's flag: drawn on since the base was saved or restored.
const DRAWN: u8 = 1;
/// A tile's flag: put back from the base since the last [`Raster::take_changes`].
const RESTORED: u8 = 2;

/// Blends kept to be laid again over a picture painted under them: the grid and axes
/// over the heat map, whose colours change every frame while the grid's do not.
#[derive(Debug, Clone, Default)]
struct Recording {
    /// Pixel index, alpha (coverage already applied) and index into `paints`.
    blends: Vec<(u32, u8, u8)>,
    paints: Vec<Paint>,
    /// False when more paints were used than an index byte holds: the recording is unusable.
    complete: bool,
}

impl std::fmt::Debug for QueuedText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("QueuedText")
            .field("text", &self.text)
            .field("pos", &self.pos)
            .field("size", &self.size)
            .finish()
    }
}

/// A label waiting to be drawn over the raster by a backend that can draw text.
#[derive(Clone)]
pub struct QueuedText {
    /// What the label says.
    pub text: String,
    /// Where its anchor is, in pixels.
    pub pos: BackendCoord,
    family: String,
    size: f64,
    style: FontStyle,
    color: BackendColor,
    anchor: Pos,
    transform: FontTransform,
}

impl QueuedText {
    /// Whether `other` is the same label drawn the same way at the same place.
    pub fn same_as(&self, other: &QueuedText) -> bool {
        use std::mem::discriminant as kind;
        self.text == other.text
            && self.pos == other.pos
            && self.family == other.family
            && self.size.to_bits() == other.size.to_bits()
            && self.color.rgb == other.color.rgb
            && self.color.alpha.to_bits() == other.color.alpha.to_bits()
            && kind(&self.style) == kind(&other.style)
            && kind(&self.anchor.h_pos) == kind(&other.anchor.h_pos)
            && kind(&self.anchor.v_pos) == kind(&other.anchor.v_pos)
            && kind(&self.transform) == kind(&other.transform)
    }

    /// A box [x0, y0, x1, y1) surely holding every pixel the label paints, without laying
    /// it out: every character taken as one em wide (no sans-serif glyph is wider; a CJK
    /// one is one em) and the line as 1.5 em high, placed by the anchor, turned about it
    /// for a rotated label, plus a margin for antialiasing and overhangs.
    pub fn bounds(&self) -> [i64; 4] {
        let em = if self.size.is_finite() { self.size.max(0.0) } else { 0.0 };
        let (w, h) = (self.text.chars().count() as f64 * em, 1.5 * em);
        let (bx0, bx1) = match self.anchor.h_pos {
            HPos::Left => (0.0, w),
            HPos::Right => (-w, 0.0),
            HPos::Center => (-w / 2.0, w / 2.0),
        };
        let (by0, by1) = match self.anchor.v_pos {
            VPos::Top => (0.0, h),
            VPos::Bottom => (-h, 0.0),
            VPos::Center => (-h / 2.0, h / 2.0),
        };
        let [x0, y0, x1, y1] = match self.transform {
            FontTransform::None => [bx0, by0, bx1, by1],
            FontTransform::Rotate180 => [-bx1, -by1, -bx0, -by0],
            // A quarter turn either way (whichever sense the backend turns in).
            FontTransform::Rotate90 | FontTransform::Rotate270 => {
                [fmin(-by1, by0), fmin(bx0, -bx1), fmax(-by0, by1), fmax(bx1, -bx0)]
            }
        };
        let pad = 2.0 + 0.25 * em;
        let (x, y) = (f64::from(self.pos.0), f64::from(self.pos.1));
        [
            (x + x0 - pad).floor() as i64,
            (y + y0 - pad).floor() as i64,
            (x + x1 + pad).ceil() as i64,
            (y + y1 + pad).ceil() as i64,
        ]
    }
}

/// A shape's coverage, rasterized once and reused wherever the same shape lands on whole
/// pixels (every marker of a class has the same radius or the same integer vertices around
/// an integer centre, so its coverage is the same up to translation).
#[derive(Debug, Clone, PartialEq)]
enum StampKey {
    Disc(u64),
    Ring(u64, u64),
    Polygon(Vec<(i64, i64)>),
}

/// A shape about to be stamped, compared with the stored keys without allocating.
enum Shape<'a> {
    /// Inner (−∞ for a disc) and outer radius, centred on the anchor.
    Ring(f64, f64),
    /// Whole-pixel vertices and their bounding box's top-left corner (the anchor).
    Polygon(&'a [(f64, f64)], (f64, f64)),
}

impl Shape<'_> {
    fn is(&self, key: &StampKey) -> bool {
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
    fn key(&self) -> (StampKey, (i64, i64, i64, i64)) {
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
struct Stamp {
    /// Offset of the stamp's top-left pixel from the shape's anchor.
    origin: (i64, i64),
    width: i64,
    /// Coverage 0–255, row by row; only the rows' nonzero runs are kept.
    runs: Vec<(i64, i64, Vec<u8>)>,
}

/// The most pixels a [`Raster`] holds (a 4096 × 2048 canvas; a panel at dpr 2 has about
/// 2 million): with its coverage mask and saved base, 9 bytes a pixel.
pub const MAX_PIXELS: usize = 1 << 23;

/// How many distinct stamps to keep (a figure uses a handful).
const STAMPS: usize = 16;

impl Raster {
    /// A white image of `width × height` pixels.
    ///
    /// # Errors
    /// As [`Raster::resize`].
    pub fn new(width: u32, height: u32) -> Result<Raster> {
        let mut r = Raster::default();
        r.resize(width, height)?;
        Ok(r)
    }

    /// Whether a raster can hold a `width` × `height` image (at most [`MAX_PIXELS`]); a
    /// larger one is drawn in strips.
    pub fn holds(width: u32, height: u32) -> bool {
        u64::from(width) * u64::from(height) <= MAX_PIXELS as u64
    }

    /// Makes the image `width × height` (white), reusing its memory when the size is the
    /// same, and drops the queued labels.
    ///
    /// # Errors
    /// [`crate::Error::InvalidParameter`] above [`MAX_PIXELS`] pixels (the image is left
    /// empty then); a caller draws such a figure another way.
    pub fn resize(&mut self, width: u32, height: u32) -> Result<()> {
        self.texts.clear();
        if (width, height) == (self.width, self.height) {
            return Ok(());
        }
        if !Raster::holds(width, height) {
            *self = Raster::default();
            return Err(crate::Error::InvalidParameter {
                name: "image size",
                value: format!("{width} × {height}"),
                rule: "the figure's raster holds at most 2²³ pixels",
            });
        }
        let n = width as usize * height as usize;
        self.width = width;
        self.height = height;
        self.rgba = vec![255; 4 * n];
        self.cover = vec![0; n];
        self.touched.clear();
        self.forget_base();
        Ok(())
    }

    /// Keeps the picture and labels as they are now as the base, and starts tracking what
    /// is drawn over it, so that [`Raster::restore_base`] can undo just that: much less
    /// than redrawing a whole picture whose background, grid and axes stay the same.
    pub fn save_base(&mut self) {
        self.base.clone_from(&self.rgba);
        self.base_texts.clone_from(&self.texts);
        self.tiles.clear();
        self.tiles.resize(self.tiles_wide() * self.height.div_ceil(TILE) as usize, 0);
        self.tracking = true;
    }

    /// Puts back the saved base where anything has been drawn since, and its labels.
    /// Returns false (and changes nothing) when there is no base.
    pub fn restore_base(&mut self) -> bool {
        self.restore_base_except(None)
    }

    /// [`Raster::restore_base`], except inside `skip` = [x0, y0, x1, y1), which the caller
    /// is about to paint over completely (the heat map's box): copying the base there
    /// would be wasted. Those pixels stay marked as drawn on.
    pub fn restore_base_except(&mut self, skip: Option<[u32; 4]>) -> bool {
        if !self.tracking || self.base.len() != self.rgba.len() {
            return false;
        }
        let stride = 4 * self.width as usize;
        let [sx0, sy0, sx1, sy1] = skip.unwrap_or([0; 4]);
        let (tw, w, h) = (self.tiles_wide(), self.width, self.height);
        let mut tiles = std::mem::take(&mut self.tiles);
        for (ty, row) in tiles.chunks_mut(tw.max(1)).enumerate() {
            // Each run of drawn-on tiles, copied back row by row of pixels.
            let mut tx = 0;
            while tx < row.len() {
                if row[tx] & DRAWN == 0 {
                    tx += 1;
                    continue;
                }
                let start = tx;
                while tx < row.len() && row[tx] & DRAWN != 0 {
                    row[tx] = (row[tx] & !DRAWN) | RESTORED;
                    tx += 1;
                }
                let (x0, x1) = (start as u32 * TILE, (tx as u32 * TILE).min(w));
                for y in ty as u32 * TILE..((ty as u32 + 1) * TILE).min(h) {
                    // The run, less the skipped span: up to two pieces.
                    let cut = (sy0..sy1).contains(&y) && sx0 < x1 && x0 < sx1;
                    let pieces =
                        if cut { [(x0, x0.max(sx0).min(x1)), (x1.min(sx1).max(x0), x1)] } else { [(x0, x1), (0, 0)] };
                    let y = y as usize;
                    for (a, b) in pieces {
                        if a < b {
                            let (a, b) = (y * stride + 4 * a as usize, y * stride + 4 * b as usize);
                            self.rgba[a..b].copy_from_slice(&self.base[a..b]);
                        }
                    }
                }
            }
        }
        self.tiles = tiles;
        if let Some([x0, y0, x1, y1]) = skip {
            self.touch(i64::from(x0), i64::from(y0), i64::from(x1), i64::from(y1));
        }
        self.texts.clone_from(&self.base_texts);
        true
    }

    /// Starts recording every blend (dropping an earlier recording), for
    /// [`Raster::replay`]. Opaque fills ([`Raster::clear`]) are not blends and are not kept.
    pub fn start_recording(&mut self) {
        self.recorded = Recording { complete: true, ..Recording::default() };
        self.recording = true;
    }

    /// Stops recording, keeping only the blends inside `keep` = [x0, y0, x1, y1).
    pub fn stop_recording(&mut self, keep: [u32; 4]) {
        self.recording = false;
        let [x0, y0, x1, y1] = keep;
        let w = self.width;
        self.recorded.blends.retain(|&(i, _, _)| {
            let (x, y) = (i % w.max(1), i / w.max(1));
            x >= x0 && x < x1 && y >= y0 && y < y1
        });
        self.recorded.blends.shrink_to_fit();
    }

    /// Blends the recorded blends again, in the order they were made, over whatever is
    /// there now: the same as having drawn the recorded shapes over it. Returns false (and
    /// draws nothing) when there is no complete recording.
    pub fn replay(&mut self) -> bool {
        if self.recording || !self.recorded.complete {
            return false;
        }
        let rec = std::mem::take(&mut self.recorded);
        for &(i, a, k) in &rec.blends {
            if let Some(&paint) = rec.paints.get(usize::from(k)) {
                self.blend_alpha(i as usize, u32::from(a), paint);
            }
        }
        self.recorded = rec;
        true
    }

    /// Keeps a blend in the recording.
    #[inline(never)]
    fn record(&mut self, i: usize, a: u32, paint: Paint) {
        let rec = &mut self.recorded;
        let k = match rec.paints.iter().rposition(|p| *p == paint) {
            Some(k) => k,
            None => {
                rec.paints.push(paint);
                rec.paints.len() - 1
            }
        };
        match u8::try_from(k) {
            Ok(k) => rec.blends.push((i as u32, a as u8, k)),
            Err(_) => rec.complete = false,
        }
    }

    /// Drops the saved base and stops tracking.
    pub fn forget_base(&mut self) {
        self.tracking = false;
        self.recording = false;
        self.recorded = Recording::default();
        self.base = Vec::new();
        self.base_texts.clear();
        self.tiles = Vec::new();
    }

    /// How many tiles across the image.
    fn tiles_wide(&self) -> usize {
        self.width.div_ceil(TILE) as usize
    }

    /// The pixels that may differ from the last time this was called (put back from the
    /// base, or drawn on since it was saved or restored), as rectangles [x0, y0, x1, y1):
    /// per row of tiles, its runs of changed tiles (bridging short gaps). A caller that
    /// copies the image out after every frame needs to copy only these. `None` when
    /// nothing is tracked (all of the image may have changed).
    pub fn take_changes(&mut self) -> Option<Vec<[u32; 4]>> {
        let tw = self.tiles_wide();
        if !self.tracking || tw == 0 {
            return None;
        }
        let (w, h) = (self.width, self.height);
        let mut rects: Vec<[u32; 4]> = Vec::new();
        for (ty, row) in self.tiles.chunks_mut(tw).enumerate() {
            let (y0, y1) = (ty as u32 * TILE, ((ty as u32 + 1) * TILE).min(h));
            let mut tx = 0;
            while tx < row.len() {
                if row[tx] == 0 {
                    tx += 1;
                    continue;
                }
                // A run of changed tiles, carried over gaps of fewer than GAP_TILES clean
                // ones: a wider gap (between the two clouds) is worth a rectangle more.
                let (first, mut last) = (tx, tx);
                let mut k = tx + 1;
                while k < row.len() && k - last <= GAP_TILES {
                    if row[k] != 0 {
                        last = k;
                    }
                    k += 1;
                }
                tx = last + 1;
                let (x0, x1) = (first as u32 * TILE, ((last as u32 + 1) * TILE).min(w));
                // A run like one in the row of tiles above continues its rectangle.
                match rects.iter_mut().rev().find(|r| r[3] == y0 && r[0] == x0 && r[2] == x1) {
                    Some(r) => r[3] = y1,
                    None => rects.push([x0, y0, x1, y1]),
                }
            }
            for t in row.iter_mut() {
                *t &= !RESTORED;
            }
        }
        Some(rects)
    }

    /// Records that the pixels [x0, x1) × [y0, y1) may change (when tracking).
    #[inline]
    fn touch(&mut self, x0: i64, y0: i64, x1: i64, y1: i64) {
        if !self.tracking {
            return;
        }
        let (w, h) = (i64::from(self.width), i64::from(self.height));
        let (x0, y0, x1, y1) = (x0.clamp(0, w), y0.clamp(0, h), x1.clamp(0, w), y1.clamp(0, h));
        if x0 < x1 && y0 < y1 {
            let tw = self.tiles_wide();
            let t = i64::from(TILE);
            for ty in y0 / t..=(y1 - 1) / t {
                let row = ty as usize * tw;
                if let Some(tiles) = self.tiles.get_mut(row + (x0 / t) as usize..=row + ((x1 - 1) / t) as usize) {
                    tiles.iter_mut().for_each(|f| *f |= DRAWN);
                }
            }
        }
    }

    /// A coverage-only scratch image, to rasterize a stamp in.
    fn scratch(width: i64, height: i64) -> Raster {
        let (w, h) = (width.max(1) as u32, height.max(1) as u32);
        Raster { width: w, height: h, cover: vec![0; w as usize * h as usize], ..Raster::default() }
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The pixels, RGBA, row by row (the layout of an `ImageData`).
    pub fn pixels(&self) -> &[u8] {
        &self.rgba
    }

    /// The pixels to paint on directly (the 3-D view's surfaces, [`super::surface`]). What
    /// is painted here is not tracked for [`Raster::restore_base`] nor recorded.
    pub fn pixels_mut(&mut self) -> &mut [u8] {
        &mut self.rgba
    }

    /// The RGBA colour of pixel (x, y), or `None` outside the image.
    pub fn pixel(&self, x: u32, y: u32) -> Option<[u8; 4]> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let i = 4 * (y as usize * self.width as usize + x as usize);
        Some([self.rgba[i], self.rgba[i + 1], self.rgba[i + 2], self.rgba[i + 3]])
    }

    /// The labels queued by [`RasterBackend`] since the last [`Raster::resize`].
    pub fn texts(&self) -> &[QueuedText] {
        &self.texts
    }

    /// Paints the whole image one opaque colour.
    pub fn clear(&mut self, rgb: [u8; 3]) {
        self.touch(0, 0, i64::from(self.width), i64::from(self.height));
        if rgb == [255; 3] {
            self.rgba.fill(255);
        } else {
            let px = [rgb[0], rgb[1], rgb[2], 255];
            for p in self.rgba.chunks_exact_mut(4) {
                p.copy_from_slice(&px);
            }
        }
    }

    /// Whether (x, y) is a pixel of the image.
    #[inline]
    fn inside(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && x < i64::from(self.width) && y < i64::from(self.height)
    }

    /// Blends `paint` over pixel (x, y) (inside the image) at coverage `c` (0–255).
    #[inline]
    fn blend(&mut self, x: i64, y: i64, c: u32, paint: Paint) {
        self.blend_at(y as usize * self.width as usize + x as usize, c, paint);
    }

    /// [`Raster::blend`] by pixel index.
    // Always inlined: it is most of the work of every shape, and a call per pixel is not.
    #[inline(always)]
    fn blend_at(&mut self, i: usize, c: u32, paint: Paint) {
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
    fn blend_alpha(&mut self, i: usize, a: u32, paint: Paint) {
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
    fn blend_span(&mut self, start: usize, len: usize, c: u32, paint: Paint) {
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
    fn mark(&mut self, x: i64, y: i64, c: f64) {
        if c <= 0.0 || !self.inside(x, y) {
            return;
        }
        self.mark_at(y as usize * self.width as usize + x as usize, c);
    }

    /// [`Raster::mark`] by pixel index, for a caller that keeps to the image.
    #[inline]
    fn mark_at(&mut self, i: usize, c: f64) {
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
    fn paint_mask(&mut self, paint: Paint) {
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

    /// Paints the stamp for `shape` with its anchor at `at`, rasterizing it first with
    /// `draw` (given a scratch image and the anchor's position in it) when it is new.
    fn stamp(&mut self, shape: Shape<'_>, at: (i64, i64), paint: Paint, draw: impl FnOnce(&mut Raster, f64, f64)) {
        let index = self.stamp_index(shape, draw);
        self.paint_stamps(index, std::iter::once(at), paint);
    }

    /// The index in `stamps` of `shape`'s stamp, rasterized with `draw` if it is new.
    fn stamp_index(&mut self, shape: Shape<'_>, draw: impl FnOnce(&mut Raster, f64, f64)) -> usize {
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
    fn paint_stamps(&mut self, index: usize, anchors: impl IntoIterator<Item = (i64, i64)>, paint: Paint) {
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
    fn span(a: f64, b: f64, size: u32) -> (i64, i64) {
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
    fn ring(&mut self, cx: f64, cy: f64, inner: f64, outer: f64, paint: Paint) {
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
    fn mark_ring(&mut self, cx: f64, cy: f64, inner: f64, outer: f64) {
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
    fn mark_polygon(&mut self, points: &[(f64, f64)]) {
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
    fn clip_area(&mut self, dst: [i32; 4]) -> Option<[i64; 4]> {
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
    fn fill_bands(&mut self, area: [i64; 4], block: i64, mut first: impl FnMut(i64, &mut [u8])) {
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

/// Buffers [`Raster::draw_field_scaled`] keeps between frames.
#[derive(Debug, Clone, Default)]
struct ImageScratch {
    colours: Vec<[u8; 4]>,
    cols: Vec<(u32, i32)>,
    row: Vec<i32>,
    line: Vec<[u8; 4]>,
}

/// A colour and its alpha in 0–255, as the canvas quantizes a style's alpha; the colour
/// is kept as two pairs of 16-bit lanes ([`Lanes`]), its alpha lane opaque.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Paint {
    lanes: Lanes,
    alpha: u32,
}

impl Paint {
    fn new(rgb: [u8; 3], alpha: f64) -> Paint {
        Paint { lanes: Lanes::of(u32::from_le_bytes([rgb[0], rgb[1], rgb[2], 255])), alpha: to_byte(alpha) }
    }

    /// The colour's lanes times alpha `a` (0–255), for [`blend_pixel`].
    #[inline(always)]
    fn times(self, a: u32) -> Lanes {
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
struct Lanes {
    rb: u32,
    ga: u32,
}

impl Lanes {
    #[inline(always)]
    fn of(d: u32) -> Lanes {
        Lanes { rb: d & 0x00FF_00FF, ga: (d >> 8) & 0x00FF_00FF }
    }

    /// Every lane times `a` ≤ 255: at most 255² per lane, no carry.
    #[inline(always)]
    fn times(self, a: u32) -> Lanes {
        Lanes { rb: self.rb * a, ga: self.ga * a }
    }
}

/// x / 255 rounded in both 16-bit lanes of `x` (each ≤ 255²: see [`div255`]).
#[inline(always)]
fn div255_lanes(x: u32) -> u32 {
    let x = x + 0x0080_0080;
    ((x + ((x >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
}

/// Blends a colour over the opaque pixel `p`: `src` is the colour's [`Lanes`] already
/// multiplied by its alpha a, `na` = 255 − a. All four bytes at once; the alpha lane
/// blends 255 with 255 and stays opaque.
#[inline(always)]
fn blend_pixel(p: &mut [u8; 4], src: Lanes, na: u32) {
    let d = Lanes::of(u32::from_le_bytes(*p)).times(na);
    let rb = div255_lanes(src.rb + d.rb);
    let ga = div255_lanes(src.ga + d.ga);
    *p = (rb | (ga << 8)).to_le_bytes();
}

/// The most fields [`Raster::draw_class_field`] interpolates: k class scores and one
/// posterior, k at most 15.
pub const MAX_FIELD_PLANES: usize = 16;

// f64::min and f64::max compile to calls of libm's fmin/fmax on wasm (their NaN rules
// differ from the wasm instructions'); these plain comparisons inline.
#[inline]
fn fmin(a: f64, b: f64) -> f64 {
    if a < b {
        a
    } else {
        b
    }
}

#[inline]
fn fmax(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

#[inline]
fn clamp01(v: f64) -> f64 {
    fmax(0.0, fmin(v, 1.0))
}

/// A 0–1 fraction as 0–255, rounded.
#[inline]
fn to_byte(v: f64) -> u32 {
    (clamp01(v) * 255.0 + 0.5) as u32
}

/// x / 255 rounded to the nearest integer, for x ≤ 255²: exact, without a division.
#[inline]
fn div255(x: u32) -> u32 {
    let x = x + 128;
    (x + (x >> 8)) >> 8
}

/// How much of pixel `i`'s extent [i, i + 1] lies in [lo, hi].
#[inline]
fn overlap(lo: f64, hi: f64, i: i64) -> f64 {
    fmax(fmin(hi, i as f64 + 1.0) - fmax(lo, i as f64), 0.0)
}

/// Coverage of a pixel by a band `width` wide whose centre line passes `d` from the
/// pixel's centre: the overlap of [d − w/2, d + w/2] with [−½, ½].
#[inline]
fn band(d: f64, width: f64) -> f64 {
    let h = width / 2.0;
    clamp01(fmin(d + h, 0.5) - fmax(d - h, -0.5))
}

/// A polygon edge as the half-plane it bounds: `distance` is positive inside.
#[derive(Debug, Clone, Copy)]
struct Edge {
    nx: f64,
    ny: f64,
    c: f64,
}

impl Edge {
    #[inline]
    fn distance(&self, x: f64, y: f64) -> f64 {
        self.nx * x + self.ny * y + self.c
    }
}

/// The inward unit normals of a convex polygon's edges, or `None` when it is not convex
/// (or has no area).
fn convex_edges(points: &[(f64, f64)]) -> Option<Vec<Edge>> {
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
fn clipped_area(x: f64, y: f64, edges: &[Edge]) -> f64 {
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
fn winding(points: &[(f64, f64)], p: (f64, f64)) -> i32 {
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

/// A plotters backend that draws into a [`Raster`] and queues the text.
///
/// It is the bottom layer of a figure: the caller blits the pixels, then draws
/// [`Raster::texts`] over them with [`draw_texts`].
pub struct RasterBackend<'a> {
    raster: &'a RefCell<Raster>,
    /// For a strip: the whole picture's height and the strip's first row in it.
    strip: Option<(u32, i32)>,
}

impl<'a> RasterBackend<'a> {
    /// A backend drawing into `raster` (its size is the drawing area's).
    pub fn new(raster: &'a RefCell<Raster>) -> RasterBackend<'a> {
        RasterBackend { raster, strip: None }
    }

    /// A backend for the rows [top, top + raster height) of a picture `height` rows tall
    /// (and as wide as the raster): the drawing area is the whole picture, the raster
    /// keeps the strip. A picture too large for one raster is drawn strip by strip.
    /// Labels are queued where they lie in the whole picture.
    pub fn strip(raster: &'a RefCell<Raster>, height: u32, top: i32) -> RasterBackend<'a> {
        RasterBackend { raster, strip: Some((height, top)) }
    }

    /// The strip's first row (0 for a whole picture).
    fn top(&self) -> f64 {
        self.strip.map_or(0.0, |s| f64::from(s.1))
    }
}

fn rgb_alpha(c: BackendColor) -> ([u8; 3], f64) {
    ([c.rgb.0, c.rgb.1, c.rgb.2], c.alpha)
}

impl DrawingBackend for RasterBackend<'_> {
    type ErrorType = Infallible;

    fn get_size(&self) -> (u32, u32) {
        let r = self.raster.borrow();
        (r.width, self.strip.map_or(r.height, |s| s.0))
    }

    fn ensure_prepared(&mut self) -> std::result::Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn present(&mut self) -> std::result::Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn draw_pixel(
        &mut self,
        p: BackendCoord,
        color: BackendColor,
    ) -> std::result::Result<(), DrawingErrorKind<Infallible>> {
        let (rgb, a) = rgb_alpha(color);
        let (x, y) = (f64::from(p.0), f64::from(p.1) - self.top());
        self.raster.borrow_mut().fill_rect(x, y, x + 1.0, y + 1.0, rgb, a);
        Ok(())
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> std::result::Result<(), DrawingErrorKind<Infallible>> {
        let (rgb, a) = rgb_alpha(style.color());
        if a == 0.0 {
            return Ok(());
        }
        // plotters-canvas moves vertical and horizontal lines up/left by half a pixel.
        let top = self.top();
        let (mut p, mut q) = ((f64::from(from.0), f64::from(from.1) - top), (f64::from(to.0), f64::from(to.1) - top));
        if p.0 == q.0 {
            p.0 -= 0.5;
            q.0 -= 0.5;
        }
        if p.1 == q.1 {
            p.1 -= 0.5;
            q.1 -= 0.5;
        }
        self.raster.borrow_mut().stroke_polyline(&[p, q], f64::from(style.stroke_width()), rgb, a);
        Ok(())
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        ul: BackendCoord,
        br: BackendCoord,
        style: &S,
        fill: bool,
    ) -> std::result::Result<(), DrawingErrorKind<Infallible>> {
        let (rgb, a) = rgb_alpha(style.color());
        if a == 0.0 {
            return Ok(());
        }
        let top = self.top();
        let (x0, y0, x1, y1) = (f64::from(ul.0), f64::from(ul.1) - top, f64::from(br.0), f64::from(br.1) - top);
        let mut r = self.raster.borrow_mut();
        if fill {
            let whole = x0 <= 0.0 && y0 <= 0.0 && x1 >= f64::from(r.width) && y1 >= f64::from(r.height);
            if whole && a >= 1.0 {
                r.clear(rgb);
            } else {
                r.fill_rect(x0, y0, x1, y1, rgb, a);
            }
        } else {
            r.stroke_rect([x0, y0, x1, y1], f64::from(style.stroke_width()), rgb, a);
        }
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> std::result::Result<(), DrawingErrorKind<Infallible>> {
        let (rgb, a) = rgb_alpha(style.color());
        if a == 0.0 {
            return Ok(());
        }
        let top = self.top();
        let points: Vec<(f64, f64)> = path.into_iter().map(|(x, y)| (f64::from(x), f64::from(y) - top)).collect();
        self.raster.borrow_mut().stroke_polyline(&points, f64::from(style.stroke_width()), rgb, a);
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> std::result::Result<(), DrawingErrorKind<Infallible>> {
        let (rgb, a) = rgb_alpha(style.color());
        if a == 0.0 {
            return Ok(());
        }
        let (x, y, r) = (f64::from(center.0), f64::from(center.1) - self.top(), f64::from(radius));
        if fill {
            self.raster.borrow_mut().fill_circle(x, y, r, rgb, a);
        } else {
            self.raster.borrow_mut().stroke_circle(x, y, r, f64::from(style.stroke_width()), rgb, a);
        }
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> std::result::Result<(), DrawingErrorKind<Infallible>> {
        let (rgb, a) = rgb_alpha(style.color());
        if a == 0.0 {
            return Ok(());
        }
        let top = self.top();
        let points: Vec<(f64, f64)> = vert.into_iter().map(|(x, y)| (f64::from(x), f64::from(y) - top)).collect();
        self.raster.borrow_mut().fill_polygon(&points, rgb, a);
        Ok(())
    }

    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        pos: BackendCoord,
    ) -> std::result::Result<(), DrawingErrorKind<Infallible>> {
        let queued = QueuedText {
            text: text.to_string(),
            pos,
            family: style.family().as_str().to_string(),
            size: style.size(),
            style: style.style(),
            color: style.color(),
            anchor: style.anchor(),
            transform: style.transform(),
        };
        self.raster.borrow_mut().texts.push(queued);
        Ok(())
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        (iw, ih): (u32, u32),
        src: &[u8],
    ) -> std::result::Result<(), DrawingErrorKind<Infallible>> {
        // RGB, as plotters' bitmap element sends it.
        let pos = (pos.0, pos.1 - self.top() as i32);
        let mut r = self.raster.borrow_mut();
        let (w, h) = (i64::from(r.width), i64::from(r.height));
        r.touch(i64::from(pos.0), i64::from(pos.1), i64::from(pos.0) + i64::from(iw), i64::from(pos.1) + i64::from(ih));
        for dy in 0..i64::from(ih) {
            for dx in 0..i64::from(iw) {
                let (x, y) = (i64::from(pos.0) + dx, i64::from(pos.1) + dy);
                if x < 0 || y < 0 || x >= w || y >= h {
                    continue;
                }
                // Indices in usize (32-bit words on wasm): see [`Lanes`].
                let s = 3 * (dy as usize * iw as usize + dx as usize);
                if s + 3 > src.len() {
                    continue;
                }
                let d = 4 * (y as usize * w as usize + x as usize);
                r.rgba[d..d + 3].copy_from_slice(&src[s..s + 3]);
                r.rgba[d + 3] = 255;
            }
        }
        Ok(())
    }
}

impl BackendTextStyle for QueuedText {
    type FontError = Infallible;

    fn color(&self) -> BackendColor {
        self.color
    }

    fn size(&self) -> f64 {
        self.size
    }

    fn transform(&self) -> FontTransform {
        self.transform.clone()
    }

    fn style(&self) -> FontStyle {
        self.style
    }

    fn anchor(&self) -> Pos {
        self.anchor
    }

    fn family(&self) -> FontFamily<'_> {
        // The name was written by `FontFamily::as_str` (1792), so it is already in plotters'
        // spelling: matched as it is. (`FontFamily::from(&str)` lowercases it first, which puts
        // the Unicode case tables into the GDA-first wasm module: 5 KB brotli.)
        match self.family.as_str() {
            "serif" => FontFamily::Serif,
            "sans-serif" => FontFamily::SansSerif,
            "monospace" => FontFamily::Monospace,
            name => FontFamily::Name(name),
        }
    }

    fn layout_box(&self, _text: &str) -> std::result::Result<((i32, i32), (i32, i32)), Infallible> {
        // Only a backend that draws text itself (a canvas) is given queued labels.
        Ok(((0, 0), (0, 0)))
    }

    fn draw<E, F: FnMut(i32, i32, BackendColor) -> std::result::Result<(), E>>(
        &self,
        _text: &str,
        _pos: BackendCoord,
        _draw: F,
    ) -> std::result::Result<std::result::Result<(), E>, Infallible> {
        Ok(Ok(()))
    }
}

/// Draws the queued labels onto `backend` (a canvas, after the raster has been blitted).
///
/// # Errors
/// A drawing error from the backend, as [`crate::Error::Browser`].
pub fn draw_texts<'a, DB: DrawingBackend>(
    backend: &mut DB,
    texts: impl IntoIterator<Item = &'a QueuedText>,
) -> Result<()> {
    for t in texts {
        backend.draw_text(&t.text, t, t.pos).map_err(super::draw_error)?;
    }
    Ok(())
}

/// Which of `texts` to draw over an image of `size` pixels of which only `region` (pixel
/// rectangles [x0, y0, x1, y1)) is copied out anew, when the copy before held `before`
/// drawn over it: a label that is new or moved, or that meets the region, is drawn, and its
/// box joins the region so that the pixels under it are fresh (drawing a label twice over
/// itself would darken its antialiased edges); a label that is gone has its box added so
/// that it is wiped. The others are still on the canvas from before, over pixels that did
/// not change. Returns, for each label, whether to draw it.
pub fn plan_labels(
    texts: &[QueuedText],
    before: &[QueuedText],
    region: &mut Vec<[u32; 4]>,
    size: (u32, u32),
) -> Vec<bool> {
    let clamp = |b: [i64; 4]| -> [u32; 4] {
        let (w, h) = (i64::from(size.0), i64::from(size.1));
        [b[0].clamp(0, w) as u32, b[1].clamp(0, h) as u32, b[2].clamp(0, w) as u32, b[3].clamp(0, h) as u32]
    };
    let boxes: Vec<[u32; 4]> = texts.iter().map(|t| clamp(t.bounds())).collect();
    let meets = |r: &[u32; 4], b: &[u32; 4]| r[0] < b[2] && b[0] < r[2] && r[1] < b[3] && b[1] < r[3];
    let mut draw: Vec<bool> = texts.iter().map(|t| !before.iter().any(|o| o.same_as(t))).collect();
    for (b, &new) in boxes.iter().zip(&draw) {
        if new {
            region.push(*b);
        }
    }
    for o in before {
        if !texts.iter().any(|t| t.same_as(o)) {
            region.push(clamp(o.bounds()));
        }
    }
    // A label drawn again widens the region, which may then meet another label.
    loop {
        let mut grew = false;
        for (b, d) in boxes.iter().zip(draw.iter_mut()) {
            if !*d && region.iter().any(|r| meets(r, b)) {
                *d = true;
                region.push(*b);
                grew = true;
            }
        }
        if !grew {
            return draw;
        }
    }
}
