package org.occam.rbm;

import org.occam.data.InvalidInputException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import org.occam.sampling.PosteriorDrawSettings;
import org.occam.sampling.ParameterSpaceAis;

/**
 * One RBM to score: the data (ready for the Laplace procedure), the number of hidden units K, the
 * settings, the seed, the thread count and a progress callback, and the work laplace, laplace0 and
 * map share — one run of Chen &amp; Welling's Algorithm 1 ({@link RbmLaplace#score}) — computed
 * once, on first use — and the posterior draws and their likelihoods that the sample-based
 * estimators share ({@link #shared}).
 */
public final class RbmProblem {
  private final RbmLaplace laplace;
  private final int hiddenCount;
  private final RbmLaplace.Settings settings;
  private final ParameterSpaceAis.Settings aisPd;
  private final long seed;
  private final int threads;
  private final Consumer<String> progress;
  private final PosteriorDrawSettings posterior;
  private final Map<String, Object> shared = new HashMap<>();
  private RbmLaplace.Result mapRun;
  private double mapRunSeconds;

  /**
   * @param hiddenCount K ≥ 1
   * @param aisPd the settings of ais-pd; its σ0 must be the Laplace settings' σ0, so that every
   *     method scores the same model
   * @param seed the seed of every run (each run splits its own streams off it)
   * @param progress told each stage's name
   */
  public RbmProblem(RbmLaplace laplace, int hiddenCount, RbmLaplace.Settings settings,
      ParameterSpaceAis.Settings aisPd, long seed, int threads, Consumer<String> progress) {
    this(laplace, hiddenCount, settings, aisPd, PosteriorDrawSettings.defaults(), seed, threads, progress);
  }

  /**
   * As above, with the settings of the sample-based estimators' posterior draws.
   *
   * @param posterior the sampler, its budget and the likelihood of the draws
   */
  public RbmProblem(RbmLaplace laplace, int hiddenCount, RbmLaplace.Settings settings,
      ParameterSpaceAis.Settings aisPd, PosteriorDrawSettings posterior, long seed, int threads,
      Consumer<String> progress) {
    this.posterior = Objects.requireNonNull(posterior, "posterior");
    this.laplace = Objects.requireNonNull(laplace, "laplace");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.aisPd = Objects.requireNonNull(aisPd, "aisPd");
    this.progress = Objects.requireNonNull(progress, "progress");
    if (hiddenCount < 1) {
      throw new InvalidInputException("the number of hidden units must be >= 1, got " + hiddenCount);
    }
    if (threads < 1) {
      throw new InvalidInputException("threads must be >= 1, got " + threads);
    }
    if (aisPd.priorSigma() != settings.priorSigma()) {
      throw new InvalidInputException("ais-pd has σ0 = " + aisPd.priorSigma() + " but the other methods "
          + settings.priorSigma() + ": they would score different models");
    }
    this.hiddenCount = hiddenCount;
    this.seed = seed;
    this.threads = threads;
  }

  /** With ais-pd's default settings at the Laplace settings' σ0. */
  public RbmProblem(RbmLaplace laplace, int hiddenCount, RbmLaplace.Settings settings, long seed, int threads,
      Consumer<String> progress) {
    this(laplace, hiddenCount, settings, RbmParameterAis.defaultSettings().withPriorSigma(settings.priorSigma()),
        seed, threads, progress);
  }

  public RbmLaplace laplace() {
    return laplace;
  }

  public int hiddenCount() {
    return hiddenCount;
  }

  public RbmLaplace.Settings settings() {
    return settings;
  }

  public ParameterSpaceAis.Settings aisPdSettings() {
    return aisPd;
  }

  /** The settings of the posterior draws of the sample-based estimators. */
  public PosteriorDrawSettings posteriorSettings() {
    return posterior;
  }

  /**
   * A value several methods share (the posterior draws, their likelihoods), computed on first use
   * by {@code compute} and kept under {@code key}. Synchronized: one computation per key.
   */
  @SuppressWarnings("unchecked")
  public synchronized <T> T shared(String key, Function<RbmProblem, T> compute) {
    Object v = shared.get(key);
    if (v == null) {
      v = compute.apply(this);
      shared.put(key, v);
    }
    return (T) v;
  }

  public long seed() {
    return seed;
  }

  public int threads() {
    return threads;
  }

  public Consumer<String> progress() {
    return progress;
  }

  /** The Laplace procedure's run (Algorithm 1), shared by laplace, laplace0 and map. */
  public synchronized RbmLaplace.Result mapRun() {
    if (mapRun == null) {
      long start = System.nanoTime();
      mapRun = laplace.score(hiddenCount, settings, seed, threads, progress);
      mapRunSeconds = (System.nanoTime() - start) / 1e9;
    }
    return mapRun;
  }

  /** The seconds of {@link #mapRun()} (call it first). */
  public synchronized double mapRunSeconds() {
    return mapRunSeconds;
  }
}
