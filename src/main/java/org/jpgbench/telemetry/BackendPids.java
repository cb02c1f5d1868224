package org.jpgbench.telemetry;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The server processes serving the benchmark's clients, one slot per client: written by the
 * client's loop each time it connects (again, under --reconnect or -C), read by the monitor when it
 * samples their wait events. A slot is 0 until its client first connected.
 */
public final class BackendPids {
  private final AtomicIntegerArray pids;

  public BackendPids(int clients) {
    this.pids = new AtomicIntegerArray(clients);
  }

  /** Client {@code client} is now served by {@code pid}. */
  public void connected(int client, int pid) {
    pids.setRelease(client, pid);
  }

  /** The processes serving the clients now (each once), for a query's {@code pid = ANY(...)}. */
  public String arrayLiteral() {
    StringBuilder b = new StringBuilder("'{");
    int n = 0;
    for (int i = 0; i < pids.length(); i++) {
      int p = pids.getAcquire(i);
      if (p != 0) {
        if (n++ > 0) {
          b.append(',');
        }
        b.append(p);
      }
    }
    return b.append("}'::int[]").toString();
  }
}
