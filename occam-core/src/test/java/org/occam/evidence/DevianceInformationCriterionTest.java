package org.occam.evidence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * DIC against its closed form for Gaussian means with known variance: with posterior N(m, v) per
 * mean, D̄ = Σ_j [n ln 2πσ² + (S_j + n((x̄_j − m_j)² + v)) / σ²], D(m) = D̄ − d·n v/σ², so pD = d·n v/σ²,
 * which tends to d, the number of parameters, as the prior flattens (τ → ∞).
 */
class DevianceInformationCriterionTest {
  private static final int DRAWS = 4000;

  @ParameterizedTest
  @CsvSource({"1, 50, 2.0", "1, 50, 1000.0", "10, 50, 1000.0", "3, 5, 0.5"})
  void meanDevianceDevianceAtTheMeanAndPdMatchTheClosedForm(int d, int n, double tau) {
    ConjugateModels.GaussianMeans m = (ConjugateModels.GaussianMeans) ConjugateModels.gaussianMeans(d, n, 0, tau, 5);
    double exactPd = d * n * m.postVar() / (m.sigma() * m.sigma());
    // D − D̄ is n(x̄ − μ)²/σ² − its mean, summed over the means: sd √(2d)·nv/σ² + cross terms; per draw it
    // is at most sd(D) = √(Σ_j 2(nv)² + 4 n² (x̄_j − m_j)² v) / σ²
    double crossTerms = 0;
    for (int j = 0; j < d; j++) {
      double dev = m.xbar()[j] - m.postMean()[j];
      crossTerms += 4 * n * n * dev * dev * m.postVar();
    }
    double sdDeviance = Math.sqrt(2 * d * Math.pow(n * m.postVar(), 2) + crossTerms);
    for (long seed : new long[] {31, 32, 33, 34, 35}) {
      SampledLikelihoods l = ConjugateModels.sample(m, DRAWS, 0, seed, 1);
      EvidenceEstimate dic = SampleEvidenceEstimators.get("dic").estimate(l);
      double meanDeviance = (double) dic.diagnostics().get("meanDeviance");
      double atMean = (double) dic.diagnostics().get("devianceAtPosteriorMean");
      double pD = (double) dic.diagnostics().get("pD");
      double seMean = sdDeviance / Math.sqrt(DRAWS);
      // λ̄ − m is N(0, v/S) per mean: D(λ̄) − D(m) = n Σ_j [(λ̄_j − m_j)² − 2(x̄_j − m_j)(λ̄_j − m_j)] / σ²
      double seAtMean = 0;
      for (int j = 0; j < d; j++) {
        double dev = m.xbar()[j] - m.postMean()[j];
        seAtMean += 4 * n * n * dev * dev * m.postVar() / DRAWS;
      }
      seAtMean = Math.sqrt(seAtMean) + d * n * m.postVar() / DRAWS;
      String where = "d=" + d + " n=" + n + " tau=" + tau + " seed " + seed;
      assertThat(meanDeviance).as(where).isCloseTo(m.meanDeviance(), offset(4 * seMean));
      assertThat(atMean).as(where).isCloseTo(m.devianceAtPosteriorMean(), offset(4 * seAtMean + 1e-9));
      assertThat(pD).as(where).isCloseTo(exactPd, offset(4 * (seMean + seAtMean)));
      assertThat(dic.logEvidence()).isCloseTo(-(meanDeviance + pD) / 2, offset(1e-9));
    }
    if (tau > 100) {
      assertThat(exactPd).isCloseTo(d, offset(1e-3 * d));
    }
  }
}
