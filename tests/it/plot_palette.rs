//! The figure's colours in the light and the dark theme: every text colour reaches WCAG
//! 2's 4.5:1 against what it is drawn on, and the two class colours stay apart, also for
//! the common colour-vision deficiencies.
#![cfg(not(target_arch = "wasm32"))]

use genlab::plot::{blend, contrast_ratio, relative_luminance, Palette, DARK, LIGHT};
use plotters::style::RGBColor;

#[test]
fn the_wcag_formula_gives_the_published_values() {
    // WCAG 2.1, "contrast ratio": black on white is 21:1, a colour on itself 1:1; #777 on
    // white is 4.48:1 (the well-known just-failing grey), #767676 4.54:1.
    let white = RGBColor(255, 255, 255);
    let black = RGBColor(0, 0, 0);
    assert!((contrast_ratio(black, white) - 21.0).abs() < 1e-9);
    assert!((contrast_ratio(white, white) - 1.0).abs() < 1e-12);
    assert!((contrast_ratio(RGBColor(0x77, 0x77, 0x77), white) - 4.48).abs() < 0.01);
    assert!((contrast_ratio(RGBColor(0x76, 0x76, 0x76), white) - 4.54).abs() < 0.01);
    assert!((relative_luminance(white) - 1.0).abs() < 1e-12);
}

/// Every pair of (text colour, what it lies on) that the figure draws.
fn text_pairs(p: &Palette) -> Vec<(&'static str, RGBColor, RGBColor)> {
    // The legend's box is the legend colour at 88 % over the plot, which may hold a point,
    // an ellipse or the boundary: the worst of those is what its text must stand out from.
    let under = [p.background, p.class[0], p.class[1], p.boundary, p.logistic, p.ink];
    let mut pairs = vec![
        ("axis text", p.ink, p.background),
        ("class 0 label", p.class_text[0], p.background),
        ("class 1 label", p.class_text[1], p.background),
    ];
    for u in under {
        pairs.push(("legend text", p.ink, blend(p.legend, u, 0.88)));
    }
    pairs
}

#[test]
fn every_text_colour_has_contrast_of_at_least_4_5_in_both_themes() {
    for (name, p) in [("light", &LIGHT), ("dark", &DARK)] {
        for (what, fg, bg) in text_pairs(p) {
            let r = contrast_ratio(fg, bg);
            assert!(r >= 4.5, "{name}: {what} {fg:?} on {bg:?} is {r:.2}:1");
        }
    }
}

#[test]
fn the_dark_figure_is_dark_and_the_light_one_light() {
    assert!(relative_luminance(DARK.background) < 0.02);
    assert!(relative_luminance(LIGHT.background) > 0.95);
    // The boundary and the markers stand out from the background (WCAG 1.4.11 asks 3:1 of
    // graphics).
    for p in [&LIGHT, &DARK] {
        for c in [p.boundary, p.class[0], p.class[1], p.ink] {
            assert!(contrast_ratio(c, p.background) >= 3.0, "{c:?} on {:?}", p.background);
        }
    }
}

/// An sRGB colour as a colour-vision-deficient viewer sees it: Machado, Oliveira & Fernandes
/// (2009), severity 1.0 matrices, applied to linear RGB.
fn simulate(c: RGBColor, m: &[[f64; 3]; 3]) -> [f64; 3] {
    let lin = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.04045 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    let v = [lin(c.0), lin(c.1), lin(c.2)];
    m.map(|row| (row[0] * v[0] + row[1] * v[1] + row[2] * v[2]).clamp(0.0, 1.0))
}

/// CIELAB of linear sRGB (D65).
fn lab(v: [f64; 3]) -> [f64; 3] {
    let x = 0.4124 * v[0] + 0.3576 * v[1] + 0.1805 * v[2];
    let y = 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
    let z = 0.0193 * v[0] + 0.1192 * v[1] + 0.9505 * v[2];
    let f = |t: f64| if t > 0.008856 { t.cbrt() } else { 7.787 * t + 16.0 / 116.0 };
    let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

#[test]
fn the_class_colours_stay_apart_for_colour_blind_viewers_in_both_themes() {
    // Machado et al. 2009, Table 1 (severity 1.0).
    let protan = [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]];
    let deutan = [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]];
    let tritan = [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]];
    let normal = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    for (name, p) in [("light", &LIGHT), ("dark", &DARK)] {
        for (vision, m) in [("normal", normal), ("protan", protan), ("deutan", deutan), ("tritan", tritan)] {
            let (a, b) = (lab(simulate(p.class[0], &m)), lab(simulate(p.class[1], &m)));
            let de = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
            // ΔE*ab of 20 and more is a plainly different colour (2.3 is "just noticeable").
            assert!(de >= 20.0, "{name}, {vision}: the class colours are only ΔE {de:.1} apart");
        }
    }
}
