package org.occam.search;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.occam.mrf.PairwiseGraph;

/**
 * The edge set of an undirected simple graph on {@code V} vertices as a bit set over the
 * {@code V(V−1)/2} vertex pairs in lexicographic order (0-1, 0-2, …, 0-(V−1), 1-2, …): the key
 * under which structure searches cache scores, since a {@link PairwiseGraph} also carries an edge
 * order that does not change the model. Immutable.
 */
public final class EdgeSet {
  private final int vertexCount;
  private final long[] bits;

  private EdgeSet(int vertexCount, long[] bits) {
    this.vertexCount = vertexCount;
    this.bits = bits;
  }

  /** The empty edge set on V ≥ 1 vertices. */
  public static EdgeSet empty(int vertexCount) {
    if (vertexCount < 1) {
      throw new InvalidInputException("a graph needs at least one vertex, got " + vertexCount);
    }
    return new EdgeSet(vertexCount, new long[(pairCount(vertexCount) + 63) / 64]);
  }

  /** Every pair on V vertices. */
  public static EdgeSet complete(int vertexCount) {
    EdgeSet s = empty(vertexCount);
    for (int p = 0; p < pairCount(vertexCount); p++) {
      s.bits[p >>> 6] |= 1L << (p & 63);
    }
    return s;
  }

  /** The edges of a graph, whatever their order. */
  public static EdgeSet of(PairwiseGraph graph) {
    EdgeSet s = empty(graph.vertexCount());
    for (int e = 0; e < graph.edgeCount(); e++) {
      int p = pairIndex(graph.vertexCount(), graph.edgeFrom(e), graph.edgeTo(e));
      s.bits[p >>> 6] |= 1L << (p & 63);
    }
    return s;
  }

  /**
   * The edge set whose pair {@code p} is present when bit {@code p} of {@code mask} is set (pairs in
   * lexicographic order), for V(V−1)/2 ≤ 63.
   */
  public static EdgeSet fromMask(int vertexCount, long mask) {
    EdgeSet s = empty(vertexCount);
    int pairs = pairCount(vertexCount);
    if (pairs > 63) {
      throw new InvalidInputException("a 63-bit mask cannot hold the " + pairs + " pairs of " + vertexCount + " vertices");
    }
    if (mask < 0 || (mask >>> pairs) != 0) {
      throw new IllegalArgumentException("mask " + mask + " has bits beyond the " + pairs + " pairs");
    }
    if (pairs > 0) {
      s.bits[0] = mask;
    }
    return s;
  }

  /** V(V−1)/2, the number of vertex pairs. */
  public static int pairCount(int vertexCount) {
    return vertexCount * (vertexCount - 1) / 2;
  }

  /** The index of pair {i, j} (either order, i ≠ j) in lexicographic order. */
  public static int pairIndex(int vertexCount, int i, int j) {
    int a = Math.min(i, j);
    int b = Math.max(i, j);
    if (a < 0 || b >= vertexCount || a == b) {
      throw new IllegalArgumentException("no pair " + i + "-" + j + " on " + vertexCount + " vertices");
    }
    // pairs before row a: (V−1) + (V−2) + … + (V−a)
    return a * (2 * vertexCount - a - 1) / 2 + (b - a - 1);
  }

  /** The pair with index p, as {i, j} with i &lt; j. */
  public static int[] pair(int vertexCount, int p) {
    int i = 0;
    int rowLength = vertexCount - 1;
    while (p >= rowLength) {
      p -= rowLength;
      i++;
      rowLength--;
    }
    return new int[] {i, i + 1 + p};
  }

  public int vertexCount() {
    return vertexCount;
  }

  /** Whether pair p is an edge. */
  public boolean contains(int p) {
    return (bits[p >>> 6] & (1L << (p & 63))) != 0;
  }

  /** Whether i and j are joined. */
  public boolean contains(int i, int j) {
    return contains(pairIndex(vertexCount, i, j));
  }

  /** This set with pair p flipped (added if absent, removed if present). */
  public EdgeSet toggle(int p) {
    if (p < 0 || p >= pairCount(vertexCount)) {
      throw new IllegalArgumentException("pair index " + p + " out of 0.." + (pairCount(vertexCount) - 1));
    }
    long[] b = bits.clone();
    b[p >>> 6] ^= 1L << (p & 63);
    return new EdgeSet(vertexCount, b);
  }

  /** The number of edges. */
  public int size() {
    int n = 0;
    for (long w : bits) {
      n += Long.bitCount(w);
    }
    return n;
  }

  /** The degree of every vertex. */
  public int[] degrees() {
    int[] d = new int[vertexCount];
    int p = 0;
    for (int i = 0; i < vertexCount; i++) {
      for (int j = i + 1; j < vertexCount; j++, p++) {
        if (contains(p)) {
          d[i]++;
          d[j]++;
        }
      }
    }
    return d;
  }

  /** The edges as {i, j}, i &lt; j, in lexicographic order. */
  public int[][] edges() {
    List<int[]> out = new ArrayList<>();
    int p = 0;
    for (int i = 0; i < vertexCount; i++) {
      for (int j = i + 1; j < vertexCount; j++, p++) {
        if (contains(p)) {
          out.add(new int[] {i, j});
        }
      }
    }
    return out.toArray(new int[0][]);
  }

  /** The graph with these edges in lexicographic order. */
  public PairwiseGraph toGraph() {
    return new PairwiseGraph(vertexCount, edges());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EdgeSet s && s.vertexCount == vertexCount && Arrays.equals(s.bits, bits);
  }

  @Override
  public int hashCode() {
    return 31 * vertexCount + Arrays.hashCode(bits);
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("EdgeSet[V=" + vertexCount + ",");
    for (int[] e : edges()) {
      s.append(' ').append(e[0]).append('-').append(e[1]);
    }
    return s.append(']').toString();
  }
}
