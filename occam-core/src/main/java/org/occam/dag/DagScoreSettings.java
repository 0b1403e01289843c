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
 * @param restarts random initialisations per algorithm (the same initial parameters for EM and VBEM)
 * @param maxIterations the most EM/VBEM iterations per restart
 * @param tolerancePerDatum the convergence threshold per datum
 * @param configurationLimit the most joint configurations of a row's unobserved variables
 * @param mapBasis the MAP basis, or {@code null} for the default (simplex when every λ ≥ 1)
 * @param exactTermLimit the most terms the {@code exact} method may sum (see {@link ExactEvidence})
 * @param ais the settings of the {@code ais} method
 * @param vbLimitGap VBEM stops when its bound's estimated distance to its limit is below this many
 *     nats; 0: when the bound changes by less than {@code tolerancePerDatum} per datum, as EM (Beal)
 */
public record DagScoreSettings(int restarts, int maxIterations, double tolerancePerDatum, long configurationLimit,
    ExpectationMaximisation.MapBasis mapBasis, double exactTermLimit, DagAnnealingTarget.Settings ais,
    double vbLimitGap) implements java.io.Serializable {
  /** Beal's number of random initialisations. */
  public static final int DEFAULT_RESTARTS = 3;
  /** Beal's iteration limit. */
  public static final int DEFAULT_MAX_ITERATIONS = 1000;
  /** Beal's convergence threshold per datum. */
  public static final double DEFAULT_TOLERANCE_PER_DATUM = 1e-6;
  /** VBEM's stop: within this many nats of its limit, by Aitken's estimate. */
  public static final double DEFAULT_VB_LIMIT_GAP = VariationalBayesEm.Settings.DEFAULT_LIMIT_GAP;

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
        exactTermLimit, newAis, vbLimitGap);
  }

  /** The same settings with another VBEM stop (0: Beal's rule, the change per datum). */
  public DagScoreSettings withVbLimitGap(double gap) {
    return new DagScoreSettings(restarts, maxIterations, tolerancePerDatum, configurationLimit, mapBasis,
        exactTermLimit, ais, gap);
  }

  /** The settings of each VBEM run: Aitken's rule alone, or Beal's when {@code vbLimitGap} is 0. */
  public VariationalBayesEm.Settings vbSettings() {
    return vbLimitGap > 0 ? VariationalBayesEm.Settings.aitken(maxIterations, vbLimitGap)
        : new VariationalBayesEm.Settings(maxIterations, tolerancePerDatum);
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

  /** The MAP basis to use with a prior. */
  public ExpectationMaximisation.MapBasis mapBasisFor(DirichletPrior prior) {
    return mapBasis != null ? mapBasis : ExpectationMaximisation.MapBasis.defaultFor(prior);
  }

  /** The settings by name, for reports. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("restarts", restarts);
    m.put("maxIterations", maxIterations);
    m.put("tolerancePerDatum", tolerancePerDatum);
    m.put("vbLimitGap", vbLimitGap);
    m.put("configurationLimit", configurationLimit);
    return m;
  }
}
