package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jpgbench.stats.TxStatus;
import org.jpgbench.wire.ServerMessage;
import org.junit.jupiter.api.Test;

/**
 * {@link ClientErrors} alone: an SQL error classified, then pgbench's ERROR, WAIT_ROLLBACK, RETRY
 * and FAILURE as transitions of a client's view.
 */
class ClientErrorsTest {
  private static ServerMessage error(String sqlstate) {
    return new ServerMessage("ERROR", "ERROR", sqlstate, "boom", null, null, 0, null);
  }

  /** A client of a one-command script whose command 0 failed with {@code sqlstate}. */
  private static ClientErrors failed(PartRig r, String sqlstate) {
    r.script.sql("update t set x = 1");
    r.start();
    ClientErrors e = new ClientErrors(r.c, new Pipeline(r.c));
    assertEquals(ClientState.ERROR, e.sqlError(error(sqlstate), "update t set x = 1"));
    return e;
  }

  @Test
  void serializationAndDeadlockAreRetryableErrors() {
    PartRig r = new PartRig();
    ClientErrors e = failed(r, "40001");
    assertEquals(PgError.Kind.SERIALIZATION, e.kind);
    assertEquals(ClientState.ERROR, e.sqlError(error("40P01"), null));
    assertEquals(PgError.Kind.DEADLOCK, e.kind);
    assertEquals("", r.err(), "quiet without --verbose-errors");
  }

  @Test
  void otherErrorsAbortUnlessContinueOnError() {
    PartRig r = new PartRig();
    r.script.sql("select x");
    r.start();
    ClientErrors e = new ClientErrors(r.c, new Pipeline(r.c));
    assertEquals(ClientState.ABORTED, e.sqlError(error("42703"), "select x"));
    assertTrue(r.err().contains("client 0 script 0 aborted in command 0 query 0: "), r.err());

    PartRig going = new PartRig();
    going.o.continueOnError = true;
    assertEquals(PgError.Kind.OTHER, failed(going, "42703").kind);
  }

  @Test
  void anErrorInsideATransactionBlockRollsItBackFirst() {
    PartRig r = new PartRig();
    ClientErrors e = failed(r, "40001");
    r.link.txStatus = 'E';
    assertEquals(ClientState.WAIT_ROLLBACK, e.afterError());
    assertEquals(List.of("rollback"), r.link.sent);
    r.link.ok('I');
    assertEquals(ClientState.FAILURE, e.rolledBack(), "one try only (--max-tries=1)");
  }

  @Test
  void withTriesLeftTheTransactionIsRetriedWithTheSameRandomValues() {
    PartRig r = new PartRig();
    r.o.maxTries = 3;
    ClientErrors e = failed(r, "40001");
    long drawn = r.c.random.nextLong(0, 1_000_000);
    assertEquals(ClientState.RETRY, e.afterError());
    r.c.pc = 1;
    r.c.status = TxStatus.OTHER;
    assertEquals(ClientState.START_COMMAND, e.retry());
    assertEquals(2, r.c.tries);
    assertEquals(0, r.c.pc);
    assertEquals(TxStatus.OK, r.c.status);
    assertEquals(1, r.c.stats.command(0, 0).retries);
    assertEquals(
        drawn, r.c.random.nextLong(0, 1_000_000), "the generator as the transaction began");
  }

  @Test
  void theLastTryFailsTheTransactionByItsErrorsClass() {
    PartRig r = new PartRig();
    r.o.maxTries = 2;
    ClientErrors e = failed(r, "40P01");
    r.c.tries = 2;
    assertEquals(ClientState.FAILURE, e.afterError());
    assertEquals(ClientState.END_TX, e.failure());
    assertEquals(TxStatus.DEADLOCK, r.c.status);
    assertEquals(1, r.c.stats.command(0, 0).failures);
  }

  @Test
  void anErrorOnceTimeIsUpFinishesTheClient() {
    PartRig r = new PartRig();
    r.o.maxTries = 0; // unlimited
    ClientErrors e = failed(r, "40001");
    r.loop.timeUp = true;
    assertEquals(ClientState.FINISHED, e.afterError());
  }

  @Test
  void aLostConnectionAbortsTheClientOrUnderReconnectIsLost() {
    PartRig r = new PartRig();
    ClientErrors e = failed(r, "40001");
    r.link.broken = true;
    assertEquals(ClientState.ABORTED, e.afterError());
    assertTrue(r.err().contains("perhaps the backend died while processing"), r.err());

    PartRig again = new PartRig();
    again.o.reconnect = true;
    ClientErrors lost = failed(again, "40001");
    again.link.broken = true;
    assertEquals(ClientState.LOST, lost.afterError());
  }

  @Test
  void aFailedRollbackAbortsTheClient() {
    PartRig r = new PartRig();
    ClientErrors e = failed(r, "40001");
    r.link.txStatus = 'E';
    e.afterError();
    r.link.fail("08006", 'E');
    assertEquals(ClientState.ABORTED, e.rolledBack());
    assertTrue(
        r.err().contains("client 0 aborted while rolling back the transaction after an error; "),
        r.err());
  }

  @Test
  void verboseErrorsTellEachRetryAndFailureWithItsTry() {
    PartRig r = new PartRig();
    r.o.verboseErrors = true;
    r.o.maxTries = 2;
    ClientErrors e = failed(r, "40001");
    e.afterError();
    e.retry();
    e.failure();
    assertTrue(
        r.err().contains("client 0 repeats the transaction after the error (try 1/2)"), r.err());
    assertTrue(r.err().contains("client 0 ends the failed transaction (try 2/2)"), r.err());
  }
}
