package org.jpgbench.cli;

import org.jpgbench.config.OptionsBuilder;

/**
 * --metrics-listen=[HOST:]PORT: a port alone (127.0.0.1), or a host name or address before the last
 * colon; an IPv6 address in brackets ("[::1]:9187").
 */
final class MetricsAddress {
  private MetricsAddress() {}

  static void apply(String v, OptionsBuilder b) throws CliExit {
    String host = null;
    String port = v;
    if (v.startsWith("[")) {
      int close = v.indexOf("]:");
      if (close < 0) {
        throw CliExit.error(CliMessages.INVALID_VALUE, v, "--metrics-listen");
      }
      host = v.substring(1, close);
      port = v.substring(close + 2);
    } else if (v.contains(":")) {
      host = v.substring(0, v.lastIndexOf(':'));
      port = v.substring(v.lastIndexOf(':') + 1);
    }
    if ((host != null && (host.isEmpty() || host.contains(":") && !v.startsWith("[")))
        || port.isEmpty()
        || !port.chars().allMatch(Character::isDigit)) {
      throw CliExit.error(CliMessages.INVALID_VALUE, v, "--metrics-listen");
    }
    b.metricsHost = host;
    b.metricsPort = OptionInt.parse(port, "--metrics-listen", 0, 65_535);
  }
}
