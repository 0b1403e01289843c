package org.occam.cli;

import java.nio.file.Path;
import org.occam.data.Dataset;
import org.occam.io.MrfBinaryData;
import org.occam.io.MrfDiscreteData;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The data options of the MRF structure commands (rank, search): discrete columns, a count column. */
public final class MrfColumnsOptions {
  @Option(names = "--data", required = true, paramLabel = "D.csv",
      description = "CSV with a header; every column but the weight column is a discrete variable. When every"
          + " column has two values it is binary (0/1, or its two values in numeric order, e.g. 1/2) and the graphs"
          + " are Boltzmann machines; otherwise the states are the values seen (numeric order, else first seen; the"
          + " first is the reference) and a graph is its pairwise log-linear model. No missing cells (see"
          + " --complete-cases).")
  Path data;

  @Option(names = "--weight-column", paramLabel = "COL", description = "A column of row counts (e.g. Freq).")
  String weightColumn;

  @Mixin
  DataReadOptions reading;

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  /** The data, every column checked to be binary; warnings and dropped rows are reported on stderr. */
  Dataset read() {
    return DataReadOptions.report(MrfBinaryData.read(data, weightColumn, reading.settings()), data,
        command.commandLine().getErr());
  }

  /** The data: binary columns, or any number of states when some column has more ({@link MrfDiscreteData#readAny}). */
  Dataset readAny() {
    return DataReadOptions.report(MrfDiscreteData.readAny(data, weightColumn, reading.settings()), data,
        command.commandLine().getErr());
  }

  /** The line that describes the data, as read by {@link #readAny}. */
  String describe(Dataset d) {
    return MrfDiscreteData.describeAny(data, d);
  }
}
