//! The lesson format (`genlab::lesson`): reading, the errors that name the step and the
//! value, writing, caption Markdown, and the built-in lessons. Expected values are read off
//! the format's documentation (the module's doc comment and docs/lecturers.md "Lessons").

use genlab::lesson::{caption_spans, caption_text, parse, write, Highlight, Problem, BUILTIN};

const SAMPLE: &str = "# genlab lesson
title.en: Two clouds
title.zh: 两团点

## step clouds
panel: gda
state: cov=shared&m0=-1,0&m1=1,0.5
hide: seed, numbers
highlight: mean 1
caption.en: Two *round* clouds share `Σ`.
caption.zh: 两团*圆形*的点。
notes: Ask first.
notes:
notes: Then show.

## step
panel: nb
state: a=0&t=free%20prize
highlight: word free
caption.en: The veto.
";

#[test]
fn reads_every_field_of_the_documented_example() {
    let p = parse(SAMPLE);
    assert_eq!(p.errors, vec![]);
    let l = &p.lesson;
    assert_eq!((l.title_en.as_str(), l.title_zh.as_str()), ("Two clouds", "两团点"));
    assert_eq!(l.steps.len(), 2);
    let s = &l.steps[0];
    assert_eq!(s.name, "clouds");
    assert_eq!(s.panel, "gda");
    assert_eq!(s.state, "cov=shared&m0=-1,0&m1=1,0.5");
    assert_eq!(s.hide, vec!["seed", "numbers"]);
    assert_eq!(s.highlight, Some(Highlight::Mean(1)));
    assert_eq!(s.caption_en, "Two *round* clouds share `Σ`.");
    assert_eq!(s.caption_zh, "两团*圆形*的点。");
    assert_eq!(s.notes, "Ask first.\n\nThen show.");
    let s = &l.steps[1];
    assert_eq!((s.name.as_str(), s.panel.as_str()), ("", "nb"));
    assert_eq!(s.highlight, Some(Highlight::Word("free".into())));
    assert_eq!(s.caption_zh, "");
}

#[test]
fn writing_gives_the_canonical_text_and_reads_back_the_same() {
    let p = parse(SAMPLE);
    let text = write(&p.lesson);
    assert_eq!(parse(&text).lesson, p.lesson);
    // The sample is written canonically already, but for the order of nothing: same text.
    assert_eq!(text, SAMPLE);
}

#[test]
fn crlf_files_read_as_lf_files() {
    let crlf = SAMPLE.replace('\n', "\r\n");
    assert_eq!(parse(&crlf), parse(SAMPLE));
}

#[test]
fn an_invalid_state_value_names_the_step_and_the_value_and_the_rest_still_plays() {
    let text = "## step one\npanel: gda\nstate: phi=0.3\n\n## step two\npanel: gda\nstate: phi=7&cov=per-class\n\n## step three\npanel: nb\nstate: a=2\n";
    let p = parse(text);
    assert_eq!(p.lesson.steps.len(), 3, "every step still plays");
    assert_eq!(p.errors.len(), 1, "{:?}", p.errors);
    let e = &p.errors[0];
    assert_eq!((e.line, e.step, e.step_name.as_str(), e.played), (7, Some(2), "two", Some(1)));
    match &e.problem {
        Problem::State { notice } => assert_eq!((notice.key.as_str(), notice.value.as_str()), ("phi", "7")),
        other => panic!("{other:?}"),
    }
    let m = e.message();
    assert!(m.contains("step 2") && m.contains("“two”") && m.contains("phi=7"), "{m}");
    // The step keeps its good value: the state text is kept whole, and the panel applies
    // what the link reader accepts (cov), ignoring phi=7.
    assert_eq!(p.lesson.steps[1].state, "phi=7&cov=per-class");
}

#[test]
fn a_step_without_a_known_panel_is_left_out_and_said() {
    let p = parse("## step\nstate: a=1\n## step b\npanel: spam\n## step\npanel: cat\n");
    assert_eq!(p.lesson.steps.len(), 1);
    assert_eq!(p.lesson.steps[0].panel, "cat");
    assert_eq!(p.errors.len(), 2);
    assert_eq!((p.errors[0].step, &p.errors[0].problem, p.errors[0].played), (Some(1), &Problem::MissingPanel, None));
    assert_eq!(p.errors[1].problem, Problem::UnknownPanel { value: "spam".into() });
    assert_eq!((p.errors[1].line, p.errors[1].step, p.errors[1].step_name.as_str()), (4, Some(2), "b"));
    // The step that plays is the first that plays, though it is the third in the file.
    assert_eq!(parse("## step\npanel: cat\ncaption.en: x\nhide: nope\n").errors[0].played, Some(0));
}

/// A sentence that lists the panels takes the list from the registry (`state::PANELS`): the
/// lesson's two panel errors and the link's `embed` rule each name every panel, so a panel
/// added to the registry is named in them with no sentence edited. (The missing-panel error
/// named “gda”, “nb” or “cat” and left out the learning curves' “curves”.)
#[test]
fn the_sentences_that_list_the_panels_name_every_panel_of_the_registry() {
    use genlab::state::{parse_query, PANELS};
    let p = parse("## step\nstate: a=1\n## step\npanel: spam\n");
    let embed = parse_query("embed=spam").1;
    assert_eq!(embed.len(), 1);
    let embed = genlab::Error::InvalidParameter {
        name: "embed",
        value: "spam".into(),
        rule: match embed[0].reason {
            genlab::state::NoticeReason::Invalid(rule) => rule,
            ref r => panic!("{r:?}"),
        },
    }
    .to_string();
    let sentences = [p.errors[0].message(), p.errors[1].message(), embed];
    for s in &sentences {
        for panel in PANELS {
            assert!(s.contains(&format!("“{}”", panel.id)), "{s} does not name {}", panel.id);
        }
    }
    // As English joins alternatives (the page's alternatives() in both languages: the dictionary test).
    assert_eq!(genlab::message::alternatives(&["gda", "nb", "cat"]), "“gda”, “nb” or “cat”");
    assert_eq!(
        sentences[1],
        "Line 4, step 2: the panel “spam” is not “gda”, “nb”, “cat” or “curves”; the step is left out."
    );
    assert_eq!(sentences[2], "embed = spam is not allowed: the embedded panel must be “gda”, “nb”, “cat” or “curves”.");
}

#[test]
fn keys_of_another_panel_or_of_the_page_are_named_and_ignored() {
    let p = parse("## step\npanel: gda\nstate: a=0&lang=zh-CN&seed=3&bogus=1\n");
    let problems: Vec<&Problem> = p.errors.iter().map(|e| &e.problem).collect();
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(problems.contains(&&Problem::ForeignKey { key: "a".into() }));
    assert!(problems.contains(&&Problem::ForeignKey { key: "lang".into() }));
    assert!(problems.iter().any(|p| matches!(p, Problem::State { notice } if notice.key == "bogus")));
}

#[test]
fn unknown_controls_highlights_fields_and_repeats_are_named() {
    let text = "title.en: A\ntitle.en: B\nauthor: me\n## step\npanel: nb\npanel: gda\nhide: alpha, seed, alpha\nhighlight: mean 1\ncolour: red\njust words\n";
    let p = parse(text);
    assert_eq!(p.lesson.title_en, "A");
    let s = &p.lesson.steps[0];
    assert_eq!((s.panel.as_str(), s.hide.clone(), s.highlight.clone()), ("nb", vec!["alpha".to_string()], None));
    let got: Vec<(usize, Problem)> = p.errors.iter().map(|e| (e.line, e.problem.clone())).collect();
    assert_eq!(
        got,
        vec![
            (2, Problem::Repeated { field: "title.en".into() }),
            (3, Problem::UnknownField { field: "author".into() }),
            (6, Problem::Repeated { field: "panel".into() }),
            (7, Problem::UnknownControl { value: "seed".into() }),
            (8, Problem::BadHighlight { value: "mean 1".into() }),
            (9, Problem::UnknownField { field: "colour".into() }),
            (10, Problem::NotAField { value: "just words".into() }),
        ]
    );
}

#[test]
fn a_table_cell_is_highlighted_by_its_name_and_a_cell_the_panel_lacks_is_named() {
    // docs/lecturers.md "Lessons": `cell NAME`, NAME a cell of the step's panel's tables.
    let text = "## step\npanel: gda\nhighlight: cell threshold\n\n## step\npanel: nb\nhighlight: cell fp\n\n\
                ## step\npanel: nb\nhighlight: cell threshold\n\n## step\npanel: cat\nhighlight: cell phi\n\n\
                ## step\npanel: gda\nhighlight: cell\n";
    let p = parse(text);
    let highlights: Vec<Option<Highlight>> = p.lesson.steps.iter().map(|s| s.highlight.clone()).collect();
    assert_eq!(
        highlights,
        vec![Some(Highlight::Cell("threshold".into())), Some(Highlight::Cell("fp".into())), None, None, None]
    );
    let got: Vec<(usize, Option<usize>, Problem)> =
        p.errors.iter().map(|e| (e.line, e.step, e.problem.clone())).collect();
    assert_eq!(
        got,
        vec![
            (11, Some(3), Problem::BadHighlight { value: "cell threshold".into() }),
            (15, Some(4), Problem::BadHighlight { value: "cell phi".into() }),
            (19, Some(5), Problem::BadHighlight { value: "cell".into() }),
        ]
    );
    assert_eq!(
        p.errors[0].message(),
        "Line 11, step 3: “cell threshold” is not “mean C”, “word W”, “cell NAME” or “control NAME” of this panel; \
         it was ignored."
    );
    // Written back as it was read.
    let written = write(&p.lesson);
    assert!(
        written.contains("\nhighlight: cell threshold\n") && written.contains("\nhighlight: cell fp\n"),
        "{written}"
    );
    assert_eq!(parse(&written).lesson, p.lesson);
}

#[test]
fn long_values_are_cut_and_said() {
    let caption = "x".repeat(700);
    let p = parse(&format!("## step\npanel: gda\ncaption.en: {caption}\n"));
    assert_eq!(p.lesson.steps[0].caption_en.chars().count(), 600);
    assert_eq!(p.errors[0].problem, Problem::Cut { field: "caption.en".into(), max: 600 });
    let many: String = (0..205).map(|_| "## step\npanel: gda\n").collect();
    let p = parse(&many);
    assert_eq!(p.lesson.steps.len(), 200);
    assert_eq!(p.errors.last().map(|e| e.problem.clone()), Some(Problem::TooManySteps));
}

#[test]
fn caption_markdown_becomes_styled_runs_and_never_html() {
    let spans = caption_spans("A **bold** and *em* or _em_, `code` and $\\Sigma^{-1}$ <b>x</b>");
    let got: Vec<(&str, &str)> = spans.iter().map(|s| (s.style, s.text.as_str())).collect();
    assert_eq!(
        got,
        vec![
            ("text", "A "),
            ("strong", "bold"),
            ("text", " and "),
            ("em", "em"),
            ("text", " or "),
            ("em", "em"),
            ("text", ", "),
            ("code", "code"),
            ("text", " and "),
            ("math", "\\Sigma^{-1}"),
            ("text", " <b>x</b>"),
        ]
    );
    // Unclosed markers and escapes stay characters; a marker pair around blanks is text.
    assert_eq!(caption_text("2 * 3 = 6, a\\*b*c, $5 and * *"), "2 * 3 = 6, a*b*c, $5 and * *");
    assert_eq!(caption_spans("").len(), 0);
}

#[test]
fn every_builtin_lesson_reads_without_an_error_in_both_languages() {
    for (id, text) in BUILTIN {
        let p = parse(text);
        assert_eq!(p.errors, vec![], "{id}");
        assert!(!p.lesson.title_en.is_empty() && !p.lesson.title_zh.is_empty(), "{id}");
        assert!(p.lesson.steps.len() >= 3, "{id}: a lesson of at least three steps");
        for (i, s) in p.lesson.steps.iter().enumerate() {
            assert!(!s.caption_en.is_empty() && !s.caption_zh.is_empty(), "{id} step {}", i + 1);
            // The Chinese caption is Chinese: at least one CJK character.
            assert!(s.caption_zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{id} step {}", i + 1);
        }
        assert_eq!(write(&p.lesson), *text, "{id} is kept in the canonical form");
    }
}

#[test]
fn a_step_can_show_the_learning_curves_with_their_own_keys_and_controls() {
    let p = parse("## step\npanel: curves\nstate: lcp=heavy&lcn=100&seed=3\nhide: pairing, splits, rho\n");
    assert_eq!(p.lesson.steps.len(), 1);
    let step = &p.lesson.steps[0];
    assert_eq!(step.panel, "curves");
    assert_eq!(step.hide, ["pairing", "splits"]);
    let problems: Vec<&Problem> = p.errors.iter().map(|e| &e.problem).collect();
    // "seed" is the GDA panel's key, "rho" no control of this panel: both named, the rest kept.
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems.contains(&&Problem::ForeignKey { key: "seed".into() }));
    // A learning-curves key in a GDA step is another panel's key.
    let g = parse("## step\npanel: gda\nstate: lcp=heavy\n");
    assert!(g.errors.iter().any(|e| e.problem == Problem::ForeignKey { key: "lcp".into() }), "{:?}", g.errors);
}
