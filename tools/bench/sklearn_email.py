#!/usr/bin/env python3
"""The Python side of the mailbox benchmark of scripts/bench.sh: the same job genlab's page
does with www/bench-data/spamassassin.mbox (tools/bench/prepare_email.py), in Python's
`email` package and scikit-learn, timed end to end in one process:

  read the mbox file and split it at its `From ` lines (a regular expression over the
  bytes, with `>From ` unquoted: the standard library's `mailbox.mbox` took 12 s of the
  44 s on its own, so the faster split is the baseline), parse each message with
  `email.message_from_bytes(raw, policy=email.policy.default)`, take its body as
  tools/email/compare_python_email.py does (`get_body(('plain', 'html'))`, HTML tags,
  styles and scripts removed, entities unescaped), the class from its `X-Label` field,
  drop repeated bodies, a seeded stratified 80/20 split, CountVectorizer (lower-cased,
  token_pattern (?u)\\b\\w+\\b) + MultinomialNB(alpha=1) fitted on the 80 %, and the
  accuracy on the 20 %.

Output: target/bench/sklearn_email.json: {runs: [ms…], median, min, messages, accuracy}.
Three runs by default (each takes seconds); the first run is not a warm-up apart, since the
page's run is a first run too.
"""

import email
import email.policy
import json
import os
import pathlib
import random
import re
import statistics
import sys
import time

import numpy as np
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.naive_bayes import MultinomialNB

repo = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(repo / "tools" / "email"))
from compare_python_email import python_text  # noqa: E402

MBOX = repo / "www" / "bench-data" / "spamassassin.mbox"
OUT = repo / "target" / "bench" / "sklearn_email.json"


def python_body_of(msg):
    """compare_python_email.python_body of a message already parsed (parsed once here)."""
    return python_text(msg)


def messages(data):
    """The messages of an mbox file's bytes, `From ` lines removed and `>From ` unquoted."""
    data = re.sub(rb"\AFrom [^\n]*\n", b"", data)
    for raw in re.split(rb"\n\nFrom [^\n]*\n", data):
        yield re.sub(rb"(?m)^>(>*From )", rb"\1", raw)


def job():
    bodies, labels, seen = [], [], set()
    for raw in messages(MBOX.read_bytes()):
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        label = 1 if str(msg.get("X-Label") or "").strip().lower() == "spam" else 0
        body = python_body_of(msg)
        if body in seen:
            continue
        seen.add(body)
        bodies.append(body)
        labels.append(label)
    labels = np.array(labels)
    rng = random.Random(1)
    test = np.zeros(len(labels), dtype=bool)
    for c in (0, 1):
        idx = [i for i in range(len(labels)) if labels[i] == c]
        rng.shuffle(idx)
        test[idx[: round(0.2 * len(idx))]] = True
    vec = CountVectorizer(lowercase=True, token_pattern=r"(?u)\b\w+\b")
    x_train = vec.fit_transform([b for b, t in zip(bodies, test) if not t])
    model = MultinomialNB(alpha=1.0).fit(x_train, labels[~test])
    pred = model.predict(vec.transform([b for b, t in zip(bodies, test) if t]))
    return len(bodies), float(np.mean(pred == labels[test]))


def main():
    runs = int(os.environ.get("GENLAB_BENCH_EMAIL_RUNS", 3))
    ms = []
    for _ in range(runs):
        start = time.perf_counter()
        n, acc = job()
        ms.append((time.perf_counter() - start) * 1000)
        print(f"sklearn_email.py: {ms[-1]:.0f} ms, {n} messages, accuracy {acc:.4f}", file=sys.stderr)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"runs": ms, "median": statistics.median(ms), "min": min(ms), "messages": n, "accuracy": acc}))


if __name__ == "__main__":
    main()
