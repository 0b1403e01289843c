package org.occam.rbm.posterior;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import org.occam.data.InvalidInputException;
import org.occam.math.Logistic;
import org.occam.mrf.BeliefPropagationResult;
import org.occam.mrf.LoopyBeliefPropagation;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmLogLikelihood;
import org.occam.math.DifferentiableFunction;

/**
 * The likelihood of a parameter draw, {@code ln p(D | λ) = Σ_n c_n log Z(x_n, λ) − N log Z(λ)}
 * (Chen &amp; Welling 2013, eqn 1), for the sample-based evidence estimators: {@code Z(x_n, λ)} in
 * closed form (the hidden units are independent given x), {@code log Z(λ)} either exact
 * ({@link RbmLogLikelihood}: the smaller side enumerated, min(V, K) ≤
 * {@value RbmLogLikelihood#MAX_ENUMERATED_UNITS}) or by the Bethe free energy of loopy BP
 * ({@link RbmBetheLogPartition}), as the paper does for its Langevin draws. BP runs that do not
 * converge are counted ({@link #describe}); their value is the Bethe free energy at the last
 * beliefs. A non-finite λ gives NaN.
 *
 * <p>{@link #evaluators} hands out one evaluator per worker (each owns its buffers).
 */
public final class RbmDrawLikelihood {
  private final RbmData data;
  private final int hiddenCount;
  private final boolean bethe;
  private final LoopyBeliefPropagation.Settings bpSettings;
  private final AtomicLong evaluations = new AtomicLong();
  private final AtomicLong notConverged = new AtomicLong();

  /**
   * @param bethe whether log Z is the Bethe approximation (else exact)
   * @throws InvalidInputException for the exact likelihood beyond the enumeration limit
   */
  public RbmDrawLikelihood(RbmData data, int hiddenCount, boolean bethe, LoopyBeliefPropagation.Settings bpSettings) {
    this.data = data;
    this.hiddenCount = hiddenCount;
    this.bethe = bethe;
    this.bpSettings = bpSettings;
    if (!bethe) {
      checkEnumerable(data.visibleCount(), hiddenCount, "the exact likelihood");
    }
  }

  /** Refuses min(V, K) above the enumeration limit, in one line naming what asked. */
  static void checkEnumerable(int v, int k, String what) {
    if (Math.min(v, k) > RbmLogLikelihood.MAX_ENUMERATED_UNITS) {
      throw new InvalidInputException(what + " enumerates 2^min(V, K) states: V = " + v + ", K = " + k + " is above the"
          + " limit min(V, K) <= " + RbmLogLikelihood.MAX_ENUMERATED_UNITS + " (use --likelihood bethe and --sampler"
          + " lv-cd)");
    }
  }

  /** A fresh evaluator per call, for one worker. */
  public Supplier<ToDoubleFunction<double[]>> evaluators() {
    if (!bethe) {
      RbmLogLikelihood prototype = new RbmLogLikelihood(hiddenCount, data);
      return () -> {
        RbmLogLikelihood exact = prototype.copy();
        return lambda -> {
          evaluations.incrementAndGet();
          return DifferentiableFunction.allFinite(lambda) ? exact.value(lambda) : Double.NaN;
        };
      };
    }
    int[][] rows = data.rows();
    long[] counts = data.counts();
    double total = data.size();
    int v = data.visibleCount();
    return () -> {
      RbmBetheLogPartition bp = new RbmBetheLogPartition(v, hiddenCount, bpSettings);
      double[] field = new double[hiddenCount];
      return lambda -> {
        evaluations.incrementAndGet();
        if (!DifferentiableFunction.allFinite(lambda)) {
          return Double.NaN;
        }
        BeliefPropagationResult r = bp.run(lambda);
        if (!r.converged()) {
          notConverged.incrementAndGet();
        }
        return dataTerm(lambda, v, hiddenCount, rows, counts, field) - total * r.logZ();
      };
    };
  }

  /** {@code Σ_n c_n log Z(x_n, λ)}, {@code log Z(x, λ) = αᵀx + Σ_k softplus(β_k + Σ_i x_i W_ik)}. */
  static double dataTerm(double[] lambda, int v, int k, int[][] rows, long[] counts, double[] field) {
    int vk = v * k;
    int hb = vk + v;
    double sum = 0;
    for (int n = 0; n < rows.length; n++) {
      int[] x = rows[n];
      System.arraycopy(lambda, hb, field, 0, k);
      double s = 0;
      for (int i = 0; i < v; i++) {
        if (x[i] != 0) {
          s += lambda[vk + i];
          int row = i * k;
          for (int u = 0; u < k; u++) {
            field[u] += lambda[row + u];
          }
        }
      }
      for (int u = 0; u < k; u++) {
        s += Logistic.softplus(field[u]);
      }
      sum += counts[n] * s;
    }
    return sum;
  }


  /** How the likelihood is computed, and (Bethe) how many BP runs did not converge so far. */
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("likelihood", bethe ? "bethe" : "exact");
    if (bethe) {
      m.put("bp", bpSettings.toString());
      m.put("bpRuns", evaluations.get());
      m.put("bpNotConverged", notConverged.get());
    } else {
      m.put("logZ", "exact: 2^" + Math.min(data.visibleCount(), hiddenCount) + " states enumerated");
    }
    return m;
  }
}
