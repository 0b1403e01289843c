package org.occam.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.occam.dag.AncestralSampler;
import org.occam.dag.DagModel;
import org.occam.dag.DagStructure;
import org.occam.data.DataFormatException;
import org.occam.data.InvalidInputException;
import org.occam.io.ModelFormats;
import org.occam.io.SampledRows;
import org.occam.math.RandomStreams;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code occam dag sample}: i.i.d. rows from a DAG with parameters. */
@Command(name = "sample", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Draw data from a DAG model with CPTs (ancestral sampling); hidden variables are left out.",
        "", "Example: occam dag sample --model examples/beal-true.json --rows 480 --seed 3 --out d.csv"})
public final class DagSampleCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--model", required = true, paramLabel = "MODEL", description = "A model file with a CPT for every"
      + " variable: Occam JSON (type \"dag\"), BIF, XMLBIF (.xml) or UAI BAYES, by its extension.")
  Path model;

  @Option(names = "--rows", required = true, paramLabel = "N", description = "How many rows to draw.")
  int rows;

  @Option(names = "--seed", required = true, paramLabel = "S", description = "The random seed.")
  long seed;

  @Option(names = "--out", required = true, paramLabel = "D.csv", description = "The CSV file to write; - for standard output.")
  Path out;

  @Option(names = "--include-hidden", description = "Also write the hidden variables' columns (for checking).")
  boolean includeHidden;

  @Option(names = "--renormalise", description = "Divide each CPT row by its sum (for tables printed with rounding).")
  boolean renormalise;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Override
  public Integer call() throws IOException {
    if (rows < 1) {
      throw new InvalidInputException("--rows must be >= 1, got " + rows);
    }
    Outputs outputs = Outputs.check(spec, force, out);
    DagModel m = ModelFormats.readDag(model, renormalise).model();
    double[] theta = m.parameters().orElseThrow(() -> new DataFormatException(model
        + ": the model has no CPTs; sampling needs a \"cpt\" for every variable"));
    DagStructure s = m.structure();
    int[][] z = AncestralSampler.sample(s, theta, rows, RandomStreams.fromSeed(seed));
    int[] cols = includeHidden ? java.util.stream.IntStream.range(0, s.size()).toArray() : s.observedVariables();
    String text = SampledRows.csv(s.variables(), cols, z);
    if (outputs.writeQuietly(out, text)) {
      outputs.report().printf("wrote %d rows of %d variables to %s (seed %d)%n", rows, cols.length, out, seed);
    } else {
      outputs.report().printf("wrote %d rows of %d variables to standard output (seed %d)%n", rows, cols.length, seed);
    }
    return 0;
  }
}
