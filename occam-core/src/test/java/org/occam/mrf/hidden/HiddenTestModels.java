package org.occam.mrf.hidden;

import java.util.SplittableRandom;
import org.occam.data.Dataset;
import org.occam.math.RandomStreams;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.ExactSampler;
import org.occam.mrf.PairwiseGraph;

/**
 * Tiny models and data for the hidden-variable tests, and the brute-force answers they are checked
 * against: every quantity by summing over all 2^V joint states, with no clamping map, no junction
 * tree and no enumeration engine of the library.
 */
final class HiddenTestModels {
  private HiddenTestModels() {}

  /** K4 less the edge 1-3, plus a tail 3-4: two triangles sharing edge 0-2 (loopy, V = 5). */
  static PairwiseGraph loopy() {
    return new PairwiseGraph(5, new int[][] {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 0}, {3, 4}});
  }

  /** The complete bipartite graph of an RBM: visible 0…v−1, hidden v…v+h−1. */
  static PairwiseGraph rbm(int visible, int hidden) {
    int[][] edges = new int[visible * hidden][];
    int k = 0;
    for (int i = 0; i < visible; i++) {
      for (int j = 0; j < hidden; j++) {
        edges[k++] = new int[] {i, visible + j};
      }
    }
    return new PairwiseGraph(visible + hidden, edges);
  }

  /** λ uniform in ±scale. */
  static double[] randomLambda(int f, double scale, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] lambda = new double[f];
    for (int a = 0; a < f; a++) {
      lambda[a] = scale * (2 * r.nextDouble() - 1);
    }
    return lambda;
  }

  /**
   * {@code n} random distinct-row cells over V variables: hidden ones missing, the others 0/1, and
   * missing with probability {@code missing}; counts 1…5.
   */
  static HiddenMrfData randomData(PairwiseGraph g, boolean[] hidden, int n, double missing, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int v = g.vertexCount();
    int[][] x = new int[n][v];
    double[] counts = new double[n];
    for (int k = 0; k < n; k++) {
      for (int i = 0; i < v; i++) {
        x[k][i] = hidden[i] || r.nextDouble() < missing ? Dataset.MISSING : r.nextInt(2);
      }
      counts[k] = 1 + r.nextInt(5);
    }
    return HiddenMrfData.ofRows(g, hidden, x, counts);
  }

  /** n exact samples of {@code truth} as distinct rows with counts, the hidden columns blanked. */
  static HiddenMrfData sample(BoltzmannMachine truth, boolean[] hidden, int n, long seed) {
    ExactSampler.DistinctRows drawn = ExactSampler.of(truth).sampleDistinct(n, RandomStreams.fromSeed(seed));
    int[][] x = new int[drawn.rows().length][];
    double[] counts = new double[x.length];
    for (int r = 0; r < x.length; r++) {
      x[r] = drawn.rows()[r].clone();
      for (int i = 0; i < hidden.length; i++) {
        if (hidden[i]) {
          x[r][i] = Dataset.MISSING;
        }
      }
      counts[r] = drawn.counts()[r];
    }
    return HiddenMrfData.ofRows(truth.graph(), hidden, x, counts);
  }

  static boolean[] hiddenSet(int v, int... hidden) {
    boolean[] out = new boolean[v];
    for (int i : hidden) {
      out[i] = true;
    }
    return out;
  }

  /** f(x) for 0/1 x: x_i, then x_i x_j per edge. */
  static double[] features(PairwiseGraph g, int[] x) {
    int v = g.vertexCount();
    double[] f = new double[v + g.edgeCount()];
    for (int i = 0; i < v; i++) {
      f[i] = x[i];
    }
    for (int e = 0; e < g.edgeCount(); e++) {
      f[v + e] = x[g.edgeFrom(e)] * x[g.edgeTo(e)];
    }
    return f;
  }

  /**
   * log Σ exp(λᵀf(x)), E[f] and Cov(f) over the joint states agreeing with {@code row} (a cell of
   * {@link Dataset#MISSING} agrees with both values), by direct summation.
   */
  static Moments bruteForce(PairwiseGraph g, double[] lambda, int[] row) {
    int v = g.vertexCount();
    int f = lambda.length;
    double max = Double.NEGATIVE_INFINITY;
    double[] potentials = new double[1 << v];
    boolean[] agrees = new boolean[1 << v];
    int[] x = new int[v];
    for (int s = 0; s < (1 << v); s++) {
      boolean ok = true;
      for (int i = 0; i < v; i++) {
        x[i] = (s >> i) & 1;
        ok &= row[i] == Dataset.MISSING || row[i] == x[i];
      }
      agrees[s] = ok;
      double[] feat = features(g, x);
      double p = 0;
      for (int a = 0; a < f; a++) {
        p += lambda[a] * feat[a];
      }
      potentials[s] = p;
      if (ok) {
        max = Math.max(max, p);
      }
    }
    double z = 0;
    double[] s1 = new double[f];
    double[][] s2 = new double[f][f];
    for (int s = 0; s < (1 << v); s++) {
      if (!agrees[s]) {
        continue;
      }
      for (int i = 0; i < v; i++) {
        x[i] = (s >> i) & 1;
      }
      double w = Math.exp(potentials[s] - max);
      double[] feat = features(g, x);
      z += w;
      for (int a = 0; a < f; a++) {
        s1[a] += w * feat[a];
        for (int b = 0; b < f; b++) {
          s2[a][b] += w * feat[a] * feat[b];
        }
      }
    }
    double[] mean = new double[f];
    for (int a = 0; a < f; a++) {
      mean[a] = s1[a] / z;
    }
    double[][] cov = new double[f][f];
    for (int a = 0; a < f; a++) {
      for (int b = 0; b < f; b++) {
        cov[a][b] = s2[a][b] / z - mean[a] * mean[b];
      }
    }
    return new Moments(max + Math.log(z), mean, cov);
  }

  /** The brute-force answers over all joint states. */
  record Moments(double logZ, double[] mean, double[][] covariance) {}

  /** A row of V missing cells: no clamping. */
  static int[] unclamped(int v) {
    int[] row = new int[v];
    java.util.Arrays.fill(row, Dataset.MISSING);
    return row;
  }

  /** Brute-force L(λ), ∇L and −∇²L of the data. */
  static double[][][] bruteForceLikelihood(HiddenMrfData data, double[] lambda) {
    PairwiseGraph g = data.graph();
    int f = lambda.length;
    Moments whole = bruteForce(g, lambda, unclamped(g.vertexCount()));
    double n = data.rows();
    double value = -n * whole.logZ();
    double[] grad = new double[f];
    double[][] negHessian = new double[f][f];
    for (int a = 0; a < f; a++) {
      grad[a] = -n * whole.mean()[a];
      for (int b = 0; b < f; b++) {
        negHessian[a][b] = n * whole.covariance()[a][b];
      }
    }
    for (int r = 0; r < data.distinctRows(); r++) {
      Moments m = bruteForce(g, lambda, data.row(r));
      double c = data.count(r);
      value += c * m.logZ();
      for (int a = 0; a < f; a++) {
        grad[a] += c * m.mean()[a];
        for (int b = 0; b < f; b++) {
          negHessian[a][b] -= c * m.covariance()[a][b];
        }
      }
    }
    return new double[][][] {{{value}}, {grad}, negHessian};
  }

  static double maxAbs(double[] a) {
    double m = 0;
    for (double x : a) {
      m = Math.max(m, Math.abs(x));
    }
    return m;
  }
}
