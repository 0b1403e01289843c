package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.math.DifferentiableFunction;
import org.occam.math.Lbfgs;
import org.occam.math.RandomStreams;
import org.occam.math.SymmetricEigen;

/**
 * {@link RbmExactObjective} against brute force (every (x, z) enumerated, {@link RbmBruteForce}),
 * and {@link RbmLaplace} with it: λMP is the exact MAP, the flipped modes' heights are exact, and
 * the Hessian behind laplace0 is the exact one; over fresh seeds.
 */
class RbmExactObjectiveTest {
  /** Seeds not used while the code was written. */
  private static final long FRESH_SEEDS = 2026112871_000L;

  /** −Σ_n c_n log p(x_n | λ) − log p(λ), every state enumerated. */
  private static double bruteValue(Rbm rbm, RbmData data, double sigma) {
    double logZ = RbmBruteForce.logZ(rbm);
    int[][] rows = data.rows();
    long[] counts = data.counts();
    double l = 0;
    for (int n = 0; n < rows.length; n++) {
      l += counts[n] * (RbmBruteForce.logZGivenVisible(rbm, rows[n]) - logZ);
    }
    return -l - RbmLaplace.logPrior(rbm.parameters(), sigma);
  }

  /** N Cov(f) − Σ_n c_n Cov(f | x_n) + I/σ0², each covariance by enumerating z (and x). */
  private static double[][] bruteHessian(Rbm rbm, RbmData data, double sigma) {
    int v = rbm.visibleCount();
    int k = rbm.hiddenCount();
    int f = rbm.featureCount();
    double[][] m = RbmBruteForce.moments(rbm);
    double[][] a = new double[f][f];
    for (int p = 0; p < f; p++) {
      for (int q = 0; q < f; q++) {
        a[p][q] = data.size() * m[p + 1][q];
      }
      a[p][p] += 1 / (sigma * sigma);
    }
    int[][] rows = data.rows();
    long[] counts = data.counts();
    double[] feat = new double[f];
    for (int n = 0; n < rows.length; n++) {
      double logZx = RbmBruteForce.logZGivenVisible(rbm, rows[n]);
      double[] mean = new double[f];
      double[][] second = new double[f][f];
      for (int cz = 0; cz < 1 << k; cz++) {
        int[] z = RbmBruteForce.bits(cz, k);
        double p = Math.exp(RbmBruteForce.dot(rbm, rows[n], z) - logZx);
        rbm.features(rows[n], z, feat);
        for (int s = 0; s < f; s++) {
          mean[s] += p * feat[s];
          for (int t = 0; t < f; t++) {
            second[s][t] += p * feat[s] * feat[t];
          }
        }
      }
      for (int s = 0; s < f; s++) {
        for (int t = 0; t < f; t++) {
          a[s][t] -= counts[n] * (second[s][t] - mean[s] * mean[t]);
        }
      }
    }
    assertThat(v).isPositive();
    return a;
  }

  /** N E[f] − Σ_n c_n E[f | x_n] + λ/σ0², each mean by enumerating z (and x). */
  private static double[] bruteGradient(Rbm rbm, RbmData data, double sigma) {
    int k = rbm.hiddenCount();
    int f = rbm.featureCount();
    double[] g = RbmBruteForce.moments(rbm)[0].clone();
    double[] lambda = rbm.parameters();
    for (int a = 0; a < f; a++) {
      g[a] = data.size() * g[a] + lambda[a] / (sigma * sigma);
    }
    int[][] rows = data.rows();
    long[] counts = data.counts();
    double[] feat = new double[f];
    for (int n = 0; n < rows.length; n++) {
      double logZx = RbmBruteForce.logZGivenVisible(rbm, rows[n]);
      for (int cz = 0; cz < 1 << k; cz++) {
        int[] z = RbmBruteForce.bits(cz, k);
        double p = Math.exp(RbmBruteForce.dot(rbm, rows[n], z) - logZx);
        rbm.features(rows[n], z, feat);
        for (int a = 0; a < f; a++) {
          g[a] -= counts[n] * p * feat[a];
        }
      }
    }
    return g;
  }

  @Test
  void valueGradientAndHessianAreTheBruteForceOnesOverFreshSeeds() {
    int[][] shapes = {{3, 1}, {4, 2}, {2, 3}, {5, 3}};
    for (int i = 0; i < shapes.length; i++) {
      int v = shapes[i][0];
      int k = shapes[i][1];
      UniformRandomProvider rng = RandomStreams.fromSeed(FRESH_SEEDS + i);
      Rbm truth = RbmBruteForce.random(v, k, 1.5, rng);
      RbmData data = RbmData.of(new RbmExactSampler(truth).sampleVisible(50 + 100 * i, rng));
      double sigma = 0.5 + i * 0.5;
      RbmExactObjective exact = new RbmExactObjective(k, data, sigma * sigma);
      Rbm at = RbmBruteForce.random(v, k, 2.0, rng);
      double[] lambda = at.parameters();
      int f = lambda.length;
      double[] g = new double[f];
      double value = exact.valueAndGradient(lambda, g);
      assertThat(value).as("value %dx%d", v, k).isCloseTo(bruteValue(at, data, sigma), within(1e-9 * Math.abs(value)));
      assertThat(exact.value(lambda)).isEqualTo(value);
      assertThat(exact.evaluate(lambda).effectiveSampleSize()).isInfinite();
      assertThat(exact.exact()).isTrue();
      assertThat(exact.sampleCount()).isZero();
      double[][] h = exact.hessian(lambda);
      double[][] brute = bruteHessian(at, data, sigma);
      double eps = 1e-5;
      for (int a = 0; a < f; a++) {
        double[] up = lambda.clone();
        double[] down = lambda.clone();
        up[a] += eps;
        down[a] -= eps;
        double[] gu = new double[f];
        double[] gd = new double[f];
        double fd = (exact.valueAndGradient(up, gu) - exact.valueAndGradient(down, gd)) / (2 * eps);
        assertThat(g[a]).as("gradient %d of %dx%d", a, v, k).isCloseTo(fd, within(1e-5 * (1 + Math.abs(fd))));
        assertThat(g[a]).isCloseTo(bruteGradient(at, data, sigma)[a], within(1e-9 * (1 + Math.abs(g[a]))));
        for (int b = 0; b < f; b++) {
          assertThat(h[a][b]).as("Hessian %d,%d of %dx%d", a, b, v, k).isCloseTo(brute[a][b],
              within(1e-8 * (1 + Math.abs(brute[a][b]))));
          double fdh = (gu[b] - gd[b]) / (2 * eps);
          assertThat(h[a][b]).isCloseTo(fdh, within(1e-4 * (1 + Math.abs(fdh))));
        }
      }
    }
  }

  /**
   * The view on a pool ({@link RbmExactObjective#on}), as the fine-tuning uses it: value, gradient
   * and Hessian equal the plain objective's to the bit, on 1 to 3 threads, with more distinct rows
   * than one chunk of the likelihood's data term.
   */
  @Test
  void theViewOnAPoolGivesThePlainObjectivesNumbers() {
    UniformRandomProvider rng = RandomStreams.fromSeed(FRESH_SEEDS + 35);
    Rbm truth = RbmBruteForce.random(12, 3, 1.0, rng);
    RbmData data = RbmData.of(new RbmExactSampler(truth).sampleVisible(3000, rng));
    assertThat(data.distinctRowCount()).isGreaterThan(RowChunks.ROWS);
    RbmExactObjective plain = new RbmExactObjective(3, data, 1.0);
    double[] lambda = RbmBruteForce.random(12, 3, 0.7, rng).parameters();
    double[] g = new double[lambda.length];
    double value = plain.valueAndGradient(lambda, g);
    double[][] h = plain.hessian(lambda);
    for (int threads = 1; threads <= 3; threads++) {
      try (org.occam.math.Parallel.Workers workers = org.occam.math.Parallel.workers(threads, "test")) {
        RbmExactObjective pooled = plain.on(workers);
        double[] pg = new double[lambda.length];
        assertThat(pooled.valueAndGradient(lambda, pg)).as("%d threads", threads).isEqualTo(value);
        assertThat(pg).containsExactly(g);
        assertThat(pooled.value(lambda)).isEqualTo(plain.value(lambda));
        double[][] ph = pooled.hessian(lambda);
        for (int a = 0; a < h.length; a++) {
          assertThat(ph[a]).as("Hessian row %d, %d threads", a, threads).containsExactly(h[a]);
        }
      }
    }
  }

  /**
   * The Hessian's data term, subtracted entry by entry from the rows' ones, is the dense subtraction
   * of {@link Rbm#conditionalFeatureCovariance} (the code before it, copied here) to the bit, on
   * sparse rows with repeated counts, a zero count and an empty row.
   */
  @Test
  void theStructuredDataTermIsTheDenseOneToTheBit() {
    for (int i = 0; i < 3; i++) {
      UniformRandomProvider rng = RandomStreams.fromSeed(FRESH_SEEDS + 100 + i);
      int v = 12 + 9 * i;
      int k = 2 + i;
      int[][] rows = new int[40][v];
      long[] counts = new long[rows.length];
      for (int n = 1; n < rows.length; n++) { // row 0 stays empty
        for (int j = 0; j < v; j++) {
          rows[n][j] = rng.nextDouble() < 0.2 ? 1 : 0;
        }
        counts[n] = n == 7 ? 0 : 1 + rng.nextInt(5);
      }
      counts[0] = 3;
      RbmData data = RbmData.of(rows, counts);
      double sigma = 0.8;
      Rbm at = RbmBruteForce.random(v, k, 1.5, rng);
      double[][] h = new RbmExactObjective(k, data, sigma * sigma).hessian(at.parameters());

      int f = at.featureCount();
      double[][] dense = RbmEnumeration.run(at, 1, true).covariance();
      double[][] conditional = new double[f][f];
      for (int p = 0; p < f; p++) {
        for (int q = 0; q < f; q++) {
          dense[p][q] *= data.size();
        }
        dense[p][p] += 1 / (sigma * sigma);
      }
      int[][] distinct = data.rows();
      long[] c = data.counts();
      for (int n = 0; n < distinct.length; n++) {
        if (c[n] == 0) {
          continue;
        }
        at.conditionalFeatureCovariance(distinct[n], conditional);
        for (int p = 0; p < f; p++) {
          for (int q = 0; q < f; q++) {
            dense[p][q] -= c[n] * conditional[p][q];
          }
        }
      }
      for (int p = 0; p < f; p++) {
        for (int q = 0; q < f; q++) {
          assertThat(Double.doubleToRawLongBits(h[p][q])).as("entry %d,%d of %dx%d", p, q, v, k)
              .isEqualTo(Double.doubleToRawLongBits(dense[p][q]));
        }
      }
    }
  }

  /** Where the exact ℓ is used: by the cost of one exact Hessian, 2^min(V, K)·F², not by F alone. */
  @Test
  void theExactObjectiveIsUsedWhereOneExactHessianIsAffordable() {
    RbmLaplace.Settings s = RbmLaplace.Settings.defaults();
    assertThat(s.exactObjective(5, 3)).isTrue();
    assertThat(s.exactObjective(12, 13)).isTrue(); // F = 181, the largest min(V, K) with F ≤ 200
    assertThat(s.exactObjective(100, 9)).isTrue(); // F = 1009: SpamAssassin and SOTU with K = 9
    assertThat(s.exactObjective(100, 10)).isTrue(); // 2^10 · 1110² = 1.26e9
    assertThat(s.exactObjective(100, 11)).isFalse(); // 2^11 · 1211² = 3.0e9
    assertThat(s.exactObjective(60, 14)).isFalse(); // 2^14 · 914² = 1.4e10
    assertThat(s.exactObjective(100, 9) && !s.withExactFineTuning(false).exactObjective(100, 9)).isTrue();
  }

  /**
   * Above F = 200 (V = 24, K = 8, F = 224; the importance-sampled ℓ before) on 2,000 rows: the
   * fine-tuning runs on the exact ℓ, converges where A is positive definite, and its λMP is at least as
   * high on the exact log posterior as PCD's best point, over two fresh seeds, and (on the first) as
   * the importance-sampled fine-tuning's.
   */
  @Test
  void aboveTwoHundredParametersTheExactFineTuningConverges() {
    for (int i = 0; i < 2; i++) {
      long seed = FRESH_SEEDS + 300 + 10L * i;
      UniformRandomProvider rng = RandomStreams.fromSeed(seed);
      Rbm truth = RbmBruteForce.random(24, 8, 1.0, rng);
      RbmData data = RbmData.of(new RbmExactSampler(truth).sampleVisible(2000, rng));
      RbmLaplace laplace = new RbmLaplace(data);
      RbmLaplace.Result r = laplace.score(8, RbmLaplace.Settings.defaults(), seed + 1, 2, s -> { });
      String where = "seed " + seed;
      assertThat(r.fineTuning().exactObjective()).as(where).isTrue();
      assertThat(r.fineTuning().converged()).as(where).isTrue();
      assertThat(r.positiveDefinite()).as(where).isTrue();
      double[] pcd = r.pcdRuns().objectives();
      double pcdBest = Arrays.stream(pcd).max().orElseThrow();
      assertThat(r.map()).as(where).isGreaterThanOrEqualTo(pcdBest);
      if (i == 0) { // the importance-sampled run once, for the comparison
        RbmLaplace.Result sampled = laplace.score(8, RbmLaplace.Settings.defaults().withExactFineTuning(false),
            seed + 1, 2, s -> { });
        assertThat(sampled.fineTuning().exactObjective()).isFalse();
        assertThat(r.map()).as(where).isGreaterThanOrEqualTo(sampled.map() - RbmLaplace.FINE_TUNING_TOLERANCE);
      }
    }
  }

  @Test
  void withTheExactObjectiveLambdaMpIsTheExactMapAndTheModesAreExactOverFreshSeeds() {
    int[][] cases = {{3, 1, 10}, {3, 1, 300}, {3, 1, 1000}, {4, 2, 30}, {4, 2, 1000}};
    for (int i = 0; i < cases.length; i++) {
      int v = cases[i][0];
      int k = cases[i][1];
      int n = cases[i][2];
      long seed = FRESH_SEEDS + 100 + 10L * i;
      RbmData data = RbmData.of(RbmParameterAisTest.sample(v, k, n, seed));
      RbmLaplace laplace = new RbmLaplace(data);
      RbmLaplace.Result r = laplace.score(k, RbmLaplace.Settings.defaults(), seed + 1, 2, s -> { });
      RbmLaplace.Result sampled = laplace.score(k, RbmLaplace.Settings.defaults().withExactFineTuning(false), seed + 1,
          2, s -> { });
      assertThat(r.fineTuning().exactObjective()).isTrue();
      assertThat(sampled.fineTuning().exactObjective()).isFalse();
      assertThat(r.fineTuning().sampleCount()).isZero();
      assertThat(sampled.fineTuning().sampleCount()).isEqualTo(10_000);
      assertThat(r.fineTuning().converged()).isTrue();

      // an independent exact search (brute force, tight tolerance) from λMP climbs at most the
      // fine-tuning's tolerance
      DifferentiableFunction brute = (x, g) -> {
        Rbm at = new Rbm(v, k, x);
        double[] gradient = bruteGradient(at, data, 1);
        System.arraycopy(gradient, 0, g, 0, g.length);
        return bruteValue(at, data, 1);
      };
      double[] lambda = r.model().parameters();
      double best = -new Lbfgs(Lbfgs.Settings.defaults().withGradientTolerance(1e-6)).minimize(brute, lambda).value();
      double map = -bruteValue(r.model(), data, 1);
      assertThat(r.map()).isCloseTo(map, within(1e-8 * Math.abs(map)));
      assertThat(best - r.map()).as("%dx%d N=%d: exact MAP above λMP's", v, k, n)
          .isBetween(-1e-9, RbmLaplace.FINE_TUNING_TOLERANCE);

      // every mode: its height is the exact L + log p there, and laplace0's volume is the exact Hessian's
      for (RbmLaplace.Mode mode : r.flipModes().modes()) {
        Rbm at = new Rbm(v, k, mode.parameters());
        double height = -bruteValue(at, data, 1);
        assertThat(mode.map()).isCloseTo(height, within(1e-8 * Math.abs(height)));
        SymmetricEigen s = SymmetricEigen.of(bruteHessian(at, data, 1));
        assertThat(mode.positiveDefinite()).isEqualTo(s.positiveDefinite());
        if (s.positiveDefinite()) {
          double logDet = Arrays.stream(s.values).map(Math::log).sum();
          assertThat(mode.logGaussianVolume()).isCloseTo(0.5 * s.values.length * Math.log(2 * Math.PI) - 0.5 * logDet,
              within(1e-6));
        }
      }
      // the importance-sampled λMP falls short of it (by about F·N/(2T) nats, less than 1 here)
      double sampledMap = -bruteValue(sampled.model(), data, 1);
      System.out.printf("%dx%d N=%d: exact MAP %.4f, λMP's %.4f (exact ℓ), %.4f (importance-sampled ℓ);"
          + " laplace %.3f vs %.3f, %d vs %d modes%n", v, k, n, best, r.map(), sampledMap, r.laplace(),
          sampled.laplace(), r.flipModes().modes().size(), sampled.flipModes().modes().size());
      assertThat(sampledMap).isLessThanOrEqualTo(best + 1e-9);
      assertThat(best - sampledMap).isLessThan(1.0);
      // laplace sums the modes' terms: at least λMP's own
      assertThat(r.laplace()).isGreaterThanOrEqualTo(r.laplaceOneMode());
    }
  }
}
