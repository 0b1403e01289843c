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
}
