package org.jpgbench.script;

import org.jpgbench.expr.EvalContext;
import org.jpgbench.expr.EvalException;

/**
 * A backslash meta-command. Commands the script package can run by itself (\set, \setshell, \shell,
 * \if/\elif/\else/\endif) implement {@link #execute}; the engine handles {@link Kind#SLEEP} (it
 * owns the clock) and the pipeline commands (it owns the connection) by kind.
 */
public abstract non-sealed class MetaCommand extends Command {
  public enum Kind {
    SET("set"),
    SETSHELL("setshell"),
    SHELL("shell"),
    SLEEP("sleep"),
    IF("if"),
    ELIF("elif"),
    ELSE("else"),
    ENDIF("endif"),
    STARTPIPELINE("startpipeline"),
    SYNCPIPELINE("syncpipeline"),
    ENDPIPELINE("endpipeline");

    /** The name pgbench prints in messages, e.g. "set". */
    public final String pgName;

    Kind(String pgName) {
      this.pgName = pgName;
    }
  }

  public final Kind kind;

  protected MetaCommand(int line, String displayText, Kind kind) {
    super(line, displayText);
    this.kind = kind;
  }

  /**
   * Runs this command for one client and returns the index of the next command to run ({@code pc +
   * 1} unless it is a branch). Not called for SLEEP or the pipeline kinds.
   */
  public abstract int execute(EvalContext ctx, int pc) throws EvalException;
}
