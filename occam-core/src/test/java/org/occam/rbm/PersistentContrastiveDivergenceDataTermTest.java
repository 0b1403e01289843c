package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;

/**
 * The sparse, chunked full-batch data term of {@link PersistentContrastiveDivergence} against the
 * dense one it replaced ({@code Σ_d (c_d / N) E[f | x_d]} through {@link Rbm#conditionalFeatureMeans}),
 * and PCD's λ on several thread counts.
 */
class PersistentContrastiveDivergenceDataTermTest {

  /** Rows of V units, each unit 1 with probability {@code density}, plus an all-0 and an all-1 row. */
  private static int[][] rows(int n, int v, double density, UniformRandomProvider rng) {
    int[][] out = new int[n + 2][v];
    for (int r = 0; r < n; r++) {
      for (int i = 0; i < v; i++) {
        out[r][i] = rng.nextDouble() < density ? 1 : 0;
      }
    }
    java.util.Arrays.fill(out[n + 1], 1);
    return out;
  }

  private static long[] counts(int n, UniformRandomProvider rng) {
    long[] c = new long[n];
    for (int r = 0; r < n; r++) {
      c[r] = 1 + rng.nextInt(5);
    }
    return c;
  }

  /** The dense data term as PCD computed it before: every row's F conditional means, scaled and added. */
  private static double[] denseDataMean(Rbm rbm, int[][] rows, long[] counts) {
    long total = 0;
    for (long c : counts) {
      total += c;
    }
    double[] sum = new double[rbm.featureCount()];
    double[] conditional = new double[rbm.featureCount()];
    for (int d = 0; d < rows.length; d++) {
      rbm.conditionalFeatureMeans(rows[d], conditional);
      double w = (double) counts[d] / total;
      for (int a = 0; a < sum.length; a++) {
        sum[a] += w * conditional[a];
      }
    }
    return sum;
  }

  @Test
  void sparseDataTermEqualsTheDenseOne() {
    double[] densities = {0, 0.02, 0.16, 0.3, 0.5, 0.9, 1};
    for (long seed = 1; seed <= 4; seed++) {
      for (double density : densities) {
        UniformRandomProvider rng = RandomStreams.fromSeed(1000 * seed + (long) (100 * density));
        int v = 5 + rng.nextInt(40);
        int k = 1 + rng.nextInt(9);
        // more than one chunk of 256 rows for the larger cases
        int n = seed % 2 == 0 ? 700 : 30;
        int[][] data = rows(n, v, density, rng);
        long[] c = counts(data.length, rng);
        Rbm rbm = RbmBruteForce.random(v, k, 3, rng);
        PersistentContrastiveDivergence pcd = new PersistentContrastiveDivergence(data, c);
        double[] dense = denseDataMean(rbm, data, c);
        double[] one = pcd.fullBatchDataMean(rbm, 1);
        double[] two = pcd.fullBatchDataMean(rbm, 2);
        double[] three = pcd.fullBatchDataMean(rbm, 3);
        for (int a = 0; a < dense.length; a++) {
          assertThat(one[a]).as("seed %d, density %s, V=%d, K=%d, %s", seed, density, v, k, rbm.featureName(a))
              .isCloseTo(dense[a], within(1e-12));
        }
        assertThat(two).containsExactly(one);
        assertThat(three).containsExactly(one);
        if (pcd.distinctRowCount() <= RowChunks.ROWS) {
          // one chunk: the same additions in the same order as the dense loop over the merged rows,
          // which only adds zeros besides
          RbmData merged = RbmData.of(data, c);
          assertThat(one).containsExactly(denseDataMean(rbm, merged.rows(), merged.counts()));
        }
      }
    }
  }

  /**
   * The term as it was computed before the W sums went unit by unit: per chunk of 256 merged rows,
   * each row's weighted σ added at its ones (a store per one and hidden unit), the chunks added in
   * chunk order. A copy of the old loops.
   */
  private static double[] rowByRowDataMean(Rbm rbm, RbmData merged) {
    int v = rbm.visibleCount();
    int k = rbm.hiddenCount();
    int vk = v * k;
    int[][] rows = merged.rows();
    long[] counts = merged.counts();
    long total = 0;
    for (long c : counts) {
      total += c;
    }
    double[] out = new double[rbm.featureCount()];
    double[] fields = new double[k];
    for (int c = 0; c < RowChunks.count(rows.length); c++) {
      double[] sum = new double[vk + k];
      for (int d = c * RowChunks.ROWS; d < RowChunks.end(c, rows.length); d++) {
        int[] ones = onesOf(rows[d]);
        Rbm.fieldsOfOnes(rbm.parameters(), v, k, ones, 0, ones.length, fields);
        double w = (double) counts[d] / total;
        for (int h = 0; h < k; h++) {
          fields[h] = w * org.occam.math.Logistic.sigmoid(fields[h]);
          sum[vk + h] += fields[h];
        }
        for (int i : ones) {
          for (int h = 0; h < k; h++) {
            sum[i * k + h] += fields[h];
          }
        }
      }
      for (int a = 0; a < vk; a++) {
        out[a] = c == 0 ? sum[a] : out[a] + sum[a];
      }
      for (int h = 0; h < k; h++) {
        out[vk + v + h] = c == 0 ? sum[vk + h] : out[vk + v + h] + sum[vk + h];
      }
    }
    // the α part, Σ_d (c_d / N) x_d in row order
    for (int d = 0; d < rows.length; d++) {
      for (int i : onesOf(rows[d])) {
        out[vk + i] += (double) counts[d] / total;
      }
    }
    return out;
  }

  /**
   * Summing the W part unit by unit over each chunk's rows gives the numbers of adding each row's σ
   * at its ones, to the bit, over several chunks (the last partial), on 1 and 3 threads, with empty
   * rows, full rows and units no row of a chunk has.
   */
  @Test
  void unitByUnitSumsAreTheRowByRowSumsToTheBit() {
    double[] densities = {0, 0.01, 0.16, 0.5, 1};
    for (long seed = 0; seed < 4; seed++) {
      for (double density : densities) {
        UniformRandomProvider rng = RandomStreams.fromSeed(2026112936_000L + 100 * seed + (long) (100 * density));
        int v = 3 + rng.nextInt(60);
        int k = 1 + rng.nextInt(18);
        int[][] data = rows(600 + rng.nextInt(400), v, density, rng);
        long[] c = counts(data.length, rng);
        Rbm rbm = RbmBruteForce.random(v, k, 2, rng);
        PersistentContrastiveDivergence pcd = new PersistentContrastiveDivergence(data, c);
        double[] expected = rowByRowDataMean(rbm, RbmData.of(data, c));
        assertThat(pcd.fullBatchDataMean(rbm, 1)).as("seed %d, density %s, V=%d, K=%d", seed, density, v, k)
            .containsExactly(expected);
        assertThat(pcd.fullBatchDataMean(rbm, 3)).containsExactly(expected);
      }
    }
  }

  @Test
  void trainingGivesTheSameParametersOnAnyNumberOfThreads() {
    UniformRandomProvider data = RandomStreams.fromSeed(77);
    int v = 30;
    int[][] rows = rows(900, v, 0.2, data);
    PersistentContrastiveDivergence pcd = new PersistentContrastiveDivergence(rows);
    assertThat(pcd.distinctRowCount()).isGreaterThan(3 * RowChunks.ROWS);
    PersistentContrastiveDivergence.Settings s = PersistentContrastiveDivergence.Settings.defaults()
        .withIterations(300).withChains(20).withTrace(100, 0);
    double[] one = pcd.train(4, s, RandomStreams.fromSeed(5), 1, null).rbm().parameters();
    double[] two = pcd.train(4, s, RandomStreams.fromSeed(5), 2, null).rbm().parameters();
    double[] four = pcd.train(4, s, RandomStreams.fromSeed(5), 4, null).rbm().parameters();
    double[] seeded = pcd.train(4, s, 5L, null).rbm().parameters();
    assertThat(two).containsExactly(one);
    assertThat(four).containsExactly(one);
    assertThat(seeded).containsExactly(one);
    // mini-batches (drawn from the same stream as the chains) and several sweeps per update
    PersistentContrastiveDivergence.Settings b = s.withBatchSize(50).withGibbsSweepsPerUpdate(2).withChains(33);
    double[] batchOne = pcd.train(4, b, RandomStreams.fromSeed(6), 1, null).rbm().parameters();
    double[] batchThree = pcd.train(4, b, RandomStreams.fromSeed(6), 3, null).rbm().parameters();
    assertThat(batchThree).containsExactly(batchOne);
  }

  @Test
  void sparseMiniBatchTermEqualsTheDenseOne() {
    for (long seed = 1; seed <= 3; seed++) {
      UniformRandomProvider rng = RandomStreams.fromSeed(seed);
      int v = 12;
      int k = 3;
      int[][] data = RbmData.of(rows(40, v, 0.3, rng)).rows(); // distinct, so row d of the trainer is data[d]
      PersistentContrastiveDivergence pcd = new PersistentContrastiveDivergence(data);
      assertThat(pcd.distinctRowCount()).isEqualTo(data.length);
      Rbm rbm = RbmBruteForce.random(v, k, 3, rng);
      int[] batch = new int[25];
      int[][] drawn = new int[batch.length][];
      for (int b = 0; b < batch.length; b++) {
        batch[b] = rng.nextInt(data.length);
        drawn[b] = data[batch[b]];
      }
      long[] ones = new long[batch.length];
      java.util.Arrays.fill(ones, 1);
      double[] dense = denseDataMean(rbm, drawn, ones);
      double[] sparse = pcd.batchDataMean(rbm, batch);
      for (int a = 0; a < dense.length; a++) {
        assertThat(sparse[a]).as("seed %d, %s", seed, rbm.featureName(a)).isCloseTo(dense[a], within(1e-12));
      }
      // the same additions in the same order as the dense loop, which only adds zeros besides
      assertThat(sparse).containsExactly(dense);
    }
  }

  /** Counts what PCD draws from the caller's generator. */
  private static final class Counting implements UniformRandomProvider {
    private final UniformRandomProvider inner;
    long doubles;
    long rows;

    Counting(UniformRandomProvider inner) {
      this.inner = inner;
    }

    @Override
    public long nextLong() {
      throw new AssertionError("PCD draws doubles and bounded longs only");
    }

    @Override
    public long nextLong(long n) {
      rows++;
      return inner.nextLong(n);
    }

    @Override
    public double nextDouble() {
      doubles++;
      return inner.nextDouble();
    }
  }

  @Test
  void updatesDrawTheirRandomNumbersAheadButNoneBeyondTheLastUpdate() {
    int v = 15;
    int k = 3;
    int m = 7;
    int b = 11;
    PersistentContrastiveDivergence pcd = new PersistentContrastiveDivergence(rows(300, v, 0.3,
        RandomStreams.fromSeed(91)));
    Rbm initial = RbmBruteForce.random(v, k, 0.1, RandomStreams.fromSeed(92));
    for (int iterations : new int[] {1, 2, 7}) {
      for (int threads : new int[] {1, 2}) {
        Counting rng = new Counting(RandomStreams.fromSeed(93));
        PersistentContrastiveDivergence.Settings s = PersistentContrastiveDivergence.Settings.defaults()
            .withIterations(iterations).withChains(m).withBatchSize(b).withGibbsSweepsPerUpdate(2).withTrace(100, 0);
        pcd.train(initial, s, rng, threads, null);
        // the chains' starting rows, then per update the mini-batch's rows and 2 sweeps of K + V uniforms a chain
        assertThat(rng.rows).as("%d updates on %d threads", iterations, threads).isEqualTo(m + (long) iterations * b);
        assertThat(rng.doubles).as("%d updates on %d threads", iterations, threads)
            .isEqualTo((long) iterations * m * 2 * (k + v));
      }
    }
  }

  @Test
  void aChainSweepFromItsOnesIsTheDenseSweepWithTheSameUniforms() {
    for (long seed = 31; seed <= 34; seed++) {
      UniformRandomProvider rng = RandomStreams.fromSeed(seed);
      int v = 40;
      int k = 5;
      // large enough weights that some fields leave the logistic table (|a| ≥ 20)
      Rbm rbm = RbmBruteForce.random(v, k, 6, rng);
      RbmGibbsSampler sampler = new RbmGibbsSampler(rbm);
      double[] byHidden = rbm.weightsByHidden();
      int[] x = rows(1, v, 0.4, rng)[0];
      int[] z = new int[k];
      int[] ones = java.util.Arrays.copyOf(onesOf(x), v);
      int count = onesOf(x).length;
      int[] denseX = x.clone();
      int[] denseZ = new int[k];
      int outsideTable = 0;
      double[] hiddenFields = new double[k];
      double[] visibleFields = new double[v];
      for (int sweep = 0; sweep < 50; sweep++) {
        rbm.hiddenFields(denseX, hiddenFields);
        double[] uniforms = new double[k + v];
        for (int u = 0; u < uniforms.length; u++) {
          uniforms[u] = rng.nextDouble();
        }
        count = sampler.sweepListingOnes(x, z, ones, count, byHidden, uniforms, 0);
        int[] at = {0};
        UniformRandomProvider replay = new UniformRandomProvider() {
          @Override
          public long nextLong() {
            throw new AssertionError();
          }

          @Override
          public double nextDouble() {
            return uniforms[at[0]++];
          }
        };
        new RbmGibbsSampler(rbm).sweep(denseX, denseZ, replay);
        rbm.visibleFields(denseZ, visibleFields);
        for (double a : hiddenFields) {
          outsideTable += Math.abs(a) >= 20 ? 1 : 0;
        }
        for (double a : visibleFields) {
          outsideTable += Math.abs(a) >= 20 ? 1 : 0;
        }
        assertThat(z).as("seed %d sweep %d", seed, sweep).containsExactly(denseZ);
        assertThat(x).as("seed %d sweep %d", seed, sweep).containsExactly(denseX);
        assertThat(java.util.Arrays.copyOf(ones, count)).containsExactly(onesOf(denseX));
      }
      // the draws from these fields are decided by sigmoid itself, not the table
      assertThat(outsideTable).as("seed %d: fields outside ±20", seed).isPositive();
    }
  }

  @Test
  void fieldsFromTheTransposedWeightsAreTheSameNumbers() {
    UniformRandomProvider rng = RandomStreams.fromSeed(41);
    Rbm rbm = RbmBruteForce.random(23, 6, 2, rng);
    double[] byHidden = rbm.weightsByHidden();
    for (int trial = 0; trial < 64; trial++) {
      int[] z = new int[6];
      for (int h = 0; h < 6; h++) {
        z[h] = (trial >> h) & 1;
      }
      double[] dense = new double[23];
      double[] transposed = new double[23];
      rbm.visibleFields(z, dense);
      rbm.visibleFieldsByHidden(z, byHidden, transposed);
      assertThat(transposed).containsExactly(dense);
    }
  }

  @Test
  void fieldsFromTheOnesInRegistersAreTheDenseFieldsForEveryBlockSplitOfK() {
    UniformRandomProvider rng = RandomStreams.fromSeed(43);
    // every split of K into the blocks of nine, eight, five, four, three, two and one
    for (int k = 1; k <= 26; k++) {
      int v = 31;
      Rbm rbm = RbmBruteForce.random(v, k, 3, rng);
      for (int[] x : rows(20, v, 0.35, rng)) {
        int[] ones = onesOf(x);
        double[] dense = new double[k];
        double[] fromOnes = new double[k];
        rbm.hiddenFields(x, dense);
        rbm.hiddenFieldsOfOnes(ones, ones.length, fromOnes);
        assertThat(fromOnes).as("K = %d", k).containsExactly(dense);
      }
    }
  }

  @Test
  void addingAtTheOnesWithValuesInRegistersIsTheLoopOverOnesThenUnits() {
    UniformRandomProvider rng = RandomStreams.fromSeed(44);
    // every split of K into the blocks of nine, eight, five, four, three, two and one
    for (int k = 1; k <= 26; k++) {
      int v = 29;
      double[] expected = new double[v * k];
      double[] actual = new double[v * k];
      for (int[] x : rows(30, v, 0.3, rng)) {
        int[] ones = onesOf(x);
        double[] values = new double[k];
        for (int h = 0; h < k; h++) {
          values[h] = rng.nextDouble() - 0.5;
        }
        for (int i : ones) {
          for (int h = 0; h < k; h++) {
            expected[i * k + h] += values[h];
          }
        }
        Rbm.addAtOnes(values, k, ones, 0, ones.length, actual);
      }
      assertThat(actual).as("K = %d", k).containsExactly(expected);
    }
  }

  /** The indices of x's ones, ascending. */
  private static int[] onesOf(int[] x) {
    return java.util.stream.IntStream.range(0, x.length).filter(i -> x[i] != 0).toArray();
  }
}
