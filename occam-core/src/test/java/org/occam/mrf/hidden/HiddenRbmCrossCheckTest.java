package org.occam.mrf.hidden;

import org.occam.mrf.MrfTestModels;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.occam.data.Dataset;
import org.occam.mrf.GaussianPrior;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.PosteriorPrecision;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmLogLikelihood;
import org.occam.rbm.posterior.RbmPosteriorCurvature;

/**
 * An RBM written as a Boltzmann machine with hidden units on the complete bipartite graph gives the
 * numbers of the independent RBM code ({@link RbmLogLikelihood}: hidden units summed in closed
 * form, the model side enumerated; {@link RbmPosteriorCurvature}: its exact posterior precision),
 * on an RBM too big for the brute-force tests (12 visible, 3 hidden: the junction tree runs); and
 * the flipped-mode mass of {@link HiddenLaplace} is {@link org.occam.rbm.RbmLaplace}'s.
 */
class HiddenRbmCrossCheckTest {
  private static final int V = 12;
  private static final int K = 3;

  /** The Boltzmann-machine index of each RBM parameter: α_i → node i, β_k → node V + k, W_ik → edge i·K + k. */
  private static double[] toBoltzmann(double[] rbmLambda) {
    double[] out = new double[V + K + V * K];
    for (int i = 0; i < V; i++) {
      out[i] = rbmLambda[V * K + i];
      for (int k = 0; k < K; k++) {
        out[V + K + i * K + k] = rbmLambda[i * K + k];
      }
    }
    for (int k = 0; k < K; k++) {
      out[V + k] = rbmLambda[V * K + V + k];
    }
    return out;
  }

  @Test
  void likelihoodGradientAndPrecisionAgreeWithTheRbmCode() {
    PairwiseGraph g = HiddenTestModels.rbm(V, K);
    boolean[] hidden = new boolean[V + K];
    for (int k = 0; k < K; k++) {
      hidden[V + k] = true;
    }
    SplittableRandom random = new SplittableRandom(17);
    int n = 40;
    int[][] visible = new int[n][V];
    int[][] full = new int[n][V + K];
    double[] ones = new double[n];
    for (int r = 0; r < n; r++) {
      for (int i = 0; i < V; i++) {
        visible[r][i] = random.nextInt(2);
        full[r][i] = visible[r][i];
      }
      for (int k = 0; k < K; k++) {
        full[r][V + k] = Dataset.MISSING;
      }
      ones[r] = 1;
    }
    HiddenMrfData data = HiddenMrfData.ofRows(g, hidden, full, ones);
    GaussianPrior prior = new GaussianPrior(0.9);
    for (long seed = 1; seed <= 2; seed++) {
      double[] rbmLambda = HiddenTestModels.randomLambda(V * K + V + K, 1.0, seed);
      double[] lambda = toBoltzmann(rbmLambda);
      HiddenLogLikelihood likelihood = HiddenLogLikelihood.exact(data);
      assertThat(likelihood.describeInference()).startsWith("CliqueTree");
      HiddenLogLikelihood.Evaluation e = likelihood.evaluate(lambda);
      RbmLogLikelihood reference = new RbmLogLikelihood(K, visible);
      double[] referenceGradient = new double[rbmLambda.length];
      double referenceValue = reference.valueAndGradient(rbmLambda, referenceGradient);
      // measured: 3e-16 relative (L), 9e-16 · N (∇L), 1.3e-15 · N (A)
      assertThat(e.logLikelihood()).isCloseTo(referenceValue, within(1e-12 * Math.abs(referenceValue)));
      assertThat(MrfTestModels.maxAbsDifference(e.gradient(), toBoltzmann(referenceGradient)))
          .isLessThan(1e-12 * n);

      // A random λ is no maximum: under N(0, 0.9²) both codes find A indefinite (smallest eigenvalue
      // about −9); a prior of σ0 = 0.25 (precision 16) makes it definite, and the RBM code then
      // returns the whole matrix to compare.
      LikelihoodCurvature both = likelihood.curvature(lambda, 1);
      Rbm rbm = new Rbm(V, K, rbmLambda);
      assertThat(both.posteriorPrecision(prior).positiveDefinite()).isFalse();
      assertThat(RbmPosteriorCurvature.at(rbm, RbmData.of(visible), 0.9, 1).positiveDefinite()).isFalse();
      RbmPosteriorCurvature curvature = RbmPosteriorCurvature.at(rbm, RbmData.of(visible), 0.25, 1);
      assertThat(curvature.exact()).isTrue();
      assertThat(curvature.positiveDefinite()).isTrue();
      PosteriorPrecision a = both.posteriorPrecision(new GaussianPrior(0.25));
      double[][] mine = new double[lambda.length][];
      for (int p = 0; p < lambda.length; p++) {
        mine[p] = new double[lambda.length];
        for (int q = 0; q < lambda.length; q++) {
          mine[p][q] = a.matrix().get(p, q);
        }
      }
      double worst = 0;
      for (int p = 0; p < rbmLambda.length; p++) {
        double[] unit = new double[rbmLambda.length];
        unit[p] = 1;
        int bp = indexOf(toBoltzmann(unit));
        for (int q = 0; q < rbmLambda.length; q++) {
          double[] other = new double[rbmLambda.length];
          other[q] = 1;
          int bq = indexOf(toBoltzmann(other));
          worst = Math.max(worst, Math.abs(mine[bp][bq] - curvature.precision()[p][q]));
        }
      }
      assertThat(worst).isLessThan(1e-12 * n);
      assertThat(a.positiveDefinite()).isTrue();
      // the flipped modes' prior mass, by the RBM code's own formula
      assertThat(HiddenLaplace.logFlipModeMass(g, hidden, lambda, prior))
          .isCloseTo(org.occam.rbm.RbmLaplace.logFlipModeMass(rbm, 0.9), within(1e-12));
    }
  }

  private static int indexOf(double[] unit) {
    for (int a = 0; a < unit.length; a++) {
      if (unit[a] == 1) {
        return a;
      }
    }
    throw new AssertionError("not a unit vector");
  }
}
