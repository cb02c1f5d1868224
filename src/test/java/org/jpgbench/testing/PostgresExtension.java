package org.jpgbench.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Locale;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Hands integration tests a live PostgreSQL: one server per test run, a fresh database per test class.
 * Use {@code @ExtendWith(PostgresExtension.class)} and take a {@link TestDatabase} parameter.
 *
 * <p>SKELETON: connects to a development server (JPGBENCH_TEST_PGHOST/PORT, default 127.0.0.1:5499);
 * the server work replaces this with the embedded launcher.
 */
public final class PostgresExtension implements BeforeAllCallback, ParameterResolver {
  private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(PostgresExtension.class);

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    database(context);
  }

  private static TestDatabase database(ExtensionContext context) throws Exception {
    ExtensionContext classCtx = context;
    while (classCtx.getTestMethod().isPresent() && classCtx.getParent().isPresent()) {
      classCtx = classCtx.getParent().get();
    }
    TestDatabase db = classCtx.getStore(NS).get("db", TestDatabase.class);
    if (db != null) {
      return db;
    }
    String host = System.getenv().getOrDefault("JPGBENCH_TEST_PGHOST", "127.0.0.1");
    int port = Integer.parseInt(System.getenv().getOrDefault("JPGBENCH_TEST_PGPORT", "5499"));
    String name = ("t_" + classCtx.getRequiredTestClass().getSimpleName() + "_" + ProcessHandle.current().pid())
        .toLowerCase(Locale.ROOT);
    try (Connection c = DriverManager.getConnection("jdbc:postgresql://" + host + ":" + port + "/postgres", "postgres", "");
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name);
      s.execute("CREATE DATABASE " + name);
    }
    db = new TestDatabase(host, port, "postgres", name);
    classCtx.getStore(NS).put("db", db);
    return db;
  }

  @Override
  public boolean supportsParameter(ParameterContext pc, ExtensionContext ec) {
    return pc.getParameter().getType() == TestDatabase.class;
  }

  @Override
  public Object resolveParameter(ParameterContext pc, ExtensionContext ec) {
    try {
      return database(ec);
    } catch (Exception e) {
      throw new org.junit.jupiter.api.extension.ParameterResolutionException("no test database", e);
    }
  }
}
