/**
 * The native transports on Linux, through the Foreign Function &amp; Memory API (JDK 22+), found by
 * {@code org.jpgbench.io.NativeTransports} through {@link org.jpgbench.io.linux.LinuxTransports}.
 *
 * <ul>
 *   <li>{@link org.jpgbench.io.linux.UringTransport}: io_uring ({@link
 *       org.jpgbench.io.linux.IoUring}, without liburing): one multishot receive per connection
 *       into a shared {@link org.jpgbench.io.linux.BufferRing}, registered files, one send in
 *       flight per connection, one {@code io_uring_enter} per loop round.
 *   <li>{@link org.jpgbench.io.linux.EpollTransport}: pgbench's own model (non-blocking sockets and
 *       one wait) where io_uring is refused, e.g. under Docker's default seccomp profile.
 *   <li>{@link org.jpgbench.io.linux.Sys}: the system calls; {@link org.jpgbench.io.linux.Errors}:
 *       errno names; {@link org.jpgbench.io.linux.SocketDescriptor}: the descriptor under a JDK or
 *       junixsocket socket.
 * </ul>
 *
 * <p>Depends on {@code io}, whose {@code NativeTransports} loads it by name on a JDK with FFM.
 */
package org.jpgbench.io.linux;
