"""The SpamAssassin pipeline of tests/it/nb_email_spamassassin.rs in scikit-learn (issue #22):
bodies by Python's `email` package, genlab's tokenizer, CountVectorizer, MultinomialNB
(alpha = 1, maximum-likelihood prior), on the very split genlab uses; prints both
accuracies and every test message on which the verdicts differ, with each side's body
length, so each disagreement can be explained.

Python's body: `email.message_from_bytes(raw, policy=email.policy.default)`,
`get_body(('plain', 'html'))`, `get_content()` (the payload read as Latin-1 when the declared
charset is unknown), and for HTML the `<style>`/`<script>` elements, comments and tags
removed and entities unescaped (as tools/email/compare_python_email.py does).

Run from the crate root:

    python3 -m venv /tmp/em && /tmp/em/bin/pip install scikit-learn
    cargo run --release --example email_dump_spamassassin > /tmp/email_split.tsv
    /tmp/em/bin/python tools/sklearn/nb_email.py /tmp/email_split.tsv
"""

import os
import subprocess
import sys

import numpy as np
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.naive_bayes import MultinomialNB

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "email"))
from compare_python_email import CORPUS, python_body  # noqa: E402


def genlab_tokens(texts):
    """genlab's tokenize() of each text, through the dump example's --tokenize mode."""
    data = "\0".join(t.replace("\0", " ") for t in texts).encode("utf-8", "replace")
    out = subprocess.run(
        ["cargo", "run", "-q", "--release", "--example", "email_dump_spamassassin", "--", "--tokenize"],
        input=data, check=True, capture_output=True,
    ).stdout.decode("utf-8")
    lines = out.split("\n")[: len(texts)]
    return [line.split("\t") if line else [] for line in lines]


def main(dump):
    rows = [line.rstrip("\n").split("\t") for line in open(dump, encoding="utf-8") if line.strip()]
    bodies = []
    for path, _, _, _ in rows:
        with open(os.path.join(CORPUS, path), "rb") as f:
            bodies.append(python_body(f.read()))
    tokens = genlab_tokens(bodies)
    labels = np.array([1 if r[1] == "spam" else 0 for r in rows])
    test = np.array([r[2] == "test" for r in rows])
    genlab_verdict = np.array([1 if r[3] == "spam" else 0 for r in rows])
    vec = CountVectorizer(analyzer=lambda toks: toks)
    x_train = vec.fit_transform([t for t, te in zip(tokens, test) if not te])
    model = MultinomialNB(alpha=1.0).fit(x_train, labels[~test])
    sk = model.predict(vec.transform([t for t, te in zip(tokens, test) if te]))
    gl = genlab_verdict[test]
    truth = labels[test]
    print(f"test messages {test.sum()}: scikit-learn accuracy {np.mean(sk == truth):.4f}, "
          f"genlab accuracy {np.mean(gl == truth):.4f}, verdicts agree on {np.sum(sk == gl)}")
    test_rows = [r for r, te in zip(rows, test) if te]
    test_bodies = [b for b, te in zip(bodies, test) if te]
    # scikit-learn's log-odds log p(spam|x) - log p(ham|x) of each test message: how close
    # to the line a disagreement is.
    log_odds = np.diff(model.predict_log_proba(vec.transform([t for t, te in zip(tokens, test) if te])), axis=1)[:, 0]
    differing = [(r, b, s, g, lo) for r, b, s, g, lo in zip(test_rows, test_bodies, sk, gl, log_odds) if s != g]
    ours = genlab_bodies([r[0] for r, *_ in differing])
    for (r, b, s, g, lo), mine in zip(differing, ours):
        py_tokens, our_tokens = genlab_tokens([b, mine])
        print(f"  {r[0]} ({r[1]}): genlab {'spam' if g else 'ham'}, scikit-learn {'spam' if s else 'ham'} "
              f"(its log-odds {lo:+.2f}); tokens: Python's body {len(py_tokens)}, genlab's {len(our_tokens)}, "
              f"in one only {len(set(py_tokens) ^ set(our_tokens))}")


def genlab_bodies(paths):
    """genlab's decoded body of each message file (the email_body example, --body-only)."""
    if not paths:
        return []
    out = subprocess.run(
        ["cargo", "run", "-q", "--release", "--example", "email_body", "--", "--body-only",
         *[os.path.join(CORPUS, p) for p in paths]],
        check=True, capture_output=True,
    ).stdout.decode("utf-8", "replace")
    return out.split("\n\f\n")[: len(paths)]


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/email_split.tsv")
