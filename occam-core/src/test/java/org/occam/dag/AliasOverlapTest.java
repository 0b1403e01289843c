package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.occam.data.Variable;
import org.occam.math.GammaFunctions;

/**
 * {@link AliasOverlap}: the relabellings are permutations of the CPT cells that keep the joint
 * probability of every configuration; ln S_eff is ln S for well separated posteriors, 0 for
 * coinciding ones, and the Bhattacharyya coefficient of two Dirichlets agrees with a numerical
 * integral.
 */
class AliasOverlapTest {
  /** h (binary) → y1, y2 (ternary). */
  private static DagStructure oneHidden() {
    return DagStructure.of(List.of(Variable.withCount("h", 2), Variable.withCount("y1", 3), Variable.withCount("y2", 3)),
        new boolean[] {true, false, false}, new int[][] {{}, {0}, {0}});
  }

  @Test
  void everyRelabellingPermutesTheCellsAndKeepsTheJointOfEveryConfiguration() {
    DagStructure s = BealExample.structure();
    DagModel truth = BealExample.trueModel();
    double[] theta = truth.parameters().orElseThrow();
    List<int[]> maps = AliasOverlap.relabellings(s);
    assertThat(maps).hasSize(AliasCount.of(s).count().intValueExact()); // 4 for Beal's true structure
    int[] x = new int[s.size()];
    for (int[] map : maps) {
      assertThat(Arrays.stream(map).sorted().toArray()).isEqualTo(java.util.stream.IntStream.range(0, map.length).toArray());
      double[] moved = new double[theta.length];
      for (int c = 0; c < map.length; c++) {
        moved[map[c]] = theta[c];
      }
      // p(y | θ) = p(y | gθ) for every observed configuration: the sum over the hidden states agrees
      SplittableRandom rnd = new SplittableRandom(map.length);
      for (int t = 0; t < 30; t++) {
        for (int j : s.observedVariables()) {
          x[j] = rnd.nextInt(s.cardinality(j));
        }
        assertThat(marginal(s, moved, x)).isCloseTo(marginal(s, theta, x), within(1e-15));
      }
    }
  }

  private static double marginal(DagStructure s, double[] theta, int[] x) {
    double sum = 0;
    for (int h1 = 0; h1 < 2; h1++) {
      for (int h2 = 0; h2 < 2; h2++) {
        x[0] = h1;
        x[1] = h2;
        double p = 1;
        for (int j = 0; j < s.size(); j++) {
          p *= theta[s.flatIndex(j, x)];
        }
        sum += p;
      }
    }
    return sum;
  }

  @Test
  void coincidingAliasesEarnNothingAndSeparatedOnesEarnLnS() {
    DagStructure s = oneHidden();
    AliasCount alias = AliasCount.of(s);
    assertThat(alias.log()).isCloseTo(Math.log(2), within(1e-15));
    // both states of h with the same posterior over their children's rows, and a symmetric h: coincide
    double[] same = {5, 5, 30, 1, 1, 30, 1, 1, 7, 2, 1, 7, 2, 1};
    assertThat(AliasOverlap.of(s, alias, same).logEffectiveCount()).isEqualTo(0);
    // the states' rows concentrated on different values with hundreds of counts: separated
    double[] apart = {200, 200, 300, 1, 1, 1, 1, 300, 300, 1, 1, 1, 300, 1};
    AliasOverlap far = AliasOverlap.of(s, alias, apart);
    assertThat(far.checked()).isTrue();
    assertThat(far.logEffectiveCount()).isCloseTo(Math.log(2), within(1e-12));
    // in between: strictly between 0 and ln 2
    double[] some = {3, 2, 4, 2, 1, 2, 3, 1, 3, 1, 2, 2, 2, 3};
    assertThat(AliasOverlap.of(s, alias, some).logEffectiveCount()).isStrictlyBetween(0.0, Math.log(2));
  }

  @Test
  void aGroupTooLargeToEnumerateIsNotCheckedAndSaysSo() {
    DagStructure s = DagStructure.of(List.of(Variable.withCount("h", 8), Variable.withCount("y", 2)),
        new boolean[] {true, false}, new int[][] {{}, {0}});
    AliasCount alias = AliasCount.of(s);
    double[] a = new double[s.tableSize()];
    Arrays.fill(a, 1.0);
    AliasOverlap o = AliasOverlap.of(s, alias, a);
    assertThat(o.checked()).isFalse();
    assertThat(o.logEffectiveCount()).isEqualTo(alias.log()); // Beal's ln 8!, unchecked
    assertThat(o.groupSize()).isEqualTo(40_320);
  }

  @Test
  void theBhattacharyyaCoefficientOfTwoBetasMatchesTheIntegral() {
    double[] a = {2.5, 4};
    double[] b = {6, 1.5};
    // ∫ sqrt(Beta(t; a) Beta(t; b)) dt by the midpoint rule
    int m = 2_000_000;
    double sum = 0;
    for (int i = 0; i < m; i++) {
      double t = (i + 0.5) / m;
      sum += Math.sqrt(beta(t, a) * beta(t, b));
    }
    assertThat(AliasOverlap.logBhattacharyya(a, b, 0, 2)).isCloseTo(Math.log(sum / m), within(1e-6));
  }

  private static double beta(double t, double[] a) {
    double logB = GammaFunctions.logGamma(a[0]) + GammaFunctions.logGamma(a[1]) - GammaFunctions.logGamma(a[0] + a[1]);
    return Math.exp((a[0] - 1) * Math.log(t) + (a[1] - 1) * Math.log1p(-t) - logB);
  }
}
