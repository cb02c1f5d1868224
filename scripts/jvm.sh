# Sourced by the launchers (./jpgbench in a checkout, bin/jpgbench in the distribution): the JVM
# options of a jpgbench command, its ahead-of-time cache, and the exec. Needs args.sh.
#   jpg_exec JAVA_HOME JAR AOT_FILE ARGS...

# Serial GC: a handful of event-loop threads and a steady state that allocates little or nothing
# need no concurrent collector. -Xmn24m: a small young generation, so that a run that does allocate
# per transaction (-l log lines) collects it every few seconds in about a millisecond instead of
# touching a young generation sized from the machine's RAM: RSS stays flat.
# --enable-native-access: the native transports call the kernel through the FFM API and
# junixsocket loads its library; allowed, so that the JDK prints no warning about either.
jpg_base_opts() {
    JVM_OPTS=(-XX:+UseSerialGC -Xmn24m -Xss512k -XX:-UsePerfData --enable-native-access=ALL-UNNAMED)
    # The JVM announces these variables on stderr ("Picked up ..."); nothing the JVM says may reach
    # the terminal of a pgbench user, so their options are passed on the command line instead.
    if [ -n "${JAVA_TOOL_OPTIONS:-}" ]; then
        # shellcheck disable=SC2206
        JVM_OPTS+=($JAVA_TOOL_OPTIONS)
        unset JAVA_TOOL_OPTIONS
    fi
    if [ -n "${JDK_JAVA_OPTIONS:-}" ]; then
        # shellcheck disable=SC2206
        JVM_OPTS+=($JDK_JAVA_OPTIONS)
        unset JDK_JAVA_OPTIONS
    fi
}

# The JIT compiler, by what the command does (BENCHMARKS.md, "Choices and why", has the figures):
# - a benchmark run: C2 only (one client on builtin scripts: below). The event loop's hot path (the
#   state machine, the protocol, the FFM calls and memory accesses of the native transports) costs
#   about 0.45 us of user CPU per transaction once C2 compiled it, against 1.1-1.4 us under C1;
#   with the AOT cache's profiles C2 compiles it within the first second of a run.
# - initialization (-i) and merge: C1 only. -i spends its time in the driver's COPY and the
#   server's work; C2's compiles do not pay back there.
# - a run with -C (a new session for every transaction): C1 only. Opening a session runs much
#   driver and JDK code a few times per connection, which never reaches C2's threshold and stayed
#   interpreted (39% of the client's samples 4 s into a run): `-S -C -c 4 -j 2 -T 8`, 2 runs each,
#   user 1.32-1.43 s and 383-396 tps under C1 against 3.13 s and 340-344 tps under C2 only
#   (tiered: 2.62-2.68 s, 362-363 tps).
# - a run of builtin scripts (no -f) with one client: tiered. Such a run is bound by the server's
#   round trips (~8-10 k transactions a second here), so C2's compiles (0.2 s) weigh more than the
#   code they make faster, and the first second, which runs with the backend on the client's CPU
#   at 11-26 k tps before the scheduler moves it away, runs C1's code instead of the interpreter's.
#   `-S -M prepared -c 1 -T 10`, 8 alternating rounds, medians: 40.8 against 44.5 client us/tx
#   (native 41.5), 9.5 k against 8.5 k tps; the TPC-B-like script at -c 1 (4 rounds): 284 against
#   297 us/tx (native 282). Meta-command scripts (-f) are CPU-bound and keep C2 (BENCHMARKS.md,
#   "Tiered compilation for one client on builtin scripts").
# JPGBENCH_JIT=c1|c2|tiered overrides the choice.
#
# A benchmark run also tells C2 to inline a transaction's accounting (Client.account, with the
# statistics it records) where the transaction ends. Left to itself, C2 inlines it or not by which
# of the two methods its compiler threads finish first: once account() has compiled code of its own,
# larger than InlineSmallCode, callers compiled later call it instead. That race moved the meta
# scripts by 6-7% from one build to the next (meta_set1 47.4-48.9 M against 50.6-51.7 M tps).
# "quiet" keeps the JVM from announcing the command on stdout.
#
# And it moves C2's thresholds: five times the default for everything (the JDK's and the
# libraries' start-up code: jar and class-file parsing, locale and number-format set-up, method
# handle spinning, which crossed the default threshold in the first 250 ms and had C2 compile ~280
# methods a benchmark never runs again), a fifth of it for jpgbench's own code, so that the event
# loop, the protocol and the script steps compile sooner, with the JDK code they call inlined.
# Measured (`-S -M prepared -j 2 -T 10`, 5 alternating rounds,
# medians): -c 64 user 1.04 s against 1.35, C2 0.89 s against 1.48, µs/tx 5.95 against 6.41;
# -c 1 user 0.76 against 0.94 s; `-c 8 -t 1` runs 0.19 against 0.28 s. Either half alone did not
# pay (-c 64: the JDK at 5 only, user 1.31 s; ours at 0.2 only, 1.24), nor ours at 1.0 beside the
# JDK's 5 (-c 64 user 1.21-1.40 s) or at 0.5 (meta_complex 7% slower).
#
# A twentieth for the few methods that --metrics-listen runs per line of a scrape (the exposition's
# name and label writing): they compile within the first twenty scrapes instead of after hundreds.
# Measured: the endpoint's CPU in the first 30 scrapes 201 ms against 235 (5
# alternating runs). Elsewhere (a report's few lines) they run too seldom to reach even the lowered
# threshold. Double.toString, which a scrape runs for each bucket's bound, is left at the JDK's:
# compiling its ten methods (DoubleToDecimal, ToDecimal) in the first 25 s of every scraped run cost
# C2 ~50 ms of CPU, where the interpreter spends ~0.4 ms a scrape on them (whole 60 s runs, session
# 36: the endpoint ~20 ms more) until the JDK's threshold compiles them, a few minutes in.
# And C2 does not inline BufferedWriter.write into them: the exposition's writer calls it about ten
# times a line, and each inlined copy brought the buffer's growth and the string's copy along (the
# label writer's compile 8,875 nodes, 2,319 without); it is compiled once instead. Measured:
# C2's CPU from the 3rd to the 40th second of a scraped run 77 ms against 116
# (five alternated pairs), a scrape's cost unchanged. Elsewhere in a run it carries only what a
# PrintStream prints (progress lines, the report, \echo), where one call more per line is nothing.
# And ten times the JDK's threshold for LiveRun.add, which sums the clients' latency buckets at a
# scrape (142 a client): C2 unrolled and vectorised that loop twice, on-stack and whole, ~40 ms of
# its time ~20 s into every scraped run at -c 8, for a loop the interpreter runs in ~12 µs a scrape
# (~0.1 ms at -c 64). Now it compiles after ~50 times as many turns, ~10 ms of interpreting: some
# 900 scrapes at -c 8, 100 at -c 64. Likewise fifty times the
# JDK's for the Prometheus client's sort of a histogram's bucket bounds (ClassicHistogramBuckets'
# DoubleArraySorter, which sorts the already sorted 142 once a scrape, ~0.1 ms interpreted): at the
# JDK's threshold C2 compiled its recursive introSort five times (on-stack and whole) about two
# minutes into every scraped run, 85-171 ms of its CPU; now only after ~20 minutes of scrapes.
jpg_jit_opts() {
    local scrape=io.prometheus.metrics.expositionformats
    local c2=(-XX:-TieredCompilation -XX:CompileCommand=quiet
        -XX:CompileCommand=inline,org.jpgbench.run.Client::account
        -XX:CompileThresholdScaling=5 -XX:CompileCommand=CompileThresholdScaling,org.jpgbench.*::*,0.2
        -XX:CompileCommand=CompileThresholdScaling,$scrape.TextFormatUtil::*,0.05
        -XX:CompileCommand=CompileThresholdScaling,$scrape.OpenMetricsTextFormatWriter::writeNameAndLabels,0.05
        -XX:CompileCommand=CompileThresholdScaling,org.jpgbench.run.LiveRun::add,10.0
        -XX:CompileCommand=CompileThresholdScaling,'io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets$DoubleArraySorter::*',50.0
        -XX:CompileCommand=dontinline,java.io.BufferedWriter::write)
    case ${JPGBENCH_JIT:-} in
        c1) JVM_OPTS+=(-XX:TieredStopAtLevel=1) ;;
        c2) JVM_OPTS+=("${c2[@]}") ;;
        tiered) ;;
        *) if jpg_init_mode "$@" || [ "${1:-}" = merge ] || jpg_connect_per_transaction "$@"; then
               JVM_OPTS+=(-XX:TieredStopAtLevel=1)
           elif ! jpg_script_file "$@" && jpg_single_client "$@"; then
               : # tiered, the JVM's default
           else JVM_OPTS+=("${c2[@]}"); fi ;;
    esac
}

jpg_java_feature() { # $1 = a Java home: its feature release (25), from its release file
    local line v=""
    if [ -r "$1/release" ]; then
        while IFS= read -r line || [ -n "$line" ]; do
            case $line in JAVA_VERSION=\"*) v=${line#JAVA_VERSION=\"}; v=${v%%\"*}; break ;; esac
        done <"$1/release"
    fi
    v=${v%%[!0-9]*}
    printf '%s' "${v:-0}"
}

jpg_aot_stale() { # $1 = java home, $2 = jar, $3 = AOT file: JDK 25+ and the cache is missing or old
    [ -z "${JPGBENCH_NO_AOT:-}" ] && [ "$(jpg_java_feature "$1")" -ge 25 ] \
        && { [ ! -f "$3" ] || [ "$2" -nt "$3" ]; } && ! [ "$3.failed" -nt "$2" ]
}

# Records which classes a start loads and how the hot methods behave (JDK 25: class loading and
# linking plus method profiles, JEP 515), so that later starts load faster and C2 compiles the hot
# paths at once, with profiles it need not gather first (a third less client CPU in the first
# seconds of a run, BENCHMARKS.md). The training run is a 3-second benchmark on the embedded
# server: option and script parsing, connecting, the event loop on io_uring, the protocol, the
# select-only and TPC-B-like transactions, the interval series, the --server-stats monitor (its
# classes and the driver's query path, else loaded during the measured run), and the text and JSON
# reports (not cached, Jackson's generator costs a run with --report-json ~40 ms at its end). If
# that cannot run (no embedded server here), a run that fails to connect still records the option
# parser, the script parser and the JDBC driver. Once per jar, under a lock (another jpgbench may be
# training meanwhile).
# And --metrics-listen's endpoint, opened on a free loopback port and scraped once, a second into
# the run (-P 1's first line says when), as Prometheus asks: the classes of opening it (the
# Prometheus client's settings, registry, handler and writers, microhttp's server) and of a scrape
# (microhttp's request parser, the snapshots, the OpenMetrics writer's paths) then load from the
# cache. Opening costs the run's main thread ~60 ms of CPU instead of ~125, the first scrapes ~20 ms
# instead of ~50. Once only: trained with a scrape every second, the cache's
# profiles of the scrape's path had C2 compile small pieces of it all through a run (1.5-2.6 ms a
# second of C2 from the 30th second on, against ~0.7), which one scrape does not.
jpg_aot_train() { # $1 = java home, $2 = jar, $3 = AOT file
    local java=$1/bin/java jar=$2 aot=$3
    mkdir -p "${aot%/*}" 2>/dev/null || return 0
    if command -v flock >/dev/null 2>&1; then
        exec 9>"$aot.lock" || return 0
        flock 9
    fi
    if jpg_aot_stale "$1" "$jar" "$aot"; then
        rm -f "$aot" "$aot.failed"
        : >"$aot.log"
        timeout 120 "$java" -XX:AOTCacheOutput="$aot" -Xlog:aot=off -Xlog:cds=off "${JVM_OPTS[@]}" \
            -jar "$jar" --embedded -b select-only -b tpcb-like -c 4 -j 2 -T 3 -M prepared --report-json=/dev/null --server-stats --metrics-listen=127.0.0.1:0 -P 1 \
            </dev/null >/dev/null 2>"$aot.log" &
        local pid=$!
        jpg_aot_scrape "$aot.log" "$pid"
        wait "$pid" || rm -f "$aot"
        rm -f "$aot.log"
        if [ ! -f "$aot" ]; then
            timeout 60 "$java" -XX:AOTCacheOutput="$aot" -Xlog:aot=off -Xlog:cds=off "${JVM_OPTS[@]}" \
                -jar "$jar" -n -t 1 -h 127.0.0.1 -p 1 -U jpgbench jpgbench_aot_training \
                </dev/null >/dev/null 2>&1 || true
        fi
        [ -f "$aot" ] || touch "$aot.failed" # do not try again until the next jar
    fi
    exec 9>&-
}

jpg_aot_scrape() { # $1 = the training run's stderr, $2 = its pid: scrapes its endpoint once
    local log=$1 pid=$2 line port="" i
    # its first progress line (one second into the run) says the clients are running
    for ((i = 0; i < 600; i++)); do
        kill -0 "$pid" 2>/dev/null || return 0
        while IFS= read -r line; do
            case $line in
                "metrics at http://127.0.0.1:"*) port=${line#*127.0.0.1:} port=${port%%/*} ;;
                progress:*) break 2 ;;
            esac
        done <"$log" || return 0
        sleep 0.1 2>/dev/null || return 0
    done
    [ -n "$port" ] || return 0
    # as Prometheus asks (OpenMetrics); HTTP/1.0, so that the endpoint closes the connection after it
    (exec 8<>"/dev/tcp/127.0.0.1/$port" \
        && printf 'GET /metrics HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: application/openmetrics-text;version=1.0.0\r\n\r\n' >&8 \
        && timeout 10 cat <&8 >/dev/null) 2>/dev/null || true
}

jpg_exec() { # $1 = java home, $2 = jar, $3 = AOT file, then jpgbench's arguments
    local home=$1 jar=$2 aot=$3
    shift 3
    jpg_base_opts
    if ! jpg_info_only "$@" && jpg_aot_stale "$home" "$jar" "$aot"; then
        jpg_aot_train "$home" "$jar" "$aot"
    fi
    if [ -f "$aot" ] && [ "$aot" -nt "$jar" ]; then
        JVM_OPTS+=(-XX:AOTCache="$aot" -Xlog:aot=off -Xlog:cds=off)
    fi
    jpg_jit_opts "$@"
    # shellcheck disable=SC2086
    exec "$home/bin/java" "${JVM_OPTS[@]}" ${JPGBENCH_JAVA_OPTS:-} -jar "$jar" "$@"
}
