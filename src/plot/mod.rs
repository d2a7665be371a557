//! Drawing with plotters, generic over any `DrawingBackend`: the browser passes a canvas,
//! native tests pass an SVG string. No browser types here.
//!
//! Every size (font, stroke, marker, margin) goes through [`Style::px`], which multiplies
//! by the device pixel ratio, because the canvas backend draws in backing-store pixels.

pub mod figure;
pub mod gda;
pub mod nb;
pub mod raster;

use plotters::style::RGBColor;

use crate::error::Error;

/// Okabe–Ito blue: class 0 / ham. Colour-blind safe, paired with circles.
pub const CLASS0: RGBColor = RGBColor(0x00, 0x72, 0xB2);
/// Okabe–Ito vermillion: class 1 / spam. Colour-blind safe, paired with triangles.
pub const CLASS1: RGBColor = RGBColor(0xD5, 0x5E, 0x00);
/// The decision boundary.
pub const BOUNDARY: RGBColor = RGBColor(0x11, 0x11, 0x11);
/// Logistic regression's boundary: Okabe–Ito reddish purple.
pub const LOGISTIC: RGBColor = RGBColor(0xCC, 0x79, 0xA7);
/// Axis text and frames.
pub const INK: RGBColor = RGBColor(0x33, 0x33, 0x33);

/// How big things are drawn: the device pixel ratio and projector mode.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Style {
    /// Device pixel ratio (backing-store pixels per CSS pixel), 0.5 to 4.
    pub dpr: f64,
    /// Projector mode: thicker strokes, bigger type and markers.
    pub projector: bool,
}

impl Default for Style {
    fn default() -> Self {
        Style { dpr: 1.0, projector: false }
    }
}

impl Style {
    /// A CSS-pixel size in backing-store pixels (projector mode enlarges it by 75 %, to
    /// match the page's larger type).
    pub fn px(&self, css: f64) -> f64 {
        let dpr = if self.dpr.is_finite() { self.dpr.clamp(0.5, 4.0) } else { 1.0 };
        css * dpr * if self.projector { 1.75 } else { 1.0 }
    }

    /// [`Style::px`] rounded to a whole pixel, at least 1.
    pub fn ipx(&self, css: f64) -> u32 {
        self.px(css).round().max(1.0) as u32
    }
}

/// The width of a label in Latin-character units, for laying out text before it is drawn:
/// CJK characters (U+2E80 on) count twice, being about twice as wide in any font.
pub fn text_units(s: &str) -> usize {
    s.chars().map(|c| if c as u32 >= 0x2E80 { 2 } else { 1 }).sum()
}

/// Turns any plotters drawing error into the crate's error.
pub(crate) fn draw_error<E: std::fmt::Display>(e: E) -> Error {
    Error::Browser(format!("draw the figure ({e})"))
}
