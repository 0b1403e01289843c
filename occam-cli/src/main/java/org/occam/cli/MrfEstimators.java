package org.occam.cli;

import java.util.List;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.MethodRegistry;
import org.occam.mrf.MrfData;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;

/** Runs registered Boltzmann-machine methods on one structure, in the order named, sharing their work. */
final class MrfEstimators {
  private MrfEstimators() {}

  /**
   * The estimates of {@code methods} for one structure, in the order given.
   *
   * @param seed the seed of the sampling-based estimators
   */
  static List<EvidenceEstimate> estimate(PairwiseGraph graph, MrfData data,
      List<? extends EvidenceMethod<MrfProblem>> methods, MrfScoreSettings settings, long seed) {
    return MethodRegistry.estimateAll(new MrfProblem(graph, data, settings, seed), methods);
  }
}
