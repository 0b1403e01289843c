package org.occam.cli;

import org.occam.dag.DagAnnealingTarget;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.ExactEvidence;
import org.occam.dag.ExpectationMaximisation;
import org.occam.dag.HiddenStateEnumeration;
import org.occam.sampling.AisTarget;
import picocli.CommandLine.Option;

/**
 * The options of DAG scoring shared by every DAG command except the number of EM/VBEM restarts,
 * whose option name differs ({@code --restarts} in {@link DagScoreOptions}, {@code --em-restarts}
 * in {@code dag search}, where {@code --restarts} counts search restarts). Defaults: Beal, section 6.4.1.
 */
class DagFitOptions {
  @Option(names = "--max-iterations", paramLabel = "N", defaultValue = "" + DagScoreSettings.DEFAULT_MAX_ITERATIONS,
      description = "Iteration limit per EM/VBEM run (default: ${DEFAULT-VALUE}).")
  int maxIterations;

  @Option(names = "--tolerance", paramLabel = "T", defaultValue = "" + DagScoreSettings.DEFAULT_TOLERANCE_PER_DATUM,
      description = "EM (and VBEM with --vb-limit-gap 0) stops when its objective changes by less than T per datum"
          + " (default: ${DEFAULT-VALUE}).")
  double tolerance;

  @Option(names = "--vb-limit-gap", paramLabel = "G", defaultValue = "" + DagScoreSettings.DEFAULT_VB_LIMIT_GAP,
      description = "VBEM stops when Aitken's estimate puts its bound within G nats of its limit; 0: stop on"
          + " --tolerance as EM does (Beal) (default: ${DEFAULT-VALUE}).")
  double vbLimitGap;

  @Option(names = "--vb-acceleration", paramLabel = "A", defaultValue = DagScoreSettings.DEFAULT_VB_ACCELERATION,
      description = "VBEM's steps: squarem (SQUAREM's jumps) or none (plain, Beal's) (default: ${DEFAULT-VALUE}).")
  String vbAcceleration;

  @Option(names = "--em-acceleration", paramLabel = "A", defaultValue = DagScoreSettings.DEFAULT_EM_ACCELERATION,
      description = "MAP-EM's steps: none (plain, Beal's) or squarem (SQUAREM's jumps) (default: ${DEFAULT-VALUE}).")
  String emAcceleration;

  @Option(names = "--em-limit-gap", paramLabel = "G", defaultValue = "" + DagScoreSettings.DEFAULT_EM_LIMIT_GAP,
      description = "MAP-EM stops when Aitken's estimate puts its objective within G nats of its limit; 0: stop on"
          + " --tolerance (Beal) (default: ${DEFAULT-VALUE}).")
  double emLimitGap;

  @Option(names = "--configuration-limit", paramLabel = "C", defaultValue = "" + HiddenStateEnumeration.DEFAULT_CONFIGURATION_LIMIT,
      description = "Refuse rows whose unobserved variables have more joint configurations (default: ${DEFAULT-VALUE}).")
  long configurationLimit;

  @Option(names = "--max-em-configurations", paramLabel = "C", defaultValue = "10000000",
      description = "Refuse models whose EM/VBEM iteration sums over more joint configurations of the rows'"
          + " unobserved variables (hidden states, times missing cells' states, over distinct rows), counted before"
          + " any work (default: ${DEFAULT-VALUE}).")
  double maxEmConfigurations;

  @Option(names = "--exact-term-limit", paramLabel = "T", defaultValue = "" + ExactEvidence.DEFAULT_TERM_LIMIT,
      description = "Method exact with hidden variables sums over completions grouped by distinct row; refuse"
          + " above T terms (default: ${DEFAULT-VALUE}).")
  double exactTermLimit;

  @Option(names = "--map-basis", paramLabel = "B",
      description = "MAP basis: simplex (Beal 6.23, needs every λ >= 1) or softmax (MacKay; any λ)."
          + " Default: simplex when every λ >= 1, else softmax.")
  ExpectationMaximisation.MapBasis mapBasis;

  @Option(names = "--ais-steps", paramLabel = "K", defaultValue = "" + DagAnnealingTarget.Settings.DEFAULT_STEPS,
      description = "AIS: temperatures of Beal's schedule (default: ${DEFAULT-VALUE}).")
  int aisSteps;

  @Option(names = "--ais-runs", paramLabel = "G", defaultValue = "" + DagAnnealingTarget.Settings.DEFAULT_RUNS,
      description = "AIS: independent runs averaged (default: ${DEFAULT-VALUE}).")
  int aisRuns;

  @Option(names = "--ais-schedule-e", paramLabel = "E", defaultValue = "" + DagAnnealingTarget.Settings.DEFAULT_SCHEDULE_E,
      description = "AIS: e of Beal's schedule tau(k) = e(k/K)/(1 - k/K + e) (default: ${DEFAULT-VALUE}).")
  double aisScheduleE;

  @Option(names = "--ais-proposal", paramLabel = "P", defaultValue = "ROW_SWEEP",
      description = "AIS: ROW_SWEEP (one Dirichlet proposal per CPT row, incremental likelihood) or ALL_AT_ONCE"
          + " (Beal's runs) (default: ${DEFAULT-VALUE}).")
  DagAnnealingTarget.Proposal aisProposal;

  @Option(names = "--ais-strength", paramLabel = "A", defaultValue = "" + DagAnnealingTarget.Settings.DEFAULT_STRENGTH,
      description = "AIS: Dirichlet proposal strength alpha0 in alpha = alpha0 + n*tau/L_j (default: ${DEFAULT-VALUE}).")
  double aisStrength;

  @Option(names = "--ais-fixed-strength", description = "AIS: use a fixed strength alpha = A instead of scaling it with n*tau.")
  boolean aisFixedStrength;

  @Option(names = "--ais-reverse", description = "AIS: follow each run by a reverse run (tau from 1 back to 0, twice the "
      + "time) and report the reverse estimate and the forward/reverse discrepancy (hysteresis) in the diagnostics.")
  boolean aisReverse;

  @Option(names = "--ais-target-se", paramLabel = "SE",
      description = "AIS: add runs (doubling their number) until the standard error of ln p(y|m) is at most SE nats,"
          + " or the budget of --ais-max-runs is spent, which the result then says (not converged). Default: no"
          + " target, exactly --ais-runs runs.")
  Double aisTargetStdError;

  @Option(names = "--ais-max-runs", paramLabel = "G",
      description = "AIS with --ais-target-se: the most runs in all, at least --ais-runs (default: "
          + DagAnnealingTarget.Settings.DEFAULT_BUDGET_FACTOR + " × --ais-runs).")
  Integer aisMaxRuns;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Seed of the random restarts (default: ${DEFAULT-VALUE}).")
  long seed;

  /** The settings these options describe, with a number of EM/VBEM restarts. */
  DagScoreSettings settings(int restarts) {
    OptionChecks.atLeast("--ais-steps", aisSteps, 1);
    OptionChecks.atLeast("--ais-runs", aisRuns, 1);
    OptionChecks.positive("--ais-schedule-e", aisScheduleE);
    OptionChecks.positive("--ais-strength", aisStrength);
    var ais = new DagAnnealingTarget.Settings(aisSteps, aisScheduleE, aisRuns, aisProposal, !aisFixedStrength,
        aisStrength, aisReverse);
    ais = ais.withTarget(AisTarget.of(aisTargetStdError, aisMaxRuns, aisRuns, "--ais-target-se", "--ais-max-runs",
        "--ais-runs"));
    return new DagScoreSettings(restarts, maxIterations, tolerance, configurationLimit, mapBasis, exactTermLimit, ais)
        .withAccelerations(vbAcceleration, emAcceleration).withLimitGaps(vbLimitGap, emLimitGap);
  }

  /** {@link org.occam.search.WorkLimit#requireEm} at --max-em-configurations: the configurations counted. */
  double requireEmFeasible(String command, org.occam.data.Dataset data, int[] hiddenCardinalities,
      String alternative) {
    return org.occam.search.WorkLimit.requireEm(command, data, hiddenCardinalities, maxEmConfigurations, alternative);
  }
}
