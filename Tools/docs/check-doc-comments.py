#!/usr/bin/env python3
"""Counts the public and open symbols of a target that have no doc comment of their own.

Reads the symbol graph that `swift package generate-documentation --target TARGET` extracts
(under .build/<triple>/extracted-symbols/<package folder>/TARGET/), so run that first. A symbol
counts when it is declared in this package's sources (it has a source location under
Sources/) — members a type gets from the standard library's default implementations have
none — and is documented when its doc comment is written at its own declaration (a comment
inherited from the protocol requirement it implements or the method it overrides does not
count: a comment with no source file is one the compiler copied from the requirement).
Extension blocks themselves are not counted, their members are. Prints every undocumented symbol with its file and line; exits 1 if there is any.

usage: [CHECK_DOCS_PACKAGE=DIR] Tools/docs/check-doc-comments.py TARGET [TARGET ...]
"""
import glob
import json
import os
import sys

# The package whose .build holds the symbol graphs: the repository's root package, or the one
# CHECK_DOCS_PACKAGE names (the Integrations package).
root = os.environ.get("CHECK_DOCS_PACKAGE") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def symbol_files(target):
    pattern = os.path.join(root, ".build", "*", "extracted-symbols", "*", target, "*.symbols.json")
    files = sorted(glob.glob(pattern))
    if not files:
        sys.exit(f"check-doc-comments: no symbol graph for {target} under .build; "
                 f"run `swift package generate-documentation --target {target}` first")
    return files


def check(target):
    seen = {}
    for path in symbol_files(target):
        graph = json.load(open(path))
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            location = symbol.get("location", {}).get("uri", "")
            if "/Sources/" not in location:
                continue
            if symbol["kind"]["identifier"] == "swift.extension":
                # An extension block of another module's type: DocC shows its members under
                # that type, and the members are counted one by one.
                continue
            key = symbol["identifier"]["precise"]
            doc = symbol.get("docComment")
            own = doc is not None and doc.get("uri") == location and any(
                line.get("text", "").strip() for line in doc.get("lines", []))
            line = symbol["location"]["position"]["line"] + 1
            seen[key] = (own, symbol["kind"]["identifier"], ".".join(symbol["pathComponents"]),
                         os.path.relpath(location.removeprefix("file://"), root), line)
    missing = [entry for entry in seen.values() if not entry[0]]
    for _, kind, name, file, line in sorted(missing, key=lambda e: (e[3], e[4])):
        print(f"{file}:{line}: {kind} {name} has no doc comment")
    print(f"{target}: {len(seen)} public and open symbols, {len(missing)} without a doc comment")
    return len(missing)


if __name__ == "__main__":
    targets = sys.argv[1:] or ["RACSwift", "RACSwiftTesting"]
    sys.exit(1 if sum(check(t) for t in targets) else 0)
