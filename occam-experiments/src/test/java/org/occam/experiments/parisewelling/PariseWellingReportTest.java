package org.occam.experiments.parisewelling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The rank correlation behind claim 3's verdict, on hand-computed cases. */
class PariseWellingReportTest {
  @Test
  void spearmanWithoutTiesIsOneMinusSixSumOfSquaredRankDifferences() {
    double[] x = {1, 2, 3, 4, 5};
    // rank differences -1, 1, -1, 1, 0: 1 - 6·4 / (5·24) = 0.8
    assertThat(PariseWellingReport.spearman(x, new double[] {20, 10, 40, 30, 50})).isCloseTo(0.8, within(1e-15));
    assertThat(PariseWellingReport.spearman(x, new double[] {9, 7, 5, 3, 1})).isCloseTo(-1, within(1e-15));
    assertThat(PariseWellingReport.spearman(x, new double[] {0.1, 0.2, 3, 40, 500})).isCloseTo(1, within(1e-15));
  }

  @Test
  void tiesGetTheirMeanRank() {
    // y ranks 1.5, 1.5, 3, 4 against 1, 2, 3, 4: Sxy = 4.5, Sxx = 5, Syy = 4.5, so rho = 4.5 / sqrt(22.5) = sqrt(0.9)
    assertThat(PariseWellingReport.spearman(new double[] {1, 2, 3, 4}, new double[] {7, 7, 8, 9}))
        .isCloseTo(Math.sqrt(0.9), within(1e-15));
  }

  @Test
  void aConstantCurveHasNoCorrelation() {
    assertThat(PariseWellingReport.spearman(new double[] {1, 2, 3}, new double[] {4, 4, 4})).isZero();
  }
}
