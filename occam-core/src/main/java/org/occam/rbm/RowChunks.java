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
}
