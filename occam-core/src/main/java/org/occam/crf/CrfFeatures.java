package org.occam.crf;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.occam.data.InvalidInputException;

/**
 * A CRF model's design on a data set: for sequence n, the matrix Φ_n of 2L−1 rows and F columns
 * whose first L rows give each position's field and the last L−1 rows each adjacent pair's
 * coupling as linear functions of λ, {@code h = Φ_n[0..L) λ}, {@code J = Φ_n[L..2L−1) λ}. The
 * features are then {@code f(t, x_n) = Φ_nᵀ u(t)} with u(t) = (t_1…t_L, t_1t_2…t_{L−1}t_L), and
 * everything about f follows from the chain's statistics u: its mean (the gradient), its
 * covariance C_u (the UAI paper's untied covariance; {@code C_{x_n} = Φ_nᵀ C_u Φ_n} is the
 * projection onto the tied parameters, as its 199 → 48).
 */
public final class CrfFeatures {
  private final CrfModel model;
  private final CrfData data;
  private final List<String> names;
  /** phi[n][r][k]: row r of Φ_n (positions then pairs), parameter k. */
  private final double[][][] phi;
  /**
   * Φ_n's rows as sparse rows, for the hot loops: the FAQ features are 0/1 and mostly 0.
   * column[n][r] lists the nonzero columns of row r in increasing order, value[n][r] their values.
   */
  private final int[][][] column;
  private final double[][][] value;
  private final int[][] spins;
  private final int maxLength;
  /** Whether every nonzero entry of every Φ_n is 1 (0/1 inputs, tied or untied). */
  private final boolean binary;
  /**
   * The same nonzeros flattened per sequence (the hot loops of AIS and HMC read them): row r's
   * columns are flatColumn[n][rowStart[n][r] … rowStart[n][r+1]), its values flatValue[n][…].
   */
  private final int[][] flatColumn;
  private final double[][] flatValue;
  private final int[][] rowStart;
  /**
   * The distinct rows of all the Φ_n (the FAQ's 9,552 rows have 486): row r of Φ_n is distinct row
   * distinctRowOf[n][r], whose columns are distinctColumn[distinctStart[p] … distinctStart[p+1]) and
   * values distinctValue[…]. A potential, its e^{2·}, and a row's share of the gradient are then
   * made once per distinct row rather than once per position.
   */
  private final int[][] distinctRowOf;
  private final int[] distinctStart;
  private final int[] distinctColumn;
  private final double[] distinctValue;

  private CrfFeatures(CrfModel model, CrfData data, List<String> names, double[][][] phi, int[][] spins) {
    this.model = model;
    this.data = data;
    this.names = List.copyOf(names);
    this.phi = phi;
    this.spins = spins;
    this.column = new int[phi.length][][];
    this.value = new double[phi.length][][];
    int longest = 1;
    boolean ones = true;
    for (int n = 0; n < phi.length; n++) {
      longest = Math.max(longest, spins[n].length);
      column[n] = new int[phi[n].length][];
      value[n] = new double[phi[n].length][];
      for (int r = 0; r < phi[n].length; r++) {
        double[] row = phi[n][r];
        int nz = 0;
        for (double v : row) {
          if (v != 0) {
            nz++;
          }
        }
        column[n][r] = new int[nz];
        value[n][r] = new double[nz];
        nz = 0;
        for (int k = 0; k < row.length; k++) {
          if (row[k] != 0) {
            ones &= row[k] == 1;
            column[n][r][nz] = k;
            value[n][r][nz++] = row[k];
          }
        }
      }
    }
    this.maxLength = longest;
    this.binary = ones;
    this.flatColumn = new int[phi.length][];
    this.flatValue = new double[phi.length][];
    this.rowStart = new int[phi.length][];
    for (int n = 0; n < phi.length; n++) {
      int rows = column[n].length;
      int[] start = new int[rows + 1];
      for (int r = 0; r < rows; r++) {
        start[r + 1] = start[r] + column[n][r].length;
      }
      int[] cols = new int[start[rows]];
      double[] vals = new double[start[rows]];
      for (int r = 0; r < rows; r++) {
        System.arraycopy(column[n][r], 0, cols, start[r], column[n][r].length);
        System.arraycopy(value[n][r], 0, vals, start[r], value[n][r].length);
      }
      rowStart[n] = start;
      flatColumn[n] = cols;
      flatValue[n] = vals;
    }
    this.distinctRowOf = new int[phi.length][];
    Map<SparseRow, Integer> index = new HashMap<>();
    List<SparseRow> rows = new ArrayList<>();
    for (int n = 0; n < phi.length; n++) {
      distinctRowOf[n] = new int[column[n].length];
      for (int r = 0; r < column[n].length; r++) {
        SparseRow row = new SparseRow(column[n][r], value[n][r]);
        Integer p = index.get(row);
        if (p == null) {
          p = rows.size();
          index.put(row, p);
          rows.add(row);
        }
        distinctRowOf[n][r] = p;
      }
    }
    this.distinctStart = new int[rows.size() + 1];
    for (int p = 0; p < rows.size(); p++) {
      distinctStart[p + 1] = distinctStart[p] + rows.get(p).column.length;
    }
    this.distinctColumn = new int[distinctStart[rows.size()]];
    this.distinctValue = new double[distinctStart[rows.size()]];
    for (int p = 0; p < rows.size(); p++) {
      SparseRow row = rows.get(p);
      System.arraycopy(row.column, 0, distinctColumn, distinctStart[p], row.column.length);
      System.arraycopy(row.value, 0, distinctValue, distinctStart[p], row.value.length);
    }
  }

  /** A sparse row of Φ as a key: equal when its columns and values are. */
  private record SparseRow(int[] column, double[] value) {
    @Override
    public boolean equals(Object o) {
      return o instanceof SparseRow other && Arrays.equals(column, other.column) && Arrays.equals(value, other.value);
    }

    @Override
    public int hashCode() {
      return 31 * Arrays.hashCode(column) + Arrays.hashCode(value);
    }
  }

  /** The design of {@code data} under {@code model}; see {@link CrfModel#featurize}. */
  static CrfFeatures of(CrfModel model, CrfData data) {
    if (!model.labelStates().equals(data.labelStates())) {
      throw new InvalidInputException("the model's label states " + model.labelStates() + " are not the data's "
          + data.labelStates() + " (same names, same order)");
    }
    int[] column = new int[model.inputNames().size()];
    for (int a = 0; a < column.length; a++) {
      column[a] = data.inputNames().indexOf(model.inputNames().get(a));
      if (column[a] < 0) {
        throw new InvalidInputException("the data have no input column '" + model.inputNames().get(a)
            + "' that the model reads (data inputs: " + String.join(",", data.inputNames()) + ")");
      }
    }
    List<CrfModel.Template> templates = model.templates();
    int maxLength = data.maxLength();
    // parameter offsets
    int[] offset = new int[templates.size()];
    List<String> names = new ArrayList<>();
    for (int t = 0; t < templates.size(); t++) {
      CrfModel.Template tp = templates.get(t);
      offset[t] = names.size();
      if (model.tied()) {
        names.add(tp.name());
      } else {
        int count = tp.kind().edge() ? maxLength - 1 : maxLength;
        for (int i = 1; i <= count; i++) {
          names.add(tp.name() + "@" + i);
        }
      }
    }
    int f = names.size();
    if (f == 0) {
      throw new InvalidInputException("the model has no parameters on these data (untied transition features need"
          + " sequences of at least 2 positions)");
    }
    int n = data.size();
    double[][][] phi = new double[n][][];
    int[][] spins = new int[n][];
    for (int s = 0; s < n; s++) {
      CrfData.Sequence seq = data.sequences().get(s);
      int len = seq.length();
      double[][] p = new double[2 * len - 1][f];
      for (int t = 0; t < templates.size(); t++) {
        CrfModel.Template tp = templates.get(t);
        int rows = tp.kind().edge() ? len - 1 : len;
        for (int i = 0; i < rows; i++) {
          double v = tp.input() < 0 ? 1.0 : seq.inputs()[i][column[tp.input()]];
          int k = model.tied() ? offset[t] : offset[t] + i;
          p[tp.kind().edge() ? len + i : i][k] += v;
        }
      }
      phi[s] = p;
      spins[s] = seq.spins();
    }
    return new CrfFeatures(model, data, names, phi, spins);
  }

  /** The model. */
  public CrfModel model() {
    return model;
  }

  /** The data. */
  public CrfData data() {
    return data;
  }

  /** F, the number of parameters. */
  public int dimension() {
    return names.size();
  }

  /** The parameters' names, in order ({@code state:a}, or {@code state:a@i} untied). */
  public List<String> parameterNames() {
    return names;
  }

  /** N, the number of sequences. */
  public int size() {
    return phi.length;
  }

  /** The longest sequence's length. */
  public int maxLength() {
    return maxLength;
  }

  /** The length of sequence n. */
  public int length(int n) {
    return spins[n].length;
  }

  /** The observed labels of sequence n as spins (0 where unknown). Not copied: not to be modified. */
  public int[] spins(int n) {
    return spins[n];
  }

  /** Φ_n (2L−1 rows, F columns). Not copied: not to be modified. */
  public double[][] design(int n) {
    return phi[n];
  }

  /** The fields h_i (first L entries) and couplings J_i (last L−1) of sequence n at λ. */
  public double[] potentials(int n, double[] lambda) {
    double[] out = new double[phi[n].length];
    potentials(n, lambda, out);
    return out;
  }

  /**
   * The potentials of sequence n at λ written into {@code out} (its first 2L−1 entries).
   *
   * @param lambda Not modified.
   * @param out Modified.
   */
  public void potentials(int n, double[] lambda, double[] out) {
    int[][] cols = column[n];
    double[][] vals = value[n];
    for (int r = 0; r < cols.length; r++) {
      int[] c = cols[r];
      double[] v = vals[r];
      double s = 0;
      for (int q = 0; q < c.length; q++) {
        s += v[q] * lambda[c[q]];
      }
      out[r] = s;
    }
  }

  /** Whether every nonzero entry of every Φ_n is 1 (the papers' 0/1 line features). */
  public boolean binary() {
    return binary;
  }

  /**
   * e^{2·potential} for every potential of sequence n as the product of {@code expTwiceLambda[k]} =
   * e^{2λ_k} over the row's nonzero columns, written into {@code out}: exact arithmetic apart from
   * rounding when {@link #binary()}, and the reason for it — no exponential per position.
   *
   * @throws IllegalStateException if the design is not binary
   */
  public void expTwicePotentials(int n, double[] expTwiceLambda, double[] out) {
    if (!binary) {
      throw new IllegalStateException("the design has entries other than 0 and 1");
    }
    int[] start = rowStart[n];
    int[] cols = flatColumn[n];
    int rows = start.length - 1;
    for (int r = 0; r < rows; r++) {
      double prod = 1;
      for (int q = start[r], end = start[r + 1]; q < end; q++) {
        prod *= expTwiceLambda[cols[q]];
      }
      out[r] = prod;
    }
  }

  /** The number of distinct rows over all the Φ_n. */
  public int distinctRows() {
    return distinctStart.length - 1;
  }

  /** For each row r of Φ_n (positions then pairs), the index of its distinct row. Not copied: not to be modified. */
  public int[] distinctRowOf(int n) {
    return distinctRowOf[n];
  }

  /**
   * e^{2·potential} of every distinct row, as {@link #expTwicePotentials} makes it for each row (the
   * same product in the same column order, so equal to it bit for bit), written into
   * {@code out[0…distinctRows())}.
   *
   * @param expTwiceLambda e^{2λ_k}. Not modified.
   * @param out Modified.
   * @throws IllegalStateException if the design is not binary
   */
  public void expTwiceDistinctRows(double[] expTwiceLambda, double[] out) {
    if (!binary) {
      throw new IllegalStateException("the design has entries other than 0 and 1");
    }
    int rows = distinctStart.length - 1;
    for (int p = 0; p < rows; p++) {
      double prod = 1;
      for (int q = distinctStart[p], end = distinctStart[p + 1]; q < end; q++) {
        prod *= expTwiceLambda[distinctColumn[q]];
      }
      out[p] = prod;
    }
  }

  /**
   * out += scale · Σ_p w_p · (distinct row p): the projection Φᵀu summed over sequences when the
   * u_r have first been added up by distinct row, {@code w_p = Σ over rows r of row p of u_r}.
   *
   * @param weights w, one per distinct row. Not modified.
   * @param out Modified.
   */
  public void addDistinctRowsProjected(double[] weights, double scale, double[] out) {
    int rows = distinctStart.length - 1;
    for (int p = 0; p < rows; p++) {
      double w = scale * weights[p];
      if (w == 0) {
        continue;
      }
      for (int q = distinctStart[p], end = distinctStart[p + 1]; q < end; q++) {
        out[distinctColumn[q]] += w * distinctValue[q];
      }
    }
  }

  /** The chain of sequence n at λ, with forward–backward run. */
  public ChainInference infer(int n, double[] lambda) {
    return ChainInference.of(potentials(n, lambda), length(n));
  }

  /** f(t, x_n) = Φ_nᵀ u(t) for spins t of sequence n. */
  public double[] statistics(int n, int[] t) {
    double[] out = new double[dimension()];
    addProjected(n, ChainInference.statistics(t), 1.0, out);
    return out;
  }

  /** out += scale · Φ_nᵀ u for a vector u over the 2L−1 chain statistics of sequence n. */
  public void addProjected(int n, double[] u, double scale, double[] out) {
    int[] start = rowStart[n];
    int[] cols = flatColumn[n];
    double[] vals = flatValue[n];
    int rows = start.length - 1;
    for (int r = 0; r < rows; r++) {
      double w = scale * u[r];
      if (w == 0) {
        continue;
      }
      int end = start[r + 1];
      if (binary) {
        for (int q = start[r]; q < end; q++) {
          out[cols[q]] += w;
        }
      } else {
        for (int q = start[r]; q < end; q++) {
          out[cols[q]] += w * vals[q];
        }
      }
    }
  }

  /**
   * out += Φ_nᵀ C Φ_n for a (2L−1)-square matrix C over the chain statistics of sequence n, over
   * Φ_n's nonzero entries only: O((2L−1)·nnz + nnz·F) rather than O((2L−1)²F).
   */
  public void addProjectedCovariance(int n, double[][] c, double[][] out) {
    int[][] cols = column[n];
    double[][] vals = value[n];
    int rows = cols.length;
    int f = dimension();
    // CΦ first: rows × F
    double[][] cp = new double[rows][f];
    for (int q = 0; q < rows; q++) {
      int[] cq = cols[q];
      if (cq.length == 0) {
        continue;
      }
      double[] vq = vals[q];
      for (int r = 0; r < rows; r++) {
        double w = c[r][q];
        if (w == 0) {
          continue;
        }
        double[] dst = cp[r];
        for (int k = 0; k < cq.length; k++) {
          dst[cq[k]] += w * vq[k];
        }
      }
    }
    for (int r = 0; r < rows; r++) {
      int[] cr = cols[r];
      double[] vr = vals[r];
      double[] cpr = cp[r];
      for (int k = 0; k < cr.length; k++) {
        double w = vr[k];
        double[] o = out[cr[k]];
        for (int b = 0; b < f; b++) {
          o[b] += w * cpr[b];
        }
      }
    }
  }
}
