package org.jpgbench.db;

import java.util.Locale;
import java.util.Map;

/**
 * client_encoding=auto as libpq resolves it. The driver's own start-up would ask for UTF8; the
 * StartupMessage carries libpq's parameters instead ({@link StartupPacket}): no client_encoding
 * unless one was asked for, so the server uses the database's encoding, as with libpq. jpgbench
 * sends and receives bytes unchanged (see {@code org.jpgbench.text}), so only the server's
 * interpretation of them matters.
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
}
