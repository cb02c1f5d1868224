/**
 * How an event loop reaches the kernel: one {@link org.jpgbench.io.Transport} per loop, which sends
 * its connections' requests, delivers what arrives ({@link org.jpgbench.io.Receiver}) and makes the
 * loop's single wait.
 *
 * <ul>
 *   <li>{@link org.jpgbench.io.Transports}: chooses once per run: io_uring, else epoll, else {@link
 *       org.jpgbench.io.BlockingTransport} (the driver's streams: TLS, GSS), unless {@code
 *       --transport} asks; the reasons are kept for --debug.
 *   <li>{@link org.jpgbench.io.NativeTransports} / {@link org.jpgbench.io.NativeProvider}: the way
 *       to the native transports ({@code org.jpgbench.io.linux}), loaded only on Linux.
 *   <li>{@link org.jpgbench.io.Connected}: a connection as the driver left it after authentication;
 *       {@link org.jpgbench.io.Channel}: one connection served by a transport.
 * </ul>
 *
 * <p>Depends on nothing of jpgbench's; used by {@code db}, {@code run} and {@code telemetry}.
 */
package org.jpgbench.io;
