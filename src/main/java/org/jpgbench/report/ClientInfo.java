package org.jpgbench.report;

import java.util.List;

/**
 * How the client side of a run worked and what it cost: the transport its event loops used, how its
 * queries reached the server, and the client's own CPU time, so that a report shows when the client
 * rather than the server limited the result.
 *
 * @param transport "io_uring", "epoll" or "blocking"
 * @param queryPath "wire" (the protocol spoken by jpgbench) or "jdbc" (the driver's fallback)
 * @param cpuSeconds the client process's CPU time (user and system) during the benchmark
 * @param threadBusy for each event-loop thread, the share of the benchmark it spent on the CPU
 */
public record ClientInfo(
    String transport, String queryPath, double cpuSeconds, List<Double> threadBusy) {
  public ClientInfo {
    threadBusy = List.copyOf(threadBusy);
  }
}
