package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pipelines far larger than both sides' socket buffers: the client must read results while it is
 * still writing commands (as libpq does), or client and server both block on a full buffer and the
 * run hangs. The timeout is what fails when they do.
 */
@ExtendWith(PostgresExtension.class)
class LargePipelineTest {
  private static final int COMMANDS = 10_000;

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"extended", "prepared"})
  @Timeout(120)
  void tenThousandCommandsEachReturningARowAllReachTheServer(String mode, TestDatabase db)
      throws Exception {
    try (Connection con = db.connect();
        Statement st = con.createStatement()) {
      st.execute("create table if not exists pipe_rows (client int, i int, pad text)");
      st.execute("truncate pipe_rows");
    }
    // in extended mode 10,000 x 300 bytes of requests and 10,000 x 1 kB of results per transaction
    String pad = "p".repeat(250);
    StringBuilder script = new StringBuilder("\\startpipeline\n");
    for (int i = 0; i < COMMANDS; i++) {
      script
          .append("insert into pipe_rows values (:client_id, ")
          .append(i)
          .append(", '")
          .append(pad)
          .append("') returning i, repeat('r', 1000);\n");
    }
    script.append("\\endpipeline\n");
    Path f = Files.writeString(dir.resolve("pipe10k.sql"), script);
    CliRun.Result r =
        CliRun.run(
            db.cliArgs("-n", "-M", mode, "-c", "2", "-t", "2", "-f", f.toString())
                .toArray(String[]::new));
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("number of transactions actually processed: 4/4"), r.out());
    try (Connection con = db.connect();
        Statement st = con.createStatement();
        ResultSet rs =
            st.executeQuery(
                "select count(*), count(distinct (client, i)), max(i) from pipe_rows")) {
      rs.next();
      assertEquals(4L * COMMANDS, rs.getLong(1), "every command of every transaction ran");
      assertEquals(2L * COMMANDS, rs.getLong(2), "each client ran every command");
      assertEquals(COMMANDS - 1, rs.getInt(3));
    }
  }

  @Test
  @Timeout(120)
  void resultsTotallingMoreThanTenMegabytesAreReadWhileCommandsAreStillBeingWritten(TestDatabase db)
      throws Exception {
    // 60 rows of 200 kB each, 12 MB of results per transaction, then a row that the last one ran
    StringBuilder script = new StringBuilder("\\startpipeline\n");
    for (int i = 0; i < 60; i++) {
      script.append("select repeat('x', 200000) as big, ").append(i).append(" as n;\n");
    }
    script.append("insert into pipe_sizes values (:client_id, 200000, 60);\n\\endpipeline\n");
    try (Connection con = db.connect();
        Statement st = con.createStatement()) {
      st.execute("create table if not exists pipe_sizes (client int, len int, n int)");
      st.execute("truncate pipe_sizes");
    }
    Path f = Files.writeString(dir.resolve("pipe12m.sql"), script);
    CliRun.Result r =
        CliRun.run(
            db.cliArgs("-n", "-M", "extended", "-c", "2", "-t", "3", "-f", f.toString())
                .toArray(String[]::new));
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("number of transactions actually processed: 6/6"), r.out());
    assertEquals("6 200000 60", sizes(db));
  }

  private static String sizes(TestDatabase db) throws SQLException {
    try (Connection con = db.connect();
        Statement st = con.createStatement();
        ResultSet rs = st.executeQuery("select count(*), min(len), min(n) from pipe_sizes")) {
      rs.next();
      return rs.getLong(1) + " " + rs.getInt(2) + " " + rs.getInt(3);
    }
  }
}
