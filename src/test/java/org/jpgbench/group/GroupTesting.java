package org.jpgbench.group;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.jpgbench.report.json.JsonDocuments;
import org.jpgbench.testing.InProcess;
import org.jpgbench.testing.TestCluster;

/** What the group tests read back: reports, logs, the leader. */
final class GroupTesting {
  private GroupTesting() {}

  /** pgbench's tables at scale 1 in the cluster's postgres database. */
  static void init(TestCluster server) {
    InProcess.Output o =
        InProcess.run(Map.of(), "", server.commandLine("-i", "-q").toArray(String[]::new));
    assertEquals(0, o.status(), o.err());
  }

  /** The connection arguments for the cluster over 127.0.0.1. */
  static List<String> connection(TestCluster server) {
    return server.commandLine();
  }

  /** The one member that says it leads. */
  static MemberProcess leader(List<MemberProcess> members) throws IOException {
    MemberProcess leader = null;
    for (MemberProcess m : members) {
      if (m.err().contains("(it leads:")) {
        if (leader != null) {
          throw new AssertionError("two leaders:\n" + leader + "\n" + m);
        }
        leader = m;
      }
    }
    if (leader == null) {
      throw new AssertionError("no leader: " + members);
    }
    return leader;
  }

  static Map<?, ?> parse(String json) {
    try {
      return (Map<?, ?>) JsonDocuments.parse(json);
    } catch (JsonDocuments.NotJson e) {
      throw new AssertionError(e);
    }
  }

  static Map<?, ?> read(Path p) {
    try {
      return parse(Files.readString(p));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** results.transactions of a JSON report. */
  static long transactions(String json) {
    return ((Number) ((Map<?, ?>) parse(json).get("results")).get("transactions")).longValue();
  }

  /** results.latency.percentiles' value (ms) at {@code p}. */
  static double percentile(Map<?, ?> report, double p) {
    Map<?, ?> latency = (Map<?, ?>) ((Map<?, ?>) report.get("results")).get("latency");
    for (Object o : (List<?>) latency.get("percentiles")) {
      Map<?, ?> m = (Map<?, ?>) o;
      if (((Number) m.get("percentile")).doubleValue() == p) {
        return ((Number) m.get("value")).doubleValue();
      }
    }
    throw new AssertionError("no p" + p + " in " + latency);
  }

  /** The first number after {@code label} in a text report. */
  static long number(String text, String label) {
    Matcher m = Pattern.compile(Pattern.quote(label) + "([0-9]+)").matcher(text);
    if (!m.find()) {
      throw new AssertionError("no \"" + label + "\" in:\n" + text);
    }
    return Long.parseLong(m.group(1));
  }

  /** A member's -l files (prefix "member"): lines, latencies, its first transaction's start. */
  record Log(long lines, Histogram latencies, long firstStartMicros) {}

  static Log log(Path dir) throws IOException {
    Histogram h = new Histogram(3);
    long lines = 0;
    long first = Long.MAX_VALUE;
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(p -> p.getFileName().toString().startsWith("member.")).toList()) {
        for (String line : Files.readAllLines(f)) {
          String[] col = line.split(" ", -1);
          long latency = Long.parseLong(col[2]);
          long end = Long.parseLong(col[4]) * 1_000_000L + Long.parseLong(col[5]);
          h.recordValue(latency);
          first = Math.min(first, end - latency);
          lines++;
        }
      }
    }
    return new Log(lines, h, first);
  }
}
