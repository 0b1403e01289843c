package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.occam.data.InvalidInputException;
import org.occam.io.PriorRange;
import org.occam.rbm.PersistentContrastiveDivergence;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmLogLikelihood;
import org.occam.report.RbmScoreReport;
import org.occam.report.RbmTrainReport;
import org.occam.report.ResultJson;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code occam rbm train}: one run of persistent contrastive divergence with the given settings, its
 * training time, the trained parameters and their exact log-likelihood.
 */
@Command(name = "train", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Train an RBM with K hidden units by one run of persistent contrastive divergence (PCD, the"
        + " first step of rbm score, which makes three runs and keeps the best) and report the training time, the"
        + " exact log-likelihood of the data (log Z by enumerating the smaller side, when min(V, K) <= "
        + RbmLogLikelihood.MAX_ENUMERATED_UNITS + ") and, with --json, the parameters.", "",
        "The defaults are the paper's: MAP with σ0 = 1, the full data every update, step η0/(1 + t/τ). For"
            + " stochastic maximum likelihood as other libraries run it, give --ml, --batch-size and a constant"
            + " step (--step-decay none).", "",
        "Example: occam rbm train --data docs.csv --hidden 9 --ml --batch-size 100 --pcd-chains 100"
            + " --pcd-iterations 6100 --step-size 0.05 --step-decay none --json out.json"})
public final class RbmTrainCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  RbmDataOptions input;

  @Option(names = "--hidden", required = true, paramLabel = "K", description = "The number of hidden units (>= 1).")
  int hidden;

  @Option(names = "--pcd-iterations", paramLabel = "T", defaultValue = "10000",
      description = "Parameter updates (default: ${DEFAULT-VALUE}).")
  int iterations;

  @Option(names = "--pcd-chains", paramLabel = "M", defaultValue = "100",
      description = "Persistent fantasy chains, never restarted (default: ${DEFAULT-VALUE}).")
  int chains;

  @Option(names = "--pcd-sweeps", paramLabel = "k", defaultValue = "1",
      description = "Block-Gibbs sweeps of every chain per update (default: ${DEFAULT-VALUE}).")
  int sweeps;

  @Option(names = "--batch-size", paramLabel = "B", defaultValue = "full",
      description = "Rows of each update's data term, drawn with replacement in proportion to their counts, or"
          + " full (or 0) for every row every update (default: ${DEFAULT-VALUE}, as in the paper).")
  String batchSize;

  @Option(names = "--step-size", paramLabel = "η0", defaultValue = "0.5",
      description = "The step η0 on the per-row mean gradient (the data rows' mean minus the chains' mean)"
          + " (default: ${DEFAULT-VALUE}).")
  double stepSize;

  @Option(names = "--step-decay", paramLabel = "τ", defaultValue = "2000",
      description = "τ of the step η0/(1 + t/τ) at update t, or none for a constant step η0 (default:"
          + " ${DEFAULT-VALUE}).")
  String stepDecay;

  @Option(names = {"--prior-sigma", "--sigma"}, paramLabel = "σ0",
      description = "σ0 of the prior N(0, σ0² I) on W, α and β: PCD ascends the log posterior (default: 1, as in"
          + " the paper).")
  Double priorSigma;

  @Option(names = "--ml", description = "Maximum likelihood: no prior term in the gradient (not with --prior-sigma).")
  boolean maximumLikelihood;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: the number of cores).")
  Integer threads;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Seed of the run's random stream (initial λ, chains, mini-batches); the same seed gives the"
          + " same numbers on any thread count (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--json", paramLabel = "OUT",
      description = "Write the settings, time, log-likelihood and parameters as JSON; - for standard output.")
  Path json;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Override
  public Integer call() {
    PersistentContrastiveDivergence.Settings settings = settings();
    if (hidden < 1) {
      throw new InvalidInputException("--hidden must be >= 1, got " + hidden);
    }
    int t = Threads.count(threads);
    Outputs outputs = Outputs.check(spec, force, json);
    RbmData d = input.read(spec.commandLine().getErr());
    PrintWriter out = outputs.report();
    RbmTrainReport.describe(out, input.data.toString(), d, hidden, settings, seed, t);

    PersistentContrastiveDivergence.Measured trained;
    try (Progress progress = Progress.start("rbm train", settings.iterations())) {
      trained = d.trainer().trainAndMeasure(hidden, settings, seed, t, RbmLogLikelihood.MAX_ENUMERATED_UNITS,
          progress.listener());
    }
    RbmTrainReport.print(out, trained, d.size());
    if (json != null) {
      outputs.write(json, ResultJson.write(RbmTrainReport.json(
          RbmScoreReport.dataJson(input.data, d, input.incompleteRowsDropped), hidden, trained, d.size(), seed, t)));
    }
    return 0;
  }

  /** The run's settings from the options, each refused with a one-line error naming it. */
  PersistentContrastiveDivergence.Settings settings() {
    OptionChecks.atLeast("--pcd-iterations", iterations, 1);
    OptionChecks.atLeast("--pcd-chains", chains, 1);
    OptionChecks.atLeast("--pcd-sweeps", sweeps, 1);
    OptionChecks.positive("--step-size", stepSize);
    if (maximumLikelihood && priorSigma != null) {
      throw new InvalidInputException("give --ml or --prior-sigma, not both (--ml has no prior)");
    }
    double sigma = maximumLikelihood ? Double.POSITIVE_INFINITY
        : PriorRange.sigma(priorSigma == null ? 1 : priorSigma, "--prior-sigma");
    return PersistentContrastiveDivergence.Settings.defaults().withIterations(iterations).withChains(chains)
        .withGibbsSweepsPerUpdate(sweeps).withBatchSize(parseBatchSize(batchSize))
        .withStepSize(stepSize, parseStepDecay(stepDecay)).withPriorSigma(sigma).withTrace(1, 0);
  }

  /** {@code full} or 0: the full batch (0); otherwise a whole number >= 1. */
  static int parseBatchSize(String s) {
    String t = s.trim().toLowerCase(Locale.ROOT);
    if (t.equals("full")) {
      return 0;
    }
    try {
      int b = Integer.parseInt(t);
      if (b >= 0) {
        return b;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw new InvalidInputException("--batch-size must be full or a whole number >= 0 (0: full), got " + s);
  }

  /** {@code none}: a constant step (τ = +∞); otherwise a finite number > 0. */
  static double parseStepDecay(String s) {
    String t = s.trim().toLowerCase(Locale.ROOT);
    if (t.equals("none")) {
      return Double.POSITIVE_INFINITY;
    }
    try {
      return OptionChecks.positive("--step-decay", Double.parseDouble(t));
    } catch (NumberFormatException e) {
      throw new InvalidInputException("--step-decay must be none or a finite number > 0, got " + s);
    }
  }
}
