package org.occam.sampling;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.DifferentiableFunction;
import org.occam.math.RandomStreams;

/**
 * The evidence {@code p(D) = ∫ p(λ) p(D | λ) dλ} of a model whose log likelihood L(λ) and its
 * gradient can be computed exactly, by annealed importance sampling over the parameters with
 * Hamiltonian Monte Carlo moves: Chen &amp; Welling's (2013, section 3.3) "AIS-p(D)" ground truth,
 * also Parise &amp; Welling's (2006, section 4) AIS reference. The {@link AnnealedImportanceSampler}
 * target is
 *
 * <pre>
 *   f_k(λ) = p(λ) p(D | λ)^τ(k),   p(λ) = N(0, σ0² I),   L(λ) = ln p(D | λ)
 *   ∇ ln f_k(λ) = −λ / σ0² + τ(k) ∇L(λ)
 * </pre>
 *
 * <p>with L and ∇L from a {@link ParameterLikelihood} (one evaluator per chain) at every leapfrog
 * step. Each run starts from an exact prior draw and makes one HMC transition of L leapfrog steps
 * per temperature (Chen &amp; Welling: L = 10, a linear schedule, step size kept at about 90%
 * acceptance).
 *
 * <p><b>Step size.</b> The posterior sharpens as τ grows, with precision at most
 * {@code 1/σ0² + τ N/4} per direction for binary features (a 0/1 feature has variance ≤ ¼), so the
 * step size is {@code ε(τ) = ε̃ (1/σ0² + τ N/4)^(−1/2)} and only the dimensionless ε̃ is tuned, by
 * Robbins–Monro on ln ε̃ toward the target acceptance ({@link StepSizeAdaptation}, constant gain so
 * that it tracks τ). Each ε is jittered uniformly by ±{@code stepSizeJitter} (drawn independently
 * of the state) so that no fixed trajectory length resonates with the posterior's scale (Neal 2011,
 * section 5.4.2.2).
 *
 * <p><b>Why a pilot run.</b> A kernel that leaves f_k invariant for every ε is not enough for an
 * unbiased AIS weight if ε is chosen from the run's own past states: the weight's expectation is
 * an integral over the path, and a kernel that depends on earlier states is, given the current
 * state, a state-dependent mixture of invariant kernels, which need not be invariant. (Two states,
 * three temperatures, "resample exactly if x₀ = 0, else stay" is off by 22%.) So by default
 * ({@link StepSizeTuning#PILOT}) ε̃ is adapted in one pilot run on its own stream, recorded per
 * temperature and frozen; the G runs then use that fixed schedule of kernels and their weights are
 * exactly unbiased for p(D). {@link StepSizeTuning#WITHIN_RUN} adapts inside every run instead (as
 * in the paper's description); its bias is small in practice but not zero.
 *
 * <p>G runs (10 by default, the paper's error bars) give {@code ln p(D) ≈ ln mean(w)} with the
 * engine's delta-method standard error. The numbers depend on the seed only, not on the number of
 * threads: the pilot and every run have their own stream split off the seed in a fixed order.
 *
 * <p>Example (a model adapter supplies the likelihood; see {@code MrfAnnealedImportanceSampling}
 * and {@code RbmParameterAis}):
 *
 * <pre>{@code
 * ParameterSpaceAis ais = new ParameterSpaceAis("ais", likelihood, ParameterSpaceAis.Settings.defaults());
 * EvidenceEstimate e = ais.estimate(42, 2);
 * double logEvidence = e.logEvidence(), se = e.stdError().orElseThrow();
 * }</pre>
 */
public final class ParameterSpaceAis implements AnnealedImportanceSampler.Target {
  /** The annealing schedule's shape. */
  public enum Schedule {
    /** Equally spaced temperatures (Chen &amp; Welling). */
    LINEAR,
    /** Beal's {@code τ(k) = e (k/K) / (1 − k/K + e)}, more steps near the prior. */
    BEAL
  }

  /** How the step size is tuned: see the class comment. */
  public enum StepSizeTuning {
    /** Adapted in one pilot run, then a fixed per-temperature schedule for every run (exact AIS). */
    PILOT,
    /** Adapted inside every run from its own acceptance (slightly biased weights). */
    WITHIN_RUN
  }

  /**
   * @param steps K, the number of temperatures
   * @param schedule linear (default) or Beal's
   * @param scheduleE e of Beal's schedule (unused for a linear one)
   * @param runs G, independent runs averaged
   * @param leapfrogSteps L per HMC transition, one transition per temperature
   * @param priorSigma σ0 of the prior N(0, σ0² I)
   * @param targetAcceptance the acceptance probability the step size is tuned toward
   * @param adaptationGain γ of the Robbins–Monro update of ln ε̃ (constant)
   * @param stepSizeJitter each step size is multiplied by a uniform draw from 1 ± this, in [0, 1)
   * @param tuning pilot run (exact) or within every run
   * @param reverse whether each run is followed by a reverse run (twice the time) for the
   *     forward/reverse discrepancy
   * @param stdErrorTarget the standard error of ln p(D) (nats) to reach by adding runs, or empty
   *     (the default) for exactly G runs; see {@link ParameterSpaceAis#estimate}
   * @param maxRuns the most runs made in all when a target is set (the budget), at least G; 0 for
   *     {@value #DEFAULT_BUDGET_FACTOR} G. Unused without a target.
   */
  public record Settings(int steps, Schedule schedule, double scheduleE, int runs, int leapfrogSteps,
      double priorSigma, double targetAcceptance, double adaptationGain, double stepSizeJitter,
      StepSizeTuning tuning, boolean reverse, OptionalDouble stdErrorTarget, int maxRuns)
      implements java.io.Serializable {
    /** Serialised as {@link SerialForm} (an OptionalDouble is not serialisable). */
    private Object writeReplace() {
      return new SerialForm(steps, schedule, scheduleE, runs, leapfrogSteps, priorSigma, targetAcceptance,
          adaptationGain, stepSizeJitter, tuning, reverse, stdErrorTarget.isPresent(), stdErrorTarget.orElse(0),
          maxRuns);
    }

    /** The settings with the target as a flag and a value, for serialisation. */
    private record SerialForm(int steps, Schedule schedule, double scheduleE, int runs, int leapfrogSteps,
        double priorSigma, double targetAcceptance, double adaptationGain, double stepSizeJitter,
        StepSizeTuning tuning, boolean reverse, boolean hasTarget, double target, int maxRuns)
        implements java.io.Serializable {
      private Object readResolve() {
        return new Settings(steps, schedule, scheduleE, runs, leapfrogSteps, priorSigma, targetAcceptance,
            adaptationGain, stepSizeJitter, tuning, reverse,
            hasTarget ? OptionalDouble.of(target) : OptionalDouble.empty(), maxRuns);
      }
    }

    /** Chen &amp; Welling's K (their text does not give it; 10⁴ linear steps is this project's default). */
    public static final int DEFAULT_STEPS = 10_000;
    /** G = 10, the number of AIS runs behind the papers' error bars. */
    public static final int DEFAULT_RUNS = 10;
    /** Chen &amp; Welling's L. */
    public static final int DEFAULT_LEAPFROG_STEPS = 10;
    /** Chen &amp; Welling's σ0. */
    public static final double DEFAULT_PRIOR_SIGMA = 1.0;
    /** Chen &amp; Welling's "around 90%". */
    public static final double DEFAULT_TARGET_ACCEPTANCE = 0.9;
    public static final double DEFAULT_ADAPTATION_GAIN = 0.05;
    public static final double DEFAULT_STEP_SIZE_JITTER = 0.2;
    /** Beal's e, when his schedule is chosen. */
    public static final double DEFAULT_SCHEDULE_E = 0.2;
    /** The run budget with a standard-error target and no explicit budget: this many times G. */
    public static final int DEFAULT_BUDGET_FACTOR = 8;

    /** Checks every setting; a target needs G ≥ 2 (one run has no standard error) and a budget ≥ G. */
    public Settings {
      if (steps < 1 || runs < 1 || leapfrogSteps < 1) {
        throw new InvalidInputException("AIS needs steps >= 1, runs >= 1 and leapfrogSteps >= 1, got " + steps
            + ", " + runs + " and " + leapfrogSteps);
      }
      if (!(scheduleE > 0) || !(priorSigma > 0) || !Double.isFinite(priorSigma)) {
        throw new InvalidInputException("need e > 0 and a positive finite prior sigma, got " + scheduleE + " and "
            + priorSigma);
      }
      if (!(targetAcceptance > 0 && targetAcceptance < 1) || !(adaptationGain > 0)
          || !(stepSizeJitter >= 0 && stepSizeJitter < 1)) {
        throw new InvalidInputException("need target acceptance in (0, 1), gain > 0 and jitter in [0, 1), got "
            + targetAcceptance + ", " + adaptationGain + " and " + stepSizeJitter);
      }
      if (schedule == null || tuning == null || stdErrorTarget == null) {
        throw new InvalidInputException("schedule, tuning and stdErrorTarget (possibly empty) are required");
      }
      if (stdErrorTarget.isPresent()) {
        double t = stdErrorTarget.getAsDouble();
        if (!(t > 0) || !Double.isFinite(t)) {
          throw new InvalidInputException("the standard-error target must be positive and finite, got " + t);
        }
        if (runs < 2) {
          throw new InvalidInputException("a standard-error target needs runs >= 2 (one run has no standard error),"
              + " got " + runs);
        }
      }
      if (maxRuns < 0 || (maxRuns > 0 && maxRuns < runs)) {
        throw new InvalidInputException("the run budget must be 0 (" + DEFAULT_BUDGET_FACTOR + " x runs) or at least"
            + " runs = " + runs + ", got " + maxRuns);
      }
    }

    /**
     * Chen &amp; Welling's settings: K = 10⁴ linear steps, one HMC transition of L = 10 leapfrog
     * steps per temperature, σ0 = 1, 90% acceptance; and this project's G = 10, gain 0.05, jitter
     * ±20%, pilot tuning, no reverse runs.
     */
    public static Settings defaults() {
      return new Settings(DEFAULT_STEPS, Schedule.LINEAR, DEFAULT_SCHEDULE_E, DEFAULT_RUNS, DEFAULT_LEAPFROG_STEPS,
          DEFAULT_PRIOR_SIGMA, DEFAULT_TARGET_ACCEPTANCE, DEFAULT_ADAPTATION_GAIN, DEFAULT_STEP_SIZE_JITTER,
          StepSizeTuning.PILOT, false, OptionalDouble.empty(), 0);
    }

    /** These settings with K = {@code k} temperatures. */
    public Settings withSteps(int k) {
      return new Settings(k, schedule, scheduleE, runs, leapfrogSteps, priorSigma, targetAcceptance, adaptationGain,
          stepSizeJitter, tuning, reverse, stdErrorTarget, maxRuns);
    }

    /** These settings with G = {@code g} runs (the first batch, when a standard-error target is set). */
    public Settings withRuns(int g) {
      return new Settings(steps, schedule, scheduleE, g, leapfrogSteps, priorSigma, targetAcceptance, adaptationGain,
          stepSizeJitter, tuning, reverse, stdErrorTarget, maxRuns);
    }

    /** These settings with L = {@code l} leapfrog steps per HMC transition. */
    public Settings withLeapfrogSteps(int l) {
      return new Settings(steps, schedule, scheduleE, runs, l, priorSigma, targetAcceptance, adaptationGain,
          stepSizeJitter, tuning, reverse, stdErrorTarget, maxRuns);
    }

    /** Equally spaced temperatures. */
    public Settings withLinearSchedule() {
      return new Settings(steps, Schedule.LINEAR, scheduleE, runs, leapfrogSteps, priorSigma, targetAcceptance,
          adaptationGain, stepSizeJitter, tuning, reverse, stdErrorTarget, maxRuns);
    }

    /** Beal's schedule with this e. */
    public Settings withBealSchedule(double e) {
      return new Settings(steps, Schedule.BEAL, e, runs, leapfrogSteps, priorSigma, targetAcceptance, adaptationGain,
          stepSizeJitter, tuning, reverse, stdErrorTarget, maxRuns);
    }

    /** These settings with the prior N(0, σ0² I) of σ0 = {@code sigma}. */
    public Settings withPriorSigma(double sigma) {
      return new Settings(steps, schedule, scheduleE, runs, leapfrogSteps, sigma, targetAcceptance, adaptationGain,
          stepSizeJitter, tuning, reverse, stdErrorTarget, maxRuns);
    }

    /** These settings with the step size tuned toward acceptance {@code a}. */
    public Settings withTargetAcceptance(double a) {
      return new Settings(steps, schedule, scheduleE, runs, leapfrogSteps, priorSigma, a, adaptationGain,
          stepSizeJitter, tuning, reverse, stdErrorTarget, maxRuns);
    }

    /** These settings with step sizes jittered by ±{@code j}. */
    public Settings withStepSizeJitter(double j) {
      return new Settings(steps, schedule, scheduleE, runs, leapfrogSteps, priorSigma, targetAcceptance,
          adaptationGain, j, tuning, reverse, stdErrorTarget, maxRuns);
    }

    /** These settings with step-size tuning {@code t}. */
    public Settings withTuning(StepSizeTuning t) {
      return new Settings(steps, schedule, scheduleE, runs, leapfrogSteps, priorSigma, targetAcceptance,
          adaptationGain, stepSizeJitter, t, reverse, stdErrorTarget, maxRuns);
    }

    /** These settings with ({@code r}) or without reverse runs. */
    public Settings withReverse(boolean r) {
      return new Settings(steps, schedule, scheduleE, runs, leapfrogSteps, priorSigma, targetAcceptance,
          adaptationGain, stepSizeJitter, tuning, r, stdErrorTarget, maxRuns);
    }

    /**
     * These settings with a target standard error of ln p(D), in nats: runs are added (the count
     * doubled each time) until the delta-method standard error is at most {@code se} or
     * {@link #runBudget()} runs are made. The budget is kept ({@value #DEFAULT_BUDGET_FACTOR} G
     * unless set by {@link #withMaxRuns}).
     */
    public Settings withStdErrorTarget(double se) {
      return new Settings(steps, schedule, scheduleE, runs, leapfrogSteps, priorSigma, targetAcceptance,
          adaptationGain, stepSizeJitter, tuning, reverse, OptionalDouble.of(se), maxRuns);
    }

    /** These settings without a standard-error target: exactly G runs, as by default. */
    public Settings withoutStdErrorTarget() {
      return new Settings(steps, schedule, scheduleE, runs, leapfrogSteps, priorSigma, targetAcceptance,
          adaptationGain, stepSizeJitter, tuning, reverse, OptionalDouble.empty(), maxRuns);
    }

    /**
     * These settings with a run budget for the standard-error target: at most {@code max} runs in
     * all (≥ G), or 0 for {@value #DEFAULT_BUDGET_FACTOR} G.
     */
    public Settings withMaxRuns(int max) {
      return new Settings(steps, schedule, scheduleE, runs, leapfrogSteps, priorSigma, targetAcceptance,
          adaptationGain, stepSizeJitter, tuning, reverse, stdErrorTarget, max);
    }

    /**
     * The most runs an estimate makes: G without a target; with one, {@code maxRuns}, or
     * {@value #DEFAULT_BUDGET_FACTOR} G when that is 0.
     */
    public int runBudget() {
      if (stdErrorTarget.isEmpty()) {
        return runs;
      }
      return maxRuns > 0 ? maxRuns : (int) Math.min(Integer.MAX_VALUE, (long) DEFAULT_BUDGET_FACTOR * runs);
    }

    /** The temperatures τ(0…K). */
    public AnnealingSchedule annealingSchedule() {
      return schedule == Schedule.LINEAR ? AnnealingSchedule.linear(steps) : AnnealingSchedule.beal(steps, scheduleE);
    }

    /** The settings by name, for reports (the target and budget only when a target is set). */
    public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("steps", steps);
      m.put("schedule", annealingSchedule().toString());
      m.put("runs", runs);
      m.put("transitionsPerTemperature", "one HMC transition");
      m.put("leapfrogSteps", leapfrogSteps);
      m.put("prior", "N(0, " + priorSigma + "^2 I)");
      m.put("targetAcceptance", targetAcceptance);
      m.put("adaptationGain", adaptationGain);
      m.put("stepSize", "eps~ * (1/sigma0^2 + tau*N/4)^(-1/2), eps~ tuned, times U(1 +- " + stepSizeJitter + ")");
      m.put("stepSizeTuning", tuning.name().toLowerCase(Locale.ROOT).replace('_', '-'));
      m.put("reverse", reverse);
      if (stdErrorTarget.isPresent()) {
        // only with a target, so that the settings of a run without one read as they always did
        m.put("stdErrorTarget", stdErrorTarget.getAsDouble());
        m.put("maxRuns", runBudget());
      }
      return m;
    }
  }

  /** ε̃ before any tuning: about 90% acceptance for L = 10 on a standard normal in a few dimensions. */
  static final double INITIAL_STEP_FACTOR = 0.5;
  /** Adaptation-only transitions at τ = 0 before the pilot's schedule. */
  public static final int PILOT_WARMUP_TRANSITIONS = 100;

  private final String method;
  private final ParameterLikelihood likelihood;
  private final Settings settings;
  private final double[] temperatures;
  /** ε̃ per temperature index 0…K when frozen, null when every chain adapts its own. */
  private final double[] frozenStepFactors;
  /** Chains started by a within-run target, for their final step sizes; null otherwise. */
  private final List<Chain> startedChains;

  /**
   * A target whose chains adapt their step size as they go (as a pilot run does, or under
   * {@link StepSizeTuning#WITHIN_RUN}).
   *
   * @param method the method's name in estimates ({@code ais}, {@code ais-pd})
   * @param likelihood the model's exact log likelihood
   */
  public ParameterSpaceAis(String method, ParameterLikelihood likelihood, Settings settings) {
    this(method, likelihood, settings, null, null);
  }

  private ParameterSpaceAis(String method, ParameterLikelihood likelihood, Settings settings,
      double[] frozenStepFactors, List<Chain> startedChains) {
    if (method == null || likelihood == null || settings == null) {
      throw new InvalidInputException("method, likelihood and settings are required");
    }
    if (likelihood.dimension() < 1 || !(likelihood.dataCount() >= 0) || Double.isInfinite(likelihood.dataCount())) {
      throw new InvalidInputException("need a dimension >= 1 and a finite data count >= 0, got "
          + likelihood.dimension() + " and " + likelihood.dataCount());
    }
    this.method = method;
    this.likelihood = likelihood;
    this.settings = settings;
    this.temperatures = settings.annealingSchedule().temperatures();
    this.frozenStepFactors = frozenStepFactors;
    this.startedChains = startedChains;
  }

  /**
   * The same target with ε̃ frozen per temperature: the transition at τ(k) uses
   * {@code ε̃_k (1/σ0² + τ(k) N/4)^(−1/2)}.
   *
   * @param stepFactors ε̃_0 … ε̃_K, positive (copied)
   */
  public ParameterSpaceAis withStepFactors(double[] stepFactors) {
    if (stepFactors.length != temperatures.length) {
      throw new InvalidInputException("need " + temperatures.length + " step factors (k = 0…K), got "
          + stepFactors.length);
    }
    for (double f : stepFactors) {
      if (!(f > 0) || !Double.isFinite(f)) {
        throw new InvalidInputException("step factors must be positive and finite, got " + f);
      }
    }
    return new ParameterSpaceAis(method, likelihood, settings, stepFactors.clone(), null);
  }

  public Settings settings() {
    return settings;
  }

  public ParameterLikelihood likelihood() {
    return likelihood;
  }

  public String method() {
    return method;
  }

  /** An exact draw from the prior N(0, σ0² I). */
  @Override
  public Chain start(UniformRandomProvider rng) {
    Chain c = new Chain(rng);
    if (startedChains != null) {
      synchronized (startedChains) {
        startedChains.add(c);
      }
    }
    return c;
  }

  /**
   * One pilot run (step size adapted as it goes) and the ε̃ it used at each temperature. It first
   * makes {@value #PILOT_WARMUP_TRANSITIONS} transitions at τ = 0 (the prior) so that ε̃ is tuned
   * before the first temperature; the pilot's own weight is only a diagnostic.
   *
   * @param rng the pilot's own stream
   */
  public Pilot pilot(UniformRandomProvider rng) {
    Chain[] holder = new Chain[1];
    AnnealedImportanceSampler.Target adaptive = r -> {
      Chain c = new Chain(r);
      for (int t = 0; t < PILOT_WARMUP_TRANSITIONS; t++) {
        c.transition(0.0);
      }
      holder[0] = c;
      return c;
    };
    AnnealedImportanceSampler.Run run = AnnealedImportanceSampler.run(adaptive, settings.annealingSchedule(), rng);
    return new Pilot(holder[0].usedStepFactors.clone(), run);
  }

  /**
   * A pilot run's tuned step factors.
   *
   * <p>Its arrays are not copied (they are large or read in hot loops): they belong to this record;
   * callers read them and never modify them.
   *
   * @param stepFactors ε̃_k for k = 0…K (ε̃_0 from the warm-up at τ = 0, for reverse runs)
   * @param run the pilot's own run (its weight is not used in the estimate)
   */
  public record Pilot(double[] stepFactors, AnnealedImportanceSampler.Run run) {}

  /**
   * The estimate: with {@link StepSizeTuning#PILOT}, a pilot run on the first stream split off the
   * seed, then G runs with the frozen step sizes on the next G streams; with
   * {@link StepSizeTuning#WITHIN_RUN}, the G runs adapt on their own (the first stream unused). The
   * numbers depend on the seed only, not on {@code threads}.
   *
   * <p><b>Standard-error target.</b> With {@link Settings#stdErrorTarget()} set, while the
   * delta-method standard error of all runs so far is above the target and fewer than
   * {@link Settings#runBudget()} runs are made, the number of runs is doubled (capped at the budget)
   * and every run's weight is recombined. Run i always runs on the i-th stream split off the seed
   * after the pilot's (the streams are split in sequence from one root, so a later batch continues
   * that sequence), hence the first G' runs of an estimate that grew to G' runs are those of a plain
   * G'-run estimate, and the result does not depend on {@code threads}. The diagnostics then say
   * {@code stdErrorTarget}, {@code runs} (made), {@code runBudget} and {@code stdErrorTargetMet}; when
   * the budget ran out first, {@code converged} is false with a {@code notConverged} reason.
   * Stopping on the observed spread makes the number of runs depend on the weights, so the mean
   * weight is no longer exactly unbiased for p(D) (a batch that happens to lack a rare large weight
   * looks tighter and stops sooner); more temperatures, not more runs, are the cure when the spread
   * is large. Without a target exactly G runs are made, as before the option existed.
   *
   * @param threads worker threads for the runs (≥ 1)
   */
  public EvidenceEstimate estimate(long seed, int threads) {
    long t0 = System.nanoTime();
    SplittableUniformRandomProvider root = RandomStreams.fromSeed(seed);
    SplittableUniformRandomProvider pilotStream = root.split();
    AnnealingSchedule schedule = settings.annealingSchedule();
    Map<String, Object> diag = new LinkedHashMap<>(likelihood.describe());
    AnnealedImportanceSampler.Estimate est;
    if (settings.tuning() == StepSizeTuning.PILOT) {
      Pilot pilot = pilot(pilotStream);
      est = untilTarget(withStepFactors(pilot.stepFactors()), schedule, root, threads);
      diag.put("pilotLogWeight", pilot.run().logWeight());
      diag.put("pilotAcceptanceByQuarter", boxed(pilot.run().acceptanceByQuarter()));
      diag.put("stepSizeByQuarter", boxed(stepSizesByQuarter(pilot.stepFactors())));
      diag.put("finalStepSize", stepSize(pilot.stepFactors()[temperatures.length - 1], 1.0));
    } else {
      List<Chain> chains = new ArrayList<>();
      est = untilTarget(new ParameterSpaceAis(method, likelihood, settings, null, chains), schedule, root, threads);
      List<Double> finals = new ArrayList<>();
      for (Chain c : chains) {
        finals.add(c.lastStepSize);
      }
      Collections.sort(finals);
      diag.put("finalStepSizes", finals);
    }
    diag.put("acceptanceByQuarter", boxed(est.acceptanceByQuarter()));
    List<Double> logWeights = est.runs().stream().map(AnnealedImportanceSampler.Run::logWeight).toList();
    diag.put("logWeights", logWeights);
    diag.put("effectiveSampleSize", ImportanceWeights.effectiveSampleSize(ImportanceWeights.array(logWeights)));
    diag.put("stdErrorMethod", est.stdErrorMethod());
    diag.put("densityEvaluationsPerRun", (long) settings.steps() * settings.leapfrogSteps() * (settings.reverse() ? 2 : 1));
    if (settings.stdErrorTarget().isPresent()) {
      AnnealedImportanceSampler.putTargetDiagnostics(diag, est, settings.stdErrorTarget().getAsDouble(),
          settings.runBudget());
    }
    if (est.reverseLogEstimate().isPresent()) {
      diag.put("reverseLogWeights", est.runs().stream().map(r -> r.reverseLogWeight().getAsDouble()).toList());
      diag.put("reverseLogEvidence", est.reverseLogEstimate().getAsDouble());
      diag.put("hysteresis", est.hysteresis().getAsDouble());
    }
    double seconds = (System.nanoTime() - t0) * 1e-9;
    return new EvidenceEstimate(method, est.logEstimate(), est.reportedStdError(), seconds,
        settings.toMap(), OptionalLong.of(seed), diag);
  }

  /**
   * G runs on the next G streams of {@code root}; with a standard-error target, then batches that
   * double the number of runs (capped at the budget) on the streams that follow, until the combined
   * standard error is at most the target or the budget is spent
   * ({@link AnnealedImportanceSampler#estimateToTarget}).
   */
  private AnnealedImportanceSampler.Estimate untilTarget(AnnealedImportanceSampler.Target target,
      AnnealingSchedule schedule, SplittableUniformRandomProvider root, int threads) {
    if (settings.stdErrorTarget().isEmpty()) {
      return AnnealedImportanceSampler.estimate(target, schedule, settings.runs(), root, threads, settings.reverse());
    }
    return AnnealedImportanceSampler.estimateToTarget(target, schedule, settings.runs(),
        settings.stdErrorTarget().getAsDouble(), settings.runBudget(), root, threads, settings.reverse());
  }

  private double[] stepSizesByQuarter(double[] factors) {
    int k = temperatures.length - 1;
    double[] out = new double[4];
    for (int q = 0; q < 4; q++) {
      int index = Math.max(1, (int) ((long) k * (q + 1) / 4));
      out[q] = stepSize(factors[index], temperatures[index]);
    }
    return out;
  }

  /** ε = ε̃ (1/σ0² + τ N/4)^(−1/2). */
  private double stepSize(double factor, double tau) {
    double sigma = settings.priorSigma();
    return factor / Math.sqrt(1 / (sigma * sigma) + tau * likelihood.dataCount() / 4);
  }

  private static List<Double> boxed(double[] a) {
    return Arrays.stream(a).boxed().toList();
  }

  /**
   * One annealing chain: λ with its cached L(λ) and ∇L(λ) and its own likelihood evaluator. On
   * acceptance it adopts the likelihood of HMC's last evaluation (the accepted point, by
   * {@link HamiltonianMonteCarlo}'s contract).
   */
  public final class Chain implements AnnealedImportanceSampler.Chain {
    private final UniformRandomProvider rng;
    private final DifferentiableFunction evaluator;
    private final HamiltonianMonteCarlo hmc;
    private final HamiltonianMonteCarlo.LogDensity tempered = this::temperedValueAndGradient;
    private final StepSizeAdaptation adaptation;
    private final double inversePriorVariance;
    private final double[] lambda;
    private final double[] likelihoodGradient;
    private final double[] densityGradient;
    private final double[] trialGradient;
    /** ε̃ used at each temperature index (adaptive chains), for the pilot's record. */
    private final double[] usedStepFactors;
    private double logLikelihood;
    private double trialLogLikelihood;
    private double tau;
    private double lastStepSize = Double.NaN;

    private Chain(UniformRandomProvider rng) {
      this.rng = rng;
      int f = likelihood.dimension();
      evaluator = likelihood.newEvaluator();
      hmc = new HamiltonianMonteCarlo(f, settings.leapfrogSteps(), rng);
      adaptation = frozenStepFactors == null
          ? new StepSizeAdaptation(INITIAL_STEP_FACTOR, settings.targetAcceptance(), settings.adaptationGain(), 0)
          : null;
      usedStepFactors = frozenStepFactors == null ? new double[temperatures.length] : null;
      double sigma = settings.priorSigma();
      inversePriorVariance = 1 / (sigma * sigma);
      lambda = new double[f];
      likelihoodGradient = new double[f];
      densityGradient = new double[f];
      trialGradient = new double[f];
      ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
      for (int a = 0; a < f; a++) {
        lambda[a] = sigma * normal.sample();
      }
      logLikelihood = evaluator.valueAndGradient(lambda, likelihoodGradient);
    }

    @Override
    public double logLikelihood() {
      return logLikelihood;
    }

    @Override
    public void transition(double newTau) {
      tau = newTau;
      double value = tau * logLikelihood;
      for (int a = 0; a < lambda.length; a++) {
        value -= 0.5 * inversePriorVariance * lambda[a] * lambda[a];
        densityGradient[a] = tau * likelihoodGradient[a] - inversePriorVariance * lambda[a];
      }
      hmc.setState(lambda, value, densityGradient);
      int k = temperatureIndex(tau);
      double factor;
      if (adaptation == null) {
        factor = frozenStepFactors[k];
      } else {
        factor = adaptation.stepSize();
        usedStepFactors[k] = factor;
      }
      double jitter = 1 + settings.stepSizeJitter() * (2 * rng.nextDouble() - 1);
      lastStepSize = stepSize(factor, tau);
      if (hmc.transition(tempered, lastStepSize * jitter)) {
        hmc.position(lambda);
        logLikelihood = trialLogLikelihood;
        System.arraycopy(trialGradient, 0, likelihoodGradient, 0, lambda.length);
      }
      if (adaptation != null) {
        adaptation.update(hmc.lastAcceptanceProbability());
      }
    }

    /** {@code ln f_τ(x) = −|x|²/(2σ0²) + τ L(x)} (up to the prior's constant), and its gradient. */
    private double temperedValueAndGradient(double[] x, double[] gradOut) {
      trialLogLikelihood = evaluator.valueAndGradient(x, trialGradient);
      double value = tau * trialLogLikelihood;
      for (int a = 0; a < x.length; a++) {
        value -= 0.5 * inversePriorVariance * x[a] * x[a];
        gradOut[a] = tau * trialGradient[a] - inversePriorVariance * x[a];
      }
      return value;
    }

    private int temperatureIndex(double t) {
      int k = Arrays.binarySearch(temperatures, t);
      return k >= 0 ? k : Math.min(temperatures.length - 1, -k - 1);
    }

    @Override
    public long accepted() {
      return hmc.accepted();
    }

    @Override
    public long proposed() {
      return hmc.proposed();
    }

    /** λ at the chain's current state (a copy). */
    public double[] parameters() {
      return lambda.clone();
    }

    /** The step size ε(τ) of the last transition, before jitter (NaN before the first). */
    public double lastStepSize() {
      return lastStepSize;
    }
  }
}
