package org.jpgbench.run;

/**
 * The states of a client's state machine: pgbench's CSTATE_* one for one (pgbench's
 * CSTATE_SKIP_COMMAND is not needed: \if branches are resolved to jumps when the script is parsed),
 * and three of jpgbench's own for --reconnect. {@link Client#advance} runs a client through them
 * until it must wait; the waits are the states that name what they wait for. Without --reconnect, a
 * lost connection aborts the client, as in pgbench.
 */
enum ClientState {
  /**
   * Picks the next script (weighted, with the thread's generator). Then: {@link #FINISHED} when
   * time is up, {@link #PREPARE_THROTTLE} under --rate, else {@link #START_TX}.
   */
  CHOOSE_SCRIPT,

  /**
   * --rate: takes the next slot of the thread's Poisson schedule. Under --latency-limit a slot
   * already too late is counted as skipped and the next one taken. Then {@link #THROTTLE}, or
   * {@link #FINISHED} when the slot lies beyond -T.
   */
  PREPARE_THROTTLE,

  /** Waits until the scheduled start of the transaction (a deadline of the loop). */
  THROTTLE,

  /**
   * Starts the transaction: connects under -C, remembers the function generator (a retry draws the
   * same values again), records the start time, goes to the first command.
   */
  START_TX,

  /**
   * Runs the current command: SQL is sent ({@link #WAIT_RESULT}; in a pipeline it is only queued,
   * {@link #END_COMMAND}); \sleep sets a deadline ({@link #SLEEP}); the other meta-commands run at
   * once. Past the script's end: {@link #END_TX}.
   */
  START_COMMAND,

  /**
   * Waits for the server's answer to the command, or to every sync point of a pipeline at
   * \endpipeline. Then {@link #END_COMMAND}; on a serialization or deadlock error (or any error
   * under --continue-on-error) {@link #ERROR}; otherwise the client aborts.
   */
  WAIT_RESULT,

  /** Waits until the end of a \sleep (a deadline of the loop). */
  SLEEP,

  /** Records the command's latency (-r) and moves to the next command. */
  END_COMMAND,

  /**
   * After an SQL error that does not abort the client: leaves the pipeline, rolls back an open
   * transaction block ({@link #WAIT_ROLLBACK}), or decides between {@link #RETRY} and {@link
   * #FAILURE} at once.
   */
  ERROR,

  /** Waits for the answer to ROLLBACK. */
  WAIT_ROLLBACK,

  /** Runs the transaction again from its first command, with the same random values. */
  RETRY,

  /** Counts the failed transaction, then {@link #END_TX}. */
  FAILURE,

  /**
   * Accounts the transaction (statistics, log), checks that no transaction block is left open,
   * disconnects under -C. Then {@link #CHOOSE_SCRIPT}, or {@link #FINISHED} after -t transactions
   * or when time is up.
   */
  END_TX,

  /**
   * jpgbench --reconnect: the connection went away in the middle of a transaction (a send failed,
   * the answer never came, or the server's last word was FATAL). The transaction is counted as
   * failed by a lost connection at the command it was at, the connection closed and the outage
   * noted; then {@link #RECONNECT}. The client's parts return this; {@link Client} does it.
   */
  LOST,

  /**
   * jpgbench --reconnect: the connection is lost (the transaction in flight was counted as a
   * connection failure). Waits until the next attempt is due, a deadline of the loop ({@link
   * Reconnection}'s backoff; at once when another client got back in), then starts the attempt on a
   * thread of its own: {@link #WAIT_CONNECT}. {@link #FINISHED} when time is up.
   */
  RECONNECT,

  /**
   * jpgbench --reconnect: waits for the attempt, which hands the client back to its loop when it
   * ends (and for the end of -T, which abandons it). Connected: a new transaction ({@link
   * #CHOOSE_SCRIPT}, or {@link #START_TX} under -C). Failed: {@link #RECONNECT}, or {@link
   * #ABORTED} once --reconnect=SECONDS has run out.
   */
  WAIT_CONNECT,

  /** Final: a command failed in a way that ends the client (exit status 2). */
  ABORTED,

  /** Final: the client has run its transactions, or the run was stopped. */
  FINISHED
}
