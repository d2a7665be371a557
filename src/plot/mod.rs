//! Drawing with plotters, generic over any `DrawingBackend`: the browser passes a canvas,
//! native tests pass an SVG string. No browser types here.
//!
//! Every size (font, stroke, marker, margin) goes through [`Style::px`], which multiplies
//! by the device pixel ratio, because the canvas backend draws in backing-store pixels.

pub mod classes;
pub mod curves;
pub mod figure;
pub mod gda;
pub mod nb;
pub mod raster;
pub mod surface;

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

/// The colours of a figure: the page's light or dark theme. Markers keep their shapes in
/// both (class 0 circles, class 1 triangles); only the colours change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    /// The figure's background.
    pub background: RGBColor,
    /// Axes, tick labels, legend text and frames.
    pub ink: RGBColor,
    /// The grid lines.
    pub grid: RGBColor,
    /// The legend's box, drawn at 88 % over the plot.
    pub legend: RGBColor,
    /// The class colours of points, ellipses and handles (Okabe–Ito).
    pub class: [RGBColor; 2],
    /// The class colours of text (the ellipses' mass labels): as the class colours, or a
    /// darker shade where the marker colour is below 4.5:1 against the background.
    pub class_text: [RGBColor; 2],
    /// The colours of classes 2, 3 and 4 (Okabe–Ito), paired with squares, diamonds and
    /// downward triangles.
    pub more: [RGBColor; 3],
    /// Their text colours (4.5:1 against the background).
    pub more_text: [RGBColor; 3],
    /// The decision boundary and the focus ring of a handle.
    pub boundary: RGBColor,
    /// Logistic regression's boundary.
    pub logistic: RGBColor,
}

/// The light theme: dark ink on white, Okabe–Ito blue and vermillion.
pub const LIGHT: Palette = Palette {
    background: RGBColor(0xFF, 0xFF, 0xFF),
    ink: INK,
    grid: RGBColor(0xD8, 0xD8, 0xD8),
    legend: RGBColor(0xFF, 0xFF, 0xFF),
    class: [CLASS0, CLASS1],
    // Vermillion #D55E00 is 3.9:1 on white: too faint for text (WCAG asks 4.5:1), so its
    // labels take a darker shade of the same hue (5.9:1).
    class_text: [CLASS0, RGBColor(0xA6, 0x49, 0x00)],
    // Okabe–Ito bluish green, reddish purple and orange; their labels in darker shades of
    // the same hues (each over 4.5:1 on white).
    more: [RGBColor(0x00, 0x9E, 0x73), RGBColor(0xCC, 0x79, 0xA7), RGBColor(0xE6, 0x9F, 0x00)],
    more_text: [RGBColor(0x00, 0x6E, 0x50), RGBColor(0x9E, 0x4A, 0x7C), RGBColor(0x85, 0x5C, 0x00)],
    boundary: BOUNDARY,
    logistic: LOGISTIC,
};

/// The dark theme: light ink on near-black, Okabe–Ito sky blue and orange (the blue and
/// vermillion are too dark on black; sky blue against orange stays apart for every common
/// colour-vision deficiency, as blue against vermillion does).
pub const DARK: Palette = Palette {
    background: RGBColor(0x16, 0x18, 0x1D),
    ink: RGBColor(0xE2, 0xE4, 0xE8),
    grid: RGBColor(0x3A, 0x3F, 0x48),
    legend: RGBColor(0x16, 0x18, 0x1D),
    class: [RGBColor(0x56, 0xB4, 0xE9), RGBColor(0xE6, 0x9F, 0x00)],
    class_text: [RGBColor(0x56, 0xB4, 0xE9), RGBColor(0xE6, 0x9F, 0x00)],
    // Okabe–Ito bluish green, reddish purple and yellow: all bright on near-black.
    more: [RGBColor(0x00, 0x9E, 0x73), RGBColor(0xCC, 0x79, 0xA7), RGBColor(0xF0, 0xE4, 0x42)],
    more_text: [RGBColor(0x2B, 0xC4, 0x96), RGBColor(0xDD, 0x94, 0xBE), RGBColor(0xF0, 0xE4, 0x42)],
    boundary: RGBColor(0xF2, 0xF2, 0xF2),
    logistic: RGBColor(0xCC, 0x79, 0xA7),
};

impl Palette {
    /// The colour of class c (0 … 4; beyond, the last).
    pub fn colour(&self, c: usize) -> RGBColor {
        match c {
            0 | 1 => self.class[c],
            _ => self.more[(c - 2).min(2)],
        }
    }

    /// The text colour of class c.
    pub fn text_colour(&self, c: usize) -> RGBColor {
        match c {
            0 | 1 => self.class_text[c],
            _ => self.more_text[(c - 2).min(2)],
        }
    }
}

/// The smallest type in projector mode, in CSS pixels: the figures' labels match the
/// page's (style.css keeps its projector text at 20 px or more).
pub const PROJECTOR_MIN_TEXT: f64 = 20.0;

/// How big things are drawn: the device pixel ratio and projector mode; and in which
/// colours (the page's theme).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Style {
    /// Device pixel ratio (backing-store pixels per CSS pixel), 0.5 to 4.
    pub dpr: f64,
    /// Projector mode: thicker strokes, bigger type and markers.
    pub projector: bool,
    /// The dark theme ([`DARK`]) rather than the light one ([`LIGHT`]).
    pub dark: bool,
}

impl Default for Style {
    fn default() -> Self {
        Style { dpr: 1.0, projector: false, dark: false }
    }
}

impl Style {
    /// A CSS-pixel size in backing-store pixels (projector mode enlarges it by 75 %, to
    /// match the page's larger type).
    pub fn px(&self, css: f64) -> f64 {
        let dpr = if self.dpr.is_finite() { self.dpr.clamp(0.5, 4.0) } else { 1.0 };
        css * dpr * if self.projector { 1.75 } else { 1.0 }
    }

    /// A type size of `css` CSS pixels in backing-store pixels: as [`Style::px`], and in
    /// projector mode never under [`PROJECTOR_MIN_TEXT`] CSS pixels (11 px labels × 1.75
    /// came to 19.25 px, under what a back row reads).
    pub fn text_px(&self, css: f64) -> f64 {
        let px = self.px(css);
        if self.projector {
            px.max(self.px(PROJECTOR_MIN_TEXT / 1.75))
        } else {
            px
        }
    }

    /// The colours of the theme.
    pub fn palette(&self) -> &'static Palette {
        if self.dark {
            &DARK
        } else {
            &LIGHT
        }
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

/// WCAG 2's relative luminance of an sRGB colour, 0 (black) to 1 (white).
pub fn relative_luminance(c: RGBColor) -> f64 {
    let lin = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.04045 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
}

/// WCAG 2's contrast ratio of two colours, 1 to 21: (L₁ + 0.05) / (L₂ + 0.05), the lighter
/// over the darker. Text needs at least 4.5 (level AA).
pub fn contrast_ratio(a: RGBColor, b: RGBColor) -> f64 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// `top` laid over `under` at opacity `alpha` (as the canvas blends it).
pub fn blend(top: RGBColor, under: RGBColor, alpha: f64) -> RGBColor {
    let mix = |t: u8, u: u8| (alpha * f64::from(t) + (1.0 - alpha) * f64::from(u)).round() as u8;
    RGBColor(mix(top.0, under.0), mix(top.1, under.1), mix(top.2, under.2))
}

/// Turns any plotters drawing error into the crate's error.
pub(crate) fn draw_error<E: std::fmt::Display>(e: E) -> Error {
    Error::Browser(format!("draw the figure ({e})"))
}
