package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Ctrl-C during -i, sent as a real SIGINT to a child JVM running the command line. What native
 * pgbench 15 does (pgbench -i -s 20, then kill -INT): "Cancel request sent", then the failed
 * statement's lines ("ERROR: canceling statement due to user request", "CONTEXT: COPY
 * pgbench_accounts, line N: ..." and "pgbench: error: PQendcopy failed" during the COPY), exit 1.
 */
@ExtendWith(PostgresExtension.class)
class InitInterruptTest {
  /** A child JVM running jpgbench, its stderr collected as it comes. */
  private static final class Child {
    final Process process;
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Thread reader;

    Child(List<String> args) throws IOException {
      List<String> cmd = new ArrayList<>();
      cmd.add(ProcessHandle.current().info().command().orElse("java"));
      cmd.add("-cp");
      cmd.add(System.getProperty("java.class.path"));
      cmd.add(Main.class.getName());
      cmd.addAll(args);
      process = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      InputStream in = process.getErrorStream();
      reader =
          new Thread(
              () -> {
                byte[] buf = new byte[8192];
                try {
                  for (int n; (n = in.read(buf)) > 0; ) {
                    synchronized (err) {
                      err.write(buf, 0, n);
                    }
                  }
                } catch (IOException ignored) {
                  // the child is gone
                }
              });
      reader.start();
    }

    String err() {
      synchronized (err) {
        return err.toString(StandardCharsets.UTF_8);
      }
    }

    void awaitErr(String text) throws InterruptedException {
      for (int i = 0; i < 1200 && !err().contains(text) && process.isAlive(); i++) {
        Thread.sleep(50);
      }
      assertTrue(err().contains(text), () -> "never printed \"" + text + "\": " + err());
    }

    void sigint() throws Exception {
      Process kill = new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start();
      assertEquals(0, kill.waitFor());
    }

    int exit() throws Exception {
      assertTrue(process.waitFor(60, TimeUnit.SECONDS), "still running");
      reader.join(10_000);
      return process.exitValue();
    }
  }

  private static String q(TestDatabase db, String sql) throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  @Test
  void ctrlCDuringTheLoadCancelsItRollsBackAndExitsOne(TestDatabase db) throws Exception {
    Child child = new Child(db.cliArgs("-i", "-s", "20"));
    child.awaitErr("100000 of 2000000 tuples (5%) of pgbench_accounts done");
    child.sigint();
    int status = child.exit();
    String err = child.err();
    assertEquals(1, status, err);
    assertTrue(err.contains("\nCancel request sent\n"), err);
    // the server's answer to the cancel, as pgbench prints a failed COPY; or, when the server had
    // read every row sent before the cancel reached it (the COPY then completes, uncommitted),
    // jpgbench's own line
    assertTrue(
        err.contains(
                    "ERROR:  canceling statement due to user request\nCONTEXT:  COPY pgbench_accounts, line ")
                && err.contains("\njpgbench: error: PQendcopy failed\n")
            || err.contains("\njpgbench: error: initialization canceled\n"),
        err);
    assertTrue(
        err.endsWith(
            "jpgbench: detail: Init step \"g\" (client-side generate) failed on table"
                + " pgbench_accounts.\n"),
        err);
    assertFalse(err.contains("Exception") || err.contains("\tat "), err);
    // the load's transaction was rolled back; no backend is left working for it
    assertEquals("0", q(db, "SELECT count(*) FROM pgbench_accounts"));
    assertEquals("0", q(db, "SELECT count(*) FROM pgbench_branches"));
    String others =
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            + " AND pid <> pg_backend_pid()";
    for (int i = 0; i < 200 && !"0".equals(q(db, others)); i++) {
      Thread.sleep(50); // the child's backends end once they see its connections closed
    }
    assertEquals("0", q(db, others));

    CliRun.Result again = CliRun.run(db.cliArgs("-i", "-s", "1").toArray(String[]::new));
    assertEquals(0, again.status(), again.err());
    assertEquals("100000", q(db, "SELECT count(*) FROM pgbench_accounts"));
  }

  @Test
  void aSecondCtrlCExitsAtOnce(TestDatabase db) throws Exception {
    // a "server" that accepts the connection and never answers: the first Ctrl-C has nothing to
    // cancel on the server, so the initialization keeps waiting until the second one
    try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Child child =
          new Child(
              List.of(
                  "-i",
                  "-h",
                  "127.0.0.1",
                  "-p",
                  Integer.toString(silent.getLocalPort()),
                  "-U",
                  db.user(),
                  db.name()));
      try (Socket accepted = silent.accept()) {
        assertTrue(accepted.getInputStream().read() >= 0); // the startup packet: connecting now
        child.sigint();
        child.awaitErr("Cancel request sent\n");
        child.sigint();
        int status = child.exit();
        assertEquals(org.jpgbench.sigint.CtrlC.EXIT_STATUS, status, child.err());
        assertEquals("Cancel request sent\n", child.err());
      }
    }
  }

  @Test
  void ctrlCDuringAnEmbeddedInitCancelsTheStepAndStopsTheServer() throws Exception {
    Child child = new Child(List.of("--embedded", "-i", "-s", "20"));
    child.awaitErr("100000 of 2000000 tuples (5%) of pgbench_accounts done");
    Matcher m =
        Pattern.compile("embedded PostgreSQL \\S+ started on 127\\.0\\.0\\.1:(\\d+)")
            .matcher(child.err());
    assertTrue(m.find(), child.err());
    int port = Integer.parseInt(m.group(1));
    child.sigint();
    int status = child.exit();
    String err = child.err();
    // as without --embedded: the step is canceled, not cut off by the server's shutdown
    assertEquals(1, status, err);
    assertTrue(err.contains("\nCancel request sent\n"), err);
    assertTrue(
        err.endsWith(
            "jpgbench: detail: Init step \"g\" (client-side generate) failed on table"
                + " pgbench_accounts.\n"),
        err);
    assertFalse(err.contains("terminating connection due to administrator command"), err);
    assertFalse(err.contains("Exception") || err.contains("\tat "), err);
    // and the throwaway server is gone with the command
    boolean listening = true;
    for (int i = 0; i < 300 && listening; i++) {
      try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
        Thread.sleep(100);
      } catch (IOException gone) {
        listening = false;
      }
    }
    assertFalse(listening, "the embedded server still listens on port " + port);
  }
}
