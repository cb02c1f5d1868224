package org.jpgbench.io.linux;

/** Names for the errno values the native transports report ("EPERM (1)"), for messages. */
final class Errors {
  private Errors() {}

  static String name(int errno) {
    String n =
        switch (errno) {
          case Sys.EPERM -> "EPERM, operation not permitted";
          case Sys.EINTR -> "EINTR";
          case Sys.EAGAIN -> "EAGAIN";
          case Sys.EBUSY -> "EBUSY";
          case Sys.EINVAL -> "EINVAL, invalid argument";
          case Sys.EPIPE -> "EPIPE, broken pipe";
          case Sys.ENOSYS -> "ENOSYS, not implemented by this kernel";
          case Sys.ETIME -> "ETIME";
          case Sys.ECONNRESET -> "ECONNRESET, connection reset by peer";
          case Sys.ENOBUFS -> "ENOBUFS";
          case Sys.ECANCELED -> "ECANCELED";
          case 12 -> "ENOMEM, out of memory";
          case 24 -> "EMFILE, too many open files";
          case 9 -> "EBADF, bad file descriptor";
          case 110 -> "ETIMEDOUT, connection timed out";
          case 113 -> "EHOSTUNREACH, no route to host";
          default -> "errno";
        };
    return n + " (" + errno + ")";
  }
}
