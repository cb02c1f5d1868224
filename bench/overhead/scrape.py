#!/usr/bin/env python3
"""scrape.py PORT PID [INTERVAL]: scrapes http://127.0.0.1:PORT/metrics every INTERVAL seconds
(default 1) while process PID lives, as Prometheus 2.42 does: one kept-alive connection,
OpenMetrics preferred, gzip accepted."""
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


def main():
    port, pid = int(sys.argv[1]), int(sys.argv[2])
    interval = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
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
