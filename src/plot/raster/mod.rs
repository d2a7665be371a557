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

mod backend;
mod blend;
mod damage;
mod fields;
mod shapes;

pub use backend::{draw_texts, plan_labels, QueuedText, RasterBackend};
pub use fields::MAX_FIELD_PLANES;

use blend::{blend_pixel, Lanes, Paint};
use damage::Recording;
use fields::ImageScratch;
use shapes::{Stamp, StampKey};

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

/// The most pixels a [`Raster`] holds (a 4096 × 2048 canvas; a panel at dpr 2 has about
/// 2 million): with its coverage mask and saved base, 9 bytes a pixel.
pub const MAX_PIXELS: usize = 1 << 23;

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
}

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
