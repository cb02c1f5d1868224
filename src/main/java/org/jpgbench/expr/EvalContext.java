package org.jpgbench.expr;

import org.jpgbench.random.Prng;

/** What an expression reads while it is evaluated for one client. */
public interface EvalContext {
  Variables variables();

  /** The client's function PRNG (pgbench's cs_func_rs). */
  Prng random();
}
