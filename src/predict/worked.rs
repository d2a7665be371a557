//! Worked examples from the live numbers, faded backwards into blanks the student fills.
//!
//! Each example is a list of steps; a step is a formula with the current numbers plugged in
//! (its `inputs`, named as in the formula) and the model's own value (read from the fitted
//! model, never recomputed here). The fading order blanks the last step first (backward
//! fading: the student first completes only the end of a solution they otherwise see).
//! [`WorkedExample::check`] accepts an answer within the step's stated tolerance and, for a
//! wrong one, names the typical mistake it matches (a [`super::misconceptions`] id).
//!
//! Tolerance: every component within 10⁻³ ([`REL_TOL`]) of the step's scale, the largest
//! |number| among its value and the terms it adds up, and never less than 10⁻⁶ (so a value
//! of exactly 0 still accepts an answer typed as 0.000): an answer typed to four significant
//! digits is accepted.

use serde::{Deserialize, Serialize};

use super::bad;
use crate::gda::Gda;
use crate::nb::{CategoricalNb, EventModel, Label, NaiveBayes};
use crate::stats::linalg::{Mat2, Vec2};
use crate::Result;

/// The relative tolerance of a blank (see the module documentation).
pub const REL_TOL: f64 = 1e-3;

/// A number, a vector or a 2 × 2 matrix (for the page: a number, `[a, b]` or
/// `[[a, b], [c, d]]`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Quantity {
    /// A scalar.
    Scalar(f64),
    /// A 2-vector.
    Vector(Vec2),
    /// A 2 × 2 matrix, row by row.
    Matrix(Mat2),
}

impl Quantity {
    fn components(&self) -> Vec<f64> {
        match *self {
            Quantity::Scalar(v) => vec![v],
            Quantity::Vector(v) => v.to_vec(),
            Quantity::Matrix(m) => vec![m[0][0], m[0][1], m[1][0], m[1][1]],
        }
    }

    /// The largest |component|.
    pub fn size(&self) -> f64 {
        self.components().iter().fold(0.0f64, |m, c| m.max(c.abs()))
    }

    fn scaled(&self, f: f64) -> Quantity {
        match *self {
            Quantity::Scalar(v) => Quantity::Scalar(v * f),
            Quantity::Vector(v) => Quantity::Vector(v.map(|c| c * f)),
            Quantity::Matrix(m) => Quantity::Matrix(m.map(|r| r.map(|c| c * f))),
        }
    }

    /// Whether every component of `self` is within `tol` of `other`'s (false for different
    /// shapes).
    pub fn within(&self, other: &Quantity, tol: f64) -> bool {
        let (a, b) = (self.components(), other.components());
        std::mem::discriminant(self) == std::mem::discriminant(other)
            && a.iter().zip(&b).all(|(x, y)| (x - y).abs() <= tol)
    }
}

/// The blanks the worked examples have (for the page: "phi", "mu0", …, "log-odds").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Blank {
    /// GDA: φ = m₁/m.
    Phi,
    /// GDA: μ₀.
    Mu0,
    /// GDA: μ₁.
    Mu1,
    /// GDA: Σ.
    Sigma,
    /// GDA: w = Σ⁻¹(μ₁ − μ₀).
    W,
    /// GDA: b.
    B,
    /// Naive Bayes: a smoothed P(w | c) (or p_cw, Bernoulli).
    WordProbability,
    /// Naive Bayes: the message's log-odds ln P(spam | x)/P(ham | x).
    LogOdds,
    /// Categorical: a Lidstone estimate P(X⁽ʲ⁾ = a | c).
    Lidstone,
}

/// One number plugged into a formula.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Input {
    /// Its name in the formula ("m₁", "Σ⁻¹", "ln P(spam)/P(ham)", a word's term…).
    pub symbol: String,
    /// Its value.
    pub value: Quantity,
}

fn input(symbol: impl Into<String>, value: Quantity) -> Input {
    Input { symbol: symbol.into(), value }
}

/// One step of a worked example.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WorkedStep {
    /// Which blank this step becomes when faded.
    pub blank: Blank,
    /// The quantity's symbol, e.g. "φ".
    pub symbol: &'static str,
    /// The formula in symbols, e.g. "m₁ / m"; its symbols are the inputs' names.
    pub formula: &'static str,
    /// The numbers plugged in, in the formula's order.
    pub inputs: Vec<Input>,
    /// The model's value.
    pub value: Quantity,
    /// The largest absolute error an accepted answer may have, per component.
    pub tolerance: f64,
    /// The typical wrong answers for these numbers, each with its misconception id (not
    /// handed to the page: [`WorkedExample::check`] names the one an answer matches).
    #[serde(skip_serializing)]
    pub wrong: Vec<(&'static str, Quantity)>,
}

/// The result of checking a blank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BlankCheck {
    /// Whether the answer is within the tolerance of the model's value.
    pub correct: bool,
    /// For a wrong answer that matches a typical mistake, its misconception id.
    pub hint: Option<&'static str>,
}

/// A worked example: its steps in the order they are solved and the fading order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WorkedExample {
    /// The steps, in solving order.
    pub steps: Vec<WorkedStep>,
    /// The blanks in the order they fade (the last step first).
    pub fading: Vec<Blank>,
}

impl WorkedExample {
    fn new(steps: Vec<WorkedStep>) -> WorkedExample {
        let fading = steps.iter().rev().map(|s| s.blank).collect();
        WorkedExample { steps, fading }
    }

    /// The step of a blank.
    pub fn step(&self, blank: Blank) -> Option<&WorkedStep> {
        self.steps.iter().find(|s| s.blank == blank)
    }

    /// The blanks at fading level `level` (0: a fully worked example; the number of steps:
    /// every step is a blank).
    pub fn blanks(&self, level: usize) -> &[Blank] {
        &self.fading[..level.min(self.fading.len())]
    }

    /// Checks a student's answer for `blank`.
    ///
    /// # Errors
    /// [`crate::Error::InvalidParameter`] when the example has no such blank, or the answer
    /// is not finite or has another shape than the value (a number for a vector, say).
    pub fn check(&self, blank: Blank, answer: Quantity) -> Result<BlankCheck> {
        let step = self
            .step(blank)
            .ok_or_else(|| bad("blank", format!("{blank:?}"), "this worked example has no such blank"))?;
        if std::mem::discriminant(&answer) != std::mem::discriminant(&step.value) {
            return Err(bad(
                "answer",
                format!("{answer:?}"),
                "the answer must have the shape of the value (a number, a vector or a matrix)",
            ));
        }
        if !answer.components().iter().all(|c| c.is_finite()) {
            return Err(bad("answer", format!("{answer:?}"), "an answer must be finite numbers"));
        }
        if answer.within(&step.value, step.tolerance) {
            return Ok(BlankCheck { correct: true, hint: None });
        }
        let hint = step.wrong.iter().find(|(_, q)| answer.within(q, step.tolerance)).map(|(id, _)| *id);
        Ok(BlankCheck { correct: false, hint })
    }
}

fn tolerance(numbers: &[Quantity]) -> f64 {
    REL_TOL * numbers.iter().fold(1e-3f64, |m, q| m.max(q.size()))
}

/// A wrong answer, kept only when it can be told from the right one.
fn keep(wrong: Vec<(&'static str, Quantity)>, value: Quantity, tol: f64) -> Vec<(&'static str, Quantity)> {
    wrong
        .into_iter()
        .filter(|(_, q)| q.components().iter().all(|c| c.is_finite()) && !q.within(&value, 2.0 * tol))
        .collect()
}

fn step(
    blank: Blank,
    symbol: &'static str,
    formula: &'static str,
    inputs: Vec<Input>,
    value: Quantity,
    terms: &[Quantity],
    wrong: Vec<(&'static str, Quantity)>,
) -> WorkedStep {
    let mut numbers = vec![value];
    numbers.extend_from_slice(terms);
    let tolerance = tolerance(&numbers);
    let wrong = keep(wrong, value, tolerance);
    WorkedStep { blank, symbol, formula, inputs, value, tolerance, wrong }
}

/// GDA's worked example on these points: φ, μ₀, μ₁, Σ, w and b, the values read from
/// [`Gda::fit`].
///
/// # Errors
/// As [`Gda::fit`].
pub fn gda_example(points: &[[f64; 2]], labels: &[u8]) -> Result<WorkedExample> {
    let gda = Gda::fit(points, labels)?;
    let [m0, m1] = gda.counts();
    let m = (m0 + m1) as f64;
    let (mu0, mu1) = (gda.mu0(), gda.mu1());
    let mut sums = [[0.0; 2]; 2];
    let mut scatter = [[0.0; 2]; 2];
    for (x, &y) in points.iter().zip(labels) {
        let k = usize::from(y);
        let mu = if k == 0 { mu0 } else { mu1 };
        sums[k][0] += x[0];
        sums[k][1] += x[1];
        let d = [x[0] - mu[0], x[1] - mu[1]];
        for (i, row) in scatter.iter_mut().enumerate() {
            for (j, s) in row.iter_mut().enumerate() {
                *s += d[i] * d[j];
            }
        }
    }
    let sigma = gda.sigma();
    let (w, b) = gda.log_odds_coefficients();
    let phi = gda.phi();
    let sum_mu = [mu0[0] + mu1[0], mu0[1] + mu1[1]];
    let mean_term = -0.5 * (w[0] * sum_mu[0] + w[1] * sum_mu[1]);
    let prior_term = phi.ln() - (-phi).ln_1p();
    let s = Quantity::Scalar;
    let sig = Quantity::Matrix(sigma);
    let mut sigma_wrong = vec![("sigma-divides-by-m-minus-one", sig.scaled(m / (m - 1.0)))];
    if m > 2.0 {
        sigma_wrong.push(("sigma-divides-by-m-minus-one", sig.scaled(m / (m - 2.0))));
    }
    let steps = vec![
        step(Blank::Phi, "φ", "m₁ / m", vec![input("m₁", s(m1 as f64)), input("m", s(m))], s(phi), &[], vec![]),
        step(
            Blank::Mu0,
            "μ₀",
            "(Σ_{y=0} x) / m₀",
            vec![input("Σ_{y=0} x", Quantity::Vector(sums[0])), input("m₀", s(m0 as f64))],
            Quantity::Vector(mu0),
            &[],
            vec![],
        ),
        step(
            Blank::Mu1,
            "μ₁",
            "(Σ_{y=1} x) / m₁",
            vec![input("Σ_{y=1} x", Quantity::Vector(sums[1])), input("m₁", s(m1 as f64))],
            Quantity::Vector(mu1),
            &[],
            vec![],
        ),
        step(
            Blank::Sigma,
            "Σ",
            "S / m,  S = Σᵢ (xᵢ − μ_{yᵢ})(xᵢ − μ_{yᵢ})ᵀ",
            vec![input("S", Quantity::Matrix(scatter)), input("m", s(m))],
            sig,
            &[],
            sigma_wrong,
        ),
        step(
            Blank::W,
            "w",
            "Σ⁻¹ (μ₁ − μ₀)",
            vec![
                input("Σ⁻¹", Quantity::Matrix(gda.sigma_inv())),
                input("μ₁ − μ₀", Quantity::Vector([mu1[0] - mu0[0], mu1[1] - mu0[1]])),
            ],
            Quantity::Vector(w),
            &[],
            vec![],
        ),
        step(
            Blank::B,
            "b",
            "−½ wᵀ(μ₀ + μ₁) + ln(φ / (1 − φ))",
            vec![input("w", Quantity::Vector(w)), input("μ₀ + μ₁", Quantity::Vector(sum_mu)), input("φ", s(phi))],
            s(b),
            &[s(mean_term), s(prior_term)],
            vec![
                ("prior-forgotten", s(mean_term)),
                ("decimal-log-for-ln", s(mean_term + prior_term / std::f64::consts::LN_10)),
            ],
        ),
    ];
    Ok(WorkedExample::new(steps))
}

/// Naive Bayes's worked example for the message `tokens`: the smoothed probability of
/// `word` in class `class` (read from [`NaiveBayes::feature_log_prob`]) and the message's
/// log-odds, the sum of the ledger's terms ([`NaiveBayes::explain_tokens`]).
///
/// # Errors
/// [`crate::Error::InvalidParameter`] when `word` is not in the vocabulary, or when the
/// log-odds are not finite (a veto at α = 0, or both classes ruled out).
pub fn nb_example(model: &NaiveBayes, tokens: &[String], word: &str, class: Label) -> Result<WorkedExample> {
    let counts = model.counts();
    let i = counts
        .index_of(word)
        .ok_or_else(|| bad("word", word.to_string(), "the word must be in the vocabulary of the training messages"))?;
    let p = model.feature_log_prob(class)[i].exp();
    let s = Quantity::Scalar;
    let word_step = match model.event_model() {
        EventModel::Multinomial => {
            let (n, n_c, v, a) = (
                counts.token_count(class, i) as f64,
                counts.total_tokens(class) as f64,
                counts.vocabulary_size() as f64,
                model.alpha(),
            );
            step(
                Blank::WordProbability,
                "P(w | c)",
                "(n_cw + α) / (n_c + α|V|)",
                vec![input("n_cw", s(n)), input("α", s(a)), input("n_c", s(n_c)), input("|V|", s(v))],
                s(p),
                &[],
                vec![
                    ("smoothing-alpha-numerator-only", s((n + a) / n_c)),
                    ("smoothing-denominator-count-missing", s((n + a) / (n_c + a))),
                ],
            )
        }
        EventModel::Bernoulli => {
            let pc = model.pseudo_counts();
            let (d, n_c) = (counts.doc_count(class, i) as f64, counts.num_docs(class) as f64);
            step(
                Blank::WordProbability,
                "p_cw",
                "(d_cw + β₁) / (N_c + β₀ + β₁)",
                vec![input("d_cw", s(d)), input("β₁", s(pc.beta1)), input("N_c", s(n_c)), input("β₀", s(pc.beta0))],
                s(p),
                &[],
                vec![
                    ("smoothing-alpha-numerator-only", s((d + pc.beta1) / n_c)),
                    ("smoothing-denominator-count-missing", s((d + pc.beta1) / (n_c + pc.beta1))),
                ],
            )
        }
    };
    let e = model.explain_tokens(tokens);
    let z =
        match e.log_odds {
            Some(z) if z.is_finite() => z,
            other => return Err(bad(
                "log-odds",
                format!("{other:?}"),
                "the message's log-odds are infinite or undefined (a veto at α = 0): the worked example needs α > 0",
            )),
        };
    let mut inputs = vec![input("ln P(spam)/P(ham)", s(e.prior_log_ratio))];
    let mut terms = vec![s(e.prior_log_ratio)];
    for w in &e.words {
        inputs.push(input(format!("{} × ln P({}|spam)/P({}|ham)", w.count, w.word, w.word), s(w.contribution)));
        terms.push(s(w.contribution));
    }
    let mut wrong =
        vec![("prior-forgotten", s(z - e.prior_log_ratio)), ("decimal-log-for-ln", s(z / std::f64::consts::LN_10))];
    if let Some(a) = e.absent_evidence {
        inputs.push(input("absent words", s(a)));
        terms.push(s(a));
        wrong.push(("bernoulli-ignores-absent-words", s(z - a)));
    }
    let formula = match e.event_model {
        EventModel::Multinomial => "ln P(spam)/P(ham) + Σ_w count_w · ln P(w|spam)/P(w|ham)",
        EventModel::Bernoulli => {
            "ln P(spam)/P(ham) + Σ_{w∈x} ln p_spam,w/p_ham,w + Σ_{w∉x} ln (1 − p_spam,w)/(1 − p_ham,w)"
        }
    };
    let odds_step = step(Blank::LogOdds, "ln P(spam | x)/P(ham | x)", formula, inputs, s(z), &terms, wrong);
    Ok(WorkedExample::new(vec![word_step, odds_step]))
}

/// The categorical panel's worked example: the Lidstone estimate
/// P(X⁽ʲ⁾ = a | c) = (N_jc(a) + λ)/(N_c + S_j λ) for attribute `attribute`, value index
/// `value` and class index `class`, read from [`CategoricalNb::feature_log_prob`].
///
/// # Errors
/// [`crate::Error::InvalidParameter`] for an index out of range.
pub fn categorical_example(
    model: &CategoricalNb,
    attribute: usize,
    value: usize,
    class: usize,
) -> Result<WorkedExample> {
    let out_of_range = || bad("cell", format!("({attribute}, {value}, {class})"), "no such attribute, value or class");
    let counts = model.counts(attribute).ok_or_else(out_of_range)?;
    let n = *counts.get(class).and_then(|c| c.get(value)).ok_or_else(out_of_range)? as f64;
    let s_j = counts[class].len() as f64;
    let n_c = model.class_counts()[class] as f64;
    let l = model.lambda();
    let p = model.feature_log_prob(attribute).ok_or_else(out_of_range)?[class][value].exp();
    let s = Quantity::Scalar;
    let st = step(
        Blank::Lidstone,
        "P(X⁽ʲ⁾ = a | c)",
        "(N_jc(a) + λ) / (N_c + S_j λ)",
        vec![input("N_jc(a)", s(n)), input("λ", s(l)), input("N_c", s(n_c)), input("S_j", s(s_j))],
        s(p),
        &[],
        vec![
            ("smoothing-alpha-numerator-only", s((n + l) / n_c)),
            ("smoothing-denominator-count-missing", s((n + l) / (n_c + l))),
        ],
    );
    Ok(WorkedExample::new(vec![st]))
}

/// "Of `n` like this one, how many are of each class": the probabilities `probs` (finite,
/// ≥ 0, summing to 1 within 10⁻⁹) times `n`, rounded by largest remainder so that the
/// counts sum to exactly `n` (ties go to the earlier class).
///
/// # Errors
/// [`crate::Error::InvalidParameter`] for `n` = 0, no probabilities, or probabilities that
/// are negative, not finite or do not sum to 1.
pub fn natural_frequencies(probs: &[f64], n: u32) -> Result<Vec<u32>> {
    if n == 0 {
        return Err(bad("N", n.to_string(), "a natural frequency needs at least 1 case"));
    }
    let total: f64 = probs.iter().sum();
    if probs.is_empty() || !probs.iter().all(|p| p.is_finite() && *p >= 0.0) || (total - 1.0).abs() > 1e-9 {
        return Err(bad("probabilities", format!("{probs:?}"), "the probabilities must be numbers ≥ 0 that sum to 1"));
    }
    let exact: Vec<f64> = probs.iter().map(|p| p / total * f64::from(n)).collect();
    let mut counts: Vec<u32> = exact.iter().map(|x| x.floor() as u32).collect();
    let given: u32 = counts.iter().sum();
    let mut order: Vec<usize> = (0..probs.len()).collect();
    // Largest remainder first; the sort is stable, so ties keep class order.
    order.sort_by(|&a, &b| (exact[b] - exact[b].floor()).total_cmp(&(exact[a] - exact[a].floor())));
    for &k in order.iter().take(n.saturating_sub(given) as usize) {
        counts[k] += 1;
    }
    Ok(counts)
}

/// Of `n` cases like this one, how many are [class 0, class 1] when p(y = 1 | x) = `p`
/// ([`natural_frequencies`] of [1 − p, p]).
///
/// # Errors
/// As [`natural_frequencies`], for `p` outside [0, 1] or NaN.
pub fn natural_frequencies_binary(p: f64, n: u32) -> Result<[u32; 2]> {
    if !(0.0..=1.0).contains(&p) {
        return Err(bad("p", p.to_string(), "a probability must be a number from 0 to 1"));
    }
    let c = natural_frequencies(&[1.0 - p, p], n)?;
    Ok([c[0], c[1]])
}
