#!/usr/bin/env python3
"""scikit-learn's time for the learning curves' WDBC loop, the baseline of
tools/bench/curves.mjs: 15 log-spaced sizes x 200 seeded stratified splits, each size
fitting GaussianNB and LogisticRegression (lbfgs, C = 1/lambda, the library's default
solver) on the same rows and scoring both on the split's test rows, as genlab's panel does.

    python3 tools/bench/curves_sklearn.py [--splits 200] [--repeats 3] [--lam 0.01]

Prints JSON: {"splits", "sizes", "runs_ms": [...], "median_ms"}.
"""
import argparse
import json
import time
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB

p = argparse.ArgumentParser()
p.add_argument("--splits", type=int, default=200)
p.add_argument("--repeats", type=int, default=3)
p.add_argument("--lam", type=float, default=0.01)
a = p.parse_args()

x = np.loadtxt("www/data/wdbc.csv", delimiter=",", skiprows=1, usecols=range(30))
y = (np.loadtxt("www/data/wdbc.csv", delimiter=",", skiprows=1, usecols=30, dtype=str) == "malignant").astype(int)
x = (x - x.mean(axis=0)) / x.std(axis=0)
rows = [np.flatnonzero(y == k) for k in (0, 1)]
test_n = [int(np.ceil(0.3 * len(r))) for r in rows]
pool = sum(len(r) - t for r, t in zip(rows, test_n))
sizes = sorted({int(v) for v in np.rint(np.exp(np.linspace(np.log(4), np.log(pool), 15)))})
p1 = (len(rows[1]) - test_n[1]) / pool
warnings.simplefilter("ignore", ConvergenceWarning)


def loop(seed):
    rng = np.random.default_rng(seed)
    errs = []
    for _ in range(a.splits):
        perm = [rng.permutation(r) for r in rows]
        test = np.concatenate([perm[k][: test_n[k]] for k in (0, 1)])
        pools = [perm[k][test_n[k]:] for k in (0, 1)]
        for m in sizes:
            n1 = min(max(int(round(m * p1)), 1), m - 1)
            tr = np.concatenate([pools[0][: m - n1], pools[1][:n1]])
            nb = GaussianNB().fit(x[tr], y[tr])
            lr = LogisticRegression(C=1 / a.lam, max_iter=1000).fit(x[tr], y[tr])
            errs.append((np.mean(nb.predict(x[test]) != y[test]), np.mean(lr.predict(x[test]) != y[test])))
    return errs


runs = []
for r in range(a.repeats):
    t = time.perf_counter()
    loop(r)
    runs.append((time.perf_counter() - t) * 1000)
print(json.dumps({"splits": a.splits, "sizes": sizes, "runs_ms": runs, "median_ms": float(np.median(runs))}))
