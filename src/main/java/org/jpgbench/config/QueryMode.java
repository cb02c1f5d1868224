package org.jpgbench.config;

/**
 * -M, and what each mode means for the protocol, decided here once: the driver's settings, the
 * messages the run sends, the checks before it and the reports' word all follow from {@link
 * #simpleProtocol} and {@link #namedStatements}.
 */
public enum QueryMode {
  /** The simple protocol: each command one Query, the variables' values inlined in its text. */
  SIMPLE(true, false),
  /** The extended protocol: each command parsed unnamed, its values bound apart, every time. */
  EXTENDED(false, false),
  /** The extended protocol with named statements, each parsed once per connection. */
  PREPARED(false, true);

  private final boolean simpleProtocol;
  private final boolean namedStatements;

  QueryMode(boolean simpleProtocol, boolean namedStatements) {
    this.simpleProtocol = simpleProtocol;
    this.namedStatements = namedStatements;
  }

  /** Whether commands go as Query messages with their values in the text. */
  public boolean simpleProtocol() {
    return simpleProtocol;
  }

  /**
   * Whether each command is prepared once per connection as a named statement (a pipeline's before
   * it starts, as pgbench does) and then only bound and executed.
   */
  public boolean namedStatements() {
    return namedStatements;
  }

  /** -M's word for the mode, as pgbench's report prints it. */
  public String word() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The mode -M names by {@code word}; null when it names none. */
  public static QueryMode ofWord(String word) {
    for (QueryMode m : values()) {
      if (m.word().equals(word)) {
        return m;
      }
    }
    return null;
  }
}
