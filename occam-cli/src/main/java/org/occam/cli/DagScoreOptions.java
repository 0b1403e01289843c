package org.occam.cli;

import org.occam.dag.DagScoreSettings;
import picocli.CommandLine.Option;

/** The options shared by the DAG scoring commands (defaults: Beal, section 6.4.1). */
public final class DagScoreOptions extends DagFitOptions {
  @Option(names = "--restarts", paramLabel = "R|adaptive", defaultValue = "" + DagScoreSettings.DEFAULT_RESTARTS,
      description = "Random initialisations of EM and VBEM, best kept: exactly R, or adaptive: at least "
          + DagScoreSettings.DEFAULT_RESTARTS + ", then more until --restarts-until-best of them reach the best"
          + " objective (within 0.01 nats) or --max-restarts have run; a ranking searches further only the"
          + " structures within --refine-margin of a method's best (default: ${DEFAULT-VALUE}).")
  String restarts;

  @Option(names = "--restarts-until-best", paramLabel = "K",
      defaultValue = "" + DagScoreSettings.DEFAULT_RESTARTS_UNTIL_BEST,
      description = "With --restarts adaptive: stop once K restarts reach the best (default: ${DEFAULT-VALUE}).")
  int restartsUntilBest;

  @Option(names = "--max-restarts", paramLabel = "N", defaultValue = "" + DagScoreSettings.DEFAULT_MAX_RESTARTS,
      description = "With --restarts adaptive: the most restarts (default: ${DEFAULT-VALUE}).")
  int maxRestarts;

  @Option(names = "--refine-margin", paramLabel = "M", defaultValue = "" + DagScoreSettings.DEFAULT_REFINE_MARGIN,
      description = "With --restarts adaptive, when ranking structures: every structure gets "
          + DagScoreSettings.DEFAULT_RESTARTS + " restarts, and those within M nats of a method's best get the"
          + " adaptive rule (default: ${DEFAULT-VALUE}; Infinity: all).")
  double refineMargin;

  /** The settings these options describe. */
  DagScoreSettings settings() {
    return settings(DagScoreSettings.DEFAULT_RESTARTS).withRestartRule("--restarts", restarts, restartsUntilBest,
        maxRestarts, refineMargin);
  }
}
