package org.occam.cli;

import org.occam.dag.DagScoreSettings;
import org.occam.dag.ExpectationMaximisation;
import org.occam.dag.HiddenStateEnumeration;
import picocli.CommandLine.Option;

/** The options shared by the DAG scoring commands (defaults: Beal, section 6.4.1). */
public final class DagScoreOptions {
  @Option(names = "--restarts", paramLabel = "R", defaultValue = "3",
      description = "Random initialisations of EM and VBEM, best kept (default: ${DEFAULT-VALUE}).")
  int restarts;

  @Option(names = "--max-iterations", paramLabel = "N", defaultValue = "1000",
      description = "Iteration limit per EM/VBEM run (default: ${DEFAULT-VALUE}).")
  int maxIterations;

  @Option(names = "--tolerance", paramLabel = "T", defaultValue = "1e-6",
      description = "Stop when the objective changes by less than T per datum (default: ${DEFAULT-VALUE}).")
  double tolerance;

  @Option(names = "--configuration-limit", paramLabel = "C", defaultValue = "1048576",
      description = "Refuse rows whose unobserved variables have more joint configurations (default: 2^20).")
  long configurationLimit = HiddenStateEnumeration.DEFAULT_CONFIGURATION_LIMIT;

  @Option(names = "--exact-term-limit", paramLabel = "T", defaultValue = "2e8",
      description = "Method exact with hidden variables sums over completions grouped by distinct row; refuse"
          + " above T terms (default: ${DEFAULT-VALUE}).")
  double exactTermLimit;

  @Option(names = "--map-basis", paramLabel = "B",
      description = "MAP basis: simplex (Beal 6.23, needs every λ >= 1) or softmax (MacKay; any λ)."
          + " Default: simplex when every λ >= 1, else softmax.")
  ExpectationMaximisation.MapBasis mapBasis;

  @Option(names = "--ais-steps", paramLabel = "K", defaultValue = "16384",
      description = "AIS: temperatures of Beal's schedule (default: ${DEFAULT-VALUE}).")
  int aisSteps;

  @Option(names = "--ais-runs", paramLabel = "G", defaultValue = "5",
      description = "AIS: independent runs averaged (default: ${DEFAULT-VALUE}).")
  int aisRuns;

  @Option(names = "--ais-schedule-e", paramLabel = "E", defaultValue = "0.2",
      description = "AIS: e of Beal's schedule tau(k) = e(k/K)/(1 - k/K + e) (default: ${DEFAULT-VALUE}).")
  double aisScheduleE;

  @Option(names = "--ais-proposal", paramLabel = "P", defaultValue = "ROW_SWEEP",
      description = "AIS: ROW_SWEEP (one Dirichlet proposal per CPT row, incremental likelihood) or ALL_AT_ONCE"
          + " (Beal's runs) (default: ${DEFAULT-VALUE}).")
  org.occam.dag.DagAnnealingTarget.Proposal aisProposal;

  @Option(names = "--ais-strength", paramLabel = "A", defaultValue = "10",
      description = "AIS: Dirichlet proposal strength alpha0 in alpha = alpha0 + n*tau/L_j (default: ${DEFAULT-VALUE}).")
  double aisStrength;

  @Option(names = "--ais-fixed-strength", description = "AIS: use a fixed strength alpha = A instead of scaling it with n*tau.")
  boolean aisFixedStrength;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Seed of the random restarts (default: ${DEFAULT-VALUE}).")
  long seed;

  /** The settings these options describe. */
  DagScoreSettings settings() {
    return new DagScoreSettings(restarts, maxIterations, tolerance, configurationLimit, mapBasis, exactTermLimit,
        new org.occam.dag.DagAnnealingTarget.Settings(aisSteps, aisScheduleE, aisRuns, aisProposal, !aisFixedStrength,
            aisStrength));
  }
}
