package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.occam.mrf.MrfTestModels.maxAbsDifference;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.occam.mrf.LoopyBeliefPropagation.Settings;

class PseudoMomentMatchingTest {
  private static final Settings TIGHT = Settings.defaults().withTolerance(1e-13);

  /** Feature means of 0/1 rows (the empirical (q, ξ)). */
  static double[] empiricalMeans(PairwiseGraph g, int[][] rows) {
    BoltzmannMachine shape = BoltzmannMachine.zero(g);
    double[] sum = new double[shape.featureCount()];
    double[] f = new double[sum.length];
    for (int[] x : rows) {
      shape.features(x, f);
      for (int a = 0; a < f.length; a++) {
        sum[a] += f[a] / rows.length;
      }
    }
    return sum;
  }

  @Test
  void onATreeRecoversTheParametersAndBpReproducesTheMarginals() {
    PairwiseGraph g = MrfTestModels.randomTree(8, 13);
    BoltzmannMachine m = MrfTestModels.random(g, 13, 1.5, 2.0);
    double[] marginals = ExactEnumeration.run(m, false).featureMeans();
    BoltzmannMachine pmm = PseudoMomentMatching.fit(g, marginals, 0);
    assertThat(maxAbsDifference(pmm.parameters(), m.parameters())).as("PMM on a tree is exact ML").isLessThan(1e-8);
    BeliefPropagationResult bp = LoopyBeliefPropagation.run(pmm, TIGHT);
    assertThat(bp.converged()).isTrue();
    assertThat(maxAbsDifference(bp.featureMeans(), marginals)).isLessThan(1e-8);
  }

  /**
   * On loopy graphs, exact marginals are valid pseudo-marginals; BP at their PMM parameters has them
   * as a fixed point (observed error ≈ 1e−13 when started from uniform messages).
   */
  @Test
  void onLoopyGraphsBpAtThePmmParametersReproducesThePseudoMarginals() {
    for (PairwiseGraph g : new PairwiseGraph[] {PairwiseGraph.grid(3, 3), PairwiseGraph.complete(5)}) {
      BoltzmannMachine m = MrfTestModels.random(g, 41, 1.0, 1.0);
      double[] marginals = ExactEnumeration.run(m, false).featureMeans();
      BoltzmannMachine pmm = PseudoMomentMatching.fit(g, marginals, 0);
      BeliefPropagationResult bp = LoopyBeliefPropagation.run(pmm, TIGHT);
      assertThat(bp.converged()).isTrue();
      assertThat(maxAbsDifference(bp.featureMeans(), marginals)).as("%s", g).isLessThan(1e-6);
      // and the PMM parameters differ from the generating ones: BP is not exact here
      assertThat(maxAbsDifference(pmm.parameters(), m.parameters())).isGreaterThan(1e-3);
    }
  }

  @Test
  void theFixedPointMapAtBpBeliefsGivesBackTheModel() {
    BoltzmannMachine m = MrfTestModels.random(PairwiseGraph.grid(3, 4), 5, 1.0, 1.0);
    BeliefPropagationResult bp = LoopyBeliefPropagation.run(m, TIGHT);
    assertThat(bp.converged()).isTrue();
    double[] lambda = PseudoMomentMatching.fixedPointParameters(m.graph(), bp.featureMeans());
    assertThat(maxAbsDifference(lambda, m.parameters())).isLessThan(1e-9);
  }

  /** λ(μ) = −∇S_Bethe(μ), by central differences of the Bethe entropy. */
  @Test
  void theFixedPointMapIsMinusTheGradientOfTheBetheEntropy() {
    PairwiseGraph g = PairwiseGraph.complete(4);
    BoltzmannMachine m = MrfTestModels.random(g, 7, 1.0, 1.0);
    double[] mu = ExactEnumeration.run(m, false).featureMeans();
    double[] lambda = PseudoMomentMatching.fixedPointParameters(g, mu);
    double h = 1e-6;
    for (int a = 0; a < mu.length; a++) {
      double[] up = mu.clone();
      double[] down = mu.clone();
      up[a] += h;
      down[a] -= h;
      double gradient = (BetheFreeEnergy.entropy(g, up) - BetheFreeEnergy.entropy(g, down)) / (2 * h);
      assertThat(-gradient).as("−∂S/∂μ_%d", a).isCloseTo(lambda[a], within(1e-7));
    }
  }

  /** A few samples leave cells empty: unsmoothed PMM refuses, the pseudo-count keeps every log finite. */
  @Test
  void emptyCellsNeedThePseudoCount() {
    PairwiseGraph g = MrfTestModels.star(4);
    // Every variable varies, but x0 = 1 never occurs with x2 = 0 (the hub): cell p10 of edge 2-0 is empty.
    int[][] rows = {{1, 0, 1, 0}, {1, 1, 1, 0}, {0, 0, 0, 0}, {1, 0, 1, 1}, {0, 0, 1, 0}};
    double[] means = empiricalMeans(g, rows);
    assertThatThrownBy(() -> PseudoMomentMatching.fit(g, means, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("strictly positive").hasMessageContaining("edge 0 (0-2)").hasMessageContaining("smooth");
    double[] constantColumn = empiricalMeans(g, new int[][] {{1, 0, 1, 0}, {0, 1, 1, 0}});
    assertThatThrownBy(() -> PseudoMomentMatching.fit(g, constantColumn, 0)).hasMessageContaining("smooth");

    double alpha = 0.5 / rows.length; // half a pseudo-observation per cell
    BoltzmannMachine pmm = PseudoMomentMatching.fit(g, means, alpha);
    assertThat(Arrays.stream(pmm.parameters())).allSatisfy(x -> assertThat(x).isFinite());
    double[] smoothed = PseudoMomentMatching.smoothedMeans(g, means, alpha);
    BeliefPropagationResult bp = LoopyBeliefPropagation.run(pmm, TIGHT);
    assertThat(maxAbsDifference(bp.featureMeans(), smoothed)).isLessThan(1e-8);

    BoltzmannMachine byDefault = PseudoMomentMatching.fit(g, means);
    assertThat(Arrays.stream(byDefault.parameters())).allSatisfy(x -> assertThat(x).isFinite());
  }

  @Test
  void smoothingMixesWithTheUniformDistribution() {
    PairwiseGraph g = PairwiseGraph.grid(2, 2);
    double[] mu = {1, 0, 1, 0, 0, 0, 1, 0}; // x0 = x2 = 1, x1 = x3 = 0 always: most cells empty
    double alpha = 1e-3;
    double[] s = PseudoMomentMatching.smoothedMeans(g, mu, alpha);
    double[] cell = new double[4];
    for (int e = 0; e < g.edgeCount(); e++) {
      PseudoMarginals.cells(g, s, e, cell);
      double total = 0;
      for (double c : cell) {
        assertThat(c).isGreaterThanOrEqualTo(alpha / (1 + 4 * alpha) - 1e-15);
        total += c;
      }
      assertThat(total).isCloseTo(1, within(1e-15));
    }
    double eps = 4 * alpha / (1 + 4 * alpha);
    assertThat(s[0]).isCloseTo((1 - eps) * 1 + eps / 2, within(1e-15));
    assertThat(s[4]).isCloseTo((1 - eps) * 0 + eps / 4, within(1e-15));
    assertThat(PseudoMomentMatching.smoothedMeans(g, mu, 0)).containsExactly(mu);
    assertThatThrownBy(() -> PseudoMomentMatching.smoothedMeans(g, mu, -1)).hasMessageContaining("pseudo-count");
  }

  @Test
  void anIsolatedVertexGetsItsLogOdds() {
    PairwiseGraph g = MrfTestModels.singleVertex();
    assertThat(PseudoMomentMatching.fit(g, new double[] {0.8}, 0).bias(0)).isCloseTo(Math.log(4), within(1e-15));
  }

  @Test
  void rejectsMeansOutsideTheLocalPolytope() {
    PairwiseGraph g = MrfTestModels.chain(3);
    assertThatThrownBy(() -> PseudoMomentMatching.fit(g, new double[] {0.3, 0.5, 0.5, 0.4, 0.2}))
        .hasMessageContaining("edge 0").hasMessageContaining("not a pseudo-marginal");
    assertThatThrownBy(() -> PseudoMomentMatching.fit(g, new double[] {1.3, 0.5, 0.5, 0.4, 0.2}))
        .hasMessageContaining("q_0");
  }
}
