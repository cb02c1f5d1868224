package org.jpgbench.run;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jpgbench.report.ServerInfo;

/**
 * Fetches, once on the setup connection before the run, the server's version and the settings the
 * JSON and HTML reports show. A failure only leaves the settings out.
 */
final class ServerSettingsQuery {
  private ServerSettingsQuery() {}

  static ServerInfo fetch(Connection con, String version) {
    Map<String, String> settings = new LinkedHashMap<>();
    try (PreparedStatement st =
        con.prepareStatement(
            "SELECT name, current_setting(name) FROM pg_settings WHERE name = ANY (?)")) {
      st.setArray(1, con.createArrayOf("text", ServerInfo.SETTING_NAMES.toArray()));
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          settings.put(rs.getString(1), rs.getString(2));
        }
      }
    } catch (SQLException e) {
      // an old or unusual server: report without settings
    }
    return new ServerInfo(version, settings);
  }
}
