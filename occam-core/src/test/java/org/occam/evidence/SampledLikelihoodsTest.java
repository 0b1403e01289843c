package org.occam.evidence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.occam.data.InvalidInputException;

class SampledLikelihoodsTest {
  @Test
  void logMeanExpIsStableFarFromZero() {
    assertThat(SampledLikelihoods.logMeanExp(new double[] {-1000, -1000 + Math.log(3)}))
        .isCloseTo(-1000 + Math.log(2), offset(1e-12));
    assertThat(SampledLikelihoods.logMeanExp(new double[] {800, 800})).isCloseTo(800, offset(1e-12));
    assertThat(SampledLikelihoods.logMeanExp(new double[] {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY}))
        .isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(SampledLikelihoods.logMeanExp(new double[] {Double.NEGATIVE_INFINITY, Math.log(4)}))
        .isCloseTo(Math.log(2), offset(1e-12));
  }

  @Test
  void relativeVarianceIsTheSquaredCoefficientOfVariationOfTheTerms() {
    double[] w = {1, 2, 3, 10};
    double mean = 4;
    double var = (9 + 4 + 1 + 36) / 3.0;
    double[] logs = new double[w.length];
    for (int i = 0; i < w.length; i++) {
      logs[i] = Math.log(w[i]) - 700;
    }
    assertThat(SampledLikelihoods.relativeVariance(logs)).isCloseTo(var / (mean * mean), offset(1e-12));
    assertThat(SampledLikelihoods.relativeVariance(new double[] {5})).isZero();
    assertThat(SampledLikelihoods.logAddExp(Math.log(2), Math.log(3))).isCloseTo(Math.log(5), offset(1e-12));
    assertThat(SampledLikelihoods.logAddExp(Double.NEGATIVE_INFINITY, -3)).isEqualTo(-3);
  }

  @Test
  void notANumberIsRefusedInOneLineAndMinusInfinityCountedAsZeroLikelihood() {
    assertThatThrownBy(() -> new SampledLikelihoods(new double[] {-1, Double.NaN}, new double[0], -1, 2, Map.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("the log likelihood is NaN at posterior draw 2 (of 2): the likelihood could not be evaluated there");
    assertThatThrownBy(() -> new SampledLikelihoods(new double[] {-1}, new double[] {Double.POSITIVE_INFINITY}, -1, 1,
        Map.of())).isInstanceOf(InvalidInputException.class).hasMessageContaining("prior draw 1");
    assertThatThrownBy(() -> new SampledLikelihoods(new double[] {-1}, new double[0], -1, -1, Map.of()))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("effective");
    assertThatThrownBy(() -> new SampledLikelihoods(new double[] {-1}, new double[0], -1, Double.NaN, Map.of()))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("effective");
    // no effective draws (a chain that never moved): estimates without a standard error
    SampledLikelihoods stuck = new SampledLikelihoods(new double[] {-1, -2, -3}, new double[] {-2, -5}, -2, 0, Map.of());
    for (SampleEvidenceEstimator e : SampleEvidenceEstimators.all()) {
      assertThat(e.estimate(stuck).stdError()).as(e.name()).isEmpty();
      assertThat(e.estimate(stuck).logEvidence()).as(e.name()).isFinite();
    }
    SampledLikelihoods l = new SampledLikelihoods(new double[] {-1, Double.NEGATIVE_INFINITY},
        new double[] {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, -4}, -1, 2, Map.of());
    assertThat(l.posteriorZeroLikelihoods()).isEqualTo(1);
    assertThat(l.priorZeroLikelihoods()).isEqualTo(2);
  }
}
