package org.jpgbench.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** debug() prints to stderr exactly as native pgbench 15 did for the same expressions. */
class DebugFunctionTest {
  @Test
  void debugLines() throws Exception {
    TestContext ctx = TestContext.conformance();
    String[] exprs = {
      "debug(1 < 2)",
      "debug(NULL)",
      "debug(-0.125)",
      "debug(debug(2) * 3)",
      "debug(1.0/0)",
      "debug(0.0 * -1)",
      "debug(pi())",
      "debug(9223372036854775807)"
    };
    for (int i = 0; i < exprs.length; i++) {
      ctx.command = i; // 0-based; pgbench prints command + 1
      ctx.eval(exprs[i]);
    }
    // pgbench -n -t 1 with one "\set r EXPR" per line
    assertEquals(
        """
        debug(script=0,command=1): boolean true
        debug(script=0,command=2): null
        debug(script=0,command=3): double -0.125
        debug(script=0,command=4): int 2
        debug(script=0,command=4): int 6
        debug(script=0,command=5): double Infinity
        debug(script=0,command=6): double -0
        debug(script=0,command=7): double 3.14159265358979
        debug(script=0,command=8): int 9223372036854775807
        """,
        ctx.stderr());
  }

  @Test
  void debugIsNotFolded() throws Exception {
    TestContext ctx = TestContext.conformance();
    Expr e = ExprParser.parse("debug(2) + 1\n", 0, ctx.symbols).expr();
    Value v = new Value();
    e.eval(ctx, v);
    e.eval(ctx, v);
    assertEquals(
        "debug(script=0,command=1): int 2\ndebug(script=0,command=1): int 2\n", ctx.stderr());
  }
}
