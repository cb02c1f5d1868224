#!/usr/bin/env python3
"""thread-cpu.py [--scrape HZ] [--thread NAME[,NAME...]] [--block SECONDS] [--since SECONDS]
                 -- JPGBENCH-OPTIONS

Where a side task's CPU goes over one run, by thread: runs this checkout's jpgbench (or $JPGBENCH)
with the options given (JVM options through $JPGBENCH_JAVA_OPTS, as the launcher takes them) and
reads every second, from /proc/PID/task/*/schedstat, the CPU of the JIT's compiler threads (C1's
and C2's), of the threads whose name starts with one of the NAMEs (default connection-event-loop
and event-loop, microhttp's threads that serve --metrics-listen: the one that reads each request,
scrapes and answers, and the one that accepts; HTTP-Dispatcher was the JDK server's before session
33; jpgbench-monitor is --server-stats' sampler) and of the whole process.
With --scrape HZ the run listens on a free loopback port and is scraped HZ times a second from
the start as Prometheus does (scrape.py's request, one kept-alive connection, from this process,
so that none of the scraper's CPU is counted). Prints each block's milliseconds (default 10 s
blocks), then the mean per second from --since on (default 30 s: connections made, the run loop
compiled) and jpgbench's tps line. With --scrape it also prints what each scrape cost the named
thread, read just before and after the scrape (a scrape is synchronous): the median and quartiles
of the scrapes from --since on, which between two runs of one build move less than the per-second
means do. Then the whole run: each thread's CPU from its start to its last reading
(every 0.1 s; a thread that ended keeps its last), for the run's main thread (which opens the
endpoint before any client connects, and which the blocks leave out when --scrape waits for the
port), the JIT, the named threads and the process. It also weighs JIT arrangements against each other
(JVM options through JPGBENCH_JAVA_OPTS).

  bench/overhead/thread-cpu.py --scrape 1 -- -c 8 -j 2 -M prepared -T 100 bench
"""
import argparse
import http.client
import os
import statistics
import subprocess
import sys
import threading
import time

import scrape  # this script's folder is first on the module path

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
JIT = ('C1 CompilerThre', 'C2 CompilerThre')


def read_threads(pid):
    """Process pid's threads now, by thread id: (name, CPU milliseconds since the thread began);
    None once the process is gone. A thread that ends between two reads is left out."""
    try:
        tasks = os.listdir(f'/proc/{pid}/task')
    except OSError:
        return None
    threads = {}
    for t in tasks:
        try:
            with open(f'/proc/{pid}/task/{t}/comm') as f:
                comm = f.read().strip()
            with open(f'/proc/{pid}/task/{t}/schedstat') as f:
                threads[t] = (comm, int(f.read().split()[0]) / 1e6)
        except (OSError, ValueError, IndexError):
            continue
    return threads


def prefixes(names):
    """The thread names to match (comma-separated), as the kernel keeps them: their first 15 bytes."""
    return tuple(n[:15] for n in names.split(','))


def sums(threads, names):
    """Of thread readings (read_threads' or whole_run's): the CPU milliseconds of the compiler
    threads, of the threads whose names start with one of names (comma-separated), and of all of
    them; and the named threads' ids."""
    name = prefixes(names)
    jit = named = total = 0.0
    tids = []
    for t, (comm, ms) in threads.items():
        total += ms
        if comm.startswith(JIT):
            jit += ms
        if comm.startswith(name):
            named += ms
            tids.append(t)
    return jit, named, total, tids


def thread_ms(pid, names):
    """sums() of process pid's threads now (threads that ended no longer count); None once the
    process is gone."""
    threads = read_threads(pid)
    return None if threads is None else sums(threads, names)


def whole_run(pid, seen, names):
    """The whole run's CPU milliseconds from every thread's last reading in seen (ended threads
    included): its main thread (the one running Java's main method, which opens the endpoint
    before any client connects), the compiler threads, the named threads, and all of them."""
    main = sum(ms for t, (comm, ms) in seen.items() if comm == 'java' and t != str(pid))
    jit, named, total, _ = sums(seen, names)
    return main, jit, named, total


def named_ns(pid, tids):
    """CPU nanoseconds so far of process pid's threads tids; None if one cannot be read."""
    try:
        total = 0
        for t in tids:
            with open(f'/proc/{pid}/task/{t}/schedstat') as f:
                total += int(f.read().split()[0])
        return total
    except (OSError, ValueError, IndexError):
        return None


def main():
    p = argparse.ArgumentParser(usage='\n'.join(__doc__.splitlines()[:2]))
    p.add_argument('--scrape', type=float, metavar='HZ', help='scrapes a second (default: none)')
    p.add_argument('--thread', default='connection-event-loop,event-loop', metavar='NAME')
    p.add_argument('--block', type=int, default=10, metavar='SECONDS')
    p.add_argument('--since', type=int, default=30, metavar='SECONDS')
    p.add_argument('options', nargs='+', help="jpgbench's options, after --")
    a = p.parse_args()
    if a.scrape is not None and a.scrape <= 0:
        p.error('--scrape must be above 0')
    if a.block <= 0 or a.since < 0:
        p.error('--block must be above 0, --since not below 0')
    cmd = [os.environ.get('JPGBENCH', os.path.join(ROOT, 'jpgbench'))]
    if a.scrape:
        cmd.append('--metrics-listen=127.0.0.1:0')
    proc = subprocess.Popen(
        cmd + a.options, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    output = []
    reader = threading.Thread(target=lambda: output.extend(proc.stdout), daemon=True)
    reader.start()
    conn = None
    if a.scrape:
        port = scrape.await_port(proc.pid, lambda: proc.poll() is not None)
        if port is not None:
            conn = http.client.HTTPConnection('127.0.0.1', port, timeout=10)

    start = time.monotonic()
    previous = thread_ms(proc.pid, a.thread) or (0.0, 0.0, 0.0, [])
    tids = previous[3]
    rows = []  # (second, jit ms, thread ms, process ms)
    per_scrape = []  # (second, the named thread's ms)
    next_scrape = start
    second = 1
    seen = {}  # every thread's last reading, kept once it ends
    next_note = start
    while proc.poll() is None:
        t = time.monotonic()
        if t >= next_note:
            seen.update(read_threads(proc.pid) or {})
            next_note = t + 0.1
        if conn is not None and t >= next_scrape:
            before = named_ns(proc.pid, tids)
            try:
                conn.request('GET', '/metrics', headers=scrape.HEADERS)
                conn.getresponse().read()
                after = named_ns(proc.pid, tids)
                if before is not None and after is not None:
                    per_scrape.append((t - start, (after - before) / 1e6))
            except (OSError, http.client.HTTPException):
                conn = None  # the run is over
            next_scrape += 1 / a.scrape
        if time.monotonic() >= start + second:
            current = thread_ms(proc.pid, a.thread)
            if current is not None:
                rows.append((second, *(c - b for c, b in zip(current[:3], previous[:3]))))
                previous = current
                tids = current[3]
            second += 1
        wake = start + second if conn is None else min(start + second, next_scrape)
        time.sleep(max(0.0, min(0.05, wake - time.monotonic())))
    reader.join(5)
    print(f'{"s":>5} {"JIT ms":>8} {a.thread + " ms":>20} {"process ms":>11}')
    for b in range(0, (rows[-1][0] if rows else 0) // a.block + 1):
        block = [r for r in rows if (r[0] - 1) // a.block == b]
        if block:
            sums = (sum(r[i] for r in block) for i in (1, 2, 3))
            print('%5d %8.1f %20.1f %11.0f' % (b * a.block, *sums))
    late = [r for r in rows if r[0] > a.since]
    if late:
        means = [sum(r[i] for r in late) / len(late) for i in (1, 2, 3)]
        print('from %d s, ms a second: JIT %.2f, %s %.2f, process %.1f'
              % (a.since, means[0], a.thread, means[1], means[2]))
    late = sorted(ms for second, ms in per_scrape if second >= a.since)
    if len(late) >= 4:
        q = statistics.quantiles(late, n=4)
        print('from %d s, a scrape: %s %.2f ms (median; quartiles %.2f-%.2f), %d scrapes'
              % (a.since, a.thread, statistics.median(late), q[0], q[2], len(late)))
    main, jit, named, total = whole_run(proc.pid, seen, a.thread)
    print('whole run, each thread to its last reading: main %.1f, JIT %.1f, %s %.1f, process %.1f ms'
          % (main, jit, a.thread, named, total))
    tps = [line.strip() for line in output if line.startswith('tps = ')]
    print(tps[-1] if tps else ''.join(output[-5:]).rstrip())
    return proc.returncode


if __name__ == '__main__':
    sys.exit(main())
