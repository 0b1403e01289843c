package org.occam.mrf;

import org.occam.data.InvalidInputException;
import org.occam.data.Dataset;

/**
 * The sufficient statistics of fully observed binary data for a pairwise graph: the number of rows
 * N (weights summed) and the empirical feature means {@code f̄ = (1/N) Σ_n f(x_n)} in feature order.
 * Everything a fully observed Boltzmann machine's likelihood needs:
 * {@code L(λ) = N (λᵀ f̄ − log Z(λ))}.
 */
public record MrfData(PairwiseGraph graph, double rows, double[] featureMeans) {
  public MrfData {
    if (featureMeans.length != graph.vertexCount() + graph.edgeCount()) {
      throw new InvalidInputException("need " + (graph.vertexCount() + graph.edgeCount()) + " feature means, got "
          + featureMeans.length);
    }
    if (!(rows > 0)) {
      throw new InvalidInputException("need at least one row, got " + rows);
    }
    featureMeans = featureMeans.clone();
  }

  /**
   * The statistics of a data set whose columns are the graph's vertices in order, each with two
   * states (state index 0 or 1, so labels "0"/"1" or "-1"/"1" read in that order count as 0/1).
   *
   * @throws IllegalArgumentException for a column count that is not V, a variable with other than
   *     two states, or missing values
   */
  public static MrfData of(PairwiseGraph graph, Dataset data) {
    int v = graph.vertexCount();
    if (data.variables().size() != v) {
      throw new InvalidInputException("the graph has " + v + " variables but the data have "
          + data.variables().size() + " columns");
    }
    for (int i = 0; i < v; i++) {
      if (data.variables().get(i).cardinality() != 2) {
        throw new InvalidInputException("variable " + data.variables().get(i).name() + " has "
            + data.variables().get(i).cardinality() + " states; a Boltzmann machine needs binary variables");
      }
    }
    if (data.hasMissing()) {
      throw new InvalidInputException("the data have missing values; Boltzmann machine scores need complete rows");
    }
    double[] sums = new double[v + graph.edgeCount()];
    for (int r = 0; r < data.distinctRows(); r++) {
      int[] x = data.row(r);
      double c = data.count(r);
      for (int i = 0; i < v; i++) {
        if (x[i] == 1) {
          sums[i] += c;
        }
      }
      for (int e = 0; e < graph.edgeCount(); e++) {
        if (x[graph.edgeFrom(e)] == 1 && x[graph.edgeTo(e)] == 1) {
          sums[v + e] += c;
        }
      }
    }
    double n = data.size();
    for (int a = 0; a < sums.length; a++) {
      sums[a] /= n;
    }
    return new MrfData(graph, n, sums);
  }

  /** f̄ (a fresh copy). */
  @Override
  public double[] featureMeans() {
    return featureMeans.clone();
  }

  /** F = V + E. */
  public int featureCount() {
    return featureMeans.length;
  }
}
