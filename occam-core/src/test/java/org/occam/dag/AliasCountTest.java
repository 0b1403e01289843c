package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.occam.data.Variable;

class AliasCountTest {

  /** Builds a structure from (name, cardinality, hidden?) triples and parent lists. */
  private static DagStructure dag(Object[][] vars, int[][] parents) {
    List<Variable> v = new ArrayList<>();
    boolean[] hidden = new boolean[vars.length];
    for (int i = 0; i < vars.length; i++) {
      v.add(Variable.withCount((String) vars[i][0], (Integer) vars[i][1]));
      hidden[i] = (Boolean) vars[i][2];
    }
    return DagStructure.of(v, hidden, parents);
  }

  private static void assertAliases(AliasCount a, long states, long automorphisms) {
    assertThat(a.statePermutations()).isEqualTo(BigInteger.valueOf(states));
    assertThat(a.automorphisms()).isEqualTo(automorphisms);
    assertThat(a.count()).isEqualTo(BigInteger.valueOf(states * automorphisms));
    assertThat(a.log()).isCloseTo(Math.log((double) states * automorphisms), within(1e-12));
  }

  @Test
  void bealsThreeHiddenParentsOfOneObservedVariable() {
    // Cardinalities 3, 3, 4: S = 2!·3!·3!·4! = 1728.
    DagStructure s = dag(new Object[][] {{"a", 3, true}, {"b", 3, true}, {"c", 4, true}, {"y", 2, false}},
        new int[][] {{}, {}, {}, {0, 1, 2}});
    AliasCount a = AliasCount.of(s);
    assertThat(a.count()).isEqualTo(BigInteger.valueOf(1728));
    assertAliases(a, 6 * 6 * 24, 2);
  }

  @Test
  void bealsTrueStructureIsNotSymmetric() {
    // h1 -> y1 y2 y3 and h2 -> y2 y3 y4: swapping h1 and h2 gives another labelled structure.
    assertAliases(AliasCount.of(BealExample.structure()), 2 * 2, 1);
  }

  @Test
  void symmetricPairOfBinaryHiddenVariables() {
    DagStructure s = dag(new Object[][] {{"h1", 2, true}, {"h2", 2, true}, {"y1", 3, false}, {"y2", 3, false}},
        new int[][] {{}, {}, {0, 1}, {0, 1}});
    assertAliases(AliasCount.of(s), 4, 2);
    assertThat(AliasCount.of(s).count()).isEqualTo(BigInteger.valueOf(8));
  }

  @Test
  void symmetricPairDespiteParentListOrder() {
    DagStructure s = dag(new Object[][] {{"h1", 2, true}, {"h2", 2, true}, {"y1", 3, false}, {"y2", 3, false}},
        new int[][] {{}, {}, {1, 0}, {0, 1}});
    assertAliases(AliasCount.of(s), 4, 2);
  }

  @Test
  void hiddenVariableWithoutChildrenContributesNothing() {
    DagStructure s = dag(new Object[][] {{"h1", 2, true}, {"h2", 2, true}, {"y", 3, false}},
        new int[][] {{}, {}, {0}});
    assertAliases(AliasCount.of(s), 2, 1);
    DagStructure t = dag(new Object[][] {{"h1", 3, true}, {"lonely", 5, true}, {"y", 3, false}},
        new int[][] {{}, {}, {0}});
    assertAliases(AliasCount.of(t), 6, 1);
  }

  @Test
  void childlessHiddenVariableIsNotPermutedWithASymmetricPair() {
    DagStructure s = dag(new Object[][] {{"h1", 2, true}, {"h2", 2, true}, {"h3", 2, true}, {"y", 3, false}},
        new int[][] {{}, {}, {}, {0, 1}});
    assertAliases(AliasCount.of(s), 4, 2);
  }

  @Test
  void hiddenChainAffectsTheLikelihoodThroughBothVariables() {
    // h1 -> h2 -> y: both have an observed descendant; swapping them does not preserve the graph.
    DagStructure s = dag(new Object[][] {{"h1", 2, true}, {"h2", 2, true}, {"y", 4, false}},
        new int[][] {{}, {0}, {1}});
    assertAliases(AliasCount.of(s), 2 * 2, 1);
  }

  @Test
  void hiddenChildOnlyHiddenVariableWithoutObservedDescendant() {
    // h1 -> h2, h1 -> y: h2 has no observed descendant.
    DagStructure s = dag(new Object[][] {{"h1", 3, true}, {"h2", 2, true}, {"y", 4, false}},
        new int[][] {{}, {0}, {0}});
    assertAliases(AliasCount.of(s), 6, 1);
  }

  @Test
  void hiddenVariableWhoseOnlyChildrenAreHiddenDeadEndsContributesNothing() {
    // g -> h, and neither reaches an observed variable: both leave the likelihood unchanged.
    DagStructure s = dag(new Object[][] {{"g", 3, true}, {"h", 2, true}, {"k", 2, true}, {"y", 4, false}},
        new int[][] {{}, {0}, {}, {2}});
    assertAliases(AliasCount.of(s), 2, 1);
  }

  @Test
  void noHiddenVariables() {
    DagStructure s = dag(new Object[][] {{"x", 3, false}, {"y", 4, false}}, new int[][] {{}, {0}});
    assertAliases(AliasCount.of(s), 1, 1);
    assertThat(AliasCount.of(s).log()).isEqualTo(0.0);
  }

  @Test
  void equalChildrenButDifferentCardinalitiesAreNotInterchangeable() {
    DagStructure s = dag(new Object[][] {{"h1", 2, true}, {"h2", 3, true}, {"y", 2, false}},
        new int[][] {{}, {}, {0, 1}});
    assertAliases(AliasCount.of(s), 2 * 6, 1);
  }

  @Test
  void threeInterchangeableHiddenVariables() {
    DagStructure s = dag(new Object[][] {{"h1", 2, true}, {"h2", 2, true}, {"h3", 2, true}, {"y", 2, false}},
        new int[][] {{}, {}, {}, {0, 1, 2}});
    assertAliases(AliasCount.of(s), 8, 6);
  }

  @Test
  void twoDisjointSymmetricPairsAndABystander() {
    // {h1, h2} -> y1 and {h3, h4} -> y2 (all binary): Aut = 2 × 2, plus the swap of the two pairs
    // would need y1 <-> y2, which observed variables do not allow. h5 -> y1,y2 alone.
    DagStructure s = dag(new Object[][] {{"h1", 2, true}, {"h2", 2, true}, {"h3", 2, true}, {"h4", 2, true},
        {"h5", 2, true}, {"y1", 2, false}, {"y2", 2, false}},
        new int[][] {{}, {}, {}, {}, {}, {0, 1, 4}, {2, 3, 4}});
    assertAliases(AliasCount.of(s), 32, 4);
  }

  @Test
  void symmetryMustAlsoHoldAmongHiddenParents() {
    // g -> h1 only, and h1, h2 -> y: swapping h1 and h2 would move g's child, so it is no symmetry.
    DagStructure s = dag(new Object[][] {{"g", 2, true}, {"h1", 2, true}, {"h2", 2, true}, {"y", 2, false}},
        new int[][] {{}, {0}, {}, {1, 2}});
    assertAliases(AliasCount.of(s), 8, 1);
    // With g -> h1 and g -> h2 the swap is a symmetry again.
    DagStructure t = dag(new Object[][] {{"g", 2, true}, {"h1", 2, true}, {"h2", 2, true}, {"y", 2, false}},
        new int[][] {{}, {0}, {0}, {1, 2}});
    assertAliases(AliasCount.of(t), 8, 2);
  }

  @Test
  void symmetryThatAlsoMovesDeadEndHiddenChildren() {
    // h1, h2 -> y (symmetric); h1 -> d1, h2 -> d2 with d1, d2 hidden and childless. Swapping h1 and h2
    // (and d1 with d2, which do not touch the likelihood) maps the model onto itself.
    DagStructure s = dag(new Object[][] {{"h1", 2, true}, {"h2", 2, true}, {"d1", 2, true}, {"d2", 2, true},
        {"y", 3, false}}, new int[][] {{}, {}, {0}, {1}, {0, 1}});
    assertAliases(AliasCount.of(s), 4, 2);
  }

  // ---------------------------------------------------------------- whole bipartite classes

  static Stream<Arguments> classes() {
    return Stream.of(
        Arguments.of(new int[] {2, 2}, new int[] {5, 5, 5, 5}),
        Arguments.of(new int[] {2, 2, 2}, new int[] {2, 2}),
        Arguments.of(new int[] {3, 2, 3}, new int[] {2, 2}),
        Arguments.of(new int[] {2, 2, 2, 2}, new int[] {3, 2}));
  }

  /**
   * In a bipartite structure a permutation of hidden variables of equal cardinality is a symmetry
   * exactly when each hidden variable keeps its set of children. Checked by brute force over all
   * permutations of the childful hidden variables, and the state permutations over those.
   */
  @ParameterizedTest
  @MethodSource("classes")
  void bipartiteStructuresAgainstBruteForce(int[] hiddenCards, int[] observedCards) {
    List<Variable> hidden = new ArrayList<>();
    for (int i = 0; i < hiddenCards.length; i++) {
      hidden.add(Variable.withCount("h" + i, hiddenCards[i]));
    }
    List<Variable> observed = new ArrayList<>();
    for (int i = 0; i < observedCards.length; i++) {
      observed.add(Variable.withCount("y" + i, observedCards[i]));
    }
    int k = hiddenCards.length;
    int p = observedCards.length;
    for (DagStructure s : new BipartiteStructureClass(hidden, observed).structures()) {
      int[] masks = new int[k];
      for (int v = 0; v < p; v++) {
        for (int q : s.parents(k + v)) {
          masks[q] |= 1 << v;
        }
      }
      long states = 1;
      for (int h = 0; h < k; h++) {
        if (masks[h] != 0) {
          for (int i = 2; i <= hiddenCards[h]; i++) {
            states *= i;
          }
        }
      }
      long aut = countSymmetries(masks, hiddenCards, new int[k], new boolean[k], 0);
      assertAliases(AliasCount.of(s), states, aut);
    }
  }

  /** Permutations pi of the childful hidden variables with equal cardinality and equal children. */
  private static long countSymmetries(int[] masks, int[] cards, int[] pi, boolean[] used, int at) {
    if (at == masks.length) {
      for (int h = 0; h < masks.length; h++) {
        if (cards[pi[h]] != cards[h] || masks[pi[h]] != masks[h]) {
          return 0;
        }
      }
      return 1;
    }
    if (masks[at] == 0) { // childless: fixed
      if (used[at]) {
        return 0;
      }
      used[at] = true;
      pi[at] = at;
      long n = countSymmetries(masks, cards, pi, used, at + 1);
      used[at] = false;
      return n;
    }
    long n = 0;
    for (int t = 0; t < masks.length; t++) {
      if (!used[t] && masks[t] != 0) {
        used[t] = true;
        pi[at] = t;
        n += countSymmetries(masks, cards, pi, used, at + 1);
        used[t] = false;
      }
    }
    return n;
  }

  /**
   * Orbit–stabiliser: with k interchangeable hidden variables, the 2^(kp) labelled graphs are the
   * union of the orbits of the class's structures, each of size k! / (|Aut| · z!) where z counts
   * the childless hidden variables (which AliasCount leaves fixed).
   */
  @Test
  void orbitSizesAddUpToAllLabelledGraphs() {
    int[][] cases = {{2, 4}, {3, 2}, {3, 3}, {4, 2}};
    for (int[] c : cases) {
      int k = c[0];
      int p = c[1];
      List<Variable> hidden = new ArrayList<>();
      for (int i = 0; i < k; i++) {
        hidden.add(Variable.withCount("h" + i, 2));
      }
      List<Variable> observed = new ArrayList<>();
      for (int i = 0; i < p; i++) {
        observed.add(Variable.withCount("y" + i, 3));
      }
      long total = 0;
      for (DagStructure s : new BipartiteStructureClass(hidden, observed).structures()) {
        int childless = 0;
        for (int h = 0; h < k; h++) {
          childless += s.children(h).length == 0 ? 1 : 0;
        }
        long orbit = factorial(k) / (AliasCount.of(s).automorphisms() * factorial(childless));
        assertThat(factorial(k) % (AliasCount.of(s).automorphisms() * factorial(childless))).isZero();
        total += orbit;
      }
      assertThat(total).as("k=%d p=%d", k, p).isEqualTo(1L << (k * p));
    }
  }

  private static long factorial(int n) {
    long f = 1;
    for (int i = 2; i <= n; i++) {
      f *= i;
    }
    return f;
  }
}
