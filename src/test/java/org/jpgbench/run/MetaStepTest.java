package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jpgbench.expr.EvalException;
import org.jpgbench.expr.Value;
import org.jpgbench.script.MetaCommand;
import org.jpgbench.script.SleepCommand;
import org.junit.jupiter.api.Test;

/** {@link MetaStep} alone: a meta-command run with the client's variables, \sleep's deadline. */
class MetaStepTest {
  private static ClientState run(PartRig r) {
    return new MetaStep(r.c).run((MetaCommand) r.run.commands[0][r.c.pc]);
  }

  private static long intOf(PartRig r, String name) throws EvalException {
    Value v = new Value();
    assertTrue(r.c.vars.get(r.symbols.slotOf(name), v), name + " is set");
    return v.i;
  }

  @Test
  void setEvaluatesWithTheClientsGeneratorAndGoesToTheNextCommand() throws EvalException {
    PartRig r = new PartRig();
    r.script.setRandom("aid", 1, 1_000_000).setRandom("bid", 1, 1_000_000);
    r.start();
    r.c.pc = 1;
    assertEquals(ClientState.END_COMMAND, run(r));
    assertEquals(2, r.c.nextPc);
    long bid = intOf(r, "bid");
    assertTrue(bid >= 1 && bid <= 1_000_000, "drawn in range: " + bid);
    r.c.random.restore(r.c.savedRandom);
    run(r);
    assertEquals(bid, intOf(r, "bid"), "the client's own generator");
  }

  @Test
  void aFailingExpressionAbortsTheClientWithItsMessage() {
    PartRig r = new PartRig();
    r.script.setDivisionByZero();
    r.start();
    assertEquals(ClientState.ABORTED, run(r));
    assertTrue(r.err().contains("division by zero\n"), r.err());
    assertTrue(r.err().contains("client 0 aborted in command 0 (set) of script 0; "), r.err());
  }

  @Test
  void sleepSetsItsDeadlineFromTheLoopsClock() {
    PartRig r = new PartRig();
    r.script.sleep(3, 1_000);
    r.start();
    r.loop.now = 50_000;
    assertEquals(ClientState.SLEEP, new MetaStep(r.c).sleep((SleepCommand) r.run.commands[0][0]));
    assertEquals(53_000, r.c.sleepUntil);
    assertEquals(List.of(), r.loop.asked, "the client itself waits");
  }

  @Test
  void aSleepOfNothingEndsTheCommandAtOnce() {
    PartRig r = new PartRig();
    r.script.sleep(0, 1_000);
    r.start();
    assertEquals(
        ClientState.END_COMMAND, new MetaStep(r.c).sleep((SleepCommand) r.run.commands[0][0]));
  }
}
