package org.occam.crf;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.math.DifferentiableFunction;
import org.occam.math.Parallel;
import org.occam.sampling.ParameterLikelihood;

/**
 * The conditional log likelihood of labelled sequences,
 * {@code L(λ) = Σ_n [λᵀ f(t_n, x_n) − log Z(x_n, λ)]}, its gradient
 * {@code Σ_n (f(t_n, x_n) − E[f | x_n, λ])} and the summed covariance {@code Σ_n C_{x_n}} (the
 * papers' eqn 12/13), all exact by forward–backward ({@link ChainInference}).
 *
 * <p>As a {@link ParameterLikelihood} (for AIS and HMC over λ) its data count is the number of
 * labelled positions, not sequences: the annealer uses it only to scale its step size, and the
 * curvature of L grows with the positions.
 */
public final class CrfLikelihood implements ParameterLikelihood {
  /**
   * The sequences are summed in this many blocks (fewer when there are fewer sequences) whatever the
   * thread count, and the blocks' sums added in block order, so the numbers do not depend on it.
   */
  static final int BLOCKS = 16;

  private final CrfFeatures features;
  /** f(t_n, x_n) = Φ_nᵀ u(t_n), the observed statistics of each sequence. */
  private final double[][] observed;
  /** Φ_nᵀ 1, so that Σ_i h_i + Σ_i J_i = λ · ones[n]. */
  private final double[][] ones;
  /** Σ_n f(t_n, x_n), summed in sequence order. */
  private final double[] observedTotal;

  /**
   * @throws org.occam.data.InvalidInputException if a sequence has an unknown label
   */
  public CrfLikelihood(CrfFeatures features) {
    this.features = features;
    for (int n = 0; n < features.size(); n++) {
      for (int t : features.spins(n)) {
        if (t == 0) {
          throw new org.occam.data.InvalidInputException("sequence '" + features.data().sequences().get(n).id()
              + "' has positions without a label: training and scoring need every label");
        }
      }
    }
    observed = new double[features.size()][];
    ones = new double[features.size()][];
    for (int n = 0; n < features.size(); n++) {
      observed[n] = features.statistics(n, features.spins(n));
      double[] u = new double[2 * features.length(n) - 1];
      java.util.Arrays.fill(u, 1);
      ones[n] = new double[features.dimension()];
      features.addProjected(n, u, 1.0, ones[n]);
    }
    observedTotal = new double[features.dimension()];
    for (double[] o : observed) {
      for (int k = 0; k < o.length; k++) {
        observedTotal[k] += o[k];
      }
    }
  }

  /** The design. */
  public CrfFeatures features() {
    return features;
  }

  @Override
  public int dimension() {
    return features.dimension();
  }

  @Override
  public double dataCount() {
    return features.data().positions();
  }

  /**
   * L(λ), with ∇L written into {@code grad}, summed over sequences on {@code threads} threads.
   *
   * <p>On a binary design whose distinct rows' e^{2·potential} all lie in the scaled range (the
   * usual case) each block adds up the sequences' E[u] by distinct row ({@link DistinctRowRun}),
   * the blocks' sums are added in block order, and ∇L = Σ_n f(t_n, x_n) − Σ_p w_p·(distinct row p);
   * otherwise each block adds Φ_nᵀ(u(t_n) − E[u]) sequence by sequence.
   */
  public double valueAndGradient(double[] lambda, double[] grad, int threads) {
    int n = features.size();
    int blocks = Math.min(n, BLOCKS);
    int rows = features.distinctRows();
    double[] table = new double[rows];
    if (distinctRowsInRange(lambda, new double[lambda.length], table)) {
      List<double[]> parts = Parallel.map(blocks, Math.max(1, threads), "occam-crf", b -> {
        double[] out = new double[rows + 1];
        DistinctRowRun run = new DistinctRowRun();
        run.infer(b * n / blocks, (b + 1) * n / blocks, lambda, table);
        out[rows] = run.addBlock(b, blocks, lambda, out);
        return out;
      });
      double[] weights = new double[rows];
      double value = 0;
      for (double[] p : parts) {
        for (int r = 0; r < rows; r++) {
          weights[r] += p[r];
        }
        value += p[rows];
      }
      System.arraycopy(observedTotal, 0, grad, 0, grad.length);
      features.addDistinctRowsProjected(weights, -1.0, grad);
      return value;
    }
    List<double[]> parts = Parallel.map(blocks, Math.max(1, threads), "occam-crf", b -> {
      double[] out = new double[lambda.length + 1];
      Scratch scratch = new Scratch(features.maxLength());
      double[] expTwiceLambda = expTwice(lambda);
      for (int s = b * n / blocks; s < (b + 1) * n / blocks; s++) {
        out[lambda.length] += addSequence(s, lambda, expTwiceLambda, out, scratch);
      }
      return out;
    });
    java.util.Arrays.fill(grad, 0);
    double value = 0;
    for (double[] p : parts) {
      for (int k = 0; k < grad.length; k++) {
        grad[k] += p[k];
      }
      value += p[lambda.length];
    }
    return value;
  }

  /**
   * Whether the design is binary, Σ|λ_k| ≤ 300 and every distinct row's e^{2·potential}, written
   * into {@code table} (and e^{2λ} into {@code expTwiceLambda}), lies in [e^−100, e^100]: then no
   * position needs a range check or the log-space run.
   */
  private boolean distinctRowsInRange(double[] lambda, double[] expTwiceLambda, double[] table) {
    if (!expTwice(lambda, expTwiceLambda)) {
      return false;
    }
    features.expTwiceDistinctRows(expTwiceLambda, table);
    for (double e : table) {
      if (!(e >= ChainInference.EXP_MIN && e <= ChainInference.EXP_MAX)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The distinct-row path's state for one evaluation: each sequence's log Z and E[u], made up to four
   * sequences of the same length at a time (the chains' recursions interleaved), then added up block
   * by block in sequence order, so the grouping changes no number.
   */
  private final class DistinctRowRun {
    final double[] logZ = new double[features.size()];
    final double[][] means = new double[features.size()][];
    final double[][] messages = new double[4][3 * features.maxLength()];
    final int[][] rows = new int[4][];
    final double[] shifts = new double[4];
    final double[][] chainMeans = new double[4][];
    final double[] chainLogZ = new double[4];

    /**
     * log Z and E[u] of sequences [from, to) at λ, four or two of the same length at a time
     * ({@link ChainInference#scaledGatheredQuad}, {@link ChainInference#scaledGatheredPair}).
     *
     * @param table e^{2·potential} per distinct row, all in the scaled range
     */
    void infer(int from, int to, double[] lambda, double[] table) {
      int s = from;
      while (s < to) {
        int l = features.length(s);
        int same = 1;
        while (same < 4 && s + same < to && features.length(s + same) == l) {
          same++;
        }
        int group = same == 4 ? 4 : same >= 2 ? 2 : 1;
        for (int c = 0; c < group; c++) {
          if (means[s + c] == null) {
            means[s + c] = new double[2 * l - 1];
          }
          rows[c] = features.distinctRowOf(s + c);
          shifts[c] = shift(s + c, lambda);
          chainMeans[c] = means[s + c];
        }
        if (group == 4) {
          ChainInference.scaledGatheredQuad(table, l, rows, shifts, chainMeans, messages, chainLogZ);
        } else if (group == 2) {
          ChainInference.scaledGatheredPair(table, l, rows[0], shifts[0], chainMeans[0], messages[0], rows[1],
              shifts[1], chainMeans[1], messages[1], chainLogZ);
        } else {
          chainLogZ[0] = ChainInference.scaledGathered(table, rows[0], shifts[0], l, chainMeans[0], messages[0]);
        }
        System.arraycopy(chainLogZ, 0, logZ, s, group);
        s += group;
      }
    }

    /**
     * Block b's log likelihood, with each sequence's E[u_r] added to {@code weights[distinct row of r]}
     * (so that Φᵀ of the sum is the block's Σ E[f]), after {@link #infer} of its sequences.
     */
    double addBlock(int b, int blocks, double[] lambda, double[] weights) {
      int n = features.size();
      double value = 0;
      for (int s = b * n / blocks; s < (b + 1) * n / blocks; s++) {
        int[] row = features.distinctRowOf(s);
        double[] m = means[s];
        double[] obs = observed[s];
        double energy = 0;
        for (int k = 0; k < lambda.length; k++) {
          energy += lambda[k] * obs[k];
        }
        for (int r = 0; r < m.length; r++) {
          weights[row[r]] += m[r];
        }
        value += energy - logZ[s];
      }
      return value;
    }
  }

  /** Σ_i h_i + Σ_i J_i of sequence s at λ. */
  private double shift(int s, double[] lambda) {
    double[] one = ones[s];
    double shift = 0;
    for (int k = 0; k < lambda.length; k++) {
      shift += lambda[k] * one[k];
    }
    return shift;
  }

  /** Buffers for one sequence at a time: potentials, their e^{2·}, E[u] (then u − E[u]), and the messages. */
  private record Scratch(double[] potentials, double[] expTwice, double[] means, double[] messages) {
    Scratch(int maxLength) {
      this(new double[2 * maxLength - 1], new double[2 * maxLength - 1], new double[2 * maxLength - 1],
          new double[7 * maxLength]);
    }
  }

  /**
   * e^{2λ_k} for a binary design, else null (then {@link ChainInference#logZAndMeans} takes each
   * position's exponential). Null too when Σ|λ_k| &gt; 300, so that no partial product over a row
   * can overflow (e^{±600}); a position whose potential is past the scaled limit sends its sequence
   * to the log-space run anyway.
   */
  private double[] expTwice(double[] lambda) {
    double[] e = new double[lambda.length];
    return expTwice(lambda, e) ? e : null;
  }

  /** As {@link #expTwice(double[])} into {@code out}: false where that gives null. */
  private boolean expTwice(double[] lambda, double[] out) {
    if (!features.binary()) {
      return false;
    }
    double sum = 0;
    for (double x : lambda) {
      sum += Math.abs(x);
    }
    if (!(sum <= 300)) {
      return false;
    }
    for (int k = 0; k < lambda.length; k++) {
      out[k] = Math.exp(2 * lambda[k]);
    }
    return true;
  }

  /**
   * Adds sequence s's gradient f(t, x) − E[f | x] = Φᵀ(u(t) − E[u]) to {@code grad} and returns its
   * log likelihood λᵀf(t, x) − log Z = h·t + J·(t t') − log Z, by scaled messages
   * ({@link ChainInference#scaled}, {@link ChainInference#logZAndMeans}) and Φ's sparse rows.
   */
  private double addSequence(int s, double[] lambda, double[] expTwiceLambda, double[] grad, Scratch scratch) {
    double[] m = scratch.means;
    int l = features.length(s);
    if (expTwiceLambda != null) {
      // binary design: e^{2h}, e^{2J} as products, λ·f(t) and Σh + ΣJ from the precomputed sums
      double[] e = scratch.expTwice;
      features.expTwicePotentials(s, expTwiceLambda, e);
      double[] obs = observed[s];
      double[] one = ones[s];
      double shift = 0;
      double energy = 0;
      for (int k = 0; k < lambda.length; k++) {
        shift += lambda[k] * one[k];
        energy += lambda[k] * obs[k];
      }
      double logZ = ChainInference.scaled(e, 0, shift, l, m, scratch.messages);
      if (!Double.isNaN(logZ)) {
        for (int k = 0; k < lambda.length; k++) {
          grad[k] += obs[k];
        }
        features.addProjected(s, m, -1.0, grad);
        return energy - logZ;
      }
    }
    double[] pot = scratch.potentials;
    int[] t = features.spins(s);
    features.potentials(s, lambda, pot);
    double logZ = ChainInference.logZAndMeans(pot, null, l, m, scratch.messages);
    double energy = 0;
    for (int i = 0; i < l; i++) {
      energy += pot[i] * t[i];
      m[i] = t[i] - m[i];
    }
    for (int i = 0; i + 1 < l; i++) {
      int tt = t[i] * t[i + 1];
      energy += pot[l + i] * tt;
      m[l + i] = tt - m[l + i];
    }
    features.addProjected(s, m, 1.0, grad);
    return energy - logZ;
  }

  /** L(λ) alone. */
  public double value(double[] lambda) {
    Scratch scratch = new Scratch(features.maxLength());
    double v = 0;
    for (int s = 0; s < features.size(); s++) {
      int l = features.length(s);
      int[] t = features.spins(s);
      double[] pot = scratch.potentials;
      features.potentials(s, lambda, pot);
      double e = 0;
      for (int i = 0; i < l; i++) {
        e += pot[i] * t[i];
      }
      for (int i = 0; i + 1 < l; i++) {
        e += pot[l + i] * t[i] * t[i + 1];
      }
      v += e - ChainInference.logZAndMeans(pot, l, scratch.means, scratch.messages);
    }
    return v;
  }

  /** Σ_n C_{x_n}(λ), the F-square sum of the sequences' feature covariances, on {@code threads} threads. */
  public double[][] covarianceSum(double[] lambda, int threads) {
    int n = features.size();
    int f = features.dimension();
    int blocks = Math.min(n, BLOCKS);
    List<double[][]> parts = Parallel.map(blocks, Math.max(1, threads), "occam-crf", b -> {
      double[][] out = new double[f][f];
      for (int s = b * n / blocks; s < (b + 1) * n / blocks; s++) {
        features.addProjectedCovariance(s, features.infer(s, lambda).covariance(), out);
      }
      return out;
    });
    double[][] sum = new double[f][f];
    for (double[][] p : parts) {
      for (int a = 0; a < f; a++) {
        for (int b = 0; b < f; b++) {
          sum[a][b] += p[a][b];
        }
      }
    }
    return sum;
  }

  @Override
  public DifferentiableFunction newEvaluator() {
    Sequential sequential = new Sequential();
    return (lambda, grad) -> {
      for (double x : lambda) {
        if (!Double.isFinite(x)) {
          return Double.NaN;
        }
      }
      return sequential.valueAndGradient(lambda, grad);
    };
  }

  /**
   * One chain's evaluator state: the blocks of {@link #valueAndGradient(double[], double[], int)}
   * summed in the same order on the calling thread, into buffers kept between calls (the AIS and
   * HMC hot loop), so the numbers are those of any thread count.
   */
  private final class Sequential {
    final Scratch scratch = new Scratch(features.maxLength());
    final double[] block = new double[features.dimension() + 1];
    final double[] expTwiceLambda = new double[features.dimension()];
    final double[] table = new double[features.distinctRows()];
    final DistinctRowRun run = new DistinctRowRun();
    final double[] blockWeights = new double[features.distinctRows()];
    final double[] weights = new double[features.distinctRows()];

    double valueAndGradient(double[] lambda, double[] grad) {
      int n = features.size();
      int blocks = Math.min(n, BLOCKS);
      double value = 0;
      if (distinctRowsInRange(lambda, expTwiceLambda, table)) {
        java.util.Arrays.fill(weights, 0);
        run.infer(0, n, lambda, table);
        for (int b = 0; b < blocks; b++) {
          java.util.Arrays.fill(blockWeights, 0);
          value += run.addBlock(b, blocks, lambda, blockWeights);
          for (int r = 0; r < weights.length; r++) {
            weights[r] += blockWeights[r];
          }
        }
        System.arraycopy(observedTotal, 0, grad, 0, grad.length);
        features.addDistinctRowsProjected(weights, -1.0, grad);
        return value;
      }
      double[] expTwiceOrNull = expTwice(lambda);
      java.util.Arrays.fill(grad, 0);
      for (int b = 0; b < blocks; b++) {
        java.util.Arrays.fill(block, 0);
        for (int s = b * n / blocks; s < (b + 1) * n / blocks; s++) {
          block[lambda.length] += addSequence(s, lambda, expTwiceOrNull, block, scratch);
        }
        for (int k = 0; k < grad.length; k++) {
          grad[k] += block[k];
        }
        value += block[lambda.length];
      }
      return value;
    }
  }

  @Override
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sequences", features.size());
    m.put("positions", features.data().positions());
    m.put("parameters", features.dimension());
    m.put("logZ", "exact (forward-backward)");
    return m;
  }
}
