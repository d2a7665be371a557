//! The lesson format's `predict:` line (`genlab::lesson::parse_predict` through `parse`): each
//! of the nine kinds of the prediction contract with its parameters, each bad parameter
//! answered with its line and reason while the step still plays, and the writer's form read
//! back. Expected values are the contract's table (docs/lecturers.md, "Lessons").

use genlab::lesson::{parse, write, Predict, PredictParams, PredictProblem, Problem};

/// A one-step lesson of `panel` whose line 3 is `predict: {value}`.
fn one(panel: &str, value: &str) -> genlab::lesson::Parsed {
    parse(&format!("## step s\npanel: {panel}\npredict: {value}\ncaption.en: Where?\n"))
}

fn ok(panel: &str, value: &str) -> Predict {
    let p = one(panel, value);
    assert_eq!(p.errors, vec![], "{value}");
    p.lesson.steps[0].predict.clone().unwrap_or_else(|| panic!("{value}: no prediction"))
}

/// The reason and parameter of the one error of `predict: {value}` on `panel`, after checking
/// it names line 3 and the step still plays, without a prediction.
fn bad(panel: &str, value: &str) -> (PredictProblem, String) {
    let p = one(panel, value);
    assert_eq!(p.lesson.steps.len(), 1, "{value}: the step still plays");
    assert_eq!(p.lesson.steps[0].predict, None, "{value}");
    assert_eq!(p.lesson.steps[0].caption_en, "Where?");
    assert_eq!(p.errors.len(), 1, "{value}: {:?}", p.errors);
    let e = &p.errors[0];
    assert_eq!((e.line, e.step, e.played), (3, Some(1), Some(0)), "{value}");
    assert!(e.message().starts_with("Line 3, step 1 (“s”): the prediction"), "{}", e.message());
    match &e.problem {
        Problem::BadPredict { reason, key, value: v } => {
            assert_eq!(v, value.trim());
            (reason.clone(), key.clone())
        }
        other => panic!("{value}: {other:?}"),
    }
}

fn params(f: impl FnOnce(&mut PredictParams)) -> PredictParams {
    let mut p = PredictParams::default();
    f(&mut p);
    p
}

#[test]
fn every_kind_of_the_contract_reads_on_its_panel() {
    for (panel, kind) in [
        ("gda", "boundary"),
        ("gda", "shape"),
        ("gda", "threshold"),
        ("gda", "posterior"),
        ("nb", "bet"),
        ("nb", "word"),
        ("nb", "alpha0"),
        ("cat", "verdict"),
        ("curves", "crossover"),
    ] {
        assert_eq!(ok(panel, kind), Predict { kind: kind.into(), params: PredictParams::default() }, "{kind}");
    }
    assert_eq!(ok("gda", "movement prior=0.3").params, params(|p| p.prior = Some(0.3)));
    assert_eq!(ok("gda", "movement mean0=-1.5,2").params, params(|p| p.mean0 = Some([-1.5, 2.0])));
    assert_eq!(ok("gda", "movement mean1=0,0.25").params, params(|p| p.mean1 = Some([0.0, 0.25])));
    assert_eq!(ok("gda", "movement losses=5,1").params, params(|p| p.losses = Some([5.0, 1.0])));
    assert_eq!(ok("gda", "movement model=qda").params, params(|p| p.model = Some("qda".into())));
    assert_eq!(ok("gda", "movement tilt=-0.6").params, params(|p| p.tilt = Some(-0.6)));
    assert_eq!(ok("gda", "movement tilt=0.95").params, params(|p| p.tilt = Some(0.95)));
    assert_eq!(ok("gda", "movement  model=gda ").params, params(|p| p.model = Some("gda".into())));
    assert_eq!(ok("gda", "posterior at=1,-0.5").params, params(|p| p.at = Some([1.0, -0.5])));
    assert_eq!(ok("nb", "word toward=ham").params, params(|p| p.toward = Some("ham".into())));
    assert_eq!(ok("nb", "word toward=spam").params, params(|p| p.toward = Some("spam".into())));
}

#[test]
fn a_kind_on_another_panel_names_the_kinds_panel() {
    let wrong = |p: &str| PredictProblem::WrongPanel { panel: p.into() };
    assert_eq!(bad("nb", "boundary"), (wrong("gda"), String::new()));
    assert_eq!(bad("gda", "bet"), (wrong("nb"), String::new()));
    assert_eq!(bad("gda", "crossover"), (wrong("curves"), String::new()));
    assert_eq!(bad("cat", "word"), (wrong("nb"), String::new()));
    assert_eq!(bad("nb", "verdict"), (wrong("cat"), String::new()));
    assert_eq!(bad("gda", "verdict"), (wrong("cat"), String::new()));
    assert_eq!(bad("curves", "movement prior=0.2"), (wrong("gda"), String::new()));
}

#[test]
fn each_bad_parameter_is_answered_with_its_reason() {
    use PredictProblem::*;
    let k = |s: &str| s.to_string();
    assert_eq!(bad("gda", "boundry"), (UnknownKind, k("")));
    assert_eq!(bad("gda", ""), (UnknownKind, k("")));
    assert_eq!(bad("gda", "Boundary"), (UnknownKind, k("")));
    // Numbers finite.
    for v in ["NaN", "inf", "-inf", "1e999", "0.3x", ""] {
        assert_eq!(bad("gda", &format!("movement prior={v}")), (NotANumber, k("prior")), "{v}");
    }
    for v in ["1", "1,2,3", "1,NaN", "inf,0", "a,b", "1,"] {
        assert_eq!(bad("gda", &format!("posterior at={v}")), (NotAPair, k("at")), "{v}");
        assert_eq!(bad("gda", &format!("movement mean1={v}")), (NotAPair, k("mean1")), "{v}");
    }
    // φ in (0, 1): its ends refused.
    for v in ["0", "1", "-0.2", "1.5"] {
        assert_eq!(bad("gda", &format!("movement prior={v}")), (PriorRange, k("prior")), "{v}");
    }
    // Losses > 0.
    for v in ["0,1", "1,0", "-1,2", "2,-0.5"] {
        assert_eq!(bad("gda", &format!("movement losses={v}")), (LossRange, k("losses")), "{v}");
    }
    // ρ in [−0.95, 0.95], as a link's r0/r1 (src/limits.rs RHO).
    for v in ["0.96", "-1", "1.5"] {
        assert_eq!(bad("gda", &format!("movement tilt={v}")), (TiltRange, k("tilt")), "{v}");
    }
    assert_eq!(bad("gda", "movement tilt=x"), (NotANumber, k("tilt")));
    assert_eq!(bad("gda", "movement tilt=0.3 prior=0.4"), (OneChange, k("")));
    assert_eq!(bad("gda", "movement model=lda"), (BadModel, k("model")));
    assert_eq!(bad("nb", "word toward=both"), (BadToward, k("toward")));
    assert_eq!(bad("nb", "word toward=Spam"), (BadToward, k("toward")));
    // One change for movement: none, or two.
    assert_eq!(bad("gda", "movement"), (OneChange, k("")));
    assert_eq!(bad("gda", "movement prior=0.3 model=qda"), (OneChange, k("")));
    // Parameters the kind does not take, repeated, or not key=value.
    assert_eq!(bad("gda", "boundary at=1,2"), (UnknownParameter, k("at")));
    assert_eq!(bad("nb", "bet toward=spam"), (UnknownParameter, k("toward")));
    assert_eq!(bad("gda", "posterior x=1"), (UnknownParameter, k("x")));
    assert_eq!(bad("gda", "posterior at=1,2 at=0,0"), (RepeatedParameter, k("at")));
    assert_eq!(bad("gda", "movement prior=0.2 prior=0.3"), (RepeatedParameter, k("prior")));
    assert_eq!(bad("gda", "posterior 1,2"), (NotKeyValue, k("1,2")));
}

#[test]
fn a_bad_prediction_names_its_line_among_other_steps_and_the_rest_plays() {
    let text = "title.en: T\n\n## step one\npanel: gda\npredict: boundary\n\n## step two\npanel: gda\nstate: phi=0.3\npredict: movement prior=2\ncaption.en: Two.\n\n## step three\npanel: nb\npredict: bet\n";
    let p = parse(text);
    assert_eq!(p.lesson.steps.len(), 3);
    assert_eq!(p.lesson.steps[0].predict.as_ref().map(|x| x.kind.as_str()), Some("boundary"));
    assert_eq!(p.lesson.steps[1].predict, None);
    assert_eq!(p.lesson.steps[1].state, "phi=0.3", "the step's other fields are kept");
    assert_eq!(p.lesson.steps[2].predict.as_ref().map(|x| x.kind.as_str()), Some("bet"));
    assert_eq!(p.errors.len(), 1);
    let e = &p.errors[0];
    assert_eq!((e.line, e.step, e.played), (10, Some(2), Some(1)));
    assert_eq!(
        e.message(),
        "Line 10, step 2 (“two”): the prediction “movement prior=2” was left out (in “prior”): the prior must lie strictly between 0 and 1; the step plays without it."
    );
    // A second predict line is the repeated-field error; the first counts.
    let p = parse("## step\npanel: gda\npredict: boundary\npredict: shape\n");
    assert_eq!(p.lesson.steps[0].predict.as_ref().map(|x| x.kind.as_str()), Some("boundary"));
    assert!(
        matches!(&p.errors[..], [e] if e.line == 4 && matches!(&e.problem, Problem::Repeated { field } if field == "predict"))
    );
}

#[test]
fn the_writer_gives_a_predict_line_that_reads_back() {
    for (panel, value) in [
        ("gda", "boundary"),
        ("gda", "movement prior=0.3"),
        ("gda", "movement mean0=-1.5,0.1"),
        ("gda", "movement losses=5,1"),
        ("gda", "movement model=qda"),
        ("gda", "movement tilt=-0.6"),
        ("gda", "posterior at=0.1,-2"),
        ("gda", "posterior"),
        ("nb", "word toward=ham"),
        ("curves", "crossover"),
    ] {
        let p = one(panel, value);
        let text = write(&p.lesson);
        assert!(text.contains(&format!("\npredict: {value}\n")), "{text}");
        assert_eq!(parse(&text).lesson, p.lesson, "{value}");
        assert_eq!(parse(&text).errors, vec![]);
    }
    // Numbers are written in Rust's shortest form that reads back exactly.
    let p = one("gda", "movement prior=0.30000000000000004");
    assert_eq!(parse(&write(&p.lesson)).lesson, p.lesson);
}
