#!/usr/bin/env python3
"""Reference numbers for genlab's GDA tests (tests/it/gda_fit.rs), from scikit-learn.

GDA with a shared covariance is scikit-learn's
``LinearDiscriminantAnalysis(solver="lsqr", store_covariance=True)``:

* ``priors_`` are the class frequencies, so ``priors_[1]`` is φ = m₁/m;
* ``means_`` are the class means μ₀, μ₁;
* ``covariance_`` is Σ_k priors_k · (biased class covariance), which is exactly the GDA
  maximum-likelihood Σ = (1/m) Σᵢ (xᵢ − μ_{yᵢ})(xᵢ − μ_{yᵢ})ᵀ (divided by m);
* for two classes ``coef_[0]`` and ``intercept_[0]`` are w and b of the log-odds
  log p(y=1|x)/p(y=0|x) = w·x + b (the script checks decision_function == X·w + b);
* ``predict_proba(X)[:, 1]`` is p(y = 1 | x) = σ(w·x + b).

Run from the repository root (it reads src/data/*.csv):

    python3 -m venv /tmp/sk && /tmp/sk/bin/pip install scikit-learn numpy
    /tmp/sk/bin/python tools/sklearn/gda_reference.py

Every float is printed with repr() (shortest string that round-trips), laid out as Rust
so that it can be pasted into tests/it/gda_fit.rs.
"""

import csv
import os
import sys

import numpy as np
import sklearn
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# --- Literal datasets (the same literals appear in tests/it/gda_fit.rs) -------------------

# The hand-derived six-point set: w = (24, 24), b = 0.
SIX_POINTS = (
    [(-2.0, -1.0), (-1.0, -1.0), (-1.0, -2.0)],
    [(1.0, 1.0), (1.0, 2.0), (2.0, 1.0)],
)

# Unequal counts (5 vs 3), tilted scatter, so φ ≠ ½ and Σ has an off-diagonal term.
UNBALANCED_TILTED = (
    [(0.5, 1.2), (1.7, 2.9), (2.2, 2.1), (3.1, 4.4), (1.0, 0.3)],
    [(4.0, 2.5), (5.3, 4.1), (4.6, 2.2)],
)

# A translated copy of UNBALANCED_TILTED, far from the origin, written out literally.
FAR_FROM_ORIGIN = (
    [(1000.5, -1998.8), (1001.7, -1997.1), (1002.2, -1997.9), (1003.1, -1995.6), (1001.0, -1999.7)],
    [(1004.0, -1997.5), (1005.3, -1995.9), (1004.6, -1997.8)],
)

LITERALS = [
    ("SIX_POINTS", SIX_POINTS, [(0.0, 0.0), (1.0, 0.0), (-0.5, 0.25), (0.05, 0.02)]),
    ("UNBALANCED_TILTED", UNBALANCED_TILTED, [(0.0, 0.0), (3.0, 2.5), (3.5, 3.0), (2.6, 2.4)]),
    ("FAR_FROM_ORIGIN", FAR_FROM_ORIGIN, [(1000.0, -2000.0), (1003.0, -1997.5), (1003.5, -1997.0), (1002.6, -1997.6)]),
]


def literal_xy(classes):
    class0, class1 = classes
    x = np.array(class0 + class1, dtype=float)
    y = np.array([0] * len(class0) + [1] * len(class1))
    return x, y


# --- The real presets, read the way genlab's Preset::load reads them ------------------


def penguins(class0, class1):
    """bill_length_mm × bill_depth_mm; rows with NA in either are dropped."""
    x, y = [], []
    with open(os.path.join(ROOT, "src", "data", "penguins.csv"), newline="") as f:
        for row in csv.DictReader(f):
            if row["species"] not in (class0, class1):
                continue
            if row["bill_length_mm"] == "NA" or row["bill_depth_mm"] == "NA":
                continue
            x.append((float(row["bill_length_mm"]), float(row["bill_depth_mm"])))
            y.append(0 if row["species"] == class0 else 1)
    return np.array(x), np.array(y)


def iris():
    """Petal.Length × Petal.Width; versicolor (0) vs virginica (1)."""
    x, y = [], []
    with open(os.path.join(ROOT, "src", "data", "iris.csv"), newline="") as f:
        for row in csv.DictReader(f):
            label = {"versicolor": 0, "virginica": 1}.get(row["Species"])
            if label is None:
                continue
            x.append((float(row["Petal.Length"]), float(row["Petal.Width"])))
            y.append(label)
    return np.array(x), np.array(y)


PRESETS = [
    ("PENGUINS_ADELIE_CHINSTRAP", lambda: penguins("Adelie", "Chinstrap"), [(40.0, 18.0), (44.0, 18.3), (45.0, 17.0), (50.0, 19.0)]),
    ("PENGUINS_ADELIE_GENTOO", lambda: penguins("Adelie", "Gentoo"), [(40.0, 18.0), (44.0, 16.5), (45.0, 15.0), (50.0, 15.0)]),
    ("IRIS_VERSICOLOR_VIRGINICA", iris, [(4.0, 1.2), (4.9, 1.6), (5.0, 1.7), (6.0, 2.2)]),
]


# --- Output ----------------------------------------------------------------------------


def r(v):
    """A float as Rust source: repr() round-trips, and Rust needs a '.' or an exponent."""
    s = repr(float(v))
    return s if ("." in s or "e" in s or "inf" in s or "nan" in s) else s + ".0"


def vec(v):
    return "[" + ", ".join(r(a) for a in v) + "]"


def report(name, x, y, queries):
    lda = LinearDiscriminantAnalysis(solver="lsqr", store_covariance=True).fit(x, y)
    w, b = lda.coef_[0], lda.intercept_[0]
    # For two classes, the decision function is the log-odds w·x + b.
    gap = np.max(np.abs(lda.decision_function(x) - (x @ w + b)))
    assert gap <= 1e-12 * max(1.0, np.max(np.abs(lda.decision_function(x)))), (name, gap)
    q = np.array(queries, dtype=float)
    proba = lda.predict_proba(q)[:, 1]
    log_odds = lda.decision_function(q)
    accuracy = lda.score(x, y)
    counts = np.bincount(y, minlength=2)
    print(f"// {name}: n = {counts.tolist()}, training accuracy = {r(accuracy)} "
          f"({int(round(accuracy * len(y)))}/{len(y)}), max |decision_function − (X·w + b)| = {gap:.1e}")
    print(f"const {name}: Reference = Reference {{")
    print(f"    phi: {r(lda.priors_[1])},")
    print(f"    mu0: {vec(lda.means_[0])},")
    print(f"    mu1: {vec(lda.means_[1])},")
    print(f"    sigma: [{vec(lda.covariance_[0])}, {vec(lda.covariance_[1])}],")
    print(f"    w: {vec(w)},")
    print(f"    b: {r(b)},")
    print(f"    accuracy: {r(accuracy)},")
    print("    posterior: &[")
    for qq, p, z in zip(q, proba, log_odds):
        print(f"        ({vec(qq)}, {r(p)}), // log-odds {r(z)}")
    print("    ],")
    print("};")
    print()


def main():
    print(f"// scikit-learn {sklearn.__version__}, numpy {np.__version__}, Python {sys.version.split()[0]}")
    print('// LinearDiscriminantAnalysis(solver="lsqr", store_covariance=True)')
    print()
    for name, classes, queries in LITERALS:
        x, y = literal_xy(classes)
        report(name, x, y, queries)
    for name, load, queries in PRESETS:
        x, y = load()
        report(name, x, y, queries)


if __name__ == "__main__":
    main()
