package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SummariesTest {
  @Test
  void meanStandardDeviationAndStandardErrorOfKnownSamples() {
    double[] v = {2, 4, 4, 4, 5, 5, 7, 9}; // mean 5, Σ(x − 5)² = 32
    assertThat(Summaries.mean(v)).isEqualTo(5);
    assertThat(Summaries.standardDeviation(v)).isCloseTo(Math.sqrt(32.0 / 7), within(1e-15));
    assertThat(Summaries.standardErrorOfMean(v)).isCloseTo(Math.sqrt(32.0 / 7 / 8), within(1e-15));
    assertThat(Summaries.standardDeviation(new double[] {3})).isZero();
    assertThat(Summaries.mean(new double[0])).isNaN();
    assertThat(Summaries.standardDeviation(new double[0])).isNaN();
    assertThat(Summaries.standardErrorOfMean(new double[0])).isNaN();
  }
}
