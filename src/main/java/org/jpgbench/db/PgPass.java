package org.jpgbench.db;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A libpq password file (~/.pgpass or $PGPASSFILE): lines {@code host:port:database:user:password};
 * a field of just {@code *} matches anything; {@code \:} and {@code \\} escape; lines starting with
 * {@code #} are comments; the first matching line wins. As libpq, a file that is not a plain file,
 * or that the group or others may access, is ignored with a warning.
 */
final class PgPass {
  private static final Set<PosixFilePermission> OWNER_ONLY =
      Set.of(
          PosixFilePermission.OWNER_READ,
          PosixFilePermission.OWNER_WRITE,
          PosixFilePermission.OWNER_EXECUTE);

  private final List<String> lines;

  private PgPass(List<String> lines) {
    this.lines = lines;
  }

  /** Parses file content (no permission checks). */
  static PgPass parse(String content) {
    List<String> out = new ArrayList<>();
    for (String line : content.split("\n", -1)) {
      if (line.endsWith("\r")) {
        line = line.substring(0, line.length() - 1);
      }
      if (!line.isEmpty() && line.charAt(0) != '#') {
        out.add(line);
      }
    }
    return new PgPass(out);
  }

  /**
   * Reads the file as libpq would: a missing file is silently no file; a file that is not plain or
   * has group/world access is ignored with libpq's warning on {@code warn}. Null when ignored.
   */
  static PgPass load(Path file, PrintStream warn) {
    try {
      if (!Files.exists(file)) {
        return null;
      }
      if (!Files.isRegularFile(file)) {
        warn.println("WARNING: password file \"" + file + "\" is not a plain file");
        return null;
      }
      Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
      if (!OWNER_ONLY.containsAll(perms)) {
        warn.println(
            "WARNING: password file \""
                + file
                + "\" has group or world access; permissions should be u=rw (0600) or less");
        return null;
      }
      return parse(Files.readString(file, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException | UnsupportedOperationException e) {
      return null; // unreadable: libpq silently goes on without it
    }
  }

  /**
   * The password of the first line matching, or null.
   *
   * @param host the host name, or "localhost" for a Unix socket in the default directory, or the
   *     socket directory otherwise (see {@link #hostKey})
   */
  String lookup(String host, String port, String database, String user) {
    for (String line : lines) {
      int pos = 0;
      pos = match(line, pos, host);
      pos = pos < 0 ? -1 : match(line, pos, port);
      pos = pos < 0 ? -1 : match(line, pos, database);
      pos = pos < 0 ? -1 : match(line, pos, user);
      if (pos < 0) {
        continue;
      }
      StringBuilder pw = new StringBuilder();
      for (int i = pos; i < line.length() && line.charAt(i) != ':'; i++) {
        char c = line.charAt(i);
        if (c == '\\' && i + 1 < line.length()) {
          c = line.charAt(++i);
        }
        pw.append(c);
      }
      return pw.toString();
    }
    return null;
  }

  /** The host as matched against the file: a socket in a default directory counts as localhost. */
  static String hostKey(String host, List<String> defaultSocketDirs) {
    if (host == null || host.isEmpty() || defaultSocketDirs.contains(host)) {
      return "localhost";
    }
    return host;
  }

  /**
   * Matches one field of {@code line} from {@code pos} against {@code value}; returns the position
   * after the field's closing ':' or -1.
   */
  private static int match(String line, int pos, String value) {
    if (pos + 1 < line.length() && line.charAt(pos) == '*' && line.charAt(pos + 1) == ':') {
      return pos + 2;
    }
    int v = 0;
    int i = pos;
    while (i < line.length()) {
      char c = line.charAt(i);
      boolean escaped = false;
      if (c == '\\' && i + 1 < line.length()) {
        c = line.charAt(++i);
        escaped = true;
      }
      if (c == ':' && !escaped) {
        return v == value.length() ? i + 1 : -1;
      }
      if (v >= value.length() || value.charAt(v) != c) {
        return -1;
      }
      v++;
      i++;
    }
    return -1; // the line ended inside the field: too few fields
  }
}
