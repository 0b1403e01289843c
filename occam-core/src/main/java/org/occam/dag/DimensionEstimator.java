package org.occam.dag;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;
import org.occam.data.Dataset;

/**
 * Effective dimensionalities d (incomplete-data model) and d' (complete-data model) of a DAG,
 * Beal's Algorithm 6.2 (section 6.5.2): the rank of the matrix of log-likelihood changes under
 * random perturbations of θ̂ over a representative set of data points.
 *
 * <p>Column r of the matrix holds, for every representative point i, the central difference
 * {@code [ℓ_i(θ̂ ⊙ e^{εz_r}) − ℓ_i(θ̂ ⊙ e^{−εz_r})] / 2ε} (each CPT row renormalised, z_r standard
 * normal: a spherical perturbation in the softmax basis, which keeps θ on the simplex). For d,
 * ℓ_i = ln p(y_i | θ); for d', ℓ_i = ln p(s_i, y_i | θ) with s_i a uniformly random hidden
 * state. Beal perturbs one-sidedly and subtracts 1 from the rank for the constant column; using
 * differences removes that column, and central differences make the columns linear in z to
 * O(ε²). The rank counts singular values above {@code relativeTolerance · σ_max}. θ̂ is first moved
 * 10⁻³ of the way towards uniform rows so that no configuration has probability zero.
 *
 * <p>The representative set is every joint configuration of the observed variables when there are
 * at most {@code maxEnumeratedRows} of them (625 for Beal's class), else the data's distinct rows
 * (missing cells filled at random). On the chapter's example — one k-valued hidden parent of one
 * p-valued observed variable — d = p − 1 and d' = (k − 1) + k(p − 1).
 *
 * <p>Beal reports d ≤ d' ≤ d + 2 for every structure of his class. With perturbations small enough
 * to be linear, the gaps are larger wherever a hidden variable has fewer than three children: in
 * his own example the gap is k·p − p (5 for k = 2, p = 5), and a binary hidden parent of two
 * 5-valued variables leaves their joint a rank-2 matrix, 15 dimensions for 17 parameters. On 480
 * rows from his true model the gaps over the 136 structures range from 0 to 14, the same at θ̂ and
 * at random parameters (DimensionEstimatorTest pins the algebraic cases).
 */
public final class DimensionEstimator {
  /**
   * @param epsilon the perturbation size in the softmax basis
   * @param relativeTolerance singular values below this times the largest count as zero
   * @param maxEnumeratedRows enumerate all observed configurations up to this many
   */
  public record Settings(double epsilon, double relativeTolerance, int maxEnumeratedRows) {
    public Settings {
      if (!(epsilon > 0) || !(relativeTolerance > 0) || maxEnumeratedRows < 1) {
        throw new IllegalArgumentException("epsilon and tolerance must be > 0, rows >= 1");
      }
    }

    /** ε = 10⁻⁴, tolerance 10⁻⁶, enumerate up to 20000 configurations. */
    public static Settings defaults() {
      return new Settings(1e-4, 1e-6, 20000);
    }
  }

  /**
   * @param incomplete d, the rank for ln p(y | θ)
   * @param complete d', the rank for ln p(s, y | θ)
   * @param perturbations R, the number of random directions
   * @param rows the number of representative points (for d)
   */
  public record Result(int incomplete, int complete, int perturbations, int rows) {}

  private DimensionEstimator() {}

  /**
   * Estimates d and d' around {@code theta} (e.g. the MAP estimate) from the analytic Jacobian (the
   * infinitesimal-perturbation limit of Algorithm 6.2).
   */
  public static Result estimate(DagStructure s, Dataset data, double[] theta, UniformRandomProvider rng,
      Settings settings) {
    Grams g = grams(s, data, theta, rng, settings);
    double tol = settings.relativeTolerance() * settings.relativeTolerance();
    return new Result(gramRank(g.incomplete(), tol), gramRank(g.complete(), tol), s.tableSize(), g.points());
  }

  /**
   * The upper triangles of the Gram matrices Σ_i g_i g_iᵀ of the score vectors (incomplete and
   * complete data) over {@code points} representative points, whose ranks are d and d'.
   */
  record Grams(double[][] incomplete, double[][] complete, int points) {}

  static Grams grams(DagStructure s, Dataset data, double[] theta, UniformRandomProvider rng, Settings settings) {
    double[] base = towardsUniform(s, theta, 1e-3);
    int[] observed = s.observedVariables();
    int[] hidden = s.hiddenVariables();
    List<int[]> points = representativePoints(s, data, observed, settings.maxEnumeratedRows(), rng);
    List<int[]> completePoints = completePoints(s, points, hidden, rng);
    int cells = s.tableSize();
    double[][] incomplete = new double[cells][cells];
    double[][] complete = new double[cells][cells];
    double[] row = new double[cells];
    int configs = 1;
    for (int h : hidden) {
      configs *= s.cardinality(h);
    }
    double[] logJoint = new double[configs];
    int[][] assignments = new int[configs][];
    double[] logBase = logs(base); // once, not per point and configuration
    int[] nonzero = new int[cells];
    // each configuration's cell of every family, found once per point for its likelihood and its score
    int[][] cellsOf = new int[configs][s.size()];
    int[] rowFrom = new int[cells];
    for (int c = 0; c < cells; c++) {
      rowFrom[c] = s.rowStart(s.rowOfCell(c));
    }
    // the points' score vectors, OUTER_BLOCK at a time, whose outer products are added together
    double[][] block = new double[OUTER_BLOCK][cells];
    int filled = 0;
    for (int[] point : points) {
      double[] score = block[filled];
      java.util.Arrays.fill(score, 0);
      for (int c = 0; c < configs; c++) {
        int[] z = assignments[c] == null ? new int[point.length] : assignments[c];
        System.arraycopy(point, 0, z, 0, point.length);
        assignHidden(s, hidden, c, z);
        assignments[c] = z;
        int[] at = cellsOf[c];
        double sum = 0;
        for (int j = 0; j < at.length; j++) {
          at[j] = s.flatIndex(j, z);
          sum += logBase[at[j]];
        }
        logJoint[c] = sum;
      }
      double norm = org.occam.math.LogSpace.logSumExp(logJoint);
      for (int c = 0; c < configs; c++) {
        addScoreAt(s, base, cellsOf[c], rowFrom, Math.exp(logJoint[c] - norm), score);
      }
      if (++filled == OUTER_BLOCK) {
        addOuterProducts(incomplete, block, filled, nonzero);
        filled = 0;
      }
    }
    addOuterProducts(incomplete, block, filled, nonzero);
    for (int[] z : completePoints) {
      java.util.Arrays.fill(row, 0);
      addScore(s, base, z, 1.0, row);
      addOuterProduct(complete, row, nonzero);
    }
    return new Grams(incomplete, complete, points.size());
  }

  /**
   * {@link #addScore} from the families' cells of z ({@code cells[j]}, the flat index of θ_j at z)
   * and each cell's row start: the same operations in the same order.
   */
  private static void addScoreAt(DagStructure s, double[] theta, int[] cells, int[] rowFrom, double weight,
      double[] out) {
    for (int j = 0; j < cells.length; j++) {
      addFamilyScore(theta, cells[j], rowFrom[cells[j]], s.cardinality(j), weight, out);
    }
  }

  /** One family's part of {@link #addScore}: −weight·θ over its CPT row from {@code from}, +weight at its cell. */
  private static void addFamilyScore(double[] theta, int cell, int from, int k, double weight, double[] out) {
    for (int x = 0; x < k; x++) {
      out[from + x] -= weight * theta[from + x];
    }
    out[cell] += weight;
  }

  /** Adds {@code weight · ∂ ln p(z | θ)/∂η} (softmax basis) to {@code out}. */
  static void addScore(DagStructure s, double[] theta, int[] z, double weight, double[] out) {
    for (int j = 0; j < s.size(); j++) {
      int cell = s.flatIndex(j, z);
      addFamilyScore(theta, cell, s.rowStart(s.rowOfCell(cell)), s.cardinality(j), weight, out);
    }
  }

  /**
   * Adds {@code row rowᵀ} to the upper triangle of {@code gram}. A row with few nonzero entries (a
   * complete-data point's score touches one CPT row per variable) is added over those entries only
   * ({@code nonzero} is scratch of the row's length); a denser one over every entry from each
   * nonzero one on, in a plain loop the compiler vectorises. The products skipped are ±0, and adding
   * ±0 to an entry changes nothing (an entry starts at +0 and a sum of finite numbers never becomes
   * −0), so each entry is the same sum, in the same order over the points, either way.
   */
  static void addOuterProduct(double[][] gram, double[] row, int[] nonzero) {
    int m = 0;
    for (int a = 0; a < row.length; a++) {
      if (row[a] != 0) {
        nonzero[m++] = a;
      }
    }
    if (4 * m > row.length) {
      for (int i = 0; i < m; i++) {
        int a = nonzero[i];
        double ra = row[a];
        double[] g = gram[a];
        for (int b = a; b < row.length; b++) {
          g[b] += ra * row[b];
        }
      }
      return;
    }
    for (int i = 0; i < m; i++) {
      int a = nonzero[i];
      double ra = row[a];
      double[] g = gram[a];
      for (int j = i; j < m; j++) {
        int b = nonzero[j];
        g[b] += ra * row[b];
      }
    }
  }

  /** Score vectors whose outer products {@link #addOuterProducts} adds in one pass over the Gram matrix. */
  static final int OUTER_BLOCK = 4;

  /**
   * Adds {@code rows[p] rows[p]ᵀ} for p = 0 … count − 1, in that order, to the upper triangle of
   * {@code gram}: the same sums as {@link #addOuterProduct} row after row. Four dense rows go in one
   * pass, each entry's four products added to it in a register in the rows' order (a quarter of the
   * loads and stores of the Gram matrix); over the entries where every row is zero the products skipped
   * are ±0, which change nothing. Sparser blocks, and a last block of fewer rows, go row by row.
   */
  static void addOuterProducts(double[][] gram, double[][] rows, int count, int[] nonzero) {
    int len = gram.length;
    int m = 0;
    if (count == OUTER_BLOCK) {
      double[] r0 = rows[0];
      double[] r1 = rows[1];
      double[] r2 = rows[2];
      double[] r3 = rows[3];
      for (int a = 0; a < len; a++) {
        if (r0[a] != 0 || r1[a] != 0 || r2[a] != 0 || r3[a] != 0) {
          nonzero[m++] = a;
        }
      }
      if (4 * m > len) {
        for (int i = 0; i < m; i++) {
          int a = nonzero[i];
          double a0 = r0[a];
          double a1 = r1[a];
          double a2 = r2[a];
          double a3 = r3[a];
          double[] g = gram[a];
          for (int b = a; b < len; b++) {
            double v = g[b];
            v += a0 * r0[b];
            v += a1 * r1[b];
            v += a2 * r2[b];
            v += a3 * r3[b];
            g[b] = v;
          }
        }
        return;
      }
    }
    for (int p = 0; p < count; p++) {
      addOuterProduct(gram, rows[p], nonzero);
    }
  }

  /** The number of eigenvalues of the (upper-triangle-filled) Gram matrix above {@code tol} times the largest. */
  private static int gramRank(double[][] upper, double tol) {
    int n = upper.length;
    DMatrixRMaj g = new DMatrixRMaj(n, n);
    for (int a = 0; a < n; a++) {
      for (int b = a; b < n; b++) {
        g.set(a, b, upper[a][b]);
        g.set(b, a, upper[a][b]);
      }
    }
    var eig = DecompositionFactory_DDRM.eig(n, false, true);
    if (!eig.decompose(g)) {
      throw new IllegalStateException("eigendecomposition did not converge");
    }
    double max = 0;
    for (int i = 0; i < n; i++) {
      max = Math.max(max, eig.getEigenvalue(i).getReal());
    }
    int rank = 0;
    for (int i = 0; i < n; i++) {
      if (eig.getEigenvalue(i).getReal() > tol * max) {
        rank++;
      }
    }
    return max > 0 ? rank : 0;
  }

  static List<int[]> completePoints(DagStructure s, List<int[]> points, int[] hidden, UniformRandomProvider rng) {
    int completeRows = Math.max(points.size(), 3 * s.tableSize());
    List<int[]> completePoints = new ArrayList<>(completeRows);
    for (int i = 0; i < completeRows; i++) {
      int[] z = points.get(i % points.size()).clone();
      for (int h : hidden) {
        z[h] = rng.nextInt(s.cardinality(h));
      }
      completePoints.add(z);
    }
    return completePoints;
  }

  /**
   * Algorithm 6.2 as printed: R = max(20, 2 × cells) random perturbations of size ε, central
   * differences, and the rank of the resulting matrices by SVD. Slow; kept as the reference that
   * {@link #estimate} is tested against.
   */
  public static Result estimateByPerturbation(DagStructure s, Dataset data, double[] theta, UniformRandomProvider rng,
      Settings settings) {
    double[] base = towardsUniform(s, theta, 1e-3);
    int[] observed = s.observedVariables();
    int[] hidden = s.hiddenVariables();
    List<int[]> points = representativePoints(s, data, observed, settings.maxEnumeratedRows(), rng);
    int r = Math.max(20, 2 * s.tableSize());
    ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
    // Complete-data points: each representative point (cycled) with a random hidden state.
    List<int[]> completePoints = completePoints(s, points, hidden, rng);
    int completeRows = completePoints.size();
    DMatrixRMaj incomplete = new DMatrixRMaj(points.size(), r);
    DMatrixRMaj complete = new DMatrixRMaj(completeRows, r);
    double eps = settings.epsilon();
    for (int col = 0; col < r; col++) {
      double[] z = new double[s.tableSize()];
      for (int i = 0; i < z.length; i++) {
        z[i] = normal.sample();
      }
      double[] logPlus = logs(perturbed(s, base, z, eps));
      double[] logMinus = logs(perturbed(s, base, z, -eps));
      for (int i = 0; i < points.size(); i++) {
        double d = marginalLogLikelihood(s, logPlus, points.get(i), hidden)
            - marginalLogLikelihood(s, logMinus, points.get(i), hidden);
        incomplete.set(i, col, d / (2 * eps));
      }
      for (int i = 0; i < completeRows; i++) {
        double d = jointLogLikelihood(s, logPlus, completePoints.get(i))
            - jointLogLikelihood(s, logMinus, completePoints.get(i));
        complete.set(i, col, d / (2 * eps));
      }
    }
    return new Result(rank(incomplete, settings.relativeTolerance()), rank(complete, settings.relativeTolerance()), r,
        points.size());
  }

  private static int rank(DMatrixRMaj m, double tol) {
    SingularValueDecomposition_F64<DMatrixRMaj> svd =
        DecompositionFactory_DDRM.svd(m.numRows, m.numCols, false, false, true);
    if (!svd.decompose(m.copy())) {
      throw new IllegalStateException("singular value decomposition did not converge");
    }
    double[] sv = svd.getSingularValues();
    double max = 0;
    for (int i = 0; i < svd.numberOfSingularValues(); i++) {
      max = Math.max(max, sv[i]);
    }
    int rank = 0;
    for (int i = 0; i < svd.numberOfSingularValues(); i++) {
      if (sv[i] > tol * max) {
        rank++;
      }
    }
    return max == 0 ? 0 : rank;
  }

  static double[] towardsUniform(DagStructure s, double[] theta, double mix) {
    double[] out = new double[theta.length];
    for (int i = 0; i < theta.length; i++) {
      out[i] = (1 - mix) * theta[i] + mix / s.cardinality(s.rowVariable(s.rowOfCell(i)));
    }
    return out;
  }

  /** θ ⊙ exp(ε z), each CPT row renormalised. */
  private static double[] perturbed(DagStructure s, double[] theta, double[] z, double eps) {
    double[] out = new double[theta.length];
    for (int r = 0; r < s.cptRows(); r++) {
      int from = s.rowStart(r);
      int k = s.cardinality(s.rowVariable(r));
      double sum = 0;
      for (int x = 0; x < k; x++) {
        out[from + x] = theta[from + x] * Math.exp(eps * z[from + x]);
        sum += out[from + x];
      }
      for (int x = 0; x < k; x++) {
        out[from + x] /= sum;
      }
    }
    return out;
  }

  /** Full assignments (hidden entries unset) of the representative observed points. */
  static List<int[]> representativePoints(DagStructure s, Dataset data, int[] observed, int maxRows,
      UniformRandomProvider rng) {
    long total = 1;
    for (int j : observed) {
      total *= s.cardinality(j);
      if (total > maxRows) {
        break;
      }
    }
    List<int[]> out = new ArrayList<>(total <= maxRows ? (int) total : data.distinctRows());
    if (total <= maxRows) {
      for (long c = 0; c < total; c++) {
        int[] z = new int[s.size()];
        long rest = c;
        for (int a = observed.length - 1; a >= 0; a--) {
          z[observed[a]] = (int) (rest % s.cardinality(observed[a]));
          rest /= s.cardinality(observed[a]);
        }
        out.add(z);
      }
      return out;
    }
    for (int r = 0; r < data.distinctRows(); r++) {
      int[] z = new int[s.size()];
      for (int j : observed) {
        int v = data.row(r)[data.indexOf(s.name(j))];
        z[j] = v == Dataset.MISSING ? rng.nextInt(s.cardinality(j)) : v;
      }
      out.add(z);
    }
    return out;
  }

  /** ln θ, entry by entry. */
  private static double[] logs(double[] theta) {
    double[] out = new double[theta.length];
    for (int i = 0; i < theta.length; i++) {
      out[i] = Math.log(theta[i]);
    }
    return out;
  }

  /** ln p(z | θ) of a full assignment, from ln θ: the families' terms added in variable order. */
  private static double jointLogLikelihood(DagStructure s, double[] logTheta, int[] z) {
    double sum = 0;
    for (int j = 0; j < s.size(); j++) {
      sum += logTheta[s.flatIndex(j, z)];
    }
    return sum;
  }

  /** Sets the hidden variables of {@code z} to joint configuration {@code c} (the last one varying fastest). */
  private static void assignHidden(DagStructure s, int[] hidden, int c, int[] z) {
    int rest = c;
    for (int a = hidden.length - 1; a >= 0; a--) {
      z[hidden[a]] = rest % s.cardinality(hidden[a]);
      rest /= s.cardinality(hidden[a]);
    }
  }

  /** {@code ln Σ_s p(s, y | θ)} by enumerating the hidden configurations. */
  private static double marginalLogLikelihood(DagStructure s, double[] logTheta, int[] point, int[] hidden) {
    int[] z = point.clone();
    int configs = 1;
    for (int h : hidden) {
      configs *= s.cardinality(h);
    }
    double[] terms = new double[configs];
    for (int c = 0; c < configs; c++) {
      assignHidden(s, hidden, c, z);
      terms[c] = jointLogLikelihood(s, logTheta, z);
    }
    return org.occam.math.LogSpace.logSumExp(terms);
  }
}
