package org.jpgbench.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** The benchmark's backends as the monitor's sample names them. */
class BackendPidsTest {
  @Test
  void theLiteralListsTheConnectedClientsBackendsOnly() {
    BackendPids pids = new BackendPids(3);
    assertEquals("{}", pids.arrayText());
    pids.connected(2, 4711);
    pids.connected(0, 815);
    assertEquals("{815,4711}", pids.arrayText());
  }

  @Test
  void theSameStringServesUntilAClientConnectsAgain() {
    BackendPids pids = new BackendPids(2);
    pids.connected(0, 100);
    pids.connected(1, 101);
    String first = pids.arrayText();
    assertSame(first, pids.arrayText(), "nothing changed: not built again");
    pids.connected(1, 202); // --reconnect: a new backend
    String second = pids.arrayText();
    assertNotSame(first, second);
    assertEquals("{100,202}", second);
    assertSame(second, pids.arrayText());
  }
}
