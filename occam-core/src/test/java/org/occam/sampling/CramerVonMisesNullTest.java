package org.occam.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;

class CramerVonMisesNullTest {
  private static final long[] SEEDS = {3, 17, 101, 2024, 77777};

  private static double[][] normal(int n, int k, double shift, UniformRandomProvider rng) {
    var z = ZigguratSampler.NormalizedGaussian.of(rng);
    double[][] d = new double[n][k];
    for (double[] row : d) {
      for (int j = 0; j < k; j++) {
        row[j] = shift + z.sample();
      }
    }
    return d;
  }

  /** Eqn 23 by brute force: every pooled value, each CDF by counting. */
  private static double bruteForce(double[][] a, double[][] b) {
    double total = 0;
    for (int k = 0; k < a[0].length; k++) {
      double[] all = new double[a.length + b.length];
      for (int i = 0; i < all.length; i++) {
        all[i] = i < a.length ? a[i][k] : b[i - a.length][k];
      }
      for (double x : all) {
        double fa = 0;
        for (double[] r : a) {
          fa += r[k] <= x ? 1 : 0;
        }
        double fb = 0;
        for (double[] r : b) {
          fb += r[k] <= x ? 1 : 0;
        }
        double d = fa / a.length - fb / b.length;
        total += d * d;
      }
    }
    return total;
  }

  @Test
  void scoreIsEquation23WithTiesAndUnequalSizes() {
    double[][] a = {{0, 1.5}, {1, 1.5}, {1, -2}, {3, 0}};
    double[][] b = {{1, 0}, {2, 1.5}, {0, 0}, {-1, 7}, {1, 1.5}, {2, 2}, {5, 0}};
    assertThat(CramerVonMisesNull.score(a, b)).isCloseTo(bruteForce(a, b), within(1e-12));
    var rng = RandomStreams.fromSeed(5);
    double[][] c = normal(37, 3, 0, rng);
    double[][] d = normal(52, 3, 0.3, rng);
    assertThat(CramerVonMisesNull.score(c, d)).isCloseTo(bruteForce(c, d), within(1e-10));
    assertThat(CramerVonMisesNull.score(c, d)).isCloseTo(CramerVonMises.score(samples(c), samples(d)), within(1e-9));
  }

  private static ParameterSamples samples(double[][] d) {
    java.util.List<String> names = new java.util.ArrayList<>();
    for (int k = 0; k < d[0].length; k++) {
      names.add("p" + k);
    }
    return new ParameterSamples("x", names, new double[][][] {d}, 0, java.util.Map.of(), java.util.Map.of());
  }

  /**
   * With no ties the relabelling distribution does not depend on the data, and its mean is the
   * exact null mean of the two-sample statistic (Anderson 1962): E[T] = (1 + 1/N)/6 for
   * T = N₁N₂/N² · score, per dimension.
   */
  @Test
  void relabellingMeanIsTheExactNullMean() {
    int n1 = 150;
    int n2 = 250;
    int k = 3;
    int perms = 999;
    double n = n1 + n2;
    double scale = n * n / (n1 * (double) n2);
    double mean = k * scale * (1 + 1 / n) / 6;
    // the asymptotic variance of T is 1/45 per dimension; dimensions of independent data are nearly
    // uncorrelated under one relabelling
    double se = Math.sqrt(k / 45.0) * scale / Math.sqrt(perms);
    for (long seed : SEEDS) {
      var rng = RandomStreams.fromSeed(seed);
      double[] s = CramerVonMisesNull.scores(normal(n1, k, 0, rng), normal(n2, k, 0, rng), perms, seed, 2);
      double m = java.util.Arrays.stream(s).average().orElseThrow();
      assertThat(m).as("seed " + seed).isCloseTo(mean, within(4 * se));
    }
  }

  /**
   * The 99% quantile of one dimension is near the asymptotic 0.743 of ω² (Anderson &amp; Darling 1952),
   * scaled: {@link CramerVonMises#nullQuantile99}.
   */
  @Test
  void quantileNearTheAsymptoticOne() {
    int n1 = 300;
    int n2 = 300;
    double scale = 4;
    for (long seed : SEEDS) {
      var rng = RandomStreams.fromSeed(seed);
      double q = CramerVonMisesNull.quantile(normal(n1, 1, 0, rng), normal(n2, 1, 0, rng), 0.99, 999, seed, 2);
      // the 99% quantile of 999 draws has an SE of about sqrt(0.01·0.99/999) / f(0.7435) ≈ 0.05 (the
      // density f of ω² there is about 0.06, from the 2.5% and 1% points 0.581 and 0.743): 4 SE
      assertThat(q / scale).as("seed " + seed).isCloseTo(0.7435, within(0.2));
      assertThat(CramerVonMises.nullQuantile99(n1, n2)).isCloseTo(0.743 * scale, within(1e-12));
    }
  }

  @Test
  void sameDistributionStaysBelowAndAShiftGoesAbove() {
    int below = 0;
    for (long seed : SEEDS) {
      var rng = RandomStreams.fromSeed(seed);
      double[][] a = normal(400, 4, 0, rng);
      double[][] same = normal(300, 4, 0, rng);
      double[][] shifted = normal(300, 4, 0.5, rng);
      double qSame = CramerVonMisesNull.quantile(a, same, 0.99, seed, 2);
      below += CramerVonMisesNull.score(a, same) < qSame ? 1 : 0;
      double qShift = CramerVonMisesNull.quantile(a, shifted, 0.99, seed, 2);
      assertThat(CramerVonMisesNull.score(a, shifted)).as("seed " + seed).isGreaterThan(3 * qShift);
    }
    // each seed is below with probability 0.99: all five with 0.95
    assertThat(below).isGreaterThanOrEqualTo(4);
  }

  @Test
  void sameNumbersWithAnyThreadCount() {
    var rng = RandomStreams.fromSeed(9);
    double[][] a = normal(120, 2, 0, rng);
    double[][] b = normal(80, 2, 0.1, rng);
    assertThat(CramerVonMisesNull.scores(a, b, 50, 4, 1)).containsExactly(CramerVonMisesNull.scores(a, b, 50, 4, 3));
  }
}
