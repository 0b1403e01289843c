package org.occam.cli;

import org.occam.dag.DagScoreSettings;
import picocli.CommandLine.Option;

/** The options shared by the DAG scoring commands (defaults: Beal, section 6.4.1). */
public final class DagScoreOptions extends DagFitOptions {
  @Option(names = "--restarts", paramLabel = "R", defaultValue = "" + DagScoreSettings.DEFAULT_RESTARTS,
      description = "Random initialisations of EM and VBEM, best kept (default: ${DEFAULT-VALUE}).")
  int restarts;

  /** The settings these options describe. */
  DagScoreSettings settings() {
    return settings(restarts);
  }
}
