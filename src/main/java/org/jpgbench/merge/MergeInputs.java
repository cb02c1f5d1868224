package org.jpgbench.merge;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.jpgbench.report.ReportMessages;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.json.JsonDocuments;
import org.jpgbench.report.json.JsonReport;
import org.jpgbench.report.json.JsonReportReader;
import org.jpgbench.report.json.JsonSchema;

/**
 * The files given to {@code jpgbench merge}, sorted by kind: JSON reports ({@value
 * JsonReport#SCHEMA}, rebuilt into run summaries) and HdrHistogram interval logs (--hdr-log), of
 * which a first pass keeps only the total histogram and the time span, so that logs of any length
 * merge in bounded memory.
 */
final class MergeInputs {
  /** A failure to read an input, with pgbench-style wording. */
  static final class InputError extends Exception {
    InputError(String message) {
      super(message);
    }
  }

  /** An interval log: where it is, its total, its first start and last end (epoch ms). */
  record HdrLog(
      String file, Histogram total, long startMillis, long endMillis, long intervalMillis) {
    /** Opens the log for a pass over its intervals. */
    HistogramLogReader open() throws IOException {
      return new HistogramLogReader(new File(file));
    }

    /** Successful transactions per second over the log's span. */
    double tps() {
      long span = endMillis - startMillis;
      return span > 0 ? total.getTotalCount() * 1000.0 / span : 0;
    }
  }

  final List<RunSummary> reports = new ArrayList<>();
  final List<HdrLog> logs = new ArrayList<>();

  static MergeInputs read(List<String> files) throws InputError {
    MergeInputs in = new MergeInputs();
    for (String f : files) {
      String text;
      try {
        text = Files.readString(Path.of(f), StandardCharsets.UTF_8);
      } catch (IOException | java.nio.file.InvalidPathException e) {
        throw new InputError(
            ReportMessages.f(
                ReportMessages.MERGE_READ,
                f,
                e instanceof IOException io ? ReportMessages.reason(io) : e.getMessage()));
      }
      String t = text.stripLeading();
      if (t.startsWith("{")) {
        in.reports.add(json(f, t));
      } else if (t.startsWith("#") || t.startsWith("\"StartTimestamp\"")) {
        in.logs.add(hdr(f));
      } else {
        throw new InputError(ReportMessages.f(ReportMessages.MERGE_FORMAT, f));
      }
    }
    return in;
  }

  /** JSON reports held as text (a --group's members' summaries), each under its name. */
  static MergeInputs ofJson(List<MergeCommand.JsonText> reports) throws InputError {
    MergeInputs in = new MergeInputs();
    for (MergeCommand.JsonText r : reports) {
      in.reports.add(json(r.name(), r.json().stripLeading()));
    }
    return in;
  }

  private static RunSummary json(String file, String text) throws InputError {
    Object doc;
    try {
      doc = JsonDocuments.parse(text);
    } catch (JsonDocuments.NotJson e) {
      throw new InputError(ReportMessages.f(ReportMessages.MERGE_BAD, file, e.getMessage()));
    }
    if (doc instanceof java.util.Map<?, ?> m
        && !JsonReport.SCHEMA.equals(m.get(JsonSchema.SCHEMA))) {
      throw new InputError(
          ReportMessages.f(
              ReportMessages.MERGE_SCHEMA, file, String.valueOf(m.get(JsonSchema.SCHEMA))));
    }
    try {
      return JsonReportReader.read(doc);
    } catch (JsonReportReader.BadReport e) {
      throw new InputError(ReportMessages.f(ReportMessages.MERGE_BAD, file, e.getMessage()));
    }
  }

  private static HdrLog hdr(String file) throws InputError {
    Histogram total = new Histogram(3);
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    long interval = 0;
    try (HistogramLogReader r = new HistogramLogReader(new File(file))) {
      EncodableHistogram e;
      while ((e = r.nextIntervalHistogram()) != null) {
        if (!(e instanceof Histogram h)) {
          throw new InputError(
              ReportMessages.f(
                  ReportMessages.MERGE_BAD, file, "not an integer-valued histogram log"));
        }
        total.add(h);
        start = Math.min(start, h.getStartTimeStamp());
        end = Math.max(end, h.getEndTimeStamp());
        interval = Math.max(interval, h.getEndTimeStamp() - h.getStartTimeStamp());
      }
    } catch (IOException | RuntimeException e) {
      throw new InputError(ReportMessages.f(ReportMessages.MERGE_BAD, file, e.getMessage()));
    }
    if (start == Long.MAX_VALUE) {
      throw new InputError(
          ReportMessages.f(ReportMessages.MERGE_BAD, file, "no interval histogram in the log"));
    }
    return new HdrLog(file, total, start, end, interval);
  }
}
