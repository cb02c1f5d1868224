package org.jpgbench.run;

import java.sql.SQLException;
import java.util.concurrent.ThreadLocalRandom;
import org.jpgbench.db.Session;

/**
 * --reconnect: one client's way back to its server after a lost connection. Attempts are spaced by
 * a capped exponential backoff with jitter (10 ms, then twice as long each time up to 1 s, each
 * delay drawn between half and all of it, so that many clients do not knock in step), and start
 * again at once when another client of the run got back in. Each attempt runs on a virtual thread
 * of its own, since opening a session blocks until the server answers (or a connect timeout), and
 * hands the client back to its loop when it is done; the loop then puts the connection on its
 * transport. The backoff's jitter comes from {@link ThreadLocalRandom}, never from the client's
 * generator: reconnecting does not change the values a script draws. Given the client's view, it
 * returns the client's next state at the outage's start ({@link #lost}), the attempt's start and
 * its end; the client waits in RECONNECT and WAIT_CONNECT itself, and accounts the lost
 * transaction.
 */
final class Reconnection {
  static final long FIRST_DELAY_MICROS = 10_000;
  static final long MAX_DELAY_MICROS = 1_000_000;

  private final ClientView c;

  /** Hands the client back to its loop when an attempt ends (called on the attempt's thread). */
  private final Runnable handBack;

  /** The outage window this client was last lost in (0: none). */
  int outageWindow;

  /** Connected again, its first transaction not yet completed. */
  boolean recovering;

  /** Transactions that failed because the connection was lost (not counted by -t). */
  long lostTransactions;

  /** When the connection was lost (run clock, µs). */
  long lostAt;

  /** When the next attempt is due. */
  long due;

  /** Where the client goes once connected: a new transaction, or -C's START_TX. */
  ClientState resume;

  private long delay;

  /** The last attempt's error, shown if the client gives up. */
  SQLException lastError;

  // ---- the attempt in progress, handed over by its thread ----
  private boolean finished;
  private boolean abandoned;
  private Session connection;
  private SQLException failure;

  Reconnection(ClientView client, Runnable handBack) {
    this.c = client;
    this.handBack = handBack;
  }

  /**
   * The connection is lost at {@code now} (the link not yet closed: --verbose-errors says why from
   * it): the outage is noted (a transaction in flight, if {@code inTransaction}, among its
   * failures) and the first attempt scheduled; once connected the client goes to {@code resume}.
   * The client itself counts the transaction and closes the link.
   */
  ClientState lost(long now, boolean inTransaction, ClientState resumeAt) {
    RunContext run = c.run;
    if (run.verboseErrors) {
      Link link = c.link;
      String why =
          link != null && link.error != null
              ? link.error.message()
              : link != null && link.lostReason != null
                  ? link.lostReason
                  : lastError != null ? lastError.getMessage() : "?";
      run.console.info(Messages.f(Messages.CONNECTION_LOST, c.id, c.script, c.pc, why));
    }
    if (inTransaction) {
      lostTransactions++;
    }
    recovering = false;
    outageWindow = run.outages.lost(outageWindow, now, inTransaction);
    begin(now, resumeAt);
    return ClientState.RECONNECT;
  }

  /**
   * RECONNECT once its wait is over: the attempt started on its own thread ({@link
   * ClientState#WAIT_CONNECT}), or {@link ClientState#FINISHED} when -T has run out.
   */
  ClientState attempt() {
    ClientLoop loop = c.loop;
    if (loop.timeUp()) {
      c.run.outages.gaveUp(loop.now());
      return ClientState.FINISHED;
    }
    start();
    return ClientState.WAIT_CONNECT;
  }

  /**
   * WAIT_CONNECT once the attempt ended or -T ran out: the new link on the loop's transport and the
   * client's {@link #resume} state; or the next attempt ({@link ClientState#RECONNECT}), {@link
   * ClientState#ABORTED} once --reconnect=SECONDS has run out, {@link ClientState#FINISHED} at the
   * end of -T (the attempt abandoned).
   */
  ClientState attempted() {
    RunContext run = c.run;
    long now = c.loop.now();
    if (!finished()) {
      abandon();
      run.outages.gaveUp(now);
      return ClientState.FINISHED;
    }
    Session con = takeConnection();
    SQLException failed = failure();
    Link attached = null;
    if (con != null) {
      try {
        attached = run.attach(con, c.id, c::wake, c.loop.transport());
      } catch (SQLException e) {
        failed = e;
      }
    }
    if (attached != null) {
      c.link = attached;
      run.outages.back(now);
      recovering = true;
      if (run.verboseErrors) {
        run.console.info(Messages.f(Messages.RECONNECTED, c.id, (now - lostAt) / 1000.0));
      }
      return resume;
    }
    lastError = failed;
    if (capExceeded(now, run.reconnectCapMicros)) {
      if (failed != null) {
        run.console.error(PgError.connectionMessage(failed));
      }
      run.console.error(
          Messages.f(Messages.RECONNECT_GAVE_UP, c.id, run.reconnectCapMicros / 1_000_000));
      run.outages.gaveUp(now);
      return ClientState.ABORTED;
    }
    scheduleNext(now);
    return ClientState.RECONNECT;
  }

  /** A transaction completed at {@code now}: the first since reconnecting ends the recovery. */
  void completed(long now) {
    if (recovering) {
      recovering = false;
      c.run.outages.recovered(outageWindow, now);
    }
  }

  /** The connection was lost at {@code now}: the first attempt is due shortly. */
  private void begin(long now, ClientState resumeAt) {
    lostAt = now;
    resume = resumeAt;
    delay = FIRST_DELAY_MICROS;
    lastError = null;
    scheduleNext(now);
  }

  /** An attempt failed at {@code now}: the next one waits longer. */
  void scheduleNext(long now) {
    due = now + jittered(delay);
    delay = longer(delay);
  }

  /** A wait of between half and all of {@code delay} (equal jitter). */
  private static long jittered(long delay) {
    long half = delay / 2;
    return half + ThreadLocalRandom.current().nextLong(half + 1);
  }

  /** The delay after {@code delay}: twice as long, up to {@link #MAX_DELAY_MICROS}. */
  private static long longer(long delay) {
    return Math.min(delay * 2, MAX_DELAY_MICROS);
  }

  /** Another client got back in: try at once, and from the shortest delay again. */
  void retryNow(long now) {
    delay = FIRST_DELAY_MICROS;
    due = now;
  }

  /** Whether --reconnect=SECONDS has run out at {@code now} (never without a cap). */
  boolean capExceeded(long now, long capMicros) {
    return capMicros > 0 && now - lostAt >= capMicros;
  }

  /** Starts an attempt on its own thread, which hands the client back when it is done. */
  void start() {
    synchronized (this) {
      finished = false;
      abandoned = false;
      connection = null;
      failure = null;
    }
    Thread.ofVirtual()
        .name("jpgbench-reconnect-" + c.id)
        .start(
            () -> {
              Session con = null;
              SQLException err = null;
              try {
                con = c.run.open();
              } catch (SQLException e) {
                err = e;
              } catch (RuntimeException e) {
                err = new SQLException(String.valueOf(e.getMessage()), "08000", e);
              }
              boolean keep;
              synchronized (this) {
                keep = !abandoned;
                if (keep) {
                  connection = con;
                  failure = err;
                  finished = true;
                }
              }
              if (keep) {
                handBack.run();
              } else {
                close(con);
              }
            });
  }

  synchronized boolean finished() {
    return finished;
  }

  /** The attempt's connection (then owned by the caller), or null when it failed. */
  synchronized Session takeConnection() {
    Session c = connection;
    connection = null;
    return c;
  }

  synchronized SQLException failure() {
    return failure;
  }

  /** The run ended while an attempt was running: its connection, when it comes, is closed. */
  void abandon() {
    Session c;
    synchronized (this) {
      abandoned = true;
      c = connection;
      connection = null;
    }
    close(c);
  }

  /** Something that opens a connection (a session, or a client's link). */
  interface Opener<T> {
    T open() throws SQLException;
  }

  /**
   * --reconnect=SECONDS: the first connection may wait for the server up to {@code capMicros} (a
   * benchmark started before the server is ready), trying with the same backoff; without a cap
   * ({@code capMicros} 0) one attempt, as pgbench. The last error when it never succeeds.
   */
  static <T> T firstConnection(Opener<T> opener, long capMicros) throws SQLException {
    long start = RunClock.now();
    long delay = FIRST_DELAY_MICROS;
    while (true) {
      try {
        return opener.open();
      } catch (SQLException e) {
        long now = RunClock.now();
        if (capMicros <= 0 || now - start >= capMicros) {
          throw e;
        }
        long sleep = Math.min(jittered(delay), start + capMicros - now);
        java.util.concurrent.locks.LockSupport.parkNanos(sleep * 1000);
        delay = longer(delay);
      }
    }
  }

  private static void close(Session c) {
    if (c != null) {
      try {
        c.close();
      } catch (SQLException ignored) {
        // the run is over; the session goes when the socket does
      }
    }
  }
}
