package org.jpgbench.script;

import org.jpgbench.expr.EvalContext;
import org.jpgbench.expr.EvalException;
import org.jpgbench.expr.Variables;

/** \sleep N [us|ms|s] where N is an integer constant or a :variable. The engine does the waiting. */
public final class SleepCommand extends MetaCommand {
  /** The constant duration in units, when {@link #slot} is -1. */
  public final long constant;
  /** The variable holding the duration, or -1. */
  public final int slot;
  /** Microseconds per unit: 1, 1000 or 1000000. */
  public final long unitMicros;

  public SleepCommand(int line, String displayText, long constant, int slot, long unitMicros) {
    super(line, displayText, Kind.SLEEP);
    this.constant = constant;
    this.slot = slot;
    this.unitMicros = unitMicros;
  }

  /** The duration for this client, in microseconds; pgbench's error when the variable is unusable. */
  public long micros(Variables vars) throws EvalException {
    throw new UnsupportedOperationException("script package: not yet implemented");
  }

  @Override
  public int execute(EvalContext ctx, int pc) {
    throw new IllegalStateException("\\sleep is run by the engine");
  }
}
