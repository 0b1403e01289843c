package org.occam.mrf.loglinear;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The factor graph of a {@link LogLinearStructure} on which loopy BP runs: one factor per generator
 * (maximal term), holding the log potentials of the terms it <em>owns</em>. Every term is owned by
 * exactly one factor, the first generator (in {@link LogLinearStructure#generators()} order) that
 * contains it, so that {@code log ψ_g(x_g) = Σ_{t owned by g} λ_t · f_t(x_g)} and
 * {@code Σ_g log ψ_g = λᵀ f}.
 *
 * <p>A factor's cells are its variables' joint states in row-major order (last variable fastest).
 * A cell y with non-reference set {@code S(y) ≠ ∅} also names the <em>local moment</em>
 * {@code m_g(y) = b_g(x_{S(y)} = y_{S(y)})}, the mean of the feature of term S(y) at configuration
 * y_S under the factor's belief; the K − 1 local moments are a minimal parameterisation of a factor
 * belief (reference-state coding), with the Möbius inversion
 *
 * <pre>
 *   b_g(x) = Σ_{y ⪰ x} (−1)^{|S(y)| − |S(x)|} m_g(y)       (m_g(0) = 1)
 * </pre>
 *
 * <p>where {@code y ⪰ x} means that x is y with some non-reference states set to the reference.
 * The <em>Bethe coordinates</em> ν collect the local moments of every factor: a moment of a single
 * variable is shared by all the factors that contain it (BP's beliefs agree on single variables); a
 * moment of a larger term is the term's feature when the factor owns the term, and a coordinate of
 * its own (an <em>extra</em> coordinate, after the F features) when it does not — two generators
 * that share two or more variables keep separate beliefs of the shared term. So ν has
 * {@link #betheDimension()} = F + {@link #extraCoordinates()} coordinates, the first F of them the
 * features. Immutable.
 */
public final class LogLinearFactorGraph {
  private final LogLinearStructure structure;
  private final int[][] factorVariables;
  private final int[][] strides;
  private final int[] cells;
  private final int[] owner;
  /** Per factor, per cell: the features of owned terms that are on, as [start[c], start[c + 1]). */
  private final int[][] ownedStart;
  private final int[][] ownedFeatures;
  /** Per factor, per cell: its Bethe coordinate (−1 for the all-reference cell). */
  private final int[][] coordinate;
  /** Per factor, per cell: the feature whose mean is its local moment, owned or not (−1: all-reference cell). */
  private final int[][] momentFeature;
  /** Per variable: the first feature of its main effect {v}. */
  private final int[] singletonOffset;
  /** Per variable: the factors that contain it and the variable's position in each. */
  private final int[][] variableFactors;
  private final int[][] variablePositions;
  private final int dimension;

  /** @param structure the model structure */
  public LogLinearFactorGraph(LogLinearStructure structure) {
    this.structure = Objects.requireNonNull(structure, "structure");
    List<int[]> generators = structure.generators();
    int factors = generators.size();
    factorVariables = generators.toArray(new int[0][]);
    strides = new int[factors][];
    cells = new int[factors];
    for (int g = 0; g < factors; g++) {
      int[] vars = factorVariables[g];
      strides[g] = new int[vars.length];
      long size = 1;
      for (int p = vars.length - 1; p >= 0; p--) {
        strides[g][p] = (int) size;
        size *= structure.cardinality(vars[p]);
      }
      if (size > (1 << 24)) {
        throw new org.occam.data.InvalidInputException("the factor over " + structure.names(vars) + " has " + size
            + " cells; belief propagation is limited to 2^24 per factor");
      }
      cells[g] = (int) size;
    }
    int terms = structure.termCount();
    owner = new int[terms];
    // term → position of its features by its variable set, to name the moments of non-owned terms
    java.util.Map<List<Integer>, Integer> termIndex = new java.util.HashMap<>();
    for (int t = 0; t < terms; t++) {
      int[] term = structure.term(t);
      termIndex.put(Arrays.stream(term).boxed().toList(), t);
      owner[t] = -1;
      for (int g = 0; g < factors && owner[t] < 0; g++) {
        if (contains(factorVariables[g], term)) {
          owner[t] = g;
        }
      }
    }
    ownedStart = new int[factors][];
    ownedFeatures = new int[factors][];
    coordinate = new int[factors][];
    momentFeature = new int[factors][];
    singletonOffset = new int[structure.variableCount()];
    for (int t = 0; t < terms; t++) {
      if (structure.term(t).length == 1) {
        singletonOffset[structure.term(t)[0]] = structure.offset(t);
      }
    }
    int extra = structure.featureCount();
    int n = structure.variableCount();
    int[] x = new int[n];
    for (int g = 0; g < factors; g++) {
      int[] vars = factorVariables[g];
      ownedStart[g] = new int[cells[g] + 1];
      coordinate[g] = new int[cells[g]];
      momentFeature[g] = new int[cells[g]];
      List<Integer> owned = new ArrayList<>();
      for (int c = 0; c < cells[g]; c++) {
        Arrays.fill(x, 0);
        List<Integer> nonReference = new ArrayList<>();
        for (int p = 0; p < vars.length; p++) {
          x[vars[p]] = state(g, c, p);
          if (x[vars[p]] != 0) {
            nonReference.add(vars[p]);
          }
        }
        for (int t = 0; t < terms; t++) {
          if (owner[t] == g) {
            int a = structure.activeFeature(t, x);
            if (a >= 0) {
              owned.add(a);
            }
          }
        }
        ownedStart[g][c + 1] = owned.size();
        if (nonReference.isEmpty()) {
          coordinate[g][c] = -1;
          momentFeature[g][c] = -1;
        } else {
          int t = termIndex.get(nonReference);
          momentFeature[g][c] = structure.activeFeature(t, x);
          if (nonReference.size() == 1 || owner[t] == g) {
            coordinate[g][c] = structure.activeFeature(t, x);
          } else {
            coordinate[g][c] = extra++;
          }
        }
      }
      ownedFeatures[g] = owned.stream().mapToInt(Integer::intValue).toArray();
    }
    dimension = extra;
    int[] degree = new int[n];
    for (int[] vars : factorVariables) {
      for (int v : vars) {
        degree[v]++;
      }
    }
    variableFactors = new int[n][];
    variablePositions = new int[n][];
    for (int v = 0; v < n; v++) {
      variableFactors[v] = new int[degree[v]];
      variablePositions[v] = new int[degree[v]];
    }
    int[] filled = new int[n];
    for (int g = 0; g < factors; g++) {
      for (int p = 0; p < factorVariables[g].length; p++) {
        int v = factorVariables[g][p];
        variableFactors[v][filled[v]] = g;
        variablePositions[v][filled[v]] = p;
        filled[v]++;
      }
    }
  }

  public LogLinearStructure structure() {
    return structure;
  }

  /** The number of factors (generators). */
  public int factorCount() {
    return factorVariables.length;
  }

  /** Factor g's variables, sorted (a fresh array). */
  public int[] factorVariables(int g) {
    return factorVariables[g].clone();
  }

  int[] factorVariablesShared(int g) {
    return factorVariables[g];
  }

  /** The number of cells of factor g, Π k_v over its variables. */
  public int cells(int g) {
    return cells[g];
  }

  /** The state of the variable at position p of factor g in cell c. */
  public int state(int g, int c, int p) {
    return (c / strides[g][p]) % structure.cardinality(factorVariables[g][p]);
  }

  int stride(int g, int p) {
    return strides[g][p];
  }

  /** The factor that owns term t. */
  public int owner(int t) {
    return owner[t];
  }

  /** The number of factors that contain variable v, d_v. */
  public int degree(int v) {
    return variableFactors[v].length;
  }

  int[] variableFactors(int v) {
    return variableFactors[v];
  }

  int[] variablePositions(int v) {
    return variablePositions[v];
  }

  /** The Bethe coordinate of cell c of factor g, −1 for its all-reference cell. */
  public int coordinate(int g, int c) {
    return coordinate[g][c];
  }

  /** The feature whose mean is the local moment of cell c of factor g (−1 for its all-reference cell). */
  public int momentFeature(int g, int c) {
    return momentFeature[g][c];
  }

  /** The feature of variable v's main effect at non-reference state s ≥ 1. */
  public int singletonFeature(int v, int s) {
    return singletonOffset[v] + s - 1;
  }

  /** The number of Bethe coordinates, F + {@link #extraCoordinates()}. */
  public int betheDimension() {
    return dimension;
  }

  /** The Bethe coordinates beyond the features: moments of terms shared by generators that do not own them. */
  public int extraCoordinates() {
    return dimension - structure.featureCount();
  }

  /** Whether the factor graph has no cycle (then BP is exact). */
  public boolean isTree() {
    // a forest iff edges = nodes − components in the bipartite graph of variables and factors
    int n = structure.variableCount();
    int factors = factorCount();
    int[] parent = new int[n + factors];
    for (int k = 0; k < parent.length; k++) {
      parent[k] = k;
    }
    for (int g = 0; g < factors; g++) {
      for (int v : factorVariables[g]) {
        int a = find(parent, n + g);
        int b = find(parent, v);
        if (a == b) {
          return false;
        }
        parent[a] = b;
      }
    }
    return true;
  }

  private static int find(int[] parent, int k) {
    while (parent[k] != k) {
      parent[k] = parent[parent[k]];
      k = parent[k];
    }
    return k;
  }

  /** {@code log ψ_g} for every cell of every factor at λ (fresh arrays). */
  double[][] logPotentials(double[] lambda) {
    double[][] out = new double[factorCount()][];
    for (int g = 0; g < out.length; g++) {
      double[] table = new double[cells[g]];
      int[] start = ownedStart[g];
      int[] features = ownedFeatures[g];
      for (int c = 0; c < table.length; c++) {
        double s = 0;
        for (int k = start[c]; k < start[c + 1]; k++) {
          s += lambda[features[k]];
        }
        table[c] = s;
      }
      out[g] = table;
    }
    return out;
  }

  /** Adds {@code Σ_c belief[c] f(c)} over factor g's owned features to {@code means}. */
  void addOwnedMeans(int g, double[] belief, double[] means) {
    int[] start = ownedStart[g];
    int[] features = ownedFeatures[g];
    for (int c = 0; c < belief.length; c++) {
      for (int k = start[c]; k < start[c + 1]; k++) {
        means[features[k]] += belief[c];
      }
    }
  }

  /**
   * The cells y ⪰ c of factor g (c with some reference states raised to non-reference ones) with the
   * Möbius signs {@code (−1)^{|S(y)| − |S(c)|}}: {@code b_g(c) = Σ_y sign · m_g(y)}.
   *
   * @param out filled with the cells, first of them c itself (sign +1)
   * @param signs filled with ±1
   * @return how many
   */
  int above(int g, int c, int[] out, int[] signs) {
    int[] vars = factorVariables[g];
    out[0] = c;
    signs[0] = 1;
    int n = 1;
    for (int p = 0; p < vars.length; p++) {
      if (state(g, c, p) != 0) {
        continue;
      }
      int k = structure.cardinality(vars[p]);
      int size = n;
      for (int i = 0; i < size; i++) {
        for (int s = 1; s < k; s++) {
          out[n] = out[i] + s * strides[g][p];
          signs[n] = -signs[i];
          n++;
        }
      }
    }
    return n;
  }

  private static boolean contains(int[] sortedSuper, int[] sortedSub) {
    int i = 0;
    for (int v : sortedSuper) {
      if (i < sortedSub.length && sortedSub[i] == v) {
        i++;
      }
    }
    return i == sortedSub.length;
  }

  @Override
  public String toString() {
    return "LogLinearFactorGraph[" + factorCount() + " factors, F=" + structure.featureCount() + ", extra="
        + extraCoordinates() + "]";
  }
}
