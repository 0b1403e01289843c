package org.occam.sampling;

import java.util.Arrays;

/**
 * The Cramér–von Mises score between two sample sets (Welling &amp; Parise 2006, UAI, eqn 23):
 *
 * <pre>  CVM(S1, S2) = Σ_{i over S1 ∪ S2} (F_S1(X_i) − F_S2(X_i))²</pre>
 *
 * <p>with F_S the right-continuous empirical CDF of S (the fraction of S at or below x) and the sum
 * over all N1 + N2 draws, a repeated value counted as often as it occurs. It is
 * {@code (N1 + N2)² / (N1 N2)} times the two-sample statistic T of Anderson (1962, "On the
 * distribution of the two-sample Cramér–von Mises criterion", Ann. Math. Statist. 33(4), eqn 2),
 * whose limiting null distribution is that of Nω², so {@link #nullQuantile99} converts its 99%
 * point. Computed in O(n log n) by sorting both sets and merging. For several parameters the score
 * is the sum over dimensions (the paper's "overall multivariate score"), on the pooled draws of all
 * chains.
 */
public final class CramerVonMises {
  /** The 99% point of the limiting distribution of Nω² and of T (Anderson &amp; Darling 1952, table 1). */
  public static final double LIMITING_QUANTILE_99 = 0.743;

  private CramerVonMises() {}

  /**
   * CVM(a, b) of eqn 23.
   *
   * @param a at least one draw. Not modified.
   * @param b at least one draw. Not modified.
   */
  public static double univariate(double[] a, double[] b) {
    if (a.length == 0 || b.length == 0) {
      throw new IllegalArgumentException("the Cramér–von Mises score needs two non-empty sample sets");
    }
    double[] x = a.clone();
    double[] y = b.clone();
    Arrays.sort(x);
    Arrays.sort(y);
    return sortedUnivariate(x, y);
  }

  /**
   * Eqn 23 summed over the parameters, on the pooled draws of each sample set.
   *
   * @throws IllegalArgumentException if the two sets are of different parameters
   */
  public static double score(ParameterSamples a, ParameterSamples b) {
    if (!a.parameterNames().equals(b.parameterNames())) {
      throw new IllegalArgumentException("Cramér–von Mises: the sample sets are of different parameters, "
          + a.parameterNames() + " and " + b.parameterNames());
    }
    double[][] pa = a.pooled();
    double[][] pb = b.pooled();
    double[] x = new double[pa.length];
    double[] y = new double[pb.length];
    double total = 0;
    for (int k = 0; k < a.dimension(); k++) {
      for (int i = 0; i < x.length; i++) {
        x[i] = pa[i][k];
      }
      for (int i = 0; i < y.length; i++) {
        y[i] = pb[i][k];
      }
      Arrays.sort(x);
      Arrays.sort(y);
      total += sortedUnivariate(x, y);
    }
    return total;
  }

  /**
   * The 99% quantile of eqn 23 for one dimension when both sets are independent draws of one
   * continuous distribution, from the limit of Anderson's T: {@code 0.743 (n1 + n2)² / (n1 n2)}.
   * The limit is already close for sets of a few dozen draws (Anderson 1962, section 4); draws of
   * a Markov chain are not independent and exceed it more often.
   */
  public static double nullQuantile99(int n1, int n2) {
    if (n1 < 1 || n2 < 1) {
      throw new IllegalArgumentException("need n1, n2 >= 1, got " + n1 + " and " + n2);
    }
    double n = (double) n1 + n2;
    return LIMITING_QUANTILE_99 * n * n / ((double) n1 * n2);
  }

  /** Eqn 23 on sorted sets: walk the distinct values of the union in order. */
  private static double sortedUnivariate(double[] x, double[] y) {
    int n1 = x.length;
    int n2 = y.length;
    if (Double.isNaN(x[n1 - 1]) || Double.isNaN(y[n2 - 1])) {
      throw new IllegalArgumentException("the Cramér–von Mises score of draws containing NaN is undefined");
    }
    int i = 0;
    int j = 0;
    double sum = 0;
    while (i < n1 || j < n2) {
      double v = j >= n2 || (i < n1 && x[i] <= y[j]) ? x[i] : y[j];
      int i0 = i;
      int j0 = j;
      while (i < n1 && x[i] == v) {
        i++;
      }
      while (j < n2 && y[j] == v) {
        j++;
      }
      double d = (double) i / n1 - (double) j / n2;
      sum += (i - i0 + j - j0) * d * d;
    }
    return sum;
  }
}
