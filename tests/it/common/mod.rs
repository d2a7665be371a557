//! Helpers shared by the native test modules of `tests/it/`: data builders, float
//! comparisons with tolerances, readable-sentence checks. Not every file uses every helper,
//! hence the `dead_code` allowance.
#![allow(dead_code)]

/// Points with their labels.
pub type Labelled = (Vec<[f64; 2]>, Vec<u8>);

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

/// |actual − expected| ≤ tol (an absolute tolerance).
pub fn assert_within(actual: f64, expected: f64, tol: f64, what: &str) {
    assert!(
        (actual - expected).abs() <= tol,
        "{what}: got {actual:?}, expected {expected:?} (difference {:e}, tolerance {tol:e})",
        (actual - expected).abs()
    );
}

/// |actual − expected| ≤ 10⁻¹²·max(|expected|, 1): equal to rounding, for values worked
/// by hand.
pub fn assert_close_1e12(actual: f64, expected: f64) {
    assert!((actual - expected).abs() <= 1e-12 * expected.abs().max(1.0), "got {actual}, expected {expected}");
}

/// a = b (infinities included) or |a − b| ≤ tol·max(|b|, 1).
pub fn close_rel(a: f64, b: f64, tol: f64) -> bool {
    a == b || (a - b).abs() <= tol * b.abs().max(1.0)
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

/// Palmer penguins with all three species, bill length × bill depth (mm), read here from
/// the embedded CSV independently of `genlab::data`: Adelie 0, Chinstrap 1, Gentoo 2;
/// rows with a missing bill measurement skipped. `tools/sklearn/gda_classes_reference.py`
/// reads the same file the same way.
pub fn penguins_three_species() -> (Vec<[f64; 2]>, Vec<u8>) {
    let mut points = Vec::new();
    let mut labels = Vec::new();
    for line in genlab::data::PENGUINS_CSV.lines().skip(1) {
        let cols: Vec<&str> = line.split(',').collect();
        let label = match cols[0] {
            "Adelie" => 0,
            "Chinstrap" => 1,
            "Gentoo" => 2,
            other => panic!("unknown species {other:?}"),
        };
        if cols[2] == "NA" || cols[3] == "NA" {
            continue;
        }
        points.push([number(cols[2]), number(cols[3])]);
        labels.push(label);
    }
    (points, labels)
}

/// Iris with all three species, petal length × petal width (cm), read from the embedded
/// CSV: setosa 0, versicolor 1, virginica 2.
pub fn iris_three_species() -> (Vec<[f64; 2]>, Vec<u8>) {
    let mut points = Vec::new();
    let mut labels = Vec::new();
    for line in genlab::data::IRIS_CSV.lines().skip(1) {
        let cols: Vec<&str> = line.split(',').collect();
        let label = match cols[5].trim_matches('"') {
            "setosa" => 0,
            "versicolor" => 1,
            "virginica" => 2,
            other => panic!("unknown species {other:?}"),
        };
        points.push([number(cols[3]), number(cols[4])]);
        labels.push(label);
    }
    (points, labels)
}

fn number(s: &str) -> f64 {
    match s.trim().parse() {
        Ok(v) => v,
        Err(e) => panic!("{s:?} is not a number: {e}"),
    }
}

/// One generated class: n points from N(mean, [[σx², ρσxσy], [ρσxσy, σy²]]).
pub struct Cloud {
    pub n: usize,
    pub mean: [f64; 2],
    pub sd: [f64; 2],
    pub rho: f64,
}

/// Overlapping clouds drawn by genlab's seeded sampler (`genlab::stats::sampling`), one
/// generator for the whole set, class by class: the generated k-class data of the tests
/// against scikit-learn (written to `tests/fixtures/gda_classes/` for the script).
pub fn generated(seed: u64, clouds: &[Cloud]) -> (Vec<[f64; 2]>, Vec<u8>) {
    let mut rng = genlab::stats::sampling::rng(seed);
    let mut points = Vec::new();
    let mut labels = Vec::new();
    for (c, cloud) in clouds.iter().enumerate() {
        points.extend(genlab::stats::sampling::gaussian_2d(&mut rng, cloud.n, cloud.mean, cloud.sd, cloud.rho));
        labels.extend(std::iter::repeat_n(c as u8, cloud.n));
    }
    (points, labels)
}

/// The generated sets of k = 3, 4 and 5 classes, by name: every pair of classes overlaps,
/// so softmax regression has a finite maximum-likelihood fit at λ = 0.
pub fn generated_sets() -> Vec<(&'static str, Labelled)> {
    let c = |n, mean, sd, rho| Cloud { n, mean, sd, rho };
    vec![
        (
            "generated_k3",
            generated(
                2023,
                &[
                    c(40, [0.0, 0.0], [1.0, 1.0], 0.3),
                    c(50, [1.5, 0.5], [1.2, 0.8], -0.2),
                    c(60, [0.5, 1.5], [0.9, 1.1], 0.0),
                ],
            ),
        ),
        (
            "generated_k4",
            generated(
                2024,
                &[
                    c(30, [0.0, 0.0], [1.0, 0.8], 0.2),
                    c(40, [2.0, 0.0], [0.9, 1.1], -0.3),
                    c(50, [0.0, 2.0], [1.1, 0.9], 0.0),
                    c(60, [2.0, 2.0], [1.0, 1.0], 0.5),
                ],
            ),
        ),
        (
            "generated_k5",
            generated(
                2025,
                &[
                    c(25, [0.0, 0.0], [1.0, 1.0], 0.0),
                    c(30, [2.0, 0.0], [1.2, 0.8], 0.4),
                    c(35, [0.0, 2.0], [0.8, 1.2], -0.4),
                    c(40, [2.0, 2.0], [1.0, 0.9], 0.2),
                    c(45, [1.0, 1.0], [1.1, 1.1], -0.1),
                ],
            ),
        ),
    ]
}

/// The two-class lab a link's query opens, as the page's `setState` builds it (the link must
/// parse without notices).
pub fn opened(query: &str) -> genlab::gda::GdaLab {
    let (s, notices) = genlab::state::parse_query(query);
    assert!(notices.is_empty(), "{notices:?}");
    let g = s.gda;
    let d = genlab::gda::SampleSpec::default();
    let spec = genlab::gda::SampleSpec {
        n0: g.n[0] as usize,
        n1: g.n[1] as usize,
        class0: genlab::gda::ClassParams { mean: d.class0.mean, sd: g.sd[0], rho: g.rho[0] },
        class1: genlab::gda::ClassParams { mean: d.class1.mean, sd: g.sd[1], rho: g.rho[1] },
        seed: g.seed,
    };
    genlab::gda::GdaLab::from_settings(&g.source, spec, g.means, g.models).expect("a valid link")
}

/// `s` as a JSON (and JavaScript) string literal, for the files the page reads that a test
/// writes from the core (message codes, the misconceptions' hints).
pub fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Holds a file the tests write from the core (`file`, a path in the crate) to `want`: with
/// the environment variable `write` set it is written first; then it must equal `want`, or
/// the test fails saying `why` (which names the command that writes it).
pub fn hold_written_file(file: &str, want: &str, write: &str, why: &str) {
    if std::env::var_os(write).is_some() {
        std::fs::write(file, want).unwrap_or_else(|e| panic!("write {file}: {e}"));
    }
    let have = std::fs::read_to_string(file).unwrap_or_default();
    assert!(have == want, "{why}");
}
