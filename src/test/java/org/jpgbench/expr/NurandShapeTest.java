package org.jpgbench.expr;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jpgbench.script.BuiltinScripts;
import org.junit.jupiter.api.Test;

/**
 * The TPC-C-like scripts' NURand draws (clause 2.1.6: {@code random(0, A) | random(x, y)}, to which
 * the server-side function adds C) against the exact distribution of the OR of two uniform
 * integers, over seeded draws: a chi-square test at the 0.1% level, and the shape's signature (the
 * values with more bits set drawn far more often than uniform).
 */
class NurandShapeTest {
  private static final int DRAWS = 300_000;

  /** The expression of {@code \set NAME} in the named script. */
  private static String expression(String script, String name) throws Exception {
    String text = BuiltinScripts.find(script).text();
    for (String line : text.split("\n")) {
      if (line.startsWith("\\set " + name + " ")) {
        return line.substring(("\\set " + name + " ").length());
      }
    }
    throw new AssertionError("no \\set " + name + " in " + script);
  }

  /** P(a | b = v) for a uniform in 0..a1, b uniform in x..y, by enumeration; v in 0..top. */
  private static double[] exact(int a1, int x, int y, int top) {
    double[] p = new double[top + 1];
    double each = 1.0 / ((a1 + 1.0) * (y - x + 1.0));
    for (int a = 0; a <= a1; a++) {
      for (int b = x; b <= y; b++) {
        p[a | b] += each;
      }
    }
    return p;
  }

  /**
   * Draws the expression, groups the values into bins of {@code width}, and compares with the exact
   * distribution.
   */
  private static void check(String script, String name, int a1, int x, int y, int top, int width)
      throws Exception {
    TestContext ctx = new TestContext(new SymbolTable(), 20261207);
    Expr e = ExprParser.parse(expression(script, name) + "\n", 0, ctx.symbols).expr();
    int bins = top / width + 1;
    long[] seen = new long[bins];
    Value out = new Value();
    for (int i = 0; i < DRAWS; i++) {
      e.eval(ctx, out);
      seen[(int) (out.i / width)]++;
    }
    double[] p = exact(a1, x, y, top);
    double[] expected = new double[bins];
    for (int v = 0; v <= top; v++) {
      expected[v / width] += p[v] * DRAWS;
    }
    double chi = 0;
    int df = -1;
    for (int b = 0; b < bins; b++) {
      if (expected[b] >= 5) {
        chi += Math.pow(seen[b] - expected[b], 2) / expected[b];
        df++;
      } else {
        assertTrue(seen[b] <= 20, name + ": bin " + b + " drawn " + seen[b] + " times");
      }
    }
    // chi-square's 99.9% quantile, by the Wilson-Hilferty approximation
    double z = 3.09;
    double limit = df * Math.pow(1 - 2.0 / (9 * df) + z * Math.sqrt(2.0 / (9 * df)), 3);
    assertTrue(chi < limit, name + ": chi-square " + chi + " over " + df + " df, limit " + limit);
    // NURand's signature: the most likely tenth of the bins holds far more than a tenth
    double[] sorted = expected.clone();
    java.util.Arrays.sort(sorted);
    double top10 = 0;
    for (int b = sorted.length - sorted.length / 10; b < sorted.length; b++) {
      top10 += sorted[b];
    }
    long drawnTop = 0;
    Integer[] order = new Integer[bins];
    for (int b = 0; b < bins; b++) {
      order[b] = b;
    }
    java.util.Arrays.sort(order, (m, n) -> Double.compare(expected[m], expected[n]));
    for (int k = bins - bins / 10; k < bins; k++) {
      drawnTop += seen[order[k]];
    }
    assertTrue(top10 / DRAWS > 0.2, name + ": the exact shape is not skewed?");
    assertTrue(
        Math.abs(drawnTop - top10) < 0.02 * DRAWS,
        name + ": top tenth drawn " + drawnTop + ", expected " + top10);
  }

  @Test
  void customerLastNames() throws Exception {
    check("tpcc-payment", "c_last", 255, 0, 999, 1023, 1);
  }

  @Test
  void customerNumbers() throws Exception {
    check("tpcc-order-status", "c_id", 1023, 1, 3000, 4095, 4);
  }

  @Test
  void items() throws Exception {
    check("tpcc-new-order", "i1", 8191, 1, 100000, 131071, 128);
  }
}
