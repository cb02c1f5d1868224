package org.jpgbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.nio.file.attribute.UserPrincipalNotFoundException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Which operating-system account runs the server programs. PostgreSQL refuses to run as root, so a
 * root process runs initdb and postgres through {@code runuser -u ACCOUNT --} as an unprivileged
 * account: $JPGBENCH_PG_OS_USER, else {@code postgres} when it exists, else {@code nobody}.
 */
final class OsAccount {
  static final String ENV_OS_USER = "JPGBENCH_PG_OS_USER";

  private OsAccount() {}

  /** The effective uid of this process (the owner of /proc/self), or -1 when unknown. */
  static long currentUid() {
    try {
      return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return "root".equals(System.getProperty("user.name")) ? 0 : -1;
    }
  }

  /**
   * The account to switch to, or null to run the programs as this process's own user.
   *
   * @param exists tells whether an account name is known to the system
   */
  static String serverAccount(Map<String, String> env, long uid, Predicate<String> exists)
      throws IOException {
    if (uid != 0) {
      return null;
    }
    String wanted = env.get(ENV_OS_USER);
    if (wanted != null && !wanted.isEmpty()) {
      if (!exists.test(wanted)) {
        throw new IOException(ENV_OS_USER + "=" + wanted + ": no such operating-system user");
      }
      if (wanted.equals("root")) {
        throw new IOException(ENV_OS_USER + "=root: PostgreSQL cannot run as root");
      }
      return wanted;
    }
    if (exists.test("postgres")) {
      return "postgres";
    }
    if (exists.test("nobody")) {
      return "nobody";
    }
    throw new IOException(
        "running as root, and neither a \"postgres\" nor a \"nobody\" account exists;"
            + " set "
            + ENV_OS_USER
            + " to an unprivileged user");
  }

  /** Whether the system knows this account name (passwd database, through the JDK's lookup). */
  static boolean exists(String name) {
    try {
      lookup().lookupPrincipalByName(name);
      return true;
    } catch (UserPrincipalNotFoundException e) {
      return false;
    } catch (IOException e) {
      return false;
    }
  }

  /** {@code cmd} prefixed with {@code runuser -u account --} when an account is given. */
  static List<String> runAs(String account, List<String> cmd) {
    if (account == null) {
      return cmd;
    }
    List<String> out =
        new ArrayList<>(List.of(SystemPrograms.command("runuser"), "-u", account, "--"));
    out.addAll(cmd);
    return out;
  }

  /** Gives {@code path} to the account (owner only; the modes keep others out); no-op for null. */
  static void chown(Path path, String account) throws IOException {
    if (account == null) {
      return;
    }
    UserPrincipal user = lookup().lookupPrincipalByName(account);
    Files.getFileAttributeView(path, PosixFileAttributeView.class).setOwner(user);
  }

  private static UserPrincipalLookupService lookup() {
    return Path.of("/").getFileSystem().getUserPrincipalLookupService();
  }
}
