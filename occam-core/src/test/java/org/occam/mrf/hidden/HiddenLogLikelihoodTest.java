package org.occam.mrf.hidden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.occam.mrf.hidden.HiddenTestModels.maxAbs;
import static org.occam.mrf.MrfTestModels.maxAbsDifference;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.occam.data.Dataset;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.ExactEnumeration;
import org.occam.mrf.GaussianPrior;
import org.occam.mrf.MrfData;
import org.occam.mrf.MrfLikelihood;
import org.occam.mrf.PairwiseGraph;

/**
 * The exact hidden-variable likelihood, gradient and Hessian against brute-force summation over all
 * joint states, against finite differences, and, with nothing hidden, against the fully observed
 * {@link MrfLikelihood}.
 */
class HiddenLogLikelihoodTest {
  /** A graph, its hidden variables and the fraction of missing cells among the others. */
  record Case(String name, PairwiseGraph graph, boolean[] hidden, double missing) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Case> cases() {
    return List.of(
        new Case("loopy, one hidden, missing cells", HiddenTestModels.loopy(), HiddenTestModels.hiddenSet(5, 4), 0.2),
        new Case("loopy, two hidden", HiddenTestModels.loopy(), HiddenTestModels.hiddenSet(5, 1, 3), 0),
        new Case("rbm 3x2, missing cells", HiddenTestModels.rbm(3, 2), HiddenTestModels.hiddenSet(5, 3, 4), 0.15),
        new Case("K5 (enumeration), one hidden", PairwiseGraph.complete(5), HiddenTestModels.hiddenSet(5, 2), 0.3),
        new Case("2x4 grid (junction tree), two hidden", PairwiseGraph.grid(2, 4), HiddenTestModels.hiddenSet(8, 1, 6),
            0.15));
  }

  private static double[] lambda(Case c, long seed) {
    return HiddenTestModels.randomLambda(c.graph().vertexCount() + c.graph().edgeCount(), 1.5, seed);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void likelihoodGradientAndHessianMatchBruteForce(Case c) {
    for (long seed = 1; seed <= 3; seed++) {
      HiddenMrfData data = HiddenTestModels.randomData(c.graph(), c.hidden(), 25, c.missing(), 100 + seed);
      double[] lambda = lambda(c, seed);
      HiddenLogLikelihood likelihood = HiddenLogLikelihood.exact(data);
      HiddenLogLikelihood.Evaluation e = likelihood.evaluate(lambda);
      double[][][] brute = HiddenTestModels.bruteForceLikelihood(data, lambda);
      double value = brute[0][0][0];
      // measured: relative errors of at most 1.4e-15 for all three (rounding only)
      assertThat(Math.abs(e.logLikelihood() - value)).as("L").isLessThan(1e-12 * Math.max(1, Math.abs(value)));
      double n = data.rows();
      assertThat(maxAbsDifference(e.gradient(), brute[1][0])).as("∇L").isLessThan(1e-12 * n);
      double[][] negHessian = likelihood.curvature(lambda, 1).negativeHessian();
      assertThat(maxAbsDifference(negHessian, brute[2])).as("−∇²L").isLessThan(1e-12 * n);
    }
  }

  @Test
  void theCasesRunBothExactEngines() {
    assertThat(HiddenLogLikelihood.exact(HiddenTestModels.randomData(PairwiseGraph.complete(5),
        HiddenTestModels.hiddenSet(5, 2), 5, 0, 1)).describeInference()).startsWith("enumeration");
    assertThat(HiddenLogLikelihood.exact(HiddenTestModels.randomData(PairwiseGraph.grid(2, 4),
        HiddenTestModels.hiddenSet(8, 1, 6), 5, 0, 1)).describeInference()).startsWith("CliqueTree");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void gradientAndHessianMatchFiniteDifferences(Case c) {
    GaussianPrior prior = new GaussianPrior(0.8);
    for (long seed = 4; seed <= 5; seed++) {
      HiddenMrfData data = HiddenTestModels.randomData(c.graph(), c.hidden(), 20, c.missing(), 200 + seed);
      HiddenLogLikelihood objective = HiddenLogLikelihood.exact(data, prior);
      double[] lambda = lambda(c, seed);
      int f = lambda.length;
      double[] g = new double[f];
      objective.valueAndGradient(lambda, g);
      double h = 1e-5;
      double[] scratch = new double[f];
      double[] gUp = new double[f];
      double[] gDown = new double[f];
      double[][] negHessian = objective.curvature(lambda, 1).negativeHessian();
      double gradientError = 0;
      double hessianError = 0;
      double hessianScale = 1;
      for (double[] row : negHessian) {
        hessianScale = Math.max(hessianScale, maxAbs(row));
      }
      for (int a = 0; a < f; a++) {
        double[] up = lambda.clone();
        double[] down = lambda.clone();
        up[a] += h;
        down[a] -= h;
        double fd = (objective.valueAndGradient(up, scratch) - objective.valueAndGradient(down, scratch)) / (2 * h);
        gradientError = Math.max(gradientError, Math.abs(fd - g[a]) / Math.max(1, Math.abs(g[a])));
        objective.valueAndGradient(up, gUp);
        objective.valueAndGradient(down, gDown);
        for (int b = 0; b < f; b++) {
          // the objective is −(L + log p), so its Hessian is −∇²L + I/σ0²
          double fdHessian = (gUp[b] - gDown[b]) / (2 * h) - (a == b ? prior.precision() : 0);
          hessianError = Math.max(hessianError, Math.abs(fdHessian - negHessian[b][a]) / hessianScale);
        }
      }
      // measured: at most 5.3e-9 (gradient) and 5.7e-10 (Hessian), truncation and rounding of h = 1e-5
      assertThat(gradientError).as("gradient").isLessThan(3e-8);
      assertThat(hessianError).as("Hessian").isLessThan(3e-9);
    }
  }

  @Test
  void withNothingHiddenItIsTheFullyObservedLikelihood() {
    PairwiseGraph g = HiddenTestModels.loopy();
    HiddenMrfData complete = HiddenTestModels.randomData(g, new boolean[5], 30, 0, 7);
    int[][] x = new int[complete.distinctRows()][];
    double[] counts = new double[x.length];
    for (int r = 0; r < x.length; r++) {
      x[r] = complete.row(r).clone();
      counts[r] = complete.count(r);
    }
    MrfData observed = MrfData.ofRows(g, new MrfData.RowTable(List.of("a", "b", "c", "d", "e"), x, counts));
    HiddenMrfData data = HiddenMrfData.of(observed);
    assertThat(data.patterns()).hasSize(1);
    assertThat(data.patterns().get(0).freeCount()).isZero();
    for (long seed = 1; seed <= 3; seed++) {
      double[] lambda = HiddenTestModels.randomLambda(g.vertexCount() + g.edgeCount(), 1.5, seed);
      MrfLikelihood today = MrfLikelihood.exact(observed);
      HiddenLogLikelihood hidden = HiddenLogLikelihood.exact(data);
      double expected = today.evaluate(lambda).logLikelihood();
      assertThat(hidden.evaluate(lambda).logLikelihood()).isCloseTo(expected,
          within(1e-12 * Math.abs(expected)));
      double[] gToday = new double[lambda.length];
      double[] gHidden = new double[lambda.length];
      today.valueAndGradient(lambda, gToday);
      hidden.valueAndGradient(lambda, gHidden);
      assertThat(maxAbsDifference(gToday, gHidden)).isLessThan(1e-12 * observed.rows());
      LikelihoodCurvature curvature = hidden.curvature(lambda, 1);
      double[][] c = ExactEnumeration.run(new BoltzmannMachine(g, lambda), true).covariance();
      for (int a = 0; a < lambda.length; a++) {
        assertThat(curvature.clampedCovariance()[a]).containsOnly(0.0);
        for (int b = 0; b < lambda.length; b++) {
          assertThat(curvature.negativeHessian()[a][b]).isCloseTo(observed.rows() * c[a][b],
              within(1e-12 * observed.rows()));
        }
      }
    }
  }

  @Test
  void aHiddenVariableIsAnObservedOneMissingInEveryRow() {
    PairwiseGraph g = HiddenTestModels.rbm(3, 2);
    HiddenMrfData declared = HiddenTestModels.randomData(g, HiddenTestModels.hiddenSet(5, 3, 4), 15, 0.2, 9);
    int[][] x = new int[declared.distinctRows()][];
    double[] counts = new double[x.length];
    for (int r = 0; r < x.length; r++) {
      x[r] = declared.row(r).clone();
      counts[r] = declared.count(r);
    }
    HiddenMrfData missingEverywhere = HiddenMrfData.ofRows(g, new boolean[5], x, counts);
    double[] lambda = HiddenTestModels.randomLambda(11, 1.0, 3);
    assertThat(HiddenLogLikelihood.exact(missingEverywhere).evaluate(lambda).logLikelihood())
        .isEqualTo(HiddenLogLikelihood.exact(declared).evaluate(lambda).logLikelihood());
  }

  @Test
  void aRowThatClampsNothingAddsNothing() {
    PairwiseGraph g = HiddenTestModels.loopy();
    int[] none = HiddenTestModels.unclamped(5);
    HiddenMrfData data = HiddenMrfData.ofRows(g, new boolean[5], new int[][] {none}, new double[] {3});
    double[] lambda = HiddenTestModels.randomLambda(11, 1.0, 5);
    HiddenLogLikelihood.Evaluation e = HiddenLogLikelihood.exact(data).evaluate(lambda);
    assertThat(e.logLikelihood()).isCloseTo(0, within(1e-12));
    assertThat(maxAbs(e.gradient())).isLessThan(1e-12);
    assertThat(none).containsOnly(Dataset.MISSING);
  }
}
