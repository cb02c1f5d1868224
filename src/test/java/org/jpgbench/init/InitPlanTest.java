package org.jpgbench.init;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class InitPlanTest {
  private static String letters(InitPlan p) {
    StringBuilder b = new StringBuilder();
    for (InitPlan.Action a : p.actions) {
      b.append(a.step().letter).append(a.perUnit() ? "+" : "");
    }
    return b.toString();
  }

  @Test
  void keepsOrderRepeatsAndIgnoresSpaces() throws Exception {
    assertEquals("dtgvp", letters(InitPlan.parse("dtgvp")));
    assertEquals("dtgd", letters(InitPlan.parse(" d t g d ")));
    assertEquals("", letters(InitPlan.parse(" ")));
  }

  @Test
  void modeSwitchesApplyToFollowingSteps() throws Exception {
    assertEquals("dtc+U+gvp", letters(InitPlan.parse("dtMcUSgvp")));
  }

  @Test
  void rejectsEmptyAndUnknownWithPgbenchWording() {
    InitError e = assertThrows(InitError.class, () -> InitPlan.parse(""));
    assertEquals(List.of("jpgbench: error: no initialization steps specified"), e.lines);
    e = assertThrows(InitError.class, () -> InitPlan.parse("dta"));
    assertEquals(
        List.of(
            "jpgbench: error: unrecognized initialization step \"a\"",
            "jpgbench: detail: Allowed step characters are: \"dtgGvpfcUMSk\"."),
        e.lines);
  }
}
