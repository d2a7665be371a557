//! The learning-curve engine: for each split and each training size m, fit the pairing's
//! generative model and logistic regression on the same rows, and record both test errors.
//!
//! A curve point is, over the splits computed so far, the mean test error and a band from
//! the 10th to the 90th percentile of the splits' test errors (numpy's default linear
//! interpolation between order statistics). The crossover is where the mean curves change
//! order for the last time (after it the order holds to the largest m), interpolated
//! linearly in log m between the two sizes around it. Each model's asymptote is shown as
//! its mean error at the largest m computed; on the "model true" preset the exact Bayes
//! error is the floor both approach.

use serde::{Deserialize, Serialize};

use crate::error::{describe, Error, Result};
use crate::message::{codes, Message};

use super::dataset::{Cloud, Dataset};
use super::models::{GaussianNbD, Generative, Linear, LinearGda, LogisticD};
use super::splits::{Split, SplitPlan};
use super::text::{SparseLinear, SparseLogistic, TextData, TextNb};
use crate::nb::EventModel;

/// The most splits a run may ask for.
pub const MAX_SPLITS: usize = 1000;
/// The most training sizes a curve may have.
pub const MAX_SIZES: usize = 40;
/// Rows per class of a generated cloud.
pub const CLOUD_ROWS: usize = 5000;
/// The band's percentiles.
pub const BAND: (f64, f64) = (0.10, 0.90);

/// A pairing of data and models.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Pairing {
    /// GDA vs logistic regression on a generated 2-D preset.
    Clouds(Cloud),
    /// Gaussian naive Bayes vs logistic regression on WDBC.
    Wdbc,
    /// … on optdigits 0 vs 1.
    Digits01,
    /// … on optdigits 2 vs 3.
    Digits23,
    /// Multinomial or Bernoulli naive Bayes vs logistic regression on bag-of-words text.
    Text(TextSource, EventModel),
}

/// Where a text pairing's messages come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum TextSource {
    /// The built-in teaching corpus.
    Teaching,
    /// The corpus the page's spam panel has loaded (handed over as word ids).
    SpamPanel,
}

/// The data of a run: d-dimensional rows or bags of words.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum CurveData {
    /// Rows of d numbers.
    Dense(Dataset),
    /// Messages as bags of words.
    Text(TextData),
}

impl CurveData {
    /// The labels.
    pub fn labels(&self) -> &[u8] {
        match self {
            CurveData::Dense(d) => &d.y,
            CurveData::Text(t) => &t.y,
        }
    }

    /// Rows (messages).
    pub fn len(&self) -> usize {
        self.labels().len()
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.labels().is_empty()
    }

    /// Features: d, or the number of distinct words.
    pub fn features(&self) -> usize {
        match self {
            CurveData::Dense(d) => d.d,
            CurveData::Text(t) => t.words,
        }
    }
}

impl From<Dataset> for CurveData {
    fn from(d: Dataset) -> CurveData {
        CurveData::Dense(d)
    }
}

impl From<TextData> for CurveData {
    fn from(t: TextData) -> CurveData {
        CurveData::Text(t)
    }
}

impl Pairing {
    /// Every pairing, in menu order.
    pub const ALL: [Pairing; 11] = [
        Pairing::Clouds(Cloud::ModelTrue),
        Pairing::Clouds(Cloud::UnequalCovariances),
        Pairing::Clouds(Cloud::Bimodal),
        Pairing::Clouds(Cloud::HeavyTails),
        Pairing::Wdbc,
        Pairing::Digits01,
        Pairing::Digits23,
        Pairing::Text(TextSource::Teaching, EventModel::Multinomial),
        Pairing::Text(TextSource::Teaching, EventModel::Bernoulli),
        Pairing::Text(TextSource::SpamPanel, EventModel::Multinomial),
        Pairing::Text(TextSource::SpamPanel, EventModel::Bernoulli),
    ];

    /// The pairing's id in links.
    pub fn id(self) -> &'static str {
        match self {
            Pairing::Clouds(c) => c.id(),
            Pairing::Wdbc => "wdbc",
            Pairing::Digits01 => "digits01",
            Pairing::Digits23 => "digits23",
            Pairing::Text(TextSource::Teaching, EventModel::Multinomial) => "textmn",
            Pairing::Text(TextSource::Teaching, EventModel::Bernoulli) => "textbern",
            Pairing::Text(TextSource::SpamPanel, EventModel::Multinomial) => "usermn",
            Pairing::Text(TextSource::SpamPanel, EventModel::Bernoulli) => "userbern",
        }
    }

    /// The pairing with this id.
    ///
    /// # Errors
    /// [`Error::Unknown`] for any other id.
    pub fn from_id(id: &str) -> Result<Pairing> {
        Pairing::ALL
            .into_iter()
            .find(|p| p.id() == id)
            .ok_or_else(|| Error::Unknown { kind: "pairing", name: id.chars().take(40).collect() })
    }

    /// The generative model of the pairing.
    pub fn generative(self) -> Generative {
        match self {
            Pairing::Clouds(_) => Generative::Gda,
            Pairing::Text(_, event) => Generative::Text(event),
            _ => Generative::NaiveBayes,
        }
    }

    /// The file a real pairing's data come from (under `www/data/`), or None for clouds.
    pub fn file(self) -> Option<&'static str> {
        match self {
            Pairing::Clouds(_) | Pairing::Text(..) => None,
            Pairing::Wdbc => Some("wdbc.csv"),
            Pairing::Digits01 | Pairing::Digits23 => Some("digits.csv"),
        }
    }

    /// Whether the pairing runs on the spam panel's corpus (which the caller hands over).
    pub fn needs_spam_corpus(self) -> bool {
        matches!(self, Pairing::Text(TextSource::SpamPanel, _))
    }

    /// The pairing's data: generated from `seed`, read from `csv` (the text of
    /// [`Pairing::file`]), or the teaching corpus.
    ///
    /// # Errors
    /// As the CSV readers of [`Dataset`]; [`Error::EmptyData`] for the spam panel's corpus,
    /// which only the page has ([`CurveData::Text`] from [`TextData::from_packed`]).
    pub fn data(self, seed: u64, csv: &str) -> Result<CurveData> {
        Ok(match self {
            Pairing::Clouds(c) => c.sample(CLOUD_ROWS, seed).into(),
            Pairing::Wdbc => Dataset::wdbc(csv)?.into(),
            Pairing::Digits01 => Dataset::digits(csv, 0, 1)?.into(),
            Pairing::Digits23 => Dataset::digits(csv, 2, 3)?.into(),
            Pairing::Text(TextSource::Teaching, _) => TextData::teaching().into(),
            Pairing::Text(TextSource::SpamPanel, _) => {
                return Err(Error::EmptyData(Message::new(&codes::LC_NO_SPAM_PANEL)))
            }
        })
    }

    /// The exact Bayes error, where known.
    pub fn bayes_error(self) -> Option<f64> {
        match self {
            Pairing::Clouds(c) => c.bayes_error(),
            _ => None,
        }
    }
}

/// The settings of a run.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CurveSpec {
    /// The data and models.
    pub pairing: Pairing,
    /// The smallest training size (at least 2).
    pub m_min: usize,
    /// The largest training size (capped at the training pool).
    pub m_max: usize,
    /// How many sizes, log-spaced from `m_min` to `m_max`.
    pub sizes: usize,
    /// How many random splits.
    pub splits: usize,
    /// Logistic regression's L2 strength λ ≥ 0 (on standardised features).
    pub lambda: f64,
    /// Naive Bayes' smoothing α ≥ 0: the variance smoothing of Gaussian naive Bayes and
    /// GDA (scikit-learn's `var_smoothing`), the Lidstone α of the text models.
    pub alpha: f64,
    /// The seed of the splits (and of a generated cloud).
    pub seed: u64,
}

/// One curve point.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PointSummary {
    /// Training size.
    pub m: usize,
    /// Mean test error over the splits done.
    pub mean: f64,
    /// The band's lower bound (10th percentile).
    pub lo: f64,
    /// The band's upper bound (90th percentile).
    pub hi: f64,
    /// Splits averaged.
    pub splits: usize,
    /// Splits whose fit had no finite solution (logistic regression with λ = 0 on
    /// separable rows); always 0 for the generative model.
    pub no_finite_fit: usize,
}

/// One model's curve.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelCurve {
    /// "gda", "gnb" or "lr".
    pub model: String,
    /// The points, by increasing m.
    pub points: Vec<PointSummary>,
    /// The mean error at the largest m (the asymptote's estimate); None before any split.
    pub asymptote: Option<f64>,
}

/// Where the curves stand after the splits done so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CurveSummary {
    /// The pairing's id.
    pub pairing: String,
    /// The generative model's curve, then logistic regression's.
    pub curves: [ModelCurve; 2],
    /// The crossover m (the last change of order), if the curves cross.
    pub crossover: Option<f64>,
    /// Which model is ahead (lower mean error, by more than two standard errors of the
    /// paired difference) at the smallest m: 0 generative, 1 LR, None for a tie.
    pub leader_small: Option<u8>,
    /// … and at the largest m.
    pub leader_large: Option<u8>,
    /// Which model is ahead after the crossover (the last size where one is ahead by more
    /// than two standard errors), None without a crossover.
    pub leader_after: Option<u8>,
    /// The exact Bayes error, where known.
    pub bayes_error: Option<f64>,
    /// Splits done and asked for.
    pub splits_done: usize,
    /// Splits asked for.
    pub splits_total: usize,
    /// The training pool's size and the test rows per split.
    pub pool: usize,
    /// Test rows per split.
    pub test: usize,
    /// Rows and features of the data.
    pub rows: usize,
    /// Features.
    pub d: usize,
}

impl CurveSummary {
    /// Every curve point as CSV: a header line, then one line per model and m —
    /// `pairing,model,m,mean_error,band_p10,band_p90,splits,lr_no_finite_fit` (errors as
    /// fractions, with every digit Rust's shortest round trip keeps).
    pub fn csv(&self) -> String {
        let mut out = String::from("pairing,model,m,mean_error,band_p10,band_p90,splits,lr_no_finite_fit\n");
        for c in &self.curves {
            for p in &c.points {
                out.push_str(&format!(
                    "{},{},{},{:?},{:?},{:?},{},{}\n",
                    self.pairing, c.model, p.m, p.mean, p.lo, p.hi, p.splits, p.no_finite_fit
                ));
            }
        }
        out
    }
}

/// A run in progress: the data, the plan of splits and every split's errors so far.
#[derive(Debug, Clone)]
pub struct CurveRun {
    spec: CurveSpec,
    data: CurveData,
    plan: SplitPlan,
    sizes: Vec<usize>,
    /// errors[model][size] = one test error per split done.
    errors: [Vec<Vec<f64>>; 2],
    no_finite: Vec<usize>,
    done: usize,
    test_rows: usize,
}

/// `n` sizes log-spaced from `lo` to `hi`, rounded, without repeats.
pub fn log_sizes(lo: usize, hi: usize, n: usize) -> Vec<usize> {
    if n <= 1 || hi <= lo {
        return vec![hi.max(lo)];
    }
    let (a, b) = ((lo as f64).ln(), (hi as f64).ln());
    let mut out: Vec<usize> =
        (0..n).map(|i| (a + (b - a) * i as f64 / (n - 1) as f64).exp().round() as usize).collect();
    out.dedup();
    out
}

/// The q-quantile of `v` (sorted in place), numpy's default linear interpolation.
pub fn quantile(v: &mut [f64], q: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    let pos = q * (v.len() - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = pos.ceil() as usize;
    v[lo] + (v[hi] - v[lo]) * (pos - lo as f64)
}

impl CurveRun {
    /// A run of `spec` on `data` (the pairing's data), no split computed yet.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for λ or α negative or not finite, fewer than 1 or
    /// more than [`MAX_SPLITS`] splits, fewer than 2 or more than [`MAX_SIZES`] sizes, or
    /// m_min < 2 or above m_max.
    pub fn new(spec: CurveSpec, data: impl Into<CurveData>) -> Result<CurveRun> {
        let data = data.into();
        let bad = |name, value: f64, rule| Err(Error::InvalidParameter { name, value: describe(value), rule });
        if !(spec.lambda.is_finite() && spec.lambda >= 0.0) {
            return bad("λ", spec.lambda, "the L2 penalty strength must be a finite number, 0 or more");
        }
        if !(spec.alpha.is_finite() && spec.alpha >= 0.0) {
            return bad("α", spec.alpha, codes::RULE_SMOOTHING_FINITE.en());
        }
        if !(1..=MAX_SPLITS).contains(&spec.splits) {
            return bad("splits", spec.splits as f64, codes::RULE_SPLITS_WHOLE.en());
        }
        if !(2..=MAX_SIZES).contains(&spec.sizes) {
            return bad("sizes", spec.sizes as f64, codes::RULE_SIZES_WHOLE.en());
        }
        if spec.m_min < 2 || spec.m_min >= spec.m_max {
            return bad("m", spec.m_min as f64, codes::RULE_M_BELOW_MAX.en());
        }
        let text = matches!(data, CurveData::Text(_));
        if text != matches!(spec.pairing, Pairing::Text(..)) {
            return Err(Error::EmptyData(Message::new(&codes::LC_DATA_MISMATCH).text("pairing", spec.pairing.id())));
        }
        let plan = SplitPlan::new(data.labels(), spec.seed);
        let pool = plan.pool_size();
        let hi = spec.m_max.min(pool);
        let lo = spec.m_min.min(hi.saturating_sub(1)).max(2);
        let sizes = log_sizes(lo, hi, spec.sizes);
        let test_rows = data.len() - pool;
        let n = sizes.len();
        Ok(CurveRun {
            spec,
            data,
            plan,
            sizes,
            errors: [vec![Vec::new(); n], vec![Vec::new(); n]],
            no_finite: vec![0; n],
            done: 0,
            test_rows,
        })
    }

    /// The training sizes.
    pub fn sizes(&self) -> &[usize] {
        &self.sizes
    }

    /// The settings.
    pub fn spec(&self) -> &CurveSpec {
        &self.spec
    }

    /// The data.
    pub fn data(&self) -> &CurveData {
        &self.data
    }

    /// Split `s` of this run (its test rows and training pools).
    pub fn split(&self, s: usize) -> Split {
        self.plan.split(s)
    }

    /// Splits done so far.
    pub fn done(&self) -> usize {
        self.done
    }

    /// Whether every split is done.
    pub fn finished(&self) -> bool {
        self.done >= self.spec.splits
    }

    /// Each split's test errors at size index `k`: `[generative, logistic]`.
    pub fn split_errors(&self, k: usize) -> [&[f64]; 2] {
        [&self.errors[0][k], &self.errors[1][k]]
    }

    /// Computes up to `count` more splits; returns whether the run is finished.
    pub fn step(&mut self, count: usize) -> bool {
        let end = (self.done + count).min(self.spec.splits);
        while self.done < end {
            let split = self.plan.split(self.done);
            match &self.data {
                CurveData::Dense(data) => {
                    let mut start: Option<Linear> = None;
                    for (k, &m) in self.sizes.iter().enumerate() {
                        let train = split.train(m);
                        let generative = match self.spec.pairing.generative() {
                            Generative::Gda => {
                                let gda = LinearGda::fit(data, &train, self.spec.alpha);
                                test_error(&split.test, data, |x| gda.rule.predict(x))
                            }
                            _ => {
                                let nb = GaussianNbD::fit(data, &train, self.spec.alpha);
                                test_error(&split.test, data, |x| nb.predict(x))
                            }
                        };
                        let lr = LogisticD::fit(data, &train, self.spec.lambda, start.as_ref());
                        let logistic = test_error(&split.test, data, |x| lr.rule.predict(x));
                        if lr.no_finite_fit {
                            self.no_finite[k] += 1;
                            start = None;
                        } else {
                            start = Some(lr.rule);
                        }
                        self.errors[0][k].push(generative);
                        self.errors[1][k].push(logistic);
                    }
                }
                CurveData::Text(data) => {
                    let event = match self.spec.pairing.generative() {
                        Generative::Text(e) => e,
                        _ => EventModel::Multinomial,
                    };
                    let mut start: Option<SparseLinear> = None;
                    let wrong = |f: &dyn Fn(usize) -> u8| {
                        split.test.iter().filter(|&&i| f(i) != data.y[i]).count() as f64 / split.test.len() as f64
                    };
                    for (k, &m) in self.sizes.iter().enumerate() {
                        let train = split.train(m);
                        let nb = TextNb::fit(data, &train, event, self.spec.alpha);
                        let generative = wrong(&|i| nb.predict(data, i));
                        let lr = SparseLogistic::fit(data, &train, event, self.spec.lambda, start.as_ref());
                        let logistic = wrong(&|i| lr.rule.predict(data, i, event));
                        if lr.no_finite_fit {
                            self.no_finite[k] += 1;
                            start = None;
                        } else {
                            start = Some(lr.rule);
                        }
                        self.errors[0][k].push(generative);
                        self.errors[1][k].push(logistic);
                    }
                }
            }
            self.done += 1;
        }
        self.finished()
    }

    /// The curves over the splits done so far.
    pub fn summary(&self) -> CurveSummary {
        let names = match self.spec.pairing.generative() {
            Generative::NaiveBayes => "gnb",
            Generative::Gda => "gda",
            Generative::Text(EventModel::Multinomial) => "mnb",
            Generative::Text(EventModel::Bernoulli) => "bnb",
        };
        let curve = |model: usize, name: &'static str| {
            let points: Vec<PointSummary> = self
                .sizes
                .iter()
                .enumerate()
                .filter(|(k, _)| !self.errors[model][*k].is_empty())
                .map(|(k, &m)| {
                    let mut e = self.errors[model][k].clone();
                    let mean = e.iter().sum::<f64>() / e.len() as f64;
                    PointSummary {
                        m,
                        mean,
                        lo: quantile(&mut e, BAND.0),
                        hi: quantile(&mut e, BAND.1),
                        splits: e.len(),
                        no_finite_fit: if model == 1 { self.no_finite[k] } else { 0 },
                    }
                })
                .collect();
            let asymptote = points.last().map(|p| p.mean);
            ModelCurve { model: name.to_string(), points, asymptote }
        };
        let curves = [curve(0, names), curve(1, "lr")];
        // Paired differences (both models saw the same rows in each split): a size counts
        // as a tie unless the mean difference is more than twice its standard error.
        let diffs: Vec<(usize, f64)> = self
            .sizes
            .iter()
            .enumerate()
            .filter(|(k, _)| !self.errors[0][*k].is_empty())
            .map(|(k, &m)| (m, significant_difference(&self.errors[0][k], &self.errors[1][k])))
            .collect();
        let leader = |d: f64| {
            if d < 0.0 {
                Some(0)
            } else if d > 0.0 {
                Some(1)
            } else {
                None
            }
        };
        CurveSummary {
            pairing: self.spec.pairing.id().to_string(),
            crossover: crossover(&diffs),
            leader_after: crossover(&diffs)
                .and_then(|_| diffs.iter().rev().find(|d| d.1 != 0.0).and_then(|d| leader(d.1))),
            leader_small: diffs.first().and_then(|d| leader(d.1)),
            leader_large: diffs.last().and_then(|d| leader(d.1)),
            curves,
            bayes_error: self.spec.pairing.bayes_error(),
            splits_done: self.done,
            splits_total: self.spec.splits,
            pool: self.plan.pool_size(),
            test: self.test_rows,
            rows: self.data.len(),
            d: self.data.features(),
        }
    }
}

/// The mean of the paired differences a − b, or 0 when it is within two standard errors
/// of 0 (a tie: the splits do not tell the models apart at this m).
pub fn significant_difference(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len() as f64;
    let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    let mean = d.iter().sum::<f64>() / n;
    let se = if a.len() > 1 { (d.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0) / n).sqrt() } else { 0.0 };
    if mean.abs() > 2.0 * se {
        mean
    } else {
        0.0
    }
}

/// The fraction of `test` rows `predict` gets wrong.
fn test_error(test: &[usize], data: &Dataset, predict: impl Fn(&[f64]) -> u8) -> f64 {
    let wrong = test.iter().filter(|&&i| predict(data.row(i)) != data.y[i]).count();
    wrong as f64 / test.len() as f64
}

/// The m where the sign of (generative − logistic) error changes for the last time,
/// interpolated linearly in log m; None when it never changes. Zero differences are
/// skipped (a tie is no change of order).
pub fn crossover(diffs: &[(usize, f64)]) -> Option<f64> {
    let signed: Vec<(usize, f64)> = diffs.iter().copied().filter(|d| d.1 != 0.0).collect();
    let last = signed.windows(2).rposition(|w| (w[0].1 < 0.0) != (w[1].1 < 0.0))?;
    let (a, b) = (signed[last], signed[last + 1]);
    let t = a.1 / (a.1 - b.1);
    let (la, lb) = ((a.0 as f64).ln(), (b.0 as f64).ln());
    Some((la + t * (lb - la)).exp())
}
