package org.jpgbench.run;

import org.jpgbench.report.IntervalListener;
import org.jpgbench.report.RunSummary;

/**
 * What a run asks of the other processes it makes one benchmark with (jpgbench's --group; the group
 * package implements it, the cli hands it in). Every call comes from the run's main thread, except
 * the {@link #intervals} listener's, which come from the progress thread.
 */
public interface Coordinator {
  /** The group cannot start, or its coordination broke; the message is for an error: line. */
  final class GroupFailure extends Exception {
    private static final long serialVersionUID = 1L;

    public GroupFailure(String message) {
      super(message);
    }
  }

  /**
   * This process's clients are connected: registers it as ready and waits for the other members.
   *
   * @param stopped polled while waiting: true ends the wait (Ctrl-C) with a failure
   * @return the instant at which every member starts its clients, in Unix epoch microseconds of
   *     this machine's clock (in the past when this member learnt of it late)
   */
  long awaitStart(java.util.function.BooleanSupplier stopped) throws GroupFailure;

  /** Whether this member prints the group's progress and merged report (known after the start). */
  boolean leads();

  /** This member's number in the group, 1 to its size (known after the start). */
  int memberNumber();

  /** Receives each closed interval while the run goes on, or null when nothing is shared. */
  IntervalListener intervals();

  /**
   * What {@link #finish} returns on the leader when the group's report cannot be made (the
   * coordination server is gone): the run then prints its own report, and ends with status 2.
   */
  int UNCOORDINATED = -1;

  /**
   * After the run, with this member's summary and exit status. A member shares its summary and
   * returns its own status (having printed its own report); the leader, which printed nothing yet,
   * waits for the others' summaries, prints the group's merged report and returns the group's
   * status.
   */
  int finish(RunSummary own, int ownStatus);

  /** The run ended without a summary (setup failure, abort): the group is told, nobody waits. */
  void abandon(int status);
}
