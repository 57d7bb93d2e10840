#!/usr/bin/env bash
# Draws the README's picture, Documentation/demo-trace.svg, from the demo as it is: the default
# script traced (racswift-demo --script --trace), checked (check-trace.py) and drawn by
# racswift-trace at the README's width. The search server's port, random per run, is written
# as PORT, so that two runs differ only in timings.
#
#   Tools/trace/regenerate-readme-image.sh [OUT.svg]   # default: Documentation/demo-trace.svg
#
# Uses the debug build's racswift-demo and racswift-trace (`swift build` first; BIN=DIR for
# another build). CI draws it to a temporary file and compares its structure with the
# committed one (Tools/trace/compare-structure.py): run this after changing the demo's
# pipeline or the drawing, and commit the result.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-Documentation/demo-trace.svg}
bin=${BIN:-.build/debug}
for tool in racswift-demo racswift-trace; do
    if [ ! -x "$bin/$tool" ]; then
        echo "regenerate-readme-image: no $bin/$tool: build it first (swift build)" >&2
        exit 1
    fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin/racswift-demo" --script --trace "$work/demo.json" > "$work/demo.log"
python3 Tools/trace/check-trace.py "$work/demo.json" --require-closed --demo-log "$work/demo.log" \
    --expect-track keys --expect-track results > "$work/check.log" || { cat "$work/check.log"; exit 1; }
"$bin/racswift-trace" "$work/demo.json" -o "$work/demo.svg" --width 1000 \
    --title "racswift-demo --script --trace demo.json"
sed -E 's#:[0-9]{2,5}/search#:PORT/search#g' "$work/demo.svg" > "$out"
echo "regenerate-readme-image: wrote $out"
