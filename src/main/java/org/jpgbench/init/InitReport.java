package org.jpgbench.init;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.Options;
import org.jpgbench.log.PgLog;
import org.jpgbench.report.ReportMessages;
import org.jpgbench.report.ServerInfo;

/**
 * What an initialization did, as the JSON document of {@code -i --report-json} (schema {@value
 * #SCHEMA}, docs/report-json.md): how it was asked for, the server, and the seconds of each step
 * with the "done in" total, so that two initializations can be compared ({@code jpgbench compare},
 * {@code jpgbench ab -i}).
 */
public final class InitReport {
  public static final String SCHEMA = "jpgbench-init/1";

  private static final JSON WRITER =
      JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT, JSON.Feature.WRITE_NULL_PROPERTIES);

  private InitReport() {}

  /**
   * The document.
   *
   * @param failedStep the label of the step that failed, or null when every step completed
   * @param server the server's version and settings, or null when they could not be read
   */
  static Map<String, Object> document(
      Options options,
      InitTimings timings,
      String failedStep,
      ServerInfo server,
      Instant start,
      Instant end) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("schema", SCHEMA);
    doc.put("generator", "jpgbench " + PgLog.version());
    doc.put("start_time", start.truncatedTo(ChronoUnit.MICROS).toString());
    doc.put("end_time", end.truncatedTo(ChronoUnit.MICROS).toString());
    if (server != null) {
      Map<String, Object> s = new LinkedHashMap<>();
      s.put("version", server.version());
      s.put("settings", new LinkedHashMap<>(server.settings()));
      doc.put("server", s);
    } else {
      doc.put("server", null);
    }
    doc.put("settings", settings(options.init()));
    Map<String, Object> results = new LinkedHashMap<>();
    results.put("completed", failedStep == null);
    results.put("failed_step", failedStep);
    results.put("done_in", timings.total());
    List<Object> steps = new ArrayList<>();
    for (InitTimings.Entry e : timings.entries()) {
      Map<String, Object> step = new LinkedHashMap<>();
      step.put("step", e.label());
      step.put("letter", e.letter());
      step.put("seconds", e.seconds());
      steps.add(step);
    }
    results.put("steps", steps);
    doc.put("results", results);
    return doc;
  }

  private static Map<String, Object> settings(Options.Init init) {
    boolean partitioned = init.partitions() > 0;
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("init_steps", init.initSteps());
    m.put("scaling_factor", init.scale());
    m.put(
        "partition_method",
        !partitioned
            ? null
            : init.partitionMethod() == Options.PartitionMethod.HASH ? "hash" : "range");
    m.put("partitions", init.partitions());
    m.put("fillfactor", init.fillfactor());
    m.put("unlogged_tables", init.unloggedTables());
    m.put("foreign_keys", init.foreignKeys());
    m.put("init_jobs", Math.max(1, init.initJobs()));
    m.put("tablespace", init.tablespace());
    m.put("index_tablespace", init.indexTablespace());
    return m;
  }

  /** The document's text. */
  public static String text(Map<String, Object> doc) {
    try {
      return WRITER.asString(doc) + "\n";
    } catch (IOException e) {
      throw new IllegalStateException(e); // maps of plain values to a string
    }
  }

  /**
   * Writes the document to {@code path}, or to {@code stdout} for "-".
   *
   * @return null when written, else the error text
   */
  static String write(Map<String, Object> doc, String path, PrintStream stdout) {
    String text = text(doc);
    if (path.equals("-")) {
      stdout.print(text);
      stdout.flush();
      return null;
    }
    try {
      Files.writeString(Path.of(path), text, StandardCharsets.UTF_8);
      return null;
    } catch (IOException | InvalidPathException e) {
      return ReportMessages.f(
          ReportMessages.WRITE_REPORT,
          path,
          e instanceof IOException io ? ReportMessages.reason(io) : e.getMessage());
    }
  }
}
