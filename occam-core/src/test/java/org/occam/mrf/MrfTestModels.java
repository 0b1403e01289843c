package org.occam.mrf;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Graphs and seeded random models shared by the BP, linear-response and PMM tests. */
public final class MrfTestModels {
  private MrfTestModels() {}

  /** 0-1-2-…-(n−1). */
  static PairwiseGraph chain(int n) {
    int[][] edges = new int[n - 1][];
    for (int i = 0; i + 1 < n; i++) {
      edges[i] = new int[] {i, i + 1};
    }
    return new PairwiseGraph(n, edges);
  }

  /** A hub in the middle of the numbering (not vertex 0) joined to every other vertex. */
  static PairwiseGraph star(int n) {
    int hub = n / 2;
    List<int[]> edges = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (i != hub) {
        edges.add(new int[] {hub, i});
      }
    }
    return new PairwiseGraph(n, edges.toArray(new int[0][]));
  }

  /** A uniformly labelled random tree: vertex k of a random permutation attaches to an earlier one. */
  static PairwiseGraph randomTree(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int[] perm = new int[n];
    for (int i = 0; i < n; i++) {
      perm[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int k = r.nextInt(i + 1);
      int t = perm[i];
      perm[i] = perm[k];
      perm[k] = t;
    }
    int[][] edges = new int[n - 1][];
    for (int k = 1; k < n; k++) {
      edges[k - 1] = new int[] {perm[k], perm[r.nextInt(k)]};
    }
    return new PairwiseGraph(n, edges);
  }

  /** Two trees on interleaved vertices, {0, 2, 4, 6} and {1, 3, 5}, edges listed in mixed order. */
  static PairwiseGraph forest() {
    return new PairwiseGraph(7, new int[][] {{2, 0}, {1, 3}, {2, 4}, {5, 3}, {2, 6}});
  }

  /** One vertex, no edges. */
  static PairwiseGraph singleVertex() {
    return new PairwiseGraph(1, new int[0][]);
  }

  /** A 4-cycle with both diagonals (K4): frustrated under antiferromagnetic couplings. */
  static PairwiseGraph k4() {
    return PairwiseGraph.complete(4);
  }

  /** θ_i uniform in ±biasScale, w_e uniform in ±weightScale. */
  static BoltzmannMachine random(PairwiseGraph g, long seed, double biasScale, double weightScale) {
    SplittableRandom r = new SplittableRandom(seed);
    int v = g.vertexCount();
    double[] lambda = new double[v + g.edgeCount()];
    for (int k = 0; k < lambda.length; k++) {
      lambda[k] = (k < v ? biasScale : weightScale) * (2 * r.nextDouble() - 1);
    }
    return new BoltzmannMachine(g, lambda);
  }

  public static double maxAbsDifference(double[] a, double[] b) {
    double m = 0;
    for (int k = 0; k < a.length; k++) {
      m = Math.max(m, Math.abs(a[k] - b[k]));
    }
    return m;
  }

  public static double maxAbsDifference(double[][] a, double[][] b) {
    double m = 0;
    for (int k = 0; k < a.length; k++) {
      m = Math.max(m, maxAbsDifference(a[k], b[k]));
    }
    return m;
  }
}
