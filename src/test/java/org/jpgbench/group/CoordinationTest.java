package org.jpgbench.group;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The group's exit status from its members'. */
class CoordinationTest {
  @Test
  void anAbortOutranksAnErrorWhichOutranksCtrlC() {
    assertEquals(0, Coordination.worse(0, 0));
    assertEquals(0, Coordination.worse(0, null));
    assertEquals(2, Coordination.worse(0, 2));
    assertEquals(2, Coordination.worse(1, 2));
    assertEquals(2, Coordination.worse(2, 130));
    assertEquals(1, Coordination.worse(130, 1));
    assertEquals(130, Coordination.worse(0, 130));
  }
}
