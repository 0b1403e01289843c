package org.occam.mrf;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An undirected simple graph on {@code V} numbered vertices with an edge order: edge {@code e}
 * joins {@link #edgeFrom(int)} &lt; {@link #edgeTo(int)}. Immutable.
 */
public final class PairwiseGraph {
  private final int vertexCount;
  private final int[] from;
  private final int[] to;
  /** neighbours[i][k] is the k-th neighbour of i; incidentEdges[i][k] the edge joining them. */
  private final int[][] neighbours;
  private final int[][] incidentEdges;

  /**
   * @param vertexCount V ≥ 1
   * @param edges pairs {i, j} of distinct vertices, each pair at most once (either orientation);
   *     they are stored as i &lt; j in the given order
   * @throws IllegalArgumentException for a self-loop, a repeated edge or a vertex out of range
   */
  public PairwiseGraph(int vertexCount, int[][] edges) {
    if (vertexCount < 1) {
      throw new InvalidInputException("a graph needs at least one vertex, got " + vertexCount);
    }
    this.vertexCount = vertexCount;
    this.from = new int[edges.length];
    this.to = new int[edges.length];
    boolean[][] seen = new boolean[vertexCount][vertexCount];
    List<List<int[]>> adjacency = new ArrayList<>();
    for (int i = 0; i < vertexCount; i++) {
      adjacency.add(new ArrayList<>());
    }
    for (int e = 0; e < edges.length; e++) {
      if (edges[e].length != 2) {
        throw new InvalidInputException("edge " + e + " must have two ends, got " + Arrays.toString(edges[e]));
      }
      int a = Math.min(edges[e][0], edges[e][1]);
      int b = Math.max(edges[e][0], edges[e][1]);
      if (a < 0 || b >= vertexCount) {
        throw new InvalidInputException("edge " + e + " " + Arrays.toString(edges[e]) + " has a vertex outside 0.." + (vertexCount - 1));
      }
      if (a == b) {
        throw new InvalidInputException("edge " + e + " is a self-loop on vertex " + a);
      }
      if (seen[a][b]) {
        throw new InvalidInputException("edge " + a + "-" + b + " appears twice");
      }
      seen[a][b] = true;
      from[e] = a;
      to[e] = b;
      adjacency.get(a).add(new int[] {b, e});
      adjacency.get(b).add(new int[] {a, e});
    }
    neighbours = new int[vertexCount][];
    incidentEdges = new int[vertexCount][];
    for (int i = 0; i < vertexCount; i++) {
      List<int[]> adj = adjacency.get(i);
      neighbours[i] = adj.stream().mapToInt(p -> p[0]).toArray();
      incidentEdges[i] = adj.stream().mapToInt(p -> p[1]).toArray();
    }
  }

  /** The complete graph on V vertices, edges in lexicographic order (0-1, 0-2, …, 1-2, …). */
  public static PairwiseGraph complete(int vertexCount) {
    List<int[]> edges = new ArrayList<>();
    for (int i = 0; i < vertexCount; i++) {
      for (int j = i + 1; j < vertexCount; j++) {
        edges.add(new int[] {i, j});
      }
    }
    return new PairwiseGraph(vertexCount, edges.toArray(new int[0][]));
  }

  /** A rows × cols grid, vertex r·cols + c, horizontal edges of each row before the vertical ones. */
  public static PairwiseGraph grid(int rows, int cols) {
    List<int[]> edges = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c + 1 < cols; c++) {
        edges.add(new int[] {r * cols + c, r * cols + c + 1});
      }
    }
    for (int r = 0; r + 1 < rows; r++) {
      for (int c = 0; c < cols; c++) {
        edges.add(new int[] {r * cols + c, (r + 1) * cols + c});
      }
    }
    return new PairwiseGraph(rows * cols, edges.toArray(new int[0][]));
  }

  public int vertexCount() {
    return vertexCount;
  }

  public int edgeCount() {
    return from.length;
  }

  /** The smaller end of edge e. */
  public int edgeFrom(int e) {
    return from[e];
  }

  /** The larger end of edge e. */
  public int edgeTo(int e) {
    return to[e];
  }

  /** The number of neighbours of vertex i (z_i in the notes). */
  public int degree(int i) {
    return neighbours[i].length;
  }

  /** The k-th neighbour of vertex i. */
  public int neighbour(int i, int k) {
    return neighbours[i][k];
  }

  /** The edge joining vertex i to its k-th neighbour. */
  public int incidentEdge(int i, int k) {
    return incidentEdges[i][k];
  }

  /** The index of the edge joining i and j, or −1 if they are not adjacent. */
  public int edgeIndex(int i, int j) {
    for (int k = 0; k < neighbours[i].length; k++) {
      if (neighbours[i][k] == j) {
        return incidentEdges[i][k];
      }
    }
    return -1;
  }

  /** Whether the graph has no cycle (is a forest). */
  public boolean isForest() {
    int[] parent = new int[vertexCount];
    for (int i = 0; i < vertexCount; i++) {
      parent[i] = i;
    }
    for (int e = 0; e < from.length; e++) {
      int a = root(parent, from[e]);
      int b = root(parent, to[e]);
      if (a == b) {
        return false;
      }
      parent[a] = b;
    }
    return true;
  }

  private static int root(int[] parent, int i) {
    while (parent[i] != i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }

  /** The edges as {from, to} pairs, in edge order (a fresh array). */
  public int[][] edges() {
    int[][] out = new int[from.length][];
    for (int e = 0; e < from.length; e++) {
      out[e] = new int[] {from[e], to[e]};
    }
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PairwiseGraph g && g.vertexCount == vertexCount && Arrays.equals(g.from, from) && Arrays.equals(g.to, to);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * vertexCount + Arrays.hashCode(from)) + Arrays.hashCode(to);
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("PairwiseGraph[V=" + vertexCount + ", edges=");
    for (int e = 0; e < from.length; e++) {
      s.append(e == 0 ? "" : " ").append(from[e]).append('-').append(to[e]);
    }
    return s.append(']').toString();
  }
}
