package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.math.Parallel;
import org.occam.math.RandomStreams;

/**
 * The fast likelihood against sums over every (x, z) straight from the definition, and against
 * {@link RbmEnumeration} (Gray-code enumeration with term-by-term softplus) with
 * {@link Rbm#logZGivenVisible} and {@link Rbm#conditionalFeatureMeans} where brute force is too big.
 */
class RbmLogLikelihoodTest {
  /** Shapes on both sides of V = K, with m = min(V, K) below, at and above the 6 low bits. */
  private static final int[][] SMALL_SHAPES = {{1, 1}, {2, 1}, {1, 3}, {3, 2}, {2, 3}, {5, 3}, {3, 5}, {6, 6}, {8, 2},
      {2, 8}, {7, 6}, {4, 9}};
  private static final int[][] LARGE_SHAPES = {{100, 9}, {9, 40}, {30, 12}, {12, 30}, {600, 2}, {2, 600}};

  static int[][] randomRows(int n, int v, double p, UniformRandomProvider rng) {
    int[][] rows = new int[n][v];
    for (int[] row : rows) {
      for (int i = 0; i < v; i++) {
        row[i] = rng.nextDouble() < p ? 1 : 0;
      }
    }
    return rows;
  }

  /** L(λ) = Σ_n log Z(x_n) − N log Z from {@link RbmBruteForce} (all 2^(V+K) states). */
  static double bruteForceLogLikelihood(Rbm rbm, int[][] rows) {
    double s = 0;
    for (int[] x : rows) {
      s += RbmBruteForce.logZGivenVisible(rbm, x);
    }
    return s - rows.length * RbmBruteForce.logZ(rbm);
  }

  /** ∇L = Σ_n E[f | x_n] − N E[f] from {@link Rbm} and {@link RbmEnumeration}. */
  static double[] referenceGradient(Rbm rbm, int[][] rows) {
    int f = rbm.featureCount();
    double[] g = new double[f];
    double[] cond = new double[f];
    for (int[] x : rows) {
      rbm.conditionalFeatureMeans(x, cond);
      for (int a = 0; a < f; a++) {
        g[a] += cond[a];
      }
    }
    double[] means = RbmEnumeration.run(rbm, 1, false).featureMeans();
    for (int a = 0; a < f; a++) {
      g[a] -= rows.length * means[a];
    }
    return g;
  }

  static double referenceLogLikelihood(Rbm rbm, int[][] rows) {
    double s = 0;
    for (int[] x : rows) {
      s += rbm.logZGivenVisible(x);
    }
    return s - rows.length * RbmEnumeration.logPartition(rbm, 1);
  }

  @Test
  void valueAndGradientEqualBruteForceOverAllStatesOnSmallShapes() {
    UniformRandomProvider rng = RandomStreams.fromSeed(91);
    double worstValue = 0;
    double worstGradient = 0;
    for (int[] shape : SMALL_SHAPES) {
      int v = shape[0];
      int k = shape[1];
      Rbm rbm = RbmBruteForce.random(v, k, 2, rng);
      int[][] rows = randomRows(15, v, 0.4, rng);
      RbmLogLikelihood l = new RbmLogLikelihood(k, rows);
      assertThat(l.enumeratesHidden()).isEqualTo(k <= v);
      double[] g = new double[rbm.featureCount()];
      double value = l.valueAndGradient(rbm.parameters(), g);
      double exact = bruteForceLogLikelihood(rbm, rows);
      assertThat(value).as("V=%d K=%d", v, k).isCloseTo(exact, within(1e-11 * (1 + Math.abs(exact))));
      assertThat(l.value(rbm.parameters())).isEqualTo(value);
      double[][] moments = RbmBruteForce.moments(rbm);
      double[] cond = new double[rbm.featureCount()];
      double[] expected = new double[rbm.featureCount()];
      for (int[] x : rows) {
        rbm.conditionalFeatureMeans(x, cond);
        for (int a = 0; a < cond.length; a++) {
          expected[a] += cond[a] - moments[0][a];
        }
      }
      for (int a = 0; a < g.length; a++) {
        assertThat(g[a]).as("V=%d K=%d, %s", v, k, rbm.featureName(a)).isCloseTo(expected[a], within(1e-10));
        worstGradient = Math.max(worstGradient, Math.abs(g[a] - expected[a]));
      }
      worstValue = Math.max(worstValue, Math.abs(value - exact));
    }
    System.out.printf("RbmLogLikelihood vs all (x, z) on %d shapes: |ΔL| <= %.1e, |Δ∇L| <= %.1e%n",
        SMALL_SHAPES.length, worstValue, worstGradient);
  }

  @Test
  void valueAndGradientEqualTheEnumerationOnLargerShapes() {
    UniformRandomProvider rng = RandomStreams.fromSeed(92);
    for (int[] shape : LARGE_SHAPES) {
      int v = shape[0];
      int k = shape[1];
      Rbm rbm = RbmBruteForce.random(v, k, 0.6, rng);
      int[][] rows = randomRows(40, v, 0.3, rng);
      RbmLogLikelihood l = new RbmLogLikelihood(k, rows);
      double[] g = new double[rbm.featureCount()];
      double value = l.valueAndGradient(rbm.parameters(), g);
      double exact = referenceLogLikelihood(rbm, rows);
      double[] expected = referenceGradient(rbm, rows);
      assertThat(value).as("V=%d K=%d", v, k).isCloseTo(exact, within(1e-11 * (1 + Math.abs(exact))));
      double worst = 0;
      for (int a = 0; a < g.length; a++) {
        worst = Math.max(worst, Math.abs(g[a] - expected[a]));
      }
      assertThat(worst).as("V=%d K=%d", v, k).isLessThan(1e-9 * rows.length);
      System.out.printf("RbmLogLikelihood V=%d K=%d (enumerated %s): L = %.10f, |ΔL| = %.1e, max|Δ∇L| = %.1e%n", v, k,
          l.enumeratesHidden() ? "hidden" : "visible", value, Math.abs(value - exact), worst);
    }
  }

  /**
   * More distinct rows than one chunk of the data term (the last chunk partial), on 1, 2 and 3
   * threads: value and gradient equal the calling thread's to the bit, and the reference sums over
   * the rows to 1e-11 relative.
   */
  @Test
  void chunksOnAnyNumberOfThreadsGiveTheSameNumbersAsOneThread() {
    for (int seed = 0; seed < 3; seed++) {
      UniformRandomProvider rng = RandomStreams.fromSeed(2026112935_000L + seed);
      int v = 14;
      int k = 3 + seed;
      int n = 2 * RowChunks.ROWS + 57 + 100 * seed;
      int[][] rows = randomRows(n, v, 0.35, rng);
      Rbm rbm = RbmBruteForce.random(v, k, 0.8, rng);
      RbmLogLikelihood l = new RbmLogLikelihood(k, rows);
      assertThat(l.distinctRowCount()).as("rows in more than two chunks").isGreaterThan(2 * RowChunks.ROWS);
      double[] g = new double[rbm.featureCount()];
      double value = l.valueAndGradient(rbm.parameters(), g);
      assertThat(value).isCloseTo(referenceLogLikelihood(rbm, rows), within(1e-11 * Math.abs(value)));
      double[] expected = referenceGradient(rbm, rows);
      for (int a = 0; a < g.length; a++) {
        assertThat(g[a]).as("gradient %d", a).isCloseTo(expected[a], within(1e-9 * n));
      }
      for (int threads = 1; threads <= 3; threads++) {
        try (Parallel.Workers workers = Parallel.workers(threads, "test")) {
          double[] pooled = new double[g.length];
          RbmLogLikelihood copy = l.copy();
          assertThat(copy.valueAndGradient(rbm.parameters(), pooled, workers)).as("%d threads", threads)
              .isEqualTo(value);
          assertThat(pooled).as("%d threads", threads).containsExactly(g);
          assertThat(copy.value(rbm.parameters(), workers)).isEqualTo(value);
          assertThat(l.value(rbm.parameters())).isEqualTo(value);
        }
      }
    }
  }

  @Test
  void largeWeightsThatForceManyProductFoldsStayExact() {
    // |other_u| + Σ_j |w_ju| of tens to hundreds: the per-state products of e^{a/2} + e^{−a/2} are
    // logged every few units instead of once, and peaked p(s) stress the weights' scaling.
    UniformRandomProvider rng = RandomStreams.fromSeed(96);
    for (double[] shape : new double[][] {{40, 5, 25}, {5, 40, 25}, {30, 8, 60}, {8, 30, 60}}) {
      int v = (int) shape[0];
      int k = (int) shape[1];
      Rbm rbm = RbmBruteForce.random(v, k, shape[2], rng);
      int[][] rows = randomRows(20, v, 0.4, rng);
      RbmLogLikelihood l = new RbmLogLikelihood(k, rows);
      double[] g = new double[rbm.featureCount()];
      double value = l.valueAndGradient(rbm.parameters(), g);
      double exact = referenceLogLikelihood(rbm, rows);
      assertThat(value).as("V=%d K=%d", v, k).isCloseTo(exact, within(1e-12 * Math.abs(exact)));
      double[] expected = referenceGradient(rbm, rows);
      for (int a = 0; a < g.length; a++) {
        assertThat(g[a]).as("V=%d K=%d %s", v, k, rbm.featureName(a)).isCloseTo(expected[a], within(1e-8));
      }
    }
  }

  @Test
  void gradientMatchesCentralFiniteDifferences() {
    UniformRandomProvider rng = RandomStreams.fromSeed(93);
    for (int[] shape : new int[][] {{12, 7}, {7, 12}, {3, 2}}) {
      int v = shape[0];
      int k = shape[1];
      double[] lambda = RbmBruteForce.random(v, k, 1.5, rng).parameters();
      RbmLogLikelihood l = new RbmLogLikelihood(k, randomRows(30, v, 0.5, rng));
      double[] g = new double[lambda.length];
      l.valueAndGradient(lambda, g);
      double h = 1e-5;
      double worst = 0;
      for (int a = 0; a < lambda.length; a++) {
        double[] plus = lambda.clone();
        double[] minus = lambda.clone();
        plus[a] += h;
        minus[a] -= h;
        double fd = (l.value(plus) - l.value(minus)) / (2 * h);
        double relative = Math.abs(fd - g[a]) / Math.max(1, Math.abs(g[a]));
        worst = Math.max(worst, relative);
      }
      assertThat(worst).as("V=%d K=%d", v, k).isLessThan(1e-6);
      System.out.printf("RbmLogLikelihood V=%d K=%d: central-difference gradient error (relative) %.1e over %d%n", v, k,
          worst, lambda.length);
    }
  }

  @Test
  void summedUnitsFarOutsideTheTableRangeAreEvaluatedTermByTerm() {
    UniformRandomProvider rng = RandomStreams.fromSeed(94);
    for (int[] shape : new int[][] {{5, 3}, {3, 5}}) {
      int v = shape[0];
      int k = shape[1];
      double[] lambda = RbmBruteForce.random(v, k, 1, rng).parameters();
      // Some W entries of several hundred: |a_u(s)| up to about 900 for those units, so e^{±a}
      // leaves the doubles; the others stay on the fast path.
      lambda[0] = 450;
      lambda[1] = -400;
      lambda[v * k - 1] = 650;
      Rbm rbm = new Rbm(v, k, lambda);
      int[][] rows = randomRows(12, v, 0.5, rng);
      RbmLogLikelihood l = new RbmLogLikelihood(k, rows);
      double[] g = new double[lambda.length];
      double value = l.valueAndGradient(lambda, g);
      double exact = bruteForceLogLikelihood(rbm, rows);
      assertThat(Double.isFinite(value)).isTrue();
      assertThat(value).isCloseTo(exact, within(1e-10 * Math.abs(exact)));
      double[] expected = referenceGradient(rbm, rows);
      for (int a = 0; a < g.length; a++) {
        assertThat(g[a]).as("%s", rbm.featureName(a)).isCloseTo(expected[a], within(1e-9));
      }
    }
  }

  @Test
  void countsMergeRepeatedRowsAndCopiesAgree() {
    UniformRandomProvider rng = RandomStreams.fromSeed(95);
    double[] lambda = RbmBruteForce.random(6, 3, 1, rng).parameters();
    int[][] distinct = {{1, 0, 1, 1, 0, 0}, {0, 0, 0, 0, 0, 0}, {1, 1, 1, 1, 1, 1}, {0, 1, 0, 0, 1, 1}};
    int[][] repeated = {distinct[0], distinct[1], distinct[0], distinct[2], distinct[3], distinct[0], distinct[3]};
    RbmLogLikelihood byRows = new RbmLogLikelihood(3, repeated);
    RbmLogLikelihood byCounts = new RbmLogLikelihood(3, distinct, new long[] {3, 1, 1, 2});
    assertThat(byRows.dataCount()).isEqualTo(7);
    assertThat(byCounts.dataCount()).isEqualTo(7);
    assertThat(byCounts.distinctRowCount()).isEqualTo(4);
    double[] g1 = new double[lambda.length];
    double[] g2 = new double[lambda.length];
    assertThat(byCounts.valueAndGradient(lambda, g2)).isCloseTo(byRows.valueAndGradient(lambda, g1), within(1e-12));
    for (int a = 0; a < g1.length; a++) {
      assertThat(g2[a]).isCloseTo(g1[a], within(1e-12));
    }
    RbmLogLikelihood copy = byCounts.copy();
    double[] g3 = new double[lambda.length];
    assertThat(copy.valueAndGradient(lambda, g3)).isEqualTo(byCounts.valueAndGradient(lambda, g2));
    assertThat(g3).isEqualTo(g2);
    assertThat(new RbmLogLikelihood(3, distinct, new long[] {0, 1, 0, 0}).distinctRowCount()).isEqualTo(1);
  }

  @Test
  void nonFiniteParametersGiveNaNAndBadInputIsRefused() {
    RbmLogLikelihood l = new RbmLogLikelihood(2, new int[][] {{1, 0, 1}, {0, 0, 1}});
    double[] lambda = new double[l.dimension()];
    lambda[4] = Double.POSITIVE_INFINITY;
    double[] g = new double[l.dimension()];
    assertThat(l.valueAndGradient(lambda, g)).isNaN();
    assertThat(g).containsOnly(Double.NaN);
    assertThat(l.value(lambda)).isNaN();
    assertThatThrownBy(() -> l.value(new double[3])).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RbmLogLikelihood(21, new int[][] {new int[21]}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2^21").hasMessageContaining("<= 20");
    assertThatThrownBy(() -> new RbmLogLikelihood(2, new int[][] {{0, 2}})).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RbmLogLikelihood(2, new int[][] {{0, 1}, {1}}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RbmLogLikelihood(2, new int[][] {{0, 1}}, new long[] {0}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RbmLogLikelihood(0, new int[][] {{0, 1}})).isInstanceOf(IllegalArgumentException.class);
    // 20 hidden units is allowed: 2^20 states, enumerated once here.
    RbmLogLikelihood wide = new RbmLogLikelihood(20, new int[][] {new int[24]});
    double[] zero = new double[wide.dimension()];
    assertThat(wide.value(zero)).isCloseTo(-24 * Math.log(2), within(1e-9));
    assertThat(l.dimension()).isEqualTo(3 * 2 + 3 + 2);
  }
}
