package org.jpgbench.script;

/** One command of a parsed script: SQL or a meta-command. Immutable after parsing. */
public abstract sealed class Command permits SqlCommand, MetaCommand {
  /** 1-based line number of the command's first line in its file (for messages). */
  public final int line;

  /**
   * The text -r prints for this command (pgbench's "first line" form, e.g. "\set aid random(1,
   * 100000 * :scale)").
   */
  public final String displayText;

  protected Command(int line, String displayText) {
    this.line = line;
    this.displayText = displayText;
  }
}
