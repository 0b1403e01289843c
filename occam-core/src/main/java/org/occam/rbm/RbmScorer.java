package org.occam.rbm;

import java.util.List;
import java.util.function.Consumer;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.MethodRegistry;
import org.occam.rbm.methods.RbmMethods;
import org.occam.sampling.ParameterSpaceAis;

/**
 * The RBM scores a caller asks for, as {@link EvidenceEstimate}s in the order asked, each one class
 * of {@link RbmMethods}: laplace, laplace0 and map share one {@link RbmLaplace#score} run
 * ({@link RbmProblem}), ml-bic has its own ({@link RbmLaplace#mlBic}), and ais-pd is separate
 * ({@link RbmParameterAis}). Every estimate carries the settings it ran with and diagnostics: the
 * fine-tuning's stop and ESS, how log Z was found, the Hessian's smallest eigenvalue and
 * definiteness, the trapezoid directions and the mode groups.
 */
public final class RbmScorer {
  private RbmScorer() {}

  /**
   * @param laplace the data, ready for the Laplace procedure
   * @param hiddenCount K ≥ 1
   * @param seed the seed of every run (each run splits its own streams off it)
   * @param progress told each stage's name
   */
  public static List<EvidenceEstimate> score(RbmLaplace laplace, int hiddenCount, List<RbmMethod> methods,
      RbmLaplace.Settings settings, long seed, int threads, Consumer<String> progress) {
    return score(laplace, hiddenCount, methods, settings,
        RbmParameterAis.defaultSettings().withPriorSigma(settings.priorSigma()), seed, threads, progress);
  }

  /**
   * As above, with the settings of ais-pd (its σ0 must be the Laplace settings' σ0, so that every
   * method scores the same model).
   */
  public static List<EvidenceEstimate> score(RbmLaplace laplace, int hiddenCount, List<RbmMethod> methods,
      RbmLaplace.Settings settings, ParameterSpaceAis.Settings aisPd, long seed, int threads,
      Consumer<String> progress) {
    return MethodRegistry.estimateAll(new RbmProblem(laplace, hiddenCount, settings, aisPd, seed, threads, progress),
        methods.stream().map(m -> RbmMethods.get(m.label())).toList());
  }
}
