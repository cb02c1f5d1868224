package org.jpgbench.run;

import java.io.IOException;
import java.sql.SQLException;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.jpgbench.io.Transport;

/**
 * One pgbench thread (-j): a platform thread that drives its clients' state machines over one
 * {@link Transport}, as pgbench's threadRun does. Each round it advances every client that can
 * progress until it must wait, then makes one wait for all of them: until an answer arrives on one
 * of its connections, the next \sleep or --rate deadline, or a wake-up from another thread (Ctrl-C,
 * --exit-on-abort). A round that has clients ready to run does not wait at all; it only looks for
 * answers without blocking, and only when some client waits for one.
 */
final class EventLoop implements Runnable, ClientLoop {
  final int index;
  private final Client[] clients;
  private final RunContext run;
  private Transport transport;
  private final Deadlines deadlines = new Deadlines();

  /** Clients to advance this round, and those made ready meanwhile for the next. */
  private LoopEntry[] ready;

  private LoopEntry[] next;
  private int readyCount;

  /** Clients of the current round's batch still to advance after the one running. */
  private int batchLeft;

  /** Transactions a lone client has run back to back since the round began. */
  private int streak;

  /**
   * How many transactions that never wait (meta-commands only) one client may run back to back when
   * no other client can run, before the loop takes a round (clock, -T, deadlines, Ctrl-C): the
   * round's clock read costs as much as such a transaction, and 64 of them take a few µs.
   */
  static final int STREAK = 64;

  private int active;
  private int serverWaits;
  private boolean timeUp;

  /** The loop's clock: monotonic µs, read once per round and when a state needs it fresh. */
  private long now;

  /** --reconnect: clients whose attempt to reconnect ended on its own thread; else null. */
  private final ConcurrentLinkedQueue<LoopEntry> handedOver;

  /** The run's reconnection count as this loop last saw it. */
  private long seenBack;

  /** This thread's CPU time during the benchmark (ns), and the benchmark's wall time (µs). */
  volatile long cpuNanos;

  volatile long wallMicros;

  /** The loop's thread (Thread.threadId), for live CPU readings; 0 until it runs. */
  volatile long threadId;

  EventLoop(int index, Client[] clients, RunContext run) {
    this.index = index;
    this.clients = clients;
    this.run = run;
    this.ready = new LoopEntry[clients.length];
    this.next = new LoopEntry[clients.length];
    this.handedOver = run.outages != null ? new ConcurrentLinkedQueue<>() : null;
    for (Client c : clients) {
      c.loop = this;
    }
  }

  @Override
  public Transport transport() {
    return transport;
  }

  @Override
  public void run() {
    threadId = Thread.currentThread().threadId();
    try {
      transport = run.transports.create(clients.length);
      run.control.register(transport);
      if (!run.connectPerTransaction) {
        for (Client c : clients) {
          try {
            Client client = c;
            c.link =
                Reconnection.firstConnection(
                    () -> run.connect(client.id, client::wake, transport),
                    run.firstConnectionWaitMicros);
          } catch (SQLException e) {
            c.connectError = e;
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      for (Client c : clients) {
        c.connectError = new SQLException(e.getMessage() == null ? e.toString() : e.getMessage());
      }
    }
    for (int i = 0; i < clients.length; i++) {
      run.connected.countDown();
    }
    try {
      if (run.gate.await() && transport != null) {
        long cpu0 = CpuTime.thread();
        long t0 = RunClock.now();
        benchmark();
        wallMicros = RunClock.now() - t0;
        cpuNanos = CpuTime.thread() - cpu0;
      }
    } catch (RuntimeException | Error e) {
      run.console.error("thread " + index + " failed: " + e);
      for (Client c : clients) {
        if (c.end == null) {
          c.end = Client.End.ABORTED;
        }
      }
    } finally {
      for (Client c : clients) {
        c.closeLink();
        if (c.end == null) {
          c.end = Client.End.FINISHED;
        }
      }
      if (transport != null) {
        run.control.unregister(transport);
        transport.close();
      }
      run.finished.countDown();
      run.control.wakeMain();
    }
  }

  private void benchmark() {
    active = clients.length;
    for (Client c : clients) {
      ready(c);
    }
    RunControl control = run.control;
    while (active > 0) {
      if (control.halted) { // Ctrl-C or --exit-on-abort: everyone stops where it is
        for (Client c : clients) {
          c.quit();
        }
        return;
      }
      beginRound(RunClock.now());
      LoopEntry[] batch = ready;
      int n = readyCount;
      ready = next;
      next = batch;
      readyCount = 0;
      for (int i = 0; i < n; i++) {
        LoopEntry c = batch[i];
        batch[i] = null;
        c.queued = false;
        batchLeft = n - i - 1;
        c.advance();
      }
      if (active == 0) {
        return;
      }
      if (readyCount > 0) {
        if (serverWaits > 0) {
          transport.await(0); // look for answers, without waiting
        }
        continue;
      }
      long at = nextDeadline();
      transport.await(at == Long.MAX_VALUE ? Long.MAX_VALUE : at * 1000);
    }
  }

  /** A round's start: the clock, -T, and the clients whose deadline has come. */
  void beginRound(long nowMicros) {
    now = nowMicros;
    streak = 0;
    long endTime = run.gate.endTime();
    if (!timeUp && endTime > 0 && now >= endTime) {
      timeUp = true;
    }
    LoopEntry due;
    while ((due = deadlines.pollDue(now)) != null) {
      ready(due);
    }
    if (handedOver != null) {
      reconnections();
    }
  }

  /**
   * --reconnect: the clients whose attempt ended, and when another client of the run got back in,
   * every client waiting to try again (the server is likely back: they try now).
   */
  private void reconnections() {
    LoopEntry c;
    while ((c = handedOver.poll()) != null) {
      ready(c);
    }
    long back = run.outages.backCount();
    if (back != seenBack) {
      seenBack = back;
      for (Client w : clients) {
        if (w.retryNow(now)) {
          ready(w);
        }
      }
    }
  }

  @Override
  public void handOver(LoopEntry c) {
    handedOver.add(c);
    transport.wakeup();
  }

  /** The earliest deadline of the loop's clients (µs), {@link Long#MAX_VALUE} when none. */
  long nextDeadline() {
    return deadlines.earliest();
  }

  // ------------------------------------------------------------------ what clients call

  @Override
  public long now() {
    return now;
  }

  @Override
  public long refresh() {
    now = RunClock.now();
    return now;
  }

  @Override
  public boolean mayRunOn() {
    return batchLeft == 0 && readyCount == 0 && ++streak < STREAK;
  }

  @Override
  public boolean timeUp() {
    return timeUp;
  }

  @Override
  public long endTime() {
    return run.gate.endTime();
  }

  @Override
  public void ready(LoopEntry c) {
    if (c.queued || c.hasEnded()) {
      return;
    }
    if (c.heapIndex >= 0) {
      deadlines.remove(c);
    }
    if (c.waitingForServer) {
      c.waitingForServer = false;
      serverWaits--;
    }
    c.queued = true;
    if (readyCount == ready.length) {
      ready = java.util.Arrays.copyOf(ready, readyCount * 2);
      next = java.util.Arrays.copyOf(next, readyCount * 2);
    }
    ready[readyCount++] = c;
  }

  @Override
  public void sleep(LoopEntry c, long micros) {
    deadlines.add(c, micros);
  }

  @Override
  public void waitingForServer(LoopEntry c) {
    if (!c.waitingForServer) {
      c.waitingForServer = true;
      serverWaits++;
    }
  }

  @Override
  public void answered(LoopEntry c) {
    if (c.waitingForServer) {
      c.waitingForServer = false;
      serverWaits--;
    }
  }

  @Override
  public void ended(LoopEntry c) {
    deadlines.remove(c);
    answered(c);
    active--;
  }
}
