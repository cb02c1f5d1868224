package org.jpgbench.expr;

import org.jpgbench.cnum.NumberSink;

/**
 * A mutable pgbench value register (NULL, boolean, int64 or double) so that evaluation allocates
 * nothing: evaluators write their result into a caller-provided Value.
 */
public final class Value implements NumberSink {
  public static final byte NULL = 0;
  public static final byte BOOL = 1;
  public static final byte INT = 2;
  public static final byte DOUBLE = 3;

  public byte type;

  /** The int64 value, or 0/1 for a boolean. */
  public long i;

  public double d;

  public void setNull() {
    type = NULL;
  }

  public void setBool(boolean b) {
    type = BOOL;
    i = b ? 1 : 0;
  }

  @Override
  public void setInt(long v) {
    type = INT;
    i = v;
  }

  @Override
  public void setDouble(double v) {
    type = DOUBLE;
    d = v;
  }

  public void set(Value o) {
    type = o.type;
    i = o.i;
    d = o.d;
  }
}
