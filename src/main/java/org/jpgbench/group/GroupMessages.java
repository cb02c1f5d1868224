package org.jpgbench.group;

import java.util.Locale;

/** What a group member prints about the group, in one place. */
final class GroupMessages {
  private GroupMessages() {}

  static final String FULL = "group \"%s\" already has its %d members";
  static final String OTHER_SIZE =
      "group \"%s\" was started with --group-size=%d, not %d (its members must run one command line)";
  static final String TOO_FEW =
      "group \"%s\": %d of %d members arrived within %d s; the benchmark did not start";
  static final String CANCELED = "group \"%s\": canceled while waiting for the other members";
  static final String CONNECT = "group \"%s\": cannot connect to the coordination server: %s";
  static final String COORDINATION = "group \"%s\": the coordination table cannot be used: %s";
  static final String REGISTERED = "group \"%s\": registered as member %d of %d%s";
  static final String LEADS = " (it leads: the group's progress and report are printed here)";
  static final String STARTING =
      "group \"%s\": %d members, starting at %s (clock offset to the coordination server %.3f ms"
          + " \u00b1 %.3f ms)";
  static final String LATE =
      "group \"%s\": the start instant was %.1f ms past when this member learnt of it";
  static final String LIVE_TOTALS_LOST =
      "group \"%s\": live totals interrupted, the coordination connection failed: %s";
  static final String FINISHED = "group \"%s\": %d of %d members finished";
  static final String LOST = "group \"%s\": %s ended without a report%s";
  static final String REPORT_HEADER = "group \"%s\": %d of %d members";
  static final String INIT_WAIT = "group \"%s\": member 1 initializes; waiting for it";
  static final String INIT_DONE = "group \"%s\": member 1 initialized the database";
  static final String INIT_FAILED = "group \"%s\": member 1's initialization failed (exit %d)";
  static final String INIT_LOST = "group \"%s\": member 1 ended before its initialization did";
  static final String COST =
      "coordination after the start: %d statements, %.3f ms of round trips in all (-P %d)";
  static final String NO_GROUP = "group \"%s\": no kept results in the coordination table";

  static String f(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
