package org.jpgbench.init;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jpgbench.config.QueryMode;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.log.PgLog;

/**
 * The init connections: the main one, opened first, and up to --init-jobs minus one more, opened
 * when a step has work for them. {@link #run} spreads tasks over them (each worker thread keeps its
 * connection); the first failure cancels what the others are running. {@link #cancelAll} is the
 * Ctrl-C path.
 */
final class Jobs implements AutoCloseable {
  /** Work for one connection. */
  interface Task {
    void run(InitConnection s) throws InitError;
  }

  private final ConnectionFactory factory;
  private final PrintStream err;
  private final boolean debug;
  private final int max;
  private final List<InitConnection> sessions = new CopyOnWriteArrayList<>();
  private volatile boolean canceled;
  private volatile boolean closed;

  Jobs(ConnectionFactory factory, PrintStream err, boolean debug, int max) {
    this.factory = factory;
    this.err = err;
    this.debug = debug;
    this.max = Math.max(1, max);
  }

  /** Opens the main connection; pgbench's failure wording. */
  void openMain() throws InitError {
    open();
  }

  InitConnection main() {
    return sessions.get(0);
  }

  int max() {
    return max;
  }

  private InitConnection open() throws InitError {
    try {
      Connection c = factory.open(QueryMode.SIMPLE);
      InitConnection s = new InitConnection(c, err, debug);
      sessions.add(s);
      if (canceled) {
        s.cancel();
      }
      return s;
    } catch (SQLException e) {
      List<String> lines = new ArrayList<>();
      String msg = e.getMessage();
      if (msg != null && !msg.isBlank()) {
        lines.add(PgLog.error(msg.strip()));
      }
      lines.add(InitMessages.NO_CONNECTION);
      throw new InitError(lines);
    }
  }

  /**
   * Runs the tasks, in the order given, over up to {@code width} connections (never more than the
   * --init-jobs maximum); with one, on the main connection in this thread.
   */
  void run(List<Task> tasks, int width) throws InitError {
    int n = Math.min(Math.min(width, max), tasks.size());
    if (n <= 1) {
      for (Task t : tasks) {
        checkCanceled();
        t.run(main());
      }
      return;
    }
    while (sessions.size() < n) {
      open();
    }
    ConcurrentLinkedQueue<Task> queue = new ConcurrentLinkedQueue<>(tasks);
    InitError[] first = new InitError[1];
    Object lock = new Object();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      InitConnection s = sessions.get(i);
      Thread t =
          new Thread(
              () -> {
                Task task;
                while ((task = queue.poll()) != null) {
                  synchronized (lock) {
                    if (first[0] != null) {
                      return;
                    }
                  }
                  try {
                    task.run(s);
                  } catch (InitError | RuntimeException e) {
                    InitError ie =
                        e instanceof InitError x
                            ? x
                            : new InitError(List.of(PgLog.error(String.valueOf(e))));
                    boolean mine;
                    synchronized (lock) {
                      mine = first[0] == null;
                      if (mine) {
                        first[0] = ie;
                      }
                    }
                    if (mine) {
                      for (int j = 0; j < n; j++) {
                        if (sessions.get(j) != s) {
                          sessions.get(j).cancel();
                        }
                      }
                    }
                    return;
                  }
                }
              },
              "jpgbench-init-" + i);
      threads.add(t);
      t.start();
    }
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        cancelAll();
      }
    }
    if (first[0] != null) {
      throw first[0];
    }
    checkCanceled();
  }

  /** Throws pgbench-style when Ctrl-C asked to stop. */
  void checkCanceled() throws InitError {
    if (canceled) {
      throw new InitError(List.of(InitMessages.CANCELED));
    }
  }

  boolean canceled() {
    return canceled;
  }

  /**
   * Ctrl-C: asks the server to cancel every running statement, now and for later connections. The
   * requests go out before {@link #canceled()} turns true, so that a COPY that stops on seeing it
   * gets the server's answer. Until {@link #close}, the requests are repeated every second: one
   * that reaches a connection between two statements is lost (the next statement would not start,
   * but one just starting could run in full).
   */
  void cancelAll() {
    for (InitConnection s : sessions) {
      s.cancel();
    }
    boolean first = !canceled;
    canceled = true;
    if (first) {
      Thread again = new Thread(this::cancelAgain, "jpgbench-init-cancel-again");
      again.setDaemon(true);
      again.start();
    }
  }

  private void cancelAgain() {
    try {
      while (!closed) {
        Thread.sleep(1000);
        if (!closed) {
          for (InitConnection s : sessions) {
            s.cancel();
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    closed = true;
    for (InitConnection s : sessions) {
      s.close();
    }
  }
}
