package org.jpgbench.server;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Fresh data directories. initdb is the slow part of a start (about a second of CPU), so the first
 * cluster's initdb output is kept in the cache as a template, and later clusters get a copy of it
 * ({@code cp -a}, a fraction of the time). A template is per server build and per operating-system
 * account (it is owned by the account that runs the server), made under a lock and renamed into
 * place when complete. Without a usable cache directory every cluster gets its own initdb.
 */
final class ClusterTemplate {
  /** Bump when the initdb arguments change, so old templates are not used. */
  private static final int LAYOUT = 1;

  private static final String MARKER = ".complete";

  private final PgBinaries bins;
  private final String account;
  private final Map<String, String> env;

  ClusterTemplate(PgBinaries bins, String account, Map<String, String> env) {
    this.bins = bins;
    this.account = account;
    this.env = env;
  }

  /** The initdb command line for a data directory. */
  List<String> initdbCommand(Path dataDir, String superuser) {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                bins.program("initdb").toString(),
                "-D",
                dataDir.toString(),
                "-A",
                "trust",
                "-U",
                superuser,
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync"));
    if (bins.major() >= 14) {
      cmd.add("--no-instructions");
    }
    return cmd;
  }

  /** Runs initdb (as the account) into {@code dataDir}, whose parent the account owns. */
  void initdb(Path dataDir, String superuser) throws IOException {
    Path parent = dataDir.getParent();
    Path log = parent.resolve("initdb.log");
    ProcessBuilder pb =
        new ProcessBuilder(OsAccount.runAs(account, initdbCommand(dataDir, superuser)))
            .directory(parent.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.environment().clear();
    pb.environment().putAll(env);
    run(pb, "initdb", log);
  }

  /**
   * Fills {@code dataDir} (not existing yet; its parent owned by the account) with a fresh cluster:
   * a copy of the cached template, made first if needed. Returns false when no template could be
   * used; the caller then runs {@link #initdb} itself.
   */
  boolean copyTemplate(Path cacheRoot, Path dataDir, String superuser) {
    try {
      Path template = template(cacheRoot, superuser);
      ProcessBuilder pb =
          new ProcessBuilder(
                  SystemPrograms.command("cp"),
                  "-a",
                  template.resolve("data").toString(),
                  dataDir.toString())
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD);
      Process p = pb.start();
      p.getOutputStream().close();
      if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        BundleCache.deleteTree(dataDir);
        return false;
      }
      return true;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Removes the template (after a cluster copied from it failed to start). */
  void discard(Path cacheRoot, String superuser) {
    try {
      BundleCache.deleteTree(cacheRoot.resolve("templates").resolve(key(superuser)));
    } catch (IOException e) {
      // a later start will find it broken again and fall back to initdb
    }
  }

  private String key(String superuser) {
    String who = account != null ? account : Long.toString(OsAccount.currentUid());
    return "pg"
        + bins.version()
        + "-"
        + Integer.toHexString(bins.binDir().toString().hashCode())
        + "-"
        + who
        + "-"
        + superuser
        + "-v"
        + LAYOUT;
  }

  private Path template(Path cacheRoot, String superuser) throws IOException {
    Path dir = cacheRoot.resolve("templates");
    Path done = dir.resolve(key(superuser));
    if (Files.isRegularFile(done.resolve(MARKER))
        && Files.isRegularFile(done.resolve("data/PG_VERSION"))) {
      return done;
    }
    Files.createDirectories(dir);
    if (account != null) {
      Files.setPosixFilePermissions(dir, TarExtractor.permissions(0755));
    }
    return BundleCache.underLock(
        dir.resolve(".lock"),
        () -> {
          if (Files.isRegularFile(done.resolve(MARKER))
              && Files.isRegularFile(done.resolve("data/PG_VERSION"))) {
            return done;
          }
          BundleCache.deleteTree(done);
          Path tmp = dir.resolve(done.getFileName() + ".tmp-" + ProcessHandle.current().pid());
          BundleCache.deleteTree(tmp);
          Files.createDirectory(
              tmp,
              java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                  TarExtractor.permissions(0700)));
          OsAccount.chown(tmp, account);
          initdb(tmp.resolve("data"), superuser);
          Files.deleteIfExists(tmp.resolve("initdb.log"));
          Files.writeString(
              tmp.resolve(MARKER), "initdb " + bins.binDir() + "\n", StandardCharsets.UTF_8);
          Files.move(tmp, done, StandardCopyOption.ATOMIC_MOVE);
          return done;
        });
  }

  private static void run(ProcessBuilder pb, String what, Path log) throws IOException {
    Process p = pb.start();
    try {
      if (!p.waitFor(300, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(what + " did not finish within 300 s");
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted during " + what, e);
    }
    if (p.exitValue() != 0) {
      throw new IOException(
          what + " failed (exit " + p.exitValue() + "):\n" + Postmaster.tail(log, 15));
    }
  }
}
