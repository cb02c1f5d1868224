#!/usr/bin/env python3
"""toggle-monitor.py [-c | --scrape HZ | --wake HZ [--pipelined]] [--against-wake HZ] [-s SLOT] [-T SECONDS]
                    [--pin] [-o PREFIX] -- JPGBENCH-OPTIONS
   toggle-monitor.py [-s SLOT] --pool TSV...

--server-stats' cost within one run (#28), where side by side runs cannot see 1%: the box's
capacity drifts by more than that between runs. Runs this checkout's jpgbench (or $JPGBENCH) with
--server-stats -P 1 and the options given, connected as the PG* environment says, and from the
10th second on alternately lets the monitor work and holds it, in slots of SLOT seconds (default
4): held, its backend is stopped (SIGSTOP, sent while it waits for a query) and its thread blocks
on the socket, so that neither spends anything. The backend must be on this machine. Per second it
records tps (the -P line), the CPU of every postgres process and of jpgbench (schedstat); then
each slot's first second (the switch) is dropped and every "on" slot is set against the mean of
its two "off" neighbours. Prints the ratio on/off of tps, server and client CPU per transaction,
with a 95% interval, and the share of the CPU spent that the toggled work itself took in the "on"
slots (the monitor's backend and thread, read from schedstat): what it costs before any effect it
has on the others. Writes PREFIX.tsv (per second) and PREFIX.out (jpgbench's output). With
--pool TSV... it makes no run and pools the slots of runs made before; their runs' means are then
the figure to judge on (runs differ by more than their slots say), with an interval when there
are three or more.
With -c (the control) it stops and lets go an idle session of its own instead, the monitor
working throughout: the method's own bias and spread, which a real effect must stand out from.
With --scrape HZ it measures --metrics-listen (#29) the same way: the run listens on a free
loopback port instead of sampling the server, and the "on" slots scrape it HZ times a second as
Prometheus does (scrape.py's request, one kept-alive connection, from this process); the toggled
work's own CPU is then that of the endpoint's threads (microhttp's connection event loop, which
serves the scrapes, and its accepting thread).
With --wake HZ (a second control) the run is a plain one, and the "on" slots wake a session of
this process's own HZ times a second for a `SELECT 1`: a backend and a client thread woken as
often as the monitor wakes its own, doing next to nothing, and outside jpgbench. Whatever the run
loses to that is the box's price of a wake-up, which no monitor's work can go below ($JPGBENCH
may then be native pgbench, to see what the same wake-ups cost it). With
--pipelined the thread reads each answer at its next wake instead of waiting for it: one wake of
the thread a query instead of two.
With --against-wake HZ (the monitor or --scrape) the "off" slots are not idle: the toggled work
held, a session of this process's own is woken HZ times a second there, as with --wake. The ratio
on/off is then the monitor's (or the scrapes') cost beyond a bare wake-up at that rate, told within
one run, where comparing runs of each cannot see it.
With --pin the server and the client do not share CPUs: every postgres process (and with the
postmaster's, each backend it starts) runs on the first CPU this process may use, jpgbench on the
others, this process (its scrapes and wakes) beside the server: as when the client has a machine
of its own, which pgbench's documentation advises once the client can be a bottleneck. The
postgres processes get their CPUs back at the end.

  bench/overhead/toggle-monitor.py -T 250 -- -c 8 -j 2 -M prepared bench
"""
import argparse
import http.client
import math
import os
import re
import signal
import socket
import struct
import statistics
import subprocess
import sys
import threading
import time

import scrape  # this script's folder is first on the module path

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
START = 10  # seconds before the first switch: connections made, code compiled
CONTROL = 'toggle-monitor control'
WAKER = 'toggle-monitor wake'


def schedstat_ms(path):
    try:
        with open(path) as f:
            return int(f.read().split()[0]) / 1e6
    except OSError:
        return 0.0


def server_ms():
    return sum(schedstat_ms(f'/proc/{pid}/schedstat') for pid in postgres_pids())


def process_ms(pid, comm=None):
    """The CPU of process PID's threads, or of those named COMM (as /proc shows it: 15
    characters at most)."""
    try:
        tasks = os.listdir(f'/proc/{pid}/task')
    except OSError:
        return 0.0
    total = 0.0
    for t in tasks:
        if comm is not None:
            try:
                with open(f'/proc/{pid}/task/{t}/comm') as f:
                    if f.read().strip() != comm[:15]:
                        continue
            except OSError:
                continue
        total += schedstat_ms(f'/proc/{pid}/task/{t}/schedstat')
    return total


def postgres_pids():
    """The ids of this machine's processes named postgres (the server's, whoever runs them)."""
    pids = []
    for p in os.listdir('/proc'):
        if p.isdigit():
            try:
                with open(f'/proc/{p}/comm') as f:
                    if f.read().strip() == 'postgres':
                        pids.append(int(p))
            except OSError:
                continue
    return pids


class Pinning:
    """--pin: the server's processes and this one on the first CPU allowed, jpgbench on the rest."""

    def __init__(self):
        cpus = sorted(os.sched_getaffinity(0))
        if len(cpus) < 2:
            sys.exit('toggle-monitor: --pin needs two CPUs at least')
        self.server, self.client = {cpus[0]}, set(cpus[1:])
        self.before = {}
        for pid in postgres_pids():
            try:
                self.before[pid] = os.sched_getaffinity(pid)
                os.sched_setaffinity(pid, self.server)
            except ProcessLookupError:
                continue  # ended meanwhile
            except OSError as e:
                self.close()
                sys.exit(f'toggle-monitor: --pin cannot move postgres process {pid}: {e.strerror}')
        os.sched_setaffinity(0, self.server)  # before any thread of this process starts

    def jpgbench(self):
        os.sched_setaffinity(0, self.client)

    def close(self):
        for pid, cpus in self.before.items():
            try:
                os.sched_setaffinity(pid, cpus)
            except OSError:
                pass  # ended meanwhile


def hold(pid):
    """SIGSTOP once the backend waits for its client (not inside a query)."""
    for _ in range(1000):
        try:
            with open(f'/proc/{pid}/wchan') as f:
                if f.read().strip() in ('do_epoll_wait', 'ep_poll'):
                    break
        except OSError:
            break
        time.sleep(0.002)
    os.kill(pid, signal.SIGSTOP)


def backend_of(name):
    for _ in range(400):
        r = subprocess.run(['psql', '-XAtc', "SELECT pid FROM pg_stat_activity"
                            f" WHERE application_name = '{name}'"],
                           capture_output=True, text=True)
        if r.stdout.strip():
            return int(r.stdout.split()[0])
        time.sleep(0.05)
    sys.exit(f'toggle-monitor: no session named "{name}" appeared')


def t975(df):
    """Student's t quantile 0.975 (Cornish-Fisher; within 0.2% from 5 degrees of freedom on)."""
    z = 1.959964
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


class Backend:
    """Switches a backend: stopped (SIGSTOP) while off. Its own CPU: the backend's and that of
    the run's thread named THREAD (the monitor's), if any."""

    def __init__(self, pid, run_pid, thread):
        self.pid, self.run_pid, self.thread = pid, run_pid, thread

    def own_ms(self):
        run = process_ms(self.run_pid, self.thread) if self.thread else 0.0
        return schedstat_ms(f'/proc/{self.pid}/schedstat') + run

    def switch(self, on):
        os.kill(self.pid, signal.SIGCONT) if on else hold(self.pid)

    def close(self):
        try:
            os.kill(self.pid, signal.SIGCONT)
        except OSError:
            pass


class Scraper(threading.Thread):
    """Scrapes process PID's /metrics HZ times a second while on."""

    def __init__(self, pid, hz):
        super().__init__(daemon=True)
        self.pid, self.period = pid, 1.0 / hz
        self.wanted, self.done = threading.Event(), threading.Event()
        self.wanted.set()
        self.start()

    def run(self):
        port = scrape.await_port(self.pid, self.done.is_set)
        if port is None:
            return
        conn = http.client.HTTPConnection('127.0.0.1', port, timeout=10)
        due = time.monotonic()
        while not self.done.is_set():
            self.wanted.wait()
            due = max(due + self.period, time.monotonic())
            try:
                conn.request('GET', '/metrics', headers=scrape.HEADERS)
                conn.getresponse().read()
            except (OSError, http.client.HTTPException):
                return  # the run ended
            time.sleep(max(0.0, due - time.monotonic()))

    def switch(self, on):
        self.wanted.set() if on else self.wanted.clear()

    def own_ms(self):
        """The CPU of the run's threads that serve the scrapes (microhttp's: the connection's event
        loop, which reads, scrapes and answers, and the one that accepts)."""
        return process_ms(self.pid, 'connection-event-loop') + process_ms(self.pid, 'event-loop')

    def close(self):
        self.done.set()
        self.wanted.set()


class Session:
    """A session of the simple query protocol, as the PG* environment says (trust or peer
    authentication only: this is for the bench server)."""

    def __init__(self, name):
        host = os.environ.get('PGHOST', '/tmp').split(',')[0]
        port = int(os.environ.get('PGPORT', '5432'))
        if host.startswith('/'):
            self.sock = socket.socket(socket.AF_UNIX)
            self.sock.connect(f'{host}/.s.PGSQL.{port}')
        else:
            self.sock = socket.create_connection((host, port))
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        user = os.environ.get('PGUSER', os.environ.get('USER', 'postgres'))
        params = {'user': user, 'database': os.environ.get('PGDATABASE', user),
                  'application_name': name}
        body = struct.pack('!i', 196608) + b''.join(
            k.encode() + b'\0' + v.encode() + b'\0' for k, v in params.items()) + b'\0'
        self.sock.sendall(struct.pack('!i', len(body) + 4) + body)
        self.file = self.sock.makefile('rb')
        self.until_ready()

    def until_ready(self):
        while True:
            kind = self.file.read(1)
            if not kind:
                raise OSError('the server closed the session')
            n, = struct.unpack('!i', self.file.read(4))
            body = self.file.read(n - 4)
            if kind == b'E':
                fields = {f[:1]: f[1:].decode() for f in body.split(b'\0') if f}
                sys.exit(f'toggle-monitor: {fields.get(b"M", "the server refused the session")}')
            if kind == b'R' and struct.unpack('!i', body[:4])[0] != 0:
                sys.exit('toggle-monitor: --wake needs a server that trusts this user')
            if kind == b'Z':
                return

    def send(self, sql):
        body = sql.encode() + b'\0'
        self.sock.sendall(b'Q' + struct.pack('!i', len(body) + 4) + body)

    def close(self):
        self.sock.sendall(b'X\0\0\0\4')
        self.sock.close()


class Waker(threading.Thread):
    """Wakes a session of its own HZ times a second while on, for a `SELECT 1`."""

    def __init__(self, hz, pipelined, on=True):
        super().__init__(daemon=True)
        self.period, self.pipelined, self.pending = 1.0 / hz, pipelined, False
        self.session = Session(WAKER)
        self.backend = backend_of(WAKER)
        self.wanted, self.done = threading.Event(), threading.Event()
        if on:
            self.wanted.set()
        self.start()

    def run(self):
        due = time.monotonic()
        while not self.done.is_set():
            self.wanted.wait()
            due = max(due + self.period, time.monotonic())
            if self.pending:
                self.session.until_ready()  # the last wake's answer, waiting in the socket
            self.session.send('SELECT 1')
            if self.pipelined:
                self.pending = True
            else:
                self.session.until_ready()
            time.sleep(max(0.0, due - time.monotonic()))

    def switch(self, on):
        self.wanted.set() if on else self.wanted.clear()

    def own_ms(self):
        """The CPU of the woken backend (this process's thread is in neither figure)."""
        return schedstat_ms(f'/proc/{self.backend}/schedstat')

    def close(self):
        self.done.set()
        self.wanted.set()
        self.join()
        if self.pending:
            self.session.until_ready()
        self.session.close()


class Against:
    """The toggled work on and a waker off, or the other way round: the "off" slots wake a session
    of this process's own instead of being idle. Its own CPU is the toggled work's."""

    def __init__(self, work, waker):
        self.work, self.waker = work, waker

    def switch(self, on):
        if on:
            self.waker.switch(False)
            self.work.switch(True)
        else:
            self.work.switch(False)
            self.waker.switch(True)

    def own_ms(self):
        return self.work.own_ms()

    def close(self):
        self.work.close()
        self.waker.close()


def run(args, jpgbench):
    pinning = Pinning() if args.pin else None
    try:
        return measure(args, jpgbench, pinning)
    finally:
        if pinning:
            pinning.close()


def measure(args, jpgbench, pinning):
    out = open(args.o + '.out', 'w')
    option = (['--metrics-listen=127.0.0.1:0'] if args.scrape else [] if args.wake
              else ['--server-stats'])
    proc = subprocess.Popen([jpgbench, *option, '-P', '1', '-T', str(args.T)]
                            + args.options, stdout=out, stderr=subprocess.STDOUT,
                            preexec_fn=pinning.jpgbench if pinning else None)
    control = None
    if args.c:
        # an idle session to stop instead, waiting for its client as the monitor's backend does
        # between samples; not in a statement (pg_sleep would hold back the xmin horizon, and
        # with it the pruning that pgbench_branches' and pgbench_tellers' updates need)
        control = subprocess.Popen(['psql', '-X'], env=dict(os.environ, PGAPPNAME=CONTROL),
                                   stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
    if args.scrape:
        switch = Scraper(proc.pid, args.scrape)
    elif args.wake:
        switch = Waker(args.wake, args.pipelined)
    else:
        switch = Backend(backend_of(CONTROL if control else 'jpgbench monitor'), proc.pid,
                         None if control else 'jpgbench-monitor')
    if args.against_wake:
        switch = Against(switch, Waker(args.against_wake, False, on=False))
    t0 = time.monotonic()  # about when the run's -P seconds start
    rows, on = [], True
    before = (server_ms(), process_ms(proc.pid), switch.own_ms())
    try:
        for sec in range(1, args.T):
            time.sleep(max(0.0, t0 + sec - time.monotonic()))
            now = (server_ms(), process_ms(proc.pid), switch.own_ms())
            rows.append((sec, on, *(a - b for a, b in zip(now, before))))
            before = now
            if sec >= START and (sec - START) % args.s == 0:
                want = (sec - START) // args.s % 2 == 1
                if want != on:
                    switch.switch(want)
                    on = want
    finally:
        switch.close()
    proc.wait()
    out.close()
    if control:
        control.stdin.close()  # psql reads its end and closes the session
        control.wait()
    tps = {}
    with open(args.o + '.out') as f:
        for line in f:
            m = re.match(r'progress: (\d+)\.\d s, ([\d.]+) tps', line)
            if m:
                tps[int(m.group(1))] = float(m.group(2))
    with open(args.o + '.tsv', 'w') as f:
        f.write('second\tmonitor\tserver_ms\tclient_ms\ttps\town_ms\n')
        for sec, state, s, c, own in rows:
            f.write(f'{sec}\t{int(state)}\t{s:.1f}\t{c:.1f}\t{tps.get(sec, "")}\t{own:.2f}\n')
    return [(sec, state, s, c, tps[sec], own) for sec, state, s, c, own in rows if sec in tps]


def slots(rows, slot):
    """Per slot: monitor on?, tps, server and client ms per 1000 transactions, and the share
    of the CPU spent (server and client) that the toggled work itself took."""
    acc = {}
    for sec, on, s, c, tps, own in rows:
        k, pos = divmod(sec - START - 1, slot)
        if sec <= START + 1 or pos == 0:
            continue  # before the first switch, or the second in which it switched
        a = acc.setdefault(k, [on, 0, 0.0, 0.0, 0.0, 0.0])
        for i, x in enumerate((1, tps, s, c, own)):
            a[i + 1] += x
    return [(on, tx / n, s / tx * 1000, c / tx * 1000, own / (s + c))
            for k, (on, n, tx, s, c, own) in sorted(acc.items()) if n == slot - 1]


def read_tsv(path):
    """A run's rows back from its PREFIX.tsv."""
    with open(path) as f:
        lines = f.read().split('\n')[1:]
    rows = [line.split('\t') + ['nan'] for line in lines if line]  # older files have no own_ms
    return [(int(r[0]), r[1] == '1', float(r[2]), float(r[3]), float(r[4]), float(r[5]))
            for r in rows if r[4]]


def on_off(per_slot):
    """Per "on" slot set between two "off" ones: on/off of tps, server and client µs/tx; and
    the toggled work's own share of the CPU in that slot."""
    ratios = {'tps': [], 'server us/tx': [], 'client us/tx': []}
    own = []
    for i in range(1, len(per_slot) - 1):
        (b, *off1), (on, *mid), (a, *off2) = per_slot[i - 1:i + 2]
        if on and not b and not a:
            for r, x, y, z in zip(ratios.values(), off1, mid, off2):
                r.append(y / ((x + z) / 2))
            own.append(mid[3])
    return ratios | {'own': own}


def interval(values):
    """Their mean and its 95% interval (Student's t)."""
    mean = statistics.fmean(values)
    half = t975(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return f'{mean:.3f}  95% {mean - half:.3f}-{mean + half:.3f}'


def report(ratios, runs=None):
    for name, r in ratios.items():
        if name == 'own':
            continue
        if len(r) < 3:
            sys.exit('toggle-monitor: too few slots; a longer -T or a shorter -s')
        print(f'{name:13} on/off {interval(r)}  ({len(r)} "on" slots, sd {statistics.stdev(r):.3f})')
        if runs:
            means = [statistics.fmean(x[name]) for x in runs]
            line = f'{"":13} runs   {" ".join(f"{m:.3f}" for m in means)}'
            if len(means) >= 3:  # runs differ by more than their slots say: judge on the runs
                line += f'  (their mean {interval(means)})'
            print(line)
    own = [x for x in ratios['own'] if not math.isnan(x)]
    if not own:
        return
    print(f'{"own CPU":13} {statistics.fmean(own):.2%} of the CPU spent in "on" slots'
          ' (the monitor\'s backend and thread, the endpoint\'s thread, or the woken backend)')


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[1],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('-s', type=int, default=4, help='seconds a slot (default 4)')
    p.add_argument('-T', type=int, default=250, help="the run's seconds (default 250)")
    p.add_argument('-o', default='toggle-monitor', help='output prefix (default toggle-monitor)')
    group = p.add_mutually_exclusive_group()
    group.add_argument('-c', action='store_true',
                       help='the control: toggle an idle session of its own, not the monitor')
    group.add_argument('--scrape', type=float, metavar='HZ',
                       help='toggle scrapes of --metrics-listen, HZ a second, not the monitor')
    group.add_argument('--wake', type=float, metavar='HZ',
                       help='a plain run; toggle a session of its own, woken HZ a second')
    p.add_argument('--pipelined', action='store_true',
                   help="with --wake: read each answer at the next wake, not at once")
    p.add_argument('--against-wake', type=float, metavar='HZ',
                   help='"off" slots wake a session of its own HZ a second (the monitor or --scrape)')
    p.add_argument('--pin', action='store_true',
                   help='the server on the first CPU, jpgbench on the others (not sharing)')
    group.add_argument('--pool', nargs='+', metavar='TSV',
                       help="no run: the slots of runs made before (their PREFIX.tsv), pooled")
    p.add_argument('options', nargs=argparse.REMAINDER, help='-- and jpgbench options')
    args = p.parse_args()
    args.options = [o for o in args.options if o != '--']
    if args.pipelined and not args.wake:
        p.error('--pipelined goes with --wake')
    for name in ('scrape', 'wake', 'against_wake'):
        rate = getattr(args, name)
        if rate is not None and not rate > 0:
            p.error(f'--{name.replace("_", "-")} needs a rate above 0')
    if args.against_wake and (args.wake or args.c or args.pool):
        p.error('--against-wake goes with the monitor or --scrape')
    if args.pin and args.pool:
        p.error('--pin goes with a run, not --pool')
    if args.s < 3:
        p.error('a slot needs 3 seconds at least (its first is dropped)')
    if args.pool:
        try:
            runs = [on_off(slots(read_tsv(path), args.s)) for path in args.pool]
        except OSError as e:
            sys.exit(f'toggle-monitor: cannot read {e.filename}: {e.strerror}')
        except (ValueError, IndexError) as e:
            sys.exit(f'toggle-monitor: not a file of toggle-monitor.py\'s runs ({e})')
        report({name: [x for run in runs for x in run[name]] for name in runs[0]}, runs)
    else:
        jpgbench = os.environ.get('JPGBENCH', os.path.join(ROOT, 'jpgbench'))
        report(on_off(slots(run(args, jpgbench), args.s)))


if __name__ == '__main__':
    main()
