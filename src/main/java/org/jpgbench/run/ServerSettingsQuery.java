package org.jpgbench.run;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jpgbench.db.Session;
import org.jpgbench.report.ServerInfo;

/**
 * Fetches, once on the setup connection before the run, the server's version and the settings the
 * JSON and HTML reports show. A failure only leaves the settings out.
 */
final class ServerSettingsQuery {
  private ServerSettingsQuery() {}

  static ServerInfo fetch(Session con, String version) {
    Map<String, String> settings = new LinkedHashMap<>();
    try {
      for (String[] row : con.query(ServerInfo.settingsQuery())) {
        settings.put(row[0], row[1]);
      }
    } catch (SQLException e) {
      // an old or unusual server: report without settings
    }
    return new ServerInfo(version, settings);
  }
}
