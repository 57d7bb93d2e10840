#!/bin/sh
# Code size (issue 37, item 4): what 40 typical pipelines (Benchmarks/typecheck/generate.py's,
# the same logic in each library's idiom) add to a release binary, per library: RACSwift,
# OpenCombine and the closure floor (codesize/generate.py's Floor module). Inlinable operators
# move code into the user's module, so both are printed: the user module's own code (its
# object file's text, 40 pipelines and a main calling each, minus the empty main's) and the
# whole executable's growth (linked with the library's objects and --gc-sections as SwiftPM
# links, stripped, minus the stripped empty executable).
#
#   Benchmarks/codesize.sh           # the table, every library
#   Benchmarks/codesize.sh --check   # RACSwift alone against its pins (CI)
#
# Uses the modules and objects of Benchmarks' release build (Benchmarks/run.sh, or
# `swift build -c release` in Benchmarks/): builds nothing of the libraries, only the user
# modules with `swiftc -O -wmo`. About a minute on 2 cores.
#
# --check uses the package's own release build instead (Tools/allocation-check/run.sh makes
# it, just before in .ci/run), builds RACSwift's side only (half a minute) and fails when the
# 40 pipelines' executable growth is over OpenCombine's (issue 37's goal: 73,776 bytes, its
# latest measurement, BENCHMARKS.md) or their user module over 82,000 bytes (78,657 at
# c9906fd, plus 4 %: a change of a few bytes passes, one like the always-inlined scan's,
# +14k, does not; Benchmarks/HISTORY.md, "Issue 37: scan's code size, after the fifth pass").
# Both are this toolchain's (Swift 6.3.1); another compiler may need new pins.
set -eu
cd "$(dirname "$0")"
check=false
[ "${1:-}" = --check ] && check=true
rel=.build/release
$check && rel=../.build/release
[ -f "$rel/Modules/RACSwift.swiftmodule" ] || { echo "codesize: no release build; run 'swift build -c release' in Benchmarks/ (for --check: Tools/allocation-check/run.sh)" >&2; exit 1; }
gen=.build/codesize
rm -rf "$gen"
python3 codesize/generate.py "$gen"
oc_map=$($check || find .build -path '*/release/COpenCombineHelpers.build/module.modulemap' | head -n 1)
rac_flags="-I $rel/Modules -I ../Sources/RACSwiftRuntimeShims/include"
oc_flags="-I $rel/Modules -Xcc -fmodule-map-file=$oc_map"
floor_flags="-I $gen"
rac_objects="$rel/RACSwift.build/*.o $rel/RACSwiftRuntimeShims.build/*.o"
oc_objects="$rel/OpenCombine.build/*.o $rel/COpenCombineHelpers.build/*.o -lstdc++"
floor_objects="$gen/Floor.o"
$check || swiftc -O -wmo -parse-as-library -module-name Floor -emit-module -emit-module-path "$gen/Floor.swiftmodule" \
  -c "$gen/Floor.swift" -o "$gen/Floor.o"
text() { size "$1" | awk 'NR == 2 { print $1 }'; }
# build NAME SOURCES FLAGS OBJECTS: the user module's object and the stripped executable.
build() {
  # shellcheck disable=SC2086
  swiftc -O -wmo -module-name App -c $2 $3 -o "$gen/$1-app.o"
  # shellcheck disable=SC2086
  swiftc "$gen/$1-app.o" $4 -o "$gen/$1.exe" -Xlinker --gc-sections
  strip -o "$gen/$1.stripped" "$gen/$1.exe"
}
build empty "$gen/empty/main.swift" "" ""
empty_text=$(text "$gen/empty-app.o")
empty_exe=$(stat -c %s "$gen/empty.stripped")
user() { echo $(( $(text "$gen/$1-app.o") - empty_text )); }
exe() { stat -c %s "$gen/$1.stripped"; }
if $check; then
  build rac "$gen/rac/main.swift $gen/rac/pipelines.swift" "$rac_flags" "$rac_objects"
  build rac-one "$gen/rac-one/main.swift $gen/rac-one/pipelines.swift" "$rac_flags" "$rac_objects"
  growth=$(( $(exe rac) - $(exe rac-one) ))
  module=$(user rac)
  echo "codesize: 40 pipelines add $growth bytes to an executable (pin 73776, OpenCombine's), their user module $module (pin 82000)"
  [ "$growth" -le 73776 ] && [ "$module" -le 82000 ] || { echo "codesize: over the pins" >&2; exit 1; }
  exit 0
fi
echo "Code size: 40 pipelines (combineLatest of 3 → map → filter → map to inner → switchToLatest →"
echo "flatMap → scan → throttle → subscribe; the floor has no throttle), release (-O -wmo), bytes."
echo "User module: text of its object file minus the empty main's. Executables stripped, linked"
echo "with --gc-sections; the empty one is $empty_exe bytes."
echo ""
for lib in floor oc rac; do
  case $lib in
    rac) flags=$rac_flags; objects=$rac_objects ;;
    oc) flags=$oc_flags; objects=$oc_objects ;;
    floor) flags=$floor_flags; objects=$floor_objects ;;
  esac
  build "$lib" "$gen/$lib/main.swift $gen/$lib/pipelines.swift" "$flags" "$objects"
  build "$lib-one" "$gen/$lib-one/main.swift $gen/$lib-one/pipelines.swift" "$flags" "$objects"
done
printf '| %-11s | %17s | %7s | %24s | %21s | %7s | %16s |\n' library "user module, 40" "÷ OC" "executable, 1 − empty" "executable, 40 − 1" "÷ OC" "executable, 40"
printf '|%s|%s|%s|%s|%s|%s|%s|\n' "-------------" "------------------:" "--------:" "-------------------------:" "----------------------:" "--------:" "-----------------:"
for lib in floor oc rac; do
  case $lib in floor) name=floor ;; oc) name=OpenCombine ;; rac) name=RACSwift ;; esac
  awk -v n="$name" -v u="$(user "$lib")" -v ou="$(user oc)" -v e0="$empty_exe" -v e1="$(exe "$lib-one")" \
    -v e40="$(exe "$lib")" -v o1="$(exe oc-one)" -v o40="$(exe oc)" \
    'BEGIN { printf "| %-11s | %17d | %6.2f× | %24d | %21d | %6.2f× | %16d |\n", n, u, u / ou, e1 - e0, e40 - e1, (e40 - e1) / (o40 - o1), e40 }'
done
