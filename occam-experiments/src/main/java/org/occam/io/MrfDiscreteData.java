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
 * The data of the MRF commands on variables with any number of states (the decomposable evidence of
 * {@code mrf rank --methods exact}, the log-linear models of {@code mrf score --generators}): every
 * column but the weight column a discrete variable with the states seen in it (in numeric order when
 * they are integers, else in order of first appearance), complete. The first state of each variable
 * is its reference state in the log-linear coding.
 */
public final class MrfDiscreteData {
  private MrfDiscreteData() {}

  /** Reads and checks the data (at least two columns), failing with a one-line message naming the file. */
  public static CsvDatasetReader.Result read(Path data, String weightColumn, ReadSettings settings) {
    return read(data, weightColumn, settings, 2);
  }

  /** As above with at least {@code minColumns} columns. */
  public static CsvDatasetReader.Result read(Path data, String weightColumn, ReadSettings settings,
      int minColumns) {
    List<ColumnSpec> specs = new ArrayList<>();
    for (String h : CsvDatasetReader.header(data)) {
      if (!h.equals(weightColumn)) {
        specs.add(ColumnSpec.inferred(h));
      }
    }
    if (weightColumn == null) {
      for (ColumnSpec c : specs) {
        if (CsvDatasetReader.looksLikeCounts(c.name())) {
          throw DataFormatException.at(data, 1, 0, "column " + c.name() + " looks like row counts; use --weight-column "
              + c.name() + " (to read it as a variable, give it another name)");
        }
      }
    }
    return read(data, specs, weightColumn, settings, minColumns);
  }

  /** As above, with the columns a model declares (their names and states, in the model's order). */
  public static CsvDatasetReader.Result read(Path data, List<Variable> model, String weightColumn,
      ReadSettings settings) {
    return read(data, model.stream().map(ColumnSpec::of).toList(), weightColumn, settings, 1);
  }

  private static CsvDatasetReader.Result read(Path data, List<ColumnSpec> specs, String weightColumn,
      ReadSettings settings, int minColumns) {
    CsvDatasetReader.Result read = CsvDatasetReader.read(data, specs, java.util.Set.of(), weightColumn, settings);
    Dataset d = read.data();
    if (d.variables().size() < minColumns) {
      throw DataFormatException.at(data, 1, 0, "need at least " + (minColumns == 2 ? "two columns to compare structures"
          : minColumns + " column" + (minColumns == 1 ? "" : "s")) + ", got " + d.variables().size());
    }
    if (d.hasMissing()) {
      CsvDatasetReader.MissingCell m = read.firstMissing();
      throw DataFormatException.at(data, m.line(), m.column(), "a missing cell (" + m.describe() + " in column "
          + m.name() + "): these scores need complete rows; use --complete-cases to drop the rows"
          + " with a missing cell");
    }
    return read;
  }

  /**
   * The data of the MRF structure commands: read as binary columns ({@link MrfBinaryData}: the
   * Boltzmann machine's labels and order) when every column has two values, else with any number of
   * states.
   */
  public static CsvDatasetReader.Result readAny(Path data, String weightColumn, ReadSettings settings) {
    Dataset any = read(data, weightColumn, settings).data();
    return binary(any) ? MrfBinaryData.read(data, weightColumn, settings) : read(data, weightColumn, settings);
  }

  /** The line that describes data read by {@link #readAny}. */
  public static String describeAny(Path data, Dataset d) {
    return binary(d) ? MrfBinaryData.describe(data, d) : describe(data, d);
  }

  private static boolean binary(Dataset d) {
    return d.variables().stream().allMatch(v -> v.cardinality() == 2);
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
