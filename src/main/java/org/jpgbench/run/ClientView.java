package org.jpgbench.run;

import org.jpgbench.expr.Variables;
import org.jpgbench.random.Prng;
import org.jpgbench.stats.StatsRecorder;
import org.jpgbench.stats.TxStatus;

/**
 * What a client's parts ({@link SqlStep}, {@link MetaStep}, {@link Pipeline}, {@link ClientErrors},
 * {@link Reconnection}) see of it: who it is, the run it belongs to, its variables, generator,
 * statistics and connection, and where it stands in the transaction in progress. A part reads and
 * sets these and returns the client's next state; the state machine itself, the parts and the
 * accounting of a transaction stay in {@link Client}, which is the one kind of this (a base class
 * rather than an object of its own, so the state machine reads these fields without a hop).
 */
abstract class ClientView extends LoopEntry {
  final int id;
  final RunContext run;
  final Variables vars;
  final Prng random;

  /** The function generator as the transaction found it, restored for a retry. */
  final Prng savedRandom;

  final StatsRecorder stats;

  /** The event loop that carries the client (set once, before the loop runs). */
  ClientLoop loop;

  /** The connection; null under -C between transactions and while --reconnect is under way. */
  volatile Link link;

  // ---- the transaction in progress ----
  int script;
  int pc;

  /** The command after this one (a meta-command's jump for the \if family). */
  int nextPc;

  int tries;
  TxStatus status;

  /** The transaction's scheduled start (µs; its start when not throttled). */
  long txnScheduled;

  /** The end of the \sleep in progress (µs). */
  long sleepUntil;

  /** Whether this transaction waited (for the server or a time) since it started. */
  boolean waited;

  ClientView(int id, RunContext run, Variables vars, Prng random) {
    this.id = id;
    this.run = run;
    this.vars = vars;
    this.random = random;
    this.savedRandom = random.copy();
    this.stats = new StatsRecorder(run.commandCounts, run.perScriptStats);
  }

  /** Something the client waits for happened (its link's answers, a lost connection). */
  final void wake() {
    ClientLoop l = loop;
    if (l != null) {
      l.ready(this);
    }
  }

  /** pgbench's commandFailed: "client N aborted in command N (what) of script N; reason". */
  final void commandFailed(String what, String reason) {
    run.console.error(Messages.f(Messages.COMMAND_FAILED, id, pc, what, script, reason));
  }

  /** Whether a lost connection is reconnected (--reconnect) rather than the end of the client. */
  final boolean reconnects() {
    return run.outages != null;
  }

  /** Closes the connection, if there is one. */
  final void closeLink() {
    Link l = link;
    link = null;
    if (l != null) {
      l.close();
    }
  }
}
