package org.occam.rbm;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.RandomStreams;

/**
 * Binary data for an {@link Rbm}: N items of V named 0/1 columns, held as distinct rows with whole
 * counts (the form every likelihood loop runs over), together with the order the items came in, so
 * that "the first n items" and a shuffle of the individual items mean what they say. Immutable.
 *
 * <p>Counts are whole numbers ({@code long}), not weights: cross-validation splits individual items
 * between folds, and {@link PersistentContrastiveDivergence} draws items in proportion to whole
 * counts.
 *
 * <pre>{@code
 * RbmData words = RbmCsvReader.read(Path.of("data/sotu_chunks100_w100.csv"),
 *     RbmCsvReader.Selection.mostFrequent(5), null);
 * RbmData.Folds folds = words.folds(10, 42L);
 * RbmData.Fold first = folds.get(0);   // first.train(): 9/10 of the items, first.test(): the rest
 * }</pre>
 */
public final class RbmData implements java.io.Serializable {
  private static final long serialVersionUID = 1L;
  private final List<String> columnNames;
  /** The distinct rows, in order of first appearance. */
  private final int[][] rows;
  private final long[] counts;
  private final long total;
  /**
   * The items in their given order, run-length encoded: run r is {@code runCounts[r]} copies of
   * distinct row {@code runRows[r]}. An unweighted input has one run per item.
   */
  private final int[] runRows;
  private final long[] runCounts;
  /** The distinct rows' ones by row and by column, made at first use and shared by the trainers and objectives. */
  private transient volatile RowChunks.Sparse sparse;

  private RbmData(List<String> columnNames, int[][] rows, long[] counts, int[] runRows, long[] runCounts) {
    this.columnNames = columnNames;
    this.rows = rows;
    this.counts = counts;
    this.runRows = runRows;
    this.runCounts = runCounts;
    long n = 0;
    for (long c : counts) {
      n = Math.addExact(n, c);
    }
    this.total = n;
  }

  /** Every row counted once, columns named {@code x0 … x(V−1)}. */
  public static RbmData of(int[][] rows) {
    return of(rows, null);
  }

  /** Rows with counts, columns named {@code x0 … x(V−1)}. */
  public static RbmData of(int[][] rows, long[] rowCounts) {
    if (rows.length == 0) {
      throw new InvalidInputException("need at least one data row");
    }
    List<String> names = new ArrayList<>();
    for (int i = 0; i < rows[0].length; i++) {
      names.add("x" + i);
    }
    return of(names, rows, rowCounts);
  }

  /**
   * The binary pattern of a row of V ≤ 30 units as a number: bit i is {@code x[i]} (the index of
   * {@link #ofPatternCounts}).
   */
  public static int pattern(int[] x) {
    int c = 0;
    for (int i = 0; i < x.length; i++) {
      c |= x[i] << i;
    }
    return c;
  }

  /**
   * Rows given as counts of their patterns: {@code counts[c]} rows whose pattern ({@link #pattern})
   * is c, the patterns that occur in ascending order, columns named {@code x1 … xV}.
   *
   * @param visibleCount V, with {@code counts.length == 2^V}
   */
  public static RbmData ofPatternCounts(int visibleCount, long[] counts) {
    if (counts.length != 1 << visibleCount) {
      throw new IllegalArgumentException("need 2^" + visibleCount + " pattern counts, got " + counts.length);
    }
    int distinct = 0;
    for (long c : counts) {
      distinct += c > 0 ? 1 : 0;
    }
    int[][] rows = new int[distinct][];
    long[] kept = new long[distinct];
    int d = 0;
    for (int c = 0; c < counts.length; c++) {
      if (counts[c] > 0) {
        rows[d] = new int[visibleCount];
        for (int i = 0; i < visibleCount; i++) {
          rows[d][i] = c >>> i & 1;
        }
        kept[d++] = counts[c];
      }
    }
    List<String> names = new ArrayList<>();
    for (int i = 1; i <= visibleCount; i++) {
      names.add("x" + i);
    }
    return of(names, rows, kept);
  }

  /**
   * @param columnNames V distinct, non-empty names
   * @param rows the items (or rows of a table), each V values 0/1 (not modified); repeated rows are
   *     merged, keeping the order the items came in
   * @param rowCounts how often each row occurs (≥ 0, not all 0), or null for once each (not modified)
   * @throws IllegalArgumentException naming the first row or unit that is wrong
   */
  public static RbmData of(List<String> columnNames, int[][] rows, long[] rowCounts) {
    int v = columnNames.size();
    if (v < 1) {
      throw new InvalidInputException("need at least one column");
    }
    Set<String> seen = new HashSet<>();
    for (String name : columnNames) {
      if (name == null || name.isEmpty()) {
        throw new InvalidInputException("column names must be non-empty");
      }
      if (!seen.add(name)) {
        throw new InvalidInputException("duplicate column name '" + name + "'");
      }
    }
    if (rows.length == 0) {
      throw new InvalidInputException("need at least one data row");
    }
    if (rowCounts != null && rowCounts.length != rows.length) {
      throw new InvalidInputException("need one count per row (" + rows.length + "), got " + rowCounts.length);
    }
    Map<org.occam.data.RowKey, Integer> index = new HashMap<>();
    List<int[]> distinct = new ArrayList<>();
    List<Long> distinctCounts = new ArrayList<>();
    int[] runRows = new int[rows.length];
    long[] runCounts = new long[rows.length];
    int runs = 0;
    for (int n = 0; n < rows.length; n++) {
      int[] x = rows[n];
      if (x.length != v) {
        throw new InvalidInputException("row " + n + " has " + x.length + " values, expected " + v);
      }
      for (int i = 0; i < v; i++) {
        if (x[i] != 0 && x[i] != 1) {
          throw new InvalidInputException("row " + n + ", column " + columnNames.get(i) + " must be 0 or 1, got "
              + x[i]);
        }
      }
      long c = rowCounts == null ? 1 : rowCounts[n];
      if (c < 0) {
        throw new InvalidInputException("count of row " + n + " is negative: " + c);
      }
      if (c == 0) {
        continue;
      }
      org.occam.data.RowKey key = new org.occam.data.RowKey(x.clone());
      Integer d = index.get(key);
      if (d == null) {
        d = distinct.size();
        index.put(key, d);
        distinct.add(key.row());
        distinctCounts.add(c);
      } else {
        distinctCounts.set(d, Math.addExact(distinctCounts.get(d), c));
      }
      runRows[runs] = d;
      runCounts[runs] = c;
      runs++;
    }
    if (distinct.isEmpty()) {
      throw new InvalidInputException("all counts are zero");
    }
    return new RbmData(List.copyOf(columnNames), distinct.toArray(new int[0][]),
        distinctCounts.stream().mapToLong(Long::longValue).toArray(), Arrays.copyOf(runRows, runs),
        Arrays.copyOf(runCounts, runs));
  }

  /** V, the number of columns (visible units). */
  public int visibleCount() {
    return columnNames.size();
  }

  /** The column names, in order. */
  public List<String> columnNames() {
    return columnNames;
  }

  /** N, the number of items (counts summed). */
  public long size() {
    return total;
  }

  /** The number of distinct rows. */
  public int distinctRowCount() {
    return rows.length;
  }

  /** Distinct row d (a copy). */
  public int[] row(int d) {
    return rows[d].clone();
  }

  /** How often distinct row d occurs. */
  public long count(int d) {
    return counts[d];
  }

  /** The distinct rows (deep copy), in order of first appearance. */
  public int[][] rows() {
    int[][] out = new int[rows.length][];
    for (int d = 0; d < rows.length; d++) {
      out[d] = rows[d].clone();
    }
    return out;
  }

  /** The counts of the distinct rows (a copy). */
  public long[] counts() {
    return counts.clone();
  }

  /**
   * The distinct rows themselves, not a copy: for this package's trainers and objectives, which only
   * read them, so that every one of them over these data holds the same table. Do not modify.
   */
  int[][] sharedRows() {
    return rows;
  }

  /** The counts of the distinct rows themselves, not a copy (see {@link #sharedRows}). Do not modify. */
  long[] sharedCounts() {
    return counts;
  }

  /** How many items have a 1 in each column. */
  public long[] columnOnes() {
    long[] ones = new long[visibleCount()];
    for (int d = 0; d < rows.length; d++) {
      for (int i = 0; i < ones.length; i++) {
        if (rows[d][i] != 0) {
          ones[i] += counts[d];
        }
      }
    }
    return ones;
  }

  /**
   * The distinct rows' ones, by row and by column (package-private: PCD's and the exact likelihood's
   * data terms), computed once per data set; two threads asking at once may both compute the same
   * immutable index.
   */
  RowChunks.Sparse sparse() {
    RowChunks.Sparse s = sparse;
    if (s == null) {
      s = RowChunks.Sparse.of(rows, visibleCount());
      sparse = s;
    }
    return s;
  }

  /** A PCD trainer on these data, reading this table (no copy of it). */
  public PersistentContrastiveDivergence trainer() {
    return new PersistentContrastiveDivergence(this);
  }

  /**
   * {@code Σ_n log Z(x_n, λ)}, the unnormalised log-likelihood: subtract {@code N log Z(λ)} for
   * {@code Σ_n log p(x_n | λ)}.
   */
  public double sumLogZGivenVisible(Rbm rbm) {
    if (rbm.visibleCount() != visibleCount()) {
      throw new InvalidInputException("the data have V=" + visibleCount() + " columns, the RBM has "
          + rbm.visibleCount() + " visible units");
    }
    double s = 0;
    for (int d = 0; d < rows.length; d++) {
      s += counts[d] * rbm.logZGivenVisible(rows[d]);
    }
    return s;
  }

  // ------------------------------------------------------------------ columns

  /**
   * The named columns, in the order given.
   *
   * @throws IllegalArgumentException for an unknown or repeated name
   */
  public RbmData selectColumns(List<String> names) {
    int[] at = new int[names.size()];
    for (int j = 0; j < at.length; j++) {
      at[j] = columnNames.indexOf(names.get(j));
      if (at[j] < 0) {
        throw new InvalidInputException("no column '" + names.get(j) + "'; the columns are "
            + abbreviated(columnNames));
      }
    }
    return selectColumns(at);
  }

  /**
   * The columns at the given indices, in the order given.
   *
   * @throws IllegalArgumentException for an index out of range, a repeated index or none
   */
  public RbmData selectColumns(int[] indices) {
    if (indices.length == 0) {
      throw new InvalidInputException("select at least one column");
    }
    List<String> names = new ArrayList<>();
    for (int i : indices) {
      if (i < 0 || i >= visibleCount()) {
        throw new InvalidInputException("column index " + i + " out of range 0.." + (visibleCount() - 1));
      }
      if (names.contains(columnNames.get(i))) {
        throw new InvalidInputException("column " + columnNames.get(i) + " selected twice");
      }
      names.add(columnNames.get(i));
    }
    // projected rows may coincide, so the items are re-merged through the public constructor
    int[][] projected = new int[runRows.length][indices.length];
    for (int r = 0; r < runRows.length; r++) {
      int[] x = rows[runRows[r]];
      for (int j = 0; j < indices.length; j++) {
        projected[r][j] = x[indices[j]];
      }
    }
    return of(names, projected, runCounts);
  }

  /**
   * The m columns with the most 1s (Chen &amp; Welling 2013, section 4.1, keep the 5 most frequent
   * words), in their original order; ties go to the earlier column.
   *
   * @throws IllegalArgumentException unless 1 ≤ m ≤ V
   */
  public RbmData mostFrequentColumns(int m) {
    int v = visibleCount();
    if (m < 1 || m > v) {
      throw new InvalidInputException("asked for the " + m + " most frequent columns of " + v);
    }
    long[] ones = columnOnes();
    Integer[] byFrequency = new Integer[v];
    for (int i = 0; i < v; i++) {
      byFrequency[i] = i;
    }
    // a stable sort keeps the earlier column first among equals
    Arrays.sort(byFrequency, (a, b) -> Long.compare(ones[b], ones[a]));
    int[] chosen = new int[m];
    for (int j = 0; j < m; j++) {
      chosen[j] = byFrequency[j];
    }
    Arrays.sort(chosen);
    return selectColumns(chosen);
  }

  // ------------------------------------------------------------------ subsets

  /**
   * The first n items in the order given.
   *
   * @throws IllegalArgumentException unless 1 ≤ n ≤ N
   */
  public RbmData head(long n) {
    checkSubsetSize(n);
    int[] keepRows = new int[runRows.length];
    long[] keepCounts = new long[runRows.length];
    int runs = 0;
    long left = n;
    for (int r = 0; r < runRows.length && left > 0; r++) {
      long c = Math.min(left, runCounts[r]);
      keepRows[runs] = runRows[r];
      keepCounts[runs] = c;
      runs++;
      left -= c;
    }
    return derive(Arrays.copyOf(keepRows, runs), Arrays.copyOf(keepCounts, runs));
  }

  /**
   * n items drawn without replacement, each subset equally likely, from a stream seeded with
   * {@code seed}; the items keep their original order.
   *
   * @throws IllegalArgumentException unless 1 ≤ n ≤ N
   * @throws IllegalStateException if N is too large to shuffle item by item (over 2^31 − 9)
   */
  public RbmData randomSubset(long n, long seed) {
    checkSubsetSize(n);
    int[] shuffled = shuffledPositions(RandomStreams.fromSeed(seed));
    boolean[] keep = new boolean[shuffled.length];
    for (int j = 0; j < n; j++) {
      keep[shuffled[j]] = true;
    }
    return itemsWhere(p -> keep[p]);
  }

  private void checkSubsetSize(long n) {
    if (n < 1 || n > total) {
      throw new InvalidInputException("a subset needs between 1 and N=" + total + " items, got " + n);
    }
  }

  // ------------------------------------------------------------------ folds

  /**
   * A split of the items into k folds for cross-validation: the N items are shuffled by a stream
   * seeded with {@code seed} (Fisher–Yates), and fold f takes the next {@code ⌊N/k⌋ + 1} items if
   * {@code f < N mod k}, else {@code ⌊N/k⌋}; so every item is in exactly one test fold and test sizes
   * differ by at most 1. The same data in the same order with the same seed give the same split.
   *
   * @throws IllegalArgumentException unless 2 ≤ k ≤ N
   * @throws IllegalStateException if N is too large to shuffle item by item (over 2^31 − 9)
   */
  public Folds folds(int k, long seed) {
    if (k < 2 || k > total) {
      throw new InvalidInputException("need 2 <= k <= N=" + total + " folds, got " + k);
    }
    int[] shuffled = shuffledPositions(RandomStreams.fromSeed(seed));
    int[] foldOf = new int[shuffled.length];
    int base = shuffled.length / k;
    int extra = shuffled.length % k;
    int j = 0;
    for (int f = 0; f < k; f++) {
      int size = base + (f < extra ? 1 : 0);
      for (int e = 0; e < size; e++) {
        foldOf[shuffled[j++]] = f;
      }
    }
    return new Folds(this, k, seed, foldOf);
  }

  /** One fold: the model is trained on {@code train} and scored on {@code test}. */
  public record Fold(int index, RbmData train, RbmData test) {}

  /**
   * A k-fold split; {@link #get} builds fold f's train and test data when asked, so only the folds
   * in use are held in memory.
   */
  public static final class Folds {
    private final RbmData data;
    private final int count;
    private final long seed;
    /** The fold of each item, by position in the given order. */
    private final int[] foldOf;

    private Folds(RbmData data, int count, long seed, int[] foldOf) {
      this.data = data;
      this.count = count;
      this.seed = seed;
      this.foldOf = foldOf;
    }

    /** k. */
    public int count() {
      return count;
    }

    /** The seed of the shuffle. */
    public long seed() {
      return seed;
    }

    /** The data that were split. */
    public RbmData data() {
      return data;
    }

    /** Fold f: test = the items assigned to f, train = all others, each in the original order. */
    public Fold get(int f) {
      if (f < 0 || f >= count) {
        throw new IndexOutOfBoundsException("fold " + f + " of " + count);
      }
      return new Fold(f, data.itemsWhere(p -> foldOf[p] != f), data.itemsWhere(p -> foldOf[p] == f));
    }

    /** Every fold, in order. */
    public List<Fold> all() {
      List<Fold> out = new ArrayList<>(count);
      for (int f = 0; f < count; f++) {
        out.add(get(f));
      }
      return Collections.unmodifiableList(out);
    }

    @Override
    public String toString() {
      return "RbmData.Folds[k=" + count + ", seed=" + seed + ", N=" + data.total + "]";
    }
  }

  // ------------------------------------------------------------------ item-level helpers

  /**
   * The positions 0…N−1 of the individual items, shuffled by Fisher–Yates with {@code rng}.
   * Identical items are interchangeable, so only which distinct row sits at each position matters.
   */
  private int[] shuffledPositions(UniformRandomProvider rng) {
    if (total > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("N=" + total + " items are too many to shuffle one by one");
    }
    return org.occam.math.RandomStreams.permutation((int) total, rng);
  }

  private interface PositionFilter {
    boolean keep(int position);
  }

  /** The items whose position (in the given order) passes the filter, in their order. */
  private RbmData itemsWhere(PositionFilter filter) {
    int[] keepRows = new int[(int) Math.min(total, Integer.MAX_VALUE - 8)];
    long[] keepCounts = new long[keepRows.length];
    int runs = 0;
    int position = 0;
    for (int r = 0; r < runRows.length; r++) {
      for (long c = 0; c < runCounts[r]; c++, position++) {
        if (!filter.keep(position)) {
          continue;
        }
        if (runs > 0 && keepRows[runs - 1] == runRows[r]) {
          keepCounts[runs - 1]++;
        } else {
          keepRows[runs] = runRows[r];
          keepCounts[runs] = 1;
          runs++;
        }
      }
    }
    if (runs == 0) {
      throw new IllegalStateException("no items selected");
    }
    return derive(Arrays.copyOf(keepRows, runs), Arrays.copyOf(keepCounts, runs));
  }

  /** Data of the given runs over this data's distinct rows, renumbered by first appearance. */
  private RbmData derive(int[] parentRuns, long[] parentRunCounts) {
    int[] newIndex = new int[rows.length];
    Arrays.fill(newIndex, -1);
    List<int[]> distinct = new ArrayList<>();
    List<Long> distinctCounts = new ArrayList<>();
    int[] runRows = new int[parentRuns.length];
    for (int r = 0; r < parentRuns.length; r++) {
      int d = parentRuns[r];
      if (newIndex[d] < 0) {
        newIndex[d] = distinct.size();
        distinct.add(rows[d]);
        distinctCounts.add(0L);
      }
      int e = newIndex[d];
      distinctCounts.set(e, distinctCounts.get(e) + parentRunCounts[r]);
      runRows[r] = e;
    }
    return new RbmData(columnNames, distinct.toArray(new int[0][]),
        distinctCounts.stream().mapToLong(Long::longValue).toArray(), runRows, parentRunCounts);
  }

  static String abbreviated(List<String> names) {
    if (names.size() <= 12) {
      return String.join(", ", names);
    }
    return String.join(", ", names.subList(0, 10)) + ", … (" + names.size() + " in all)";
  }

  @Override
  public String toString() {
    return "RbmData[V=" + visibleCount() + ", N=" + total + ", distinct=" + rows.length + "]";
  }
}
