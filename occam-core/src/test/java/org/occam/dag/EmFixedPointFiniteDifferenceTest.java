package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.occam.testing.BruteForceEvidence;
import org.occam.testing.BruteForceEvidence.Model;
import org.occam.testing.RandomDagProblems;
import org.occam.testing.RandomDagProblems.Problem;
import org.occam.testing.RandomDagProblems.Spec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * After MAP-EM (simplex basis, λ ≥ 1) converges tightly, θ̂ is a stationary point of
 * {@code g(θ) = ln p(y|θ) + ln p(θ)} on the product of simplices: the directional derivative of g
 * (central finite differences, g evaluated by the brute-force oracle) along random directions
 * that keep every CPT row on its simplex vanishes relative to its scale. The same check at the
 * starting point shows large derivatives, so it has power. The softmax basis is checked likewise
 * against its own objective {@code ln p(y|θ) + Σ λ ln θ}.
 */
class EmFixedPointFiniteDifferenceTest {
  private static final int DIRECTIONS = 8;
  /** Entries below this are treated as on the boundary (only possible with λ = 1). */
  private static final double BOUNDARY = 1e-7;

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
  void mapEmEndsAtAStationaryPointOfThePosteriorDensity(long seed) {
    double[] lambdas = {1.0, 1.5, 2.0};
    checkStationary(seed, lambdas[(int) (seed % 3)], ExpectationMaximisation.MapBasis.SIMPLEX);
  }

  /** The softmax basis (any λ > 0) ascends {@code ln p(y|θ) + Σ λ ln θ}: its θ̂ is stationary for that. */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
  void softmaxMapEmEndsAtAStationaryPointOfItsObjective(long seed) {
    double[] lambdas = {0.5, 1.0, 2.0};
    checkStationary(seed, lambdas[(int) (seed % 3)], ExpectationMaximisation.MapBasis.SOFTMAX);
  }

  private static void checkStationary(long seed, double lambda, ExpectationMaximisation.MapBasis basis) {
    Problem base = RandomDagProblems.random(seed, new Spec(1, 2, 2, 3, 0.1, true, 30, Long.MAX_VALUE));
    Problem pr = RandomDagProblems.of(base.structure().variables(), hiddenFlags(base), parentLists(base),
        base.rows(), base.weights(), lambda, null);
    Model m = pr.model();
    var enumeration = new HiddenStateEnumeration(pr.structure(), pr.data());
    SplittableRandom rnd = new SplittableRandom(seed * 7919);
    double[] start = RandomDagProblems.randomTheta(m, rnd, 0.05);
    var run = ExpectationMaximisation.run(enumeration, pr.prior(), start, new ExpectationMaximisation.Settings(
        ExpectationMaximisation.Estimator.MAP, basis, 200_000, 1e-12));
    assertThat(run.converged()).as("EM converged in %d iterations", run.iterations()).isTrue();
    double[] hat = run.theta();
    double n = enumeration.dataSize();

    double worstAtHat = 0;
    double bestAtStart = 0;
    for (int t = 0; t < DIRECTIONS; t++) {
      double[] d = simplexDirection(m, hat, rnd);
      double[] atHat = directionalDerivatives(pr, hat, d, basis);
      double scale = n + Math.abs(atHat[1]) + Math.abs(atHat[2]);
      worstAtHat = Math.max(worstAtHat, Math.abs(atHat[0]) / scale);
      double[] atStart = directionalDerivatives(pr, start, simplexDirection(m, start, rnd), basis);
      bestAtStart = Math.max(bestAtStart, Math.abs(atStart[0]) / (n + Math.abs(atStart[1]) + Math.abs(atStart[2])));
    }
    // Stopping at an objective change of 1e-12 per datum leaves θ̂ about 1e-6 (relative) from the
    // exact fixed point at EM's linear rate; 1e-4 leaves room, while generic points give ~0.1–1.
    assertThat(worstAtHat).as("relative directional derivative at θ̂ (λ = %s, %s, %d iterations)", lambda, basis,
        run.iterations()).isLessThan(1e-4);
    assertThat(bestAtStart).as("relative directional derivative at the start").isGreaterThan(1e-2);
  }

  /**
   * {D g, D ln p(y|θ), D prior term} along unit direction d at θ by central differences (the prior
   * term is ln p(θ), or Σ λ ln θ in the softmax basis), with a step that keeps every entry in the
   * direction's support positive.
   */
  private static double[] directionalDerivatives(Problem pr, double[] theta, double[] d,
      ExpectationMaximisation.MapBasis basis) {
    double minSupport = Double.POSITIVE_INFINITY;
    for (int i = 0; i < d.length; i++) {
      if (d[i] != 0) {
        minSupport = Math.min(minSupport, theta[i] / Math.abs(d[i]));
      }
    }
    double h = Math.min(1e-5, 0.01 * minSupport);
    double[] plus = theta.clone();
    double[] minus = theta.clone();
    for (int i = 0; i < d.length; i++) {
      plus[i] += h * d[i];
      minus[i] -= h * d[i];
    }
    Model m = pr.model();
    double llP = BruteForceEvidence.logLikelihood(m, plus, pr.rows(), pr.weights());
    double llM = BruteForceEvidence.logLikelihood(m, minus, pr.rows(), pr.weights());
    boolean simplex = basis == ExpectationMaximisation.MapBasis.SIMPLEX;
    double lpP = simplex ? BruteForceEvidence.logDirichletDensity(m, plus) : BruteForceEvidence.softmaxLogPrior(m, plus);
    double lpM = simplex ? BruteForceEvidence.logDirichletDensity(m, minus) : BruteForceEvidence.softmaxLogPrior(m, minus);
    double dll = (llP - llM) / (2 * h);
    double dlp = (lpP - lpM) / (2 * h);
    return new double[] {dll + dlp, dll, dlp};
  }

  /** A random unit direction, zero-sum within every CPT row, zero on boundary entries. */
  private static double[] simplexDirection(Model m, double[] theta, SplittableRandom rnd) {
    double[] d = new double[theta.length];
    for (int j = 0; j < m.size(); j++) {
      int k = m.card()[j];
      for (int l = 0; l < m.configurations(j); l++) {
        int from = m.offset(j) + l * k;
        int support = 0;
        double mean = 0;
        for (int x = 0; x < k; x++) {
          if (theta[from + x] > BOUNDARY) {
            d[from + x] = gaussian(rnd);
            mean += d[from + x];
            support++;
          }
        }
        if (support < 2) {
          for (int x = 0; x < k; x++) {
            d[from + x] = 0;
          }
          continue;
        }
        mean /= support;
        for (int x = 0; x < k; x++) {
          if (theta[from + x] > BOUNDARY) {
            d[from + x] -= mean;
          }
        }
      }
    }
    double norm = 0;
    for (double v : d) {
      norm += v * v;
    }
    norm = Math.sqrt(norm);
    for (int i = 0; i < d.length; i++) {
      d[i] /= norm;
    }
    // every row still sums to zero
    for (int j = 0; j < m.size(); j++) {
      int k = m.card()[j];
      for (int l = 0; l < m.configurations(j); l++) {
        double s = 0;
        for (int x = 0; x < k; x++) {
          s += d[m.offset(j) + l * k + x];
        }
        assertThat(Math.abs(s)).isLessThan(1e-12);
      }
    }
    return d;
  }

  private static double gaussian(SplittableRandom rnd) {
    double u = 1 - rnd.nextDouble();
    double v = rnd.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  private static boolean[] hiddenFlags(Problem pr) {
    boolean[] h = new boolean[pr.structure().size()];
    for (int j = 0; j < h.length; j++) {
      h[j] = pr.structure().isHidden(j);
    }
    return h;
  }

  private static int[][] parentLists(Problem pr) {
    int[][] pa = new int[pr.structure().size()][];
    for (int j = 0; j < pa.length; j++) {
      pa[j] = pr.structure().parents(j);
    }
    return pa;
  }
}
