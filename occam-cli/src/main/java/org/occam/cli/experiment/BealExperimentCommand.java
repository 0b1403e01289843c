package org.occam.cli.experiment;

import org.occam.cli.OptionChecks;

import java.util.List;
import java.util.concurrent.Callable;
import org.occam.dag.DagAnnealingTarget;
import org.occam.dag.DagScoreSettings;
import org.occam.experiments.beal.BealExperiment;
import org.occam.experiments.beal.BealSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code occam experiment beal}: parses the options into {@link BealSettings} and runs
 * {@link BealExperiment} (Beal 2003, sections 6.4–6.5).
 */
@Command(name = "beal", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Reproduce Beal (2003) chapter 6: rank the true structure among all 136 of the class by MAP, BIC,"
        + " BICp, CS, CS-dagger, VB and AIS at 20 nested data set sizes (Tables 6.1, 6.3, 6.4, Figures 6.2, 6.3),"
        + " then repeat without AIS for --instances true parameter sets drawn from the prior (Tables 6.2, 6.5,"
        + " Figures 6.5, 6.9). Writes CSV tables, PNG figures, summary.json and report.md into --out."
        + " The full run takes about an hour on 2 cores (AIS at all sizes is most of it); --quick runs a"
        + " reduced version (3 sizes, 3 instances, short AIS) in well under a minute.",
        "",
        "Each unit (a size of part one, an instance and size of part two) is printed to stderr as it is done and"
            + " kept in --out/partial.jsonl until the outputs are written: --resume continues an interrupted run.",
        "",
        "Example: occam experiment beal --quick --out runs/beal-quick"})
public final class BealExperimentCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin
  ExperimentOptions options;

  @Option(names = "--quick", description = "Reduced run: sizes 40,160,640, 3 instances, AIS with 2 runs of 500 steps "
      + "(explicit options still win).")
  boolean quick;

  @Option(names = "--sizes", paramLabel = "N[,N…]", split = ",",
      description = "Nested data set sizes (default: Beal's 20, 10 … 10240).")
  List<Integer> sizes;

  @Option(names = "--ais-sizes", paramLabel = "N[,N…]", split = ",",
      description = "Sizes of part one that also get AIS (default: all of --sizes; 0 for none).")
  List<Integer> aisSizes;

  @Option(names = "--instances", paramLabel = "I",
      description = "True parameter sets drawn from the prior for part two (default: 106, Beal's; 0 skips part two).")
  Integer instances;

  @Option(names = "--instance-ais", description = "Also run AIS in part two (slow: about a minute per instance and size).")
  boolean instanceAis;

  @Option(names = "--ais-steps", paramLabel = "K", description = "AIS temperatures (default: 16384, Beal's).")
  Integer aisSteps;

  @Option(names = "--ais-runs", paramLabel = "G", description = "AIS runs averaged (default: 5, Beal's).")
  Integer aisRuns;

  @Option(names = "--ais-fixed-strength", description = "AIS: Beal's fixed Dirichlet proposal strength instead of "
      + "alpha0 + n*tau/L_j (see report.md for the comparison).")
  boolean aisFixedStrength;

  @Option(names = "--ais-strength", paramLabel = "A", defaultValue = "" + DagAnnealingTarget.Settings.DEFAULT_STRENGTH,
      description = "AIS: proposal strength alpha (fixed) or alpha0 (scaled) (default: ${DEFAULT-VALUE}).")
  double aisStrength;

  @Option(names = "--compare-strength", description = "At every AIS size, also run AIS with the other proposal "
      + "strength (fixed alpha = A if the main runs scale it, scaled if they are fixed) and compare the two in "
      + "ais-strength.csv and report.md.")
  boolean compareStrength;

  @Option(names = "--restarts", paramLabel = "R", defaultValue = "" + DagScoreSettings.DEFAULT_RESTARTS,
      description = "EM/VBEM random restarts, a number or adaptive (at least 3, then more until 2 reach the best "
          + "value or 30 have run, as --restarts adaptive of dag rank) (default: ${DEFAULT-VALUE}, Beal's).")
  String restarts;

  @Option(names = "--vb-acceleration", paramLabel = "A", defaultValue = DagScoreSettings.DEFAULT_VB_ACCELERATION,
      description = "VBEM's steps: squarem (SQUAREM's jumps) or none (plain, Beal's) (default: ${DEFAULT-VALUE}).")
  String vbAcceleration;

  @Option(names = "--em-acceleration", paramLabel = "A", defaultValue = DagScoreSettings.DEFAULT_EM_ACCELERATION,
      description = "MAP-EM's steps: none (plain, Beal's) or squarem (SQUAREM's jumps) (default: ${DEFAULT-VALUE}).")
  String emAcceleration;

  @picocli.CommandLine.Mixin
  org.occam.cli.EngineOptions engine;

  @Override
  public Integer call() {
    OptionChecks.atLeast("--ais-steps", aisSteps, 1);
    OptionChecks.atLeast("--ais-runs", aisRuns, 1);
    BealSettings settings = new BealSettings(quick, sizes, aisSizes, instances, instanceAis, aisSteps, aisRuns,
        aisFixedStrength, aisStrength, compareStrength, restarts, options.seed, options.threadCount(),
        vbAcceleration, emAcceleration);
    BealExperiment experiment = new BealExperiment(settings).withRunner(engine.runner(options.threadCount()));
    options.run(spec, null, experiment::run);
    return org.occam.cli.EngineOptions.exitCode(spec.commandLine().getErr(), "experiment beal", 0,
        experiment.failures(), BealExperiment.FAILED_RESULTS);
  }
}
