#!/usr/bin/env bash
# The TPC-C-like workload's figures in BENCHMARKS.md, on the bench server (compare.sh's server.sh,
# or PGHOST/PGPORT/PGUSER):
#   bench/tpcc.sh run [-M MODE] [-n PAIRS]
#                                  native pgbench and ./jpgbench running the same five scripts
#                                  (--show-script) at W=2, -c 8 -j 2 -T 60, via run-compare.sh, in
#                                  query mode MODE (default simple)
#   bench/tpcc.sh init [PAIRS [W]] ./jpgbench -i --workload=tpcc -s W against ./jpgbench -i -s 8W
#                                  (about the same size; W 1 by default), alternated: MB (tables
#                                  and indexes) per second of "done in"; and, as the floor, the
#                                  same TPC-C rows loaded by the server alone: steps d t, a COPY
#                                  FREEZE of each table from a file the server reads (dumped once,
#                                  in binary as step g sends it), then v p (the server on this host)
#   bench/tpcc.sh tables [ROUNDS [W]]
#                                  the server alone, table by table: a COPY FREEZE from a file into
#                                  a table without keys, of TPC-C's three large tables (binary, as
#                                  g sends them) and of pgbench_accounts at -s 8W (text, as
#                                  pgbench's g sends it: the filler empty); MB, fields per row, MB/s
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
J=$ROOT/jpgbench
mode=${1:-}; shift || true
# A scratch database DB with W warehouses loaded, and each TABLE of it dumped in binary (as step g
# sends it) to $files/TABLE, a directory the server can read and the exit removes
scratch() { # DB W TABLE...
    local db=$1 w=$2 t
    shift 2
    files=$(mktemp -d)
    chmod 755 "$files"
    trap 'rm -rf "$files"' EXIT
    psql -d postgres -qc "drop database if exists $db" -c "create database $db"
    "$J" -i --workload=tpcc -s "$w" "$db" >/dev/null 2>&1
    for t in "$@"; do
        psql -d "$db" -qc "\copy $t to '$files/$t' with (format binary)"
    done
}
case $mode in
run)
    dir=$(mktemp -d)
    F=""
    for s in new-order:45 payment:43 order-status:4 delivery:4 stock-level:4; do
        "$J" --show-script="tpcc-${s%%:*}" 2>"$dir/${s%%:*}.sql"
        F="$F -f $dir/${s%%:*}.sql@${s##*:}"
    done
    qmode=simple
    if [ "${1:-}" = -M ]; then
        qmode=$2
        shift 2
    fi
    name=tpcc_c8$([ "$qmode" = simple ] || echo "_$qmode")
    "$J" -i --workload=tpcc -s 2 "${PGDATABASE:-bench}"
    exec "$ROOT/bench/run-compare.sh" "$@" "custom:$name:-n -M $qmode -s 2 -c 8 -j 2 -T 60$F"
    ;;
init)
    db=tpcc_init_bench
    size="select sum(pg_total_relation_size(c.oid)) from pg_class c join pg_namespace n on
          n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'"
    tables="item warehouse district stock customer history orders order_line new_order"
    w=${2:-1}
    # (unquoted: the list splits into its tables)
    scratch "$db" "$w" $tables
    {
        echo "begin;"
        echo "truncate ${tables// /, };"
        for t in $tables; do echo "copy $t from '$files/$t' with (format binary, freeze);"; done
        echo "commit;"
    } >"$files/load.sql"
    steps() { sed -n 's/^done in [0-9.]* s (\(.*\))\./\1/p' | grep -oE '[0-9.]+ s' | tr -d ' s' | paste -sd+; }
    floor() { # the server alone: d t, the files' COPY, v p; prints the seconds of all four
        local dt start end vp
        dt=$("$J" -i --workload=tpcc -s "$w" -I dt "$db" 2>&1 | steps)
        start=$(date +%s.%N)
        psql -d "$db" -qf "$files/load.sql" >/dev/null
        end=$(date +%s.%N)
        vp=$("$J" -i --workload=tpcc -s "$w" -I vp "$db" 2>&1 | steps)
        python3 -c "print(round($dt + $end - $start + $vp, 2))"
    }
    printf 'pair\tload\tdone in s\tbytes\tMB/s\n'
    for i in $(seq 1 "${1:-3}"); do
        for args in "--workload=tpcc -s $w" "-s $((8 * w))" "server alone"; do
            if [ "$args" = "server alone" ]; then
                secs=$(floor)
            else
                secs=$("$J" -i $args "$db" 2>&1 | sed -n 's/^done in \([0-9.]*\) s.*/\1/p')
            fi
            bytes=$(psql -d "$db" -qAtc "$size")
            printf '%s\t%s\t%s\t%s\t%s\n' "$i" "$args" "$secs" "$bytes" \
                "$(python3 -c "print(round($bytes / 1048576 / $secs, 1))")"
            "$J" -i --workload=tpcc -I d "$db" >/dev/null 2>&1
            "$J" -i -I d "$db" >/dev/null 2>&1
        done
    done
    psql -d postgres -qc "drop database $db"
    ;;
tables)
    db=tpcc_tables_bench
    w=${2:-2}
    scratch "$db" "$w" stock customer order_line
    "$J" -i -s $((8 * w)) "$db" >/dev/null 2>&1
    psql -d "$db" -qc "\copy (select aid, bid, abalance, '' from pgbench_accounts) to '$files/a'"
    "$J" -i --workload=tpcc -s "$w" -I dt "$db" >/dev/null 2>&1
    "$J" -i -s $((8 * w)) -I dt "$db" >/dev/null 2>&1
    printf 'round\ttable\tMB\tfields/row\tbytes/row\tCOPY s\tMB/s\n'
    for i in $(seq 1 "${1:-5}"); do
        for t in stock customer order_line pgbench_accounts; do
            how="format binary, freeze" file=$files/$t
            [ "$t" = pgbench_accounts ] && how="freeze" file=$files/a
            ms=$(printf 'begin;\ntruncate %s;\n\\timing on\ncopy %s from %s with (%s);\n\\timing off\ncommit;\n' \
                "$t" "$t" "'$file'" "$how" | psql -d "$db" -q | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p')
            read -r bytes rows fields < <(psql -d "$db" -qAt -F ' ' -c "select pg_relation_size('$t'),
                (select count(*) from $t), (select count(*) from information_schema.columns
                where table_name = '$t' and table_schema = 'public')")
            python3 -c "print('$i', '$t', round($bytes / 1048576, 1), $fields,
                round($bytes / $rows), round($ms / 1000, 3), round($bytes / 1048576 / ($ms / 1000), 1),
                sep='\t')"
        done
    done
    psql -d postgres -qc "drop database $db"
    ;;
*)
    sed -n '2,18p' "$0" >&2
    exit 2
    ;;
esac
