package org.jpgbench.report;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * --hdr-log: HdrHistogram's standard interval log (readable by HistogramLogReader, HdrHistogram's
 * HistogramLogProcessor and jpgbench merge): a comment, the format version, {@code StartTime} and
 * {@code BaseTime} (the run start, seconds since the epoch), the legend, then one line per interval
 * with its start relative to the base time, its length, its max in milliseconds and the compressed
 * histogram of successful transaction latencies in microseconds.
 */
public final class HdrIntervalLog implements AutoCloseable {
  /** Values are µs; the log's "Interval_Max" column is in ms. */
  private static final double MAX_VALUE_UNIT_RATIO = 1000.0;

  private final PrintStream stream;
  private final HistogramLogWriter writer;

  private HdrIntervalLog(PrintStream stream) {
    this.stream = stream;
    this.writer = new HistogramLogWriter(stream);
  }

  /** Creates (truncates) {@code path}; nothing is written before {@link #begin}. */
  public static HdrIntervalLog open(String path) throws IOException {
    return new HdrIntervalLog(new PrintStream(new FileOutputStream(path), false, "US-ASCII"));
  }

  /** Writes the header: {@code startEpochMillis} is the run start, the base of the time stamps. */
  public void begin(long startEpochMillis, String comment) {
    writer.outputComment(comment);
    writer.outputComment("latencies of successful transactions, in microseconds");
    writer.outputLogFormatVersion();
    writer.outputStartTime(startEpochMillis);
    writer.setBaseTime(startEpochMillis);
    writer.outputBaseTime(startEpochMillis);
    writer.outputLegend();
  }

  /** Writes one interval; the histogram's time stamps are set to the interval (epoch ms). */
  public void interval(Histogram h, long startEpochMillis, long endEpochMillis) throws IOException {
    h.setStartTimeStamp(startEpochMillis);
    h.setEndTimeStamp(endEpochMillis);
    double base = writer.getBaseTime() / 1000.0;
    writer.outputIntervalHistogram(
        startEpochMillis / 1000.0 - base, endEpochMillis / 1000.0 - base, h, MAX_VALUE_UNIT_RATIO);
    stream.flush();
    if (stream.checkError()) {
      throw new IOException("write error");
    }
  }

  @Override
  public void close() throws IOException {
    stream.flush();
    boolean failed = stream.checkError();
    stream.close();
    if (failed) {
      throw new IOException("write error");
    }
  }
}
