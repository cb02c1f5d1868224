package org.jpgbench.run;

import java.io.PrintStream;
import org.jpgbench.log.PgLog;

/**
 * Diagnostics on stderr the way pgbench's logging prints them ("jpgbench: error: ...", "jpgbench:
 * detail: ...", info lines with the program name only, debug lines under --debug). One trailing
 * newline of a message is dropped, as pg_log does for libpq messages. Thread-safe: every message is
 * one write.
 */
final class Console {

  private final PrintStream err;
  final boolean debugEnabled;

  Console(PrintStream err, boolean debug) {
    this.err = err;
    this.debugEnabled = debug;
  }

  void error(String message) {
    emit("error: ", message);
  }

  void warning(String message) {
    emit("warning: ", message);
  }

  void detail(String message) {
    emit("detail: ", message);
  }

  void hint(String message) {
    emit("hint: ", message);
  }

  void info(String message) {
    emit("", message);
  }

  void debug(String message) {
    if (debugEnabled) {
      emit("debug: ", message);
    }
  }

  /** The stream itself (debug() output of expressions). */
  PrintStream stream() {
    return err;
  }

  /** Text without any prefix or added newline (pgbench's fprintf(stderr, ...)). */
  void raw(String text) {
    err.print(text);
    err.flush();
  }

  private void emit(String level, String message) {
    String m = message.endsWith("\n") ? message.substring(0, message.length() - 1) : message;
    err.print(PgLog.line(level, m) + "\n");
    err.flush();
  }
}
