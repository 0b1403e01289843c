package org.occam.search;

import java.util.ArrayList;
import java.util.List;
import org.occam.math.Parallel;
import org.occam.mrf.PairwiseGraph;

/**
 * Forward selection of edges for Boltzmann machines: from the empty graph on V vertices to the
 * complete one, each step adding the edge whose graph has the highest score, ties going to the
 * earlier edge in lexicographic order, so the path has V(V−1)/2 + 1 graphs. This is the path of
 * structures along which Parise &amp; Welling (NIPS 2006, section 4) compare their scores; the
 * candidates of a step are scored in parallel, with the same result for any thread count.
 *
 * <pre>{@code
 * List<GreedyEdgePath.Step> path = GreedyEdgePath.run(5, laplaceExact, 2);
 * }</pre>
 */
public final class GreedyEdgePath {
  /**
   * One graph of the path.
   *
   * @param graph the graph (edges in the order they were added)
   * @param added the edge added at this step as {i, j}, i &lt; j, or null for the empty graph
   * @param score its score
   * @param candidates how many graphs were scored to choose this step
   */
  public record Step(PairwiseGraph graph, int[] added, double score, int candidates) {}

  private GreedyEdgePath() {}

  /**
   * The path from the empty to the complete graph.
   *
   * @param vertexCount V ≥ 1
   * @param score the score of a graph (called from several threads at once)
   * @param threads worker threads, ≥ 1
   */
  public static List<Step> run(int vertexCount, MrfGraphScore score, int threads) {
    List<Step> path = new ArrayList<>();
    List<int[]> edges = new ArrayList<>();
    PairwiseGraph empty = new PairwiseGraph(vertexCount, new int[0][]);
    path.add(new Step(empty, null, score.logScore(empty), 1));
    boolean[][] in = new boolean[vertexCount][vertexCount];
    int total = EdgeSet.pairCount(vertexCount);
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
          c -> score.logScore(graphs.get(c)));
      // the first of equal maxima: candidates are in lexicographic order of the added edge
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
