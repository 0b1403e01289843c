package org.occam.mrf;

import org.occam.data.InvalidInputException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.occam.math.Lbfgs;

/**
 * How {@link MrfScorer} computes the Boltzmann-machine scores.
 *
 * @param priorSigma σ0 of the Gaussian prior {@code N(0, σ0² I)} ({@link GaussianPrior}; the paper
 *     does not state its prior, σ0 = 1 is the project's default)
 * @param optimiser the L-BFGS settings of every optimisation (λMP, λML, λMP_BP), applied to the
 *     negative log posterior divided by N (so the gradient test bounds a moment mismatch)
 * @param bp the loopy-BP settings (the BP objective and the BP runs at the scored points)
 * @param pmmCellPseudoCount α of the pseudo-moment-matching start, added to every edge cell as a
 *     fraction of the sample ({@link PseudoMomentMatching#smoothedMeans}); &gt; 0 so that data
 *     with an empty cell still give a finite start
 * @param mlPseudoObservations c, used only when the data lie on the boundary of the local polytope
 *     (a node mean of 0 or 1 or an empty edge cell) where λML does not exist: λML is then the ML
 *     point of the data with c/N added to every edge cell (c pseudo-observations per cell), and
 *     L is evaluated on the real data there; see {@link MrfScorer}
 * @param exactStart where the exact optimisations (λMP, λML) start; the exact objective is convex,
 *     so this changes only the number of iterations
 * @param threads worker threads for the exact (junction-tree) covariance of {@code laplace-exact}
 */
public record MrfScoreSettings(double priorSigma, Lbfgs.Settings optimiser, LoopyBeliefPropagation.Settings bp,
    double pmmCellPseudoCount, double mlPseudoObservations, Start exactStart, int threads) {
  /** Where an exact optimisation starts. */
  public enum Start {
    /** The pseudo-moment-matching point (the BP maximum-likelihood point; exact ML on a forest). */
    PMM,
    /** λ = 0, the uniform distribution. */
    ZERO
  }

  /** The default c of {@code mlPseudoObservations}: a thousandth of an observation per edge cell. */
  public static final double DEFAULT_ML_PSEUDO_OBSERVATIONS = 1e-3;

  public MrfScoreSettings {
    if (!(priorSigma > 0 && priorSigma < Double.POSITIVE_INFINITY)) {
      throw new InvalidInputException("the prior standard deviation must be finite and > 0, got " + priorSigma);
    }
    Objects.requireNonNull(optimiser, "optimiser");
    Objects.requireNonNull(bp, "bp");
    Objects.requireNonNull(exactStart, "exactStart");
    if (!(pmmCellPseudoCount > 0 && pmmCellPseudoCount < Double.POSITIVE_INFINITY)) {
      throw new InvalidInputException("the PMM cell pseudo-count must be finite and > 0, got " + pmmCellPseudoCount);
    }
    if (!(mlPseudoObservations > 0 && mlPseudoObservations < Double.POSITIVE_INFINITY)) {
      throw new InvalidInputException("the ML pseudo-observations must be finite and > 0, got "
          + mlPseudoObservations);
    }
    if (threads < 1) {
      throw new InvalidInputException("threads must be >= 1, got " + threads);
    }
  }

  /**
   * σ0 = 1, default L-BFGS and BP settings, PMM pseudo-count
   * {@link PseudoMomentMatching#DEFAULT_CELL_PSEUDO_COUNT}, c = {@link #DEFAULT_ML_PSEUDO_OBSERVATIONS},
   * exact optimisations from PMM, one thread.
   */
  public static MrfScoreSettings defaults() {
    return new MrfScoreSettings(GaussianPrior.DEFAULT_SIGMA, Lbfgs.Settings.defaults(),
        LoopyBeliefPropagation.Settings.defaults(), PseudoMomentMatching.DEFAULT_CELL_PSEUDO_COUNT,
        DEFAULT_ML_PSEUDO_OBSERVATIONS, Start.PMM, 1);
  }

  /** The prior N(0, σ0² I). */
  public GaussianPrior prior() {
    return new GaussianPrior(priorSigma);
  }

  public MrfScoreSettings withPriorSigma(double sigma) {
    return new MrfScoreSettings(sigma, optimiser, bp, pmmCellPseudoCount, mlPseudoObservations, exactStart, threads);
  }

  public MrfScoreSettings withOptimiser(Lbfgs.Settings s) {
    return new MrfScoreSettings(priorSigma, s, bp, pmmCellPseudoCount, mlPseudoObservations, exactStart, threads);
  }

  public MrfScoreSettings withBp(LoopyBeliefPropagation.Settings s) {
    return new MrfScoreSettings(priorSigma, optimiser, s, pmmCellPseudoCount, mlPseudoObservations, exactStart,
        threads);
  }

  public MrfScoreSettings withPmmCellPseudoCount(double alpha) {
    return new MrfScoreSettings(priorSigma, optimiser, bp, alpha, mlPseudoObservations, exactStart, threads);
  }

  public MrfScoreSettings withMlPseudoObservations(double c) {
    return new MrfScoreSettings(priorSigma, optimiser, bp, pmmCellPseudoCount, c, exactStart, threads);
  }

  public MrfScoreSettings withExactStart(Start start) {
    return new MrfScoreSettings(priorSigma, optimiser, bp, pmmCellPseudoCount, mlPseudoObservations, start, threads);
  }

  public MrfScoreSettings withThreads(int n) {
    return new MrfScoreSettings(priorSigma, optimiser, bp, pmmCellPseudoCount, mlPseudoObservations, exactStart, n);
  }

  /** The settings by name, for reports (optimiser and BP as their one-line forms). */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("prior", "gaussian");
    m.put("priorSigma", priorSigma);
    m.put("optimiser", optimiser.toString());
    m.put("bp", bp.toString());
    m.put("pmmCellPseudoCount", pmmCellPseudoCount);
    m.put("mlPseudoObservations", mlPseudoObservations);
    m.put("exactStart", exactStart.name().toLowerCase(Locale.ROOT));
    m.put("threads", threads);
    return m;
  }
}
