package org.occam.rbm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.math.DifferentiableFunction;
import org.occam.math.LogSpace;

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
 * {@code notes/laplace-family.md}). Weights are kept in log space and normalised by log-sum-exp.
 *
 * <p>Data and samples are both stored as distinct rows with multiplicities; N is the total data
 * count and T the number of samples. Immutable; each call allocates its own scratch, so one
 * instance may be shared between threads.
 */
public final class ImportanceSampledObjective implements DifferentiableFunction {
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
   * @param proposal the RBM at λ0 the samples were drawn from (defines V, K and λ0)
   * @param samples x⁽ᵗ⁾ ~ p(x | λ0), T ≥ 1 rows of V 0/1 entries (not modified; copied)
   * @param dataRows distinct data rows x_n (not modified; copied)
   * @param dataCounts how often each data row occurs, finite and ≥ 0 (not modified; copied)
   * @param priorVariance σ0² &gt; 0 of the prior N(0, σ0² I)
   */
  public ImportanceSampledObjective(Rbm proposal, int[][] samples, int[][] dataRows, double[] dataCounts,
      double priorVariance) {
    if (samples.length == 0) {
      throw new IllegalArgumentException("importance sampling needs at least one sample from p(x | λ0)");
    }
    if (dataRows.length != dataCounts.length) {
      throw new IllegalArgumentException("one count per data row: " + dataRows.length + " rows, "
          + dataCounts.length + " counts");
    }
    if (!(priorVariance > 0) || Double.isInfinite(priorVariance)) {
      throw new IllegalArgumentException("the prior variance σ0² must be finite and > 0, got " + priorVariance);
    }
    this.visibleCount = proposal.visibleCount();
    this.hiddenCount = proposal.hiddenCount();
    this.featureCount = proposal.featureCount();
    this.lambda0 = proposal.parameters();
    this.priorVariance = priorVariance;

    this.dataRows = new int[dataRows.length][];
    this.dataCounts = dataCounts.clone();
    double total = 0;
    for (int n = 0; n < dataRows.length; n++) {
      proposal.checkVisible(dataRows[n]);
      if (!(dataCounts[n] >= 0) || Double.isInfinite(dataCounts[n])) {
        throw new IllegalArgumentException("data count " + n + " must be finite and >= 0, got " + dataCounts[n]);
      }
      this.dataRows[n] = dataRows[n].clone();
      total += dataCounts[n];
    }
    this.dataTotal = total;

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

  /** σ0². */
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
    if (!allFinite(lambda)) {
      Arrays.fill(gradOut, Double.NaN);
      return Double.POSITIVE_INFINITY;
    }
    Rbm rbm = new Rbm(visibleCount, hiddenCount, lambda);
    double[] m = new double[featureCount];
    double value = 0;
    Arrays.fill(gradOut, 0);
    for (int n = 0; n < dataRows.length; n++) {
      double c = dataCounts[n];
      if (c == 0) {
        continue;
      }
      value -= c * rbm.logZGivenVisible(dataRows[n]);
      rbm.conditionalFeatureMeans(dataRows[n], m);
      for (int a = 0; a < featureCount; a++) {
        gradOut[a] -= c * m[a];
      }
    }
    double[] w = new double[sampleRows.length];
    double logSum = normalisedWeights(rbm, w);
    value += dataTotal * (logSum - Math.log(sampleCount));
    for (int t = 0; t < sampleRows.length; t++) {
      rbm.conditionalFeatureMeans(sampleRows[t], m);
      double nw = dataTotal * w[t];
      for (int a = 0; a < featureCount; a++) {
        gradOut[a] += nw * m[a];
      }
    }
    double squares = 0;
    for (int a = 0; a < featureCount; a++) {
      squares += lambda[a] * lambda[a];
      gradOut[a] += lambda[a] / priorVariance;
    }
    return value + squares / (2 * priorVariance);
  }

  /** ℓ(λ) alone. */
  public double value(double[] lambda) {
    return valueAndGradient(lambda, new double[featureCount]);
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
    double[][] c = new double[featureCount][featureCount];
    for (int n = 0; n < dataRows.length; n++) {
      double count = dataCounts[n];
      if (count == 0) {
        continue;
      }
      rbm.conditionalFeatureCovariance(dataRows[n], c);
      addScaled(h, c, -count);
    }
    for (int a = 0; a < featureCount; a++) {
      h[a][a] += 1 / priorVariance;
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

  private double[][] importanceWeightedCovariance(Rbm rbm, boolean betweenSampleTerm) {
    int distinctCount = sampleRows.length;
    double[] w = new double[distinctCount];
    normalisedWeights(rbm, w);
    double[][] out = new double[featureCount][featureCount];
    double[][] c = new double[featureCount][featureCount];
    double[][] means = new double[distinctCount][featureCount];
    double[] mBar = new double[featureCount];
    for (int t = 0; t < distinctCount; t++) {
      rbm.conditionalFeatureCovariance(sampleRows[t], c);
      addScaled(out, c, w[t]);
      rbm.conditionalFeatureMeans(sampleRows[t], means[t]);
      for (int a = 0; a < featureCount; a++) {
        mBar[a] += w[t] * means[t][a];
      }
    }
    if (betweenSampleTerm) {
      double[] d = new double[featureCount];
      for (int t = 0; t < distinctCount; t++) {
        for (int a = 0; a < featureCount; a++) {
          d[a] = means[t][a] - mBar[a];
        }
        for (int a = 0; a < featureCount; a++) {
          double wd = w[t] * d[a];
          if (wd == 0) {
            continue;
          }
          double[] row = out[a];
          for (int b = 0; b < featureCount; b++) {
            row[b] += wd * d[b];
          }
        }
      }
    }
    return out;
  }

  /**
   * The effective sample size {@code ESS = 1 / Σ_t w_t²} over the T samples at λ: T when every
   * weight is equal (λ = λ0), near 1 when one sample dominates.
   */
  public double effectiveSampleSize(double[] lambda) {
    checkLength(lambda, "λ");
    checkFinite(lambda);
    double[] w = new double[sampleRows.length];
    normalisedWeights(new Rbm(visibleCount, hiddenCount, lambda), w);
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
  private double normalisedWeights(Rbm rbm, double[] w) {
    for (int t = 0; t < sampleRows.length; t++) {
      w[t] = sampleLogBase[t] + rbm.logZGivenVisible(sampleRows[t]);
    }
    double logSum = LogSpace.logSumExp(w);
    for (int t = 0; t < w.length; t++) {
      w[t] = Math.exp(w[t] - logSum);
    }
    return logSum;
  }

  private static void addScaled(double[][] into, double[][] c, double scale) {
    for (int a = 0; a < into.length; a++) {
      double[] row = into[a];
      double[] src = c[a];
      for (int b = 0; b < row.length; b++) {
        row[b] += scale * src[b];
      }
    }
  }

  private void checkLength(double[] v, String what) {
    if (v.length != featureCount) {
      throw new IllegalArgumentException(what + " needs length F = " + featureCount + ", got " + v.length);
    }
  }

  private static boolean allFinite(double[] v) {
    for (double x : v) {
      if (!Double.isFinite(x)) {
        return false;
      }
    }
    return true;
  }

  private static void checkFinite(double[] lambda) {
    if (!allFinite(lambda)) {
      throw new IllegalArgumentException("λ must be finite: " + Arrays.toString(lambda));
    }
  }

  @Override
  public String toString() {
    return "ImportanceSampledObjective[V=" + visibleCount + ", K=" + hiddenCount + ", N=" + dataTotal
        + ", T=" + sampleCount + " (" + sampleRows.length + " distinct), σ0²=" + priorVariance + "]";
  }
}
