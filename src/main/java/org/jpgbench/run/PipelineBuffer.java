package org.jpgbench.run;

import java.sql.SQLException;
import java.util.Arrays;
import org.jpgbench.expr.Variables;

/**
 * One client's open pipeline (\startpipeline .. \syncpipeline .. \endpipeline): the SQL commands
 * queued since the last sync, with their parameter values as they were when the command was reached
 * (pgbench sends them then), one per variable reference of the command. A sync point runs the
 * queued commands as one batch; the first error is kept and reported at \endpipeline, where
 * pgbench reads the results.
 */
final class PipelineBuffer {
  boolean active;
  private int script;
  private int[] pcs = new int[16];
  private int count;
  private String[] values = new String[32];
  private int valueCount;
  /** The first error of this pipeline, reported at \endpipeline. */
  SQLException error;

  void start(int scriptIndex) {
    active = true;
    script = scriptIndex;
    count = 0;
    valueCount = 0;
    error = null;
  }

  /** Queues command {@code pc}, capturing its parameter values now. */
  void queue(int pc, SqlPlan plan, Variables vars) {
    if (count == pcs.length) {
      pcs = Arrays.copyOf(pcs, count * 2);
    }
    pcs[count++] = pc;
    int[] slots = plan.command.slots;
    if (valueCount + slots.length > values.length) {
      values = Arrays.copyOf(values, Math.max(values.length * 2, valueCount + slots.length));
    }
    for (int slot : slots) {
      values[valueCount++] = vars.text(slot); // null when undefined
    }
  }

  /** Runs what was queued since the last sync point; keeps the first error. */
  void sync(SqlSession session) {
    try {
      session.executePipeline(script, pcs, count, values);
    } catch (SQLException e) {
      if (error == null) {
        error = e;
      }
    } finally {
      count = 0;
      Arrays.fill(values, 0, valueCount, null);
      valueCount = 0;
    }
  }

  void reset() {
    active = false;
    count = 0;
    Arrays.fill(values, 0, valueCount, null);
    valueCount = 0;
    error = null;
  }
}
