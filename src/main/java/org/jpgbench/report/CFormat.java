package org.jpgbench.report;

/**
 * Kept only for run/Client.java, which still names this class; everything else uses {@link
 * org.jpgbench.cnum.CFormat}. Delete once Client.java calls {@code org.jpgbench.cnum.CFormat}.
 */
@Deprecated
public final class CFormat {
  private CFormat() {}

  /** {@code %.<decimals>f}: see {@link org.jpgbench.cnum.CFormat#fixed(double, int)}. */
  public static String fixed(double v, int decimals) {
    return org.jpgbench.cnum.CFormat.fixed(v, decimals);
  }
}
