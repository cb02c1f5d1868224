package org.jpgbench.testing;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A relay on a loopback port in front of a real server that records the StartupMessage of every
 * connection made through it (its parameters, in the order sent), then passes everything through
 * both ways. It declines TLS (answers 'N' to an SSLRequest or GSSENCRequest), so that the
 * StartupMessage can be read, as a server without TLS would.
 */
public final class StartupCapture implements AutoCloseable {
  private static final int SSL_REQUEST = 80877103;
  private static final int GSSENC_REQUEST = 80877104;

  private final ServerSocket listener;
  private final String targetHost;
  private final int targetPort;
  private final List<List<String>> packets = new CopyOnWriteArrayList<>();
  private final List<Socket> open = new CopyOnWriteArrayList<>();

  private StartupCapture(ServerSocket listener, String targetHost, int targetPort) {
    this.listener = listener;
    this.targetHost = targetHost;
    this.targetPort = targetPort;
  }

  /** A relay to {@code host:port}, accepting on a free loopback port. */
  public static StartupCapture start(String host, int port) throws IOException {
    ServerSocket l = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
    StartupCapture c = new StartupCapture(l, host, port);
    Thread t = new Thread(c::accept, "startup-capture");
    t.setDaemon(true);
    t.start();
    return c;
  }

  public int port() {
    return listener.getLocalPort();
  }

  /** Each connection's startup parameters (name, value, name, value, ...), in arrival order. */
  public List<List<String>> packets() {
    return List.copyOf(packets);
  }

  public void clear() {
    packets.clear();
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        open.add(client);
        Thread t = new Thread(() -> relay(client), "startup-capture-relay");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private void relay(Socket client) {
    try (client;
        Socket server = new Socket(targetHost, targetPort)) {
      open.add(server);
      DataInputStream in = new DataInputStream(client.getInputStream());
      OutputStream toServer = server.getOutputStream();
      while (true) {
        int length = in.readInt();
        int code = in.readInt();
        byte[] body = new byte[length - 8];
        in.readFully(body);
        if (code == SSL_REQUEST || code == GSSENC_REQUEST) {
          client.getOutputStream().write('N');
          continue;
        }
        if (code >>> 16 == 3) {
          packets.add(fields(body));
        }
        toServer.write(ByteBuffer.allocate(8).putInt(length).putInt(code).array());
        toServer.write(body);
        toServer.flush();
        break;
      }
      Thread back = new Thread(() -> pump(server, client), "startup-capture-back");
      back.setDaemon(true);
      back.start();
      pump(client, server);
      back.join();
    } catch (IOException | InterruptedException e) {
      // the client or the server went away: the relay ends with them
    }
  }

  private static void pump(Socket from, Socket to) {
    try {
      InputStream in = from.getInputStream();
      OutputStream out = to.getOutputStream();
      byte[] buf = new byte[16384];
      int n;
      while ((n = in.read(buf)) > 0) {
        out.write(buf, 0, n);
        out.flush();
      }
      to.shutdownOutput();
    } catch (IOException e) {
      // closed
    }
  }

  private static List<String> fields(byte[] body) {
    List<String> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < body.length; i++) {
      if (body[i] == 0) {
        if (i == start && out.size() % 2 == 0) {
          break; // the terminator
        }
        out.add(new String(body, start, i - start, StandardCharsets.UTF_8));
        start = i + 1;
      }
    }
    return out;
  }

  @Override
  public void close() throws IOException {
    listener.close();
    for (Socket s : open) {
      s.close();
    }
  }
}
