package org.jpgbench.experiment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The experiments' CSV files: RFC 4180 (commas, CRLF, fields quoted where they must be) with a
 * header row, written by commons-csv; figures in plain decimal notation, empty where there is none.
 */
final class CsvText {
  private final StringBuilder text = new StringBuilder();
  private final CSVPrinter printer;

  CsvText(String... header) {
    try {
      printer = CSVFormat.RFC4180.builder().setHeader(header).get().print(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // into memory
    }
  }

  CsvText row(Object... fields) {
    try {
      printer.printRecord(fields);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  String text() {
    return text.toString();
  }

  /** {@code v} with at most {@code decimals} decimals, trailing zeros dropped; "" for NaN. */
  static String num(double v, int decimals) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "";
    }
    BigDecimal d = BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_EVEN);
    d = d.stripTrailingZeros();
    return d.signum() == 0 ? "0" : d.toPlainString();
  }
}
