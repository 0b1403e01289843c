package org.occam.mrf.loglinear;

import java.util.List;
import java.util.Objects;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;

/**
 * The statistics of fully observed data that the log-linear likelihood needs: N and the empirical
 * feature means f̄, {@code L(λ) = N (λᵀ f̄ − log Z(λ))}, and the number of empty cells in the
 * terms' marginal tables (the maximum-likelihood point is at infinity when one is empty).
 *
 * @param structure the model the statistics are for
 * @param rows N, the total weight of the rows
 * @param means f̄, length F
 * @param emptyCells cells of the terms' marginal tables (reference states included) with fewer than
 *     {@link #EMPTY_CELL_OBSERVATIONS} observations
 */
public record LogLinearData(LogLinearStructure structure, double rows, double[] means, int emptyCells) {
  /** A cell with fewer than this many observations counts as empty (as for the Boltzmann machine). */
  public static final double EMPTY_CELL_OBSERVATIONS = 1e-6;

  public LogLinearData {
    Objects.requireNonNull(structure, "structure");
    means = means.clone();
    if (means.length != structure.featureCount()) {
      throw new IllegalArgumentException(means.length + " feature means for " + structure.featureCount() + " features");
    }
    if (!(rows > 0) || !Double.isFinite(rows)) {
      throw new InvalidInputException("the data need a positive total weight, got " + rows);
    }
  }

  @Override
  public double[] means() {
    return means.clone();
  }

  /**
   * The statistics of a data set whose columns are the structure's variables, in the same order
   * and with the same state labels.
   *
   * @throws InvalidInputException for other columns, other labels, or missing values
   */
  public static LogLinearData of(LogLinearStructure structure, Dataset data) {
    List<Variable> vars = structure.variables();
    if (!data.variables().equals(vars)) {
      for (int v = 0; v < Math.min(vars.size(), data.variables().size()); v++) {
        if (!data.variables().get(v).equals(vars.get(v))) {
          throw new InvalidInputException("data column " + (v + 1) + " is " + data.variables().get(v)
              + " but the model's variable " + (v + 1) + " is " + vars.get(v));
        }
      }
      throw new InvalidInputException("the model has " + vars.size() + " variables but the data have "
          + data.variables().size() + " columns");
    }
    if (data.hasMissing()) {
      throw new InvalidInputException("the data have missing values; log-linear scores need complete rows");
    }
    int f = structure.featureCount();
    double[] sums = new double[f];
    int[] buffer = new int[structure.termCount()];
    double n = 0;
    double[][] cells = new double[structure.termCount()][];
    for (int t = 0; t < cells.length; t++) {
      int size = 1;
      for (int v : structure.term(t)) {
        size *= structure.cardinality(v);
      }
      cells[t] = new double[size];
    }
    int[][] terms = structure.terms().toArray(new int[0][]);
    for (int r = 0; r < data.distinctRows(); r++) {
      int[] x = data.row(r);
      double c = data.count(r);
      n += c;
      int k = structure.activeFeatures(x, buffer);
      for (int j = 0; j < k; j++) {
        sums[buffer[j]] += c;
      }
      for (int t = 0; t < terms.length; t++) {
        int index = 0;
        for (int v : terms[t]) {
          index = index * structure.cardinality(v) + x[v];
        }
        cells[t][index] += c;
      }
    }
    int empty = 0;
    for (double[] table : cells) {
      for (double c : table) {
        empty += c < EMPTY_CELL_OBSERVATIONS ? 1 : 0;
      }
    }
    for (int a = 0; a < f; a++) {
      sums[a] /= n;
    }
    return new LogLinearData(structure, n, sums, empty);
  }

  /** The feature means of the uniform distribution: {@code Π_{v∈t} 1/k_v} for every feature of term t. */
  public static double[] uniformMeans(LogLinearStructure structure) {
    double[] u = new double[structure.featureCount()];
    for (int t = 0; t < structure.termCount(); t++) {
      double p = 1;
      for (int v : structure.term(t)) {
        p /= structure.cardinality(v);
      }
      java.util.Arrays.fill(u, structure.offset(t), structure.offset(t) + structure.termSize(t), p);
    }
    return u;
  }

  /**
   * The data mixed with the uniform distribution so that every cell of every term's table holds at
   * least {@code c} pseudo-observations' worth: {@code f̄' = (1 − ε) f̄ + ε u} with
   * {@code ε = M c / (N + M c)}, M the largest term table's cell count. On binary pairwise models
   * (M = 4) this is {@link org.occam.mrf.PseudoMomentMatching#smoothedMeans} with α = c/N.
   */
  public LogLinearData smoothed(double pseudoObservations) {
    if (!(pseudoObservations >= 0) || !Double.isFinite(pseudoObservations)) {
      throw new IllegalArgumentException("pseudo-observations must be finite and non-negative, got "
          + pseudoObservations);
    }
    double m = 1;
    for (int t = 0; t < structure.termCount(); t++) {
      double size = 1;
      for (int v : structure.term(t)) {
        size *= structure.cardinality(v);
      }
      m = Math.max(m, size);
    }
    double eps = m * pseudoObservations / (rows + m * pseudoObservations);
    double[] u = uniformMeans(structure);
    double[] mixed = new double[means.length];
    for (int a = 0; a < mixed.length; a++) {
      mixed[a] = (1 - eps) * means[a] + eps * u[a];
    }
    return new LogLinearData(structure, rows, mixed, 0);
  }
}
