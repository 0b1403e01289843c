package org.occam.cli;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.io.BoltzmannModelFile;
import org.occam.math.RandomStreams;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.ExactSampler;
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
    var markov = org.occam.io.ModelFormats.markov(model);
    int[][] x;
    List<Variable> vars;
    if (markov.isPresent()) {
      org.occam.mrf.loglinear.LogLinearModel ll = org.occam.mrf.loglinear.LogLinearModel.of(markov.get().model());
      x = org.occam.mrf.loglinear.LogLinearInference.of(ll.structure()).sample(ll.parameters(), rows,
          RandomStreams.fromSeed(seed));
      vars = ll.structure().variables();
    } else {
      BoltzmannModelFile.Loaded m = BoltzmannModelFile.read(model, true);
      BoltzmannMachine bm = m.model().orElseThrow();
      x = ExactSampler.of(bm).sample(rows, RandomStreams.fromSeed(seed));
      vars = m.variables();
    }
    StringWriter text = new StringWriter();
    try (CSVPrinter p = new CSVPrinter(text, CSVFormat.RFC4180.builder().setRecordSeparator('\n').get())) {
      for (Variable v : vars) {
        p.print(v.name());
      }
      p.println();
      for (int[] row : x) {
        for (int j = 0; j < row.length; j++) {
          p.print(vars.get(j).states().get(row[j]));
        }
        p.println();
      }
    }
    if (outputs.writeQuietly(out, text.toString())) {
      outputs.report().printf("wrote %d rows of %d variables to %s (seed %d)%n", rows, vars.size(), out, seed);
    } else {
      outputs.report().printf("wrote %d rows of %d variables to standard output (seed %d)%n", rows, vars.size(), seed);
    }
    return 0;
  }
}
