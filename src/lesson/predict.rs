//! A step's prediction: the `predict:` line of a lesson ([`super`]), its kinds, their
//! parameters and what can be wrong with them. Read by [`parse_predict`], written back by
//! [`Predict::text`].

use serde::{Deserialize, Serialize};

use super::cut;
use crate::message::alternatives;

/// The prediction kinds, each with its panel (the contract the panels' `startPrediction`
/// implements): `(kind, panel)`.
pub const PREDICT_KINDS: [(&str, &str); 10] = [
    ("boundary", "gda"),
    ("shape", "gda"),
    ("movement", "gda"),
    ("posterior", "gda"),
    ("threshold", "gda"),
    ("bet", "nb"),
    ("word", "nb"),
    ("alpha0", "nb"),
    ("verdict", "cat"),
    ("crossover", "curves"),
];

/// The parameters each kind takes (any other is an error).
pub fn predict_params_of(kind: &str) -> &'static [&'static str] {
    match kind {
        "movement" => &["prior", "mean0", "mean1", "losses", "tilt", "model"],
        "posterior" => &["at"],
        "word" => &["toward"],
        _ => &[],
    }
}

/// A step's prediction: its kind (one of [`PREDICT_KINDS`] of the step's panel) and its
/// parameters, already read and checked (the page hands them to the panel as they are).
///
/// | kind | parameters |
/// |---|---|
/// | `boundary`, `shape`, `threshold` (GDA), `bet`, `alpha0` (naive Bayes), `verdict` (categorical naive Bayes), `crossover` (learning curves) | none |
/// | `movement` (GDA) | exactly one change: `prior=φ` (0 < φ < 1), `mean0=x,y`, `mean1=x,y`, `losses=λ01,λ10` (both > 0), `tilt=ρ` (both classes' generating correlation, −0.95 ≤ ρ ≤ 0.95: Σ tilts), `model=qda` or `model=gda` |
/// | `posterior` (GDA) | `at=x,y` (optional: the panel chooses the point) |
/// | `word` (naive Bayes) | `toward=spam` or `toward=ham` (optional: spam) |
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Predict {
    /// The kind's name.
    pub kind: String,
    /// Its parameters (absent ones are not given).
    #[serde(default)]
    pub params: PredictParams,
}

/// The parameters of a prediction, each finite and in its range (see [`Predict`]).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PredictParams {
    /// `movement`: the prior φ the change sets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prior: Option<f64>,
    /// `movement`: where class 0's mean moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean0: Option<[f64; 2]>,
    /// `movement`: where class 1's mean moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean1: Option<[f64; 2]>,
    /// `movement`: the losses λ₀₁, λ₁₀ the change sets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub losses: Option<[f64; 2]>,
    /// `movement`: the correlation ρ both generated classes are drawn with after the change
    /// (the tilt of Σ).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tilt: Option<f64>,
    /// `movement`: the model the change switches to, `"qda"` or `"gda"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// `posterior`: the marked point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<[f64; 2]>,
    /// `word`: `"spam"` or `"ham"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toward: Option<String>,
}

// Every number of a prediction is finite (the reader refuses the others), so equality is
// reflexive.
impl Eq for PredictParams {}

impl Predict {
    /// The text form, as the `predict:` line holds it: `movement prior=0.3`.
    pub fn text(&self) -> String {
        let p = &self.params;
        let pair = |v: [f64; 2]| format!("{},{}", v[0], v[1]);
        let mut out = vec![self.kind.clone()];
        if let Some(v) = p.prior {
            out.push(format!("prior={v}"));
        }
        if let Some(v) = p.tilt {
            out.push(format!("tilt={v}"));
        }
        for (key, v) in [("mean0", p.mean0), ("mean1", p.mean1), ("losses", p.losses), ("at", p.at)] {
            if let Some(v) = v {
                out.push(format!("{key}={}", pair(v)));
            }
        }
        for (key, v) in [("model", &p.model), ("toward", &p.toward)] {
            if let Some(v) = v {
                out.push(format!("{key}={v}"));
            }
        }
        out.join(" ")
    }
}

/// Reads a `predict:` value for a step of `panel`.
///
/// # Errors
/// What is wrong, and the parameter it is wrong in (empty when none).
pub fn parse_predict(value: &str, panel: &str) -> Result<Predict, (PredictProblem, String)> {
    let mut words = value.split_whitespace();
    let kind = words.next().unwrap_or("");
    let Some((_, kind_panel)) = PREDICT_KINDS.iter().find(|(k, _)| *k == kind) else {
        return Err((PredictProblem::UnknownKind, String::new()));
    };
    if *kind_panel != panel {
        return Err((PredictProblem::WrongPanel { panel: (*kind_panel).to_string() }, String::new()));
    }
    let mut params = PredictParams::default();
    let mut seen: Vec<&str> = Vec::new();
    for word in words {
        let Some((key, v)) = word.split_once('=') else {
            return Err((PredictProblem::NotKeyValue, cut(word, 40)));
        };
        let err = |p: PredictProblem| Err((p, cut(key, 40)));
        if !predict_params_of(kind).contains(&key) {
            return err(PredictProblem::UnknownParameter);
        }
        if seen.contains(&key) {
            return err(PredictProblem::RepeatedParameter);
        }
        seen.push(key);
        let numbers = |n: usize| -> Option<Vec<f64>> {
            let xs: Vec<f64> =
                v.split(',').map(|x| x.trim().parse::<f64>().ok().filter(|x| x.is_finite())).collect::<Option<_>>()?;
            (xs.len() == n).then_some(xs)
        };
        match key {
            "prior" => match numbers(1) {
                None => return err(PredictProblem::NotANumber),
                Some(x) if !(x[0] > 0.0 && x[0] < 1.0) => return err(PredictProblem::PriorRange),
                Some(x) => params.prior = Some(x[0]),
            },
            "tilt" => match numbers(1) {
                None => return err(PredictProblem::NotANumber),
                Some(x) if !(-0.95..=0.95).contains(&x[0]) => return err(PredictProblem::TiltRange),
                Some(x) => params.tilt = Some(x[0]),
            },
            "mean0" | "mean1" | "at" | "losses" => {
                let Some(x) = numbers(2) else { return err(PredictProblem::NotAPair) };
                let xy = [x[0], x[1]];
                match key {
                    "mean0" => params.mean0 = Some(xy),
                    "mean1" => params.mean1 = Some(xy),
                    "at" => params.at = Some(xy),
                    _ if !(xy[0] > 0.0 && xy[1] > 0.0) => return err(PredictProblem::LossRange),
                    _ => params.losses = Some(xy),
                }
            }
            "model" if v == "qda" || v == "gda" => params.model = Some(v.to_string()),
            "model" => return err(PredictProblem::BadModel),
            "toward" if v == "spam" || v == "ham" => params.toward = Some(v.to_string()),
            _ => return err(PredictProblem::BadToward),
        }
    }
    if kind == "movement" && seen.len() != 1 {
        return Err((PredictProblem::OneChange, String::new()));
    }
    Ok(Predict { kind: kind.to_string(), params })
}

/// What is wrong with a `predict:` line (the page words each one, `predict.KIND`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum PredictProblem {
    /// The kind is none of [`PREDICT_KINDS`].
    UnknownKind,
    /// The kind belongs to another panel.
    WrongPanel {
        /// The kind's panel.
        panel: String,
    },
    /// A parameter that is not `key=value`.
    NotKeyValue,
    /// A parameter this kind does not take.
    UnknownParameter,
    /// A parameter given twice.
    RepeatedParameter,
    /// A value that is not one finite number.
    NotANumber,
    /// A value that is not two finite numbers `x,y`.
    NotAPair,
    /// A prior outside (0, 1).
    PriorRange,
    /// A loss that is not > 0.
    LossRange,
    /// A correlation outside [−0.95, 0.95].
    TiltRange,
    /// A model other than `qda` or `gda`.
    BadModel,
    /// A `toward` other than `spam` or `ham`.
    BadToward,
    /// `movement` without exactly one change.
    OneChange,
}

impl PredictProblem {
    /// The problem in English.
    pub fn message(&self) -> String {
        match self {
            PredictProblem::UnknownKind => {
                let kinds: Vec<&str> = PREDICT_KINDS.iter().map(|(k, _)| *k).collect();
                format!("the kind is not {}", alternatives(&kinds))
            }
            PredictProblem::WrongPanel { panel } => format!("this kind belongs to the panel “{panel}”"),
            PredictProblem::NotKeyValue => "a parameter is not “key=value”".into(),
            PredictProblem::UnknownParameter => "this kind has no such parameter".into(),
            PredictProblem::RepeatedParameter => "a parameter is given twice".into(),
            PredictProblem::NotANumber => "the value is not a finite number".into(),
            PredictProblem::NotAPair => "the value is not two finite numbers “x,y”".into(),
            PredictProblem::PriorRange => "the prior must lie strictly between 0 and 1".into(),
            PredictProblem::LossRange => "both losses must be greater than 0".into(),
            PredictProblem::TiltRange => "the correlation ρ must lie between −0.95 and 0.95".into(),
            PredictProblem::BadModel => "the model is “qda” or “gda”".into(),
            PredictProblem::BadToward => "“toward” is “spam” or “ham”".into(),
            PredictProblem::OneChange => {
                "“movement” announces exactly one change (prior, mean0, mean1, losses, tilt or model)".into()
            }
        }
    }
}
