#!/usr/bin/env bash
# pin-server.sh CPUS: puts every postgres process on the box on CPUS (taskset's list, e.g. 0): the
# bench server's (../shared/bench/server.sh) when it is the only one running, as while benchmarking;
# backends forked later inherit the postmaster's. With the client under
# `taskset -c` on the other CPUs, server and client no longer share a CPU, which takes the box's
# scheduling out of side-by-side pairs:
#   bench/overhead/pin-server.sh 0
#   SCRAPER_CPUS=0 taskset -c 1 ../shared/bench/compare.sh -a "$PWD/jpgbench" \
#     -b "$PWD/bench/overhead/with-metrics-scraped" -n 10 -x 'custom:tpcb_c8_60:-c 8 -j 2 -M prepared -T 60'
#   bench/overhead/pin-server.sh 0-$(($(nproc) - 1))    # undo
set -euo pipefail
cpus=${1:?usage: pin-server.sh CPUS}
pids=$(pgrep -x postgres) || { echo "pin-server.sh: no postgres process" >&2; exit 1; }
for pid in $pids; do
  taskset -p -c "$cpus" "$pid" >/dev/null
done
echo "pin-server.sh: $(wc -w <<<"$pids") postgres processes on CPU $cpus"
