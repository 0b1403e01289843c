package org.occam.search;

import java.util.SplittableRandom;

/** Test scores that add a weight per edge: their best graph is known (the positive pairs). */
final class AdditiveEdgeScores {
  private AdditiveEdgeScores() {}

  /** Σ of w[i][j] over the edges {i, j}, i &lt; j. */
  static MrfGraphScore of(double[][] w) {
    return g -> {
      double s = 0;
      for (int[] e : g.edges()) {
        s += w[e[0]][e[1]];
      }
      return s;
    };
  }

  /** Weights uniform on (−scale, scale) above the diagonal. */
  static double[][] randomWeights(int v, long seed, double scale) {
    SplittableRandom r = new SplittableRandom(seed);
    double[][] w = new double[v][v];
    for (int i = 0; i < v; i++) {
      for (int j = i + 1; j < v; j++) {
        w[i][j] = scale * (2 * r.nextDouble() - 1);
      }
    }
    return w;
  }
}
