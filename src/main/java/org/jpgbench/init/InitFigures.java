package org.jpgbench.init;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one reader of the {@value InitReport#SCHEMA} document that {@link InitReport} writes: how the
 * initialization was asked for, the server, and each step's seconds, for {@code compare} and {@code
 * ab -i}.
 *
 * @param settings -i's settings by the document's names (init_steps, scaling_factor, ...)
 * @param serverVersion the server's version, or null when the document has none
 * @param serverSettings the server's settings as recorded (empty when none)
 * @param completed every step ran
 * @param failedStep the step that failed, or null
 * @param doneIn the "done in" seconds
 * @param steps the steps in the order they ran
 */
public record InitFigures(
    Map<String, Object> settings,
    String serverVersion,
    Map<String, String> serverSettings,
    boolean completed,
    String failedStep,
    double doneIn,
    List<Step> steps) {
  public InitFigures {
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    serverSettings = Collections.unmodifiableMap(new LinkedHashMap<>(serverSettings));
    steps = List.copyOf(steps);
  }

  /** One step: its label ("generate data (client-side)"), its seconds. */
  public record Step(String label, double seconds) {}

  /**
   * An initialization's report as {@code JsonDocuments} parsed it.
   *
   * @throws IllegalArgumentException when it is not a {@value InitReport#SCHEMA} document
   */
  public static InitFigures read(Map<?, ?> doc) {
    if (!InitReport.SCHEMA.equals(doc.get("schema"))
        || !(doc.get("settings") instanceof Map<?, ?> settings)
        || !(doc.get("results") instanceof Map<?, ?> results)) {
      throw new IllegalArgumentException("not a " + InitReport.SCHEMA + " document");
    }
    Map<String, Object> s = new LinkedHashMap<>();
    settings.forEach((k, v) -> s.put((String) k, v));
    String version = null;
    Map<String, String> server = new LinkedHashMap<>();
    if (doc.get("server") instanceof Map<?, ?> m) {
      version = (String) m.get("version");
      if (m.get("settings") instanceof Map<?, ?> ss) {
        ss.forEach((k, v) -> server.put((String) k, (String) v));
      }
    }
    List<Step> steps = new ArrayList<>();
    if (results.get("steps") instanceof List<?> l) {
      for (Object o : l) {
        if (o instanceof Map<?, ?> m) {
          steps.add(new Step(String.valueOf(m.get("step")), number(m.get("seconds"))));
        }
      }
    }
    return new InitFigures(
        s,
        version,
        server,
        Boolean.TRUE.equals(results.get("completed")),
        (String) results.get("failed_step"),
        number(results.get("done_in")),
        steps);
  }

  private static double number(Object o) {
    return o instanceof Number n ? n.doubleValue() : Double.NaN;
  }
}
