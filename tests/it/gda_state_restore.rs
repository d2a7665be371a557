#![cfg(not(target_arch = "wasm32"))]
//! What a link or a history step shows in the GDA panel (`GdaLab::from_settings`): exactly
//! its settings, nothing of the screen before; and a drag that follows the pointer: while a
//! mean is dragged the window holds still, so a pointer held at the plot's edge leaves the
//! mean where it is.

use crate::common::opened;
use genlab::data::Preset;
use genlab::gda::lab::{ModelSettings, MAX_MEAN};
use genlab::gda::{GdaLab, SampleSpec};

fn close(a: [f64; 2], b: [f64; 2], tol: f64) -> bool {
    (a[0] - b[0]).abs() <= tol && (a[1] - b[1]).abs() <= tol
}

#[test]
fn a_state_without_means_shows_the_undragged_means_whatever_was_dragged_before() {
    // The history bug: after a drag, Back gave a state without m0/m1 and the panel kept
    // the dragged means. A state is now built from nothing, so the means are the sample's.
    let fresh = GdaLab::generated(SampleSpec::default()).unwrap();
    let mut dragged = GdaLab::generated(SampleSpec::default()).unwrap();
    dragged.move_mean(0, [2.0, 2.0]).unwrap();
    assert!(dragged.means_moved());
    let restored = opened("");
    assert!(!restored.means_moved());
    for k in 0..2 {
        assert_eq!(restored.handle(k), fresh.handle(k), "class {k}");
    }
    assert_eq!(restored.points().0, fresh.points().0);
}

#[test]
fn a_link_puts_each_mean_exactly_where_it_says_even_far_outside_the_default_window() {
    // The default window is about [−5, 5] × [−4, 4]; the old restore moved a mean like a
    // drag, clamped to that window, so this link silently reopened at (5, 4).
    for (src, m0, m1) in [
        ("generated", [14057.0, 9222.0], [1.2, 0.8]),
        ("generated", [-MAX_MEAN, MAX_MEAN], [0.5, -0.25]),
        ("penguins-adelie-gentoo", [140.0, -60.0], [47.0, 15.0]),
    ] {
        let q = format!("src={src}&m0={},{}&m1={},{}", m0[0], m0[1], m1[0], m1[1]);
        let lab = opened(&q);
        // The fitted mean of a translated cloud is the target up to the rounding of the
        // translation (≈ 1e-16 of the coordinates' size).
        let tol = 1e-12 * m0[0].abs().max(m0[1].abs()).max(1.0);
        assert!(close(lab.handle(0), m0, tol), "{q}: μ₀ = {:?}", lab.handle(0));
        assert!(close(lab.handle(1), m1, 1e-9 * 1e3), "{q}: μ₁ = {:?}", lab.handle(1));
        assert!(lab.view().contains(lab.handle(0)), "{q}: the window shows the mean");
    }
}

#[test]
fn a_mean_beyond_the_link_limit_is_refused_never_moved() {
    let d = SampleSpec::default();
    let err = GdaLab::from_settings("generated", d, Some([[2e6, 0.0], [0.0, 0.0]]), ModelSettings::default());
    assert!(err.is_err());
    let mut lab = GdaLab::generated(d).unwrap();
    let before = lab.handle(0);
    assert!(lab.place_mean(0, [0.0, MAX_MEAN * 1.5]).is_err());
    assert_eq!(lab.handle(0), before);
}

#[test]
fn a_drag_never_takes_a_mean_beyond_what_a_link_can_carry() {
    // A window wider than the link's limit (edited points far out): the mean still stops
    // at ±10⁶, so a link of the screen reopens it without a notice.
    let mut lab = GdaLab::generated(SampleSpec::default()).unwrap();
    lab.load_csv("-9e6,-9e6,0\n9e6,9e6,0\n9e6,-9e6,0\n0,1,1\n1,0,1\n1,1,1").unwrap();
    lab.move_mean(1, [8e6, -8e6]).unwrap();
    let h = lab.handle(1);
    assert!(h[0] <= MAX_MEAN && h[1] >= -MAX_MEAN, "{h:?}");
}

#[test]
fn a_pointer_held_at_the_edge_of_a_held_window_leaves_the_mean_where_it_is() {
    // The runaway: the window was refitted to the means at every frame, and the drag was
    // clamped to that window; a pointer at the edge mapped to a point beyond the mean, the
    // mean moved there, the window grew, and again (~2.8 units a frame, without end).
    // Here each "frame" refits the aspect, as the page's resize does, and the pointer at
    // the right-hand edge maps to data through the window (which the drag holds).
    let mut lab = GdaLab::generated(SampleSpec::default()).unwrap();
    lab.match_aspect(1.5);
    let start = lab.view();
    lab.hold_view(true);
    let mut first = None;
    for _ in 0..1000 {
        lab.match_aspect(1.5);
        let v = lab.view();
        lab.move_mean(1, [v.x1, 0.5 * (v.y0 + v.y1)]).unwrap();
        first.get_or_insert(lab.handle(1));
    }
    let first = first.unwrap();
    assert_eq!(lab.view(), start, "the window holds still during the drag");
    assert!(close(lab.handle(1), first, 1e-9), "the mean stays under the pointer: {:?} vs {first:?}", lab.handle(1));
    assert!((lab.handle(1)[0] - start.x1).abs() < 1e-9);
    // At the end of the drag the window fits the data again: it now covers ±3σ around the
    // moved mean, as a link of this state shows it.
    lab.hold_view(false);
    assert!(lab.view().x1 > start.x1);
    let link = GdaLab::from_settings(
        "generated",
        SampleSpec::default(),
        Some([lab.handle(0), lab.handle(1)]),
        ModelSettings::default(),
    )
    .unwrap();
    let mut link = link;
    link.match_aspect(1.5);
    let (a, b) = (lab.view(), link.view());
    assert!(close([a.x0, a.x1], [b.x0, b.x1], 1e-9) && close([a.y0, a.y1], [b.y0, b.y1], 1e-9), "{a:?} vs {b:?}");
}

#[test]
fn a_drag_maps_the_pointer_through_the_window_it_started_in() {
    // The mapping a drag uses: pixel → data through the held window. Moving the pointer
    // by Δ pixels moves the mean by Δ × (window width / plot width), and back again.
    let mut lab = GdaLab::generated(SampleSpec::default()).unwrap();
    lab.match_aspect(1.5);
    lab.hold_view(true);
    let v = lab.view();
    let plot_px = 600.0;
    let to_data = |px: f64| v.x0 + px / plot_px * (v.x1 - v.x0);
    let y = lab.handle(0)[1];
    lab.move_mean(0, [to_data(300.0), y]).unwrap();
    let at300 = lab.handle(0)[0];
    lab.move_mean(0, [to_data(330.0), y]).unwrap();
    let at330 = lab.handle(0)[0];
    assert!((at330 - at300 - 30.0 / plot_px * (v.x1 - v.x0)).abs() < 1e-9);
    lab.move_mean(0, [to_data(300.0), y]).unwrap();
    assert!((lab.handle(0)[0] - at300).abs() < 1e-9, "back under the pointer");
}

#[test]
fn a_dragged_preset_class_is_carried_by_the_link_and_the_window_follows_it() {
    let mut lab = GdaLab::preset(Preset::PenguinsAdelieGentoo).unwrap();
    assert!(!lab.means_moved());
    let v = lab.view();
    lab.hold_view(true);
    lab.move_mean(0, [v.x1, v.y1]).unwrap();
    assert_eq!(lab.view(), v);
    lab.hold_view(false);
    assert!(lab.means_moved());
    let q = format!(
        "src=penguins-adelie-gentoo&m0={},{}&m1={},{}",
        lab.handle(0)[0],
        lab.handle(0)[1],
        lab.handle(1)[0],
        lab.handle(1)[1]
    );
    let link = opened(&q);
    let (a, b) = (lab.view(), link.view());
    assert!(close([a.x0, a.x1], [b.x0, b.x1], 1e-9) && close([a.y0, a.y1], [b.y0, b.y1], 1e-9), "{a:?} vs {b:?}");
    assert!(b.contains(link.handle(0)));
}
