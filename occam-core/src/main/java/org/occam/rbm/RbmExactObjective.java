package org.occam.rbm;

import org.occam.math.DifferentiableFunction;

/**
 * The exact negative log posterior of an RBM, {@code ℓ(λ) = −L(λ) − log p(λ)} with
 * {@code L(λ) = Σ_n c_n log p(x_n | λ)} and the prior N(0, σ0² I), by enumerating the smaller side
 * ({@link RbmLogLikelihood}, {@link RbmEnumeration}): what {@link ImportanceSampledObjective}
 * estimates, without its sampling noise. Its value is the exact {@code −(L + log p)}, so
 * {@code −ℓ(λ)} is the map term of eqn 5 at λ; its Hessian is eqn 7 with exact moments,
 * {@code N Cov_λ(f) − Σ_n c_n Cov(f | x_n, λ) + I/σ0²}.
 *
 * <p>Each thread evaluates with its own copy of the likelihood's scratch, so one instance may be
 * shared between threads.
 */
final class RbmExactObjective implements RbmPosteriorObjective {
  private final int visibleCount;
  private final int hiddenCount;
  private final int[][] rows;
  private final long[] counts;
  private final double total;
  private final double priorVariance;
  private final RbmLogLikelihood likelihood;
  private final ThreadLocal<RbmLogLikelihood> perThread;

  /**
   * @param hiddenCount K
   * @param data the data (its table is read in place, never written)
   * @param priorVariance σ0² &gt; 0
   */
  RbmExactObjective(int hiddenCount, RbmData data, double priorVariance) {
    this.visibleCount = data.visibleCount();
    this.hiddenCount = hiddenCount;
    this.rows = data.sharedRows();
    this.counts = data.sharedCounts();
    this.total = data.size();
    this.priorVariance = priorVariance;
    this.likelihood = new RbmLogLikelihood(hiddenCount, data);
    this.perThread = ThreadLocal.withInitial(likelihood::copy);
  }

  /** F. */
  int dimension() {
    return likelihood.dimension();
  }

  @Override
  public double valueAndGradient(double[] lambda, double[] gradOut) {
    if (DifferentiableFunction.outsideDomain(lambda, gradOut)) {
      return Double.POSITIVE_INFINITY;
    }
    double l = perThread.get().valueAndGradient(lambda, gradOut);
    for (int a = 0; a < gradOut.length; a++) {
      gradOut[a] = -gradOut[a] + lambda[a] / priorVariance;
    }
    return -l - RbmLaplace.logPrior(lambda, Math.sqrt(priorVariance));
  }

  /** ℓ(λ) alone. */
  @Override
  public double value(double[] lambda) {
    if (!DifferentiableFunction.allFinite(lambda)) {
      return Double.POSITIVE_INFINITY;
    }
    return -perThread.get().value(lambda) - RbmLaplace.logPrior(lambda, Math.sqrt(priorVariance));
  }

  @Override
  public ImportanceSampledObjective.Evaluation evaluate(double[] lambda) {
    return new ImportanceSampledObjective.Evaluation(value(lambda), Double.POSITIVE_INFINITY);
  }

  @Override
  public double effectiveSampleSize(double[] lambda) {
    return Double.POSITIVE_INFINITY;
  }

  @Override
  public int sampleCount() {
    return 0;
  }

  @Override
  public int distinctSampleCount() {
    return 0;
  }

  @Override
  public boolean exact() {
    return true;
  }

  @Override
  public double[][] hessian(double[] lambda) {
    Rbm rbm = new Rbm(visibleCount, hiddenCount, lambda);
    int f = rbm.featureCount();
    double[][] a = RbmEnumeration.run(rbm, 1, true).covariance();
    for (int p = 0; p < f; p++) {
      for (int q = 0; q < f; q++) {
        a[p][q] *= total;
      }
      a[p][p] += 1 / priorVariance;
    }
    subtractConditionalCovariances(rbm, a);
    return a;
  }

  /**
   * {@code a −= Σ_n c_n Cov(f | x_n, λ)}, row by row. Given x the hidden units are independent, so
   * {@link Rbm#conditionalFeatureCovariance}'s only nonzero entries pair {@code x_i z_k} and
   * {@code z_k} with {@code x_j z_k} and {@code z_k} for the ones i, j of x and the same k, all equal
   * to {@code σ_k (1 − σ_k)}: (|x| + 1)² K entries a row instead of F². The entries are subtracted
   * in the same row order as a subtraction of the dense matrix would, and that one subtracts only
   * zeros besides, so the result is the same to the bit (tested).
   */
  private void subtractConditionalCovariances(Rbm rbm, double[][] a) {
    int k = hiddenCount;
    int hb = visibleCount * k + visibleCount;
    double[] sigma = new double[k];
    int[] ones = new int[visibleCount];
    for (int n = 0; n < rows.length; n++) {
      if (counts[n] == 0) {
        continue;
      }
      int[] x = rows[n];
      int m = 0;
      for (int i = 0; i < visibleCount; i++) {
        if (x[i] != 0) {
          ones[m++] = i;
        }
      }
      rbm.hiddenPosteriorMeans(x, sigma);
      double c = counts[n];
      for (int h = 0; h < k; h++) {
        double v = c * (sigma[h] * (1 - sigma[h]));
        for (int p = 0; p < m; p++) {
          double[] row = a[ones[p] * k + h];
          for (int q = 0; q < m; q++) {
            row[ones[q] * k + h] -= v;
          }
          row[hb + h] -= v;
        }
        double[] bias = a[hb + h];
        for (int q = 0; q < m; q++) {
          bias[ones[q] * k + h] -= v;
        }
        bias[hb + h] -= v;
      }
    }
  }
}
