package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.junit.jupiter.api.Test;
import org.occam.math.Lbfgs;
import org.occam.math.RandomStreams;
import org.occam.math.TrustRegionNewton;

/**
 * Step 3 at large N: L-BFGS, then Newton's method in a trust region, and the remaining-distance
 * estimate (the Newton decrement) that decides whether it converged.
 */
class RbmFineTuningTest {
  /** Seeds not used while the code was written. */
  private static final long FRESH_SEEDS = 7_340_000;

  /** Exact samples of a random RBM with V visible and K* hidden units, every parameter N(0, 1), as counts. */
  private static RbmData data(int v, int kStar, int n, UniformRandomProvider rng) {
    ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
    double[] lambda = new double[v * kStar + v + kStar];
    for (int a = 0; a < lambda.length; a++) {
      lambda[a] = normal.sample();
    }
    long[] counts = new long[1 << v];
    for (int[] x : new RbmExactSampler(new Rbm(v, kStar, lambda)).sampleVisible(n, rng)) {
      counts[RbmData.pattern(x)]++;
    }
    return RbmData.ofPatternCounts(v, counts);
  }

  /** ℓ at PCD's point of K hidden units, on T = N exact samples from it. */
  private static ImportanceSampledObjective objective(RbmData data, int k, UniformRandomProvider rng) {
    Rbm pcd = data.trainer().train(k, PersistentContrastiveDivergence.Settings.defaults().withIterations(300)
        .withChains(20), RandomStreams.fromSeed(rng.nextLong()), 1, t -> { }).rbm();
    int[][] samples = new RbmExactSampler(pcd).sampleVisible((int) data.size(), rng);
    long[] counts = data.counts();
    double[] weights = new double[counts.length];
    for (int n = 0; n < counts.length; n++) {
      weights[n] = counts[n];
    }
    return new ImportanceSampledObjective(pcd, samples, data.rows(), weights, 1.0);
  }

  /** The smallest ℓ near x, by Newton's method to a decrement of 10⁻¹³ nats without the ESS limit. */
  private static TrustRegionNewton.Result minimum(ImportanceSampledObjective is, double[] x) {
    return new TrustRegionNewton(new TrustRegionNewton.Settings(1e-13, 500, 1)).minimize(is, x, y -> true);
  }

  /**
   * Near the minimum of ℓ on a tiny RBM (V = 4, K = 2, N = 5,000), the decrement at a point moved
   * off it along a random direction equals the true gap ℓ(x) − min ℓ to second order: within 3% of
   * gaps of 0.0001 to 0.01 nats.
   */
  @Test
  void theDecrementIsTheGapToTheMinimumOfATinyRbm() {
    for (int i = 0; i < 4; i++) {
      UniformRandomProvider rng = RandomStreams.fromSeed(FRESH_SEEDS + i);
      ImportanceSampledObjective is = objective(data(4, 2, 5000, rng), 2, rng);
      TrustRegionNewton.Result min = minimum(is, is.proposalParameters());
      assertThat(min.reason()).isEqualTo(TrustRegionNewton.Reason.CONVERGED);
      double[] direction = new double[is.dimension()];
      for (int a = 0; a < direction.length; a++) {
        direction[a] = rng.nextDouble() - 0.5;
      }
      // the step t that makes the quadratic gap ½ t² dᵀAd equal to gap
      double curvature = 0;
      double[][] h = min.hessian();
      for (int a = 0; a < direction.length; a++) {
        for (int b = 0; b < direction.length; b++) {
          curvature += direction[a] * h[a][b] * direction[b];
        }
      }
      for (double gap : new double[] {0.0001, 0.001, 0.01}) {
        double t = Math.sqrt(2 * gap / curvature);
        double[] x = min.x().clone();
        for (int a = 0; a < x.length; a++) {
          x[a] += t * direction[a];
        }
        double trueGap = is.value(x) - min.value();
        double decrement = TrustRegionNewton.at(is, x).decrement();
        assertThat(decrement).as("seed %d gap %s", i, gap).isCloseTo(trueGap, within(0.03 * trueGap));
      }
    }
  }

  /**
   * K = 4 fitted to N = 200,000 samples of a random 6 × 2 RBM (redundant hidden units, a Hessian
   * with eigenvalues from about 1 to N), with L-BFGS cut to 30 iterations so that it stops at its
   * limit: Newton's method finishes, the fine-tuning reports convergence, and the gap it claims is
   * really achieved: ℓ(λMP) is within the tolerance of the minimum found by running on to 10⁻¹³.
   */
  @Test
  void fineTuningConvergesAtLargeNOverFreshSeeds() {
    RbmLaplace.Settings settings = RbmLaplace.Settings.defaults().withFineTuning(
        Lbfgs.Settings.defaults().withMaxIterations(30));
    for (int i = 0; i < 4; i++) {
      UniformRandomProvider rng = RandomStreams.fromSeed(FRESH_SEEDS + 100 + i);
      RbmData data = data(6, 2, 200_000, rng);
      ImportanceSampledObjective is = objective(data, 4, rng);
      double[] start = is.proposalParameters();
      RbmLaplace.Tuned tuned = RbmLaplace.tune(is, start, settings);
      RbmLaplace.FineTuning f = tuned.record(start, is);
      assertThat(f.reason()).as("seed %d", i).isEqualTo(Lbfgs.Reason.MAX_ITERATIONS);
      assertThat(f.newtonStop()).as("seed %d", i).isEqualTo(TrustRegionNewton.Reason.CONVERGED);
      assertThat(f.converged()).isTrue();
      assertThat(f.remaining()).isLessThanOrEqualTo(RbmLaplace.FINE_TUNING_TOLERANCE);
      assertThat(f.smallestEigenvalue()).isPositive();
      assertThat(f.effectiveSampleSize()).isGreaterThanOrEqualTo(0.9 * is.sampleCount());
      TrustRegionNewton.Result min = minimum(is, tuned.end().x());
      assertThat(tuned.end().value() - min.value()).as("seed %d", i)
          .isLessThanOrEqualTo(RbmLaplace.FINE_TUNING_TOLERANCE);
    }
  }

  /** Where L-BFGS converges by itself its end is kept: Newton's method does not run. */
  @Test
  void aConvergedLbfgsRunIsKept() {
    UniformRandomProvider rng = RandomStreams.fromSeed(FRESH_SEEDS + 200);
    ImportanceSampledObjective is = objective(data(4, 1, 300, rng), 1, rng);
    double[] start = is.proposalParameters();
    RbmLaplace.Tuned tuned = RbmLaplace.tune(is, start, RbmLaplace.Settings.defaults());
    assertThat(tuned.lbfgs().converged()).isTrue();
    assertThat(tuned.newtonStop()).isNull();
    assertThat(tuned.end().x()).isEqualTo(tuned.lbfgs().x());
    assertThat(tuned.record(start, is).converged()).isTrue();
  }
}
