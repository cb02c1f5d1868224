package org.jpgbench.testing;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Hands integration tests a live PostgreSQL: one server per test run (JVM), a fresh database per
 * test class (a {@code @Nested} class shares its enclosing class's). Use
 * {@code @ExtendWith(PostgresExtension.class)} and take a {@link TestDatabase} parameter.
 *
 * <p>The server is an {@link org.jpgbench.server.EmbeddedPostgres} started on first use and stopped
 * at the end of the run (JUnit's root store closes it; a shutdown hook and a watchdog back that
 * up). When JPGBENCH_TEST_PGHOST and/or JPGBENCH_TEST_PGPORT are set, that external server is used
 * instead (user JPGBENCH_TEST_PGUSER, default postgres, trust or .pgpass authentication); its
 * per-class databases are dropped after each class.
 */
public final class PostgresExtension implements BeforeAllCallback, ParameterResolver {
  private static final ExtensionContext.Namespace NS =
      ExtensionContext.Namespace.create(PostgresExtension.class);
  private static final AtomicInteger SEQ = new AtomicInteger();

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    database(context);
  }

  /** The server of this test run, started on first use. */
  static TestServer server(ExtensionContext context) {
    return context
        .getRoot()
        .getStore(NS)
        .getOrComputeIfAbsent(
            "server",
            k -> {
              try {
                return TestServer.start(System.getenv());
              } catch (Exception e) {
                throw new IllegalStateException(
                    "cannot start the test PostgreSQL server: " + e.getMessage(), e);
              }
            },
            TestServer.class);
  }

  private static TestDatabase database(ExtensionContext context) throws Exception {
    ExtensionContext classCtx = context;
    while (classCtx.getTestMethod().isPresent() && classCtx.getParent().isPresent()) {
      classCtx = classCtx.getParent().get();
    }
    ExtensionContext.Store store = classCtx.getStore(NS);
    ClassDatabase cd = store.get("db", ClassDatabase.class);
    if (cd != null) {
      return cd.db;
    }
    TestServer server = server(context);
    String name = databaseName(classCtx.getRequiredTestClass().getSimpleName());
    cd = new ClassDatabase(server, server.createDatabase(name));
    store.put("db", cd);
    return cd.db;
  }

  /** "t<pid>_<n>_<class>", lower case, at most 63 bytes (PostgreSQL's identifier limit). */
  static String databaseName(String className) {
    String name =
        ("t" + ProcessHandle.current().pid() + "_" + SEQ.incrementAndGet() + "_" + className)
            .toLowerCase(Locale.ROOT)
            .replaceAll("[^a-z0-9_]", "_");
    return name.length() > 63 ? name.substring(0, 63) : name;
  }

  /** A test class's database; an external server's is dropped when the class is done. */
  private record ClassDatabase(TestServer server, TestDatabase db) implements AutoCloseable {
    @Override
    public void close() throws Exception {
      if (!server.isEmbedded()) {
        server.dropDatabase(db.name());
      }
    }
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
      throw new ParameterResolutionException("no test database: " + e.getMessage(), e);
    }
  }
}
