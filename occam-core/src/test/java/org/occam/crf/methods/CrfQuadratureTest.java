package org.occam.crf.methods;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.occam.crf.CrfData;
import org.occam.crf.CrfModel;
import org.occam.crf.CrfProblem;
import org.occam.crf.CrfScoreCases;
import org.occam.crf.CrfSettings;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;

/** {@code quadrature} for CRFs against a brute trapezoid rule in the raw parameters ({@link CrfScoreCases}). */
class CrfQuadratureTest {
  static CrfProblem problem(CrfModel model, CrfData data, double sigma) {
    return new CrfProblem(model, data, CrfSettings.defaults().withPriorSigma(sigma).withThreads(1), 1);
  }

  @ParameterizedTest
  @CsvSource({"3, 5, 1.0", "11, 20, 1.0", "12, 20, 2.5"})
  void oneParameterAgreesWithAFineRawGrid(long seed, int n, double sigma) {
    CrfModel model = CrfScoreCases.model(1, "state:g0");
    CrfData data = CrfScoreCases.sampled(model, new double[] {1.0}, 1, n, 2, 6, seed);
    CrfProblem p = problem(model, data, sigma);
    EvidenceEstimate q = CrfMethods.get("quadrature").estimate(p);
    double brute = CrfScoreCases.bruteLogEvidence(p.likelihood(), sigma, 1e-3, 12 * sigma);
    assertThat(q.method()).isEqualTo("quadrature");
    assertThat(q.logEvidence()).isCloseTo(brute, within(1e-8));
    assertThat(q.converged()).as(q.diagnostics().toString()).isTrue();
    assertThat((double) q.diagnostics().get("errorEstimate")).isLessThan(1e-6);
    assertThat(q.diagnostics()).containsKeys("sequences", "positions", "parameters", "mode", "laplaceStdDevs");
    assertThat(q.settings()).containsKeys("prior", "halfWidth", "pointsPerAxis");
  }

  @ParameterizedTest
  @CsvSource({"5, 4", "6, 15"})
  void twoParametersAgreeWithARawGrid(long seed, int n) {
    CrfModel model = CrfScoreCases.model(1, "state:g0", "transition");
    CrfData data = CrfScoreCases.sampled(model, new double[] {0.8, 0.6}, 1, n, 2, 6, seed);
    CrfProblem p = problem(model, data, 1.0);
    EvidenceEstimate q = CrfMethods.get("quadrature").estimate(p);
    // step 0.05 is at least 3 points per posterior sd here (sd ≥ 0.17), where the trapezoid error of a
    // smooth integrand is already far below 1e-8; ±7 leaves the prior alone e^−24 below its peak
    double brute = CrfScoreCases.bruteLogEvidence(p.likelihood(), 1.0, 0.05, 7);
    assertThat(q.logEvidence()).isCloseTo(brute, within(1e-8));
    assertThat(q.converged()).as(q.diagnostics().toString()).isTrue();
  }

  @Test
  void refusesMoreThanThreeParametersInOneLine() {
    CrfModel model = CrfScoreCases.model(2, "bias", "transition", "state:g0", "state:g1");
    CrfData data = CrfScoreCases.sampled(model, new double[4], 2, 3, 2, 4, 1);
    CrfProblem p = problem(model, data, 1.0);
    assertThatThrownBy(() -> CrfMethods.get("quadrature").estimate(p))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("at most 3 parameters")
        .hasMessageContaining("F = 4")
        .hasMessageNotContaining("\n");
  }
}
