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

mod common;

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
