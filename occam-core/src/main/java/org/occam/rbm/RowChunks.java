package org.occam.rbm;

/**
 * The fixed chunks of distinct data rows over which the RBM data terms (PCD's full batch,
 * {@link PersistentContrastiveDivergence}, and the exact likelihood's, {@link RbmLogLikelihood}) are
 * summed: each chunk's W and β sums are its own, and the chunks are added in chunk order, so the
 * numbers are the same on any number of threads.
 *
 * <p>A chunk's sums are laid out as {@code [W (V·K) | β (K) | padding]}; the padding keeps chunks on
 * different threads from writing one cache line (with the β sums written at every row next to the
 * following chunk's array, two threads on PCD ran no faster than one).
 */
final class RowChunks {
  /** Distinct rows per chunk. */
  static final int ROWS = 256;
  /** Doubles in 128 bytes: two cache lines, the span the adjacent-line prefetcher fetches together. */
  static final int PADDING = 16;

  private RowChunks() {}

  /** The number of chunks of {@code rows} rows (at least one). */
  static int count(int rows) {
    return Math.max(1, (rows + ROWS - 1) / ROWS);
  }

  /** One row past chunk c's last. */
  static int end(int c, int rows) {
    return Math.min(rows, (c + 1) * ROWS);
  }

  /** Zeroed, padded W and β sums for each chunk. */
  static double[][] sums(int chunks, int v, int k) {
    return new double[chunks][v * k + k + PADDING];
  }

  /**
   * The chunks' W and β sums added in chunk order, with {@code alpha} (length V) as the α part,
   * into {@code out} in an RBM's feature order (length F; overwritten).
   */
  static void combine(double[][] sums, int v, int k, double[] alpha, double[] out) {
    int vk = v * k;
    double[] first = sums[0];
    System.arraycopy(first, 0, out, 0, vk);
    System.arraycopy(alpha, 0, out, vk, v);
    System.arraycopy(first, vk, out, vk + v, k);
    for (int c = 1; c < sums.length; c++) {
      double[] sum = sums[c];
      for (int a = 0; a < vk; a++) {
        out[a] += sum[a];
      }
      for (int h = 0; h < k; h++) {
        out[vk + v + h] += sum[vk + h];
      }
    }
  }

  /**
   * The ones of the rows by column, chunk by chunk: chunk c's units with a one are
   * {@code units[unitStart[c] … unitStart[c + 1] − 1]}, ascending, and the j-th of those lists the
   * chunk's rows with that one, numbered from the chunk's first row, ascending, in
   * {@code rows[rowStart[j] … rowStart[j + 1] − 1]}. It lets a chunk's W sums go unit by unit, each in
   * registers ({@link #addW}), with the same additions in the same order as adding each row's values
   * at its ones: the same numbers without a store per one and hidden unit.
   */
  record Columns(int[] unitStart, int[] units, int[] rowStart, int[] rows) {
    /**
     * The index of rows given by their ones: row d's are {@code onesIndex[onesStart[d] …
     * onesStart[d + 1] − 1]}, ascending (a counting sort of each chunk's ones by unit; a unit
     * present in a chunk has at least one one there, so there are at most as many lists as ones).
     */
    static Columns of(int[] onesStart, int[] onesIndex, int rowCount, int v) {
      int chunks = count(rowCount);
      int ones = onesStart[rowCount];
      int[] unitStart = new int[chunks + 1];
      int[] rows = new int[ones];
      int[] units = new int[ones];
      int[] rowStart = new int[ones + 1];
      int[] perUnit = new int[v];
      int[] next = new int[v];
      int lists = 0;
      for (int c = 0, at = 0; c < chunks; c++) {
        int first = c * ROWS;
        int end = end(c, rowCount);
        java.util.Arrays.fill(perUnit, 0);
        for (int p = onesStart[first]; p < onesStart[end]; p++) {
          perUnit[onesIndex[p]]++;
        }
        for (int i = 0; i < v; i++) {
          if (perUnit[i] > 0) {
            units[lists] = i;
            rowStart[lists++] = at;
            next[i] = at;
            at += perUnit[i];
          }
        }
        unitStart[c + 1] = lists;
        for (int d = first; d < end; d++) {
          for (int p = onesStart[d]; p < onesStart[d + 1]; p++) {
            rows[next[onesIndex[p]]++] = d - first;
          }
        }
      }
      int[] starts = java.util.Arrays.copyOf(rowStart, lists + 1);
      starts[lists] = ones;
      return new Columns(unitStart, java.util.Arrays.copyOf(units, lists), starts, rows);
    }

    /**
     * {@code sum[i·K + k] += Σ values[r·K + k]} over chunk c's rows r with a one at unit i, in row
     * order, for every such unit i: the W part of a chunk's sums from each row's K values.
     */
    void addW(int c, double[] values, int k, double[] sum) {
      for (int j = unitStart[c]; j < unitStart[c + 1]; j++) {
        int at = units[j] * k;
        Rbm.sumRows(values, k, sum, at, rows, rowStart[j], rowStart[j + 1], sum, at);
      }
    }
  }

  /**
   * Distinct rows by their ones: row d's are {@code onesIndex[onesStart[d] … onesStart[d + 1] − 1]},
   * ascending; and the same ones by column, chunk by chunk.
   */
  record Sparse(int[] onesStart, int[] onesIndex, Columns columns) {
    /** The ones of 0/1 rows of V units. */
    static Sparse of(int[][] rows, int v) {
      int[] onesStart = new int[rows.length + 1];
      for (int d = 0; d < rows.length; d++) {
        int ones = 0;
        for (int x : rows[d]) {
          ones += x;
        }
        onesStart[d + 1] = onesStart[d] + ones;
      }
      int[] onesIndex = new int[onesStart[rows.length]];
      for (int d = 0, at = 0; d < rows.length; d++) {
        for (int i = 0; i < v; i++) {
          if (rows[d][i] != 0) {
            onesIndex[at++] = i;
          }
        }
      }
      return new Sparse(onesStart, onesIndex, Columns.of(onesStart, onesIndex, rows.length, v));
    }
  }
}
