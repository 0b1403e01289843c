package org.occam.dag;

import java.util.ArrayList;
import java.util.List;
import org.occam.dag.methods.DagMethods;
import org.occam.evidence.EvidenceMethodContract;
import org.occam.evidence.MethodRegistry;
import org.occam.math.RandomStreams;
import org.occam.testing.RandomDagProblems;

/**
 * Every DAG method against the brute-force evidence (the sum over every completion of the hidden
 * variables and missing cells) on random tiny DAGs with hidden variables, one with missing cells and
 * one with complete data.
 */
class DagMethodContractTest extends EvidenceMethodContract<DagProblem> {
  /** Tight EM/VBEM convergence, Beal's restarts; AIS with 40 runs, so that its standard error is itself accurate. */
  private static final DagScoreSettings SETTINGS = new DagScoreSettings(3, 1000, 1e-9,
      HiddenStateEnumeration.DEFAULT_CONFIGURATION_LIMIT, null, ExactEvidence.DEFAULT_TERM_LIMIT,
      DagAnnealingTarget.Settings.defaults().withSteps(2000).withRuns(40));

  @Override
  protected MethodRegistry<DagProblem> registry() {
    return DagMethods.REGISTRY;
  }

  @Override
  protected List<ReferenceCase<DagProblem>> referenceCases() {
    List<ReferenceCase<DagProblem>> cases = new ArrayList<>();
    cases.add(reference("hidden, seed 3", RandomDagProblems.random(3, RandomDagProblems.Spec.tiny(0.0))));
    cases.add(reference("hidden, seed 4", RandomDagProblems.random(4, RandomDagProblems.Spec.tiny(0.0))));
    cases.add(reference("hidden and missing, seed 5", RandomDagProblems.random(5, RandomDagProblems.Spec.tiny(0.2))));
    cases.add(reference("complete, seed 6", RandomDagProblems.random(6, RandomDagProblems.Spec.complete())));
    return cases;
  }

  private static ReferenceCase<DagProblem> reference(String name, RandomDagProblems.Problem pr) {
    return new ReferenceCase<>(name + " (" + pr.rows().length + " rows)", seed -> new DagProblem(
        new HiddenStateEnumeration(pr.structure(), pr.data(), SETTINGS.configurationLimit()), pr.prior(), SETTINGS,
        RandomStreams.fromSeed(seed), seed), pr.exactLogEvidence(), 0);
  }
}
