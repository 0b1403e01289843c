package org.occam.cli;

import java.util.ArrayList;
import java.util.List;
import org.occam.math.Parallel;
import java.util.function.ToDoubleFunction;
import org.occam.mrf.PairwiseGraph;

/**
 * Forward selection of edges: from the empty graph on V vertices to the complete one, each step
 * adding the edge whose graph has the highest score (ties to the earlier edge in lexicographic
 * order), so the path has V(V−1)/2 + 1 graphs. The candidates of a step are scored in parallel.
 */
final class GreedyEdgePath {
  /**
   * One graph of the path.
   *
   * @param graph the graph (edges in the order they were added)
   * @param added the edge added at this step as {i, j}, or null for the empty graph
   * @param score its score
   * @param candidates how many graphs were scored to choose this step
   */
  record Step(PairwiseGraph graph, int[] added, double score, int candidates) {}

  private GreedyEdgePath() {}

  /**
   * @param score the score of a graph (called from several threads at once)
   * @param threads worker threads
   */
  static List<Step> run(int vertexCount, ToDoubleFunction<PairwiseGraph> score, int threads) {
    List<Step> path = new ArrayList<>();
    List<int[]> edges = new ArrayList<>();
    PairwiseGraph empty = new PairwiseGraph(vertexCount, new int[0][]);
    path.add(new Step(empty, null, score.applyAsDouble(empty), 1));
    boolean[][] in = new boolean[vertexCount][vertexCount];
    int total = vertexCount * (vertexCount - 1) / 2;
    for (int step = 1; step <= total; step++) {
      List<int[]> pairs = new ArrayList<>();
      List<PairwiseGraph> graphs = new ArrayList<>();
      for (int i = 0; i < vertexCount; i++) {
        for (int j = i + 1; j < vertexCount; j++) {
          if (!in[i][j]) {
            List<int[]> with = new ArrayList<>(edges);
            with.add(new int[] {i, j});
            pairs.add(new int[] {i, j});
            graphs.add(new PairwiseGraph(vertexCount, with.toArray(new int[0][])));
          }
        }
      }
      List<Double> scores = Parallel.map(graphs.size(), threads, "occam-mrf-path",
          c -> score.applyAsDouble(graphs.get(c)));
      int best = -1;
      double bestScore = Double.NEGATIVE_INFINITY;
      for (int c = 0; c < graphs.size(); c++) {
        double s = scores.get(c);
        if (best < 0 || s > bestScore) {
          best = c;
          bestScore = s;
        }
      }
      int[] e = pairs.get(best);
      in[e[0]][e[1]] = true;
      edges.add(e);
      path.add(new Step(graphs.get(best), e, bestScore, graphs.size()));
    }
    return path;
  }
}
