package org.occam.mrf.hidden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.occam.mrf.MrfTestModels.maxAbsDifference;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.occam.mrf.BetheFreeEnergy;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.GaussianPrior;
import org.occam.mrf.LoopyBeliefPropagation;
import org.occam.mrf.PairwiseGraph;

/**
 * The contrastive Bethe objective: exact on trees (value, gradient and linear-response curvature),
 * its gradient and linear-response Hessian against finite differences on loopy graphs, each
 * clamped term equal to the Bethe free energy of the full graph with the row's variables clamped,
 * and non-convergence counted.
 */
class ContrastiveBetheTest {
  private static final LoopyBeliefPropagation.Settings TIGHT =
      LoopyBeliefPropagation.Settings.defaults().withTolerance(1e-13).withMaxIterations(100_000);

  static List<HiddenLogLikelihoodTest.Case> trees() {
    return List.of(
        new HiddenLogLikelihoodTest.Case("chain of 6, two hidden, missing cells",
            new PairwiseGraph(6, new int[][] {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}}),
            HiddenTestModels.hiddenSet(6, 1, 4), 0.2),
        new HiddenLogLikelihoodTest.Case("star with hidden hub",
            new PairwiseGraph(5, new int[][] {{2, 0}, {2, 1}, {2, 3}, {2, 4}}), HiddenTestModels.hiddenSet(5, 2), 0.1),
        new HiddenLogLikelihoodTest.Case("forest, hidden leaf and inner node",
            new PairwiseGraph(7, new int[][] {{2, 0}, {1, 3}, {2, 4}, {5, 3}, {2, 6}}),
            HiddenTestModels.hiddenSet(7, 2, 5), 0.25),
        new HiddenLogLikelihoodTest.Case("rbm 3x1 (a star)", HiddenTestModels.rbm(3, 1),
            HiddenTestModels.hiddenSet(4, 3), 0.2));
  }

  static List<HiddenLogLikelihoodTest.Case> loopy() {
    return List.of(
        new HiddenLogLikelihoodTest.Case("loopy, one hidden, missing cells", HiddenTestModels.loopy(),
            HiddenTestModels.hiddenSet(5, 4), 0.2),
        new HiddenLogLikelihoodTest.Case("rbm 3x2, missing cells", HiddenTestModels.rbm(3, 2),
            HiddenTestModels.hiddenSet(5, 3, 4), 0.15),
        new HiddenLogLikelihoodTest.Case("3x3 grid, hidden centre", PairwiseGraph.grid(3, 3),
            HiddenTestModels.hiddenSet(9, 4), 0.1));
  }

  private static double[] lambda(HiddenLogLikelihoodTest.Case c, double scale, long seed) {
    return HiddenTestModels.randomLambda(c.graph().vertexCount() + c.graph().edgeCount(), scale, seed);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("trees")
  void onATreeItIsTheExactLikelihood(HiddenLogLikelihoodTest.Case c) {
    for (long seed = 1; seed <= 3; seed++) {
      HiddenMrfData data = HiddenTestModels.randomData(c.graph(), c.hidden(), 20, c.missing(), 300 + seed);
      double[] lambda = lambda(c, 1.5, seed);
      HiddenLogLikelihood.Evaluation exact = HiddenLogLikelihood.exact(data).evaluate(lambda);
      ContrastiveBethe.Evaluation bethe = ContrastiveBethe.of(data, TIGHT).evaluate(lambda);
      assertThat(bethe.converged()).isTrue();
      // measured: relative errors of at most 7.9e-15 (L) and 1.1e-14 (∇L / N)
      assertThat(Math.abs(bethe.logLikelihood() - exact.logLikelihood()))
          .isLessThan(1e-12 * Math.abs(exact.logLikelihood()));
      assertThat(maxAbsDifference(bethe.gradient(), exact.gradient())).isLessThan(1e-12 * data.rows());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("trees")
  void onATreeLinearResponseIsTheExactCurvature(HiddenLogLikelihoodTest.Case c) {
    for (long seed = 1; seed <= 2; seed++) {
      HiddenMrfData data = HiddenTestModels.randomData(c.graph(), c.hidden(), 20, c.missing(), 600 + seed);
      double[] lambda = lambda(c, 1.5, seed);
      double[][] exact = HiddenLogLikelihood.exact(data).curvature(lambda, 1).negativeHessian();
      ContrastiveBethe.BetheCurvature lr = ContrastiveBethe.of(data, TIGHT).curvature(lambda);
      assertThat(lr.bpConverged()).isTrue();
      assertThat(lr.freePositiveDefinite()).isTrue();
      assertThat(lr.clampedNotPositiveDefinite()).isZero();
      // measured: at most 7.2e-15 · N
      assertThat(maxAbsDifference(lr.curvature().negativeHessian(), exact)).isLessThan(1e-12 * data.rows());
    }
  }

  /** Linear response is the derivative of the beliefs, so N C_LR − Σ c_n C_LR(x_n) is the Hessian of −L_Bethe. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("loopy")
  void linearResponseIsTheHessianOfTheContrastiveObjective(HiddenLogLikelihoodTest.Case c) {
    HiddenMrfData data = HiddenTestModels.randomData(c.graph(), c.hidden(), 15, c.missing(), 700);
    ContrastiveBethe objective = ContrastiveBethe.of(data, TIGHT);
    double[] lambda = lambda(c, 1.0, 7);
    int f = lambda.length;
    double[][] negHessian = objective.curvature(lambda).curvature().negativeHessian();
    double scale = 1;
    for (double[] row : negHessian) {
      scale = Math.max(scale, HiddenTestModels.maxAbs(row));
    }
    double[] gUp = new double[f];
    double[] gDown = new double[f];
    double h = 1e-5;
    double worst = 0;
    for (int a = 0; a < f; a++) {
      double[] up = lambda.clone();
      double[] down = lambda.clone();
      up[a] += h;
      down[a] -= h;
      objective.valueAndGradient(up, gUp);
      objective.valueAndGradient(down, gDown);
      for (int b = 0; b < f; b++) {
        worst = Math.max(worst, Math.abs((gUp[b] - gDown[b]) / (2 * h) - negHessian[b][a]) / scale);
      }
    }
    // measured: at most 1.0e-8 of the largest entry
    assertThat(worst).isLessThan(5e-8);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("loopy")
  void gradientMatchesFiniteDifferences(HiddenLogLikelihoodTest.Case c) {
    GaussianPrior prior = new GaussianPrior(0.8);
    for (long seed = 4; seed <= 5; seed++) {
      HiddenMrfData data = HiddenTestModels.randomData(c.graph(), c.hidden(), 15, c.missing(), 400 + seed);
      ContrastiveBethe objective = ContrastiveBethe.of(data, prior, TIGHT);
      double[] lambda = lambda(c, 1.0, seed);
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
      assertThat(objective.bpNonConvergedRuns()).isZero();
      // measured: at most 5.4e-8, the rounding of values of size ~N over 2h = 2e-5
      assertThat(worst).isLessThan(2e-7);
    }
  }

  /**
   * The clamped term is BP on the row's free subgraph; that it is the Bethe free energy of the
   * whole graph with the row's variables clamped is checked with {@link BetheFreeEnergy} on the full
   * graph, at the lifted beliefs (clamped nodes at their values), which has no clamping map in it.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("loopy")
  void eachClampedTermIsTheClampedFullGraphBetheFreeEnergy(HiddenLogLikelihoodTest.Case c) {
    HiddenMrfData data = HiddenTestModels.randomData(c.graph(), c.hidden(), 12, c.missing(), 500);
    double[] lambda = lambda(c, 1.0, 6);
    ContrastiveBethe objective = ContrastiveBethe.of(data, TIGHT);
    BoltzmannMachine model = new BoltzmannMachine(c.graph(), lambda);
    double worst = 0;
    for (int r = 0; r < data.distinctRows(); r++) {
      ContrastiveBethe.RowBethe row = objective.clamped(lambda, r);
      assertThat(row.bp()).hasValueSatisfying(bp -> assertThat(bp.converged()).isTrue());
      worst = Math.max(worst, Math.abs(row.logZ() - BetheFreeEnergy.logZ(model, row.means())));
    }
    ContrastiveBethe.Evaluation e = objective.evaluate(lambda);
    double free = Math.abs(e.free().logZ() - BetheFreeEnergy.logZ(model, e.free().featureMeans()));
    // measured: at most 1.2e-14 and 1.8e-14
    assertThat(worst).isLessThan(1e-12);
    assertThat(free).isLessThan(1e-12);
  }

  @Test
  void bpThatStopsAtItsCapIsCounted() {
    PairwiseGraph g = PairwiseGraph.complete(5);
    HiddenMrfData data = HiddenTestModels.randomData(g, HiddenTestModels.hiddenSet(5, 0), 10, 0.2, 1);
    double[] lambda = HiddenTestModels.randomLambda(15, 3.0, 2);
    ContrastiveBethe objective = ContrastiveBethe.of(data, LoopyBeliefPropagation.Settings.defaults()
        .withMaxIterations(2));
    ContrastiveBethe.Evaluation e = objective.evaluate(lambda);
    assertThat(e.converged()).isFalse();
    assertThat(e.free().converged()).isFalse();
    assertThat(objective.bpNonConvergedRuns()).isGreaterThan(0);
    assertThat(objective.bpRuns()).isEqualTo(1 + e.clampedRuns());
  }

  /** Where BP finds no fixed point the optimiser sees +∞, so that no line search accepts the last sweep's value. */
  @Test
  void whereBpDoesNotConvergeTheOptimiserSeesInfinity() {
    PairwiseGraph g = PairwiseGraph.complete(5);
    HiddenMrfData data = HiddenTestModels.randomData(g, HiddenTestModels.hiddenSet(5, 0), 10, 0.2, 1);
    double[] lambda = HiddenTestModels.randomLambda(15, 3.0, 2);
    LoopyBeliefPropagation.Settings capped = LoopyBeliefPropagation.Settings.defaults().withMaxIterations(2);
    double[] gradient = new double[15];
    double value = ContrastiveBethe.of(data, capped).valueAndGradient(lambda, gradient);
    assertThat(value).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(gradient).containsOnly(Double.NaN);
    // the same point with BP run to convergence is finite, and evaluate() reports the capped run's value
    assertThat(ContrastiveBethe.of(data, LoopyBeliefPropagation.Settings.defaults()).valueAndGradient(lambda, gradient)).isFinite();
    assertThat(ContrastiveBethe.of(data, capped).evaluate(lambda).logLikelihood()).isFinite();
  }
}
