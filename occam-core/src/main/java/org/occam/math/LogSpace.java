package org.occam.math;

/** Log-space arithmetic that neither overflows nor silently loses mass. */
public final class LogSpace {
  private LogSpace() {}

  /**
   * {@code ln Σ_i exp(x_i)} over {@code x[from..to)}, stable for large magnitudes. Returns
   * {@code -∞} when every term is {@code -∞} (an empty sum), never NaN for finite input.
   */
  public static double logSumExp(double[] x, int from, int to) {
    double max = Double.NEGATIVE_INFINITY;
    for (int i = from; i < to; i++) {
      if (x[i] > max) {
        max = x[i];
      }
    }
    if (max == Double.NEGATIVE_INFINITY || max == Double.POSITIVE_INFINITY) {
      return max;
    }
    double sum = 0;
    for (int i = from; i < to; i++) {
      sum += Math.exp(x[i] - max);
    }
    return max + Math.log(sum);
  }

  /** {@code ln Σ_i exp(x_i)} over the whole array. */
  public static double logSumExp(double[] x) {
    return logSumExp(x, 0, x.length);
  }

  /** {@code ln n!} computed exactly by summation for small n. */
  public static double logFactorial(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("n must be >= 0, got " + n);
    }
    double s = 0;
    for (int i = 2; i <= n; i++) {
      s += Math.log(i);
    }
    return s;
  }
}
