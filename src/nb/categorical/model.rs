//! Categorical naive Bayes on the table: Lidstone-smoothed value tables per class, the
//! posterior of a query, and the explanation of every factor (zero factors at α = 0 included).

use super::*;

/// A fitted categorical naive Bayes model: the counts of a table and the smoothed
/// log-probabilities for one λ and one prior.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoricalNb {
    pub(super) attributes: Vec<Attribute>,
    pub(super) class: Attribute,
    pub(super) lambda: f64,
    pub(super) prior: Prior,
    /// N_c.
    pub(super) class_counts: Vec<u64>,
    /// N_jc(a), indexed `[attribute][class][value]`.
    pub(super) counts: Vec<Vec<Vec<u64>>>,
    /// log P(c).
    pub(super) log_prior: Vec<f64>,
    /// log P_λ(X⁽ʲ⁾ = a | c), indexed `[attribute][class][value]`.
    pub(super) log_prob: Vec<Vec<Vec<f64>>>,
}

/// The prior of one class with the numbers plugged into its formula.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PriorTerm {
    /// The class value.
    pub class: String,
    /// N_c.
    pub count: u64,
    /// P(c).
    pub probability: f64,
    /// log P(c) (−∞ for an empty class under the maximum-likelihood prior).
    pub log_probability: f64,
    /// E.g. `P(yes) = (5 + 1) / (12 + 2 × 1) = 0.4286`.
    pub formula: String,
}

/// One attribute's counts and smoothed probabilities for one class.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClassColumn {
    /// The class value.
    pub class: String,
    /// N_c.
    pub class_count: u64,
    /// N_jc(a) per declared value a.
    pub counts: Vec<u64>,
    /// P_λ(X⁽ʲ⁾ = a | c) per declared value.
    pub probabilities: Vec<f64>,
    /// The formulas with numbers, per declared value.
    pub formulas: Vec<String>,
}

/// The conditional probability table of one attribute.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttributeTable {
    /// The attribute's name.
    pub attribute: String,
    /// Its declared values; S_j = `values.len()`.
    pub values: Vec<String>,
    /// One column per class.
    pub classes: Vec<ClassColumn>,
}

/// One factor P(X⁽ʲ⁾ = a | c) of a query's product.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttributeTerm {
    /// The attribute's name.
    pub attribute: String,
    /// The query's value a.
    pub value: String,
    /// N_jc(a).
    pub count: u64,
    /// N_c.
    pub class_count: u64,
    /// S_j.
    pub num_values: usize,
    /// P_λ(X⁽ʲ⁾ = a | c) in [0, 1].
    pub probability: f64,
    /// Its logarithm, in [−∞, 0].
    pub log_probability: f64,
    /// E.g. `P(eye colour = blue | yes) = (2 + 1) / (5 + 3 × 1) = 0.375`.
    pub formula: String,
}

/// A factor that is exactly 0 and so wipes a class out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ZeroFactor {
    /// The class has no rows and the maximum-likelihood prior is N_c/N = 0.
    Prior,
    /// No row of the class has this attribute value, and λ = 0.
    Attribute {
        /// The attribute's name.
        attribute: String,
        /// The value with count 0.
        value: String,
    },
}

/// One class's score for a query.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClassScore {
    /// The class value.
    pub class: String,
    /// The prior, with its formula.
    pub prior: PriorTerm,
    /// One factor per observed attribute, in column order.
    pub terms: Vec<AttributeTerm>,
    /// P(c) · Π_j P(x⁽ʲ⁾ | c), multiplied directly (it can underflow to 0 with very many
    /// attributes; `log_joint` is what the posterior uses).
    pub product: f64,
    /// The product with the rounded factors written out.
    pub product_formula: String,
    /// log P(c) + Σ_j log P(x⁽ʲ⁾ | c), in [−∞, 0]; −∞ when the class is wiped out.
    pub log_joint: f64,
    /// P(c | x); `None` when every class is wiped out.
    pub posterior: Option<f64>,
    /// log P(c | x) (−∞ for a wiped-out class); `None` when every class is wiped out.
    pub log_posterior: Option<f64>,
    /// The factors that are exactly 0 (empty unless the class is wiped out).
    pub zero_factors: Vec<ZeroFactor>,
}

/// Why a query got its verdict, class by class.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoricalExplanation {
    /// The smoothing λ.
    pub lambda: f64,
    /// The prior estimate.
    pub prior: Prior,
    /// The class column's name.
    pub class_column: String,
    /// The query: per attribute, its value or `None` when not observed.
    pub query: Vec<Option<String>>,
    /// The attributes left out because the query does not give them.
    pub not_observed: Vec<String>,
    /// One score per class, in class order.
    pub classes: Vec<ClassScore>,
    /// log P(x) = log Σ_c exp(log_joint_c); `None` when every class is wiped out.
    pub log_evidence: Option<f64>,
    /// The class with the largest score (the first on ties); `None` when every class is
    /// wiped out.
    pub verdict: Option<String>,
    /// Its index in class order.
    pub verdict_index: Option<usize>,
    /// The sentences for zero factors and an undefined posterior, as messages (codes of
    /// [`crate::message::codes`]' categorical block; `to_string()` writes the English);
    /// empty when every factor is positive.
    pub sentences: Vec<Message>,
}

impl CategoricalNb {
    /// Counts the table and computes the smoothed probabilities.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when λ is negative, NaN or infinite;
    /// [`Error::EmptyData`] when the table has no rows, or when λ = 0 and a class has no
    /// rows (its P(a | c) would be 0/0).
    pub fn fit(table: &CategoricalTable, lambda: f64, prior: Prior) -> Result<CategoricalNb> {
        if !(lambda.is_finite() && lambda >= 0.0) {
            return Err(Error::InvalidParameter {
                name: "λ",
                value: describe(lambda),
                rule: codes::RULE_LIDSTONE_LAMBDA.en(),
            });
        }
        if table.rows.is_empty() {
            return Err(Error::EmptyData(Message::new(&codes::CAT_NO_ROWS)));
        }
        let k = table.class.values.len();
        let mut class_counts = vec![0u64; k];
        let mut counts: Vec<Vec<Vec<u64>>> =
            table.attributes.iter().map(|a| vec![vec![0u64; a.values.len()]; k]).collect();
        for row in &table.rows {
            class_counts[row.class] += 1;
            for (j, &v) in row.values.iter().enumerate() {
                counts[j][row.class][v] += 1;
            }
        }
        if lambda == 0.0 {
            if let Some(c) = class_counts.iter().position(|&n| n == 0) {
                let name = table.class.values[c].as_str();
                return Err(Error::EmptyData(Message::new(&codes::CAT_EMPTY_CLASS_AT_ZERO).text("class", name)));
            }
        }
        let mut model = CategoricalNb {
            attributes: table.attributes.clone(),
            class: table.class.clone(),
            lambda,
            prior,
            class_counts,
            counts,
            log_prior: Vec::new(),
            log_prob: Vec::new(),
        };
        model.log_prior = model.compute_log_prior();
        model.log_prob = model.compute_log_prob();
        Ok(model)
    }

    fn compute_log_prior(&self) -> Vec<f64> {
        let n: u64 = self.class_counts.iter().sum();
        let k = self.class_counts.len();
        self.class_counts
            .iter()
            .map(|&n_c| match self.prior {
                Prior::MaximumLikelihood => (n_c as f64).ln() - (n as f64).ln(),
                Prior::Smoothed => ln_plus(n_c, self.lambda, 1.0) - ln_plus(n, self.lambda, k as f64),
                Prior::Uniform => -(k as f64).ln(),
            })
            .collect()
    }

    fn compute_log_prob(&self) -> Vec<Vec<Vec<f64>>> {
        self.counts
            .iter()
            .map(|per_class| {
                per_class
                    .iter()
                    .zip(&self.class_counts)
                    .map(|(row, &n_c)| {
                        let s_j = row.len() as f64;
                        let denominator = ln_plus(n_c, self.lambda, s_j);
                        row.iter().map(|&n| ln_plus(n, self.lambda, 1.0) - denominator).collect()
                    })
                    .collect()
            })
            .collect()
    }

    /// The smoothing λ.
    pub fn lambda(&self) -> f64 {
        self.lambda
    }

    /// The prior estimate.
    pub fn prior(&self) -> Prior {
        self.prior
    }

    /// The attributes the model was fitted with.
    pub fn attributes(&self) -> &[Attribute] {
        &self.attributes
    }

    /// The class column.
    pub fn class(&self) -> &Attribute {
        &self.class
    }

    /// N_c per class.
    pub fn class_counts(&self) -> &[u64] {
        &self.class_counts
    }

    /// N_jc(a) for attribute `attribute`, indexed `[class][value]`; `None` when out of range.
    pub fn counts(&self, attribute: usize) -> Option<&[Vec<u64>]> {
        self.counts.get(attribute).map(Vec::as_slice)
    }

    /// log P(c) per class (scikit-learn's `class_log_prior_` for the maximum-likelihood
    /// prior).
    pub fn class_log_prior(&self) -> &[f64] {
        &self.log_prior
    }

    /// log P_λ(X⁽ʲ⁾ = a | c) for attribute `attribute`, indexed `[class][value]`
    /// (scikit-learn's `feature_log_prob_[attribute]`); `None` when out of range.
    pub fn feature_log_prob(&self, attribute: usize) -> Option<&[Vec<f64>]> {
        self.log_prob.get(attribute).map(Vec::as_slice)
    }

    /// Every class's prior with its formula.
    pub fn priors(&self) -> Vec<PriorTerm> {
        (0..self.class_counts.len()).map(|c| self.prior_term(c)).collect()
    }

    fn prior_term(&self, c: usize) -> PriorTerm {
        let n_c = self.class_counts[c];
        let n: u64 = self.class_counts.iter().sum();
        let k = self.class_counts.len();
        let log_probability = self.log_prior[c];
        let probability = log_probability.exp();
        let name = &self.class.values[c];
        let p = format_probability(probability);
        let l = self.lambda;
        let formula = match self.prior {
            Prior::MaximumLikelihood => format!("P({name}) = {n_c} / {n} = {p}"),
            Prior::Smoothed => format!("P({name}) = ({n_c} + {l}) / ({n} + {k} × {l}) = {p}"),
            Prior::Uniform => format!("P({name}) = 1 / {k} = {p}"),
        };
        PriorTerm { class: name.clone(), count: n_c, probability, log_probability, formula }
    }

    /// Every attribute's counts and smoothed probabilities, class by class, with formulas.
    pub fn tables(&self) -> Vec<AttributeTable> {
        self.attributes
            .iter()
            .enumerate()
            .map(|(j, a)| AttributeTable {
                attribute: a.name.clone(),
                values: a.values.clone(),
                classes: (0..self.class_counts.len())
                    .map(|c| {
                        let terms: Vec<AttributeTerm> = (0..a.values.len()).map(|v| self.term(j, c, v)).collect();
                        ClassColumn {
                            class: self.class.values[c].clone(),
                            class_count: self.class_counts[c],
                            counts: terms.iter().map(|t| t.count).collect(),
                            probabilities: terms.iter().map(|t| t.probability).collect(),
                            formulas: terms.into_iter().map(|t| t.formula).collect(),
                        }
                    })
                    .collect(),
            })
            .collect()
    }

    fn term(&self, j: usize, c: usize, v: usize) -> AttributeTerm {
        let a = &self.attributes[j];
        let count = self.counts[j][c][v];
        let class_count = self.class_counts[c];
        let num_values = a.values.len();
        let log_probability = self.log_prob[j][c][v];
        let probability = log_probability.exp();
        let l = self.lambda;
        let formula = format!(
            "P({} = {} | {}) = ({count} + {l}) / ({class_count} + {num_values} × {l}) = {}",
            a.name,
            a.values[v],
            self.class.values[c],
            format_probability(probability)
        );
        AttributeTerm {
            attribute: a.name.clone(),
            value: a.values[v].clone(),
            count,
            class_count,
            num_values,
            probability,
            log_probability,
            formula,
        }
    }

    /// Reads a query given as text, one value per attribute (`""` or `"?"`: not observed),
    /// into value indices.
    ///
    /// # Errors
    /// [`Error::BadTable`] when the number of values differs from the number of
    /// attributes; [`Error::UnknownValue`] for a value not declared for its attribute.
    pub fn parse_query(&self, query: &[&str]) -> Result<Vec<Option<usize>>> {
        if query.len() != self.attributes.len() {
            return Err(Error::BadTable(
                Message::new(&codes::CAT_QUERY_WIDTH).int("found", query.len()).int("count", self.attributes.len()),
            ));
        }
        query
            .iter()
            .zip(&self.attributes)
            .map(|(v, a)| {
                let v = v.trim();
                if v.is_empty() || v == "?" {
                    Ok(None)
                } else {
                    value_index(a, v, &Message::new(&codes::CAT_PLACE_QUERY)).map(Some)
                }
            })
            .collect()
    }

    /// log P(c) + Σ_j log P(x⁽ʲ⁾ | c) per class (scikit-learn's `predict_joint_log_proba`),
    /// each in [−∞, 0], never NaN.
    ///
    /// # Errors
    /// As [`CategoricalNb::parse_query`].
    pub fn joint_log_likelihood(&self, query: &[&str]) -> Result<Vec<f64>> {
        let q = self.parse_query(query)?;
        Ok(self.log_joint(&q))
    }

    fn log_joint(&self, q: &[Option<usize>]) -> Vec<f64> {
        (0..self.class_counts.len())
            .map(|c| {
                // Every factor is ≤ 0, so the sum is −∞ or finite, never NaN.
                let likelihood: f64 = q.iter().enumerate().filter_map(|(j, v)| v.map(|v| self.log_prob[j][c][v])).sum();
                likelihood + self.log_prior[c]
            })
            .collect()
    }

    /// P(c | x) per class by the max-shifted log-sum-exp; `None` when every class is wiped
    /// out (0/0).
    ///
    /// # Errors
    /// As [`CategoricalNb::parse_query`].
    pub fn predict_proba(&self, query: &[&str]) -> Result<Option<Vec<f64>>> {
        let joint = self.joint_log_likelihood(query)?;
        let evidence = log_sum_exp(&joint);
        Ok((evidence > f64::NEG_INFINITY).then(|| joint.iter().map(|s| (s - evidence).exp()).collect()))
    }

    /// The class with the largest score (the first on ties); `None` when every class is
    /// wiped out.
    ///
    /// # Errors
    /// As [`CategoricalNb::parse_query`].
    pub fn predict(&self, query: &[&str]) -> Result<Option<String>> {
        Ok(self.explain(query)?.verdict)
    }

    /// Explains the verdict on a query: every count, every factor with its formula, the
    /// product and the log-sum per class, the posterior and the zero-count story.
    ///
    /// # Errors
    /// As [`CategoricalNb::parse_query`].
    pub fn explain(&self, query: &[&str]) -> Result<CategoricalExplanation> {
        let q = self.parse_query(query)?;
        let joint = self.log_joint(&q);
        let evidence = log_sum_exp(&joint);
        let defined = evidence > f64::NEG_INFINITY;
        let mut classes = Vec::with_capacity(joint.len());
        for (c, &log_joint) in joint.iter().enumerate() {
            let prior = self.prior_term(c);
            let terms: Vec<AttributeTerm> =
                q.iter().enumerate().filter_map(|(j, v)| v.map(|v| self.term(j, c, v))).collect();
            let product = terms.iter().fold(prior.probability, |p, t| p * t.probability);
            let mut factors = vec![format_probability(prior.probability)];
            factors.extend(terms.iter().map(|t| format_probability(t.probability)));
            let product_formula = format!(
                "P({name}) × Π P(x | {name}) = {} = {}",
                factors.join(" × "),
                format_probability(product),
                name = self.class.values[c]
            );
            let mut zero_factors = Vec::new();
            if prior.log_probability == f64::NEG_INFINITY {
                zero_factors.push(ZeroFactor::Prior);
            }
            zero_factors.extend(
                terms
                    .iter()
                    .filter(|t| t.log_probability == f64::NEG_INFINITY)
                    .map(|t| ZeroFactor::Attribute { attribute: t.attribute.clone(), value: t.value.clone() }),
            );
            let log_posterior = defined.then_some(log_joint - evidence);
            classes.push(ClassScore {
                class: self.class.values[c].clone(),
                prior,
                terms,
                product,
                product_formula,
                log_joint,
                posterior: log_posterior.map(f64::exp),
                log_posterior,
                zero_factors,
            });
        }
        let verdict_index = defined.then(|| {
            // The first class with the largest score: ties go to the earlier class.
            let best = joint.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            joint.iter().position(|&s| s == best).unwrap_or(0)
        });
        let mut explanation = CategoricalExplanation {
            lambda: self.lambda,
            prior: self.prior,
            class_column: self.class.name.clone(),
            query: q.iter().zip(&self.attributes).map(|(v, a)| v.map(|v| a.values[v].clone())).collect(),
            not_observed: q
                .iter()
                .zip(&self.attributes)
                .filter(|(v, _)| v.is_none())
                .map(|(_, a)| a.name.clone())
                .collect(),
            classes,
            log_evidence: defined.then_some(evidence),
            verdict: verdict_index.map(|c| self.class.values[c].clone()),
            verdict_index,
            sentences: Vec::new(),
        };
        explanation.sentences = self.sentences(&explanation);
        Ok(explanation)
    }

    fn sentences(&self, e: &CategoricalExplanation) -> Vec<Message> {
        let mut out = Vec::new();
        let n: u64 = self.class_counts.iter().sum();
        let l = self.lambda;
        for score in &e.classes {
            let class = &score.class;
            for zero in &score.zero_factors {
                out.push(match zero {
                    ZeroFactor::Prior => Message::new(&codes::CAT_ZERO_PRIOR).text("class", class.as_str()).int("n", n),
                    ZeroFactor::Attribute { attribute, value } => Message::new(&codes::CAT_ZERO_COUNT)
                        .text("class", class.as_str())
                        .text("attribute", attribute.as_str())
                        .text("value", value.as_str())
                        .text("lambda", l.to_string()),
                });
            }
        }
        let alive: Vec<&ClassScore> = e.classes.iter().filter(|s| s.log_joint > f64::NEG_INFINITY).collect();
        if alive.is_empty() {
            out.push(Message::new(&codes::CAT_ALL_RULED_OUT));
        } else if alive.len() == 1 && e.classes.len() > 1 {
            out.push(Message::new(&codes::CAT_ONE_LEFT).text("class", alive[0].class.as_str()));
        }
        out
    }
}
