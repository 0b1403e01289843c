package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;

class ImportanceSampledObjectiveTest {
  private static final int V = 5;
  private static final int K = 3;
  private static final double PRIOR_VARIANCE = 4;

  /** A V=5, K=3 RBM at λ0, T samples from it, 60 data draws from another RBM, as distinct rows. */
  private static ImportanceSampledObjective objective(int t, long seed) {
    return objective(t, seed, PRIOR_VARIANCE);
  }

  private static ImportanceSampledObjective objective(int t, long seed, double priorVariance) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    Rbm proposal = RbmBruteForce.random(V, K, 1.0, rng);
    int[][] samples = new RbmExactSampler(proposal).sampleVisible(t, rng);
    Rbm truth = RbmBruteForce.random(V, K, 1.0, rng);
    int[][] draws = new RbmExactSampler(truth).sampleVisible(60, rng);
    Map<String, int[]> rows = new LinkedHashMap<>();
    Map<String, Double> counts = new LinkedHashMap<>();
    for (int[] x : draws) {
      rows.putIfAbsent(Arrays.toString(x), x);
      counts.merge(Arrays.toString(x), 1.0, Double::sum);
    }
    return new ImportanceSampledObjective(proposal, samples, rows.values().toArray(new int[0][]),
        counts.values().stream().mapToDouble(Double::doubleValue).toArray(), priorVariance);
  }

  /** λ0 moved by up to ±0.3 in every coordinate. */
  private static double[] awayFromProposal(ImportanceSampledObjective objective, long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    double[] lambda = objective.proposalParameters();
    for (int a = 0; a < lambda.length; a++) {
      lambda[a] += 0.3 * (2 * rng.nextDouble() - 1);
    }
    return lambda;
  }

  private static double[] gradient(ImportanceSampledObjective objective, double[] lambda) {
    double[] g = new double[lambda.length];
    objective.valueAndGradient(lambda, g);
    return g;
  }

  /** Largest |H − ∂g/∂λ (central differences)| over all entries. */
  private static double hessianFiniteDifferenceError(ImportanceSampledObjective objective, double[] lambda,
      double[][] h) {
    double step = 1e-5;
    double worst = 0;
    for (int b = 0; b < lambda.length; b++) {
      double[] up = lambda.clone();
      double[] down = lambda.clone();
      up[b] += step;
      down[b] -= step;
      double[] gUp = gradient(objective, up);
      double[] gDown = gradient(objective, down);
      for (int a = 0; a < lambda.length; a++) {
        worst = Math.max(worst, Math.abs((gUp[a] - gDown[a]) / (2 * step) - h[a][b]));
      }
    }
    return worst;
  }

  private static double maxAbs(double[][] m) {
    double s = 0;
    for (double[] row : m) {
      for (double v : row) {
        s = Math.max(s, Math.abs(v));
      }
    }
    return s;
  }

  @Test
  void gradientMatchesCentralDifferencesOfTheObjective() {
    ImportanceSampledObjective objective = objective(200, 501);
    double[] lambda = awayFromProposal(objective, 502);
    double[] g = gradient(objective, lambda);
    double step = 1e-5;
    double worst = 0;
    double scale = 1;
    for (int a = 0; a < lambda.length; a++) {
      double[] up = lambda.clone();
      double[] down = lambda.clone();
      up[a] += step;
      down[a] -= step;
      double fd = (objective.value(up) - objective.value(down)) / (2 * step);
      worst = Math.max(worst, Math.abs(fd - g[a]));
      scale = Math.max(scale, Math.abs(g[a]));
    }
    System.out.printf("IS objective (V=5, K=3, T=200, N=60): max |∇ℓ − FD| = %.2e (max |∇ℓ| = %.2f)%n",
        worst, scale);
    assertThat(worst / scale).isLessThan(1e-6);
  }

  @Test
  void withoutAPriorTheHessianStillMatchesFiniteDifferencesAndEvaluateAgreesWithTheGradientPass() {
    ImportanceSampledObjective ml = objective(200, 521, Double.POSITIVE_INFINITY);
    ImportanceSampledObjective map = objective(200, 521, PRIOR_VARIANCE);
    double[] lambda = awayFromProposal(ml, 522);
    double[][] h = ml.hessian(lambda);
    double worst = hessianFiniteDifferenceError(ml, lambda, h);
    assertThat(worst / Math.max(1, maxAbs(h))).isLessThan(1e-5);
    // the prior adds |λ|²/(2σ0²) to ℓ and 1/σ0² to the diagonal, nothing else
    double squares = Arrays.stream(lambda).map(l -> l * l).sum();
    assertThat(map.value(lambda) - ml.value(lambda)).isCloseTo(squares / (2 * PRIOR_VARIANCE), within(1e-9));
    assertThat(map.hessian(lambda)[3][3] - h[3][3]).isCloseTo(1 / PRIOR_VARIANCE, within(1e-9));
    assertThat(map.hessian(lambda)[3][4]).isEqualTo(h[3][4]);

    ImportanceSampledObjective.Evaluation e = map.evaluate(lambda);
    assertThat(e.value()).isCloseTo(map.valueAndGradient(lambda, new double[lambda.length]), within(1e-12));
    assertThat(e.effectiveSampleSize()).isEqualTo(map.effectiveSampleSize(lambda));
    assertThat(map.evaluate(map.proposalParameters()).effectiveSampleSize()).isCloseTo(200, within(1e-9));
  }

  @Test
  void hessianMatchesCentralDifferencesOfTheGradient() {
    ImportanceSampledObjective objective = objective(200, 511);
    double[] lambda = awayFromProposal(objective, 512);
    double[][] h = objective.hessian(lambda);
    double scale = Math.max(1, maxAbs(h));
    double worst = hessianFiniteDifferenceError(objective, lambda, h);
    System.out.printf("IS objective Hessian: max |∇²ℓ − FD(∇ℓ)| = %.2e (max |∇²ℓ| = %.2f)%n", worst, scale);
    assertThat(worst / scale).isLessThan(1e-5);
    for (int a = 0; a < h.length; a++) {
      for (int b = 0; b < a; b++) {
        assertThat(h[a][b]).isCloseTo(h[b][a], within(1e-12));
      }
    }
  }

  @Test
  void withoutTheBetweenSampleTermTheHessianDoesNotMatchFiniteDifferences() {
    ImportanceSampledObjective objective = objective(200, 511);
    double[] lambda = awayFromProposal(objective, 512);
    double[][] printed = objective.hessian(lambda, false);
    double scale = Math.max(1, maxAbs(objective.hessian(lambda)));
    double worst = hessianFiniteDifferenceError(objective, lambda, printed);
    System.out.printf("IS objective Hessian without the between-sample term: max |error| = %.2e%n", worst);
    assertThat(worst / scale).isGreaterThan(1e-2);
  }

  @Test
  void atTheProposalTheWeightedCovarianceApproachesTheExactCovariance() {
    ImportanceSampledObjective objective = objective(20_000, 521);
    double[] lambda0 = objective.proposalParameters();
    double[][] exact = RbmEnumeration.run(new Rbm(V, K, lambda0), 1, true).covariance();
    double[][] estimate = objective.importanceWeightedCovariance(lambda0);
    double n = objective.dataCount();
    double diff = 0;
    double norm = 0;
    double withinOnlyDiff = 0;
    // the within-sample part alone is the printed eqn 7's bracket; it misses Cov of the visible terms
    double[][] withinOnly = new double[exact.length][];
    double[][] printedHessian = objective.hessian(lambda0, false);
    double[][] fullHessian = objective.hessian(lambda0);
    for (int a = 0; a < exact.length; a++) {
      withinOnly[a] = new double[exact.length];
      for (int b = 0; b < exact.length; b++) {
        withinOnly[a][b] = estimate[a][b] - (fullHessian[a][b] - printedHessian[a][b]) / n;
        diff += Math.pow(n * (estimate[a][b] - exact[a][b]), 2);
        withinOnlyDiff += Math.pow(n * (withinOnly[a][b] - exact[a][b]), 2);
        norm += Math.pow(n * exact[a][b], 2);
      }
    }
    double relative = Math.sqrt(diff / norm);
    double withinOnlyRelative = Math.sqrt(withinOnlyDiff / norm);
    System.out.printf("IS at λ0, T=20000: ‖N·Ĉ − N·C‖_F / ‖N·C‖_F = %.4f (within-sample term only: %.3f)%n",
        relative, withinOnlyRelative);
    assertThat(relative).isLessThan(0.03);
    assertThat(withinOnlyRelative).isGreaterThan(0.3);
  }

  @Test
  void effectiveSampleSizeIsTAtTheProposalAndSmallerAwayFromIt() {
    ImportanceSampledObjective objective = objective(200, 531);
    assertThat(objective.distinctSampleCount()).isLessThan(200);
    assertThat(objective.effectiveSampleSize(objective.proposalParameters())).isCloseTo(200, within(1e-9));
    double away = objective.effectiveSampleSize(awayFromProposal(objective, 532));
    assertThat(away).isLessThan(200).isGreaterThan(1);
  }

  @Test
  void rowsWithCountsEqualTheRepeatedRows() {
    UniformRandomProvider rng = RandomStreams.fromSeed(541);
    Rbm proposal = RbmBruteForce.random(V, K, 1.0, rng);
    int[][] samples = new RbmExactSampler(proposal).sampleVisible(100, rng);
    int[][] rows = {{1, 0, 1, 1, 0}, {0, 0, 0, 1, 1}};
    int[][] repeated = {rows[0], rows[1], rows[0], rows[0]};
    ImportanceSampledObjective counted =
        new ImportanceSampledObjective(proposal, samples, rows, new double[] {3, 1}, PRIOR_VARIANCE);
    ImportanceSampledObjective listed =
        ImportanceSampledObjective.ofDataRows(proposal, samples, repeated, PRIOR_VARIANCE);
    double[] lambda = awayFromProposal(counted, 542);
    double[] g1 = new double[lambda.length];
    double[] g2 = new double[lambda.length];
    assertThat(counted.valueAndGradient(lambda, g1)).isCloseTo(listed.valueAndGradient(lambda, g2), within(1e-10));
    for (int a = 0; a < lambda.length; a++) {
      assertThat(g1[a]).isCloseTo(g2[a], within(1e-10));
    }
    assertThat(counted.dataCount()).isEqualTo(4);
  }
}
