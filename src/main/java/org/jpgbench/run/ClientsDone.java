package org.jpgbench.run;

import java.util.function.LongSupplier;
import org.jpgbench.stats.StatsData;

/**
 * The clients' transactions so far, summed from each client's totals at one instant of its own; for
 * one reader thread at a time (the server monitor's, once an interval).
 */
final class ClientsDone implements LongSupplier {
  private final Client[] clients;
  private final StatsData one = new StatsData();

  ClientsDone(Client[] clients) {
    this.clients = clients;
  }

  @Override
  public long getAsLong() {
    long done = 0;
    for (Client c : clients) {
      c.stats.snapshot(one);
      done += one.cnt;
    }
    return done;
  }
}
