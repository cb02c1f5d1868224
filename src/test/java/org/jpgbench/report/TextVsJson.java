package org.jpgbench.report;

import static org.jpgbench.cnum.CFormat.fixed;
import static org.jpgbench.report.JsonPath.get;
import static org.jpgbench.report.JsonPath.integer;
import static org.jpgbench.report.JsonPath.num;
import static org.jpgbench.report.JsonPath.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks that a JSON report holds every figure of the text report: each line of the text (pgbench's
 * and the --percentile lines) is parsed and compared with the JSON value printed the same way. A
 * line this class does not know fails the check, so a figure cannot be left out unnoticed.
 */
public final class TextVsJson {
  private static final Pattern COUNT_PCT = Pattern.compile("(\\d+) \\(([-0-9.NaInfy]+)%\\)");
  private static final Pattern PCT_PAIR = Pattern.compile("(p[0-9.]+|max) = ([0-9.]+) ms");

  private TextVsJson() {}

  /**
   * @return the number of figures compared
   */
  public static int assertSame(String text, Object json) {
    int compared = 0;
    String script = null;
    String mode = "";
    int command = 0;
    for (String line : text.split("\n")) {
      if (line.startsWith("jpgbench (")) {
        continue;
      }
      String res = script != null ? script : "results";
      if (mode.equals("commands") || mode.equals("cmdpct")) {
        if (line.startsWith("    ") || line.matches("^ +[0-9].*")) {
          String[] f = line.trim().split("\\s+");
          String c = script + ".commands." + command++;
          if (mode.equals("commands")) {
            eq(fixed(num(json, c + ".latency_average"), 3), f[0], line);
            eq(String.valueOf(integer(json, c + ".failures")), f[1], line);
            assertTrue(line.endsWith("  " + str(json, c + ".text")), line);
          } else {
            List<?> ps = (List<?>) get(json, c + ".latency.percentiles");
            for (int i = 0; i < ps.size(); i++) {
              eq(fixed(num(ps.get(i), "value"), 3), f[i], line);
            }
          }
          compared++;
          continue;
        }
        mode = "";
      }
      String body = line.startsWith(" - ") ? line.substring(3) : line;
      Matcher m;
      if ((m = match("^SQL script (\\d+): (.*)$", line)) != null) {
        script = "scripts." + (Integer.parseInt(m.group(1)) - 1);
        eq(str(json, script + ".description"), m.group(2), line);
      } else if ((m = match("^transaction type: (.*)$", line)) != null) {
        eq(str(json, "settings.transaction_type"), m.group(1), line);
      } else if ((m = match("^scaling factor: (\\d+)$", line)) != null) {
        eq(String.valueOf(integer(json, "settings.scaling_factor")), m.group(1), line);
      } else if ((m = match("^query mode: (.*)$", line)) != null) {
        eq(str(json, "settings.query_mode"), m.group(1), line);
      } else if ((m = match("^number of (clients|threads): (\\d+)$", line)) != null) {
        eq(String.valueOf(integer(json, "settings." + m.group(1))), m.group(2), line);
      } else if ((m = match("^maximum number of tries: (\\d+)$", line)) != null) {
        eq(String.valueOf(integer(json, "settings.max_tries")), m.group(1), line);
      } else if ((m = match("^number of transactions per client: (\\d+)$", line)) != null) {
        eq(String.valueOf(integer(json, "settings.transactions_per_client")), m.group(1), line);
      } else if ((m = match("^duration: (\\d+) s$", line)) != null) {
        eq(String.valueOf(integer(json, "settings.duration")), m.group(1), line);
      } else if ((m = match("^number of transactions actually processed: (\\d+)(/(\\d+))?$", line))
          != null) {
        eq(String.valueOf(integer(json, "results.transactions")), m.group(1), line);
        if (m.group(3) != null) {
          eq(String.valueOf(integer(json, "results.transactions_expected")), m.group(3), line);
        }
      } else if ((m =
              match(
                  "^number of (failed transactions|serialization failures|deadlock "
                      + "failures|other failures|connection failures|transactions retried|transactions "
                      + "skipped): (.*)$",
                  body))
          != null) {
        String key =
            switch (m.group(1)) {
              case "failed transactions" -> "failed";
              case "serialization failures" -> "serialization_failures";
              case "deadlock failures" -> "deadlock_failures";
              case "other failures" -> "other_failures";
              case "connection failures" -> "connection_failures";
              case "transactions retried" -> "retried";
              default -> "skipped";
            };
        countPct(json, res + "." + key, m.group(2), line);
      } else if ((m = match("^connection failures: (.*)$", line)) != null) {
        countPct(json, "results.connection_failures", m.group(1), line);
      } else if ((m =
              match(
                  "^outages: (\\d+)(?:, total ([0-9.]+) s, longest ([0-9.]+) s \\(from "
                      + "([0-9.]+) s to ([0-9.]+) s(, not over at the end)?\\))?$",
                  line))
          != null) {
        eq(String.valueOf(integer(json, "outages.count")), m.group(1), line);
        if (m.group(2) != null) {
          eq(fixed(num(json, "outages.total_duration"), 3), m.group(2), line);
          eq(fixed(num(json, "outages.longest_duration"), 3), m.group(3), line);
          List<?> ws = (List<?>) get(json, "outages.windows");
          boolean found = false;
          for (Object w : ws) {
            found |=
                fixed(num(w, "start"), 3).equals(m.group(4))
                    && fixed(num(w, "end"), 3).equals(m.group(5))
                    && (m.group(6) != null) == Boolean.TRUE.equals(get(w, "ongoing"));
          }
          assertTrue(found, "the longest window is in the JSON: " + line);
        }
      } else if ((m = match("^time to first successful transaction after an outage: (.*)$", line))
          != null) {
        Object max = get(json, "outages.max_time_to_recover");
        eq(
            max == null ? "none completed" : fixed(((Number) max).doubleValue(), 3) + " ms (max)",
            m.group(1),
            line);
      } else if ((m = match("^total number of retries: (\\d+)$", body)) != null) {
        eq(String.valueOf(integer(json, res + ".retries")), m.group(1), line);
      } else if ((m = match("^latency (average|stddev) = ([0-9.]+) ms", body)) != null) {
        eq(fixed(num(json, res + ".latency." + m.group(1)), 3), m.group(2), line);
      } else if ((m =
              match("^latency percentiles(?: \\(from (scheduled|actual) start\\))?: (.*)$", body))
          != null) {
        String key = "actual".equals(m.group(1)) ? ".latency_from_actual_start" : ".latency";
        percentiles(json, res + key + ".percentiles", m.group(2), line);
      } else if ((m =
              match("^rate limit schedule lag: avg ([0-9.]+) \\(max ([0-9.]+)\\) ms$", line))
          != null) {
        eq(fixed(num(json, "results.lag.average"), 3), m.group(1), line);
        eq(fixed(num(json, "results.lag.max"), 3), m.group(2), line);
      } else if ((m = match("^initial connection time = ([0-9.]+) ms$", line)) != null) {
        eq(fixed(num(json, "results.initial_connection_time"), 3), m.group(1), line);
      } else if ((m = match("^average connection time = ([0-9.]+) ms$", line)) != null) {
        eq(fixed(num(json, "results.average_connection_time"), 3), m.group(1), line);
      } else if ((m = match("^tps = ([0-9.]+) \\(", line)) != null) {
        eq(fixed(num(json, "results.tps"), 6), m.group(1), line);
      } else if ((m = match("^weight: (\\d+) \\(targets ([0-9.]+)% of total\\)$", body)) != null) {
        eq(String.valueOf(integer(json, script + ".weight")), m.group(1), line);
        eq(fixed(num(json, script + ".weight_percent"), 1), m.group(2), line);
      } else if ((m =
              match("^(\\d+) transactions \\(([0-9.]+)% of total, tps = ([0-9.]+)\\)$", body))
          != null) {
        eq(String.valueOf(integer(json, script + ".transactions")), m.group(1), line);
        eq(fixed(num(json, script + ".transactions_percent"), 1), m.group(2), line);
        eq(fixed(num(json, script + ".tps"), 6), m.group(3), line);
      } else if (body.startsWith("statement latencies in milliseconds")) {
        if (script == null) {
          script = "scripts.0";
        }
        mode = "commands";
        command = 0;
        continue;
      } else if (body.startsWith("statement latency percentiles in milliseconds")) {
        mode = "cmdpct";
        command = 0;
        continue;
      } else if ((m =
              match(
                  "^number of transactions above the ([0-9.]+) ms latency limit: "
                      + "(\\d+)/(\\d+) \\(([0-9.]+)%\\)$",
                  line))
          != null) {
        eq(fixed(num(json, "settings.latency_limit"), 1), m.group(1), line);
        eq(String.valueOf(integer(json, "results.latency_limit_exceeded")), m.group(2), line);
        eq(fixed(num(json, "results.latency_limit_exceeded_percent"), 3), m.group(4), line);
      } else {
        fail("a text report line the JSON check does not know: " + line);
      }
      compared++;
    }
    return compared;
  }

  private static Matcher match(String regex, String line) {
    Matcher m = Pattern.compile(regex).matcher(line);
    return m.find() ? m : null;
  }

  private static void countPct(Object json, String key, String text, String line) {
    Matcher m = COUNT_PCT.matcher(text);
    assertTrue(m.matches(), line);
    eq(String.valueOf(integer(json, key)), m.group(1), line);
    Object pct = get(json, key + "_percent");
    eq(pct == null ? "NaN" : fixed(((Number) pct).doubleValue(), 3), m.group(2), line);
  }

  private static void percentiles(Object json, String key, String text, String line) {
    List<?> ps = (List<?>) get(json, key);
    Matcher m = PCT_PAIR.matcher(text);
    int i = 0;
    while (m.find()) {
      Object p = ps.get(i++);
      eq(PercentileLines.label(num(p, "percentile")), m.group(1), line);
      eq(fixed(num(p, "value"), 3), m.group(2), line);
    }
    assertEquals(ps.size(), i, line);
  }

  private static void eq(String expectedFromJson, String actualInText, String line) {
    assertEquals(expectedFromJson, actualInText, () -> "JSON vs text on: " + line);
  }
}
