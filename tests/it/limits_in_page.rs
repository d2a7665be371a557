//! The page's fields and file caps say the core's ranges and caps (`src/limits.rs`), tied by
//! a test rather than fed at run time (the templates are static strings a panel paints
//! before its wasm module arrives): every `<input>` of a template that names a range
//! (`data-range`) has its `min` and `max` (and `step="1"` for a whole range), every number
//! box with bounds names its range, and the caps of the file readers (`nb.js`, `nb/files.js`, `cat.js`, `zip.js`) are the core's.

use genlab::limits;

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The value of attribute `name` in one tag's text.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    tag[at..].split('"').next()
}

/// A number as JavaScript writes it (`64_000_000`).
fn js_number(v: &str) -> f64 {
    v.replace('_', "").parse().unwrap_or_else(|_| panic!("{v:?} is not a number"))
}

#[test]
fn every_templates_bounded_field_has_the_bounds_of_its_range() {
    let mut named = 0;
    for template in ["gda", "nb", "cat", "curves"] {
        let path = format!("www/js/{template}-template.js");
        let source = read(&path);
        for tag in source.split("<input").skip(1).map(|t| t.split('>').next().unwrap_or("")) {
            let (min, max) = (attr(tag, "min"), attr(tag, "max"));
            let Some(id) = attr(tag, "data-range") else {
                // A slider may move over part of a range (a log scale, a comfortable
                // stretch); a number box with bounds must name the range it states.
                assert!(
                    attr(tag, "type") == Some("range") || (min.is_none() && max.is_none()),
                    "{path}: <input{tag}> has bounds but names no range (data-range=\"…\", an id of genlab::limits)"
                );
                continue;
            };
            let r = limits::by_id(id).unwrap_or_else(|| panic!("{path}: no range {id:?} in src/limits.rs"));
            assert_eq!(min.map(js_number), Some(r.min), "{path}: min of <input{tag}> (range {id})");
            // A seed box leaves its top open (2⁵³ − 1 is no bound a person types to).
            if let Some(max) = max {
                assert_eq!(js_number(max), r.max, "{path}: max of <input{tag}> (range {id})");
            } else {
                assert_eq!(id, "seed", "{path}: <input{tag}> has no max");
            }
            if r.whole {
                assert_eq!(attr(tag, "step"), Some("1"), "{path}: <input{tag}> steps by 1 (range {id} is whole)");
            }
            named += 1;
        }
    }
    // gda: 20 cloud sliders, seed, λ, φ′, two losses; nb: α, cost, four pseudo-counts;
    // cat: λ; curves: 7 boxes (counted in the templates).
    assert_eq!(named, 25 + 6 + 1 + 7);
}

/// `const NAME = value;` of a JS file.
fn js_const(source: &str, name: &str) -> f64 {
    let decl = format!("const {name} = ");
    let line = source.lines().find(|l| l.trim_start().starts_with(&decl)).unwrap_or_else(|| panic!("no {decl}"));
    js_number(line.trim_start()[decl.len()..].trim_end_matches(';'))
}

#[test]
fn the_file_readers_caps_are_the_cores() {
    let zip = read("www/js/zip.js");
    let line = zip.lines().find(|l| l.starts_with("export const ZIP_LIMITS")).expect("ZIP_LIMITS");
    let field =
        |name: &str| js_number(line.split(&format!("{name}: ")).nth(1).unwrap().split([',', ' ', '}']).next().unwrap());
    assert_eq!(field("entries"), limits::MAX_MAILBOX_MESSAGES as f64, "zip.js: ZIP_LIMITS.entries");
    assert_eq!(field("bytes"), limits::MAX_MAILBOX_BYTES as f64, "zip.js: ZIP_LIMITS.bytes");

    let nb = read("www/js/nb.js");
    assert_eq!(js_const(&nb, "MAX_EMAIL_BYTES"), limits::MAX_EMAIL_BYTES as f64);
    let files = read("www/js/nb/files.js");
    assert_eq!(js_const(&files, "MAX_MAILBOX_BYTES"), limits::MAX_MAILBOX_BYTES as f64);
    assert_eq!(js_const(&files, "MAX_CORPUS_BYTES"), genlab::nb::lab::MAX_CORPUS_BYTES as f64);
    let cat = read("www/js/cat.js");
    assert_eq!(js_const(&cat, "MAX_CSV_BYTES"), genlab::nb::categorical::MAX_CSV_BYTES as f64);

    // And no cap is written out again beside its constant.
    for (path, source) in [("nb.js", &nb), ("nb/files.js", &files), ("cat.js", &cat), ("zip.js", &zip)] {
        let body: String = source
            .lines()
            .filter(|l| !l.trim_start().starts_with("const ") && !l.starts_with("export const"))
            .collect();
        for cap in ["64_000_000", "10_000_000", "1_000_000", "50_000"] {
            assert!(!body.contains(cap), "{path} writes the cap {cap} out again: use its constant");
        }
    }
}
