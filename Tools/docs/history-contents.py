#!/usr/bin/env python3
"""Keeps the table of contents at the top of Benchmarks/HISTORY.md: one link per record (every
`## ` heading but the contents' own), in the file's order, with GitHub's anchors.

    python3 Tools/docs/history-contents.py          # rewrite the contents
    python3 Tools/docs/history-contents.py --check  # fail if they are not current (CI)

BENCHMARKS.md links the history rather than listing its records, so that the reference stays
short; the contents are how a reader finds a record.
"""
import re
import sys
from pathlib import Path

HISTORY = Path(__file__).resolve().parents[2] / "Benchmarks" / "HISTORY.md"
START = "## Contents\n"


def anchor(heading: str) -> str:
    # GitHub: lower case, drop everything but letters, digits, spaces, hyphens and underscores,
    # then each space becomes a hyphen (so " — " leaves two).
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def contents(text: str) -> str:
    headings = [h for h in re.findall(r"^## (.+)$", text, flags=re.M) if h != "Contents"]
    return START + "\n" + "".join(f"- [{h}](#{anchor(h)})\n" for h in headings) + "\n"


def main() -> int:
    text = HISTORY.read_text()
    start = text.index(START)
    end = text.index("\n## ", start + len(START)) + 1
    wanted = contents(text)
    if text[start:end] == wanted:
        return 0
    if "--check" in sys.argv:
        print("history-contents: Benchmarks/HISTORY.md's contents are not current; run "
              "python3 Tools/docs/history-contents.py")
        return 1
    HISTORY.write_text(text[:start] + wanted + text[end:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
