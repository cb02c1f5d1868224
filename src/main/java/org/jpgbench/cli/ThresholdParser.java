package org.jpgbench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpgbench.config.Threshold;
import org.jpgbench.config.Threshold.Comparison;
import org.jpgbench.config.Threshold.Metric;

/**
 * --slo's value: a comma-separated list of thresholds {@code METRIC OP VALUE[UNIT]}, checked before
 * anything connects.
 *
 * <ul>
 *   <li>latencies: {@code pNN} (any percentile in (0,100], e.g. {@code p99.9}) and {@code avg} (or
 *       {@code latency}), with a unit {@code us}, {@code ms} (the default) or {@code s};
 *   <li>{@code tps}, a plain number; {@code nopm} (-b tpcc's new orders per minute), too;
 *   <li>shares of all transactions: {@code failed}, {@code skipped}, {@code retried}, in percent
 *       ({@code 0.1%}; a bare {@code 0} is allowed);
 *   <li>{@code OP} one of {@code <=}, {@code <}, {@code >=}, {@code >}.
 * </ul>
 */
final class ThresholdParser {
  private static final Pattern THRESHOLD =
      Pattern.compile("([a-z_]+|p[0-9]+(?:\\.[0-9]+)?)(<=|>=|<|>)([0-9]+(?:\\.[0-9]*)?)([a-z%]*)");

  private ThresholdParser() {}

  static List<Threshold> parse(String list) throws CliExit {
    List<Threshold> out = new ArrayList<>();
    for (String part : list.split(",", -1)) {
      out.add(one(part.replaceAll("\\s+", "").toLowerCase(Locale.ROOT), list));
    }
    return List.copyOf(out);
  }

  private static Threshold one(String text, String list) throws CliExit {
    Matcher m = THRESHOLD.matcher(text);
    if (!m.matches()) {
      throw invalid(list, CliMessages.SLO_SYNTAX);
    }
    String name = m.group(1);
    Comparison op = comparison(m.group(2));
    double value = Double.parseDouble(m.group(3));
    String unit = m.group(4);
    if (name.startsWith("p") && Character.isDigit(name.charAt(1))) {
      double p = Double.parseDouble(name.substring(1));
      if (!(p > 0 && p <= 100)) {
        throw invalid(list, CliMessages.SLO_PERCENTILE);
      }
      return new Threshold(text, Metric.PERCENTILE, p, op, millis(value, unit, list));
    }
    return switch (name) {
      case "avg", "latency" ->
          new Threshold(text, Metric.LATENCY_AVERAGE, 0, op, millis(value, unit, list));
      case "tps" -> {
        if (!unit.isEmpty()) {
          throw invalid(list, CliMessages.SLO_TPS_UNIT);
        }
        yield new Threshold(text, Metric.TPS, 0, op, value);
      }
      case "nopm" -> {
        if (!unit.isEmpty()) {
          throw invalid(list, CliMessages.SLO_NOPM_UNIT);
        }
        yield new Threshold(text, Metric.NOPM, 0, op, value);
      }
      case "failed" -> share(text, Metric.FAILED, op, value, unit, list);
      case "skipped" -> share(text, Metric.SKIPPED, op, value, unit, list);
      case "retried" -> share(text, Metric.RETRIED, op, value, unit, list);
      default -> throw invalid(list, CliMessages.SLO_METRIC);
    };
  }

  private static Comparison comparison(String op) {
    for (Comparison c : Comparison.values()) {
      if (c.operator.equals(op)) {
        return c;
      }
    }
    throw new IllegalStateException(op); // the pattern admits only these
  }

  private static double millis(double value, String unit, String list) throws CliExit {
    return switch (unit) {
      case "", "ms" -> value;
      case "us" -> value / 1000.0;
      case "s" -> value * 1000.0;
      default -> throw invalid(list, CliMessages.SLO_LATENCY_UNIT);
    };
  }

  private static Threshold share(
      String text, Metric metric, Comparison op, double value, String unit, String list)
      throws CliExit {
    if (!unit.equals("%") && !(unit.isEmpty() && value == 0)) {
      throw invalid(list, CliMessages.SLO_SHARE_UNIT);
    }
    if (value > 100) {
      throw invalid(list, CliMessages.SLO_SHARE_UNIT);
    }
    return new Threshold(text, metric, 0, op, value);
  }

  private static CliExit invalid(String list, String detail) {
    return new CliExit(
        Diag.error(CliMessages.INVALID_VALUE, list, "--slo") + Diag.detail(detail), 1);
  }
}
