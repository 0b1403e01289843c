package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.dag.BealExample;
import org.occam.dag.DagStructure;
import org.occam.data.Variable;
import org.occam.math.RandomStreams;

/** The neighbourhood of {@link DagSearchSpace} against brute force, and its canonical keys. */
class DagSearchSpaceTest {
  private static List<Variable> binary(String... names) {
    List<Variable> out = new ArrayList<>();
    for (String n : names) {
      out.add(Variable.withCount(n, 2));
    }
    return out;
  }

  private static DagSearchSpace observedOnly(int maxParents, String... names) {
    return new DagSearchSpace(binary(names), new boolean[names.length], DagArcConstraint.GENERAL, maxParents);
  }

  private static Set<String> describe(DagSearchSpace space, List<DagMove> moves) {
    Set<String> out = new HashSet<>();
    moves.forEach(m -> out.add(m.describe(space)));
    return out;
  }

  @Test
  void aChainCanGrowButNotCloseACycleAndReversesOnlyWithoutAnotherPath() {
    var space = observedOnly(2, "a", "b", "c");
    DagStructure chain = space.structure(new long[] {0, 0b001, 0b010}); // a -> b -> c
    assertThat(describe(space, space.moves(chain))).containsExactlyInAnyOrder(
        "remove a->b", "reverse a->b", "remove b->c", "reverse b->c", "add a->c");
    DagStructure triangle = space.apply(chain, new DagMove(DagMove.Kind.ADD, 0, 2)); // plus a -> c
    assertThat(describe(space, space.moves(triangle))).containsExactlyInAnyOrder(
        "remove a->b", "reverse a->b", "remove b->c", "reverse b->c", "remove a->c");
    // reversing a->c would close a -> b -> c -> a; reversing a->b leaves b -> a -> c, b -> c: acyclic
    DagStructure reversed = space.apply(triangle, new DagMove(DagMove.Kind.REVERSE, 0, 1));
    assertThat(reversed.parents(0)).containsExactly(1);
    assertThat(reversed.parents(1)).isEmpty();
  }

  @Test
  void theInDegreeLimitStopsAddsAndReversals() {
    var space = observedOnly(1, "a", "b", "c");
    DagStructure s = space.structure(new long[] {0, 0, 0b001}); // a -> c
    assertThat(describe(space, space.moves(s))).containsExactlyInAnyOrder(
        "remove a->c", "reverse a->c", "add a->b", "add b->a", "add c->b");
    // b -> a and c -> b would give a, b one parent each: allowed; b -> c would give c two parents.
  }

  @Test
  void theBipartiteClassOnlyAddsOrRemovesHiddenToObservedArcs() {
    var space = DagSearchSpace.of(BealExample.hiddenVariables(), BealExample.observedVariables(),
        DagArcConstraint.BIPARTITE, 2);
    assertThat(space.moves(space.empty())).hasSize(8).allMatch(m -> m.kind() == DagMove.Kind.ADD
        && space.isHidden(m.from()) && !space.isHidden(m.to()));
    DagStructure truth = space.apply(space.empty(), new DagMove(DagMove.Kind.ADD, 0, 2));
    assertThat(space.moves(truth)).noneMatch(m -> m.kind() == DagMove.Kind.REVERSE);
  }

  @Test
  void movesEqualBruteForceOnRandomWalks() {
    List<Variable> vars = binary("h1", "h2", "a", "b", "c", "d");
    boolean[] hidden = {true, true, false, false, false, false};
    for (DagArcConstraint constraint : DagArcConstraint.values()) {
      for (int maxParents = 1; maxParents <= 3; maxParents++) {
        var space = new DagSearchSpace(vars, hidden, constraint, maxParents);
        UniformRandomProvider rng = RandomStreams.fromSeed(31L * maxParents + constraint.ordinal());
        DagStructure s = space.empty();
        for (int step = 0; step < 60; step++) {
          List<DagMove> moves = space.moves(s);
          assertThat(new HashSet<>(moves)).as("%s, step %d", s, step).isEqualTo(bruteForce(space, s));
          s = space.apply(s, moves.get(rng.nextInt(moves.size())));
          for (int j = 0; j < s.size(); j++) {
            assertThat(s.parents(j).length).isLessThanOrEqualTo(maxParents);
            for (int q : s.parents(j)) {
              assertThat(constraint.allows(s.isHidden(q), s.isHidden(j))).isTrue();
            }
          }
        }
      }
    }
  }

  /** Every single-arc change whose result is a valid structure of the space. */
  private static Set<DagMove> bruteForce(DagSearchSpace space, DagStructure s) {
    Set<DagMove> out = new HashSet<>();
    int p = s.size();
    for (int from = 0; from < p; from++) {
      for (int to = 0; to < p; to++) {
        if (from == to) {
          continue;
        }
        boolean arc = contains(s.parents(to), from);
        boolean back = contains(s.parents(from), to);
        if (arc) {
          out.add(new DagMove(DagMove.Kind.REMOVE, from, to));
          int[][] pa = parents(s);
          pa[to] = without(pa[to], from);
          pa[from] = with(pa[from], to);
          if (valid(space, s, pa)) {
            out.add(new DagMove(DagMove.Kind.REVERSE, from, to));
          }
        } else if (!back) {
          int[][] pa = parents(s);
          pa[to] = with(pa[to], from);
          if (valid(space, s, pa)) {
            out.add(new DagMove(DagMove.Kind.ADD, from, to));
          }
        }
      }
    }
    return out;
  }

  private static boolean valid(DagSearchSpace space, DagStructure s, int[][] pa) {
    try {
      space.masks(s.withParents(pa)); // checks the constraint and the in-degree
      return true;
    } catch (IllegalArgumentException cycleOrDisallowed) {
      return false;
    }
  }

  private static int[][] parents(DagStructure s) {
    int[][] pa = new int[s.size()][];
    for (int j = 0; j < s.size(); j++) {
      pa[j] = s.parents(j);
    }
    return pa;
  }

  private static boolean contains(int[] a, int x) {
    return java.util.Arrays.stream(a).anyMatch(v -> v == x);
  }

  private static int[] with(int[] a, int x) {
    return java.util.stream.IntStream.concat(java.util.Arrays.stream(a), java.util.stream.IntStream.of(x)).sorted()
        .toArray();
  }

  private static int[] without(int[] a, int x) {
    return java.util.Arrays.stream(a).filter(v -> v != x).toArray();
  }

  @Test
  void keysIdentifyBealsClassUpToSwappingTheHiddenVariables() {
    var space = DagSearchSpace.of(BealExample.hiddenVariables(), BealExample.observedVariables(),
        DagArcConstraint.BIPARTITE, 2);
    Set<DagSearchSpace.Key> keys = new HashSet<>();
    for (int labelled = 0; labelled < 256; labelled++) {
      long[] masks = new long[6];
      for (int v = 0; v < 4; v++) {
        for (int h = 0; h < 2; h++) {
          if ((labelled & (1 << (2 * v + h))) != 0) {
            masks[2 + v] |= 1L << h;
          }
        }
      }
      keys.add(space.key(space.structure(masks)));
      long[] swapped = masks.clone();
      for (int v = 2; v < 6; v++) {
        swapped[v] = ((masks[v] & 1) << 1) | ((masks[v] >> 1) & 1);
      }
      assertThat(space.key(space.structure(swapped))).isEqualTo(space.key(space.structure(masks)));
    }
    assertThat(keys).hasSize(136);
  }

  @Test
  void hiddenVariablesOfDifferentCardinalityAreNotInterchangeable() {
    List<Variable> vars = List.of(Variable.withCount("h1", 2), Variable.withCount("h2", 3), Variable.withCount("y", 2));
    var space = new DagSearchSpace(vars, new boolean[] {true, true, false}, DagArcConstraint.BIPARTITE, 2);
    assertThat(space.key(space.structure(new long[] {0, 0, 0b01})))
        .isNotEqualTo(space.key(space.structure(new long[] {0, 0, 0b10})));
  }

  @Test
  void structuresOutsideTheSpaceAreRejected() {
    var space = DagSearchSpace.of(BealExample.hiddenVariables(), BealExample.observedVariables(),
        DagArcConstraint.BIPARTITE, 1);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> space.masks(BealExample.structure()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("more than the limit 1");
    var general = DagSearchSpace.of(BealExample.hiddenVariables(), BealExample.observedVariables(),
        DagArcConstraint.GENERAL, 2);
    DagStructure intoHidden = general.structure(new long[] {0b100, 0, 0, 0, 0, 0}); // y1 -> h1
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> general.masks(intoHidden))
        .hasMessageContaining("not allowed in the general class");
  }
}
