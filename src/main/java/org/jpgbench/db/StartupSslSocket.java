package org.jpgbench.db;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.SocketAddress;
import java.net.SocketException;
import java.util.List;
import java.util.function.BiFunction;
import javax.net.ssl.HandshakeCompletedListener;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/**
 * A TLS connection's socket as the JDBC driver sees it: the JDK's TLS socket under it does the
 * work, and its output stream is a {@link StartupRewriter}, so that the StartupMessage, sent once
 * TLS is up, carries libpq's parameters. It stays an {@link SSLSocket}: the driver checks the
 * server's certificate and host name through it, and SCRAM's channel binding reads the certificate
 * from its session.
 */
final class StartupSslSocket extends SSLSocket {
  private final SSLSocket inner;
  private final StartupPacket startup;
  private OutputStream output;

  StartupSslSocket(SSLSocket inner, StartupPacket startup) {
    this.inner = inner;
    this.startup = startup;
  }

  SSLSocket inner() {
    return inner;
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

  // TLS

  @Override
  public String[] getSupportedCipherSuites() {
    return inner.getSupportedCipherSuites();
  }

  @Override
  public String[] getEnabledCipherSuites() {
    return inner.getEnabledCipherSuites();
  }

  @Override
  public void setEnabledCipherSuites(String[] suites) {
    inner.setEnabledCipherSuites(suites);
  }

  @Override
  public String[] getSupportedProtocols() {
    return inner.getSupportedProtocols();
  }

  @Override
  public String[] getEnabledProtocols() {
    return inner.getEnabledProtocols();
  }

  @Override
  public void setEnabledProtocols(String[] protocols) {
    inner.setEnabledProtocols(protocols);
  }

  @Override
  public SSLSession getSession() {
    return inner.getSession();
  }

  @Override
  public SSLSession getHandshakeSession() {
    return inner.getHandshakeSession();
  }

  @Override
  public void addHandshakeCompletedListener(HandshakeCompletedListener listener) {
    inner.addHandshakeCompletedListener(listener);
  }

  @Override
  public void removeHandshakeCompletedListener(HandshakeCompletedListener listener) {
    inner.removeHandshakeCompletedListener(listener);
  }

  @Override
  public void startHandshake() throws IOException {
    inner.startHandshake();
  }

  @Override
  public void setUseClientMode(boolean mode) {
    inner.setUseClientMode(mode);
  }

  @Override
  public boolean getUseClientMode() {
    return inner.getUseClientMode();
  }

  @Override
  public void setNeedClientAuth(boolean need) {
    inner.setNeedClientAuth(need);
  }

  @Override
  public boolean getNeedClientAuth() {
    return inner.getNeedClientAuth();
  }

  @Override
  public void setWantClientAuth(boolean want) {
    inner.setWantClientAuth(want);
  }

  @Override
  public boolean getWantClientAuth() {
    return inner.getWantClientAuth();
  }

  @Override
  public void setEnableSessionCreation(boolean flag) {
    inner.setEnableSessionCreation(flag);
  }

  @Override
  public boolean getEnableSessionCreation() {
    return inner.getEnableSessionCreation();
  }

  @Override
  public SSLParameters getSSLParameters() {
    return inner.getSSLParameters();
  }

  @Override
  public void setSSLParameters(SSLParameters params) {
    inner.setSSLParameters(params);
  }

  @Override
  public String getApplicationProtocol() {
    return inner.getApplicationProtocol();
  }

  @Override
  public String getHandshakeApplicationProtocol() {
    return inner.getHandshakeApplicationProtocol();
  }

  @Override
  public void setHandshakeApplicationProtocolSelector(
      BiFunction<SSLSocket, List<String>, String> selector) {
    inner.setHandshakeApplicationProtocolSelector(selector);
  }

  // the socket under TLS: what the driver and the run ask of a connection

  @Override
  public void connect(SocketAddress endpoint, int timeout) throws IOException {
    inner.connect(endpoint, timeout);
  }

  @Override
  public InetAddress getInetAddress() {
    return inner.getInetAddress();
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
  public void setTcpNoDelay(boolean on) throws SocketException {
    inner.setTcpNoDelay(on);
  }

  @Override
  public boolean getTcpNoDelay() throws SocketException {
    return inner.getTcpNoDelay();
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
  public void setKeepAlive(boolean on) throws SocketException {
    inner.setKeepAlive(on);
  }

  @Override
  public boolean getKeepAlive() throws SocketException {
    return inner.getKeepAlive();
  }

  @Override
  public void setReceiveBufferSize(int size) throws SocketException {
    inner.setReceiveBufferSize(size);
  }

  @Override
  public void setSendBufferSize(int size) throws SocketException {
    inner.setSendBufferSize(size);
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
  public boolean isClosed() {
    return inner.isClosed();
  }

  @Override
  public String toString() {
    return inner.toString();
  }
}
