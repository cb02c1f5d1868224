package org.jpgbench.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Network namespaces for tests that need client processes on machines of their own: each namespace
 * gets a veth pair, its end {@code 10.N.k.2/24} inside, the host's end {@code 10.N.k.1/24} outside,
 * where a server can listen. Needs root and iproute2; where namespaces cannot be created (no {@code
 * ip}, no privilege, a container without CAP_SYS_ADMIN) the test is skipped with the reason.
 */
public final class NetNamespaces implements AutoCloseable {
  private final String prefix;
  private final int octet;
  private final List<String> created = new ArrayList<>();
  private final List<String> links = new ArrayList<>();

  private NetNamespaces(String prefix, int octet) {
    this.prefix = prefix;
    this.octet = octet;
  }

  /** {@code count} namespaces, or the test skipped with why they cannot be made. */
  public static NetNamespaces create(int count) {
    long pid = ProcessHandle.current().pid();
    NetNamespaces n = new NetNamespaces("jpg" + (pid % 100_000), 100 + (int) (pid % 100));
    try {
      for (int k = 1; k <= count; k++) {
        n.add(k);
      }
    } catch (IOException e) {
      n.close();
      Assumptions.abort("network namespaces cannot be created here: " + e.getMessage());
    }
    return n;
  }

  private void add(int k) throws IOException {
    String ns = name(k);
    String host = prefix + "h" + k;
    String inner = prefix + "n" + k;
    ip("netns", "add", ns);
    created.add(ns);
    ip("link", "add", host, "type", "veth", "peer", "name", inner);
    links.add(host);
    ip("link", "set", inner, "netns", ns);
    ip("addr", "add", hostAddress(k) + "/24", "dev", host);
    ip("link", "set", host, "up");
    ip("netns", "exec", ns, "ip", "addr", "add", "10." + octet + "." + k + ".2/24", "dev", inner);
    ip("netns", "exec", ns, "ip", "link", "set", inner, "up");
    ip("netns", "exec", ns, "ip", "link", "set", "lo", "up");
  }

  /** The name of namespace {@code k} (1-based), for {@code ip netns exec}. */
  public String name(int k) {
    return prefix + "-" + k;
  }

  /** The host's address facing namespace {@code k}: where its processes reach the server. */
  public String hostAddress(int k) {
    return "10." + octet + "." + k + ".1";
  }

  /** The network all namespaces' addresses are in, for pg_hba.conf. */
  public String network() {
    return "10." + octet + ".0.0/16";
  }

  /** {@code command} run inside namespace {@code k}. */
  public List<String> exec(int k, List<String> command) {
    List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", name(k)));
    full.addAll(command);
    return full;
  }

  private static void ip(String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of("ip"));
    cmd.addAll(List.of(args));
    Process p;
    try {
      p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new IOException("cannot run ip: " + e.getMessage(), e);
    }
    try {
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("timed out: " + String.join(" ", cmd));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted: " + String.join(" ", cmd), e);
    }
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.exitValue() != 0) {
      throw new IOException(String.join(" ", cmd) + " failed: " + output.strip());
    }
  }

  @Override
  public void close() {
    for (String l : links) {
      try {
        ip("link", "del", l);
      } catch (IOException ignored) {
        // gone with its namespace
      }
    }
    for (String ns : created) {
      try {
        ip("netns", "del", ns);
      } catch (IOException ignored) {
        // best effort
      }
    }
  }
}
