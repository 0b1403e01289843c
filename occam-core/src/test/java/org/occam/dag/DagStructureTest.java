package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.data.Variable;

class DagStructureTest {

  private static List<Variable> vars(int... cards) {
    List<Variable> v = new ArrayList<>();
    for (int i = 0; i < cards.length; i++) {
      v.add(Variable.withCount("v" + i, cards[i]));
    }
    return v;
  }

  private static List<Variable> named(String... names) {
    return Arrays.stream(names).map(n -> Variable.withCount(n, 2)).toList();
  }

  // ---------------------------------------------------------------- validation

  /** The names in "a -> b -> c -> a" after "cycle: ", checked to be a closed walk along edges. */
  private static List<String> cycleIn(String message, List<String> names, int[][] parents) {
    assertThat(message).contains("cycle");
    String walk = message.substring(message.indexOf(':') + 1).trim();
    List<String> steps = Arrays.asList(walk.split(" -> "));
    assertThat(steps.size()).isGreaterThanOrEqualTo(3);
    assertThat(steps.get(0)).isEqualTo(steps.get(steps.size() - 1));
    for (int i = 0; i + 1 < steps.size(); i++) {
      int from = names.indexOf(steps.get(i));
      int to = names.indexOf(steps.get(i + 1));
      assertThat(from).as("step %s", steps.get(i)).isNotNegative();
      assertThat(to).as("step %s", steps.get(i + 1)).isNotNegative();
      assertThat(parents[to]).as("%s -> %s is an edge", steps.get(i), steps.get(i + 1)).contains(from);
    }
    assertThat(new HashSet<>(steps)).hasSize(steps.size() - 1); // a simple cycle
    return steps;
  }

  @Test
  void threeCycleIsNamedInEdgeDirection() {
    List<String> names = List.of("a", "b", "c");
    int[][] parents = {{2}, {0}, {1}}; // a -> b -> c -> a
    IllegalArgumentException e = catchThrowableOfType(IllegalArgumentException.class,
        () -> DagStructure.of(named("a", "b", "c"), new boolean[3], parents));
    assertThat(e).isNotNull();
    assertThat(cycleIn(e.getMessage(), names, parents)).containsAll(names);
  }

  @Test
  void cycleAwayFromTheFirstVariableNamesOnlyTheCycle() {
    List<String> names = List.of("root", "x", "y", "z", "leaf");
    // root -> x -> y -> z -> x, and leaf <- z
    int[][] parents = {{}, {0, 3}, {1}, {2}, {3}};
    IllegalArgumentException e = catchThrowableOfType(IllegalArgumentException.class,
        () -> DagStructure.of(named("root", "x", "y", "z", "leaf"), new boolean[5], parents));
    assertThat(e).isNotNull();
    List<String> cycle = cycleIn(e.getMessage(), names, parents);
    assertThat(new HashSet<>(cycle)).containsExactlyInAnyOrder("x", "y", "z");
  }

  @Test
  void twoCycle() {
    int[][] parents = {{1}, {0}};
    IllegalArgumentException e = catchThrowableOfType(IllegalArgumentException.class,
        () -> DagStructure.of(named("p", "q"), new boolean[2], parents));
    assertThat(e).isNotNull();
    assertThat(new HashSet<>(cycleIn(e.getMessage(), List.of("p", "q"), parents))).containsExactlyInAnyOrder("p", "q");
  }

  @Test
  void selfParent() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DagStructure.of(named("a", "loop"), new boolean[2], new int[][] {{}, {0, 1}}))
        .withMessageContaining("loop")
        .withMessageContaining("own parent");
  }

  @Test
  void duplicateParent() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DagStructure.of(named("mum", "kid"), new boolean[2], new int[][] {{}, {0, 0}}))
        .withMessageContaining("kid")
        .withMessageContaining("mum")
        .withMessageContaining("twice");
  }

  @Test
  void duplicateNames() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DagStructure.of(named("a", "b", "a"), new boolean[3], new int[][] {{}, {}, {}}))
        .withMessageContaining("'a'");
  }

  @ParameterizedTest
  @ValueSource(ints = {-1, 3, 100})
  void unknownParent(int parent) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DagStructure.of(named("a", "b", "c"), new boolean[3], new int[][] {{}, {parent}, {}}))
        .withMessageContaining("b");
  }

  @Test
  void mismatchedArrays() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DagStructure.of(named("a", "b"), new boolean[3], new int[][] {{}, {}}));
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DagStructure.of(named("a", "b"), new boolean[2], new int[][] {{}}));
  }

  // ---------------------------------------------------------------- random DAGs

  /** A random DAG: a random order, each variable taking random earlier variables as parents, in random order. */
  private static DagStructure randomDag(Random rnd) {
    int p = 1 + rnd.nextInt(7);
    int[] cards = new int[p];
    for (int j = 0; j < p; j++) {
      cards[j] = 1 + rnd.nextInt(4);
    }
    List<Integer> order = new ArrayList<>();
    for (int j = 0; j < p; j++) {
      order.add(j);
    }
    java.util.Collections.shuffle(order, rnd);
    int[][] parents = new int[p][];
    boolean[] hidden = new boolean[p];
    for (int a = 0; a < p; a++) {
      int j = order.get(a);
      List<Integer> pa = new ArrayList<>();
      for (int b = 0; b < a; b++) {
        if (rnd.nextInt(3) == 0) {
          pa.add(order.get(b));
        }
      }
      java.util.Collections.shuffle(pa, rnd);
      parents[j] = pa.stream().mapToInt(Integer::intValue).toArray();
      hidden[j] = rnd.nextBoolean();
    }
    return DagStructure.of(vars(cards), hidden, parents);
  }

  private static int product(DagStructure s, int[] vars) {
    int r = 1;
    for (int v : vars) {
      r *= s.cardinality(v);
    }
    return r;
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
  void freeParametersAndTableLayoutFollowEquation624(long seed) {
    DagStructure s = randomDag(new Random(seed));
    int d = 0;
    int size = 0;
    for (int j = 0; j < s.size(); j++) {
      int configs = product(s, s.parents(j));
      assertThat(s.parentConfigurations(j)).isEqualTo(configs);
      assertThat(s.offset(j)).as("offset of %d", j).isEqualTo(size);
      d += (s.cardinality(j) - 1) * configs;
      size += s.cardinality(j) * configs;
    }
    assertThat(s.freeParameters()).isEqualTo(d);
    assertThat(s.tableSize()).isEqualTo(size);
  }

  @Test
  void bealTrueStructureHasFiftyFreeParameters() {
    // (2−1) + (2−1) + 4·2 + 4·4 + 4·4 + 4·2
    assertThat(BealExample.structure().freeParameters()).isEqualTo(50);
    assertThat(BealExample.structure().tableSize()).isEqualTo(2 + 2 + 10 + 20 + 20 + 10);
  }

  @ParameterizedTest
  @ValueSource(longs = {21, 22, 23, 24, 25, 26, 27, 28, 29, 30})
  void flatIndexMatchesStridesWithTheFirstParentSlowest(long seed) {
    Random rnd = new Random(seed);
    DagStructure s = randomDag(rnd);
    for (int j = 0; j < s.size(); j++) {
      int[] pa = s.parents(j);
      // expected strides: own state 1; parent a: |z_j| · Π_{b > a} |z_pa(b)|
      int[] stride = new int[pa.length];
      for (int a = 0; a < pa.length; a++) {
        stride[a] = s.cardinality(j);
        for (int b = a + 1; b < pa.length; b++) {
          stride[a] *= s.cardinality(pa[b]);
        }
        assertThat(s.stride(j, pa[a])).isEqualTo(stride[a]);
      }
      assertThat(s.stride(j, j)).isEqualTo(1);
      // Every (parent configuration, state) lands on a distinct slot of j's table.
      Set<Integer> slots = new HashSet<>();
      int[] z = new int[s.size()];
      int family = s.parentConfigurations(j) * s.cardinality(j);
      for (int code = 0; code < family; code++) {
        int c = code;
        z[j] = c % s.cardinality(j);
        c /= s.cardinality(j);
        for (int a = pa.length - 1; a >= 0; a--) {
          z[pa[a]] = c % s.cardinality(pa[a]);
          c /= s.cardinality(pa[a]);
        }
        // non-family variables must not matter
        for (int v = 0; v < s.size(); v++) {
          int vv = v;
          if (v != j && Arrays.stream(pa).noneMatch(q -> q == vv)) {
            z[v] = rnd.nextInt(s.cardinality(v));
          }
        }
        int expected = s.offset(j) + z[j];
        for (int a = 0; a < pa.length; a++) {
          expected += z[pa[a]] * stride[a];
        }
        int got = s.flatIndex(j, z);
        assertThat(got).isEqualTo(expected);
        assertThat(got).isEqualTo(s.offset(j) + code); // first parent slowest, own state fastest
        slots.add(got);
      }
      assertThat(slots).hasSize(family);
    }
  }

  @Test
  void strideRejectsANonFamilyVariable() {
    DagStructure s = BealExample.structure();
    assertThatIllegalArgumentException().isThrownBy(() -> s.stride(2, 1)); // y1's parents are {h1}
  }

  @Test
  void flatIndexOfBealsY2FollowsThePrintedRowOrder() {
    // y2 (index 3) has parents (h1, h2): rows [1 1], [1 2], [2 1], [2 2] in Beal's 1-based notation.
    DagStructure s = BealExample.structure();
    int y2 = 3;
    int offset = s.offset(y2);
    assertThat(offset).isEqualTo(2 + 2 + 10);
    assertThat(s.flatIndex(y2, new int[] {0, 0, 0, 0, 0, 0})).isEqualTo(offset);
    assertThat(s.flatIndex(y2, new int[] {0, 1, 0, 2, 0, 0})).isEqualTo(offset + 5 + 2);
    assertThat(s.flatIndex(y2, new int[] {1, 0, 0, 4, 0, 0})).isEqualTo(offset + 10 + 4);
    assertThat(s.flatIndex(y2, new int[] {1, 1, 3, 1, 2, 4})).isEqualTo(offset + 15 + 1);
  }

  @ParameterizedTest
  @ValueSource(longs = {31, 32, 33, 34, 35, 36, 37, 38, 39, 40})
  void topologicalOrderPutsParentsFirst(long seed) {
    DagStructure s = randomDag(new Random(seed));
    int[] order = s.topologicalOrder();
    int[] position = new int[s.size()];
    Arrays.fill(position, -1);
    for (int i = 0; i < order.length; i++) {
      assertThat(position[order[i]]).as("variable listed twice").isEqualTo(-1);
      position[order[i]] = i;
    }
    assertThat(order).hasSize(s.size());
    for (int j = 0; j < s.size(); j++) {
      for (int q : s.parents(j)) {
        assertThat(position[q]).as("parent %d of %d", q, j).isLessThan(position[j]);
      }
    }
  }

  @Test
  void topologicalOrderOfAChainListedBackwards() {
    // v0 <- v1 <- v2 <- v3: the order must be 3, 2, 1, 0.
    DagStructure s = DagStructure.of(vars(2, 2, 2, 2), new boolean[4], new int[][] {{1}, {2}, {3}, {}});
    assertThat(s.topologicalOrder()).containsExactly(3, 2, 1, 0);
  }

  @Test
  void accessorsAndCopies() {
    DagStructure s = BealExample.structure();
    assertThat(s.hiddenVariables()).containsExactly(0, 1);
    assertThat(s.observedVariables()).containsExactly(2, 3, 4, 5);
    assertThat(s.children(0)).containsExactly(2, 3, 4);
    assertThat(s.children(1)).containsExactly(3, 4, 5);
    assertThat(s.indexOf("y3")).isEqualTo(4);
    assertThat(s.indexOf("nope")).isEqualTo(-1);
    int[] pa = s.parents(3);
    pa[0] = 5;
    assertThat(s.parents(3)).containsExactly(0, 1);
    int[] order = s.topologicalOrder();
    order[0] = 99;
    assertThat(s.topologicalOrder()).doesNotContain(99);
    assertThat(s.toString()).contains("y2<-{h1,h2}").contains("y4<-{h2}");
  }

  @Test
  void observedDescendantsThroughHiddenChains() {
    // h0 -> h1 -> y2; h3 -> h4 (no observed descendant); h5 alone
    List<Variable> v = named("h0", "h1", "y2", "h3", "h4", "h5");
    boolean[] hidden = {true, true, false, true, true, true};
    DagStructure s = DagStructure.of(v, hidden, new int[][] {{}, {0}, {1}, {}, {3}, {}});
    assertThat(s.hasObservedDescendant(0)).isTrue();
    assertThat(s.hasObservedDescendant(1)).isTrue();
    assertThat(s.hasObservedDescendant(2)).isFalse();
    assertThat(s.hasObservedDescendant(3)).isFalse();
    assertThat(s.hasObservedDescendant(4)).isFalse();
    assertThat(s.hasObservedDescendant(5)).isFalse();
  }

  @Test
  void withParentsValidatesToo() {
    DagStructure s = BealExample.structure();
    DagStructure full = s.withParents(new int[][] {{}, {}, {0, 1}, {0, 1}, {0, 1}, {0, 1}});
    assertThat(full.freeParameters()).isEqualTo(66);
    assertThat(s.freeParameters()).isEqualTo(50);
    assertThatIllegalArgumentException()
        .isThrownBy(() -> s.withParents(new int[][] {{2}, {}, {0}, {0, 1}, {0, 1}, {1}}))
        .withMessageContaining("cycle");
  }
}
