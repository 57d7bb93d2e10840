#!/bin/sh
# Type-checking cost of user code written against RACSwift, side by side with OpenCombine (the
# peer that builds here): builds both modules (debug, this directory's package), generates 40
# pipelines of 5 statements in each library's idiom (generate.py: same logic), and runs
# `swiftc -typecheck` on each file, then on one pipeline written as a single chain.
#
#   Benchmarks/typecheck/run.sh [--runs N]     (N runs per file, the minimum is printed; default 3)
#
# Printed per library: CPU time (user + sys) and wall time of `swiftc -typecheck`, the sum of
# the function bodies' type-check times (-debug-time-function-bodies), the statements over
# 200 ms (-warn-long-expression-type-checking=200) and the slowest one, and whether the single
# chain type-checks. CPU time is the steadier figure on a loaded machine.
set -eu
cd "$(dirname "$0")"
runs=3
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    *) echo "usage: $0 [--runs N]" >&2; exit 2 ;;
  esac
done

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# As Benchmarks/run.sh: drop the build plan so a source file added to the library is seen.
rm -f .build/debug.yaml .build/*/debug/description.json
if ! swift build >"$log" 2>&1; then
  cat "$log"
  exit 1
fi

gen=.build/typecheck-sources
python3 generate.py "$gen"
triple_dir=$(dirname "$(find .build -path '*/debug/COpenCombineHelpers.build/module.modulemap' | head -n 1)")
# No spaces in these paths (the package's own .build), so the flags are one word-split string.
flags="-typecheck -I .build/debug/Modules -Xcc -fmodule-map-file=$triple_dir/module.modulemap
  -Xfrontend -debug-time-function-bodies -Xfrontend -warn-long-expression-type-checking=200"

# typecheck FILE: runs swiftc `runs` times; sets cpu, wall (minimum seconds), ok (exit status of
# the last run) and leaves the last run's output in $log.
typecheck() {
  cpu=""; wall=""
  i=0
  while [ "$i" -lt "$runs" ]; do
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    if /usr/bin/time -f "%U %S" -o "$log.time" swiftc $flags "$1" >"$log" 2>&1; then ok=0; else ok=1; fi
    end=$(date +%s%N)
    w=$(echo "$start $end" | awk '{ printf "%.2f", ($2 - $1) / 1e9 }')
    c=$(tail -n 1 "$log.time" | awk '{ printf "%.2f", $1 + $2 }')
    if [ -z "$wall" ] || [ "$(echo "$w < $wall" | bc)" = 1 ]; then wall=$w; fi
    if [ -z "$cpu" ] || [ "$(echo "$c < $cpu" | bc)" = 1 ]; then cpu=$c; fi
    i=$((i + 1))
  done
  rm -f "$log.time"
}

printf '%-12s %9s %9s %11s %12s %14s  %s\n' library "cpu (s)" "wall (s)" "bodies (s)" "stmts>200ms" "slowest (ms)" "one chain"
for lib in rac oc; do
  case $lib in rac) name=RACSwift ;; oc) name=OpenCombine ;; esac
  file=$gen/$lib-pipelines.swift
  typecheck "$file"
  if [ "$ok" != 0 ]; then cat "$log"; echo "$name: the pipelines did not type-check" >&2; exit 1; fi
  eval "${lib}_cpu=$cpu"
  bodies=$(awk -F'ms' '/^[0-9.]+ms\t/ { s += $1 } END { printf "%.2f", s / 1000 }' "$log")
  # Only the diagnostic's own line (path first), not its echo under the source line.
  slow=$(grep -c '^[^ |].*: warning: expression took [0-9]*ms to type-check' "$log" || true)
  slowest=$(sed -n 's/.*expression took \([0-9]*\)ms to type-check.*/\1/p' "$log" | sort -n | tail -n 1)
  slow_lines=$(sed -n 's/^\([^ ]*\.swift:[0-9]*\):[0-9]*: warning: expression took \([0-9]*\)ms.*/\1 (\2 ms)/p' "$log" | sed 's|.*/||' | head -n 5 | tr '\n' ' ')

  chain=$gen/$lib-chain.swift
  saved_runs=$runs; runs=1
  typecheck "$chain"
  runs=$saved_runs
  if [ "$ok" = 0 ]; then
    chain_result="type-checks (cpu ${cpu} s)"
  elif grep -q 'unable to type-check this expression in reasonable time' "$log"; then
    chain_result="FAILS: unable to type-check in reasonable time (cpu ${cpu} s)"
  else
    cat "$log"; chain_result="FAILS (see the output above)"
  fi
  printf '%-12s %9s %9s %11s %12s %14s  %s\n' "$name" "$(eval echo "\$${lib}_cpu")" "$wall" "$bodies" "$slow" "${slowest:--}" "$chain_result"
  if [ -n "$slow_lines" ]; then echo "             first statements over 200 ms: $slow_lines"; fi
done
echo "RACSwift / OpenCombine (cpu): $(echo "$rac_cpu $oc_cpu" | awk '{ printf "%.2f", $1 / $2 }')"
echo "(RxSwift does not build here; the issue's figures for the same file: RxSwift 0.42 s,"
echo " ReactiveSwift 29.4 s — quoted, not measured.)"
