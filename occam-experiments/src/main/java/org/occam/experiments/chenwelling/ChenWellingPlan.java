package org.occam.experiments.chenwelling;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import org.occam.data.InvalidInputException;
import org.occam.rbm.PersistentContrastiveDivergence;
import org.occam.rbm.RbmCrossValidation;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmMethod;
import org.occam.sampling.MarkovChains;
import org.occam.sampling.PosteriorDrawSettings;
import org.occam.sampling.SamplerSettings;
import org.occam.search.OrderRange;

/**
 * Everything a {@link ChenWellingExperiment} run does, after defaults and --quick.
 *
 * @param scores the methods of Figures 4, 6 and 7 but ais-pd (run --repeats times)
 * @param aisPdAsked whether ais-pd is among --methods
 * @param laplace the settings of Figures 4, 6 and 7
 * @param small the settings of Figures 1–2 (cheaper PCD and fewer samples)
 * @param cv the cross-validation settings of Figures 1–2 (the same PCD as {@code small})
 * @param posterior the draws of the MCMC-based estimators (harmonic1 … dic): lv-cd with one Gibbs
 *     step per iteration, 10 chains, MPSRF threshold 1.1 (Chen &amp; Welling, section 4); at least
 *     {@value #POSTERIOR_DRAWS} draws thinned at the autocorrelation time (more for larger models:
 *     {@link #posteriorFor}) and 10,000 prior draws, or {@value #QUICK_POSTERIOR_DRAWS} and
 *     {@value #QUICK_PRIOR_DRAWS} in --quick
 * @param maxPosteriorDraws the most draws {@link #posteriorFor} asks for: the paper's 10,000, or the
 *     quick run's {@value #QUICK_POSTERIOR_DRAWS}
 */
record ChenWellingPlan(int models, List<Integer> sizes, int trueHidden, int[] candidates, List<Integer> fig4Sizes,
    int fig4Hidden, int[] fig6Hidden, int[] fig7Hidden, int[] fig7LaplaceHidden, List<RbmMethod> scores,
    boolean aisPdAsked, String reference, int repeats, ChenWellingScoring.AisPdBudget aisPd,
    RbmLaplace.Settings laplace, RbmLaplace.Settings small, RbmCrossValidation.Settings cv,
    PosteriorDrawSettings posterior, int maxPosteriorDraws) {
  static final List<Integer> DEFAULT_FIG12_SIZES = List.of(100, 1000, 5000, 25_000, 125_000, 625_000);
  static final List<Integer> QUICK_FIG12_SIZES = List.of(100, 1000);
  static final List<Integer> DEFAULT_FIG4_SIZES = List.of(10, 20, 50, 100, 200, 500, 1000);
  static final List<Integer> QUICK_FIG4_SIZES = List.of(10, 100, 1000);
  /** Posterior draws of the MCMC-based estimators in --quick (10 chains of 20). */
  static final int QUICK_POSTERIOR_DRAWS = 200;
  /** Prior draws of the bridge estimators in --quick. */
  static final int QUICK_PRIOR_DRAWS = 500;
  /**
   * Langevin steps per chain after the warm-up at most, in --quick: the pilot (200) and 20 draws
   * thinned at most every 15 steps (a chain that needs more is reported as not converged, "thinning
   * capped"): the quick run checks the wiring, not the estimators' accuracy.
   */
  static final int QUICK_MAX_TRANSITIONS = 500;
  /** Warm-up steps per chain in --quick. */
  static final int QUICK_WARMUP = 50;
  /**
   * Posterior draws kept of the MCMC-based estimators at the least: 100 per chain over 10 chains,
   * thinned at the autocorrelation time τ. On these data the CD-1 Langevin chains have τ ≈ 1,200–1,700
   * steps (5 words, K = 3, N = 100), so the paper's 10,000 draws thinned every 500 steps carried about
   * 3,000–4,000 effective draws; draws thinned at τ carry about one each.
   */
  static final int POSTERIOR_DRAWS = 1_000;
  /** The most posterior draws asked for: the paper's. */
  static final int MAX_POSTERIOR_DRAWS = 10_000;
  /**
   * {@link #posteriorFor} doubles the draws until independent draws of the run's shape would give an
   * MPSRF at most this: converged chains then clear the paper's 1.1 by their noise, not by luck.
   */
  static final double INDEPENDENT_MPSRF_TARGET = 1.05;
  /**
   * Warm-up steps per chain by default: about ten autocorrelation times, to forget the over-dispersed
   * starts; the pilot that estimates τ is as long.
   */
  static final int WARMUP = 20_000;
  /**
   * The most Langevin steps per kept draw (a chain whose τ is larger is reported as "thinning
   * capped"). On 5 words with K = 3 τ ranged from about 50 steps (N = 10) to 300 (N = 500), but
   * 2,000–4,300 at N = 100 and 12,000–20,000 at N = 200, where a cap of 2,500 left the draws
   * correlated.
   */
  static final int MAX_STEPS_PER_DRAW = 25_000;
  /**
   * Figure 7's Langevin budget per chain after a warm-up of {@value #FIG7_WARMUP}: the earlier full
   * run's, {@value #POSTERIOR_DRAWS} draws in at most this many steps. The paper's threshold is out
   * of reach there: on 100 words the chains' τ is about 1,300 steps at K = 3 (0.26 ms a step), so
   * 10,000 draws thinned at τ take about an hour of CPU per run (27 runs), and from K = 6 (706
   * parameters) even 10,000 independent draws give an MPSRF above 1.1.
   */
  static final int FIG7_MAX_TRANSITIONS = 51_000;
  /** Figure 7's warm-up steps per chain (and so its pilot's length). */
  static final int FIG7_WARMUP = 1_000;
  /** The prior's σ0, the paper's. */
  static final double PRIOR_SIGMA = 1.0;

  /** Resolves and checks the settings for the given parts (IllegalArgumentException naming the option). */
  static ChenWellingPlan of(ChenWellingSettings s, EnumSet<ChenWellingDesign.Part> which) {
    if (which.isEmpty()) {
      throw new InvalidInputException("--parts names no part (choose from 1-2, 4, 6, 7 or all)");
    }
    List<RbmMethod> asked = RbmMethod.parseList(s.methods());
    if (asked.isEmpty()) {
      throw new InvalidInputException("--methods names no method (choose from " + RbmMethod.names() + ")");
    }
    String ref = RbmMethod.parse(s.reference()).label();
    boolean evidenceParts = which.stream().anyMatch(p -> p != ChenWellingDesign.Part.FIGURES_1_2);
    if (evidenceParts && asked.stream().noneMatch(m -> m.label().equals(ref))) {
      throw new InvalidInputException("--reference " + ref + " is not one of --methods " + s.methods());
    }
    List<RbmMethod> scores = asked.stream().filter(m -> m != RbmMethod.AIS_PD).toList();
    boolean quick = s.quick();
    int nModels = s.models() != null ? s.models() : quick ? 3 : 10;
    int nRepeats = s.repeats() != null ? s.repeats() : quick ? 2 : 3;
    if (nModels < 1 || nRepeats < 1) {
      throw new InvalidInputException("--models and --repeats must be >= 1, got " + nModels + " and " + nRepeats);
    }
    List<Integer> ns = sortedPositive("--sizes", s.sizes() != null ? s.sizes() : quick ? QUICK_FIG12_SIZES
        : DEFAULT_FIG12_SIZES);
    int folds = RbmCrossValidation.Settings.defaults().folds();
    if (ns.get(0) < folds) {
      throw new InvalidInputException("--sizes must be >= " + folds + " (" + folds
          + "-fold cross-validation), got " + ns.get(0));
    }
    if (s.trueHidden() < 1) {
      throw new InvalidInputException("--true-hidden must be >= 1, got " + s.trueHidden());
    }
    List<Integer> f4 = sortedPositive("--fig4-sizes", s.fig4Sizes() != null ? s.fig4Sizes() : quick ? QUICK_FIG4_SIZES
        : DEFAULT_FIG4_SIZES);
    if (s.fig4Hidden() < 1 || s.fig6Size() < 1 || s.fig7Size() < 1) {
      throw new InvalidInputException("--fig4-hidden, --fig6-size and --fig7-size must be >= 1, got "
          + s.fig4Hidden() + ", " + s.fig6Size() + " and " + s.fig7Size());
    }
    int[] cand = hiddenRange("--candidates", s.candidates(), quick ? "1..6" : "1..10");
    int[] f6 = hiddenRange("--fig6-hidden", s.fig6Hidden(), quick ? "1..3" : "1..9");
    int[] f7 = hiddenRange("--fig7-hidden", s.fig7Hidden(), quick ? "1,2" : "1..9");
    String f7LaplaceText = s.fig7LaplaceHidden() != null ? s.fig7LaplaceHidden() : quick ? "3" : "11,13";
    int[] f7Laplace = f7LaplaceText.equalsIgnoreCase("none") ? new int[0]
        : hiddenRange("--fig7-laplace-hidden", f7LaplaceText, null);
    var aisPd = new ChenWellingScoring.AisPdBudget(s.aisPdRuns() != null ? s.aisPdRuns() : quick ? 2 : 10,
        s.aisPdSteps() != null ? s.aisPdSteps() : quick ? 500 : 10_000);
    int pcd = positive("--pcd-iterations", s.pcdIterations() != null ? s.pcdIterations() : quick ? 500 : 10_000);
    int pcdSmall = positive("--fig12-pcd-iterations", s.fig12PcdIterations() != null ? s.fig12PcdIterations()
        : quick ? 500 : 2000);
    PersistentContrastiveDivergence.Settings training = PersistentContrastiveDivergence.Settings.defaults()
        .withPriorSigma(PRIOR_SIGMA);
    // the paper's Algorithm 1: fine-tuning on the importance-sampled ℓ, though the exact one is
    // affordable at V = 10 (the committed report was run so)
    RbmLaplace.Settings laplace = RbmLaplace.Settings.defaults().withTraining(training.withIterations(pcd))
        .withExactFineTuning(false);
    RbmLaplace.Settings small = RbmLaplace.Settings.defaults().withTraining(training.withIterations(pcdSmall))
        .withExactFineTuning(false);
    if (quick) {
      laplace = laplace.withSamples(20, 100, 50, 2);
      small = small.withSamples(20, 100, 50, 2);
    }
    RbmCrossValidation.Settings cv = RbmCrossValidation.Settings.defaults().withTraining(small.training());
    PosteriorDrawSettings posterior = PosteriorDrawSettings.defaults();
    SamplerSettings sampling = posterior.sampling();
    posterior = quick
        ? posterior.withSampling(new SamplerSettings(QUICK_POSTERIOR_DRAWS, sampling.chains(), QUICK_WARMUP,
            QUICK_MAX_TRANSITIONS, sampling.targetAcceptance(), 1)).withPriorDraws(QUICK_PRIOR_DRAWS)
        : posterior.withSampling(new SamplerSettings(POSTERIOR_DRAWS, sampling.chains(), WARMUP,
            WARMUP + (long) MAX_STEPS_PER_DRAW * (POSTERIOR_DRAWS / sampling.chains()), sampling.targetAcceptance(), 1));
    return new ChenWellingPlan(nModels, ns, s.trueHidden(), cand, f4, s.fig4Hidden(), f6, f7, f7Laplace, scores,
        asked.contains(RbmMethod.AIS_PD), ref, nRepeats, aisPd, laplace, small, cv, posterior,
        quick ? QUICK_POSTERIOR_DRAWS : MAX_POSTERIOR_DRAWS);
  }

  /**
   * The posterior draws for a model of {@code parameters} parameters: {@link #posterior}'s draws,
   * doubled (up to {@link #maxPosteriorDraws}) until m chains of that many independent draws would
   * give an MPSRF at most {@value #INDEPENDENT_MPSRF_TARGET} ({@link MarkovChains#independentDrawsMpsrf}).
   * The MPSRF of independent draws grows with the parameters per draw: 10 chains of 100 give about
   * 1.06 for K = 3 on 5 words (23 parameters) but 1.11 for K = 9 (59), above the paper's threshold
   * however well the chains mix; on 100 words even the paper's 10,000 give about 1.16 at K = 9
   * (1,009 parameters). The step budget grows with the draws, at most {@value #MAX_STEPS_PER_DRAW}
   * steps per draw.
   */
  PosteriorDrawSettings posteriorFor(int parameters) {
    SamplerSettings base = posterior.sampling();
    if (maxPosteriorDraws <= base.samples()) {
      return posterior;
    }
    int m = base.chains();
    int perChain = base.perChain();
    int most = Math.max(perChain, maxPosteriorDraws / m);
    while (perChain < most && MarkovChains.independentDrawsMpsrf(m, perChain, parameters) > INDEPENDENT_MPSRF_TARGET) {
      perChain = Math.min(2 * perChain, most);
    }
    if (perChain == base.perChain()) {
      return posterior;
    }
    long budget = base.maxTransitions() + (long) MAX_STEPS_PER_DRAW * (perChain - base.perChain());
    return posterior.withSampling(new SamplerSettings(perChain * m, m, base.warmup(), budget,
        base.targetAcceptance(), base.threads()));
  }

  /**
   * The posterior draws of a figure's model of {@code parameters} parameters: {@link #posteriorFor}
   * but for Figure 7, which keeps a fixed budget ({@link #FIG7_MAX_TRANSITIONS}); the quick run's
   * settings everywhere in --quick.
   */
  PosteriorDrawSettings posteriorFor(String figure, int parameters) {
    if (!figure.equals(ChenWellingDesign.Part.FIGURE_7.label()) || maxPosteriorDraws <= posterior.sampling().samples()) {
      return posteriorFor(parameters);
    }
    SamplerSettings base = posterior.sampling();
    return posterior.withSampling(new SamplerSettings(base.samples(), base.chains(), FIG7_WARMUP,
        FIG7_MAX_TRANSITIONS, base.targetAcceptance(), base.threads()));
  }

  private static List<Integer> sortedPositive(String name, List<Integer> values) {
    List<Integer> out = values.stream().distinct().sorted().toList();
    if (out.isEmpty() || out.get(0) < 1) {
      throw new InvalidInputException(name + " needs positive numbers, got " + values);
    }
    return out;
  }

  private static int positive(String name, int value) {
    if (value < 1) {
      throw new InvalidInputException(name + " must be >= 1, got " + value);
    }
    return value;
  }

  /** "1..10", "1,2,4" or "1..3,5" as ascending distinct K ≥ 1 ({@link OrderRange#parse}). */
  static int[] hiddenRange(String name, String text, String fallback) {
    return OrderRange.parse(text != null ? text : fallback, 1, name);
  }

  /** E.g. "1..10" for a contiguous range, else "1,2,4". */
  static String joinedK(int[] ks) {
    boolean contiguous = ks.length > 2;
    for (int i = 1; i < ks.length; i++) {
      contiguous &= ks[i] == ks[i - 1] + 1;
    }
    if (contiguous) {
      return ks[0] + ".." + ks[ks.length - 1];
    }
    return String.join(",", Arrays.stream(ks).mapToObj(Integer::toString).toList());
  }
}
