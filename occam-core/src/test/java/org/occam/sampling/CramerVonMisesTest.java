package org.occam.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;

class CramerVonMisesTest {
  private static double[] normal(int n, double shift, UniformRandomProvider rng) {
    ZigguratSampler.NormalizedGaussian z = ZigguratSampler.NormalizedGaussian.of(rng);
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = shift + z.sample();
    }
    return x;
  }

  /** Eqn 23 by its definition: for every draw of the union, count the draws of each set at or below it. */
  private static double bruteForce(double[] a, double[] b) {
    double sum = 0;
    for (double[] set : new double[][] {a, b}) {
      for (double xi : set) {
        int ca = 0;
        for (double v : a) {
          ca += v <= xi ? 1 : 0;
        }
        int cb = 0;
        for (double v : b) {
          cb += v <= xi ? 1 : 0;
        }
        double d = (double) ca / a.length - (double) cb / b.length;
        sum += d * d;
      }
    }
    return sum;
  }

  @Test
  void tinyCasesMatchTheHandComputedValues() {
    // union {1, 2, 3}: F1 = 1/2, 1, 1 and F2 = 0, 0, 1, so 1/4 + 1 + 0
    assertThat(CramerVonMises.univariate(new double[] {1, 2}, new double[] {3})).isCloseTo(1.25, within(1e-15));
    // ties, right-continuous CDFs: at 1 (three draws) F1 = 1, F2 = 1/2; at 2 both 1: 3 · 1/4
    assertThat(CramerVonMises.univariate(new double[] {1, 1}, new double[] {2, 1})).isCloseTo(0.75, within(1e-15));
    assertThat(CramerVonMises.univariate(new double[] {5, 6, 7}, new double[] {7, 6, 5})).isZero();
  }

  @Test
  void theMergeAgreesWithTheDefinitionOnDrawsWithTies() {
    var rng = RandomStreams.fromSeed(77);
    for (int rep = 0; rep < 20; rep++) {
      double[] a = normal(1 + rng.nextInt(60), 0, rng);
      double[] b = normal(1 + rng.nextInt(60), 0.3, rng);
      for (int i = 0; i < a.length; i++) {
        a[i] = Math.rint(4 * a[i]) / 4;
      }
      for (int i = 0; i < b.length; i++) {
        b[i] = Math.rint(4 * b[i]) / 4;
      }
      assertThat(CramerVonMises.univariate(a, b)).isCloseTo(bruteForce(a, b), within(1e-9));
      assertThat(CramerVonMises.univariate(b, a)).isCloseTo(bruteForce(a, b), within(1e-9));
    }
  }

  @Test
  void theQuantileConvertsAndersonsLimit() {
    assertThat(CramerVonMises.nullQuantile99(2000, 2000)).isCloseTo(0.743 * 4, within(1e-12));
    assertThat(CramerVonMises.nullQuantile99(100, 300)).isCloseTo(0.743 * 400 * 400 / 30_000.0, within(1e-12));
  }

  @Test
  void drawsOfOneDistributionRarelyExceedTheNinetyNinePercentPoint() {
    int exceed = 0;
    for (int seed = 0; seed < 20; seed++) {
      var rng = RandomStreams.fromSeed(9000 + seed);
      double[] a = normal(2000, 0, rng);
      double[] b = normal(1500, 0, rng);
      if (CramerVonMises.univariate(a, b) > CramerVonMises.nullQuantile99(2000, 1500)) {
        exceed++;
      }
    }
    assertThat(exceed).isLessThanOrEqualTo(2);
  }

  @Test
  void aShiftOfHalfAStandardDeviationAlwaysExceedsIt() {
    for (int seed = 0; seed < 5; seed++) {
      var rng = RandomStreams.fromSeed(4200 + seed);
      double[] a = normal(2000, 0, rng);
      double[] b = normal(2000, 0.5, rng);
      assertThat(CramerVonMises.univariate(a, b)).isGreaterThan(CramerVonMises.nullQuantile99(2000, 2000));
    }
  }

  @Test
  void theScoreSumsOverParametersOnPooledDraws() {
    double[][][] da = {{{1, 10}, {2, 20}}, {{3, 30}, {4, 40}}};
    double[][][] db = {{{2.5, 5}}, {{0, 25}}};
    List<String> names = List.of("b:A", "w:A-B");
    var a = new ParameterSamples("x", names, da, 0, Map.of(), Map.of());
    var b = new ParameterSamples("y", names, db, 0, Map.of(), Map.of());
    double expected = CramerVonMises.univariate(new double[] {1, 2, 3, 4}, new double[] {2.5, 0})
        + CramerVonMises.univariate(new double[] {10, 20, 30, 40}, new double[] {5, 25});
    assertThat(CramerVonMises.score(a, b)).isCloseTo(expected, within(1e-15));
    var other = new ParameterSamples("z", List.of("b:A", "b:B"), db, 0, Map.of(), Map.of());
    assertThatThrownBy(() -> CramerVonMises.score(a, other)).isInstanceOf(IllegalArgumentException.class);
  }
}
