package org.occam.rbm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.math.DifferentiableFunction;
import org.occam.math.LogSpace;
import org.occam.math.Logistic;

/**
 * Chen &amp; Welling's (2013) importance-sampled negative log posterior of an RBM (their eqns 6–7),
 * to be minimised over λ. With samples x⁽¹⁾…x⁽ᵀ⁾ ~ p(x | λ0) and
 * {@code w̃_t(λ) = Z(x⁽ᵗ⁾, λ) / Z(x⁽ᵗ⁾, λ0)}, {@code Z(λ)/Z(λ0) ≈ (1/T) Σ_t w̃_t(λ)}, so
 *
 * <pre>
 *   ℓ(λ)  = −Σ_n log Z(x_n, λ) + N log((1/T) Σ_t w̃_t(λ)) + |λ|² / (2σ0²)        (+ const)
 *   ∇ℓ    = −Σ_n E[f | x_n, λ] + N Σ_t w_t m_t + λ / σ0²                     m_t = E[f | x⁽ᵗ⁾, λ]
 *   ∇²ℓ   = N [Σ_t w_t C_{x⁽ᵗ⁾}(λ) + Σ_t w_t (m_t − m̄)(m_t − m̄)ᵀ] − Σ_n C_{x_n}(λ) + I / σ0²
 * </pre>
 *
 * with normalised weights {@code w_t = w̃_t / Σ_s w̃_s} and {@code m̄ = Σ_t w_t m_t}. The printed
 * eqn 7 omits the between-sample term {@code Σ_t w_t (m_t − m̄)(m_t − m̄)ᵀ}; without it the bracket
 * is not an estimate of Cov(f | λ) and the Hessian does not match finite differences of ℓ (see
 * {@code docs/notes/laplace-family.md}). Weights are kept in log space and normalised by log-sum-exp.
 *
 * <p>Data and samples are both stored as distinct rows with multiplicities; N is the total data
 * count and T the number of samples. Immutable; each call allocates its own scratch, so one
 * instance may be shared between threads.
 */
public final class ImportanceSampledObjective implements RbmPosteriorObjective {
  private final int visibleCount;
  private final int hiddenCount;
  private final int featureCount;
  private final double[] lambda0;
  private final int[][] dataRows;
  private final double[] dataCounts;
  private final double dataTotal;
  private final int[][] sampleRows;
  /** log(multiplicity) − log Z(x⁽ᵗ⁾, λ0) per distinct sample row. */
  private final double[] sampleLogBase;
  private final int[] sampleMultiplicity;
  private final int sampleCount;
  private final double priorVariance;
  /**
   * The data rows sparse: the ones of row n are units {@code dataOnes[dataStart[n] … dataStart[n + 1] − 1]},
   * ascending; the same for the distinct sample rows.
   */
  private final int[] dataStart;
  private final int[] dataOnes;
  private final int[] sampleStart;
  private final int[] sampleOnes;

  /**
   * @param proposal the RBM at λ0 the samples were drawn from (defines V, K and λ0)
   * @param samples x⁽ᵗ⁾ ~ p(x | λ0), T ≥ 1 rows of V 0/1 entries (not modified; copied)
   * @param dataRows distinct data rows x_n (not modified; copied)
   * @param dataCounts how often each data row occurs, finite and ≥ 0 (not modified; copied)
   * @param priorVariance σ0² &gt; 0 of the prior N(0, σ0² I), or {@code +∞} for no prior (the
   *     maximum-likelihood version, used for ML-BIC)
   */
  public ImportanceSampledObjective(Rbm proposal, int[][] samples, int[][] dataRows, double[] dataCounts,
      double priorVariance) {
    this(proposal, samples, DataTerm.copyOf(proposal, dataRows, dataCounts), priorVariance);
  }

  /**
   * As above on a data term built once ({@link DataTerm#of}) and shared, read-only, by every
   * objective over the same data: the objectives of one Laplace run (fine-tuning, relocations,
   * the flipped modes) then hold one table between them instead of a dense and a sparse copy each.
   */
  ImportanceSampledObjective(Rbm proposal, int[][] samples, DataTerm data, double priorVariance) {
    if (samples.length == 0) {
      throw new IllegalArgumentException("importance sampling needs at least one sample from p(x | λ0)");
    }
    if (!(priorVariance > 0)) {
      throw new IllegalArgumentException("the prior variance σ0² must be > 0 (+∞ for no prior), got " + priorVariance);
    }
    if (data.visibleCount() != proposal.visibleCount()) {
      throw new IllegalArgumentException("the data have V=" + data.visibleCount() + " columns, the proposal has "
          + proposal.visibleCount() + " visible units");
    }
    this.visibleCount = proposal.visibleCount();
    this.hiddenCount = proposal.hiddenCount();
    this.featureCount = proposal.featureCount();
    this.lambda0 = proposal.parameters();
    this.priorVariance = priorVariance;
    this.dataRows = data.rows();
    this.dataCounts = data.counts();
    this.dataTotal = data.total();
    this.dataStart = data.start();
    this.dataOnes = data.ones();

    // Duplicate samples share one log Z evaluation: fold them into a multiplicity.
    Map<String, int[]> distinct = new LinkedHashMap<>();
    Map<String, Integer> multiplicity = new HashMap<>();
    for (int[] x : samples) {
      proposal.checkVisible(x);
      String key = Arrays.toString(x);
      distinct.putIfAbsent(key, x.clone());
      multiplicity.merge(key, 1, Integer::sum);
    }
    List<String> keys = new ArrayList<>(distinct.keySet());
    this.sampleRows = new int[keys.size()][];
    this.sampleLogBase = new double[keys.size()];
    this.sampleMultiplicity = new int[keys.size()];
    for (int t = 0; t < keys.size(); t++) {
      sampleRows[t] = distinct.get(keys.get(t));
      sampleMultiplicity[t] = multiplicity.get(keys.get(t));
      sampleLogBase[t] = Math.log(multiplicity.get(keys.get(t))) - proposal.logZGivenVisible(sampleRows[t]);
    }
    this.sampleCount = samples.length;
    this.sampleStart = new int[sampleRows.length + 1];
    this.sampleOnes = onesOf(sampleRows, sampleStart);
  }

  /**
   * The data's part of ℓ: the distinct rows x_n, dense and sparse (the ones of row n are units
   * {@code ones[start[n] … start[n + 1] − 1]}), their counts and N. It depends on the data only, not
   * on λ0 or the samples, so one serves every objective over the same data. Read-only.
   */
  record DataTerm(int visibleCount, int[][] rows, double[] counts, double total, int[] start, int[] ones) {
    /**
     * The term over rows and counts that stay unmodified while it is in use (an {@link RbmData}'s
     * own table, already checked to be 0/1 rows of one length with whole counts): not copied.
     */
    static DataTerm of(int visibleCount, int[][] rows, double[] counts) {
      double total = 0;
      for (double c : counts) {
        total += c;
      }
      int[] start = new int[rows.length + 1];
      return new DataTerm(visibleCount, rows, counts, total, start, onesOf(rows, start));
    }

    /** The term over copies of the caller's rows and counts, each checked against the proposal. */
    static DataTerm copyOf(Rbm proposal, int[][] dataRows, double[] dataCounts) {
      if (dataRows.length != dataCounts.length) {
        throw new IllegalArgumentException("one count per data row: " + dataRows.length + " rows, "
            + dataCounts.length + " counts");
      }
      int[][] rows = new int[dataRows.length][];
      for (int n = 0; n < dataRows.length; n++) {
        proposal.checkVisible(dataRows[n]);
        if (!(dataCounts[n] >= 0) || Double.isInfinite(dataCounts[n])) {
          throw new IllegalArgumentException("data count " + n + " must be finite and >= 0, got " + dataCounts[n]);
        }
        rows[n] = dataRows[n].clone();
      }
      return of(proposal.visibleCount(), rows, dataCounts.clone());
    }
  }

  /** The indices of the rows' ones, concatenated; {@code start} (length rows + 1) gets the offsets. */
  private static int[] onesOf(int[][] rows, int[] start) {
    int ones = 0;
    for (int r = 0; r < rows.length; r++) {
      for (int x : rows[r]) {
        ones += x;
      }
      start[r + 1] = ones;
    }
    int[] index = new int[ones];
    int at = 0;
    for (int[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        if (row[i] != 0) {
          index[at++] = i;
        }
      }
    }
    return index;
  }

  /**
   * {@code log Z(x_r, λ) = Σ_{i ∈ ones(r)} α_i + Σ_k softplus(b_k)} with the fields
   * {@code b_k = β_k + Σ_{i ∈ ones(r)} W_ik} left in {@code fields} (length K): nnz·K + nnz additions
   * and K softplus, against V·K + V visits for the dense row ({@link Rbm#logZGivenVisible}, whose
   * additions these are, in the same order, so the value is the same to the bit).
   */
  private double logZGivenVisible(double[] lambda, int[] start, int[] ones, int r, double[] fields) {
    int k = hiddenCount;
    int vk = visibleCount * k;
    Rbm.fieldsOfOnes(lambda, visibleCount, k, ones, start[r], start[r + 1], fields);
    double s = 0;
    for (int p = start[r]; p < start[r + 1]; p++) {
      s += lambda[vk + ones[p]];
    }
    for (int h = 0; h < k; h++) {
      s += Logistic.softplus(fields[h]);
    }
    return s;
  }

  /**
   * Adds {@code c E[f | x_r, λ]} to {@code out} (length F) over the row's features that are not
   * zero, given its fields b (from {@link #logZGivenVisible(double[], int[], int[], int, double[])};
   * overwritten with {@code c σ(b_k)}): 2·nnz·K + nnz + 2K flops against 2F for the dense row.
   */
  private void addConditionalMeans(int[] start, int[] ones, int r, double c, double[] fields, double[] out) {
    int k = hiddenCount;
    int vk = visibleCount * k;
    int hb = vk + visibleCount;
    for (int h = 0; h < k; h++) {
      fields[h] = c * Logistic.sigmoid(fields[h]);
    }
    for (int p = start[r]; p < start[r + 1]; p++) {
      int i = ones[p];
      int row = i * k;
      for (int h = 0; h < k; h++) {
        out[row + h] += fields[h];
      }
      out[vk + i] += c;
    }
    for (int h = 0; h < k; h++) {
      out[hb + h] += fields[h];
    }
  }

  /** Convenience: every data row once (count 1). */
  public static ImportanceSampledObjective ofDataRows(Rbm proposal, int[][] samples, int[][] data,
      double priorVariance) {
    double[] ones = new double[data.length];
    Arrays.fill(ones, 1);
    return new ImportanceSampledObjective(proposal, samples, data, ones, priorVariance);
  }

  /** F = V·K + V + K, the dimension of λ. */
  public int dimension() {
    return featureCount;
  }

  /** N, the total data count. */
  public double dataCount() {
    return dataTotal;
  }

  /** T, the number of samples (with repeats). */
  public int sampleCount() {
    return sampleCount;
  }

  /** The number of distinct sample rows. */
  public int distinctSampleCount() {
    return sampleRows.length;
  }

  /** λ0, the proposal's parameters (a fresh copy). */
  public double[] proposalParameters() {
    return lambda0.clone();
  }

  /** σ0², {@code +∞} without a prior. */
  public double priorVariance() {
    return priorVariance;
  }

  /**
   * ℓ(λ), with ∇ℓ(λ) written into {@code gradOut}. Outside the domain (non-finite λ) returns +∞
   * and fills the gradient with NaN, which the minimisers treat as a step too far.
   */
  @Override
  public double valueAndGradient(double[] lambda, double[] gradOut) {
    checkLength(lambda, "λ");
    checkLength(gradOut, "gradient output");
    if (!DifferentiableFunction.allFinite(lambda)) {
      Arrays.fill(gradOut, Double.NaN);
      return Double.POSITIVE_INFINITY;
    }
    // every row from its ones (see logZGivenVisible and addConditionalMeans): the same sums in the
    // same order as over the dense rows, less the zeros
    double[] fields = new double[hiddenCount];
    double value = 0;
    Arrays.fill(gradOut, 0);
    for (int n = 0; n < dataRows.length; n++) {
      double c = dataCounts[n];
      if (c == 0) {
        continue;
      }
      value -= c * logZGivenVisible(lambda, dataStart, dataOnes, n, fields);
      addConditionalMeans(dataStart, dataOnes, n, -c, fields, gradOut);
    }
    double[] w = new double[sampleRows.length];
    double logSum = normalisedWeights(lambda, w);
    value += dataTotal * (logSum - Math.log(sampleCount));
    for (int t = 0; t < sampleRows.length; t++) {
      logZGivenVisible(lambda, sampleStart, sampleOnes, t, fields);
      addConditionalMeans(sampleStart, sampleOnes, t, dataTotal * w[t], fields, gradOut);
    }
    if (!Double.isInfinite(priorVariance)) {
      for (int a = 0; a < featureCount; a++) {
        gradOut[a] += lambda[a] / priorVariance;
      }
    }
    return value + priorPenalty(lambda);
  }

  /** Importance-sampled, never exact. */
  @Override
  public boolean exact() {
    return false;
  }

  /** ℓ(λ) alone. */
  @Override
  public double value(double[] lambda) {
    return evaluate(lambda).value();
  }

  /**
   * ℓ(λ) and the effective sample size of the weights at λ, from one pass over the data and the
   * samples and without the gradient: what a search along a line needs.
   *
   * @param value ℓ(λ)
   * @param effectiveSampleSize {@code 1 / Σ_t w_t²} over the T samples
   */
  public record Evaluation(double value, double effectiveSampleSize) {}

  /** ℓ(λ) and the ESS at λ (finite λ only). */
  public Evaluation evaluate(double[] lambda) {
    checkLength(lambda, "λ");
    checkFinite(lambda);
    double[] fields = new double[hiddenCount];
    double value = 0;
    for (int n = 0; n < dataRows.length; n++) {
      if (dataCounts[n] != 0) {
        value -= dataCounts[n] * logZGivenVisible(lambda, dataStart, dataOnes, n, fields);
      }
    }
    double[] w = new double[sampleRows.length];
    double logSum = normalisedWeights(lambda, w);
    value += dataTotal * (logSum - Math.log(sampleCount)) + priorPenalty(lambda);
    return new Evaluation(value, effectiveSampleSizeOf(w));
  }

  /** {@code |λ|² / (2σ0²)}, 0 without a prior. */
  private double priorPenalty(double[] lambda) {
    if (Double.isInfinite(priorVariance)) {
      return 0;
    }
    double squares = 0;
    for (double l : lambda) {
      squares += l * l;
    }
    return squares / (2 * priorVariance);
  }

  /**
   * ∇²ℓ(λ) = N·{@link #importanceWeightedCovariance} − Σ_n C_{x_n}(λ) + I/σ0², a fresh F×F array.
   */
  public double[][] hessian(double[] lambda) {
    return hessian(lambda, true);
  }

  /**
   * The Hessian with or without the between-sample term; without it is the printed eqn 7, kept
   * so a test can show that it does not match finite differences.
   */
  double[][] hessian(double[] lambda, boolean betweenSampleTerm) {
    checkLength(lambda, "λ");
    checkFinite(lambda);
    Rbm rbm = new Rbm(visibleCount, hiddenCount, lambda);
    double[][] h = importanceWeightedCovariance(rbm, betweenSampleTerm);
    for (double[] row : h) {
      for (int b = 0; b < featureCount; b++) {
        row[b] *= dataTotal;
      }
    }
    double[] counts = new double[dataRows.length];
    for (int n = 0; n < counts.length; n++) {
      counts[n] = -dataCounts[n];
    }
    accumulateConditionalMoments(rbm, dataRows, counts, false, h);
    double precision = 1 / priorVariance;
    for (int a = 0; a < featureCount; a++) {
      h[a][a] += precision;
    }
    return h;
  }

  /**
   * The importance-sampling estimate of Cov(f | λ),
   * {@code Σ_t w_t C_{x⁽ᵗ⁾}(λ) + Σ_t w_t (m_t − m̄)(m_t − m̄)ᵀ}: within-sample plus between-sample
   * covariance of f under the reweighted samples (a fresh F×F array).
   */
  public double[][] importanceWeightedCovariance(double[] lambda) {
    checkLength(lambda, "λ");
    checkFinite(lambda);
    return importanceWeightedCovariance(new Rbm(visibleCount, hiddenCount, lambda), true);
  }

  /**
   * With the between-sample term the bracket is {@code Σ_t w_t E[f fᵀ | x⁽ᵗ⁾] − m̄ m̄ᵀ} (within plus
   * between is the second moment minus the squared mean); without it, {@code Σ_t w_t C_{x⁽ᵗ⁾}}.
   */
  private double[][] importanceWeightedCovariance(Rbm rbm, boolean betweenSampleTerm) {
    int distinctCount = sampleRows.length;
    double[] w = new double[distinctCount];
    double[] lambda = rbm.parameters();
    normalisedWeights(lambda, w);
    double[][] out = new double[featureCount][featureCount];
    accumulateConditionalMoments(rbm, sampleRows, w, betweenSampleTerm, out);
    if (betweenSampleTerm) {
      double[] mBar = new double[featureCount];
      double[] fields = new double[hiddenCount];
      for (int t = 0; t < distinctCount; t++) {
        logZGivenVisible(lambda, sampleStart, sampleOnes, t, fields);
        addConditionalMeans(sampleStart, sampleOnes, t, w[t], fields, mBar);
      }
      for (int a = 0; a < featureCount; a++) {
        double[] row = out[a];
        double ma = mBar[a];
        for (int b = 0; b < featureCount; b++) {
          row[b] -= ma * mBar[b];
        }
      }
    }
    return out;
  }

  /**
   * Adds {@code Σ_r weight_r E[f fᵀ | x_r]} (second moments) or {@code Σ_r weight_r C_{x_r}}
   * (covariances) into {@code out}, using the RBM's structure. Write {@code y = (x, 1)} and
   * {@code z̃ = (z, 1)}; every feature is a product {@code y_i z̃_k} (W: i &lt; V, k &lt; K; α: k = K;
   * β: i = V), so {@code E[f_(i,k) f_(j,l) | x] = y_i y_j E[z̃_k z̃_l | x]}, with
   * {@code E[z_k z_l] = σ_k σ_l} (k ≠ l), {@code σ_k} (k = l), and the covariance has only the
   * {@code k = l < K} blocks, {@code y_i y_j σ_k (1 − σ_k)}. Only pairs of units that are on in x
   * contribute: the cost per row is {@code (|x| + 1)² (K + 1)²} instead of F².
   */
  private void accumulateConditionalMoments(Rbm rbm, int[][] rows, double[] weights, boolean secondMoments,
      double[][] out) {
    int v = visibleCount;
    int k1 = hiddenCount + 1;
    int vk = v * hiddenCount;
    // feature index of y_i z̃_k, or −1 for the constant y_V z̃_K
    int[] index = new int[(v + 1) * k1];
    for (int i = 0; i <= v; i++) {
      for (int k = 0; k <= hiddenCount; k++) {
        int at = i * k1 + k;
        if (i < v && k < hiddenCount) {
          index[at] = i * hiddenCount + k;
        } else if (i < v) {
          index[at] = vk + i;
        } else if (k < hiddenCount) {
          index[at] = vk + v + k;
        } else {
          index[at] = -1;
        }
      }
    }
    double[] sigma = new double[hiddenCount];
    double[] moment = new double[k1 * k1];
    int[] on = new int[v + 1];
    for (int r = 0; r < rows.length; r++) {
      double weight = weights[r];
      if (weight == 0) {
        continue;
      }
      int[] x = rows[r];
      int active = 0;
      for (int i = 0; i < v; i++) {
        if (x[i] != 0) {
          on[active++] = i;
        }
      }
      on[active++] = v;
      rbm.hiddenPosteriorMeans(x, sigma);
      Arrays.fill(moment, 0);
      if (secondMoments) {
        moment[hiddenCount * k1 + hiddenCount] = weight;
      }
      for (int k = 0; k < hiddenCount; k++) {
        if (secondMoments) {
          for (int l = 0; l < hiddenCount; l++) {
            moment[k * k1 + l] = weight * (k == l ? sigma[k] : sigma[k] * sigma[l]);
          }
          moment[k * k1 + hiddenCount] = weight * sigma[k];
          moment[hiddenCount * k1 + k] = weight * sigma[k];
        } else {
          moment[k * k1 + k] = weight * sigma[k] * (1 - sigma[k]);
        }
      }
      for (int p = 0; p < active; p++) {
        int i = on[p];
        for (int q = 0; q < active; q++) {
          int j = on[q];
          for (int k = 0; k < k1; k++) {
            int a = index[i * k1 + k];
            if (a < 0) {
              continue;
            }
            double[] row = out[a];
            int base = k * k1;
            if (secondMoments) {
              for (int l = 0; l < k1; l++) {
                int b = index[j * k1 + l];
                if (b >= 0) {
                  row[b] += moment[base + l];
                }
              }
            } else if (k < hiddenCount) {
              row[index[j * k1 + k]] += moment[base + k];
            }
          }
        }
      }
    }
  }

  /**
   * The effective sample size {@code ESS = 1 / Σ_t w_t²} over the T samples at λ: T when every
   * weight is equal (λ = λ0), near 1 when one sample dominates.
   */
  public double effectiveSampleSize(double[] lambda) {
    checkLength(lambda, "λ");
    checkFinite(lambda);
    double[] w = new double[sampleRows.length];
    normalisedWeights(lambda, w);
    return effectiveSampleSizeOf(w);
  }

  private double effectiveSampleSizeOf(double[] w) {
    double sumSquares = 0;
    for (int t = 0; t < sampleRows.length; t++) {
      // a row drawn r times carries r equal per-sample weights w_t / r
      sumSquares += w[t] * w[t] / sampleMultiplicity[t];
    }
    return 1 / sumSquares;
  }

  /**
   * Normalised weights per distinct sample row (the row's multiplicity included) into {@code w};
   * returns {@code log Σ_t w̃_t(λ)} over all T samples.
   */
  private double normalisedWeights(double[] lambda, double[] w) {
    double[] fields = new double[hiddenCount];
    for (int t = 0; t < sampleRows.length; t++) {
      w[t] = sampleLogBase[t] + logZGivenVisible(lambda, sampleStart, sampleOnes, t, fields);
    }
    double logSum = LogSpace.logSumExp(w);
    for (int t = 0; t < w.length; t++) {
      w[t] = Math.exp(w[t] - logSum);
    }
    return logSum;
  }

  private void checkLength(double[] v, String what) {
    if (v.length != featureCount) {
      throw new IllegalArgumentException(what + " needs length F = " + featureCount + ", got " + v.length);
    }
  }


  private static void checkFinite(double[] lambda) {
    if (!DifferentiableFunction.allFinite(lambda)) {
      throw new IllegalArgumentException("λ must be finite: " + Arrays.toString(lambda));
    }
  }

  @Override
  public String toString() {
    return "ImportanceSampledObjective[V=" + visibleCount + ", K=" + hiddenCount + ", N=" + dataTotal
        + ", T=" + sampleCount + " (" + sampleRows.length + " distinct), σ0²=" + priorVariance + "]";
  }
}
