package org.jpgbench.expr;

/**
 * A run-time evaluation failure; the message is pgbench's wording (e.g. "division by zero").
 *
 * <p>pgbench reports a failing meta-command in two lines: the message (when there is one; a
 * variable holding an empty string fails without one, so {@link #getMessage()} may be null), then
 * {@code "client %d aborted in command %d (%s) of script %d; %s"} with the command name ({@link
 * #command()}, e.g. "set" — as typed for \set/\if/\elif, so possibly "SET") and the failure ({@link
 * #failure()}, e.g. "evaluation of meta-command failed"). Meta-commands fill both before the
 * exception reaches the engine.
 */
public class EvalException extends Exception {
  /** \set, \if, \elif: the expression failed. */
  public static final String EVALUATION_FAILED = "evaluation of meta-command failed";

  /** \set: the variable could not be assigned (invalid name). */
  public static final String ASSIGNMENT_FAILED = "assignment of meta-command failed";

  /** \sleep, \shell, \setshell. */
  public static final String EXECUTION_FAILED = "execution of meta-command failed";

  private String command;
  private String failure = EVALUATION_FAILED;

  public EvalException(String message) {
    super(message, null, false, false);
  }

  public EvalException(String message, String command, String failure) {
    super(message, null, false, false);
    this.command = command;
    this.failure = failure;
  }

  /** Sets the command name and failure text pgbench prints in the abort line; returns this. */
  public EvalException in(String commandName, String failureText) {
    this.command = commandName;
    this.failure = failureText;
    return this;
  }

  /** The command name for the abort line, or null when the caller should use its kind's name. */
  public String command() {
    return command;
  }

  /** The failure for the abort line, "evaluation of meta-command failed" by default. */
  public String failure() {
    return failure;
  }
}
