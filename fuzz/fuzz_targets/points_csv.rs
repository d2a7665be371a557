//! The labelled-points parser (`x,y,label` lines) on arbitrary text, and the GDA fit of
//! what it accepts.
//!
//! Invariants:
//! * Ok: at least one point, at most `MAX_POINTS`, as many labels as points, every label
//!   0 or 1, every coordinate finite; Err is `BadLine` (with a line number ≥ 1) or
//!   `EmptyData`;
//! * writing the points back as `x,y,label` lines (Rust's shortest round-trip decimals)
//!   and parsing them again gives the same points and labels;
//! * the fit of parsed points either fails with an error or has finite parameters and a
//!   posterior in [0, 1], never NaN, at every point.
#![no_main]

use genlab::gda::points_csv::MAX_POINTS;
use genlab::gda::{parse_points_csv, Gda};
use genlab::Error;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let parsed = match parse_points_csv(&text) {
        Ok(p) => p,
        Err(Error::BadLine { line, reason }) => {
            assert!(line >= 1 && !reason.is_empty());
            return;
        }
        Err(Error::EmptyData(_)) => return,
        Err(e) => panic!("unexpected error {e:?}"),
    };
    assert!(!parsed.points.is_empty() && parsed.points.len() <= MAX_POINTS);
    assert_eq!(parsed.points.len(), parsed.labels.len());
    assert!(parsed.labels.iter().all(|&l| l <= 1));
    assert!(parsed.points.iter().flatten().all(|v| v.is_finite()));

    let written: String =
        parsed.points.iter().zip(&parsed.labels).map(|(p, l)| format!("{},{},{l}\n", p[0], p[1])).collect();
    let back = parse_points_csv(&written).expect("written points parse");
    assert_eq!(back.points, parsed.points);
    assert_eq!(back.labels, parsed.labels);

    if let Ok(fit) = Gda::fit(&parsed.points, &parsed.labels) {
        let (w, b) = fit.log_odds_coefficients();
        assert!(fit.phi() > 0.0 && fit.phi() < 1.0);
        assert!(w.iter().chain(&[b]).all(|v| v.is_finite()), "w = {w:?}, b = {b}");
        for &x in &parsed.points {
            let p = fit.posterior(x);
            assert!((0.0..=1.0).contains(&p), "posterior {p} at {x:?}");
        }
    }
});
