//! The GDA panel's pointer and keyboard: hit-testing the means and points, dragging and
//! nudging a mean, placing, moving and removing points, and the posterior under the
//! pointer. Positions arrive in CSS pixels and are scaled by the device pixel ratio here.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{GdaPanel, SNAP_CSS_PX};
use crate::error::Error;
use crate::plot::gda::PlotFrame;
use crate::web::js_error;

#[wasm_bindgen]
impl GdaPanel {
    /// A drag of a mean starts: the window is held still until [`GdaPanel::end_drag`], and
    /// the pointer maps to data through the frame drawn last, so the mean stays under it.
    #[wasm_bindgen(js_name = beginDrag)]
    pub fn begin_drag(&mut self) {
        self.drag_frame = self.frame;
        self.lab.hold_view(true);
    }

    /// The drag ends: the window fits the data again (as a link of this state would show).
    #[wasm_bindgen(js_name = endDrag)]
    pub fn end_drag(&mut self) {
        self.drag_frame = None;
        self.lab.hold_view(false);
        self.match_aspect();
    }

    /// Shows the keyboard cursor at data position `(x, y)`, or hides it (`NaN`).
    #[wasm_bindgen(js_name = setCursor)]
    pub fn set_cursor(&mut self, x: f64, y: f64) {
        self.layers.cursor = (x.is_finite() && y.is_finite()).then_some([x, y]);
    }

    /// The centre of the plot window `[x, y]`, where the keyboard cursor starts.
    #[wasm_bindgen(js_name = viewCentre)]
    pub fn view_centre(&self) -> Vec<f64> {
        let v = self.lab.view();
        vec![0.5 * (v.x0 + v.x1), 0.5 * (v.y0 + v.y1)]
    }

    /// `[x0, x1, y0, y1]`: the plot window in data units.
    #[wasm_bindgen(js_name = viewRect)]
    pub fn view_rect(&self) -> Vec<f64> {
        let v = self.lab.view();
        vec![v.x0, v.x1, v.y0, v.y1]
    }

    /// Adds a point of class `label` at the data position `(x, y)` (the keyboard cursor).
    ///
    /// # Errors
    /// Outside the plot window, a bad label, or too many points.
    #[wasm_bindgen(js_name = addPointAt)]
    pub fn add_point_at(&mut self, x: f64, y: f64, label: u8) -> Result<(), JsError> {
        if !self.lab.view().contains([x, y]) {
            return Err(outside_plot());
        }
        self.lab.add_point([x, y], label).map_err(js_error)
    }

    /// The index of the point nearest the data position `(x, y)` (distances measured on
    /// screen, as the eye judges them), or −1 when there are no points.
    #[wasm_bindgen(js_name = nearestPoint)]
    pub fn nearest_point(&self, x: f64, y: f64) -> i32 {
        let Some(frame) = self.frame else { return -1 };
        self.lab.nearest_point([x, y], f64::INFINITY, pixel_scale(&frame)).map_or(-1, |i| i as i32)
    }

    /// Moves point `i` to the data position `(x, y)` (kept inside the plot window).
    ///
    /// # Errors
    /// No such point, or a non-finite position.
    #[wasm_bindgen(js_name = movePointTo)]
    pub fn move_point_to(&mut self, i: u32, x: f64, y: f64) -> Result<(), JsError> {
        let v = self.lab.view();
        self.lab.move_point(i as usize, [x.clamp(v.x0, v.x1), y.clamp(v.y0, v.y1)]).map_err(js_error)
    }

    /// p(y=1|x) at the data position `(x, y)` from the drawn model and prior (the
    /// boundary on screen is where it crosses the threshold), or `null` without a model.
    #[wasm_bindgen(js_name = posteriorAtData)]
    pub fn posterior_at_data(&self, x: f64, y: f64) -> Option<f64> {
        self.lab.decision_posterior([x, y])
    }

    /// Adds a point of class `label` at the CSS-pixel position.
    ///
    /// # Errors
    /// Before the first draw, outside the plot box, or a bad label.
    #[wasm_bindgen(js_name = addPoint)]
    pub fn add_point(&mut self, css_x: f64, css_y: f64, label: u8) -> Result<(), JsError> {
        let p = self.data_at(css_x, css_y)?;
        if !self.lab.view().contains(p) {
            return Err(outside_plot());
        }
        self.lab.add_point(p, label).map_err(js_error)
    }

    /// The index of the point under the CSS-pixel position (within 12 CSS px), or −1.
    #[wasm_bindgen(js_name = hitPoint)]
    pub fn hit_point(&self, css_x: f64, css_y: f64) -> i32 {
        let (Some(frame), Ok(p)) = (self.frame, self.data_at(css_x, css_y)) else { return -1 };
        self.lab.nearest_point(p, self.style.px(12.0), pixel_scale(&frame)).map_or(-1, |i| i as i32)
    }

    /// Removes point `i`.
    ///
    /// # Errors
    /// No such point.
    #[wasm_bindgen(js_name = removePoint)]
    pub fn remove_point(&mut self, i: u32) -> Result<(), JsError> {
        self.lab.remove_point(i as usize).map_err(js_error)
    }

    /// Moves point `i` to the CSS-pixel position (kept inside the plot box).
    ///
    /// # Errors
    /// No such point, or before the first draw.
    #[wasm_bindgen(js_name = movePoint)]
    pub fn move_point(&mut self, i: u32, css_x: f64, css_y: f64) -> Result<(), JsError> {
        let p = self.data_at(css_x, css_y)?;
        // A point dragged past the edge stops at the edge.
        let v = self.lab.view();
        let p = [p[0].clamp(v.x0, v.x1), p[1].clamp(v.y0, v.y1)];
        self.lab.move_point(i as usize, p).map_err(js_error)
    }

    fn data_at(&self, css_x: f64, css_y: f64) -> Result<[f64; 2], JsError> {
        let frame =
            self.frame.ok_or_else(|| js_error(Error::Browser("place a point before the figure is drawn".into())))?;
        if !(css_x.is_finite() && css_y.is_finite()) {
            return Err(js_error(Error::InvalidParameter {
                name: "position",
                value: "not finite".into(),
                rule: "a position must be finite",
            }));
        }
        Ok(frame.to_data(css_x * self.style.dpr, css_y * self.style.dpr))
    }

    /// Which mean handle (0 or 1) is under the CSS-pixel position, or −1.
    #[wasm_bindgen(js_name = hitHandle)]
    pub fn hit_handle(&self, css_x: f64, css_y: f64) -> i32 {
        let Some(frame) = self.frame else { return -1 };
        let (px, py) = (css_x * self.style.dpr, css_y * self.style.dpr);
        // 22 CSS px: a 44 px target, as the accessibility guidelines ask for touch.
        let reach = self.style.px(22.0);
        let mut best = (-1, f64::INFINITY);
        for k in 0..self.lab.classes() {
            let [x, y] = frame.to_pixels(self.lab.handle(k));
            let d = ((x - px).powi(2) + (y - py).powi(2)).sqrt();
            if d <= reach && d < best.1 {
                best = (k as i32, d);
            }
        }
        best.0
    }

    /// Drags mean `k` to the CSS-pixel position (clamped to the plot window); within
    /// [`SNAP_CSS_PX`] of another mean it snaps onto that mean ([`GdaLab::snap_onto`]).
    /// Returns the class snapped onto, or −1.
    ///
    /// # Errors
    /// Before the first draw, or for a non-finite position.
    #[wasm_bindgen(js_name = dragTo)]
    pub fn drag_to(&mut self, k: u32, css_x: f64, css_y: f64) -> Result<i32, JsError> {
        // Within a drag, through the frame it started in (the window is held still).
        let frame = self
            .drag_frame
            .or(self.frame)
            .ok_or_else(|| js_error(Error::Browser("drag before the figure is drawn".into())))?;
        let at = [css_x * self.style.dpr, css_y * self.style.dpr];
        let snap = self.lab.snap_onto(k as usize, at, |p| frame.to_pixels(p), self.style.px(SNAP_CSS_PX));
        let to = snap.map_or_else(|| frame.to_data(at[0], at[1]), |j| self.lab.handle(j));
        self.lab.move_mean(k as usize, to).map_err(js_error)?;
        Ok(snap.map_or(-1, |j| j as i32))
    }

    /// Moves mean `k` by a fraction of the plot window (keyboard arrows).
    ///
    /// # Errors
    /// For non-finite steps.
    pub fn nudge(&mut self, k: u32, dx: f64, dy: f64) -> Result<(), JsError> {
        let v = self.lab.view();
        let h = self.lab.handle(k as usize);
        self.lab.move_mean(k as usize, [h[0] + dx * (v.x1 - v.x0), h[1] + dy * (v.y1 - v.y0)]).map_err(js_error)
    }

    /// Puts mean `k` exactly at a data position, wherever the window is (the window then
    /// fits the data again).
    ///
    /// # Errors
    /// For positions that are not finite or beyond 10⁶ in size: never moved elsewhere.
    #[wasm_bindgen(js_name = setMean)]
    pub fn set_mean(&mut self, k: u32, x: f64, y: f64) -> Result<(), JsError> {
        self.lab.place_mean(k as usize, [x, y]).map_err(js_error)?;
        self.match_aspect();
        Ok(())
    }

    /// `{x, y, p}`: the data position under the CSS-pixel position and p(y=1|x) there,
    /// from the drawn model and prior; `null` outside the plot box or when there is no
    /// model.
    #[wasm_bindgen(js_name = posteriorAt)]
    pub fn posterior_at(&self, css_x: f64, css_y: f64) -> Result<JsValue, JsError> {
        #[derive(Serialize)]
        struct At {
            x: f64,
            y: f64,
            p: f64,
        }
        let Some([x, y]) = self.data_in_box(css_x, css_y) else { return Ok(JsValue::NULL) };
        let Some(p) = self.lab.decision_posterior([x, y]) else { return Ok(JsValue::NULL) };
        serde_wasm_bindgen::to_value(&At { x, y, p }).map_err(|e| JsError::new(&e.to_string()))
    }

    /// `{x, y, p}`: the data position under the CSS-pixel position and the drawn model's
    /// posteriors there, `p[c]` = p(y = c | x) for every class c (they sum to 1); `null`
    /// outside the plot box or when there is no model.
    ///
    /// # Errors
    /// Only if the value could not be turned into a JS object.
    #[wasm_bindgen(js_name = posteriorsAt)]
    pub fn posteriors_at(&self, css_x: f64, css_y: f64) -> Result<JsValue, JsError> {
        #[derive(Serialize)]
        struct At {
            x: f64,
            y: f64,
            p: Vec<f64>,
        }
        let Some([x, y]) = self.data_in_box(css_x, css_y) else { return Ok(JsValue::NULL) };
        match self.posteriors_at_data(x, y) {
            Some(p) => serde_wasm_bindgen::to_value(&At { x, y, p }).map_err(|e| JsError::new(&e.to_string())),
            None => Ok(JsValue::NULL),
        }
    }

    /// The drawn model's posteriors p(y = c | x) for every class at a data position, or
    /// `undefined` when there is no model (the keyboard cursor's readout).
    #[wasm_bindgen(js_name = posteriorsAtData)]
    pub fn posteriors_at_data(&self, x: f64, y: f64) -> Option<Vec<f64>> {
        if !(x.is_finite() && y.is_finite()) {
            return None;
        }
        self.lab.decision_model().map(|m| m.posteriors([x, y]))
    }

    /// Marks a handle as focused/dragged (0 or 1), or none (any other value).
    #[wasm_bindgen(js_name = setActiveHandle)]
    pub fn set_active_handle(&mut self, k: i32) {
        self.layers.active_handle = usize::try_from(k).ok().filter(|&k| k < self.lab.classes());
    }
}

impl GdaPanel {
    /// The data position under the CSS-pixel position, when it is inside the plot box drawn
    /// last.
    fn data_in_box(&self, css_x: f64, css_y: f64) -> Option<[f64; 2]> {
        let frame = self.frame?;
        let (px, py) = (css_x * self.style.dpr, css_y * self.style.dpr);
        let [l, t, r, b] = frame.pixels.map(f64::from);
        (px >= l && px <= r && py >= t && py <= b).then(|| frame.to_data(px, py))
    }
}

/// Data units per backing-store pixel along x and y in `frame` (distances to points are
/// measured on screen, as the eye judges them).
fn pixel_scale(frame: &PlotFrame) -> [f64; 2] {
    let [l, t, r, b] = frame.pixels.map(f64::from);
    let v = frame.view;
    [(v.x1 - v.x0) / (r - l).max(1.0), (v.y1 - v.y0) / (b - t).max(1.0)]
}

/// The error of a point placed outside the plot box.
fn outside_plot() -> JsError {
    js_error(Error::InvalidParameter {
        name: "point",
        value: "outside the plot".into(),
        rule: "a point must be placed inside the plot box",
    })
}
