package org.occam.rbm.methods;

import java.util.Arrays;
import org.occam.data.Dataset;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.hidden.HiddenMap;
import org.occam.mrf.hidden.HiddenMrfData;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmProblem;

/**
 * An RBM problem as a Boltzmann machine with hidden units (Welling &amp; Parise 2006, section 6):
 * the complete bipartite graph, visible units 0…V−1 and hidden units V…V+K−1, edge i·K + k joining
 * visible i to hidden k, the hidden units free in every row, scored by the MRF registry's
 * hidden-variable methods ({@link MrfProblem}) with the RBM problem's σ0, seed and threads. Built
 * once per RBM problem, so that its fits are shared. The parameters (in the diagnostics'
 * {@code lambda}) are in the Boltzmann machine's order: visible biases, hidden biases, then the
 * weights visible-major.
 */
final class RbmAsBoltzmann {
  private static final String KEY = "boltzmann-machine";

  private RbmAsBoltzmann() {}

  /** The problem's Boltzmann machine with hidden units, built on first use. */
  static MrfProblem of(RbmProblem problem) {
    return problem.shared(KEY, RbmAsBoltzmann::build);
  }

  /** The complete bipartite graph of V visible and K hidden units. */
  static PairwiseGraph graph(int visible, int hidden) {
    int[][] edges = new int[visible * hidden][];
    for (int i = 0; i < visible; i++) {
      for (int k = 0; k < hidden; k++) {
        edges[i * hidden + k] = new int[] {i, visible + k};
      }
    }
    return new PairwiseGraph(visible + hidden, edges);
  }

  private static MrfProblem build(RbmProblem problem) {
    RbmData d = problem.laplace().data();
    int v = d.visibleCount();
    int k = problem.hiddenCount();
    boolean[] hidden = new boolean[v + k];
    Arrays.fill(hidden, v, v + k, true);
    int[][] x = new int[d.distinctRowCount()][];
    double[] counts = new double[x.length];
    for (int r = 0; r < x.length; r++) {
      int[] row = new int[v + k];
      Arrays.fill(row, Dataset.MISSING);
      System.arraycopy(d.row(r), 0, row, 0, v);
      x[r] = row;
      counts[r] = d.count(r);
    }
    MrfScoreSettings settings = MrfScoreSettings.defaults().withPriorSigma(problem.settings().priorSigma())
        .withThreads(problem.threads());
    return new MrfProblem(HiddenMrfData.ofRows(graph(v, k), hidden, x, counts), settings, problem.seed(), null,
        HiddenMap.Settings.defaults());
  }
}
