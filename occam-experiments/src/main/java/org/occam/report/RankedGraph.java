package org.occam.report;

import java.util.ArrayList;
import java.util.List;
import org.occam.evidence.EvidenceEstimate;
import org.occam.mrf.PairwiseGraph;
import org.occam.search.EdgeSet;
import org.occam.search.GreedyEdgePath;

/**
 * One Boltzmann-machine structure as {@code occam mrf rank} lists it: its name, its place on the
 * greedy edge-addition path and the edge added there (Parise &amp; Welling 2006 rank such paths),
 * and its estimates.
 *
 * @param pathStep its place on the greedy path, or null
 * @param added the edge added at that step, or null
 * @param results one estimate per method, in the methods' order
 */
public record RankedGraph(String name, Integer pathStep, PairwiseGraph graph, int[] added,
    List<EvidenceEstimate> results) {

  /** The graphs of a path ranking: the path's empty graph, the chain in column order, then the path's later steps. */
  public static List<PairwiseGraph> pathGraphs(List<GreedyEdgePath.Step> path, int vertices) {
    int[][] chainEdges = new int[vertices - 1][];
    for (int j = 0; j + 1 < vertices; j++) {
      chainEdges[j] = new int[] {j, j + 1};
    }
    List<PairwiseGraph> graphs = new ArrayList<>();
    graphs.add(path.get(0).graph());
    graphs.add(new PairwiseGraph(vertices, chainEdges));
    for (int k = 1; k < path.size(); k++) {
      graphs.add(path.get(k).graph());
    }
    return graphs;
  }

  /**
   * The models of a path ranking, named empty, chain, path-k and complete.
   *
   * @param scored the estimates of {@link #pathGraphs}, in its order
   */
  public static List<RankedGraph> path(List<GreedyEdgePath.Step> path, List<PairwiseGraph> graphs,
      List<List<EvidenceEstimate>> scored) {
    List<RankedGraph> models = new ArrayList<>();
    models.add(new RankedGraph("empty", 0, graphs.get(0), null, scored.get(0)));
    models.add(new RankedGraph("chain", null, graphs.get(1), null, scored.get(1)));
    for (int k = 1; k < path.size(); k++) {
      String name = k == path.size() - 1 ? "complete" : "path-" + k;
      models.add(new RankedGraph(name, k, graphs.get(k + 1), path.get(k).added(), scored.get(k + 1)));
    }
    return models;
  }

  /** Every graph's model, named empty, graph-k and complete, in the graphs' order. */
  public static List<RankedGraph> all(List<PairwiseGraph> graphs, List<List<EvidenceEstimate>> scored) {
    List<RankedGraph> models = new ArrayList<>();
    for (int k = 0; k < graphs.size(); k++) {
      String name = k == 0 ? "empty" : k == graphs.size() - 1 ? "complete" : "graph-" + k;
      models.add(new RankedGraph(name, null, graphs.get(k), null, scored.get(k)));
    }
    return models;
  }

  /**
   * Chosen graphs among all on their vertices (the decomposable ones), each named as
   * {@link #all} names it among every graph: empty, complete, else graph-k with k its index there
   * (bit p of k set when pair p is an edge, as in {@code MrfGraphEnumeration}).
   */
  public static List<RankedGraph> among(List<PairwiseGraph> graphs, List<List<EvidenceEstimate>> scored) {
    List<RankedGraph> models = new ArrayList<>();
    for (int k = 0; k < graphs.size(); k++) {
      PairwiseGraph g = graphs.get(k);
      int v = g.vertexCount();
      String name = g.edgeCount() == 0 ? "empty" : g.edgeCount() == EdgeSet.pairCount(v) ? "complete"
          : "graph-" + index(g);
      models.add(new RankedGraph(name, null, g, null, scored.get(k)));
    }
    return models;
  }

  /** The graph's index among every graph on its vertices (its edges' pair bits). */
  private static java.math.BigInteger index(PairwiseGraph g) {
    java.math.BigInteger k = java.math.BigInteger.ZERO;
    for (int[] e : g.edges()) {
      k = k.setBit(EdgeSet.pairIndex(g.vertexCount(), e[0], e[1]));
    }
    return k;
  }
}
