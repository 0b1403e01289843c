package org.occam.mrf.loglinear;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.data.InvalidInputException;
import org.occam.mrf.PairwiseGraph;
import org.occam.search.EdgeSet;

class ChordalGraphTest {
  /** OEIS A058862: labelled chordal graphs on n = 1..6 vertices. */
  private static final long[] CHORDAL_COUNTS = {1, 2, 8, 61, 822, 18154};

  @Test
  void countsTheLabelledChordalGraphsByBruteForce() {
    for (int n = 1; n <= 6; n++) {
      int pairs = EdgeSet.pairCount(n);
      long chordal = 0;
      for (long mask = 0; mask < 1L << pairs; mask++) {
        PairwiseGraph g = EdgeSet.fromMask(n, mask).toGraph();
        boolean byMcs = ChordalGraph.isChordal(g);
        // the independent certificate: chordal iff no chordless cycle of four or more
        assertThat(ChordalGraph.chordlessCycle(g).isEmpty()).as("%s", g).isEqualTo(byMcs);
        chordal += byMcs ? 1 : 0;
      }
      assertThat(chordal).as("n = %d", n).isEqualTo(CHORDAL_COUNTS[n - 1]);
    }
  }

  @Test
  void aFourCycleIsNotChordalAndTheRefusalNamesTheCycle() {
    PairwiseGraph square = new PairwiseGraph(4, new int[][] {{0, 1}, {1, 2}, {2, 3}, {0, 3}});
    assertThat(ChordalGraph.isChordal(square)).isFalse();
    int[] cycle = ChordalGraph.chordlessCycle(square).orElseThrow();
    assertThat(cycle).hasSize(4).containsExactlyInAnyOrder(0, 1, 2, 3);
    assertThatThrownBy(() -> ChordalGraph.of(square)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("not chordal").hasMessageContaining("chordless cycle 0-1-2-3-0");
  }

  @Test
  void aFourCycleWithAChordHasTwoTrianglesAndAnEdgeSeparator() {
    PairwiseGraph g = new PairwiseGraph(4, new int[][] {{0, 1}, {1, 2}, {2, 3}, {0, 3}, {0, 2}});
    ChordalGraph c = ChordalGraph.of(g);
    assertThat(c.cliqueCount()).isEqualTo(2);
    List<Long> cliques = List.of(c.clique(0), c.clique(1));
    assertThat(cliques).containsExactlyInAnyOrder(0b0111L, 0b1101L);
    assertThat(c.separator(0)).isZero();
    assertThat(c.separator(1)).isEqualTo(0b0101L);
    assertThat(c.parent(1)).isZero();
  }

  @Test
  void aFiveCycleNamesAllFiveVertices() {
    PairwiseGraph g = new PairwiseGraph(6, new int[][] {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {4, 5}});
    assertThat(ChordalGraph.chordlessCycle(g).orElseThrow()).containsExactlyInAnyOrder(0, 1, 2, 3, 4);
  }

  @Test
  void forestsHaveTheirEdgesAsCliquesAndEmptySeparatorsBetweenComponents() {
    // 0-1-2 path, 3 alone, 4-5 edge
    PairwiseGraph g = new PairwiseGraph(6, new int[][] {{0, 1}, {1, 2}, {4, 5}});
    ChordalGraph c = ChordalGraph.of(g);
    List<Long> cliques = new ArrayList<>();
    long separatorVertices = 0;
    int emptySeparators = 0;
    for (int k = 0; k < c.cliqueCount(); k++) {
      cliques.add(c.clique(k));
      separatorVertices |= c.separator(k);
      emptySeparators += c.separator(k) == 0 ? 1 : 0;
    }
    assertThat(cliques).containsExactlyInAnyOrder(0b11L, 0b110L, 0b1000L, 0b110000L);
    assertThat(separatorVertices).isEqualTo(0b10L);
    assertThat(emptySeparators).isEqualTo(3);
  }

  /** On every chordal graph of up to six vertices: the defining properties of the junction tree and ordering. */
  @Test
  void junctionTreesAndOrderingsHoldTheirDefiningPropertiesOnEveryChordalGraph() {
    for (int n = 1; n <= 6; n++) {
      for (long mask = 0; mask < 1L << EdgeSet.pairCount(n); mask++) {
        PairwiseGraph g = EdgeSet.fromMask(n, mask).toGraph();
        var maybe = ChordalGraph.tryOf(g);
        if (maybe.isEmpty()) {
          continue;
        }
        ChordalGraph c = maybe.get();
        assertThat(sorted(cliqueList(c))).as("%s", g).isEqualTo(sorted(maximalCliques(g)));
        long seen = 0;
        int net = 0;
        for (int k = 0; k < c.cliqueCount(); k++) {
          assertThat(c.separator(k)).isEqualTo(c.clique(k) & seen);
          if (k > 0) {
            assertThat(c.clique(c.parent(k)) & c.separator(k)).isEqualTo(c.separator(k));
          }
          seen |= c.clique(k);
          net += Long.bitCount(c.clique(k)) - Long.bitCount(c.separator(k));
        }
        assertThat(net).isEqualTo(n);
        int[] order = c.perfectEliminationOrdering();
        assertThat(order).containsExactlyInAnyOrder(range(n));
        long eliminated = 0;
        for (int v : order) {
          long later = c.neighbours(v) & ~eliminated & ~(1L << v);
          for (int u : ChordalGraph.members(later)) {
            assertThat(c.neighbours(u) | (1L << u)).as("%s at %d", g, v).matches(m -> (m & later) == later);
          }
          eliminated |= 1L << v;
        }
      }
    }
  }

  @Test
  void refusesMoreThanSixtyTwoVertices() {
    assertThatThrownBy(() -> ChordalGraph.isChordal(new PairwiseGraph(63, new int[0][])))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("at most 62");
    assertThat(ChordalGraph.of(PairwiseGraph.complete(62)).cliqueCount()).isEqualTo(1);
  }

  private static List<Long> cliqueList(ChordalGraph c) {
    List<Long> out = new ArrayList<>();
    for (int k = 0; k < c.cliqueCount(); k++) {
      out.add(c.clique(k));
    }
    return out;
  }

  /** The maximal complete vertex subsets, by brute force over all subsets. */
  private static List<Long> maximalCliques(PairwiseGraph g) {
    int n = g.vertexCount();
    long[] adj = new long[n];
    for (int[] e : g.edges()) {
      adj[e[0]] |= 1L << e[1];
      adj[e[1]] |= 1L << e[0];
    }
    List<Long> complete = new ArrayList<>();
    for (long s = 1; s < 1L << n; s++) {
      boolean ok = true;
      for (int v : ChordalGraph.members(s)) {
        ok &= ((adj[v] | (1L << v)) & s) == s;
      }
      if (ok) {
        complete.add(s);
      }
    }
    List<Long> out = new ArrayList<>();
    for (long s : complete) {
      if (complete.stream().noneMatch(t -> t != s && (t & s) == s)) {
        out.add(s);
      }
    }
    return out;
  }

  private static List<Long> sorted(List<Long> xs) {
    return xs.stream().sorted().toList();
  }

  private static int[] range(int n) {
    int[] r = new int[n];
    for (int i = 0; i < n; i++) {
      r[i] = i;
    }
    return r;
  }
}
