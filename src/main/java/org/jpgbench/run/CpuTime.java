package org.jpgbench.run;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * CPU time of the calling thread and of the whole process, in nanoseconds, for the report's
 * client-CPU figures and the warning that a thread limited the run. 0 where the JVM cannot tell.
 */
final class CpuTime {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** The platform's bean, looked up once: the lookup costs more than the reading (a scrape's). */
  private static final java.lang.management.OperatingSystemMXBean OS =
      ManagementFactory.getOperatingSystemMXBean();

  private CpuTime() {}

  static long thread() {
    try {
      return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
    } catch (UnsupportedOperationException e) {
      return 0;
    }
  }

  /**
   * The CPU time of the thread {@code id} (Thread.threadId) so far; 0 when unknown or not started.
   */
  static long thread(long id) {
    try {
      long t = id > 0 && THREADS.isThreadCpuTimeSupported() ? THREADS.getThreadCpuTime(id) : 0;
      return Math.max(0, t);
    } catch (UnsupportedOperationException e) {
      return 0;
    }
  }

  /** The process's CPU time so far (user and system), 0 when unknown. */
  static long process() {
    if (OS instanceof com.sun.management.OperatingSystemMXBean os) {
      long t = os.getProcessCpuTime();
      return t < 0 ? 0 : t;
    }
    return 0;
  }
}
