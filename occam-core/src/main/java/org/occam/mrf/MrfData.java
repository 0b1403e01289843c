package org.occam.mrf;

import java.util.ArrayList;
import java.util.List;
import org.occam.data.InvalidInputException;
import org.occam.data.Dataset;

/**
 * The sufficient statistics of fully observed binary data for a pairwise graph: the number of rows
 * N (weights summed) and the empirical feature means {@code f̄ = (1/N) Σ_n f(x_n)} in feature order.
 * Everything a fully observed Boltzmann machine's likelihood needs:
 * {@code L(λ) = N (λᵀ f̄ − log Z(λ))}.
 *
 * <p>Data read from rows ({@link #of(PairwiseGraph, Dataset)}, {@link #ofRows}) also keep their
 * distinct rows with counts and the variable names ({@link #table()}), which contrastive divergence
 * ({@code lv-cd}) starts its Gibbs sweeps from; statistics given as feature means alone have none.
 *
 * @param table the distinct rows, or {@code null} when the data were given as feature means
 */
public record MrfData(PairwiseGraph graph, double rows, double[] featureMeans, RowTable table) {
  /**
   * The distinct 0/1 rows of the data with their counts, and the variables' names (in vertex order).
   *
   * @param names one per vertex
   * @param x {@code x[r][i]} ∈ {0, 1}. Not copied: not to be modified.
   * @param counts the weight of each distinct row. Not copied: not to be modified.
   */
  public record RowTable(List<String> names, int[][] x, double[] counts) {
    public RowTable {
      names = List.copyOf(names);
      if (x.length != counts.length) {
        throw new InvalidInputException(x.length + " distinct rows but " + counts.length + " counts");
      }
    }

    /** The number of distinct rows. */
    public int size() {
      return x.length;
    }
  }

  /** Statistics given as feature means alone (no row table). */
  public MrfData(PairwiseGraph graph, double rows, double[] featureMeans) {
    this(graph, rows, featureMeans, null);
  }

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
    // The data set's own rows, not copies: both it and the row table are read-only, and a graph
    // search builds one MrfData per graph, so a copy would be a whole table per graph scored.
    int[][] x = new int[data.distinctRows()][];
    double[] counts = new double[x.length];
    for (int r = 0; r < x.length; r++) {
      x[r] = data.row(r);
      counts[r] = data.count(r);
    }
    List<String> names = new ArrayList<>();
    data.variables().forEach(var -> names.add(var.name()));
    return ofRows(graph, new RowTable(names, x, counts));
  }

  /**
   * The statistics of distinct 0/1 rows with counts (as {@link ExactSampler#sampleDistinct} draws
   * them), keeping the rows.
   *
   * @throws InvalidInputException for a row of the wrong length, a value other than 0/1, a negative
   *     count or no weight at all
   */
  public static MrfData ofRows(PairwiseGraph graph, RowTable table) {
    int v = graph.vertexCount();
    if (table.names().size() != v) {
      throw new InvalidInputException("the graph has " + v + " variables but the rows name " + table.names().size());
    }
    double[] sums = new double[v + graph.edgeCount()];
    double n = 0;
    for (int r = 0; r < table.size(); r++) {
      int[] x = table.x()[r];
      double c = table.counts()[r];
      if (x.length != v) {
        throw new InvalidInputException("row " + r + " has " + x.length + " values for " + v + " variables");
      }
      if (!(c >= 0 && c < Double.POSITIVE_INFINITY)) {
        throw new InvalidInputException("row " + r + " has count " + c);
      }
      for (int i = 0; i < v; i++) {
        if (x[i] != 0 && x[i] != 1) {
          throw new InvalidInputException("row " + r + " has value " + x[i] + " for a binary variable");
        }
      }
      n += c;
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
    if (!(n > 0)) {
      throw new InvalidInputException("need at least one row, got total weight " + n);
    }
    for (int a = 0; a < sums.length; a++) {
      sums[a] /= n;
    }
    return new MrfData(graph, n, sums, table);
  }

  /** Whether the distinct rows are known ({@link #table()} not null). */
  public boolean hasRows() {
    return table != null;
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
