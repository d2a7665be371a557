#!/usr/bin/env python3
"""Prepares the benchmark inputs in www/bench-data/ (git-ignored; never commit it).

- SMSSpamCollection: a copy of ../shared/data/sms_spam_collection/SMSSpamCollection (or of
  $GENLAB_SMS), checked against its published sha256; its licence forbids committing it.
- email-300.txt: a 300-word email, the first 300 words of the corpus's messages in file order.
- paste-1mb.txt: 1,000,000 bytes of the corpus's messages, one per line, repeated.
- message-10k.txt: a 10,000-word message for the spam panel's built-in corpus: the English
  messages of src/data/teaching_corpus.txt drawn in a seeded order, six to a paragraph, with
  one word in 16 an invented word the corpus has never seen (names, typos); the same text on
  every machine.

Standard library only: runs before the benchmark's virtual environment exists.
"""

import hashlib
import os
import pathlib
import re
import shutil
import sys

SHA256 = "7d039a24a6083ed9ef0f806ebad56bbb976e3aeb8de05669173bfdc4996c239d"
repo = pathlib.Path(__file__).resolve().parents[2]
src = pathlib.Path(os.environ.get("GENLAB_SMS", repo.parent / "shared/data/sms_spam_collection/SMSSpamCollection"))
out = repo / "www" / "bench-data"

if not src.is_file():
    sys.exit(f"prepare.py: the SMS Spam Collection is not at {src} (set GENLAB_SMS to its path)")
raw = src.read_bytes()
digest = hashlib.sha256(raw).hexdigest()
if digest != SHA256:
    print(f"prepare.py: warning: {src} has sha256 {digest}, not the published {SHA256}", file=sys.stderr)
out.mkdir(parents=True, exist_ok=True)
dest = out / "SMSSpamCollection"
if not dest.is_file() or dest.read_bytes() != raw:
    shutil.copyfile(src, dest)

texts = [line.split("\t", 1)[1] for line in raw.decode("utf-8").splitlines() if "\t" in line]
words = " ".join(texts).split()
(out / "email-300.txt").write_text(" ".join(words[:300]), encoding="utf-8")

blob = "\n".join(texts)
paste = (blob + "\n") * (1_000_000 // len(blob.encode("utf-8")) + 1)
data = paste.encode("utf-8")[:1_000_000].decode("utf-8", errors="ignore")
(out / "paste-1mb.txt").write_text(data, encoding="utf-8")


def message_10k(corpus_path, words=10_000):
    """The 10,000-word message described in the module docs (deterministic: a 32-bit LCG)."""
    lines = corpus_path.read_text(encoding="utf-8").splitlines()
    cjk = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
    english = [line.split("\t", 1)[1] for line in lines if "\t" in line and not cjk.search(line)]
    state = 20261125

    def rand(n):
        nonlocal state
        state = (1664525 * state + 1013904223) % 2**32
        return (state >> 8) % n

    syllables = ["zor", "quil", "mab", "vex", "tund", "ryl", "pog", "bran", "kesh", "ulm", "dra", "fiz"]
    out, paragraph, count = [], [], 0
    while count < words:
        message = english[rand(len(english))].split()
        for i, w in enumerate(message):
            if rand(16) == 0:
                message[i] = "".join(syllables[rand(len(syllables))] for _ in range(3))
        message = message[: words - count]
        count += len(message)
        paragraph.append(" ".join(message))
        if len(paragraph) == 6 or count >= words:
            out.append(" ".join(paragraph))
            paragraph = []
    return "\n\n".join(out)


long_message = message_10k(repo / "src" / "data" / "teaching_corpus.txt")
(out / "message-10k.txt").write_text(long_message, encoding="utf-8")
print(f"prepare.py: message-10k.txt ({len(long_message.split())} words, {len(long_message)} characters)")
print(f"prepare.py: {len(texts)} messages, email-300.txt ({len(words[:300])} words), "
      f"paste-1mb.txt ({len(data.encode('utf-8'))} bytes) in {out.relative_to(repo)}/")
