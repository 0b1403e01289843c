package org.occam.data;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a CSV file with a header row into a {@link Dataset}. Empty cells and {@code NA} are
 * missing. An optional weight column holds non-negative counts (e.g. a contingency table's
 * {@code Freq}). Every problem is reported as a one-line {@link DataFormatException} naming the
 * file, line and column.
 *
 * <pre>{@code
 * Dataset d = CsvDatasetReader.read(Path.of("d.csv"),
 *     List.of(ColumnSpec.count("y1", 5), ColumnSpec.labels("sex", List.of("m", "f"))),
 *     Set.of("h1"), null);
 * }</pre>
 */
public final class CsvDatasetReader {
  private CsvDatasetReader() {}

  /**
   * @param file the CSV file
   * @param columns the observed variables expected as columns, in the order wanted in the
   *     dataset; {@code null} takes every column but the weight column, with inferred states
   * @param hiddenNames names of hidden variables, which must not appear as columns
   * @param weightColumn the name of the count column, or {@code null}
   */
  public static Dataset read(Path file, List<ColumnSpec> columns, Set<String> hiddenNames,
      String weightColumn) {
    List<String> header;
    List<String[]> cells = new ArrayList<>();
    List<Long> lines = new ArrayList<>();
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new DataFormatException(file + ": no such file");
    } catch (java.nio.charset.MalformedInputException e) {
      throw new DataFormatException(file + ": is not UTF-8 text");
    } catch (IOException e) {
      throw new DataFormatException(file + ": cannot read: " + firstLine(e.getMessage()));
    }
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1); // a UTF-8 byte-order mark, as spreadsheet programs write
    }
    // The parser's own line counter runs ahead (its iterator reads one record early), so each
    // record's line is found from its character position.
    LineIndex lineOf = new LineIndex(text);
    try (Reader in = new java.io.StringReader(text);
        CSVParser parser = CSVFormat.RFC4180.builder().setIgnoreSurroundingSpaces(true)
            .setIgnoreEmptyLines(true).get().parse(in)) {
      var it = parser.iterator();
      if (!it.hasNext()) {
        throw DataFormatException.at(file, 1, 0, "empty file: expected a header row naming the columns");
      }
      CSVRecord head = it.next();
      header = new ArrayList<>();
      for (String h : head) {
        header.add(h.trim());
      }
      while (true) {
        CSVRecord rec;
        try {
          if (!it.hasNext()) {
            break;
          }
          rec = it.next();
        } catch (IllegalStateException | java.io.UncheckedIOException e) {
          throw malformed(file, e);
        }
        long line = lineOf.lineAt(rec.getCharacterPosition());
        if (rec.size() != header.size()) {
          throw DataFormatException.at(file, line, 0,
              "expected " + header.size() + " cells as in the header, found " + rec.size());
        }
        String[] row = new String[rec.size()];
        for (int c = 0; c < row.length; c++) {
          row[c] = rec.get(c).trim();
        }
        cells.add(row);
        lines.add(line);
      }
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new DataFormatException(file + ": cannot read: " + firstLine(e.getMessage()));
    } catch (IllegalArgumentException e) {
      throw DataFormatException.at(file, 1, 0, "bad header: " + firstLine(e.getMessage()));
    }
    return build(file, header, cells, lines, columns, hiddenNames, weightColumn);
  }

  private static Dataset build(Path file, List<String> header, List<String[]> cells, List<Long> lines,
      List<ColumnSpec> columns, Set<String> hiddenNames, String weightColumn) {
    Map<String, Integer> position = new HashMap<>();
    for (int c = 0; c < header.size(); c++) {
      String h = header.get(c);
      if (h.isEmpty()) {
        throw DataFormatException.at(file, 1, c + 1, "empty column name in the header");
      }
      if (position.put(h, c) != null) {
        throw DataFormatException.at(file, 1, c + 1, "duplicate column '" + h + "'");
      }
      if (hiddenNames != null && hiddenNames.contains(h)) {
        throw DataFormatException.at(file, 1, c + 1, "column '" + h
            + "' is a hidden variable of the model; hidden variables have no data column");
      }
    }
    int weightAt = -1;
    if (weightColumn != null) {
      Integer w = position.get(weightColumn);
      if (w == null) {
        throw DataFormatException.at(file, 1, 0, "no weight column '" + weightColumn + "' in the header "
            + header);
      }
      weightAt = w;
    }
    if (columns == null) {
      columns = new ArrayList<>();
      for (String h : header) {
        if (!h.equals(weightColumn)) {
          columns.add(ColumnSpec.inferred(h));
        }
      }
    } else {
      Set<String> expected = new TreeSet<>();
      for (ColumnSpec s : columns) {
        expected.add(s.name());
        if (!position.containsKey(s.name())) {
          throw DataFormatException.at(file, 1, 0, "no column for observed variable '" + s.name()
              + "'; the header has " + header);
        }
      }
      for (int c = 0; c < header.size(); c++) {
        String h = header.get(c);
        if (!expected.contains(h) && c != weightAt) {
          throw DataFormatException.at(file, 1, c + 1, "column '" + h
              + "' is not an observed variable of the model (expected " + expected
              + (weightColumn == null ? "; is it a count column? use --weight-column" : "") + ")");
        }
      }
    }
    if (cells.isEmpty()) {
      throw DataFormatException.at(file, 2, 0, "no data rows after the header");
    }
    int n = cells.size();
    int p = columns.size();
    List<Variable> variables = new ArrayList<>(p);
    int[][] raw = new int[n][p];
    for (int v = 0; v < p; v++) {
      ColumnSpec spec = columns.get(v);
      int c = position.get(spec.name());
      variables.add(readColumn(file, spec, c, cells, lines, raw, v));
    }
    double[] weights = null;
    if (weightAt >= 0) {
      weights = new double[n];
      for (int i = 0; i < n; i++) {
        String s = cells.get(i)[weightAt];
        double w;
        try {
          w = Double.parseDouble(s);
        } catch (NumberFormatException e) {
          throw DataFormatException.at(file, lines.get(i), weightAt + 1,
              "weight '" + s + "' in column " + weightColumn + " is not a number");
        }
        if (!(w >= 0) || Double.isInfinite(w)) {
          throw DataFormatException.at(file, lines.get(i), weightAt + 1,
              "weight " + s + " in column " + weightColumn + " must be finite and >= 0");
        }
        weights[i] = w;
      }
    }
    Dataset d = Dataset.of(variables, raw, weights);
    if (d.size() <= 0) {
      throw DataFormatException.at(file, 0, 0, "all rows have weight 0: nothing to score");
    }
    return d;
  }

  private static boolean isMissing(String s) {
    return s.isEmpty() || s.equals("NA");
  }

  private static boolean isInteger(String s) {
    if (s.isEmpty() || s.length() > 9) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch < '0' || ch > '9') {
        return false;
      }
    }
    return true;
  }

  private static Variable readColumn(Path file, ColumnSpec spec, int c, List<String[]> cells,
      List<Long> lines, int[][] raw, int v) {
    int n = cells.size();
    if (spec.labels() != null) {
      Variable var = new Variable(spec.name(), spec.labels());
      for (int i = 0; i < n; i++) {
        String s = cells.get(i)[c];
        if (isMissing(s)) {
          raw[i][v] = Dataset.MISSING;
          continue;
        }
        int k = var.indexOf(s);
        if (k < 0) {
          throw DataFormatException.at(file, lines.get(i), c + 1, "unknown state '" + s + "' for "
              + spec.name() + " (expected one of " + String.join(", ", spec.labels()) + ")");
        }
        raw[i][v] = k;
      }
      return var;
    }
    boolean allIntegers = true;
    for (String[] row : cells) {
      String s = row[c];
      if (!isMissing(s) && !isInteger(s)) {
        allIntegers = false;
        break;
      }
    }
    if (spec.count() > 0 && allIntegers) {
      int k = spec.count();
      for (int i = 0; i < n; i++) {
        String s = cells.get(i)[c];
        if (isMissing(s)) {
          raw[i][v] = Dataset.MISSING;
          continue;
        }
        int x = Integer.parseInt(s);
        if (x >= k) {
          throw DataFormatException.at(file, lines.get(i), c + 1, "state " + s + " out of range for "
              + spec.name() + ": the model declares " + k + " states, and integer states are 0-based (0.."
              + (k - 1) + ")");
        }
        raw[i][v] = x;
      }
      return Variable.withCount(spec.name(), k);
    }
    // Labels: numbered in order of first appearance, or sorted numerically when inferred integers.
    Map<String, Integer> seen = new LinkedHashMap<>();
    if (spec.count() == 0 && allIntegers) {
      TreeSet<Integer> values = new TreeSet<>();
      for (String[] row : cells) {
        if (!isMissing(row[c])) {
          values.add(Integer.parseInt(row[c]));
        }
      }
      for (int x : values) {
        seen.put(Integer.toString(x), seen.size());
      }
    }
    for (int i = 0; i < n; i++) {
      String s = cells.get(i)[c];
      if (isMissing(s)) {
        raw[i][v] = Dataset.MISSING;
        continue;
      }
      if (allIntegers && spec.count() == 0) {
        s = Integer.toString(Integer.parseInt(s));
      }
      Integer k = seen.get(s);
      if (k == null) {
        if (spec.count() > 0 && seen.size() == spec.count()) {
          throw DataFormatException.at(file, lines.get(i), c + 1, "state '" + s + "' is one more than the "
              + spec.count() + " states the model declares for " + spec.name() + " (already seen: "
              + String.join(", ", seen.keySet()) + ")");
        }
        k = seen.size();
        seen.put(s, k);
      }
      raw[i][v] = k;
    }
    if (seen.isEmpty()) {
      throw DataFormatException.at(file, 0, c + 1, "column " + spec.name()
          + " has only missing cells; its states cannot be inferred: declare them");
    }
    List<String> labels = new ArrayList<>(seen.keySet());
    if (spec.count() > labels.size()) {
      // Declared count larger than the labels seen: the unseen states keep placeholder labels.
      for (int k = labels.size(); k < spec.count(); k++) {
        String placeholder = "#" + k;
        while (labels.contains(placeholder)) {
          placeholder = "#" + placeholder;
        }
        labels.add(placeholder);
      }
    }
    return new Variable(spec.name(), labels);
  }

  /** Commons CSV says where a malformed record starts only in its message: "(startline N)". */
  private static DataFormatException malformed(Path file, RuntimeException e) {
    String message = e.getCause() != null && e.getCause().getMessage() != null ? e.getCause().getMessage()
        : e.getMessage();
    long line = 0;
    var m = java.util.regex.Pattern.compile("(?:startline|line:) (\\d+)").matcher(message == null ? "" : message);
    if (m.find()) {
      line = Long.parseLong(m.group(1));
    }
    String what = message == null ? "unreadable record" : message.replaceAll("^.*?\\(startline \\d+\\)\\s*", "");
    return DataFormatException.at(file, line, 0, "malformed CSV: " + firstLine(what));
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unknown error";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  /**
   * 1-based line numbers of character positions. A record's position can fall on blank lines the
   * parser skipped before it, so the line reported is the first non-blank one from there.
   */
  private static final class LineIndex {
    private final String text;
    private final int[] starts;

    LineIndex(String text) {
      this.text = text;
      List<Integer> s = new ArrayList<>();
      s.add(0);
      for (int i = 0; i < text.length(); i++) {
        if (text.charAt(i) == '\n') {
          s.add(i + 1);
        }
      }
      starts = s.stream().mapToInt(Integer::intValue).toArray();
    }

    long lineAt(long position) {
      int at = java.util.Arrays.binarySearch(starts, (int) position);
      int line = at >= 0 ? at : -at - 2;
      while (line + 1 < starts.length && text.substring(Math.max(starts[line], (int) position), starts[line + 1]).isBlank()) {
        line++;
      }
      return line + 1;
    }
  }
}
