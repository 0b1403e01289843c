package org.occam.experiments.wellingparise;

import java.util.List;
import org.occam.data.InvalidInputException;
import org.occam.sampling.SamplerSettings;

/**
 * Everything a {@link WellingPariseExperiment} run does, after defaults and --quick.
 *
 * @param sizes the N of Figure 2, ascending
 * @param models Figure 2's random models
 * @param sets sample sets per method and point
 * @param strengths d·4 of Figures 4 and 5, ascending
 * @param strengthSize N of Figures 4 and 5
 * @param sampling each sample set's settings (draws, chains, warm-up, transitions; one thread: the
 *     units run in parallel instead)
 */
record WellingParisePlan(List<Integer> sizes, int models, int sets, List<Double> strengths, int strengthSize,
    SamplerSettings sampling) {
  static final List<Integer> DEFAULT_SIZES = List.of(100, 500, 1000, 2000, 5000, 10_000);
  static final List<Integer> QUICK_SIZES = List.of(100, 1000);
  static final List<Double> QUICK_STRENGTHS = List.of(0.5, 1.5);
  /** N of Figures 4 and 5 (the paper does not say). */
  static final int DEFAULT_STRENGTH_SIZE = 1000;
  static final int DEFAULT_MODELS = 5;
  static final int DEFAULT_SETS = 3;
  static final int DEFAULT_DRAWS = 1000;
  static final int DEFAULT_CHAINS = 4;
  static final int DEFAULT_WARMUP = 300;
  static final long DEFAULT_MAX_TRANSITIONS = 3_000;
  static final int QUICK_SETS = 1;
  static final int QUICK_DRAWS = 100;
  static final int QUICK_CHAINS = 2;
  static final int QUICK_WARMUP = 50;
  static final long QUICK_MAX_TRANSITIONS = 1_000;
  /** HMC and the random walks are tuned to this acceptance rate in the warm-up. */
  static final double TARGET_ACCEPTANCE = 0.8;

  /** Resolves and checks the settings (one-line InvalidInputException naming the option). */
  static WellingParisePlan of(WellingPariseSettings s) {
    boolean quick = s.quick();
    List<Integer> ns = (s.sizes() != null ? s.sizes() : quick ? QUICK_SIZES : DEFAULT_SIZES).stream().distinct()
        .sorted().toList();
    if (ns.isEmpty() || ns.get(0) < 1) {
      throw new InvalidInputException("--sizes needs positive numbers, got " + s.sizes());
    }
    List<Double> ds = (s.strengths() != null ? s.strengths() : quick ? QUICK_STRENGTHS
        : WellingPariseDesign.PAPER_STRENGTHS_TIMES_4).stream().distinct().sorted().toList();
    if (ds.isEmpty() || !(ds.get(0) >= 0) || !Double.isFinite(ds.get(ds.size() - 1))) {
      throw new InvalidInputException("--strengths needs finite numbers >= 0, got " + s.strengths());
    }
    int models = positive("--models", s.models(), quick ? 1 : DEFAULT_MODELS);
    int sets = positive("--sets", s.sets(), quick ? QUICK_SETS : DEFAULT_SETS);
    int draws = positive("--draws", s.draws(), quick ? QUICK_DRAWS : DEFAULT_DRAWS);
    int chains = positive("--chains", s.chains(), quick ? QUICK_CHAINS : DEFAULT_CHAINS);
    int strengthSize = positive("--strength-size", s.strengthSize(), DEFAULT_STRENGTH_SIZE);
    if (chains > draws) {
      throw new InvalidInputException("--chains " + chains + " is more than --draws " + draws);
    }
    if (s.threads() < 1) {
      throw new InvalidInputException("--threads must be >= 1, got " + s.threads());
    }
    long cap = s.maxTransitions() != null ? s.maxTransitions() : quick ? QUICK_MAX_TRANSITIONS
        : DEFAULT_MAX_TRANSITIONS;
    if (cap < 1) {
      throw new InvalidInputException("--max-transitions must be >= 1, got " + cap);
    }
    if (ds.stream().map(WellingParisePlan::strengthId).distinct().count() < ds.size()) {
      throw new InvalidInputException("--strengths must differ by at least 0.001, got " + s.strengths());
    }
    SamplerSettings sampling = new SamplerSettings(draws, chains, quick ? QUICK_WARMUP : DEFAULT_WARMUP, cap,
        TARGET_ACCEPTANCE, 1);
    return new WellingParisePlan(ns, models, sets, ds, strengthSize, sampling);
  }

  private static int positive(String name, Integer asked, int fallback) {
    int v = asked != null ? asked : fallback;
    if (v < 1) {
      throw new InvalidInputException(name + " must be >= 1, got " + v);
    }
    return v;
  }

  /**
   * The model id of Figures 4 and 5 for d·4: d·4 in thousandths (1500 for d = 1.5/4), so that a d's
   * model, data and draws are the same whatever the other d of the run.
   */
  static int strengthId(double strengthTimes4) {
    return (int) Math.round(strengthTimes4 * 1000);
  }

  int largestSize() {
    return sizes.get(sizes.size() - 1);
  }

  /** Every unit, Figure 2 first (model, N, set), then Figures 4 and 5 (d, set). */
  List<WellingPariseUnits.Unit> units() {
    List<WellingPariseUnits.Unit> out = new java.util.ArrayList<>();
    for (int m = 0; m < models; m++) {
      for (int n : sizes) {
        for (int s = 0; s < sets; s++) {
          out.add(new WellingPariseUnits.Unit(2, m, n, s));
        }
      }
    }
    for (int figure : new int[] {4, 5}) {
      for (double d4 : strengths) {
        for (int s = 0; s < sets; s++) {
          out.add(new WellingPariseUnits.Unit(figure, strengthId(d4), strengthSize, s));
        }
      }
    }
    return out;
  }
}
