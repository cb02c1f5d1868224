package org.jpgbench.init;

import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import org.postgresql.copy.CopyIn;

/**
 * COPY rows field by field in binary format, written straight into one reused buffer and sent in
 * large CopyData messages; for the TPC-C-like load ({@link TpccCopyRows}), whose rows are made of
 * many short fields.
 *
 * <p>The PGCOPY signature, then per row its field count and per field its length and value (int4
 * big-endian, numeric as base-10000 digits, timestamp as microseconds since 2000, text as its ASCII
 * bytes), and the trailer. Binary saves the server the parsing of numbers and timestamps and the
 * search for each field's end: a file COPY of ORDER-LINE cost it ~25% less than text, CUSTOMER
 * ~35%, and with the strings varchar (no char(N) to pad) STOCK and ITEM ~15%.
 *
 * <p>A field is written as {@link #open()}, its bytes ({@link #put}), {@link #close()}; the typed
 * methods do all three.
 */
final class CopyFields {
  private static final int BUFFER = 1 << 18;

  /** Room kept for one row: the longest is a customer's (c_data up to 500 characters). */
  private static final int ROW_ROOM = 1024;

  private static final LocalDateTime EPOCH_2000 = LocalDateTime.of(2000, 1, 1, 0, 0);
  private static final long[] POWERS_OF_TEN = {1, 10, 100, 1000, 10_000};

  private final long nowMicros;
  private final byte[] buf = new byte[BUFFER];
  private int pos;
  private int fieldStart;
  private CopyIn copy;
  private final short[] digits = new short[8];

  /**
   * @param now the load's timestamp ("2026-12-07 13:14:00"), every row's now()
   */
  CopyFields(String now) {
    LocalDateTime t = LocalDateTime.parse(now, DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
    this.nowMicros = ChronoUnit.MICROS.between(EPOCH_2000, t);
  }

  /** Starts a COPY's rows. */
  void start(CopyIn to) {
    copy = to;
    System.arraycopy(BinaryRows.HEADER, 0, buf, pos, BinaryRows.HEADER.length);
    pos += BinaryRows.HEADER.length;
  }

  /** Starts a row of {@code fields} fields. */
  CopyFields row(int fields) {
    putShort(fields);
    return this;
  }

  /** Starts a field. */
  CopyFields open() {
    fieldStart = pos;
    pos += 4;
    return this;
  }

  /** Ends the field {@link #open()} started. */
  CopyFields close() {
    putInt(fieldStart, pos - fieldStart - 4);
    return this;
  }

  void put(byte b) {
    buf[pos++] = b;
  }

  /** Where the next byte goes, to {@link #overwrite} later bytes of the same field. */
  int mark() {
    return pos;
  }

  void overwrite(int at, byte[] b) {
    System.arraycopy(b, 0, buf, at, b.length);
  }

  CopyFields int4(int v) {
    putInt(pos, 4);
    putInt(pos + 4, v);
    pos += 8;
    return this;
  }

  CopyFields ascii(String s) {
    open();
    for (int i = 0; i < s.length(); i++) {
      buf[pos++] = (byte) s.charAt(i);
    }
    return close();
  }

  CopyFields nul() {
    putInt(pos, -1);
    pos += 4;
    return this;
  }

  /** The load's timestamp. */
  CopyFields now() {
    open();
    for (int shift = 56; shift >= 0; shift -= 8) {
      buf[pos++] = (byte) (nowMicros >>> shift);
    }
    return close();
  }

  /**
   * A numeric of {@code units} / 10^{@code scale} (scale 0..4), with all its decimals shown
   * ("-10.00", "0.0123").
   */
  CopyFields decimal(long units, int scale) {
    open();
    long abs = Math.abs(units);
    long unit = POWERS_OF_TEN[scale];
    long whole = abs / unit;
    long fraction = abs % unit;
    // base-10000 digits: the whole part's groups, then the fraction's one (scale <= 4)
    int n = 0;
    int wholeGroups = 0;
    for (long w = whole; w > 0; w /= 10_000) {
      wholeGroups++;
    }
    for (int g = wholeGroups - 1; g >= 0; g--) {
      digits[n++] = (short) (whole / pow10000(g) % 10_000);
    }
    int weight = wholeGroups - 1;
    if (scale > 0) {
      digits[n++] = (short) (fraction * (10_000 / unit));
    }
    int first = 0;
    while (first < n && digits[first] == 0) { // leading zero groups: the weight drops
      first++;
      weight--;
    }
    while (n > first && digits[n - 1] == 0) {
      n--;
    }
    putShort(n - first);
    putShort(n - first == 0 ? 0 : weight);
    putShort(units < 0 ? 0x4000 : 0);
    putShort(scale);
    for (int i = first; i < n; i++) {
      putShort(digits[i]);
    }
    return close();
  }

  private static long pow10000(int g) {
    long p = 1;
    for (int i = 0; i < g; i++) {
      p *= 10_000;
    }
    return p;
  }

  /** A row's end: the buffer is sent when it is nearly full. */
  void endRow() throws SQLException {
    if (pos > BUFFER - ROW_ROOM) {
      copy.writeToCopy(buf, 0, pos);
      pos = 0;
    }
  }

  /** The COPY's end: what is left, the trailer, and the end of the copy. */
  void finish() throws SQLException {
    System.arraycopy(BinaryRows.TRAILER, 0, buf, pos, BinaryRows.TRAILER.length);
    pos += BinaryRows.TRAILER.length;
    if (pos > 0) {
      copy.writeToCopy(buf, 0, pos);
      pos = 0;
    }
    copy.endCopy();
  }

  private void putShort(int v) {
    buf[pos++] = (byte) (v >>> 8);
    buf[pos++] = (byte) v;
  }

  private void putInt(int at, int v) {
    buf[at] = (byte) (v >>> 24);
    buf[at + 1] = (byte) (v >>> 16);
    buf[at + 2] = (byte) (v >>> 8);
    buf[at + 3] = (byte) v;
  }
}
