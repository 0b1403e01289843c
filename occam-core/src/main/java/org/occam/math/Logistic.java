package org.occam.math;

/** The logistic function and its integral (softplus), stable for arguments of any magnitude: the one copy used by BP, the RBM code and the AIS paths. */
public final class Logistic {
  private Logistic() {}

  /**
   * {@code softplus(t) = ln(1 + e^t)}, written as {@code max(t, 0) + ln(1 + e^−|t|)} so that it
   * neither overflows for large t nor loses the tail for very negative t.
   */
  public static double softplus(double t) {
    return Math.max(t, 0) + Math.log1p(Math.exp(-Math.abs(t)));
  }

  /** {@code σ(t) = 1 / (1 + e^−t)}, evaluated without overflow on either side. */
  public static double sigmoid(double t) {
    if (t >= 0) {
      return 1 / (1 + Math.exp(-t));
    }
    double e = Math.exp(t);
    return e / (1 + e);
  }
}
