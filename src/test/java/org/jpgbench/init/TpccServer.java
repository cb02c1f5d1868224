package org.jpgbench.init;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jpgbench.testing.InProcess;
import org.jpgbench.testing.TestCluster;

/**
 * A real server for the TPC-C tests, with tpcc1 loaded at one warehouse by one connection and tpcc2
 * at two by two: jpgbench run in process against it, and SQL on its databases.
 */
final class TpccServer implements AutoCloseable {
  final TestCluster cluster;

  private TpccServer(TestCluster cluster) {
    this.cluster = cluster;
  }

  /** Starts the server, creates tpcc1, tpcc2 and the other databases named, and loads the two. */
  static TpccServer start(Path dir, String... others) throws Exception {
    List<String> databases = new ArrayList<>(List.of("tpcc2"));
    databases.addAll(List.of(others));
    TpccServer server = startOne(dir, databases.toArray(new String[0]));
    InProcess.Output two = server.run("-i", "--workload=tpcc", "-s", "2", "--init-jobs=2", "tpcc2");
    assertEquals(0, two.status(), two.err());
    assertTrue(two.err().contains("warehouse 2 loaded"), two.err());
    // g: generated here, sent by COPY; with two connections a transaction per warehouse
    assertTrue(two.err().matches("(?s).*done in .*client-side generate .*"), two.err());
    assertTrue(
        two.err()
            .contains("COPY FREEZE not used for the TPC-C tables (a transaction per warehouse"),
        two.err());
    return server;
  }

  /** Starts the server, creates tpcc1 and the other databases named, and loads tpcc1 alone. */
  static TpccServer startOne(Path dir, String... others) throws Exception {
    TpccServer server = new TpccServer(TestCluster.create(dir));
    List<String> databases = new ArrayList<>(List.of("tpcc1"));
    databases.addAll(List.of(others));
    for (String db : databases) {
      server.execute("postgres", "create database " + db);
    }
    InProcess.Output one = server.run("-i", "--workload=tpcc", "-s", "1", "tpcc1");
    assertEquals(0, one.status(), one.err());
    assertTrue(one.err().matches("(?s).*done in .*client-side generate .*"), one.err());
    assertFalse(one.err().contains("COPY FREEZE not used"), one.err());
    return server;
  }

  /** jpgbench in process against this server as postgres. */
  InProcess.Output run(String... args) {
    return command(List.of(), args);
  }

  /** jpgbench's {@code command} (sweep, ab, ...) in process against this server as postgres. */
  InProcess.Output command(String command, String... args) {
    return command(List.of(command), args);
  }

  private InProcess.Output command(List<String> command, String... args) {
    List<String> a = new ArrayList<>(command);
    a.addAll(List.of("-h", cluster.host(), "-p", "" + cluster.port(), "-U", "postgres"));
    a.addAll(List.of(args));
    return InProcess.run(Map.of(), "", a.toArray(new String[0]));
  }

  long value(String db, String sql) throws Exception {
    try (Connection c = cluster.connect(db);
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery(sql)) {
      assertTrue(r.next(), sql);
      return r.getLong(1);
    }
  }

  List<String> strings(String db, String sql) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = cluster.connect(db);
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery(sql)) {
      while (r.next()) {
        out.add(r.getString(1));
      }
    }
    return out;
  }

  void execute(String db, String sql) throws Exception {
    try (Connection c = cluster.connect(db);
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  @Override
  public void close() throws Exception {
    cluster.close();
  }
}
