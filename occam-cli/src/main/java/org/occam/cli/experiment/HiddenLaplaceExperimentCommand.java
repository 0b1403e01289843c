package org.occam.cli.experiment;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.occam.cli.OptionChecks;
import org.occam.experiments.hiddenlaplace.HiddenLaplaceExperiment;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code occam experiment hidden-laplace}: parses the options into
 * {@link HiddenLaplaceExperiment.Settings} and runs {@link HiddenLaplaceExperiment} (issue 15,
 * point 6a).
 */
@Command(name = "hidden-laplace", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Boltzmann machines with hidden units (Welling & Parise 2006, section 6): map, bic-map,"
        + " laplace-exact and bp-lr against AIS over the parameters, on random models (parameters uniform in"
        + " +-1.5) of five kinds: a 5-node loopy graph with 1 and 2 hidden vertices and RBMs of 4 visible and"
        + " 1, 2, 3 hidden units; a data set of size N is the first N of the model's exact samples. Mean"
        + " |score - AIS| per method against N, as Parise & Welling's Figure 3 (part a). Part b: the 5 most"
        + " frequent words of the first 100 documents of --data with K = 1..5 hidden units and the 100 most"
        + " frequent with K = 1..9, Chen & Welling's laplace beside bp-lr and laplace-exact against ais-pd, with"
        + " bp-lr's contrastive Bethe likelihood beside the exact one at its point.",
        "",
        "Writes scores.csv (every task of part a), fig-a.csv and fig-a.png, fig-b.csv and fig-b-W.png per word set, summary.json and report.md (which approximation"
            + " is closer where, how often A was not positive definite, time) into --out. Each (model, N) has its"
            + " own seed, so the numbers do not depend on --threads; --resume continues an interrupted run.",
        "",
        "Example: occam experiment hidden-laplace --quick --out runs/hl-quick"})
public final class HiddenLaplaceExperimentCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin
  ExperimentOptions options;

  @Option(names = "--quick", description = "Reduced run: 2 models per kind, N = 30 and 300, AIS with K = 300 and"
      + " G = 4, 2 restarts (explicit options still win).")
  boolean quick;

  @Option(names = "--models", paramLabel = "M", description = "Random models per kind (default: 10).")
  Integer models;

  @Option(names = "--sizes", paramLabel = "N", split = ",",
      description = "Data set sizes (default: 10,30,100,300,1000,3000,10000).")
  List<Integer> sizes;

  @Option(names = "--ais-steps", paramLabel = "K", description = "AIS temperatures of Beal's schedule (default: 2000).")
  Integer aisSteps;

  @Option(names = "--ais-runs", paramLabel = "G", description = "AIS runs averaged (default: 10).")
  Integer aisRuns;

  @Option(names = "--restarts", paramLabel = "R", description = "Seeded starts of each MAP fit (default: 5).")
  Integer restarts;

  @Option(names = "--data", paramLabel = "D.csv", defaultValue = "data/sotu_chunks100_w100.csv",
      description = "The document-word file of part b (default: ${DEFAULT-VALUE}).")
  Path data;

  @Option(names = "--hidden-units", paramLabel = "K", split = ",",
      description = "Part b's numbers of hidden units on the 5 words (default: 1,2,3,4,5; --quick: 1,2).")
  List<Integer> hiddenUnits;

  @Option(names = "--wide-hidden-units", paramLabel = "K", split = ",",
      description = "Part b's numbers of hidden units on the 100 words (default: 1,...,9; --quick: none).")
  List<Integer> wideHiddenUnits;

  @Override
  public Integer call() {
    OptionChecks.atLeast("--models", models, 1);
    OptionChecks.atLeast("--ais-steps", aisSteps, 1);
    OptionChecks.atLeast("--ais-runs", aisRuns, 1);
    OptionChecks.atLeast("--restarts", restarts, 1);
    HiddenLaplaceExperiment experiment = new HiddenLaplaceExperiment(HiddenLaplaceExperiment.Settings.of(quick,
        models, sizes, aisSteps, aisRuns, restarts, data, hiddenUnits, wideHiddenUnits, options.seed,
        options.threadCount()));
    options.run(spec, data, experiment::run);
    return 0;
  }
}
