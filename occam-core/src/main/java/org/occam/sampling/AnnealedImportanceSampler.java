package org.occam.sampling;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.Parallel;
import org.occam.math.RandomStreams;

/**
 * Annealed importance sampling (Neal 2001) for a normalising constant
 * {@code Z = ∫ p₀(x) exp(ℓ(x)) dx}, e.g. the evidence {@code ∫ p(θ) p(y | θ) dθ} with ℓ the log
 * likelihood. The intermediate distributions are {@code f_k ∝ p₀ exp(τ(k) ℓ)}. One run starts with
 * an exact draw from p₀ and, for k = 1…K, adds {@code (τ(k) − τ(k−1)) ℓ(x)} to its log weight and
 * then moves x by one transition that leaves f_k invariant; its weight is unbiased for Z (not its
 * log). G independent runs, each on its own stream split off the seed in run order, give
 *
 * <pre>  ln Ẑ = ln( (1/G) Σ_g w_g ),   se(ln Ẑ) ≈ sd(w) / (√G · mean(w))   (delta method)</pre>
 *
 * <p>so the estimate is the same with any number of threads. Acceptance rates are recorded per
 * quarter of the schedule, the diagnostic Beal uses (2003, Figure 6.12).
 *
 * <p>Optionally each run continues with a <em>reverse</em> run: from its final state (approximately
 * a draw from the target) the schedule is walked back from τ = 1 to 0, adding
 * {@code (τ(k−1) − τ(k)) ℓ(x)} to a second log weight before each transition at τ(k−1). Started
 * from the exact target, that weight is unbiased for 1/Z, so {@code −ln mean(w_rev)} over-estimates
 * ln Z in expectation as the forward estimate under-estimates it; the gap between the two
 * (hysteresis) says how far the annealing is from equilibrium (Neal 2001, section 6; Grosse et al.
 * 2015, "bidirectional Monte Carlo").
 */
public final class AnnealedImportanceSampler {
  /** A Markov chain over the integration variable, created at an exact draw from p₀. */
  public interface Chain {
    /** ℓ at the current state. */
    double logLikelihood();

    /**
     * The change in the log of the unnormalised target when the temperature moves from τ = from
     * to τ = to at the current state: {@code (to − from) ℓ} for the geometric path
     * {@code p₀ exp(τ ℓ)} (this default). Chains whose path is not linear in τ in the log — e.g. an
     * RBM whose hidden units are summed out at every temperature — override it.
     */
    default double logWeightIncrement(double from, double to) {
      return (to - from) * logLikelihood();
    }

    /** One transition leaving {@code p₀ exp(τ ℓ)} invariant. */
    void transition(double tau);

    /** Moves accepted so far. */
    long accepted();

    /** Moves proposed so far. */
    long proposed();
  }

  /** What is annealed: makes chains started at exact draws from p₀. */
  public interface Target {
    Chain start(UniformRandomProvider rng);
  }

  /**
   * One run.
   *
   * <p>Its arrays are not copied (they are large or read in hot loops): they belong to this record;
   * callers read them and never modify them.
   *
   * @param logWeight the run's log importance weight
   * @param acceptanceByQuarter the fraction of accepted moves in each quarter of the schedule
   *     (1 for a quarter without proposals, as with exact Gibbs moves or fewer than 4 steps)
   * @param reverseLogWeight the log weight of the reverse run, when one was made (an estimate of
   *     −ln Z)
   */
  public record Run(double logWeight, double[] acceptanceByQuarter, OptionalDouble reverseLogWeight) {
    /** A forward run only. */
    public Run(double logWeight, double[] acceptanceByQuarter) {
      this(logWeight, acceptanceByQuarter, OptionalDouble.empty());
    }
  }

  /**
   * The combined estimate.
   *
   * @param logEstimate ln of the mean weight
   * @param stdError the delta-method standard error of {@code logEstimate} (0 for one run, which has none)
   * @param runs every run
   * @param reverseLogEstimate {@code −ln mean(w_rev)} over the reverse runs, when they were made
   */
  public record Estimate(double logEstimate, double stdError, List<Run> runs, OptionalDouble reverseLogEstimate) {
    /**
     * The reverse estimate minus the forward one, when reverse runs were made: about zero when the
     * annealing is slow enough, positive (in expectation) when it is not.
     */
    public OptionalDouble hysteresis() {
      return reverseLogEstimate.isPresent()
          ? OptionalDouble.of(reverseLogEstimate.getAsDouble() - logEstimate)
          : OptionalDouble.empty();
    }

    /** The standard error to report: none for a single run, which cannot estimate its own spread. */
    public OptionalDouble reportedStdError() {
      return runs.size() < 2 ? OptionalDouble.empty() : OptionalDouble.of(stdError);
    }

    /** How the reported standard error was found (or why there is none). */
    public String stdErrorMethod() {
      return runs.size() < 2 ? "none: one run has no standard error (use two or more runs)"
          : "delta method on the mean weight: sd(w) / (sqrt(G) mean(w))";
    }

    /** The mean acceptance of all runs in each quarter of the schedule. */
    public double[] acceptanceByQuarter() {
      double[] a = new double[4];
      for (Run r : runs) {
        for (int q = 0; q < 4; q++) {
          a[q] += r.acceptanceByQuarter()[q] / runs.size();
        }
      }
      return a;
    }
  }

  private AnnealedImportanceSampler() {}

  /** One forward annealing run. */
  public static Run run(Target target, AnnealingSchedule schedule, UniformRandomProvider rng) {
    return run(target, schedule, rng, false);
  }

  /** One annealing run, followed by a reverse run from its final state when {@code reverse}. */
  public static Run run(Target target, AnnealingSchedule schedule, UniformRandomProvider rng, boolean reverse) {
    Chain chain = target.start(rng);
    int steps = schedule.steps();
    double logWeight = 0;
    double[] acceptance = new double[4];
    long acc0 = chain.accepted();
    long prop0 = chain.proposed();
    for (int k = 1; k <= steps; k++) {
      logWeight += chain.logWeightIncrement(schedule.tau(k - 1), schedule.tau(k));
      chain.transition(schedule.tau(k));
      int quarter = (int) (4L * (k - 1) / steps);
      if (k == steps || (int) (4L * k / steps) != quarter) {
        long prop = chain.proposed() - prop0;
        acceptance[quarter] = prop == 0 ? 1.0 : (double) (chain.accepted() - acc0) / prop;
        acc0 = chain.accepted();
        prop0 = chain.proposed();
      }
    }
    if (!reverse) {
      return new Run(logWeight, acceptance);
    }
    double reverseLogWeight = 0;
    for (int k = steps; k >= 1; k--) {
      reverseLogWeight += chain.logWeightIncrement(schedule.tau(k), schedule.tau(k - 1));
      chain.transition(schedule.tau(k - 1));
    }
    return new Run(logWeight, acceptance, OptionalDouble.of(reverseLogWeight));
  }

  /** G runs on streams split off {@code seed}, in parallel. */
  public static Estimate estimate(Target target, AnnealingSchedule schedule, int runs, long seed, int threads) {
    return estimate(target, schedule, runs, RandomStreams.fromSeed(seed), threads);
  }

  /** G runs on streams split off {@code seed}, in parallel, each followed by a reverse run when {@code reverse}. */
  public static Estimate estimate(Target target, AnnealingSchedule schedule, int runs, long seed, int threads,
      boolean reverse) {
    return estimate(target, schedule, runs, RandomStreams.fromSeed(seed), threads, reverse);
  }

  /** G forward runs on streams split off {@code rng} (consumed), in parallel. */
  public static Estimate estimate(Target target, AnnealingSchedule schedule, int runs,
      SplittableUniformRandomProvider rng, int threads) {
    return estimate(target, schedule, runs, rng, threads, false);
  }

  /**
   * G runs on streams split off {@code rng} (consumed), in parallel, each followed by a reverse
   * run when {@code reverse}.
   */
  public static Estimate estimate(Target target, AnnealingSchedule schedule, int runs,
      SplittableUniformRandomProvider rng, int threads, boolean reverse) {
    if (runs < 1 || threads < 1) {
      throw new IllegalArgumentException("need runs >= 1 and threads >= 1");
    }
    List<SplittableUniformRandomProvider> streams = RandomStreams.split(rng, runs);
    List<Run> out = Parallel.map(runs, threads, "occam-ais", g -> run(target, schedule, streams.get(g), reverse));
    return combine(out);
  }

  /**
   * The fewest runs whose standard error {@link #estimateToTarget} trusts: from fewer weights the
   * delta-method standard error is itself too uncertain (relative error above 1/√(2·7) ≈ 27% even for
   * well-behaved weights, and AIS weights are heavy-tailed), so a target met by 2–4 runs would stop on
   * an optimistic estimate.
   */
  public static final int MIN_RUNS_FOR_TARGET = 8;

  /**
   * G runs on the next G streams split off {@code rng}, then, while the delta-method standard error
   * of all runs so far is above {@code stdErrorTarget} or fewer than {@link #MIN_RUNS_FOR_TARGET}
   * runs are made, and fewer than {@code maxRuns},
   * as many runs again (capped at {@code maxRuns}) on the streams that follow, every run's weight
   * recombined. Streams are split off {@code rng} in sequence, so run i has the i-th stream whichever
   * batch it falls in: an estimate that grew to G' runs is the plain G'-run estimate, and the result
   * does not depend on {@code threads}. Whether the target was met is
   * {@code estimate.stdError() <= stdErrorTarget}.
   *
   * <p>The number of runs then depends on the weights, so the mean weight is no longer exactly
   * unbiased for Z, and a standard error from few runs is itself uncertain: stopping on it can be
   * optimistic when the target is met after few runs, hence the minimum.
   *
   * @param runs G, the first batch (≥ 2: one run has no standard error)
   * @param stdErrorTarget the standard error of ln Z to reach, positive and finite
   * @param maxRuns the most runs in all, ≥ G
   */
  public static Estimate estimateToTarget(Target target, AnnealingSchedule schedule, int runs, double stdErrorTarget,
      int maxRuns, SplittableUniformRandomProvider rng, int threads, boolean reverse) {
    if (runs < 2 || maxRuns < runs || !(stdErrorTarget > 0) || Double.isInfinite(stdErrorTarget)) {
      throw new IllegalArgumentException("need runs >= 2, maxRuns >= runs and a positive finite target, got " + runs
          + ", " + maxRuns + " and " + stdErrorTarget);
    }
    Estimate est = estimate(target, schedule, runs, rng, threads, reverse);
    List<Run> all = new ArrayList<>(est.runs());
    // "not <=" so that a NaN standard error (e.g. every weight zero) keeps adding runs
    while ((!(est.stdError() <= stdErrorTarget) || all.size() < MIN_RUNS_FOR_TARGET) && all.size() < maxRuns) {
      int more = Math.min(all.size(), maxRuns - all.size());
      all.addAll(estimate(target, schedule, more, rng, threads, reverse).runs());
      est = combine(all);
    }
    return est;
  }

  /**
   * What {@link #estimateToTarget} did, into {@code diagnostics}: {@code stdErrorTarget},
   * {@code runs} (made), {@code runBudget} and {@code stdErrorTargetMet}; when the budget ran out
   * first, also {@code converged} false and a {@code notConverged} reason, which reports print as a
   * warning.
   */
  public static void putTargetDiagnostics(Map<String, Object> diagnostics, Estimate est, double stdErrorTarget,
      int maxRuns) {
    boolean met = est.stdError() <= stdErrorTarget;
    diagnostics.put("stdErrorTarget", stdErrorTarget);
    diagnostics.put("runs", est.runs().size());
    diagnostics.put("runBudget", maxRuns);
    diagnostics.put("stdErrorTargetMet", met);
    if (!met) {
      diagnostics.put("converged", false);
      diagnostics.put("notConverged", String.format(Locale.ROOT, "the standard error %.4g is above the target %.4g"
          + " after the budget of %d runs; raise the budget or the number of temperatures", est.stdError(),
          stdErrorTarget, est.runs().size()));
    }
  }

  /** ln mean weight and its delta-method standard error (and the reverse estimate, if every run has one). */
  public static Estimate combine(List<Run> runs) {
    double[] logWeights = runs.stream().mapToDouble(Run::logWeight).toArray();
    double se = ImportanceWeights.relativeSd(logWeights) / Math.sqrt(runs.size());
    OptionalDouble reverse = OptionalDouble.empty();
    if (!runs.isEmpty() && runs.stream().allMatch(r -> r.reverseLogWeight().isPresent())) {
      double[] rev = runs.stream().mapToDouble(r -> r.reverseLogWeight().getAsDouble()).toArray();
      reverse = OptionalDouble.of(-ImportanceWeights.logMean(rev));
    }
    return new Estimate(ImportanceWeights.logMean(logWeights), se, List.copyOf(runs), reverse);
  }
}
