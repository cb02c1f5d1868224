package org.jpgbench.cli;

/**
 * Ends the command line handling early: text for stderr (already in pgbench's shape, lines ended by
 * newlines) and the exit status. Used for user errors (status 1) and for options that print and
 * exit (-b list, --show-script: status 0). Never carries a stack trace.
 */
final class CliExit extends Exception {
  private static final long serialVersionUID = 1L;

  final String stderr;
  final int status;

  CliExit(String stderr, int status) {
    super(stderr, null, false, false);
    this.stderr = stderr;
    this.status = status;
  }

  /** A "jpgbench: error: ..." line, exit status 1. */
  static CliExit error(String format, Object... args) {
    return new CliExit(Diag.error(format, args), 1);
  }

  /**
   * This exit as a subcommand's: its hint to try --help points at the subcommand's help ("Try
   * \"jpgbench sweep --help\""), so that every subcommand's usage errors read alike.
   */
  CliExit inSubcommand(String name) {
    String p = CliMessages.progname();
    String general = CliMessages.HINT_TRY_HELP.replace("%s", p);
    String own = CliMessages.HINT_TRY_HELP.replace("%s", p + " " + name);
    return new CliExit(stderr.replace(general, own), status);
  }

  /** An error line plus a hint to try --help, as pgbench prints after usage errors. */
  static CliExit usage(String firstLines) {
    return new CliExit(
        firstLines + Diag.hint(CliMessages.HINT_TRY_HELP, CliMessages.progname()), 1);
  }
}
