#!/usr/bin/env python3
"""The scikit-learn baseline of scripts/bench.sh, on the same data as genlab's benchmarks.

Inputs, written by the native benchmark (benches/core.rs) into target/bench/:
  points.f64, labels.u8  the one million GDA points (little-endian float64 pairs, uint8 labels)
  sms-tokens.json        every message of the SMS Spam Collection: labels, raw texts, and
                         genlab's tokens of each
Output: target/bench/sklearn.json (medians and p95 of repeated runs, in milliseconds).

Figures:
  lda_fit_1m           LinearDiscriminantAnalysis().fit on the 1,000,000 points (the default
                       'svd' solver), and lda_fit_1m_lsqr with solver='lsqr' (the fastest one);
  nb_train_raw         CountVectorizer(lowercase, token_pattern=(?u)\\b\\w+\\b).fit_transform on
                       the 5,574 raw texts + MultinomialNB(alpha=1).fit: from raw text;
  nb_train_tokens      CountVectorizer(analyzer=identity) on genlab's tokens of the same 5,574
                       messages + MultinomialNB(alpha=1).fit: the same tokens, tokenizing excluded.
"""

import json
import pathlib
import statistics
import sys
import time

import numpy as np
import sklearn
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.naive_bayes import MultinomialNB

repo = pathlib.Path(__file__).resolve().parents[2]
data = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else repo / "target" / "bench"


def timed(fn, runs, warmup=1):
    """Per-run milliseconds of `runs` calls of fn after `warmup` calls: median, p95, min."""
    for _ in range(warmup):
        fn()
    ms = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        ms.append((time.perf_counter() - t0) * 1e3)
    s = sorted(ms)
    return {"n": runs, "median": statistics.median(s), "p95": s[min(len(s) - 1, int(0.95 * len(s) + 0.999) - 1)], "min": s[0]}


def identity(tokens):
    return tokens


points = np.fromfile(data / "points.f64", dtype="<f8").reshape(-1, 2)
labels = np.fromfile(data / "labels.u8", dtype=np.uint8)
sms = json.loads((data / "sms-tokens.json").read_text(encoding="utf-8"))
y = np.array(sms["labels"], dtype=np.int64)
out = {"versions": {"python": sys.version.split()[0], "numpy": np.__version__, "sklearn": sklearn.__version__}}

out["lda_fit_1m"] = timed(lambda: LinearDiscriminantAnalysis().fit(points, labels), runs=7)
out["lda_fit_1m_lsqr"] = timed(lambda: LinearDiscriminantAnalysis(solver="lsqr").fit(points, labels), runs=7)
lda = LinearDiscriminantAnalysis().fit(points, labels)
out["lda_fit_1m"].update(points=int(len(points)), means=lda.means_.tolist(), priors=lda.priors_.tolist())


def nb_raw():
    x = CountVectorizer(lowercase=True, token_pattern=r"(?u)\b\w+\b").fit_transform(sms["texts"])
    return MultinomialNB(alpha=1.0).fit(x, y)


def nb_tokens():
    x = CountVectorizer(analyzer=identity).fit_transform(sms["tokens"])
    return MultinomialNB(alpha=1.0).fit(x, y)


out["nb_train_raw"] = timed(nb_raw, runs=15)
out["nb_train_tokens"] = timed(nb_tokens, runs=15)
out["nb_train_tokens"]["messages"] = len(sms["tokens"])
out["nb_train_tokens"]["vocabulary"] = len(CountVectorizer(analyzer=identity).fit(sms["tokens"]).vocabulary_)

(data / "sklearn.json").write_text(json.dumps(out, indent=1), encoding="utf-8")
print(f"sklearn_baseline.py: LDA {out['lda_fit_1m']['median']:.1f} ms, NB raw {out['nb_train_raw']['median']:.1f} ms, "
      f"NB tokens {out['nb_train_tokens']['median']:.1f} ms (medians) -> {data / 'sklearn.json'}")
