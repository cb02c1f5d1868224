package org.jpgbench.run;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import org.jpgbench.expr.ExprErrors;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.expr.Variables;
import org.jpgbench.script.SqlCommand;
import org.jpgbench.script.SqlCommand.ResultTarget;
import org.jpgbench.wire.ResultSink;

/**
 * Reads the results of one SQL command for one client and stores them for \gset (the last result's
 * single row) and \aset (the last row of every non-empty result), as pgbench's readCommandResponse.
 * Results arrive as {@link ResultSink} events, from the protocol decoder or from a JDBC statement.
 * Variable names are resolved to slots once per command and column, then reused.
 */
final class ResultStore implements ResultSink {
  private final int clientId;
  private final Variables vars;
  private final SymbolTable symbols;
  private final Console console;

  /** Per script and command: column label -> slot, learnt as results come. */
  private final NameCache[][] caches;

  private String[] row = new String[8];
  private String[] labels = new String[8];
  // ---- the command whose results are being read (begin .. end)
  private SqlCommand cmd;
  private int script;
  private int pc;
  private int qry;
  private boolean lastIsRs;
  private int lastRows;
  private int lastCols;
  private boolean failed;

  private static final class NameCache {
    String[] labels = new String[0];
    int[] slots = new int[0];
  }

  ResultStore(int clientId, Variables vars, SymbolTable symbols, Console console, int[] sizes) {
    this.clientId = clientId;
    this.vars = vars;
    this.symbols = symbols;
    this.console = console;
    caches = new NameCache[sizes.length][];
    for (int s = 0; s < sizes.length; s++) {
      caches[s] = new NameCache[sizes[s]];
    }
  }

  /** The JDBC fallback: hands the results of {@code st} to {@code sink}, one call per result. */
  static void read(Statement st, boolean firstIsResultSet, ResultSink sink) throws SQLException {
    String[] row = new String[8];
    String[] labels = new String[8];
    boolean isRs = firstIsResultSet;
    while (true) {
      if (isRs) {
        try (ResultSet rs = st.getResultSet()) {
          ResultSetMetaData md = rs.getMetaData();
          int cols = md.getColumnCount();
          if (row.length < cols) {
            row = new String[cols];
            labels = new String[cols];
          }
          int rows = 0;
          while (rs.next()) {
            rows++;
            for (int c = 0; c < cols; c++) {
              row[c] = rs.getString(c + 1);
            }
          }
          for (int c = 0; c < cols; c++) {
            labels[c] = md.getColumnLabel(c + 1);
          }
          sink.rowResult(cols, labels, row, rows);
        }
      } else {
        if (st.getUpdateCount() == -1) {
          break;
        }
        sink.statusResult();
      }
      isRs = st.getMoreResults();
    }
  }

  /** Starts taking the results of command {@code pc} as {@link ResultSink} events. */
  void begin(SqlCommand cmd, int script, int pc) {
    this.cmd = cmd;
    this.script = script;
    this.pc = pc;
    qry = 0;
    lastIsRs = false;
    lastRows = 0;
    lastCols = 0;
    failed = false;
  }

  @Override
  public void rowResult(int cols, String[] labels, String[] lastRow, int rows) {
    ensure(cols);
    if (rows > 0) {
      for (int c = 0; c < cols; c++) {
        String v = lastRow[c];
        row[c] = v == null ? "" : v;
      }
    }
    if (labels != this.labels) {
      System.arraycopy(labels, 0, this.labels, 0, cols);
    }
    if (!failed
        && cmd.resultTarget == ResultTarget.ASET
        && rows > 0
        && !store(cmd, script, pc, qry, cols)) {
      failed = true;
    }
    lastIsRs = true;
    lastRows = rows;
    lastCols = cols;
    qry++;
  }

  @Override
  public void statusResult() {
    lastIsRs = false;
    qry++;
  }

  /**
   * Ends the results of the command given to {@link #begin}: stores the \gset row. False after
   * printing pgbench's message when the results could not be stored.
   */
  boolean end() {
    if (failed) {
      return false;
    }
    if (qry == 0) {
      console.error(Messages.f(Messages.NO_RESULTS, clientId, pc));
      return false;
    }
    if (cmd.resultTarget == ResultTarget.GSET) {
      int rows = lastIsRs ? lastRows : 0;
      if (rows != 1) {
        console.error(Messages.f(Messages.EXPECTED_ONE_ROW, clientId, script, pc, qry - 1, rows));
        return false;
      }
      return store(cmd, script, pc, qry - 1, lastCols);
    }
    return true;
  }

  private boolean store(SqlCommand cmd, int script, int pc, int qry, int cols) {
    NameCache cache = caches[script][pc];
    if (cache == null) {
      cache = caches[script][pc] = new NameCache();
    }
    for (int c = 0; c < cols; c++) {
      int slot = slotFor(cache, cmd, labels[c]);
      if (slot < 0) {
        String name = cmd.resultPrefix + labels[c];
        console.error(
            ExprErrors.invalidVariableName(
                cmd.resultTarget == ResultTarget.ASET ? "aset" : "gset", name));
        console.error(Messages.f(Messages.STORE_FAILED, clientId, script, pc, qry, name));
        return false;
      }
      vars.setString(slot, row[c]);
    }
    return true;
  }

  /** The slot for a column, -1 when the variable name is not valid. */
  private int slotFor(NameCache cache, SqlCommand cmd, String label) {
    String[] known = cache.labels;
    for (int i = 0; i < known.length; i++) {
      if (known[i].equals(label)) {
        return cache.slots[i];
      }
    }
    String name = cmd.resultPrefix.isEmpty() ? label : cmd.resultPrefix + label;
    int slot = SymbolTable.isValidName(name) ? symbols.slotOf(name) : -1;
    int n = known.length;
    cache.labels = Arrays.copyOf(known, n + 1);
    cache.slots = Arrays.copyOf(cache.slots, n + 1);
    cache.labels[n] = label;
    cache.slots[n] = slot;
    return slot;
  }

  private void ensure(int cols) {
    if (row.length < cols) {
      row = new String[cols];
      labels = new String[cols];
    }
  }
}
