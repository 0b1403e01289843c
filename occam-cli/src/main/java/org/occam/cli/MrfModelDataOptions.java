package org.occam.cli;

import java.nio.file.Path;
import java.util.function.Consumer;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.io.BoltzmannModelFile;
import org.occam.io.CommandLineStructures;
import org.occam.io.MrfBinaryData;
import org.occam.mrf.MrfData;
import org.occam.mrf.PairwiseGraph;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The structure and data options of the commands on one Boltzmann machine ({@code mrf score},
 * {@code mrf posterior}): the model file or {@code --edges}, the data, a count column.
 */
public final class MrfModelDataOptions {
  @Option(names = "--model", paramLabel = "M.json",
      description = "The model file (type \"boltzmann\"); parameters in it are not used. Or give --edges.")
  Path model;

  @Option(names = "--edges", paramLabel = "a-b,b-c",
      description = "Instead of --model: the edges, as pairs of the data's column names; every column but the"
          + " weight column is a binary variable (\"\" for no edges).")
  String edges;

  @Option(names = "--data", required = true, paramLabel = "D.csv",
      description = "CSV with a header naming the model's variables; cells are the variables' state labels"
          + " (the two \"states\" a variable lists; otherwise 0/1, -1/1 with \"spins\", or the column's two values"
          + " in numeric order, as mrf rank reads them). No missing cells (see --complete-cases).")
  Path data;

  @Mixin
  DataReadOptions reading;

  @Option(names = "--weight-column", paramLabel = "COL", description = "A column of row counts (e.g. Freq).")
  String weightColumn;

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  /** The structure, the data and the data's statistics for the structure. */
  record Loaded(BoltzmannModelFile.Loaded model, Dataset data, MrfData statistics) {
    PairwiseGraph graph() {
      return model.graph();
    }
  }

  /** Refuses giving the structure both ways or neither, before anything is read. */
  void requireOneStructure() {
    if ((model == null) == (edges == null)) {
      throw new InvalidInputException("give the structure by --model or by --edges"
          + (model == null ? "" : ", not both"));
    }
  }

  /**
   * Reads the structure and the data; {@code beforeData} sees the graph before the data are read
   * when the model file gives it (to refuse infeasible work early).
   */
  Loaded load(Consumer<PairwiseGraph> beforeData) {
    requireOneStructure();
    var err = command.commandLine().getErr();
    BoltzmannModelFile.Loaded m;
    Dataset d;
    if (model != null) {
      m = BoltzmannModelFile.read(model, false);
      beforeData.accept(m.graph());
      d = DataReadOptions.report(MrfBinaryData.read(data, m.columns(), weightColumn, reading.settings()), data, err);
    } else {
      d = DataReadOptions.report(MrfBinaryData.read(data, weightColumn, reading.settings()), data, err);
      m = CommandLineStructures.boltzmann(d.variables(), edges, "--edges");
      beforeData.accept(m.graph());
    }
    return new Loaded(m, d, MrfBinaryData.statistics(m.graph(), d, data));
  }

  /** Where the structure came from, for the report's first line. */
  String source() {
    return model != null ? model.toString() : "--edges " + (edges.isBlank() ? "\"\"" : edges);
  }
}
