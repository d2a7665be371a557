#!/usr/bin/env python3
"""Prepares the email benchmark inputs in www/bench-data/ (git-ignored; never commit them).

- spamassassin.mbox: the SpamAssassin public corpus (../shared/data/spamassassin/, or
  $GENLAB_SPAMASSASSIN) as one mbox file: every message file of easy_ham, easy_ham_2,
  hard_ham, spam and spam_2 in path order, each after a `From ` line and with a line
  `X-Label: ham` or `X-Label: spam` (its folder's class) put first in its headers; body lines
  starting `From ` (after any `>`s) get one more `>` (mboxrd quoting), so the reader gets
  back each message as it was.
- email-html-100k.eml: a 100 KB HTML-only email in quoted-printable (tables, styles,
  entities): the pasted email of the "scored ≤ 20 ms" budget. Made from a fixed text, the
  same on every machine.

Standard library only.
"""

import os
import pathlib
import quopri
import sys

repo = pathlib.Path(__file__).resolve().parents[2]
src = pathlib.Path(os.environ.get("GENLAB_SPAMASSASSIN", repo.parent / "shared/data/spamassassin"))
out = repo / "www" / "bench-data"
FOLDERS = [("easy_ham", "ham"), ("easy_ham_2", "ham"), ("hard_ham", "ham"), ("spam", "spam"), ("spam_2", "spam")]


def quote_from(line):
    """mboxrd: a line that is `>`* then `From ` gets one more `>`."""
    stripped = line.lstrip(b">")
    return b">" + line if stripped.startswith(b"From ") else line


def build_mbox():
    parts = []
    count = 0
    for folder, label in FOLDERS:
        d = src / folder
        if not d.is_dir():
            sys.exit(f"prepare_email.py: the SpamAssassin corpus is not at {src} (set GENLAB_SPAMASSASSIN)")
        for f in sorted(d.iterdir()):
            if f.name.startswith(".") or f.name == "cmds":
                continue
            raw = f.read_bytes()
            lines = raw.split(b"\n")
            # The corpus files start with their own "From " envelope line; it becomes ours.
            if lines and lines[0].startswith(b"From "):
                lines = lines[1:]
            body = b"\n".join(quote_from(line) for line in lines)
            if not body.endswith(b"\n"):
                body += b"\n"
            parts.append(b"From genlab-bench@example Thu Jan  1 00:00:00 2002\nX-Label: " + label.encode() + b"\n" + body + b"\n")
            count += 1
    data = b"".join(parts)
    (out / "spamassassin.mbox").write_bytes(data)
    return count, len(data)


def build_html_email(size=100_000):
    para = (
        "<tr><td class=\"cell\" style=\"padding:8px;font-family:Arial\"><p><font size=\"3\" color=\"#cc0000\">"
        "<b>Limited offer {i}:</b></font> save&nbsp;{p}% on genuine watches, pills &amp; software, "
        "shipped worldwide &mdash; click <a href=\"http://offer.example/item?id={i}&amp;ref=mail\">here</a> "
        "to claim your reward before midnight.</p></td></tr>\n"
    )
    html = ["<html><head><style>td.cell { border: 1px solid #ccc; } p { margin: 0 }</style>"
            "<script>var tracking = 'none';</script></head><body><table width=\"640\">\n"]
    i = 0
    while sum(len(x) for x in html) < size - 200:
        html.append(para.format(i=i, p=10 + i % 80))
        i += 1
    html.append("</table><img src=\"http://offer.example/pixel.gif\" width=\"1\" height=\"1\"></body></html>\n")
    body = quopri.encodestring("".join(html).encode("utf-8"))
    head = (b"From: Offers <offers@offer.example>\nTo: you@mail.example\nSubject: Limited offers inside\n"
            b"Date: Mon, 3 Mar 2025 08:00:00 +0000\nMIME-Version: 1.0\n"
            b"Content-Type: text/html; charset=\"UTF-8\"\nContent-Transfer-Encoding: quoted-printable\n\n")
    data = head + body
    (out / "email-html-100k.eml").write_bytes(data)
    return len(data)


if __name__ == "__main__":
    out.mkdir(parents=True, exist_ok=True)
    n, size = build_mbox()
    html = build_html_email()
    print(f"prepare_email.py: spamassassin.mbox {n} messages, {size} bytes; email-html-100k.eml {html} bytes",
          file=sys.stderr)
