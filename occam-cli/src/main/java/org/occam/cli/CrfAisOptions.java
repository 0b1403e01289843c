package org.occam.cli;

import org.occam.crf.CrfSettings;
import org.occam.sampling.AisTarget;
import org.occam.sampling.ParameterSpaceAis;
import picocli.CommandLine.Option;

/** The settings of the CRF {@code ais} score: temperatures, runs, and an optional standard-error target. */
public final class CrfAisOptions {
  @Option(names = "--ais-steps", paramLabel = "K", defaultValue = "" + ParameterSpaceAis.Settings.DEFAULT_STEPS,
      description = "ais: the number of temperatures (default: ${DEFAULT-VALUE}).")
  int steps;

  @Option(names = "--ais-runs", paramLabel = "G", defaultValue = "" + ParameterSpaceAis.Settings.DEFAULT_RUNS,
      description = "ais: independent runs, whose spread gives the standard error (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(names = "--ais-target-se", paramLabel = "SE",
      description = "ais: add runs (doubling their number) until the standard error of ln p(D) is at most SE nats,"
          + " or the budget of --ais-max-runs is spent, which the result then says (not converged). Default: no"
          + " target, exactly --ais-runs runs.")
  Double targetStdError;

  @Option(names = "--ais-max-runs", paramLabel = "G",
      description = "ais with --ais-target-se: the most runs in all (default: "
          + ParameterSpaceAis.Settings.DEFAULT_BUDGET_FACTOR + " × --ais-runs).")
  Integer maxRuns;

  /** {@code settings} with these AIS settings; a budget without a target is refused (it would do nothing). */
  CrfSettings apply(CrfSettings settings) {
    OptionChecks.atLeast("--ais-steps", steps, 1);
    OptionChecks.atLeast("--ais-runs", runs, 1);
    AisTarget target = AisTarget.of(targetStdError, maxRuns, runs, "--ais-target-se", "--ais-max-runs", "--ais-runs");
    return settings.withAis(target.applyTo(settings.ais().withSteps(steps).withRuns(runs)));
  }
}
