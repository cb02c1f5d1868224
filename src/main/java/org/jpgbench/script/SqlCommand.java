package org.jpgbench.script;

/**
 * An SQL command (possibly a compound "a \; b" query), with its variable references resolved to slots.
 *
 * <p>CONTRACT (skeleton): the engine reads these fields.
 */
public final class SqlCommand extends Command {
  /** What to do with the result rows. */
  public enum ResultTarget { NONE, GSET, ASET }

  /** -M simple: text = literal[0] + value(slots[0]) + literal[1] + ... + literal[n]. */
  public final String[] literals;
  /** Variable slots, in order of appearance (at most 255, as pgbench). */
  public final int[] slots;
  /** -M extended/prepared: the text with $1..$n in place of the variables (n = slots.length). */
  public final String parameterized;
  /** Number of statements joined by "\;" (1 for a plain command). */
  public final int statementCount;
  public final ResultTarget resultTarget;
  /** \gset/\aset prefix, "" when none. */
  public final String resultPrefix;

  public SqlCommand(int line, String displayText, String[] literals, int[] slots, String parameterized,
      int statementCount, ResultTarget resultTarget, String resultPrefix) {
    super(line, displayText);
    this.literals = literals;
    this.slots = slots;
    this.parameterized = parameterized;
    this.statementCount = statementCount;
    this.resultTarget = resultTarget;
    this.resultPrefix = resultPrefix;
  }
}
