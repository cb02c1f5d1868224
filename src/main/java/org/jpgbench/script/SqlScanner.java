package org.jpgbench.script;

import org.jpgbench.cnum.CParse;

/**
 * Splits script text into SQL commands the way psql's lexer (psqlscan.l, as pgbench uses it: no
 * variable callback, standard_conforming_strings on) does: a command ends at a semicolon outside
 * quotes, comments, parentheses and CREATE FUNCTION ... BEGIN ... END bodies, or at a backslash
 * that starts a meta-command. {@code \;} and {@code \:} put a plain ";" or ":" into the command (so
 * "a \; b" is one compound command). Leading whitespace and "--" comments are dropped, the rest of
 * the text is kept as it was written.
 */
final class SqlScanner {
  /** Why {@link #scan} stopped. */
  enum Stop {
    SEMICOLON,
    BACKSLASH,
    END
  }

  private final String s;
  private int pos;
  // psql lexer state, kept from one command to the next as psqlscan does
  private int parenDepth;
  private int beginDepth;
  private int identifierCount;
  private final char[] identifiers = new char[4];

  /** The command text collected by the last {@link #scan}. */
  final StringBuilder buf = new StringBuilder();

  /** Script offset of the first character collected, or -1. */
  int firstOffset;

  /** Non-empty statements in the collected text (separated by {@code \;}). */
  int statements;

  private boolean segmentHasContent;

  SqlScanner(String text) {
    this.s = text;
  }

  int pos() {
    return pos;
  }

  void pos(int p) {
    pos = p;
  }

  /** Collects the next command into {@link #buf}. */
  Stop scan() {
    buf.setLength(0);
    firstOffset = -1;
    statements = 0;
    segmentHasContent = false;
    int n = s.length();
    while (pos < n) {
      char c = s.charAt(pos);
      char d = pos + 1 < n ? s.charAt(pos + 1) : 0;
      int start = pos;
      if (CParse.isSpace(c)) {
        while (pos < n && CParse.isSpace(s.charAt(pos))) {
          pos++;
        }
        echoUnlessLeading(start);
      } else if (c == '-' && d == '-') {
        while (pos < n && s.charAt(pos) != '\n' && s.charAt(pos) != '\r') {
          pos++;
        }
        echoUnlessLeading(start);
      } else if (c == '/' && d == '*') {
        blockComment();
        echo(start);
      } else if (c == ';') {
        pos++;
        echo(start);
        if (parenDepth == 0 && beginDepth == 0) {
          identifierCount = 0;
          endSegment();
          return Stop.SEMICOLON;
        }
      } else if (c == '\\') {
        if (d == ';' || d == ':') {
          if (firstOffset < 0) {
            firstOffset = pos;
          }
          buf.append(d);
          pos += 2;
          if (d == ';') {
            identifierCount = 0;
            endSegment();
          } else {
            segmentHasContent = true;
          }
        } else {
          pos++; // the backslash starts a meta-command
          endSegment();
          return Stop.BACKSLASH;
        }
      } else {
        segmentHasContent = true;
        token(c, d);
        echo(start);
      }
    }
    endSegment();
    return Stop.END;
  }

  private void endSegment() {
    if (segmentHasContent) {
      statements++;
    }
    segmentHasContent = false;
  }

  private void echo(int start) {
    if (firstOffset < 0) {
      firstOffset = start;
    }
    buf.append(s, start, pos);
  }

  /** Whitespace and "--" comments are suppressed until the command has some text. */
  private void echoUnlessLeading(int start) {
    if (buf.length() > 0) {
      buf.append(s, start, pos);
    }
  }

  /** Consumes one token that is neither space, comment, ';' nor backslash. */
  private void token(char c, char d) {
    int n = s.length();
    if (c == '\'') {
      quoted('\'', false);
    } else if (c == '"') {
      quoted('"', false);
    } else if ((c == 'e' || c == 'E') && d == '\'') {
      pos++;
      quoted('\'', true);
    } else if ((c == 'b' || c == 'B' || c == 'x' || c == 'X' || c == 'n' || c == 'N')
        && d == '\'') {
      pos++;
      quoted('\'', false);
    } else if ((c == 'u' || c == 'U')
        && d == '&'
        && pos + 2 < n
        && (s.charAt(pos + 2) == '\'' || s.charAt(pos + 2) == '"')) {
      pos += 2;
      quoted(s.charAt(pos), false);
    } else if (c == '$') {
      dollar();
    } else if (c == ':') {
      colon();
    } else if (c == '(') {
      parenDepth++;
      pos++;
    } else if (c == ')') {
      if (parenDepth > 0) {
        parenDepth--;
      }
      pos++;
    } else if (isIdentStart(c)) {
      identifier();
    } else if (c >= '0' && c <= '9') {
      while (pos < n && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') {
        pos++;
      }
      if (pos < n && isIdentStart(s.charAt(pos))) { // "integer junk" such as 1abc$x
        while (pos < n && isIdentCont(s.charAt(pos))) {
          pos++;
        }
      }
    } else {
      pos++;
    }
  }

  /** A quoted string or identifier starting at the quote; E-strings honour backslashes. */
  private void quoted(char q, boolean backslashEscapes) {
    int n = s.length();
    pos++;
    while (pos < n) {
      char c = s.charAt(pos);
      if (backslashEscapes && c == '\\') {
        pos = Math.min(n, pos + 2);
      } else if (c == q) {
        if (pos + 1 < n && s.charAt(pos + 1) == q) {
          pos += 2;
        } else {
          pos++;
          return;
        }
      } else {
        pos++;
      }
    }
  }

  private void blockComment() {
    int n = s.length();
    int depth = 0;
    while (pos < n) {
      if (s.startsWith("/*", pos)) {
        depth++;
        pos += 2;
      } else if (s.startsWith("*/", pos)) {
        depth--;
        pos += 2;
        if (depth == 0) {
          return;
        }
      } else {
        pos++;
      }
    }
  }

  /** $n parameters, $tag$...$tag$ dollar quotes, or a lone '$'. */
  private void dollar() {
    int n = s.length();
    int p = pos + 1;
    if (p < n && isIdentStart(s.charAt(p))) {
      p++;
      while (p < n && isDollarTagChar(s.charAt(p))) {
        p++;
      }
    }
    if (p < n && s.charAt(p) == '$') {
      String delim = s.substring(pos, p + 1);
      int close = s.indexOf(delim, p + 1);
      pos = close < 0 ? n : close + delim.length();
      return;
    }
    if (p == pos + 1) { // "$1" (a parameter) or a lone '$'
      while (p < n && s.charAt(p) >= '0' && s.charAt(p) <= '9') {
        p++;
      }
    }
    pos = p; // a tag without its closing '$' is plain text too
  }

  /** "::", :name, :'name', :"name" are single tokens; otherwise a lone ':'. */
  private void colon() {
    int n = s.length();
    int p = pos + 1;
    if (p < n && s.charAt(p) == ':') {
      pos += 2;
      return;
    }
    if (p < n && (s.charAt(p) == '\'' || s.charAt(p) == '"')) {
      char q = s.charAt(p);
      int r = p + 1;
      while (r < n && isVariableChar(s.charAt(r))) {
        r++;
      }
      if (r > p + 1 && r < n && s.charAt(r) == q) {
        pos = r + 1;
        return;
      }
      pos++;
      return;
    }
    while (p < n && isVariableChar(s.charAt(p))) {
      p++;
    }
    pos = p;
  }

  /** An identifier or keyword; tracks CREATE [OR REPLACE] FUNCTION|PROCEDURE ... BEGIN ... END. */
  private void identifier() {
    int n = s.length();
    int start = pos;
    pos++;
    while (pos < n && isIdentCont(s.charAt(pos))) {
      pos++;
    }
    String word = s.substring(start, pos);
    if (identifierCount == 0) {
      java.util.Arrays.fill(identifiers, (char) 0);
    }
    if (word.equalsIgnoreCase("create")
        || word.equalsIgnoreCase("function")
        || word.equalsIgnoreCase("procedure")
        || word.equalsIgnoreCase("or")
        || word.equalsIgnoreCase("replace")) {
      if (identifierCount < identifiers.length) {
        identifiers[identifierCount] = Character.toLowerCase(word.charAt(0));
      }
    }
    identifierCount++;
    if (identifiers[0] == 'c'
        && (identifiers[1] == 'f'
            || identifiers[1] == 'p'
            || (identifiers[1] == 'o'
                && identifiers[2] == 'r'
                && (identifiers[3] == 'f' || identifiers[3] == 'p')))
        && parenDepth == 0) {
      if (word.equalsIgnoreCase("begin")) {
        beginDepth++;
      } else if (word.equalsIgnoreCase("case")) {
        if (beginDepth >= 1) {
          beginDepth++;
        }
      } else if (word.equalsIgnoreCase("end")) {
        if (beginDepth > 0) {
          beginDepth--;
        }
      }
    }
  }

  private static boolean isIdentStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
  }

  private static boolean isIdentCont(char c) {
    return isIdentStart(c) || (c >= '0' && c <= '9') || c == '$';
  }

  private static boolean isDollarTagChar(char c) {
    return isIdentStart(c) || (c >= '0' && c <= '9');
  }

  private static boolean isVariableChar(char c) {
    return isIdentStart(c) || (c >= '0' && c <= '9');
  }
}
