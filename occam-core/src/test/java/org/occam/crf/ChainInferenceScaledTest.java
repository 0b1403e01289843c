package org.occam.crf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.occam.math.RandomStreams;

/**
 * {@link ChainInference#logZAndMeans} (scaled probability messages, the likelihood's hot loop)
 * against the log-space forward–backward, itself tested against enumeration: short and long chains,
 * potentials small, near the scaled limit, and past it (the log-space fallback), to 1e-10 (with
 * potentials near 50 on 500 positions the log-space run itself carries errors of about 1e-12).
 */
class ChainInferenceScaledTest {
  @ParameterizedTest
  @CsvSource({"1, 1.0, 1", "2, 1.0, 2", "7, 3.0, 3", "100, 2.0, 4", "500, 49.0, 5", "300, 20.0, 6", "40, 120.0, 7"})
  void agreesWithTheLogSpaceRun(int length, double scale, long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    for (int rep = 0; rep < 5; rep++) {
      double[] pot = new double[2 * length - 1];
      for (int r = 0; r < pot.length; r++) {
        pot[r] = scale * (2 * rng.nextDouble() - 1);
      }
      ChainInference exact = ChainInference.of(pot.clone(), length);
      double[] means = new double[pot.length];
      double logZ = ChainInference.logZAndMeans(pot, length, means, new double[7 * length]);
      assertThat(logZ).isCloseTo(exact.logZ(), within(1e-10 * Math.max(1, Math.abs(exact.logZ()))));
      double[] given = new double[pot.length];
      for (int r = 0; r < pot.length; r++) {
        given[r] = Math.exp(2 * pot[r]);
      }
      double[] means2 = new double[pot.length];
      assertThat(ChainInference.logZAndMeans(pot, given, length, means2, new double[7 * length]))
          .isCloseTo(logZ, within(1e-12 * Math.max(1, Math.abs(logZ))));
      assertThat(means2).containsExactly(means, within(1e-12));
      double[] m = exact.means();
      for (int r = 0; r < pot.length; r++) {
        assertThat(means[r]).as("mean " + r).isCloseTo(m[r], within(1e-10));
      }
    }
  }

  /**
   * The likelihood's distinct-row kernels: {@link ChainInference#scaledGathered} (e^{2·potential}
   * looked up in a table) gives the numbers of {@link ChainInference#scaled} bit for bit, and
   * {@link ChainInference#scaledGatheredPair} and {@link ChainInference#scaledGatheredQuad} those of
   * two and four single runs, including the long chains whose normalisers' product is logged on the
   * way.
   */
  @ParameterizedTest
  @CsvSource({"1, 1.0, 11", "2, 1.0, 12", "7, 3.0, 13", "100, 2.0, 14", "500, 49.0, 15"})
  void theGatheredAndInterleavedRunsAreTheScaledRunBitForBit(int length, double scale, long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    int d = 2 * length - 1;
    // a table of 8 distinct potentials, each chain's rows drawn from it
    double[] table = new double[8];
    for (int p = 0; p < table.length; p++) {
      table[p] = Math.exp(2 * scale * (2 * rng.nextDouble() - 1));
    }
    int[][] row = new int[4][d];
    double[][] single = new double[4][d];
    double[] logZ = new double[4];
    double[] shifts = {-0.3, 1.7, 0.0, 12.25};
    for (int c = 0; c < 4; c++) {
      double[] given = new double[d];
      for (int r = 0; r < d; r++) {
        row[c][r] = rng.nextInt(table.length);
        given[r] = table[row[c][r]];
      }
      logZ[c] = ChainInference.scaled(given, 0, shifts[c], length, single[c], new double[5 * length]);
      double[] gathered = new double[d];
      assertThat(ChainInference.scaledGathered(table, row[c], shifts[c], length, gathered, new double[3 * length]))
          .isEqualTo(logZ[c]);
      assertThat(gathered).containsExactly(single[c]);
    }
    double[][] paired = new double[2][d];
    double[] pairLogZ = new double[2];
    ChainInference.scaledGatheredPair(table, length, row[0], shifts[0], paired[0], new double[3 * length], row[1],
        shifts[1], paired[1], new double[3 * length], pairLogZ);
    assertThat(pairLogZ).containsExactly(logZ[0], logZ[1]);
    assertThat(paired[0]).containsExactly(single[0]);
    assertThat(paired[1]).containsExactly(single[1]);
    double[][] quad = new double[4][d];
    double[] quadLogZ = new double[4];
    ChainInference.scaledGatheredQuad(table, length, row, shifts, quad, new double[4][3 * length], quadLogZ);
    assertThat(quadLogZ).containsExactly(logZ);
    for (int c = 0; c < 4; c++) {
      assertThat(quad[c]).containsExactly(single[c]);
    }
  }
}
