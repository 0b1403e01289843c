package org.occam.cli.experiment;

import org.occam.cli.OptionChecks;

import java.util.List;
import java.util.concurrent.Callable;
import org.occam.experiments.parisewelling.PariseWellingExperiment;
import org.occam.experiments.parisewelling.PariseWellingSettings;
import org.occam.sampling.ParameterSpaceAis;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code occam experiment parise-welling}: parses the options into {@link PariseWellingSettings} and
 * runs {@link PariseWellingExperiment} (Parise &amp; Welling 2006, section 4.1). The help text states
 * the choices the paper leaves open.
 */
@Command(name = "parise-welling", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Reproduce Parise & Welling (2006) section 4.1: Laplace-family scores of"
        + " Boltzmann machines on 5 nodes against AIS. 50 random structures (each of the"
        + " 10 possible edges present with probability 1/2), 6 true parameter sets per"
        + " structure (biases U[-1,1]; weights uniform on [-d-e,-d] u [d,d+e], e = 0.1/4,"
        + " d in {0.1,0.2,0.5,1,1.5,2}/4, on 0/1 variables as in the paper's appendix A),"
        + " 10000 exact samples per model; a data set of size N is the first N samples.",
        "",
        "Figure 1: score/N along a nested sequence around one true model (d = 0.5/4,"
        + " the first structure with --true-edges edges): the empty graph, the true edges"
        + " added one at a time in random order, then the false edges (0..10 edges), at"
        + " the smallest and the largest N, AIS with +-1 standard error over G runs."
        + " Figure 2: mean |score - AIS|/N per number of edges over --sequences such"
        + " sequences around the same model. Figure 3: mean |score - AIS|/N of the true"
        + " structure over the 50 models with d = 0.5/4 against N (--sizes). Figure 4:"
        + " the same over the 50 models of each d at the largest N.",
        "",
        "AIS (HMC over the parameters, exact log Z, K temperatures of Beal's schedule,"
        + " G runs) runs only on the (structure, data) pairs the figures need, about 700"
        + " with the defaults. Each pair is also scored with map, bic-ml, bic-map, bp-lr,"
        + " bp-lr-exactgrad, laplace-exact and laplace-lr (exact lambda_MP and log Z,"
        + " linear-response C: BP-LR-ExactGrad with the exact log Z). Pairs run in"
        + " parallel, each with its own seed, so the numbers do not depend on --threads."
        + " The full run needs about 4 minutes of 2 idle cores (it took 5.5 to 7.5"
        + " minutes while other jobs shared them); --quick runs in seconds.",
        "",
        "Writes scores.csv (every pair), fig-1..4 CSV and PNG, models.csv,"
        + " sequences.csv, summary.json and report.md (the paper's findings, each"
        + " checked against this run's numbers) into --out.",
        "",
        "Each (structure, data) pair is printed to stderr as it is scored and kept in --out/partial.jsonl until the"
            + " outputs are written: --resume continues an interrupted run.",
        "",
        "Example: occam experiment parise-welling --quick --out runs/pw-quick"})
public final class PariseWellingExperimentCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin
  ExperimentOptions options;

  @Option(names = "--quick", description = "Reduced run: 3 structures, sizes 50,300,2000, 3 sequences, AIS with "
      + "G = 3 runs of K = 500 steps (explicit options still win).")
  boolean quick;

  @Option(names = "--structures", paramLabel = "S", description = "Random structures (default: 50, the paper's).")
  Integer structures;

  @Option(names = "--sizes", paramLabel = "N", split = ",", description = "Data set sizes N of Figure 3; "
      + "Figures 1 and 2 use the smallest and the largest, Figure 4 the largest, which is also the number of "
      + "samples drawn per model (default: 50,100,300,1000,3000,10000).")
  List<Integer> sizes;

  @Option(names = "--strengths", paramLabel = "D", split = ",",
      description = "Edge strengths d times 4 (default: the paper's 0.1,0.2,0.5,1.0,1.5,2.0).")
  List<Double> strengths;

  @Option(names = "--sequence-strength", paramLabel = "D", defaultValue = "0.5",
      description = "d times 4 of the models of Figures 1-3; one of --strengths (default: ${DEFAULT-VALUE}).")
  double sequenceStrength;

  @Option(names = "--sequences", paramLabel = "Q", description = "Random nested sequences of Figure 2 "
      + "(default: 50, the paper's); Figure 1 shows the first.")
  Integer sequences;

  @Option(names = "--true-edges", paramLabel = "E", defaultValue = "6", description = "Edges of the true structure "
      + "of Figures 1 and 2: the first structure with this many, else the closest (default: ${DEFAULT-VALUE}, the "
      + "paper's).")
  int trueEdges;

  @Option(names = "--ais-steps", paramLabel = "K",
      description = "AIS temperatures of Beal's schedule (default: " + ParameterSpaceAis.Settings.DEFAULT_STEPS
          + ").")
  Integer aisSteps;

  @Option(names = "--ais-runs", paramLabel = "G", description = "AIS runs averaged (default: "
      + ParameterSpaceAis.Settings.DEFAULT_RUNS + ", the paper's).")
  Integer aisRuns;

  @Override
  public Integer call() {
    OptionChecks.atLeast("--ais-steps", aisSteps, 1);
    OptionChecks.atLeast("--ais-runs", aisRuns, 1);
    var settings = new PariseWellingSettings(quick, structures, sizes, strengths, sequenceStrength, sequences,
        trueEdges, aisSteps, aisRuns, options.seed, options.threadCount());
    PariseWellingExperiment experiment = new PariseWellingExperiment(settings);
    options.run(spec, null, experiment::run);
    return 0;
  }
}
