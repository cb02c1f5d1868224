package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link Reconnection} alone: a lost connection's outage and backoff, an attempt started and handed
 * back, and what its end leads to, on a client's view with a server that refuses.
 */
class ReconnectionTest {
  /** A client of a run under --reconnect whose server refuses every connection. */
  private static PartRig refused(int capSeconds) {
    PartRig r = new PartRig();
    r.o.reconnect = true;
    r.o.reconnectSeconds = capSeconds;
    r.db = ClientRig.refusing(() -> {});
    r.script.sql("select 1");
    return r.start();
  }

  @Test
  void aLostConnectionOpensAnOutageAndTheFirstAttemptIsDueWithin10ms() {
    PartRig r = refused(0);
    Reconnection rc = new Reconnection(r.c, () -> {});
    r.loop.now = 2_000;
    assertEquals(ClientState.RECONNECT, rc.lost(2_000, true, ClientState.CHOOSE_SCRIPT));
    assertEquals(1, rc.lostTransactions);
    assertEquals(1, r.run.outages.reconnecting());
    assertTrue(rc.due >= 2_000 + 5_000 && rc.due <= 2_000 + 10_000, "due " + rc.due);
    assertEquals(ClientState.CHOOSE_SCRIPT, rc.resume);
    assertEquals("", r.err(), "quiet without --verbose-errors");
  }

  @Test
  void verboseErrorsSayWhyTheConnectionWasLost() {
    PartRig r = refused(0);
    r.o.verboseErrors = true;
    r.start();
    r.link.lostReason = "connection reset by peer";
    new Reconnection(r.c, () -> {}).lost(2_000, false, ClientState.CHOOSE_SCRIPT);
    assertTrue(r.err().contains("connection reset by peer"), r.err());
  }

  /**
   * The client lost at 2 ms (its link closed, as the client does), its first attempt started at
   * {@code at} (when due if negative) and handed back, refused.
   */
  private static Reconnection refusedAttempt(PartRig r, long at) throws InterruptedException {
    CountDownLatch back = new CountDownLatch(1);
    Reconnection rc = new Reconnection(r.c, back::countDown);
    rc.lost(2_000, false, ClientState.CHOOSE_SCRIPT);
    r.c.closeLink();
    r.loop.now = at < 0 ? rc.due : at;
    assertEquals(ClientState.WAIT_CONNECT, rc.attempt());
    assertTrue(back.await(10, TimeUnit.SECONDS), "the attempt's thread hands the client back");
    assertTrue(rc.finished());
    return rc;
  }

  @Test
  void aFailedAttemptIsHandedBackAndTheNextWaitsLonger() throws InterruptedException {
    PartRig r = refused(0);
    Reconnection rc = refusedAttempt(r, -1);
    long at = r.loop.now;
    assertEquals(ClientState.RECONNECT, rc.attempted());
    assertNull(r.c.link);
    assertTrue(rc.due - at >= 10_000 && rc.due - at <= 20_000, "then 10-20 ms: " + (rc.due - at));
    assertEquals("connection refused", rc.lastError.getMessage());
  }

  @Test
  void onceTheCapHasRunOutAFailedAttemptAbortsTheClient() throws InterruptedException {
    PartRig r = refused(1);
    Reconnection rc = refusedAttempt(r, 1_500_000);
    assertEquals(ClientState.ABORTED, rc.attempted());
    assertTrue(
        r.err().contains("client 0 aborted: could not reconnect within 1 s (--reconnect)"),
        r.err());
    assertEquals(0, r.run.outages.reconnecting());
  }

  @Test
  void theEndOfTheRunFinishesTheClientWaitingOrAttempting() {
    PartRig r = refused(0);
    Reconnection rc = new Reconnection(r.c, () -> {});
    rc.lost(2_000, false, ClientState.CHOOSE_SCRIPT);
    r.loop.timeUp = true;
    assertEquals(ClientState.FINISHED, rc.attempt(), "no attempt once time is up");

    PartRig attempting = refused(0);
    Reconnection ra = new Reconnection(attempting.c, () -> {});
    ra.lost(2_000, false, ClientState.CHOOSE_SCRIPT);
    // an attempt that has not ended when -T runs out is abandoned
    assertEquals(ClientState.FINISHED, ra.attempted());
  }

  @Test
  void anotherClientBackInMakesTheNextAttemptDueNow() {
    PartRig r = refused(0);
    Reconnection rc = new Reconnection(r.c, () -> {});
    rc.lost(2_000, false, ClientState.CHOOSE_SCRIPT);
    rc.retryNow(3_000);
    assertEquals(3_000, rc.due);
  }
}
