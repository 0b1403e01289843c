package org.occam.cli.experiment;

import org.occam.cli.OptionChecks;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.occam.experiments.chenwelling.ChenWellingExperiment;
import org.occam.experiments.chenwelling.ChenWellingSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code occam experiment chen-welling}: parses the options into {@link ChenWellingSettings} and runs
 * {@link ChenWellingExperiment} (Chen &amp; Welling 2013, Figures 1–2, 4, 6 and 7).
 */
@Command(name = "chen-welling", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Reproduce Chen & Welling (2013): the evidence of RBMs by the Laplace family"
        + " against AIS over the parameters (ais-pd), and choosing the number of hidden"
        + " units K by the Laplace evidence and by 10-fold cross-validation.",
        "",
        "Figures 1-2: random RBMs with 10 visible and 5 hidden units, every parameter"
        + " drawn from the prior N(0, 1); exact i.i.d. samples, a data set of size N being"
        + " the first N of one draw per model; K = 1..10 chosen by laplace and by cv;"
        + " mean +- sd of the chosen K against N. The paper used 50 models and up to"
        + " 625K samples; the default here is 10 models with N = 100..625,000 and PCD of"
        + " 2,000 updates (not 10,000) for every Laplace score and cross-validation fold,"
        + " so that this part fits in a quarter of an hour on 2 cores (it trains 10"
        + " Laplace scores and 100 cross-validation folds per model and N, about 80 s per"
        + " model). Figure 1 is the first model at the largest N.",
        "",
        "Figures 4 and 6: the 5 most frequent words of --data; K = 3 with N = 10..1000"
        + " (Figure 4), N = 100 with K = 1..9 (Figure 6). Figure 7: all words, N = 100,"
        + " K = 1..9 for every method and K = 11, 13 for laplace alone. Each data set is a"
        + " random subset of the documents, redrawn (deterministically) until every word"
        + " occurs. Scores: laplace, laplace0, map, ml-bic (each --repeats times, own"
        + " seeds) and ais-pd once, as evidence per document. The paper used the 20"
        + " Newsgroups data, which we do not have: the default data are State of the"
        + " Union chunks. ais-pd runs G = --ais-pd-runs runs of --ais-pd-steps"
        + " temperatures (linear schedule, one HMC move of 10 leapfrog steps each,"
        + " exact log Z). Leave ais-pd out with --methods and compare with another"
        + " score by --reference.",
        "",
        "Every model, subset and score has its own seed derived from --seed, so the"
        + " numbers do not depend on --threads. Writes scores.csv (every score),"
        + " choices.csv, fig-1/2/4/6/7 CSV and PNG, models.csv, subsets.csv, summary.json"
        + " and report.md (how close each method is to ais-pd, whether the paper's"
        + " ordering holds) into --out. --quick runs a reduced version in seconds.",
        "",
        "Each task (a data set, K and run; its scores or its cross-validation) is printed to stderr as it is done"
            + " and kept in --out/partial.jsonl until the outputs are written: --resume continues an interrupted run.",
        "",
        "Example: occam experiment chen-welling --quick --out runs/cw-quick"})
public final class ChenWellingExperimentCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin
  ExperimentOptions options;

  @Option(names = "--quick", description = "Reduced run: parts as asked; 3 models, N = 100,1000, K = 1..6 (Figures "
      + "1-2); N = 10,100,1000 (Figure 4); K = 1..3 (Figure 6); K = 1,2 and laplace at 3 (Figure 7); 2 repeats; PCD "
      + "of 500 updates, 1,000 fine-tuning samples; ais-pd G = 2 runs of 500 steps (explicit options still win).")
  boolean quick;

  @Option(names = "--parts", paramLabel = "LIST", defaultValue = "1-2,4,6,7",
      description = "Which figures to make: 1-2, 4, 6, 7 or all (default: ${DEFAULT-VALUE}).")
  String parts;

  @Option(names = "--data", paramLabel = "D.csv", defaultValue = "data/sotu_chunks100_w100.csv",
      description = "The 0/1 document-by-word matrix of Figures 4, 6 and 7 (default: ${DEFAULT-VALUE}).")
  Path data;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = ChenWellingSettings.DEFAULT_METHODS,
      description = "Scores of Figures 4, 6 and 7 (default: ${DEFAULT-VALUE}).")
  String methods;

  @Option(names = "--reference", paramLabel = "METHOD", defaultValue = "ais-pd",
      description = "The score the others are compared with, one of --methods (default: ${DEFAULT-VALUE}, the "
          + "paper's ground truth).")
  String reference;

  @Option(names = "--repeats", paramLabel = "R",
      description = "Runs of each score but ais-pd per data set and K, each with its own seed (default: 3).")
  Integer repeats;

  @Option(names = "--models", paramLabel = "M", description = "Random RBMs of Figures 1-2 (default: 10; the "
      + "paper: 50).")
  Integer models;

  @Option(names = "--sizes", paramLabel = "N", split = ",",
      description = "Sample sizes of Figures 1-2, >= 10 (default: 100,1000,5000,25000,125000,625000).")
  List<Integer> sizes;

  @Option(names = "--true-hidden", paramLabel = "K", defaultValue = "5",
      description = "Hidden units of the random RBMs (default: ${DEFAULT-VALUE}).")
  int trueHidden;

  @Option(names = "--candidates", paramLabel = "RANGE",
      description = "The K compared in Figures 1-2, e.g. 1..10 (default: 1..10).")
  String candidates;

  @Option(names = "--fig12-pcd-iterations", paramLabel = "T",
      description = "PCD updates for every score and fold of Figures 1-2 (default: 2000).")
  Integer fig12PcdIterations;

  @Option(names = "--fig4-sizes", paramLabel = "N", split = ",",
      description = "Documents of Figure 4 (default: 10,20,50,100,200,500,1000).")
  List<Integer> fig4Sizes;

  @Option(names = "--fig4-hidden", paramLabel = "K", defaultValue = "3",
      description = "Hidden units of Figure 4 (default: ${DEFAULT-VALUE}).")
  int fig4Hidden;

  @Option(names = "--fig6-size", paramLabel = "N", defaultValue = "100",
      description = "Documents of Figure 6 (default: ${DEFAULT-VALUE}).")
  int fig6Size;

  @Option(names = "--fig6-hidden", paramLabel = "RANGE", description = "K of Figure 6 (default: 1..9).")
  String fig6Hidden;

  @Option(names = "--fig7-size", paramLabel = "N", defaultValue = "100",
      description = "Documents of Figure 7 (default: ${DEFAULT-VALUE}).")
  int fig7Size;

  @Option(names = "--fig7-hidden", paramLabel = "RANGE", description = "K of Figure 7, every method (default: 1..9).")
  String fig7Hidden;

  @Option(names = "--fig7-laplace-hidden", paramLabel = "RANGE",
      description = "Further K of Figure 7 for laplace alone (default: 11,13; 'none' for none).")
  String fig7LaplaceHidden;

  @Option(names = "--pcd-iterations", paramLabel = "T",
      description = "PCD updates of Figures 4, 6 and 7 (default: 10000, the library's default).")
  Integer pcdIterations;

  @Option(names = "--ais-pd-runs", paramLabel = "G", description = "ais-pd runs averaged (default: 10; the paper: "
      + "100).")
  Integer aisPdRuns;

  @Option(names = "--ais-pd-steps", paramLabel = "S",
      description = "ais-pd temperatures of the linear schedule (default: 10000, the paper's).")
  Integer aisPdSteps;

  @Override
  public Integer call() {
    OptionChecks.atLeast("--ais-pd-runs", aisPdRuns, 1);
    OptionChecks.atLeast("--ais-pd-steps", aisPdSteps, 1);
    var settings = new ChenWellingSettings(quick, parts, data, methods, reference, repeats, models, sizes, trueHidden,
        candidates, fig12PcdIterations, fig4Sizes, fig4Hidden, fig6Size, fig6Hidden, fig7Size, fig7Hidden,
        fig7LaplaceHidden, pcdIterations, aisPdRuns, aisPdSteps, options.seed, options.threadCount());
    ChenWellingExperiment experiment = new ChenWellingExperiment(settings);
    options.run(spec, data, experiment::run);
    return 0;
  }
}
