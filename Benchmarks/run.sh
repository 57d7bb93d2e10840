#!/bin/sh
# Runs the whole benchmark: release build, an allocation pass under ordo-one's malloc
# interposer (LD_PRELOAD), then the timing pass without it, printing one side-by-side table.
# Arguments go to the timing pass (e.g. --scale 0.2 --runs 3 --filter W1,W2 --only rac).
# A run without --filter then measures cold start (coldstart.sh, fresh processes) and code size
# (codesize.sh, 40 generated pipelines per library) with the same build; --skip-extras skips
# them.
set -eu
cd "$(dirname "$0")"
log=$(mktemp)
allocs=$(mktemp)
trap 'rm -f "$log" "$allocs"' EXIT
# SwiftPM keeps the build plan of the path dependency (the library) and misses a source file
# added to it since; dropping the plan makes it plan again (a no-op build stays a no-op).
rm -f .build/release.yaml .build/*/release/description.json
if ! swift build -c release >"$log" 2>&1; then
  cat "$log"
  exit 1
fi
grep -E "warning:" "$log" || true
bin=.build/release
# --scale and --filter also apply to the allocation pass, which counts a tenth of the timed
# events of each workload.
pass_args=""
timing_args=""
extras=yes
while [ $# -gt 0 ]; do
  case "$1" in
    --skip-extras) extras=no; shift ;;
    --filter) extras=no; pass_args="$pass_args $1 $2"; timing_args="$timing_args $1 $2"; shift 2 ;;
    --scale) pass_args="$pass_args $1 $2"; timing_args="$timing_args $1 $2"; shift 2 ;;
    *) timing_args="$timing_args $1"; shift ;;
  esac
done
# shellcheck disable=SC2086
LD_PRELOAD="$PWD/$bin/libMallocInterposerSwift.so" "$bin/RACBench" $pass_args --allocs-out "$allocs"
# shellcheck disable=SC2086
"$bin/RACBench" $timing_args --allocs-in "$allocs"
if [ "$extras" = yes ]; then
  echo ""
  ./coldstart.sh --bin "$bin/RACBench"
  echo ""
  ./codesize.sh
fi
