package org.occam.mrf.loglinear;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.occam.data.InvalidInputException;
import org.occam.mrf.EliminationOrdering;
import org.occam.mrf.PairwiseGraph;

/**
 * Exact inference for a {@link LogLinearStructure} on a junction tree of its interaction graph
 * (variables joined when they share a term), triangulated by min-fill: each term's features live in
 * one clique that contains the term; two-pass sum-product in the log domain gives log Z and the
 * clique marginals, hence E[f]. The covariance is by conditioning,
 * {@code Cov[f_a, f_b] = E[f_a] (E[f_b | f_a = 1] − E[f_b])}, one calibration with f_a clamped on
 * per feature. Immutable after construction; each run allocates its own tables.
 */
public final class LogLinearJunctionTree implements LogLinearInference {
  /** The largest total clique table size built (16,777,216 entries). */
  public static final double MAX_TABLE_ENTRIES = 1 << 24;

  /**
   * The cliques of the triangulated interaction graph.
   *
   * @param cliques each clique's variables, sorted
   * @param tableEntries the sum of the cliques' table sizes
   */
  public record Shape(List<int[]> cliques, double tableEntries) {}

  private final LogLinearStructure structure;
  private final int[][] cliques;
  private final int[] parent;
  /** Cliques in an order where every parent comes before its children (root first). */
  private final int[] order;
  /** Per clique, the root of its tree (its connected component). */
  private final int[] rootOf;
  private final int[] size;
  /** Per clique, per cell: the index of the separator cell with the parent. */
  private final int[][] toSeparator;
  /** Per clique (non-root), per parent cell: the index of this clique's separator cell. */
  private final int[][] parentToSeparator;
  private final int[] separatorSize;
  /** Per clique, per cell, the features on there (those of the terms assigned to the clique). */
  private final int[][] activeStart;
  private final int[][] active;

  /** @throws InvalidInputException if the clique tables together exceed {@link #MAX_TABLE_ENTRIES} */
  public LogLinearJunctionTree(LogLinearStructure structure) {
    this(structure, shape(structure));
  }

  LogLinearJunctionTree(LogLinearStructure structure, Shape shape) {
    this.structure = structure;
    requireSize(structure, shape);
    cliques = shape.cliques().toArray(new int[0][]);
    int k = cliques.length;
    parent = new int[k];
    order = spanningTree(cliques, parent);
    rootOf = new int[k];
    for (int c : order) { // parents come first
      rootOf[c] = parent[c] < 0 ? c : rootOf[parent[c]];
    }
    size = new int[k];
    for (int c = 0; c < k; c++) {
      size[c] = tableSize(cliques[c]);
    }
    toSeparator = new int[k][];
    parentToSeparator = new int[k][];
    separatorSize = new int[k];
    for (int c = 0; c < k; c++) {
      if (parent[c] < 0) {
        continue;
      }
      int[] sep = intersection(cliques[c], cliques[parent[c]]);
      separatorSize[c] = tableSize(sep);
      toSeparator[c] = projection(cliques[c], sep);
      parentToSeparator[c] = projection(cliques[parent[c]], sep);
    }
    // each term to the first clique that contains it
    int[] home = new int[structure.termCount()];
    for (int t = 0; t < home.length; t++) {
      int[] term = structure.term(t);
      home[t] = -1;
      for (int c = 0; c < k && home[t] < 0; c++) {
        if (intersection(cliques[c], term).length == term.length) {
          home[t] = c;
        }
      }
      if (home[t] < 0) {
        throw new IllegalStateException("no clique holds term " + structure.names(term));
      }
    }
    activeStart = new int[k][];
    active = new int[k][];
    int n = structure.variableCount();
    for (int c = 0; c < k; c++) {
      List<Integer> terms = new ArrayList<>();
      for (int t = 0; t < home.length; t++) {
        if (home[t] == c) {
          terms.add(t);
        }
      }
      activeStart[c] = new int[size[c] + 1];
      int[] buffer = new int[size[c] * Math.max(1, terms.size())];
      int used = 0;
      int[] x = new int[n];
      for (int cell = 0; cell < size[c]; cell++) {
        assign(cliques[c], cell, x);
        for (int t : terms) {
          int a = structure.activeFeature(t, x);
          if (a >= 0) {
            buffer[used++] = a;
          }
        }
        activeStart[c][cell + 1] = used;
      }
      active[c] = Arrays.copyOf(buffer, used);
    }
  }

  /** @throws InvalidInputException if the clique tables together exceed {@link #MAX_TABLE_ENTRIES} */
  static void requireSize(LogLinearStructure structure, Shape shape) {
    if (shape.tableEntries() > MAX_TABLE_ENTRIES) {
      throw new InvalidInputException(String.format(Locale.ROOT, "exact inference is limited to %.3g clique table"
          + " entries; the junction tree of %s needs %.3g (largest clique %d variables)", MAX_TABLE_ENTRIES,
          structure.generatorString(), shape.tableEntries(), shape.cliques().stream().mapToInt(c -> c.length).max()
          .orElse(0)));
    }
  }

  /** The cliques a min-fill triangulation of the structure's interaction graph gives. */
  public static Shape shape(LogLinearStructure structure) {
    int n = structure.variableCount();
    PairwiseGraph graph = structure.interactionGraph();
    boolean[][] adjacent = new boolean[n][n];
    for (int e = 0; e < graph.edgeCount(); e++) {
      adjacent[graph.edgeFrom(e)][graph.edgeTo(e)] = adjacent[graph.edgeTo(e)][graph.edgeFrom(e)] = true;
    }
    int[] elimination = EliminationOrdering.minFill(graph);
    boolean[] gone = new boolean[n];
    List<int[]> cliques = new ArrayList<>();
    for (int u : elimination) {
      List<Integer> members = new ArrayList<>();
      members.add(u);
      for (int w = 0; w < n; w++) {
        if (!gone[w] && w != u && adjacent[u][w]) {
          members.add(w);
        }
      }
      for (int a : members) {
        for (int b : members) {
          if (a != b) {
            adjacent[a][b] = true;
          }
        }
      }
      gone[u] = true;
      int[] clique = members.stream().mapToInt(Integer::intValue).sorted().toArray();
      boolean contained = false;
      for (int[] c : cliques) {
        contained |= intersection(c, clique).length == clique.length;
      }
      if (!contained) {
        cliques.removeIf(c -> intersection(clique, c).length == c.length);
        cliques.add(clique);
      }
    }
    double entries = 0;
    for (int[] c : cliques) {
      double s = 1;
      for (int v : c) {
        s *= structure.cardinality(v);
      }
      entries += s;
    }
    return new Shape(cliques, entries);
  }

  /** The cliques, each's variables sorted, in the tree's index order (fresh arrays). */
  public List<int[]> cliques() {
    return Arrays.stream(cliques).map(int[]::clone).toList();
  }

  /** Each clique's parent in the tree (−1 at the root of each connected component), by clique index. */
  public int[] parents() {
    return parent.clone();
  }

  @Override
  public LogLinearStructure structure() {
    return structure;
  }

  @Override
  public String describe() {
    int widest = Arrays.stream(cliques).mapToInt(c -> c.length).max().orElse(0);
    return "junction tree of " + cliques.length + " cliques (largest " + widest + " variables)";
  }

  @Override
  public LogLinearEnumeration.Result run(double[] lambda, boolean covariance) {
    if (lambda.length != structure.featureCount()) {
      throw new IllegalArgumentException("the model has " + structure.featureCount() + " parameters, got "
          + lambda.length);
    }
    double[][] psi = potentials(lambda);
    double[][] marginal = new double[cliques.length][];
    double logZ = calibrate(psi, marginal);
    double[] means = means(marginal);
    double[][] cov = null;
    if (covariance) {
      int f = means.length;
      cov = new double[f][f];
      int[] homeClique = new int[f];
      Arrays.fill(homeClique, -1);
      for (int c = 0; c < cliques.length; c++) {
        for (int a : active[c]) {
          homeClique[a] = c;
        }
      }
      for (int a = 0; a < f; a++) {
        if (!(means[a] > 0) || homeClique[a] < 0) {
          continue;
        }
        int c = homeClique[a];
        double[] saved = psi[c];
        double[] clamped = saved.clone();
        for (int cell = 0; cell < size[c]; cell++) {
          boolean on = false;
          for (int j = activeStart[c][cell]; j < activeStart[c][cell + 1] && !on; j++) {
            on = active[c][j] == a;
          }
          if (!on) {
            clamped[cell] = Double.NEGATIVE_INFINITY;
          }
        }
        psi[c] = clamped;
        double[][] conditional = new double[cliques.length][];
        calibrate(psi, conditional);
        double[] given = means(conditional);
        psi[c] = saved;
        for (int b = 0; b < f; b++) {
          cov[a][b] = means[a] * (given[b] - means[b]);
        }
      }
      for (int a = 0; a < f; a++) { // symmetrise the rounding
        for (int b = a + 1; b < f; b++) {
          double s = 0.5 * (cov[a][b] + cov[b][a]);
          cov[a][b] = s;
          cov[b][a] = s;
        }
      }
    }
    return new LogLinearEnumeration.Result(logZ, means, cov);
  }

  /**
   * Exact draws of full assignments from p(x | λ): one calibration, then forward sampling down the
   * tree — each root clique's cell from its marginal, each child's from its marginal given the
   * separator cell its parent's draw fixed.
   *
   * @return rows × V state indices
   */
  @Override
  public int[][] sample(double[] lambda, int rows, org.apache.commons.rng.UniformRandomProvider rng) {
    if (lambda.length != structure.featureCount()) {
      throw new IllegalArgumentException("the model has " + structure.featureCount() + " parameters, got "
          + lambda.length);
    }
    double[][] marginal = new double[cliques.length][];
    calibrate(potentials(lambda), marginal);
    // per clique, its cells grouped by separator cell (all cells in one group for a root), with
    // cumulative probabilities within each group
    int k = cliques.length;
    int[][][] groupCells = new int[k][][];
    double[][][] groupCumulative = new double[k][][];
    for (int c = 0; c < k; c++) {
      int groups = parent[c] < 0 ? 1 : separatorSize[c];
      int[] counts = new int[groups];
      for (int cell = 0; cell < size[c]; cell++) {
        counts[parent[c] < 0 ? 0 : toSeparator[c][cell]]++;
      }
      groupCells[c] = new int[groups][];
      groupCumulative[c] = new double[groups][];
      for (int g = 0; g < groups; g++) {
        groupCells[c][g] = new int[counts[g]];
        groupCumulative[c][g] = new double[counts[g]];
      }
      int[] filled = new int[groups];
      for (int cell = 0; cell < size[c]; cell++) {
        int g = parent[c] < 0 ? 0 : toSeparator[c][cell];
        int j = filled[g]++;
        groupCells[c][g][j] = cell;
        groupCumulative[c][g][j] = (j == 0 ? 0 : groupCumulative[c][g][j - 1]) + marginal[c][cell];
      }
    }
    int n = structure.variableCount();
    int[][] out = new int[rows][];
    int[] chosen = new int[k];
    for (int r = 0; r < rows; r++) {
      int[] x = new int[n];
      for (int i = 0; i < k; i++) {
        int c = order[i];
        int g = parent[c] < 0 ? 0 : parentToSeparator[c][chosen[parent[c]]];
        double[] cumulative = groupCumulative[c][g];
        double u = rng.nextDouble() * cumulative[cumulative.length - 1];
        int j = java.util.Arrays.binarySearch(cumulative, u);
        j = j >= 0 ? Math.min(j + 1, cumulative.length - 1) : Math.min(-j - 1, cumulative.length - 1);
        chosen[c] = groupCells[c][g][j];
        assign(cliques[c], chosen[c], x);
      }
      out[r] = x;
    }
    return out;
  }

  private double[][] potentials(double[] lambda) {
    double[][] psi = new double[cliques.length][];
    for (int c = 0; c < cliques.length; c++) {
      psi[c] = new double[size[c]];
      for (int cell = 0; cell < size[c]; cell++) {
        double e = 0;
        for (int j = activeStart[c][cell]; j < activeStart[c][cell + 1]; j++) {
          e += lambda[active[c][j]];
        }
        psi[c][cell] = e;
      }
    }
    return psi;
  }

  /** Two passes; writes each clique's log marginal (normalised) and returns log Z. */
  private double calibrate(double[][] psi, double[][] marginal) {
    int k = cliques.length;
    double[][] belief = new double[k][];
    double[][] up = new double[k][];
    for (int c = 0; c < k; c++) {
      belief[c] = psi[c].clone();
    }
    for (int i = k - 1; i >= 0; i--) { // collect: children before parents
      int c = order[i];
      if (parent[c] < 0) {
        continue;
      }
      up[c] = sumToSeparator(belief[c], toSeparator[c], separatorSize[c]);
      double[] p = belief[parent[c]];
      int[] map = parentToSeparator[c];
      for (int cell = 0; cell < p.length; cell++) {
        p[cell] += up[c][map[cell]];
      }
    }
    double logZ = 0;
    double[] componentLogZ = new double[k];
    for (int c = 0; c < k; c++) {
      if (parent[c] < 0) {
        componentLogZ[c] = logSumExp(belief[c]); // one root per connected component
        logZ += componentLogZ[c];
      }
    }
    double[][] full = new double[k][];
    for (int i = 0; i < k; i++) { // distribute: parents before children
      int c = order[i];
      full[c] = belief[c];
      if (parent[c] >= 0) {
        double[] pf = full[parent[c]];
        int[] map = parentToSeparator[c];
        double[] divided = new double[pf.length];
        for (int cell = 0; cell < pf.length; cell++) {
          double u = up[c][map[cell]];
          divided[cell] = u == Double.NEGATIVE_INFINITY ? Double.NEGATIVE_INFINITY : pf[cell] - u;
        }
        double[] down = sumToSeparator(divided, map, separatorSize[c]);
        full[c] = belief[c].clone();
        for (int cell = 0; cell < size[c]; cell++) {
          full[c][cell] += down[toSeparator[c][cell]];
        }
      }
    }
    for (int c = 0; c < k; c++) {
      // a calibrated clique's full belief sums to its component's Z: no second pass to normalise it
      double norm = componentLogZ[rootOf[c]];
      marginal[c] = new double[size[c]];
      for (int cell = 0; cell < size[c]; cell++) {
        marginal[c][cell] = Math.exp(full[c][cell] - norm);
      }
    }
    return logZ;
  }

  private double[] means(double[][] marginal) {
    double[] means = new double[structure.featureCount()];
    for (int c = 0; c < cliques.length; c++) {
      for (int cell = 0; cell < size[c]; cell++) {
        double p = marginal[c][cell];
        for (int j = activeStart[c][cell]; j < activeStart[c][cell + 1]; j++) {
          means[active[c][j]] += p;
        }
      }
    }
    return means;
  }

  private static double[] sumToSeparator(double[] table, int[] map, int separatorCells) {
    double[] max = new double[separatorCells];
    Arrays.fill(max, Double.NEGATIVE_INFINITY);
    for (int cell = 0; cell < table.length; cell++) {
      max[map[cell]] = Math.max(max[map[cell]], table[cell]);
    }
    double[] sum = new double[separatorCells];
    for (int cell = 0; cell < table.length; cell++) {
      if (max[map[cell]] != Double.NEGATIVE_INFINITY) {
        sum[map[cell]] += Math.exp(table[cell] - max[map[cell]]);
      }
    }
    double[] out = new double[separatorCells];
    for (int s = 0; s < separatorCells; s++) {
      out[s] = max[s] == Double.NEGATIVE_INFINITY ? Double.NEGATIVE_INFINITY : max[s] + Math.log(sum[s]);
    }
    return out;
  }

  private static double logSumExp(double[] a) {
    double max = Double.NEGATIVE_INFINITY;
    for (double x : a) {
      max = Math.max(max, x);
    }
    if (max == Double.NEGATIVE_INFINITY) {
      return max;
    }
    double s = 0;
    for (double x : a) {
      s += Math.exp(x - max);
    }
    return max + Math.log(s);
  }

  /** A maximum spanning forest on separator sizes (Kruskal); returns the cliques root first, parents before children. */
  private static int[] spanningTree(int[][] cliques, int[] parent) {
    int k = cliques.length;
    List<int[]> pairs = new ArrayList<>();
    for (int a = 0; a < k; a++) {
      for (int b = a + 1; b < k; b++) {
        int w = intersection(cliques[a], cliques[b]).length;
        if (w > 0) {
          pairs.add(new int[] {w, a, b});
        }
      }
    }
    pairs.sort((p, q) -> Integer.compare(q[0], p[0]));
    int[] component = new int[k];
    for (int c = 0; c < k; c++) {
      component[c] = c;
    }
    List<List<Integer>> neighbours = new ArrayList<>();
    for (int c = 0; c < k; c++) {
      neighbours.add(new ArrayList<>());
    }
    for (int[] p : pairs) {
      int ra = find(component, p[1]);
      int rb = find(component, p[2]);
      if (ra != rb) {
        component[ra] = rb;
        neighbours.get(p[1]).add(p[2]);
        neighbours.get(p[2]).add(p[1]);
      }
    }
    Arrays.fill(parent, -2);
    int[] order = new int[k];
    int head = 0;
    int tail = 0;
    for (int root = 0; root < k; root++) {
      if (parent[root] != -2) {
        continue;
      }
      parent[root] = -1;
      order[tail++] = root;
      while (head < tail) {
        int c = order[head++];
        for (int d : neighbours.get(c)) {
          if (parent[d] == -2) {
            parent[d] = c;
            order[tail++] = d;
          }
        }
      }
    }
    return order;
  }

  private static int find(int[] component, int c) {
    while (component[c] != c) {
      component[c] = component[component[c]];
      c = component[c];
    }
    return c;
  }

  private int tableSize(int[] vars) {
    int s = 1;
    for (int v : vars) {
      s *= structure.cardinality(v);
    }
    return s;
  }

  /** For each cell of a table over {@code vars} (row-major), the cell of its restriction to {@code sub}. */
  private int[] projection(int[] vars, int[] sub) {
    int cells = tableSize(vars);
    int[] out = new int[cells];
    int[] x = new int[structure.variableCount()];
    for (int cell = 0; cell < cells; cell++) {
      assign(vars, cell, x);
      int index = 0;
      for (int v : sub) {
        index = index * structure.cardinality(v) + x[v];
      }
      out[cell] = index;
    }
    return out;
  }

  private void assign(int[] vars, int cell, int[] x) {
    for (int j = vars.length - 1; j >= 0; j--) {
      int k = structure.cardinality(vars[j]);
      x[vars[j]] = cell % k;
      cell /= k;
    }
  }

  static int[] intersection(int[] a, int[] b) {
    return Arrays.stream(a).filter(v -> Arrays.stream(b).anyMatch(w -> w == v)).toArray();
  }
}
