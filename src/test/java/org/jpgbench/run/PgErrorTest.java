package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import org.jpgbench.wire.ServerMessage;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/** Expected texts are what pgbench 15 printed for the same server errors (libpq's wording). */
class PgErrorTest {
  /** An ErrorResponse body as the server sends it, fields separated by '|' here. */
  private static ServerMessage server(String fields) {
    byte[] body = (fields.replace('|', '\0') + "\0").getBytes(StandardCharsets.UTF_8);
    return ServerMessage.parse(body, 0, body.length);
  }

  @Test
  void messageWithPositionGetsTheLineExcerpt() {
    ServerMessage e =
        server("SERROR|VERROR|C42P01|Mrelation \"pgbench_branches\" does not exist|P22|");
    assertEquals(
        "ERROR:  relation \"pgbench_branches\" does not exist\n"
            + "LINE 1: select count(*) from pgbench_branches\n"
            + "                             ^\n",
        PgError.message(e, "select count(*) from pgbench_branches"));
  }

  @Test
  void detailHintAndContextLines() {
    ServerMessage e =
        server(
            "SERROR|C23505|Mduplicate key value violates unique constraint \"p\"|"
                + "DKey (x)=(1) already exists.|Htry again|Wsome function|");
    assertEquals(
        "ERROR:  duplicate key value violates unique constraint \"p\"\n"
            + "DETAIL:  Key (x)=(1) already exists.\nHINT:  try again\nCONTEXT:  some function\n",
        PgError.message(e, null));
  }

  @Test
  void classification() {
    assertEquals(
        PgError.Kind.SERIALIZATION,
        PgError.classify(server("SERROR|C40001|Mcould not serialize access|")));
    assertEquals(
        PgError.Kind.DEADLOCK, PgError.classify(server("SERROR|C40P01|Mdeadlock detected|")));
    assertEquals(PgError.Kind.OTHER, PgError.classify(server("SERROR|C22012|Mdivision by zero|")));
    assertEquals(
        PgError.Kind.CONNECTION,
        PgError.classify(server("SFATAL|VFATAL|C57P01|Mterminating connection|")));
    assertEquals(
        PgError.Kind.CONNECTION,
        PgError.classify(PgError.fromJdbc(new SQLException("io", "08006"))));
  }

  @Test
  void theSessionEndsOnTheUnlocalizedSeverity() {
    assertEquals(
        PgError.Kind.CONNECTION,
        PgError.classify(server("SSCHWERWIEGEND|VFATAL|C57P01|Mbeendet|")));
    assertEquals(PgError.Kind.OTHER, PgError.classify(server("SFEHLER|VERROR|C22012|Mnull|")));
  }

  @Test
  void jdbcErrorsTellTheSameAsTheProtocolDecoder() {
    String fields = "SERROR|VERROR|C22012|Mdivision by zero|HDon't.|WPL/pgSQL function f()|";
    PSQLException jdbc = new PSQLException(new ServerErrorMessage(fields.replace('|', '\0')));
    assertEquals(
        PgError.message(server(fields), "select 1/0"), PgError.message(jdbc, "select 1/0"));
  }

  @Test
  void fatalErrorsSayTheConnectionIsGone() {
    assertEquals(
        "FATAL:  terminating connection due to administrator command\n"
            + "server closed the connection unexpectedly\n"
            + "\tThis probably means the server terminated abnormally\n"
            + "\tbefore or while processing the request.\n",
        PgError.message(
            server("SFATAL|VFATAL|C57P01|Mterminating connection due to administrator command|"),
            "SELECT 1"));
  }
}
