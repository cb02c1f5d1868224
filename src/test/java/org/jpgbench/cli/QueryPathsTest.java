package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run loop's two ways to the server, the protocol layer (default) and plain JDBC (when the
 * driver's stream cannot be taken over), give the same results for the same script in every query
 * mode: \gset, \aset, pipelines and errors counted under --continue-on-error.
 */
@ExtendWith(PostgresExtension.class)
class QueryPathsTest {
  private static final String SCRIPT =
      """
      \\set k :client_id + 1
      select :k * 10 as a, :k + 100 as b \\gset p_
      select 5 as c, :k as d \\aset
      insert into paths values (:p_a, :p_b, null, :c, :d);
      select 1 / (:k - :k);
      """;

  private static final String PIPELINE =
      """
      \\set k :client_id + 1
      \\startpipeline
      insert into paths values (:k, 'pipe', null, 0, 0);
      select pg_sleep(0);
      \\endpipeline
      """;

  @TempDir Path dir;

  @BeforeEach
  void table(TestDatabase db) throws SQLException {
    try (Connection con = db.connect();
        Statement st = con.createStatement()) {
      st.execute("create table if not exists paths (a int, b text, n text, c int, d int)");
      st.execute("truncate paths");
    }
  }

  @Test
  void bothPathsStoreTheSameVariablesAndCountTheSameFailures(TestDatabase db) throws Exception {
    Path f = write("paths.sql", SCRIPT);
    for (String mode : List.of("simple", "extended", "prepared")) {
      CliRun.Result wire =
          run(
              db,
              false,
              "-M",
              mode,
              "-c",
              "2",
              "-t",
              "2",
              "-n",
              "--continue-on-error",
              "-f",
              f.toString());
      List<String> wireRows = rowsAndTruncate(db);
      CliRun.Result jdbc =
          run(
              db,
              true,
              "-M",
              mode,
              "-c",
              "2",
              "-t",
              "2",
              "-n",
              "--continue-on-error",
              "-f",
              f.toString());
      List<String> jdbcRows = rowsAndTruncate(db);
      assertEquals(
          List.of("10|101||5|1", "10|101||5|1", "20|102||5|2", "20|102||5|2"), wireRows, mode);
      assertEquals(wireRows, jdbcRows, mode);
      for (CliRun.Result r : List.of(wire, jdbc)) {
        assertEquals(0, r.status(), () -> mode + ": " + r.err());
        assertTrue(
            r.out().contains("number of failed transactions: 4 (100.000%)"),
            () -> mode + ": " + r.out());
        r.assertNoStackTrace();
      }
    }
  }

  @Test
  void bothPathsRunPipelines(TestDatabase db) throws Exception {
    Path f = write("pipe.sql", PIPELINE);
    for (String mode : List.of("extended", "prepared")) {
      for (boolean jdbcOnly : List.of(false, true)) {
        CliRun.Result r =
            run(db, jdbcOnly, "-M", mode, "-c", "2", "-t", "3", "-n", "-f", f.toString());
        assertEquals(0, r.status(), () -> mode + ": " + r.err());
        assertEquals(
            List.of(
                "1|pipe||0|0",
                "1|pipe||0|0",
                "1|pipe||0|0",
                "2|pipe||0|0",
                "2|pipe||0|0",
                "2|pipe||0|0"),
            rowsAndTruncate(db),
            mode + (jdbcOnly ? " jdbc" : " wire"));
      }
    }
  }

  @Test
  void theDefaultPathPreparesStatementsUnderPgbenchNames(TestDatabase db) throws Exception {
    Path f =
        write(
            "names.sql",
            """
        select 1;
        select string_agg(name, ',' order by name) as names from pg_prepared_statements \\gset
        insert into paths values (0, :names, null, 0, 0);
        """);
    CliRun.Result wire =
        run(db, false, "-M", "prepared", "-c", "1", "-t", "1", "-n", "-f", f.toString());
    assertEquals(0, wire.status(), wire::err);
    List<String> rows = rowsAndTruncate(db);
    assertEquals(1, rows.size());
    assertTrue(rows.get(0).matches("0\\|P_\\d+,P_\\d+\\|\\|0\\|0"), rows::toString);
  }

  @Test
  void aStatementThatCannotBePreparedIsLoggedThenItsExecutionFailsAsInPgbench(TestDatabase db)
      throws Exception {
    Path f = write("compound.sql", "select 1 \\; select 2;\n");
    CliRun.Result r = run(db, false, "-M", "prepared", "-t", "2", "-n", "-f", f.toString());
    assertEquals(2, r.status(), r::err);
    assertEquals(
        """
        jpgbench: error: ERROR:  cannot insert multiple commands into a prepared statement
        jpgbench: error: client 0 script 0 aborted in command 0 query 0: ERROR:  prepared statement "P_0" does not exist
        jpgbench: error: Run was aborted; the above results are incomplete.
        """,
        r.err().replaceAll("(?m)^(?!jpgbench: error:).*\n", ""));
  }

  @Test
  void noticesArePrintedAsLibpqPrintsThem(TestDatabase db) throws Exception {
    Path f =
        write(
            "notice.sql",
            """
        do $$ begin raise notice 'hi'; end $$;
        do $$ begin raise warning 'careful' using detail = 'd', hint = 'h'; end $$;
        """);
    CliRun.Result r = run(db, false, "-t", "1", "-n", "-f", f.toString());
    assertEquals(0, r.status(), r::err);
    assertTrue(
        r.err().startsWith("NOTICE:  hi\nWARNING:  careful\nDETAIL:  d\nHINT:  h\n"), r::err);
    assertFalse(r.err().contains("CONTEXT"), r::err); // libpq shows the context of errors only
  }

  @Test
  @Timeout(60)
  void copyAbortsTheClientInsteadOfWaitingForData(TestDatabase db) throws Exception {
    Path in = write("copy-in.sql", "copy paths (a) from stdin;\n");
    Path out = write("copy-out.sql", "copy (select 1) to stdout;\n");
    for (String mode : List.of("simple", "extended", "prepared")) {
      for (Path f : List.of(in, out)) {
        CliRun.Result r = run(db, false, "-M", mode, "-t", "1", "-n", "-f", f.toString());
        assertEquals(2, r.status(), () -> mode + ": " + r.err());
        assertTrue(
            r.err().startsWith("jpgbench: error: COPY is not supported in jpgbench, aborting\n"),
            () -> mode + ": " + r.err());
      }
    }
  }

  private Path write(String name, String text) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    return f;
  }

  /** A run on the protocol layer, or with {@code jdbcOnly} through the JDBC driver. */
  private static CliRun.Result run(TestDatabase db, boolean jdbcOnly, String... args) {
    List<String> line = new ArrayList<>(db.cliArgs(args));
    if (jdbcOnly) {
      line.add(0, "--transport=jdbc");
    }
    CliRun.Result r = CliRun.run(line.toArray(String[]::new));
    // asked for, the JDBC path is no fallback to warn of
    assertFalse(r.err().contains("cannot be taken over"), r.err());
    return r;
  }

  private static List<String> rowsAndTruncate(TestDatabase db) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Connection con = db.connect();
        Statement st = con.createStatement()) {
      try (ResultSet rs = st.executeQuery("select a, b, n, c, d from paths order by a, b, d")) {
        while (rs.next()) {
          rows.add(
              rs.getString(1)
                  + "|"
                  + rs.getString(2)
                  + "|"
                  + (rs.getString(3) == null ? "" : rs.getString(3))
                  + "|"
                  + rs.getString(4)
                  + "|"
                  + rs.getString(5));
        }
      }
      st.execute("truncate paths");
    }
    return rows;
  }
}
