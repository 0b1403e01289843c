package org.occam.mrf;

import org.occam.sampling.PosteriorDrawSettings;
import java.util.List;
import org.occam.evidence.EvidenceMethodContract;
import org.occam.evidence.MethodRegistry;
import org.occam.mrf.methods.MrfMethods;
import org.occam.sampling.ParameterSpaceAis;
import org.occam.sampling.SamplerSettings;

/**
 * Every Boltzmann-machine method against the evidence integrated by brute force in the raw
 * parameters (a fine trapezoid rule on the whole prior's range, {@link MrfQuadratureTest}) on one
 * vertex and on one edge at two data sizes.
 */
class MrfMethodContractTest extends EvidenceMethodContract<MrfProblem> {
  /** AIS with 30 shorter runs, so that its standard error is itself accurate. */
  private static final ParameterSpaceAis.Settings AIS =
      MrfAnnealedImportanceSampling.defaultSettings().withSteps(1000).withRuns(30);
  /**
   * The sample-based estimators on HMC draws (the data here are feature means, which lv-cd cannot
   * start its Gibbs sweeps from), 2,000 of them and 2,000 prior draws, to keep the suite fast.
   */
  static final PosteriorDrawSettings POSTERIOR = new PosteriorDrawSettings("hmc",
      new SamplerSettings(2000, 4, 300, 1_000_000, 0.8, 1), false, 2000);

  @Override
  protected long[] seeds() {
    return new long[] {20261124L, 7L};
  }

  @Override
  protected MethodRegistry<MrfProblem> registry() {
    return MrfMethods.REGISTRY;
  }

  @Override
  protected List<ReferenceCase<MrfProblem>> referenceCases() {
    return List.of(
        reference("one vertex, 7 of 25 ones", MrfQuadratureTest.bias(25, 7),
            MrfQuadratureTest.logEvidenceOfABias(25, 7, 1.0)),
        reference("one edge, N = 20", MrfQuadratureTest.edge(5, 3, 4, 8),
            MrfQuadratureTest.logEvidenceOfAnEdge(5, 3, 4, 8, 0.08)),
        reference("one edge, N = 200", MrfQuadratureTest.edge(60, 40, 30, 70),
            MrfQuadratureTest.logEvidenceOfAnEdge(60, 40, 30, 70, 0.08)));
  }

  private static ReferenceCase<MrfProblem> reference(String name, MrfData data, double exact) {
    return new ReferenceCase<>(name,
        seed -> new MrfProblem(data.graph(), data, MrfScoreSettings.defaults(), seed, AIS, POSTERIOR), exact, 0);
  }
}
