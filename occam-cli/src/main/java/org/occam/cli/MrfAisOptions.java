package org.occam.cli;

import org.occam.mrf.MrfAnnealedImportanceSampling;
import org.occam.sampling.AisTarget;
import org.occam.sampling.ParameterSpaceAis;
import picocli.CommandLine.Option;

/**
 * The {@code ais} method's standard-error target for {@code mrf score}: off unless given, so that
 * without it the command computes what it always did.
 */
public final class MrfAisOptions {
  @Option(names = "--ais-target-se", paramLabel = "SE",
      description = "ais: add runs (doubling their number) until the standard error of ln p(D) is at most SE nats,"
          + " or the budget of --ais-max-runs is spent, which the result then says (not converged). Default: no"
          + " target, exactly " + ParameterSpaceAis.Settings.DEFAULT_RUNS + " runs.")
  Double targetStdError;

  @Option(names = "--ais-max-runs", paramLabel = "G",
      description = "ais with --ais-target-se: the most runs in all (default: "
          + ParameterSpaceAis.Settings.DEFAULT_BUDGET_FACTOR + " × " + ParameterSpaceAis.Settings.DEFAULT_RUNS + ").")
  Integer maxRuns;

  /**
   * The AIS settings to score with: null (the method's defaults) without a target, else the
   * defaults with the target and budget. Refuses a budget without a target, which would do nothing.
   */
  ParameterSpaceAis.Settings settings() {
    var defaults = MrfAnnealedImportanceSampling.defaultSettings();
    AisTarget target = AisTarget.of(targetStdError, maxRuns, defaults.runs(), "--ais-target-se", "--ais-max-runs",
        "G = " + defaults.runs());
    return target.target().isEmpty() ? null : target.applyTo(defaults);
  }
}
