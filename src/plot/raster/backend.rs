//! The plotters backend over a [`Raster`]: shapes are rasterized, labels are queued as
//! [`QueuedText`] and drawn afterwards by a backend that can draw text, and
//! [`plan_labels`] decides which labels a partial copy must draw again.

use super::*;

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
    pub(super) fn top(&self) -> f64 {
        self.strip.map_or(0.0, |s| f64::from(s.1))
    }
}

pub(super) fn rgb_alpha(c: BackendColor) -> ([u8; 3], f64) {
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
        backend.draw_text(&t.text, t, t.pos).map_err(crate::plot::draw_error)?;
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
