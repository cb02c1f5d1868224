package org.jpgbench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The line a long experiment prints as each run starts. */
class ProgressTest {
  @Test
  void eachRunSaysWhereTheExperimentStands() {
    Progress p = new Progress(21, 60);
    String first = p.starting("clients 1: run 1/3");
    assertTrue(first.startsWith("clients 1: run 1/3 starts (run 1 of 21; 0:00 elapsed"), first);
    assertTrue(first.endsWith(", about 21:00 left)"), "21 runs of 60 s: " + first);
    p.finished();
    assertTrue(p.starting("x").startsWith("x starts (run 2 of 21; "), p.starting("x"));
    assertTrue(new Progress(3, 0).starting("y").endsWith("elapsed)"), "-t: no estimate yet");
  }

  @Test
  void clockTimes() {
    assertEquals("0:07", Progress.clock(7.2));
    assertEquals("12:30", Progress.clock(750));
    assertEquals("1:02:03", Progress.clock(3723));
  }
}
