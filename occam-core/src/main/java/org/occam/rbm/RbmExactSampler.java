package org.occam.rbm;

import org.occam.data.InvalidInputException;
import org.occam.math.Logistic;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Exact (independent) samples from a small {@link Rbm}: the smaller side is drawn from its exact
 * marginal, tabulated once by enumeration — with the hidden side smaller,
 * {@code p(z) ∝ exp(βᵀ z) Π_i (1 + exp(α_i + W_i z))} — and the other side from its factorised
 * conditional. Ground truth for the Gibbs sampler and for Monte Carlo estimators of the evidence.
 *
 * <p>The table is immutable after construction and sampling uses only the caller's generator and
 * fresh scratch arrays, so one instance may be shared between threads.
 */
public final class RbmExactSampler {
  /** The default limit on min(V, K): a table of 2^20 doubles (8 MB). */
  public static final int DEFAULT_MAX_ENUMERATED_UNITS = 20;
  private static final int HARD_LIMIT = 28;

  private final Rbm rbm;
  private final boolean hidden;
  private final double[] cumulative;
  private final double logZ;

  /** A sampler with the default limit. */
  public RbmExactSampler(Rbm rbm) {
    this(rbm, DEFAULT_MAX_ENUMERATED_UNITS);
  }

  /**
   * @param maxEnumeratedUnits refuse models with min(V, K) above this (≤ 28)
   * @throws IllegalArgumentException if min(V, K) exceeds {@code maxEnumeratedUnits}
   */
  public RbmExactSampler(Rbm rbm, int maxEnumeratedUnits) {
    if (maxEnumeratedUnits < 1 || maxEnumeratedUnits > HARD_LIMIT) {
      throw new InvalidInputException("the exact sampler's limit must be in 1.." + HARD_LIMIT + ", got "
          + maxEnumeratedUnits);
    }
    int m = Math.min(rbm.visibleCount(), rbm.hiddenCount());
    if (m > maxEnumeratedUnits) {
      throw new InvalidInputException("exact sampling from an RBM with V=" + rbm.visibleCount() + ", K="
          + rbm.hiddenCount() + " tabulates 2^" + m + " states of its smaller side, above the limit of min(V, K) <= "
          + maxEnumeratedUnits + "; use Gibbs sampling instead");
    }
    this.rbm = rbm;
    this.hidden = rbm.hiddenCount() <= rbm.visibleCount();
    double[] logs = RbmEnumeration.logMarginals(rbm, hidden, maxEnumeratedUnits);
    double max = Arrays.stream(logs).max().orElseThrow();
    double[] c = new double[logs.length];
    double sum = 0;
    for (int s = 0; s < logs.length; s++) {
      sum += Math.exp(logs[s] - max);
      c[s] = sum;
    }
    this.cumulative = c;
    this.logZ = max + Math.log(sum);
  }

  public Rbm model() {
    return rbm;
  }

  /** log Z(λ) from the tabulated marginal. */
  public double logZ() {
    return logZ;
  }

  /** True when the hidden side is the one drawn from its tabulated marginal. */
  public boolean tabulatesHidden() {
    return hidden;
  }

  /** One exact draw of (x, z) into {@code x} and {@code z} (both modified). */
  public void sample(UniformRandomProvider rng, int[] x, int[] z) {
    rbm.checkVisible(x);
    rbm.checkHidden(z);
    double u = rng.nextDouble() * cumulative[cumulative.length - 1];
    int lo = 0;
    int hi = cumulative.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cumulative[mid] > u) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    int[] s = hidden ? z : x;
    for (int j = 0; j < s.length; j++) {
      s[j] = (lo >>> j) & 1;
    }
    if (hidden) {
      double[] a = new double[x.length];
      rbm.visibleFields(z, a);
      for (int i = 0; i < x.length; i++) {
        x[i] = Logistic.isBelow(rng.nextDouble(), a[i]) ? 1 : 0;
      }
    } else {
      double[] b = new double[z.length];
      rbm.hiddenFields(x, b);
      for (int k = 0; k < z.length; k++) {
        z[k] = Logistic.isBelow(rng.nextDouble(), b[k]) ? 1 : 0;
      }
    }
  }

  /** {@code n} independent visible draws x ~ p(x | λ) (rows of V, fresh arrays). */
  public int[][] sampleVisible(int n, UniformRandomProvider rng) {
    if (n < 0) {
      throw new InvalidInputException("n must be >= 0, got " + n);
    }
    int[][] out = new int[n][];
    int[] z = new int[rbm.hiddenCount()];
    for (int t = 0; t < n; t++) {
      int[] x = new int[rbm.visibleCount()];
      sample(rng, x, z);
      out[t] = x;
    }
    return out;
  }

  @Override
  public String toString() {
    return "RbmExactSampler[V=" + rbm.visibleCount() + ", K=" + rbm.hiddenCount() + ", tabulated="
        + (hidden ? "hidden" : "visible") + ", logZ=" + logZ + "]";
  }
}
