//! The spam panel's held-out metrics chart: its legend keeps inside the plot, in as many
//! rows as the plot's width needs (projector mode makes the four entries wider than it).

use genlab::plot::nb::{draw_alpha_curve, legend_rows, legend_text_width, CurveText};
use genlab::plot::Style;
use plotters::prelude::*;

// Row splits worked by hand: widths 50, 60, 40, 20 with 10 px between entries take
// 50 + 10 + 60 + 10 + 40 + 10 + 20 = 200 px in one row.
#[test]
fn legend_fits_one_row_when_the_room_is_exactly_its_width() {
    assert_eq!(legend_rows([50, 60, 40, 20], 10, 200), vec![0..4]);
}

#[test]
fn legend_wraps_the_entry_that_does_not_fit() {
    // One pixel short: the last entry (20 px) starts a second row.
    assert_eq!(legend_rows([50, 60, 40, 20], 10, 199), vec![0..3, 3..4]);
    // 100 px: 50 + 10 + 60 = 120 > 100, 60 + 10 + 40 = 110 > 100, 40 + 10 + 20 = 70.
    assert_eq!(legend_rows([50, 60, 40, 20], 10, 100), vec![0..1, 1..2, 2..4]);
}

#[test]
fn cjk_names_are_given_twice_the_width_of_latin_letters() {
    // 6.5 CSS px a character: "F1" 13 px; "召回率" 3 × 13 = 39 px; ×1.75 in projector mode.
    assert_eq!(legend_text_width("F1", &Style::default()), 13);
    assert_eq!(legend_text_width("召回率", &Style::default()), 39);
    assert_eq!(legend_text_width("F1", &Style { dpr: 2.0, projector: true, dark: false }), 46);
}

#[test]
fn an_entry_wider_than_the_room_gets_a_row_of_its_own() {
    assert_eq!(legend_rows([30, 300, 20], 10, 100), vec![0..1, 1..2, 2..3]);
    assert_eq!(legend_rows(Vec::new(), 10, 100), Vec::<std::ops::Range<usize>>::new());
}

/// The (x, y) at which each legend name is written in the chart's SVG.
fn legend_positions(width: u32, style: &Style) -> Vec<(i32, i32)> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, 240)).into_drawing_area();
        draw_alpha_curve(&root, &[], 1.0, &CurveText::default(), style).unwrap();
        root.present().unwrap();
    }
    // Every <text …>content</text> of the SVG, as (tag, content).
    let texts: Vec<(&str, &str)> = svg
        .split("<text")
        .skip(1)
        .filter_map(|t| {
            let (tag, rest) = t.split_once('>')?;
            Some((tag, rest.split("</text>").next()?.trim()))
        })
        .collect();
    CurveText::default()
        .series
        .iter()
        .map(|name| {
            let tag = texts.iter().find(|t| t.1 == name).unwrap_or_else(|| panic!("no legend entry {name}")).0;
            let attr = |a: &str| -> i32 {
                let at = tag.find(&format!(" {a}=\"")).unwrap() + a.len() + 3;
                tag[at..].split('"').next().unwrap().parse::<f64>().unwrap().round() as i32
            };
            (attr("x"), attr("y"))
        })
        .collect()
}

#[test]
fn a_wide_chart_keeps_its_legend_on_one_line() {
    let at = legend_positions(800, &Style::default());
    assert!(at.iter().all(|p| p.1 == at[0].1), "{at:?}");
    assert!(at.windows(2).all(|w| w[0].0 < w[1].0), "{at:?}");
}

#[test]
fn a_narrow_projector_chart_wraps_its_legend_inside_the_plot() {
    let style = Style { dpr: 1.0, projector: true, dark: false };
    let width = 380;
    let at = legend_positions(width, &style);
    let rows: std::collections::BTreeSet<i32> = at.iter().map(|p| p.1).collect();
    assert!(rows.len() >= 2, "expected the legend in two rows or more: {at:?}");
    // Each name starts inside the chart and, at the width the chart gives it, ends before
    // the chart's right margin.
    for ((x, _), name) in at.iter().zip(CurveText::default().series) {
        let end = x + legend_text_width(&name, &style);
        assert!(*x > 0 && f64::from(end) <= f64::from(width) - style.px(12.0), "{name} at {x}, ends at {end}");
    }
    // Entries keep their order: row by row, left to right.
    assert!(at.windows(2).all(|w| w[0].1 < w[1].1 || (w[0].1 == w[1].1 && w[0].0 < w[1].0)), "{at:?}");
}
