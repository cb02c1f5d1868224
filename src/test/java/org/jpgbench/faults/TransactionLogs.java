package org.jpgbench.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The -l files of a run (prefix.PID, prefix.PID.N), read back and checked line by line. */
record TransactionLogs(List<String[]> lines) {
  /** client_id transaction_no time|failed|connection|skipped script_no time_epoch time_us. */
  private static final Pattern LINE =
      Pattern.compile("[0-9]+ [0-9]+ ([0-9]+|failed|connection|skipped) [0-9]+ [0-9]+ [0-9]+");

  /** Every file under {@code dir} named {@code prefix.*}; each line must be whole. */
  static TransactionLogs read(Path dir, String prefix) throws IOException {
    List<String[]> lines = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f :
          files.filter(p -> p.getFileName().toString().startsWith(prefix + ".")).toList()) {
        String text = Files.readString(f, StandardCharsets.US_ASCII);
        assertTrue(text.isEmpty() || text.endsWith("\n"), f + " ends in the middle of a line");
        for (String l : text.split("\n")) {
          if (!l.isEmpty()) {
            assertTrue(LINE.matcher(l).matches(), "a broken log line in " + f + ": " + l);
            lines.add(l.split(" "));
          }
        }
      }
    }
    return new TransactionLogs(lines);
  }

  int size() {
    return lines.size();
  }

  /** Completed transactions that ended after {@code epochMicros}. */
  long completedAfter(long epochMicros) {
    return lines.stream()
        .filter(l -> l[2].matches("[0-9]+"))
        .filter(l -> Long.parseLong(l[4]) * 1_000_000 + Long.parseLong(l[5]) > epochMicros)
        .count();
  }

  long withStatus(String status) {
    return lines.stream().filter(l -> l[2].equals(status)).count();
  }
}
