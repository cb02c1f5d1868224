#!/usr/bin/env python3
"""scrape.py PID [INTERVAL]: scrapes /metrics of process PID every INTERVAL seconds (default 1)
while it lives, as Prometheus 2.42 does: one kept-alive connection, OpenMetrics preferred, gzip
accepted. The port is the one PID listens on at 127.0.0.1 (found in /proc), so that the process
under measurement is started with port 0 and nothing of the scraper's runs in its CPU count."""
import http.client
import os
import sys
import time

HEADERS = {
    "Accept": "application/openmetrics-text;version=1.0.0,"
    "application/openmetrics-text;version=0.0.1;q=0.75,"
    "text/plain;version=0.0.4;q=0.5,*/*;q=0.1",
    "Accept-Encoding": "gzip",
    "User-Agent": "Prometheus/2.42.0",
    "X-Prometheus-Scrape-Timeout-Seconds": "10",
}


def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except OSError:
        return False


def listening_port(pid):
    """The port process PID listens on at 127.0.0.1, or None while it listens on none."""
    inodes = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
        # the JDK's sockets are IPv6 ones, 127.0.0.1 mapped, unless java.net.preferIPv4Stack
        for table, loopback in (("tcp6", "0000000000000000FFFF00000100007F"), ("tcp", "0100007F")):
            with open(f"/proc/{pid}/net/{table}") as f:
                for line in f.readlines()[1:]:
                    fields = line.split()
                    address, port = fields[1].split(":")
                    if fields[3] == "0A" and fields[9] in inodes and address == loopback:
                        return int(port, 16)
    except OSError:
        pass
    return None


def await_port(pid, given_up):
    """The port process PID listens on, once it listens; None if given_up() says so first."""
    port = None
    while port is None and not given_up():
        time.sleep(0.05)
        port = listening_port(pid)
    return port


def main():
    pid = int(sys.argv[1])
    interval = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    port = await_port(pid, lambda: not alive(pid))
    conn = None
    while alive(pid):
        time.sleep(interval)
        try:
            if conn is None:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("GET", "/metrics", headers=HEADERS)
            conn.getresponse().read()
        except (OSError, http.client.HTTPException):
            conn = None  # not listening yet, or the run is over


if __name__ == "__main__":
    main()
