package org.occam.mrf;

import java.util.List;
import org.occam.evidence.EvidenceMethodContract;
import org.occam.evidence.MethodRegistry;
import org.occam.mrf.methods.MrfMethods;
import org.occam.sampling.ParameterSpaceAis;

/**
 * Every Boltzmann-machine method against the evidence integrated by brute force in the raw
 * parameters (a fine trapezoid rule on the whole prior's range, {@link MrfQuadratureTest}) on one
 * vertex and on one edge at two data sizes.
 */
class MrfMethodContractTest extends EvidenceMethodContract<MrfProblem> {
  /** AIS with 30 shorter runs, so that its standard error is itself accurate. */
  private static final ParameterSpaceAis.Settings AIS =
      MrfAnnealedImportanceSampling.defaultSettings().withSteps(1000).withRuns(30);

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
        seed -> new MrfProblem(data.graph(), data, MrfScoreSettings.defaults(), seed, AIS), exact, 0);
  }
}
