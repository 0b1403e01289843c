package org.occam.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.io.SampledRows;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code occam mrf sample}: independent exact rows from a Boltzmann machine with parameters. */
@Command(name = "sample", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Draw exact samples from a Boltzmann machine with parameters, or from a Markov network of factor"
        + " tables (UAI MARKOV, JSON type \"markov\"; by enumeration or forward sampling through a junction tree,"
        + " whichever is cheaper); write them as CSV.", "",
        "Independent exact rows (forward sampling"
            + " through a junction tree, so any graph whose cliques stay small, e.g. a 10×10 grid). Cells are the"
            + " variables' labels: 0/1, -1/1 with \"spins\": true, or the declared \"states\".", "",
        "Example: occam mrf sample --model bm.json --rows 10000 --seed 1 --out d.csv"})
public final class MrfSampleCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--model", required = true, paramLabel = "M.json",
      description = "A model file: JSON type \"boltzmann\" with \"parameters\" (biases and a weight for every edge),"
          + " JSON type \"markov\", or UAI MARKOV.")
  Path model;

  @Option(names = "--rows", required = true, paramLabel = "N", description = "How many rows to draw.")
  int rows;

  @Option(names = "--seed", required = true, paramLabel = "S", description = "The random seed.")
  long seed;

  @Option(names = "--out", required = true, paramLabel = "D.csv", description = "The CSV file to write; - for standard output.")
  Path out;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Override
  public Integer call() throws IOException {
    if (rows < 1) {
      throw new InvalidInputException("--rows must be >= 1, got " + rows);
    }
    Outputs outputs = Outputs.check(spec, force, out);
    SampledRows.Sample sample = SampledRows.mrf(model, rows, seed);
    List<Variable> vars = sample.variables();
    String text = SampledRows.csv(vars, java.util.stream.IntStream.range(0, vars.size()).toArray(), sample.rows());
    if (outputs.writeQuietly(out, text)) {
      outputs.report().printf("wrote %d rows of %d variables to %s (seed %d)%n", rows, vars.size(), out, seed);
    } else {
      outputs.report().printf("wrote %d rows of %d variables to standard output (seed %d)%n", rows, vars.size(), seed);
    }
    return 0;
  }
}
