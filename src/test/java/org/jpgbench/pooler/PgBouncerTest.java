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

  /**
   * A login the pooler refuses (a wrong password, a user it does not know) and more clients than
   * its max_client_conn: the same messages as native pgbench's, line for line, and its exit status.
   */
  @Test
  void refusedLoginsAndTooManyClientsFailAsPgbenchFails() throws Exception {
    try (PgBouncer md5 =
        PgBouncer.start(
            dir,
            server.host(),
            server.port(),
            "transaction",
            Map.of("auth_type", "md5", "max_client_conn", "2"))) {
      String port = Integer.toString(md5.port());
      List<List<String>> cases =
          List.of(
              List.of("wrong", "postgres", "-S", "-t", "1"),
              List.of("secret", "nosuchuser", "-S", "-t", "1"),
              List.of("secret", "postgres", "-S", "-c", "4", "-t", "10"));
      for (List<String> c : cases) {
        List<String> args = new ArrayList<>(List.of("-h", md5.host(), "-p", port, "-U", c.get(1)));
        args.addAll(c.subList(2, c.size()));
        args.add("postgres");
        Map<String, String> env = Map.of("PGPASSWORD", c.get(0));
        InProcess.Output n = nativePgbench.run(env, args);
        InProcess.Output j = InProcess.run(env, "", args.toArray(String[]::new));
        assertTrue(n.status() != 0, "native pgbench failed: " + n.err());
        assertEquals(
            n.status(), j.status(), args + "\nnative: " + n.err() + "\njpgbench: " + j.err());
        assertEquals(
            linesWith(n.err(), "error").stream().map(l -> "j" + l).toList(),
            linesWith(j.err(), "error"),
            args.toString());
      }
    }
  }

  /**
   * PgBouncer killed and started again under a run: with --reconnect the run goes on through the
   * outage and reports it; without it, clients end as native pgbench's end (the same exit status),
   * and what completed before is reported.
   */
  @Test
  void aPoolerThatRestartsUnderTheRun() throws Exception {
    try (PgBouncer pooler =
        PgBouncer.start(dir, server.host(), server.port(), "transaction", Map.of())) {
      List<String> reconnect =
          pooler.commandLine("postgres", "--reconnect", "-S", "-c", "2", "-j", "2", "-T", "5");
      InProcess.Output r = duringRestart(pooler, () -> jpgbench(reconnect));
      assertEquals(0, r.status(), r.out() + r.err());
      assertTrue(processed(r.out()) > 0, r.out());
      assertTrue(r.out().contains("outages: 1"), r.out());

      List<String> plain = pooler.commandLine("postgres", "-S", "-c", "2", "-j", "2", "-T", "5");
      InProcess.Output n = duringRestart(pooler, () -> pgbench(plain));
      InProcess.Output j = duringRestart(pooler, () -> jpgbench(plain));
      assertTrue(n.status() != 0, "native's run ended: " + n.err());
      assertEquals(n.status(), j.status(), "native: " + n.err() + "\njpgbench: " + j.err());
      assertTrue(processed(j.out()) > 0, "what completed is reported: " + j.out());
    }
  }

  /**
   * --server-stats through the pooler: without --server-stats-conninfo one warning says why the
   * server was not sampled and what to pass, and nothing session-level reaches the pooler; with it,
   * the server itself is sampled, and the wait events are those of the pooler's server connections
   * (found by the run's application_name).
   */
  @Test
  void serverStatsBehindThePooler() throws Exception {
    List<String> plain =
        transaction.commandLine(
            "postgres", "-S", "-c", "2", "-j", "2", "-T", "2", "--server-stats");
    InProcess.Output[] r = new InProcess.Output[1];
    Set<String> saw = statements(() -> r[0] = jpgbench(plain));
    assertEquals(0, r[0].status(), r[0].err());
    List<String> warnings = linesWith(r[0].err(), "--server-stats");
    assertEquals(1, warnings.size(), r[0].err());
    assertTrue(
        warnings.get(0).contains("goes through a connection pooler")
            && warnings.get(0).contains("--server-stats-conninfo="),
        warnings.get(0));
    assertTrue(
        saw.stream()
            .noneMatch(
                st ->
                    st.startsWith("PREPARE")
                        || st.contains("jpgbench monitor")
                        || st.contains("statement_timeout")),
        "no session state sent through the pooler: " + saw);

    String conninfo =
        "host=" + server.host() + " port=" + server.port() + " dbname=postgres user=postgres";
    Path json = dir.resolve("stats.json");
    List<String> sampled =
        transaction.commandLine(
            "postgres",
            "-S",
            "-c",
            "2",
            "-j",
            "2",
            "-T",
            "3",
            "--server-stats",
            "--server-stats-conninfo=" + conninfo,
            "--report-json=" + json);
    InProcess.Output j = jpgbench(sampled);
    assertEquals(0, j.status(), j.err());
    assertTrue(linesWith(j.err(), "--server-stats").isEmpty(), j.err());
    String report = Files.readString(json);
    Matcher commits = Pattern.compile("\"commits\": ?(\\d+)").matcher(report);
    long total = 0;
    while (commits.find()) {
      total += Long.parseLong(commits.group(1));
    }
    assertTrue(total > 100, "the server's commits were read: " + report);
    assertTrue(
        j.out().contains("wait events of the benchmark's backends"),
        "the pooler's server connections were sampled: " + j.out());
  }

  private interface Command {
    InProcess.Output run() throws Exception;
  }

  /** Runs {@code command} while PgBouncer is restarted (down 0.5 s) 1.5 s into it. */
  private static InProcess.Output duringRestart(PgBouncer pooler, Command command)
      throws Exception {
    java.util.concurrent.CompletableFuture<InProcess.Output> run =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () -> {
              try {
                return command.run();
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    Thread.sleep(1_500);
    pooler.restart(500);
    return run.get(60, java.util.concurrent.TimeUnit.SECONDS);
  }

  private static long processed(String out) {
    Matcher m = Pattern.compile("actually processed: (\\d+)").matcher(out);
    return m.find() ? Long.parseLong(m.group(1)) : -1;
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
