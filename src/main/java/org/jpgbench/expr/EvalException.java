package org.jpgbench.expr;

/** A run-time evaluation failure; the message is pgbench's wording (e.g. "division by zero"). */
public class EvalException extends Exception {
  public EvalException(String message) {
    super(message, null, false, false);
  }
}
