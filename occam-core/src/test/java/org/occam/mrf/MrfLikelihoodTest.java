package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;

/**
 * Finite-difference checks of every derivative of the MRF objectives: the gradients of the exact and
 * Bethe objectives with and without the prior, and their Hessians, {@code N C + I/σ0²} for the exact
 * one and {@code N C_LR + I/σ0²} for the Bethe one (linear response is the derivative of the BP
 * beliefs at a fixed point).
 */
class MrfLikelihoodTest {
  private static final double ROWS = 50;
  private static final LoopyBeliefPropagation.Settings TIGHT_BP =
      LoopyBeliefPropagation.Settings.defaults().withTolerance(1e-13).withMaxIterations(100_000);
  private static final GaussianPrior PRIOR = new GaussianPrior(0.7);

  /** Data whose f̄ are the exact means of a random model (a loopy graph: K4 less one edge plus a tail). */
  private static MrfData data(PairwiseGraph g, long seed) {
    BoltzmannMachine truth = MrfTestModels.random(g, seed, 1.0, 1.0);
    return new MrfData(g, ROWS, ExactEnumeration.run(truth, false).featureMeans());
  }

  private static PairwiseGraph loopy() {
    return new PairwiseGraph(5, new int[][] {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 0}, {3, 4}});
  }

  /** A point away from the optimum, so that the gradient is not small. */
  private static double[] point(int f, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] lambda = new double[f];
    for (int a = 0; a < f; a++) {
      lambda[a] = 1.2 * (2 * r.nextDouble() - 1);
    }
    return lambda;
  }

  /** Largest |analytic − central difference| relative to max(1, |analytic|). */
  private static double gradientError(MrfLikelihood objective, double[] lambda) {
    int f = lambda.length;
    double[] g = new double[f];
    objective.valueAndGradient(lambda, g);
    double[] scratch = new double[f];
    double h = 1e-5;
    double worst = 0;
    for (int a = 0; a < f; a++) {
      double[] up = lambda.clone();
      double[] down = lambda.clone();
      up[a] += h;
      down[a] -= h;
      double fd = (objective.valueAndGradient(up, scratch) - objective.valueAndGradient(down, scratch)) / (2 * h);
      worst = Math.max(worst, Math.abs(fd - g[a]) / Math.max(1, Math.abs(g[a])));
    }
    return worst;
  }

  /** Largest |H_ab − central difference of ∂_a| relative to max(1, max |H|). */
  private static double hessianError(MrfLikelihood objective, double[] lambda, DMatrixRMaj hessian) {
    int f = lambda.length;
    double scale = 1;
    for (int k = 0; k < f * f; k++) {
      scale = Math.max(scale, Math.abs(hessian.data[k]));
    }
    double[] gUp = new double[f];
    double[] gDown = new double[f];
    double h = 1e-5;
    double worst = 0;
    for (int b = 0; b < f; b++) {
      double[] up = lambda.clone();
      double[] down = lambda.clone();
      up[b] += h;
      down[b] -= h;
      objective.valueAndGradient(up, gUp);
      objective.valueAndGradient(down, gDown);
      for (int a = 0; a < f; a++) {
        double fd = (gUp[a] - gDown[a]) / (2 * h);
        worst = Math.max(worst, Math.abs(fd - hessian.get(a, b)) / scale);
      }
    }
    return worst;
  }

  @Test
  void exactGradientsMatchFiniteDifferences() {
    MrfData d = data(loopy(), 3);
    double[] lambda = point(d.featureCount(), 4);
    double withoutPrior = gradientError(MrfLikelihood.exact(d), lambda);
    double withPrior = gradientError(MrfLikelihood.exact(d, PRIOR), lambda);
    System.out.printf("exact gradient FD error: no prior %.2e, prior %.2e%n", withoutPrior, withPrior);
    assertThat(withoutPrior).isLessThan(1e-7);
    assertThat(withPrior).isLessThan(1e-7);
  }

  @Test
  void betheGradientsMatchFiniteDifferencesOnALoopyGraph() {
    MrfData d = data(loopy(), 3);
    double[] lambda = point(d.featureCount(), 4);
    double withoutPrior = gradientError(MrfLikelihood.bethe(d, TIGHT_BP), lambda);
    double withPrior = gradientError(MrfLikelihood.bethe(d, PRIOR, TIGHT_BP), lambda);
    System.out.printf("Bethe gradient FD error: no prior %.2e, prior %.2e%n", withoutPrior, withPrior);
    assertThat(withoutPrior).isLessThan(1e-6);
    assertThat(withPrior).isLessThan(1e-6);
  }

  @Test
  void theExactHessianIsNTimesTheCovariancePlusThePriorPrecision() {
    MrfData d = data(loopy(), 5);
    double[] lambda = point(d.featureCount(), 6);
    BoltzmannMachine m = new BoltzmannMachine(d.graph(), lambda);
    double[][] c = ExactInference.covariance(m, 1);
    DMatrixRMaj posterior = PosteriorPrecision.of(c, ROWS, PRIOR).matrix();
    double errorPosterior = hessianError(MrfLikelihood.exact(d, PRIOR), lambda, posterior);
    // without the prior the Hessian of −L is N C: subtract the prior's diagonal back off
    DMatrixRMaj likelihoodOnly = posterior.copy();
    for (int a = 0; a < lambda.length; a++) {
      likelihoodOnly.set(a, a, likelihoodOnly.get(a, a) - PRIOR.precision());
    }
    double errorLikelihood = hessianError(MrfLikelihood.exact(d), lambda, likelihoodOnly);
    System.out.printf("exact Hessian FD error (relative to max|A|): prior %.2e, no prior %.2e%n", errorPosterior,
        errorLikelihood);
    assertThat(errorPosterior).isLessThan(1e-7);
    assertThat(errorLikelihood).isLessThan(1e-7);
  }

  @Test
  void theBetheHessianIsNTimesTheLinearResponseCovariancePlusThePriorPrecision() {
    MrfData d = data(loopy(), 5);
    double[] lambda = point(d.featureCount(), 6);
    BeliefPropagationResult bp = LoopyBeliefPropagation.run(new BoltzmannMachine(d.graph(), lambda), TIGHT_BP);
    assertThat(bp.converged()).isTrue();
    LinearResponse lr = LinearResponse.compute(bp);
    DMatrixRMaj a = PosteriorPrecision.of(lr.covarianceMatrix(), ROWS, PRIOR).matrix();
    double error = hessianError(MrfLikelihood.bethe(d, PRIOR, TIGHT_BP), lambda, a);
    // and the loopy C_LR is not the exact C, so the test can tell them apart
    DMatrixRMaj exact = PosteriorPrecision.of(ExactInference.covariance(bp.model(), 1), ROWS, PRIOR).matrix();
    double exactError = hessianError(MrfLikelihood.bethe(d, PRIOR, TIGHT_BP), lambda, exact);
    System.out.printf("Bethe Hessian FD error vs N C_LR + I/σ²: %.2e (vs the exact N C + I/σ²: %.2e)%n", error,
        exactError);
    assertThat(error).isLessThan(1e-6);
    assertThat(exactError).isGreaterThan(1e-4);
  }

  @Test
  void theValueIsTheNegativeLogPosterior() {
    MrfData d = data(loopy(), 7);
    double[] lambda = point(d.featureCount(), 8);
    double logZ = ExactEnumeration.logPartition(new BoltzmannMachine(d.graph(), lambda));
    double[] fbar = d.featureMeans();
    double dot = 0;
    double squares = 0;
    for (int a = 0; a < lambda.length; a++) {
      dot += lambda[a] * fbar[a];
      squares += lambda[a] * lambda[a];
    }
    double logLikelihood = ROWS * (dot - logZ);
    double sigma = PRIOR.sigma();
    double logPrior = -0.5 * squares / (sigma * sigma) - 0.5 * lambda.length * Math.log(2 * Math.PI * sigma * sigma);
    double[] g = new double[lambda.length];
    assertThat(MrfLikelihood.exact(d).valueAndGradient(lambda, g)).isCloseTo(-logLikelihood, within(1e-10));
    assertThat(MrfLikelihood.exact(d, PRIOR).valueAndGradient(lambda, g))
        .isCloseTo(-(logLikelihood + logPrior), within(1e-10));
    MrfLikelihood.Evaluation e = MrfLikelihood.exact(d, PRIOR).evaluate(lambda);
    assertThat(e.logLikelihood()).isCloseTo(logLikelihood, within(1e-10));
    assertThat(e.logPrior()).isCloseTo(logPrior, within(1e-12));
  }

  @Test
  void theGaussianPriorIsAProductOfNormalDensities() {
    double[] lambda = {0.3, -1.2, 2.0};
    double sigma = 1.7;
    double expected = 0;
    for (double l : lambda) {
      expected += Math.log(Math.exp(-0.5 * l * l / (sigma * sigma)) / (sigma * Math.sqrt(2 * Math.PI)));
    }
    assertThat(new GaussianPrior(sigma).logDensity(lambda)).isCloseTo(expected, within(1e-13));
    assertThatThrownBy(() -> new GaussianPrior(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new GaussianPrior(Double.POSITIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class);
  }

  /** On a tree BP is exact: the Bethe objective is the exact one, value and gradient. */
  @Test
  void onATreeTheBetheObjectiveIsTheExactOne() {
    PairwiseGraph g = MrfTestModels.randomTree(7, 21);
    MrfData d = data(g, 22);
    double[] lambda = point(d.featureCount(), 23);
    double[] ge = new double[lambda.length];
    double[] gb = new double[lambda.length];
    double ve = MrfLikelihood.exact(d, PRIOR).valueAndGradient(lambda, ge);
    double vb = MrfLikelihood.bethe(d, PRIOR, TIGHT_BP).valueAndGradient(lambda, gb);
    assertThat(vb).isCloseTo(ve, within(1e-9));
    assertThat(MrfTestModels.maxAbsDifference(gb, ge)).isLessThan(1e-9);
  }

  @Test
  void nonConvergedBpRunsAreCounted() {
    MrfData d = data(MrfTestModels.k4(), 9);
    MrfLikelihood objective = MrfLikelihood.bethe(d, PRIOR, LoopyBeliefPropagation.Settings.defaults().withMaxIterations(1));
    double[] lambda = point(d.featureCount(), 10);
    double[] g = new double[lambda.length];
    double value = objective.valueAndGradient(lambda, g);
    objective.valueAndGradient(lambda, g); // warm start from the first run's messages
    assertThat(value).isFinite();
    assertThat(objective.bpCalls()).isEqualTo(2);
    assertThat(objective.bpNonConvergedCalls()).isEqualTo(2);
    assertThat(objective.evaluations()).isEqualTo(2);

    MrfLikelihood converging = MrfLikelihood.bethe(d, PRIOR, TIGHT_BP);
    converging.valueAndGradient(lambda, g);
    assertThat(converging.bpNonConvergedCalls()).isZero();
    assertThat(MrfLikelihood.exact(d).bpCalls()).isZero();
  }

  @Test
  void aNonFinitePointIsOutsideTheDomain() {
    MrfData d = data(loopy(), 3);
    double[] lambda = new double[d.featureCount()];
    lambda[2] = Double.POSITIVE_INFINITY;
    double[] g = new double[lambda.length];
    assertThat(MrfLikelihood.exact(d, PRIOR).valueAndGradient(lambda, g)).isEqualTo(Double.POSITIVE_INFINITY);
    assertThatThrownBy(() -> MrfLikelihood.exact(d).valueAndGradient(new double[3], g))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("parameters");
  }
}
