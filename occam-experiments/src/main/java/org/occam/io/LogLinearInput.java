package org.occam.io;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.occam.data.ColumnSpec;
import org.occam.data.CsvDatasetReader;
import org.occam.data.DataFormatException;
import org.occam.data.Dataset;
import org.occam.data.ReadSettings;
import org.occam.data.Variable;

/**
 * Reading data for a general log-linear model ({@code mrf score --generators}): every column but the
 * weight column is a discrete variable with the states seen in it (in numeric order when they are
 * integers, else in order of first appearance); the first state is each variable's reference state.
 */
public final class LogLinearInput {
  private LogLinearInput() {}

  /**
   * Reads the data, failing with a one-line located message on a missing cell (log-linear scores
   * need complete rows) or a column with a single state.
   *
   * @param columns the model's variables as columns (a model file's), or null to infer them
   */
  public static CsvDatasetReader.Result read(Path data, List<ColumnSpec> columns, String weightColumn,
      ReadSettings settings) {
    CsvDatasetReader.Result read = CsvDatasetReader.read(data, columns, Set.of(), weightColumn, settings);
    Dataset d = read.data();
    for (Variable x : d.variables()) {
      if (x.cardinality() < 2) {
        String hint = weightColumn == null && CsvDatasetReader.looksLikeCounts(x.name())
            ? "; if it holds row counts, use --weight-column " + x.name() : "";
        throw DataFormatException.at(data, 1, 0, "column " + x.name() + " has a single value " + x.states()
            + "; a variable needs at least two states" + hint);
      }
    }
    if (d.hasMissing()) {
      CsvDatasetReader.MissingCell m = read.firstMissing();
      throw DataFormatException.at(data, m.line(), m.column(), "a missing cell (" + m.describe() + " in column "
          + m.name() + "): log-linear scores need complete rows; use --complete-cases to drop the rows with a"
          + " missing cell");
    }
    return read;
  }

  /** {@code data FILE: n = …, m distinct rows; A (3 states, reference a), …}. */
  public static String describe(Path data, Dataset d) {
    StringBuilder b = new StringBuilder();
    b.append(String.format(java.util.Locale.ROOT, "data %s: n = %s, %d distinct rows; reference states:", data,
        org.occam.report.Tables.number(d.size()), d.distinctRows()));
    for (Variable v : d.variables()) {
      b.append(' ').append(v.name()).append('=').append(v.states().get(0)).append(" (of ").append(v.cardinality())
          .append(')');
    }
    return b.toString();
  }
}
