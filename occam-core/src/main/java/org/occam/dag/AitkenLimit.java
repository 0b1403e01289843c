package org.occam.dag;

/**
 * Aitken's stopping rule for a linearly converging ascent (VBEM's bound, MAP-EM's objective): with the
 * increments d_k = F_k − F_{k−1} and the rate a = d_k / d_{k−1}, the sequence's limit is
 * F∞ ≈ F_k + d_k · a / (1 − a) (Aitken's δ²; McLachlan and Krishnan, <i>The EM Algorithm and
 * Extensions</i>, 2nd ed., section 4.9), and a run stops once that estimated gap is below a
 * threshold, the rate having settled. A rule on the change per step alone stops a slow run short of
 * its limit: EM at 10⁻⁶ per datum ended 0.04–0.3 nats below the optimum of a binary latent class
 * model on 1,000 rows.
 */
final class AitkenLimit {
  private AitkenLimit() {}

  /**
   * Whether either stopping rule holds on the first {@code length} entries of a trace of plain steps:
   * the last change below {@code tol} (Beal's rule; 0: off) or {@link #nearLimit} at {@code limitGap}.
   */
  static boolean stops(double[] trace, int length, double tol, double limitGap) {
    return (length > 1 && Math.abs(trace[length - 1] - trace[length - 2]) < tol) || nearLimit(trace, length, limitGap);
  }

  /** The number of increment ratios Aitken's rule looks at. */
  static final int RATE_WINDOW = 10;
  /** How far apart those ratios may lie for the rate to count as settled. */
  static final double RATE_SPREAD = 0.01;
  /** An increment below limitGap times this ends a run whatever the rate (a rate of 0.9999 would be needed to miss). */
  static final double SMALL_INCREMENT = 1e-4;

  /**
   * Aitken's rule on the first {@code length} entries of {@code trace}: the last increment is
   * below {@code limitGap · }{@value #SMALL_INCREMENT}, or the last {@value #RATE_WINDOW} ratios of
   * increments lie within {@value #RATE_SPREAD} of each other (the rate has settled: while the run
   * leaves a plateau the ratios swing, and a short-lived fast rate would stop it early) and the
   * estimated gap is below {@code limitGap}. Never with {@code limitGap} 0.
   */
  static boolean nearLimit(double[] trace, int length, double limitGap) {
    if (!(limitGap > 0) || length < 2) {
      return false;
    }
    if (trace[length - 1] - trace[length - 2] < limitGap * SMALL_INCREMENT) {
      return true;
    }
    if (length < RATE_WINDOW + 2) {
      return false;
    }
    double[] range = rateRange(trace, length);
    return range[1] - range[0] <= RATE_SPREAD && estimatedGapToLimit(trace, length) < limitGap;
  }

  /**
   * Aitken's estimate F∞ − F_k of how far the last of the first {@code length} entries of
   * {@code trace} lies below the limit of the sequence: the last increment d_k times a / (1 − a).
   * The rate a is the largest of the last {@value #RATE_WINDOW} ratios of increments plus their
   * spread, since while the run settles into its slowest direction the rate still creeps up (with the
   * largest ratio alone a run stopped 0.011 nats short at a 0.01 target). 0 when d_k is at the
   * rounding level of F or below (F has stopped rising); infinite when a ratio lies outside (0, 1),
   * a ≥ 1, or too few values are known.
   */
  static double estimatedGapToLimit(double[] trace, int length) {
    if (length < 2) {
      return Double.POSITIVE_INFINITY;
    }
    double last = trace[length - 1];
    double d = last - trace[length - 2];
    if (d <= 8 * Math.ulp(last)) {
      return 0;
    }
    if (length < RATE_WINDOW + 2) {
      return Double.POSITIVE_INFINITY;
    }
    double[] range = rateRange(trace, length);
    double rate = 2 * range[1] - range[0];
    return range[0] > 0 && rate < 1 ? d * rate / (1 - rate) : Double.POSITIVE_INFINITY;
  }

  /** The smallest and the largest of the last {@value #RATE_WINDOW} ratios of increments; {0, ∞} if one is not in (0, 1). */
  private static double[] rateRange(double[] trace, int length) {
    double lo = 1;
    double hi = 0;
    for (int i = length - RATE_WINDOW; i < length; i++) {
      double ratio = (trace[i] - trace[i - 1]) / (trace[i - 1] - trace[i - 2]);
      if (!(ratio > 0 && ratio < 1)) {
        return new double[] {0, Double.POSITIVE_INFINITY};
      }
      lo = Math.min(lo, ratio);
      hi = Math.max(hi, ratio);
    }
    return new double[] {lo, hi};
  }
}
