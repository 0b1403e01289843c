package org.occam.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The sample-based estimators against closed-form evidence on conjugate models with exact posterior
 * and prior draws (4,000 of each). Seeds are fixed and were not chosen to pass; the tolerances are
 * the estimators' own standard errors (bridge sampling) or what the estimators provably do
 * (harmonic means). Measured on seeds 1001–1020 (the assertions use the first five): bridge-opt's
 * largest |error| / SE over six models whose posterior the prior draws cover was 2.9, bridge-geo's 2.6.
 */
class SampleEvidenceEstimatorsTest {
  private static final int DRAWS = 4000;
  private static final long[] SEEDS = {1001, 1002, 1003, 1004, 1005};

  /** Models whose posterior the prior draws cover (in one dimension, or ten weakly informed ones). */
  static List<ConjugateModels.Model> covered() {
    return List.of(ConjugateModels.betaBernoulli(20, 6, 1, 1), ConjugateModels.betaBernoulli(20, 6, 2, 5),
        ConjugateModels.betaBernoulli(200, 62, 1, 1), ConjugateModels.betaBernoulli(200, 62, 2, 5),
        ConjugateModels.gaussianMeans(1, 50, 0, 2, 11), ConjugateModels.gaussianMeans(10, 5, 0, 1, 11));
  }

  @ParameterizedTest
  @MethodSource("covered")
  void bridgeSamplingIsWithinThreeStandardErrorsOnEverySeed(ConjugateModels.Model m) {
    for (long seed : SEEDS) {
      SampledLikelihoods l = ConjugateModels.sample(m, DRAWS, DRAWS, seed, 1);
      for (String name : List.of("bridge-geo", "bridge-opt")) {
        EvidenceEstimate e = SampleEvidenceEstimators.get(name).estimate(l);
        double se = e.stdError().orElseThrow();
        assertThat(e.logEvidence()).as(name + " on " + m.name() + " seed " + seed + " se " + se)
            .isCloseTo(m.exactLogEvidence(), org.assertj.core.data.Offset.offset(3 * se));
        assertThat(se).isPositive().isLessThan(0.5);
        assertThat(e.converged()).isTrue();
        assertThat(e.diagnostics()).containsKeys("relativeMse", "essRatio", "priorDraws", "priorDrawsEss");
      }
    }
  }

  @Test
  void bridgeSamplingWithThePriorAsQ2FailsWhenThePosteriorIsSmallInManyDimensions() {
    // ten Gaussian means, n = 50, prior sd 2: the posterior (sd 0.14 per mean) holds ~1e-11 of the
    // prior's mass, so no prior draw lands in it. Measured over seeds 1001–1020: mean error −35.5 nats,
    // |error| / SE up to 81 — the standard error does not see the failure. In one dimension the same
    // data give errors of 0.03 nats (see above).
    ConjugateModels.Model tenD = ConjugateModels.gaussianMeans(10, 50, 0, 2, 11);
    double sum = 0;
    for (long seed : SEEDS) {
      SampledLikelihoods l = ConjugateModels.sample(tenD, DRAWS, DRAWS, seed, 1);
      EvidenceEstimate opt = SampleEvidenceEstimators.get("bridge-opt").estimate(l);
      System.out.printf("%s seed %d: bridge-opt error %+.2f (se %.3f), bridge-geo %+.2f, harmonic1 %+.2f,"
          + " harmonic4 %+.2f%n", tenD.name(), seed, opt.logEvidence() - tenD.exactLogEvidence(),
          opt.stdError().orElse(Double.NaN), error("bridge-geo", l, tenD), error("harmonic1", l, tenD),
          error("harmonic4", l, tenD));
      sum += opt.logEvidence() - tenD.exactLogEvidence();
      // the failure is reported: the prior-side sum rests on a few draws
      for (EvidenceEstimate e : List.of(opt, SampleEvidenceEstimators.get("bridge-geo").estimate(l))) {
        assertThat(e.converged()).as(e.method() + " seed " + seed).isFalse();
        assertThat((double) e.diagnostics().get("priorDrawsEss")).isLessThan(GeometricBridge.MIN_PRIOR_DRAWS_ESS);
        assertThat((String) e.diagnostics().get("notConverged")).contains("prior draws barely reach the posterior");
      }
    }
    assertThat(sum / SEEDS.length).as("mean error of bridge-opt in ten dimensions").isLessThan(-10);
  }

  /**
   * harmonic1 lies above the evidence on average (its known upward bias: the mean error over 20 seeds
   * exceeds twice its standard error). p̂4 >= p̂1 holds on any draws (see StabilisedHarmonicMean), so
   * harmonic4 is NOT closer than harmonic1 on average on these models (measured: it is 0.05–1.6 nats
   * further above) — what it does is spread less over seeds, which is asserted instead.
   */
  @ParameterizedTest
  @MethodSource("covered")
  void harmonic1LiesAboveTheEvidenceAndHarmonic4IsNeverBelowItAndSpreadsLess(ConjugateModels.Model m) {
    int seeds = 20;
    double[] h1 = new double[seeds];
    double[] h4 = new double[seeds];
    for (int s = 0; s < seeds; s++) {
      SampledLikelihoods l = ConjugateModels.sample(m, DRAWS, 0, 2001 + s, 1);
      h1[s] = SampleEvidenceEstimators.get("harmonic1").estimate(l).logEvidence() - m.exactLogEvidence();
      EvidenceEstimate four = SampleEvidenceEstimators.get("harmonic4").estimate(l);
      h4[s] = four.logEvidence() - m.exactLogEvidence();
      assertThat(h4[s]).isGreaterThanOrEqualTo(h1[s] - 1e-9);
      assertThat(four.converged()).isTrue();
    }
    double seOfMean = Math.sqrt(variance(h1) / seeds);
    System.out.printf("%s: harmonic1 mean error %+.3f (se %.3f) sd %.3f, harmonic4 mean error %+.3f sd %.3f%n",
        m.name(), mean(h1), seOfMean, Math.sqrt(variance(h1)), mean(h4), Math.sqrt(variance(h4)));
    assertThat(mean(h1)).as(m.name()).isGreaterThan(2 * seOfMean);
    assertThat(variance(h4)).isLessThan(variance(h1));
  }

  @Test
  void harmonic4SolvesNewtonAndRafterysEquationAndTendsToHarmonic1AsDeltaVanishes() {
    ConjugateModels.Model m = ConjugateModels.betaBernoulli(200, 62, 2, 5);
    SampledLikelihoods l = ConjugateModels.sample(m, DRAWS, 0, 7, 1);
    double delta = 0.1;
    double logP = SampleEvidenceEstimators.harmonic4(delta).estimate(l).logEvidence();
    // the original fixed point, with every likelihood scaled by p̂ (so nothing overflows)
    double numerator = DRAWS * delta / (1 - delta);
    double denominator = DRAWS * delta / (1 - delta);
    for (double ell : l.posteriorLogLikelihoods()) {
      double x = Math.exp(ell - logP);
      numerator += x / (delta + (1 - delta) * x);
      denominator += 1 / (delta + (1 - delta) * x);
    }
    assertThat(Math.log(numerator / denominator)).isCloseTo(0, org.assertj.core.data.Offset.offset(1e-9));
    double h1 = SampleEvidenceEstimators.get("harmonic1").estimate(l).logEvidence();
    assertThat(SampleEvidenceEstimators.harmonic4(1e-9).estimate(l).logEvidence())
        .isCloseTo(h1, org.assertj.core.data.Offset.offset(1e-5));
  }

  @Test
  void theEstimatorsFollowTheirFormulasOnAHandCase() {
    // L = 1/2, 1/4 at the posterior draws; 1/8, 1/2 at the prior draws
    double[] post = {Math.log(0.5), Math.log(0.25)};
    double[] prior = {Math.log(0.125), Math.log(0.5)};
    SampledLikelihoods l = new SampledLikelihoods(post, prior, Math.log(0.4), 2, java.util.Map.of());
    assertThat(SampleEvidenceEstimators.get("harmonic1").estimate(l).logEvidence())
        .isCloseTo(Math.log(1 / ((2 + 4) / 2.0)), org.assertj.core.data.Offset.offset(1e-12));
    double geo = ((Math.sqrt(0.125) + Math.sqrt(0.5)) / 2) / ((1 / Math.sqrt(0.5) + 1 / Math.sqrt(0.25)) / 2);
    assertThat(SampleEvidenceEstimators.get("bridge-geo").estimate(l).logEvidence())
        .isCloseTo(Math.log(geo), org.assertj.core.data.Offset.offset(1e-12));
    // Meng & Wong's eqn 4.1 holds at the optimal bridge's answer (s1 = s2 = 1/2)
    double r = Math.exp(SampleEvidenceEstimators.get("bridge-opt").estimate(l).logEvidence());
    double num = (0.125 / (0.5 * 0.125 + 0.5 * r) + 0.5 / (0.5 * 0.5 + 0.5 * r)) / 2;
    double den = (1 / (0.5 * 0.5 + 0.5 * r) + 1 / (0.5 * 0.25 + 0.5 * r)) / 2;
    assertThat(Math.log(num / den)).isCloseTo(Math.log(r), org.assertj.core.data.Offset.offset(1e-9));
    EvidenceEstimate dic = SampleEvidenceEstimators.get("dic").estimate(l);
    double meanDeviance = -2 * (Math.log(0.5) + Math.log(0.25)) / 2;
    double pD = meanDeviance + 2 * Math.log(0.4);
    assertThat(dic.logEvidence()).isCloseTo(-(meanDeviance + pD) / 2, org.assertj.core.data.Offset.offset(1e-12));
    assertThat((double) dic.diagnostics().get("pD")).isCloseTo(pD, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(dic.stdError()).isEmpty();
  }

  @Test
  void theOptimalBridgeSaysWhenItsIterationStoppedShortAndTheSamplerWhenItDidNotConverge() {
    ConjugateModels.Model m = ConjugateModels.betaBernoulli(200, 62, 1, 1);
    SampledLikelihoods l = ConjugateModels.sample(m, DRAWS, DRAWS, 3, 1);
    EvidenceEstimate full = SampleEvidenceEstimators.get("bridge-opt").estimate(l);
    assertThat(full.converged()).isTrue();
    assertThat((int) full.diagnostics().get("iterations")).isLessThan(OptimalBridge.MAX_ITERATIONS);
    EvidenceEstimate cut = new OptimalBridge(1e-10, 2).estimate(l);
    assertThat(cut.converged()).isFalse();
    assertThat(cut.diagnostics()).containsEntry("iterations", 2).containsEntry("samplerConverged", true);
    assertThat((String) cut.diagnostics().get("notConverged"))
        .isEqualTo("the bridge iteration changed ln r̂ by more than 1e-10 after 2 iterations");
    assertThat(cut.settings()).containsEntry("maxIterations", 2);
  }

  @Test
  void equalLikelihoodsGiveThatLikelihoodFromEveryEvidenceEstimator() {
    double[] same = new double[50];
    java.util.Arrays.fill(same, -123.4);
    SampledLikelihoods l = new SampledLikelihoods(same, same.clone(), -123.4, 50, java.util.Map.of());
    for (String name : List.of("harmonic1", "harmonic4", "bridge-geo", "bridge-opt")) {
      EvidenceEstimate e = SampleEvidenceEstimators.get(name).estimate(l);
      assertThat(e.logEvidence()).as(name).isCloseTo(-123.4, org.assertj.core.data.Offset.offset(1e-9));
      assertThat(e.stdError().orElseThrow()).as(name).isCloseTo(0, org.assertj.core.data.Offset.offset(1e-9));
    }
  }

  @Test
  void zeroLikelihoodsAtPosteriorDrawsAreAFailureForTheEstimatorsThatDivideByThem() {
    // one draw of likelihood 0 among 300 (harmonic4's bounded terms need more than δ/(1−δ) of the draws
    // to be above it: with a quarter of the draws at 0 it reports the failure too)
    double[] post = new double[300];
    for (int i = 0; i < post.length; i++) {
      post[i] = -2 - (i % 7) * 0.3;
    }
    post[17] = Double.NEGATIVE_INFINITY;
    double[] prior = {-10, -3, Double.NEGATIVE_INFINITY, -5};
    SampledLikelihoods l = new SampledLikelihoods(post, prior, -2.5, 300, java.util.Map.of());
    for (String name : List.of("harmonic1", "bridge-geo", "dic")) {
      EvidenceEstimate e = SampleEvidenceEstimators.get(name).estimate(l);
      assertThat(e.logEvidence()).as(name).isEqualTo(Double.NEGATIVE_INFINITY);
      assertThat((String) e.diagnostics().get("failure")).as(name).isNotBlank().doesNotContain("\n");
      assertThat(e.stdError()).isEmpty();
    }
    for (String name : List.of("harmonic4", "bridge-opt")) {
      EvidenceEstimate e = SampleEvidenceEstimators.get(name).estimate(l);
      assertThat(e.logEvidence()).as(name).isFinite();
      assertThat(e.diagnostics()).containsEntry("posteriorZeroLikelihoods", 1).doesNotContainKey("failure");
    }
    SampledLikelihoods quarter = new SampledLikelihoods(new double[] {-3, Double.NEGATIVE_INFINITY, -2, -4}, prior,
        -2.5, 4, java.util.Map.of());
    EvidenceEstimate h4 = SampleEvidenceEstimators.get("harmonic4").estimate(quarter);
    assertThat(h4.logEvidence()).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat((String) h4.diagnostics().get("failure")).contains("likelihood 0");
  }

  @Test
  void theBridgeEstimatorsRefuseLikelihoodsWithoutPriorDraws() {
    SampledLikelihoods l = new SampledLikelihoods(new double[] {-1, -2}, new double[0], -1.5, 2, java.util.Map.of());
    for (String name : List.of("bridge-geo", "bridge-opt")) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> SampleEvidenceEstimators.get(name).estimate(l))
          .isInstanceOf(org.occam.data.InvalidInputException.class).hasMessageContaining("prior");
    }
  }

  @Test
  void theRegistryNamesEveryEstimatorAndRefusesUnknownNames() {
    assertThat(SampleEvidenceEstimators.all()).extracting(SampleEvidenceEstimator::name)
        .containsExactly("harmonic1", "harmonic4", "bridge-geo", "bridge-opt", "dic");
    assertThat(SampleEvidenceEstimators.get(" Bridge-OPT ").name()).isEqualTo("bridge-opt");
    assertThat(SampleEvidenceEstimators.get("dic").accuracy().kind()).isEqualTo(Accuracy.Kind.REFERENCE);
    assertThat(SampleEvidenceEstimators.get("bridge-geo").accuracy().kind()).isEqualTo(Accuracy.Kind.STOCHASTIC);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> SampleEvidenceEstimators.get("harmonic2"))
        .isInstanceOf(org.occam.data.InvalidInputException.class)
        .hasMessage("unknown sample-based estimator 'harmonic2' (known: harmonic1,harmonic4,bridge-geo,bridge-opt,dic)");
  }

  private static double error(String name, SampledLikelihoods l, ConjugateModels.Model m) {
    return SampleEvidenceEstimators.get(name).estimate(l).logEvidence() - m.exactLogEvidence();
  }

  static double mean(double[] x) {
    double s = 0;
    for (double v : x) {
      s += v;
    }
    return s / x.length;
  }

  static double variance(double[] x) {
    double m = mean(x);
    double s = 0;
    for (double v : x) {
      s += (v - m) * (v - m);
    }
    return s / (x.length - 1);
  }
}
