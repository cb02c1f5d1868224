package org.jpgbench.expr;

import java.io.OutputStream;
import java.io.PrintStream;
import org.jpgbench.random.Prng;

/**
 * What an expression reads while it is evaluated for one client. The engine's client implements it;
 * the default methods suit tests and tools.
 */
public interface EvalContext {
  Variables variables();

  /** The client's function PRNG (pgbench's cs_func_rs). */
  Prng random();

  /** The index of the running script (pgbench's st->use_file), printed by debug(). */
  default int scriptIndex() {
    return 0;
  }

  /**
   * The 0-based index of the running command in its script (pgbench's st->command); debug() prints
   * it plus one. By default the index the running meta-command recorded in {@link
   * Variables#command()}.
   */
  default int commandIndex() {
    return variables().command();
  }

  /** Where debug() writes its lines (pgbench: stderr). */
  default PrintStream err() {
    return System.err;
  }

  /**
   * Where \shell commands write their standard output: null (the default) lets the child inherit
   * this process's standard output, as pgbench's system() does; otherwise the output is copied to
   * the given stream (tests, embedding). The stream is flushed before the command starts.
   */
  default OutputStream shellOutput() {
    return null;
  }
}
