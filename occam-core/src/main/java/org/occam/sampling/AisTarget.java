package org.occam.sampling;

import java.util.Locale;
import java.util.OptionalDouble;
import org.occam.data.InvalidInputException;

/**
 * A user's request for a standard-error target on an AIS estimate, checked once for every kind of
 * AIS (MRF, RBM {@code ais-pd}, CRF, DAG): absent, or a positive target with a run budget of at
 * least G runs (0 for the default budget). A budget without a target is refused (it would do
 * nothing), and so is a target with a single run (one run has no standard error to compare).
 *
 * @param target the standard error of ln p(D) asked for, in nats; empty for exactly G runs
 * @param maxRuns the budget; 0 for the estimator's default
 */
public record AisTarget(OptionalDouble target, int maxRuns) {
  /** No target: exactly G runs. */
  public static final AisTarget NONE = new AisTarget(OptionalDouble.empty(), 0);

  /**
   * Checks a target and budget as given (either may be null) against G runs.
   *
   * @param names what the user calls the target, the budget and G (e.g. {@code --ais-target-se},
   *     {@code --ais-max-runs}, {@code --ais-runs}), for the messages
   * @throws InvalidInputException naming the option at fault
   */
  public static AisTarget of(Double target, Integer maxRuns, int runs, String targetName, String budgetName,
      String runsName) {
    if (target == null) {
      if (maxRuns != null) {
        throw new InvalidInputException(budgetName + " needs " + targetName + " (without a target AIS makes exactly "
            + runsName + " runs)");
      }
      return NONE;
    }
    if (!(target > 0) || Double.isInfinite(target)) {
      throw new InvalidInputException(targetName + " must be a finite number > 0, got " + target);
    }
    if (runs < 2) {
      throw new InvalidInputException(String.format(Locale.ROOT, "%s must be >= 2 with %s (one run has no standard"
          + " error), got %d", runsName, targetName, runs));
    }
    if (maxRuns != null && maxRuns < runs) {
      throw new InvalidInputException(String.format(Locale.ROOT, "%s must be >= %d (%s), got %d", budgetName, runs,
          runsName, maxRuns));
    }
    return new AisTarget(OptionalDouble.of(target), maxRuns == null ? 0 : maxRuns);
  }

  /** {@code settings} with this target and budget (unchanged without a target). */
  public ParameterSpaceAis.Settings applyTo(ParameterSpaceAis.Settings settings) {
    return target.isEmpty() ? settings : settings.withStdErrorTarget(target.getAsDouble()).withMaxRuns(maxRuns);
  }
}
