//! The numbers the panel shows: the fit (two classes) or the k-class models, the logistic
//! overlay's report, training reports and confusion matrices.

use super::*;

/// The numbers the panel shows, read from the model at draw time. `None` where the fit
/// failed; `error` then holds the sentence that explains why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GdaSummary {
    /// The fit's error, as a sentence for the student.
    #[serde(skip)]
    pub error: Option<String>,
    /// The same error as data for the page (it crosses as `error`).
    #[serde(rename = "error")]
    pub error_message: Option<Message>,
    /// Points of classes 0 and 1.
    pub n: [usize; 2],
    /// The number of classes k.
    pub classes: usize,
    /// Points per class, k of them.
    pub counts: Vec<usize>,
    /// The drawn model's priors p(y = c) (k > 2, generative models).
    pub priors: Option<Vec<f64>>,
    /// The drawn model's class means (k > 2).
    pub means: Option<Vec<Vec2>>,
    /// The drawn model's class covariances, one per class (k > 2; GDA: k copies of Σ).
    pub covariances: Option<Vec<[[f64; 2]; 2]>>,
    /// The linear discriminants δ_c(x) = w_cᵀx + b_c as (w_c, b_c) (k > 2, linear models).
    pub discriminants: Option<Vec<(Vec2, f64)>>,
    /// φ.
    pub phi: Option<f64>,
    /// μ₀ and μ₁.
    pub mu: Option<[Vec2; 2]>,
    /// Σ.
    pub sigma: Option<[[f64; 2]; 2]>,
    /// w.
    pub w: Option<Vec2>,
    /// b.
    pub b: Option<f64>,
    /// Whether the boundary crosses the plot window.
    pub boundary_visible: bool,
    /// Whether μ₀ and μ₁ coincide to within rounding: the shared-Σ fit's w = 0, no
    /// line, the prior alone decides under that model.
    pub coincident: bool,
    /// Whether, with coincident means, the drawn model also has no boundary (one Σ
    /// shared by both classes, full or diagonal). `false` when the drawn model has a Σ per
    /// class (QDA, naive Bayes with per-class variances): equal means with different
    /// spreads still give the quadratic log-odds ½xᵀ(Σ₀⁻¹ − Σ₁⁻¹)x + …, a conic that
    /// separates the classes by their spread.
    pub prior_alone: bool,
    /// Class names, class 0 first, k of them.
    pub class_names: Vec<String>,
    /// Axis names.
    pub axis_names: [String; 2],
    /// The data credit line (empty for generated data).
    pub credit: String,
    /// `"generated"` or the preset's id.
    pub source: String,
    /// The seed (generated data only).
    pub seed: Option<u64>,
    /// The model settings in force.
    pub models: ModelSettings,
    /// Why the comparison model (QDA, Gaussian NB) could not be fitted.
    #[serde(skip)]
    pub model_error: Option<String>,
    /// The same as data for the page (it crosses as `model_error`).
    #[serde(rename = "model_error")]
    pub model_error_message: Option<Message>,
    /// Per-class covariances of the comparison model: Σ₀, Σ₁ (QDA) or their diagonals (NB).
    pub sigmas: Option<[[[f64; 2]; 2]; 2]>,
    /// The shape of the drawn quadratic boundary (`Ellipse`, `Hyperbola`, …), with the
    /// prior override and the losses applied.
    pub conic: Option<ConicKind>,
    /// The drawn quadratic boundary's coefficients [a₁₁, a₁₂, a₂₂, b₁, b₂, c] of
    /// xᵀAx + bᵀx + c compared with 0 (decide 1 above), the prior override and the losses
    /// applied (QDA, Gaussian NB; two classes).
    pub quadratic: Option<[f64; 6]>,
    /// Logistic regression, when its overlay is on.
    pub logistic: Option<LogisticSummary>,
    /// The Bayes decision threshold on the log-odds, log(λ₁₀/λ₀₁).
    pub threshold: f64,
    /// The same threshold as a posterior: decide 1 when p(y=1|x) > this.
    pub posterior_threshold: f64,
    /// The Bayes rule's risk on the training points: [incurred, expected by the model].
    pub risk: Option<[f64; 2]>,
    /// Training accuracy, confusion and log-likelihood of each model shown.
    pub reports: Vec<ModelReport>,
}

/// Logistic regression's numbers for the panel.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogisticSummary {
    /// Why it could not be fitted.
    #[serde(skip)]
    pub error: Option<String>,
    /// The same as data for the page (it crosses as `error`).
    #[serde(rename = "error")]
    pub error_message: Option<Message>,
    /// w.
    pub w: Option<Vec2>,
    /// b.
    pub b: Option<f64>,
    /// The λ used (the ridge fallback's on separable data).
    pub lambda: Option<f64>,
    /// Whether no finite MLE exists at λ = 0: the classes are separable (for k > 2 in the
    /// multinomial sense, [`crate::gda::mle_existence`]).
    pub separable: bool,
    /// Whether the ridge fallback was used.
    pub ridge: bool,
    /// The pairs of classes (a < b) a line separates (k > 2; for two classes `separable`
    /// says it). A separable pair alone does not rule out the k-class MLE.
    pub separated_pairs: Vec<(usize, usize)>,
}

impl LogisticSummary {
    /// The row of an overlay that could not be fitted: its sentence, no numbers.
    pub(super) fn failed(e: &Error) -> LogisticSummary {
        LogisticSummary {
            error: Some(e.to_string()),
            error_message: Some(e.message()),
            w: None,
            b: None,
            lambda: None,
            separable: false,
            ridge: false,
            separated_pairs: Vec::new(),
        }
    }
}

/// One model's fit on its own training points.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ModelReport {
    /// `gda`, `qda`, `gnb` or `logistic`.
    pub id: String,
    /// Training accuracy.
    pub accuracy: f64,
    /// Truth against prediction.
    pub confusion: Confusion,
    /// The k × k confusion matrix: `matrix[truth][predicted]` counts.
    pub matrix: Vec<Vec<usize>>,
    /// Σ log p(yᵢ | xᵢ), where finite.
    pub log_likelihood: Option<f64>,
}

impl GdaLab {
    /// The numbers panel's content.
    pub fn summary(&self) -> GdaSummary {
        let counts: Vec<usize> =
            (0..self.classes).map(|k| self.labels.iter().filter(|&&l| usize::from(l) == k).count()).collect();
        let n = [counts[0], counts[1]];
        let (seed, source) = match &self.source {
            Source::Generated(spec) => (Some(spec.seed), "generated".to_string()),
            Source::Fixed { preset: Some(preset), .. } => (None, preset.id().to_string()),
            Source::Fixed { preset: None, .. } => (None, "custom".to_string()),
        };
        let mut s = GdaSummary {
            error: None,
            error_message: None,
            n,
            classes: self.classes,
            counts,
            priors: None,
            means: None,
            covariances: None,
            discriminants: None,
            phi: None,
            mu: None,
            sigma: None,
            w: None,
            b: None,
            boundary_visible: false,
            coincident: false,
            prior_alone: false,
            class_names: self.base.class_names.iter().map(|s| s.to_string()).collect(),
            axis_names: self.base.axis_names.map(String::from),
            credit: self.base.credit.to_string(),
            source,
            seed,
            models: self.models,
            model_error: None,
            model_error_message: None,
            sigmas: None,
            conic: None,
            quadratic: None,
            logistic: None,
            threshold: self.models.threshold(),
            posterior_threshold: self.models.loss().map(|l| l.posterior_threshold()).unwrap_or(0.5),
            risk: None,
            reports: Vec::new(),
        };
        let k = self.classes;
        let report = |id: &str, model: &dyn Classifier, multi: &dyn MultiClassifier| {
            TrainingReport::evaluate(model, &self.points, &self.labels).ok().map(|r| ModelReport {
                id: id.to_string(),
                accuracy: r.accuracy,
                confusion: r.confusion,
                matrix: confusion_matrix(multi, &self.points, &self.labels, k),
                log_likelihood: r.log_likelihood,
            })
        };
        if k > 2 {
            self.summarise_classes(&mut s);
            return s;
        }
        if let Ok(g) = &self.fit {
            s.reports.extend(report("gda", g, &Model::Gda(g.clone())));
        }
        match &self.main {
            Some(Ok(m)) => {
                // The kind of the boundary drawn: z(x) + prior shift = threshold, so the
                // override and the losses move the constant (an ellipse can vanish).
                let moved = self.prior_shift() - self.models.threshold();
                let drawn = |mut q: QuadraticLogOdds| {
                    q.c += moved;
                    q
                };
                let (id, sigmas, quadratic) = match m {
                    Model::Qda(q) => ("qda", Some([q.sigma0(), q.sigma1()]), Some(drawn(q.quadratic()))),
                    Model::GaussianNb(g) => ("gnb", Some([g.sigma(0), g.sigma(1)]), Some(drawn(g.quadratic()))),
                    _ => ("gda", None, None),
                };
                s.sigmas = sigmas;
                s.conic = quadratic.map(|q| q.conic_kind());
                s.quadratic = quadratic.map(|q| [q.a[0][0], q.a[0][1], q.a[1][1], q.b[0], q.b[1], q.c]);
                s.reports.extend(report(id, m, m));
            }
            // A singular shared Σ means every class's Σ is singular too (each class's scatter
            // is part of the pooled one): the fit's sentence says it for all of them, once.
            Some(Err(Error::SingularClassCovariance { .. }))
                if matches!(self.fit, Err(Error::SingularCovariance { .. })) => {}
            Some(Err(e)) => {
                s.model_error = Some(e.to_string());
                s.model_error_message = Some(e.message());
            }
            None => {}
        }
        if let Some(lr) = self.logistic() {
            s.logistic = Some(match lr {
                Ok(lr) => {
                    s.reports.extend(report("logistic", lr, &Model::Logistic(lr.clone())));
                    LogisticSummary {
                        error: None,
                        error_message: None,
                        w: Some(lr.w()),
                        b: Some(lr.b()),
                        lambda: Some(lr.lambda()),
                        separable: lr.separable(),
                        ridge: lr.ridge_fallback(),
                        separated_pairs: Vec::new(),
                    }
                }
                Err(e) => LogisticSummary::failed(e),
            });
        }
        if let (Some(model), Ok(loss)) = (self.decision_log_odds(), self.models.loss()) {
            s.risk = BayesRule::new(model, loss)
                .risk_on(&self.points, &self.labels)
                .ok()
                .map(|r| [r.empirical_risk, r.expected_risk]);
        }
        match &self.fit {
            Ok(fit) => {
                let (w, b) = fit.log_odds_coefficients();
                s.phi = Some(fit.phi());
                s.mu = Some(fit.means_shown());
                s.sigma = Some(fit.sigma());
                s.w = Some(w);
                s.b = Some(b);
                s.boundary_visible = clip_line(w, b, self.view).is_some();
                s.coincident = fit.means_coincide();
                s.prior_alone =
                    s.coincident && matches!(self.models.covariance, Covariance::Shared | Covariance::DiagonalShared);
            }
            Err(e) => {
                s.error = Some(e.to_string());
                s.error_message = Some(e.message());
                // φ and the class means are defined whatever Σ is (a singular Σ has no
                // inverse, the classes still have their means): shown, not blanked.
                if n[0] > 0 && n[1] > 0 {
                    s.phi = Some(n[1] as f64 / (n[0] + n[1]) as f64);
                    s.mu = class_mean(&self.points, &self.labels, 0)
                        .zip(class_mean(&self.points, &self.labels, 1))
                        .map(|(a, b)| [a, b]);
                }
            }
        }
        s
    }
}

impl GdaLab {
    /// The numbers of k > 2 classes: the drawn k-class model's priors, means,
    /// covariances, discriminants (linear models) and training report.
    pub(super) fn summarise_classes(&self, s: &mut GdaSummary) {
        let k = self.classes;
        let report = |id: &str, m: &Model| {
            let matrix = confusion_matrix(m, &self.points, &self.labels, k);
            let right: usize = (0..k).map(|c| matrix[c][c]).sum();
            // Σ log p(yᵢ | xᵢ): the posterior of the true class, from the max-shifted
            // log-sum-exp of the model (never NaN; −∞ when a class is ruled out).
            let log_likelihood: f64 = self
                .points
                .iter()
                .zip(&self.labels)
                .map(|(p, &l)| m.posteriors(*p).get(usize::from(l)).copied().unwrap_or(0.0).ln())
                .sum();
            ModelReport {
                id: id.to_string(),
                accuracy: right as f64 / self.points.len().max(1) as f64,
                confusion: Confusion::default(),
                matrix,
                log_likelihood: log_likelihood.is_finite().then_some(log_likelihood),
            }
        };
        match &self.main {
            Some(Ok(m)) => {
                let id = match self.models.covariance {
                    Covariance::Shared => "gda",
                    Covariance::PerClass => "qda",
                    Covariance::DiagonalPerClass | Covariance::DiagonalShared => "gnb",
                };
                s.priors = m.priors();
                s.means = m.means();
                s.covariances = m.covariances();
                s.discriminants = m.linear_discriminants();
                s.reports.push(report(id, m));
            }
            Some(Err(e)) => {
                s.error = Some(e.to_string());
                s.error_message = Some(e.message());
            }
            None => {}
        }
        // The softmax overlay drawn over the figure: its row in the training table, and
        // whether λ = 0 has a finite fit or the ridge is shown instead.
        s.logistic = self.softmax().map(|fit| match fit {
            Ok(m) => {
                s.reports.push(report("logistic", m));
                let (lambda, separable, ridge, pairs) = match m {
                    Model::Softmax(f) => {
                        (f.lambda(), !f.mle_exists(), f.ridge_fallback(), f.separated_pairs().to_vec())
                    }
                    _ => (self.models.lambda, false, false, Vec::new()),
                };
                LogisticSummary {
                    error: None,
                    error_message: None,
                    w: None,
                    b: None,
                    lambda: Some(lambda),
                    separable,
                    ridge,
                    separated_pairs: pairs,
                }
            }
            Err(e) => LogisticSummary::failed(e),
        });
    }
}

/// The k × k confusion matrix of `model` on the points: `m[truth][predicted]`.
pub(super) fn confusion_matrix(
    model: &dyn MultiClassifier,
    points: &[Vec2],
    labels: &[u8],
    k: usize,
) -> Vec<Vec<usize>> {
    let mut m = vec![vec![0; k]; k];
    for (p, &l) in points.iter().zip(labels) {
        let predicted = model.predict_class(*p);
        if let Some(row) = m.get_mut(usize::from(l)) {
            if let Some(cell) = row.get_mut(predicted) {
                *cell += 1;
            }
        }
    }
    m
}
