package org.occam.crf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Forward–backward, covariance, Viterbi and sampling on chains against enumeration of every labelling. */
class ChainInferenceTest {

  private static double[] randomPotentials(UniformRandomProvider rng, int length, double scale) {
    double[] p = new double[2 * length - 1];
    for (int i = 0; i < p.length; i++) {
      p[i] = scale * (2 * rng.nextDouble() - 1);
    }
    return p;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 5, 8})
  void logZMeansAndCovarianceMatchEnumeration(int length) {
    UniformRandomProvider rng = RandomSource.SPLIT_MIX_64.create(1000L + length);
    for (int rep = 0; rep < 5; rep++) {
      double[] pot = randomPotentials(rng, length, 2.0);
      ChainInference c = ChainInference.of(pot, length);
      List<int[]> all = CrfTestModels.allSpins(length);
      int d = 2 * length - 1;
      double[] w = new double[all.size()];
      double max = Double.NEGATIVE_INFINITY;
      for (int k = 0; k < w.length; k++) {
        w[k] = c.energy(all.get(k));
        max = Math.max(max, w[k]);
      }
      double z = 0;
      for (double v : w) {
        z += Math.exp(v - max);
      }
      double logZ = max + Math.log(z);
      assertEquals(logZ, c.logZ(), 1e-10);
      double[] mean = new double[d];
      double[][] second = new double[d][d];
      for (int k = 0; k < w.length; k++) {
        double p = Math.exp(w[k] - logZ);
        double[] u = ChainInference.statistics(all.get(k));
        for (int a = 0; a < d; a++) {
          mean[a] += p * u[a];
          for (int b = 0; b < d; b++) {
            second[a][b] += p * u[a] * u[b];
          }
        }
      }
      assertArrayEquals(mean, c.means(), 1e-10);
      double[][] cov = c.covariance();
      for (int a = 0; a < d; a++) {
        for (int b = 0; b < d; b++) {
          assertEquals(second[a][b] - mean[a] * mean[b], cov[a][b], 1e-10, "cov[" + a + "][" + b + "]");
        }
      }
      for (int i = 0; i < length; i++) {
        double p1 = 0;
        for (int k = 0; k < w.length; k++) {
          if (all.get(k)[i] == 1) {
            p1 += Math.exp(w[k] - logZ);
          }
        }
        assertEquals(p1, c.nodeMarginal(i)[1], 1e-10);
      }
      // Viterbi: the best labelling by enumeration
      int best = 0;
      for (int k = 1; k < w.length; k++) {
        if (w[k] > w[best]) {
          best = k;
        }
      }
      assertArrayEquals(all.get(best), ChainInference.viterbi(pot, length));
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {11, 12, 13})
  void samplesFollowTheChainsDistribution(long seed) {
    UniformRandomProvider rng = RandomSource.SPLIT_MIX_64.create(seed);
    int length = 4;
    double[] pot = randomPotentials(rng, length, 1.5);
    ChainInference c = ChainInference.of(pot, length);
    List<int[]> all = CrfTestModels.allSpins(length);
    int draws = 40_000;
    int[] counts = new int[all.size()];
    for (int s = 0; s < draws; s++) {
      int[] t = c.sample(rng);
      int code = 0;
      for (int i = 0; i < length; i++) {
        if (t[i] == 1) {
          code |= 1 << i;
        }
      }
      counts[code]++;
    }
    // chi-square against the exact probabilities: 15 degrees of freedom, 99.9% quantile 37.7
    double chi2 = 0;
    for (int k = 0; k < all.size(); k++) {
      double e = draws * Math.exp(c.logProbability(all.get(k)));
      chi2 += (counts[k] - e) * (counts[k] - e) / e;
    }
    org.junit.jupiter.api.Assertions.assertTrue(chi2 < 37.7, "chi2 = " + chi2);
  }
}
