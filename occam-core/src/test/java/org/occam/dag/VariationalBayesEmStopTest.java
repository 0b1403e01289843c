package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * VBEM's stopping rules (issue 16): Aitken's estimate of the distance to the limit is exact on a
 * geometric sequence; with the default rule the bound ends within 0.01 nats of where a long run
 * ends, on latent class models of Beal's four observed variables; Beal's per-datum rule stays
 * available and stops earlier.
 */
class VariationalBayesEmStopTest {
  /** Seeds fixed before any run was looked at. */
  private static final long[] SEEDS = {11, 12, 13, 14};
  private static final int ROWS = 1280;
  private static final double TARGET = 0.01;

  @Test
  void aitkensEstimateIsExactOnAGeometricSequence() {
    double limit = -123.4;
    double[] trace = new double[40];
    for (int k = 0; k < trace.length; k++) {
      trace[k] = limit - 5 * Math.pow(0.9, k);
    }
    for (int length = AitkenLimit.RATE_WINDOW + 2; length <= trace.length; length++) {
      assertThat(AitkenLimit.estimatedGapToLimit(trace, length))
          .isCloseTo(limit - trace[length - 1], within(1e-9));
    }
    assertThat(AitkenLimit.estimatedGapToLimit(trace, 3)).isInfinite();
  }

  @Test
  void aRisingOrFlatSequenceHasNoFiniteEstimateOrAZeroOne() {
    double[] rising = {0, 1, 3, 7, 15, 31, 63, 127, 255, 511, 1023, 2047, 4095};
    assertThat(AitkenLimit.estimatedGapToLimit(rising, rising.length)).isInfinite();
    assertThat(AitkenLimit.nearLimit(rising, rising.length, 1.0)).isFalse();
    double[] flat = {-5, -4, -4, -4};
    assertThat(AitkenLimit.estimatedGapToLimit(flat, flat.length)).isZero();
    assertThat(AitkenLimit.nearLimit(flat, flat.length, TARGET)).isTrue();
    assertThat(AitkenLimit.nearLimit(flat, flat.length, 0)).as("0 switches the rule off").isFalse();
  }

  @Test
  void aRateThatHasNotSettledDoesNotStopARun() {
    // increments shrinking fast, then slowly: the ratios swing from 0.5 to 0.95 inside the window
    double[] trace = new double[20];
    double d = 1;
    for (int k = 1; k < trace.length; k++) {
      d *= k < 10 ? 0.5 : 0.95;
      trace[k] = trace[k - 1] + d;
    }
    assertThat(AitkenLimit.nearLimit(trace, 14, 1.0)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 3, 4})
  void theDefaultRuleEndsWithinTheTargetOfALongRun(int states) {
    for (long seed : SEEDS) {
      var c = LatentClassCase.of(seed, states, ROWS);
      var data = c.data();
      var prior = c.prior();
      double[] start = c.start();
      var stopped = VariationalBayesEm.run(data, prior, start, DagScoreSettings.defaults().vbSettings());
      var beal = VariationalBayesEm.run(data, prior, start, VariationalBayesEm.Settings.beal());
      var longRun = VariationalBayesEm.run(data, prior, start, new VariationalBayesEm.Settings(20_000, 0, 0));
      String where = "seed " + seed + ", " + states + " states";
      assertThat(stopped.converged()).as(where).isTrue();
      assertThat(longRun.lowerBound() - stopped.lowerBound()).as(where).isBetween(0.0, TARGET);
      assertThat(stopped.estimatedGapToLimit()).as(where).isLessThan(DagScoreSettings.DEFAULT_VB_LIMIT_GAP);
      assertThat(stopped.iterations()).as(where).isGreaterThanOrEqualTo(beal.iterations() - 50);
      double[] t = longRun.trace();
      for (int k = 1; k < t.length; k++) {
        assertThat(t[k]).as(where + ", iteration " + k).isGreaterThanOrEqualTo(t[k - 1] - 1e-9 * Math.abs(t[k]));
      }
    }
  }

  @Test
  void bealsRuleIsKeptAndReported() {
    var settings = DagScoreSettings.defaults().withVbLimitGap(0);
    assertThat(settings.vbSettings()).isEqualTo(new VariationalBayesEm.Settings(1000, 1e-6, 0));
    assertThat(settings.vbSettings()).isEqualTo(VariationalBayesEm.Settings.beal());
    assertThat(DagScoreSettings.defaults().vbSettings())
        .isEqualTo(VariationalBayesEm.Settings.aitken(1000, DagScoreSettings.DEFAULT_VB_LIMIT_GAP));
    assertThat(DagScoreSettings.defaults().toMap()).containsEntry("vbLimitGap", 0.005);
  }
}
