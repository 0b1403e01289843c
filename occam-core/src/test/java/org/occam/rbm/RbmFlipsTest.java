package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;

/**
 * The hidden-unit flips ({@link RbmFlips}) against their definitions: the likelihood is unchanged,
 * its gradient moves by J_sᵀ, J_s is an involution whose transpose is what {@code transposeApply}
 * computes, and a permuted copy of a mode is the same mode while a distant flipped point is not.
 */
class RbmFlipsTest {
  @Test
  void everyFlipPatternKeepsTheLikelihoodAndMovesItsGradientByTheTranspose() {
    UniformRandomProvider rng = RandomStreams.fromSeed(2026112711L);
    Rbm rbm = RbmBruteForce.random(4, 3, 1.5, rng);
    int[][] rows = new RbmExactSampler(rbm).sampleVisible(40, rng);
    RbmLogLikelihood ll = new RbmLogLikelihood(3, rows);
    double[] lambda = rbm.parameters();
    int f = lambda.length;
    double[] g = new double[f];
    double value = ll.valueAndGradient(lambda, g);
    List<int[]> patterns = RbmFlips.patterns(3);
    assertThat(patterns).hasSize(7);
    double[] x = new double[f];
    double[] y = new double[f];
    for (int a = 0; a < f; a++) {
      x[a] = rng.nextDouble() - 0.5;
      y[a] = rng.nextDouble() - 0.5;
    }
    for (int[] units : patterns) {
      double[] flipped = RbmFlips.flip(rbm, lambda, units);
      double[] gs = new double[f];
      assertThat(ll.valueAndGradient(flipped, gs)).isCloseTo(value, within(1e-9 * Math.abs(value)));
      // L(J μ) = L(μ) and J⁻¹ = J give ∇L(J λ) = Jᵀ ∇L(λ)
      double[] predicted = RbmFlips.transposeApply(rbm, g, units);
      for (int a = 0; a < f; a++) {
        assertThat(gs[a]).isCloseTo(predicted[a], within(1e-8));
      }
      assertThat(RbmFlips.flip(rbm, flipped, units)).containsExactly(lambda, within(1e-12));
      // yᵀ (J x) = (Jᵀ y)ᵀ x
      double left = dot(y, RbmFlips.flip(rbm, x, units));
      double right = dot(RbmFlips.transposeApply(rbm, y, units), x);
      assertThat(left).isCloseTo(right, within(1e-12));
    }
  }

  @Test
  void aboveTenUnitsOnlyPatternsOfOneAndTwoUnitsAreConsidered() {
    assertThat(RbmFlips.patterns(10)).hasSize(1023);
    assertThat(RbmFlips.patterns(12)).hasSize(12 + 66).allSatisfy(p -> assertThat(p.length).isBetween(1, 2));
    assertThat(RbmFlips.rule(12, 12 * 8 + 20)).contains("at most 2 units").contains("at most 16 of them");
    assertThat(RbmFlips.rule(12, 12 * 20 + 32)).contains("no flip pattern located above F = 200");
    assertThat(RbmFlips.maxLocated(200)).isEqualTo(16);
    assertThat(RbmFlips.maxLocated(201)).isZero();
  }

  @Test
  void aPermutedModeIsTheSameModeAndAFlippedOneUnderHighCurvatureIsNot() {
    double[][] w = {{1.5, -0.5, 0.2}, {0.5, 2.0, -1.0}};
    Rbm rbm = Rbm.of(w, new double[] {-0.3, 0.4}, new double[] {0.7, -0.2, 0.1});
    double[] lambda = rbm.parameters();
    Rbm permuted = Rbm.of(new double[][] {{0.2, 1.5, -0.5}, {-1.0, 0.5, 2.0}}, new double[] {-0.3, 0.4},
        new double[] {0.1, 0.7, -0.2});
    int f = lambda.length;
    double[][] a = new double[f][f];
    for (int i = 0; i < f; i++) {
      a[i][i] = 100;
    }
    assertThat(RbmFlips.matchUnits(rbm, lambda, permuted.parameters())).containsExactly(1, 2, 0);
    assertThat(RbmFlips.sameMode(rbm, lambda, permuted.parameters(), a)).isTrue();
    double[] flipped = RbmFlips.flip(rbm, lambda, new int[] {0});
    assertThat(RbmFlips.sameMode(rbm, lambda, flipped, a)).isFalse();
    // a moved copy stays the same mode while exp(−½ dᵀAd) > ½, d half the move: moving one weight by
    // 0.2 gives exp(−½ · 100 · 0.1²) = 0.61, by 0.3 exp(−½ · 100 · 0.15²) = 0.32
    double[] moved = permuted.parameters();
    moved[0] += 0.2;
    assertThat(RbmFlips.sameMode(rbm, lambda, moved, a)).isTrue();
    moved[0] += 0.1;
    assertThat(RbmFlips.sameMode(rbm, lambda, moved, a)).isFalse();
  }

  private static double dot(double[] x, double[] y) {
    double s = 0;
    for (int a = 0; a < x.length; a++) {
      s += x[a] * y[a];
    }
    return s;
  }
}
