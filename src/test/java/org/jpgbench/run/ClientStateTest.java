package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.expr.Variables;
import org.jpgbench.io.Transports;
import org.jpgbench.random.Prng;
import org.jpgbench.script.MetaCommand;
import org.jpgbench.script.Script;
import org.jpgbench.script.SqlCommand;
import org.jpgbench.wire.ResultSink;
import org.jpgbench.wire.ServerMessage;
import org.junit.jupiter.api.Test;

/**
 * The client state machine without a server: one client on a loop that runs no thread, a link whose
 * answers each test gives, and the transitions of {@link ClientState} one by one.
 */
class ClientStateTest {
  /** A link that records what the client sends; the test answers for the server. */
  static final class FakeLink extends Link {
    final List<String> sent = new ArrayList<>();
    ResultSink store;
    boolean closed;

    FakeLink() {
      super(null);
    }

    @Override
    void command(
        SqlPlan plan, int script, int pc, Variables vars, String simpleText, ResultSink store) {
      sent.add("command " + pc);
      pending = 1;
      this.store = store;
    }

    @Override
    void preparePipeline(int script, int from, int to) {
      sent.add("prepare " + from + ".." + to);
    }

    @Override
    void pipelined(SqlPlan plan, int script, int pc, Variables vars) {
      sent.add("pipelined " + pc);
    }

    @Override
    void pipelineSync() {
      sent.add("sync");
      pending++;
    }

    @Override
    void rollback() {
      sent.add("rollback");
      pending = 1;
    }

    @Override
    String path() {
      return "fake";
    }

    @Override
    void close() {
      closed = true;
    }

    void ok(char tx) {
      pending = 0;
      txStatus = tx;
    }

    void fail(String sqlstate, char tx) {
      error = new ServerMessage("ERROR", "ERROR", sqlstate, "boom", null, null, 0, null);
      errorQuery = 0;
      pending = 0;
      txStatus = tx;
    }
  }

  /** One client on a loop that never runs a thread; the test drives its rounds. */
  private static final class Rig {
    final Options.Builder o = Options.builder();
    final SymbolTable symbols = new SymbolTable();
    final HandScripts script = new HandScripts(symbols);
    final ByteArrayOutputStream err = new ByteArrayOutputStream();
    final FakeLink link = new FakeLink();
    ConnectionFactory db;
    long nxacts = 10;
    RunContext run;
    Client c;
    EventLoop loop;

    Rig() {
      o.noVacuum = true;
    }

    Rig start() {
      Script s = script.build("test", 1);
      Script[] scripts = {s};
      SqlPlan[][] plans = new SqlPlan[1][s.commands().size()];
      for (int i = 0; i < plans[0].length; i++) {
        if (s.commands().get(i) instanceof SqlCommand sql) {
          plans[0][i] = new SqlPlan(sql, i);
        }
      }
      Console console = new Console(new PrintStream(err, true, StandardCharsets.UTF_8), false);
      run =
          new RunContext(
              o.build(),
              RunPlan.of(o.build(), scripts.length > 1),
              scripts,
              plans,
              symbols,
              db,
              Transports.blocking(),
              false,
              console,
              new RunClock(),
              nxacts,
              1);
      Prng p = new Prng(12);
      double delay = o.rate > 0 ? 1_000_000.0 / o.rate : 0;
      ClientGroup g =
          new ClientGroup(0, p.copy(), p.copy(), p.copy(), new int[] {1}, delay, 0.0, console);
      g.startSchedule(1_000);
      c = new Client(0, g, run, new Variables(symbols), new Prng(78));
      loop = new EventLoop(0, new Client[] {c}, run);
      if (!o.connectPerTransaction) {
        c.link = link;
      }
      return this;
    }

    /** One round of the loop at {@code now} µs: the client advances until it waits. */
    Rig round(long now) {
      loop.beginRound(now);
      c.advance();
      return this;
    }

    String err() {
      return err.toString(StandardCharsets.UTF_8);
    }
  }

  private static Rig twoCommands() {
    Rig r = new Rig();
    r.script.sql("select 1").sql("select 2");
    return r;
  }

  // ------------------------------------------------------------------ CHOOSE_SCRIPT, START_TX

  @Test
  void aNewClientChoosesItsScriptStartsATransactionAndSendsTheFirstCommand() {
    Rig r = twoCommands().start().round(5_000);
    assertEquals(List.of("command 0"), r.link.sent);
    assertEquals(ClientState.WAIT_RESULT, r.c.state);
    assertEquals(5_000, r.c.txnScheduled, "unthrottled, the start is the schedule");
  }

  @Test
  void noTransactionStartsOnceTimeIsUp() {
    Rig r = twoCommands();
    r.o.durationSeconds = 1;
    r.start();
    r.run.endTime = 2_000;
    r.round(3_000);
    assertEquals(ClientState.FINISHED, r.c.state);
    assertEquals(List.of(), r.link.sent);
    assertTrue(r.link.closed);
    assertEquals(Client.End.FINISHED, r.c.end);
  }

  @Test
  void underDashCTheTransactionConnectsAndAFailureAbortsTheClient() {
    Rig r = twoCommands();
    r.o.connectPerTransaction = true;
    r.db =
        new ConnectionFactory() {
          @Override
          public Connection open(Options.QueryMode mode) throws SQLException {
            throw new SQLException("connection refused");
          }

          @Override
          public String describe() {
            return "nowhere";
          }

          @Override
          public String database() {
            return "none";
          }
        };
    r.start().round(1_000);
    assertEquals(ClientState.ABORTED, r.c.state);
    assertTrue(r.err().contains("error: connection refused\n"), r.err());
    assertTrue(r.err().contains("client 0 aborted while establishing connection"), r.err());
  }

  // ------------------------------------------------------------------ throttling

  @Test
  void underRateTheClientWaitsForItsSlotThenStarts() {
    Rig r = twoCommands();
    r.o.rate = 100; // a slot every 10 ms on average
    r.start().round(1_000);
    assertEquals(ClientState.THROTTLE, r.c.state);
    long slot = r.c.txnScheduled;
    assertTrue(slot > 1_000, "the first slot lies after the schedule's start");
    assertEquals(slot, r.loop.nextDeadline(), "the loop wakes at the slot");
    assertEquals(List.of(), r.link.sent);
    r.round(slot - 1);
    assertEquals(ClientState.THROTTLE, r.c.state, "not before its time");
    r.round(slot);
    assertEquals(List.of("command 0"), r.link.sent);
    assertEquals(slot, r.c.txnScheduled, "the latency is measured from the slot");
  }

  @Test
  void underLatencyLimitSlotsAlreadyTooLateAreSkipped() {
    Rig r = twoCommands();
    r.o.rate = 1_000_000;
    r.o.latencyLimitMicros = 10;
    r.nxacts = 5;
    r.start().round(10_000_000); // far behind the schedule
    assertEquals(ClientState.FINISHED, r.c.state, "-t 5 reached with skipped transactions");
    assertEquals(5, r.c.stats.total().skipped);
    assertEquals(List.of(), r.link.sent);
  }

  @Test
  void aSlotBeyondTheEndOfTheRunFinishesTheClient() {
    Rig r = twoCommands();
    r.o.rate = 0.001; // the next slot is hours away
    r.o.durationSeconds = 1;
    r.start();
    r.run.endTime = 2_000_000;
    r.round(1_000);
    assertEquals(ClientState.FINISHED, r.c.state);
  }

  // ------------------------------------------------------------------ commands

  @Test
  void whileTheAnswerIsOutstandingTheClientWaitsAndTheLoopCountsIt() {
    Rig r = twoCommands().start().round(1_000).round(1_100);
    assertEquals(ClientState.WAIT_RESULT, r.c.state);
    assertTrue(r.c.waitingForServer);
    assertEquals(List.of("command 0"), r.link.sent);
  }

  @Test
  void anAnsweredCommandLeadsToTheNextOne() {
    Rig r = twoCommands().start().round(1_000);
    r.link.ok('I');
    r.round(1_200);
    assertEquals(List.of("command 0", "command 1"), r.link.sent);
    assertEquals(ClientState.WAIT_RESULT, r.c.state);
    assertTrue(r.c.waitingForServer, "waiting again, for the second command");
  }

  @Test
  void theEndOfTheScriptAccountsTheTransactionAndStartsTheNext() {
    Rig r = twoCommands().start().round(1_000);
    r.link.ok('I');
    r.round(1_200);
    r.link.ok('I');
    r.round(1_500);
    assertEquals(1, r.c.count());
    assertEquals(1, r.c.stats.total().cnt);
    assertEquals(500, r.c.stats.total().latency.sum, 1e-9, "from its start to its end");
    assertEquals(
        List.of("command 0", "command 1", "command 0"),
        r.link.sent,
        "a transaction that waited goes on into the next without yielding");
  }

  @Test
  void afterDashTTransactionsTheClientFinishes() {
    Rig r = twoCommands();
    r.nxacts = 1;
    r.start().round(1_000);
    r.link.ok('I');
    r.round(1_100);
    r.link.ok('I');
    r.round(1_200);
    assertEquals(ClientState.FINISHED, r.c.state);
    assertEquals(Client.End.FINISHED, r.c.end);
    assertTrue(r.link.closed);
  }

  @Test
  void aTransactionBlockLeftOpenAtTheEndAbortsTheClient() {
    Rig r = twoCommands().start().round(1_000);
    r.link.ok('T');
    r.round(1_100);
    r.link.ok('T');
    r.round(1_200);
    assertEquals(ClientState.ABORTED, r.c.state);
    assertTrue(
        r.err()
            .contains(
                "client 0 aborted: end of script reached without completing "
                    + "the last transaction"),
        r.err());
  }

  @Test
  void sleepWaitsForItsDeadlineThenTheNextCommandRuns() {
    Rig s = new Rig();
    s.script.sleep(10, 1000).sql("select 1");
    s.start().round(1_000);
    assertEquals(ClientState.SLEEP, s.c.state);
    assertEquals(11_000, s.loop.nextDeadline());
    s.round(10_999);
    assertEquals(ClientState.SLEEP, s.c.state);
    s.round(11_000);
    assertEquals(List.of("command 1"), s.link.sent);
  }

  @Test
  void aTransactionThatNeverWaitsYieldsWhenAnotherClientCanRun() {
    Rig r = new Rig();
    r.script.setRandom("x", 1, 10);
    r.start();
    Client other = new Client(1, r.c.group, r.run, new Variables(r.symbols), new Prng(5));
    r.loop.ready(other);
    r.round(1_000);
    assertEquals(ClientState.CHOOSE_SCRIPT, r.c.state);
    assertEquals(1, r.c.count());
    assertTrue(r.loop.isReady(r.c), "back on the ready list, after the others");
  }

  @Test
  void aLoneClientRunsSuchTransactionsBackToBackForAStreakThenYields() {
    Rig r = new Rig();
    r.nxacts = 1_000;
    r.script.setRandom("x", 1, 10);
    r.start().round(1_000);
    assertEquals(EventLoop.STREAK, r.c.count());
    assertTrue(r.loop.isReady(r.c), "the round's checks (clock, -T, Ctrl-C) come next");
  }

  // ------------------------------------------------------------------ pipelines

  @Test
  void aPipelineQueuesItsCommandsAndWaitsForItsSyncsAtItsEnd() {
    Rig r = new Rig();
    r.o.queryMode = Options.QueryMode.PREPARED;
    r.script
        .meta(MetaCommand.Kind.STARTPIPELINE)
        .sql("select 1")
        .sql("select 2")
        .meta(MetaCommand.Kind.SYNCPIPELINE)
        .sql("select 3")
        .meta(MetaCommand.Kind.ENDPIPELINE);
    r.start().round(1_000);
    assertEquals(
        List.of("prepare 1..5", "pipelined 1", "pipelined 2", "sync", "pipelined 4", "sync"),
        r.link.sent);
    assertEquals(ClientState.WAIT_RESULT, r.c.state);
    assertEquals(2, r.link.pending, "both sync points answer");
    r.link.ok('I');
    r.round(1_300);
    assertEquals(1, r.c.count());
  }

  @Test
  void theEndOfTheScriptWithAPipelineOpenAbortsTheClient() {
    Rig r = new Rig();
    r.o.queryMode = Options.QueryMode.EXTENDED;
    r.script.meta(MetaCommand.Kind.STARTPIPELINE).sql("select 1");
    r.start().round(1_000);
    assertEquals(ClientState.ABORTED, r.c.state);
    assertTrue(r.err().contains("client 0 aborted: end of script reached with pipeline open"));
  }

  @Test
  void gsetInAPipelineAbortsTheClient() {
    Rig r = new Rig();
    r.o.queryMode = Options.QueryMode.EXTENDED;
    r.script
        .meta(MetaCommand.Kind.STARTPIPELINE)
        .gset("select 1 as one")
        .meta(MetaCommand.Kind.ENDPIPELINE);
    r.start().round(1_000);
    assertEquals(ClientState.ABORTED, r.c.state);
    assertTrue(
        r.err()
            .contains(
                "client 0 aborted in command 1 (gset) of script 0; "
                    + "\\gset is not allowed in pipeline mode"),
        r.err());
  }

  @Test
  void pipelinesNeedTheExtendedProtocol() {
    Rig r = new Rig();
    r.script
        .meta(MetaCommand.Kind.STARTPIPELINE)
        .sql("select 1")
        .meta(MetaCommand.Kind.ENDPIPELINE);
    r.start().round(1_000);
    assertEquals(ClientState.ABORTED, r.c.state);
    assertTrue(r.err().contains("cannot use pipeline mode with the simple query protocol"));
  }

  // ------------------------------------------------------------------ errors and retries

  private static Rig retrying(int maxTries) {
    Rig r = new Rig();
    r.o.maxTries = maxTries;
    r.o.durationSeconds = 60;
    r.script.setRandom("x", 1, 1_000_000_000).sql("update t set x = :x");
    return r;
  }

  @Test
  void aSerializationFailureRollsBackThenRetriesWithTheSameRandomValues() {
    Rig r = retrying(3).start().round(1_000);
    int slot = r.symbols.slotOf("x");
    long first = r.c.vars.typedInt(slot);
    r.link.fail("40001", 'E');
    r.round(1_100);
    assertEquals(ClientState.WAIT_ROLLBACK, r.c.state);
    assertEquals(List.of("command 1", "rollback"), r.link.sent);
    r.link.ok('I');
    r.round(1_200);
    assertEquals(List.of("command 1", "rollback", "command 1"), r.link.sent);
    assertEquals(2, r.c.tries);
    assertEquals(first, r.c.vars.typedInt(slot), "the restored generator drew the same value");
    assertEquals(1, r.c.stats.command(0, 1).retries);
  }

  @Test
  void aSerializationFailureOutsideABlockRetriesAtOnce() {
    Rig r = retrying(3).start().round(1_000);
    r.link.fail("40P01", 'I');
    r.round(1_100);
    assertEquals(List.of("command 1", "command 1"), r.link.sent, "no rollback needed");
  }

  @Test
  void theLastTryFailsTheTransactionWhichIsCountedAsSuch() {
    Rig r = retrying(1).start().round(1_000);
    r.link.fail("40001", 'I');
    r.round(1_100);
    assertEquals(1, r.c.count());
    assertEquals(1, r.c.stats.total().serializationFailures);
    assertEquals(1, r.c.stats.command(0, 1).failures);
  }

  @Test
  void anErrorAfterTheEndOfTheRunFinishesWithoutRetrying() {
    Rig r = retrying(3).start().round(1_000);
    r.run.endTime = 1_050;
    r.link.fail("40001", 'I');
    r.round(1_100);
    assertEquals(ClientState.FINISHED, r.c.state);
    assertEquals(0, r.c.count(), "the interrupted transaction is not accounted");
  }

  @Test
  void anyOtherErrorAbortsTheClientWithTheServersMessage() {
    Rig r = twoCommands().start().round(1_000);
    r.link.fail("22012", 'I');
    r.round(1_100);
    assertEquals(ClientState.ABORTED, r.c.state);
    assertTrue(
        r.err().contains("client 0 script 0 aborted in command 0 query 0: ERROR:  boom"), r.err());
  }

  @Test
  void underContinueOnErrorOtherErrorsFailTheTransactionAndTheClientGoesOn() {
    Rig r = twoCommands();
    r.o.continueOnError = true;
    r.start().round(1_000);
    r.link.fail("22012", 'I');
    r.round(1_100);
    assertEquals(1, r.c.stats.total().otherFailures);
    assertEquals(List.of("command 0", "command 0"), r.link.sent, "the next transaction");
  }

  @Test
  void aFailedRollbackAbortsTheClient() {
    Rig r = retrying(3).start().round(1_000);
    r.link.fail("40001", 'E');
    r.round(1_100);
    r.link.fail("XX000", 'E');
    r.round(1_200);
    assertEquals(ClientState.ABORTED, r.c.state);
    assertTrue(
        r.err()
            .contains(
                "client 0 aborted while rolling back the transaction after an "
                    + "error; ERROR:  boom"),
        r.err());
  }

  @Test
  void aConnectionLostWithoutAWordAbortsTheClient() {
    Rig r = twoCommands().start().round(1_000);
    r.link.broken = true;
    r.round(1_100);
    assertEquals(ClientState.ABORTED, r.c.state);
    assertTrue(
        r.err()
            .contains(
                "client 0 aborted in command 0 (SQL) of script 0; "
                    + "perhaps the backend died while processing"),
        r.err());
  }

  @Test
  void copyAbortsTheClient() {
    Rig r = twoCommands().start().round(1_000);
    r.link.copy = true;
    r.link.broken = true;
    r.round(1_100);
    assertEquals(ClientState.ABORTED, r.c.state);
    assertTrue(r.err().contains("COPY is not supported"), r.err());
  }

  // ------------------------------------------------------------------ stopping

  @Test
  void ctrlCStopsTheClientWhereItIsWithoutAccountingItsTransaction() {
    Rig r = twoCommands().start().round(1_000);
    r.c.quit();
    assertEquals(Client.End.INTERRUPTED, r.c.end);
    assertTrue(r.link.closed);
    assertEquals(0, r.c.count());
  }

  @Test
  void anAbortUnderExitOnAbortStopsTheRun() {
    Rig r = twoCommands();
    r.o.exitOnAbort = true;
    r.start().round(1_000);
    r.link.fail("22012", 'I');
    r.round(1_100);
    assertEquals(0, r.run.control.abortedThread);
    assertTrue(r.run.control.halted);
  }

  // ------------------------------------------------------------------ --reconnect

  /** Refuses every connection, each once {@code answer} is opened. */
  private static ConnectionFactory refusing(java.util.concurrent.CountDownLatch answer) {
    return new ConnectionFactory() {
      @Override
      public Connection open(Options.QueryMode mode) throws SQLException {
        try {
          answer.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        throw new SQLException("connection refused", "08001");
      }

      @Override
      public String describe() {
        return "nowhere";
      }

      @Override
      public String database() {
        return "none";
      }
    };
  }

  /** The server's answer to the attempts: held back until a test lets it through. */
  private static final ThreadLocal<java.util.concurrent.CountDownLatch> ANSWER =
      new ThreadLocal<>();

  private static Rig reconnecting() {
    Rig r = twoCommands();
    r.o.reconnect = true;
    java.util.concurrent.CountDownLatch answer = new java.util.concurrent.CountDownLatch(1);
    ANSWER.set(answer);
    r.db = refusing(answer);
    return r;
  }

  /** Lets the attempt fail, waits until its thread has handed the client back, runs a round. */
  private static void awaitAttempt(Rig r, long now) throws InterruptedException {
    ANSWER.get().countDown();
    for (int i = 0; i < 500 && !r.c.reconnection.finished(); i++) {
      Thread.sleep(10);
    }
    r.round(now);
  }

  @Test
  void underReconnectALostConnectionIsAConnectionFailureAndTheFirstAttemptIsDueSoon() {
    Rig r = reconnecting().start().round(1_000);
    r.link.broken = true;
    r.round(2_000);
    assertEquals(ClientState.RECONNECT, r.c.state);
    assertTrue(r.link.closed);
    assertEquals(1, r.c.stats.total().connectionFailures);
    assertEquals(1, r.c.stats.command(0, 0).failures, "the command in flight failed");
    long due = r.loop.nextDeadline();
    assertTrue(
        due >= 2_000 + 5_000 && due <= 2_000 + 10_000, "first attempt after 5-10 ms: " + due);
    assertEquals(1, r.run.outages.reconnecting());
    assertEquals("", r.err(), "quiet without --verbose-errors");
  }

  @Test
  void aFailedAttemptWaitsLongerForTheNextOne() throws InterruptedException {
    Rig r = reconnecting().start().round(1_000);
    r.link.broken = true;
    r.round(2_000);
    long first = r.loop.nextDeadline();
    r.round(first);
    assertEquals(ClientState.WAIT_CONNECT, r.c.state);
    awaitAttempt(r, first + 100);
    assertEquals(ClientState.RECONNECT, r.c.state);
    long second = r.loop.nextDeadline() - (first + 100);
    assertTrue(second >= 10_000 && second <= 20_000, "then 10-20 ms: " + second);
    assertEquals(1, r.c.stats.total().connectionFailures, "attempts are not transactions");
  }

  @Test
  void whenAnotherClientGetsBackInAWaitingClientTriesAtOnce() {
    Rig r = reconnecting().start().round(1_000);
    r.link.broken = true;
    r.round(2_000);
    r.run.outages.lost(0, 2_000, false); // stands for another client of the run
    r.run.outages.back(3_000);
    r.round(3_000);
    assertEquals(ClientState.WAIT_CONNECT, r.c.state, "tried without waiting for its delay");
    ANSWER.get().countDown();
  }

  @Test
  void onceTheReconnectCapHasRunOutTheClientAborts() throws InterruptedException {
    Rig r = reconnecting();
    r.o.reconnectSeconds = 1;
    r.start().round(1_000);
    r.link.broken = true;
    r.round(2_000);
    r.round(1_500_000);
    awaitAttempt(r, 1_500_000);
    assertEquals(ClientState.ABORTED, r.c.state);
    assertTrue(r.err().contains("error: connection refused\n"), r.err());
    assertTrue(
        r.err().contains("client 0 aborted: could not reconnect within 1 s (--reconnect)"),
        r.err());
    assertEquals(0, r.run.outages.reconnecting());
  }

  @Test
  void theEndOfTheRunEndsAWaitForTheNextAttemptAndAnAttemptInProgress() {
    Rig r = reconnecting();
    r.o.durationSeconds = 1;
    r.start();
    r.run.endTime = 1_000_000;
    r.round(1_000);
    r.link.broken = true;
    r.round(2_000);
    r.round(r.loop.nextDeadline());
    assertEquals(ClientState.WAIT_CONNECT, r.c.state);
    assertEquals(1_000_000, r.loop.nextDeadline(), "the end of -T wakes it");
    r.round(1_000_000);
    assertEquals(ClientState.FINISHED, r.c.state);
    assertEquals(Client.End.FINISHED, r.c.end);
    ANSWER.get().countDown();
  }

  @Test
  void underDashCAndReconnectAFailedConnectWaitsWithoutFailingATransaction() {
    Rig r = reconnecting();
    r.o.connectPerTransaction = true;
    ANSWER.get().countDown(); // -C connects on the loop's thread, as pgbench does
    r.start().round(1_000);
    assertEquals(ClientState.RECONNECT, r.c.state);
    assertEquals(0, r.c.stats.total().failures());
    assertEquals(ClientState.START_TX, r.c.reconnection.resume);
  }
}
