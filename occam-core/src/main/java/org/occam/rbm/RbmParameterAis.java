package org.occam.rbm;

import java.util.LinkedHashMap;
import java.util.Map;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.DifferentiableFunction;
import org.occam.sampling.ParameterLikelihood;
import org.occam.sampling.ParameterSpaceAis;

/**
 * The evidence p(D) of an RBM with K hidden units by annealed importance sampling over its
 * parameters, Chen &amp; Welling's (2013, section 3.3 and section 4) "AIS-p(D)" ground truth
 * (method name {@value #METHOD}): from exact draws of the prior N(0, σ0² I), anneal
 * {@code p(λ) p(D | λ)^τ} from τ = 0 to 1 with one Hamiltonian Monte Carlo transition of 10
 * leapfrog steps per temperature on a linear schedule, the step size kept near 90% acceptance, and
 * average the G importance weights. {@code p(D | λ)} is exact at every leapfrog step
 * ({@link RbmLogLikelihood}: the hidden units summed out for the data, the smaller side enumerated
 * for log Z), so min(V, K) must be small — the paper uses K ≤ 9 with V = 100.
 *
 * <p>The annealing is {@link ParameterSpaceAis} with this likelihood; its defaults are the paper's
 * (K = 10⁴ temperatures, G = 10 runs, L = 10, σ0 = 1, 90% acceptance) with the step size tuned in a
 * pilot run and then frozen, which keeps the weights exactly unbiased (see that class). The
 * estimate depends on the seed only, not on the number of threads.
 *
 * <p>Example:
 *
 * <pre>{@code
 * int[][] rows = ...;  // N rows of V 0/1 values
 * RbmParameterAis ais = new RbmParameterAis(rows, 3, RbmParameterAis.defaultSettings().withRuns(20));
 * EvidenceEstimate e = ais.estimate(42, 2);
 * double logEvidence = e.logEvidence(), se = e.stdError().orElseThrow();
 * }</pre>
 */
public final class RbmParameterAis {
  /** The method's name in estimates. */
  public static final String METHOD = "ais-pd";

  private final RbmLogLikelihood likelihood;
  private final ParameterSpaceAis annealer;

  /**
   * @param rows data rows of V 0/1 values (not modified; repeated rows are merged)
   * @param hiddenCount K ≥ 1
   * @throws IllegalArgumentException if min(V, K) is above {@link RbmLogLikelihood#MAX_ENUMERATED_UNITS}
   */
  public RbmParameterAis(int[][] rows, int hiddenCount, ParameterSpaceAis.Settings settings) {
    this(new RbmLogLikelihood(hiddenCount, rows), settings);
  }

  /** @param likelihood the data and K (the instance is only copied, never evaluated, here) */
  public RbmParameterAis(RbmLogLikelihood likelihood, ParameterSpaceAis.Settings settings) {
    this.likelihood = likelihood;
    this.annealer = new ParameterSpaceAis(METHOD, new Likelihood(likelihood), settings);
  }

  /**
   * Chen &amp; Welling's settings: K = 10⁴ linear temperatures, one HMC transition of 10 leapfrog
   * steps each, σ0 = 1, 90% acceptance (pilot-tuned, frozen), G = 10 runs.
   */
  public static ParameterSpaceAis.Settings defaultSettings() {
    return ParameterSpaceAis.Settings.defaults();
  }

  /**
   * The estimate of ln p(D): a pilot run, then G runs with its step sizes frozen, on streams split
   * off {@code seed}.
   *
   * @param threads worker threads for the G runs (≥ 1); the result does not depend on it
   */
  public EvidenceEstimate estimate(long seed, int threads) {
    return annealer.estimate(seed, threads);
  }

  /** The annealing engine, for single runs and pilot runs (benchmarks, diagnostics). */
  public ParameterSpaceAis annealer() {
    return annealer;
  }

  public RbmLogLikelihood likelihood() {
    return likelihood;
  }

  public ParameterSpaceAis.Settings settings() {
    return annealer.settings();
  }

  /** One {@link RbmLogLikelihood#copy()} per chain. */
  private record Likelihood(RbmLogLikelihood prototype) implements ParameterLikelihood {
    @Override
    public int dimension() {
      return prototype.dimension();
    }

    @Override
    public double dataCount() {
      return prototype.dataCount();
    }

    @Override
    public DifferentiableFunction newEvaluator() {
      return prototype.copy();
    }

    @Override
    public Map<String, Object> describe() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("dataSize", prototype.dataCount());
      m.put("distinctRows", prototype.distinctRowCount());
      m.put("visibleUnits", prototype.visibleCount());
      m.put("hiddenUnits", prototype.hiddenCount());
      m.put("parameters", prototype.dimension());
      int enumerated = Math.min(prototype.visibleCount(), prototype.hiddenCount());
      m.put("exactInference", "log Z by enumerating the 2^" + enumerated + " "
          + (prototype.enumeratesHidden() ? "hidden" : "visible") + " states at every leapfrog step");
      return m;
    }
  }
}
