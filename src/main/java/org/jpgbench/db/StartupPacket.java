package org.jpgbench.db;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The startup parameters libpq sends for a connection (fe-protocol3.c's build_startup_packet), in
 * its order: user, database, options, application_name (as given, else the fallback "pgbench"),
 * client_encoding when one was asked for (client_encoding, PGCLIENTENCODING; "auto" resolved as in
 * pgbench's C locale), then the settings libpq takes from the environment: PGDATESTYLE as
 * datestyle, PGTZ as timezone and PGGEQO as geqo, each unless it says "default". Nothing else: no
 * DateStyle, TimeZone or extra_float_digits of the JDBC driver's, which a pooler in transaction
 * mode would replay with a SET before every transaction (see {@link StartupRewriter}).
 */
public final class StartupPacket {
  /** The environment variables libpq turns into startup parameters, with the parameter's name. */
  private static final String[][] FROM_ENVIRONMENT = {
    {"PGDATESTYLE", "datestyle"}, {"PGTZ", "timezone"}, {"PGGEQO", "geqo"}
  };

  /** Name, value, name, value, ... */
  private final List<String> fields;

  private StartupPacket(List<String> fields) {
    this.fields = Collections.unmodifiableList(fields);
  }

  static StartupPacket of(
      String user,
      String database,
      String options,
      String applicationName,
      String clientEncoding,
      Map<String, String> env) {
    List<String> f = new ArrayList<>();
    add(f, "user", user);
    add(f, "database", database);
    add(f, "options", options);
    add(f, "application_name", applicationName);
    add(f, "client_encoding", clientEncoding);
    for (String[] e : FROM_ENVIRONMENT) {
      String v = env.get(e[0]);
      if (v != null && !v.toLowerCase(Locale.ROOT).equals("default")) {
        f.add(e[1]); // libpq sends these even when empty
        f.add(v);
      }
    }
    return new StartupPacket(f);
  }

  private static void add(List<String> f, String name, String value) {
    if (value != null && !value.isEmpty()) {
      f.add(name);
      f.add(value);
    }
  }

  /** The parameters as name, value, name, value, ... in the order they are sent. */
  public List<String> fields() {
    return fields;
  }

  /**
   * The whole message for protocol version {@code version}: length, version, the parameters as
   * NUL-terminated strings, and the final NUL. Strings are sent as UTF-8, as libpq sends the bytes
   * it was given in a UTF-8 locale.
   */
  byte[] message(int version) {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    for (String s : fields) {
      body.writeBytes(s.getBytes(StandardCharsets.UTF_8));
      body.write(0);
    }
    body.write(0);
    byte[] b = body.toByteArray();
    byte[] m = new byte[8 + b.length];
    putInt(m, 0, m.length);
    putInt(m, 4, version);
    System.arraycopy(b, 0, m, 8, b.length);
    return m;
  }

  private static void putInt(byte[] m, int at, int v) {
    m[at] = (byte) (v >>> 24);
    m[at + 1] = (byte) (v >>> 16);
    m[at + 2] = (byte) (v >>> 8);
    m[at + 3] = (byte) v;
  }

  /** The fields as one property value (NUL-separated), to reach the driver's socket factories. */
  String encode() {
    return String.join("\0", fields);
  }

  /** The inverse of {@link #encode}. */
  static StartupPacket decode(String encoded) {
    List<String> f = new ArrayList<>(List.of(encoded.split("\0", -1)));
    if (f.size() % 2 != 0) {
      throw new IllegalArgumentException("startup parameters come in pairs");
    }
    return new StartupPacket(f);
  }

  @Override
  public String toString() {
    return fields.toString();
  }
}
