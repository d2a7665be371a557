//! The figure of k > 2 classes (src/plot/classes.rs), rendered natively into the raster
//! the browser blits: the three-species presets paint three regions, each in its class's
//! tint of the palette, and three sets of ellipses in the class colours; dragging the
//! third mean moves the boundary. The expected colours are the palette's own (Okabe–Ito)
//! mixed over the background, and the regions are checked against the model's argmax at
//! the same pixels.
#![cfg(not(target_arch = "wasm32"))]

use genlab::data::Preset;
use genlab::gda::{ClassesSpec, GdaLab};
use genlab::plot::classes::{region_table, LEVELS};
use genlab::plot::figure::GdaFigure;
use genlab::plot::gda::GdaLayers;
use genlab::plot::Style;

use crate::common;

const SIZE: (u32, u32) = (640, 480);

fn render(lab: &GdaLab, layers: &GdaLayers) -> (Vec<u8>, genlab::plot::gda::PlotFrame) {
    let mut figure = GdaFigure::new();
    let update = common::unwrap(figure.render(lab, layers, &Style::default(), SIZE));
    let px = figure.raster().pixels().to_vec();
    (px, update.frame)
}

fn pixel(px: &[u8], x: i32, y: i32) -> [u8; 4] {
    let i = 4 * (y as usize * SIZE.0 as usize + x as usize);
    [px[i], px[i + 1], px[i + 2], px[i + 3]]
}

/// Which class's region tint a pixel has, if any (exactly one of the table's colours).
fn region_class(table: &[[u8; 4]], p: [u8; 4]) -> Option<usize> {
    table.iter().position(|c| *c == p).map(|i| i / LEVELS)
}

#[test]
fn three_species_presets_paint_three_regions_where_the_model_says() {
    for preset in [Preset::PenguinsThreeSpecies, Preset::IrisThreeSpecies] {
        let lab = common::unwrap(GdaLab::preset(preset));
        let (px, frame) = render(&lab, &GdaLayers { truth: false, ..GdaLayers::default() });
        let table = region_table(&Style::default(), 3);
        let model = lab.decision_model().expect("a k-class model");
        let [l, t, r, b] = frame.pixels;
        let (mut seen, mut agree, mut total) = ([0usize; 3], 0, 0);
        for y in (t + 2..b - 2).step_by(7) {
            for x in (l + 2..r - 2).step_by(7) {
                let Some(c) = region_class(&table, pixel(&px, x, y)) else { continue };
                seen[c] += 1;
                total += 1;
                let at = frame.to_data(f64::from(x) + 0.5, f64::from(y) + 0.5);
                agree += usize::from(model.predict(at) == c);
            }
        }
        assert!(seen.iter().all(|&n| n > 50), "{}: three regions, {seen:?}", preset.id());
        // Away from the boundaries (a pixel's width) the region is the model's argmax.
        assert!(agree as f64 >= 0.99 * total as f64, "{}: {agree} of {total}", preset.id());
    }
}

#[test]
fn three_species_presets_draw_an_ellipse_in_every_class_colour() {
    let lab = common::unwrap(GdaLab::preset(Preset::IrisThreeSpecies));
    let (px, _) = render(&lab, &GdaLayers { truth: false, ..GdaLayers::default() });
    let pal = Style::default().palette();
    for c in 0..3 {
        let col = pal.colour(c);
        let n = px.chunks_exact(4).filter(|p| p[0] == col.0 && p[1] == col.1 && p[2] == col.2).count();
        // Opaque class colour: the ellipse strokes and the handle (markers are translucent).
        assert!(n > 200, "class {c}: {n} pixels of its colour");
    }
}

#[test]
fn dragging_the_third_mean_moves_the_boundaries() {
    let mut lab = common::unwrap(GdaLab::generated_classes(ClassesSpec::default_for(3)));
    let layers = GdaLayers { truth: false, ..GdaLayers::default() };
    let table = region_table(&Style::default(), 3);
    let classes = |px: &[u8]| -> Vec<Option<usize>> {
        px.chunks_exact(4).map(|p| region_class(&table, [p[0], p[1], p[2], p[3]])).collect()
    };
    let (before, _) = render(&lab, &layers);
    let h = lab.handle(2);
    common::unwrap(lab.move_mean(2, [h[0] + 1.5, h[1] - 1.0]));
    let (after, _) = render(&lab, &layers);
    let (a, b) = (classes(&before), classes(&after));
    let changed = a.iter().zip(&b).filter(|(x, y)| x.is_some() && y.is_some() && x != y).count();
    assert!(changed > 1000, "{changed} pixels changed region");
}

#[test]
fn the_pairwise_toggle_adds_dashes_and_two_classes_draw_no_regions() {
    let lab = common::unwrap(GdaLab::generated_classes(ClassesSpec::default_for(4)));
    let plain = render(&lab, &GdaLayers { truth: false, ..GdaLayers::default() }).0;
    let pairs = render(&lab, &GdaLayers { truth: false, pairwise: true, ..GdaLayers::default() }).0;
    let differ = plain.chunks_exact(4).zip(pairs.chunks_exact(4)).filter(|(a, b)| a != b).count();
    assert!(differ > 300, "{differ}");
    // k = 2: no region map (the figure of before): only the odd anti-aliased pixel happens
    // to match a tint, where three classes tint the plot box's ~200,000 pixels.
    let two = common::unwrap(GdaLab::generated_classes(ClassesSpec::default_for(2)));
    let px = render(&two, &GdaLayers::default()).0;
    let table = region_table(&Style::default(), 2);
    let tinted = px.chunks_exact(4).filter(|p| region_class(&table, [p[0], p[1], p[2], p[3]]).is_some()).count();
    assert!(tinted < 2_000, "{tinted}");
    let three =
        render(&common::unwrap(GdaLab::generated_classes(ClassesSpec::default_for(3))), &GdaLayers::default()).0;
    let table3 = region_table(&Style::default(), 3);
    let tinted3 = three.chunks_exact(4).filter(|p| region_class(&table3, [p[0], p[1], p[2], p[3]]).is_some()).count();
    assert!(tinted3 > 100_000, "{tinted3}");
}

/// The region map's contract, evaluated directly for every block (no shortcut): each
/// `block × block` block interpolates the k + 1 fields bilinearly at its centre (first
/// along y between the two field rows around it, then along x; clamped at the edges), is
/// the class of the largest interpolated score and the level ⌊p·LEVELS⌋ of the
/// interpolated posterior. `draw_class_field` skips the interpolation in cells whose four
/// nodes agree; this checks it gives the same pixels, on the fields of linear and
/// quadratic five-class models. A mismatch is allowed only where the direct evaluation is
/// itself a coin toss: two scores within 1e-4, or p·LEVELS within 1e-4 of a whole number.
#[test]
fn the_region_map_is_the_interpolated_fields_argmax_at_every_block() {
    use genlab::gda::lab::{Covariance, ModelSettings};
    use genlab::plot::classes::region_planes;
    use genlab::plot::raster::Raster;
    let (width, height) = (330u32, 250u32);
    let dst = [7, 5, 321, 243];
    let (sw, sh) = (40usize, 29usize);
    for covariance in [Covariance::Shared, Covariance::PerClass, Covariance::DiagonalPerClass] {
        let mut lab = common::unwrap(GdaLab::generated_classes(ClassesSpec::default_for(5)));
        common::unwrap(lab.set_models(ModelSettings { covariance, ..ModelSettings::default() }));
        let model = lab.decision_model().expect("a k-class model");
        let mut planes = Vec::new();
        region_planes(&model, lab.view(), sw, sh, &mut planes);
        let table = region_table(&Style::default(), 5);
        for block in [1u32, 2, 4] {
            let mut raster = Raster::default();
            common::unwrap(raster.resize(width, height));
            raster.draw_class_field(&planes, (sw, sh), 5, dst, &table, LEVELS, block);
            let px = raster.pixels();
            let [l, t, r, b] = dst;
            let cells = sw * sh;
            // The block's centre in field units, clamped to the nodes.
            let sample = |d: i32, from: i32, to: i32, n: usize| -> (usize, f32) {
                let centre = f64::from(d) + f64::from((block as i32).min(to - d)) / 2.0;
                let s = ((centre - f64::from(from)) * n as f64 / f64::from(to - from) - 0.5).clamp(0.0, (n - 1) as f64);
                (s.floor() as usize, (s - s.floor()) as f32)
            };
            let (mut checked, mut differ) = (0, 0);
            for y in (t..b).step_by(block as usize) {
                let (y0, fy) = sample(y, t, b, sh);
                let y1 = (y0 + 1).min(sh - 1);
                for x in (l..r).step_by(block as usize) {
                    let (x0, fx) = sample(x, l, r, sw);
                    let x1 = (x0 + 1).min(sw - 1);
                    let at = |plane: usize| {
                        let f = |i: usize, j: usize| planes[plane * cells + j * sw + i];
                        let (p, q) =
                            (f(x0, y0) + (f(x0, y1) - f(x0, y0)) * fy, f(x1, y0) + (f(x1, y1) - f(x1, y0)) * fy);
                        p + (q - p) * fx
                    };
                    let scores: Vec<f32> = (0..5).map(at).collect();
                    let best = (0..5).fold(0, |a, c| if scores[c] > scores[a] { c } else { a });
                    let level = ((at(5) * LEVELS as f32).floor().max(0.0) as usize).min(LEVELS - 1);
                    let want = table[best * LEVELS + level];
                    // Every pixel of the block has the block's colour.
                    for (dx, dy) in [(0, 0), (block as i32 - 1, block as i32 - 1)] {
                        let (px_x, px_y) = ((x + dx).min(r - 1), (y + dy).min(b - 1));
                        let i = 4 * (px_y as usize * width as usize + px_x as usize);
                        checked += 1;
                        if px[i..i + 4] != want {
                            let mut sorted = scores.clone();
                            sorted.sort_by(|a, b| b.total_cmp(a));
                            let v = at(5) * LEVELS as f32;
                            let coin = sorted[0] - sorted[1] < 1e-4 || (v - v.round()).abs() < 1e-4;
                            assert!(
                                coin,
                                "{covariance:?}, block {block}, pixel ({px_x}, {px_y}): {:?} ≠ {want:?}",
                                &px[i..i + 4]
                            );
                            differ += 1;
                        }
                    }
                }
            }
            assert!(checked > 4_000 && differ <= 2, "{covariance:?}, block {block}: {differ} of {checked}");
        }
    }
}

/// Five generated classes under QDA, the figure as the panel draws it (coarse cells, a
/// colour per 2 × 2 CSS px): the region colour is the model's argmax, and its level the
/// model's top posterior to within one level, at nearly every pixel (the misses lie within
/// a cell of a boundary, where the interpolation of a quadratic field bends it slightly).
#[test]
fn five_quadratic_regions_follow_the_model_and_its_posterior() {
    use genlab::gda::lab::{Covariance, ModelSettings};
    let mut lab = common::unwrap(GdaLab::generated_classes(ClassesSpec::default_for(5)));
    common::unwrap(lab.set_models(ModelSettings { covariance: Covariance::PerClass, ..ModelSettings::default() }));
    let (px, frame) = render(&lab, &GdaLayers { truth: false, ellipses: false, ..GdaLayers::default() });
    let table = region_table(&Style::default(), 5);
    let model = lab.decision_model().expect("a k-class model");
    let [l, t, r, b] = frame.pixels;
    let (mut total, mut class_ok, mut level_ok) = (0, 0, 0);
    for y in (t + 2..b - 2).step_by(5) {
        for x in (l + 2..r - 2).step_by(5) {
            let p = pixel(&px, x, y);
            let Some(i) = table.iter().position(|c| *c == p) else { continue };
            total += 1;
            let at = frame.to_data(f64::from(x) + 0.5, f64::from(y) + 0.5);
            let post = model.posteriors(at);
            let best = (0..5).fold(0, |a, c| if post[c] > post[a] { c } else { a });
            class_ok += usize::from(best == i / LEVELS);
            let level = ((post[best] * LEVELS as f64).floor() as usize).min(LEVELS - 1);
            level_ok += usize::from(level.abs_diff(i % LEVELS) <= 1);
        }
    }
    assert!(total > 3_000, "{total} region pixels sampled");
    assert!(class_ok as f64 >= 0.99 * total as f64, "class: {class_ok} of {total}");
    assert!(level_ok as f64 >= 0.97 * total as f64, "level: {level_ok} of {total}");
}

/// The logistic overlay for k > 2 classes is softmax regression's boundary: with it on,
/// the pixels along that boundary's pieces (the fit's own lines, clipped where its two
/// classes are the top two) change, in long dashes; with it off, the figure is unchanged
/// by λ (nothing of softmax regression is drawn).
#[test]
fn the_logistic_overlay_draws_softmax_regressions_boundary_for_three_classes() {
    use genlab::gda::lab::ModelSettings;
    use genlab::gda::regions::linear_boundaries;
    let mut lab = common::unwrap(GdaLab::generated_classes(ClassesSpec::default_for(3)));
    let layers = GdaLayers { truth: false, ellipses: false, ..GdaLayers::default() };
    let (plain, frame) = render(&lab, &layers);
    common::unwrap(lab.set_models(ModelSettings { lambda: 0.5, ..ModelSettings::default() }));
    assert!(lab.softmax().is_none(), "no overlay unless asked for");
    assert_eq!(render(&lab, &layers).0, plain, "λ alone changes nothing drawn");
    common::unwrap(lab.set_models(ModelSettings { logistic: true, lambda: 0.5, ..ModelSettings::default() }));
    let (over, _) = render(&lab, &layers);
    let fit = match lab.softmax() {
        Some(Ok(m)) => m.clone(),
        other => panic!("softmax regression is fitted for three classes: {other:?}"),
    };
    assert_eq!(fit.classes(), 3);
    let pieces = linear_boundaries(&fit.linear_discriminants().expect("linear"), frame.view);
    let [l, t, r, b] = frame.pixels;
    let (mut samples, mut changed) = (0, 0);
    for line in pieces.iter().flat_map(|p| &p.top_two) {
        for i in 0..=200 {
            let s = f64::from(i) / 200.0;
            let at = [line[0][0] + s * (line[1][0] - line[0][0]), line[0][1] + s * (line[1][1] - line[0][1])];
            let [x, y] = frame.to_pixels(at);
            let (x, y) = (x.round() as i32, y.round() as i32);
            // Clear of the plot box's edge and of the legend's corners.
            if x < l + 60 || x > r - 60 || y < t + 60 || y > b - 60 {
                continue;
            }
            samples += 1;
            changed += usize::from(pixel(&plain, x, y) != pixel(&over, x, y));
        }
    }
    assert!(samples > 100, "{samples} samples along the softmax boundary");
    // Dashes of 12 px with gaps of 5: about 70 % of the way is inked.
    assert!(changed as f64 > 0.55 * samples as f64, "{changed} of {samples} pixels changed along the boundary");
}

#[test]
fn the_legend_never_covers_a_means_drag_handle() {
    // The defect seen on a 360 px phone: with five classes the legend took the corner over
    // class 3's mean, the very control a student drags. Each handle's centre pixel must be
    // its class colour (the palette's own), for the k-class and two-class figures, on a
    // phone's square plot at dpr 2 (dark, as seen) and a desk's 640 × 480.
    let cases: [(GdaLab, u32, u32, Style); 4] = [
        (
            common::unwrap(GdaLab::generated_classes(ClassesSpec::default_for(5))),
            680,
            680,
            Style { dpr: 2.0, dark: true, ..Style::default() },
        ),
        (common::unwrap(GdaLab::generated_classes(ClassesSpec::default_for(5))), 640, 480, Style::default()),
        (
            common::unwrap(GdaLab::preset(Preset::PenguinsThreeSpecies)),
            680,
            680,
            Style { dpr: 2.0, ..Style::default() },
        ),
        (
            common::unwrap(GdaLab::generated(genlab::gda::SampleSpec::default())),
            680,
            680,
            Style { dpr: 2.0, ..Style::default() },
        ),
    ];
    for (lab, w, h, style) in cases {
        let mut figure = GdaFigure::new();
        let update = common::unwrap(figure.render(&lab, &GdaLayers::default(), &style, (w, h)));
        let px = figure.raster().pixels().to_vec();
        for c in 0..lab.classes() {
            let [x, y] = update.frame.to_pixels(lab.handle(c));
            let (x, y) = (x.round() as usize, y.round() as usize);
            let i = 4 * (y * w as usize + x);
            let colour = style.palette().colour(c);
            assert_eq!(
                [px[i], px[i + 1], px[i + 2]],
                [colour.0, colour.1, colour.2],
                "{} classes at {w}×{h}: the handle of class {c} is covered",
                lab.classes()
            );
        }
    }
}
