package org.jpgbench.server;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.tukaani.xz.XZInputStream;

/**
 * Unpacks a .txz into a directory. Decompresses with the system's {@code xz} when there is one
 * (about twice as fast as the pure-Java decoder on the bundled 57 MB archive), else, or if that
 * fails, with org.tukaani:xz.
 */
final class XzUnpacker {
  private XzUnpacker() {}

  /** Unpacks {@code txz} into the empty directory {@code dest} (emptied again before a retry). */
  static void unpack(URL txz, Path dest) throws IOException {
    unpack(txz, dest, nativeXz());
  }

  /** As {@link #unpack(URL, Path)} with the given xz program (null: the Java decoder only). */
  static void unpack(URL txz, Path dest, Path xz) throws IOException {
    if (xz != null) {
      try {
        unpackNative(txz, dest, xz);
        return;
      } catch (IOException e) {
        BundleCache.deleteTree(dest); // fall back to the Java decoder below
        Files.createDirectories(dest);
      }
    }
    try (InputStream raw = txz.openStream();
        InputStream dec = new XZInputStream(new BufferedInputStream(raw, 1 << 16))) {
      TarExtractor.extract(new BufferedInputStream(dec, 1 << 16), dest);
    }
  }

  private static Path nativeXz() {
    return SystemPrograms.find("xz").orElse(null);
  }

  private static void unpackNative(URL txz, Path dest, Path xz) throws IOException {
    Process p =
        new ProcessBuilder(xz.toString(), "-dc")
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    Thread feeder =
        new Thread(
            () -> {
              try (InputStream in = txz.openStream();
                  OutputStream out = p.getOutputStream()) {
                in.transferTo(out);
              } catch (IOException e) {
                p.destroy(); // the reader then sees a truncated stream and fails
              }
            },
            "jpgbench-xz-feeder");
    feeder.setDaemon(true);
    feeder.start();
    try (InputStream tar = new BufferedInputStream(p.getInputStream(), 1 << 16)) {
      TarExtractor.extract(tar, dest);
      tar.transferTo(OutputStream.nullOutputStream());
    } finally {
      p.getInputStream().close();
    }
    try {
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        throw new IOException("xz -dc failed");
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while unpacking", e);
    }
  }
}
