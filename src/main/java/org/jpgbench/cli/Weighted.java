package org.jpgbench.cli;

import org.jpgbench.cnum.CParse;

/**
 * A "NAME[@W]" script argument of -b/-f, split as pgbench's parseScriptWeight does: at the last
 * '@', the weight a strtol number with nothing after it, in 0..INT_MAX; weight 1 without '@'.
 */
record Weighted(String name, int weight) {
  static Weighted parse(String option) throws CliExit {
    int at = option.lastIndexOf('@');
    if (at < 0) {
      return new Weighted(option, 1);
    }
    String spec = option.substring(at + 1);
    int[] out = new int[2];
    long value = CParse.strtol(spec, 0, out);
    if (out[1] != 0 || out[0] == 0 || out[0] != spec.length()) {
      throw CliExit.error(CliMessages.INVALID_WEIGHT, option.substring(at));
    }
    if (value > Integer.MAX_VALUE || value < 0) {
      throw CliExit.error(CliMessages.WEIGHT_OUT_OF_RANGE, Integer.MAX_VALUE, value);
    }
    return new Weighted(option.substring(0, at), (int) value);
  }
}
