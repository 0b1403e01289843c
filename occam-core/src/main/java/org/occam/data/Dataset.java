package org.occam.data;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Observed discrete data held as distinct rows with counts. Row {@code r} has state indices
 * {@code row(r)[v]} for each variable {@code v} (or {@link #MISSING}) and weight {@code count(r)}.
 * Weights may be fractional (a count column); the total weight is the data set size n used by
 * BIC's {@code ln n}. Immutable.
 */
public final class Dataset implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The state index of a missing cell (empty or {@code NA} in a CSV file). */
  public static final int MISSING = -1;

  private final List<Variable> variables;
  private final int[][] rows;
  private final double[] counts;
  private final double size;
  private final boolean hasMissing;
  private final long incompleteRowsDropped;

  private Dataset(List<Variable> variables, int[][] rows, double[] counts) {
    this(variables, rows, counts, 0);
  }

  private Dataset(List<Variable> variables, int[][] rows, double[] counts, long incompleteRowsDropped) {
    this.incompleteRowsDropped = incompleteRowsDropped;
    this.variables = List.copyOf(variables);
    this.rows = rows;
    this.counts = counts;
    double n = 0;
    boolean missing = false;
    for (int r = 0; r < rows.length; r++) {
      n += counts[r];
      for (int s : rows[r]) {
        missing |= s == MISSING;
      }
    }
    this.size = n;
    this.hasMissing = missing;
  }

  /**
   * Compresses raw rows (state indices, {@link #MISSING} allowed) with weights into distinct rows
   * in order of first appearance. Rows with zero weight are dropped.
   *
   * @param weights one weight per row, finite and non-negative; {@code null} means all ones
   */
  public static Dataset of(List<Variable> variables, int[][] rawRows, double[] weights) {
    int p = variables.size();
    if (weights != null && weights.length != rawRows.length) {
      throw new InvalidInputException(weights.length + " weights for " + rawRows.length + " rows");
    }
    Map<List<Integer>, Integer> index = new HashMap<>();
    List<int[]> distinct = new ArrayList<>();
    List<Double> counts = new ArrayList<>();
    for (int i = 0; i < rawRows.length; i++) {
      int[] row = rawRows[i];
      if (row.length != p) {
        throw new InvalidInputException("row " + i + " has " + row.length + " cells, expected " + p);
      }
      for (int v = 0; v < p; v++) {
        if (row[v] != MISSING && (row[v] < 0 || row[v] >= variables.get(v).cardinality())) {
          throw new InvalidInputException("row " + i + ": state " + row[v] + " out of range for "
              + variables.get(v).name());
        }
      }
      double w = weights == null ? 1.0 : weights[i];
      if (!(w >= 0) || Double.isInfinite(w)) {
        throw new InvalidInputException("row " + i + ": weight must be finite and >= 0, got " + w);
      }
      if (w == 0) {
        continue;
      }
      List<Integer> key = Arrays.stream(row).boxed().toList();
      Integer at = index.get(key);
      if (at == null) {
        index.put(key, distinct.size());
        distinct.add(row.clone());
        counts.add(w);
      } else {
        counts.set(at, counts.get(at) + w);
      }
    }
    return new Dataset(variables, distinct.toArray(new int[0][]),
        counts.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** Unweighted raw rows. */
  public static Dataset of(List<Variable> variables, int[][] rawRows) {
    return of(variables, rawRows, null);
  }

  public List<Variable> variables() {
    return variables;
  }

  /** The column index of a variable, or −1. */
  public int indexOf(String name) {
    for (int v = 0; v < variables.size(); v++) {
      if (variables.get(v).name().equals(name)) {
        return v;
      }
    }
    return -1;
  }

  /** The number of distinct rows. */
  public int distinctRows() {
    return rows.length;
  }

  /** Distinct row {@code r} (not a copy: do not modify). */
  public int[] row(int r) {
    return rows[r];
  }

  /** The weight of distinct row {@code r}. */
  public double count(int r) {
    return counts[r];
  }

  /** The total weight n. */
  public double size() {
    return size;
  }

  /** Whether any cell is missing. */
  public boolean hasMissing() {
    return hasMissing;
  }

  /**
   * How many rows of the file were left out because a cell was missing (complete-case analysis,
   * {@link ReadSettings#completeCases}); 0 when none were.
   */
  public long incompleteRowsDropped() {
    return incompleteRowsDropped;
  }

  /** This data set, recording that {@code rows} incomplete rows were dropped to make it. */
  public Dataset withIncompleteRowsDropped(long rows) {
    if (rows < 0) {
      throw new InvalidInputException("a number of dropped rows must be >= 0, got " + rows);
    }
    return new Dataset(variables, this.rows, counts, rows);
  }

}
