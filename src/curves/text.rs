//! Bag-of-words text for the learning curves: multinomial and Bernoulli naive Bayes against
//! their discriminative twin, L2-regularised logistic regression on the same features.
//!
//! * [`TextData`]: messages as bags of word ids with a 0/1 label (spam = 1). The built-in
//!   teaching corpus ([`TextData::teaching`]) is read as the spam panel reads it: the
//!   `label<TAB>text` lines, repeats dropped (first occurrence kept), tokens from
//!   [`crate::nb::tokenize()`]. A corpus the spam panel has loaded arrives as its word ids
//!   ([`TextData::from_packed`]).
//! * [`TextNb`]: naive Bayes on the *training subset's* vocabulary V (the words its
//!   messages contain), as the spam panel fits it and as scikit-learn's `MultinomialNB` /
//!   `BernoulliNB` with `fit_prior=True` fit a `CountVectorizer` learnt on the training
//!   messages: log P(w|c) = log(n_cw + α) − log(n_c + α|V|) (multinomial, counts), or
//!   p_cw = (d_cw + α)/(N_c + 2α) with absent words counting (Bernoulli, presence). Test
//!   words outside V are ignored. α = 0 is exact: a zero probability is a veto (log 0 =
//!   −∞); when both classes are vetoed the posterior is 0/0 and the message goes to class
//!   0, ham, as in the spam panel.
//! * [`SparseLogistic`]: J(w, b) = −Σᵢ log p(yᵢ|xᵢ) + (λ/2)‖w‖² (b not penalised) on the
//!   same features as its naive Bayes twin (word counts for the multinomial pairing, word
//!   presence 0/1 for the Bernoulli one; the linear rules both NB models reduce to), by
//!   Newton's method whose steps are solved by conjugate gradients with Hessian-vector
//!   products (Newton-CG: the Hessian XᵀDX + λI of thousands of words is never formed),
//!   over the words the training messages contain (a word absent from them has a zero
//!   gradient and keeps weight 0). A backtracking (Armijo) line search keeps J falling.
//!   With λ = 0 and separable rows there is no finite fit; the fit stops at the first
//!   separating iterate and says so, as [`super::LogisticD`] does.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::nb::{dedup, for_each_token, parse_corpus, EventModel, Label};

/// Messages as bags of word ids, each with a 0/1 label.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TextData {
    /// Labels: 0 ham, 1 spam.
    pub y: Vec<u8>,
    /// Message i's (word id, count) pairs are `entries[offsets[i]..offsets[i + 1]]`, by
    /// increasing word id.
    offsets: Vec<usize>,
    entries: Vec<(u32, u32)>,
    /// The distinct words (index = word id); empty when the ids came without their words.
    pub vocab: Vec<String>,
    /// How many word ids there are.
    pub words: usize,
}

impl TextData {
    /// Messages given as lists of word ids (in any order, repeats counted) below `words`.
    ///
    /// # Errors
    /// [`Error::BadLabel`] for a label other than 0 or 1; [`Error::IndexOutOfRange`] for a
    /// word id of `words` or more; [`Error::EmptyClass`] when a class has fewer than 2
    /// messages (a split needs one to train on and one to test).
    pub fn from_docs<'a>(docs: impl IntoIterator<Item = (&'a [u32], u8)>, words: usize) -> Result<TextData> {
        let mut y = Vec::new();
        let mut offsets = vec![0];
        let mut entries: Vec<(u32, u32)> = Vec::new();
        let mut sorted: Vec<u32> = Vec::new();
        for (i, (ids, label)) in docs.into_iter().enumerate() {
            if label > 1 {
                return Err(Error::BadLabel { index: i, label, max: 1 });
            }
            if let Some(&id) = ids.iter().find(|&&id| id as usize >= words) {
                return Err(Error::IndexOutOfRange { kind: "word", index: id as usize, len: words });
            }
            sorted.clear();
            sorted.extend_from_slice(ids);
            sorted.sort_unstable();
            let start = entries.len();
            for &id in &sorted {
                if entries.len() > start && entries[entries.len() - 1].0 == id {
                    let last = entries.len() - 1;
                    entries[last].1 += 1;
                } else {
                    entries.push((id, 1));
                }
            }
            offsets.push(entries.len());
            y.push(label);
        }
        for class in 0..2u8 {
            if y.iter().filter(|&&v| v == class).count() < 2 {
                return Err(Error::EmptyClass { class });
            }
        }
        Ok(TextData { y, offsets, entries, vocab: Vec::new(), words })
    }

    /// Messages as the spam panel hands them over: `labels[i]` (0 ham, 1 spam) and message
    /// i's word ids `ids[offsets[i]..offsets[i + 1]]`, every id below `words`.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] when `offsets` is not one longer than `labels`, does not
    /// start at 0, falls or ends elsewhere than `ids.len()`; as [`TextData::from_docs`].
    pub fn from_packed(labels: &[u8], offsets: &[u32], ids: &[u32], words: usize) -> Result<TextData> {
        let ok = offsets.len() == labels.len() + 1
            && offsets.first() == Some(&0)
            && offsets.last().map(|&o| o as usize) == Some(ids.len())
            && offsets.windows(2).all(|w| w[0] <= w[1]);
        if !ok {
            return Err(Error::LengthMismatch { points: offsets.len().saturating_sub(1), labels: labels.len() });
        }
        let docs = labels.iter().enumerate().map(|(i, &l)| (&ids[offsets[i] as usize..offsets[i + 1] as usize], l));
        TextData::from_docs(docs, words)
    }

    /// A corpus in the spam panel's `label<TAB>text` format: bad lines skipped, repeated
    /// texts dropped (the first kept), each text tokenized by [`crate::nb::tokenize()`];
    /// word ids in order of first appearance.
    ///
    /// # Errors
    /// As [`parse_corpus`] and [`TextData::from_docs`].
    pub fn from_corpus_text(text: &str) -> Result<TextData> {
        let parsed = parse_corpus(text)?;
        let (docs, _) = dedup(parsed.docs);
        let mut index: BTreeMap<String, u32> = BTreeMap::new();
        let mut vocab: Vec<String> = Vec::new();
        let mut bags: Vec<(Vec<u32>, u8)> = Vec::with_capacity(docs.len());
        for (text, label) in &docs {
            let mut ids = Vec::new();
            for_each_token(text, |t| {
                let id = match index.get(t) {
                    Some(&id) => id,
                    None => {
                        let id = vocab.len() as u32;
                        index.insert(t.to_string(), id);
                        vocab.push(t.to_string());
                        id
                    }
                };
                ids.push(id);
            });
            bags.push((ids, u8::from(*label == Label::Spam)));
        }
        let mut data = TextData::from_docs(bags.iter().map(|(ids, l)| (ids.as_slice(), *l)), vocab.len())?;
        data.vocab = vocab;
        Ok(data)
    }

    /// The built-in teaching corpus (the spam panel's first corpus).
    pub fn teaching() -> TextData {
        TextData::from_corpus_text(crate::data::TEACHING_CORPUS).expect("the teaching corpus reads (a test loads it)")
    }

    /// Number of messages.
    pub fn len(&self) -> usize {
        self.y.len()
    }

    /// Whether there are no messages.
    pub fn is_empty(&self) -> bool {
        self.y.is_empty()
    }

    /// Message i's (word id, count) pairs, by increasing word id.
    pub fn doc(&self, i: usize) -> &[(u32, u32)] {
        &self.entries[self.offsets[i]..self.offsets[i + 1]]
    }

    /// Message i's feature values for an event model: (word id, count) for the
    /// multinomial model, (word id, 1) for the Bernoulli one.
    pub fn features(&self, i: usize, event: EventModel) -> impl Iterator<Item = (u32, f64)> + '_ {
        self.doc(i).iter().map(move |&(w, c)| (w, if event == EventModel::Bernoulli { 1.0 } else { f64::from(c) }))
    }
}

/// A log-probability that may be log 0: a finite sum and a count of −∞ terms.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct LogScore {
    /// The sum of the finite terms.
    pub finite: f64,
    /// How many terms were log 0.
    pub vetoes: u32,
}

impl LogScore {
    fn add(&mut self, v: f64, times: f64) {
        if v == f64::NEG_INFINITY {
            self.vetoes += 1;
        } else {
            self.finite += v * times;
        }
    }

    /// The value, −∞ when vetoed.
    pub fn value(self) -> f64 {
        if self.vetoes > 0 {
            f64::NEG_INFINITY
        } else {
            self.finite
        }
    }
}

/// Multinomial or Bernoulli naive Bayes fitted on some messages of a [`TextData`].
#[derive(Debug, Clone, PartialEq)]
pub struct TextNb {
    /// The event model.
    pub event: EventModel,
    /// log N_c/N.
    pub log_prior: [f64; 2],
    /// log P(w | c) (multinomial) or log p_cw (Bernoulli) per word id; only meaningful for
    /// words in the vocabulary.
    pub log_prob: [Vec<f64>; 2],
    /// Bernoulli: log(1 − p_cw) per word id (empty for the multinomial model).
    pub log_not: [Vec<f64>; 2],
    /// Whether each word id is in the training vocabulary V.
    pub in_vocab: Vec<bool>,
    /// |V|.
    pub vocabulary: usize,
    /// Bernoulli: Σ_{w∈V} log(1 − p_cw), the score of a message with no vocabulary word.
    base: [LogScore; 2],
}

impl TextNb {
    /// Fits on the messages `idx` of `data` (both classes present) with smoothing α ≥ 0.
    pub fn fit(data: &TextData, idx: &[usize], event: EventModel, alpha: f64) -> TextNb {
        let w = data.words;
        let mut counts = [vec![0u64; w], vec![0u64; w]];
        let mut docs = [0u64; 2];
        for &i in idx {
            let k = data.y[i] as usize;
            docs[k] += 1;
            for &(word, c) in data.doc(i) {
                counts[k][word as usize] += if event == EventModel::Bernoulli { 1 } else { u64::from(c) };
            }
        }
        let in_vocab: Vec<bool> = (0..w).map(|j| counts[0][j] + counts[1][j] > 0).collect();
        let vocabulary = in_vocab.iter().filter(|&&v| v).count();
        let total = (docs[0] + docs[1]) as f64;
        let log_prior = docs.map(|n| (n as f64 / total).ln());
        let mut log_prob = [vec![0.0; w], vec![0.0; w]];
        let mut log_not = [Vec::new(), Vec::new()];
        let mut base = [LogScore::default(); 2];
        for k in 0..2 {
            match event {
                EventModel::Multinomial => {
                    let n: u64 = counts[k].iter().sum();
                    let denom = (n as f64 + alpha * vocabulary as f64).ln();
                    for j in (0..w).filter(|&j| in_vocab[j]) {
                        log_prob[k][j] = (counts[k][j] as f64 + alpha).ln() - denom;
                    }
                }
                EventModel::Bernoulli => {
                    let denom = docs[k] as f64 + 2.0 * alpha;
                    log_not[k] = vec![0.0; w];
                    for j in (0..w).filter(|&j| in_vocab[j]) {
                        let d = counts[k][j] as f64;
                        log_prob[k][j] = ((d + alpha) / denom).ln();
                        // 1 − p computed from its own numerator, exact when p = 1.
                        log_not[k][j] = ((docs[k] as f64 - d + alpha) / denom).ln();
                        base[k].add(log_not[k][j], 1.0);
                    }
                }
            }
        }
        TextNb { event, log_prior, log_prob, log_not, in_vocab, vocabulary, base }
    }

    /// Each class's log prior + log-likelihood of message `i` of `data` (its vocabulary
    /// words only).
    pub fn scores(&self, data: &TextData, i: usize) -> [LogScore; 2] {
        [0, 1].map(|k| {
            let mut s = self.base[k];
            s.add(self.log_prior[k], 1.0);
            for &(word, c) in data.doc(i) {
                let j = word as usize;
                if !self.in_vocab[j] {
                    continue;
                }
                match self.event {
                    EventModel::Multinomial => s.add(self.log_prob[k][j], f64::from(c)),
                    EventModel::Bernoulli => {
                        // Present: log p replaces the log(1 − p) the base counted.
                        if self.log_not[k][j] == f64::NEG_INFINITY {
                            s.vetoes -= 1;
                        } else {
                            s.finite -= self.log_not[k][j];
                        }
                        s.add(self.log_prob[k][j], 1.0);
                    }
                }
            }
            s
        })
    }

    /// The joint log-likelihoods log P(c) + log P(x | c) of message `i` (−∞ for a veto).
    pub fn joint_log_likelihood(&self, data: &TextData, i: usize) -> [f64; 2] {
        self.scores(data, i).map(LogScore::value)
    }

    /// The predicted class of message `i`: the larger score; class 0 on a tie and when
    /// both classes are vetoed (0/0).
    pub fn predict(&self, data: &TextData, i: usize) -> u8 {
        let [a, b] = self.scores(data, i);
        match (a.vetoes > 0, b.vetoes > 0) {
            (true, true) => 0,
            (true, false) => 1,
            (false, true) => 0,
            (false, false) => u8::from(b.finite > a.finite),
        }
    }
}

/// A linear rule over word ids: 1{b + Σ_w x_w w_w > 0}.
#[derive(Debug, Clone, PartialEq)]
pub struct SparseLinear {
    /// One weight per word id.
    pub w: Vec<f64>,
    /// Intercept.
    pub b: f64,
}

impl SparseLinear {
    /// The score of message `i` of `data` on the event model's features.
    pub fn score(&self, data: &TextData, i: usize, event: EventModel) -> f64 {
        self.b + data.features(i, event).map(|(j, v)| v * self.w[j as usize]).sum::<f64>()
    }

    /// The predicted class (0 when the score is 0 or less).
    pub fn predict(&self, data: &TextData, i: usize, event: EventModel) -> u8 {
        u8::from(self.score(data, i, event) > 0.0)
    }
}

/// The most Newton iterations a sparse logistic fit takes.
pub const MAX_NEWTON: usize = 100;

/// A fitted sparse L2-regularised logistic regression.
#[derive(Debug, Clone, PartialEq)]
pub struct SparseLogistic {
    /// The rule.
    pub rule: SparseLinear,
    /// Newton iterations taken.
    pub iterations: usize,
    /// Conjugate-gradient iterations (Hessian-vector products) taken, all Newton steps.
    pub cg_iterations: usize,
    /// Whether the gradient reached the tolerance.
    pub converged: bool,
    /// λ = 0 and a hyperplane separates the training messages: no finite fit.
    pub no_finite_fit: bool,
}

/// The training messages on the words they contain: CSR rows over local feature indices.
struct Local {
    /// Global word id of each local feature.
    global: Vec<u32>,
    offsets: Vec<usize>,
    cols: Vec<u32>,
    vals: Vec<f64>,
    y: Vec<f64>,
}

impl Local {
    fn new(data: &TextData, idx: &[usize], event: EventModel) -> Local {
        let mut local = vec![u32::MAX; data.words];
        let mut global = Vec::new();
        let mut offsets = vec![0];
        let mut cols = Vec::new();
        let mut vals = Vec::new();
        for &i in idx {
            for (w, v) in data.features(i, event) {
                let slot = &mut local[w as usize];
                if *slot == u32::MAX {
                    *slot = global.len() as u32;
                    global.push(w);
                }
                cols.push(*slot);
                vals.push(v);
            }
            offsets.push(cols.len());
        }
        let y = idx.iter().map(|&i| f64::from(data.y[i])).collect();
        Local { global, offsets, cols, vals, y }
    }

    /// z = b + X w for θ = (b, w).
    fn margins(&self, theta: &[f64], z: &mut [f64]) {
        for (r, zr) in z.iter_mut().enumerate() {
            let mut s = theta[0];
            for e in self.offsets[r]..self.offsets[r + 1] {
                s += self.vals[e] * theta[1 + self.cols[e] as usize];
            }
            *zr = s;
        }
    }

    /// out = (Σ u, Xᵀ u).
    fn transpose_times(&self, u: &[f64], out: &mut [f64]) {
        out.iter_mut().for_each(|v| *v = 0.0);
        for (r, &ur) in u.iter().enumerate() {
            out[0] += ur;
            for e in self.offsets[r]..self.offsets[r + 1] {
                out[1 + self.cols[e] as usize] += self.vals[e] * ur;
            }
        }
    }

    fn objective(&self, theta: &[f64], lambda: f64, z: &mut [f64]) -> f64 {
        self.margins(theta, z);
        let loss: f64 = z.iter().zip(&self.y).map(|(&z, &y)| if y == 1.0 { softplus(-z) } else { softplus(z) }).sum();
        loss + 0.5 * lambda * theta[1..].iter().map(|v| v * v).sum::<f64>()
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

impl SparseLogistic {
    /// Fits on the messages `idx` of `data` on the event model's features with penalty
    /// λ ≥ 0, started from `start` (a fit on a nested subset) or 0.
    pub fn fit(
        data: &TextData,
        idx: &[usize],
        event: EventModel,
        lambda: f64,
        start: Option<&SparseLinear>,
    ) -> SparseLogistic {
        let local = Local::new(data, idx, event);
        let p = local.global.len() + 1;
        let m = idx.len();
        let mut theta = vec![0.0; p];
        if let Some(s) =
            start.filter(|s| s.w.len() == data.words && s.b.is_finite() && s.w.iter().all(|v| v.is_finite()))
        {
            theta[0] = s.b;
            for (k, &g) in local.global.iter().enumerate() {
                theta[k + 1] = s.w[g as usize];
            }
        }
        let mut z = vec![0.0; m];
        let mut dw = vec![0.0; m];
        let mut r = vec![0.0; m];
        let mut g = vec![0.0; p];
        let mut trial = vec![0.0; p];
        let (mut iterations, mut cg_iterations) = (0, 0);
        let (mut converged, mut no_finite_fit) = (false, false);
        let mut current = local.objective(&theta, lambda, &mut z);
        // The gradient is a sum over messages: its tolerance grows with their number.
        let tol = 1e-10 * (m as f64).max(1.0);
        while iterations < MAX_NEWTON {
            local.margins(&theta, &mut z);
            let mut separated = true;
            for k in 0..m {
                let prob = crate::stats::sigmoid(z[k]);
                if (local.y[k] == 1.0) != (z[k] > 0.0) {
                    separated = false;
                }
                r[k] = prob - local.y[k];
                dw[k] = prob * (1.0 - prob);
            }
            local.transpose_times(&r, &mut g);
            for a in 1..p {
                g[a] += lambda * theta[a];
            }
            if lambda == 0.0 && separated {
                no_finite_fit = true;
                break;
            }
            if g.iter().fold(0.0f64, |a, v| a.max(v.abs())) <= tol {
                converged = true;
                break;
            }
            iterations += 1;
            // Conjugate gradients on H s = g, H = [1 X]ᵀ D [1 X] + λ diag(0, 1, …, 1), to a
            // residual of min(½, ‖g‖)·‖g‖ (a forcing term that makes Newton's steps
            // quadratic near the minimum), at most m + 20 steps (H has at most m + 2
            // distinct eigenvalues when λ > 0).
            let gnorm = dot(&g, &g).sqrt();
            let target = gnorm * gnorm.min(0.5);
            let mut s = vec![0.0; p];
            let mut res = g.clone();
            let mut dir = g.clone();
            let mut rr = gnorm * gnorm;
            let mut hd = vec![0.0; p];
            let mut u = vec![0.0; m];
            for cg in 0..m + 20 {
                local.margins(&dir, &mut u);
                for k in 0..m {
                    u[k] *= dw[k];
                }
                local.transpose_times(&u, &mut hd);
                for a in 1..p {
                    hd[a] += lambda * dir[a];
                }
                cg_iterations += 1;
                let curvature = dot(&dir, &hd);
                if curvature.is_nan() || curvature <= 0.0 {
                    // No positive curvature along dir (λ = 0 and a flat direction): keep
                    // the step so far, or the gradient on the first step.
                    if cg == 0 {
                        s.copy_from_slice(&g);
                    }
                    break;
                }
                let step = rr / curvature;
                for a in 0..p {
                    s[a] += step * dir[a];
                    res[a] -= step * hd[a];
                }
                let rr_new = dot(&res, &res);
                if rr_new.sqrt() <= target {
                    break;
                }
                let beta = rr_new / rr;
                rr = rr_new;
                for a in 0..p {
                    dir[a] = res[a] + beta * dir[a];
                }
            }
            // Backtracking (Armijo): halve the step until J falls by a part of its slope.
            let slope = dot(&g, &s);
            let mut t = 1.0;
            let mut accepted = false;
            for _ in 0..40 {
                for a in 0..p {
                    trial[a] = theta[a] - t * s[a];
                }
                let value = local.objective(&trial, lambda, &mut z);
                if value <= current - 1e-4 * t * slope || (value <= current && t < 1e-6) {
                    current = value;
                    accepted = true;
                    break;
                }
                t *= 0.5;
            }
            if !accepted {
                // No descent in floating point: θ is at the minimum to rounding.
                converged = true;
                break;
            }
            let moved = (0..p).fold(0.0f64, |a, k| a.max((trial[k] - theta[k]).abs()));
            let size = theta.iter().fold(0.0f64, |a, v| a.max(v.abs()));
            theta.copy_from_slice(&trial);
            if t == 1.0 && moved <= 1e-13 * (1.0 + size) {
                converged = true;
                break;
            }
        }
        let mut w = vec![0.0; data.words];
        for (k, &gid) in local.global.iter().enumerate() {
            w[gid as usize] = theta[k + 1];
        }
        SparseLogistic { rule: SparseLinear { w, b: theta[0] }, iterations, cg_iterations, converged, no_finite_fit }
    }
}

/// log(1 + eᶻ) without overflow.
fn softplus(z: f64) -> f64 {
    if z > 0.0 {
        z + (-z).exp().ln_1p()
    } else {
        z.exp().ln_1p()
    }
}
