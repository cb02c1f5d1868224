package org.jpgbench.db;

import java.net.ConnectException;
import java.net.InetAddress;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * libpq's wording for failed connections, built from what the JDBC driver reports. All connection
 * error texts of the db package live here.
 */
final class ConnectionErrors {
  static final String TCP_HINT =
      "\tIs the server running on that host and accepting TCP/IP connections?";
  static final String SOCKET_HINT =
      "\tIs the server running locally and accepting connections on that socket?";

  private ConnectionErrors() {}

  /** The prefix libpq puts before a per-host failure. */
  static String prefix(ConnSettings.Endpoint e) {
    if (e.isSocket()) {
      return "connection to server on socket \"" + e.socketPath() + "\" failed: ";
    }
    String addr = null;
    try {
      addr = InetAddress.getByName(e.host()).getHostAddress();
    } catch (UnknownHostException | SecurityException ex) {
      // no address to show
    }
    if (addr == null || addr.equals(e.host())) {
      return "connection to server at \"" + e.host() + "\", port " + e.port() + " failed: ";
    }
    return "connection to server at \""
        + e.host()
        + "\" ("
        + addr
        + "), port "
        + e.port()
        + " failed: ";
  }

  /** The message for one endpoint that failed with {@code ex}. */
  static String message(ConnSettings.Endpoint e, SQLException ex) {
    ServerErrorMessage server = ex instanceof PSQLException p ? p.getServerErrorMessage() : null;
    if (server != null) {
      String msg = prefix(e) + server.getSeverity() + ":  " + server.getMessage();
      if (e.passwordFile() != null && "28P01".equals(server.getSQLState())) {
        msg += "\npassword retrieved from file \"" + e.passwordFile() + "\"";
      }
      return msg;
    }
    for (Throwable t = ex; t != null; t = t.getCause()) {
      if (t instanceof UnknownHostException) {
        return "could not translate host name \""
            + e.host()
            + "\" to address: Name or service not known";
      }
      if (t instanceof SocketTimeoutException) {
        return prefix(e) + "timeout expired";
      }
      if (t instanceof ConnectException || t instanceof NoRouteToHostException) {
        return prefix(e) + osText(e, t) + "\n" + (e.isSocket() ? SOCKET_HINT : TCP_HINT);
      }
      if (e.isSocket() && t instanceof SocketException) {
        return prefix(e) + osText(e, t) + "\n" + SOCKET_HINT;
      }
    }
    String text = ex.getMessage() == null ? ex.toString() : ex.getMessage();
    if ("08001".equals(ex.getSQLState()) && text.contains("timed out")) {
      return prefix(e) + "timeout expired";
    }
    if (needsPassword(ex)) {
      return prefix(e) + "fe_sendauth: no password supplied";
    }
    if (text.contains("does not support SSL")) {
      return prefix(e) + "server does not support SSL, but SSL was required";
    }
    return prefix(e) + text;
  }

  /** The driver's way of saying the server wants a password and none was given. */
  static boolean needsPassword(SQLException ex) {
    String text = ex.getMessage();
    return "08004".equals(ex.getSQLState())
        && text != null
        && text.contains("password was provided");
  }

  /** The errno text libpq would show ("Connection refused", "No such file or directory", ...). */
  private static String osText(ConnSettings.Endpoint e, Throwable t) {
    if (e.isSocket() && !Files.exists(Path.of(e.socketPath()))) {
      return "No such file or directory";
    }
    String m = t.getMessage() == null ? "" : t.getMessage();
    for (String known :
        new String[] {
          "Connection refused",
          "No route to host",
          "Network is unreachable",
          "Permission denied",
          "Connection timed out"
        }) {
      if (m.contains(known)) {
        return known;
      }
    }
    return m.isEmpty() ? t.getClass().getSimpleName() : m;
  }
}
