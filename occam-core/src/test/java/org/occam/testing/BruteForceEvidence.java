package org.occam.testing;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.numbers.gamma.Digamma;
import org.apache.commons.numbers.gamma.LogGamma;

/**
 * A test-only brute-force oracle for discrete DAGs with hidden variables and missing cells.
 *
 * <p>Written independently of the production inference code: it uses none of
 * {@code HiddenStateEnumeration}, {@code CompleteDataEvidence}, {@code Dirichlet},
 * {@code LogSpace} or {@code DagScorer}, only {@link LogGamma} and {@link Digamma}. The model is
 * described by plain arrays ({@link Model}); the parameter layout is recomputed here from the
 * documented convention (variable j's table at offset(j), θ_jlk at offset(j) + l·|z_j| + k,
 * parent configuration l mixed radix with the FIRST listed parent varying slowest).
 *
 * <p>Rows are full-length assignments over all variables of the model (in model order) with
 * {@link #UNKNOWN} for every hidden variable and every missing cell.
 */
public final class BruteForceEvidence {
  /** The state of an unobserved cell (a hidden variable or a missing observation). */
  public static final int UNKNOWN = -1;

  private BruteForceEvidence() {}

  /**
   * A discrete DAG with symmetric Dirichlet priors, as plain arrays.
   *
   * @param card the cardinality of every variable
   * @param parents every variable's parents in CPT order
   * @param lambda the symmetric Dirichlet hyperparameter of every variable
   */
  public record Model(int[] card, int[][] parents, double[] lambda) {
    public int size() {
      return card.length;
    }

    /** Number of parent configurations of j. */
    public int configurations(int j) {
      int l = 1;
      for (int q : parents[j]) {
        l *= card[q];
      }
      return l;
    }

    /** Where j's table starts in the flat layout. */
    public int offset(int j) {
      int o = 0;
      for (int i = 0; i < j; i++) {
        o += configurations(i) * card[i];
      }
      return o;
    }

    public int tableSize() {
      return offset(card.length);
    }

    /** The flat index of θ_j at a full assignment. */
    public int index(int j, int[] z) {
      int l = 0;
      for (int q : parents[j]) {
        l = l * card[q] + z[q];
      }
      return offset(j) + l * card[j] + z[j];
    }

    /** d = Σ_j (|z_j| − 1) · Π |pa|. */
    public int freeParameters() {
      int d = 0;
      for (int j = 0; j < size(); j++) {
        d += (card[j] - 1) * configurations(j);
      }
      return d;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Completions of single rows

  /** Every full assignment that agrees with {@code row} on its known cells. */
  public static List<int[]> completions(Model m, int[] row) {
    int p = m.size();
    int[] unknown = java.util.stream.IntStream.range(0, p).filter(j -> row[j] == UNKNOWN).toArray();
    List<int[]> out = new ArrayList<>();
    int[] z = row.clone();
    for (int u : unknown) {
      z[u] = 0;
    }
    while (true) {
      out.add(z.clone());
      int a = unknown.length - 1;
      while (a >= 0) {
        int v = unknown[a];
        if (++z[v] < m.card()[v]) {
          break;
        }
        z[v] = 0;
        a--;
      }
      if (a < 0) {
        return out;
      }
    }
  }

  /** The flat indices of all p families at a full assignment. */
  private static int[] familyIndices(Model m, int[] z) {
    int[] idx = new int[m.size()];
    for (int j = 0; j < m.size(); j++) {
      idx[j] = m.index(j, z);
    }
    return idx;
  }

  /** ln Σ exp(x), two-pass, −∞ for an empty or all −∞ input. */
  public static double logSumExp(double[] x, int len) {
    double max = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < len; i++) {
      max = Math.max(max, x[i]);
    }
    if (max == Double.NEGATIVE_INFINITY) {
      return max;
    }
    double s = 0;
    for (int i = 0; i < len; i++) {
      s += Math.exp(x[i] - max);
    }
    return max + Math.log(s);
  }

  // ---------------------------------------------------------------------------------------------
  // Likelihood and posterior counts at fixed θ (per row, log space throughout)

  /** The result of summing out the unknown cells row by row at fixed θ. */
  public record RowSums(double logLikelihood, double[] expectedCounts) {}

  /**
   * {@code Σ_r w_r ln Σ_{completions} Π_j θ(z_j | z_pa(j))} and the posterior expected counts
   * {@code Σ_r w_r E[1{z_j = k, z_pa = l} | y_r, θ]}, computed per row entirely in log space.
   * θ need not be normalised (works for VB's sub-normalised θ̃).
   *
   * @param weights one weight per row, or null for all ones
   */
  public static RowSums rowSums(Model m, double[] theta, int[][] rows, double[] weights) {
    double[] counts = new double[m.tableSize()];
    double ll = 0;
    for (int r = 0; r < rows.length; r++) {
      double w = weights == null ? 1.0 : weights[r];
      List<int[]> comp = completions(m, rows[r]);
      double[] logw = new double[comp.size()];
      int[][] idx = new int[comp.size()][];
      for (int c = 0; c < comp.size(); c++) {
        idx[c] = familyIndices(m, comp.get(c));
        double s = 0;
        for (int i : idx[c]) {
          s += Math.log(theta[i]);
        }
        logw[c] = s;
      }
      double lz = logSumExp(logw, logw.length);
      ll += w * lz;
      if (lz == Double.NEGATIVE_INFINITY) {
        continue;
      }
      for (int c = 0; c < comp.size(); c++) {
        double post = w * Math.exp(logw[c] - lz);
        for (int i : idx[c]) {
          counts[i] += post;
        }
      }
    }
    return new RowSums(ll, counts);
  }

  /** {@code ln p(y | θ)}. */
  public static double logLikelihood(Model m, double[] theta, int[][] rows, double[] weights) {
    return rowSums(m, theta, rows, weights).logLikelihood();
  }

  // ---------------------------------------------------------------------------------------------
  // Closed forms with LogGamma / Digamma

  /**
   * Beal's eqn (6.9) for (possibly fractional) counts:
   * {@code Σ_jl [lnΓ(λ⁰) − lnΓ(λ⁰ + N_jl) + Σ_k (lnΓ(λ + N_jlk) − lnΓ(λ))]}.
   */
  public static double completeDataLogMarginal(Model m, double[] counts) {
    double sum = 0;
    for (int j = 0; j < m.size(); j++) {
      int k = m.card()[j];
      double lam = m.lambda()[j];
      double lam0 = k * lam;
      int off = m.offset(j);
      for (int l = 0; l < m.configurations(j); l++) {
        double nl = 0;
        for (int x = 0; x < k; x++) {
          double n = counts[off + l * k + x];
          nl += n;
          sum += LogGamma.value(lam + n) - LogGamma.value(lam);
        }
        sum += LogGamma.value(lam0) - LogGamma.value(lam0 + nl);
      }
    }
    return sum;
  }

  /** {@code Σ_jl ln Dir(θ_jl | λ_j)} in the simplex basis; terms with λ = 1 contribute only the constant. */
  public static double logDirichletDensity(Model m, double[] theta) {
    double sum = 0;
    for (int j = 0; j < m.size(); j++) {
      int k = m.card()[j];
      double lam = m.lambda()[j];
      int off = m.offset(j);
      for (int l = 0; l < m.configurations(j); l++) {
        sum += LogGamma.value(k * lam) - k * LogGamma.value(lam);
        if (lam != 1.0) {
          for (int x = 0; x < k; x++) {
            sum += (lam - 1.0) * Math.log(theta[off + l * k + x]);
          }
        }
      }
    }
    return sum;
  }

  /** {@code Σ_i λ_i ln θ_i}: the prior term of MAP in the softmax basis. */
  public static double softmaxLogPrior(Model m, double[] theta) {
    double sum = 0;
    for (int j = 0; j < m.size(); j++) {
      int from = m.offset(j);
      int to = from + m.configurations(j) * m.card()[j];
      for (int i = from; i < to; i++) {
        sum += m.lambda()[j] * Math.log(theta[i]);
      }
    }
    return sum;
  }

  /** {@code Σ_i N_i ln θ_i} over nonzero counts. */
  public static double completeLogLikelihood(double[] theta, double[] counts) {
    double s = 0;
    for (int i = 0; i < counts.length; i++) {
      if (counts[i] != 0) {
        s += counts[i] * Math.log(theta[i]);
      }
    }
    return s;
  }

  /**
   * The variational lower bound at {@code q(θ) = Π Dir(λ + N)} with the optimal {@code q(s)}:
   * {@code Σ_r w_r ln Σ_s Π θ̃ − Σ_jl KL(Dir(λ + N_jl) ‖ Dir(λ))}, θ̃ = exp(ψ(λ + N) − ψ(λ⁰ + N_l)).
   */
  public static double variationalBound(Model m, double[] counts, int[][] rows, double[] weights) {
    double[] tilde = new double[m.tableSize()];
    double kl = 0;
    for (int j = 0; j < m.size(); j++) {
      int k = m.card()[j];
      double lam = m.lambda()[j];
      int off = m.offset(j);
      for (int l = 0; l < m.configurations(j); l++) {
        double a0 = k * lam;
        for (int x = 0; x < k; x++) {
          a0 += counts[off + l * k + x];
        }
        // KL(Dir(a) || Dir(b)) = lnΓ(a0) − lnΓ(b0) − Σ lnΓ(a_x) + Σ lnΓ(b_x) + Σ (a_x − b_x)(ψ(a_x) − ψ(a0))
        kl += LogGamma.value(a0) - LogGamma.value(k * lam);
        for (int x = 0; x < k; x++) {
          double a = lam + counts[off + l * k + x];
          double elog = Digamma.value(a) - Digamma.value(a0);
          tilde[off + l * k + x] = Math.exp(elog);
          kl += LogGamma.value(lam) - LogGamma.value(a) + (a - lam) * elog;
        }
      }
    }
    return logLikelihood(m, tilde, rows, weights) - kl;
  }

  /**
   * The Cheeseman–Stutz score at θ: {@code ln p(ŝ, y | m) + ln p(y | θ) − ln p(ŝ, y | θ)} with
   * the counts N̂ of the exact E step at θ (all computed here).
   */
  public static double cheesemanStutz(Model m, double[] theta, int[][] rows, double[] weights) {
    RowSums e = rowSums(m, theta, rows, weights);
    return completeDataLogMarginal(m, e.expectedCounts()) + e.logLikelihood()
        - completeLogLikelihood(theta, e.expectedCounts());
  }

  // ---------------------------------------------------------------------------------------------
  // Exact evidence by joint enumeration of all completions of all rows

  /** The number of joint completions the exact evidence sums over (saturating at Long.MAX_VALUE). */
  public static long jointCompletions(Model m, int[][] rows) {
    long total = 1;
    for (int[] row : rows) {
      for (int j = 0; j < m.size(); j++) {
        if (row[j] == UNKNOWN) {
          if (total > Long.MAX_VALUE / m.card()[j]) {
            return Long.MAX_VALUE;
          }
          total *= m.card()[j];
        }
      }
    }
    return total;
  }

  /**
   * The exact evidence {@code ln p(y | m) = ln Σ_{completions of all rows jointly} p(z | m)} with
   * {@code p(z | m)} Beal's eqn (6.9) evaluated at every joint completion (integer counts, so the
   * lnΓ values are tabulated once with {@link LogGamma}), accumulated with log-sum-exp.
   *
   * @param rows one row per data point (unit weight each)
   * @param maxTerms refuse to enumerate more joint completions than this
   */
  public static double logEvidence(Model m, int[][] rows, long maxTerms) {
    long terms = jointCompletions(m, rows);
    if (terms > maxTerms) {
      throw new IllegalArgumentException("brute force would sum " + terms + " terms (limit " + maxTerms + ")");
    }
    int n = rows.length;
    int p = m.size();
    // Per row: the family indices of each of its completions.
    int[][][] rowFamilies = new int[n][][];
    for (int r = 0; r < n; r++) {
      List<int[]> comp = completions(m, rows[r]);
      rowFamilies[r] = new int[comp.size()][];
      for (int c = 0; c < comp.size(); c++) {
        rowFamilies[r][c] = familyIndices(m, comp.get(c));
      }
    }
    // lnΓ(λ_j + c) and lnΓ(λ⁰_j + c) for c = 0..n.
    double[][] lgK = new double[p][n + 1];
    double[][] lgL = new double[p][n + 1];
    for (int j = 0; j < p; j++) {
      double lam = m.lambda()[j];
      for (int c = 0; c <= n; c++) {
        lgK[j][c] = LogGamma.value(lam + c);
        lgL[j][c] = LogGamma.value(m.card()[j] * lam + c);
      }
    }
    int[] off = new int[p];
    int[] configs = new int[p];
    for (int j = 0; j < p; j++) {
      off[j] = m.offset(j);
      configs[j] = m.configurations(j);
    }
    Leaf leaf = new Leaf(m.card(), off, configs, lgK, lgL);
    double[] leaves = new double[(int) terms];
    int[] counts = new int[m.tableSize()];
    int[] filled = {0};
    enumerate(leaf, rowFamilies, 0, counts, leaves, filled);
    if (filled[0] != terms) {
      throw new IllegalStateException("enumerated " + filled[0] + " of " + terms + " terms");
    }
    return logSumExp(leaves, filled[0]);
  }

  private static void enumerate(Leaf leaf, int[][][] rowFamilies, int r, int[] counts, double[] leaves,
      int[] filled) {
    if (r == rowFamilies.length) {
      leaves[filled[0]++] = leaf.value(counts);
      return;
    }
    for (int[] fam : rowFamilies[r]) {
      for (int i : fam) {
        counts[i]++;
      }
      enumerate(leaf, rowFamilies, r + 1, counts, leaves, filled);
      for (int i : fam) {
        counts[i]--;
      }
    }
  }

  /** Eqn (6.9) at integer counts, from the tabulated lnΓ values. */
  private record Leaf(int[] card, int[] off, int[] configs, double[][] lgK, double[][] lgL) {
    double value(int[] counts) {
      double sum = 0;
      for (int j = 0; j < card.length; j++) {
        int k = card[j];
        double[] gk = lgK[j];
        for (int l = 0; l < configs[j]; l++) {
          int base = off[j] + l * k;
          int nl = 0;
          for (int x = 0; x < k; x++) {
            int c = counts[base + x];
            nl += c;
            sum += gk[c] - gk[0];
          }
          sum += lgL[j][0] - lgL[j][nl];
        }
      }
      return sum;
    }
  }
}
