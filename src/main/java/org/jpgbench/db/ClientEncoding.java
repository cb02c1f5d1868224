package org.jpgbench.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.postgresql.PGConnection;
import org.postgresql.core.QueryExecutor;
import org.postgresql.core.ResultHandlerBase;

/**
 * The connection's client_encoding as libpq leaves it. The driver always asks for UTF8 at start-up;
 * libpq asks for nothing unless told (client_encoding, PGCLIENTENCODING), so the server uses the
 * database's encoding. jpgbench sends and receives bytes unchanged (see {@code org.jpgbench.text}),
 * so only the server's interpretation of them matters: this puts it back where libpq would have it,
 * with one SET on connections where the two differ (a database that is not UTF8, or an encoding
 * asked for).
 */
final class ClientEncoding {
  /** The locale's charset (as in LANG=de_DE.ISO-8859-1) to PostgreSQL's name for it. */
  private static final Map<String, String> FROM_LOCALE =
      Map.ofEntries(
          Map.entry("UTF8", "UTF8"),
          Map.entry("ISO88591", "LATIN1"),
          Map.entry("ISO885915", "LATIN9"),
          Map.entry("ISO88592", "LATIN2"),
          Map.entry("ISO88595", "ISO_8859_5"),
          Map.entry("ISO88597", "ISO_8859_7"),
          Map.entry("ISO88599", "LATIN5"),
          Map.entry("KOI8R", "KOI8R"),
          Map.entry("KOI8U", "KOI8U"),
          Map.entry("EUCJP", "EUC_JP"),
          Map.entry("EUCKR", "EUC_KR"),
          Map.entry("EUCTW", "EUC_TW"),
          Map.entry("GB18030", "GB18030"),
          Map.entry("GBK", "GBK"),
          Map.entry("BIG5", "BIG5"),
          Map.entry("SJIS", "SJIS"),
          Map.entry("CP1250", "WIN1250"),
          Map.entry("CP1251", "WIN1251"),
          Map.entry("CP1252", "WIN1252"),
          Map.entry("ANSIX3.41968", "SQL_ASCII"),
          Map.entry("ASCII", "SQL_ASCII"));

  private ClientEncoding() {}

  /**
   * client_encoding=auto: the locale's charset (LC_ALL, then LC_CTYPE, then LANG), SQL_ASCII for
   * the C locale or one PostgreSQL has no name for, as libpq's pg_get_encoding_from_locale.
   */
  static String fromLocale(Map<String, String> env) {
    String locale = null;
    for (String k : new String[] {"LC_ALL", "LC_CTYPE", "LANG"}) {
      String v = env.get(k);
      if (v != null && !v.isEmpty()) {
        locale = v;
        break;
      }
    }
    if (locale == null) {
      return "SQL_ASCII";
    }
    int dot = locale.indexOf('.');
    if (dot < 0) {
      return "SQL_ASCII";
    }
    int at = locale.indexOf('@', dot);
    String codeset =
        locale
            .substring(dot + 1, at < 0 ? locale.length() : at)
            .toUpperCase(Locale.ROOT)
            .replace("-", "")
            .replace("_", "");
    return FROM_LOCALE.getOrDefault(codeset, "SQL_ASCII");
  }

  /**
   * Sets the connection's client_encoding to {@code wanted}, or to the database's encoding when
   * {@code wanted} is null; nothing is sent when the connection already has it.
   */
  static void apply(Connection c, String wanted) throws SQLException {
    PGConnection pg = c.unwrap(PGConnection.class);
    String set = setCommand(pg::getParameterStatus, wanted);
    if (set != null) {
      try (Statement st = c.createStatement()) {
        st.execute(set);
      }
    }
  }

  /** The same for a session opened below the JDBC API, through the driver's executor. */
  static void apply(QueryExecutor qe, String wanted) throws SQLException {
    String set = setCommand(qe::getParameterStatus, wanted);
    if (set != null) {
      ResultHandlerBase handler = new ResultHandlerBase();
      qe.execute(
          qe.createSimpleQuery(set),
          null,
          handler,
          0,
          0,
          QueryExecutor.QUERY_NO_RESULTS
              | QueryExecutor.QUERY_NO_METADATA
              | QueryExecutor.QUERY_SUPPRESS_BEGIN);
      handler.handleCompletion(); // the server's error, if it refused
    }
  }

  /** The SET that puts client_encoding where libpq would have it, or null when it is there. */
  private static String setCommand(Function<String, String> status, String wanted) {
    String target = wanted != null ? wanted : status.apply("server_encoding");
    String current = status.apply("client_encoding");
    if (target == null || normalize(target).equals(normalize(current))) {
      return null;
    }
    return "SET client_encoding TO '" + target.replace("'", "''") + "'";
  }

  private static String normalize(String name) {
    return name == null ? "" : name.toUpperCase(Locale.ROOT).replace("-", "").replace("_", "");
  }
}
