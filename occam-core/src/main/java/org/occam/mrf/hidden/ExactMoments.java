package org.occam.mrf.hidden;

import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.CliqueTree;
import org.occam.mrf.ExactEnumeration;
import org.occam.mrf.ExactInference;
import org.occam.mrf.JunctionTree;
import org.occam.mrf.MrfInference;
import org.occam.mrf.PairwiseGraph;

/**
 * The exact engine for one graph, chosen once as {@link ExactInference} chooses it: the junction
 * tree on the graph's clique tree when that is cheaper than enumeration, else enumeration (up to
 * {@link ExactEnumeration#MAX_VARIABLES}), else the junction tree's own error saying why neither
 * applies. Built once per graph (the full graph, each clamping's free subgraph) and run for many λ.
 */
final class ExactMoments {
  private final PairwiseGraph graph;
  /** The clique tree, or null for enumeration. */
  private final CliqueTree tree;

  ExactMoments(PairwiseGraph graph) {
    this.graph = graph;
    this.tree = ExactInference.cliqueTreeIfCheaper(graph);
  }

  /** log Z and E[f]. */
  MrfInference run(BoltzmannMachine model) {
    if (tree != null) {
      return JunctionTree.run(model, tree);
    }
    if (graph.vertexCount() <= ExactEnumeration.MAX_VARIABLES) {
      return ExactEnumeration.run(model, false);
    }
    return JunctionTree.run(model);
  }

  /** The feature covariance F×F (junction tree: F calibrations over {@code threads} workers). */
  double[][] covariance(BoltzmannMachine model, int threads) {
    if (tree != null) {
      return JunctionTree.run(model, tree).covariance(threads);
    }
    if (graph.vertexCount() <= ExactEnumeration.MAX_VARIABLES) {
      return ExactEnumeration.run(model, true).covariance();
    }
    return JunctionTree.run(model).covariance(threads);
  }

  /** Which engine runs, for diagnostics. */
  String describe() {
    return tree != null ? tree.toString() : "enumeration of 2^" + graph.vertexCount() + " configurations";
  }
}
