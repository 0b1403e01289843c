package org.occam.mrf.hidden;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.mrf.MrfData;
import org.occam.mrf.PairwiseGraph;

/**
 * Binary data for a Boltzmann machine some of whose variables are hidden (never in the data) and
 * whose observed variables may have missing cells: distinct rows over all V variables, each cell
 * 0, 1 or {@link Dataset#MISSING}, with counts. Row n clamps its observed cells x_n and leaves the
 * rest free, so its likelihood term is {@code log Z(x_n, λ) − log Z(λ)} (Welling &amp; Parise 2006,
 * eqn 17): hidden variables and missing cells are summed out the same way.
 *
 * <p>The rows are grouped by the set of variables they clamp ({@link #patterns()}): with hidden
 * variables alone every row clamps the same set, so there is one pattern; each missing-cell pattern
 * adds one. Per-pattern work (the free subgraph, its clique tree) is done once. Rows that are equal
 * (after the hidden columns are blanked, say) are merged, their counts summed, in order of first
 * appearance; rows of count 0 are dropped. Immutable.
 */
public final class HiddenMrfData {
  private final PairwiseGraph graph;
  private final boolean[] hidden;
  private final int[][] x;
  private final double[] counts;
  private final double rows;
  private final List<Clamping> patterns;
  private final int[] patternOfRow;
  private final int[][] rowsOfPattern;

  private HiddenMrfData(PairwiseGraph graph, boolean[] hidden, int[][] x, double[] counts) {
    int v = graph.vertexCount();
    if (hidden.length != v) {
      throw new InvalidInputException("the graph has " + v + " variables but " + hidden.length + " hidden flags were given");
    }
    if (x.length != counts.length) {
      throw new InvalidInputException(x.length + " distinct rows but " + counts.length + " counts");
    }
    this.graph = graph;
    this.hidden = hidden.clone();
    Map<List<Integer>, Integer> distinct = new HashMap<>();
    List<int[]> kept = new ArrayList<>();
    List<Double> weights = new ArrayList<>();
    double n = 0;
    for (int r = 0; r < x.length; r++) {
      int[] row = x[r];
      if (row.length != v) {
        throw new InvalidInputException("row " + r + " has " + row.length + " values for " + v + " variables");
      }
      double c = counts[r];
      if (!(c >= 0 && c < Double.POSITIVE_INFINITY)) {
        throw new InvalidInputException("row " + r + " has count " + c);
      }
      for (int i = 0; i < v; i++) {
        int s = row[i];
        if (s != 0 && s != 1 && s != Dataset.MISSING) {
          throw new InvalidInputException("row " + r + " has value " + s + " for binary variable " + i);
        }
        if (hidden[i] && s != Dataset.MISSING) {
          throw new InvalidInputException("row " + r + " has a value for hidden variable " + i);
        }
      }
      if (c == 0) {
        continue;
      }
      n += c;
      List<Integer> key = Arrays.stream(row).boxed().toList();
      Integer at = distinct.get(key);
      if (at == null) {
        distinct.put(key, kept.size());
        kept.add(row.clone());
        weights.add(c);
      } else {
        weights.set(at, weights.get(at) + c);
      }
    }
    this.x = kept.toArray(new int[0][]);
    this.counts = weights.stream().mapToDouble(Double::doubleValue).toArray();
    Map<BitSet, Integer> index = new LinkedHashMap<>();
    List<List<Integer>> members = new ArrayList<>();
    patternOfRow = new int[this.x.length];
    for (int r = 0; r < this.x.length; r++) {
      BitSet observed = new BitSet(v);
      for (int i = 0; i < v; i++) {
        if (this.x[r][i] != Dataset.MISSING) {
          observed.set(i);
        }
      }
      Integer p = index.get(observed);
      if (p == null) {
        p = members.size();
        index.put(observed, p);
        members.add(new ArrayList<>());
      }
      members.get(p).add(r);
      patternOfRow[r] = p;
    }
    if (!(n > 0)) {
      throw new InvalidInputException("need at least one row, got total weight " + n);
    }
    this.rows = n;
    List<Clamping> list = new ArrayList<>();
    for (BitSet observed : index.keySet()) {
      boolean[] clamped = new boolean[v];
      for (int i = observed.nextSetBit(0); i >= 0; i = observed.nextSetBit(i + 1)) {
        clamped[i] = true;
      }
      list.add(new Clamping(graph, clamped));
    }
    patterns = List.copyOf(list);
    rowsOfPattern = new int[members.size()][];
    for (int p = 0; p < members.size(); p++) {
      rowsOfPattern[p] = members.get(p).stream().mapToInt(Integer::intValue).toArray();
    }
  }

  /**
   * Rows over all V variables (copied; equal rows merged, rows of count 0 dropped).
   *
   * @param hidden per vertex, whether it is hidden: {@link Dataset#MISSING} in every row
   * @param x {@code x[r][i]} ∈ {0, 1, {@link Dataset#MISSING}}
   * @param counts the weight of each row, finite and ≥ 0, positive in total
   * @throws InvalidInputException for a row of the wrong length, another value, a value for a hidden
   *     variable, a bad count or no weight at all
   */
  public static HiddenMrfData ofRows(PairwiseGraph graph, boolean[] hidden, int[][] x, double[] counts) {
    return new HiddenMrfData(graph, hidden, x, counts);
  }

  /**
   * The data of a data set whose column c is vertex {@code columnVertex[c]}; every vertex no
   * column names is hidden. Each column must have two states (state index 0 or 1); missing cells
   * are allowed and summed out.
   *
   * @throws InvalidInputException for a column count other than {@code columnVertex.length}, a
   *     vertex named twice or out of range, or a column with other than two states
   */
  public static HiddenMrfData of(PairwiseGraph graph, int[] columnVertex, Dataset data) {
    int v = graph.vertexCount();
    int columns = data.variables().size();
    if (columnVertex.length != columns) {
      throw new InvalidInputException("the data have " + columns + " columns but " + columnVertex.length
          + " were assigned to vertices");
    }
    boolean[] hidden = new boolean[v];
    Arrays.fill(hidden, true);
    for (int c = 0; c < columns; c++) {
      int i = columnVertex[c];
      if (i < 0 || i >= v) {
        throw new InvalidInputException("column " + data.variables().get(c).name() + " is assigned to vertex " + i
            + ", outside 0.." + (v - 1));
      }
      if (!hidden[i]) {
        throw new InvalidInputException("vertex " + i + " is assigned two columns");
      }
      hidden[i] = false;
      if (data.variables().get(c).cardinality() != 2) {
        throw new InvalidInputException("variable " + data.variables().get(c).name() + " has "
            + data.variables().get(c).cardinality() + " states; a Boltzmann machine needs binary variables");
      }
    }
    int[][] x = new int[data.distinctRows()][];
    double[] counts = new double[x.length];
    for (int r = 0; r < x.length; r++) {
      int[] row = new int[v];
      Arrays.fill(row, Dataset.MISSING);
      int[] cells = data.row(r);
      for (int c = 0; c < columns; c++) {
        row[columnVertex[c]] = cells[c];
      }
      x[r] = row;
      counts[r] = data.count(r);
    }
    return new HiddenMrfData(graph, hidden, x, counts);
  }

  /**
   * Fully observed data as data with no hidden variable (to check that the hidden-variable
   * quantities reduce to the fully observed ones).
   *
   * @throws InvalidInputException if the statistics were given without their rows
   */
  public static HiddenMrfData of(MrfData data) {
    if (!data.hasRows()) {
      throw new InvalidInputException("the fully observed data were given as feature means, without rows");
    }
    return new HiddenMrfData(data.graph(), new boolean[data.graph().vertexCount()], data.table().x(),
        data.table().counts());
  }

  public PairwiseGraph graph() {
    return graph;
  }

  /** Whether vertex i is hidden. */
  public boolean hidden(int i) {
    return hidden[i];
  }

  /** The number of hidden vertices. */
  public int hiddenCount() {
    int h = 0;
    for (boolean b : hidden) {
      h += b ? 1 : 0;
    }
    return h;
  }

  /** F = V + E. */
  public int featureCount() {
    return graph.vertexCount() + graph.edgeCount();
  }

  /** N, the total weight. */
  public double rows() {
    return rows;
  }

  /** The number of distinct rows. */
  public int distinctRows() {
    return x.length;
  }

  /** Distinct row r over all V variables (not a copy: do not modify). */
  public int[] row(int r) {
    return x[r];
  }

  /** The weight of distinct row r. */
  public double count(int r) {
    return counts[r];
  }

  /** The distinct sets of clamped variables, in order of first appearance. */
  public List<Clamping> patterns() {
    return patterns;
  }

  /** The index in {@link #patterns()} of distinct row r's clamping. */
  public int patternOf(int r) {
    return patternOfRow[r];
  }

  /** The distinct rows with clamping p, ascending (a fresh array). */
  public int[] rowsOf(int p) {
    return rowsOfPattern[p].clone();
  }

  @Override
  public String toString() {
    return "HiddenMrfData[" + graph + ", hidden=" + hiddenCount() + ", N=" + rows + ", distinct=" + x.length
        + ", patterns=" + patterns.size() + "]";
  }
}
