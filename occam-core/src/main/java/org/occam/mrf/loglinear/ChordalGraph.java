package org.occam.mrf.loglinear;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.occam.data.InvalidInputException;
import org.occam.mrf.PairwiseGraph;
import org.occam.search.EdgeSet;

/**
 * A chordal (triangulated, decomposable) graph on at most {@value #MAX_VERTICES} vertices with its
 * junction tree: a perfect elimination ordering, the maximal cliques in an order with the
 * running-intersection property, and the separators joining each clique to an earlier one. Vertex
 * sets are bit masks ({@code 1L << v}). Immutable.
 *
 * <p>Chordality is tested by maximum cardinality search (Tarjan &amp; Yannakakis 1984, SIAM J.
 * Comput. 13:566): number the vertices one at a time, always one with the most numbered
 * neighbours; the graph is chordal iff, for every vertex, its earlier-numbered neighbours other
 * than the latest of them are all adjacent to that latest one. The reverse of the search order is
 * then a perfect elimination ordering, and the sets {v} ∪ (v's earlier neighbours), the maximal
 * ones among them in search order, are the cliques of a junction tree (Blair &amp; Peyton 1993).
 */
public final class ChordalGraph {
  /** The most vertices: vertex sets are the bits of a long, kept clear of the sign bit with room to spare. */
  public static final int MAX_VERTICES = 62;

  private final int vertexCount;
  private final long[] adjacency;
  private final int[] searchOrder;
  private final long[] cliques;
  private final long[] separators;
  private final int[] parents;

  private ChordalGraph(int vertexCount, long[] adjacency, int[] searchOrder, long[] cliques, long[] separators,
      int[] parents) {
    this.vertexCount = vertexCount;
    this.adjacency = adjacency;
    this.searchOrder = searchOrder;
    this.cliques = cliques;
    this.separators = separators;
    this.parents = parents;
  }

  /**
   * The junction tree of a chordal graph.
   *
   * @throws InvalidInputException if the graph is not chordal (naming a chordless cycle) or has
   *     more than {@value #MAX_VERTICES} vertices
   */
  public static ChordalGraph of(PairwiseGraph graph) {
    Optional<ChordalGraph> g = tryOf(graph);
    if (g.isEmpty()) {
      int[] cycle = chordlessCycle(graph).orElseThrow(
          () -> new IllegalStateException("maximum cardinality search rejected " + graph + " but no chordless cycle"));
      StringBuilder s = new StringBuilder();
      for (int v : cycle) {
        s.append(v).append('-');
      }
      s.append(cycle[0]);
      throw new InvalidInputException("the graph is not chordal (decomposable): it has the chordless cycle " + s);
    }
    return g.get();
  }

  /** The junction tree of an edge set; see {@link #of(PairwiseGraph)}. */
  public static ChordalGraph of(EdgeSet edges) {
    return of(edges.toGraph());
  }

  /** Whether the graph is chordal: every cycle of four or more vertices has a chord. */
  public static boolean isChordal(PairwiseGraph graph) {
    return tryOf(graph).isPresent();
  }

  /** The junction tree when the graph is chordal, else empty. */
  public static Optional<ChordalGraph> tryOf(PairwiseGraph graph) {
    int n = graph.vertexCount();
    if (n > MAX_VERTICES) {
      throw new InvalidInputException("chordal graphs here have at most " + MAX_VERTICES + " vertices, got " + n);
    }
    long[] adj = adjacency(graph);
    int[] order = maximumCardinalitySearch(n, adj);
    // earlier[i]: the neighbours of order[i] numbered before it
    long[] earlier = new long[n];
    long numbered = 0;
    int[] position = new int[n];
    for (int i = 0; i < n; i++) {
      int v = order[i];
      position[v] = i;
      earlier[i] = adj[v] & numbered;
      numbered |= 1L << v;
    }
    for (int i = 0; i < n; i++) {
      if (earlier[i] == 0) {
        continue;
      }
      int latest = -1;
      for (long m = earlier[i]; m != 0; m &= m - 1) {
        int u = Long.numberOfTrailingZeros(m);
        if (latest < 0 || position[u] > position[latest]) {
          latest = u;
        }
      }
      long rest = earlier[i] & ~(1L << latest);
      if ((rest & ~adj[latest]) != 0) {
        return Optional.empty();
      }
    }
    // candidate cliques in search order; a candidate inside another is not maximal
    List<Long> maximal = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long k = earlier[i] | (1L << order[i]);
      boolean inside = false;
      for (int j = 0; j < n && !inside; j++) {
        long other = earlier[j] | (1L << order[j]);
        inside = j != i && (k & other) == k && (k != other || j < i);
      }
      if (!inside) {
        maximal.add(k);
      }
    }
    int c = maximal.size();
    long[] cliques = new long[c];
    long[] separators = new long[c];
    int[] parents = new int[c];
    long seen = 0;
    for (int j = 0; j < c; j++) {
      cliques[j] = maximal.get(j);
      separators[j] = cliques[j] & seen;
      parents[j] = -1;
      if (j > 0) {
        for (int p = 0; p < j && parents[j] < 0; p++) {
          if ((separators[j] & cliques[p]) == separators[j]) {
            parents[j] = p;
          }
        }
        if (parents[j] < 0) {
          throw new IllegalStateException("running intersection fails at clique " + j + " of " + graph);
        }
      }
      seen |= cliques[j];
    }
    return Optional.of(new ChordalGraph(n, adj, order, cliques, separators, parents));
  }

  /** Numbers the vertices, each time one with the most numbered neighbours (ties: the lowest index). */
  private static int[] maximumCardinalitySearch(int n, long[] adj) {
    int[] order = new int[n];
    int[] weight = new int[n];
    long numbered = 0;
    for (int i = 0; i < n; i++) {
      int best = -1;
      for (int v = 0; v < n; v++) {
        if ((numbered & (1L << v)) == 0 && (best < 0 || weight[v] > weight[best])) {
          best = v;
        }
      }
      order[i] = best;
      numbered |= 1L << best;
      for (long m = adj[best] & ~numbered; m != 0; m &= m - 1) {
        weight[Long.numberOfTrailingZeros(m)]++;
      }
    }
    return order;
  }

  private static long[] adjacency(PairwiseGraph g) {
    long[] adj = new long[g.vertexCount()];
    for (int e = 0; e < g.edgeCount(); e++) {
      adj[g.edgeFrom(e)] |= 1L << g.edgeTo(e);
      adj[g.edgeTo(e)] |= 1L << g.edgeFrom(e);
    }
    return adj;
  }

  /**
   * A chordless cycle of four or more vertices, in cycle order, if there is one. Every such cycle
   * has a vertex v with two non-adjacent neighbours u, w on it, the rest of the cycle avoiding v's
   * other neighbours; so for each such v, u, w this looks for a shortest u–w path outside
   * {v} ∪ N(v) (a shortest path has no chords), found independently of the search above.
   */
  public static Optional<int[]> chordlessCycle(PairwiseGraph graph) {
    int n = graph.vertexCount();
    if (n > MAX_VERTICES) {
      throw new InvalidInputException("chordal graphs here have at most " + MAX_VERTICES + " vertices, got " + n);
    }
    long[] adj = adjacency(graph);
    for (int v = 0; v < n; v++) {
      for (long mu = adj[v]; mu != 0; mu &= mu - 1) {
        int u = Long.numberOfTrailingZeros(mu);
        for (long mw = adj[v] & ~adj[u] & ~((2L << u) - 1); mw != 0; mw &= mw - 1) {
          int w = Long.numberOfTrailingZeros(mw);
          long allowed = ~(adj[v] | (1L << v)) | (1L << w);
          int[] path = shortestPath(n, adj, u, w, allowed);
          if (path != null) {
            int[] cycle = new int[path.length + 1];
            cycle[0] = v;
            System.arraycopy(path, 0, cycle, 1, path.length);
            return Optional.of(cycle);
          }
        }
      }
    }
    return Optional.empty();
  }

  /** A shortest path from {@code from} to {@code to} whose later vertices lie in {@code allowed}, or null. */
  private static int[] shortestPath(int n, long[] adj, int from, int to, long allowed) {
    int[] previous = new int[n];
    java.util.Arrays.fill(previous, -2);
    previous[from] = -1;
    int[] queue = new int[n];
    int head = 0;
    int tail = 0;
    queue[tail++] = from;
    while (head < tail) {
      int x = queue[head++];
      if (x == to) {
        List<Integer> path = new ArrayList<>();
        for (int y = to; y >= 0; y = previous[y]) {
          path.add(0, y);
        }
        return path.stream().mapToInt(Integer::intValue).toArray();
      }
      for (long m = adj[x] & allowed; m != 0; m &= m - 1) {
        int y = Long.numberOfTrailingZeros(m);
        if (previous[y] == -2) {
          previous[y] = x;
          queue[tail++] = y;
        }
      }
    }
    return null;
  }

  public int vertexCount() {
    return vertexCount;
  }

  /** The neighbours of vertex v as a bit mask. */
  public long neighbours(int v) {
    return adjacency[v];
  }

  /**
   * A perfect elimination ordering: each vertex's neighbours later in it form a clique (the
   * reverse of the maximum cardinality search). Reversed, it orients the graph into a DAG with no
   * v-structure whose moral graph is this graph.
   */
  public int[] perfectEliminationOrdering() {
    int[] p = new int[searchOrder.length];
    for (int i = 0; i < p.length; i++) {
      p[i] = searchOrder[searchOrder.length - 1 - i];
    }
    return p;
  }

  /** The number of maximal cliques. */
  public int cliqueCount() {
    return cliques.length;
  }

  /** Maximal clique {@code c} as a bit mask; cliques are in running-intersection order. */
  public long clique(int c) {
    return cliques[c];
  }

  /**
   * The separator of clique {@code c}: its intersection with the cliques before it, which lies in
   * its {@link #parent}; 0 (empty) for the first clique and for a clique starting a new component.
   */
  public long separator(int c) {
    return separators[c];
  }

  /** The earlier clique that holds {@link #separator}(c), joined to c in the junction tree; −1 for clique 0. */
  public int parent(int c) {
    return parents[c];
  }

  /** The vertices of a bit mask in increasing order. */
  public static int[] members(long mask) {
    int[] out = new int[Long.bitCount(mask)];
    int k = 0;
    for (long m = mask; m != 0; m &= m - 1) {
      out[k++] = Long.numberOfTrailingZeros(m);
    }
    return out;
  }
}
