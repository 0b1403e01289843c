package org.occam.experiments.crffaq;

import java.util.List;
import org.occam.crf.predict.PredictionSettings;
import org.occam.data.InvalidInputException;
import org.occam.sampling.SamplerSettings;

/**
 * Everything a {@link CrfFaqExperiment} run does, after defaults and --quick.
 *
 * @param fig5Documents documents scored in Figure 5 (the paper's 2)
 * @param fig5Inputs inputs whose state, then transition, features Figure 5 adds (24, quick 3)
 * @param aisSteps AIS temperatures per run
 * @param aisRuns AIS runs G per model
 * @param sizes the N of Figure 6, ascending
 * @param posteriorInputs inputs of the model of Figures 6–8 and the prediction table (24: the papers'
 *     48 parameters; quick 4)
 * @param sampling the settings of bl-mp's, lv-cd's and hmc's sample sets (one thread: the N run in
 *     parallel instead)
 * @param truthSampling the settings of mh's (the same draws and chains, a longer warm-up and budget)
 * @param testDocuments the most held-out documents the prediction table uses (0: all)
 * @param prediction the predictors' settings
 */
record CrfFaqPlan(int fig5Documents, int fig5Inputs, int aisSteps, int aisRuns, List<Integer> sizes,
    int posteriorInputs, SamplerSettings sampling, SamplerSettings truthSampling, int testDocuments,
    PredictionSettings prediction) {
  static final List<Integer> DEFAULT_SIZES = List.of(10, 20, 30, 40, 48);
  static final List<Integer> QUICK_SIZES = List.of(4, 8);
  static final int FIG5_DOCUMENTS = 2;
  static final int INPUTS = 24;
  static final int QUICK_FIG5_INPUTS = 2;
  static final int QUICK_POSTERIOR_INPUTS = 4;
  static final int DEFAULT_AIS_STEPS = 10_000;
  static final int DEFAULT_AIS_RUNS = 10;
  static final int QUICK_AIS_STEPS = 200;
  static final int QUICK_AIS_RUNS = 2;
  static final int DEFAULT_DRAWS = 1000;
  static final int DEFAULT_CHAINS = 4;
  static final int DEFAULT_WARMUP = 300;
  /** lv-cd's autocorrelation time is a few hundred transitions: its thinning is capped here. */
  static final long DEFAULT_MAX_TRANSITIONS = 10_000;
  static final int TRUTH_WARMUP = 2_000;
  /** mh's autocorrelation time is about 360 transitions on the 48-parameter model (measured at N = 48). */
  static final long TRUTH_MAX_TRANSITIONS = 120_000;
  static final int QUICK_TRUTH_WARMUP = 300;
  static final long QUICK_TRUTH_MAX_TRANSITIONS = 10_000;
  static final int QUICK_DRAWS = 100;
  static final int QUICK_CHAINS = 2;
  static final int QUICK_WARMUP = 100;
  static final long QUICK_MAX_TRANSITIONS = 1_000;
  static final int QUICK_TEST_DOCUMENTS = 6;
  static final int QUICK_PREDICTION_SAMPLES = 5;
  static final double TARGET_ACCEPTANCE = 0.8;

  /** Resolves and checks the settings (one-line InvalidInputException naming the option). */
  static CrfFaqPlan of(CrfFaqSettings s) {
    boolean quick = s.quick();
    List<Integer> ns = (s.sizes() != null ? s.sizes() : quick ? QUICK_SIZES : DEFAULT_SIZES).stream().distinct()
        .sorted().toList();
    if (ns.isEmpty() || ns.get(0) < 1) {
      throw new InvalidInputException("--sizes needs positive numbers, got " + s.sizes());
    }
    if (s.threads() < 1) {
      throw new InvalidInputException("--threads must be >= 1, got " + s.threads());
    }
    int steps = positive("--ais-steps", s.aisSteps(), quick ? QUICK_AIS_STEPS : DEFAULT_AIS_STEPS);
    int runs = positive("--ais-runs", s.aisRuns(), quick ? QUICK_AIS_RUNS : DEFAULT_AIS_RUNS);
    int draws = positive("--draws", s.draws(), quick ? QUICK_DRAWS : DEFAULT_DRAWS);
    int chains = quick ? QUICK_CHAINS : DEFAULT_CHAINS;
    if (chains > draws) {
      throw new InvalidInputException("--draws " + draws + " is fewer than the " + chains + " chains");
    }
    SamplerSettings sampling = new SamplerSettings(draws, chains, quick ? QUICK_WARMUP : DEFAULT_WARMUP,
        quick ? QUICK_MAX_TRANSITIONS : DEFAULT_MAX_TRANSITIONS, TARGET_ACCEPTANCE, 1);
    SamplerSettings truth = new SamplerSettings(draws, chains, quick ? QUICK_TRUTH_WARMUP : TRUTH_WARMUP,
        quick ? QUICK_TRUTH_MAX_TRANSITIONS : TRUTH_MAX_TRANSITIONS, TARGET_ACCEPTANCE, 1);
    PredictionSettings prediction = quick ? PredictionSettings.defaults().withSamples(QUICK_PREDICTION_SAMPLES)
        : PredictionSettings.defaults();
    return new CrfFaqPlan(FIG5_DOCUMENTS, quick ? QUICK_FIG5_INPUTS : INPUTS, steps, runs, ns,
        quick ? QUICK_POSTERIOR_INPUTS : INPUTS, sampling, truth, quick ? QUICK_TEST_DOCUMENTS : 0, prediction);
  }

  private static int positive(String name, Integer asked, int fallback) {
    int v = asked != null ? asked : fallback;
    if (v < 1) {
      throw new InvalidInputException(name + " must be >= 1, got " + v);
    }
    return v;
  }

  /** The number of nested models of Figure 5: every chosen input's state feature, then its transition feature. */
  int fig5Models() {
    return 2 * fig5Inputs;
  }

  int largestSize() {
    return sizes.get(sizes.size() - 1);
  }
}
