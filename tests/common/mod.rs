//! Helpers shared by the model test files (`mod common;` in each): data builders, float
//! comparisons with tolerances, readable-sentence checks. Not every file uses every helper,
//! hence the `dead_code` allowance.
#![allow(dead_code)]

/// Points of class 0 followed by points of class 1, with their labels.
pub fn two_classes(class0: &[[f64; 2]], class1: &[[f64; 2]]) -> (Vec<[f64; 2]>, Vec<u8>) {
    let points = class0.iter().chain(class1).copied().collect();
    let labels = std::iter::repeat_n(0u8, class0.len()).chain(std::iter::repeat_n(1u8, class1.len())).collect();
    (points, labels)
}

/// Six points worked by hand in several files: three of class 0 around (−1.3, −1.3), three
/// of class 1 mirrored around (1.3, 1.3).
pub fn six_points() -> (Vec<[f64; 2]>, Vec<u8>) {
    two_classes(&[[-2.0, -1.0], [-1.0, -1.0], [-1.0, -2.0]], &[[1.0, 1.0], [1.0, 2.0], [2.0, 1.0]])
}

/// |actual − expected| ≤ rel·|expected| + abs.
pub fn assert_close(actual: f64, expected: f64, rel: f64, abs: f64, what: &str) {
    let tol = rel * expected.abs() + abs;
    assert!(
        (actual - expected).abs() <= tol,
        "{what}: got {actual:?}, expected {expected:?} (difference {:e}, tolerance {tol:e})",
        (actual - expected).abs()
    );
}

/// Element-wise `assert_close` for 2-vectors.
pub fn assert_vec_close(actual: [f64; 2], expected: [f64; 2], rel: f64, abs: f64, what: &str) {
    for (a, e) in actual.into_iter().zip(expected) {
        assert_close(a, e, rel, abs, what);
    }
}

/// Element-wise `assert_close` for 2×2 matrices.
pub fn assert_mat_close(actual: [[f64; 2]; 2], expected: [[f64; 2]; 2], rel: f64, abs: f64, what: &str) {
    for (a, e) in actual.into_iter().zip(expected) {
        assert_vec_close(a, e, rel, abs, what);
    }
}

/// The value of a call that must succeed, or a panic with the student-readable error.
pub fn unwrap<T>(r: genlab::Result<T>) -> T {
    match r {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    }
}

/// A message a student can read: it starts with a capital, ends with a full stop and shows
/// no raw non-finite number (Rust prints them as "NaN", "inf" and "-inf"; JavaScript as
/// "Infinity").
pub fn assert_readable_sentence(message: &str) {
    assert!(message.chars().next().is_some_and(char::is_uppercase), "not a sentence: {message:?}");
    assert!(message.ends_with('.'), "does not end with a full stop: {message:?}");
    for word in message.split(|c: char| !c.is_alphanumeric()) {
        assert!(!["NaN", "nan", "inf", "Infinity"].contains(&word), "shows {word:?} to the student: {message:?}");
    }
}

/// The points and labels of an embedded preset.
pub fn preset(p: genlab::data::Preset) -> (Vec<[f64; 2]>, Vec<u8>) {
    match p.load() {
        Ok(d) => (d.points, d.labels),
        Err(e) => panic!("preset {} failed to load: {e}", p.id()),
    }
}
