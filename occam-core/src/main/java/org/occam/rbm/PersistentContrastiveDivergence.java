package org.occam.rbm;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.RandomStreams;

/**
 * Trains an {@link Rbm} on binary data by persistent contrastive divergence (Tieleman 2008, "Training
 * restricted Boltzmann machines using approximations to the likelihood gradient"), step 1 of Chen
 * &amp; Welling (2013, Algorithm 1), with their 1/t step-size schedule.
 *
 * <p>The objective is the per-datum log posterior (MAP) with a Gaussian prior λ ~ N(0, σ0² I),
 *
 * <pre>  J(λ) = (1/N) [Σ_n log p(x_n | λ) + log p(λ)],
 *   ∇J = (1/N) Σ_n E[f | x_n] − E[f] − λ / (N σ0²),</pre>
 *
 * <p>or the per-datum log-likelihood (ML) with no prior term. The data term is exact (the hidden
 * units are summed out in closed form); the model term E[f] is estimated from M persistent fantasy
 * chains, each advanced by k block-Gibbs sweeps per update under the current λ and never restarted,
 * and Rao-Blackwellised: each chain contributes {@code E[f | x_chain]}, not f(x_chain, z_chain). The
 * step is {@code λ ← λ + η_t ∇J} with {@code η_t = η0 / (1 + t/τ)}. The data term uses every row (full
 * batch) or, if a mini-batch size is set, that many rows drawn with replacement in proportion to their
 * counts.
 *
 * <p>All randomness (the initial λ when not given, the chains' starting rows, the Gibbs sweeps and the
 * mini-batches) comes from the caller's generator (or a seed), in a fixed order, so the same seed gives
 * the same λ bit for bit. Example:
 *
 * <pre>{@code
 * PersistentContrastiveDivergence pcd = new PersistentContrastiveDivergence(rows, counts);
 * PersistentContrastiveDivergence.Result r =
 *     pcd.train(4, PersistentContrastiveDivergence.Settings.defaults(), 42L, done -> bar.update(done));
 * Rbm map = r.rbm();
 * }</pre>
 *
 * <p>Immutable: the distinct rows and their counts are copied in; the run state (λ, the chains) is
 * private to each call of {@code train}.
 */
public final class PersistentContrastiveDivergence {
  private final int visibleCount;
  /** The distinct data rows. */
  private final int[][] rows;
  /** How often each distinct row occurs. */
  private final long[] counts;
  private final long total;
  /** Running sums of the counts, for drawing rows (mini-batches, chain starts) in proportion. */
  private final long[] cumulative;

  /**
   * Settings of a run.
   *
   * @param iterations the number of parameter updates T (≥ 1)
   * @param chains the number of persistent fantasy chains M (≥ 1)
   * @param gibbsSweepsPerUpdate k block-Gibbs sweeps of every chain per update (≥ 1)
   * @param initialStepSize η0 &gt; 0
   * @param stepSizeDecay τ &gt; 0 in {@code η_t = η0 / (1 + t/τ)}; {@code +∞} for a constant step
   * @param priorSigma σ0 &gt; 0 of the Gaussian prior on every λ_a (MAP); {@code +∞} for ML
   * @param batchSize rows in each mini-batch, or 0 for the full data every update
   * @param initialScale the standard deviation of the N(0, s²) initial λ when none is given (≥ 0)
   * @param traceInterval record the exact objective every this many updates (≥ 1)
   * @param traceMaxEnumeratedUnits record the trace only when min(V, K) is at most this (0 turns the
   *     trace off); each point enumerates 2^min(V, K) states
   */
  public record Settings(int iterations, int chains, int gibbsSweepsPerUpdate, double initialStepSize,
      double stepSizeDecay, double priorSigma, int batchSize, double initialScale, int traceInterval,
      int traceMaxEnumeratedUnits) {
    public Settings {
      if (iterations < 1 || chains < 1 || gibbsSweepsPerUpdate < 1 || batchSize < 0 || traceInterval < 1
          || traceMaxEnumeratedUnits < 0) {
        throw new InvalidInputException("need iterations, chains, sweeps and trace interval >= 1, batch size"
            + " and trace limit >= 0, got " + iterations + ", " + chains + ", " + gibbsSweepsPerUpdate + ", "
            + traceInterval + ", " + batchSize + ", " + traceMaxEnumeratedUnits);
      }
      if (!(initialStepSize > 0) || !Double.isFinite(initialStepSize) || !(stepSizeDecay > 0)
          || !(priorSigma > 0) || !(initialScale >= 0) || !Double.isFinite(initialScale)) {
        throw new InvalidInputException("need η0 > 0 (finite), τ > 0, σ0 > 0 and initial scale >= 0 (finite),"
            + " got " + initialStepSize + ", " + stepSizeDecay + ", " + priorSigma + ", " + initialScale);
      }
    }

    /**
     * MAP with σ0 = 1; T = 10000 updates of M = 100 chains, one sweep each; η0 = 0.5, τ = 2000 (the
     * step halves after 2000 updates and is η0/6 at the end; with η0 = 0.1, τ = 500 a V=6, K=2 model
     * was still 0.04 nats per datum short of the optimum after 5000 updates); full batch; initial
     * λ ~ N(0, 0.1²) (from N(0, 0.01²) the hidden units stayed nearly alike, a symmetric saddle: on
     * the 5 most frequent SOTU words, N = 300, K = 5, the MAP point was 12 nats below the best of 20
     * exact L-BFGS restarts, against 1.2 nats from 0.1); the exact objective every 100 updates when
     * min(V, K) ≤ 20.
     */
    public static Settings defaults() {
      return new Settings(10000, 100, 1, 0.5, 2000, 1, 0, 0.1, 100, 20);
    }

    /** The same settings for the ML estimate (no prior). */
    public Settings maximumLikelihood() {
      return withPriorSigma(Double.POSITIVE_INFINITY);
    }

    /** True for MAP (a finite σ0), false for ML. */
    public boolean isMap() {
      return Double.isFinite(priorSigma);
    }

    public Settings withIterations(int t) {
      return new Settings(t, chains, gibbsSweepsPerUpdate, initialStepSize, stepSizeDecay, priorSigma, batchSize,
          initialScale, traceInterval, traceMaxEnumeratedUnits);
    }

    public Settings withChains(int m) {
      return new Settings(iterations, m, gibbsSweepsPerUpdate, initialStepSize, stepSizeDecay, priorSigma, batchSize,
          initialScale, traceInterval, traceMaxEnumeratedUnits);
    }

    public Settings withGibbsSweepsPerUpdate(int k) {
      return new Settings(iterations, chains, k, initialStepSize, stepSizeDecay, priorSigma, batchSize, initialScale,
          traceInterval, traceMaxEnumeratedUnits);
    }

    public Settings withStepSize(double eta0, double tau) {
      return new Settings(iterations, chains, gibbsSweepsPerUpdate, eta0, tau, priorSigma, batchSize, initialScale,
          traceInterval, traceMaxEnumeratedUnits);
    }

    public Settings withPriorSigma(double sigma0) {
      return new Settings(iterations, chains, gibbsSweepsPerUpdate, initialStepSize, stepSizeDecay, sigma0, batchSize,
          initialScale, traceInterval, traceMaxEnumeratedUnits);
    }

    public Settings withBatchSize(int b) {
      return new Settings(iterations, chains, gibbsSweepsPerUpdate, initialStepSize, stepSizeDecay, priorSigma, b,
          initialScale, traceInterval, traceMaxEnumeratedUnits);
    }

    public Settings withInitialScale(double s) {
      return new Settings(iterations, chains, gibbsSweepsPerUpdate, initialStepSize, stepSizeDecay, priorSigma,
          batchSize, s, traceInterval, traceMaxEnumeratedUnits);
    }

    public Settings withTrace(int interval, int maxEnumeratedUnits) {
      return new Settings(iterations, chains, gibbsSweepsPerUpdate, initialStepSize, stepSizeDecay, priorSigma,
          batchSize, initialScale, interval, maxEnumeratedUnits);
    }

    /** The settings by name, for provenance. */
    public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("iterations", iterations);
      m.put("chains", chains);
      m.put("gibbsSweepsPerUpdate", gibbsSweepsPerUpdate);
      m.put("initialStepSize", initialStepSize);
      m.put("stepSizeDecay", stepSizeDecay);
      m.put("estimate", isMap() ? "MAP" : "ML");
      m.put("priorSigma", isMap() ? priorSigma : "none (maximum likelihood)"); // no infinity in a result
      m.put("batchSize", batchSize == 0 ? "full" : batchSize);
      m.put("initialScale", initialScale);
      m.put("traceInterval", traceInterval);
      m.put("traceMaxEnumeratedUnits", traceMaxEnumeratedUnits);
      return m;
    }

    @Override
    public String toString() {
      return "PersistentContrastiveDivergence" + toMap();
    }
  }

  /**
   * The exact objective at one point of the run.
   *
   * @param iteration updates made so far (0 is the initial λ)
   * @param logLikelihood {@code Σ_n log p(x_n | λ)} over all the data, exact
   * @param logPrior {@code log p(λ)} of the N(0, σ0² I) prior, or 0 for ML
   */
  public record TracePoint(int iteration, double logLikelihood, double logPrior) {
    /** logLikelihood + logPrior, the quantity MAP ascends (ML: the log-likelihood). */
    public double objective() {
      return logLikelihood + logPrior;
    }
  }

  /**
   * A trained RBM with its diagnostics.
   *
   * @param rbm the final λ
   * @param iterations the number of updates made
   * @param finalGradientNorm ‖∇J‖ of the last update's stochastic estimate (per datum, prior included);
   *     it does not go to zero, since the chains' term is noisy
   * @param trace the exact objective at iteration 0, every {@code traceInterval} updates and at the end,
   *     or empty when the model is too large to enumerate
   * @param settings the settings used
   */
  public record Result(Rbm rbm, int iterations, double finalGradientNorm, List<TracePoint> trace, Settings settings) {
    public Result {
      trace = List.copyOf(trace);
    }
  }

  /** Data with every row counted once. */
  public PersistentContrastiveDivergence(int[][] data) {
    this(data, null);
  }

  /**
   * @param data rows of V 0/1 values (not modified); repeated rows are merged
   * @param rowCounts how often each row occurs (≥ 0, not all 0), or null for once each (not modified)
   */
  public PersistentContrastiveDivergence(int[][] data, long[] rowCounts) {
    RbmData merged = RbmData.of(data, rowCounts);
    this.visibleCount = merged.visibleCount();
    this.rows = merged.rows();
    this.counts = merged.counts();
    this.cumulative = new long[counts.length];
    long sum = 0;
    for (int d = 0; d < counts.length; d++) {
      sum = Math.addExact(sum, counts[d]);
      cumulative[d] = sum;
    }
    this.total = sum;
  }

  /** V. */
  public int visibleCount() {
    return visibleCount;
  }

  /** N, the number of data items (counts included). */
  public long dataCount() {
    return total;
  }

  /** The number of distinct rows. */
  public int distinctRowCount() {
    return rows.length;
  }

  /**
   * Trains K hidden units from λ ~ N(0, s²) drawn from a stream split off {@link RandomStreams#fromSeed}.
   *
   * @param progress called with the number of updates done after each update, or null
   */
  public Result train(int hiddenCount, Settings settings, long seed, IntConsumer progress) {
    return train(hiddenCount, settings, RandomStreams.fromSeed(seed), progress);
  }

  /**
   * Trains K hidden units from λ ~ N(0, s²), all randomness from {@code rng} (advanced).
   *
   * @param progress called with the number of updates done after each update, or null
   */
  public Result train(int hiddenCount, Settings settings, UniformRandomProvider rng, IntConsumer progress) {
    Rbm zero = Rbm.zero(visibleCount, hiddenCount);
    double[] lambda = new double[zero.featureCount()];
    for (int a = 0; a < lambda.length; a++) {
      lambda[a] = settings.initialScale() * gaussian(rng);
    }
    return train(zero.withParameters(lambda), settings, rng, progress);
  }

  /**
   * Trains from the given λ, all randomness from {@code rng} (advanced).
   *
   * @param initial the starting point (its V must match the data's)
   * @param progress called with the number of updates done after each update, or null
   * @throws IllegalStateException if λ stops being finite (the step size is too large)
   */
  public Result train(Rbm initial, Settings settings, UniformRandomProvider rng, IntConsumer progress) {
    if (initial.visibleCount() != visibleCount) {
      throw new InvalidInputException("the data have V=" + visibleCount + " visible units, the RBM has "
          + initial.visibleCount());
    }
    int f = initial.featureCount();
    int k = initial.hiddenCount();
    boolean traced = settings.traceMaxEnumeratedUnits() > 0
        && Math.min(visibleCount, k) <= settings.traceMaxEnumeratedUnits();
    double priorPrecisionPerDatum = settings.isMap()
        ? 1 / (total * settings.priorSigma() * settings.priorSigma()) : 0;

    double[] lambda = initial.parameters();
    Rbm rbm = initial;
    int m = settings.chains();
    int[][] chainX = new int[m][];
    int[][] chainZ = new int[m][k];
    for (int c = 0; c < m; c++) {
      chainX[c] = rows[drawRow(rng)].clone();
    }
    double[] dataMean = new double[f];
    double[] modelMean = new double[f];
    double[] conditional = new double[f];
    int[] batch = new int[settings.batchSize()];
    List<TracePoint> trace = new ArrayList<>();
    if (traced) {
      trace.add(tracePoint(0, rbm, settings));
    }
    double gradientNorm = Double.NaN;
    for (int t = 0; t < settings.iterations(); t++) {
      Arrays.fill(dataMean, 0);
      if (batch.length == 0) {
        for (int d = 0; d < rows.length; d++) {
          rbm.conditionalFeatureMeans(rows[d], conditional);
          addScaled(dataMean, conditional, (double) counts[d] / total);
        }
      } else {
        for (int b = 0; b < batch.length; b++) {
          batch[b] = drawRow(rng);
        }
        for (int d : batch) {
          rbm.conditionalFeatureMeans(rows[d], conditional);
          addScaled(dataMean, conditional, 1.0 / batch.length);
        }
      }
      // the chains move under the current λ before they estimate E[f] (Tieleman 2008, section 3)
      RbmGibbsSampler sampler = new RbmGibbsSampler(rbm);
      Arrays.fill(modelMean, 0);
      for (int c = 0; c < m; c++) {
        for (int s = 0; s < settings.gibbsSweepsPerUpdate(); s++) {
          sampler.sweep(chainX[c], chainZ[c], rng);
        }
        rbm.conditionalFeatureMeans(chainX[c], conditional);
        addScaled(modelMean, conditional, 1.0 / m);
      }
      double eta = settings.initialStepSize() / (1 + t / settings.stepSizeDecay());
      // A prior so tight that the explicit step overshoots (η p ≥ 1; σ0 = 1e-3 on 20 rows gives
      // η p = 25,000) has its part taken implicitly, λ ← (λ + η (data − model)) / (1 + η p): the
      // proximal step of the Gaussian prior, stable at any precision, with the same fixed point.
      boolean implicitPrior = eta * priorPrecisionPerDatum >= 1;
      double squares = 0;
      for (int a = 0; a < f; a++) {
        double g = dataMean[a] - modelMean[a] - priorPrecisionPerDatum * lambda[a];
        squares += g * g;
        if (implicitPrior) {
          lambda[a] = (lambda[a] + eta * (dataMean[a] - modelMean[a])) / (1 + eta * priorPrecisionPerDatum);
        } else {
          lambda[a] += eta * g;
        }
        if (!Double.isFinite(lambda[a])) {
          throw new IllegalStateException("PCD diverged at update " + (t + 1) + " (" + rbm.featureName(a)
              + " is " + lambda[a] + "); lower the step size " + settings.initialStepSize());
        }
      }
      gradientNorm = Math.sqrt(squares);
      rbm = rbm.withParameters(lambda);
      int done = t + 1;
      if (traced && (done % settings.traceInterval() == 0 || done == settings.iterations())) {
        trace.add(tracePoint(done, rbm, settings));
      }
      if (progress != null) {
        progress.accept(done);
      }
    }
    return new Result(rbm, settings.iterations(), gradientNorm, trace, settings);
  }

  /** {@code Σ_n log p(x_n | λ) = Σ_n log Z(x_n, λ) − N log Z(λ)}, exact (enumerates the smaller side). */
  public double logLikelihood(Rbm rbm, int maxEnumeratedUnits) {
    double logZ = RbmEnumeration.logPartition(rbm, 1, maxEnumeratedUnits);
    double s = 0;
    for (int d = 0; d < rows.length; d++) {
      s += counts[d] * rbm.logZGivenVisible(rows[d]);
    }
    return s - total * logZ;
  }

  /** {@code log N(λ; 0, σ0² I) = −Σ_a λ_a² / (2σ0²) − (F/2) log(2π σ0²)}. */
  public static double logPrior(Rbm rbm, double priorSigma) {
    double s = 0;
    for (int a = 0; a < rbm.featureCount(); a++) {
      s += rbm.parameter(a) * rbm.parameter(a);
    }
    double v = priorSigma * priorSigma;
    return -s / (2 * v) - 0.5 * rbm.featureCount() * Math.log(2 * Math.PI * v);
  }

  private TracePoint tracePoint(int iteration, Rbm rbm, Settings settings) {
    double prior = settings.isMap() ? logPrior(rbm, settings.priorSigma()) : 0;
    return new TracePoint(iteration, logLikelihood(rbm, settings.traceMaxEnumeratedUnits()), prior);
  }

  /** A distinct row drawn in proportion to its count. */
  private int drawRow(UniformRandomProvider rng) {
    long u = rng.nextLong(total);
    int lo = 0;
    int hi = cumulative.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cumulative[mid] > u) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  private static void addScaled(double[] sum, double[] term, double w) {
    for (int a = 0; a < sum.length; a++) {
      sum[a] += w * term[a];
    }
  }

  /** A standard normal draw by Box–Muller (two uniforms per draw, so the stream's use is fixed). */
  private static double gaussian(UniformRandomProvider rng) {
    double u = 1 - rng.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.nextDouble());
  }


  @Override
  public String toString() {
    return "PersistentContrastiveDivergence[V=" + visibleCount + ", N=" + total + ", distinct=" + rows.length + "]";
  }
}
