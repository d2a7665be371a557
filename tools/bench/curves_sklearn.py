#!/usr/bin/env python3
"""scikit-learn's time for the learning curves' loops, the baselines of
tools/bench/curves.mjs.

WDBC (the default): 15 log-spaced sizes x 200 seeded stratified splits, each size fitting
GaussianNB and LogisticRegression (lbfgs, C = 1/lambda, the library's default solver) on the
same rows and scoring both on the split's test rows, as genlab's panel does.

Text (--text TOKENS.json, genlab's bag of words of the teaching corpus as
examples/curves_text_tokens.rs prints it): 12 sizes x 100 splits, each size fitting
MultinomialNB(alpha=1) on the word counts of the training messages' vocabulary and
LogisticRegression (lbfgs, C = 1/lambda) on the same sparse counts, as genlab's "textmn"
pairing does.

    python3 tools/bench/curves_sklearn.py [--splits 200] [--sizes 15] [--repeats 3] [--lam 0.01] [--text TOKENS.json]

Prints JSON: {"splits", "sizes", "runs_ms": [...], "median_ms"}.
"""
import argparse
import json
import time
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB, MultinomialNB
from scipy.sparse import csr_matrix

p = argparse.ArgumentParser()
p.add_argument("--splits", type=int, default=200)
p.add_argument("--repeats", type=int, default=3)
p.add_argument("--lam", type=float, default=0.01)
p.add_argument("--sizes", type=int, default=15)
p.add_argument("--text", default=None)
a = p.parse_args()

if a.text:
    t = json.load(open(a.text))
    y = np.array(t["y"])
    r, c, v = [], [], []
    for i, doc in enumerate(t["docs"]):
        for w, n in doc:
            r.append(i)
            c.append(w)
            v.append(n)
    x = csr_matrix((np.array(v, float), (r, c)), shape=(len(y), len(t["words"])))
else:
    x = np.loadtxt("www/data/wdbc.csv", delimiter=",", skiprows=1, usecols=range(30))
    y = (np.loadtxt("www/data/wdbc.csv", delimiter=",", skiprows=1, usecols=30, dtype=str) == "malignant").astype(int)
    x = (x - x.mean(axis=0)) / x.std(axis=0)
rows = [np.flatnonzero(y == k) for k in (0, 1)]
test_n = [int(np.ceil(0.3 * len(r))) for r in rows]
pool = sum(len(r) - t for r, t in zip(rows, test_n))
sizes = sorted({int(v) for v in np.rint(np.exp(np.linspace(np.log(4), np.log(pool), a.sizes)))})
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
            if a.text:
                # The training messages' vocabulary, as genlab's text models use.
                vocab = np.flatnonzero(np.asarray(x[tr].sum(axis=0)).ravel() > 0)
                xtr, xte = x[tr][:, vocab], x[test][:, vocab]
                nb = MultinomialNB(alpha=1.0).fit(xtr, y[tr])
            else:
                xtr, xte = x[tr], x[test]
                nb = GaussianNB().fit(xtr, y[tr])
            lr = LogisticRegression(C=1 / a.lam, max_iter=1000).fit(xtr, y[tr])
            errs.append((np.mean(nb.predict(xte) != y[test]), np.mean(lr.predict(xte) != y[test])))
    return errs


runs = []
for r in range(a.repeats):
    t = time.perf_counter()
    loop(r)
    runs.append((time.perf_counter() - t) * 1000)
print(json.dumps({"splits": a.splits, "sizes": sizes, "runs_ms": runs, "median_ms": float(np.median(runs))}))
