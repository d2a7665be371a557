#!/usr/bin/env python3
"""Recomputes one learning-curve point from the split indices genlab exports, with
scikit-learn 1.9.1's GaussianNB (or MultinomialNB / BernoulliNB for a text pairing) and an
exact Newton solution of the penalised logistic loss in numpy, and checks genlab's per-split
errors, mean and 10th-90th percentile band to 1e-9.

    cargo run --release --example curves_point -- wdbc 5 200 1 1 > /tmp/point.json
    cargo run --release --example curves_point -- textmn 6 100 1 1 1 > /tmp/point.json
    /tmp/sk/bin/python tools/curves_point.py /tmp/point.json

A text pairing's naive Bayes uses the vocabulary of each split's training messages (test
words outside it are ignored), as genlab does; logistic regression reads the same features
(word counts for multinomial, presence 0/1 for Bernoulli).

The data in the export are genlab's standardised features (tools/sklearn/curves_reference.py
checks the standardisation itself against numpy); the rows of each split are genlab's.
"""
import json
import os
import sys

import numpy as np
from sklearn.naive_bayes import BernoulliNB, GaussianNB, MultinomialNB

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "sklearn"))
from curves_reference import newton_logistic, text_matrix  # noqa: E402


def lda(x, y, var_smoothing):
    mu = [x[y == k].mean(axis=0) for k in (0, 1)]
    c = np.vstack([x[y == k] - mu[k] for k in (0, 1)])
    sigma = c.T @ c / len(x) + var_smoothing * x.var(axis=0).max() * np.eye(x.shape[1])
    w = np.linalg.solve(sigma, mu[1] - mu[0])
    b = -w @ (mu[0] + mu[1]) / 2 + np.log((y == 1).sum() / (y == 0).sum())
    return w, b


def main(path):
    p = json.load(open(path))
    y = np.array(p["y"])
    text = "docs" in p
    if text:
        counts = text_matrix(p["docs"], p["words"], range(len(y)), False)
        binary = p["event"] == "bernoulli"
    else:
        x = np.array(p["x"]).reshape(-1, p["d"])
    gen, log = [], []
    for s in p["splits"]:
        tr, te = np.array(s["train"]), np.array(s["test"])
        assert len(tr) == p["m"] and not set(tr) & set(te)
        if text:
            vocab = np.flatnonzero(counts[tr].sum(axis=0) > 0)
            x = (counts[:, vocab] > 0).astype(float) if binary else counts[:, vocab]
            nb = (BernoulliNB if binary else MultinomialNB)(alpha=p["alpha"]).fit(x[tr], y[tr])
            gen.append(np.mean(nb.predict(x[te]) != y[te]))
        elif p["pairing"] in ("wdbc", "digits01", "digits23"):
            nb = GaussianNB(var_smoothing=p["alpha"]).fit(x[tr], y[tr])
            gen.append(np.mean(nb.predict(x[te]) != y[te]))
        else:
            w, b = lda(x[tr], y[tr], p["alpha"])
            gen.append(np.mean(((x[te] @ w + b) > 0).astype(int) != y[te]))
        theta = newton_logistic(x[tr], y[tr], p["lambda"])
        log.append(np.mean(((x[te] @ theta[1:] + theta[0]) > 0).astype(int) != y[te]))
    worst = 0.0
    for name, ours, theirs in (("generative", p["generative"], gen), ("logistic", p["logistic"], log)):
        theirs = np.array(theirs)
        for key, value in (("mean", theirs.mean()), ("lo", np.percentile(theirs, 10)), ("hi", np.percentile(theirs, 90))):
            diff = abs(ours[key] - value)
            worst = max(worst, diff)
            print(f"{name:10s} {key:4s} genlab {ours[key]:.12f} python {value:.12f} diff {diff:.1e}")
        diff = np.max(np.abs(np.array(ours["errors"]) - theirs))
        worst = max(worst, diff)
        print(f"{name:10s} per-split errors: largest difference {diff:.1e} over {len(theirs)} splits")
    assert worst <= 1e-9, worst
    print(f"OK: m = {p['m']}, {len(p['splits'])} splits, largest difference {worst:.1e}")


if __name__ == "__main__":
    main(sys.argv[1])
