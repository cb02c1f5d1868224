package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jpgbench.config.QueryMode;
import org.jpgbench.expr.Variables;
import org.jpgbench.random.Prng;
import org.jpgbench.run.ClientRig.Rig;
import org.jpgbench.script.MetaCommand;
import org.junit.jupiter.api.Test;

/**
 * The client state machine without a server: one client on a loop that runs no thread, a link whose
 * answers each test gives, and the transitions of {@link ClientState} one by one.
 */
class ClientStateTest {
  // ------------------------------------------------------------------ CHOOSE_SCRIPT, START_TX

  @Test
  void aNewClientChoosesItsScriptStartsATransactionAndSendsTheFirstCommand() {
    Rig r = ClientRig.twoCommands().start().round(5_000);
    assertEquals(List.of("command 0"), r.link.sent);
    assertEquals(ClientState.WAIT_RESULT, r.c.state);
    assertEquals(5_000, r.c.txnScheduled, "unthrottled, the start is the schedule");
  }

  @Test
  void noTransactionStartsOnceTimeIsUp() {
    Rig r = ClientRig.twoCommands();
    r.o.durationSeconds = 1;
    r.start();
    r.run.gate.open(2_000);
    r.round(3_000);
    assertEquals(ClientState.FINISHED, r.c.state);
    assertEquals(List.of(), r.link.sent);
    assertTrue(r.link.closed);
    assertEquals(Client.End.FINISHED, r.c.end);
  }

  @Test
  void underDashCTheTransactionConnectsAndAFailureAbortsTheClient() {
    Rig r = ClientRig.twoCommands();
    r.o.connectPerTransaction = true;
    r.db = ClientRig.refusing(() -> {});
    r.start().round(1_000);
    assertEquals(ClientState.ABORTED, r.c.state);
    assertTrue(r.err().contains("error: connection refused\n"), r.err());
    assertTrue(r.err().contains("client 0 aborted while establishing connection"), r.err());
  }

  // ------------------------------------------------------------------ throttling

  @Test
  void underRateTheClientWaitsForItsSlotThenStarts() {
    Rig r = ClientRig.twoCommands();
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
    Rig r = ClientRig.twoCommands();
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
    Rig r = ClientRig.twoCommands();
    r.o.rate = 0.001; // the next slot is hours away
    r.o.durationSeconds = 1;
    r.start();
    r.run.gate.open(2_000_000);
    r.round(1_000);
    assertEquals(ClientState.FINISHED, r.c.state);
  }

  // ------------------------------------------------------------------ commands

  @Test
  void whileTheAnswerIsOutstandingTheClientWaitsAndTheLoopCountsIt() {
    Rig r = ClientRig.twoCommands().start().round(1_000).round(1_100);
    assertEquals(ClientState.WAIT_RESULT, r.c.state);
    assertTrue(r.c.waitingForServer);
    assertEquals(List.of("command 0"), r.link.sent);
  }

  @Test
  void anAnsweredCommandLeadsToTheNextOne() {
    Rig r = ClientRig.twoCommands().start().round(1_000);
    r.link.ok('I');
    r.round(1_200);
    assertEquals(List.of("command 0", "command 1"), r.link.sent);
    assertEquals(ClientState.WAIT_RESULT, r.c.state);
    assertTrue(r.c.waitingForServer, "waiting again, for the second command");
  }

  @Test
  void theEndOfTheScriptAccountsTheTransactionAndStartsTheNext() {
    Rig r = ClientRig.twoCommands().start().round(1_000);
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
    Rig r = ClientRig.twoCommands();
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
    Rig r = ClientRig.twoCommands().start().round(1_000);
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
    Client other = new Client(1, r.c.thread, r.run, new Variables(r.symbols), new Prng(5));
    r.loop.ready(other);
    r.round(1_000);
    assertEquals(ClientState.CHOOSE_SCRIPT, r.c.state);
    assertEquals(1, r.c.count());
    assertTrue(r.c.queued, "back on the ready list, after the others");
  }

  @Test
  void aLoneClientRunsSuchTransactionsBackToBackForAStreakThenYields() {
    Rig r = new Rig();
    r.nxacts = 1_000;
    r.script.setRandom("x", 1, 10);
    r.start().round(1_000);
    assertEquals(EventLoop.STREAK, r.c.count());
    assertTrue(r.c.queued, "the round's checks (clock, -T, Ctrl-C) come next");
  }

  // ------------------------------------------------------------------ pipelines

  @Test
  void aPipelineQueuesItsCommandsAndWaitsForItsSyncsAtItsEnd() {
    Rig r = new Rig();
    r.o.queryMode = QueryMode.PREPARED;
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
    r.o.queryMode = QueryMode.EXTENDED;
    r.script.meta(MetaCommand.Kind.STARTPIPELINE).sql("select 1");
    r.start().round(1_000);
    assertEquals(ClientState.ABORTED, r.c.state);
    assertTrue(r.err().contains("client 0 aborted: end of script reached with pipeline open"));
  }

  @Test
  void gsetInAPipelineAbortsTheClient() {
    Rig r = new Rig();
    r.o.queryMode = QueryMode.EXTENDED;
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
}
