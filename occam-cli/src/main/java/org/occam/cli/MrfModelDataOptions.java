package org.occam.cli;

import java.nio.file.Path;
import java.util.function.Consumer;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.io.BoltzmannModelFile;
import org.occam.io.CommandLineStructures;
import org.occam.io.LogLinearInput;
import org.occam.io.MrfBinaryData;
import org.occam.mrf.MrfData;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.hidden.HiddenMrfData;
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
      description = "The model file: a Boltzmann machine (JSON type \"boltzmann\"), or a Markov network of factor"
          + " tables (UAI MARKOV, JSON type \"markov\"), scored as the log-linear model its factors' scopes generate;"
          + " parameters in it are not used. Or give --edges or --generators.")
  Path model;

  @Option(names = "--edges", paramLabel = "a-b,b-c",
      description = "Instead of --model: the edges, as pairs of the data's column names; every column but the"
          + " weight column is a binary variable (\"\" for no edges).")
  String edges;

  @Option(names = "--generators", paramLabel = "SPEC",
      description = "Instead of --model or --edges: a hierarchical log-linear model on the data's columns, any"
          + " number of states each, by its generators: \"Class*Survived,Sex*Survived,Age\" or \"A*C*E + A*D*E\""
          + " (\"ACE,ADE\" when every name is one character). Every subset of a generator is a term; each variable's"
          + " first state (the smallest integer, else the first value seen) is its reference, and a term has one"
          + " parameter per combination of non-reference states. Methods: map, bic-ml, bic-map, laplace-exact, ais,"
          + " quadrature (exact inference by enumeration), and bp-lr (loopy BP on the generators: any size).")
  String generators;

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

  /**
   * The structure, the data and the data's statistics for the structure: {@code statistics} for a
   * fully observed model, {@code hiddenStatistics} (else null) for one with hidden variables.
   */
  record Loaded(BoltzmannModelFile.Loaded model, Dataset data, MrfData statistics, HiddenMrfData hiddenStatistics) {
    PairwiseGraph graph() {
      return model.graph();
    }

    boolean hidden() {
      return hiddenStatistics != null;
    }
  }

  /** Refuses giving the structure both ways or neither, before anything is read. */
  void requireOneStructure() {
    int given = (model == null ? 0 : 1) + (edges == null ? 0 : 1) + (generators == null ? 0 : 1);
    if (given != 1) {
      throw new InvalidInputException("give the structure by one of --model, --edges and --generators"
          + (given == 0 ? "" : ", not " + given));
    }
  }

  /** Whether the structure is a log-linear model: --generators, or a Markov network's model file. */
  boolean logLinear() {
    return generators != null || LogLinearInput.markov(model).isPresent();
  }

  /** The log-linear model and its data ({@link LogLinearInput#load}); the reader's warnings on stderr. */
  LogLinearInput.Loaded loadLogLinear() {
    LogLinearInput.Loaded in = LogLinearInput.load(generators == null ? model : null, generators, data, weightColumn,
        reading.settings());
    DataReadOptions.report(in.read(), data, command.commandLine().getErr());
    return in;
  }

  /**
   * Reads the structure and the data; {@code beforeData} sees the graph before the data are read
   * when the model file gives it (to refuse infeasible work early).
   */
  Loaded load(Consumer<PairwiseGraph> beforeData) {
    return load(beforeData, null);
  }

  /**
   * As above; with {@code beforeHidden} non-null the model file may mark variables {@code "hidden":
   * true}, and then {@code beforeHidden} sees the model before the data are read, the data must not
   * name a hidden variable and their missing cells are kept, to be summed out.
   */
  Loaded load(Consumer<PairwiseGraph> beforeData, Consumer<BoltzmannModelFile.Loaded> beforeHidden) {
    requireOneStructure();
    var err = command.commandLine().getErr();
    BoltzmannModelFile.Loaded m;
    Dataset d;
    if (model != null) {
      m = BoltzmannModelFile.read(model, false, beforeHidden != null);
      beforeData.accept(m.graph());
      if (m.hasHidden()) {
        beforeHidden.accept(m);
        d = DataReadOptions.report(MrfBinaryData.read(data, m.columns(), m.hidden(), weightColumn,
            reading.settings(), true), data, err);
        return new Loaded(m, d, null, MrfBinaryData.hiddenStatistics(m, d, data));
      }
      d = DataReadOptions.report(MrfBinaryData.read(data, m.columns(), weightColumn, reading.settings()), data, err);
    } else {
      d = DataReadOptions.report(MrfBinaryData.read(data, weightColumn, reading.settings()), data, err);
      m = CommandLineStructures.boltzmann(d.variables(), edges, "--edges");
      beforeData.accept(m.graph());
    }
    return new Loaded(m, d, MrfBinaryData.statistics(m.graph(), d, data), null);
  }

  /** Where the structure came from, for the report's first line. */
  String source() {
    return model != null ? model.toString() : generators != null ? "--generators \"" + generators + "\""
        : "--edges " + (edges.isBlank() ? "\"\"" : edges);
  }
}
