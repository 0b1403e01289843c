package org.occam.sampling;

import java.util.List;

/**
 * Summaries of importance weights w_g = e^{x_g} given by their logs x_g, computed on the weights
 * scaled by the largest (e^{x_g − max x}) so that log weights hundreds of thousands of nats apart
 * neither overflow nor underflow. Used by every annealed importance sampler (Neal 2001, Statistics
 * and Computing 11: the estimate is the mean weight, its reliability the spread of the weights).
 */
public final class ImportanceWeights {
  private ImportanceWeights() {}

  /**
   * {@code ln mean(w)}, on the weights scaled by the largest: −∞ when every weight is 0, +∞ when one
   * is infinite.
   */
  public static double logMean(double[] logWeights) {
    double max = max(logWeights);
    if (Double.isInfinite(max)) {
      return max;
    }
    double s1 = 0;
    for (double x : logWeights) {
      s1 += Math.exp(x - max);
    }
    return max + Math.log(s1 / logWeights.length);
  }

  /** {@code sd(w) / mean(w)} with the sample (n − 1) sd; 0 for a single weight. */
  public static double relativeSd(double[] logWeights) {
    int g = logWeights.length;
    if (g < 2) {
      return 0.0;
    }
    double max = max(logWeights);
    double mean = 0;
    for (double x : logWeights) {
      mean += Math.exp(x - max);
    }
    mean /= g;
    double var = 0;
    for (double x : logWeights) {
      double d = Math.exp(x - max) - mean;
      var += d * d;
    }
    return Math.sqrt(var / (g - 1)) / mean;
  }

  /** {@code (Σ w)² / Σ w²}: the number of weights when they are equal, 1 when one dominates. */
  public static double effectiveSampleSize(double[] logWeights) {
    double max = max(logWeights);
    double s1 = 0;
    double s2 = 0;
    for (double x : logWeights) {
      double w = Math.exp(x - max);
      s1 += w;
      s2 += w * w;
    }
    return s1 * s1 / s2;
  }

  /** {@code max w / Σ w}: the largest weight's share of the total. */
  public static double largestShare(double[] logWeights) {
    double max = max(logWeights);
    double s1 = 0;
    for (double x : logWeights) {
      s1 += Math.exp(x - max);
    }
    return 1 / s1;
  }

  /** The list as an array, for the callers that keep weights in diagnostics. */
  public static double[] array(List<? extends Number> logWeights) {
    return logWeights.stream().mapToDouble(Number::doubleValue).toArray();
  }

  private static double max(double[] x) {
    if (x.length == 0) {
      throw new IllegalArgumentException("no weights");
    }
    double m = Double.NEGATIVE_INFINITY;
    for (double v : x) {
      m = Math.max(m, v);
    }
    return m;
  }
}
