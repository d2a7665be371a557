#!/usr/bin/env python3
"""Reference numbers for genlab's k-class model tests (tests/it/gda_classes_sklearn.rs).

Run from the repository root; it reads src/data/penguins.csv, src/data/iris.csv and the
generated sets tests/fixtures/gda_classes/generated_k{3,4,5}.csv (drawn by genlab's seeded
sampler), and prints the Rust file tests/fixtures/gda_classes/reference.rs:

    python3 -m venv /tmp/sk && /tmp/sk/bin/pip install scikit-learn==1.9.1 numpy scipy
    /tmp/sk/bin/python tools/sklearn/gda_classes_reference.py > tests/fixtures/gda_classes/reference.rs

Where each number comes from (the conventions are checked by asserts below):

* GDA, shared covariance: ``LinearDiscriminantAnalysis(solver="lsqr", store_covariance=True)``.
  ``priors_`` are the class frequencies m_c/m, ``means_`` the class means and
  ``covariance_`` the pooled scatter divided by m (asserted against numpy); the posteriors
  are its ``predict_proba``.
* QDA: ``QuadraticDiscriminantAnalysis(store_covariance=True)``. Older scikit-learn divided
  each class's scatter by m_c − 1; 1.9.1 divides by m_c, genlab's maximum-likelihood
  convention, in ``covariance_`` and in ``predict_proba`` alike (both asserted here: the
  covariances against numpy's scatter / m_c, the posteriors against this script's own
  derivation softmax_c(log φ_c − ½ log|Σ_c| − ½ (x − μ_c)ᵀ Σ_c⁻¹ (x − μ_c)) with those
  covariances, to 1e-12). Should a later version go back to m_c − 1, the asserts fail
  rather than print numbers of another model. The covariances printed are ``covariance_``,
  the posteriors ``predict_proba``.
* Gaussian naive Bayes, per-class variances: ``GaussianNB(var_smoothing=v).predict_proba``
  for v = 1e-9 and 0.05. Shared variances have no scikit-learn class: numpy, the diagonal
  of the pooled covariance (divided by m) plus the same ε = v · max_j var(X[:, j]), in the
  same derivation as QDA.
* Softmax regression: this script's own Newton iteration in numpy (original coordinates,
  class 0 the reference, J = −Σ log p(yᵢ|xᵢ) + (λ/2) Σ_{a<b} ‖w_a − w_b‖², intercepts not
  penalised; with w₀ = 0 the penalty is (λ/2) wᵀ(L ⊗ diag(0, 1, 1))w, L_cc = k − 1,
  L_cd = −1),
  iterated until the step no longer changes θ; λ = 0 on the generated sets (the final
  gradient is asserted to be at rounding level, so the maximum-likelihood fit exists) and
  λ = 1 on the real data (where some species can be separated by a line).

The query points are the class means, the mean of all points, four training points and
two points three standard deviations out; every float is printed with repr() (the
shortest decimal that reads back to the same double).
"""

import csv
import os

import numpy as np
import scipy
import sklearn
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis
from sklearn.naive_bayes import GaussianNB

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def penguins():
    species = {"Adelie": 0, "Chinstrap": 1, "Gentoo": 2}
    pts, lab = [], []
    with open(os.path.join(ROOT, "src/data/penguins.csv")) as f:
        for row in list(csv.reader(f))[1:]:
            if row[2] == "NA" or row[3] == "NA":
                continue
            pts.append((float(row[2]), float(row[3])))
            lab.append(species[row[0]])
    return np.array(pts), np.array(lab)


def iris():
    species = {"setosa": 0, "versicolor": 1, "virginica": 2}
    pts, lab = [], []
    with open(os.path.join(ROOT, "src/data/iris.csv")) as f:
        for row in list(csv.reader(f))[1:]:
            pts.append((float(row[3]), float(row[4])))
            lab.append(species[row[5]])
    return np.array(pts), np.array(lab)


def generated(name):
    pts, lab = [], []
    with open(os.path.join(ROOT, "tests/fixtures/gda_classes", name + ".csv")) as f:
        for row in list(csv.reader(f))[1:]:
            pts.append((float(row[0]), float(row[1])))
            lab.append(int(row[2]))
    return np.array(pts), np.array(lab)


def softmax_rows(scores):
    s = scores - scores.max(axis=1, keepdims=True)
    e = np.exp(s)
    return e / e.sum(axis=1, keepdims=True)


def gaussian_posteriors(q, priors, means, covs):
    """softmax_c(log φ_c − ½ log|Σ_c| − ½ (x − μ_c)ᵀ Σ_c⁻¹ (x − μ_c)) at the rows of q."""
    scores = np.empty((len(q), len(priors)))
    for c, (phi, mu, cov) in enumerate(zip(priors, means, covs)):
        d = q - mu
        maha = np.einsum("ij,jk,ik->i", d, np.linalg.inv(cov), d)
        scores[:, c] = np.log(phi) - 0.5 * np.linalg.slogdet(cov)[1] - 0.5 * maha
    return softmax_rows(scores)


def softmax_newton(X, y, k, lam):
    """Class 0 the reference: θ_c = (b_c, w_c) for c = 1..k−1, minimising
    Σᵢ [log Σ_c e^{z_ic} − z_{i yᵢ}] + (λ/2) Σ_{a<b} ‖w_a − w_b‖² = ½ θᵀPθ."""
    m = len(X)
    Xb = np.hstack([np.ones((m, 1)), X])
    Y = np.zeros((m, k))
    Y[np.arange(m), y] = 1.0
    n = 3 * (k - 1)
    # Σ_{a<b} ‖w_a − w_b‖² with w₀ = 0, written out pair by pair as a matrix.
    P = np.zeros((n, n))
    for a in range(k):
        for b in range(a + 1, k):
            for j in (1, 2):
                e = np.zeros(n)
                if a > 0:
                    e[3 * (a - 1) + j] = 1.0
                e[3 * (b - 1) + j] = -1.0
                P += lam * np.outer(e, e)

    def logits(theta):
        return np.hstack([np.zeros((m, 1)), Xb @ theta.reshape(k - 1, 3).T])

    def objective(theta):
        z = logits(theta)
        zmax = z.max(axis=1, keepdims=True)
        lse = (zmax + np.log(np.exp(z - zmax).sum(axis=1, keepdims=True)))[:, 0]
        return np.sum(lse - z[np.arange(m), y]) + 0.5 * theta @ P @ theta

    def derivatives(theta):
        p = softmax_rows(logits(theta))
        g = ((p - Y)[:, 1:].T @ Xb).reshape(n) + P @ theta
        h = np.zeros((n, n))
        for c in range(1, k):
            for d in range(1, k):
                wgt = p[:, c] * ((c == d) - p[:, d])
                h[3 * (c - 1):3 * c, 3 * (d - 1):3 * d] = (Xb * wgt[:, None]).T @ Xb
        return g, h + P

    theta = np.zeros(n)
    f = objective(theta)
    for _ in range(200):
        g, h = derivatives(theta)
        step = -np.linalg.solve(h, g)
        t = 1.0
        while objective(theta + t * step) > f + 1e-4 * t * (g @ step) + 1e-13 * (1 + abs(f)) and t > 1e-12:
            t /= 2
        new = theta + t * step
        if np.array_equal(new, theta):
            break
        theta, f = new, objective(new)
    g, _ = derivatives(theta)
    assert np.max(np.abs(g)) < 1e-7 * max(1.0, m), f"Newton did not converge: gradient {np.max(np.abs(g))}"
    return theta.reshape(k - 1, 3)


def queries(X, y, k):
    means = [X[y == c].mean(axis=0) for c in range(k)]
    m = len(X)
    sd = X.std(axis=0)
    centre = X.mean(axis=0)
    rows = means + [centre] + [X[i] for i in (0, m // 3, 2 * m // 3, m - 1)]
    rows += [centre + 3 * sd, centre + np.array([-3.0, 3.0]) * sd]
    return np.array(rows)


def f(v):
    return repr(float(v))


def vec(v):
    return "[" + ", ".join(f(x) for x in v) + "]"


def mat(a):
    return "[" + ", ".join(vec(r) for r in a) + "]"


def rows(a):
    return "&[" + ", ".join("&" + vec(r) for r in a) + "]"


def main():
    sets = [("penguins", *penguins(), 1.0), ("iris", *iris(), 1.0)]
    sets += [(name, *generated(name), 0.0) for name in ("generated_k3", "generated_k4", "generated_k5")]
    print("// Generated by tools/sklearn/gda_classes_reference.py with scikit-learn "
          f"{sklearn.__version__}, numpy {np.__version__}, scipy {scipy.__version__}; do not edit.")
    print("// Sources: LinearDiscriminantAnalysis(solver=\"lsqr\", store_covariance=True) for priors, means,")
    print("// shared_covariance and gda_posteriors; QuadraticDiscriminantAnalysis(store_covariance=True)")
    print("// .covariance_ (divided by m_c in 1.9.1, asserted) and .predict_proba for qda_covariances and")
    print("// qda_posteriors (asserted equal to the script's numpy derivation); GaussianNB(var_smoothing)")
    print("// .predict_proba for gnb_posteriors; numpy for gnb_shared_posteriors; the script's numpy Newton")
    print("// iteration for softmax_lines and softmax_posteriors.")
    print()
    print("pub struct Reference {")
    print("    pub name: &'static str,")
    print("    pub priors: &'static [f64],")
    print("    pub means: &'static [[f64; 2]],")
    print("    pub shared_covariance: [[f64; 2]; 2],")
    print("    pub qda_covariances: &'static [[[f64; 2]; 2]],")
    print("    pub queries: &'static [[f64; 2]],")
    print("    pub gda_posteriors: &'static [&'static [f64]],")
    print("    pub qda_posteriors: &'static [&'static [f64]],")
    print("    /// (var_smoothing, posteriors) for GaussianNB.")
    print("    pub gnb_posteriors: &'static [(f64, &'static [&'static [f64]])],")
    print("    pub gnb_shared_posteriors: &'static [(f64, &'static [&'static [f64]])],")
    print("    pub softmax_lambda: f64,")
    print("    /// (w_c, b_c), c = 0..k, class 0 the reference.")
    print("    pub softmax_lines: &'static [([f64; 2], f64)],")
    print("    pub softmax_posteriors: &'static [&'static [f64]],")
    print("}")
    print()
    print("pub const REFERENCES: &[Reference] = &[")
    for name, X, y, lam in sets:
        k = int(y.max()) + 1
        m = len(X)
        counts = np.bincount(y, minlength=k)
        q = queries(X, y, k)

        lda = LinearDiscriminantAnalysis(solver="lsqr", store_covariance=True).fit(X, y)
        means = np.array([X[y == c].mean(axis=0) for c in range(k)])
        pooled = sum((X[y == c] - means[c]).T @ (X[y == c] - means[c]) for c in range(k)) / m
        assert np.allclose(lda.priors_, counts / m, rtol=1e-15, atol=0)
        assert np.allclose(lda.means_, means, rtol=1e-14, atol=0)
        assert np.allclose(lda.covariance_, pooled, rtol=1e-12, atol=0)
        gda_post = lda.predict_proba(q)
        assert np.allclose(gda_post, gaussian_posteriors(q, lda.priors_, lda.means_, [lda.covariance_] * k), atol=1e-12)

        qda = QuadraticDiscriminantAnalysis(store_covariance=True).fit(X, y)
        for c in range(k):
            d = X[y == c] - means[c]
            assert np.allclose(qda.covariance_[c], d.T @ d / counts[c], rtol=1e-12, atol=0)
        qda_covs = list(qda.covariance_)
        qda_post = qda.predict_proba(q)
        assert np.allclose(qda_post, gaussian_posteriors(q, counts / m, means, qda_covs), rtol=0, atol=1e-12)

        gnb, gnb_shared = [], []
        for vs in (1e-9, 0.05):
            nb = GaussianNB(var_smoothing=vs).fit(X, y)
            eps = vs * X.var(axis=0).max()
            assert np.isclose(nb.epsilon_, eps, rtol=1e-15, atol=0)
            for c in range(k):
                assert np.allclose(nb.var_[c], X[y == c].var(axis=0) + eps, rtol=1e-13, atol=0)
            gnb.append((vs, nb.predict_proba(q)))
            shared = np.diag(np.diag(pooled) + eps)
            gnb_shared.append((vs, gaussian_posteriors(q, counts / m, means, [shared] * k)))

        theta = softmax_newton(X, y, k, lam)
        lines = [([0.0, 0.0], 0.0)] + [([t[1], t[2]], t[0]) for t in theta]
        z = np.hstack([np.zeros((len(q), 1)), np.hstack([np.ones((len(q), 1)), q]) @ theta.T])
        soft_post = softmax_rows(z)

        print("    Reference {")
        print(f"        name: {name!r},".replace("'", '"'))
        print(f"        priors: &{vec(lda.priors_)},")
        print(f"        means: &{mat(lda.means_)},")
        print(f"        shared_covariance: {mat(lda.covariance_)},")
        print(f"        qda_covariances: &[{', '.join(mat(c) for c in qda_covs)}],")
        print(f"        queries: &{mat(q)},")
        print(f"        gda_posteriors: {rows(gda_post)},")
        print(f"        qda_posteriors: {rows(qda_post)},")
        print(f"        gnb_posteriors: &[{', '.join(f'({f(v)}, {rows(p)})' for v, p in gnb)}],")
        print(f"        gnb_shared_posteriors: &[{', '.join(f'({f(v)}, {rows(p)})' for v, p in gnb_shared)}],")
        print(f"        softmax_lambda: {f(lam)},")
        print(f"        softmax_lines: &[{', '.join(f'({vec(w)}, {f(b)})' for w, b in lines)}],")
        print(f"        softmax_posteriors: {rows(soft_post)},")
        print("    },")
    print("];")


if __name__ == "__main__":
    main()
