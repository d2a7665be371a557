#!/usr/bin/env python3
"""Reference numbers for the learning curves' d-dimensional models (tests/it/curves_models.rs).

Run from the repository root (it reads www/data/*.csv):

    python3 -m venv /tmp/sk && /tmp/sk/bin/pip install scikit-learn==1.9.1 numpy scipy
    /tmp/sk/bin/python tools/sklearn/curves_reference.py

Conventions, as genlab::curves applies them:

* Features are standardised over all rows of the data set: (x - mean) / sd with numpy's
  default ddof = 0; a constant column becomes 0.
* WDBC: label 1 = malignant. optdigits: two digits, the second
  one is label 1, rows in file order.
* GAUSSIAN NAIVE BAYES: scikit-learn's ``GaussianNB(var_smoothing=1e-9)``; its
  ``predict_joint_log_proba`` gives the joint log-likelihoods genlab compares.
* LOGISTIC REGRESSION: J = -sum log p(y|x) + (lam/2)|w|^2 (intercept not penalised),
  minimised exactly by Newton's method in numpy (lbfgs stops short at tol 1e-4).
* BAYES ERROR: phi Phi(-D/2 - c/D) + (1-phi) Phi(-D/2 + c/D), c = log(phi/(1-phi)), with
  scipy's norm.cdf, checked against a Monte Carlo estimate.
* TEXT: genlab's own tokens of the teaching corpus (examples/curves_text_tokens.rs, run
  here through cargo), the vocabulary V of the training messages only (test words outside
  it are ignored); scikit-learn's ``MultinomialNB(alpha)`` on word counts and
  ``BernoulliNB(alpha)`` on presence (``fit_prior=True``), their
  ``predict_joint_log_proba``; logistic regression on the same features (counts, or 0/1)
  by the exact Newton solution below, printed as its intercept, the weights of the first
  training words and the test messages' scores b + x.w.

Importable: tools/curves_point.py uses ``newton_logistic`` and ``text_matrix``.
"""
import json
import subprocess

import numpy as np
import sklearn
from scipy.stats import norm
from sklearn.naive_bayes import BernoulliNB, GaussianNB, MultinomialNB

assert sklearn.__version__ == "1.9.1", sklearn.__version__


def standardise(x):
    sd = x.std(axis=0)
    out = np.zeros_like(x)
    ok = sd > 0
    out[:, ok] = (x[:, ok] - x.mean(axis=0)[ok]) / sd[ok]
    return out


def wdbc():
    raw = np.loadtxt("www/data/wdbc.csv", delimiter=",", skiprows=1, usecols=range(30))
    diagnosis = np.loadtxt("www/data/wdbc.csv", delimiter=",", skiprows=1, usecols=30, dtype=str)
    return standardise(raw), (diagnosis == "malignant").astype(int)


def digits(neg, pos):
    raw = np.loadtxt("www/data/digits.csv", delimiter=",", skiprows=1)
    keep = (raw[:, 64] == neg) | (raw[:, 64] == pos)
    return standardise(raw[keep, :64]), (raw[keep, 64] == pos).astype(int)


def newton_logistic(x, y, lam):
    xb = np.hstack([np.ones((len(x), 1)), x])
    theta = np.zeros(xb.shape[1])
    pen = np.full(xb.shape[1], lam)
    pen[0] = 0.0
    for _ in range(200):
        p = 1 / (1 + np.exp(-xb @ theta))
        g = xb.T @ (p - y) + pen * theta
        h = (xb * (p * (1 - p))[:, None]).T @ xb + np.diag(pen)
        step = np.linalg.solve(h, g)
        theta = theta - step
        if np.max(np.abs(step)) < 1e-15 * (1 + np.max(np.abs(theta))):
            break
    p = 1 / (1 + np.exp(-xb @ theta))
    g = xb.T @ (p - y) + pen * theta
    assert np.max(np.abs(g)) < 1e-9 * max(1, len(y)), np.max(np.abs(g))
    return theta


def teaching_corpus():
    """genlab's bag of words of the teaching corpus: (words, y, docs)."""
    out = subprocess.run(["cargo", "run", "--quiet", "--release", "--example", "curves_text_tokens"],
                         check=True, capture_output=True, text=True).stdout
    t = json.loads(out)
    return t["words"], np.array(t["y"]), t["docs"]


def text_matrix(docs, n_words, rows, binary):
    """Dense document-term matrix of `rows` (counts, or 0/1 when `binary`)."""
    x = np.zeros((len(rows), n_words))
    for r, i in enumerate(rows):
        for w, c in docs[i]:
            x[r, w] = 1.0 if binary else c
    return x


def text_case(label, docs, y, n_words, train, test, alpha_mn, alpha_b, lam_mn, lam_b):
    print(f"// {label}: train messages {train[0]}..{train[-1] + 1}, test messages {test[0]}..{test[-1] + 1}; "
          f"MultinomialNB(alpha={alpha_mn}), BernoulliNB(alpha={alpha_b}); lambda = {lam_mn} (counts), {lam_b} (0/1)")
    xtr = text_matrix(docs, n_words, train, False)
    xte = text_matrix(docs, n_words, test, False)
    vocab = np.flatnonzero(xtr.sum(axis=0) > 0)
    rust_ints(f"{label}_VOCAB", [len(vocab)])
    mn = MultinomialNB(alpha=alpha_mn).fit(xtr[:, vocab], y[train])
    jll = mn.predict_joint_log_proba(xte[:, vocab])
    rust(f"{label}_MN_JLL0", jll[:, 0])
    rust(f"{label}_MN_JLL1", jll[:, 1])
    bn = BernoulliNB(alpha=alpha_b).fit(xtr[:, vocab] > 0, y[train])
    jll = bn.predict_joint_log_proba(xte[:, vocab] > 0)
    rust(f"{label}_BN_JLL0", jll[:, 0])
    rust(f"{label}_BN_JLL1", jll[:, 1])
    for name, binary, lam in (("LR_COUNTS", False, lam_mn), ("LR_BINARY", True, lam_b)):
        a = (xtr[:, vocab] > 0).astype(float) if binary else xtr[:, vocab]
        b = (xte[:, vocab] > 0).astype(float) if binary else xte[:, vocab]
        theta = newton_logistic(a, y[train], lam)
        rust(f"{label}_{name}_B", [theta[0]])
        # The first 40 training words by word id, and their weights.
        rust_ints(f"{label}_{name}_WORDS", vocab[:40])
        rust(f"{label}_{name}_W", theta[1:41])
        rust(f"{label}_{name}_SCORES", b @ theta[1:] + theta[0])


def rust(name, values):
    print(f"const {name}: [f64; {len(values)}] = [{', '.join(repr(float(v)) for v in values)}];")


def rust_ints(name, values):
    print(f"const {name}: [usize; {len(values)}] = [{', '.join(str(int(v)) for v in values)}];")


def case(label, x, y, train, test, lam):
    print(f"// {label}: train rows {train[0]}..{train[-1] + 1}, test rows {test[0]}..{test[-1] + 1}, lambda = {lam}")
    nb = GaussianNB(var_smoothing=1e-9).fit(x[train], y[train])
    jll = nb.predict_joint_log_proba(x[test])
    rust(f"{label}_NB_EPSILON", [nb.epsilon_])
    rust(f"{label}_NB_VAR1", nb.var_[1])
    rust(f"{label}_NB_JLL0", jll[:, 0])
    rust(f"{label}_NB_JLL1", jll[:, 1])
    theta = newton_logistic(x[train], y[train], lam)
    rust(f"{label}_LR_THETA", theta)



def main():
    x, y = wdbc()
    case("WDBC", x, y, list(range(0, 80)), list(range(80, 100)), 1.0)
    x, y = digits(2, 3)
    case("DIGITS23", x, y, list(range(0, 60)), list(range(60, 80)), 0.1)
    words, ty, docs = teaching_corpus()
    text_case("TEXT", docs, ty, len(words), list(range(0, 150)), list(range(150, 200)), 1.0, 0.5, 1.0, 0.1)

    # Bayes error of two Gaussians with a shared covariance.
    for mu0, mu1, s, phi in [([0, 0], [1.5, 1.0], [[1, 0.5], [0.5, 1.5]], 0.5),
                             ([0, 0], [1.5, 1.0], [[1, 0.5], [0.5, 1.5]], 0.2),
                             ([1, -2], [3, 0.5], [[2, -0.7], [-0.7, 0.9]], 0.9)]:
        mu0, mu1, s = np.array(mu0, float), np.array(mu1, float), np.array(s, float)
        d = mu1 - mu0
        delta = np.sqrt(d @ np.linalg.solve(s, d))
        c = np.log(phi / (1 - phi))
        exact = phi * norm.cdf(-delta / 2 - c / delta) + (1 - phi) * norm.cdf(-delta / 2 + c / delta)
        # Monte Carlo check of the formula: the Bayes rule's error on 4 million draws.
        rng = np.random.default_rng(0)
        n = 4_000_000
        yy = rng.random(n) < phi
        xx = rng.multivariate_normal(np.zeros(2), s, n) + np.where(yy[:, None], mu1, mu0)
        w = np.linalg.solve(s, d)
        b = -w @ (mu0 + mu1) / 2 + c
        mc = np.mean(((xx @ w + b) > 0) != yy)
        assert abs(mc - exact) < 1e-3, (mc, exact)
        print(f"// bayes_error(mu0={mu0.tolist()}, mu1={mu1.tolist()}, sigma={s.tolist()}, phi={phi}) = {float(exact)!r} (Monte Carlo {mc})")


if __name__ == "__main__":
    main()
