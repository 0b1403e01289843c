package org.occam.dag;

import org.occam.data.InvalidInputException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How DAG scores are computed. Defaults are Beal's (section 6.4.1): 3 random restarts with the
 * best kept, at most 1000 iterations, stop when the objective changes by less than 10⁻⁶ per datum.
 *
 * @param restarts random initialisations per algorithm (the same initial parameters for EM and VBEM)
 * @param maxIterations the most EM/VBEM iterations per restart
 * @param tolerancePerDatum the convergence threshold per datum
 * @param configurationLimit the most joint configurations of a row's unobserved variables
 * @param mapBasis the MAP basis, or {@code null} for the default (simplex when every λ ≥ 1)
 * @param exactTermLimit the most terms the {@code exact} method may sum (see {@link ExactEvidence})
 * @param ais the settings of the {@code ais} method
 */
public record DagScoreSettings(int restarts, int maxIterations, double tolerancePerDatum, long configurationLimit,
    ExpectationMaximisation.MapBasis mapBasis, double exactTermLimit, DagAnnealingTarget.Settings ais) {
  /** Beal's number of random initialisations. */
  public static final int DEFAULT_RESTARTS = 3;
  /** Beal's iteration limit. */
  public static final int DEFAULT_MAX_ITERATIONS = 1000;
  /** Beal's convergence threshold per datum. */
  public static final double DEFAULT_TOLERANCE_PER_DATUM = 1e-6;

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
        exactTermLimit, newAis);
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
    m.put("configurationLimit", configurationLimit);
    return m;
  }
}
