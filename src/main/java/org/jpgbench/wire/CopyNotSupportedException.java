package org.jpgbench.wire;

import java.sql.SQLException;

/**
 * A script command started COPY (to or from the client), which pgbench does not support: the
 * connection is left in copy mode, so it is given up and the client aborts.
 */
public final class CopyNotSupportedException extends SQLException {
  private static final long serialVersionUID = 1L;

  CopyNotSupportedException() {
    super("COPY is not supported", "0A000");
  }
}
