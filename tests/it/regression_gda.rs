#![cfg(not(target_arch = "wasm32"))]
//! Points too large to plot, found by the browser test `web_hostile` (issue #7): a CSV with
//! coordinates near ±10³⁰⁸ was accepted, its bounding box overflowed to an infinite plot
//! window and the class means (the drag handles) to ±∞. Such a file is now refused with
//! the sentence of `Error::TooLarge`, and the panel keeps its points.

use genlab::gda::{GdaLab, SampleSpec};
use genlab::Error;

fn lab() -> GdaLab {
    GdaLab::generated(SampleSpec::default()).unwrap()
}

fn assert_finite(lab: &GdaLab) {
    let v = lab.view();
    assert!([v.x0, v.x1, v.y0, v.y1].iter().all(|x| x.is_finite()) && v.x1 > v.x0 && v.y1 > v.y0, "{v:?}");
    for k in 0..2 {
        assert!(lab.handle(k).iter().all(|x| x.is_finite()), "handle {k}: {:?}", lab.handle(k));
    }
}

#[test]
fn a_csv_beyond_ten_to_the_154_is_refused_and_the_points_are_kept() {
    // The input of web_hostile's `gda_csv_outliers_and_bimodal_survive_bad_data`.
    let huge = "1e308,1e308,0\n-1e308,-1e308,1\n1e308,-1e308,0\n-1e308,1e308,1";
    let mut lab = lab();
    let before = lab.points().0.to_vec();
    assert_eq!(lab.load_csv(huge), Err(Error::TooLarge));
    assert_eq!(lab.points().0, &before[..]);
    assert_finite(&lab);
    assert_eq!(lab.load_csv("0,0,0\n1,1,0\n2,-1e155,1\n3,3,1"), Err(Error::TooLarge));
}

#[test]
fn a_csv_up_to_ten_to_the_154_keeps_a_finite_window_and_handles() {
    let mut lab = lab();
    lab.load_csv("1e154,1e154,0\n-1e154,-1e154,1\n1e154,-1e154,0\n-1e154,1e154,1").unwrap();
    assert_finite(&lab);
    lab.move_mean(0, [1e300, -1e300]).unwrap();
    assert_finite(&lab);
    let s = lab.summary();
    assert!(s.phi.is_none_or(f64::is_finite) && s.b.is_none_or(f64::is_finite), "{s:?}");
}
