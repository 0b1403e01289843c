package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.function.ToDoubleFunction;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.data.InvalidInputException;
import org.occam.math.RandomStreams;
import org.occam.mrf.BeliefPropagationResult;
import org.occam.mrf.LoopyBeliefPropagation;
import org.occam.rbm.posterior.RbmBetheLogPartition;
import org.occam.rbm.posterior.RbmDrawLikelihood;

/**
 * The likelihood of parameter draws ({@link RbmDrawLikelihood}) against the brute force over every
 * (x, z), and the Bethe log Z ({@link RbmBetheLogPartition}) against the exact one: equal on the tree
 * K = 1, and the gap measured on loopy RBMs.
 */
class RbmDrawLikelihoodTest {
  private static double bruteLikelihood(Rbm rbm, RbmData data) {
    double s = 0;
    for (int n = 0; n < data.distinctRowCount(); n++) {
      s += data.count(n) * RbmBruteForce.logZGivenVisible(rbm, data.row(n));
    }
    return s - data.size() * RbmBruteForce.logZ(rbm);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void theExactLikelihoodIsTheBruteForceOne(long seed) {
    for (int k = 1; k <= 3; k++) {
      RbmData data = RbmData.of(RbmParameterAisTest.sample(3, 2, 25, seed));
      Rbm rbm = RbmBruteForce.random(3, k, 1.5, RandomStreams.fromSeed(seed + 100));
      ToDoubleFunction<double[]> l = new RbmDrawLikelihood(data, k, false, LoopyBeliefPropagation.Settings.defaults())
          .evaluators().get();
      assertThat(l.applyAsDouble(rbm.parameters())).as("K = " + k).isCloseTo(bruteLikelihood(rbm, data), offset(1e-9));
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void betheIsExactOnTheTreeOfOneHiddenUnit(long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    Rbm rbm = RbmBruteForce.random(4, 1, 1.5, rng);
    BeliefPropagationResult r = new RbmBetheLogPartition(4, 1, LoopyBeliefPropagation.Settings.defaults())
        .run(rbm.parameters());
    assertThat(r.converged()).isTrue();
    assertThat(r.logZ()).isCloseTo(RbmBruteForce.logZ(rbm), offset(1e-8));
    RbmData data = RbmData.of(RbmParameterAisTest.sample(4, 1, 30, seed));
    double bethe = new RbmDrawLikelihood(data, 1, true, LoopyBeliefPropagation.Settings.defaults()).evaluators().get()
        .applyAsDouble(rbm.parameters());
    assertThat(bethe).isCloseTo(bruteLikelihood(rbm, data), offset(1e-6));
  }

  /**
   * Loopy BP on K ≥ 2 (the complete bipartite graph has cycles): the gap to the exact log Z,
   * measured and bounded by what was seen (λ at scale 1: at most 6.4e-4 nats over these seeds, held to 2e-3).
   */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void betheOnLoopyRbmsIsCloseAndTheGapIsReported(long seed) {
    for (int k = 2; k <= 3; k++) {
      Rbm rbm = RbmBruteForce.random(4, k, 1.0, RandomStreams.fromSeed(seed * 31 + k));
      BeliefPropagationResult r = new RbmBetheLogPartition(4, k, LoopyBeliefPropagation.Settings.defaults())
          .run(rbm.parameters());
      double gap = r.logZ() - RbmBruteForce.logZ(rbm);
      System.out.printf("Bethe log Z gap, V = 4, K = %d, seed %d: %+.5f (converged %s)%n", k, seed, gap,
          r.converged());
      assertThat(Math.abs(gap)).as("K = " + k).isLessThan(2e-3);
    }
  }

  @Test
  void aNonFiniteDrawGivesNaNAndTheExactLikelihoodRefusesLargeModels() {
    RbmData data = RbmData.of(new int[][] {{0, 1}, {1, 1}});
    for (boolean bethe : new boolean[] {false, true}) {
      ToDoubleFunction<double[]> l = new RbmDrawLikelihood(data, 1, bethe, LoopyBeliefPropagation.Settings.defaults())
          .evaluators().get();
      assertThat(l.applyAsDouble(new double[] {0, Double.NaN, 0, 0, 0})).isNaN();
    }
    int[][] wide = new int[2][21];
    assertThatThrownBy(() -> new RbmDrawLikelihood(RbmData.of(wide), 21, false,
        LoopyBeliefPropagation.Settings.defaults())).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("min(V, K)");
  }
}
