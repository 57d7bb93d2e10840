#!/bin/sh
# Compile-fail checks for the threading rule of "Signals and Swift Concurrency" (issue 16):
# type-checks each snippet in snippets/ against the RACSwift module of the last debug build
# (run `swift build` first) in Swift 6 mode, and expects either the diagnostic named on its
# first line (`// expect-error: TEXT`) or a clean type-check (`// expect: compiles`, where a
# warning counts as a failure too).
#
# Exit status: 0 when every snippet behaves as it says, 1 otherwise.
set -u
here=$(cd "$(dirname "$0")" && pwd)
package=$(cd "$here/../.." && pwd)
modules="${RACSWIFT_MODULES:-$package/.build/debug/Modules}"
# The library's C shim module (RACSwiftRuntimeShims), which the RACSwift module imports.
shims="$package/Sources/RACSwiftRuntimeShims/include"
if [ ! -f "$modules/RACSwift.swiftmodule" ]; then
    echo "compile-fail: no RACSwift.swiftmodule in $modules; run 'swift build' first" >&2
    exit 1
fi
status=0
checked=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for snippet in "$here"/snippets/*.swift; do
    name=$(basename "$snippet")
    header=$(head -n 1 "$snippet")
    swiftc -typecheck -swift-version 6 -I "$modules" -I "$shims" "$snippet" >"$out" 2>&1
    rc=$?
    checked=$((checked + 1))
    case "$header" in
    "// expect-error: "*)
        expected=${header#"// expect-error: "}
        if [ "$rc" -eq 0 ]; then
            echo "FAIL $name: compiled, expected the error: $expected"
            status=1
        elif ! grep -F -- "error: " "$out" | grep -F -q -- "$expected"; then
            echo "FAIL $name: expected the error: $expected; got:"
            grep -E "error: " "$out" | sed 's/^/    /'
            status=1
        else
            echo "ok   $name: rejected ($expected)"
        fi
        ;;
    "// expect: compiles")
        if [ "$rc" -ne 0 ] || grep -q "warning: " "$out"; then
            echo "FAIL $name: expected to compile cleanly; got:"
            grep -E "(error|warning): " "$out" | sed 's/^/    /'
            status=1
        else
            echo "ok   $name: compiles"
        fi
        ;;
    *)
        echo "FAIL $name: first line must be '// expect-error: TEXT' or '// expect: compiles'"
        status=1
        ;;
    esac
done
echo "compile-fail: $checked snippets checked"
exit $status
