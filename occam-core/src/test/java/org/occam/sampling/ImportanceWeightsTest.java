package org.occam.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Hand-computed summaries of weights, and the same summaries far outside the range of a double. */
class ImportanceWeightsTest {
  /** w = 1, 2, 3, 6: mean 3, sample sd √(14/3), Σw = 12, Σw² = 50. */
  private static final double[] LOG_W = {0, Math.log(2), Math.log(3), Math.log(6)};

  @Test
  void handComputedWeights() {
    assertThat(ImportanceWeights.logMean(LOG_W)).isCloseTo(Math.log(3), within(1e-14));
    assertThat(ImportanceWeights.relativeSd(LOG_W)).isCloseTo(Math.sqrt(14.0 / 3) / 3, within(1e-14));
    assertThat(ImportanceWeights.effectiveSampleSize(LOG_W)).isCloseTo(144.0 / 50, within(1e-13));
    assertThat(ImportanceWeights.largestShare(LOG_W)).isCloseTo(0.5, within(1e-15));
  }

  @Test
  void shiftingEveryLogWeightShiftsOnlyTheLogMean() {
    double shift = -7.5e5;
    double[] far = new double[LOG_W.length];
    for (int i = 0; i < far.length; i++) {
      far[i] = LOG_W[i] + shift;
    }
    // each log weight is rounded to ulp(7.5e5) ≈ 1.2e-10, so the scaled weights agree to about 1e-10
    assertThat(ImportanceWeights.logMean(far)).isCloseTo(shift + Math.log(3), within(1e-9));
    assertThat(ImportanceWeights.relativeSd(far)).isCloseTo(Math.sqrt(14.0 / 3) / 3, within(1e-9));
    assertThat(ImportanceWeights.effectiveSampleSize(far)).isCloseTo(144.0 / 50, within(1e-9));
    assertThat(ImportanceWeights.largestShare(far)).isCloseTo(0.5, within(1e-9));
  }

  @Test
  void equalWeightsAndOneDominantWeight() {
    double[] equal = {-3, -3, -3, -3, -3};
    assertThat(ImportanceWeights.effectiveSampleSize(equal)).isCloseTo(5, within(1e-12));
    assertThat(ImportanceWeights.largestShare(equal)).isCloseTo(0.2, within(1e-15));
    assertThat(ImportanceWeights.relativeSd(equal)).isZero();
    double[] dominant = {0, -1e5, -2e5};
    assertThat(ImportanceWeights.effectiveSampleSize(dominant)).isEqualTo(1.0);
    assertThat(ImportanceWeights.largestShare(dominant)).isEqualTo(1.0);
    assertThat(ImportanceWeights.logMean(dominant)).isCloseTo(-Math.log(3), within(1e-15));
    assertThat(ImportanceWeights.relativeSd(new double[] {4.2})).isZero();
  }

  @Test
  void allZeroWeightsHaveLogMeanMinusInfinityAndAnInfiniteOnePlusInfinity() {
    double ninf = Double.NEGATIVE_INFINITY;
    assertThat(ImportanceWeights.logMean(new double[] {ninf, ninf})).isEqualTo(ninf);
    assertThat(ImportanceWeights.logMean(new double[] {0.0, Double.POSITIVE_INFINITY}))
        .isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(ImportanceWeights.logMean(new double[] {ninf, 0.0})).isCloseTo(-Math.log(2), within(1e-15));
  }
}
