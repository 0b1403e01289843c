package org.occam.rbm;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.Parallel;
import org.occam.math.RandomStreams;

/**
 * k-fold cross-validation of an {@link Rbm} with K hidden units, the frequentist yardstick Chen
 * &amp; Welling (2013, sections 2 and 4, Figures 1, 2 and 8) set their evidence estimates against:
 * for each fold, train by persistent contrastive divergence on the other folds' items (with the
 * same settings as the Laplace method: MAP with σ0 = 1) and score the held-out items by their
 * average log-likelihood
 *
 * <pre>  ℓ_f = (1/|T_f|) Σ_{n ∈ T_f} [log Z(x_n, λ̂_f) − log Z(λ̂_f)],</pre>
 *
 * <p>with the hidden units summed out of {@code Z(x, λ)} in closed form and {@code log Z(λ)} by
 * annealed importance sampling ({@link RbmPartitionAis}, from the base-rate model of the fold's
 * training items), as in the paper, or by exact enumeration ({@link RbmEnumeration}) when min(V, K)
 * is small enough, which is both exact and faster there. The score is the mean of ℓ_f over the k
 * folds, with the folds' standard deviation (what the paper's Figure 8 plots) and standard error.
 *
 * <p>The split is {@link RbmData#folds} with a seed drawn first from the caller's seed; each fold
 * then gets its own stream split off the same root, in fold order, from which its PCD stream is split
 * and its AIS seed drawn, so the folds run in parallel and the same seed gives the same numbers with
 * any thread count. The split and the folds' streams do not depend on K, so in a model-order search
 * every K is trained and scored on the same folds from the same streams.
 *
 * <pre>{@code
 * RbmCrossValidation cv = new RbmCrossValidation(data, RbmCrossValidation.Settings.defaults());
 * RbmCrossValidation.Result r = cv.run(3, 42L, 2, null);
 * System.out.printf("%.4f ± %.4f nats per item (%s)%n", r.meanTestLogLikelihood(), r.stdError(), r.logZMethod());
 * RbmCrossValidation.Selection s = cv.selectHiddenCount(new int[] {1, 2, 3, 4, 5}, 42L, 2, null);
 * }</pre>
 *
 * <p>CV is not consistent for choosing a model order (Yang 2007, cited by Chen &amp; Welling): it
 * tends to pick too many hidden units, which is why the selection also reports the one-standard-error
 * choice.
 */
public final class RbmCrossValidation {
  private final RbmData data;
  private final Settings settings;


  /**
   * Settings of a cross-validation.
   *
   * @param folds k ≥ 2
   * @param training the PCD settings of every fold's training
   * @param logZ how log Z(λ) of each trained model is computed
   * @param maxEnumeratedUnits the largest min(V, K) that is enumerated exactly (≤ 30)
   * @param ais the AIS settings, when AIS is used
   * @param basePseudoCount the pseudo-count α of the AIS base rates
   *     {@code p̂_i = (ones_i + α) / (N_train + 2α)} ({@link RbmPartitionAis#baseRatesFromData});
   *     must be > 0 if a column can be constant in a fold's training items
   */
  public record Settings(int folds, PersistentContrastiveDivergence.Settings training, RbmLogPartition.Method logZ,
      int maxEnumeratedUnits, RbmPartitionAis.Settings ais, double basePseudoCount) implements java.io.Serializable {
    public Settings {
      if (folds < 2) {
        throw new InvalidInputException("cross-validation needs at least 2 folds, got " + folds);
      }
      if (training == null || logZ == null || ais == null) {
        throw new InvalidInputException("need training settings, a log Z method and AIS settings");
      }
      if (maxEnumeratedUnits < 0 || maxEnumeratedUnits > 30) {
        throw new InvalidInputException("the enumeration limit must be in 0..30, got " + maxEnumeratedUnits);
      }
      if (!(basePseudoCount >= 0) || Double.isInfinite(basePseudoCount)) {
        throw new InvalidInputException("the base-rate pseudo-count must be finite and >= 0, got "
            + basePseudoCount);
      }
    }

    /**
     * 10 folds; PCD {@link PersistentContrastiveDivergence.Settings#defaults() defaults} (MAP with
     * σ0 = 1, as the paper's Laplace method); log Z exact when min(V, K) ≤ 20, else AIS with
     * {@link RbmPartitionAis.Settings#defaults() Salakhutdinov &amp; Murray's schedule and 100 runs}
     * from base rates with pseudo-count 1.
     */
    public static Settings defaults() {
      return new Settings(10, PersistentContrastiveDivergence.Settings.defaults(), RbmLogPartition.Method.AUTO, 20,
          RbmPartitionAis.Settings.defaults(), 1.0);
    }

    public Settings withFolds(int k) {
      return new Settings(k, training, logZ, maxEnumeratedUnits, ais, basePseudoCount);
    }

    public Settings withTraining(PersistentContrastiveDivergence.Settings t) {
      return new Settings(folds, t, logZ, maxEnumeratedUnits, ais, basePseudoCount);
    }

    public Settings withLogZ(RbmLogPartition.Method m) {
      return new Settings(folds, training, m, maxEnumeratedUnits, ais, basePseudoCount);
    }

    public Settings withMaxEnumeratedUnits(int units) {
      return new Settings(folds, training, logZ, units, ais, basePseudoCount);
    }

    public Settings withAis(RbmPartitionAis.Settings a) {
      return new Settings(folds, training, logZ, maxEnumeratedUnits, a, basePseudoCount);
    }

    public Settings withBasePseudoCount(double alpha) {
      return new Settings(folds, training, logZ, maxEnumeratedUnits, ais, alpha);
    }

    /** The method used for a model with V visible and K hidden units. */
    public RbmLogPartition.Method methodFor(int visibleCount, int hiddenCount) {
      return RbmLogPartition.resolve(logZ, visibleCount, hiddenCount, maxEnumeratedUnits);
    }

    /** The settings by name, for provenance (AIS settings only when AIS can be used). */
    public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("folds", folds);
      m.put("logZ", logZ.name().toLowerCase(java.util.Locale.ROOT));
      m.put("maxEnumeratedUnits", maxEnumeratedUnits);
      m.put("training", training.toMap());
      if (logZ != RbmLogPartition.Method.EXACT) {
        m.put("ais", ais.toMap());
        m.put("basePseudoCount", basePseudoCount);
      }
      return m;
    }

    @Override
    public String toString() {
      return "RbmCrossValidation" + toMap();
    }
  }

  /**
   * One fold's outcome.
   *
   * @param fold the fold's index
   * @param trainItems the number of training items
   * @param testItems the number of held-out items
   * @param testLogLikelihood ℓ_f, the mean log-likelihood per held-out item
   * @param trainLogLikelihood the same mean over the training items (with the same log Z), for
   *     comparison: far above ℓ_f means over-fitting
   * @param logZ log Z(λ̂_f)
   * @param logZMethod {@code EXACT} or {@code AIS}
   * @param ais the AIS estimate with its diagnostics, when AIS was used
   * @param training the PCD result: the trained λ̂_f, its last gradient norm and its trace
   * @param seconds the wall time of this fold
   */
  public record FoldResult(int fold, long trainItems, long testItems, double testLogLikelihood,
      double trainLogLikelihood, double logZ, RbmLogPartition.Method logZMethod, Optional<RbmPartitionAis.Result> ais,
      PersistentContrastiveDivergence.Result training, double seconds) implements java.io.Serializable {
    /** Serialised as {@link SerialForm} (an Optional is not serialisable). */
    private Object writeReplace() {
      return new SerialForm(fold, trainItems, testItems, testLogLikelihood, trainLogLikelihood, logZ, logZMethod,
          ais.orElse(null), training, seconds);
    }

    /** The fold's outcome with the AIS result or null, for serialisation. */
    private record SerialForm(int fold, long trainItems, long testItems, double testLogLikelihood,
        double trainLogLikelihood, double logZ, RbmLogPartition.Method logZMethod, RbmPartitionAis.Result ais,
        PersistentContrastiveDivergence.Result training, double seconds) implements java.io.Serializable {
      private Object readResolve() {
        return new FoldResult(fold, trainItems, testItems, testLogLikelihood, trainLogLikelihood, logZ, logZMethod,
            Optional.ofNullable(ais), training, seconds);
      }
    }

    /** The trained model. */
    public Rbm rbm() {
      return training.rbm();
    }

    /** The standard error of log Z, which ℓ_f inherits one for one: AIS's, or 0 when exact. */
    public double logZStdError() {
      return ais.map(RbmPartitionAis.Result::stdError).orElse(0.0);
    }
  }

  /**
   * The cross-validated score of one model order.
   *
   * @param hiddenCount K
   * @param visibleCount V
   * @param items N
   * @param meanTestLogLikelihood the mean of ℓ_f over the folds (nats per held-out item)
   * @param stdDeviation the standard deviation of ℓ_f across folds (k − 1 in the denominator)
   * @param stdError stdDeviation / √k
   * @param logZStdError the part of the mean's error due to AIS, {@code √(Σ_f se_f²) / k} (0 when
   *     exact); already inside the fold-to-fold spread, listed to show how much of it AIS adds
   * @param logZMethod {@code EXACT} or {@code AIS}
   * @param folds every fold's outcome, in fold order
   * @param settings the settings used
   * @param seed the caller's seed
   * @param splitSeed the seed of the split: {@code data.folds(k, splitSeed)} gives the same folds
   * @param seconds the wall time of the whole cross-validation (in a selection: of all K together)
   */
  public record Result(int hiddenCount, int visibleCount, long items, double meanTestLogLikelihood,
      double stdDeviation, double stdError, double logZStdError, RbmLogPartition.Method logZMethod, List<FoldResult> folds,
      Settings settings, long seed, long splitSeed, double seconds) implements java.io.Serializable {
    public Result {
      folds = List.copyOf(folds);
    }

    /** The fold values ℓ_f, in fold order. */
    public double[] testLogLikelihoods() {
      return folds.stream().mapToDouble(FoldResult::testLogLikelihood).toArray();
    }

    /** The mean over folds of the training items' log-likelihood per item. */
    public double meanTrainLogLikelihood() {
      return folds.stream().mapToDouble(FoldResult::trainLogLikelihood).average().orElseThrow();
    }

    /** Diagnostics by name, for reports. */
    public Map<String, Object> diagnostics() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("logZMethod", logZMethod.name().toLowerCase(java.util.Locale.ROOT));
      m.put("foldTestLogLikelihoods", testLogLikelihoods());
      m.put("stdDeviation", stdDeviation);
      m.put("logZStdError", logZStdError);
      m.put("meanTrainLogLikelihood", meanTrainLogLikelihood());
      if (logZMethod == RbmLogPartition.Method.AIS) {
        m.put("minEffectiveSampleSize", folds.stream()
            .mapToDouble(f -> f.ais().orElseThrow().effectiveSampleSize()).min().orElseThrow());
      }
      m.put("splitSeed", splitSeed);
      return m;
    }
  }

  /**
   * Cross-validation over several model orders.
   *
   * @param results one result per K, in increasing K
   * @param bestHiddenCount the K with the highest mean test log-likelihood (the smaller K on a tie)
   * @param oneStandardErrorHiddenCount the smallest K whose mean is within one standard error of the
   *     best one's (Hastie, Tibshirani &amp; Friedman 2009, section 7.10), a guard against CV's
   *     tendency to pick too many hidden units
   */
  public record Selection(List<Result> results, int bestHiddenCount, int oneStandardErrorHiddenCount) {
    public Selection {
      results = List.copyOf(results);
    }

    /** The result of the best K. */
    public Result best() {
      return results.stream().filter(r -> r.hiddenCount() == bestHiddenCount).findFirst().orElseThrow();
    }
  }

  /**
   * @param data the items to split (needs at least as many items as folds)
   * @param settings the folds, training and log Z settings
   */
  public RbmCrossValidation(RbmData data, Settings settings) {
    if (data.size() < settings.folds()) {
      throw new InvalidInputException(settings.folds() + "-fold cross-validation needs at least "
          + settings.folds() + " items, got " + data.size());
    }
    this.data = data;
    this.settings = settings;
  }

  public RbmData data() {
    return data;
  }

  public Settings settings() {
    return settings;
  }

  /** The number of PCD updates one {@link #run} makes in all, the total its progress counts to. */
  public int progressSteps() {
    return Math.multiplyExact(settings.folds(), settings.training().iterations());
  }

  /**
   * Cross-validates K hidden units.
   *
   * @param hiddenCount K ≥ 1
   * @param seed the seed of the split and of every fold's stream
   * @param threads worker threads (≥ 1); the result does not depend on it
   * @param progress called (from worker threads) with the number of PCD updates done over all folds,
   *     out of {@link #progressSteps()}, or null
   * @throws IllegalArgumentException if K is below 1, or log Z is to be exact and min(V, K) is above
   *     the enumeration limit
   * @throws IllegalStateException if PCD diverges on a fold
   */
  public Result run(int hiddenCount, long seed, int threads, IntConsumer progress) {
    return runAll(new int[] {hiddenCount}, seed, threads, progress).get(0);
  }

  /**
   * Cross-validates each K on the same folds and picks the best.
   *
   * @param hiddenCounts the K to try (≥ 1, distinct, any order)
   * @param progress called with the PCD updates done, out of {@code hiddenCounts.length ×}
   *     {@link #progressSteps()}, or null
   */
  public Selection selectHiddenCount(int[] hiddenCounts, long seed, int threads, IntConsumer progress) {
    if (hiddenCounts.length == 0) {
      throw new InvalidInputException("give at least one number of hidden units");
    }
    int[] sorted = hiddenCounts.clone();
    Arrays.sort(sorted);
    for (int j = 1; j < sorted.length; j++) {
      if (sorted[j] == sorted[j - 1]) {
        throw new InvalidInputException("K=" + sorted[j] + " is given twice");
      }
    }
    List<Result> results = runAll(sorted, seed, threads, progress);
    // the choice is the one every order selection makes (org.occam.search.OrderSelection)
    List<org.occam.search.OrderSelection.Scored<Result>> scored = new ArrayList<>();
    for (Result r : results) {
      scored.add(new org.occam.search.OrderSelection.Scored<>(r.hiddenCount(), r, List.of(
          new org.occam.search.OrderSelection.Score("cv", r.meanTestLogLikelihood(),
              java.util.OptionalDouble.of(r.stdError())))));
    }
    var choice = org.occam.search.OrderSelection.choose(scored, 1).choice("cv");
    if (choice.best().isEmpty()) {
      throw new IllegalStateException("no finite cross-validated score for K in " + Arrays.toString(sorted));
    }
    int best = choice.best().getAsInt();
    return new Selection(results, best, choice.withinOneStandardError().orElse(best));
  }

  /** Every (K, fold) pair as one task, the largest K first so no thread idles at the end. */
  private List<Result> runAll(int[] hiddenCounts, long seed, int threads, IntConsumer progress) {
    if (threads < 1) {
      throw new InvalidInputException("threads must be >= 1, got " + threads);
    }
    int v = data.visibleCount();
    RbmLogPartition.Method[] methods = new RbmLogPartition.Method[hiddenCounts.length];
    for (int j = 0; j < hiddenCounts.length; j++) {
      if (hiddenCounts[j] < 1) {
        throw new InvalidInputException("an RBM needs at least one hidden unit, got K=" + hiddenCounts[j]);
      }
      methods[j] = settings.methodFor(v, hiddenCounts[j]);
    }
    long start = System.nanoTime();
    int k = settings.folds();
    // one stream per (K, fold), made afresh for each K, so a fold's stream is the same for every K
    long splitSeed = 0;
    List<List<SplittableUniformRandomProvider>> streams = new ArrayList<>();
    for (int j = 0; j < hiddenCounts.length; j++) {
      SplittableUniformRandomProvider root = RandomStreams.fromSeed(seed);
      splitSeed = root.nextLong();
      streams.add(RandomStreams.split(root, k));
    }
    RbmData.Folds folds = data.folds(k, splitSeed);
    int tasks = hiddenCounts.length * k;
    int[] order = new int[tasks];
    for (int t = 0; t < tasks; t++) {
      order[t] = tasks - 1 - t;
    }
    int innerThreads = Math.max(1, threads / tasks);
    AtomicInteger done = new AtomicInteger();
    IntConsumer step = progress == null ? null : u -> progress.accept(done.incrementAndGet());
    List<FoldResult> foldResults = Parallel.map(order, Math.min(threads, tasks), "rbm-cv",
        t -> fold(folds, t % k, hiddenCounts[t / k], methods[t / k], streams.get(t / k).get(t % k), innerThreads,
            step));
    double seconds = (System.nanoTime() - start) * 1e-9;
    List<Result> results = new ArrayList<>();
    for (int j = 0; j < hiddenCounts.length; j++) {
      results.add(summarise(hiddenCounts[j], methods[j], foldResults.subList(j * k, (j + 1) * k), seed, splitSeed,
          seconds));
    }
    return results;
  }

  private FoldResult fold(RbmData.Folds folds, int f, int hiddenCount, RbmLogPartition.Method method,
      SplittableUniformRandomProvider stream, int threads, IntConsumer step) {
    long start = System.nanoTime();
    UniformRandomProvider pcdStream = stream.split();
    long aisSeed = stream.nextLong();
    RbmData.Fold fold = folds.get(f);
    RbmData train = fold.train();
    RbmData test = fold.test();
    // PCD reports its own update count; step ignores it and counts updates over all tasks
    PersistentContrastiveDivergence.Result trained = train.trainer().train(hiddenCount, settings.training(),
        pcdStream, threads, step);
    Rbm rbm = trained.rbm();
    RbmLogPartition.Estimate z = RbmLogPartition.estimate(rbm, method, settings.maxEnumeratedUnits(), settings.ais(),
        train, settings.basePseudoCount(), aisSeed, threads);
    double logZ = z.value();
    Optional<RbmPartitionAis.Result> ais = z.ais();
    double testLogLikelihood = test.sumLogZGivenVisible(rbm) / test.size() - logZ;
    double trainLogLikelihood = train.sumLogZGivenVisible(rbm) / train.size() - logZ;
    return new FoldResult(f, train.size(), test.size(), testLogLikelihood, trainLogLikelihood, logZ, method, ais,
        trained, (System.nanoTime() - start) * 1e-9);
  }

  private Result summarise(int hiddenCount, RbmLogPartition.Method method, List<FoldResult> folds, long seed, long splitSeed,
      double seconds) {
    int k = folds.size();
    double mean = 0;
    for (FoldResult f : folds) {
      mean += f.testLogLikelihood() / k;
    }
    double squares = 0;
    double aisVariance = 0;
    for (FoldResult f : folds) {
      double d = f.testLogLikelihood() - mean;
      squares += d * d;
      aisVariance += f.logZStdError() * f.logZStdError();
    }
    double sd = Math.sqrt(squares / (k - 1));
    return new Result(hiddenCount, data.visibleCount(), data.size(), mean, sd, sd / Math.sqrt(k),
        Math.sqrt(aisVariance) / k, method, folds, settings, seed, splitSeed, seconds);
  }

  @Override
  public String toString() {
    return "RbmCrossValidation[" + data + ", " + settings + "]";
  }
}
