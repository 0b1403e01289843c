package org.occam.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.apache.commons.numbers.gamma.Digamma;
import org.apache.commons.numbers.gamma.Trigamma;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.math.GammaVariates;
import org.occam.math.RandomStreams;

class HamiltonianMonteCarloTest {
  /** N(μ, Σ) with Σ = [[1, 1.6], [1.6, 4]] (σ = 1 and 2, ρ = 0.8), through its precision matrix. */
  static final double[] MEAN = {1, -2};
  static final double[][] COVARIANCE = {{1, 1.6}, {1.6, 4}};
  static final double[][] PRECISION = inverse(COVARIANCE);

  static final HamiltonianMonteCarlo.LogDensity CORRELATED_GAUSSIAN = (x, g) -> {
    double d0 = x[0] - MEAN[0];
    double d1 = x[1] - MEAN[1];
    g[0] = -(PRECISION[0][0] * d0 + PRECISION[0][1] * d1);
    g[1] = -(PRECISION[1][0] * d0 + PRECISION[1][1] * d1);
    return 0.5 * (d0 * g[0] + d1 * g[1]);
  };

  static double[][] inverse(double[][] a) {
    double det = a[0][0] * a[1][1] - a[0][1] * a[1][0];
    return new double[][] {{a[1][1] / det, -a[0][1] / det}, {-a[1][0] / det, a[0][0] / det}};
  }

  @Test
  void samplesACorrelatedGaussianWithTheRightMeanAndCovarianceWithinMonteCarloError() {
    HamiltonianMonteCarlo hmc = new HamiltonianMonteCarlo(2, 10, RandomStreams.fromSeed(3));
    hmc.setState(new double[] {5, 5}, CORRELATED_GAUSSIAN);
    double[] x = new double[2];
    for (int t = 0; t < 500; t++) {
      hmc.transition(CORRELATED_GAUSSIAN, 0.3);
    }
    // Batch means: 40 batches of 500 transitions, for the mean and the centred second moments.
    int batches = 40;
    int batchLength = 500;
    double[][] stat = new double[5][batches];
    for (int b = 0; b < batches; b++) {
      for (int t = 0; t < batchLength; t++) {
        hmc.transition(CORRELATED_GAUSSIAN, 0.3);
        hmc.position(x);
        double d0 = x[0] - MEAN[0];
        double d1 = x[1] - MEAN[1];
        stat[0][b] += x[0] / batchLength;
        stat[1][b] += x[1] / batchLength;
        stat[2][b] += d0 * d0 / batchLength;
        stat[3][b] += d0 * d1 / batchLength;
        stat[4][b] += d1 * d1 / batchLength;
      }
    }
    double[] expected = {MEAN[0], MEAN[1], COVARIANCE[0][0], COVARIANCE[0][1], COVARIANCE[1][1]};
    for (int s = 0; s < 5; s++) {
      double mean = Arrays.stream(stat[s]).average().orElseThrow();
      double var = Arrays.stream(stat[s]).map(v -> (v - mean) * (v - mean)).sum() / (batches - 1);
      double se = Math.sqrt(var / batches);
      assertThat(se).as("statistic %d", s).isLessThan(0.1);
      assertThat(mean).as("statistic %d", s).isCloseTo(expected[s], within(4 * se));
    }
    double acceptance = (double) hmc.accepted() / hmc.proposed();
    assertThat(acceptance).isGreaterThan(0.8);
    assertThat(hmc.evaluations()).isEqualTo(1 + 10L * hmc.proposed());
  }

  @Test
  void smallStepsAreAlmostAlwaysAcceptedAndTheEnergyErrorShrinksLikeEpsilonSquared() {
    HamiltonianMonteCarlo tiny = new HamiltonianMonteCarlo(2, 10, RandomStreams.fromSeed(5));
    tiny.setState(MEAN.clone(), CORRELATED_GAUSSIAN);
    for (int t = 0; t < 4000; t++) {
      tiny.transition(CORRELATED_GAUSSIAN, 0.01);
    }
    assertThat((double) tiny.accepted() / tiny.proposed()).isGreaterThan(0.999);
    // Over a fixed trajectory length εL = 1, leapfrog's energy error is O(ε²): halving ε quarters it.
    double[] steps = {0.2, 0.1, 0.05};
    double[] meanAbsError = new double[steps.length];
    for (int s = 0; s < steps.length; s++) {
      HamiltonianMonteCarlo hmc = new HamiltonianMonteCarlo(2, (int) Math.round(1 / steps[s]), RandomStreams.fromSeed(5));
      hmc.setState(MEAN.clone(), CORRELATED_GAUSSIAN);
      int n = 4000;
      for (int t = 0; t < n; t++) {
        hmc.transition(CORRELATED_GAUSSIAN, steps[s]);
        meanAbsError[s] += Math.abs(hmc.lastEnergyError()) / n;
      }
    }
    assertThat(meanAbsError[0] / meanAbsError[1]).isBetween(3.0, 5.5);
    assertThat(meanAbsError[1] / meanAbsError[2]).isBetween(3.0, 5.5);
  }

  /**
   * Invariance with a skewed target and a large step: x = ln G, G ~ Gamma(a), has density
   * ∝ exp(a x − eˣ), mean ψ(a) and variance ψ'(a). One transition from exact draws must keep that
   * law; a wrong Metropolis ratio (a dropped kinetic term, a wrong sign) shifts the moments.
   */
  @Test
  void oneTransitionFromExactDrawsLeavesASkewedTargetInvariant() {
    double a = 3;
    HamiltonianMonteCarlo.LogDensity logGamma = (x, g) -> {
      double e = Math.exp(x[0]);
      g[0] = a - e;
      return a * x[0] - e;
    };
    UniformRandomProvider rng = RandomStreams.fromSeed(17);
    GammaVariates gamma = new GammaVariates(rng);
    HamiltonianMonteCarlo hmc = new HamiltonianMonteCarlo(1, 3, rng);
    int n = 200_000;
    double sum = 0;
    double sumSq = 0;
    double[] x = new double[1];
    for (int i = 0; i < n; i++) {
      x[0] = Math.log(gamma.next(a));
      hmc.setState(x, logGamma);
      hmc.transition(logGamma, 0.9);
      hmc.position(x);
      sum += x[0];
      sumSq += x[0] * x[0];
    }
    double mean = sum / n;
    double var = sumSq / n - mean * mean;
    double trueVar = Trigamma.value(a);
    assertThat((double) hmc.accepted() / n).isBetween(0.3, 0.95);
    assertThat(mean).isCloseTo(Digamma.value(a), within(4 * Math.sqrt(trueVar / n)));
    // sd of a sample variance ≈ σ² sqrt((κ − 1)/n); the log-gamma's kurtosis κ is below 4.
    assertThat(var).isCloseTo(trueVar, within(4 * trueVar * Math.sqrt(3.0 / n)));
  }

  @Test
  void aProposalOutsideTheSupportIsRejectedAndTheLastEvaluationIsAtAnAcceptedState() {
    double[] lastEvaluated = new double[1];
    HamiltonianMonteCarlo.LogDensity halfNormal = (x, g) -> {
      lastEvaluated[0] = x[0];
      g[0] = -x[0];
      return x[0] < 0 ? Double.NEGATIVE_INFINITY : -0.5 * x[0] * x[0];
    };
    HamiltonianMonteCarlo hmc = new HamiltonianMonteCarlo(1, 5, RandomStreams.fromSeed(2));
    hmc.setState(new double[] {1}, halfNormal);
    double[] x = new double[1];
    int rejectedAtBoundary = 0;
    for (int t = 0; t < 5000; t++) {
      boolean accepted = hmc.transition(halfNormal, 0.4);
      hmc.position(x);
      assertThat(x[0]).isGreaterThanOrEqualTo(0);
      if (accepted) {
        assertThat(lastEvaluated[0]).isEqualTo(x[0]);
      } else if (hmc.lastAcceptanceProbability() == 0) {
        rejectedAtBoundary++;
      }
    }
    assertThat(rejectedAtBoundary).isPositive();
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.65, 0.9})
  void robbinsMonroAdaptationReachesItsTargetAcceptance(double target) {
    int d = 10;
    HamiltonianMonteCarlo.LogDensity normal = (x, g) -> {
      double s = 0;
      for (int i = 0; i < d; i++) {
        g[i] = -x[i];
        s -= 0.5 * x[i] * x[i];
      }
      return s;
    };
    HamiltonianMonteCarlo hmc = new HamiltonianMonteCarlo(d, 10, RandomStreams.fromSeed(23));
    hmc.setState(new double[d], normal);
    StepSizeAdaptation adapt = new StepSizeAdaptation(2.0, target, 1.0, 0.6);
    for (int t = 0; t < 4000; t++) {
      hmc.transition(normal, adapt.stepSize());
      adapt.update(hmc.lastAcceptanceProbability());
    }
    double eps = adapt.stepSize();
    double meanAcceptance = 0;
    int n = 4000;
    for (int t = 0; t < n; t++) {
      hmc.transition(normal, eps);
      meanAcceptance += hmc.lastAcceptanceProbability() / n;
    }
    assertThat(eps).isLessThan(2.0);
    assertThat(meanAcceptance).isCloseTo(target, within(0.04));
  }

  @Test
  void aConstantGainTracksADriftingTarget() {
    // A Gaussian whose scale shrinks 100-fold over the run, as an annealed posterior does.
    double[] scale = {1};
    HamiltonianMonteCarlo.LogDensity shrinking = (x, g) -> {
      double p = 1 / (scale[0] * scale[0]);
      double s = 0;
      for (int i = 0; i < 3; i++) {
        g[i] = -p * x[i];
        s -= 0.5 * p * x[i] * x[i];
      }
      return s;
    };
    HamiltonianMonteCarlo hmc = new HamiltonianMonteCarlo(3, 10, RandomStreams.fromSeed(29));
    StepSizeAdaptation adapt = new StepSizeAdaptation(0.5, 0.9, 0.05, 0);
    double[] x = {0.1, 0.1, 0.1};
    double lateAcceptance = 0;
    int steps = 3000;
    for (int t = 0; t < steps; t++) {
      scale[0] = Math.pow(0.01, (double) t / steps);
      hmc.setState(x, shrinking);
      hmc.transition(shrinking, adapt.stepSize());
      hmc.position(x);
      adapt.update(hmc.lastAcceptanceProbability());
      if (t >= steps / 2) {
        lateAcceptance += hmc.lastAcceptanceProbability() / (steps - steps / 2);
      }
    }
    assertThat(lateAcceptance).isCloseTo(0.9, within(0.05));
    assertThat(adapt.stepSize()).isLessThan(0.05);
  }

  @Test
  void rejectsBadArgumentsAndATransitionBeforeAState() {
    HamiltonianMonteCarlo hmc = new HamiltonianMonteCarlo(2, 3, RandomStreams.fromSeed(1));
    assertThatThrownBy(() -> hmc.transition(CORRELATED_GAUSSIAN, 0.1)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> hmc.setState(new double[3], CORRELATED_GAUSSIAN))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> hmc.setState(new double[2], (x, g) -> Double.NaN))
        .isInstanceOf(IllegalArgumentException.class);
    hmc.setState(new double[2], CORRELATED_GAUSSIAN);
    assertThatThrownBy(() -> hmc.transition(CORRELATED_GAUSSIAN, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HamiltonianMonteCarlo(0, 3, RandomStreams.fromSeed(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StepSizeAdaptation(0.1, 1.0, 0.05, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theSameSeedGivesTheSameChain() {
    double[][] ends = new double[2][2];
    for (int r = 0; r < 2; r++) {
      HamiltonianMonteCarlo hmc = new HamiltonianMonteCarlo(2, 10, RandomStreams.fromSeed(99));
      hmc.setState(new double[2], CORRELATED_GAUSSIAN);
      for (int t = 0; t < 100; t++) {
        hmc.transition(CORRELATED_GAUSSIAN, 0.3);
      }
      hmc.position(ends[r]);
    }
    assertThat(ends[0]).containsExactly(ends[1]);
  }
}
