#!/usr/bin/env python3
"""Checks that every section of the benchmark documents that the project cites exists.

BENCHMARKS.md is the reference (how to run, the workloads, the latest run, the goals);
Benchmarks/HISTORY.md holds the per-change records. Code comments and articles cite a section
by its heading, in one of two forms, quoted:

    BENCHMARKS.md, "Latest results"
    Benchmarks/HISTORY.md, "Issue 28f"

(the comma may be left out; a name may wrap across comment lines). A name is a heading's
whole text, or the heading without its trailing parenthesis (a date) or, where it has one, its
part before the first colon; it must name exactly one heading of that file. Also checked:
Markdown links to `BENCHMARKS.md#anchor` or `HISTORY.md#anchor`, and the Benchmark column of
Contract.md's fast-path register, whose quoted names are history sections. A bare
issue number after the file name ("BENCHMARKS.md, issue N") is reported too: it names no section.

Usage: check-cited-sections.py [ROOT]  (exit status 1 and one line per broken citation)
"""
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
DOCS = {"BENCHMARKS.md": "BENCHMARKS.md", "Benchmarks/HISTORY.md": os.path.join("Benchmarks", "HISTORY.md")}
SCANNED = ["Sources", "Tests", "Benchmarks", "Tools", ".ci", "README.md", "BENCHMARKS.md", "CONTRIBUTING.md"]
SKIP_DIRS = {".build", ".git", "node_modules"}
EXTENSIONS = (".swift", ".md", ".sh", ".py", ".c", ".h", "run")


def headings(path):
    """The headings of a Markdown file (outside code blocks), without their '#' marks."""
    found, fenced = [], False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("```"):
                fenced = not fenced
            elif not fenced and re.match(r"#{1,6} ", line):
                found.append(line.lstrip("#").strip())
    return found


def plain(text):
    return re.sub(r"\s+", " ", text.replace("`", "")).strip()


def names(heading):
    """Every name a citation may use for a heading."""
    full = plain(heading)
    result = {full}
    undated = full
    while True:  # "Name (issue 16), 2026-11-24" is "Name (issue 16)" and "Name"
        shorter = re.sub(r",\s*20\d\d-\d\d-\d\d$", "", re.sub(r"\s*\([^()]*\)$", "", undated))
        if shorter == undated:
            break
        undated = shorter
        result.add(undated)
    for sep in (": ", " — "):
        if sep in full:
            result.add(full.split(sep, 1)[0])
    return result


def anchor(heading):
    """GitHub's anchor for a heading."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def flattened(path):
    """The file's text with comment markers at line starts removed and lines joined, so that a
    quoted name wrapped across comment lines reads as one; also a map back to line numbers."""
    pieces, starts, pos = [], [], 0
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            stripped = re.sub(r"^\s*(///?|#+(?= )|\*)?\s?", "", line.rstrip("\n"))
            starts.append(pos)
            pieces.append(stripped)
            pos += len(stripped) + 1
    return " ".join(pieces), starts


def line_of(starts, offset):
    lo, hi = 0, len(starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= offset:
            lo = mid
        else:
            hi = mid - 1
    return lo + 1


def files():
    for entry in SCANNED:
        top = os.path.join(ROOT, entry)
        if os.path.isfile(top):
            yield top
            continue
        for folder, dirs, filenames in os.walk(top):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".build")]
            for name in filenames:
                if name.endswith(EXTENSIONS):
                    yield os.path.join(folder, name)


def main():
    sections = {}
    for label, relative in DOCS.items():
        path = os.path.join(ROOT, relative)
        if not os.path.exists(path):
            print(f"check-cited-sections: {relative} is missing")
            return 1
        sections[label] = headings(path)
    index = {label: {} for label in DOCS}
    anchors = {label: {anchor(h) for h in hs} for label, hs in sections.items()}
    for label, hs in sections.items():
        for h in hs:
            for n in names(h):
                index[label].setdefault(n, set()).add(h)

    def resolve(label, name):
        matches = index[label].get(plain(name), set())
        if len(matches) == 1:
            return None
        if not matches:
            return f'no section "{plain(name)}" in {label}'
        return f'"{plain(name)}" names {len(matches)} sections of {label}: ' + "; ".join(sorted(matches))

    doc_pattern = r"(BENCHMARKS\.md|Benchmarks/HISTORY\.md)"
    citation = re.compile(doc_pattern + r"`?(?:'s)?,?\s+\(?\"([^\"]+)\"")
    link = re.compile(r"\]\((?:[./]*)((?:Benchmarks/)?(?:BENCHMARKS|HISTORY)\.md)#([^)\s]+)\)")
    bare = re.compile(doc_pattern + r",?\s+issue \d+\b")
    problems, count = [], 0
    for path in files():
        relative = os.path.relpath(path, ROOT)
        text, starts = flattened(path)
        for m in citation.finditer(text):
            count += 1
            error = resolve(m.group(1), m.group(2))
            if error:
                problems.append(f"{relative}:{line_of(starts, m.start())}: {error}")
        for m in link.finditer(text):
            count += 1
            target = m.group(1)
            label = "BENCHMARKS.md" if target.endswith("BENCHMARKS.md") else "Benchmarks/HISTORY.md"
            if relative == "BENCHMARKS.md" and target == "HISTORY.md":
                label = None  # BENCHMARKS.md is at the root: HISTORY.md alone is no file there
            if label is None or m.group(2) not in anchors[label]:
                problems.append(f"{relative}:{line_of(starts, m.start())}: no anchor #{m.group(2)} in {target}")
        for m in bare.finditer(text):
            problems.append(f"{relative}:{line_of(starts, m.start())}: \"{m.group(0)}\" names no section: quote a heading")
        if relative.endswith(os.path.join("RACSwift.docc", "Contract.md")):
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            register = False
            for number, line in enumerate(lines, 1):
                if line.startswith("## "):
                    register = line.strip() == "## Fast paths"
                cells = line.split("|")
                if not register or len(cells) < 6:
                    continue
                for m in re.finditer(r"\"([^\"]+)\"", cells[4]):
                    count += 1
                    error = resolve("Benchmarks/HISTORY.md", m.group(1))
                    if error:
                        problems.append(f"{relative}:{number}: fast-path register: {error}")
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-cited-sections: {len(problems)} broken citation(s) of {count}")
        return 1
    print(f"check-cited-sections: {count} citations, every cited section exists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
