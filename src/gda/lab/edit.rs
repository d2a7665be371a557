//! Editing the points by hand: add, remove, move, load a CSV or a list of points, add
//! outliers or make a class bimodal; every edit refits.

use super::*;

impl GdaLab {
    /// Converts the points to editable ones (keeping their names and credit) and returns
    /// them. The drag offsets are baked in.
    pub(super) fn editable(&mut self) -> &mut Dataset {
        if !matches!(self.source, Source::Fixed { preset: None, .. }) {
            self.base.points = self.points.clone();
            self.base.labels = self.labels.clone();
            if matches!(self.source, Source::Generated(_)) {
                self.base.credit = "";
            }
            self.source = Source::Fixed { preset: None, offset: Vec::new() };
        } else if let Source::Fixed { offset, .. } = &mut self.source {
            self.base.points = self.points.clone();
            offset.clear();
        }
        &mut self.base
    }

    pub(super) fn after_edit(&mut self) {
        self.labels = self.base.labels.clone();
        self.classes = classes_of(&self.source, &self.labels);
        self.refit();
    }

    /// Adds a point of class `label` (one of the data's classes) at `p`.
    ///
    /// # Errors
    /// A non-finite point, a label the data do not have, or more than 100,000 points.
    pub fn add_point(&mut self, p: Vec2, label: u8) -> Result<()> {
        if !(p[0].is_finite() && p[1].is_finite()) || usize::from(label) >= self.classes {
            return Err(Error::InvalidParameter {
                name: "point",
                value: format!("({}, {}) / {label}", describe(p[0]), describe(p[1])),
                rule: if self.classes == 2 {
                    "a point needs finite coordinates and the label 0 or 1"
                } else {
                    "a point needs finite coordinates and the label of one of the classes"
                },
            });
        }
        if self.points.len() >= MAX_EDITABLE_POINTS {
            return Err(Error::InvalidParameter {
                name: "points",
                value: self.points.len().to_string(),
                rule: "the panel holds at most 100,000 points",
            });
        }
        let base = self.editable();
        base.points.push(p);
        base.labels.push(label);
        self.after_edit();
        Ok(())
    }

    /// The index of the point nearest `p` within `radius` (data units, per axis scaled by
    /// `scale` = [units per pixel in x, in y] so that the radius is round on screen).
    pub fn nearest_point(&self, p: Vec2, radius_px: f64, scale: Vec2) -> Option<usize> {
        let mut best = (None, radius_px * radius_px);
        for (i, q) in self.points.iter().enumerate() {
            let (dx, dy) = ((q[0] - p[0]) / scale[0], (q[1] - p[1]) / scale[1]);
            let d = dx * dx + dy * dy;
            if d <= best.1 {
                best = (Some(i), d);
            }
        }
        best.0
    }

    /// Removes point `i`.
    ///
    /// # Errors
    /// An index out of range.
    pub fn remove_point(&mut self, i: usize) -> Result<()> {
        if i >= self.points.len() {
            return Err(Error::InvalidParameter {
                name: "point",
                value: i.to_string(),
                rule: "there is no such point",
            });
        }
        let base = self.editable();
        base.points.remove(i);
        base.labels.remove(i);
        self.after_edit();
        Ok(())
    }

    /// Moves point `i` to `p`.
    ///
    /// # Errors
    /// An index out of range or a non-finite position.
    pub fn move_point(&mut self, i: usize, p: Vec2) -> Result<()> {
        if i >= self.points.len() || !(p[0].is_finite() && p[1].is_finite()) {
            return Err(Error::InvalidParameter {
                name: "point",
                value: i.to_string(),
                rule: "there is no such point, or the position is not finite",
            });
        }
        let base = self.editable();
        base.points[i] = p;
        self.after_edit();
        Ok(())
    }

    /// Replaces the points with a CSV of labelled points (`x,y,label`), fitting the view to
    /// them.
    ///
    /// # Errors
    /// As [`parse_points_csv`], and [`Error::TooLarge`] for a coordinate beyond 10¹⁵⁴; the
    /// panel keeps its points then.
    pub fn load_csv(&mut self, text: &str) -> Result<()> {
        let parsed = parse_points_csv(text)?;
        // Beyond about 10¹⁵⁴ a point cannot be fitted (its square overflows), and the
        // bounding box and class means overflow to an infinite window and handle: refuse.
        if parsed.points.iter().flatten().any(|v| v.abs() > 1e154) {
            return Err(Error::TooLarge);
        }
        // Named for every class the labels make (0, 1, 2 → three names), as `classes_of`
        // counts them: the figure's legend and description name each class the fit has.
        let k = parsed.labels.iter().max().map_or(2, |&l| usize::from(l) + 1);
        self.base = Dataset {
            points: parsed.points,
            labels: parsed.labels,
            class_names: generic_names(k),
            axis_names: ["x₁", "x₂"],
            credit: "",
        };
        self.source = Source::Fixed { preset: None, offset: Vec::new() };
        self.view = padded_bounds(&self.base.points, 0.12);
        self.after_edit();
        Ok(())
    }

    /// Shows `points` with `labels` as the user's own points, named after `names` (the
    /// preset they were edited from, if any): what a history step restores, since a link
    /// does not carry edited points. The window fits them.
    ///
    /// # Errors
    /// Unequal lengths, a label above 4, a coordinate that is not finite or beyond
    /// 10¹⁵⁴ in size, or more than [`MAX_EDITABLE_POINTS`] points; nothing changes then.
    pub fn load_points(&mut self, points: Vec<Vec2>, labels: Vec<u8>, names: Option<Preset>) -> Result<()> {
        if points.len() != labels.len() {
            return Err(Error::LengthMismatch { points: points.len(), labels: labels.len() });
        }
        if let Some(index) = labels.iter().position(|&l| usize::from(l) >= MAX_CLASSES) {
            return Err(Error::BadLabel { index, label: labels[index], max: (MAX_CLASSES - 1) as u8 });
        }
        if let Some(index) = points.iter().position(|p| !(p[0].is_finite() && p[1].is_finite())) {
            return Err(Error::NonFinite { index });
        }
        if points.iter().flatten().any(|v| v.abs() > 1e154) {
            return Err(Error::TooLarge);
        }
        if points.len() > MAX_EDITABLE_POINTS {
            return Err(Error::InvalidParameter {
                name: "points",
                value: points.len().to_string(),
                rule: "the panel holds at most 100,000 points",
            });
        }
        let k = labels.iter().max().map_or(2, |&l| usize::from(l) + 1).max(2);
        let named = match names {
            Some(p) => Some(p.load()?),
            None => None,
        };
        self.base = Dataset {
            points,
            labels,
            class_names: named
                .as_ref()
                .filter(|d| d.class_names.len() >= k)
                .map_or_else(|| generic_names(k), |d| d.class_names.clone()),
            axis_names: named.as_ref().map_or(["x₁", "x₂"], |d| d.axis_names),
            credit: named.as_ref().map_or("", |d| d.credit),
        };
        self.source = Source::Fixed { preset: None, offset: Vec::new() };
        self.view = padded_bounds(&self.base.points, 0.12);
        self.after_edit();
        Ok(())
    }

    /// The preset whose names the points carry (edited from it), if any.
    pub fn names_preset(&self) -> Option<Preset> {
        Preset::ALL.iter().copied().find(|p| {
            p.load().is_ok_and(|d| d.class_names == self.base.class_names && d.axis_names == self.base.axis_names)
        })
    }

    /// Adds eight class-1 outliers far out on class 1's side (beyond its mean, away from
    /// class 0, up to six spreads out but inside the plot window), deterministically: GDA's
    /// mean and Σ chase them, while logistic regression moves much less: points it already
    /// classifies confidently (as these, on the right side) weigh |yᵢ − σ(zᵢ)| ≈ 0 in its
    /// gradient (points on the wrong side would weigh ≈ 1, however far).
    ///
    /// # Errors
    /// When a class has no points (there is no side to put them on).
    pub fn add_outliers(&mut self) -> Result<()> {
        let (m0, m1) = match (class_mean(&self.points, &self.labels, 0), class_mean(&self.points, &self.labels, 1)) {
            (Some(a), Some(b)) => (a, b),
            _ => {
                return Err(Error::EmptyClass {
                    class: if class_mean(&self.points, &self.labels, 0).is_none() { 0 } else { 1 },
                })
            }
        };
        let d = [m1[0] - m0[0], m1[1] - m0[1]];
        let len = (d[0] * d[0] + d[1] * d[1]).sqrt().max(1e-12);
        let u = [d[0] / len, d[1] / len];
        let spread = class_spread(&self.points, &self.labels, 1).max(1e-9);
        let v = self.view;
        // As far out as six spreads, but inside the window (with a margin), so students see
        // them: how far can one go from μ₁ along u before leaving the view?
        let room = |start: f64, dir: f64, lo: f64, hi: f64| {
            let (lo, hi) = (lo + 0.06 * (hi - lo), hi - 0.06 * (hi - lo));
            if dir > 1e-12 {
                (hi - start) / dir
            } else if dir < -1e-12 {
                (lo - start) / dir
            } else {
                f64::INFINITY
            }
        };
        if self.points.len() + 8 > MAX_EDITABLE_POINTS {
            return Err(Error::InvalidParameter {
                name: "points",
                value: self.points.len().to_string(),
                rule: "the panel holds at most 100,000 points",
            });
        }
        let reach = room(m1[0], u[0], v.x0, v.x1).min(room(m1[1], u[1], v.y0, v.y1)).max(0.0);
        let far = (6.0 * spread).min(reach);
        let base = self.editable();
        for i in 0..8 {
            let t = far - 0.12 * far * f64::from(i % 4);
            let side = (f64::from(i) - 3.5) * 0.18 * far.max(spread);
            let p = [m1[0] + t * u[0] - side * u[1], m1[1] + t * u[1] + side * u[0]];
            base.points.push([p[0].clamp(v.x0, v.x1), p[1].clamp(v.y0, v.y1)]);
            base.labels.push(1);
        }
        self.after_edit();
        Ok(())
    }

    /// Makes class 1 bimodal: every other class-1 point moves by 2.5 × (μ₁ − μ₀), so the
    /// class becomes two clouds on its own side — no longer a Gaussian, which GDA assumes.
    ///
    /// # Errors
    /// When a class has no points.
    pub fn make_bimodal(&mut self) -> Result<()> {
        let (m0, m1) = match (class_mean(&self.points, &self.labels, 0), class_mean(&self.points, &self.labels, 1)) {
            (Some(a), Some(b)) => (a, b),
            _ => {
                return Err(Error::EmptyClass {
                    class: if class_mean(&self.points, &self.labels, 0).is_none() { 0 } else { 1 },
                })
            }
        };
        let d = [2.5 * (m1[0] - m0[0]), 2.5 * (m1[1] - m0[1])];
        let v = self.view;
        let base = self.editable();
        let mut odd = false;
        for (p, &l) in base.points.iter_mut().zip(&base.labels) {
            if l == 1 {
                if odd {
                    *p = [(p[0] + d[0]).clamp(v.x0, v.x1), (p[1] + d[1]).clamp(v.y0, v.y1)];
                }
                odd = !odd;
            }
        }
        self.after_edit();
        Ok(())
    }
}
