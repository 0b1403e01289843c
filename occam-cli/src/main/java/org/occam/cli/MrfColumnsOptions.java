package org.occam.cli;

import java.nio.file.Path;
import org.occam.data.Dataset;
import org.occam.io.MrfBinaryData;
import picocli.CommandLine.Option;

/** The data options of the MRF structure commands (rank, search): binary columns, a count column. */
public final class MrfColumnsOptions {
  @Option(names = "--data", required = true, paramLabel = "D.csv",
      description = "CSV with a header; every column but the weight column is a binary variable. No missing cells.")
  Path data;

  @Option(names = "--weight-column", paramLabel = "COL", description = "A column of row counts (e.g. Freq).")
  String weightColumn;

  /** The data, every column checked to be binary. */
  Dataset read() {
    return MrfBinaryData.read(data, weightColumn);
  }
}
