package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.occam.data.ColumnSpec;
import org.occam.data.CsvDatasetReader;
import org.occam.data.Dataset;
import org.occam.data.ReadSettings;
import org.occam.report.Tables;
import picocli.CommandLine.Option;

/**
 * How every command that reads a data file reads its cells: {@code --missing} (which cells are
 * missing) and {@code --complete-cases} (drop the rows that have one). One mixin, so that every
 * command says the same thing in its help and reads a file the same way.
 */
public final class DataReadOptions {
  @Option(names = "--missing", paramLabel = "LIST", defaultValue = ReadSettings.DEFAULT_MISSING,
      description = "Comma-separated cell texts that mean a missing cell; an empty item is the empty cell"
          + " (default: \"${DEFAULT-VALUE}\", i.e. NA and the empty cell). Nothing else is missing: add ? or NaN"
          + " here if the file uses them.")
  String missing = ReadSettings.DEFAULT_MISSING;

  @Option(names = "--complete-cases",
      description = "Drop every row with a missing cell (and say how many); without it, rows with missing cells"
          + " are kept where the method can sum them out, and refused where it cannot.")
  boolean completeCases;

  /** The reading settings these options describe. */
  ReadSettings settings() {
    return new ReadSettings(ReadSettings.parseMissing(missing), completeCases);
  }

  /** Reads a data file with these settings, printing the reader's warnings and what was dropped on {@code err}. */
  Dataset read(Path file, List<ColumnSpec> columns, Set<String> hidden, String weightColumn, PrintWriter err) {
    return report(CsvDatasetReader.read(file, columns, hidden, weightColumn, settings()), file, err);
  }

  /** Prints a read's warnings and the rows dropped for missing cells on {@code err}; returns the data. */
  static Dataset report(CsvDatasetReader.Result read, Path file, PrintWriter err) {
    for (String w : read.warnings()) {
      err.println("occam: warning: " + w);
    }
    Dataset d = read.data();
    if (d.incompleteRowsDropped() > 0) {
      err.println("occam: " + file + ": dropped " + d.incompleteRowsDropped() + " row"
          + (d.incompleteRowsDropped() == 1 ? "" : "s") + " with a missing cell (--complete-cases); n = "
          + Tables.number(d.size()) + " left");
    }
    err.flush();
    return d;
  }
}
