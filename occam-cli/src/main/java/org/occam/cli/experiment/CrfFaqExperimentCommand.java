package org.occam.cli.experiment;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.occam.experiments.crffaq.CrfFaqExperiment;
import org.occam.experiments.crffaq.CrfFaqSettings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code occam experiment crf-faq}: parses the options into {@link CrfFaqSettings} and runs
 * {@link CrfFaqExperiment} (Parise &amp; Welling 2006 Figure 5; Welling &amp; Parise, UAI 2006,
 * Figures 6–8 and section 5's predictors) on the newsgroup FAQ data.
 */
@Command(name = "crf-faq", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Linear-chain CRFs on the newsgroup FAQ data (data/faq_sed_lines.tsv and"
        + " data/faq_lsof_lines.tsv): question/answer lines only, cut into 100-line documents (sed's, then"
        + " lsof's), 24 binary line features; labels derived by rules (data/SOURCES.md). A seeded shuffle"
        + " orders the documents: the first N train, the rest are held out.",
        "",
        "Figure 5 (Parise & Welling 2006): 2 documents; nested models adding the 24 state features in a"
        + " seeded order, then the 24 transition features; each scored by map, bic-map, laplace-exact and"
        + " ais (default 10^4 temperatures, G = 10, as Occam's ais: about 15 CPU seconds per model, measured;"
        + " the bulk of the run's time); log evidence per line against the number of features, and whether Laplace-Exact agrees"
        + " with AIS much more closely than MAP and BIC-MAP.",
        "",
        "Figures 6-8 (Welling & Parise 2006): the 48-parameter model on N = 10,20,30,40,48 training"
        + " documents; posterior draws by bl-mp and lv-cd scored by the Cramer-von Mises score against a"
        + " Metropolis-Hastings ground truth (mh, exact likelihood, as the paper's; warm-up 2000, at most"
        + " 120000 transitions per chain for its autocorrelation time of ~360) per N, and hmc (exact"
        + " gradients) against mh as a check of the truth; one set of 1000 draws over 4 chains per method"
        + " and N (bl-mp, lv-cd, hmc: warm-up 300, at most 10000 transitions per chain, which caps lv-cd);"
        + " worst and best marginal histograms at the smallest and largest N.",
        "",
        "Prediction: label error on the held-out documents of map, g, vote, weighted-vote and super-graph"
        + " trained on the largest N (the paper: about 1.5%% for MAP on its FAQ files).",
        "",
        "Writes fig-5..8 CSV and PNG, prediction.csv, documents.csv, summary.json and report.md (each result"
        + " beside the paper's claim) into --out. The full run is sized to stay under 30 minutes on 2 cores;"
        + " --quick (2 inputs in Figure 5, 200 AIS temperatures x 2 runs, 8 parameters, N = 4,8, 100 draws,"
        + " 6 held-out documents) under a minute. The parts are not journalled: --resume runs the whole"
        + " experiment again.",
        "",
        "Example: occam experiment crf-faq --quick --out runs/faq-quick"})
public final class CrfFaqExperimentCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin
  ExperimentOptions options;

  @Option(names = "--quick", description = "Reduced run, under a minute (explicit options still win).")
  boolean quick;

  @Option(names = "--data", paramLabel = "DIR", defaultValue = "data",
      description = "Folder holding faq_sed_lines.tsv and faq_lsof_lines.tsv (default: ${DEFAULT-VALUE}).")
  Path data;

  @Option(names = "--sizes", paramLabel = "N", split = ",",
      description = "Training set sizes N of Figure 6 (default: the paper's 10,20,30,40,48).")
  List<Integer> sizes;

  @Option(names = "--ais-steps", paramLabel = "K", description = "AIS temperatures per run in Figure 5 (default: "
      + "10000; each of the 48 models costs about K x G x 10 gradients on 200 lines, about 0.015 ms each).")
  Integer aisSteps;

  @Option(names = "--ais-runs", paramLabel = "G", description = "AIS runs per model in Figure 5 (default: 10).")
  Integer aisRuns;

  @Option(names = "--draws", paramLabel = "D", description = "Posterior draws per sample set in Figures 6-8 "
      + "(default: 1000 over 4 chains).")
  Integer draws;

  @Override
  public Integer call() {
    var settings = new CrfFaqSettings(quick, data, sizes, aisSteps, aisRuns, draws, options.seed,
        options.threadCount());
    CrfFaqExperiment experiment = new CrfFaqExperiment(settings);
    options.run(spec, null, experiment::run);
    return 0;
  }
}
