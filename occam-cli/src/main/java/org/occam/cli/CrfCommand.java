package org.occam.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code occam crf …}: linear-chain conditional random fields over binary labels. */
@Command(name = "crf", mixinStandardHelpOptions = true,
    subcommands = {CrfTrainCommand.class, CrfScoreCommand.class, CrfRankCommand.class, CrfPredictCommand.class,
        CrfPosteriorCommand.class},
    description = {
        "Linear-chain CRFs over binary labels t_i = -1/+1, p(t | x, λ) ∝ exp(λᵀ f(t, x)), with state features"
            + " t_i·g_a(x_i) and transition features t_i·t_{i+1}·g_a(x_i) (Parise & Welling, NIPS 2006, section 3;"
            + " Welling & Parise, UAI 2006, section 5).",
        "",
        "train: λMP; score: the evidence (map, bic-map, laplace-exact, ais); rank: a nested sequence of models;"
            + " predict: Bayesian prediction of test labels; posterior: posterior samplers compared.",
        "",
        "Data: one row per position (CSV, or TSV for .tsv), a label column, numeric inputs; sequences by"
            + " --sequence-column or --chunk L. The prior is N(0, σ0² I) on λ, σ0 = 1 by default."})
public final class CrfCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
