package org.occam.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

class LogisticTest {
  /** {@code h² max|σ''| / 8} for h = 1/32, with {@code max|σ''| = 1 / (6√3)}. */
  private static final double INTERPOLATION_BOUND = Math.pow(1.0 / 32, 2) / (6 * Math.sqrt(3)) / 8;

  @Test
  void sigmoidAndSoftplusMatchTheirDefinitions() {
    for (double t : new double[] {-30, -2.5, -1e-3, 0, 1e-3, 2.5, 30}) {
      assertThat(Logistic.sigmoid(t)).isCloseTo(1 / (1 + Math.exp(-t)), within(1e-15));
      assertThat(Logistic.softplus(t)).isCloseTo(Math.log(1 + Math.exp(t)), within(1e-13));
    }
    assertThat(Logistic.sigmoid(-800)).isEqualTo(0.0);
    assertThat(Logistic.sigmoid(800)).isEqualTo(1.0);
  }

  @Test
  void theTableIsWithinTheInterpolationBoundOfSigmoidAndTheSlackCoversIt() {
    double worst = 0;
    int points = 4_000_000;
    for (int p = 0; p < points; p++) {
      double t = -Logistic.RANGE + 2 * Logistic.RANGE * (p + 0.5) / points;
      worst = Math.max(worst, Math.abs(Logistic.tabulated(t) - Logistic.sigmoid(t)));
    }
    // the largest error sits mid-step where |σ''| peaks (t ≈ ±1.32): close to the bound, never above
    assertThat(worst).isLessThanOrEqualTo(INTERPOLATION_BOUND).isGreaterThan(0.9 * INTERPOLATION_BOUND);
    assertThat(Logistic.SLACK).isGreaterThan(1.5 * INTERPOLATION_BOUND);
    assertThat(Logistic.tabulated(-Logistic.RANGE)).isEqualTo(Logistic.sigmoid(-Logistic.RANGE));
    assertThat(Logistic.tabulated(Logistic.RANGE)).isNaN();
    assertThat(Logistic.tabulated(Double.NaN)).isNaN();
  }

  @Test
  void isBelowDecidesExactlyAsTheComparisonWithSigmoidOnFreshSeeds() {
    for (long seed = 101; seed <= 104; seed++) {
      UniformRandomProvider rng = RandomStreams.fromSeed(seed);
      for (int n = 0; n < 1_000_000; n++) {
        double t = 50 * (rng.nextDouble() - 0.5);
        double u = rng.nextDouble();
        assertThat(Logistic.isBelow(u, t)).as("u=%s t=%s", u, t).isEqualTo(u < Logistic.sigmoid(t));
        // the hard cases: u at σ(t), one ulp either side, and at the edges of the slack
        double s = Logistic.sigmoid(t);
        for (double w : new double[] {s, Math.nextUp(s), Math.nextDown(s), s + Logistic.SLACK,
            s - Logistic.SLACK, Logistic.tabulated(t) + Logistic.SLACK, Logistic.tabulated(t) - Logistic.SLACK}) {
          if (w >= 0 && w < 1) {
            assertThat(Logistic.isBelow(w, t)).as("u=%s t=%s", w, t).isEqualTo(w < s);
          }
        }
      }
    }
  }

  @Test
  void isBelowAtTheTableEdgesAndOutsideIt() {
    double[] ts = {-Logistic.RANGE, Math.nextDown(-Logistic.RANGE), Math.nextUp(-Logistic.RANGE),
        Logistic.RANGE, Math.nextDown(Logistic.RANGE), 0.0, -0.0, -1e-300, 1e-300, -745, 40, 800,
        Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NaN};
    double[] us = {0.0, Double.MIN_VALUE, 1e-300, 2e-9, 0.5, Math.nextDown(0.5), Math.nextDown(1.0)};
    for (double t : ts) {
      for (double u : us) {
        assertThat(Logistic.isBelow(u, t)).as("u=%s t=%s", u, t).isEqualTo(u < Logistic.sigmoid(t));
      }
    }
  }

  @Test
  void sigmoidIsBitForBitTheTwoBranchFormula() {
    UniformRandomProvider rng = RandomStreams.fromSeed(105);
    for (int n = 0; n < 1_000_000; n++) {
      double t = 80 * (rng.nextDouble() - 0.5) * Math.pow(10, -6 * rng.nextDouble());
      assertThat(Logistic.sigmoid(t)).as("t=%s", t).isEqualTo(twoBranches(t));
    }
    for (double t : new double[] {0.0, -0.0, -745.2, 745.2, 1e308, -1e308, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE}) {
      assertThat(Logistic.sigmoid(t)).as("t=%s", t).isEqualTo(twoBranches(t));
    }
    assertThat(Logistic.sigmoid(Double.NaN)).isNaN();
  }

  private static double twoBranches(double t) {
    if (t >= 0) {
      return 1 / (1 + Math.exp(-t));
    }
    double e = Math.exp(t);
    return e / (1 + e);
  }
}
