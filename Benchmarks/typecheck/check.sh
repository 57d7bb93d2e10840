#!/bin/sh
# CI's guard on type-checking cost (issue 28): type-checks the RACSwift pipelines of run.sh
# (40 pipelines and the single chain, generate.py) against the module of the last debug build
# of the package (run `swift build` first) and fails if any statement takes over a second or
# the chain does not type-check. The bound is five times run.sh's goal (200 ms) so that a busy
# CI machine does not fail it; before the fixed-arity overloads one statement took 5.9 s and
# the chain failed. About a second of CPU.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
package=$(cd "$here/../.." && pwd)
modules="${RACSWIFT_MODULES:-$package/.build/debug/Modules}"
if [ ! -f "$modules/RACSwift.swiftmodule" ]; then
    echo "typecheck: no RACSwift.swiftmodule in $modules; run 'swift build' first" >&2
    exit 1
fi
gen=$(mktemp -d)
trap 'rm -rf "$gen"' EXIT
python3 "$here/generate.py" "$gen"
status=0
for file in rac-pipelines rac-chain; do
    if ! swiftc -typecheck -I "$modules" -I "$package/Sources/RACSwiftRuntimeShims/include" -Xfrontend -warn-long-expression-type-checking=1000 \
        "$gen/$file.swift" >"$gen/out" 2>&1; then
        echo "typecheck: $file.swift does not type-check:"
        cat "$gen/out"
        status=1
    elif grep -q 'warning: expression took' "$gen/out"; then
        echo "typecheck: $file.swift has statements over 1 s to type-check:"
        grep '^[^ |].*warning: expression took' "$gen/out"
        status=1
    else
        echo "ok   typecheck: $file.swift"
    fi
done
exit $status
