package org.occam.mrf.hidden;

import java.util.List;
import org.occam.evidence.EvidenceMethodContract;
import org.occam.evidence.MethodRegistry;
import org.occam.mrf.MrfAnnealedImportanceSampling;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.methods.MrfMethods;
import org.occam.sampling.ParameterSpaceAis;

/**
 * The MRF methods that take hidden variables (map, bic-map, bp-lr, laplace-exact, ais), through the
 * same registry instances and {@link MrfProblem} as fully observed models, against the evidence
 * integrated by brute force over λ with the likelihood in closed form
 * ({@link HiddenParameterLikelihoodTest#gridEvidence}): one visible unit joined to one hidden unit,
 * at two data sizes.
 */
class HiddenMrfMethodContractTest extends EvidenceMethodContract<MrfProblem> {
  /** AIS with 30 shorter runs, so that its standard error is itself accurate. */
  private static final ParameterSpaceAis.Settings AIS =
      MrfAnnealedImportanceSampling.defaultSettings().withSteps(1000).withRuns(30);

  @Override
  protected long[] seeds() {
    return new long[] {20261124L, 7L};
  }

  @Override
  protected MethodRegistry<MrfProblem> registry() {
    return MrfMethods.HIDDEN;
  }

  @Override
  protected List<ReferenceCase<MrfProblem>> referenceCases() {
    return List.of(reference(7, 13), reference(70, 130));
  }

  private static ReferenceCase<MrfProblem> reference(int ones, int zeros) {
    HiddenMrfData data = HiddenParameterLikelihoodTest.data(ones, zeros);
    return new ReferenceCase<>("one visible and one hidden unit, " + ones + " of " + (ones + zeros) + " ones",
        seed -> new MrfProblem(data, MrfScoreSettings.defaults(), seed, AIS, HiddenMap.Settings.defaults()),
        HiddenParameterLikelihoodTest.gridEvidence(ones, zeros), 0);
  }
}
