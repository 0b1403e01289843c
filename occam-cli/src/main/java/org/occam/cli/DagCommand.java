package org.occam.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code occam dag …}: discrete directed graphs with hidden variables. */
@Command(name = "dag", mixinStandardHelpOptions = true,
    subcommands = {DagScoreCommand.class, DagRankCommand.class, DagSearchCommand.class, DagSelectCommand.class,
        DagSampleCommand.class},
    description = {
        "Discrete DAGs with hidden variables (Beal 2003, chapter 6).",
        "",
        "Scores: exact (small data), map, bic, bicp, cs, cs-dagger, vb, ais (annealed importance sampling). BIC, BICp, CS and VB get the alias"
        + " correction ln S (relabelled hidden states and symmetric hidden variables); CS† adds (d' − d)/2 ln n"
        + " with the dimensions d, d' estimated by Beal's Algorithm 6.2. The JSON also gives"
        + " the uncorrected value. MAP is a reference, not an evidence estimate."})
public final class DagCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
