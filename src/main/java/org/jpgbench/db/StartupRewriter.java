package org.jpgbench.db;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * The output stream under the JDBC driver's connection that puts libpq's startup parameters into
 * its StartupMessage. The driver always asks for client_encoding=UTF8, DateStyle=ISO and its JVM's
 * TimeZone; a server shrugs these off, but PgBouncer in transaction mode keeps them per client and
 * sends {@code SET DateStyle ...} (and the others) on every server connection it lends that client,
 * before every transaction: the run then measures a different system than pgbench's. The driver
 * offers no setting to leave them out, so the message is rewritten on its way out, with the
 * driver's protocol version kept and its parameters replaced by {@link StartupPacket}'s.
 *
 * <p>Only the first message that is a StartupMessage is touched: an SSLRequest or GSSENCRequest
 * (the server may refuse it, and the StartupMessage then follows in the clear) and a CancelRequest
 * pass unchanged, and so does TLS (its records never look like a StartupMessage, whose length is at
 * most 10,000 bytes and whose version is 3.x). Every byte after that passes straight through.
 */
final class StartupRewriter extends OutputStream {
  private static final int SSL_REQUEST = 80877103;
  private static final int GSSENC_REQUEST = 80877104;

  /** libpq's and the server's bound on a startup packet (MAX_STARTUP_PACKET_LENGTH). */
  private static final int MAX_STARTUP = 10_000;

  private final OutputStream out;
  private final StartupPacket startup;

  /** Bytes of a message not yet complete, while the StartupMessage is still to come. */
  private byte[] pending = new byte[0];

  private boolean passing;

  StartupRewriter(OutputStream out, StartupPacket startup) {
    this.out = out;
    this.startup = startup;
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    if (passing) {
      out.write(b, off, len);
      return;
    }
    byte[] all = Arrays.copyOf(pending, pending.length + len);
    System.arraycopy(b, off, all, pending.length, len);
    pending = new byte[0];
    int at = 0;
    while (!passing && all.length - at >= 8) {
      int length = intAt(all, at);
      int code = intAt(all, at + 4);
      boolean startupMessage = (code >>> 16) == 3 && length >= 8 && length <= MAX_STARTUP;
      if (!startupMessage) {
        if (code != SSL_REQUEST && code != GSSENC_REQUEST || length != 8) {
          passing = true; // a CancelRequest, TLS, or what this does not know: leave it alone
          break;
        }
        out.write(all, at, 8);
        at += 8;
        continue;
      }
      if (all.length - at < length) {
        break; // the rest of the message is still to come
      }
      out.write(startup.message(code));
      at += length;
      passing = true;
    }
    if (passing) {
      out.write(all, at, all.length - at);
    } else {
      pending = Arrays.copyOfRange(all, at, all.length);
    }
  }

  @Override
  public void flush() throws IOException {
    out.flush();
  }

  @Override
  public void close() throws IOException {
    out.close();
  }

  private static int intAt(byte[] b, int at) {
    return (b[at] & 0xff) << 24
        | (b[at + 1] & 0xff) << 16
        | (b[at + 2] & 0xff) << 8
        | b[at + 3] & 0xff;
  }
}
