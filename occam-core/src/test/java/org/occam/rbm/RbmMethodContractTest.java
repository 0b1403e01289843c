package org.occam.rbm;

import java.util.List;
import org.occam.evidence.EvidenceMethodContract;
import org.occam.evidence.MethodRegistry;
import org.occam.rbm.methods.RbmMethods;
import org.occam.sampling.PosteriorDrawSettings;
import org.occam.sampling.ParameterSpaceAis;
import org.occam.sampling.SamplerSettings;

/**
 * Every RBM method against the evidence by importance sampling from the prior with the brute-force
 * likelihood ({@link RbmParameterAisTest#priorImportanceSampling}, 5·10⁵ draws, its own standard
 * error 0.004–0.01 combined into every check) on two tiny RBMs with one hidden unit.
 */
class RbmMethodContractTest extends EvidenceMethodContract<RbmProblem> {
  private static final int PRIOR_DRAWS = 500_000;
  /** ais-pd with 30 shorter runs, so that its standard error is itself accurate. */
  private static final ParameterSpaceAis.Settings AIS_PD = RbmParameterAis.defaultSettings().withSteps(2000)
      .withRuns(30);
  /**
   * The sample-based estimators' draws: lv-cd with 1,000 draws over 10 chains and 1,000 prior draws,
   * so that the contract stays fast (the defaults are 10,000 of each).
   */
  private static final PosteriorDrawSettings POSTERIOR = PosteriorDrawSettings.defaults()
      .withSampling(new SamplerSettings(1000, 10, 300, 2_000_000, 0.8, 1)).withPriorDraws(1000);

  @Override
  protected MethodRegistry<RbmProblem> registry() {
    return RbmMethods.REGISTRY;
  }

  @Override
  protected long[] seeds() {
    return new long[] {20261124L, 7L};
  }

  @Override
  protected List<ReferenceCase<RbmProblem>> referenceCases() {
    return List.of(reference(2, 10, 31), reference(3, 30, 32));
  }

  private static ReferenceCase<RbmProblem> reference(int v, int n, long dataSeed) {
    int[][] rows = RbmParameterAisTest.sample(v, 1, n, dataSeed);
    double[] exact = RbmParameterAisTest.priorImportanceSampling(rows, 1, PRIOR_DRAWS, dataSeed + 100);
    RbmLaplace laplace = new RbmLaplace(RbmData.of(rows));
    return new ReferenceCase<>("V = " + v + ", K = 1, N = " + n,
        seed -> new RbmProblem(laplace, 1, RbmLaplace.Settings.defaults(), AIS_PD, POSTERIOR, seed, 1, s -> { }),
        exact[0], exact[1]);
  }
}
