package org.occam.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.occam.io.ModelFormats;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code occam convert IN OUT}: a model file in another format ({@link ModelFormats#convert}). */
@Command(name = "convert", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Write a model file in another format. Each file's extension says its format: Occam JSON (*.json),"
        + " BIF (*.bif), XMLBIF 0.3 (*.xml or *.xmlbif) or UAI (*.uai).",
        "",
        "A DAG converts among all four (UAI BAYES). A Markov network (UAI MARKOV, Occam JSON of type \"markov\", or a"
        + " \"boltzmann\" model with parameters) converts to UAI MARKOV and Occam JSON; it is not a DAG, so BIF and"
        + " XMLBIF refuse it. Notes say what the output format cannot keep: UAI has no names or state labels (they"
        + " read back as x0, x1, … and 0 … k−1), and only Occam JSON keeps hidden flags and priors.",
        "",
        "Example: occam convert asia.bif asia.uai"})
public final class ConvertCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "IN", description = "The model file to read.")
  Path in;

  @Parameters(index = "1", paramLabel = "OUT", description = "The model file to write.")
  Path out;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Override
  public Integer call() {
    ModelFormats.Converted c = ModelFormats.convert(in, out, force);
    var report = spec.commandLine().getOut();
    report.println(c.summary());
    for (String note : c.rendered().notes()) {
      report.println("note: " + note);
    }
    return 0;
  }
}
