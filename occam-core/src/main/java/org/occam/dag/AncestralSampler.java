package org.occam.dag;

import org.apache.commons.rng.UniformRandomProvider;

/** Exact samples from a DAG with known parameters, drawing each variable after its parents. */
public final class AncestralSampler {
  private AncestralSampler() {}

  /**
   * Draws {@code rows} full assignments (every variable, hidden ones included).
   *
   * @param theta the flat CPTs, rows summing to one
   * @return {@code rows × structure.size()} state indices
   */
  public static int[][] sample(DagStructure s, double[] theta, int rows, UniformRandomProvider rng) {
    int[] order = s.topologicalOrder();
    int[][] out = new int[rows][s.size()];
    for (int i = 0; i < rows; i++) {
      int[] z = out[i];
      for (int j : order) {
        z[j] = 0;
        int from = s.flatIndex(j, z);
        int k = s.cardinality(j);
        double u = rng.nextDouble();
        int x = 0;
        double cum = theta[from];
        while (u >= cum && x < k - 1) {
          x++;
          cum += theta[from + x];
        }
        // Rounding can leave u ≥ the last cumulative sum: fall back to the last state with mass.
        while (theta[from + x] == 0 && x > 0) {
          x--;
        }
        z[j] = x;
      }
    }
    return out;
  }

  /**
   * Draws {@code rows} assignments and keeps the observed variables' columns, in the structure's
   * order of observed variables and in the order drawn (so the first m rows are a sample of size m).
   */
  public static int[][] sampleObserved(DagStructure s, double[] theta, int rows, UniformRandomProvider rng) {
    int[][] full = sample(s, theta, rows, rng);
    int[] observed = s.observedVariables();
    int[][] out = new int[rows][observed.length];
    for (int i = 0; i < rows; i++) {
      for (int v = 0; v < observed.length; v++) {
        out[i][v] = full[i][observed[v]];
      }
    }
    return out;
  }
}
