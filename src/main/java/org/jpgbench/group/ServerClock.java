package org.jpgbench.group;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;

/**
 * The offset between the coordination server's clock and this machine's, so that an instant the
 * group agrees on in server time becomes one on the local clock. Each sample reads the server's
 * {@code clock_timestamp()} between two local reads; the sample with the shortest round trip gives
 * the offset, wrong by at most half that round trip (NTP's estimate, from one side).
 *
 * @param offsetMicros server clock minus local clock
 * @param errorMicros the bound on the offset's error: half the best round trip
 */
record ServerClock(long offsetMicros, long errorMicros) {
  private static final int SAMPLES = 7;

  static ServerClock measure(Connection con) throws SQLException {
    long bestRtt = Long.MAX_VALUE;
    long offset = 0;
    try (Statement st = con.createStatement()) {
      for (int i = 0; i < SAMPLES; i++) {
        long before = localMicros();
        long server;
        try (ResultSet rs =
            st.executeQuery("SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint")) {
          rs.next();
          server = rs.getLong(1);
        }
        long after = localMicros();
        if (after - before < bestRtt) {
          bestRtt = after - before;
          offset = server - (before + after) / 2;
        }
      }
    }
    return new ServerClock(offset, (bestRtt + 1) / 2);
  }

  /** Server time (epoch µs) as local epoch µs. */
  long toLocal(long serverMicros) {
    return serverMicros - offsetMicros;
  }

  /** This machine's clock, Unix epoch µs. */
  static long localMicros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
  }
}
