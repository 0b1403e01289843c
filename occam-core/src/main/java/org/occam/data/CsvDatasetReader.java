package org.occam.data;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Reads a CSV file with a header row into a {@link Dataset}, streaming: records go one at a time
 * into a table of distinct rows with their summed weights, so memory grows with the number of
 * distinct rows, not of rows. Cells are mapped to states by each column's {@link ColumnSpec}
 * (strictly for declared states); the cells {@link ReadSettings} lists (by default empty and
 * {@code NA}) are missing. An optional weight column holds non-negative counts (e.g. a
 * contingency table's {@code Freq}). Every problem is reported as a one-line
 * {@link DataFormatException} naming the file, line and column of the cell at fault.
 *
 * <pre>{@code
 * Dataset d = CsvDatasetReader.read(Path.of("d.csv"),
 *     List.of(ColumnSpec.count("y1", 5), ColumnSpec.labels("sex", List.of("m", "f"))),
 *     Set.of("h1"), null);
 * }</pre>
 */
public final class CsvDatasetReader {
  /** Column names that usually hold row counts rather than a variable. */
  private static final Pattern COUNT_LIKE =
      Pattern.compile("(?i)freq|freqs|frequency|frequencies|count|counts|n|num|number|weight|weights|w|wt|wgt");

  private CsvDatasetReader() {}

  /**
   * A data set as read, with what the reader noticed but did not refuse.
   *
   * @param data the data set
   * @param warnings one-line notes for the user (a declared column with only missing cells, a
   *     column that looks like row counts)
   * @param firstMissing the first missing cell read (kept or dropped), or null when none is
   */
  public record Result(Dataset data, List<String> warnings, MissingCell firstMissing) {
    public Result {
      warnings = List.copyOf(warnings);
    }
  }

  /** Where a missing cell is: its line, its 1-based column, its column's name and its text. */
  public record MissingCell(long line, int column, String name, String text) {
    /** {@code 'NA'} or {@code an empty cell}. */
    public String describe() {
      return text.isEmpty() ? "an empty cell" : "'" + text + "'";
    }
  }

  /**
   * The names in the header of a CSV file (its first non-blank record).
   *
   * @throws DataFormatException when the file cannot be read or is empty
   */
  public static List<String> header(Path file) {
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String[] head = new CsvRecordReader(in, file).next();
      if (head == null) {
        throw DataFormatException.at(file, 1, 0, "empty file: expected a header row naming the columns");
      }
      return List.of(head);
    } catch (IOException e) {
      throw DataFormatException.reading(file, e);
    }
  }

  /** {@link #read(Path, List, Set, String, ReadSettings)} with the default settings, warnings dropped. */
  public static Dataset read(Path file, List<ColumnSpec> columns, Set<String> hiddenNames, String weightColumn) {
    return read(file, columns, hiddenNames, weightColumn, ReadSettings.defaults()).data();
  }

  /**
   * @param file the CSV file (UTF-8)
   * @param columns the observed variables expected as columns, in the order wanted in the
   *     dataset; {@code null} takes every column but the weight column, with inferred states
   * @param hiddenNames names of hidden variables, which must not appear as columns
   * @param weightColumn the name of the count column, or {@code null}
   * @param settings the missing-cell markers and whether incomplete rows are dropped
   */
  public static Result read(Path file, List<ColumnSpec> columns, Set<String> hiddenNames, String weightColumn,
      ReadSettings settings) {
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return read(in, file, columns, hiddenNames, weightColumn, settings);
    } catch (IOException e) {
      throw DataFormatException.reading(file, e);
    }
  }

  /**
   * Reads CSV text from {@code in} (not closed here); {@code file} only names it in messages.
   *
   * @throws IOException if {@code in} cannot be read
   */
  public static Result read(Reader in, Path file, List<ColumnSpec> columns, Set<String> hiddenNames,
      String weightColumn, ReadSettings settings) throws IOException {
    CsvRecordReader records = new CsvRecordReader(in, file);
    String[] head = records.next();
    if (head == null) {
      throw DataFormatException.at(file, 1, 0, "empty file: expected a header row naming the columns");
    }
    long headerLine = records.line();
    List<String> header = Arrays.asList(head);
    Layout layout = layout(file, headerLine, header, columns, hiddenNames, weightColumn);
    int p = layout.specs.size();
    Column[] readers = new Column[p];
    for (int v = 0; v < p; v++) {
      readers[v] = new Column(layout.specs.get(v), layout.position[v] + 1, settings, weightColumn == null);
    }
    Map<RowKey, double[]> table = new LinkedHashMap<>();
    int[] scratch = new int[p];
    RowKey probe = new RowKey(scratch);
    long dataRows = 0;
    long dropped = 0;
    long weightedRows = 0;
    boolean anyObserved = false;
    MissingCell firstMissing = null;
    for (String[] cells = records.next(); cells != null; cells = records.next()) {
      long line = records.line();
      if (cells.length != header.size()) {
        throw DataFormatException.at(file, line, 0,
            "expected " + header.size() + " cells as in the header, found " + cells.length);
      }
      dataRows++;
      boolean incomplete = false;
      for (int v = 0; v < p; v++) {
        String s = cells[layout.position[v]];
        if (settings.isMissing(s)) {
          scratch[v] = Dataset.MISSING;
          incomplete = true;
          if (firstMissing == null) {
            firstMissing = new MissingCell(line, layout.position[v] + 1, layout.specs.get(v).name(), s);
          }
        } else {
          scratch[v] = readers[v].state(file, line, s);
          anyObserved = true;
        }
      }
      double w = 1;
      if (layout.weightAt >= 0) {
        w = weight(file, line, layout.weightAt, weightColumn, cells[layout.weightAt]);
      }
      if (incomplete && settings.completeCases()) {
        dropped++;
        continue;
      }
      if (w == 0) {
        continue;
      }
      weightedRows++;
      probe.rehash();
      double[] sum = table.get(probe);
      if (sum == null) {
        table.put(new RowKey(scratch.clone()), new double[] {w});
      } else {
        sum[0] += w;
      }
    }
    if (dataRows == 0) {
      throw DataFormatException.at(file, headerLine + 1, 0, "no data rows after the header");
    }
    if (!anyObserved && p > 0) {
      throw DataFormatException.at(file, headerLine + 1, 0, "every cell is missing, in all " + dataRows + " data"
          + " line(s) from here (missing cells: " + settings.describeMissing() + "): there is nothing to score");
    }
    List<String> warnings = new ArrayList<>();
    List<Variable> variables = new ArrayList<>(p);
    int[][] remap = new int[p][];
    for (int v = 0; v < p; v++) {
      Column col = readers[v];
      if (!col.observed) {
        if (col.spec.kind() == ColumnSpec.Kind.INFERRED || col.spec.kind() == ColumnSpec.Kind.BINARY) {
          throw DataFormatException.at(file, headerLine, col.column, "column " + col.spec.name()
              + " has only missing cells; its states cannot be inferred: declare them");
        }
        warnings.add(file + ": column " + col.spec.name() + " has only missing cells (missing cells: "
            + settings.describeMissing() + ")");
      }
      variables.add(col.variable(file, headerLine));
      remap[v] = col.remap;
    }
    if (weightColumn == null) {
      String hint = countLikeColumn(readers);
      if (hint != null) {
        warnings.add(file + ": column " + hint + " looks like row counts; if it is, use --weight-column " + hint);
      }
    }
    if (table.isEmpty()) {
      if (dropped > 0) {
        throw DataFormatException.at(file, headerLine + 1, 0, "every row has a missing cell, in all " + dataRows
            + " data line(s) from here (missing cells: " + settings.describeMissing() + "), so complete-case"
            + " analysis leaves nothing");
      }
      throw DataFormatException.at(file, headerLine + 1, layout.weightAt + 1, "all rows have weight 0 in column " + weightColumn
          + ", in all " + dataRows + " data line(s) from here: nothing to score");
    }
    int[][] rows = new int[table.size()][];
    double[] weights = new double[table.size()];
    int r = 0;
    for (var e : table.entrySet()) {
      int[] row = e.getKey().row();
      for (int v = 0; v < p; v++) {
        if (remap[v] != null && row[v] != Dataset.MISSING) {
          row[v] = remap[v][row[v]];
        }
      }
      rows[r] = row;
      weights[r] = e.getValue()[0];
      r++;
    }
    Dataset d = Dataset.of(variables, rows, weights);
    if (dropped > 0) {
      d = d.withIncompleteRowsDropped(dropped);
    }
    return new Result(d, warnings, firstMissing);
  }

  /** Where each wanted variable and the weight are in the file. */
  private record Layout(List<ColumnSpec> specs, int[] position, int weightAt) {}

  private static Layout layout(Path file, long headerLine, List<String> header, List<ColumnSpec> columns,
      Set<String> hiddenNames, String weightColumn) {
    Map<String, Integer> position = new HashMap<>();
    for (int c = 0; c < header.size(); c++) {
      String h = header.get(c);
      if (h.isEmpty()) {
        throw DataFormatException.at(file, headerLine, c + 1, "empty column name in the header");
      }
      if (position.put(h, c) != null) {
        throw DataFormatException.at(file, headerLine, c + 1, "duplicate column '" + h + "'");
      }
      if (hiddenNames != null && hiddenNames.contains(h)) {
        throw DataFormatException.at(file, headerLine, c + 1, "column '" + h
            + "' is a hidden variable of the model; hidden variables have no data column");
      }
    }
    int weightAt = -1;
    if (weightColumn != null) {
      Integer w = position.get(weightColumn);
      if (w == null) {
        throw DataFormatException.at(file, headerLine, 0, "no weight column '" + weightColumn + "' in the header "
            + header);
      }
      weightAt = w;
    }
    List<ColumnSpec> specs = new ArrayList<>();
    if (columns == null) {
      for (String h : header) {
        if (!h.equals(weightColumn)) {
          specs.add(ColumnSpec.inferred(h));
        }
      }
    } else {
      Set<String> expected = new TreeSet<>();
      for (ColumnSpec s : columns) {
        expected.add(s.name());
        if (!position.containsKey(s.name())) {
          throw DataFormatException.at(file, headerLine, 0, "no column for observed variable '" + s.name()
              + "'; the header has " + header);
        }
        if (s.name().equals(weightColumn)) {
          throw DataFormatException.at(file, headerLine, position.get(s.name()) + 1, "column '" + s.name()
              + "' is both a variable and the weight column");
        }
      }
      for (int c = 0; c < header.size(); c++) {
        String h = header.get(c);
        if (!expected.contains(h) && c != weightAt) {
          throw DataFormatException.at(file, headerLine, c + 1, "column '" + h
              + "' is not an observed variable of the model (expected " + expected
              + (weightColumn == null ? "; if it holds row counts, use --weight-column " + h : "") + ")");
        }
      }
      specs.addAll(columns);
    }
    int[] at = new int[specs.size()];
    for (int v = 0; v < at.length; v++) {
      at[v] = position.get(specs.get(v).name());
    }
    return new Layout(specs, at, weightAt);
  }

  private static double weight(Path file, long line, int weightAt, String weightColumn, String s) {
    double w;
    try {
      w = Double.parseDouble(s);
    } catch (NumberFormatException e) {
      throw DataFormatException.at(file, line, weightAt + 1,
          "weight '" + s + "' in column " + weightColumn + " is not a number");
    }
    if (!(w >= 0) || Double.isInfinite(w)) {
      throw DataFormatException.at(file, line, weightAt + 1,
          "weight " + s + " in column " + weightColumn + " must be finite and >= 0");
    }
    return w;
  }

  /** Whether a header names what is usually a column of row counts ({@code Freq}, {@code n}, …). */
  public static boolean looksLikeCounts(String header) {
    return COUNT_LIKE.matcher(header.trim()).matches();
  }

  /**
   * The first inferred column that looks like row counts: named like one, or integers with many
   * more distinct values (at least 10) than any other column has states. Null when none does.
   */
  private static String countLikeColumn(Column[] columns) {
    int most = 0;
    for (Column c : columns) {
      most = Math.max(most, c.spec.kind() == ColumnSpec.Kind.INFERRED ? c.seen.size() : c.spec.count());
    }
    for (Column c : columns) {
      if (c.spec.kind() != ColumnSpec.Kind.INFERRED || !c.allIntegers || c.seen.size() < 3) {
        continue;
      }
      if (looksLikeCounts(c.spec.name())) {
        return c.spec.name();
      }
      int others = 0;
      for (Column o : columns) {
        if (o != c) {
          others = Math.max(others, o.spec.kind() == ColumnSpec.Kind.INFERRED ? o.seen.size() : o.spec.count());
        }
      }
      if (c.seen.size() >= 10 && c.seen.size() >= 3 * Math.max(others, 1) && c.seen.size() == most) {
        return c.spec.name();
      }
    }
    return null;
  }

  /**
   * A whole number written with digits and an optional minus sign, at most 9 digits; or null.
   * Such cells of an inferred column are states sorted by value.
   */
  static Integer integerValue(String s) {
    int start = s.startsWith("-") ? 1 : 0;
    int digits = s.length() - start;
    if (digits < 1 || digits > 9) {
      return null;
    }
    for (int i = start; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch < '0' || ch > '9') {
        return null;
      }
    }
    return Integer.parseInt(s);
  }

  /** Maps one column's cells to states while streaming; inferred columns number them provisionally. */
  private static final class Column {
    final ColumnSpec spec;
    final int column;
    final ReadSettings settings;
    final boolean suggestWeight;
    final Map<String, Integer> labels;
    /** Provisional states of an inferred or binary column, in order of first appearance. */
    final Map<String, Integer> seen = new LinkedHashMap<>();
    boolean allIntegers = true;
    boolean observed;
    /** Provisional state → final state, for inferred and binary columns, once known. */
    int[] remap;

    Column(ColumnSpec spec, int column, ReadSettings settings, boolean suggestWeight) {
      this.spec = spec;
      this.column = column;
      this.settings = settings;
      this.suggestWeight = suggestWeight;
      if (spec.kind() == ColumnSpec.Kind.LABELS) {
        labels = new HashMap<>();
        for (int k = 0; k < spec.labels().size(); k++) {
          labels.put(spec.labels().get(k), k);
        }
      } else {
        labels = null;
      }
    }

    int state(Path file, long line, String s) {
      observed = true;
      switch (spec.kind()) {
        case LABELS: {
          Integer k = labels.get(s);
          if (k == null) {
            throw DataFormatException.at(file, line, column, "'" + s + "' is not a state of " + spec.name()
                + ": expected one of " + String.join(", ", spec.labels()) + missingNote());
          }
          return k;
        }
        case COUNT: {
          int k = spec.count();
          Integer x = s.startsWith("-") ? null : integerValue(s);
          if (x == null) {
            throw DataFormatException.at(file, line, column, "'" + s + "' is not a state of " + spec.name()
                + ": its " + k + " states are declared by a count, so a cell is an integer 0.." + (k - 1)
                + missingNote() + "; declare labels to read other values");
          }
          if (x >= k) {
            throw DataFormatException.at(file, line, column, "state " + s + " out of range for " + spec.name()
                + ": the model declares " + k + " states, and integer states are 0-based (0.." + (k - 1) + ")");
          }
          return x;
        }
        default: {
          Integer k = seen.get(s);
          if (k == null) {
            if (spec.kind() == ColumnSpec.Kind.BINARY && seen.size() == 2) {
              String hint = suggestWeight && looksLikeCounts(spec.name())
                  ? "; if " + spec.name() + " holds row counts, use --weight-column " + spec.name() : "";
              throw DataFormatException.at(file, line, column, "a third value '" + s + "' in column " + spec.name()
                  + " (after " + String.join(", ", seen.keySet()) + "): the variables are binary" + hint);
            }
            k = seen.size();
            seen.put(s, k);
            allIntegers &= integerValue(s) != null;
          }
          return k;
        }
      }
    }

    private String missingNote() {
      return settings.missingMarkers().isEmpty() ? "" : ", or missing (" + settings.describeMissing() + ")";
    }

    /** The variable, fixing the final numbering of an inferred or binary column. */
    Variable variable(Path file, long headerLine) {
      switch (spec.kind()) {
        case LABELS:
          return new Variable(spec.name(), spec.labels());
        case COUNT:
          return Variable.withCount(spec.name(), spec.count());
        default:
          break;
      }
      List<String> order = new ArrayList<>(seen.keySet());
      if (spec.kind() == ColumnSpec.Kind.BINARY && spec.labels().containsAll(order)) {
        remap = new int[order.size()];
        for (int i = 0; i < order.size(); i++) {
          remap[i] = spec.labels().indexOf(order.get(i));
        }
        return new Variable(spec.name(), spec.labels());
      }
      remap = new int[order.size()];
      if (allIntegers) {
        TreeMap<Integer, Integer> byValue = new TreeMap<>();
        for (String s : order) {
          byValue.put(integerValue(s), 0);
        }
        int k = 0;
        for (var e : byValue.entrySet()) {
          e.setValue(k++);
        }
        for (int i = 0; i < order.size(); i++) {
          remap[i] = byValue.get(integerValue(order.get(i)));
        }
        return new Variable(spec.name(), byValue.keySet().stream().map(x -> Integer.toString(x)).toList());
      }
      for (int i = 0; i < remap.length; i++) {
        remap[i] = i;
      }
      return new Variable(spec.name(), order);
    }
  }
}
