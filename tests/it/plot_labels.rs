//! The figure's words never cover each other: the ellipses' mass labels are placed by a rule
//! (the first free place around their ellipse, clear of the legend and of the labels placed
//! before), and the legend is sized to the plot box rather than to the type alone.
#![cfg(not(target_arch = "wasm32"))]

use genlab::gda::{GdaLab, SampleSpec};
use genlab::plot::gda::{draw, label_candidates, label_size, legend_size, place_labels, GdaLayers, LEGEND_SHARE};
use genlab::plot::Style;
use plotters::prelude::*;

fn overlap(a: &[f64; 4], b: &[f64; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

#[test]
fn two_labels_wanting_the_same_spot_get_different_places() {
    // Two labels whose candidates are the same three boxes, the first of them taken by both:
    // the first label gets box 0, the second the first box that does not meet it (box 2:
    // box 1 overlaps box 0 by half its width).
    let boxes = vec![[100.0, 50.0, 140.0, 64.0], [120.0, 50.0, 160.0, 64.0], [100.0, 70.0, 140.0, 84.0]];
    let placed = place_labels(&[boxes.clone(), boxes], &[], [0.0, 0.0, 400.0, 300.0]);
    assert_eq!(placed, vec![Some(0), Some(2)]);
}

#[test]
fn a_label_avoids_obstacles_and_the_plot_edges_or_is_left_out() {
    let inside = [10.0, 10.0, 50.0, 24.0];
    let outside = [-5.0, 10.0, 35.0, 24.0];
    // The legend (an obstacle) covers the only box inside the plot: nowhere to go.
    assert_eq!(place_labels(&[vec![outside, inside]], &[[0.0, 0.0, 60.0, 30.0]], [0.0, 0.0, 200.0, 200.0]), vec![None]);
    assert_eq!(place_labels(&[vec![outside, inside]], &[], [0.0, 0.0, 200.0, 200.0]), vec![Some(1)]);
}

#[test]
fn candidates_start_above_the_top_of_the_ellipse_and_sit_outside_it() {
    // A circle of radius 50 around (200, 150), y down: its top is (200, 100).
    let pixels: Vec<[f64; 2]> = (0..128)
        .map(|i| {
            let a = f64::from(i) / 128.0 * std::f64::consts::TAU;
            [200.0 + 50.0 * a.cos(), 150.0 + 50.0 * a.sin()]
        })
        .collect();
    let c = label_candidates(&pixels, [200.0, 150.0], [40.0, 14.0], 3.0);
    // The top, 7 steps of 1/16 turn to either side, and the bottom (the 8th step both ways).
    assert_eq!(c.len(), 16);
    // Above the top: centred on x = 200, its bottom 3 px above y = 100.
    assert_eq!(c[0], [180.0, 83.0, 220.0, 97.0]);
    // The bottommost candidate (half a turn away) hangs below the circle's lowest point.
    assert!(c.iter().any(|b| (b[1] - 203.0).abs() < 1e-9), "{c:?}");
}

/// The mass labels in an SVG rendering: (text, x, y) of each `<text>` ending in " %".
fn mass_labels(svg: &str) -> Vec<(String, f64, f64)> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let attr = |name: &str| -> Option<f64> {
                let at = t.find(&format!(" {name}=\""))? + name.len() + 3;
                t[at..].split('"').next()?.parse().ok()
            };
            let body = t.split('>').nth(1)?.split('<').next()?.trim().to_string();
            body.ends_with(" %").then(|| (body, attr("x").unwrap_or(f64::NAN), attr("y").unwrap_or(f64::NAN)))
        })
        .collect()
}

#[test]
fn coincident_means_do_not_stack_the_two_classes_labels() {
    // Both means at the same point: with one shared Σ the two classes' fitted ellipses are
    // the same curves, so labels placed at each ellipse's top would be drawn on top of each
    // other (the 39.3 % / 86.5 % overlap seen in projector mode).
    let mut lab = GdaLab::generated(SampleSpec::default()).unwrap();
    let at = lab.handle(0);
    lab.move_mean(1, at).unwrap();
    for style in [Style::default(), Style { dpr: 1.0, projector: true, dark: false }] {
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, (800, 560)).into_drawing_area();
            draw(&root, &lab, &GdaLayers::default(), &style).unwrap();
            root.present().unwrap();
        }
        let labels = mass_labels(&svg);
        assert!(labels.iter().any(|l| l.0 == "39.3 %") && labels.iter().any(|l| l.0 == "86.5 %"), "{labels:?}");
        let px = style.text_px(11.0);
        let boxes: Vec<[f64; 4]> = labels
            .iter()
            .map(|(text, x, y)| {
                let [w, h] = label_size(text, px);
                [*x, *y, x + w, y + h]
            })
            .collect();
        for i in 0..boxes.len() {
            for j in 0..i {
                assert!(!overlap(&boxes[i], &boxes[j]), "{:?} and {:?} overlap ({style:?})", labels[i], labels[j]);
            }
        }
    }
}

#[test]
fn the_projector_legend_fits_a_small_plot() {
    // The plot box of a 459 × 305 CSS-pixel figure in projector mode (margins 72 × 56 CSS
    // px × 1.75): 333 × 207. Six rows, the longest "y = 1: class 1" padded to 14 units, or
    // a longer Chinese label of 20 units. At 12 px × 1.75 = 21 px the box would be
    // 21 · (2.6 + 0.58 · 20) = 298 px wide: 90 % of the plot.
    let projector = Style { dpr: 1.0, projector: true, dark: false };
    for longest in [14, 20] {
        let (w, h, em) = legend_size((333.0, 207.0), 6, longest, &projector);
        assert!(f64::from(w) <= LEGEND_SHARE * 333.0 + 1.0, "{w} px wide");
        assert!(f64::from(h) <= LEGEND_SHARE * 207.0 + 1.0, "{h} px high");
        assert!(em >= 7.0, "{em}");
    }
    // On a large plot the type is the style's own: 12 CSS px × 1.75.
    let (_, _, em) = legend_size((1700.0, 1000.0), 6, 20, &projector);
    assert!((em - 21.0).abs() < 1e-9, "{em}");
}
