package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;
import org.junit.jupiter.api.Test;

/** Expected texts are what pgbench 15 printed for the same server errors (libpq's wording). */
class PgErrorTest {
  private static PSQLException server(String fields) {
    return new PSQLException(new ServerErrorMessage(fields.replace('|', '\0')));
  }

  @Test
  void messageWithPositionGetsTheLineExcerpt() {
    PSQLException e =
        server("SERROR|VERROR|C42P01|Mrelation \"pgbench_branches\" does not exist|P22|");
    assertEquals("ERROR:  relation \"pgbench_branches\" does not exist\n"
        + "LINE 1: select count(*) from pgbench_branches\n"
        + "                             ^\n",
        PgError.message(e, "select count(*) from pgbench_branches"));
  }

  @Test
  void detailHintAndContextLines() {
    PSQLException e = server("SERROR|C23505|Mduplicate key value violates unique constraint \"p\"|"
        + "DKey (x)=(1) already exists.|Htry again|Wsome function|");
    assertEquals("ERROR:  duplicate key value violates unique constraint \"p\"\n"
        + "DETAIL:  Key (x)=(1) already exists.\nHINT:  try again\nCONTEXT:  some function\n",
        PgError.message(e, null));
  }

  @Test
  void classification() {
    assertEquals(PgError.Kind.SERIALIZATION,
        PgError.classify(server("SERROR|C40001|Mcould not serialize access|"), false));
    assertEquals(PgError.Kind.DEADLOCK,
        PgError.classify(server("SERROR|C40P01|Mdeadlock detected|"), false));
    assertEquals(PgError.Kind.OTHER, PgError.classify(server("SERROR|C22012|Mdivision by zero|"),
        false));
    assertEquals(PgError.Kind.CONNECTION,
        PgError.classify(server("SFATAL|C57P01|Mterminating connection|"), false));
    assertEquals(PgError.Kind.CONNECTION, PgError.classify(new SQLException("io", "08006"), false));
    assertEquals(PgError.Kind.CONNECTION,
        PgError.classify(server("SERROR|C40001|Mcould not serialize access|"), true));
  }

  @Test
  void fatalErrorsSayTheConnectionIsGone() {
    assertEquals("FATAL:  terminating connection due to administrator command\n"
        + "server closed the connection unexpectedly\n"
        + "\tThis probably means the server terminated abnormally\n"
        + "\tbefore or while processing the request.\n",
        PgError.message(
            server("SFATAL|C57P01|Mterminating connection due to administrator command|"),
            "SELECT 1"));
  }
}
