package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The clique tree's defining properties, independent of any model. */
class JunctionTreeStructureTest {
  static Stream<PairwiseGraph> graphs() {
    List<PairwiseGraph> out = new ArrayList<>(List.of(
        new PairwiseGraph(1, new int[0][]),
        new PairwiseGraph(4, new int[0][]),
        PairwiseGraph.complete(6),
        PairwiseGraph.grid(5, 7),
        PairwiseGraph.grid(10, 10),
        JunctionTreeTest.disconnected(),
        JunctionTreeTest.randomTree(30, 1)));
    for (long seed = 0; seed < 20; seed++) {
      out.add(JunctionTreeTest.randomGraph(18, 0.05 + 0.02 * seed, seed));
    }
    return out.stream();
  }

  static boolean contains(int[] sorted, int v) {
    return Arrays.binarySearch(sorted, v) >= 0;
  }

  @ParameterizedTest
  @MethodSource("graphs")
  void isAJunctionTreeOfMaximalCliquesCoveringEveryFeature(PairwiseGraph g) {
    CliqueTree t = CliqueTree.build(g, 20);
    int n = t.cliqueCount();
    int v = g.vertexCount();
    // Separators are the intersections of the cliques they join.
    for (int c = 0; c < n; c++) {
      if (t.parent(c) >= 0) {
        int[] mine = t.clique(c);
        int[] theirs = t.clique(t.parent(c));
        int[] intersection = Arrays.stream(mine).filter(x -> contains(theirs, x)).toArray();
        assertThat(t.separator(c)).containsExactly(intersection);
        assertThat(mine.length).as("clique %d is maximal", c).isGreaterThan(intersection.length);
        assertThat(theirs.length).as("clique %d's parent is maximal", c).isGreaterThan(intersection.length);
      } else {
        assertThat(t.separator(c)).isEmpty();
      }
    }
    // Running intersection: the cliques holding a variable form a subtree (k cliques, k − 1 links).
    int components = 0;
    for (int c = 0; c < n; c++) {
      components += t.parent(c) < 0 ? 1 : 0;
    }
    for (int x = 0; x < v; x++) {
      int holding = 0;
      int links = 0;
      for (int c = 0; c < n; c++) {
        holding += contains(t.clique(c), x) ? 1 : 0;
        links += contains(t.separator(c), x) ? 1 : 0;
      }
      assertThat(links).as("variable %d", x).isEqualTo(holding - 1);
    }
    assertThat(components).isEqualTo(connectedComponents(g));
    // Every feature sits in a clique holding its variables.
    for (int i = 0; i < v; i++) {
      assertThat(contains(t.clique(t.featureClique(i)), i)).isTrue();
    }
    for (int e = 0; e < g.edgeCount(); e++) {
      int[] c = t.clique(t.featureClique(v + e));
      assertThat(contains(c, g.edgeFrom(e)) && contains(c, g.edgeTo(e))).as("edge %d", e).isTrue();
    }
  }

  static int connectedComponents(PairwiseGraph g) {
    int[] label = new int[g.vertexCount()];
    Arrays.fill(label, -1);
    int count = 0;
    for (int s = 0; s < label.length; s++) {
      if (label[s] >= 0) {
        continue;
      }
      int[] stack = new int[label.length];
      int top = 0;
      stack[top++] = s;
      label[s] = count;
      while (top > 0) {
        int u = stack[--top];
        for (int k = 0; k < g.degree(u); k++) {
          int w = g.neighbour(u, k);
          if (label[w] < 0) {
            label[w] = count;
            stack[top++] = w;
          }
        }
      }
      count++;
    }
    return count;
  }

  @Test
  void widthsOfKnownGraphs() {
    assertThat(CliqueTree.build(JunctionTreeTest.randomTree(50, 2), 20).width()).isEqualTo(1);
    assertThat(CliqueTree.build(PairwiseGraph.complete(7), 20).width()).isEqualTo(6);
    assertThat(CliqueTree.build(PairwiseGraph.complete(7), 20).cliqueCount()).isEqualTo(1);
    PairwiseGraph cycle = new PairwiseGraph(6, new int[][] {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0}});
    assertThat(CliqueTree.build(cycle, 20).width()).isEqualTo(2);
    assertThat(CliqueTree.build(new PairwiseGraph(3, new int[0][]), 20).width()).isZero();
    // The treewidth of an n×n grid is n; the greedy heuristics stay close.
    assertThat(CliqueTree.build(PairwiseGraph.grid(10, 10), 20).width()).isBetween(10, 13);
  }

  @Test
  void rowByRowOrderingGivesTheGridsTreewidth() {
    PairwiseGraph g = PairwiseGraph.grid(6, 6);
    int[] rowByRow = new int[36];
    Arrays.setAll(rowByRow, i -> i);
    CliqueTree t = CliqueTree.fromOrdering(g, rowByRow, "row-by-row", 20);
    assertThat(t.width()).isEqualTo(6);
    assertThat(t.eliminationOrder()).containsExactly(rowByRow);
    assertThat(t.toString()).contains("row-by-row");
    assertThatThrownBy(() -> CliqueTree.fromOrdering(g, new int[] {0, 1}, "bad", 20))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("36 vertices");
    int[] repeated = rowByRow.clone();
    repeated[5] = 4;
    assertThatThrownBy(() -> CliqueTree.fromOrdering(g, repeated, "bad", 20))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a permutation");
  }
}
