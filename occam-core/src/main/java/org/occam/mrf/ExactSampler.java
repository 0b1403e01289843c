package org.occam.mrf;

import org.occam.data.InvalidInputException;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Independent exact samples from a {@link BoltzmannMachine} by forward sampling through a
 * calibrated junction tree (Dawid 1992, "Applications of a general propagation algorithm for
 * probabilistic expert systems", Statistics and Computing 2): draw the root clique from its
 * marginal {@code p(x_r)}, then, parents before children, each clique's remaining variables from
 * {@code p(x_c \ s | x_s) = p(x_c) / p(x_s)} given its separator's values already drawn. By the
 * running-intersection property this is the joint {@code p(x)}. Each clique costs one uniform
 * variate and a binary search of its conditional table, so a row costs {@code O(Σ_c |C_c|)}.
 * Immutable; share one sampler between threads, each with its own stream.
 *
 * <p>Example:
 *
 * <pre>{@code
 * ExactSampler s = JunctionTree.run(model).sampler();
 * ExactSampler.DistinctRows d = s.sampleDistinct(200_000, RandomStreams.fromSeed(42));
 * }</pre>
 */
public final class ExactSampler {
  private final int variables;
  private final int[] order;
  private final int[][] separatorVars;
  private final int[][] freeVars;
  /**
   * Per clique, the conditional CDF of its free variables given each separator configuration s,
   * in blocks of 2^|free| from {@code s << |free|}; from the last cell with mass on, +∞, so a
   * search for the first cell above u ∈ [0, 1) never returns a cell of probability zero.
   */
  private final double[][] cdf;

  ExactSampler(CliqueTree tree, double[][] cliqueMarginal) {
    variables = tree.graph().vertexCount();
    int n = tree.cliqueCount();
    order = tree.preOrder.clone();
    separatorVars = new int[n][];
    freeVars = new int[n][];
    cdf = new double[n][];
    for (int c = 0; c < n; c++) {
      int[] vars = tree.vars[c];
      int[] sep = tree.parent[c] < 0 ? new int[0] : tree.separator[c];
      int[] free = new int[vars.length - sep.length];
      int[] freeBit = new int[vars.length];
      int k = 0;
      for (int t = 0; t < vars.length; t++) {
        if (Arrays.binarySearch(sep, vars[t]) < 0) {
          freeBit[t] = 1 << k;
          free[k++] = vars[t];
        }
      }
      separatorVars[c] = sep.clone();
      freeVars[c] = free;
      double[] p = cliqueMarginal[c];
      int[] toSeparator = tree.parent[c] < 0 ? null : tree.childToSeparator[c];
      int[] freeIndex = new int[p.length];
      double[] table = new double[p.length];
      for (int mask = 0; mask < p.length; mask++) {
        if (mask > 0) {
          freeIndex[mask] = freeIndex[mask & (mask - 1)] | freeBit[Integer.numberOfTrailingZeros(mask)];
        }
        int s = toSeparator == null ? 0 : toSeparator[mask];
        table[(s << free.length) | freeIndex[mask]] = p[mask];
      }
      int block = 1 << free.length;
      for (int from = 0; from < table.length; from += block) {
        toConditionalCdf(table, from, from + block);
      }
      cdf[c] = table;
    }
  }

  /** Exact samples from a model via its junction tree (default clique size limit). */
  public static ExactSampler of(BoltzmannMachine model) {
    return JunctionTree.run(model).sampler();
  }

  private static void toConditionalCdf(double[] t, int from, int to) {
    double total = 0;
    int last = from;
    for (int i = from; i < to; i++) {
      if (t[i] > 0) {
        last = i;
      }
      total += t[i];
      t[i] = total;
    }
    if (total > 0) {
      for (int i = from; i < last; i++) {
        t[i] /= total;
      }
    }
    Arrays.fill(t, last, to, Double.POSITIVE_INFINITY);
  }

  /** The number of variables V in a row. */
  public int variableCount() {
    return variables;
  }

  /**
   * Draws one configuration.
   *
   * @param x the row, length V (modified: every cell is overwritten with 0 or 1)
   */
  public void draw(UniformRandomProvider rng, int[] x) {
    if (x.length != variables) {
      throw new InvalidInputException("a row has " + variables + " cells, got an array of " + x.length);
    }
    for (int c : order) {
      int[] sep = separatorVars[c];
      int s = 0;
      for (int t = 0; t < sep.length; t++) {
        s |= x[sep[t]] << t;
      }
      int[] free = freeVars[c];
      double[] cum = cdf[c];
      int lo = s << free.length;
      int hi = lo + (1 << free.length) - 1;
      double u = rng.nextDouble();
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (u < cum[mid]) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      int config = lo & ((1 << free.length) - 1);
      for (int t = 0; t < free.length; t++) {
        x[free[t]] = (config >>> t) & 1;
      }
    }
  }

  /**
   * Draws {@code n} independent rows.
   *
   * @return n × V values in {0, 1}
   */
  public int[][] sample(int n, UniformRandomProvider rng) {
    requireCount(n);
    int[][] out = new int[n][variables];
    for (int r = 0; r < n; r++) {
      draw(rng, out[r]);
    }
    return out;
  }

  /**
   * Distinct rows with counts, in order of first appearance.
   *
   * <p>Its arrays are not copied (they are large or read in hot loops): they belong to this record;
   * callers read them and never modify them.
   *
   * @param rows distinct configurations (each of length V)
   * @param counts how many of the draws were each row
   */
  public record DistinctRows(int[][] rows, long[] counts) {
    /** The total number of draws. */
    public long total() {
      long n = 0;
      for (long c : counts) {
        n += c;
      }
      return n;
    }
  }

  /**
   * Draws {@code n} independent rows and keeps only the distinct ones with their counts (the same
   * rows, from the same stream, as {@link #sample(int, UniformRandomProvider)}).
   */
  public DistinctRows sampleDistinct(long n, UniformRandomProvider rng) {
    if (n < 0) {
      throw new InvalidInputException("the number of rows must be >= 0, got " + n);
    }
    int words = (variables + 63) >>> 6;
    RowCounter counter = new RowCounter(words);
    int[] x = new int[variables];
    long[] packed = new long[words];
    for (long r = 0; r < n; r++) {
      draw(rng, x);
      Arrays.fill(packed, 0);
      for (int i = 0; i < variables; i++) {
        packed[i >>> 6] |= (long) x[i] << i;
      }
      counter.add(packed);
    }
    int[][] rows = new int[counter.size][variables];
    for (int d = 0; d < counter.size; d++) {
      for (int i = 0; i < variables; i++) {
        rows[d][i] = (int) ((counter.keys[d * words + (i >>> 6)] >>> i) & 1);
      }
    }
    return new DistinctRows(rows, Arrays.copyOf(counter.counts, counter.size));
  }

  private static void requireCount(int n) {
    if (n < 0) {
      throw new InvalidInputException("the number of rows must be >= 0, got " + n);
    }
  }

  /** Open-addressing counts of bit-packed rows, without boxing. */
  private static final class RowCounter {
    private final int words;
    long[] keys;
    long[] counts;
    int size;
    /** slots[h] = 1 + the index of the row there, 0 if empty. */
    private int[] slots = new int[64];

    RowCounter(int words) {
      this.words = words;
      keys = new long[16 * words];
      counts = new long[16];
    }

    void add(long[] key) {
      int mask = slots.length - 1;
      for (int h = hash(key) & mask; ; h = (h + 1) & mask) {
        int at = slots[h] - 1;
        if (at < 0) {
          insert(key, h);
          return;
        }
        if (Arrays.equals(keys, at * words, at * words + words, key, 0, words)) {
          counts[at]++;
          return;
        }
      }
    }

    private void insert(long[] key, int slot) {
      if (size == counts.length) {
        counts = Arrays.copyOf(counts, 2 * size);
        keys = Arrays.copyOf(keys, 2 * size * words);
      }
      System.arraycopy(key, 0, keys, size * words, words);
      counts[size] = 1;
      slots[slot] = ++size;
      if (2 * size > slots.length) {
        rehash();
      }
    }

    private void rehash() {
      slots = new int[2 * slots.length];
      int mask = slots.length - 1;
      long[] key = new long[words];
      for (int d = 0; d < size; d++) {
        System.arraycopy(keys, d * words, key, 0, words);
        int h = hash(key) & mask;
        while (slots[h] != 0) {
          h = (h + 1) & mask;
        }
        slots[h] = d + 1;
      }
    }

    private static int hash(long[] key) {
      long h = 0x9E3779B97F4A7C15L;
      for (long k : key) {
        h = (h ^ k) * 0xBF58476D1CE4E5B9L;
        h ^= h >>> 31;
      }
      return (int) (h ^ (h >>> 32));
    }
  }
}
