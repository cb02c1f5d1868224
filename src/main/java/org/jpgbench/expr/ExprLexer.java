package org.jpgbench.expr;

import org.jpgbench.cnum.CParse;

/**
 * The lexer of pgbench's expression language (exprscan.l, EXPR state): it reads one token at a time
 * from a script text, skips spaces and backslash-newline continuations, and ends the expression at
 * a newline (consumed) or at the end of the text.
 */
final class ExprLexer {
  static final int END = 0;
  static final int INT = 1;
  static final int MAXINT_PLUS_ONE = 2;
  static final int DOUBLE = 3;
  static final int VARIABLE = 4;
  static final int FUNCTION = 5;
  static final int NULL = 6;
  static final int BOOLEAN = 7;
  static final int AND = 8;
  static final int OR = 9;
  static final int NOT = 10;
  static final int IS = 11;
  static final int ISNULL = 12;
  static final int NOTNULL = 13;
  static final int CASE = 14;
  static final int WHEN = 15;
  static final int THEN = 16;
  static final int ELSE = 17;
  static final int END_KW = 18;
  static final int NE = 19;
  static final int LE = 20;
  static final int GE = 21;
  static final int LSHIFT = 22;
  static final int RSHIFT = 23;
  // single-character tokens use the character itself (all >= '#' = 35)

  private static final String[] KEYWORDS = {
    "and", "or", "not", "is", "isnull", "notnull", "null", "true", "false", "case", "when", "then",
    "else", "end"
  };
  private static final int[] KEYWORD_KINDS = {
    AND, OR, NOT, IS, ISNULL, NOTNULL, NULL, BOOLEAN, BOOLEAN, CASE, WHEN, THEN, ELSE, END_KW
  };
  private static final String MAXINT_PLUS_ONE_TEXT = "9223372036854775808";

  /** A lexed token; the value fields depend on the kind. */
  static final class Token {
    int kind;
    int start;
    int end;
    String text;
    long ival;
    double dval;
    boolean bval;
  }

  private final String s;
  private int pos;
  private boolean lastWasNewline;

  ExprLexer(String text, int pos) {
    this.s = text;
    this.pos = pos;
  }

  int pos() {
    return pos;
  }

  boolean lastWasNewline() {
    return lastWasNewline;
  }

  /** Lexes the next token; lexical errors carry pgbench's message and the offending text. */
  Token next() throws ExprSyntaxException {
    lastWasNewline = false;
    int n = s.length();
    while (pos < n) {
      char c = s.charAt(pos);
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0B) {
        pos++;
      } else if (c == '\\' && continuationLength(pos) > 0) {
        pos += continuationLength(pos);
      } else {
        break;
      }
    }
    Token t = new Token();
    t.start = pos;
    if (pos >= n) {
      t.kind = END;
      t.end = n;
      return t;
    }
    char c = s.charAt(pos);
    if (c == '\n') {
      pos++;
      lastWasNewline = true;
      t.kind = END;
      t.end = pos;
      return t;
    }
    if (isDigit(c) || (c == '.' && pos + 1 < n && isDigit(s.charAt(pos + 1)))) {
      return number(t);
    }
    if (isAlpha(c)) {
      int p = pos + 1;
      while (p < n && isAlnum(s.charAt(p))) {
        p++;
      }
      t.text = s.substring(pos, p);
      t.kind = FUNCTION;
      for (int k = 0; k < KEYWORDS.length; k++) {
        if (KEYWORDS[k].equalsIgnoreCase(t.text)) {
          t.kind = KEYWORD_KINDS[k];
          t.bval = k == 7; // "true"
          break;
        }
      }
      return finish(t, p);
    }
    if (c == ':' && pos + 1 < n && isAlnum(s.charAt(pos + 1))) {
      int p = pos + 1;
      while (p < n && isAlnum(s.charAt(p))) {
        p++;
      }
      t.kind = VARIABLE;
      t.text = s.substring(pos + 1, p);
      return finish(t, p);
    }
    char d = pos + 1 < n ? s.charAt(pos + 1) : 0;
    int two =
        switch (c) {
          case '<' -> d == '>' ? NE : d == '=' ? LE : d == '<' ? LSHIFT : -1;
          case '>' -> d == '=' ? GE : d == '>' ? RSHIFT : -1;
          case '!' -> d == '=' ? NE : -1;
          default -> -1;
        };
    if (two >= 0) {
      t.kind = two;
      return finish(t, pos + 2);
    }
    if ("+-*/%=<>|&#~(),".indexOf(c) >= 0) {
      t.kind = c;
      return finish(t, pos + 1);
    }
    // flex's "." rule: any other single character
    pos++;
    throw new ExprSyntaxException(ExprErrors.UNEXPECTED_CHARACTER, String.valueOf(c), pos - 1);
  }

  private Token finish(Token t, int end) {
    t.end = end;
    pos = end;
    return t;
  }

  /** {digit}+ as an int, or the longer double forms; constants must not overflow. */
  private Token number(Token t) throws ExprSyntaxException {
    int n = s.length();
    int p = pos;
    while (p < n && isDigit(s.charAt(p))) {
      p++;
    }
    int intEnd = p;
    if (p < n && s.charAt(p) == '.') {
      p++;
      while (p < n && isDigit(s.charAt(p))) {
        p++;
      }
    }
    if (p < n && (s.charAt(p) == 'e' || s.charAt(p) == 'E')) {
      int q = p + 1;
      if (q < n && (s.charAt(q) == '+' || s.charAt(q) == '-')) {
        q++;
      }
      if (q < n && isDigit(s.charAt(q))) {
        while (q < n && isDigit(s.charAt(q))) {
          q++;
        }
        p = q;
      }
    }
    Value v = new Value();
    if (p > intEnd || intEnd == pos) {
      t.text = s.substring(pos, p);
      finish(t, p);
      if (CParse.strtod(t.text, v) != CParse.OK) {
        throw new ExprSyntaxException(ExprErrors.DOUBLE_CONSTANT_OVERFLOW, t.text, p - 1);
      }
      t.kind = DOUBLE;
      t.dval = v.d;
      return t;
    }
    t.text = s.substring(pos, p);
    finish(t, p);
    if (t.text.equals(MAXINT_PLUS_ONE_TEXT)) {
      t.kind = MAXINT_PLUS_ONE;
      return t;
    }
    if (CParse.strtoint64(t.text, v) != CParse.OK) {
      throw new ExprSyntaxException(ExprErrors.BIGINT_CONSTANT_OVERFLOW, t.text, p - 1);
    }
    t.kind = INT;
    t.ival = v.i;
    return t;
  }

  /** Length of a backslash-newline continuation at {@code p} ("\\\n" or "\\\r\n"), or 0. */
  private int continuationLength(int p) {
    int n = s.length();
    if (p + 1 < n && s.charAt(p + 1) == '\n') {
      return 2;
    }
    if (p + 2 < n && s.charAt(p + 1) == '\r' && s.charAt(p + 2) == '\n') {
      return 3;
    }
    return 0;
  }

  static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  static boolean isAlpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
  }

  static boolean isAlnum(char c) {
    return isAlpha(c) || isDigit(c);
  }
}
