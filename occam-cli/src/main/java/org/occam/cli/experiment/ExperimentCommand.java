package org.occam.cli.experiment;

import picocli.CommandLine.Command;

/** {@code occam experiment}: the papers' experiments. */
@Command(name = "experiment", mixinStandardHelpOptions = true,
    description = "Reproduce a paper's experiment: CSV tables, PNG figures and a report.md beside the printed results.",
    subcommands = {BealExperimentCommand.class, PariseWellingExperimentCommand.class,
        ChenWellingExperimentCommand.class, WellingPariseExperimentCommand.class,
        CrfFaqExperimentCommand.class, HiddenLaplaceExperimentCommand.class})
public final class ExperimentCommand implements Runnable {
  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
