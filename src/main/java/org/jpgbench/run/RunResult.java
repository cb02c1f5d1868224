package org.jpgbench.run;

import org.jpgbench.report.RunSummary;

/**
 * What one benchmark run came to: its exit status (pgbench's: 0 ok, 1 setup failure, 2 some client
 * aborted; 130 interrupted by Ctrl-C) and the summary its reports were made from, null when the run
 * ended before it had one (it could not connect, a thread aborted under --exit-on-abort).
 */
public record RunResult(int status, RunSummary summary) {
  static RunResult failed(int status) {
    return new RunResult(status, null);
  }
}
