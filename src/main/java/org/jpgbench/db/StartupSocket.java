package org.jpgbench.db;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketOption;
import java.nio.channels.SocketChannel;
import java.util.Set;

/**
 * A connection's socket as the JDBC driver sees it: every call goes to the real one (TCP, or a
 * Unix-domain socket of junixsocket's), and its output stream is a {@link StartupRewriter}, so that
 * the server receives libpq's startup parameters. {@link #unwrap} gives the real socket to those
 * who need its descriptor.
 */
final class StartupSocket extends Socket {
  private final Socket inner;
  private final StartupPacket startup;
  private OutputStream output;

  StartupSocket(Socket inner, StartupPacket startup) {
    this.inner = inner;
    this.startup = startup;
  }

  /** The real socket under {@code s}, or {@code s} itself. */
  static Socket unwrap(Socket s) {
    if (s instanceof StartupSocket w) {
      return w.inner;
    }
    if (s instanceof StartupSslSocket w) {
      return w.inner();
    }
    return s;
  }

  @Override
  public synchronized OutputStream getOutputStream() throws IOException {
    if (output == null) {
      output = new StartupRewriter(inner.getOutputStream(), startup);
    }
    return output;
  }

  @Override
  public InputStream getInputStream() throws IOException {
    return inner.getInputStream();
  }

  @Override
  public void connect(SocketAddress endpoint) throws IOException {
    inner.connect(endpoint);
  }

  @Override
  public void connect(SocketAddress endpoint, int timeout) throws IOException {
    inner.connect(endpoint, timeout);
  }

  @Override
  public void bind(SocketAddress bindpoint) throws IOException {
    inner.bind(bindpoint);
  }

  @Override
  public InetAddress getInetAddress() {
    return inner.getInetAddress();
  }

  @Override
  public InetAddress getLocalAddress() {
    return inner.getLocalAddress();
  }

  @Override
  public int getPort() {
    return inner.getPort();
  }

  @Override
  public int getLocalPort() {
    return inner.getLocalPort();
  }

  @Override
  public SocketAddress getRemoteSocketAddress() {
    return inner.getRemoteSocketAddress();
  }

  @Override
  public SocketAddress getLocalSocketAddress() {
    return inner.getLocalSocketAddress();
  }

  @Override
  public SocketChannel getChannel() {
    return inner.getChannel();
  }

  @Override
  public void setTcpNoDelay(boolean on) throws SocketException {
    inner.setTcpNoDelay(on);
  }

  @Override
  public boolean getTcpNoDelay() throws SocketException {
    return inner.getTcpNoDelay();
  }

  @Override
  public void setSoLinger(boolean on, int linger) throws SocketException {
    inner.setSoLinger(on, linger);
  }

  @Override
  public int getSoLinger() throws SocketException {
    return inner.getSoLinger();
  }

  @Override
  public void sendUrgentData(int data) throws IOException {
    inner.sendUrgentData(data);
  }

  @Override
  public void setOOBInline(boolean on) throws SocketException {
    inner.setOOBInline(on);
  }

  @Override
  public boolean getOOBInline() throws SocketException {
    return inner.getOOBInline();
  }

  @Override
  public void setSoTimeout(int timeout) throws SocketException {
    inner.setSoTimeout(timeout);
  }

  @Override
  public int getSoTimeout() throws SocketException {
    return inner.getSoTimeout();
  }

  @Override
  public void setSendBufferSize(int size) throws SocketException {
    inner.setSendBufferSize(size);
  }

  @Override
  public int getSendBufferSize() throws SocketException {
    return inner.getSendBufferSize();
  }

  @Override
  public void setReceiveBufferSize(int size) throws SocketException {
    inner.setReceiveBufferSize(size);
  }

  @Override
  public int getReceiveBufferSize() throws SocketException {
    return inner.getReceiveBufferSize();
  }

  @Override
  public void setKeepAlive(boolean on) throws SocketException {
    inner.setKeepAlive(on);
  }

  @Override
  public boolean getKeepAlive() throws SocketException {
    return inner.getKeepAlive();
  }

  @Override
  public void setTrafficClass(int tc) throws SocketException {
    inner.setTrafficClass(tc);
  }

  @Override
  public int getTrafficClass() throws SocketException {
    return inner.getTrafficClass();
  }

  @Override
  public void setReuseAddress(boolean on) throws SocketException {
    inner.setReuseAddress(on);
  }

  @Override
  public boolean getReuseAddress() throws SocketException {
    return inner.getReuseAddress();
  }

  @Override
  public void close() throws IOException {
    inner.close();
  }

  @Override
  public void shutdownInput() throws IOException {
    inner.shutdownInput();
  }

  @Override
  public void shutdownOutput() throws IOException {
    inner.shutdownOutput();
  }

  @Override
  public boolean isConnected() {
    return inner.isConnected();
  }

  @Override
  public boolean isBound() {
    return inner.isBound();
  }

  @Override
  public boolean isClosed() {
    return inner.isClosed();
  }

  @Override
  public boolean isInputShutdown() {
    return inner.isInputShutdown();
  }

  @Override
  public boolean isOutputShutdown() {
    return inner.isOutputShutdown();
  }

  @Override
  public <T> Socket setOption(SocketOption<T> name, T value) throws IOException {
    inner.setOption(name, value);
    return this;
  }

  @Override
  public <T> T getOption(SocketOption<T> name) throws IOException {
    return inner.getOption(name);
  }

  @Override
  public Set<SocketOption<?>> supportedOptions() {
    return inner.supportedOptions();
  }

  @Override
  public String toString() {
    return inner.toString();
  }
}
