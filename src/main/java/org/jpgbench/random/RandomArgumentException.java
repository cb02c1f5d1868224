package org.jpgbench.random;

/**
 * An invalid argument to a pgbench random, hash or permute function; the message is pgbench's exact
 * wording (for example "random range is too large"). pgbench aborts the client on it. Stackless: it
 * is only a carrier for the message.
 */
public final class RandomArgumentException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public RandomArgumentException(String message) {
    super(message);
  }

  @Override
  public synchronized Throwable fillInStackTrace() {
    return this;
  }
}
