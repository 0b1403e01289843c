package org.occam.rbm;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.Logistic;
import org.occam.math.Parallel;
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
 * <p>Immutable: the distinct rows and their counts are those of an immutable {@link RbmData} (the
 * public constructor merges the caller's rows into a new one; {@link RbmData#trainer} reads the
 * data's own); the run state (λ, the chains) is private to each call of {@code train}.
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
   * The rows sparse: the ones of distinct row d are units {@code onesIndex[onesStart[d] …
   * onesStart[d + 1] − 1]}, ascending.
   */
  private final int[] onesStart;
  private final int[] onesIndex;
  /** The rows by column, chunk by chunk, for the W sums of the full-batch data term. */
  private final RowChunks.Columns columns;
  /** {@code c_d / N}, each distinct row's weight in the full-batch data term. */
  private final double[] rowWeights;
  /** {@code Σ_d (c_d / N) x_d}, the data term's α part, the same at every update. */
  private final double[] visibleMeans;

  /** Chains per task when the chains move on several threads (any split gives the same numbers). */
  private static final int CHAIN_BLOCK = 10;

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
      int traceMaxEnumeratedUnits) implements java.io.Serializable {
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
      m.put("stepSizeDecay", Double.isFinite(stepSizeDecay) ? stepSizeDecay : "none (constant step)");
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
  public record TracePoint(int iteration, double logLikelihood, double logPrior) implements java.io.Serializable {
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
  public record Result(Rbm rbm, int iterations, double finalGradientNorm, List<TracePoint> trace, Settings settings)
      implements java.io.Serializable {
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
    this(RbmData.of(data, rowCounts));
  }

  /**
   * A trainer reading the distinct rows and counts of {@code data} in place ({@link RbmData#trainer}):
   * the data are immutable and nothing here writes to them, so the trainer adds only its sparse
   * index and weights to the table, not another copy of it.
   */
  PersistentContrastiveDivergence(RbmData data) {
    this.visibleCount = data.visibleCount();
    this.rows = data.sharedRows();
    this.counts = data.sharedCounts();
    this.cumulative = new long[counts.length];
    long sum = 0;
    for (int d = 0; d < counts.length; d++) {
      sum = Math.addExact(sum, counts[d]);
      cumulative[d] = sum;
    }
    this.total = sum;
    RowChunks.Sparse sparse = data.sparse();
    this.onesStart = sparse.onesStart();
    this.onesIndex = sparse.onesIndex();
    this.columns = sparse.columns();
    this.rowWeights = new double[rows.length];
    this.visibleMeans = new double[visibleCount];
    for (int d = 0; d < rows.length; d++) {
      rowWeights[d] = (double) counts[d] / total;
      for (int p = onesStart[d]; p < onesStart[d + 1]; p++) {
        visibleMeans[onesIndex[p]] += rowWeights[d];
      }
    }
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

  /** The distinct rows this trainer reads (not a copy): to check that it shares its data's table. */
  int[][] table() {
    return rows;
  }

  /**
   * Trains K hidden units from λ ~ N(0, s²) drawn from a stream split off {@link RandomStreams#fromSeed}.
   *
   * @param progress called with the number of updates done after each update, or null
   */
  public Result train(int hiddenCount, Settings settings, long seed, IntConsumer progress) {
    return train(hiddenCount, settings, RandomStreams.fromSeed(seed), 1, progress);
  }

  /**
   * Trains K hidden units from λ ~ N(0, s²), all randomness from {@code rng} (advanced), on one
   * thread.
   *
   * @param progress called with the number of updates done after each update, or null
   */
  public Result train(int hiddenCount, Settings settings, UniformRandomProvider rng, IntConsumer progress) {
    return train(hiddenCount, settings, rng, 1, progress);
  }

  /**
   * Trains K hidden units from λ ~ N(0, s²), all randomness from {@code rng} (advanced).
   *
   * @param threads threads for the data term and the chains (≥ 1); λ does not depend on it
   * @param progress called with the number of updates done after each update, or null
   */
  public Result train(int hiddenCount, Settings settings, UniformRandomProvider rng, int threads,
      IntConsumer progress) {
    Rbm zero = Rbm.zero(visibleCount, hiddenCount);
    double[] lambda = new double[zero.featureCount()];
    for (int a = 0; a < lambda.length; a++) {
      lambda[a] = settings.initialScale() * gaussian(rng);
    }
    return train(zero.withParameters(lambda), settings, rng, threads, progress);
  }

  /**
   * Trains from the given λ, all randomness from {@code rng} (advanced), on one thread.
   *
   * @param initial the starting point (its V must match the data's)
   * @param progress called with the number of updates done after each update, or null
   * @throws IllegalStateException if λ stops being finite (the step size is too large)
   */
  public Result train(Rbm initial, Settings settings, UniformRandomProvider rng, IntConsumer progress) {
    return train(initial, settings, rng, 1, progress);
  }

  /**
   * Trains from the given λ, all randomness from {@code rng} (advanced).
   *
   * <p>The full-batch data term is computed from each distinct row's ones only (about D·(2·nnz·K +
   * K) flops and D·K logistic functions per update, against D·3F for dense rows of F = V·K + V + K
   * features: on 4,939 distinct rows of 100 words, 16 ones each, K = 9, about 300 flops a row
   * against 3,000, and 2 ms an update against 12 ms measured; at 90% ones still 5 against 12 ms)
   * and, with several threads, over fixed chunks of {@value RowChunks#ROWS} rows whose partial sums
   * are added in chunk order, so λ is bit-identical for any thread count. Within a chunk the W part
   * is summed unit by unit over the rows with that one (an index by column built once), in
   * registers, with the additions in the same order as adding each row's σ at its ones. The chains' uniforms are
   * drawn from {@code rng} before each update in the order the chains would draw them one after
   * another, then the chains move in blocks on the same threads, concurrently with the data term
   * (the chains took about a quarter of an update after the data term was made sparse); their
   * E[f | x] are added in chain order.
   *
   * @param initial the starting point (its V must match the data's)
   * @param threads threads for the data term and the chains (≥ 1); λ does not depend on it
   * @param progress called with the number of updates done after each update, or null
   * @throws IllegalStateException if λ stops being finite (the step size is too large)
   */
  public Result train(Rbm initial, Settings settings, UniformRandomProvider rng, int threads,
      IntConsumer progress) {
    if (initial.visibleCount() != visibleCount) {
      throw new InvalidInputException("the data have V=" + visibleCount + " visible units, the RBM has "
          + initial.visibleCount());
    }
    if (threads < 1) {
      throw new InvalidInputException("threads must be >= 1, got " + threads);
    }
    int f = initial.featureCount();
    int k = initial.hiddenCount();
    int vk = visibleCount * k;
    boolean traced = settings.traceMaxEnumeratedUnits() > 0
        && Math.min(visibleCount, k) <= settings.traceMaxEnumeratedUnits();
    double priorPrecisionPerDatum = settings.isMap()
        ? 1 / (total * settings.priorSigma() * settings.priorSigma()) : 0;

    double[] lambda = initial.parameters();
    Rbm rbm = initial;
    int m = settings.chains();
    int[][] chainX = new int[m][];
    int[][] chainZ = new int[m][k];
    // each chain's ones, ascending, kept up to date by the sweeps: the fields and E[f | x] come from them
    int[][] chainOnes = new int[m][visibleCount];
    int[] chainOnesCount = new int[m];
    for (int c = 0; c < m; c++) {
      chainX[c] = rows[drawRow(rng)].clone();
      for (int i = 0; i < visibleCount; i++) {
        if (chainX[c][i] != 0) {
          chainOnes[c][chainOnesCount[c]++] = i;
        }
      }
    }
    double[] dataMean = new double[f];
    double[] modelMean = new double[f];
    double[] fields = new double[k];
    // the mini-batch's rows and the chains' uniforms of update t are in batches[t % 2] and
    // uniforms[t % 2]: update t + 1's are drawn while update t's chains move
    int[][] batches = new int[2][settings.batchSize()];
    DataTerm dataTerm = settings.batchSize() == 0 ? new DataTerm(k) : null;
    // the full batch's chunks, or one task for the mini-batch
    int dataTasks = dataTerm == null ? 1 : dataTerm.chunks();
    // The chains' uniforms for an update are drawn from rng first, in the order the chains used to
    // draw them one after another (chain by chain, sweep by sweep, K hidden then V visible), so the
    // chains can then move on several threads with the same numbers.
    int sweeps = settings.gibbsSweepsPerUpdate();
    int perChain = sweeps * (k + visibleCount);
    double[][] uniforms = new double[2][Math.multiplyExact(m, perChain)];
    int chainTasks = (m + CHAIN_BLOCK - 1) / CHAIN_BLOCK;
    double[][] chainSigma = new double[m][k];
    List<TracePoint> trace = new ArrayList<>();
    if (traced) {
      trace.add(tracePoint(0, rbm, settings));
    }
    double gradientNorm = Double.NaN;
    if (settings.iterations() > 0) {
      drawUpdate(rng, batches[0], uniforms[0]);
    }
    try (Parallel.Workers workers = Parallel.workers(Math.min(threads, 1 + chainTasks + dataTasks), "occam-pcd")) {
      for (int t = 0; t < settings.iterations(); t++) {
        int[] batch = batches[t % 2];
        double[] updateUniforms = uniforms[t % 2];
        // the next update's draws, in the stream's order (none after the last update: a caller's
        // generator is left where the updates' draws end)
        boolean drawNext = t + 1 < settings.iterations();
        int[] nextBatch = batches[(t + 1) % 2];
        double[] nextUniforms = uniforms[(t + 1) % 2];
        if (dataTerm == null) {
          Arrays.fill(dataMean, 0);
        }
        // the chains move under the current λ before they estimate E[f] (Tieleman 2008, section 3);
        // task 0 draws the next update's random numbers, tasks 1 … dataTasks are chunks of the data
        // term (or the mini-batch's, one task), the rest move blocks of chains
        Rbm current = rbm;
        double[] weightsByHidden = current.weightsByHidden();
        workers.forEach(1 + dataTasks + chainTasks, index -> {
          if (index == 0) {
            if (drawNext) {
              drawUpdate(rng, nextBatch, nextUniforms);
            }
            return;
          }
          if (index <= dataTasks) {
            if (dataTerm == null) {
              addBatchMeans(lambda, k, batch, fields, dataMean);
            } else {
              dataTerm.chunk(index - 1, lambda);
            }
            return;
          }
          int task = index - 1 - dataTasks;
          RbmGibbsSampler sampler = new RbmGibbsSampler(current);
          int end = Math.min(m, (task + 1) * CHAIN_BLOCK);
          for (int c = task * CHAIN_BLOCK; c < end; c++) {
            for (int s = 0; s < sweeps; s++) {
              chainOnesCount[c] = sampler.sweepListingOnes(chainX[c], chainZ[c], chainOnes[c], chainOnesCount[c],
                  weightsByHidden, updateUniforms, c * perChain + s * (k + visibleCount));
            }
            double[] sigma = chainSigma[c];
            current.hiddenFieldsOfOnes(chainOnes[c], chainOnesCount[c], sigma);
            for (int h = 0; h < k; h++) {
              sigma[h] = Logistic.sigmoid(sigma[h]);
            }
          }
        });
        if (dataTerm != null) {
          dataTerm.combine(dataMean);
        }
        // E[f | x_chain] / M, accumulated over each chain's ones, in chain order
        Arrays.fill(modelMean, 0);
        double w = 1.0 / m;
        for (int c = 0; c < m; c++) {
          int[] ones = chainOnes[c];
          double[] sigma = chainSigma[c];
          for (int h = 0; h < k; h++) {
            fields[h] = sigma[h] * w;
            modelMean[vk + visibleCount + h] += fields[h];
          }
          for (int p = 0; p < chainOnesCount[c]; p++) {
            modelMean[vk + ones[p]] += w;
          }
          Rbm.addAtOnes(fields, k, ones, 0, chainOnesCount[c], modelMean);
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
    }
    return new Result(rbm, settings.iterations(), gradientNorm, trace, settings);
  }

  /** One update's draws from rng, in this order: the mini-batch's rows (none for the full batch), then the chains' uniforms. */
  private void drawUpdate(UniformRandomProvider rng, int[] batch, double[] uniforms) {
    for (int b = 0; b < batch.length; b++) {
      batch[b] = drawRow(rng);
    }
    for (int u = 0; u < uniforms.length; u++) {
      uniforms[u] = rng.nextDouble();
    }
  }

  /**
   * The full-batch data term {@code Σ_d (c_d / N) E[f | x_d]} at λ (package-private, for tests),
   * from the rows' ones, on {@code threads} threads.
   */
  double[] fullBatchDataMean(Rbm rbm, int threads) {
    if (rbm.visibleCount() != visibleCount) {
      throw new InvalidInputException("the data have V=" + visibleCount + " visible units, the RBM has "
          + rbm.visibleCount());
    }
    DataTerm term = new DataTerm(rbm.hiddenCount());
    double[] out = new double[rbm.featureCount()];
    try (Parallel.Workers workers = Parallel.workers(threads, "occam-pcd-data")) {
      term.compute(rbm.parameters(), workers, out);
    }
    return out;
  }

  /**
   * The mini-batch data term {@code (1/B) Σ_b E[f | x_{d_b}]} at λ (package-private, for tests).
   *
   * @param batch B ≥ 1 distinct-row indices, repeats allowed
   */
  double[] batchDataMean(Rbm rbm, int[] batch) {
    if (rbm.visibleCount() != visibleCount) {
      throw new InvalidInputException("the data have V=" + visibleCount + " visible units, the RBM has "
          + rbm.visibleCount());
    }
    double[] out = new double[rbm.featureCount()];
    addBatchMeans(rbm.parameters(), rbm.hiddenCount(), batch, new double[rbm.hiddenCount()], out);
    return out;
  }

  /** Adds {@code (1/B) E[f | x_d]} for every row d of the batch to {@code out} (length F), from the rows' ones. */
  private void addBatchMeans(double[] lambda, int k, int[] batch, double[] fields, double[] out) {
    int vk = visibleCount * k;
    double w = 1.0 / batch.length;
    for (int d : batch) {
      addRowMeans(lambda, k, d, w, fields, out, out, vk + visibleCount);
      for (int p = onesStart[d]; p < onesStart[d + 1]; p++) {
        out[vk + onesIndex[p]] += w;
      }
    }
  }

  /**
   * Adds {@code w E[x_i z_k | x_d] = w σ_k} to {@code weightsOut[i·K + k]} for the ones i of row d
   * and {@code w σ_k} to {@code hiddenOut[hiddenAt + k]}, where
   * {@code σ_k = σ(β_k + Σ_{i ∈ ones(d)} W_ik)}: 2·nnz·K + K flops, K logistic functions.
   *
   * @param fields scratch of length K (overwritten)
   */
  private void addRowMeans(double[] lambda, int k, int d, double w, double[] fields, double[] weightsOut,
      double[] hiddenOut, int hiddenAt) {
    int from = onesStart[d];
    int to = onesStart[d + 1];
    // the same additions in the same order as Rbm.hiddenFields, so the fields are identical
    Rbm.fieldsOfOnes(lambda, visibleCount, k, onesIndex, from, to, fields);
    for (int h = 0; h < k; h++) {
      fields[h] = w * Logistic.sigmoid(fields[h]);
      hiddenOut[hiddenAt + h] += fields[h];
    }
    Rbm.addAtOnes(fields, k, onesIndex, from, to, weightsOut);
  }

  /**
   * Scratch for the full-batch data term of one run: a partial sum of the W and β parts (V·K + K
   * entries, β after W) and K fields per chunk of {@value RowChunks#ROWS} rows, allocated once.
   */
  private final class DataTerm {
    private final int k;
    private final double[][] partial;
    /** Per chunk: each row's {@code (c_d / N) σ(b_d)}, K per row, in the chunk's row order. */
    private final double[][] sigmas;

    DataTerm(int k) {
      this.k = k;
      int chunks = RowChunks.count(rows.length);
      this.partial = RowChunks.sums(chunks, visibleCount, k);
      this.sigmas = new double[chunks][RowChunks.ROWS * k + RowChunks.PADDING];
    }

    int chunks() {
      return partial.length;
    }

    /** {@code Σ_d (c_d / N) E[f | x_d]} into {@code out} (length F; overwritten). */
    void compute(double[] lambda, Parallel.Workers workers, double[] out) {
      workers.forEach(partial.length, c -> chunk(c, lambda));
      combine(out);
    }

    /**
     * Chunk c's partial sum at λ (chunks may run on different threads): each row's fields and
     * weighted σ, with the β sums, row by row; then the W sums unit by unit, each over the chunk's
     * rows with that one in row order, in a register (the same additions in the same order as adding
     * each row's σ at its ones, so the same numbers, without a store per one and hidden unit).
     */
    void chunk(int c, double[] lambda) {
      int vk = visibleCount * k;
      double[] sum = partial[c];
      double[] sigma = sigmas[c];
      Arrays.fill(sum, 0);
      // the fields' scratch is the calling thread's own, not a small array beside another chunk's
      double[] fields = new double[k];
      int first = c * RowChunks.ROWS;
      int end = RowChunks.end(c, rows.length);
      for (int d = first; d < end; d++) {
        Rbm.fieldsOfOnes(lambda, visibleCount, k, onesIndex, onesStart[d], onesStart[d + 1], fields);
        double w = rowWeights[d];
        int at = (d - first) * k;
        for (int h = 0; h < k; h++) {
          double f = w * Logistic.sigmoid(fields[h]);
          sigma[at + h] = f;
          sum[vk + h] += f;
        }
      }
      columns.addW(c, sigma, k, sum);
    }

    /** The chunks' partial sums added in chunk order, and the α part, into {@code out} (length F; overwritten). */
    void combine(double[] out) {
      RowChunks.combine(partial, visibleCount, k, visibleMeans, out);
    }
  }

  /**
   * One training run and what it reached.
   *
   * @param seconds the training's wall seconds
   * @param logLikelihood the exact L of the data at the trained λ, NaN when min(V, K) is above
   *     {@code maxEnumeratedUnits}
   * @param enumeratedUnits the side enumerated for log Z, 0 when L was not computed
   * @param logPrior log p(λ) under the settings' prior, NaN for maximum likelihood
   */
  public record Measured(Result result, double seconds, double logLikelihood, int enumeratedUnits, double logPrior) {}

  /**
   * {@link #train(int, Settings, UniformRandomProvider, int, IntConsumer)} from {@code seed}, timed,
   * with the exact log-likelihood of the data when min(V, K) ≤ {@code maxEnumeratedUnits} and the
   * log prior of a MAP run.
   *
   * @throws org.occam.data.InvalidInputException if the run diverged (the step size was too large
   *     for these data): the message says so, naming the update
   */
  public Measured trainAndMeasure(int hiddenCount, Settings settings, long seed, int threads, int maxEnumeratedUnits,
      IntConsumer progress) {
    long start = System.nanoTime();
    Result result;
    try {
      result = train(hiddenCount, settings, RandomStreams.fromSeed(seed), threads, progress);
    } catch (IllegalStateException diverged) {
      throw new InvalidInputException(diverged.getMessage());
    }
    double seconds = (System.nanoTime() - start) * 1e-9;
    int side = Math.min(visibleCount, hiddenCount);
    boolean exact = side <= maxEnumeratedUnits;
    return new Measured(result, seconds, exact ? logLikelihood(result.rbm(), maxEnumeratedUnits) : Double.NaN,
        exact ? side : 0, settings.isMap() ? logPrior(result.rbm(), settings.priorSigma()) : Double.NaN);
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
