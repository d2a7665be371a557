#!/usr/bin/env python3
"""Reference numbers for genlab's "generative versus discriminative" tests
(tests/it/gda_compare.rs, gda_gnb.rs, gda_logistic.rs, gda_posterior_map.rs, gda_qda.rs, gda_risk.rs).

Run from the repository root (it reads src/data/*.csv):

    python3 -m venv /tmp/sk && /tmp/sk/bin/pip install scikit-learn numpy
    /tmp/sk/bin/python tools/sklearn/gda_models_reference.py

What each section prints, and the conventions it relies on (checked by asserts below,
scikit-learn 1.9.1):

* LOGISTIC REGRESSION. genlab minimises J = −Σ log p(yᵢ|xᵢ) + (λ/2)‖w‖² (b not penalised).
  scikit-learn's ``LogisticRegression`` minimises C·Σ log-loss + ½‖w‖² (lbfgs: the
  intercept not penalised), the same minimiser for C = 1/λ; ``C=np.inf`` is the
  unpenalised fit (``penalty=None`` is deprecated since 1.8). Its lbfgs stops early
  (tol = 1e-4), so the script also solves J exactly by its own Newton iteration in numpy
  (original coordinates, no scaling, iterated until the step stops changing θ) and prints
  both; the Rust tests compare tightly to the Newton solution and loosely to sklearn.
* SEPARATION. An independent linear-programming check (scipy ``linprog``): the classes
  are strictly separable when max t subject to sᵢ(w·xᵢ + b) ≥ t, |w|∞ ≤ 1, |b| ≤ big is
  positive; weakly (quasi-completely) separable when it is 0 and some sᵢ(w·xᵢ + b) can be
  made positive with the rest ≥ 0.
* QDA. ``QuadraticDiscriminantAnalysis(store_covariance=True)``: ``covariance_[k]`` is
  the class scatter divided by n_k (asserted against numpy ``np.cov(..., bias=True)``),
  ``priors_`` the class frequencies, ``decision_function`` the log-odds
  log p(1|x) − log p(0|x) (asserted equal to the difference of ``predict_log_proba``).
* GAUSSIAN NAIVE BAYES. ``GaussianNB()`` (var_smoothing = 1e-9): ``epsilon_`` =
  var_smoothing · max_j var(X[:, j]) over all points (asserted), ``var_[k]`` = the class
  variance divided by n_k plus ``epsilon_`` (asserted), ``theta_`` the class means. The
  shared-variance variant has no scikit-learn class: its numbers come from numpy (the
  diagonal of the pooled covariance, divided by m, plus the same epsilon).

Every float is printed with repr() (shortest round-trip), laid out as Rust.
"""

import os
import sys

import numpy as np
import scipy
import sklearn
from scipy.optimize import linprog
from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# --- Literal datasets (the same literals appear in the Rust tests) ---------------------

# Overlapping classes: (2.0, 1.5) and (3.0, 3.9) of class 1 sit among class 0, (3.6, 2.0)
# of class 0 among class 1, so no line separates them and the MLE exists.
OVERLAPPING = (
    [(0.5, 1.2), (1.7, 2.9), (2.2, 2.1), (3.1, 4.4), (1.0, 0.3), (3.6, 2.0)],
    [(4.0, 2.5), (5.3, 4.1), (4.6, 2.2), (2.0, 1.5), (3.0, 3.9)],
)

# tests/it/gda_fit.rs's UNBALANCED_TILTED: GDA classifies it perfectly, a line separates it.
SEPARABLE = (
    [(0.5, 1.2), (1.7, 2.9), (2.2, 2.1), (3.1, 4.4), (1.0, 0.3)],
    [(4.0, 2.5), (5.3, 4.1), (4.6, 2.2)],
)

# (1, 0.5) is in both classes; x = 1 has class 0 on x ≤ 1 and class 1 on x ≥ 1.
QUASI_SEPARABLE = (
    [(0.0, 0.0), (0.0, 1.0), (1.0, 0.5)],
    [(1.0, 0.5), (2.0, 0.0), (2.0, 1.0)],
)

# A cross: class 0 spread along x, class 1 along y, both centred at 0 — a hyperbolic QDA
# boundary (A indefinite).
CROSS = (
    [(-3.0, 0.2), (3.0, -0.2), (-1.0, 0.1), (1.0, -0.1), (0.0, 0.3), (0.0, -0.3)],
    [(0.2, -3.0), (-0.2, 3.0), (0.1, -1.0), (-0.1, 1.0), (0.3, 0.0), (-0.3, 0.0)],
)

# Class 1 tight inside a wide class 0: an elliptic QDA boundary around class 1.
NESTED = (
    [(-4.0, 0.0), (4.0, 0.5), (0.0, 4.0), (0.5, -4.0), (3.0, 3.0), (-3.0, -2.5), (-2.5, 3.5), (2.5, -3.0)],
    [(0.3, 0.1), (-0.4, 0.2), (0.1, -0.5), (0.5, 0.6), (-0.2, -0.3)],
)


# literal_xy and the presets read the way genlab's Preset::load reads them: shared with
# the GDA reference script beside this one.
from gda_reference import iris, literal_xy, penguins  # noqa: E402


# --- Output helpers --------------------------------------------------------------------


def r(v):
    """A float as Rust source: repr() round-trips, and Rust needs a '.' or an exponent."""
    s = repr(float(v))
    return s if ("." in s or "e" in s or "inf" in s or "nan" in s) else s + ".0"


def vec(v):
    return "[" + ", ".join(r(a) for a in v) + "]"


def mat(m):
    return "[" + ", ".join(vec(row) for row in m) + "]"


# --- Logistic regression ---------------------------------------------------------------


def neg_log_lik(x, y, w, b):
    z = x @ w + b
    # −log p(y|x) = log(1 + e^{−z}) for y = 1, log(1 + e^{z}) for y = 0.
    return float(np.sum(np.logaddexp(0.0, np.where(y == 1, -z, z))))


def newton_exact(x, y, lam):
    """Minimises −Σ log p(yᵢ|xᵢ) + (λ/2)‖w‖² by Newton's method with step halving, in the
    original coordinates, until θ stops changing; returns (w, b, iterations)."""
    xb = np.hstack([np.ones((len(x), 1)), x])
    pen = np.array([0.0, lam, lam])
    theta = np.zeros(3)

    def obj(t):
        return neg_log_lik(x, y, t[1:], t[0]) + 0.5 * np.sum(pen * t * t)

    f = obj(theta)
    for it in range(1, 500):
        z = xb @ theta
        p = 1.0 / (1.0 + np.exp(-z))
        g = xb.T @ (p - y) + pen * theta
        h = (xb * (p * (1 - p))[:, None]).T @ xb + np.diag(pen)
        step = np.linalg.solve(h, -g)
        t = 1.0
        while obj(theta + t * step) > f + 1e-12 * abs(f) and t > 1e-10:
            t *= 0.5
        new = theta + t * step
        # Newton converges quadratically: once a full step is below 1e-13 of θ, the next
        # one would be at the level of rounding. Take it and stop.
        if t == 1.0 and np.max(np.abs(step)) <= 1e-13 * (1 + np.max(np.abs(theta))):
            theta = new
            break
        theta, f = new, obj(new)
    else:
        raise RuntimeError("Newton did not converge")
    return theta[1:], theta[0], it


def sk_logistic(x, y, lam, tight):
    c = np.inf if lam == 0 else 1.0 / lam
    kw = dict(tol=1e-12, max_iter=100000) if tight else {}
    m = LogisticRegression(C=c, **kw).fit(x, y)
    return m.coef_[0], m.intercept_[0], int(m.n_iter_[0])


def logistic_report(name, x, y, lam, queries):
    w, b, iters = newton_exact(x, y, lam)
    ws, bs, its = sk_logistic(x, y, lam, tight=False)
    wt, bt, itt = sk_logistic(x, y, lam, tight=True)
    # The tight lbfgs fit must agree with the Newton solution: same objective.
    gap_tight = max(np.max(np.abs(wt - w)) / max(1.0, np.max(np.abs(w))), abs(bt - b) / max(1.0, abs(b)))
    assert gap_tight < 1e-5, (name, gap_tight)
    gap_default = max(np.max(np.abs(ws - w)) / max(1.0, np.max(np.abs(w))), abs(bs - b) / max(1.0, abs(b)))
    ll = -neg_log_lik(x, y, w, b)
    q = np.array(queries, dtype=float)
    proba = 1.0 / (1.0 + np.exp(-(q @ w + b)))
    counts = np.bincount(y, minlength=2)
    print(f"// {name}: n = {counts.tolist()}, λ = {r(lam)}; numpy Newton converged in {iters} iterations;")
    print(f"// sklearn LogisticRegression(C={'np.inf' if lam == 0 else r(1 / lam)}) default lbfgs ({its} iterations):")
    print(f"//   w = {vec(ws)}, b = {r(bs)}; max relative gap to Newton {gap_default:.1e}")
    print(f"// sklearn with tol=1e-12, max_iter=100000 ({itt} iterations): w = {vec(wt)}, b = {r(bt)};")
    print(f"//   max relative gap to Newton {gap_tight:.1e}")
    print(f"const {name}: LogisticReference = LogisticReference {{")
    print(f"    lambda: {r(lam)},")
    print(f"    w: {vec(w)},")
    print(f"    b: {r(b)},")
    print(f"    log_likelihood: {r(ll)},")
    print(f"    sklearn_default_w: {vec(ws)},")
    print(f"    sklearn_default_b: {r(bs)},")
    print("    posterior: &[")
    for qq, p in zip(q, proba):
        print(f"        ({vec(qq)}, {r(p)}),")
    print("    ],")
    print("};")
    print()


def separation_lp(x, y):
    """'complete', 'quasi' or 'overlapping', by linear programming."""
    s = np.where(y == 1, 1.0, -1.0)
    big = 1e6
    # Variables (w1, w2, b, t): maximise t s.t. t − sᵢ(w·xᵢ + b) ≤ 0, −1 ≤ w ≤ 1.
    a = np.hstack([-(s[:, None] * x), -s[:, None], np.ones((len(x), 1))])
    res = linprog([0, 0, 0, -1], A_ub=a, b_ub=np.zeros(len(x)),
                  bounds=[(-1, 1), (-1, 1), (-big, big), (None, 1)], method="highs")
    assert res.status == 0
    if -res.fun > 1e-9:
        return "complete"
    # Weak: maximise Σ sᵢ(w·xᵢ + b) subject to each term ≥ 0 and bounds.
    a2 = -np.hstack([s[:, None] * x, s[:, None]])
    obj = -np.sum(np.hstack([s[:, None] * x, s[:, None]]), axis=0)
    res2 = linprog(obj, A_ub=a2, b_ub=np.zeros(len(x)), bounds=[(-1, 1), (-1, 1), (-big, big)], method="highs")
    assert res2.status == 0
    return "quasi" if -res2.fun > 1e-9 else "overlapping"


# --- QDA and Gaussian naive Bayes ------------------------------------------------------


def qda_report(name, x, y, queries):
    qda = QuadraticDiscriminantAnalysis(store_covariance=True).fit(x, y)
    for k in range(2):
        xk = x[y == k]
        assert np.allclose(qda.covariance_[k], np.cov(xk.T, bias=True), rtol=1e-12, atol=0), name
    q = np.array(queries, dtype=float)
    dec = qda.decision_function(q)
    lp = qda.predict_log_proba(q)
    assert np.allclose(dec, lp[:, 1] - lp[:, 0], rtol=1e-9, atol=1e-9), name
    proba = qda.predict_proba(q)[:, 1]
    counts = np.bincount(y, minlength=2)
    print(f"// {name}: n = {counts.tolist()}, training accuracy = {r(qda.score(x, y))} "
          f"({int(round(qda.score(x, y) * len(y)))}/{len(y)})")
    print(f"const {name}: QdaReference = QdaReference {{")
    print(f"    phi: {r(qda.priors_[1])},")
    print(f"    mu: [{vec(qda.means_[0])}, {vec(qda.means_[1])}],")
    print(f"    sigma: [{mat(qda.covariance_[0])}, {mat(qda.covariance_[1])}],")
    print(f"    accuracy: {r(qda.score(x, y))},")
    print("    // (x, decision_function(x) = log-odds, predict_proba(x)[1])")
    print("    queries: &[")
    for qq, d, p in zip(q, dec, proba):
        print(f"        ({vec(qq)}, {r(d)}, {r(p)}),")
    print("    ],")
    print("};")
    print()


def gnb_report(name, x, y, queries):
    gnb = GaussianNB().fit(x, y)
    eps = 1e-9 * np.max(np.var(x, axis=0))
    assert gnb.epsilon_ == eps, name
    for k in range(2):
        assert np.allclose(gnb.var_[k], np.var(x[y == k], axis=0) + eps, rtol=1e-14, atol=0), name
    q = np.array(queries, dtype=float)
    jll = gnb.predict_joint_log_proba(q)
    proba = gnb.predict_proba(q)[:, 1]
    # Shared diagonal variances, by hand: pooled scatter / m + the same epsilon.
    means = np.array([x[y == k].mean(axis=0) for k in range(2)])
    pooled = np.sum((x - means[y]) ** 2, axis=0) / len(x) + eps
    prior = np.bincount(y) / len(y)

    def shared_log_odds(p):
        z = np.log(prior[1]) - np.log(prior[0])
        return z + np.sum((p - means[0]) ** 2 / (2 * pooled) - (p - means[1]) ** 2 / (2 * pooled), axis=1)

    shared = shared_log_odds(q)
    print(f"// {name}: GaussianNB() training accuracy = {r(gnb.score(x, y))}")
    print(f"const {name}: GnbReference = GnbReference {{")
    print(f"    phi: {r(gnb.class_prior_[1])},")
    print(f"    epsilon: {r(gnb.epsilon_)},")
    print(f"    theta: [{vec(gnb.theta_[0])}, {vec(gnb.theta_[1])}],")
    print(f"    var: [{vec(gnb.var_[0])}, {vec(gnb.var_[1])}],")
    print(f"    shared_var: {vec(pooled)},")
    print("    // (x, jll₁ − jll₀ = log-odds, predict_proba(x)[1], shared-variance log-odds)")
    print("    queries: &[")
    for qq, d, p, s in zip(q, jll[:, 1] - jll[:, 0], proba, shared):
        print(f"        ({vec(qq)}, {r(d)}, {r(p)}, {r(s)}),")
    print("    ],")
    print("};")
    print()


def main():
    print(f"// scikit-learn {sklearn.__version__}, numpy {np.__version__}, scipy {scipy.__version__}, "
          f"Python {sys.version.split()[0]}")
    print()
    data = {
        "OVERLAPPING": literal_xy(OVERLAPPING),
        "SEPARABLE": literal_xy(SEPARABLE),
        "QUASI_SEPARABLE": literal_xy(QUASI_SEPARABLE),
        "CROSS": literal_xy(CROSS),
        "NESTED": literal_xy(NESTED),
        "IRIS": iris(),
        "PENGUINS_ADELIE_CHINSTRAP": penguins("Adelie", "Chinstrap"),
        "PENGUINS_ADELIE_GENTOO": penguins("Adelie", "Gentoo"),
    }

    print("// ===== SEPARATION (scipy linprog) =====")
    for name, (x, y) in data.items():
        print(f"// {name}: {separation_lp(x, y)}")
    print()

    print("// ===== LOGISTIC REGRESSION =====")
    lq = [(0.0, 0.0), (2.5, 2.5), (3.5, 2.5), (5.0, 4.0)]
    iq = [(4.0, 1.2), (4.9, 1.6), (5.0, 1.7), (6.0, 2.2)]
    pq = [(40.0, 18.0), (44.0, 18.3), (45.0, 17.0), (50.0, 19.0)]
    logistic_report("LR_OVERLAPPING", *data["OVERLAPPING"], 0.0, lq)
    logistic_report("LR_OVERLAPPING_L2", *data["OVERLAPPING"], 1.0, lq)
    logistic_report("LR_IRIS", *data["IRIS"], 0.0, iq)
    logistic_report("LR_IRIS_L2", *data["IRIS"], 10.0, iq)
    logistic_report("LR_PENGUINS_ADELIE_CHINSTRAP", *data["PENGUINS_ADELIE_CHINSTRAP"], 0.0, pq)
    # The separable set's ridge fallback: λ = 1e-3 · m · (var₁ + var₂)/2.
    x, y = data["SEPARABLE"]
    lam = 1e-3 * len(x) * 0.5 * float(np.sum(np.var(x, axis=0)))
    logistic_report("LR_SEPARABLE_RIDGE", x, y, lam, lq)
    x, y = data["PENGUINS_ADELIE_GENTOO"]
    lam = 1e-3 * len(x) * 0.5 * float(np.sum(np.var(x, axis=0)))
    logistic_report("LR_PENGUINS_ADELIE_GENTOO_RIDGE", x, y, lam, [(40.0, 18.0), (44.0, 16.5), (45.0, 15.0), (50.0, 15.0)])
    x, y = data["QUASI_SEPARABLE"]
    lam = 1e-3 * len(x) * 0.5 * float(np.sum(np.var(x, axis=0)))
    logistic_report("LR_QUASI_SEPARABLE_RIDGE", x, y, lam, [(0.5, 0.5), (1.0, 0.5), (1.5, 0.5)])

    print("// ===== QDA =====")
    qda_report("QDA_OVERLAPPING", *data["OVERLAPPING"], lq)
    qda_report("QDA_CROSS", *data["CROSS"], [(0.0, 0.0), (2.0, 0.5), (0.5, 2.0), (1.0, 1.0)])
    qda_report("QDA_NESTED", *data["NESTED"], [(0.0, 0.0), (1.0, 1.0), (2.0, 0.0), (-3.0, 3.0)])
    qda_report("QDA_IRIS", *data["IRIS"], iq)
    qda_report("QDA_PENGUINS_ADELIE_CHINSTRAP", *data["PENGUINS_ADELIE_CHINSTRAP"], pq)

    print("// ===== GAUSSIAN NAIVE BAYES =====")
    gnb_report("GNB_OVERLAPPING", *data["OVERLAPPING"], lq)
    gnb_report("GNB_CROSS", *data["CROSS"], [(0.0, 0.0), (2.0, 0.5), (0.5, 2.0), (1.0, 1.0)])
    gnb_report("GNB_IRIS", *data["IRIS"], iq)
    gnb_report("GNB_PENGUINS_ADELIE_GENTOO", *data["PENGUINS_ADELIE_GENTOO"], [(40.0, 18.0), (44.0, 16.5), (45.0, 15.0), (50.0, 15.0)])


if __name__ == "__main__":
    main()
