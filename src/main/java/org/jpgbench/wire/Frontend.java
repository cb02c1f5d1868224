package org.jpgbench.wire;

import java.util.Arrays;
import org.jpgbench.cnum.Decimal;
import org.jpgbench.text.RawUtf8;

/**
 * Builds frontend messages (protocol version 3) into one reusable byte array, which a transport
 * then sends in one piece: the messages libpq sends for pgbench. Query in simple mode; Parse, Bind,
 * Describe, Execute and Sync in the extended protocol. Nothing is allocated once the array is large
 * enough; integers are written as their decimal digits without a String.
 *
 * <p>Text is written as the bytes it holds ({@link RawUtf8}): a script's bytes reach the server
 * unchanged, whatever the connection's client encoding.
 */
public final class Frontend {
  /** Room {@link #begin} reserves: the header, plus the few bytes messages then write directly. */
  private static final int HEADER_ROOM = 16;

  private byte[] out = new byte[1024];
  private int pos;
  private int messageStart;

  /** The bytes built so far: {@link #buffer}[0 .. {@link #length}). */
  public byte[] buffer() {
    return out;
  }

  public int length() {
    return pos;
  }

  /** Forgets what was built (after it was sent). */
  public void clear() {
    pos = 0;
  }

  /** Query: a simple-protocol query. */
  public void query(String sql) {
    begin('Q');
    cstring(sql);
    end();
  }

  /**
   * Starts a Query whose text is appended piece by piece ({@link #text}, {@link #integer}), then
   * {@link #endQuery}: -M simple's text with the variables' values, built without a String.
   */
  public void beginQuery() {
    begin('Q');
  }

  /** Appends text to the Query being built. */
  public void text(String s) {
    textBytes(s);
  }

  /** Appends bytes (text already encoded) to the Query being built. */
  public void text(byte[] b) {
    bytes(b);
  }

  /** Appends an integer, as its decimal digits, to the Query being built. */
  public void integer(long v) {
    ensure(Decimal.MAX_BYTES);
    pos = Decimal.write(out, pos, v);
  }

  /** Ends the Query that {@link #beginQuery} started. */
  public void endQuery() {
    ensure(1);
    out[pos++] = 0;
    end();
  }

  /** Parse: {@code name} ("" for the unnamed statement), no parameter types (all unknown). */
  public void parse(String name, String sql) {
    begin('P');
    cstring(name);
    cstring(sql);
    int2(0);
    end();
  }

  /** Parse of text already encoded. */
  public void parse(String name, byte[] sql) {
    begin('P');
    cstring(name);
    bytes(sql);
    ensure(3);
    out[pos++] = 0;
    int2(0);
    end();
  }

  /**
   * Starts a Bind of {@code statement} into the unnamed portal: {@code count} parameters follow,
   * each given by {@link #textParam} or {@link #intParam}, then {@link #endBind}.
   */
  public void beginBind(String statement, int count) {
    begin('B');
    out[pos++] = 0; // unnamed portal
    cstring(statement);
    int2(0); // all parameters in text format
    int2(count);
  }

  /** A parameter as text; {@code null} is SQL NULL. */
  public void textParam(String v) {
    if (v == null) {
      int4(-1);
      return;
    }
    ensure(4);
    int lenAt = pos;
    pos += 4;
    textBytes(v);
    putInt(lenAt, pos - lenAt - 4);
  }

  /** An integer parameter, as the decimal text pgbench sends (%lld), without making a String. */
  public void intParam(long v) {
    ensure(4 + Decimal.MAX_BYTES);
    int lenAt = pos;
    pos = Decimal.write(out, pos + 4, v);
    putInt(lenAt, pos - lenAt - 4);
  }

  /** Ends the Bind that {@link #beginBind} started: all results in text format. */
  public void endBind() {
    int2(0);
    end();
  }

  /** Describe the unnamed portal: its RowDescription names the columns \gset and \aset store. */
  public void describePortal() {
    begin('D');
    out[pos++] = 'P';
    out[pos++] = 0;
    end();
  }

  /** Execute the unnamed portal to completion. */
  public void execute() {
    begin('E');
    out[pos++] = 0;
    int4(0);
    end();
  }

  /** Sync: ends an extended-protocol exchange; the server answers ReadyForQuery. */
  public void sync() {
    begin('S');
    end();
  }

  private void begin(char type) {
    ensure(HEADER_ROOM);
    messageStart = pos;
    out[pos++] = (byte) type;
    pos += 4; // length, filled in by end()
  }

  private void end() {
    putInt(messageStart + 1, pos - messageStart - 1);
  }

  private void cstring(String s) {
    textBytes(s);
    ensure(1);
    out[pos++] = 0;
  }

  private void textBytes(String s) {
    int n = s.length();
    ensure(n);
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        byte[] b = RawUtf8.encode(s.substring(i));
        ensure(b.length);
        System.arraycopy(b, 0, out, pos, b.length);
        pos += b.length;
        return;
      }
      out[pos++] = (byte) c;
    }
  }

  private void bytes(byte[] b) {
    ensure(b.length);
    System.arraycopy(b, 0, out, pos, b.length);
    pos += b.length;
  }

  private void int2(int v) {
    ensure(2);
    out[pos++] = (byte) (v >>> 8);
    out[pos++] = (byte) v;
  }

  private void int4(int v) {
    ensure(4);
    putInt(pos, v);
    pos += 4;
  }

  private void putInt(int at, int v) {
    out[at] = (byte) (v >>> 24);
    out[at + 1] = (byte) (v >>> 16);
    out[at + 2] = (byte) (v >>> 8);
    out[at + 3] = (byte) v;
  }

  private void ensure(int n) {
    if (pos + n > out.length) {
      out = Arrays.copyOf(out, Math.max(out.length * 2, pos + n));
    }
  }
}
