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
 * one clique that contains the term; two-pass sum-product (messages up in the log domain, Hugin's
 * update down in probabilities) gives log Z and the clique marginals, hence E[f]. The covariance is by conditioning,
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
  /**
   * The same pairs by feature: per clique, the features on somewhere in it (ascending), and for the
   * k-th of them its cells, {@code featureCells[c][featureStart[c][k] .. featureStart[c][k + 1])}, ascending.
   */
  private final int[][] features;
  private final int[][] featureStart;
  private final int[][] featureCells;

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
    features = new int[k][];
    featureStart = new int[k][];
    featureCells = new int[k][];
    int[] count = new int[structure.featureCount()];
    for (int c = 0; c < k; c++) {
      for (int a : active[c]) {
        count[a]++;
      }
      features[c] = Arrays.stream(active[c]).distinct().sorted().toArray();
      featureStart[c] = new int[features[c].length + 1];
      int[] slot = new int[structure.featureCount()];
      for (int j = 0; j < features[c].length; j++) {
        slot[features[c][j]] = featureStart[c][j];
        featureStart[c][j + 1] = featureStart[c][j] + count[features[c][j]];
      }
      featureCells[c] = new int[active[c].length];
      for (int cell = 0; cell < size[c]; cell++) {
        for (int j = activeStart[c][cell]; j < activeStart[c][cell + 1]; j++) {
          featureCells[c][slot[active[c][j]]++] = cell;
        }
      }
      for (int a : features[c]) {
        count[a] = 0;
      }
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

  /**
   * The number of (clique cell, feature) pairs where the feature is on: a run adds that many λ's into
   * the cells' log potentials, and that many cell probabilities into the feature means.
   */
  public long activeFeatureCells() {
    long n = 0;
    for (int[] a : active) {
      n += a.length;
    }
    return n;
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
    double logZ = calibrate(covariance ? copy(psi) : psi, marginal);
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
        double[] clamped = psi[c].clone();
        for (int cell = 0; cell < size[c]; cell++) {
          boolean on = false;
          for (int j = activeStart[c][cell]; j < activeStart[c][cell + 1] && !on; j++) {
            on = active[c][j] == a;
          }
          if (!on) {
            clamped[cell] = Double.NEGATIVE_INFINITY;
          }
        }
        double[][] clampedPsi = copy(psi);
        clampedPsi[c] = clamped;
        double[][] conditional = new double[cliques.length][];
        calibrate(clampedPsi, conditional);
        double[] given = means(conditional);
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
      double[] table = new double[size[c]];
      int[] on = featureCells[c];
      int[] start = featureStart[c];
      for (int k = 0; k < features[c].length; k++) {
        double l = lambda[features[c][k]];
        for (int j = start[k]; j < start[k + 1]; j++) {
          table[on[j]] += l;
        }
      }
      psi[c] = table;
    }
    return psi;
  }

  /**
   * Two passes; writes each clique's marginal (probabilities) and returns log Z.
   *
   * <p>Collect (children first): each non-root clique's belief b (its potential plus its children's
   * messages) is exponentiated once about the table's maximum m, {@code e = exp(b − m)}, and summed
   * per separator cell s, {@code σ_s = Σ_{cells→s} e}; the message up is {@code m + log σ_s}. At a
   * root, {@code log Z_comp = m + log Σ e} and its marginal is {@code e / Σ e}.
   *
   * <p>Distribute (parents first) in the probability domain, Hugin's update: a clique's marginal is
   * {@code e(cell) · P_p(s) / σ_s}, with {@code P_p(s)} its parent's marginal summed to the separator
   * cell, since {@code exp(b + m_down − log Z_comp) = e · exp(m + log P_p(s) − (m + log σ_s))}: no exp
   * or log in the pass. Where a rescaled sum σ_s falls below {@link #RESCALED_SUM_FLOOR} (a separator
   * cell far below the clique's maximum, or impossible), that clique is summed about each cell's own
   * maximum instead and its marginal taken as {@code exp(b + log P_p(s) − up_s)}. A cell whose e is
   * subnormal has a marginal below 2^−122 with an absolute error below 2^−174.
   *
   * @param belief the cliques' log potentials, used up: their arrays become the marginals' (or are dropped)
   */
  private double calibrate(double[][] belief, double[][] marginal) {
    int k = cliques.length;
    double[][] up = new double[k][];
    double[][] rescaledSum = new double[k][]; // σ per separator cell; null where the clique stays in logs
    for (int i = k - 1; i >= 0; i--) { // collect: children before parents
      int c = order[i];
      if (parent[c] < 0) {
        continue;
      }
      double[] b = belief[c];
      int[] toSep = toSeparator[c];
      double max = Double.NEGATIVE_INFINITY;
      double min = Double.POSITIVE_INFINITY;
      for (double x : b) {
        max = x > max ? x : max;
        min = x < min ? x : min;
      }
      double[] u = new double[separatorSize[c]];
      if (max == Double.NEGATIVE_INFINITY) {
        Arrays.fill(u, Double.NEGATIVE_INFINITY);
      } else {
        // within 600 nats of the maximum every σ_s ≥ e^−600 > 2^−900: the exps can replace the logs in place
        double[] e = max - min <= 600 ? b : new double[b.length];
        double[] sum = new double[u.length];
        for (int cell = 0; cell < b.length; cell++) {
          double x = Math.exp(b[cell] - max);
          e[cell] = x;
          sum[toSep[cell]] += x;
        }
        boolean kept = true;
        for (int s = 0; s < u.length; s++) {
          if (sum[s] >= RESCALED_SUM_FLOOR) {
            u[s] = max + Math.log(sum[s]);
          } else {
            u[s] = e == b ? Double.NaN : logSumExpOfGroup(b, toSep, s); // in place, only a NaN gets here
            kept = false;
          }
        }
        if (kept) {
          belief[c] = e;
          rescaledSum[c] = sum;
        }
      }
      up[c] = u;
      double[] p = belief[parent[c]];
      int[] map = parentToSeparator[c];
      for (int cell = 0; cell < p.length; cell++) {
        p[cell] += u[map[cell]];
      }
    }
    double logZ = 0;
    for (int i = 0; i < k; i++) { // distribute: parents before children
      int c = order[i];
      double[] b = belief[c];
      double[] m = b; // the marginal replaces the belief, cell by cell
      if (parent[c] < 0) { // one root per connected component
        double max = max(b);
        double sum = 0;
        for (int cell = 0; cell < b.length; cell++) {
          double x = Math.exp(b[cell] - max);
          m[cell] = x;
          sum += x;
        }
        logZ += max == Double.NEGATIVE_INFINITY ? max : max + Math.log(sum);
        double inverse = 1 / sum;
        for (int cell = 0; cell < m.length; cell++) {
          m[cell] *= inverse;
        }
      } else {
        double[] parentMarginal = marginal[parent[c]];
        int[] map = parentToSeparator[c];
        double[] ratio = new double[separatorSize[c]]; // P_p(s), then P_p(s) / σ_s
        for (int cell = 0; cell < parentMarginal.length; cell++) {
          ratio[map[cell]] += parentMarginal[cell];
        }
        int[] toSep = toSeparator[c];
        double[] sum = rescaledSum[c];
        if (sum != null) {
          for (int s = 0; s < ratio.length; s++) {
            ratio[s] /= sum[s];
          }
          for (int cell = 0; cell < m.length; cell++) {
            m[cell] = b[cell] * ratio[toSep[cell]];
          }
        } else {
          double[] u = up[c];
          for (int s = 0; s < ratio.length; s++) { // log P_p(s) − up_s
            ratio[s] = u[s] == Double.NEGATIVE_INFINITY ? Double.NEGATIVE_INFINITY : Math.log(ratio[s]) - u[s];
          }
          for (int cell = 0; cell < m.length; cell++) {
            m[cell] = Math.exp(b[cell] + ratio[toSep[cell]]);
          }
        }
      }
      marginal[c] = m;
    }
    return logZ;
  }

  /** E[f_a], the sum of a's home clique's marginal over the cells where a is on. */
  private double[] means(double[][] marginal) {
    double[] means = new double[structure.featureCount()];
    for (int c = 0; c < cliques.length; c++) {
      double[] m = marginal[c];
      int[] on = featureCells[c];
      int[] start = featureStart[c];
      for (int k = 0; k < features[c].length; k++) {
        double sum = 0;
        for (int j = start[k]; j < start[k + 1]; j++) {
          sum += m[on[j]];
        }
        means[features[c][k]] = sum;
      }
    }
    return means;
  }

  /**
   * Below this a separator cell's sum of {@code exp(b − max)} about the clique's maximum may have lost
   * digits to subnormal terms (and its Hugin ratio could overflow); that cell is summed again about
   * its own maximum and the clique's marginal taken in logs.
   */
  private static final double RESCALED_SUM_FLOOR = 0x1p-900;

  /** {@code log Σ_{cells→s} exp(table[cell])} about the group's own maximum (−∞ for an empty or impossible group). */
  private static double logSumExpOfGroup(double[] table, int[] map, int s) {
    double max = Double.NEGATIVE_INFINITY;
    for (int cell = 0; cell < table.length; cell++) {
      if (map[cell] == s && table[cell] > max) {
        max = table[cell];
      }
    }
    if (max == Double.NEGATIVE_INFINITY) {
      return max;
    }
    double sum = 0;
    for (int cell = 0; cell < table.length; cell++) {
      if (map[cell] == s) {
        sum += Math.exp(table[cell] - max);
      }
    }
    return max + Math.log(sum);
  }

  private static double[][] copy(double[][] tables) {
    double[][] out = new double[tables.length][];
    for (int c = 0; c < tables.length; c++) {
      out[c] = tables[c].clone();
    }
    return out;
  }

  private static double max(double[] a) {
    double max = Double.NEGATIVE_INFINITY;
    for (double x : a) {
      max = x > max ? x : max;
    }
    return max;
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
