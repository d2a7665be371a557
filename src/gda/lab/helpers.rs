//! Small pieces the lab is built from: class counts and means, generic class names, the
//! generated data sets and the views that frame them.

use super::*;

/// The number of classes of a source: a generated sample's clouds, a preset's species,
/// or 1 + the largest label of edited points (at least 2).
pub(super) fn classes_of(source: &Source, labels: &[u8]) -> usize {
    match source {
        Source::Generated(spec) => spec.classes(),
        Source::Fixed { preset: Some(p), .. } => p.classes(),
        Source::Fixed { preset: None, .. } => {
            labels.iter().max().map_or(2, |&l| usize::from(l) + 1).clamp(2, MAX_CLASSES)
        }
    }
}

/// "class 0" … "class k−1".
pub(super) fn generic_names(k: usize) -> Vec<&'static str> {
    ["class 0", "class 1", "class 2", "class 3", "class 4"][..k.clamp(2, MAX_CLASSES)].to_vec()
}

/// The generated sample as a dataset with generic names.
pub(super) fn generated_dataset(spec: &ClassesSpec) -> Result<Dataset> {
    let (points, labels) = spec.sample()?;
    Ok(Dataset { points, labels, class_names: generic_names(spec.classes()), axis_names: ["x₁", "x₂"], credit: "" })
}

/// The root mean square distance of class k's points from their mean.
pub(super) fn class_spread(points: &[Vec2], labels: &[u8], k: u8) -> f64 {
    let Some(m) = class_mean(points, labels, k) else { return 0.0 };
    let (mut s, mut n) = (0.0, 0usize);
    for (p, &l) in points.iter().zip(labels) {
        if l == k {
            s += (p[0] - m[0]).powi(2) + (p[1] - m[1]).powi(2);
            n += 1;
        }
    }
    (s / n.max(1) as f64).sqrt()
}

pub(super) fn class_mean(points: &[Vec2], labels: &[u8], k: u8) -> Option<Vec2> {
    let (mut sx, mut sy, mut n) = (0.0, 0.0, 0usize);
    for (p, &l) in points.iter().zip(labels) {
        if l == k {
            sx += p[0];
            sy += p[1];
            n += 1;
        }
    }
    (n > 0).then(|| [sx / n as f64, sy / n as f64])
}

/// `base` widened around its centre to the aspect ratio (width / height) `aspect`.
pub(super) fn with_aspect(base: Rect, aspect: f64) -> Rect {
    let (cx, cy) = (0.5 * (base.x0 + base.x1), 0.5 * (base.y0 + base.y1));
    let (mut hw, mut hh) = (0.5 * (base.x1 - base.x0), 0.5 * (base.y1 - base.y0));
    if hw / hh < aspect {
        hw = hh * aspect;
    } else {
        hh = hw / aspect;
    }
    Rect { x0: cx - hw, x1: cx + hw, y0: cy - hh, y1: cy + hh }
}

/// A fixed window around the generating means wide enough for ±3σ of every class.
pub(super) fn generated_view(spec: &ClassesSpec) -> Rect {
    let mut r = Rect { x0: -5.0, x1: 5.0, y0: -4.0, y1: 4.0 };
    for c in spec.clouds.iter().map(|c: &Cloud| c.params) {
        r.x0 = r.x0.min(c.mean[0] - 3.0 * c.sd[0]);
        r.x1 = r.x1.max(c.mean[0] + 3.0 * c.sd[0]);
        r.y0 = r.y0.min(c.mean[1] - 3.0 * c.sd[1]);
        r.y1 = r.y1.max(c.mean[1] + 3.0 * c.sd[1]);
    }
    r
}

/// The bounding box of the points, padded by `pad` of its size on each side; a default
/// window when the points span nothing, or so much that the padded box would overflow.
pub(super) fn padded_bounds(points: &[Vec2], pad: f64) -> Rect {
    let fallback = Rect { x0: -5.0, x1: 5.0, y0: -4.0, y1: 4.0 };
    let mut r = Rect { x0: f64::INFINITY, x1: f64::NEG_INFINITY, y0: f64::INFINITY, y1: f64::NEG_INFINITY };
    for p in points {
        r.x0 = r.x0.min(p[0]);
        r.x1 = r.x1.max(p[0]);
        r.y0 = r.y0.min(p[1]);
        r.y1 = r.y1.max(p[1]);
    }
    if r.x1 <= r.x0 || r.y1 <= r.y0 || r.x0.is_nan() || r.y0.is_nan() {
        return fallback;
    }
    let (dx, dy) = ((r.x1 - r.x0) * pad, (r.y1 - r.y0) * pad);
    let padded = Rect { x0: r.x0 - dx, x1: r.x1 + dx, y0: r.y0 - dy, y1: r.y1 + dy };
    // A window wider than ~1e300 cannot be drawn or divided into ticks.
    let sane = [padded.x0, padded.x1, padded.y0, padded.y1].iter().all(|v| v.is_finite() && v.abs() < 1e300);
    if sane {
        padded
    } else {
        fallback
    }
}
