package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.occam.data.InvalidInputException;
import org.occam.rbm.RbmCsvReader;
import org.occam.rbm.RbmData;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The binary data of the {@code rbm} commands: the file, its column and row selections, a count
 * column and how cells are read.
 */
public final class RbmDataOptions {
  @Option(names = "--data", required = true, paramLabel = "D.csv",
      description = "CSV of 0/1 columns with a header (one row per document or case); no missing cells in the"
          + " columns used (see --complete-cases).")
  Path data;

  @Option(names = "--columns", paramLabel = "A,B,…", split = ",",
      description = "Use only these columns, in this order (default: all).")
  List<String> columns;

  @Option(names = "--most-frequent", paramLabel = "M",
      description = "Use only the M columns with the most 1s (Chen & Welling's \"5 most frequent words\").")
  Integer mostFrequent;

  @Option(names = "--rows", paramLabel = "N", description = "Use only the first N rows (default: all).")
  Long rows;

  @Option(names = {"--count-column", "--weight-column"}, paramLabel = "COL",
      description = "A column of row counts (whole numbers).")
  String countColumn;

  @Mixin
  DataReadOptions reading;

  /** Rows of the file left out by --complete-cases in the last {@link #read}. */
  long incompleteRowsDropped;

  /**
   * The data with the column and row selections applied; the rows dropped for a missing cell are
   * said on {@code err}.
   */
  RbmData read(PrintWriter err) {
    if (columns != null && mostFrequent != null) {
      throw new InvalidInputException("give --columns or --most-frequent, not both");
    }
    RbmCsvReader.Selection selection = columns != null ? RbmCsvReader.Selection.named(columns)
        : mostFrequent != null ? RbmCsvReader.Selection.mostFrequent(mostFrequent) : RbmCsvReader.Selection.all();
    RbmCsvReader.Read read = RbmCsvReader.read(data, selection, countColumn, reading.settings());
    RbmData d = read.data();
    incompleteRowsDropped = read.incompleteRowsDropped();
    if (incompleteRowsDropped > 0) {
      err.println("occam: " + data + ": dropped " + incompleteRowsDropped + " row" + (incompleteRowsDropped == 1 ? "" : "s")
          + " with a missing cell (--complete-cases); N = " + d.size() + " left");
      err.flush();
    }
    if (rows != null) {
      if (rows < 1) {
        throw new InvalidInputException("--rows must be >= 1, got " + rows);
      }
      if (rows > d.size()) {
        throw new InvalidInputException("--rows " + rows + " is more than the " + d.size() + " rows of " + data);
      }
      d = d.head(rows);
    }
    return d;
  }
}
