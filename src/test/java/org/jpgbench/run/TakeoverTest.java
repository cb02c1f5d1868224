package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The pinned driver's stream can be taken over: otherwise every run would fall back to JDBC, at
 * about twice the client CPU per query. A driver upgrade that breaks the takeover fails here.
 */
@ExtendWith(PostgresExtension.class)
class TakeoverTest {
  @Test
  void thePinnedDriverLetsItsStreamBeTakenOver(TestDatabase db) throws Exception {
    assertTrue(Takeover.supported(), "the driver's QueryExecutorBase.pgStream field is there");
    try (Connection con = db.connect()) {
      Takeover t = Takeover.of(con);
      assertNotNull(t, "an idle connection's stream is taken over");
      assertTrue(t.plain(), "a plain connection (no TLS) can go to the native transports");
      assertNotNull(t.socket());
    }
  }

  @Test
  void aRunOnTheJdbcFallbackSaysSoOnStderr(TestDatabase db) {
    // what a driver that cannot be taken over gives, simulated by hiding the stream
    System.setProperty(Takeover.HIDE_STREAM_PROPERTY, "true");
    try {
      RunHarness h = new RunHarness();
      h.options.transactionsPerClient = 2;
      h.run(db, h.script().sql("select 1").build("one.sql", 1));
      assertTrue(h.status == 0, h.err);
      assertTrue(
          h.err.contains(
              "jpgbench: warning: the driver's connection stream cannot be "
                  + "taken over: queries go through JDBC, at about twice the client CPU per query\n"),
          h.err);
    } finally {
      System.clearProperty(Takeover.HIDE_STREAM_PROPERTY);
    }
  }
}
