#!/bin/sh
# Cold start (issue 37, item 4): the first subscription of a typical 10-operator pipeline in a
# fresh process (racbench --cold-start, ColdStart.swift), per library: the closure floor,
# OpenCombine and RACSwift.
#
#   Benchmarks/coldstart.sh [--bin PATH] [--runs N]     (N fresh processes per library; default 21)
#
# Wall time, medians of N processes: the first build-subscribe-send-dispose of the pipeline and
# the second one in the same process, timed inside it, and the whole process as the parent sees
# it minus the `none` process (which builds nothing). Instructions, callgrind: the process that
# runs the pipeline once minus `none` (cold), and twice minus once (warm). On a loaded machine
# the instruction counts are the repeatable figures; the wall times vary from run to run.
# --bin defaults to Benchmarks/.build/release/RACBench (Benchmarks/run.sh builds it).
set -eu
cd "$(dirname "$0")"
bin=.build/release/RACBench
runs=21
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    *) echo "usage: $0 [--bin PATH] [--runs N]" >&2; exit 2 ;;
  esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
instructions() { # total instructions of one callgrind run of racbench --cold-start LIB --repeat R
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$bin" --cold-start "$1" --repeat "$2" \
    >"$tmp/cg.out" 2>"$tmp/cg.err" || { cat "$tmp/cg.err" >&2; exit 1; }
  grep -E '^(summary|totals):' "$tmp/cg" | head -1 | awk '{ print $2 }'
}
for lib in none base oc rac; do
  : >"$tmp/$lib.first"; : >"$tmp/$lib.second"; : >"$tmp/$lib.proc"
  i=0
  while [ "$i" -lt "$runs" ]; do
    start=$(date +%s%N)
    out=$("$bin" --cold-start "$lib" --repeat 2)
    end=$(date +%s%N)
    echo "$out" | awk '{ print $3 }' >>"$tmp/$lib.first"
    echo "$out" | awk '{ print $4 }' >>"$tmp/$lib.second"
    echo $((end - start)) >>"$tmp/$lib.proc"
    sum=$(echo "$out" | awk '{ print $6 }')
    i=$((i + 1))
  done
  [ "$lib" = none ] || { [ "$sum" = 41 ] || { echo "coldstart: $lib computed $sum, not 41" >&2; exit 1; }; }
done
none_proc=$(median <"$tmp/none.proc")
none_i=$(instructions none 1)
echo "Cold start: map, filter, map, scan, flatMap { return }, skip(1), take(1000), doNext, map, filter"
echo "on a subject; build, subscribe, send 2 values, dispose. $runs fresh processes per library (wall: medians)."
echo ""
printf '| %-11s | %13s | %14s | %18s | %16s | %16s | %11s |\n' library "first µs" "second µs" "process − none ms" "cold instr" "warm instr" "cold ÷ warm"
printf '|%s|%s|%s|%s|%s|%s|%s|\n' "-------------" "--------------:" "---------------:" "-------------------:" "-----------------:" "-----------------:" "------------:"
for lib in base oc rac; do
  case $lib in base) name=floor ;; oc) name=OpenCombine ;; rac) name=RACSwift ;; esac
  first=$(median <"$tmp/$lib.first"); second=$(median <"$tmp/$lib.second"); proc=$(median <"$tmp/$lib.proc")
  once=$(instructions "$lib" 1); twice=$(instructions "$lib" 2)
  awk -v n="$name" -v f="$first" -v s="$second" -v p="$proc" -v np="$none_proc" -v o="$once" -v t="$twice" -v z="$none_i" \
    'BEGIN { printf "| %-11s | %13.1f | %14.1f | %18.2f | %16d | %16d | %10.1f× |\n", n, f / 1e3, s / 1e3, (p - np) / 1e6, o - z, t - o, (o - z) / (t - o) }'
done
