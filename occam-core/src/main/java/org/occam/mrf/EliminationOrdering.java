package org.occam.mrf;

import java.util.Arrays;

/**
 * Greedy elimination orderings of a {@link PairwiseGraph} for variable elimination and junction
 * trees (Koller &amp; Friedman 2009, §9.4.3). Eliminating a vertex joins its remaining neighbours
 * into a clique; the largest such clique, less one, is the ordering's width, an upper bound on the
 * treewidth.
 *
 * <p>Both heuristics break ties by the smaller current degree, then by the lower vertex index, so
 * an ordering depends on the graph alone.
 */
public final class EliminationOrdering {
  private EliminationOrdering() {}

  /** Min-fill: always eliminate a vertex whose elimination adds the fewest fill-in edges. */
  public static int[] minFill(PairwiseGraph g) {
    return greedy(g, true);
  }

  /** Min-degree: always eliminate a vertex with the fewest remaining neighbours. */
  public static int[] minDegree(PairwiseGraph g) {
    return greedy(g, false);
  }

  /**
   * The elimination cliques' sizes {@code |{v} ∪ N(v)|} for an ordering, in elimination order.
   *
   * @param order a permutation of the vertices
   * @throws IllegalArgumentException if {@code order} is not a permutation of 0…V−1
   */
  public static int[] cliqueSizes(PairwiseGraph g, int[] order) {
    int v = g.vertexCount();
    requirePermutation(order, v);
    long[][] adj = adjacency(g);
    int words = adj[0].length;
    int[] sizes = new int[v];
    for (int step = 0; step < v; step++) {
      int u = order[step];
      sizes[step] = 1 + eliminate(adj, u, words);
    }
    return sizes;
  }

  private static int[] greedy(PairwiseGraph g, boolean fill) {
    int v = g.vertexCount();
    long[][] adj = adjacency(g);
    int words = adj[0].length;
    int[] degree = new int[v];
    long[] score = new long[v];
    boolean[] eliminated = new boolean[v];
    for (int u = 0; u < v; u++) {
      degree[u] = g.degree(u);
      score[u] = fill ? fillIn(adj, u, words) : degree[u];
    }
    int[] order = new int[v];
    long[] touched = new long[words];
    for (int step = 0; step < v; step++) {
      int best = -1;
      for (int u = 0; u < v; u++) {
        if (!eliminated[u] && (best < 0 || score[u] < score[best]
            || (score[u] == score[best] && degree[u] < degree[best]))) {
          best = u;
        }
      }
      order[step] = best;
      eliminated[best] = true;
      // Vertices whose score can change: the neighbours of best and, for min-fill, theirs.
      Arrays.fill(touched, 0);
      long[] nb = adj[best];
      for (int w = 0; w < words; w++) {
        touched[w] |= nb[w];
      }
      if (fill) {
        for (int a = nextBit(nb, 0); a >= 0; a = nextBit(nb, a + 1)) {
          for (int w = 0; w < words; w++) {
            touched[w] |= adj[a][w];
          }
        }
      }
      eliminate(adj, best, words);
      for (int u = nextBit(touched, 0); u >= 0; u = nextBit(touched, u + 1)) {
        if (!eliminated[u]) {
          degree[u] = popCount(adj[u]);
          score[u] = fill ? fillIn(adj, u, words) : degree[u];
        }
      }
    }
    return order;
  }

  /** Connects u's neighbours pairwise and removes u; returns how many neighbours u had. */
  static int eliminate(long[][] adj, int u, int words) {
    long[] nb = adj[u];
    int count = 0;
    for (int a = nextBit(nb, 0); a >= 0; a = nextBit(nb, a + 1)) {
      count++;
      long[] row = adj[a];
      for (int w = 0; w < words; w++) {
        row[w] |= nb[w];
      }
      row[a >>> 6] &= ~(1L << a);
      row[u >>> 6] &= ~(1L << u);
    }
    Arrays.fill(nb, 0);
    return count;
  }

  /** The number of missing edges among u's neighbours. */
  private static long fillIn(long[][] adj, int u, int words) {
    long[] nb = adj[u];
    int d = popCount(nb);
    long present = 0;
    for (int a = nextBit(nb, 0); a >= 0; a = nextBit(nb, a + 1)) {
      long[] row = adj[a];
      for (int w = 0; w < words; w++) {
        present += Long.bitCount(row[w] & nb[w]);
      }
    }
    return ((long) d * (d - 1) - present) / 2;
  }

  static long[][] adjacency(PairwiseGraph g) {
    int v = g.vertexCount();
    int words = (v + 63) >>> 6;
    long[][] adj = new long[v][words];
    for (int e = 0; e < g.edgeCount(); e++) {
      int a = g.edgeFrom(e);
      int b = g.edgeTo(e);
      adj[a][b >>> 6] |= 1L << b;
      adj[b][a >>> 6] |= 1L << a;
    }
    return adj;
  }

  static int nextBit(long[] bits, int from) {
    int w = from >>> 6;
    if (w >= bits.length) {
      return -1;
    }
    long word = bits[w] & (-1L << from);
    while (true) {
      if (word != 0) {
        return (w << 6) + Long.numberOfTrailingZeros(word);
      }
      if (++w == bits.length) {
        return -1;
      }
      word = bits[w];
    }
  }

  private static int popCount(long[] bits) {
    int c = 0;
    for (long b : bits) {
      c += Long.bitCount(b);
    }
    return c;
  }

  static void requirePermutation(int[] order, int v) {
    if (order.length != v) {
      throw new IllegalArgumentException("an elimination ordering of " + v + " vertices has " + order.length + " entries");
    }
    boolean[] seen = new boolean[v];
    for (int u : order) {
      if (u < 0 || u >= v || seen[u]) {
        throw new IllegalArgumentException("the elimination ordering is not a permutation of 0.." + (v - 1) + ": entry " + u);
      }
      seen[u] = true;
    }
  }
}
