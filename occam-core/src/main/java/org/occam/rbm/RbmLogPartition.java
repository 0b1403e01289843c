package org.occam.rbm;

import org.occam.data.InvalidInputException;
import java.util.Optional;

/**
 * log Z(λ) of a trained RBM, the one way every RBM procedure finds it: exact enumeration of the
 * smaller side ({@link RbmEnumeration}) or Salakhutdinov &amp; Murray's AIS from a base rate fitted
 * to the training data ({@link RbmPartitionAis}), as Chen &amp; Welling do.
 */
public final class RbmLogPartition {
  /** How log Z(λ) is computed; {@code AUTO} only in settings, an estimate says which was used. */
  public enum Method {
    /** Exact enumeration when min(V, K) ≤ the enumeration limit, AIS otherwise. */
    AUTO,
    /** Exact enumeration of the smaller side; refused above the enumeration limit. */
    EXACT,
    /** Annealed importance sampling, as Chen &amp; Welling do. */
    AIS
  }

  /**
   * An estimate.
   *
   * @param value log Z(λ)
   * @param method {@code EXACT} or {@code AIS}
   * @param ais the AIS result with its standard error and diagnostics, when AIS was used
   */
  public record Estimate(double value, Method method, Optional<RbmPartitionAis.Result> ais) {
    /** AIS's standard error of log Z, 0 when exact. */
    public double stdError() {
      return ais.map(RbmPartitionAis.Result::stdError).orElse(0.0);
    }

    /** AIS's effective sample size over its runs, NaN when exact. */
    public double effectiveSampleSize() {
      return ais.map(RbmPartitionAis.Result::effectiveSampleSize).orElse(Double.NaN);
    }
  }

  private RbmLogPartition() {}

  /**
   * The method used for a model with V visible and K hidden units.
   *
   * @throws IllegalArgumentException for {@code EXACT} above the limit
   */
  public static Method resolve(Method requested, int visibleCount, int hiddenCount, int maxEnumeratedUnits) {
    boolean small = Math.min(visibleCount, hiddenCount) <= maxEnumeratedUnits;
    return switch (requested) {
      case AUTO -> small ? Method.EXACT : Method.AIS;
      case EXACT -> {
        if (!small) {
          throw new InvalidInputException("exact log Z enumerates 2^min(V,K) = 2^"
              + Math.min(visibleCount, hiddenCount) + " states, above the limit 2^" + maxEnumeratedUnits
              + "; use AIS or raise the limit");
        }
        yield Method.EXACT;
      }
      case AIS -> Method.AIS;
    };
  }

  /**
   * log Z(λ) by the resolved method.
   *
   * @param training the data the AIS base rate is fitted to
   * @param pseudoCount α of the base rates {@code (ones_i + α) / (N + 2α)}
   */
  public static Estimate estimate(Rbm rbm, Method method, int maxEnumeratedUnits, RbmPartitionAis.Settings ais,
      RbmData training, double pseudoCount, long seed, int threads) {
    Method resolved = resolve(method, rbm.visibleCount(), rbm.hiddenCount(), maxEnumeratedUnits);
    if (resolved == Method.EXACT) {
      return new Estimate(RbmEnumeration.logPartition(rbm, threads, maxEnumeratedUnits), Method.EXACT,
          Optional.empty());
    }
    RbmPartitionAis.Result r = RbmPartitionAis.of(rbm, baseRates(training, pseudoCount)).estimate(ais, seed, threads);
    return new Estimate(r.logZ(), Method.AIS, Optional.of(r));
  }

  /**
   * The base model's visible biases {@code logit((ones_i + α) / (N + 2α))} from the data's column
   * counts ({@link RbmPartitionAis#baseRatesFromData} computes the same from individual rows).
   */
  static double[] baseRates(RbmData data, double pseudoCount) {
    long[] ones = data.columnOnes();
    double[] b0 = new double[ones.length];
    for (int i = 0; i < ones.length; i++) {
      double p = (ones[i] + pseudoCount) / (data.size() + 2 * pseudoCount);
      if (!(p > 0 && p < 1)) {
        throw new InvalidInputException("column " + data.columnNames().get(i)
            + " is constant in the training items; use a base-rate pseudo-count > 0");
      }
      b0[i] = Math.log(p) - Math.log1p(-p);
    }
    return b0;
  }
}
