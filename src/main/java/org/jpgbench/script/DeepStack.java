package org.jpgbench.script;

/**
 * Runs work that recurses as deep as an expression nests (pgbench allows nearly 10,000 levels) on a
 * thread with a stack large enough for it, whatever stack size the calling thread has. The memory
 * is reserved, not used: only the pages a deep expression touches are.
 */
public final class DeepStack {
  /** Stack size of such threads: ample for 10,000 levels of the parser and the evaluators. */
  public static final long STACK_BYTES = 64L << 20;

  /** Work that may throw a checked exception of one type. */
  public interface Work<T, E extends Exception> {
    T run() throws E;
  }

  private DeepStack() {}

  /** Runs {@code work} on a thread of {@link #STACK_BYTES} and waits for its result. */
  @SuppressWarnings("unchecked")
  public static <T, E extends Exception> T call(Work<T, E> work) throws E {
    Object[] result = new Object[1];
    Throwable[] failure = new Throwable[1];
    Thread t =
        new Thread(
            null,
            () -> {
              try {
                result[0] = work.run();
              } catch (Throwable e) {
                failure[0] = e;
              }
            },
            "jpgbench-parser",
            STACK_BYTES);
    t.start();
    boolean interrupted = false;
    while (true) {
      try {
        t.join();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    Throwable f = failure[0];
    if (f instanceof RuntimeException r) {
      throw r;
    }
    if (f instanceof Error err) {
      throw err;
    }
    if (f != null) {
      throw (E) f;
    }
    return (T) result[0];
  }
}
