package org.jpgbench.pooler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpgbench.testing.InProcess;
import org.jpgbench.testing.NativePgbench;
import org.jpgbench.testing.PgBouncer;
import org.jpgbench.testing.TestCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * jpgbench through a real PgBouncer, in transaction and in session mode, held against native
 * pgbench through the same pooler: every query mode, init, -C; the server's log (log_statement =
 * all) shows no statement that native pgbench does not cause (a {@code SET DateStyle} before every
 * transaction was what the JDBC driver's startup parameters made PgBouncer send); -M prepared in
 * transaction mode fails as native pgbench fails there.
 */
@Timeout(300)
class PgBouncerTest {
  private static final Pattern STATEMENT =
      Pattern.compile("LOG:  (?:statement|execute [^:]*): (.*)$");

  /** Literals differ from run to run: a statement is its text with every number as N. */
  private static final Pattern NUMBER = Pattern.compile("-?\\b\\d+\\b");

  /**
   * What jpgbench's init sends that native pgbench 15's does not, each for a reason: COPY for the
   * small tables too (as pgbench 16 and later do), and read-only catalog reads (the server's
   * version, the tables' layout before dropping them, maintenance_work_mem before building the
   * accounts key). None of them changes a setting of the session that a pooler would have to carry
   * from one server connection to another.
   */
  private static final List<Pattern> INIT_OWN =
      List.of(
          Pattern.compile("copy pgbench_(branches|tellers) from stdin with \\(freeze on\\)"),
          Pattern.compile("select pg_catalog\\.current_setting\\('server_version_num'\\)"),
          Pattern.compile("select n, c\\.relkind, .* with ordinality as t\\(n, i\\) .*"),
          Pattern.compile(
              "select pg_catalog\\.pg_size_bytes\\(pg_catalog\\.current_setting\\("
                  + "'maintenance_work_mem'\\)\\)"));

  @TempDir static Path dir;
  private static TestCluster server;
  private static PgBouncer transaction;
  private static PgBouncer session;
  private static NativePgbench nativePgbench;

  @BeforeAll
  static void start() throws Exception {
    Assumptions.assumeTrue(PgBouncer.installed(), "PgBouncer is not installed (.ci/run does)");
    nativePgbench = NativePgbench.find();
    Assumptions.assumeTrue(nativePgbench != null, "native pgbench is not installed (.ci/run does)");
    server = TestCluster.create(dir);
    server.restartWith("log_statement=all");
    InProcess.Output init =
        InProcess.run(Map.of(), "", server.commandLine("-i", "-q").toArray(String[]::new));
    assertEquals(0, init.status(), init.err());
    transaction = PgBouncer.start(dir, server.host(), server.port(), "transaction", Map.of());
    session = PgBouncer.start(dir, server.host(), server.port(), "session", Map.of());
  }

  @AfterAll
  static void stop() throws Exception {
    for (AutoCloseable c : new AutoCloseable[] {transaction, session, server}) {
      if (c != null) {
        c.close();
      }
    }
  }

  /** What the server logged as statements while {@code run} ran, each text once. */
  private static Set<String> statements(Run run) throws Exception {
    long before = Files.size(server.log());
    run.run();
    Thread.sleep(200); // the last statements reach the log
    byte[] all = Files.readAllBytes(server.log());
    String text = new String(all, (int) before, (int) (all.length - before), "UTF-8");
    Set<String> out = new TreeSet<>();
    for (String line : text.split("\n")) {
      Matcher m = STATEMENT.matcher(line);
      if (m.find()) {
        out.add(NUMBER.matcher(m.group(1).trim()).replaceAll("N"));
      }
    }
    return out;
  }

  private interface Run {
    void run() throws Exception;
  }

  private static InProcess.Output jpgbench(List<String> args) {
    return InProcess.run(Map.of(), "", args.toArray(String[]::new));
  }

  private static InProcess.Output pgbench(List<String> args)
      throws IOException, InterruptedException {
    return nativePgbench.run(Map.of(), args);
  }

  /**
   * The same command line through the pooler, native pgbench then jpgbench: both succeed, and the
   * server sees no statement from jpgbench that native pgbench did not send.
   */
  private static void likeNative(PgBouncer pooler, String... options) throws Exception {
    List<String> args = pooler.commandLine("postgres", options);
    InProcess.Output[] n = new InProcess.Output[1];
    InProcess.Output[] j = new InProcess.Output[1];
    Set<String> nativeSaw = statements(() -> n[0] = pgbench(args));
    assertEquals(0, n[0].status(), "native pgbench " + args + ": " + n[0].err());
    Set<String> jpgSaw = statements(() -> j[0] = jpgbench(args));
    assertEquals(0, j[0].status(), "jpgbench " + args + ": " + j[0].err());
    Set<String> extra = new TreeSet<>(jpgSaw);
    extra.removeAll(nativeSaw);
    if (args.contains("-i")) {
      extra.removeIf(st -> INIT_OWN.stream().anyMatch(p -> p.matcher(st).matches()));
    }
    assertEquals(
        List.of(),
        extra.stream().limit(5).toList(),
        "statements only jpgbench caused (" + extra.size() + "), " + args);
    assertTrue(!jpgSaw.isEmpty(), "the server logged the run's statements");
  }

  @Test
  void everyQueryModeInTransactionModeSendsOnlyWhatPgbenchSends() throws Exception {
    for (String mode : List.of("simple", "extended")) {
      likeNative(transaction, "-c", "4", "-j", "2", "-t", "50", "-M", mode);
      likeNative(transaction, "-S", "-c", "4", "-j", "2", "-t", "50", "-M", mode);
    }
  }

  @Test
  void everyQueryModeInSessionMode() throws Exception {
    for (String mode : List.of("simple", "extended", "prepared")) {
      likeNative(session, "-c", "2", "-j", "2", "-t", "50", "-M", mode);
    }
  }

  @Test
  void aNewConnectionPerTransactionThroughThePooler() throws Exception {
    likeNative(transaction, "-C", "-S", "-c", "2", "-t", "25");
    likeNative(session, "-C", "-c", "2", "-t", "25", "-M", "extended");
  }

  @Test
  void initThroughThePooler() throws Exception {
    likeNative(transaction, "-i", "-s", "1", "-q");
    likeNative(session, "-i", "-s", "1", "-q", "-I", "dtGvp");
  }

  @Test
  void preparedStatementsInTransactionModeFailAsPgbenchFails() throws Exception {
    try (PgBouncer one =
        PgBouncer.start(
            dir, server.host(), server.port(), "transaction", Map.of("default_pool_size", "1"))) {
      List<String> args =
          one.commandLine("postgres", "-S", "-c", "2", "-j", "1", "-t", "20", "-M", "prepared");
      InProcess.Output n = pgbench(args);
      InProcess.Output j = jpgbench(args);
      String failure = "prepared statement \"P_0\" already exists";
      assertTrue(n.err().contains(failure), "native: " + n.err());
      assertTrue(j.err().contains(failure), "jpgbench: " + j.err());
      assertEquals(n.status(), j.status(), "native: " + n.err() + "\njpgbench: " + j.err());
    }
  }

  /** The lines of {@code err} that hold {@code word}, for messages compared with native's. */
  static List<String> linesWith(String err, String word) {
    List<String> out = new ArrayList<>();
    for (String l : err.split("\n")) {
      if (l.contains(word)) {
        out.add(l);
      }
    }
    return out;
  }
}
