package org.occam.rbm;

import org.occam.math.DifferentiableFunction;
import org.occam.math.Parallel;

/**
 * The exact negative log posterior of an RBM, {@code ℓ(λ) = −L(λ) − log p(λ)} with
 * {@code L(λ) = Σ_n c_n log p(x_n | λ)} and the prior N(0, σ0² I), by enumerating the smaller side
 * ({@link RbmLogLikelihood}, {@link RbmEnumeration}): what {@link ImportanceSampledObjective}
 * estimates, without its sampling noise. Its value is the exact {@code −(L + log p)}, so
 * {@code −ℓ(λ)} is the map term of eqn 5 at λ; its Hessian is eqn 7 with exact moments,
 * {@code N Cov_λ(f) − Σ_n c_n Cov(f | x_n, λ) + I/σ0²}.
 *
 * <p>Each thread evaluates with its own copy of the likelihood's scratch, so one instance may be
 * shared between threads. A view {@link #on(Parallel.Workers)} instead spreads each evaluation over
 * a pool's threads, for one caller at a time (an optimiser), with the same numbers.
 */
final class RbmExactObjective implements RbmPosteriorObjective {
  private final int visibleCount;
  private final int hiddenCount;
  private final int[][] rows;
  private final long[] counts;
  private final double priorVariance;
  private final RbmLogLikelihood likelihood;
  private final ThreadLocal<RbmLogLikelihood> perThread;
  /** The pool each evaluation runs on, or null when every calling thread evaluates on its own. */
  private final Parallel.Workers workers;
  /** The view's evaluator, used with {@link #workers}; null without them. */
  private final RbmLogLikelihood pooled;

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
    this.priorVariance = priorVariance;
    this.likelihood = new RbmLogLikelihood(hiddenCount, data);
    this.perThread = ThreadLocal.withInitial(likelihood::copy);
    this.workers = null;
    this.pooled = null;
  }

  private RbmExactObjective(RbmExactObjective of, Parallel.Workers workers) {
    this.visibleCount = of.visibleCount;
    this.hiddenCount = of.hiddenCount;
    this.rows = of.rows;
    this.counts = of.counts;
    this.priorVariance = of.priorVariance;
    this.likelihood = of.likelihood;
    this.perThread = of.perThread;
    this.workers = workers;
    this.pooled = of.likelihood.copy();
  }

  /**
   * The same objective with each evaluation (the likelihood's chunks and log Z, and the Hessian's
   * rows) on {@code workers}' threads: for one calling thread at a time, and only while the pool is
   * open. The numbers are those of this objective.
   */
  RbmExactObjective on(Parallel.Workers workers) {
    return new RbmExactObjective(this, java.util.Objects.requireNonNull(workers, "workers"));
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
    double l = workers == null ? perThread.get().valueAndGradient(lambda, gradOut)
        : pooled.valueAndGradient(lambda, gradOut, workers);
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
    double l = workers == null ? perThread.get().value(lambda) : pooled.value(lambda, workers);
    return -l - RbmLaplace.logPrior(lambda, Math.sqrt(priorVariance));
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
    return RbmEnumeration.posteriorHessian(new Rbm(visibleCount, hiddenCount, lambda), rows, counts, 1 / priorVariance,
        workers == null ? 1 : workers.threads());
  }
}
