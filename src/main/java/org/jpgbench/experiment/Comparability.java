package org.jpgbench.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Whether runs measured the same benchmark: the same script(s), scale, query mode and client count.
 * Runs that differ in those are not compared unless the user insists (--force); the server settings
 * that differ between two sides are listed (in an A/B test, usually the thing under test).
 */
final class Comparability {
  /** The settings (report-json.md's names) that must agree, with the words the messages use. */
  private static final Map<String, String> MUST_AGREE =
      new java.util.LinkedHashMap<>(
          Map.of(
              "transaction_type", "transaction type",
              "scaling_factor", "scaling factor",
              "query_mode", "query mode",
              "clients", "number of clients"));

  /** An initialization's settings that must agree. */
  private static final Map<String, String> MUST_AGREE_INIT =
      new java.util.LinkedHashMap<>(
          Map.of(
              "init_steps", "initialization steps",
              "scaling_factor", "scaling factor",
              "partitions", "partitions",
              "partition_method", "partition method"));

  private Comparability() {}

  /** Initializations and runs are not compared with each other: an error naming a file if mixed. */
  static void sameKind(List<RunReport> reports) throws ExperimentException {
    for (RunReport r : reports) {
      if (r.init() != reports.get(0).init()) {
        throw new ExperimentException(
            "cannot compare an initialization with a run (\""
                + (r.init() ? r.source() : reports.get(0).source())
                + "\" is the report of -i)");
      }
    }
  }

  /**
   * What differs among {@code runs} (each against the first), one line each; empty if nothing.
   *
   * @param sweeps the runs are points of sweeps: their client counts differ by design (each point
   *     is compared with its own)
   */
  static List<String> differences(List<RunReport> runs, boolean sweeps) {
    List<String> out = new ArrayList<>();
    if (runs.isEmpty()) {
      return out;
    }
    RunReport first = runs.get(0);
    for (Map.Entry<String, String> key : (first.init() ? MUST_AGREE_INIT : MUST_AGREE).entrySet()) {
      if (sweeps && key.getKey().equals("clients")) {
        continue;
      }
      Object expected = first.settings().get(key.getKey());
      for (RunReport r : runs.subList(1, runs.size())) {
        Object got = r.settings().get(key.getKey());
        if (!Objects.equals(text(expected), text(got))) {
          out.add(
              key.getValue()
                  + ": "
                  + text(expected)
                  + " ("
                  + first.source()
                  + ") vs "
                  + text(got)
                  + " ("
                  + r.source()
                  + ")");
          break;
        }
      }
    }
    return out;
  }

  /**
   * One thing that differs between the sides: its name (report-json.md's), and its value on each.
   *
   * @param base the base side's (A's) value as text
   * @param neu the new side's (B's)
   */
  record Difference(String name, String base, String neu) {
    String line() {
      return name + ": " + base + " vs " + neu;
    }

    Map<String, Object> json() {
      Map<String, Object> m = new java.util.LinkedHashMap<>();
      m.put("name", name);
      m.put("base", base);
      m.put("new", neu);
      return m;
    }
  }

  /** The run parameters compared besides MUST_AGREE's: -T, -t, -j, -R. */
  private static final List<String> RUN_PARAMETERS =
      List.of(
          "transaction_type",
          "scaling_factor",
          "query_mode",
          "clients",
          "threads",
          "duration",
          "transactions_per_client",
          "rate");

  /** An initialization's parameters compared: -I, -s, partitions, fillfactor, ... */
  private static final List<String> INIT_PARAMETERS =
      List.of(
          "init_steps",
          "scaling_factor",
          "partition_method",
          "partitions",
          "fillfactor",
          "unlogged_tables",
          "foreign_keys",
          "init_jobs",
          "tablespace",
          "index_tablespace");

  /**
   * Everything that differs between two runs: the server's version, its settings, and how the run
   * was made (script, scale, -M, -c, -j, -T, -t, -R).
   */
  static List<Difference> between(RunReport a, RunReport b) {
    List<Difference> out = new ArrayList<>();
    if (!Objects.equals(a.serverVersion(), b.serverVersion())) {
      out.add(new Difference("server_version", a.serverVersion(), b.serverVersion()));
    }
    java.util.Set<String> names = new java.util.TreeSet<>(a.serverSettings().keySet());
    names.addAll(b.serverSettings().keySet());
    for (String name : names) {
      Object x = a.serverSettings().get(name);
      Object y = b.serverSettings().get(name);
      if (!Objects.equals(x, y)) {
        out.add(new Difference(name, String.valueOf(x), String.valueOf(y)));
      }
    }
    for (String name : a.init() ? INIT_PARAMETERS : RUN_PARAMETERS) {
      String x = text(a.settings().get(name));
      String y = text(b.settings().get(name));
      if (!x.equals(y)) {
        out.add(new Difference(name, x, y));
      }
    }
    return out;
  }

  static List<String> lines(List<Difference> d) {
    return d.stream().map(Difference::line).toList();
  }

  static List<Map<String, Object>> json(List<Difference> d) {
    return d.stream().map(Difference::json).toList();
  }

  /** Numbers as the JSON held them (1 and 1.0 alike), strings as they are. */
  private static String text(Object o) {
    if (o instanceof Number n) {
      double d = n.doubleValue();
      return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
    return String.valueOf(o);
  }
}
