package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.occam.data.Variable;

/**
 * The bipartite class, checked against a brute force written here: every one of the 2^(kp)
 * labelled graphs (one children mask per hidden variable), reduced to its orbit under the
 * permutations of hidden variables of equal cardinality (canonical form = the lexicographically
 * smallest permuted mask vector).
 */
class BipartiteStructureClassTest {

  // ---------------------------------------------------------------- brute force

  private static List<int[]> permutations(int k) {
    List<int[]> out = new ArrayList<>();
    permute(new int[k], new boolean[k], 0, out);
    return out;
  }

  private static void permute(int[] perm, boolean[] used, int at, List<int[]> out) {
    if (at == perm.length) {
      out.add(perm.clone());
      return;
    }
    for (int t = 0; t < perm.length; t++) {
      if (!used[t]) {
        used[t] = true;
        perm[at] = t;
        permute(perm, used, at + 1, out);
        used[t] = false;
      }
    }
  }

  /** Permutations of hidden variables that map each one to one of the same cardinality. */
  private static List<int[]> admissible(int[] hiddenCards) {
    return permutations(hiddenCards.length).stream()
        .filter(pi -> {
          for (int h = 0; h < pi.length; h++) {
            if (hiddenCards[pi[h]] != hiddenCards[h]) {
              return false;
            }
          }
          return true;
        }).toList();
  }

  /** Smallest mask vector in the orbit: hidden variable h's children become those of pi[h]. */
  private static List<Integer> canonical(int[] masks, List<int[]> perms) {
    List<Integer> best = null;
    for (int[] pi : perms) {
      List<Integer> image = new ArrayList<>();
      for (int h = 0; h < masks.length; h++) {
        image.add(masks[pi[h]]);
      }
      if (best == null || compare(image, best) < 0) {
        best = image;
      }
    }
    return best;
  }

  private static int compare(List<Integer> a, List<Integer> b) {
    for (int i = 0; i < a.size(); i++) {
      int c = Integer.compare(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  /** Orbit representative → free parameters, for all 2^(kp) labelled graphs. */
  private static Map<List<Integer>, Integer> bruteForce(int[] hiddenCards, int[] observedCards) {
    int k = hiddenCards.length;
    int p = observedCards.length;
    List<int[]> perms = admissible(hiddenCards);
    Map<List<Integer>, Integer> orbits = new HashMap<>();
    for (long code = 0; code < (1L << (k * p)); code++) {
      int[] masks = new int[k];
      for (int h = 0; h < k; h++) {
        masks[h] = (int) ((code >> (h * p)) & ((1 << p) - 1));
      }
      orbits.put(canonical(masks, perms), freeParameters(masks, hiddenCards, observedCards));
    }
    return orbits;
  }

  /** Eqn (6.24) for a bipartite graph given by children masks. */
  private static int freeParameters(int[] masks, int[] hiddenCards, int[] observedCards) {
    int d = 0;
    for (int c : hiddenCards) {
      d += c - 1;
    }
    for (int v = 0; v < observedCards.length; v++) {
      int configs = 1;
      for (int h = 0; h < masks.length; h++) {
        if ((masks[h] & (1 << v)) != 0) {
          configs *= hiddenCards[h];
        }
      }
      d += (observedCards[v] - 1) * configs;
    }
    return d;
  }

  /** The children masks of a class member, read off its parent lists. */
  private static int[] masksOf(DagStructure s, int k, int p) {
    int[] masks = new int[k];
    for (int v = 0; v < p; v++) {
      for (int q : s.parents(k + v)) {
        assertThat(q).isBetween(0, k - 1);
        masks[q] |= 1 << v;
      }
    }
    return masks;
  }

  private static List<Variable> hidden(int... cards) {
    List<Variable> out = new ArrayList<>();
    for (int i = 0; i < cards.length; i++) {
      out.add(Variable.withCount("h" + (i + 1), cards[i]));
    }
    return out;
  }

  private static List<Variable> observed(int... cards) {
    List<Variable> out = new ArrayList<>();
    for (int i = 0; i < cards.length; i++) {
      out.add(Variable.withCount("y" + (i + 1), cards[i]));
    }
    return out;
  }

  // ---------------------------------------------------------------- Beal's class

  private static final BipartiteStructureClass BEAL =
      new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables());

  @Test
  void bealsClassHas136Structures() {
    assertThat(BEAL.structures()).hasSize(136);
    // 136 = number of multisets of size 2 from 16 children sets = 16·17/2, and the brute force agrees.
    assertThat(bruteForce(new int[] {2, 2}, new int[] {5, 5, 5, 5})).hasSize(136);
  }

  @Test
  void parameterCountsRangeFrom18To66WithOneStructureAtEachEnd() {
    List<Integer> d = BEAL.structures().stream().map(DagStructure::freeParameters).toList();
    assertThat(d.stream().mapToInt(Integer::intValue).min().getAsInt()).isEqualTo(18);
    assertThat(d.stream().mapToInt(Integer::intValue).max().getAsInt()).isEqualTo(66);
    assertThat(d.stream().filter(x -> x == 18).count()).isEqualTo(1);
    assertThat(d.stream().filter(x -> x == 66).count()).isEqualTo(1);
    DagStructure empty = BEAL.structures().stream().filter(s -> s.freeParameters() == 18).findFirst().orElseThrow();
    for (int j : empty.observedVariables()) {
      assertThat(empty.parents(j)).isEmpty();
    }
    DagStructure full = BEAL.structures().stream().filter(s -> s.freeParameters() == 66).findFirst().orElseThrow();
    for (int j : full.observedVariables()) {
      assertThat(full.parents(j)).containsExactly(0, 1);
    }
  }

  @Test
  void parameterHistogramMatchesTheBruteForce() {
    Map<Integer, Integer> expected = new HashMap<>();
    bruteForce(new int[] {2, 2}, new int[] {5, 5, 5, 5}).values().forEach(d -> expected.merge(d, 1, Integer::sum));
    Map<Integer, Integer> actual = new HashMap<>();
    BEAL.structures().forEach(s -> actual.merge(s.freeParameters(), 1, Integer::sum));
    assertThat(actual).isEqualTo(expected);
  }

  @Test
  void trueStructureIsInTheClassWith50Parameters() {
    DagStructure truth = BealExample.structure();
    int i = BEAL.indexOf(truth);
    assertThat(i).isNotNegative();
    DagStructure member = BEAL.structures().get(i);
    assertThat(member.freeParameters()).isEqualTo(50);
    assertThat(canonical(masksOf(member, 2, 4), admissible(new int[] {2, 2})))
        .isEqualTo(canonical(masksOf(truth, 2, 4), admissible(new int[] {2, 2})));
  }

  @Test
  void structuresWithMoreParametersThanTheTruth() {
    // Σ_v 4·2^{|pa(v)|} + 2 > 50 needs Σ 2^{|pa(v)|} > 12 with terms in {1, 2, 4}: (4,4,4,4) once,
    // (4,4,4,2) four ways (which y has one parent), (4,4,4,1) four ways: 9 structures, so Beal's
    // "only three other structures in the class which have more parameters" cannot be read over
    // the whole class. The brute force agrees.
    long bigger = BEAL.structures().stream().filter(s -> s.freeParameters() > 50).count();
    long expected = bruteForce(new int[] {2, 2}, new int[] {5, 5, 5, 5}).values().stream().filter(d -> d > 50).count();
    assertThat(expected).isEqualTo(9);
    assertThat(bigger).isEqualTo(expected);
  }

  @Test
  void exactlyThreeStructuresAddLinksToTheTruthAsBealDescribes() {
    // Beal's three: y1 or y4 gaining its missing parent, and the fully connected structure. They
    // are the strict supergraphs of the truth (up to swapping h1 and h2).
    int[] truth = masksOf(BealExample.structure(), 2, 4); // h1: y1 y2 y3 = 0b0111, h2: y2 y3 y4 = 0b1110
    assertThat(truth).containsExactly(0b0111, 0b1110);
    List<DagStructure> supergraphs = new ArrayList<>();
    for (DagStructure s : BEAL.structures()) {
      int[] m = masksOf(s, 2, 4);
      boolean containsAsIs = (m[0] & truth[0]) == truth[0] && (m[1] & truth[1]) == truth[1];
      boolean containsSwapped = (m[1] & truth[0]) == truth[0] && (m[0] & truth[1]) == truth[1];
      boolean same = canonical(m, admissible(new int[] {2, 2}))
          .equals(canonical(truth, admissible(new int[] {2, 2})));
      if ((containsAsIs || containsSwapped) && !same) {
        supergraphs.add(s);
      }
    }
    assertThat(supergraphs).hasSize(3);
    assertThat(supergraphs).extracting(DagStructure::freeParameters).containsExactlyInAnyOrder(58, 58, 66);
  }

  @Test
  void allStructuresArePairwiseNonEquivalentAndCoverEveryOrbit() {
    List<int[]> perms = admissible(new int[] {2, 2});
    Set<List<Integer>> seen = new HashSet<>();
    for (DagStructure s : BEAL.structures()) {
      assertThat(seen.add(canonical(masksOf(s, 2, 4), perms))).as("duplicate %s", s).isTrue();
    }
    assertThat(seen).isEqualTo(bruteForce(new int[] {2, 2}, new int[] {5, 5, 5, 5}).keySet());
  }

  @Test
  void everyStructureHasTheClassVariablesHiddenFirstAndSortedParents() {
    for (DagStructure s : BEAL.structures()) {
      assertThat(s.variables()).containsExactly(BealExample.hiddenVariables().get(0),
          BealExample.hiddenVariables().get(1), BealExample.observedVariables().get(0),
          BealExample.observedVariables().get(1), BealExample.observedVariables().get(2),
          BealExample.observedVariables().get(3));
      assertThat(s.hiddenVariables()).containsExactly(0, 1);
      assertThat(s.parents(0)).isEmpty();
      assertThat(s.parents(1)).isEmpty();
      for (int j : s.observedVariables()) {
        assertThat(s.parents(j)).isSorted();
      }
    }
  }

  @Test
  void indexOfFindsEveryStructure() {
    for (int i = 0; i < BEAL.structures().size(); i++) {
      assertThat(BEAL.indexOf(BEAL.structures().get(i))).isEqualTo(i);
    }
  }

  @Test
  void indexOfFindsTheTruthWithItsHiddenVariablesSwapped() {
    DagStructure truth = BealExample.structure();
    List<Variable> vars = new ArrayList<>(BealExample.hiddenVariables());
    vars.addAll(BealExample.observedVariables());
    boolean[] hidden = {true, true, false, false, false, false};
    // h1 <-> h2: y1 <- h2, y2 <- h2,h1, y3 <- h1,h2, y4 <- h1
    DagStructure swapped = DagStructure.of(vars, hidden, new int[][] {{}, {}, {1}, {1, 0}, {0, 1}, {0}});
    assertThat(BEAL.indexOf(swapped)).isEqualTo(BEAL.indexOf(truth)).isNotNegative();
  }

  @Test
  void indexOfIgnoresVariableOrder() {
    // Observed first, hidden last, with renamed hidden variables.
    List<Variable> vars = new ArrayList<>(BealExample.observedVariables());
    vars.add(Variable.withCount("a", 2));
    vars.add(Variable.withCount("b", 2));
    boolean[] hidden = {false, false, false, false, true, true};
    DagStructure shuffled = DagStructure.of(vars, hidden, new int[][] {{4}, {4, 5}, {4, 5}, {5}, {}, {}});
    assertThat(BEAL.indexOf(shuffled)).isEqualTo(BEAL.indexOf(BealExample.structure()));
  }

  @Test
  void indexOfRejectsStructuresOutsideTheClass() {
    DagStructure truth = BealExample.structure();
    // an observed parent
    assertThat(BEAL.indexOf(truth.withParents(new int[][] {{}, {}, {0}, {0, 1, 2}, {0, 1}, {1}}))).isEqualTo(-1);
    // a hidden variable with a parent
    assertThat(BEAL.indexOf(truth.withParents(new int[][] {{}, {0}, {0}, {0, 1}, {0, 1}, {1}}))).isEqualTo(-1);
    // wrong cardinality of a hidden variable
    List<Variable> vars = new ArrayList<>(List.of(Variable.withCount("h1", 3), Variable.withCount("h2", 2)));
    vars.addAll(BealExample.observedVariables());
    boolean[] hidden = {true, true, false, false, false, false};
    assertThat(BEAL.indexOf(DagStructure.of(vars, hidden, new int[][] {{}, {}, {0}, {0, 1}, {0, 1}, {1}})))
        .isEqualTo(-1);
    // a renamed observed variable
    List<Variable> renamed = new ArrayList<>(BealExample.hiddenVariables());
    renamed.addAll(BealExample.observedVariables().subList(0, 3));
    renamed.add(Variable.withCount("z4", 5));
    assertThat(BEAL.indexOf(DagStructure.of(renamed, hidden, new int[][] {{}, {}, {0}, {0, 1}, {0, 1}, {1}})))
        .isEqualTo(-1);
    // only one hidden variable
    List<Variable> one = new ArrayList<>(List.of(Variable.withCount("h1", 2)));
    one.addAll(BealExample.observedVariables());
    assertThat(BEAL.indexOf(DagStructure.of(one, new boolean[] {true, false, false, false, false},
        new int[][] {{}, {0}, {0}, {}, {}}))).isEqualTo(-1);
  }

  // ---------------------------------------------------------------- other classes

  static Stream<Arguments> otherClasses() {
    return Stream.of(
        Arguments.of(new int[] {2, 2}, new int[] {3, 3, 3}, 36),
        Arguments.of(new int[] {2, 2, 2}, new int[] {2, 2}, 20),
        Arguments.of(new int[] {2, 3}, new int[] {2, 2, 2}, 64),
        Arguments.of(new int[] {3, 2}, new int[] {4, 2}, 16),
        Arguments.of(new int[] {2, 3, 2}, new int[] {2, 3}, 40),
        Arguments.of(new int[] {2, 2, 2}, new int[] {2, 2, 2}, 120),
        Arguments.of(new int[] {4}, new int[] {2, 3, 4, 5, 2}, 32),
        Arguments.of(new int[] {2, 2, 2, 2}, new int[] {2, 2}, 35),
        Arguments.of(new int[] {}, new int[] {3, 3}, 1));
  }

  @ParameterizedTest
  @MethodSource("otherClasses")
  void structureCountsMatchTheBruteForce(int[] hiddenCards, int[] observedCards, int expected) {
    BipartiteStructureClass c = new BipartiteStructureClass(hidden(hiddenCards), observed(observedCards));
    Map<List<Integer>, Integer> orbits = bruteForce(hiddenCards, observedCards);
    assertThat(orbits).hasSize(expected);
    assertThat(c.structures()).hasSize(expected);
    List<int[]> perms = admissible(hiddenCards);
    Set<List<Integer>> seen = new HashSet<>();
    for (int i = 0; i < c.structures().size(); i++) {
      DagStructure s = c.structures().get(i);
      List<Integer> key = canonical(masksOf(s, hiddenCards.length, observedCards.length), perms);
      assertThat(seen.add(key)).as("duplicate %s", s).isTrue();
      assertThat(s.freeParameters()).isEqualTo(orbits.get(key));
      assertThat(c.indexOf(s)).isEqualTo(i);
    }
  }

  @ParameterizedTest
  @MethodSource("otherClasses")
  void structuresAreListedInLexicographicOrderOfTheirMasks(int[] hiddenCards, int[] observedCards, int expected) {
    BipartiteStructureClass c = new BipartiteStructureClass(hidden(hiddenCards), observed(observedCards));
    List<List<Integer>> keys = new ArrayList<>();
    for (DagStructure s : c.structures()) {
      keys.add(Arrays.stream(masksOf(s, hiddenCards.length, observedCards.length)).boxed().toList());
    }
    for (int i = 1; i < keys.size(); i++) {
      assertThat(compare(keys.get(i - 1), keys.get(i))).isNegative();
    }
  }

  @Test
  void differentCardinalitiesAreNotInterchangeable() {
    // h1 binary, h2 ternary: h1 -> y1 and h2 -> y2 differs from h1 -> y2 and h2 -> y1.
    BipartiteStructureClass c = new BipartiteStructureClass(hidden(2, 3), observed(2, 2));
    assertThat(c.structures()).hasSize(16);
    List<Variable> vars = new ArrayList<>(hidden(2, 3));
    vars.addAll(observed(2, 2));
    boolean[] h = {true, true, false, false};
    int a = c.indexOf(DagStructure.of(vars, h, new int[][] {{}, {}, {0}, {1}}));
    int b = c.indexOf(DagStructure.of(vars, h, new int[][] {{}, {}, {1}, {0}}));
    assertThat(a).isNotNegative();
    assertThat(b).isNotNegative();
    assertThat(a).isNotEqualTo(b);
    // Listing the hidden variables in the other order (ternary first) does not change the structure.
    List<Variable> reversed = new ArrayList<>(List.of(vars.get(1), vars.get(0)));
    reversed.addAll(observed(2, 2));
    assertThat(c.indexOf(DagStructure.of(reversed, h, new int[][] {{}, {}, {1}, {0}}))).isEqualTo(a);
  }

  @Test
  void tooManyLabelledGraphsIsRejected() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new BipartiteStructureClass(hidden(2, 2, 2, 2), observed(2, 2, 2, 2, 2, 2, 2, 2)));
  }
}
