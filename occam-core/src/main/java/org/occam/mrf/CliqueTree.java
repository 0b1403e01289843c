package org.occam.mrf;

import org.occam.data.InvalidInputException;
import java.util.Arrays;

/**
 * A clique tree (junction tree) of a {@link PairwiseGraph}, built from an elimination ordering
 * (Koller &amp; Friedman 2009, §10.4.1): eliminating v gives the clique {@code C_v = {v} ∪ N(v)}
 * over the remaining graph, joined to the clique of the first-eliminated vertex of
 * {@code S_v = C_v \ {v}} through the separator {@code S_v}. A clique contained in a child's
 * clique is merged into it, so every clique is maximal. A disconnected graph gives a forest, one
 * tree per component. Immutable; it depends on the graph only, so one tree serves every
 * {@link BoltzmannMachine} on the graph.
 *
 * <p>Clique c's variables are {@link #clique(int)} in ascending order; bit t of a configuration
 * mask is the value of the t-th of them. Each feature is assigned to one clique holding its
 * variables: node i to the clique that absorbed {@code C_i}, edge (i, j) to the one that absorbed
 * the clique of whichever of i, j is eliminated first.
 */
public final class CliqueTree {
  /** The largest clique size accepted at all (2^30 table entries). */
  public static final int HARD_MAX_CLIQUE_SIZE = 30;

  private final PairwiseGraph graph;
  private final int[] eliminationOrder;
  private final String orderingName;
  final int[][] vars;
  /** parent[c], or −1 for the root of a component. */
  final int[] parent;
  final int[][] children;
  /** Cliques with every parent before its children. */
  final int[] preOrder;
  /** The root of clique c's tree (its connected component). */
  final int[] componentRoot;
  /** Per non-root clique: its separator's variables (ascending), and maps to the separator index. */
  final int[][] separator;
  final int[][] childToSeparator;
  final int[][] parentToSeparator;
  /** Feature a lives in clique featureClique[a] at the local bits featureMask[a]. */
  final int[] featureClique;
  final int[] featureMask;
  private final int maxCliqueSize;
  private final long tableEntries;

  private CliqueTree(PairwiseGraph graph, int[] order, String orderingName, int[][] vars, int[] parent,
      int[][] separator, int[] featureClique, int[] featureMask) {
    this.graph = graph;
    this.eliminationOrder = order;
    this.orderingName = orderingName;
    this.vars = vars;
    this.parent = parent;
    this.separator = separator;
    this.featureClique = featureClique;
    this.featureMask = featureMask;
    int n = vars.length;
    int[] childCount = new int[n];
    for (int c = 0; c < n; c++) {
      if (parent[c] >= 0) {
        childCount[parent[c]]++;
      }
    }
    children = new int[n][];
    for (int c = 0; c < n; c++) {
      children[c] = new int[childCount[c]];
      childCount[c] = 0;
    }
    for (int c = 0; c < n; c++) {
      if (parent[c] >= 0) {
        children[parent[c]][childCount[parent[c]]++] = c;
      }
    }
    preOrder = new int[n];
    int head = 0;
    for (int c = 0; c < n; c++) {
      if (parent[c] < 0) {
        preOrder[head++] = c;
      }
    }
    for (int read = 0; read < head; read++) {
      for (int d : children[preOrder[read]]) {
        preOrder[head++] = d;
      }
    }
    componentRoot = new int[n];
    for (int c : preOrder) {
      componentRoot[c] = parent[c] < 0 ? c : componentRoot[parent[c]];
    }
    int largest = 0;
    long entries = 0;
    childToSeparator = new int[n][];
    parentToSeparator = new int[n][];
    for (int c = 0; c < n; c++) {
      largest = Math.max(largest, vars[c].length);
      entries += 1L << vars[c].length;
      if (parent[c] >= 0) {
        childToSeparator[c] = separatorIndex(vars[c], separator[c]);
        parentToSeparator[c] = separatorIndex(vars[parent[c]], separator[c]);
      }
    }
    this.maxCliqueSize = largest;
    this.tableEntries = entries;
  }

  /**
   * The tree from whichever of the min-fill and min-degree orderings gives the smaller total table
   * size {@code Σ_c 2^|C_c|} (min-fill on a tie).
   *
   * @param maxCliqueSize the largest clique accepted, 1 … {@link #HARD_MAX_CLIQUE_SIZE}
   * @throws IllegalArgumentException if the largest clique is bigger, naming the treewidth bound
   */
  public static CliqueTree build(PairwiseGraph g, int maxCliqueSize) {
    int[] fill = EliminationOrdering.minFill(g);
    int[] degree = EliminationOrdering.minDegree(g);
    boolean useFill = totalSize(EliminationOrdering.cliqueSizes(g, fill))
        <= totalSize(EliminationOrdering.cliqueSizes(g, degree));
    return useFill ? fromOrdering(g, fill, "min-fill", maxCliqueSize)
        : fromOrdering(g, degree, "min-degree", maxCliqueSize);
  }

  /**
   * The tree from a given elimination ordering.
   *
   * @param order a permutation of the vertices (not modified)
   * @param orderingName how the ordering was found, for messages and {@link #toString()}
   * @throws IllegalArgumentException if the largest clique exceeds {@code maxCliqueSize}
   */
  public static CliqueTree fromOrdering(PairwiseGraph g, int[] order, String orderingName, int maxCliqueSize) {
    if (maxCliqueSize < 1 || maxCliqueSize > HARD_MAX_CLIQUE_SIZE) {
      throw new InvalidInputException("the clique size limit must be in 1.." + HARD_MAX_CLIQUE_SIZE + ", got " + maxCliqueSize);
    }
    int v = g.vertexCount();
    EliminationOrdering.requirePermutation(order, v);
    int[] position = new int[v];
    for (int step = 0; step < v; step++) {
      position[order[step]] = step;
    }
    // Elimination cliques C_u (ascending) and their parents p(u).
    long[][] adj = EliminationOrdering.adjacency(g);
    int words = adj[0].length;
    int[][] clique = new int[v][];
    int[] up = new int[v];
    int largest = 0;
    for (int u : order) {
      long[] nb = adj[u];
      int size = 1;
      for (long w : nb) {
        size += Long.bitCount(w);
      }
      largest = Math.max(largest, size);
      int[] members = new int[size];
      int k = 0;
      int first = -1;
      boolean placed = false;
      for (int a = EliminationOrdering.nextBit(nb, 0); a >= 0; a = EliminationOrdering.nextBit(nb, a + 1)) {
        if (!placed && u < a) {
          members[k++] = u;
          placed = true;
        }
        members[k++] = a;
        if (first < 0 || position[a] < position[first]) {
          first = a;
        }
      }
      if (!placed) {
        members[k] = u;
      }
      clique[u] = members;
      up[u] = first;
      EliminationOrdering.eliminate(adj, u, words);
    }
    if (largest > maxCliqueSize) {
      throw new InvalidInputException("the junction tree from the " + orderingName + " elimination ordering has a "
          + "largest clique of " + largest + " variables (treewidth at most " + (largest - 1)
          + "), above the limit of " + maxCliqueSize + " variables (2^" + largest
          + " table entries per clique); raise the limit or use an approximate method");
    }
    // Merge C_v into a child w whose clique contains it: p(w) = v and |C_w| = |C_v| + 1.
    int[] rep = new int[v];
    int[] absorber = new int[v];
    Arrays.fill(absorber, -1);
    for (int w : order) {
      int p = up[w];
      if (p >= 0 && clique[w].length == clique[p].length + 1 && absorber[p] < 0) {
        absorber[p] = w;
      }
    }
    for (int u : order) {
      rep[u] = absorber[u] < 0 ? u : rep[absorber[u]];
    }
    int[] node = new int[v];
    Arrays.fill(node, -1);
    int n = 0;
    for (int u : order) {
      if (rep[u] == u) {
        node[u] = n++;
      }
    }
    int[][] vars = new int[n][];
    int[] parent = new int[n];
    Arrays.fill(parent, -1);
    int[][] separator = new int[n][];
    for (int u : order) {
      if (rep[u] == u) {
        vars[node[u]] = clique[u];
      }
    }
    for (int u : order) {
      int p = up[u];
      if (p >= 0 && rep[p] != rep[u]) {
        int c = node[rep[u]];
        parent[c] = node[rep[p]];
        int[] sep = new int[clique[u].length - 1];
        int k = 0;
        for (int a : clique[u]) {
          if (a != u) {
            sep[k++] = a;
          }
        }
        separator[c] = sep;
      }
    }
    int f = v + g.edgeCount();
    int[] featureClique = new int[f];
    int[] featureMask = new int[f];
    for (int i = 0; i < v; i++) {
      int c = node[rep[i]];
      featureClique[i] = c;
      featureMask[i] = 1 << localIndex(vars[c], i);
    }
    for (int e = 0; e < g.edgeCount(); e++) {
      int a = g.edgeFrom(e);
      int b = g.edgeTo(e);
      int first = position[a] < position[b] ? a : b;
      int c = node[rep[first]];
      featureClique[v + e] = c;
      featureMask[v + e] = (1 << localIndex(vars[c], a)) | (1 << localIndex(vars[c], b));
    }
    return new CliqueTree(g, order.clone(), orderingName, vars, parent, separator, featureClique, featureMask);
  }

  private static int localIndex(int[] clique, int variable) {
    int t = Arrays.binarySearch(clique, variable);
    if (t < 0) {
      throw new IllegalStateException("variable " + variable + " is not in clique " + Arrays.toString(clique));
    }
    return t;
  }

  /** map[mask] = the separator configuration (bit s = variable sep[s]) of a clique configuration. */
  private static int[] separatorIndex(int[] clique, int[] sep) {
    int[] bitOf = new int[clique.length];
    for (int s = 0; s < sep.length; s++) {
      bitOf[localIndex(clique, sep[s])] = 1 << s;
    }
    int[] map = new int[1 << clique.length];
    for (int mask = 1; mask < map.length; mask++) {
      map[mask] = map[mask & (mask - 1)] | bitOf[Integer.numberOfTrailingZeros(mask)];
    }
    return map;
  }

  private static double totalSize(int[] cliqueSizes) {
    double s = 0;
    for (int k : cliqueSizes) {
      s += Math.scalb(1.0, k);
    }
    return s;
  }

  public PairwiseGraph graph() {
    return graph;
  }

  /** The number of cliques (tree nodes). */
  public int cliqueCount() {
    return vars.length;
  }

  /** Clique c's variables in ascending order (a fresh array). */
  public int[] clique(int c) {
    return vars[c].clone();
  }

  /** The parent of clique c, or −1 for a root (one root per connected component). */
  public int parent(int c) {
    return parent[c];
  }

  /** The separator between clique c and its parent (a fresh array; empty for a root). */
  public int[] separator(int c) {
    return parent[c] < 0 ? new int[0] : separator[c].clone();
  }

  /** The clique holding feature a (node features, then edges). */
  public int featureClique(int a) {
    return featureClique[a];
  }

  /** The number of variables in the largest clique. */
  public int maxCliqueSize() {
    return maxCliqueSize;
  }

  /** The width of the elimination ordering, {@code maxCliqueSize − 1}: an upper bound on the treewidth. */
  public int width() {
    return maxCliqueSize - 1;
  }

  /** {@code Σ_c 2^|C_c|}, the number of table entries one calibration touches per pass. */
  public long tableEntries() {
    return tableEntries;
  }

  /** The elimination ordering the tree came from (a fresh array). */
  public int[] eliminationOrder() {
    return eliminationOrder.clone();
  }

  @Override
  public String toString() {
    return "CliqueTree[ordering=" + orderingName + ", cliques=" + vars.length + ", maxCliqueSize=" + maxCliqueSize
        + ", tableEntries=" + tableEntries + "]";
  }
}
