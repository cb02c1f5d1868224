package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import org.jpgbench.db.Takeover;
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
  void aStreamThatCannotBeTakenOverGivesTheJdbcPathWithAWarning() {
    // what a driver whose stream cannot be reached gives the engine's choice: no stream
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Engine e =
        Engine.choose((Takeover) null, "auto", new Console(new PrintStream(err, true), true));
    assertEquals("jdbc", e.path());
    assertFalse(e.multiplexes(), "JDBC blocks: a thread per client");
    assertEquals(
        "jpgbench: warning: the driver's connection stream cannot be taken over: queries go"
            + " through JDBC, at about twice the client CPU per query\n"
            + "jpgbench: debug: transport: blocking, queries: jdbc\n",
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aRunAskedToGoThroughJdbcDoesSoWithoutAWarning(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.transactionsPerClient = 2;
    h.options.debug = true;
    h.options.transport = "jdbc";
    h.run(db, h.script().sql("select 1").build("one.sql", 1));
    assertEquals(0, h.status, h.err);
    assertTrue(h.err.contains("jpgbench: debug: transport: blocking, queries: jdbc\n"), h.err);
    assertFalse(h.err.contains("warning"), h.err);
  }
}
