package org.occam.sampling;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A table of posterior draws, one row per parameter: the mean, the standard deviation (divisor
 * N − 1), the 2.5, 25, 50, 75 and 97.5% quantiles, all over the pooled draws of every chain, and
 * the ESS and PSRF of {@link ChainDiagnostics} over the chains.
 *
 * <p>Quantiles are Hyndman &amp; Fan's (1996, "Sample quantiles in statistical packages", Am.
 * Stat. 50(4)) type 7, the default of R and NumPy: with the sorted draws x_(1) ≤ … ≤ x_(N) and
 * {@code h = (N − 1) p}, {@code Q(p) = x_(⌊h⌋+1) + (h − ⌊h⌋)(x_(⌊h⌋+2) − x_(⌊h⌋+1))}.
 *
 * <p>Chains too short for the diagnostics (fewer than 2 draws each, or fewer than 4 in a single
 * chain) get ESS 0 and PSRF +∞: nothing can be said about their mixing.
 */
public final class ParameterSummary {
  /**
   * One parameter.
   *
   * @param name the parameter's name ({@code "b:A"}, {@code "w:A-B"})
   * @param mean the mean of the pooled draws
   * @param sd their standard deviation, divisor N − 1 (0 for one draw)
   * @param q025 the 2.5% quantile (type 7)
   * @param q25 the 25% quantile
   * @param q50 the median
   * @param q75 the 75% quantile
   * @param q975 the 97.5% quantile
   * @param ess the effective sample size over all chains
   * @param psrf the potential scale reduction factor (+∞ when it cannot be computed)
   */
  public record Row(String name, double mean, double sd, double q025, double q25, double q50, double q75,
      double q975, double ess, double psrf) {}

  private ParameterSummary() {}

  /** One row per parameter, in the order of {@link ParameterSamples#parameterNames()}. */
  public static List<Row> of(ParameterSamples s) {
    double[][] pooled = s.pooled();
    int n = pooled.length;
    boolean diagnosable = s.chainCount() > 1 ? s.drawsPerChain() >= 2 : s.drawsPerChain() >= 4;
    double[] ess = diagnosable ? ChainDiagnostics.effectiveSampleSizes(s.draws()) : null;
    double[] psrf = diagnosable ? ChainDiagnostics.psrf(s.draws()) : null;
    double[] x = new double[n];
    List<Row> rows = new ArrayList<>(s.dimension());
    for (int k = 0; k < s.dimension(); k++) {
      double mean = 0;
      for (int i = 0; i < n; i++) {
        x[i] = pooled[i][k];
        mean += x[i];
      }
      mean /= n;
      double ss = 0;
      for (double v : x) {
        ss += (v - mean) * (v - mean);
      }
      double sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0.0;
      Arrays.sort(x);
      rows.add(new Row(s.parameterNames().get(k), mean, sd, quantile(x, 0.025), quantile(x, 0.25),
          quantile(x, 0.5), quantile(x, 0.75), quantile(x, 0.975),
          diagnosable ? ess[k] : 0.0, diagnosable ? psrf[k] : Double.POSITIVE_INFINITY));
    }
    return rows;
  }

  /**
   * The type-7 quantile of sorted values.
   *
   * @param sorted ascending, at least one value. Not modified.
   * @param p in [0, 1]
   */
  public static double quantile(double[] sorted, double p) {
    if (sorted.length == 0 || !(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException("a quantile needs values and p in [0, 1], got " + sorted.length
          + " values and p = " + p);
    }
    double h = (sorted.length - 1) * p;
    int lo = (int) Math.floor(h);
    if (lo >= sorted.length - 1) {
      return sorted[sorted.length - 1];
    }
    return sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]);
  }
}
