package org.jpgbench.wire;

import java.util.Arrays;

/**
 * Splits the bytes a connection receives into backend messages, however the transport chunks them:
 * a message that arrived whole is handed over in place (no copy); one split across chunks is
 * assembled first when its body is wanted, and skipped byte by byte when it is not (rows nobody
 * stores). Allocation-free once its buffer fits the largest message kept.
 */
public final class BackendDecoder {
  /** Receives the decoded messages. */
  public interface Handler {
    /** Whether the body of a message of {@code type} is needed (else it is skipped unread). */
    boolean wants(byte type);

    /**
     * One message.
     *
     * @param body the body bytes, or null when they were not wanted
     * @param offset where the body starts in {@code body}
     * @param length the body's length (given also when skipped)
     */
    void message(byte type, byte[] body, int offset, int length);
  }

  /** The connection sent something that is not the protocol (a length out of range). */
  public static final class ProtocolException extends Exception {
    private static final long serialVersionUID = 1L;

    ProtocolException(String message) {
      super(message, null, false, false);
    }
  }

  /** The largest message body accepted: the server never sends more than 1 GB in a field. */
  static final int MAX_BODY = (1 << 30) + 1024;

  private final byte[] header = new byte[5];
  private int headerBytes;
  private byte type;

  /** Body bytes of the current message still to come (0: between messages). */
  private int remaining;

  private int bodyLength;
  private boolean keep;
  private byte[] body = new byte[256];
  private int bodyBytes;

  /** Decodes {@code length} bytes from {@code bytes[offset]}, calling {@code h} per message. */
  public void feed(byte[] bytes, int offset, int length, Handler h) throws ProtocolException {
    int end = offset + length;
    int p = offset;
    while (p < end) {
      if (remaining > 0) {
        int k = Math.min(remaining, end - p);
        if (keep) {
          System.arraycopy(bytes, p, body, bodyBytes, k);
          bodyBytes += k;
        }
        p += k;
        remaining -= k;
        if (remaining == 0) {
          h.message(type, keep ? body : null, 0, bodyLength);
        }
        continue;
      }
      if (headerBytes == 0 && end - p >= 5) {
        byte t = bytes[p];
        int n = bodyLength(int4(bytes, p + 1));
        if (end - p - 5 >= n) { // the whole message is here: hand it over in place
          h.message(t, h.wants(t) ? bytes : null, p + 5, n);
          p += 5 + n;
          continue;
        }
        start(t, n, h);
        p += 5;
        continue;
      }
      header[headerBytes++] = bytes[p++];
      if (headerBytes == 5) {
        headerBytes = 0;
        int n = bodyLength(int4(header, 1));
        if (n == 0) {
          h.message(header[0], h.wants(header[0]) ? body : null, 0, 0);
        } else {
          start(header[0], n, h);
        }
      }
    }
  }

  private void start(byte t, int n, Handler h) {
    type = t;
    bodyLength = n;
    remaining = n;
    bodyBytes = 0;
    keep = h.wants(t);
    if (keep && body.length < n) {
      body = Arrays.copyOf(body, Math.max(n, Math.min(MAX_BODY, body.length * 2)));
    }
  }

  /** Forgets a partly received message (after the connection was lost or given up). */
  public void reset() {
    headerBytes = 0;
    remaining = 0;
  }

  private static int bodyLength(int messageLength) throws ProtocolException {
    if (messageLength < 4 || messageLength - 4 > MAX_BODY) {
      throw new ProtocolException("invalid message length " + messageLength);
    }
    return messageLength - 4;
  }

  static int int4(byte[] b, int at) {
    return ((b[at] & 0xff) << 24)
        | ((b[at + 1] & 0xff) << 16)
        | ((b[at + 2] & 0xff) << 8)
        | (b[at + 3] & 0xff);
  }

  static int int2(byte[] b, int at) {
    return ((b[at] & 0xff) << 8) | (b[at + 1] & 0xff);
  }
}
