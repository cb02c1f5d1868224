package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jpgbench.report.Outage;
import org.jpgbench.report.Outages;
import org.junit.jupiter.api.Test;

/** The outage windows as the loops report lost and regained connections (run clock µs). */
class OutageTrackerTest {
  private final OutageTracker t = new OutageTracker(new RunControl());

  @Test
  void oneWindowSpansFromFirstLossToLastReconnection() {
    int a = t.lost(0, 1_000, true);
    int b = t.lost(0, 1_200, false);
    assertEquals(a, b);
    assertEquals(2, t.reconnecting());
    t.back(1_800);
    assertEquals(1, t.reconnecting());
    t.recovered(a, 1_900);
    t.back(2_500);
    assertEquals(0, t.reconnecting());
    t.recovered(b, 2_600); // only the first success after the loss counts
    Outages o = t.finish(0, 10_000, 1_000_000);
    assertEquals(List.of(new Outage(1_001_000, 1_002_500, 2, 1, 900, false)), o.windows());
    assertEquals(1_000_000, o.benchStartEpochMicros());
    assertEquals(2, t.backCount());
  }

  @Test
  void aClientLostTwiceInOneWindowCountsOnce() {
    int w = t.lost(0, 100, true); // client A
    t.lost(0, 150, true); // client B
    t.back(200); // A is back; B is still down, so the window stays open
    int again = t.lost(w, 250, true); // A is lost again
    assertEquals(w, again);
    t.back(300);
    t.back(400);
    Outage o = t.finish(0, 1_000, 0).windows().get(0);
    assertEquals(2, o.clients());
    assertEquals(3, o.failedTransactions());
    assertEquals(-1, o.recoverMicros());
    assertEquals(300, o.durationMicros());
  }

  @Test
  void windowsApartAreSeparateAndAClientLostAgainCountsInTheNewOne() {
    int first = t.lost(0, 100, true);
    t.back(200);
    int second = t.lost(first, 5_000, true);
    assertTrue(second != first);
    t.recovered(first, 5_100); // a late success of the old window does not recover the new one
    t.back(5_300);
    t.recovered(second, 5_400);
    List<Outage> w = t.finish(0, 10_000, 0).windows();
    assertEquals(2, w.size());
    assertEquals(1, w.get(1).clients());
    assertEquals(400, w.get(1).recoverMicros());
  }

  @Test
  void givingUpOrTheRunsEndLeavesTheWindowOngoing() {
    t.lost(0, 100, true);
    t.gaveUp(900);
    Outage gaveUp = t.finish(0, 1_000, 0).windows().get(0);
    assertTrue(gaveUp.ongoing());
    assertEquals(900, gaveUp.toEpochMicros());

    OutageTracker open = new OutageTracker(new RunControl());
    open.lost(0, 100, false);
    Outage atEnd = open.finish(0, 2_000, 0).windows().get(0);
    assertTrue(atEnd.ongoing());
    assertEquals(2_000, atEnd.toEpochMicros());
    assertEquals(0, atEnd.failedTransactions());
  }

  @Test
  void oneGivingUpAmongOthersBackStillMarksTheWindow() {
    t.lost(0, 100, true);
    t.lost(0, 110, true);
    t.gaveUp(500);
    t.back(600);
    Outage o = t.finish(0, 1_000, 0).windows().get(0);
    assertTrue(o.ongoing());
    assertEquals(600, o.toEpochMicros());
  }

  @Test
  void noLossNoWindow() {
    Outages o = t.finish(5, 1_000, 0);
    assertTrue(o.windows().isEmpty());
    assertEquals(0, o.totalMicros());
    assertEquals(-1, o.maxRecoverMicros());
    assertFalse(o.longest() != null);
  }
}
