package org.jpgbench.cli;

import org.jpgbench.cnum.CParse;

/** PostgreSQL's option_parse_int, with which pgbench reads its integer options. */
final class OptionInt {
  private OptionInt() {}

  /**
   * strtol with trailing white space allowed; throws with "invalid value ..." for garbage and "...
   * must be in range" for values outside [min, max].
   */
  static int parse(String s, String optionName, int min, int max) throws CliExit {
    int[] out = new int[2];
    long v = CParse.strtol(s, 0, out);
    int end = out[0];
    while (end < s.length() && CParse.isSpace(s.charAt(end))) {
      end++;
    }
    if (end != s.length()) {
      throw CliExit.error(CliMessages.INVALID_VALUE, s, optionName);
    }
    if (out[1] != 0 || v != (int) v || v < min || v > max) {
      throw CliExit.error(CliMessages.OUT_OF_RANGE, optionName, min, max);
    }
    return (int) v;
  }
}
