package org.jpgbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The PostgreSQL server programs to use: $JPGBENCH_PG_BINDIR when set, else the bundled build when
 * it runs here, else the system's ({@code pg_config --bindir}, then the newest
 * /usr/lib/postgresql/N/bin). A directory qualifies when its {@code postgres --version} runs (as
 * the account that will run the server) and it has an {@code initdb}.
 *
 * @param binDir the directory holding initdb and postgres
 * @param version the server version, e.g. "18.1"
 * @param origin where it came from, for messages: "bundled", "system" or "JPGBENCH_PG_BINDIR"
 */
record PgBinaries(Path binDir, String version, String origin) {
  static final String ENV_BINDIR = "JPGBENCH_PG_BINDIR";
  private static final Pattern VERSION = Pattern.compile("\\(PostgreSQL\\) ([0-9]+(?:\\.[0-9]+)?)");

  /** The facts the choice depends on; the real one runs programs, tests inject their own. */
  interface Probe {
    /** $JPGBENCH_PG_BINDIR, or null. */
    String envBinDir();

    /** The bundled build's bin directory (extracting it if needed), or null when not bundled. */
    Path bundledBinDir() throws IOException;

    /**
     * The version if {@code dir} holds a runnable server and initdb; else null (see {@link
     * #whyNot}).
     */
    String version(Path dir);

    /** Why the last {@link #version} call answered null, for the error message. */
    String whyNot(Path dir);

    /** {@code pg_config --bindir}, or null when there is no pg_config. */
    String pgConfigBinDir();

    /** /usr/lib/postgresql/N/bin directories (any order). */
    List<Path> systemBinDirs();
  }

  /** The choice; IOException with every reason when nothing qualifies. */
  static PgBinaries choose(Probe probe) throws IOException {
    List<String> reasons = new ArrayList<>();
    String env = probe.envBinDir();
    if (env != null && !env.isEmpty()) {
      Path dir = Path.of(env);
      String v = probe.version(dir);
      if (v == null) {
        throw new IOException(ENV_BINDIR + "=" + env + ": " + probe.whyNot(dir));
      }
      return new PgBinaries(dir, v, ENV_BINDIR);
    }
    try {
      Path bundled = probe.bundledBinDir();
      if (bundled == null) {
        reasons.add("no bundled binaries on the class path");
      } else {
        String v = probe.version(bundled);
        if (v != null) {
          return new PgBinaries(bundled, v, "bundled");
        }
        reasons.add("bundled " + bundled + ": " + probe.whyNot(bundled));
      }
    } catch (IOException e) {
      reasons.add("bundled binaries: " + e.getMessage());
    }
    List<Path> system = new ArrayList<>();
    String pgConfig = probe.pgConfigBinDir();
    if (pgConfig != null && !pgConfig.isEmpty()) {
      system.add(Path.of(pgConfig));
    }
    List<Path> versioned = new ArrayList<>(probe.systemBinDirs());
    versioned.sort(Comparator.comparingInt(PgBinaries::majorFromPath).reversed());
    for (Path p : versioned) {
      if (!system.contains(p)) {
        system.add(p);
      }
    }
    for (Path dir : system) {
      String v = probe.version(dir);
      if (v != null) {
        return new PgBinaries(dir, v, "system");
      }
      reasons.add(dir + ": " + probe.whyNot(dir));
    }
    if (system.isEmpty()) {
      reasons.add("no system PostgreSQL (pg_config, /usr/lib/postgresql/*/bin) found");
    }
    throw new IOException(
        "no usable PostgreSQL server programs ("
            + String.join("; ", reasons)
            + "); install the PostgreSQL server package or set "
            + ENV_BINDIR);
  }

  /**
   * The programs of a directory the user named (ab --a-bindir): IOException saying why it is not a
   * PostgreSQL installation's bin directory.
   */
  static PgBinaries given(Path dir, Probe probe) throws IOException {
    String v = probe.version(dir);
    if (v == null) {
      throw new IOException(dir + ": " + probe.whyNot(dir));
    }
    return new PgBinaries(dir, v, dir.toString());
  }

  /** 15 for /usr/lib/postgresql/15/bin; -1 when the path has no number there. */
  static int majorFromPath(Path binDir) {
    Path parent = binDir.getParent();
    if (parent == null) {
      return -1;
    }
    String name = parent.getFileName().toString();
    try {
      return (int) Double.parseDouble(name);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** "18.1" from "postgres (PostgreSQL) 18.1" (also "15.18 (Debian ...)"), or null. */
  static String parseVersion(String output) {
    Matcher m = VERSION.matcher(output);
    return m.find() ? m.group(1) : null;
  }

  /** The server's major version number (18 for "18.1", 9 for "9.6"). */
  int major() {
    int dot = version.indexOf('.');
    return Integer.parseInt(dot < 0 ? version : version.substring(0, dot));
  }

  Path program(String name) {
    return binDir.resolve(name);
  }

  static boolean hasServerPrograms(Path dir) {
    return Files.isRegularFile(dir.resolve("postgres"))
        && Files.isRegularFile(dir.resolve("initdb"));
  }
}
