#!/bin/sh
# Instructions per unit (event, cycle, subscription…) of one library's side of each named
# workload, counted by callgrind: repeatable whatever else the machine is doing, so it is the
# before/after check for "nothing that is fast gets slower" (BENCHMARKS.md).
#
#   Benchmarks/instructions.sh [--bin PATH] [--scale X] [--only rac|oc|base] W1 W2 R7 ...
#
# Each workload runs alone (a warm-up of a tenth, then one timed run, as racbench does); the
# same binary's start-up (--filter NONE) is subtracted and the rest divided by the units run.
# --bin defaults to Benchmarks/.build/release/RACBench (build it with Benchmarks/run.sh or
# `swift build -c release` in Benchmarks/).
set -eu
cd "$(dirname "$0")"
bin=.build/release/RACBench
scale=0.05
only=rac
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin=$2; shift 2 ;;
    --scale) scale=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    *) break ;;
  esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
total() { # total instructions of a callgrind run of racbench with the given filter
  valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$bin" --filter "$1" --scale "$scale" \
    --runs 1 --only "$only" >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  grep -E '^(summary|totals):' "$tmp/out" | head -1 | awk '{print $2}'
}
start=$(total NONE)
printf '%-5s %14s %10s\n' id instructions units
for id in "$@"; do
  all=$(total "$id")
  # racbench prints "  ID title (N units)…" before the run; the warm-up runs a tenth of N.
  n=$(sed -n "s/^  $id .*(\([0-9]*\) .*/\1/p" "$tmp/err" | head -1)
  [ -n "$n" ] || { echo "no workload $id" >&2; exit 1; }
  warm=$((n / 10)); [ "$warm" -ge 1 ] || warm=1
  awk -v a="$all" -v s="$start" -v n="$n" -v w="$warm" -v id="$id" \
    'BEGIN { printf "%-5s %14.1f %10d\n", id, (a - s) / (n + w), n + w }'
done
