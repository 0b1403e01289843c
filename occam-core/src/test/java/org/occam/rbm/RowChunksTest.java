package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;

/**
 * The column index against the loops it replaces: a chunk's W sums unit by unit equal adding each
 * row's values at its ones, row by row, to the bit; and the combine adds the chunks in chunk order.
 */
class RowChunksTest {
  @Test
  void unitByUnitSumsAreRowByRowSumsToTheBitOverFreshSeeds() {
    double[] densities = {0, 0.01, 0.2, 0.7, 1};
    for (long seed = 0; seed < 4; seed++) {
      for (double density : densities) {
        UniformRandomProvider rng = RandomStreams.fromSeed(2026112937_000L + 100 * seed + (long) (100 * density));
        int v = 1 + rng.nextInt(50);
        int k = 1 + rng.nextInt(20);
        int n = 1 + rng.nextInt(3 * RowChunks.ROWS);
        int[] onesStart = new int[n + 1];
        int[] scratch = new int[n * v];
        int ones = 0;
        for (int d = 0; d < n; d++) {
          for (int i = 0; i < v; i++) {
            if (rng.nextDouble() < density) {
              scratch[ones++] = i;
            }
          }
          onesStart[d + 1] = ones;
        }
        int[] onesIndex = java.util.Arrays.copyOf(scratch, ones);
        RowChunks.Columns columns = RowChunks.Columns.of(onesStart, onesIndex, n, v);
        int chunks = RowChunks.count(n);
        assertThat(columns.unitStart()).hasSize(chunks + 1);
        double[][] unitByUnit = RowChunks.sums(chunks, v, k);
        double[][] rowByRow = RowChunks.sums(chunks, v, k);
        for (int c = 0; c < chunks; c++) {
          int first = c * RowChunks.ROWS;
          double[] values = new double[RowChunks.ROWS * k];
          for (int a = 0; a < values.length; a++) {
            values[a] = rng.nextDouble() - 0.3;
          }
          columns.addW(c, values, k, unitByUnit[c]);
          for (int d = first; d < RowChunks.end(c, n); d++) {
            for (int p = onesStart[d]; p < onesStart[d + 1]; p++) {
              for (int h = 0; h < k; h++) {
                rowByRow[c][onesIndex[p] * k + h] += values[(d - first) * k + h];
              }
            }
          }
          assertThat(unitByUnit[c]).as("seed %d, density %s, V=%d, K=%d, chunk %d", seed, density, v, k, c)
              .containsExactly(rowByRow[c]);
          for (int h = 0; h < k; h++) {
            unitByUnit[c][v * k + h] = rowByRow[c][v * k + h] = rng.nextDouble();
          }
        }
        double[] alpha = new double[v];
        java.util.Arrays.fill(alpha, 0.5);
        double[] out = new double[v * k + v + k];
        RowChunks.combine(unitByUnit, v, k, alpha, out);
        for (int a = 0; a < v * k; a++) {
          double expected = rowByRow[0][a];
          for (int c = 1; c < chunks; c++) {
            expected += rowByRow[c][a];
          }
          assertThat(out[a]).isEqualTo(expected);
        }
        for (int h = 0; h < k; h++) {
          double expected = rowByRow[0][v * k + h];
          for (int c = 1; c < chunks; c++) {
            expected += rowByRow[c][v * k + h];
          }
          assertThat(out[v * k + v + h]).isEqualTo(expected);
        }
        for (int i = 0; i < v; i++) {
          assertThat(out[v * k + i]).isEqualTo(0.5);
        }
      }
    }
  }
}
