package org.occam.dag;

import org.occam.data.InvalidInputException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How DAG scores are computed. Defaults are Beal's (section 6.4.1) — 3 random restarts with the
 * best kept, at most 1000 iterations, EM stops when its objective changes by less than 10⁻⁶ per
 * datum — except that VBEM stops when Aitken's estimate puts its bound within 0.005 nats of its
 * limit ({@link VariationalBayesEm}): at Beal's tolerance it stopped up to 0.05 nats short.
 * {@code vbLimitGap} 0 gives Beal's rule for VBEM too.
 *
 * <p>Restarts are fixed ({@code restartsUntilBest} 0: exactly {@code restarts}, Beal's) or adaptive
 * ({@link #adaptive()}): after {@code restarts} runs, more are drawn, one at a time and each from its
 * own stream, until {@code restartsUntilBest} of them end within {@link DagProblem#RESTART_AGREEMENT_NATS}
 * of the best objective or {@code maxRestarts} have run. On the demo's data at n = 10,240 three fixed
 * restarts leave CS's true structure 6th; the adaptive default ranks it 1st (README, "Restarts").
 *
 * @param restarts random initialisations per algorithm (the same initial parameters for EM and VBEM);
 *     with adaptive restarts, the fewest
 * @param maxIterations the most EM/VBEM iterations per restart
 * @param tolerancePerDatum the convergence threshold per datum
 * @param configurationLimit the most joint configurations of a row's unobserved variables
 * @param mapBasis the MAP basis, or {@code null} for the default (simplex when every λ ≥ 1)
 * @param exactTermLimit the most terms the {@code exact} method may sum (see {@link ExactEvidence})
 * @param ais the settings of the {@code ais} method
 * @param vbLimitGap VBEM stops when its bound's estimated distance to its limit is below this many
 *     nats; 0: when the bound changes by less than {@code tolerancePerDatum} per datum, as EM (Beal)
 * @param restartsUntilBest adaptive restarts stop once this many restarts reach the best objective; 0 for
 *     exactly {@code restarts} restarts
 * @param maxRestarts the most restarts of the adaptive rule (equal to {@code restarts} when fixed)
 * @param refineMargin when ranking many structures with adaptive restarts ({@link StructureRanker}),
 *     every structure first gets {@code restarts} fixed restarts, and only those within this many nats
 *     of a method's best score get the adaptive rule (ignored with fixed restarts)
 * @param vbAccelerated VBEM with SQUAREM's jumps ({@link VariationalBayesEm}); off in Beal's settings
 *     ({@link #defaults()}), on in the commands' ({@link #DEFAULT_VB_ACCELERATION})
 * @param emAccelerated MAP-EM with SQUAREM's jumps ({@link ExpectationMaximisation}); off unless asked for
 * @param emLimitGap MAP-EM stops when its objective's estimated distance to its limit is below this many
 *     nats ({@link AitkenLimit}); 0: when it changes by less than {@code tolerancePerDatum} per datum (Beal)
 */
public record DagScoreSettings(int restarts, int maxIterations, double tolerancePerDatum, long configurationLimit,
    ExpectationMaximisation.MapBasis mapBasis, double exactTermLimit, DagAnnealingTarget.Settings ais,
    double vbLimitGap, int restartsUntilBest, int maxRestarts, double refineMargin, boolean vbAccelerated,
    boolean emAccelerated, double emLimitGap) implements java.io.Serializable {
  /** Beal's number of random initialisations. */
  public static final int DEFAULT_RESTARTS = 3;
  /** Beal's iteration limit. */
  public static final int DEFAULT_MAX_ITERATIONS = 1000;
  /**
   * {@code occam demo}'s iteration limit. At Beal's 1,000, VBEM (with its jumps) stopped at the limit
   * for 8–13 of 136 structures at n = 10,240 on the demo's data of seed 3 and of 10 fresh seeds
   * (20261128 to 20261137); at this limit for none on 9 of the 11 and for one structure on the other
   * two, in about the same time (most runs stop by their rule long before either limit).
   */
  public static final int DEMO_MAX_ITERATIONS = 5000;
  /** Beal's convergence threshold per datum. */
  public static final double DEFAULT_TOLERANCE_PER_DATUM = 1e-6;
  /** VBEM's stop: within this many nats of its limit, by Aitken's estimate. */
  public static final double DEFAULT_VB_LIMIT_GAP = VariationalBayesEm.Settings.DEFAULT_LIMIT_GAP;
  /**
   * The commands' MAP-EM stop ({@code --em-limit-gap}): 0, Beal's rule on the change per datum.
   */
  public static final double DEFAULT_EM_LIMIT_GAP = 0;
  /** Adaptive restarts: stop once this many restarts reach the best objective. */
  public static final int DEFAULT_RESTARTS_UNTIL_BEST = 2;
  /** Adaptive restarts: the most restarts. */
  public static final int DEFAULT_MAX_RESTARTS = 30;
  /** Adaptive restarts in a ranking: structures within this many nats of a method's best are searched further. */
  public static final double DEFAULT_REFINE_MARGIN = 10;

  /**
   * The commands' VBEM steps ({@code --vb-acceleration}): SQUAREM's jumps, which reach the bound's optimum
   * in fewer steps and hit the iteration limit far less often than Beal's plain steps (README, "Accelerated
   * VBEM and EM").
   */
  public static final String DEFAULT_VB_ACCELERATION = "squarem";

  /**
   * The commands' MAP-EM steps ({@code --em-acceleration}): plain, as Beal's. SQUAREM's jumps raise MAP but
   * move CS both ways by O(1) nats (CS is not stationary at EM's stopping point), so they are asked for.
   */
  public static final String DEFAULT_EM_ACCELERATION = "none";

  public DagScoreSettings {
    if (restarts < 1) {
      throw new InvalidInputException("restarts must be >= 1, got " + restarts);
    }
    if (maxIterations < 1) {
      throw new InvalidInputException("max iterations must be >= 1, got " + maxIterations);
    }
    if (!(tolerancePerDatum >= 0) || Double.isInfinite(tolerancePerDatum)) {
      throw new InvalidInputException("tolerance must be finite and >= 0, got " + tolerancePerDatum);
    }
    if (configurationLimit < 1) {
      throw new InvalidInputException("configuration limit must be >= 1, got " + configurationLimit);
    }
    if (!(exactTermLimit >= 1)) {
      throw new InvalidInputException("exact term limit must be >= 1, got " + exactTermLimit);
    }
    java.util.Objects.requireNonNull(ais, "ais");
    if (!(vbLimitGap >= 0) || Double.isInfinite(vbLimitGap)) {
      throw new InvalidInputException("VB limit gap must be finite and >= 0, got " + vbLimitGap);
    }
    if (!(emLimitGap >= 0) || Double.isInfinite(emLimitGap)) {
      throw new InvalidInputException("EM limit gap must be finite and >= 0, got " + emLimitGap);
    }
    if (restartsUntilBest < 0) {
      throw new InvalidInputException("restarts until best must be >= 0, got " + restartsUntilBest);
    }
    if (restartsUntilBest == 0 && maxRestarts != restarts) {
      throw new InvalidInputException("fixed restarts: max restarts must equal restarts (" + restarts + "), got "
          + maxRestarts);
    }
    if (!(refineMargin >= 0)) {
      throw new InvalidInputException("refine margin must be >= 0, got " + refineMargin);
    }
    if (maxRestarts < restarts || maxRestarts < restartsUntilBest) {
      throw new InvalidInputException("max restarts must be >= restarts (" + restarts + ") and >= restarts until"
          + " best (" + restartsUntilBest + "), got " + maxRestarts);
    }
  }

  /** Settings with plain VBEM steps. */
  public DagScoreSettings(int restarts, int maxIterations, double tolerancePerDatum, long configurationLimit,
      ExpectationMaximisation.MapBasis mapBasis, double exactTermLimit, DagAnnealingTarget.Settings ais,
      double vbLimitGap, int restartsUntilBest, int maxRestarts, double refineMargin) {
    this(restarts, maxIterations, tolerancePerDatum, configurationLimit, mapBasis, exactTermLimit, ais, vbLimitGap,
        restartsUntilBest, maxRestarts, refineMargin, false, false, 0);
  }

  /** Settings with fixed restarts: exactly {@code restarts}. */
  public DagScoreSettings(int restarts, int maxIterations, double tolerancePerDatum, long configurationLimit,
      ExpectationMaximisation.MapBasis mapBasis, double exactTermLimit, DagAnnealingTarget.Settings ais,
      double vbLimitGap) {
    this(restarts, maxIterations, tolerancePerDatum, configurationLimit, mapBasis, exactTermLimit, ais, vbLimitGap,
        0, restarts, DEFAULT_REFINE_MARGIN);
  }

  /** Whether restarts are drawn until {@code restartsUntilBest} reach the best (else exactly {@code restarts}). */
  public boolean adaptive() {
    return restartsUntilBest > 0;
  }

  /** The restart rule in words, for reports: "3 random restarts" or the adaptive rule's numbers. */
  public String restartRuleText() {
    return adaptive()
        ? String.format(java.util.Locale.ROOT, "adaptive random restarts (at least %d, then more until %d reach the "
            + "best value or %d have run; in a ranking for the structures within %s nats of a score's best)",
            restarts, restartsUntilBest, maxRestarts, refineMargin)
        : restarts + " random restarts";
  }

  /**
   * The same settings with the restart rule a user gives: a whole number R (exactly R restarts) or
   * {@code adaptive} ({@link #DEFAULT_RESTARTS} first, then more until {@code untilBest} reach the best
   * or {@code most} have run; {@code margin} for rankings).
   *
   * @param option the option's name, for the message when {@code rule} is neither
   */
  public DagScoreSettings withRestartRule(String option, String rule, int untilBest, int most, double margin) {
    if (rule.equals("adaptive")) {
      return withAdaptiveRestarts(DEFAULT_RESTARTS, untilBest, most, margin);
    }
    try {
      return withFixedRestarts(Integer.parseInt(rule));
    } catch (NumberFormatException e) {
      throw new InvalidInputException(option + ": '" + rule + "' is neither a whole number nor adaptive");
    }
  }

  /** The same settings with another iteration limit per EM/VBEM run. */
  public DagScoreSettings withMaxIterations(int limit) {
    return new DagScoreSettings(restarts, limit, tolerancePerDatum, configurationLimit, mapBasis, exactTermLimit,
        ais, vbLimitGap, restartsUntilBest, maxRestarts, refineMargin, vbAccelerated, emAccelerated, emLimitGap);
  }

  /** The same settings with exactly {@code n} restarts. */
  public DagScoreSettings withFixedRestarts(int n) {
    return new DagScoreSettings(n, maxIterations, tolerancePerDatum, configurationLimit, mapBasis, exactTermLimit,
        ais, vbLimitGap, 0, n, refineMargin, vbAccelerated, emAccelerated, emLimitGap);
  }

  /**
   * The same settings with adaptive restarts: at least {@code fewest}, then more until {@code untilBest}
   * reach the best objective or {@code most} have run.
   */
  public DagScoreSettings withAdaptiveRestarts(int fewest, int untilBest, int most) {
    return withAdaptiveRestarts(fewest, untilBest, most, refineMargin);
  }

  /** As above, with a ranking's margin of further search ({@code refineMargin}). */
  public DagScoreSettings withAdaptiveRestarts(int fewest, int untilBest, int most, double margin) {
    if (untilBest < 1) {
      throw new InvalidInputException("restarts until best must be >= 1, got " + untilBest);
    }
    return new DagScoreSettings(fewest, maxIterations, tolerancePerDatum, configurationLimit, mapBasis,
        exactTermLimit, ais, vbLimitGap, untilBest, most, margin, vbAccelerated, emAccelerated, emLimitGap);
  }

  /** The restarts in words, for work estimates and summaries: "3" or "3-30 adaptive". */
  public String restartsDescription() {
    return adaptive() ? restarts + "-" + maxRestarts + " adaptive" : Integer.toString(restarts);
  }

  /** Settings with the default VBEM stop (within {@link #DEFAULT_VB_LIMIT_GAP} nats of the limit). */
  public DagScoreSettings(int restarts, int maxIterations, double tolerancePerDatum, long configurationLimit,
      ExpectationMaximisation.MapBasis mapBasis, double exactTermLimit, DagAnnealingTarget.Settings ais) {
    this(restarts, maxIterations, tolerancePerDatum, configurationLimit, mapBasis, exactTermLimit, ais,
        DEFAULT_VB_LIMIT_GAP);
  }

  /** Settings with the default AIS settings. */
  public DagScoreSettings(int restarts, int maxIterations, double tolerancePerDatum, long configurationLimit,
      ExpectationMaximisation.MapBasis mapBasis, double exactTermLimit) {
    this(restarts, maxIterations, tolerancePerDatum, configurationLimit, mapBasis, exactTermLimit,
        DagAnnealingTarget.Settings.defaults());
  }

  /** The same settings with other AIS settings. */
  public DagScoreSettings withAis(DagAnnealingTarget.Settings newAis) {
    return new DagScoreSettings(restarts, maxIterations, tolerancePerDatum, configurationLimit, mapBasis,
        exactTermLimit, newAis, vbLimitGap, restartsUntilBest, maxRestarts, refineMargin, vbAccelerated, emAccelerated,
        emLimitGap);
  }

  /** The same settings with another VBEM stop (0: Beal's rule, the change per datum). */
  public DagScoreSettings withVbLimitGap(double gap) {
    return new DagScoreSettings(restarts, maxIterations, tolerancePerDatum, configurationLimit, mapBasis,
        exactTermLimit, ais, gap, restartsUntilBest, maxRestarts, refineMargin, vbAccelerated, emAccelerated, emLimitGap);
  }

  /**
   * Whether a user's {@code --vb-acceleration} or {@code --em-acceleration} asks for SQUAREM: {@code squarem} (true) or {@code none}
   * (false).
   *
   * @param option the option's name, for the message when {@code name} is neither
   */
  public static boolean accelerationNamed(String option, String name) {
    return switch (name) {
      case "squarem" -> true;
      case "none" -> false;
      default -> throw new InvalidInputException(option + ": '" + name + "' is neither none nor squarem");
    };
  }

  /**
   * The same settings with the accelerations a user names: {@code --vb-acceleration} and
   * {@code --em-acceleration}, each {@code none} or {@code squarem}.
   */
  public DagScoreSettings withAccelerations(String vb, String em) {
    return withVbAcceleration(accelerationNamed("--vb-acceleration", vb))
        .withEmAcceleration(accelerationNamed("--em-acceleration", em));
  }

  /** The same settings with VBEM accelerated by SQUAREM or not. */
  public DagScoreSettings withVbAcceleration(boolean on) {
    return new DagScoreSettings(restarts, maxIterations, tolerancePerDatum, configurationLimit, mapBasis,
        exactTermLimit, ais, vbLimitGap, restartsUntilBest, maxRestarts, refineMargin, on, emAccelerated, emLimitGap);
  }

  /** The same settings with MAP-EM accelerated by SQUAREM or not. */
  public DagScoreSettings withEmAcceleration(boolean on) {
    return new DagScoreSettings(restarts, maxIterations, tolerancePerDatum, configurationLimit, mapBasis,
        exactTermLimit, ais, vbLimitGap, restartsUntilBest, maxRestarts, refineMargin, vbAccelerated, on, emLimitGap);
  }

  /**
   * The same settings with the stops a user gives: {@code --vb-limit-gap} and {@code --em-limit-gap}, each
   * a finite number of nats ≥ 0 (0: Beal's rule on the change per datum).
   */
  public DagScoreSettings withLimitGaps(double vb, double em) {
    requireGap("--vb-limit-gap", vb);
    requireGap("--em-limit-gap", em);
    return withVbLimitGap(vb).withEmLimitGap(em);
  }

  private static void requireGap(String option, double gap) {
    if (!(gap >= 0) || Double.isInfinite(gap)) {
      throw new InvalidInputException(option + " must be a finite number >= 0, got " + gap);
    }
  }

  /** The same settings with another MAP-EM stop (0: Beal's rule, the change per datum). */
  public DagScoreSettings withEmLimitGap(double gap) {
    return new DagScoreSettings(restarts, maxIterations, tolerancePerDatum, configurationLimit, mapBasis,
        exactTermLimit, ais, vbLimitGap, restartsUntilBest, maxRestarts, refineMargin, vbAccelerated, emAccelerated, gap);
  }

  /**
   * The settings of each MAP-EM run in {@code basis}: Aitken's rule alone, or Beal's when {@code emLimitGap}
   * is 0; with SQUAREM's jumps when {@code emAccelerated}.
   */
  public ExpectationMaximisation.Settings emSettings(ExpectationMaximisation.MapBasis basis) {
    return emLimitGap > 0
        ? new ExpectationMaximisation.Settings(ExpectationMaximisation.Estimator.MAP, basis, maxIterations, 0,
            emAccelerated, emLimitGap)
        : new ExpectationMaximisation.Settings(ExpectationMaximisation.Estimator.MAP, basis, maxIterations,
            tolerancePerDatum, emAccelerated);
  }

  /**
   * The settings of each VBEM run: Aitken's rule alone, or Beal's when {@code vbLimitGap} is 0; with
   * SQUAREM's jumps when {@code vbAccelerated}.
   */
  public VariationalBayesEm.Settings vbSettings() {
    return (vbLimitGap > 0 ? VariationalBayesEm.Settings.aitken(maxIterations, vbLimitGap)
        : new VariationalBayesEm.Settings(maxIterations, tolerancePerDatum)).withAcceleration(vbAccelerated);
  }

  /** Settings with the default limit on exact-evidence terms. */
  public DagScoreSettings(int restarts, int maxIterations, double tolerancePerDatum, long configurationLimit,
      ExpectationMaximisation.MapBasis mapBasis) {
    this(restarts, maxIterations, tolerancePerDatum, configurationLimit, mapBasis, ExactEvidence.DEFAULT_TERM_LIMIT);
  }

  /** Beal's settings. */
  public static DagScoreSettings defaults() {
    return new DagScoreSettings(DEFAULT_RESTARTS, DEFAULT_MAX_ITERATIONS, DEFAULT_TOLERANCE_PER_DATUM,
        HiddenStateEnumeration.DEFAULT_CONFIGURATION_LIMIT, null);
  }

  /**
   * The adaptive default: at least Beal's 3 restarts, then more until {@value #DEFAULT_RESTARTS_UNTIL_BEST}
   * reach the best objective, at most {@value #DEFAULT_MAX_RESTARTS}; otherwise Beal's settings.
   */
  public static DagScoreSettings adaptiveDefaults() {
    return defaults().withAdaptiveRestarts(DEFAULT_RESTARTS, DEFAULT_RESTARTS_UNTIL_BEST, DEFAULT_MAX_RESTARTS);
  }

  /**
   * {@code occam demo}'s settings: the adaptive default with the commands' default EM and VBEM steps
   * and an iteration limit of {@value #DEMO_MAX_ITERATIONS}.
   */
  public static DagScoreSettings demoDefaults() {
    return adaptiveDefaults().withAccelerations(DEFAULT_VB_ACCELERATION, DEFAULT_EM_ACCELERATION)
        .withMaxIterations(DEMO_MAX_ITERATIONS);
  }

  /** The MAP basis to use with a prior. */
  public ExpectationMaximisation.MapBasis mapBasisFor(DirichletPrior prior) {
    return mapBasis != null ? mapBasis : ExpectationMaximisation.MapBasis.defaultFor(prior);
  }

  /** The settings by name, for reports. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("restarts", restarts);
    if (adaptive()) {
      m.put("restartsUntilBest", restartsUntilBest);
      m.put("maxRestarts", maxRestarts);
      m.put("refineMargin", refineMargin);
    }
    m.put("maxIterations", maxIterations);
    m.put("tolerancePerDatum", tolerancePerDatum);
    m.put("vbLimitGap", vbLimitGap);
    m.put("vbAcceleration", vbAccelerated ? "squarem" : "none");
    m.put("emAcceleration", emAccelerated ? "squarem" : "none");
    m.put("emLimitGap", emLimitGap);
    m.put("configurationLimit", configurationLimit);
    return m;
  }
}
