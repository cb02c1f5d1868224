package org.jpgbench.run;

import java.util.Arrays;

/**
 * Turns a parsed SQL command (literal pieces around variable references) into the text the JDBC
 * driver expects for a PreparedStatement: '?' where pgbench sends $n, and literal '?' outside
 * quotes doubled so that the driver does not take them for parameters. A reference that falls
 * inside a quoted string or a comment is written "$n" (what pgbench's text has there) and is not a
 * parameter.
 *
 * @param text the JDBC text
 * @param params for each JDBC parameter, the index of its variable reference in the command
 */
record JdbcText(String text, int[] params) {
  private enum State {
    NORMAL,
    SINGLE,
    ESCAPE_SINGLE,
    DOUBLE,
    DOLLAR,
    LINE_COMMENT,
    BLOCK_COMMENT
  }

  static JdbcText of(String[] literals) {
    StringBuilder out = new StringBuilder();
    int[] params = new int[literals.length - 1];
    int nparams = 0;
    Lexer lx = new Lexer();
    for (int i = 0; i < literals.length; i++) {
      lx.copy(literals[i], out);
      if (i < literals.length - 1) {
        if (lx.state == State.NORMAL) {
          out.append('?');
          params[nparams++] = i;
        } else {
          out.append('$').append(i + 1);
        }
      }
    }
    return new JdbcText(out.toString(), Arrays.copyOf(params, nparams));
  }

  /** A small SQL lexer that knows just enough to tell where quotes and comments are. */
  private static final class Lexer {
    State state = State.NORMAL;
    String dollarTag;
    int commentDepth;
    char prev;

    void copy(String s, StringBuilder out) {
      int n = s.length();
      for (int i = 0; i < n; i++) {
        char c = s.charAt(i);
        char next = i + 1 < n ? s.charAt(i + 1) : '\0';
        switch (state) {
          case NORMAL -> {
            if (c == '?') {
              out.append("??");
              prev = c;
              continue;
            }
            if (c == '\'') {
              state = (prev == 'E' || prev == 'e') ? State.ESCAPE_SINGLE : State.SINGLE;
            } else if (c == '"') {
              state = State.DOUBLE;
            } else if (c == '-' && next == '-') {
              state = State.LINE_COMMENT;
            } else if (c == '/' && next == '*') {
              state = State.BLOCK_COMMENT;
              commentDepth = 1;
              out.append("/*");
              i++;
              prev = '*';
              continue;
            } else if (c == '$' && !isIdentChar(prev)) {
              int end = s.indexOf('$', i + 1);
              if (end > i && isTag(s, i + 1, end)) {
                dollarTag = s.substring(i, end + 1);
                state = State.DOLLAR;
                out.append(dollarTag);
                i = end;
                prev = '$';
                continue;
              }
            }
          }
          case SINGLE, ESCAPE_SINGLE -> {
            if (state == State.ESCAPE_SINGLE && c == '\\') {
              out.append(c);
              if (i + 1 < n) {
                out.append(s.charAt(++i));
              }
              prev = ' ';
              continue;
            }
            if (c == '\'') {
              state = State.NORMAL; // a doubled quote re-enters at the next character
            }
          }
          case DOUBLE -> {
            if (c == '"') {
              state = State.NORMAL;
            }
          }
          case DOLLAR -> {
            if (c == '$' && s.startsWith(dollarTag, i)) {
              out.append(dollarTag);
              i += dollarTag.length() - 1;
              state = State.NORMAL;
              prev = '$';
              continue;
            }
          }
          case LINE_COMMENT -> {
            if (c == '\n') {
              state = State.NORMAL;
            }
          }
          case BLOCK_COMMENT -> {
            if (c == '/' && next == '*') {
              commentDepth++;
              out.append("/*");
              i++;
              continue;
            }
            if (c == '*' && next == '/') {
              out.append("*/");
              i++;
              if (--commentDepth == 0) {
                state = State.NORMAL;
              }
              prev = '/';
              continue;
            }
          }
        }
        out.append(c);
        prev = c;
      }
    }

    private static boolean isIdentChar(char c) {
      return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private static boolean isTag(String s, int from, int to) {
      for (int k = from; k < to; k++) {
        char c = s.charAt(k);
        if (!(Character.isLetter(c) || c == '_' || (k > from && Character.isDigit(c)))) {
          return false;
        }
      }
      return true;
    }
  }
}
