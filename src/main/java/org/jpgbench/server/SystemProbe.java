package org.jpgbench.server;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The real {@link PgBinaries.Probe}: looks at this machine and runs {@code postgres --version}. */
final class SystemProbe implements PgBinaries.Probe {
  private final Map<String, String> env;
  private final String account;
  private final long uid;
  private final PrintStream log;
  private final Map<Path, String> why = new HashMap<>();

  SystemProbe(Map<String, String> env, String account, long uid, PrintStream log) {
    this.env = env;
    this.account = account;
    this.uid = uid;
    this.log = log;
  }

  @Override
  public String envBinDir() {
    return env.get(PgBinaries.ENV_BINDIR);
  }

  @Override
  public Path bundledBinDir() throws IOException {
    URL bundle = BundleCache.bundle();
    if (bundle == null) {
      return null;
    }
    List<Path> roots =
        BundleCache.cacheRoots(
            env, uid, System.getProperty("user.home"), System.getProperty("java.io.tmpdir"));
    return BundleCache.ensureExtracted(bundle, roots, account != null, log).resolve("bin");
  }

  @Override
  public String version(Path dir) {
    if (!PgBinaries.hasServerPrograms(dir)) {
      why.put(dir, "no postgres and initdb programs there");
      return null;
    }
    List<String> cmd =
        OsAccount.runAs(account, List.of(dir.resolve("postgres").toString(), "--version"));
    try {
      Process p =
          new ProcessBuilder(cmd)
              .directory(Path.of("/").toFile())
              .redirectErrorStream(true)
              .start();
      p.getOutputStream().close();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        why.put(dir, "postgres --version did not finish");
        return null;
      }
      String v = p.exitValue() == 0 ? PgBinaries.parseVersion(out) : null;
      if (v == null) {
        why.put(
            dir,
            "postgres --version failed"
                + (account == null ? "" : " as user " + account)
                + ": "
                + firstLine(out));
      }
      return v;
    } catch (IOException e) {
      why.put(dir, "cannot run postgres --version: " + e.getMessage());
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      why.put(dir, "interrupted");
      return null;
    }
  }

  @Override
  public String whyNot(Path dir) {
    return why.getOrDefault(dir, "not usable");
  }

  @Override
  public String pgConfigBinDir() {
    try {
      Process p = new ProcessBuilder("pg_config", "--bindir").redirectErrorStream(true).start();
      p.getOutputStream().close();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      return p.waitFor() == 0 && out.startsWith("/") ? out : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  @Override
  public List<Path> systemBinDirs() {
    List<Path> out = new ArrayList<>();
    Path base = Path.of("/usr/lib/postgresql");
    if (!Files.isDirectory(base)) {
      return out;
    }
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(base)) {
      for (Path p : ds) {
        if (Files.isDirectory(p.resolve("bin"))) {
          out.add(p.resolve("bin"));
        }
      }
    } catch (IOException e) {
      // nothing usable there
    }
    return out;
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    String line = nl < 0 ? s : s.substring(0, nl);
    return line.isEmpty() ? "(no output)" : line;
  }
}
