package org.jpgbench.wire;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.function.Consumer;
import org.jpgbench.cnum.Decimal;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.PGStream;
import org.postgresql.core.QueryExecutor;
import org.postgresql.core.QueryExecutorBase;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.postgresql.util.ServerErrorMessage;

/**
 * The frontend/backend protocol (version 3) spoken directly on a connection that the PostgreSQL
 * JDBC driver opened: the driver does what it does well (host lists, TLS, authentication, .pgpass,
 * startup parameters), then the benchmark loop takes over its message stream and sends exactly
 * what pgbench sends through libpq: Query in simple mode; Parse, Bind, Execute and one Sync per
 * command in extended and prepared modes; any number of them before one Sync in a pipeline. No
 * JDBC objects per query: a request is built in one reusable buffer and sent with one write, the
 * response is read message by message and rows are decoded only when \gset or \aset keeps them.
 *
 * <p>Text goes out as UTF-8 whatever client_encoding a script SETs: pgbench sends the script's
 * bytes as they are, and scripts are read as UTF-8. (Results of such a session are decoded as UTF-8
 * too, where pgbench keeps their bytes.)
 *
 * <p>Not thread-safe: one client thread uses it, except {@link #markBroken}, which any thread may
 * call. Once taken over, the JDBC connection must only be used to cancel a query or to close.
 */
public final class WireConnection {
  private static final Field PG_STREAM = streamField();

  private final PGStream stream;
  private byte[] out = new byte[1024];
  private int pos;
  private char txStatus = 'I';
  private volatile boolean broken;
  private String[] labels = new String[8];
  private String[] row = new String[8];
  /** Where NoticeResponse messages go (null: dropped). */
  private Consumer<ServerErrorMessage> notices;
  /** ParseComplete messages seen by the last {@link #readResults}. */
  private int parseCompletes;

  private WireConnection(PGStream stream) {
    this.stream = stream;
  }

  private static Field streamField() {
    try {
      Field f = QueryExecutorBase.class.getDeclaredField("pgStream");
      f.setAccessible(true);
      return f;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null; // another driver version: the JDBC path is used
    }
  }

  /**
   * Takes over the message stream of an idle JDBC connection, or returns null when this driver
   * version does not allow it (the caller then keeps using JDBC).
   */
  public static WireConnection takeOver(Connection con) {
    if (PG_STREAM == null) {
      return null;
    }
    try {
      QueryExecutor qe = con.unwrap(BaseConnection.class).getQueryExecutor();
      if (!(qe instanceof QueryExecutorBase)) {
        return null;
      }
      PGStream s = (PGStream) PG_STREAM.get(qe);
      // parameters are sent as UTF-8; the driver always sets client_encoding to UTF8
      if (s == null || s.isClosed() || !"UTF8".equals(s.getEncoding().name().toUpperCase().replace("-", ""))) {
        return null;
      }
      return new WireConnection(s);
    } catch (SQLException | ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  // ------------------------------------------------------------------ building requests

  /** Parse: {@code name} ("" for the unnamed statement), no parameter types (all unknown). */
  public void parse(String name, String sql) {
    begin('P');
    cstring(name);
    cstring(sql);
    int2(0);
    end();
  }

  /**
   * Bind into the unnamed portal: parameters as text ({@code null}: SQL NULL), results as text.
   *
   * @param values the parameter values, from {@code from} (inclusive) to {@code to} (exclusive)
   */
  public void bind(String statement, String[] values, int from, int to) {
    beginBind(statement, to - from);
    for (int i = from; i < to; i++) {
      textParam(values[i]);
    }
    endBind();
  }

  /**
   * Starts a Bind into the unnamed portal of {@code statement}: {@code count} parameters follow,
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
    utf8(v);
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

  /** Sync, then send everything built so far. */
  public void sync() throws SQLException {
    begin('S');
    end();
    send();
  }

  /** A simple-protocol Query, sent at once. */
  public void query(String sql) throws SQLException {
    begin('Q');
    cstring(sql);
    end();
    send();
  }

  /** Room that begin() reserves: the header, plus the few bytes messages then write directly. */
  private static final int HEADER_ROOM = 16;

  private void begin(char type) {
    ensure(HEADER_ROOM);
    messageStart = pos;
    out[pos++] = (byte) type;
    pos += 4; // length, filled in by end()
  }

  /** Where the message being built starts in {@link #out}. */
  private int messageStart;

  private void end() {
    putInt(messageStart + 1, pos - messageStart - 1);
  }

  private void send() throws SQLException {
    try {
      stream.send(out, 0, pos);
      stream.flush();
    } catch (IOException e) {
      throw ioError(e);
    } finally {
      pos = 0;
    }
  }

  private void cstring(String s) {
    utf8(s);
    ensure(1);
    out[pos++] = 0;
  }

  private void utf8(String s) {
    int n = s.length();
    ensure(n);
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        byte[] b = s.substring(i).getBytes(StandardCharsets.UTF_8);
        ensure(b.length);
        System.arraycopy(b, 0, out, pos, b.length);
        pos += b.length;
        return;
      }
      out[pos++] = (byte) c;
    }
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

  // ------------------------------------------------------------------ reading responses

  /**
   * Reads the responses up to ReadyForQuery. Results go to {@code sink} (null: skipped without
   * decoding); the first error is thrown once the connection is ready again, as the driver would
   * throw it; a broken connection throws at once, and so does COPY ({@link
   * CopyNotSupportedException}), after which the connection is given up.
   */
  public void readResults(ResultSink sink) throws SQLException {
    SQLException error = null;
    parseCompletes = 0;
    int columns = -1;
    int rows = 0;
    try {
      while (true) {
        int type = stream.receiveChar();
        int len = stream.receiveInteger4() - 4;
        switch (type) {
          case 'T' -> { // RowDescription
            columns = stream.receiveInteger2();
            ensureColumns(columns);
            for (int c = 0; c < columns; c++) {
              labels[c] = stream.receiveString();
              stream.skip(18);
            }
            rows = 0;
          }
          case 'D' -> { // DataRow
            rows++;
            if (sink == null) {
              stream.skip(len);
            } else {
              int n = stream.receiveInteger2();
              ensureColumns(n);
              for (int c = 0; c < n; c++) {
                int l = stream.receiveInteger4();
                row[c] = l < 0 ? null : stream.receiveString(l);
              }
            }
          }
          case 'C' -> { // CommandComplete
            stream.skip(len);
            if (sink != null) {
              if (columns >= 0) {
                sink.rowResult(columns, labels, row, rows);
              } else {
                sink.statusResult();
              }
            }
            columns = -1;
            rows = 0;
          }
          case 'I' -> { // EmptyQueryResponse
            if (sink != null) {
              sink.statusResult();
            }
            columns = -1;
          }
          case 'E' -> {
            ServerErrorMessage m = new ServerErrorMessage(stream.receiveErrorString(len));
            if (error == null) {
              error = new PSQLException(m);
            }
            if ("FATAL".equals(m.getSeverity()) || "PANIC".equals(m.getSeverity())) {
              markBroken();
              throw error;
            }
            columns = -1;
          }
          case 'G', 'H', 'W' -> { // CopyIn/Out/BothResponse: pgbench gives the connection up
            markBroken();
            throw new CopyNotSupportedException();
          }
          case 'N' -> {
            ServerErrorMessage m = new ServerErrorMessage(stream.receiveErrorString(len));
            if (notices != null) {
              notices.accept(m);
            }
          }
          case '1' -> parseCompletes++;
          case 'Z' -> {
            txStatus = (char) stream.receiveChar();
            if (error != null) {
              throw error;
            }
            return;
          }
          default -> stream.skip(len); // 2 3 n s t S A: nothing pgbench keeps
        }
      }
    } catch (IOException e) {
      throw ioError(e);
    }
  }

  /** Sends the server's notices (NOTICE, WARNING, ... from RAISE and the like) to {@code handler}. */
  public void onNotice(Consumer<ServerErrorMessage> handler) {
    this.notices = handler;
  }

  /** ParseComplete messages in the last response: how many Parse requests succeeded, in order. */
  public int parseCompletes() {
    return parseCompletes;
  }

  private void ensureColumns(int n) {
    if (labels.length < n) {
      labels = new String[n];
      row = new String[n];
    }
  }

  private SQLException ioError(IOException e) {
    markBroken();
    return new PSQLException("An I/O error occurred while sending to the backend.",
        PSQLState.CONNECTION_FAILURE, e);
  }

  /** The transaction status of the last ReadyForQuery: 'I' idle, 'T' in a block, 'E' failed. */
  public char transactionStatus() {
    return txStatus;
  }

  /** True once the connection was lost (I/O error, FATAL or PANIC). */
  public boolean isBroken() {
    return broken;
  }

  /** Marks the connection lost: no request is sent on it anymore. */
  public void markBroken() {
    broken = true;
  }
}
