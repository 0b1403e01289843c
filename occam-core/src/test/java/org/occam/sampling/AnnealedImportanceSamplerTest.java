package org.occam.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.commons.numbers.gamma.LogBeta;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.AhrensDieterMarsagliaTsangGammaSampler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The engine on a conjugate case with a known answer: θ ~ Uniform(0, 1), ℓ(θ) = a ln θ + b ln(1 − θ)
 * (a binomial likelihood), so Z = B(a + 1, b + 1) and every intermediate distribution is
 * Beta(τa + 1, τb + 1), from which the transition draws exactly.
 */
class AnnealedImportanceSamplerTest {
  record Binomial(double a, double b) implements AnnealedImportanceSampler.Target {
    @Override
    public AnnealedImportanceSampler.Chain start(UniformRandomProvider rng) {
      return new AnnealedImportanceSampler.Chain() {
        double theta = rng.nextDouble();
        long moves;

        @Override
        public double logLikelihood() {
          return a * Math.log(theta) + b * Math.log1p(-theta);
        }

        @Override
        public void transition(double tau) {
          double x = AhrensDieterMarsagliaTsangGammaSampler.of(rng, tau * a + 1, 1).sample();
          double y = AhrensDieterMarsagliaTsangGammaSampler.of(rng, tau * b + 1, 1).sample();
          theta = x / (x + y);
          moves++;
        }

        @Override
        public long accepted() {
          return moves;
        }

        @Override
        public long proposed() {
          return moves;
        }
      };
    }
  }

  @ParameterizedTest
  @CsvSource({"3, 5", "30, 70", "200, 5"})
  void agreesWithTheBetaIntegralWithinThreeStandardErrors(double a, double b) {
    var est = AnnealedImportanceSampler.estimate(new Binomial(a, b), AnnealingSchedule.beal(200, 0.2), 40, 7, 2);
    double exact = LogBeta.value(a + 1, b + 1);
    assertThat(est.stdError()).isPositive().isLessThan(0.2);
    assertThat(est.logEstimate()).isCloseTo(exact, org.assertj.core.data.Offset.offset(3 * est.stdError() + 1e-12));
    for (double q : est.acceptanceByQuarter()) {
      assertThat(q).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12)); // exact Gibbs moves
    }
  }

  @Test
  void weightsAreUnbiasedForZEvenWhenShortRunsAreNoisy() {
    // Very short runs: single log weights scatter widely, but their mean weight is unbiased for Z.
    double a = 20;
    double b = 10;
    var est = AnnealedImportanceSampler.estimate(new Binomial(a, b), AnnealingSchedule.linear(3), 4000, 11, 2);
    double exact = LogBeta.value(a + 1, b + 1);
    double spread = est.runs().stream().mapToDouble(AnnealedImportanceSampler.Run::logWeight).max().orElseThrow()
        - est.runs().stream().mapToDouble(AnnealedImportanceSampler.Run::logWeight).min().orElseThrow();
    assertThat(spread).isGreaterThan(3);
    assertThat(est.logEstimate()).isCloseTo(exact, org.assertj.core.data.Offset.offset(3 * est.stdError()));
  }

  @Test
  void reverseWeightsAreUnbiasedForOneOverZFromAnExactStart() {
    // The Gibbs moves are exact, so each forward run ends at an exact posterior draw and the
    // reverse weights are unbiased for 1/Z even on a 10-step schedule.
    double a = 20;
    double b = 10;
    int g = 4000;
    var est = AnnealedImportanceSampler.estimate(new Binomial(a, b), AnnealingSchedule.linear(10), g, 13, 2, true);
    double exact = LogBeta.value(a + 1, b + 1);
    double[] rev = est.runs().stream().mapToDouble(r -> r.reverseLogWeight().orElseThrow()).toArray();
    double max = java.util.Arrays.stream(rev).max().orElseThrow();
    double mean = java.util.Arrays.stream(rev).map(v -> Math.exp(v - max)).average().orElseThrow();
    double sd = Math.sqrt(java.util.Arrays.stream(rev).map(v -> Math.pow(Math.exp(v - max) - mean, 2)).sum() / (g - 1));
    double se = sd / mean / Math.sqrt(g);
    assertThat(se).isLessThan(0.2);
    assertThat(est.reverseLogEstimate()).isPresent();
    assertThat(est.reverseLogEstimate().getAsDouble()).isCloseTo(exact, org.assertj.core.data.Offset.offset(3 * se));
  }

  @Test
  void hysteresisShrinksWithALongerSchedule() {
    var shortRuns = AnnealedImportanceSampler.estimate(new Binomial(60, 30), AnnealingSchedule.linear(2), 5, 5, 1, true);
    var longRuns = AnnealedImportanceSampler.estimate(new Binomial(60, 30), AnnealingSchedule.beal(2000, 0.2), 5, 5, 1, true);
    assertThat(longRuns.hysteresis().orElseThrow()).isCloseTo(0.0, org.assertj.core.data.Offset.offset(0.05));
    assertThat(Math.abs(shortRuns.hysteresis().orElseThrow())).isGreaterThan(Math.abs(longRuns.hysteresis().orElseThrow()));
    assertThat(AnnealedImportanceSampler.estimate(new Binomial(60, 30), AnnealingSchedule.linear(2), 5, 5, 1).hysteresis())
        .isEmpty();
  }

  @Test
  void sameSeedSameEstimateWithAnyNumberOfThreads() {
    var one = AnnealedImportanceSampler.estimate(new Binomial(4, 9), AnnealingSchedule.beal(50, 0.2), 6, 3, 1);
    var two = AnnealedImportanceSampler.estimate(new Binomial(4, 9), AnnealingSchedule.beal(50, 0.2), 6, 3, 2);
    assertThat(two.logEstimate()).isEqualTo(one.logEstimate());
    var other = AnnealedImportanceSampler.estimate(new Binomial(4, 9), AnnealingSchedule.beal(50, 0.2), 6, 4, 2);
    assertThat(other.logEstimate()).isNotEqualTo(one.logEstimate());
  }

  @Test
  void bealsScheduleRunsFromZeroToOneAndCrowdsNearTheStart() {
    var s = AnnealingSchedule.beal(100, 0.2);
    assertThat(s.tau(0)).isZero();
    assertThat(s.tau(100)).isEqualTo(1.0);
    assertThat(s.tau(50)).isCloseTo(0.2 * 0.5 / (0.5 + 0.2), org.assertj.core.data.Offset.offset(1e-15));
    assertThat(s.tau(50)).isLessThan(0.5);
    for (int k = 1; k <= 100; k++) {
      assertThat(s.tau(k)).isGreaterThan(s.tau(k - 1));
    }
  }

  @Test
  void aTargetMetByTheFirstFewRunsStillWaitsForTheMinimumRunCount() {
    // a lax target that two runs already meet: the estimate grows 2 → 4 → 8 and stops at the minimum
    var est = AnnealedImportanceSampler.estimateToTarget(new Binomial(3, 5), AnnealingSchedule.beal(200, 0.2), 2, 10.0,
        100, org.occam.math.RandomStreams.fromSeed(5), 2, false);
    assertThat(est.runs()).hasSize(AnnealedImportanceSampler.MIN_RUNS_FOR_TARGET);
    assertThat(est.stdError()).isLessThan(10.0);
    // a budget below the minimum is kept
    var capped = AnnealedImportanceSampler.estimateToTarget(new Binomial(3, 5), AnnealingSchedule.beal(200, 0.2), 2,
        10.0, 3, org.occam.math.RandomStreams.fromSeed(5), 2, false);
    assertThat(capped.runs()).hasSize(3);
    // the first runs are the same streams as a plain estimate's
    var plain = AnnealedImportanceSampler.estimate(new Binomial(3, 5), AnnealingSchedule.beal(200, 0.2), 8,
        org.occam.math.RandomStreams.fromSeed(5), 2, false);
    assertThat(est.logEstimate()).isEqualTo(plain.logEstimate());
  }
}
