package org.occam.mrf.hidden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.LogSpace;
import org.occam.mrf.MrfAnnealedImportanceSampling;
import org.occam.mrf.PairwiseGraph;
import org.occam.sampling.ParameterSpaceAis;

/**
 * AIS over the parameters with the hidden-variable likelihood inside, against the evidence by a
 * brute-force grid over λ with the likelihood in closed form: one visible unit v joined to one
 * hidden unit h (F = 3), {@code Z = 1 + e^a + e^b + e^{a+b+w}}, {@code Z(v=1) = e^a (1 + e^{b+w})},
 * {@code Z(v=0) = 1 + e^b}.
 */
class HiddenParameterLikelihoodTest {
  private static final int ONES = 7;
  private static final int ZEROS = 13;

  private static HiddenMrfData data() {
    return data(ONES, ZEROS);
  }

  /** One visible unit seen {@code ones} times 1 and {@code zeros} times 0, joined to one hidden unit. */
  static HiddenMrfData data(int ones, int zeros) {
    PairwiseGraph g = new PairwiseGraph(2, new int[][] {{0, 1}});
    return HiddenMrfData.ofRows(g, HiddenTestModels.hiddenSet(2, 1),
        new int[][] {{1, Dataset.MISSING}, {0, Dataset.MISSING}}, new double[] {ones, zeros});
  }

  private static double logLikelihood(double a, double b, double w) {
    return logLikelihood(ONES, ZEROS, a, b, w);
  }

  private static double logLikelihood(int ones, int zeros, double a, double b, double w) {
    double logZ = LogSpace.logSumExp(new double[] {0, a, b, a + b + w});
    double logOne = a + LogSpace.logSumExp(new double[] {0, b + w});
    double logZero = LogSpace.logSumExp(new double[] {0, b});
    return ones * logOne + zeros * logZero - (ones + zeros) * logZ;
  }

  /** ln ∫ N(λ; 0, I) exp(L(λ)) dλ by the trapezoid rule on [−7, 7]³ at spacing 0.1. */
  private static double gridEvidence() {
    return gridEvidence(ONES, ZEROS);
  }

  /** As above for {@code ones} ones and {@code zeros} zeros. */
  static double gridEvidence(int ones, int zeros) {
    int m = 141;
    double h = 14.0 / (m - 1);
    double[] terms = new double[m * m * m];
    int k = 0;
    for (int i = 0; i < m; i++) {
      double a = -7 + i * h;
      for (int j = 0; j < m; j++) {
        double b = -7 + j * h;
        for (int l = 0; l < m; l++) {
          double w = -7 + l * h;
          terms[k++] = logLikelihood(ones, zeros, a, b, w) - 0.5 * (a * a + b * b + w * w);
        }
      }
    }
    return LogSpace.logSumExp(terms) + 3 * Math.log(h) - 1.5 * Math.log(2 * Math.PI);
  }

  @Test
  void theEvaluatorIsTheClosedFormLikelihood() {
    var evaluator = new HiddenParameterLikelihood(data()).newEvaluator();
    double[] lambda = {0.3, -1.1, 2.2};
    double[] g = new double[3];
    assertThat(evaluator.valueAndGradient(lambda, g)).isCloseTo(logLikelihood(0.3, -1.1, 2.2), within(1e-12));
    double h = 1e-6;
    assertThat(g[0]).isCloseTo((logLikelihood(0.3 + h, -1.1, 2.2) - logLikelihood(0.3 - h, -1.1, 2.2)) / (2 * h),
        within(1e-7));
    assertThat(evaluator.valueAndGradient(new double[] {Double.NaN, 0, 0}, g)).isNaN();
  }

  @Test
  void aisAgreesWithTheGridWithinThreeStandardErrors() {
    double truth = gridEvidence();
    ParameterSpaceAis.Settings settings = MrfAnnealedImportanceSampling.defaultSettings().withSteps(1000).withRuns(20);
    for (long seed = 1; seed <= 2; seed++) {
      EvidenceEstimate ais = new ParameterSpaceAis("ais", new HiddenParameterLikelihood(data()), settings)
          .estimate(seed, 1);
      double se = ais.stdError().orElseThrow();
      // measured: 0.0055 and 0.0008 from the grid, standard errors 0.018 and 0.021
      assertThat(se).isPositive().isLessThan(0.05);
      assertThat(ais.logEvidence()).isCloseTo(truth, within(3 * se));
    }
  }
}
