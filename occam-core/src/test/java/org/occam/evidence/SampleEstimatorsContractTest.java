package org.occam.evidence;

import java.util.List;

/**
 * The evidence-method contract for the sample-based estimators as a family would register them,
 * on a fake family whose problems are exact posterior and prior draws (4,000 of each) of conjugate
 * models with closed-form evidence.
 */
class SampleEstimatorsContractTest extends EvidenceMethodContract<SampledEvidenceMethodTest.FakeProblem> {
  private static final MethodRegistry<SampledEvidenceMethodTest.FakeProblem> REGISTRY = new MethodRegistry<>(
      "conjugate", SampleEvidenceEstimators.methods(SampledEvidenceMethodTest.FakeProblem::likelihoods));

  @Override
  protected MethodRegistry<SampledEvidenceMethodTest.FakeProblem> registry() {
    return REGISTRY;
  }

  @Override
  protected List<ReferenceCase<SampledEvidenceMethodTest.FakeProblem>> referenceCases() {
    return List.of(reference(ConjugateModels.betaBernoulli(20, 6, 1, 1)),
        reference(ConjugateModels.betaBernoulli(200, 62, 2, 5)), reference(ConjugateModels.gaussianMeans(1, 50, 0, 2, 11)));
  }

  private static ReferenceCase<SampledEvidenceMethodTest.FakeProblem> reference(ConjugateModels.Model m) {
    return new ReferenceCase<>(m.name(),
        seed -> new SampledEvidenceMethodTest.FakeProblem(ConjugateModels.sample(m, 4000, 4000, seed, 2)),
        m.exactLogEvidence(), 0);
  }
}
