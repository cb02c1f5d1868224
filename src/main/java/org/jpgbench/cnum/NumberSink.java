package org.jpgbench.cnum;

/**
 * Where {@link CParse} puts a parsed number, so that parsing on a hot path allocates no result
 * object (the expression engine's value register implements it).
 */
public interface NumberSink {
  /** Receives an int64 result. */
  void setInt(long v);

  /** Receives a double result. */
  void setDouble(double v);
}
