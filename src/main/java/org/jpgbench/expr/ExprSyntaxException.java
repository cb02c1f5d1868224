package org.jpgbench.expr;

/**
 * An expression parse error, as pgbench's expr_yyerror_more() reports it: a message, an optional
 * detail printed in parentheses, the offset of the character the caret points at, and where the
 * offending command line ends (pgbench lexes to the end of the line to print it whole).
 *
 * <p>Offsets are indexes into the script text given to {@link ExprParser#parse}; the script parser
 * turns them into pgbench's "file:line: message (more) in command" lines with a caret.
 */
public final class ExprSyntaxException extends Exception {
  private final String more;
  private final int errorOffset;
  private int lineEnd = -1;

  public ExprSyntaxException(String message, String more, int errorOffset) {
    super(message, null, false, false);
    this.more = more;
    this.errorOffset = errorOffset;
  }

  /** The detail pgbench prints in parentheses (the offending token or function name), or null. */
  public String more() {
    return more;
  }

  /** Index of the character the caret points at (the last character of the offending token). */
  public int errorOffset() {
    return errorOffset;
  }

  /** Index just after the end of the command's last line (after its newline, or the text end). */
  public int lineEnd() {
    return lineEnd;
  }

  void lineEnd(int end) {
    this.lineEnd = end;
  }
}
