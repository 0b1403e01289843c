package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.occam.dag.BipartiteStructureClass;
import org.occam.data.Variable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WorkCountsTest {
  @Test
  void bealsClassHas136Structures() {
    assertThat(WorkCounts.bipartiteStructures(new int[] {2, 2}, 4)).isEqualTo(BigInteger.valueOf(136));
  }

  @Test
  void theIssuesClassesAreCountedWithoutEnumerating() {
    // HouseVotes84, one hidden variable over 17 columns: every subset of the columns is one structure
    assertThat(WorkCounts.bipartiteStructures(new int[] {2}, 17)).isEqualTo(BigInteger.valueOf(131_072));
    // 12 observed, 2 interchangeable hidden: 4096 masks each, unordered pairs with repetition
    assertThat(WorkCounts.bipartiteStructures(new int[] {2, 2}, 12))
        .isEqualTo(BigInteger.valueOf(4096L * 4097 / 2));
    // different cardinalities are not interchangeable: 4096^2
    assertThat(WorkCounts.bipartiteStructures(new int[] {2, 3}, 12)).isEqualTo(BigInteger.valueOf(4096L * 4096));
  }

  /** Brute force: every labelled graph, canonicalised by every permutation of equal-cardinality hidden variables. */
  @ParameterizedTest
  @CsvSource({"'2', 3", "'2,2', 3", "'2,3', 2", "'2,2,2', 2", "'3,2,3', 2", "'2,2', 0", "'', 4"})
  void agreesWithOrbitsOfLabelledGraphsAndTheClassItself(String cards, int p) {
    int[] k = cards.isEmpty() ? new int[0] : java.util.Arrays.stream(cards.split(",")).mapToInt(Integer::parseInt)
        .toArray();
    Set<List<Long>> orbits = new HashSet<>();
    int labelled = 1 << (k.length * p);
    List<int[]> perms = permutations(k.length);
    for (int g = 0; g < labelled; g++) {
      List<Long> best = null;
      for (int[] perm : perms) {
        if (!preservesCardinality(perm, k)) {
          continue;
        }
        // hidden h's children mask, relabelled h -> perm[h]; the key lists (cardinality, mask) by label
        long[] key = new long[k.length];
        for (int h = 0; h < k.length; h++) {
          int mask = (g >>> (h * p)) & ((1 << p) - 1);
          key[perm[h]] = ((long) k[h] << 32) | mask;
        }
        List<Long> asList = java.util.Arrays.stream(key).boxed().toList();
        if (best == null || compare(asList, best) < 0) {
          best = asList;
        }
      }
      orbits.add(best);
    }
    BigInteger formula = WorkCounts.bipartiteStructures(k, p);
    assertThat(formula).isEqualTo(BigInteger.valueOf(orbits.size()));
    List<Variable> hidden = new ArrayList<>();
    for (int h = 0; h < k.length; h++) {
      hidden.add(Variable.withCount("h" + h, k[h]));
    }
    List<Variable> observed = new ArrayList<>();
    for (int v = 0; v < p; v++) {
      observed.add(Variable.withCount("y" + v, 2));
    }
    assertThat(new BipartiteStructureClass(hidden, observed).structures()).hasSize(orbits.size());
  }

  @ParameterizedTest
  @CsvSource({"1", "2", "3", "4", "5"})
  void greedyPathScoresCountTheCallsTheSearchMakes(int v) {
    AtomicLong calls = new AtomicLong();
    List<GreedyEdgePath.Step> path = GreedyEdgePath.run(v, g -> {
      calls.incrementAndGet();
      return -g.edgeCount();
    }, 1);
    assertThat(WorkCounts.greedyPathScores(v)).isEqualTo(BigInteger.valueOf(calls.get()));
    assertThat(WorkCounts.pathRankedGraphs(v)).isEqualTo(path.size() + 1L);
  }

  @Test
  void everyGraphCountMatchesTheEnumeration() {
    for (int v = 1; v <= 6; v++) {
      assertThat(WorkCounts.allGraphs(v)).isEqualTo(BigInteger.valueOf(MrfGraphEnumeration.all(v).size()));
    }
    assertThat(WorkCounts.allGraphs(40)).isEqualTo(BigInteger.TWO.pow(780));
  }

  private static boolean preservesCardinality(int[] perm, int[] k) {
    for (int h = 0; h < k.length; h++) {
      if (k[perm[h]] != k[h]) {
        return false;
      }
    }
    return true;
  }

  private static int compare(List<Long> a, List<Long> b) {
    for (int i = 0; i < a.size(); i++) {
      int c = Long.compare(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private static List<int[]> permutations(int n) {
    List<int[]> out = new ArrayList<>();
    permute(new int[n], new boolean[n], 0, out);
    return out;
  }

  private static void permute(int[] p, boolean[] used, int at, List<int[]> out) {
    if (at == p.length) {
      out.add(p.clone());
      return;
    }
    for (int i = 0; i < p.length; i++) {
      if (!used[i]) {
        used[i] = true;
        p[at] = i;
        permute(p, used, at + 1, out);
        used[i] = false;
      }
    }
  }

  @Test
  void emConfigurationsMultiplyHiddenAndMissingStatesPerDistinctRow() {
    List<Variable> vars = List.of(Variable.withCount("a", 2), Variable.withCount("b", 3), Variable.withCount("c", 4));
    int m = org.occam.data.Dataset.MISSING;
    // distinct rows: complete (1), b missing (3), b and c missing (12); the repeated row counts once
    var d = org.occam.data.Dataset.of(vars, new int[][] {{0, 1, 2}, {0, 1, 2}, {1, m, 0}, {0, m, m}});
    assertThat(d.distinctRows()).isEqualTo(3);
    // hidden 2 x 5 = 10 joint states: 10 * (1 + 3 + 12)
    assertThat(WorkCounts.emConfigurations(d, new int[] {2, 5})).isEqualTo(160.0);
    assertThat(WorkCounts.emConfigurations(d, new int[0])).isEqualTo(16.0);
  }

  @Test
  void allowedArcsCountTheOrderedPairsEachClassAllows() {
    for (DagArcConstraint c : DagArcConstraint.values()) {
      for (int k = 0; k <= 3; k++) {
        for (int p = 0; p <= 4; p++) {
          // variables 0..k-1 hidden, k..k+p-1 observed; every ordered pair of distinct variables
          long enumerated = 0;
          for (int a = 0; a < k + p; a++) {
            for (int b = 0; b < k + p; b++) {
              if (a != b && c.allows(a < k, b < k)) {
                enumerated++;
              }
            }
          }
          assertThat(WorkCounts.allowedArcs(c, k, p)).as("%s, k = %d, p = %d", c, k, p).isEqualTo(enumerated);
        }
      }
    }
    // Beal's 2 hidden over 4 observed: 8 arcs; the general class adds 2 + 12
    assertThat(WorkCounts.allowedArcs(DagArcConstraint.BIPARTITE, 2, 4)).isEqualTo(8);
    assertThat(WorkCounts.allowedArcs(DagArcConstraint.GENERAL, 2, 4)).isEqualTo(22);
  }

  @Test
  void emWorkBoundAndRefusalFollowTheCostModel() {
    List<Variable> vars = List.of(Variable.withCount("a", 2), Variable.withCount("b", 3), Variable.withCount("c", 4));
    int m = org.occam.data.Dataset.MISSING;
    var d = org.occam.data.Dataset.of(vars, new int[][] {{0, 1, 2}, {1, m, 0}, {0, m, m}});
    // 160 configurations over 3 observed + 2 hidden variables
    assertThat(WorkCounts.emWork(d, new int[] {2, 5})).isEqualTo(800.0);
    // 1e6 configurations x 4 variables x 1000 iterations x 2 restarts x 2.5 ns = 20 s
    assertThat(WorkCounts.emSecondsBound(1e6, 4, 1000, 2)).isCloseTo(20.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(WorkCounts.emBound(1e6, 4, 1000, 2)).isEqualTo("at most 20 s per model and method at the"
        + " 1000-iteration limit (cost model: 2.5 ns per configuration and variable)");
    assertThat(WorkLimit.requireEm("dag select", d, new int[] {2, 5}, 160, "try fewer")).isEqualTo(160.0);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> WorkLimit.requireEm("dag select", d,
        new int[] {2, 5}, 159, "try fewer hidden states"))
        .isInstanceOf(org.occam.data.InvalidInputException.class)
        .hasMessage("dag select: an EM iteration would sum 160 configurations of the unobserved variables (3"
            + " distinct rows, hidden states [2, 5]); the limit is 159 (--max-em-configurations); try fewer hidden"
            + " states");
  }

  @Test
  void rbmParametersAreWeightsAndBothBiases() {
    // V = 5, K = 3: 15 weights + 5 + 3 biases = 23, the F column of rbm select
    assertThat(WorkCounts.rbmParameters(5, 3)).isEqualTo(23.0);
    assertThat(WorkCounts.rbmParameters(1, 1)).isEqualTo(3.0);
  }
}
