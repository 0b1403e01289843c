package org.occam.cli;

import org.occam.crf.CrfSettings;
import org.occam.sampling.ParameterSpaceAis;
import picocli.CommandLine.Option;

/** The settings of the CRF {@code ais} score: temperatures and runs. */
public final class CrfAisOptions {
  @Option(names = "--ais-steps", paramLabel = "K", defaultValue = "" + ParameterSpaceAis.Settings.DEFAULT_STEPS,
      description = "ais: the number of temperatures (default: ${DEFAULT-VALUE}).")
  int steps;

  @Option(names = "--ais-runs", paramLabel = "G", defaultValue = "" + ParameterSpaceAis.Settings.DEFAULT_RUNS,
      description = "ais: independent runs, whose spread gives the standard error (default: ${DEFAULT-VALUE}).")
  int runs;

  /** {@code settings} with these AIS settings. */
  CrfSettings apply(CrfSettings settings) {
    OptionChecks.atLeast("--ais-steps", steps, 1);
    OptionChecks.atLeast("--ais-runs", runs, 1);
    return settings.withAis(settings.ais().withSteps(steps).withRuns(runs));
  }
}
