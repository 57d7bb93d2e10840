#!/usr/bin/env python3
"""Compares two racswift-trace pictures by what does not depend on timing.

usage: compare-structure.py COMMITTED.svg FRESH.svg

The demo's trace varies from run to run in its times (where marbles and bars fall, which
values sit close enough to share a label, how long a request took), so "the README's picture
is current" cannot mean byte for byte. It means: drawn by today's racswift-trace (the same
size, stylesheet, lane height, legend and element vocabulary) from today's demo (the same
lanes, named the same, in the same order: the pipeline the demo builds and the order its
subscriptions start), with each lane's kinds of event (values, errors, completions,
disposals) the same. Lanes are compared by name, with the texts searched written as Q
(`GET /search?q=Q`, `search 'Q'`): which texts the throttle lets through, and so how many
requests there are, can move with a timer on a loaded machine, and a request cancelled before
its scheduled subscription ran has no lane. Counts of events are printed when they differ but
do not fail the check: a loaded machine can also let a request finish that a quiet one
cancels.
Exit status 0 when the structures agree, 1 otherwise (each difference printed).
"""
import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def normalized(name):
    """A lane's name with the demo's query texts written as Q."""
    name = re.sub(r"q=[^\]\s]*", "q=Q", name)
    return re.sub(r"'[^']*'", "'Q'", name)


def structure(path):
    root = ET.parse(path).getroot()
    style = root.find(SVG + "style")
    legend = [re.sub(r"[0-9.]+", "N", "".join(t.itertext())) for t in root.findall(SVG + "text")]
    lanes, kinds, counts = [], {}, {}
    for group in root.iter(SVG + "g"):
        if group.get("class") != "lane":
            continue
        name = normalized(group.get("data-signal"))
        if name not in lanes:
            lanes.append(name)
        classes = [child.get("class", "") for child in group]
        marbles = [c for c in classes if c.startswith("marble")]
        kinds.setdefault(name, set()).update(marbles)
        counts[name] = counts.get(name, 0) + len(marbles)
        height = next((child.get("height") for child in group if child.get("class") == "lane-bg"), None)
        kinds.setdefault("(lane height)", set()).add(height)
        elements = sorted({(child.tag.replace(SVG, ""), child.get("class", "")) for child in group})
        kinds.setdefault("(lane elements)", set()).update(elements)
    return {
        "size": (root.get("width"), root.get("viewBox", "").split()[2:3]),
        "style": (style.text or "").strip() if style is not None else "",
        "legend": legend[:2],
        "lanes": lanes,
        "kinds": kinds,
        "counts": counts,
        "counters": [p.get("data-counter") for p in root.iter(SVG + "polyline")],
    }


def main(argv):
    if len(argv) != 3:
        print(__doc__)
        return 2
    old, new = structure(argv[1]), structure(argv[2])
    problems = []
    for key, what in [("size", "width"), ("style", "stylesheet"), ("legend", "title and legend"),
                      ("counters", "counters")]:
        if old[key] != new[key]:
            problems.append(f"{what} differs: {old[key]!r} against {new[key]!r}")
    if old["lanes"] != new["lanes"]:
        gone = [l for l in old["lanes"] if l not in new["lanes"]]
        added = [l for l in new["lanes"] if l not in old["lanes"]]
        problems.append(f"lane names differ ({len(old['lanes'])} against {len(new['lanes'])}); "
                        f"only in the committed picture: {gone[:5]}; only in the fresh one: {added[:5]}"
                        + ("" if gone or added else "; the same lanes in another order"))
    else:
        for name in ["(lane height)", "(lane elements)"] + old["lanes"]:
            a, b = old["kinds"].get(name, set()), new["kinds"].get(name, set())
            if name == "(lane elements)":
                # Timing decides whether a lane has a value label, so labels are left out.
                a = {e for e in a if e[0] != "text"}
                b = {e for e in b if e[0] != "text"}
            if a != b:
                problems.append(f"lane {name!r}: {sorted(a)} against {sorted(b)}")
            elif old["counts"].get(name) != new["counts"].get(name):
                print(f"compare-structure: note: lane {name!r} has {old['counts'].get(name)} marbles "
                      f"committed, {new['counts'].get(name)} now (timing)")
    for problem in problems:
        print(f"compare-structure: {problem}")
    if problems:
        print(f"compare-structure: {argv[1]} is not what the demo and racswift-trace draw today: "
              "run Tools/trace/regenerate-readme-image.sh and commit the result")
        return 1
    print(f"compare-structure: {argv[1]} matches a fresh drawing ({len(new['lanes'])} lane names)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
