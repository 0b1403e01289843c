package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.dag.DagStructure;
import org.occam.data.Variable;

class DagEquivalenceTest {
  private static DagStructure abc(int[]... parents) {
    var vars = List.of(Variable.withCount("a", 2), Variable.withCount("b", 2), Variable.withCount("c", 2));
    return DagStructure.of(vars, new boolean[3], parents);
  }

  @Test
  void chainsAndForksAreEquivalentColliderIsNot() {
    DagStructure chain = abc(new int[0], new int[] {0}, new int[] {1}); // a -> b -> c
    DagStructure back = abc(new int[] {1}, new int[] {2}, new int[0]); // a <- b <- c
    DagStructure fork = abc(new int[] {1}, new int[0], new int[] {1}); // a <- b -> c
    DagStructure collider = abc(new int[0], new int[] {0, 2}, new int[0]); // a -> b <- c
    assertThat(DagEquivalence.equivalent(chain, back)).isTrue();
    assertThat(DagEquivalence.equivalent(chain, fork)).isTrue();
    assertThat(DagEquivalence.equivalent(chain, collider)).isFalse();
    assertThat(DagEquivalence.vStructures(collider)).isEqualTo(1);
    assertThat(DagEquivalence.vStructures(chain)).isZero();
  }

  @Test
  void aShieldedColliderIsNotAVStructureAndSkeletonsMustMatch() {
    DagStructure shielded = abc(new int[0], new int[] {0, 2}, new int[] {0}); // a -> b <- c, a -> c
    DagStructure other = abc(new int[0], new int[] {0}, new int[] {0, 1}); // a -> b, a -> c, b -> c
    assertThat(DagEquivalence.vStructures(shielded)).isZero();
    assertThat(DagEquivalence.equivalent(shielded, other)).isTrue(); // both complete graphs
    DagStructure sparse = abc(new int[0], new int[] {0}, new int[0]);
    assertThat(DagEquivalence.equivalent(sparse, other)).isFalse();
  }
}
