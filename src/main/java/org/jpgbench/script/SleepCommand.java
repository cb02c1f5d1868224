package org.jpgbench.script;

import org.jpgbench.cnum.CParse;
import org.jpgbench.expr.EvalContext;
import org.jpgbench.expr.EvalException;
import org.jpgbench.expr.Variables;

/**
 * \sleep N [us|ms|s] where N is an integer constant or a :variable. The engine does the waiting.
 */
public final class SleepCommand extends MetaCommand {
  /** The constant duration in units, when {@link #slot} is -1. */
  public final long constant;

  /** The variable holding the duration, or -1. */
  public final int slot;

  /** Microseconds per unit: 1, 1000 or 1000000. */
  public final long unitMicros;

  /** The command word as written ("sleep", "SLEEP"...), printed in messages. */
  private final String word;

  public SleepCommand(int line, String displayText, long constant, int slot, long unitMicros) {
    this(line, displayText, constant, slot, unitMicros, "sleep");
  }

  SleepCommand(
      int line, String displayText, long constant, int slot, long unitMicros, String word) {
    super(line, displayText, Kind.SLEEP);
    this.constant = constant;
    this.slot = slot;
    this.unitMicros = unitMicros;
    this.word = word;
  }

  /**
   * The duration for this client, in microseconds; pgbench's error when the variable is unusable.
   * As in pgbench the value is a C int: a variable's text is read with atoi() and the product wraps
   * around 32 bits; a negative result means no wait.
   */
  @SuppressWarnings({"IntLongMath", "NarrowCalculation"}) // pgbench's int arithmetic, on purpose
  public long micros(Variables vars) throws EvalException {
    int usec;
    if (slot >= 0
        && vars.isTypedInt(slot)
        && !((int) vars.typedInt(slot) == 0 && vars.typedInt(slot) < 0)) {
      usec = (int) vars.typedInt(slot); // what atoi() makes of its %lld text, without formatting it
    } else if (slot >= 0) {
      String text = vars.text(slot);
      String name = vars.symbols().name(slot);
      if (text == null) {
        throw failed(ScriptErrors.undefinedVariable(word, name));
      }
      usec = CParse.atoi(text);
      if (usec == 0 && (text.isEmpty() || text.charAt(0) < '0' || text.charAt(0) > '9')) {
        throw failed(ScriptErrors.invalidSleepTime(word, text, name));
      }
    } else {
      usec = (int) constant;
    }
    return usec * (int) unitMicros;
  }

  private EvalException failed(String message) {
    return new EvalException(message, "sleep", EvalException.EXECUTION_FAILED);
  }

  @Override
  public int execute(EvalContext ctx, int pc) {
    throw new IllegalStateException("\\sleep is run by the engine");
  }
}
