package org.jpgbench.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** Evaluating a compiled expression allocates nothing once the variables hold typed values. */
class AllocationFreeEvalTest {
  @Test
  void steadyStateEvaluationDoesNotAllocate() throws Exception {
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    TestContext ctx = new TestContext(new SymbolTable(), 7);
    ctx.vars.setInt(ctx.symbols.slotOf("scale"), 10);
    ctx.vars.setInt(ctx.symbols.slotOf("bid"), 3);
    Expr e =
        ExprParser.parse(
                "CASE WHEN :scale > 1 AND random(1, 100) > 85 THEN 1 + (:bid - 1 + random(1, :scale - 1))"
                    + " % :scale ELSE least(:bid, 2.5 * :scale, abs(-3)) END + hash(:bid) % 7"
                    + " + permute(:bid, 10 * :scale)\n",
                0, ctx.symbols)
            .expr();
    Value out = new Value();
    for (int i = 0; i < 200_000; i++) { // warm up (JIT)
      e.eval(ctx, out);
    }
    long before = mx.getThreadAllocatedBytes(Thread.currentThread().threadId());
    for (int i = 0; i < 100_000; i++) {
      e.eval(ctx, out);
    }
    long allocated = mx.getThreadAllocatedBytes(Thread.currentThread().threadId()) - before;
    assertTrue(out.type == Value.INT || out.type == Value.DOUBLE);
    // a few hundred bytes are the measurement itself; one allocation per evaluation would be MBs
    assertTrue(allocated < 10_000, "allocated " + allocated + " bytes in 100000 evaluations");
  }

  @Test
  void sharedExpressionIsThreadSafe() throws Exception {
    SymbolTable symbols = new SymbolTable();
    Expr e = ExprParser.parse("(:a * 1000 + :b) * 2 - :a\n", 0, symbols).expr();
    int a = symbols.slotOf("a");
    int b = symbols.slotOf("b");
    Thread[] threads = new Thread[4];
    long[] wrong = new long[threads.length];
    for (int t = 0; t < threads.length; t++) {
      int id = t;
      threads[t] =
          new Thread(
              () -> {
                TestContext ctx = new TestContext(symbols, id);
                ctx.vars.setInt(a, id);
                Value out = new Value();
                for (int i = 0; i < 100_000; i++) {
                  ctx.vars.setInt(b, i);
                  try {
                    e.eval(ctx, out);
                  } catch (EvalException ex) {
                    throw new AssertionError(ex);
                  }
                  if (out.i != (id * 1000L + i) * 2 - id) {
                    wrong[id]++;
                  }
                }
              });
      threads[t].start();
    }
    for (Thread t : threads) {
      t.join();
    }
    assertEquals(0, wrong[0] + wrong[1] + wrong[2] + wrong[3]);
  }
}
