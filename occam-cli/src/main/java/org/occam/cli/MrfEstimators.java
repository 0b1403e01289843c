package org.occam.cli;

import java.util.List;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.MethodRegistry;
import org.occam.mrf.MrfData;
import org.occam.mrf.MrfMethod;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.methods.MrfMethods;

/** Runs the Boltzmann-machine methods a command names, in the order named, through {@link MrfMethods}. */
final class MrfEstimators {
  private MrfEstimators() {}

  /** Kept for the commands that still name methods by the enum; every method is available. */
  static void requireAvailable(List<MrfMethod> methods) {
    methods.forEach(m -> MrfMethods.get(m.label()));
  }

  /**
   * The estimates of {@code methods} for one structure, in the order given, sharing their work.
   *
   * @param seed the seed of the sampling-based estimators
   */
  static List<EvidenceEstimate> score(PairwiseGraph graph, MrfData data, List<MrfMethod> methods,
      MrfScoreSettings settings, long seed) {
    return estimate(graph, data, methods.stream().map(m -> MrfMethods.get(m.label())).toList(), settings, seed);
  }

  /** The estimates of registered methods for one structure, in the order given, sharing their work. */
  static List<EvidenceEstimate> estimate(PairwiseGraph graph, MrfData data,
      List<? extends EvidenceMethod<MrfProblem>> methods, MrfScoreSettings settings, long seed) {
    return MethodRegistry.estimateAll(new MrfProblem(graph, data, settings, seed), methods);
  }
}
