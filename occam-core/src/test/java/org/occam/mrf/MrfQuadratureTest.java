package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.occam.evidence.EvidenceEstimate;

/**
 * The quadrature against integrals computed here independently: by a fine trapezoid rule in the
 * raw parameters over a fixed box (no mode, no whitening, no shared code), and by factorisation.
 */
class MrfQuadratureTest {
  /** Data for one vertex: k ones in N rows. */
  static MrfData bias(int n, int k) {
    return new MrfData(MrfTestModels.singleVertex(), n, new double[] {(double) k / n});
  }

  /** V independent vertices (no edges), vertex i with k[i] ones in N rows. */
  static MrfData independent(int n, int... k) {
    double[] means = new double[k.length];
    for (int i = 0; i < k.length; i++) {
      means[i] = (double) k[i] / n;
    }
    return new MrfData(new PairwiseGraph(k.length, new int[0][]), n, means);
  }

  /** Two vertices joined by an edge, from the cell counts n00, n10, n01, n11 (x0 x1). */
  static MrfData edge(int n00, int n10, int n01, int n11) {
    double n = n00 + n10 + n01 + n11;
    return new MrfData(PairwiseGraph.complete(2), n, new double[] {(n10 + n11) / n, (n01 + n11) / n, n11 / n});
  }

  /**
   * ln ∫ N(θ; 0, σ²) σ(θ)^k (1 − σ(θ))^(N−k) dθ by the trapezoid rule with step 1e-4 on [−40σ, 40σ],
   * summed relative to the largest term.
   */
  static double logEvidenceOfABias(int n, int k, double sigma) {
    double h = 1e-4;
    int m = (int) Math.round(40 * sigma / h);
    double max = Double.NEGATIVE_INFINITY;
    for (int i = -m; i <= m; i++) {
      max = Math.max(max, logIntegrandOfABias(i * h, n, k, sigma));
    }
    double sum = 0;
    for (int i = -m; i <= m; i++) {
      sum += Math.exp(logIntegrandOfABias(i * h, n, k, sigma) - max);
    }
    return max + Math.log(sum * h);
  }

  /** ln N(θ; 0, σ²) + k ln σ(θ) + (N − k) ln(1 − σ(θ)), with ln σ(θ) = −softplus(−θ). */
  static double logIntegrandOfABias(double theta, int n, int k, double sigma) {
    double logPrior = -0.5 * theta * theta / (sigma * sigma) - 0.5 * Math.log(2 * Math.PI * sigma * sigma);
    return logPrior - k * softplus(-theta) - (n - k) * softplus(theta);
  }

  static double softplus(double x) {
    return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
  }

  /**
   * ln ∫ N(λ; 0, I) exp(Σ_c n_c ln p_c(λ)) dλ over λ = (θ0, θ1, w) for one edge, by a brute
   * trapezoid rule with step h on [−10, 10]³ in the raw parameters.
   */
  static double logEvidenceOfAnEdge(int n00, int n10, int n01, int n11, double h) {
    int m = (int) Math.round(10 / h);
    int n = n00 + n10 + n01 + n11;
    double logPriorNorm = -1.5 * Math.log(2 * Math.PI);
    double max = Double.NEGATIVE_INFINITY;
    double sum = 0;
    for (int i = -m; i <= m; i++) {
      double a = i * h;
      for (int j = -m; j <= m; j++) {
        double b = j * h;
        for (int l = -m; l <= m; l++) {
          double w = l * h;
          double c = a + b + w;
          double top = Math.max(Math.max(0, a), Math.max(b, c));
          double logZ = top + Math.log(Math.exp(-top) + Math.exp(a - top) + Math.exp(b - top) + Math.exp(c - top));
          double v = logPriorNorm - 0.5 * (a * a + b * b + w * w) + n10 * a + n01 * b + n11 * c - n * logZ;
          if (v > max) {
            sum = sum * Math.exp(max - v) + 1;
            max = v;
          } else {
            sum += Math.exp(v - max);
          }
        }
      }
    }
    return max + Math.log(sum * h * h * h);
  }

  @ParameterizedTest
  @CsvSource({"10, 3, 1.0", "100, 27, 1.0", "1000, 1, 1.0", "10, 0, 1.0", "50, 40, 2.5"})
  void oneParameterAgreesWithAFineTrapezoidRuleInTheRawParameter(int n, int k, double sigma) {
    EvidenceEstimate q = MrfQuadrature.estimate(bias(n, k), MrfQuadrature.Settings.defaults().withPriorSigma(sigma));
    assertThat(q.method()).isEqualTo("quadrature");
    assertThat(q.logEvidence()).isCloseTo(logEvidenceOfABias(n, k, sigma), within(1e-8));
    assertThat(q.converged()).isTrue();
    assertThat((double) q.diagnostics().get("errorEstimate")).isLessThan(1e-6);
    // 81 points on ±10 posterior sd, widened at the same spacing where the faces are not negligible.
    int perAxis = (int) q.diagnostics().get("gridPointsPerAxis");
    assertThat(perAxis).isGreaterThanOrEqualTo(81).isOdd();
    assertThat(q.diagnostics()).containsEntry("gridPoints", (long) perAxis).containsEntry("gridSpacing", 0.25);
  }

  @Test
  void twoAndThreeIndependentVerticesFactoriseIntoOneDimensionalIntegrals() {
    EvidenceEstimate two = MrfQuadrature.estimate(independent(40, 7, 33), MrfQuadrature.Settings.defaults());
    assertThat(two.logEvidence())
        .isCloseTo(logEvidenceOfABias(40, 7, 1) + logEvidenceOfABias(40, 33, 1), within(1e-8));
    EvidenceEstimate three = MrfQuadrature.estimate(independent(100, 2, 50, 91), MrfQuadrature.Settings.defaults());
    assertThat(three.logEvidence()).isCloseTo(
        logEvidenceOfABias(100, 2, 1) + logEvidenceOfABias(100, 50, 1) + logEvidenceOfABias(100, 91, 1),
        within(1e-8));
    long perAxis = (int) three.diagnostics().get("gridPointsPerAxis");
    assertThat(three.diagnostics()).containsEntry("gridPoints", perAxis * perAxis * perAxis);
  }

  @ParameterizedTest
  @CsvSource({"4, 2, 1, 3", "6, 3, 1, 0", "40, 20, 10, 30"})
  void aSingleEdgeAgreesWithABruteGridInTheRawParameters(int n00, int n10, int n01, int n11) {
    EvidenceEstimate q = MrfQuadrature.estimate(edge(n00, n10, n01, n11), MrfQuadrature.Settings.defaults());
    assertThat(q.logEvidence()).isCloseTo(logEvidenceOfAnEdge(n00, n10, n01, n11, 0.1), within(1e-8));
    assertThat(q.converged()).isTrue();
    assertThat((double) q.diagnostics().get("faceLogDensityDrop")).isGreaterThanOrEqualTo(MrfQuadrature.MIN_FACE_DROP);
  }

  @Test
  void refusesMoreThanThreeParameters() {
    MrfData triangle = new MrfData(PairwiseGraph.complete(3), 10, new double[] {0.5, 0.5, 0.5, 0.2, 0.2, 0.2});
    assertThatThrownBy(() -> MrfQuadrature.estimate(triangle, MrfQuadrature.Settings.defaults()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at most 3 parameters")
        .hasMessageContaining("F = 6");
  }

  @Test
  void reportsItsSettingsAndAFinerGridChangesLittle() {
    MrfData data = edge(4, 2, 1, 3);
    EvidenceEstimate q = MrfQuadrature.estimate(data, MrfQuadrature.Settings.defaults());
    assertThat(q.settings()).containsKeys("prior", "rule", "halfWidth", "pointsPerAxis");
    assertThat(q.seed()).isEmpty();
    assertThat(q.stdError()).isEmpty();
    assertThat(q.diagnostics()).containsKeys("mode", "newtonIterations", "laplaceStdDevs", "errorEstimate",
        "halfGridLogEvidence", "gridSpacing");
    EvidenceEstimate coarse = MrfQuadrature.estimate(data, MrfQuadrature.Settings.defaults().withPointsPerAxis(41));
    assertThat(coarse.logEvidence()).isCloseTo(q.logEvidence(), within(1e-8));
  }
}
