//! The GDA figure while a student predicts the boundary ([`GdaLayers::hide_boundary`]):
//! nothing in the picture says where the boundary is. No pixel of the boundary's colour, no
//! heat map (the posterior's colours cross ½ on the line) and no contour: the picture with
//! the heat map on is the picture with it off. With the layer off, the boundary is drawn.

use genlab::gda::{GdaLab, SampleSpec};
use genlab::plot::figure::GdaFigure;
use genlab::plot::gda::GdaLayers;
use genlab::plot::{Style, BOUNDARY};

const SIZE: (u32, u32) = (480, 360);

fn picture(heat: bool, hide_boundary: bool) -> Vec<u8> {
    let mut lab = GdaLab::generated(SampleSpec::default()).unwrap();
    let mut models = *lab.models();
    models.heat = heat;
    lab.set_models(models).unwrap();
    let layers = GdaLayers { hide_boundary, ..GdaLayers::default() };
    let mut figure = GdaFigure::new();
    figure.render(&lab, &layers, &Style { dpr: 1.0, projector: false, dark: false }, SIZE).unwrap();
    let pixels = figure.raster().pixels().to_vec();
    pixels
}

/// Pixels of exactly the boundary's colour.
fn boundary_pixels(p: &[u8]) -> usize {
    p.chunks_exact(4).filter(|c| c[..3] == [BOUNDARY.0, BOUNDARY.1, BOUNDARY.2]).count()
}

#[test]
fn a_hidden_boundary_leaves_no_trace_in_the_figure() {
    // Shown: the line, 2.5 px wide across a 480 px figure, is hundreds of pixels.
    assert!(boundary_pixels(&picture(false, false)) > 300, "{}", boundary_pixels(&picture(false, false)));
    assert!(boundary_pixels(&picture(true, false)) > 300);
    // Hidden: none, with or without the heat map.
    assert_eq!(boundary_pixels(&picture(false, true)), 0);
    assert_eq!(boundary_pixels(&picture(true, true)), 0);
    // And the heat map and its contours are gone: the same picture as without them.
    assert!(picture(true, true) == picture(false, true), "the heat map shows while the boundary is hidden");
    assert!(picture(true, false) != picture(false, false));
}

/// The k-class figure (three generated classes, or the penguins of three species), with the
/// logistic overlay (softmax regression's boundaries) and the pairwise boundaries on.
fn k_picture(lab: &mut GdaLab, hide_boundary: bool) -> Vec<u8> {
    let mut models = *lab.models();
    models.logistic = true;
    lab.set_models(models).unwrap();
    let layers = GdaLayers { hide_boundary, pairwise: true, ..GdaLayers::default() };
    let mut figure = GdaFigure::new();
    figure.render(lab, &layers, &Style { dpr: 1.0, projector: false, dark: false }, SIZE).unwrap();
    let pixels = figure.raster().pixels().to_vec();
    pixels
}

#[test]
fn a_hidden_k_class_figure_shows_no_region_and_no_boundary() {
    use genlab::data::Preset;
    use genlab::gda::ClassesSpec;
    for (what, mut lab) in [
        ("three generated classes", GdaLab::generated_classes(ClassesSpec::default_for(3)).unwrap()),
        ("penguins, three species", GdaLab::preset(Preset::PenguinsThreeSpecies).unwrap()),
    ] {
        let shown = k_picture(&mut lab, false);
        let hidden = k_picture(&mut lab, true);
        assert!(boundary_pixels(&shown) > 300, "{what}: {} boundary pixels shown", boundary_pixels(&shown));
        assert_eq!(boundary_pixels(&hidden), 0, "{what}: the regions' boundaries show while hidden");
        // No region tint either: every plot pixel not under a point, an ellipse, a handle or
        // the legend is the paper's. The tinted regions cover the box when shown, so the two
        // pictures differ in most pixels; hidden, the picture has far fewer distinct colours.
        let colours =
            |p: &[u8]| p.chunks_exact(4).map(|c| [c[0], c[1], c[2]]).collect::<std::collections::HashSet<_>>().len();
        assert!(
            colours(&hidden) < colours(&shown),
            "{what}: {} colours hidden, {} shown",
            colours(&hidden),
            colours(&shown)
        );
    }
}
