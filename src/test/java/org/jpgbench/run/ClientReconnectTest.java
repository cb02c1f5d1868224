package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.run.ClientRig.Rig;
import org.junit.jupiter.api.Test;

/**
 * --reconnect in the state machine, without a server: a lost link is a connection failure, the
 * attempts are spaced and retried, the cap and the end of -T end them, -C waits without failing.
 * The connection factory refuses, each answer held back until the test lets it through.
 */
class ClientReconnectTest {
  /** Refuses every connection, each once {@code answer} is opened. */
  private static ConnectionFactory refusing(java.util.concurrent.CountDownLatch answer) {
    return ClientRig.refusing(
        () -> {
          try {
            answer.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
  }

  /** The server's answer to the attempts: held back until a test lets it through. */
  private static final ThreadLocal<java.util.concurrent.CountDownLatch> ANSWER =
      new ThreadLocal<>();

  private static Rig reconnecting() {
    Rig r = ClientRig.twoCommands();
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
    r.run.gate.open(1_000_000);
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
