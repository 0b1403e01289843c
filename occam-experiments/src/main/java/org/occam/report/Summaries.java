package org.occam.report;

/** Sample summaries the experiment reports share. */
public final class Summaries {
  private Summaries() {}

  /** The mean; NaN for no values. */
  public static double mean(double[] v) {
    if (v.length == 0) {
      return Double.NaN;
    }
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }

  /** The sample standard deviation (n − 1 in the denominator); 0 for one value, NaN for none. */
  public static double standardDeviation(double[] v) {
    if (v.length < 2) {
      return v.length == 1 ? 0 : Double.NaN;
    }
    double m = mean(v);
    double ss = 0;
    for (double x : v) {
      ss += (x - m) * (x - m);
    }
    return Math.sqrt(ss / (v.length - 1));
  }

  /** {@link #standardDeviation} over √n; 0 for one value, NaN for none. */
  public static double standardErrorOfMean(double[] v) {
    return v.length == 0 ? Double.NaN : standardDeviation(v) / Math.sqrt(v.length);
  }
}
