"""Compares genlab's decoded email bodies with Python's `email` package on ten messages of
the SpamAssassin public corpus (issue #22).

Python's side: `email.message_from_bytes(raw, policy=email.policy.default)`,
`get_body(('plain', 'html'))`, its `get_content()`, and for an HTML body the tags stripped
(`<style>`/`<script>` elements first, then every tag) and entities unescaped. genlab's
side: `cargo run --example email_body -- --body-only FILE…`. The comparison is on words
(runs of letters, digits and `_`, lower-cased), so that whitespace and line-breaking
differences do not count.

Run from the crate root (no packages beyond the standard library):

    python3 tools/email/compare_python_email.py            # the ten messages below
    python3 tools/email/compare_python_email.py FILE…      # other messages

Prints, per message, the words only one side has; exits 1 when a message differs by more
than 2 % of its words.
"""

import email
import email.policy
import html
import os
import re
import subprocess
import sys

CORPUS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "data", "spamassassin")
# Ten messages: the 1st and the 100th file (in name order) of each of the five folders.
FOLDERS = ["easy_ham", "easy_ham_2", "hard_ham", "spam", "spam_2"]


def ten():
    out = []
    for folder in FOLDERS:
        names = sorted(os.listdir(os.path.join(CORPUS, folder)))
        out += [os.path.join(CORPUS, folder, names[0]), os.path.join(CORPUS, folder, names[99])]
    return out


def python_body(raw):
    return python_text(email.message_from_bytes(raw, policy=email.policy.default))


def python_text(msg):
    """The body text of a message parsed with policy.default (see the module docs)."""
    part = msg.get_body(("plain", "html"))
    if part is None:
        return ""
    try:
        text = part.get_content()
    except (LookupError, UnicodeError, AssertionError):
        text = part.get_payload(decode=True).decode("latin-1")
    if part.get_content_subtype() == "html" or re.search(r"<html|<body", text[:4096], re.I):
        text = re.sub(r"(?is)<(style|script)\b.*?</\1\s*>", " ", text)
        text = re.sub(r"(?s)<!--.*?-->", " ", text)
        text = re.sub(r"(?s)<[A-Za-z/!?][^>]*>", " ", text)
        text = html.unescape(text)
    return text


def words(text):
    return re.findall(r"\w+", text.lower())


def main(argv):
    if not argv and not os.path.isdir(CORPUS):
        print("SKIPPED: the SpamAssassin corpus is not at", CORPUS)
        return 0
    paths = argv or ten()
    out = subprocess.run(
        ["cargo", "run", "-q", "--example", "email_body", "--", "--body-only", *paths],
        check=True, capture_output=True,
    ).stdout.decode("utf-8")
    ours = out.split("\n\f\n")
    worst = 0.0
    for path, genlab_text in zip(paths, ours):
        with open(path, "rb") as f:
            theirs = words(python_body(f.read()))
        mine = words(genlab_text)
        only_py = sorted(set(theirs) - set(mine))
        only_gl = sorted(set(mine) - set(theirs))
        diff = (len(only_py) + len(only_gl)) / max(1, len(set(theirs) | set(mine)))
        worst = max(worst, diff)
        print(f"{os.path.relpath(path, CORPUS)}: {len(mine)} words (Python {len(theirs)}), "
              f"{diff:.1%} of distinct words differ")
        if only_py:
            print("   only Python:", " ".join(only_py[:15]))
        if only_gl:
            print("   only genlab:", " ".join(only_gl[:15]))
    return 1 if worst > 0.02 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
