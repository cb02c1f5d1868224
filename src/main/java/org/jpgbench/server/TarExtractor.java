package org.jpgbench.server;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A small tar reader that unpacks regular files, directories, symbolic links and hard links,
 * keeping the permission bits. Understands POSIX ustar (with its name prefix), GNU long names
 * ('L'/'K') and pax extended headers ('x': path, linkpath, size). Device files and FIFOs are
 * skipped. Entries must stay inside the destination directory.
 *
 * <p>Written here instead of adding commons-compress (which since 1.26 also pulls commons-io and
 * commons-lang3): the bundled PostgreSQL archive only needs these few entry types.
 */
final class TarExtractor {
  private static final int BLOCK = 512;

  private final InputStream in;
  private final Path dest;
  private final byte[] header = new byte[BLOCK];
  private final byte[] buf = new byte[64 * 1024];

  /** directories and their modes, applied last so read-only ones can still be filled */
  private final Map<Path, Integer> dirModes = new LinkedHashMap<>();

  private TarExtractor(InputStream in, Path dest) {
    this.in = in;
    this.dest = dest.toAbsolutePath().normalize();
  }

  /** Unpacks the whole tar stream {@code in} into the existing directory {@code dest}. */
  static void extract(InputStream in, Path dest) throws IOException {
    new TarExtractor(in, dest).run();
  }

  private void run() throws IOException {
    String longName = null;
    String longLink = null;
    Map<String, String> pax = Map.of();
    while (readBlock()) {
      if (isZero(header)) {
        break; // end of archive (a second zero block may follow; not needed)
      }
      verifyChecksum();
      char type = (char) header[156];
      long size = parseNumber(124, 12);
      String name = longName != null ? longName : pax.getOrDefault("path", headerName());
      String link = longLink != null ? longLink : pax.getOrDefault("linkpath", string(157, 100));
      if (pax.containsKey("size")) {
        size = Long.parseLong(pax.get("size"));
      }
      int mode = (int) parseNumber(100, 8) & 07777;
      switch (type) {
        case 'L' -> {
          longName = trimNul(readData(size));
          continue;
        }
        case 'K' -> {
          longLink = trimNul(readData(size));
          continue;
        }
        case 'x' -> {
          pax = parsePax(readData(size));
          continue;
        }
        case '0', '\0', '7' -> writeFile(resolve(name), size, mode);
        case '5' -> {
          Path dir = resolve(name);
          Files.createDirectories(dir);
          dirModes.put(dir, mode);
        }
        case '2' -> symlink(resolve(name), link);
        case '1' -> hardLink(resolve(name), resolve(link));
        default -> skip(size); // 'g' global pax header, devices, FIFOs, ...
      }
      longName = null;
      longLink = null;
      pax = Map.of();
    }
    List<Path> dirs = new ArrayList<>(dirModes.keySet());
    for (int i = dirs.size() - 1; i >= 0; i--) {
      Files.setPosixFilePermissions(dirs.get(i), permissions(dirModes.get(dirs.get(i))));
    }
  }

  private void writeFile(Path file, long size, int mode) throws IOException {
    Files.createDirectories(file.getParent());
    Files.deleteIfExists(file);
    try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.CREATE_NEW)) {
      long left = size;
      while (left > 0) {
        int n = in.read(buf, 0, (int) Math.min(buf.length, left));
        if (n < 0) {
          throw new EOFException("tar: truncated entry " + file);
        }
        out.write(buf, 0, n);
        left -= n;
      }
    }
    skipPadding(size);
    Files.setPosixFilePermissions(file, permissions(mode));
  }

  private void symlink(Path at, String target) throws IOException {
    Files.createDirectories(at.getParent());
    Path resolved = at.getParent().resolve(target).normalize();
    if (target.startsWith("/") || !resolved.startsWith(dest)) {
      throw new IOException("tar: symbolic link leaves the destination: " + at + " -> " + target);
    }
    Files.deleteIfExists(at);
    Files.createSymbolicLink(at, Path.of(target));
  }

  private void hardLink(Path at, Path existing) throws IOException {
    Files.createDirectories(at.getParent());
    Files.copy(
        existing,
        at,
        StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.COPY_ATTRIBUTES,
        LinkOption.NOFOLLOW_LINKS);
  }

  private Path resolve(String name) throws IOException {
    Path p = dest.resolve(name).normalize();
    if (name.startsWith("/") || !p.startsWith(dest)) {
      throw new IOException("tar: entry outside the destination: " + name);
    }
    return p;
  }

  private String headerName() {
    String name = string(0, 100);
    boolean posix = header[257] == 'u' && header[262] == 0; // "ustar\0" (GNU writes "ustar  \0")
    String prefix = posix ? string(345, 155) : "";
    return prefix.isEmpty() ? name : prefix + "/" + name;
  }

  private static Map<String, String> parsePax(byte[] data) {
    // records: "<len> <key>=<value>\n", len counting the whole record in bytes
    Map<String, String> out = new LinkedHashMap<>();
    int pos = 0;
    while (pos < data.length) {
      int sp = pos;
      while (sp < data.length && data[sp] != ' ') {
        sp++;
      }
      if (sp >= data.length) {
        break;
      }
      int len = Integer.parseInt(new String(data, pos, sp - pos, StandardCharsets.US_ASCII));
      if (len <= 0 || pos + len > data.length) {
        break;
      }
      String rec = new String(data, sp + 1, pos + len - sp - 2, StandardCharsets.UTF_8);
      int eq = rec.indexOf('=');
      if (eq > 0) {
        out.put(rec.substring(0, eq), rec.substring(eq + 1));
      }
      pos += len;
    }
    return out;
  }

  private byte[] readData(long size) throws IOException {
    if (size > 1 << 20) {
      throw new IOException("tar: header entry too large: " + size);
    }
    byte[] data = in.readNBytes((int) size);
    if (data.length != size) {
      throw new EOFException("tar: truncated header entry");
    }
    skipPadding(size);
    return data;
  }

  private void skip(long size) throws IOException {
    in.skipNBytes(size + padding(size));
  }

  private void skipPadding(long size) throws IOException {
    in.skipNBytes(padding(size));
  }

  private static long padding(long size) {
    return (BLOCK - size % BLOCK) % BLOCK;
  }

  private boolean readBlock() throws IOException {
    int n = in.readNBytes(header, 0, BLOCK);
    if (n == 0) {
      return false;
    }
    if (n < BLOCK) {
      throw new EOFException("tar: truncated header");
    }
    return true;
  }

  private void verifyChecksum() throws IOException {
    long expected = parseNumber(148, 8);
    long sum = 0;
    for (int i = 0; i < BLOCK; i++) {
      sum += (i >= 148 && i < 156) ? ' ' : (header[i] & 0xff);
    }
    if (sum != expected) {
      throw new IOException("tar: bad header checksum");
    }
  }

  /** Octal (NUL/space terminated) or GNU base-256 when the high bit of the first byte is set. */
  private long parseNumber(int off, int len) {
    if ((header[off] & 0x80) != 0) {
      long v = header[off] & 0x7f;
      for (int i = 1; i < len; i++) {
        v = (v << 8) | (header[off + i] & 0xff);
      }
      return v;
    }
    long v = 0;
    for (int i = off; i < off + len; i++) {
      byte b = header[i];
      if (b == 0 || (b == ' ' && v != 0)) {
        break;
      }
      if (b >= '0' && b <= '7') {
        v = v * 8 + (b - '0');
      }
    }
    return v;
  }

  private String string(int off, int len) {
    int end = off;
    while (end < off + len && header[end] != 0) {
      end++;
    }
    return new String(header, off, end - off, StandardCharsets.UTF_8);
  }

  private static String trimNul(byte[] data) {
    int end = 0;
    while (end < data.length && data[end] != 0) {
      end++;
    }
    return new String(data, 0, end, StandardCharsets.UTF_8);
  }

  private static boolean isZero(byte[] block) {
    for (byte b : block) {
      if (b != 0) {
        return false;
      }
    }
    return true;
  }

  static Set<PosixFilePermission> permissions(int mode) {
    Set<PosixFilePermission> s = EnumSet.noneOf(PosixFilePermission.class);
    PosixFilePermission[] all = PosixFilePermission.values(); // OWNER_READ .. OTHERS_EXECUTE
    for (int i = 0; i < 9; i++) {
      if ((mode & (0400 >> i)) != 0) {
        s.add(all[i]);
      }
    }
    return s;
  }
}
