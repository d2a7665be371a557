//! Projector mode's type: every word a figure draws (axis labels, tick labels, the ellipses'
//! mass labels, the posterior contours' labels, the legends, the learning curves' crossover
//! and Bayes-error labels, the 3-D view's axes) is at least 20 CSS pixels, the page's
//! smallest projector type. Labels of 11 CSS px were scaled by 1.75 to 19.25 px.

use genlab::curves::{Cloud, CurveRun, CurveSpec, Pairing};
use genlab::gda::lab::ModelSettings;
use genlab::gda::{ClassesSpec, GdaLab, SampleSpec};
use genlab::plot::curves::{draw_curves, CurvesText};
use genlab::plot::gda::{draw, GdaLayers};
use genlab::plot::nb::{draw_alpha_curve, CurveText};
use genlab::plot::surface::{draw_surfaces, SurfaceAngles, SurfaceModel};
use genlab::plot::{Style, PROJECTOR_MIN_TEXT};
use plotters::prelude::*;

/// plotters' SVG backend writes a font's size divided by 1.24 (plotters-svg, svg.rs:
/// `style.size() / 1.24`): the size the figure asked for is the attribute × 1.24.
const SVG_FONT_SCALE: f64 = 1.24;

/// (text, font size asked for, in backing pixels) of every `<text>` in an SVG drawing.
fn texts(svg: &str) -> Vec<(String, f64)> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let (tag, rest) = t.split_once('>')?;
            let at = tag.find(" font-size=\"")? + 12;
            let size = tag[at..].split('"').next()?.trim_end_matches("px").parse::<f64>().ok()? * SVG_FONT_SCALE;
            Some((rest.split("</text>").next()?.trim().to_string(), size))
        })
        .collect()
}

/// Draws with `paint` on an SVG of `size` backing pixels and returns its words.
fn words(
    size: (u32, u32),
    paint: impl FnOnce(&DrawingArea<SVGBackend<'_>, plotters::coord::Shift>),
) -> Vec<(String, f64)> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        paint(&root);
        root.present().unwrap();
    }
    texts(&svg)
}

fn assert_projector_type(figure: &str, words: &[(String, f64)], dpr: f64) {
    assert!(words.len() >= 4, "{figure}: only {words:?}");
    let least = PROJECTOR_MIN_TEXT * dpr;
    let small: Vec<_> = words.iter().filter(|(_, px)| *px < least - 1e-9).collect();
    assert!(small.is_empty(), "{figure} at dpr {dpr}: words under {least} px: {small:?}");
}

#[test]
fn every_word_of_every_figure_is_at_least_20_css_px_in_projector_mode() {
    assert_eq!(PROJECTOR_MIN_TEXT, 20.0);
    for dpr in [1.0, 2.0] {
        let style = Style { dpr, projector: true, dark: false };
        // Figures the size of a 1280×720 projector's (829 × 588 CSS px), in backing pixels.
        let size = ((829.0 * dpr) as u32, (588.0 * dpr) as u32);

        // GDA, two classes with the heat map's p = 0.1 / 0.9 contour labels, and three classes.
        let mut two = GdaLab::generated(SampleSpec::default()).unwrap();
        two.set_models(ModelSettings { heat: true, ..ModelSettings::default() }).unwrap();
        let w = words(size, |root| {
            draw(root, &two, &GdaLayers::default(), &style).unwrap();
        });
        assert!(w.iter().any(|(t, _)| t == "39.3 %"), "mass labels: {w:?}");
        assert!(w.iter().any(|(t, _)| t.starts_with("p = ")), "contour labels: {w:?}");
        assert_projector_type("GDA", &w, dpr);
        let three = GdaLab::generated_classes(ClassesSpec::default_for(3)).unwrap();
        let w = words(size, |root| {
            draw(root, &three, &GdaLayers::default(), &style).unwrap();
        });
        assert_projector_type("GDA, three classes", &w, dpr);

        // The spam panel's metrics-against-α chart.
        let w = words(((600.0 * dpr) as u32, (264.0 * dpr) as u32), |root| {
            draw_alpha_curve(root, &[], 1.0, &CurveText::default(), &style).unwrap();
        });
        assert_projector_type("α curve", &w, dpr);

        // The learning curves, with their crossover and Bayes-error labels.
        let pairing = Pairing::Clouds(Cloud::ModelTrue);
        let spec =
            CurveSpec { pairing, m_min: 4, m_max: 300, sizes: 10, splits: 10, lambda: 0.01, alpha: 1e-9, seed: 1 };
        let mut run = CurveRun::new(spec, pairing.data(1, "").unwrap()).unwrap();
        run.step(10);
        let mut summary = run.summary();
        summary.crossover = Some(20.0);
        let w = words(size, |root| {
            draw_curves(root, &summary, &CurvesText::default(), &style).unwrap();
        });
        assert!(w.iter().any(|(t, _)| t.starts_with("Bayes error")), "{w:?}");
        assert_projector_type("learning curves", &w, dpr);

        // The 3-D view's axes.
        let w = words(size, |root| {
            draw_surfaces(root, &SurfaceModel::of(&two), SurfaceAngles::default(), &style, 16).unwrap();
        });
        assert_projector_type("3-D view", &w, dpr);
    }
}

#[test]
fn without_projector_mode_the_type_is_unchanged() {
    // 11 CSS px labels stay 11 px (× the device pixel ratio); projector mode without a floor
    // would be 11 × 1.75 = 19.25.
    assert_eq!(Style::default().text_px(11.0), 11.0);
    assert_eq!(Style { dpr: 2.0, projector: false, dark: false }.text_px(11.0), 22.0);
    assert_eq!(Style { dpr: 1.0, projector: true, dark: false }.text_px(11.0), 20.0);
    assert_eq!(Style { dpr: 2.0, projector: true, dark: false }.text_px(13.0), 45.5);
}
