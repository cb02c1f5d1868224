#!/usr/bin/env bash
# The floor under any JVM pgbench: native pgbench, ClientFloor (a bare JVM client of the same
# transaction, see ClientFloor.java) in its three threading models -- "floor", a thread per
# connection as jpgbench; "floor_mux", pgbench's model of 2 threads driving 4 non-blocking
# connections each; "floor_vt", a virtual thread per connection on 2 carriers -- and jpgbench run
# select-only, prepared, 8 clients, for the same time against the same server, interleaved, N
# rounds. Prints client CPU (user+sys, /usr/bin/time) per transaction for each, and the ratios to
# native. Needs the PG* environment of a trust-auth server with pgbench tables over TCP, e.g.:
#   ../shared/bench/server.sh start && eval "$(../shared/bench/server.sh env tcp)" && PGDATABASE=bench bench/floor/run.sh
# Usage: bench/floor/run.sh [ROUNDS (3)] [SECONDS (10)]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$ROOT/scripts/jdk.sh"
jpg_find_jdk
ROUNDS=${1:-3} SECS=${2:-10}
PGB=$(pg_config --bindir)/pgbench
: "${PGHOST:?set the PG* environment}" "${PGPORT:=5432}" "${PGUSER:=$USER}" "${PGDATABASE:?}"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
"$JPG_JAVA_HOME/bin/javac" -d "$WORK" "$ROOT/bench/floor/ClientFloor.java"
"$ROOT/jpgbench" --version >/dev/null # build before timing
measure() { # NAME CMD...: appends "NAME transactions cpu_seconds"
    local name=$1; shift
    local out
    out=$(/usr/bin/time -f 'CPU %U %S' "$@" 2>&1)
    awk -v n="$name" '/actually processed/ { split($NF, a, "/"); tx = a[1] } /^CPU / { cpu = $2 + $3 }
        END { print n, tx, cpu }' <<<"$out" >>"$WORK/results"
}
for ((r = 1; r <= ROUNDS; r++)); do
    measure native "$PGB" -S -M prepared -c 8 -j 2 -T "$SECS"
    measure floor "$JPG_JAVA_HOME/bin/java" -XX:+UseSerialGC -XX:-UsePerfData -cp "$WORK" ClientFloor \
        "$PGHOST" "$PGPORT" "$PGUSER" "$PGDATABASE" 8 "$SECS"
    measure floor_mux "$JPG_JAVA_HOME/bin/java" -XX:+UseSerialGC -XX:-UsePerfData -cp "$WORK" ClientFloor \
        "$PGHOST" "$PGPORT" "$PGUSER" "$PGDATABASE" 8 "$SECS" 2
    measure floor_vt "$JPG_JAVA_HOME/bin/java" -XX:+UseSerialGC -XX:-UsePerfData \
        -Djdk.virtualThreadScheduler.parallelism=2 -cp "$WORK" ClientFloor \
        "$PGHOST" "$PGPORT" "$PGUSER" "$PGDATABASE" 8 "$SECS" virtual
    measure jpgbench "$ROOT/jpgbench" -S -M prepared -c 8 -j 2 -T "$SECS"
done
median() { # NAME: median client us/tx of that client's rounds
    awk -v n="$1" '$1 == n { printf "%.2f\n", $3 * 1e6 / $2 }' "$WORK/results" | sort -n \
        | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
base=$(median native)
printf '%-10s %13s %10s   (%s rounds of %s s, select-only -M prepared -c 8)\n' client "us/tx median" "vs native" "$ROUNDS" "$SECS"
for k in native floor floor_mux floor_vt jpgbench; do
    m=$(median "$k")
    awk -v k="$k" -v m="$m" -v b="$base" 'BEGIN { printf "%-10s %13.1f %10.2f\n", k, m, m / b }'
done
