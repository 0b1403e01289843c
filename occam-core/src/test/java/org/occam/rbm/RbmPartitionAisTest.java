package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.occam.math.RandomStreams;
import org.occam.sampling.AnnealingSchedule;
import org.occam.math.LogSpace;

/**
 * AIS for ln Z against brute-force enumeration over every (x, z) of small RBMs, and the endpoints
 * of the annealing path against their definitions.
 */
class RbmPartitionAisTest {
  /** A random RBM, weights and biases N(0, scale²), seeded. */
  record Params(double[][] w, double[] a, double[] b) {
    static Params random(int v, int k, double scale, long seed) {
      UniformRandomProvider rng = RandomStreams.fromSeed(seed);
      ZigguratSampler.NormalizedGaussian g = ZigguratSampler.NormalizedGaussian.of(rng);
      double[][] w = new double[v][k];
      double[] a = new double[v];
      double[] b = new double[k];
      for (int i = 0; i < v; i++) {
        a[i] = scale * g.sample();
        for (int j = 0; j < k; j++) {
          w[i][j] = scale * g.sample();
        }
      }
      for (int j = 0; j < k; j++) {
        b[j] = scale * g.sample();
      }
      return new Params(w, a, b);
    }

    /** E(x, z) = aᵀx + bᵀz + xᵀWz with x, z the bits of the two masks. */
    double logPotential(int xs, int zs) {
      double e = 0;
      for (int i = 0; i < a.length; i++) {
        if ((xs >> i & 1) != 0) {
          e += a[i];
          for (int j = 0; j < b.length; j++) {
            if ((zs >> j & 1) != 0) {
              e += w[i][j];
            }
          }
        }
      }
      for (int j = 0; j < b.length; j++) {
        if ((zs >> j & 1) != 0) {
          e += b[j];
        }
      }
      return e;
    }

    /** ln Σ_z exp E(x, z) by enumeration. */
    double exactLogMarginal(int xs) {
      double[] terms = new double[1 << b.length];
      for (int zs = 0; zs < terms.length; zs++) {
        terms[zs] = logPotential(xs, zs);
      }
      return LogSpace.logSumExp(terms);
    }

    /** ln Σ_{x,z} exp E(x, z) by enumeration. */
    double exactLogZ() {
      double[] terms = new double[1 << (a.length + b.length)];
      for (int xs = 0; xs < 1 << a.length; xs++) {
        for (int zs = 0; zs < 1 << b.length; zs++) {
          terms[xs << b.length | zs] = logPotential(xs, zs);
        }
      }
      return LogSpace.logSumExp(terms);
    }
  }

  static int[] bits(int mask, int n) {
    int[] x = new int[n];
    for (int i = 0; i < n; i++) {
      x[i] = mask >> i & 1;
    }
    return x;
  }

  static int[][] randomData(int n, int v, long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    int[][] data = new int[n][v];
    for (int[] row : data) {
      for (int i = 0; i < v; i++) {
        row[i] = rng.nextDouble() < 0.2 + 0.6 * i / v ? 1 : 0;
      }
    }
    return data;
  }

  @Test
  void endpointsAreTheBaseModelAndTheRbm() {
    Params p = Params.random(6, 3, 1.0, 7);
    RbmPartitionAis ais = RbmPartitionAis.withDataBase(p.w(), p.a(), p.b(), randomData(40, 6, 8), 1.0);
    double[] f0 = new double[1 << 6];
    for (int xs = 0; xs < f0.length; xs++) {
      f0[xs] = ais.logUnnormalisedMarginal(0.0, bits(xs, 6));
      assertThat(ais.logUnnormalisedMarginal(1.0, bits(xs, 6))).isCloseTo(p.exactLogMarginal(xs), within(1e-12));
    }
    assertThat(ais.logBaseNormaliser()).isCloseTo(LogSpace.logSumExp(f0), within(1e-12));
    double[] b0 = ais.baseVisibleBias();
    double expected = 3 * Math.log(2);
    for (double v : b0) {
      expected += Math.log1p(Math.exp(v));
    }
    assertThat(ais.logBaseNormaliser()).isCloseTo(expected, within(1e-12));
  }

  @Test
  void baseRatesAreSmoothedLogOdds() {
    int[][] data = {{1, 0}, {1, 0}, {0, 0}};
    double[] b0 = RbmPartitionAis.baseRatesFromData(data, 1.0);
    assertThat(b0[0]).isCloseTo(Math.log(3.0 / 2.0), within(1e-14));
    assertThat(b0[1]).isCloseTo(Math.log(1.0 / 4.0), within(1e-14));
    assertThatThrownBy(() -> RbmPartitionAis.baseRatesFromData(data, 0.0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @ParameterizedTest(name = "V={0} K={1} scale={2} seed={3} dataBase={4}")
  @CsvSource({
      "8, 4, 1.0, 11, true",
      "8, 4, 1.0, 12, false",
      "6, 3, 1.5, 13, true",
      "7, 2, 0.7, 14, false",
      "8, 4, 2.0, 15, true",
  })
  void agreesWithEnumerationWithinThreeStandardErrors(int v, int k, double scale, long seed, boolean dataBase) {
    Params p = Params.random(v, k, scale, seed);
    RbmPartitionAis ais = dataBase
        ? RbmPartitionAis.withDataBase(p.w(), p.a(), p.b(), randomData(100, v, seed + 100), 1.0)
        : RbmPartitionAis.withUniformBase(p.w(), p.a(), p.b());
    RbmPartitionAis.Settings settings = RbmPartitionAis.Settings.defaults();
    RbmPartitionAis.Result r = ais.estimate(settings, seed, 2);
    double exact = p.exactLogZ();
    System.out.printf("V=%d K=%d scale=%.1f seed=%d dataBase=%b: exact %.5f, AIS %.5f ± %.5f (z=%.2f), "
            + "mean-log %.5f, ESS %.1f/%d%n",
        v, k, scale, seed, dataBase, exact, r.logZ(), r.stdError(), (r.logZ() - exact) / r.stdError(),
        r.meanLogWeightEstimate(), r.effectiveSampleSize(), settings.runs());
    assertThat(r.stdError()).isPositive().isLessThan(0.02);
    assertThat(r.logZ()).isCloseTo(exact, within(3 * r.stdError()));
    assertThat(r.meanLogWeightEstimate()).isLessThanOrEqualTo(r.logZ());
    assertThat(r.effectiveSampleSize()).isBetween(1.0, 100.0);
  }

  /** With one step AIS is plain importance sampling from p₀ with weight f₁(x)/f₀(x): unbiased for Z/Z₀. */
  @Test
  void oneStepIsImportanceSamplingFromTheBaseModel() {
    Params p = Params.random(3, 2, 1.0, 41);
    RbmPartitionAis ais = RbmPartitionAis.withDataBase(p.w(), p.a(), p.b(), randomData(30, 3, 42), 1.0);
    RbmPartitionAis.Result r = ais.estimate(new RbmPartitionAis.Settings(AnnealingSchedule.linear(1), 20000, false), 3, 2);
    assertThat(r.logZ()).isCloseTo(p.exactLogZ(), within(3 * r.stdError()));
    assertThat(r.stdError()).isLessThan(0.03);
  }

  @Test
  void reverseRunsBracketTheExactValue() {
    Params p = Params.random(8, 4, 1.0, 21);
    RbmPartitionAis ais = RbmPartitionAis.withUniformBase(p.w(), p.a(), p.b());
    RbmPartitionAis.Settings settings = new RbmPartitionAis.Settings(AnnealingSchedule.linear(300), 50, true);
    RbmPartitionAis.Result r = ais.estimate(settings, 5, 2);
    double exact = p.exactLogZ();
    System.out.printf("reverse: exact %.5f, forward %.5f ± %.5f, reverse %.5f, hysteresis %.5f%n",
        exact, r.logZ(), r.stdError(), r.reverseLogZ().getAsDouble(), r.hysteresis().getAsDouble());
    assertThat(r.reverseLogZ()).isPresent();
    assertThat(r.reverseLogZ().getAsDouble()).isCloseTo(exact, within(0.1));
    assertThat(r.hysteresis().getAsDouble()).isBetween(-0.1, 0.1);
  }

  @Test
  void sameSeedGivesTheSameEstimateWithOneOrTwoThreads() {
    Params p = Params.random(8, 4, 1.0, 31);
    RbmPartitionAis ais = RbmPartitionAis.withUniformBase(p.w(), p.a(), p.b());
    RbmPartitionAis.Settings settings = new RbmPartitionAis.Settings(AnnealingSchedule.beal(200, 0.2), 20, false);
    RbmPartitionAis.Result one = ais.estimate(settings, 99, 1);
    RbmPartitionAis.Result two = ais.estimate(settings, 99, 2);
    assertThat(two.logZ()).isEqualTo(one.logZ());
    assertThat(two.stdError()).isEqualTo(one.stdError());
    assertThat(two.logWeights()).containsExactly(one.logWeights());
    assertThat(ais.estimate(settings, 100, 2).logZ()).isNotEqualTo(one.logZ());
  }

  @Test
  void settingsHaveDefaultsAndPrintAsAMap() {
    RbmPartitionAis.Settings s = RbmPartitionAis.Settings.defaults();
    assertThat(s.runs()).isEqualTo(100);
    assertThat(s.schedule().steps()).isEqualTo(15000);
    assertThat(s.schedule().tau(1000)).isEqualTo(0.5);
    assertThat(s.schedule().tau(5000)).isCloseTo(0.9, within(1e-15));
    assertThatThrownBy(() -> AnnealingSchedule.piecewiseLinear(new double[] {0, 0.5}, new int[] {10}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> AnnealingSchedule.piecewiseLinear(new double[] {0, 0.5, 1}, new int[] {10, 0}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(s.toMap()).containsEntry("runs", 100).containsEntry("steps", 15000).containsEntry("reverse", false);
  }
}
