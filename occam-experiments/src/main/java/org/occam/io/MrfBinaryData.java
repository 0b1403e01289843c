package org.occam.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.occam.data.ColumnSpec;
import org.occam.data.CsvDatasetReader;
import org.occam.data.DataFormatException;
import org.occam.data.Dataset;
import org.occam.data.ReadSettings;
import org.occam.data.Variable;
import org.occam.mrf.MrfData;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.hidden.HiddenMrfData;
import org.occam.report.DataJson;
import org.occam.report.Tables;

/**
 * The data of the Boltzmann-machine commands ({@code mrf score}, {@code mrf rank}, {@code mrf search}):
 * a CSV whose columns (but the weight column) are binary variables, complete, at least two of them;
 * its statistics for a graph; a model file's graph over its columns; and how the commands name
 * variables and edges.
 */
public final class MrfBinaryData {
  private MrfBinaryData() {}

  /** Reads and checks the data with the default settings (empty and NA missing, no rows dropped). */
  public static Dataset read(Path data, String weightColumn) {
    return read(data, weightColumn, ReadSettings.defaults()).data();
  }

  /**
   * Reads and checks the data, every column but the weight column a {@link ColumnSpec#binary
   * binary column} (0/1 when the cells are 0/1, else the two values in the data, in numeric order
   * when they are integers), failing with a one-line message naming the file.
   */
  public static CsvDatasetReader.Result read(Path data, String weightColumn, ReadSettings settings) {
    List<ColumnSpec> specs = new ArrayList<>();
    for (String h : CsvDatasetReader.header(data)) {
      if (!h.equals(weightColumn)) {
        specs.add(ColumnSpec.binary(h, BoltzmannModelFile.BINARY_LABELS));
      }
    }
    CsvDatasetReader.Result read = read(data, specs, weightColumn, settings);
    if (read.data().variables().size() < 2) {
      throw DataFormatException.at(data, 1, 0, "need at least two binary columns to compare structures, got "
          + read.data().variables().size());
    }
    return read;
  }

  /**
   * Reads the data as {@code columns} say (a model file's variables), checking that every variable
   * has two states and no cell is missing.
   */
  public static CsvDatasetReader.Result read(Path data, List<ColumnSpec> columns, String weightColumn,
      ReadSettings settings) {
    return read(data, columns, Set.of(), weightColumn, settings, false);
  }

  /**
   * As above for a model with hidden variables: a column named after one is refused (file, line and
   * column), and with {@code allowMissing} missing cells are kept (to be summed out) rather than refused.
   */
  public static CsvDatasetReader.Result read(Path data, List<ColumnSpec> columns, Set<String> hidden,
      String weightColumn, ReadSettings settings, boolean allowMissing) {
    CsvDatasetReader.Result read;
    try {
      read = CsvDatasetReader.read(data, columns, hidden, weightColumn, settings);
    } catch (DataFormatException e) {
      throw withCountHint(e, columns, weightColumn);
    }
    Dataset d = read.data();
    for (Variable x : d.variables()) {
      if (x.cardinality() != 2) {
        String hint = weightColumn == null && CsvDatasetReader.looksLikeCounts(x.name())
            ? "; if it holds row counts, use --weight-column " + x.name() : "";
        throw DataFormatException.at(data, 1, 0, "column " + x.name() + " has " + x.cardinality()
            + " distinct value" + (x.cardinality() == 1 ? " " : "s ") + x.states()
            + "; a Boltzmann machine needs exactly two (declare both labels in a model file)" + hint);
      }
    }
    if (d.hasMissing() && !allowMissing) {
      CsvDatasetReader.MissingCell m = read.firstMissing();
      throw DataFormatException.at(data, m.line(), m.column(), "a missing cell (" + m.describe() + " in column "
          + m.name() + "): Boltzmann-machine scores need complete rows; use --complete-cases to drop the rows"
          + " with a missing cell");
    }
    return read;
  }

  /**
   * The error, with a hint to use {@code --weight-column} when no weight column was given and a
   * column is named like row counts ({@code Freq}, {@code n}, …): its values make it no binary variable.
   */
  private static DataFormatException withCountHint(DataFormatException e, List<ColumnSpec> columns,
      String weightColumn) {
    if (weightColumn != null || e.getMessage().contains("--weight-column")) {
      return e;
    }
    for (ColumnSpec c : columns) {
      if (CsvDatasetReader.looksLikeCounts(c.name())) {
        return new DataFormatException(e.getMessage() + "; if column " + c.name() + " holds row counts, use"
            + " --weight-column " + c.name());
      }
    }
    return e;
  }

  /** {@code data FILE: n = …, m distinct rows, V binary variables, labels of x = 0/x = 1: a 0/1, …}. */
  public static String describe(Path data, Dataset d) {
    List<String> coding = new ArrayList<>();
    for (Variable x : d.variables()) {
      coding.add(x.name() + " " + x.states().get(0) + "/" + x.states().get(1));
    }
    return String.format("data %s: n = %s, %d distinct rows, %d binary variables, labels of x = 0/x = 1: %s", data,
        Tables.number(d.size()), d.distinctRows(), d.variables().size(), String.join(", ", coding));
  }

  /** {@code {"file", "rows", "distinct", "variables": [{"name", "states"}, …]}} for JSON reports. */
  public static Map<String, Object> json(Path data, Dataset d) {
    Map<String, Object> m = DataJson.of(data, d);
    m.put("variables", DataJson.variables(d.variables()));
    return m;
  }

  /** {@code a-b}. */
  public static String edgeName(List<Variable> vars, int[] e) {
    return vars.get(e[0]).name() + "-" + vars.get(e[1]).name();
  }

  /** The edges as {@code a-b c-d …}, or {@code (no edges)}. */
  public static String edges(List<Variable> vars, PairwiseGraph g) {
    if (g.edgeCount() == 0) {
      return "(no edges)";
    }
    List<String> s = new ArrayList<>();
    for (int[] e : g.edges()) {
      s.add(edgeName(vars, e));
    }
    return String.join(" ", s);
  }

  /** The edges as {@code [["a", "b"], …]} for JSON. */
  public static List<List<String>> edgeList(List<Variable> vars, PairwiseGraph g) {
    List<List<String>> out = new ArrayList<>();
    for (int[] e : g.edges()) {
      out.add(List.of(vars.get(e[0]).name(), vars.get(e[1]).name()));
    }
    return out;
  }

  /** The graph of the Boltzmann model file {@code file} over the data's columns, which must be its variables. */
  public static PairwiseGraph graphOf(Path file, List<Variable> vars) {
    BoltzmannModelFile.Loaded m = BoltzmannModelFile.read(file, false);
    List<String> names = vars.stream().map(Variable::name).toList();
    if (!new HashSet<>(m.names()).equals(new HashSet<>(names))) {
      throw new DataFormatException(file + ": its variables " + m.names() + " are not the data's columns " + names);
    }
    int[][] edges = new int[m.graph().edgeCount()][];
    for (int e = 0; e < edges.length; e++) {
      List<String> pair = m.edgeNames().get(e);
      edges[e] = new int[] {names.indexOf(pair.get(0)), names.indexOf(pair.get(1))};
    }
    return new PairwiseGraph(vars.size(), edges);
  }

  /**
   * The data of a model with hidden variables (or missing cells) as the hidden-variable methods take
   * them: each column on the model variable of its name, the hidden variables and missing cells free.
   */
  public static HiddenMrfData hiddenStatistics(BoltzmannModelFile.Loaded model, Dataset d, Path file) {
    List<String> names = model.names();
    int[] columnVertex = new int[d.variables().size()];
    for (int c = 0; c < columnVertex.length; c++) {
      columnVertex[c] = names.indexOf(d.variables().get(c).name());
    }
    try {
      return HiddenMrfData.of(model.graph(), columnVertex, d);
    } catch (IllegalArgumentException e) {
      throw new DataFormatException(file + ": " + e.getMessage());
    }
  }

  /** The data's statistics for the graph, with the data file named in any complaint. */
  public static MrfData statistics(PairwiseGraph graph, Dataset d, Path file) {
    if (d.hasMissing()) {
      throw new DataFormatException(file + ": has missing cells; Boltzmann-machine scores need complete rows"
          + " (use --complete-cases to drop the rows with a missing cell)");
    }
    try {
      return MrfData.of(graph, d);
    } catch (IllegalArgumentException e) {
      throw new DataFormatException(file + ": " + e.getMessage());
    }
  }
}
