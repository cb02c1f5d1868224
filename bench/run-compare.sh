#!/usr/bin/env bash
# Reproduces the figures of BENCHMARKS.md: native pgbench (A) against this checkout's ./jpgbench (B)
# with the shared side-by-side harness (compare.sh), interleaved, alternating the order in pairs.
#
# usage: bench/run-compare.sh [-n PAIRS] [-o OUTDIR] [GROUP|SCENARIO ...]
#   default: -n 3, groups meta and select (add quick, run, init, or scenario names)
# The harness is found at $JPGBENCH_COMPARE, else ../shared/bench/compare.sh or
# ../../shared/bench/compare.sh from the repository root. It needs the bench server running
# (compare.sh's server.sh start) or PGHOST/PGPORT/PGUSER pointing at a server.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
COMPARE=${JPGBENCH_COMPARE:-}
if [ -z "$COMPARE" ]; then
    for c in "$ROOT/../shared/bench/compare.sh" "$ROOT/../../shared/bench/compare.sh"; do
        if [ -x "$c" ]; then COMPARE=$c; break; fi
    done
fi
if [ -z "$COMPARE" ]; then
    echo "run-compare.sh: compare.sh not found; set JPGBENCH_COMPARE" >&2
    exit 1
fi
PAIRS=3 OUT=()
while getopts "n:o:" opt; do
    case $opt in
        n) PAIRS=$OPTARG ;;
        o) OUT=(-o "$OPTARG") ;;
        *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- meta select
"$ROOT/jpgbench" --version >/dev/null # build the jar (and its start-up cache) outside the timings
exec "$COMPARE" -b "$ROOT/jpgbench" -n "$PAIRS" -x "${OUT[@]}" "$@"
