package org.occam.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.occam.data.ColumnSpec;
import org.occam.data.CsvDatasetReader;
import org.occam.data.DataFormatException;
import org.occam.data.Dataset;
import org.occam.data.ReadSettings;
import org.occam.data.Variable;
import org.occam.report.Tables;

/**
 * The data of the MRF structure commands when only the decomposable evidence scores them
 * ({@code mrf rank --methods exact}): every column but the weight column a discrete variable with
 * the states seen in it (in numeric order when they are integers), complete, at least two of them.
 */
public final class MrfDiscreteData {
  private MrfDiscreteData() {}

  /** Reads and checks the data, failing with a one-line message naming the file. */
  public static CsvDatasetReader.Result read(Path data, String weightColumn, ReadSettings settings) {
    List<ColumnSpec> specs = new ArrayList<>();
    for (String h : CsvDatasetReader.header(data)) {
      if (!h.equals(weightColumn)) {
        specs.add(ColumnSpec.inferred(h));
      }
    }
    CsvDatasetReader.Result read = CsvDatasetReader.read(data, specs, java.util.Set.of(), weightColumn, settings);
    Dataset d = read.data();
    if (d.variables().size() < 2) {
      throw DataFormatException.at(data, 1, 0, "need at least two columns to compare structures, got "
          + d.variables().size());
    }
    if (d.hasMissing()) {
      CsvDatasetReader.MissingCell m = read.firstMissing();
      throw DataFormatException.at(data, m.line(), m.column(), "a missing cell (" + m.describe() + " in column "
          + m.name() + "): the decomposable evidence needs complete rows; use --complete-cases to drop the rows"
          + " with a missing cell");
    }
    return read;
  }

  /** {@code data FILE: n = …, m distinct rows, V variables, states: a 3 (x/y/z), …}. */
  public static String describe(Path data, Dataset d) {
    List<String> states = new ArrayList<>();
    for (Variable x : d.variables()) {
      states.add(x.name() + " " + x.cardinality() + " (" + String.join("/", x.states()) + ")");
    }
    return String.format("data %s: n = %s, %d distinct rows, %d variables, states: %s", data,
        Tables.number(d.size()), d.distinctRows(), d.variables().size(), String.join(", ", states));
  }
}
