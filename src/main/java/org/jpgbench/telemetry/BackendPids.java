package org.jpgbench.telemetry;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The server processes serving the benchmark's clients, one slot per client: written by the
 * client's loop each time it connects (again, under --reconnect or -C), read by the monitor when it
 * samples their wait events. A slot is 0 until its client first connected. The monitor's array text
 * is made again only after a client connected (ten samples a second would otherwise build the same
 * string ten times).
 */
public final class BackendPids {
  private final AtomicIntegerArray pids;

  /** Bumped after each slot's change; the text below was made at {@link #textChanges}. */
  private final AtomicInteger changes = new AtomicInteger();

  private int textChanges = -1;
  private String text;

  public BackendPids(int clients) {
    this.pids = new AtomicIntegerArray(clients);
  }

  /** Client {@code client} is now served by {@code pid}. */
  public void connected(int client, int pid) {
    pids.setRelease(client, pid);
    changes.incrementAndGet();
  }

  /**
   * The processes serving the clients now (each once), as an int[] value's text ({@code {1,2}}) for
   * a query's {@code pid = ANY($1)}: the same String as at the previous call while no client
   * connected since. One reader (the monitor's thread).
   */
  public String arrayText() {
    int now = changes.get();
    if (now != textChanges) {
      // a change made while this reads the slots bumps the counter again: read again next time
      text = build();
      textChanges = now;
    }
    return text;
  }

  private String build() {
    StringBuilder b = new StringBuilder("{");
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
    return b.append('}').toString();
  }
}
