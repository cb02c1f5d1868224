package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jpgbench.run.ClientRig.Rig;
import org.junit.jupiter.api.Test;

/**
 * The state machine's error states without a server: ERROR, WAIT_ROLLBACK, RETRY and FAILURE as
 * pgbench's, --continue-on-error, --exit-on-abort, and a client stopped where it is.
 */
class ClientErrorStatesTest {
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
    r.run.gate.open(1_050);
    r.link.fail("40001", 'I');
    r.round(1_100);
    assertEquals(ClientState.FINISHED, r.c.state);
    assertEquals(0, r.c.count(), "the interrupted transaction is not accounted");
  }

  @Test
  void anyOtherErrorAbortsTheClientWithTheServersMessage() {
    Rig r = ClientRig.twoCommands().start().round(1_000);
    r.link.fail("22012", 'I');
    r.round(1_100);
    assertEquals(ClientState.ABORTED, r.c.state);
    assertTrue(
        r.err().contains("client 0 script 0 aborted in command 0 query 0: ERROR:  boom"), r.err());
  }

  @Test
  void underContinueOnErrorOtherErrorsFailTheTransactionAndTheClientGoesOn() {
    Rig r = ClientRig.twoCommands();
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
    Rig r = ClientRig.twoCommands().start().round(1_000);
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
    Rig r = ClientRig.twoCommands().start().round(1_000);
    r.link.copy = true;
    r.link.broken = true;
    r.round(1_100);
    assertEquals(ClientState.ABORTED, r.c.state);
    assertTrue(r.err().contains("COPY is not supported"), r.err());
  }

  // ------------------------------------------------------------------ stopping

  @Test
  void ctrlCStopsTheClientWhereItIsWithoutAccountingItsTransaction() {
    Rig r = ClientRig.twoCommands().start().round(1_000);
    r.c.quit();
    assertEquals(Client.End.INTERRUPTED, r.c.end);
    assertTrue(r.link.closed);
    assertEquals(0, r.c.count());
  }

  @Test
  void anAbortUnderExitOnAbortStopsTheRun() {
    Rig r = ClientRig.twoCommands();
    r.o.exitOnAbort = true;
    r.start().round(1_000);
    r.link.fail("22012", 'I');
    r.round(1_100);
    assertEquals(0, r.run.control.abortedThread);
    assertTrue(r.run.control.halted);
  }
}
