package org.occam.crf;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.data.CsvRecordReader;
import org.occam.data.DataFormatException;

/**
 * Reads labelled sequences for a linear-chain CRF from a CSV file (or a tab-separated file, when
 * its name ends in {@code .tsv}) with a header row: one row per position, a label column, input
 * columns of numbers (the papers' binary line features g_a(x_i) as 0/1), and optionally a column
 * naming the sequence. Rows become sequences as {@link CrfReadOptions} says: by the sequence column
 * (a sequence's rows contiguous), by cutting the kept rows into chunks of a fixed length (the FAQ
 * documents of 100 lines of Welling &amp; Parise 2006, section 7), or as one sequence.
 *
 * <p>Every problem is a one-line {@link DataFormatException} naming the file, line and column.
 *
 * <pre>{@code
 * CrfData faq = CrfCsvReader.read(Path.of("data/faq_sed_lines.tsv"), CrfReadOptions.defaults()
 *     .withKeepLabels(List.of("question", "answer")).withIgnoreColumns(List.of("text")).withChunk(100));
 * }</pre>
 */
public final class CrfCsvReader {
  private CrfCsvReader() {}

  /**
   * @param file a CSV or TSV file (UTF-8)
   * @param o how rows become sequences
   * @throws DataFormatException when the file cannot be read or used as {@code o} says
   */
  public static CrfData read(Path file, CrfReadOptions o) {
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return read(in, file, o);
    } catch (IOException e) {
      throw DataFormatException.reading(file, e);
    }
  }

  /** One kept row: its sequence id (or null), label text ("" for unknown), inputs and line. */
  private record Row(String sequence, String label, double[] inputs, long line) {}

  /**
   * Reads from {@code in} (not closed); {@code file} names it in messages and decides CSV or TSV.
   *
   * @throws IOException if {@code in} cannot be read
   */
  public static CrfData read(Reader in, Path file, CrfReadOptions o) throws IOException {
    CsvRecordReader records = CsvRecordReader.forFile(in, file);
    String[] header = records.next();
    if (header == null) {
      throw DataFormatException.at(file, 1, 0, "empty file: expected a header row naming the columns");
    }
    long headerLine = records.line();
    Map<String, Integer> position = new HashMap<>();
    for (int c = 0; c < header.length; c++) {
      if (header[c].isEmpty()) {
        throw DataFormatException.at(file, headerLine, c + 1, "empty column name in the header");
      }
      if (position.put(header[c], c) != null) {
        throw DataFormatException.at(file, headerLine, c + 1, "duplicate column '" + header[c] + "'");
      }
    }
    int labelAt = column(file, headerLine, header, position, o.labelColumn(), "label");
    int sequenceAt = o.sequenceColumn() == null ? -1
        : column(file, headerLine, header, position, o.sequenceColumn(), "sequence");
    for (String c : o.ignoreColumns()) {
      column(file, headerLine, header, position, c, "ignored");
    }
    List<String> inputNames = new ArrayList<>();
    if (o.inputColumns().isEmpty()) {
      for (int c = 0; c < header.length; c++) {
        if (c != labelAt && c != sequenceAt && !o.ignoreColumns().contains(header[c])) {
          inputNames.add(header[c]);
        }
      }
    } else {
      for (String c : o.inputColumns()) {
        int at = column(file, headerLine, header, position, c, "input");
        if (at == labelAt || at == sequenceAt) {
          throw DataFormatException.at(file, headerLine, at + 1, "column '" + c
              + "' is the label or sequence column and cannot also be an input");
        }
        inputNames.add(c);
      }
    }
    if (inputNames.isEmpty()) {
      throw DataFormatException.at(file, headerLine, 0, "no input columns: every column is the label, the sequence"
          + " or ignored");
    }
    int[] inputAt = new int[inputNames.size()];
    for (int a = 0; a < inputAt.length; a++) {
      inputAt[a] = position.get(inputNames.get(a));
    }

    List<Row> rows = new ArrayList<>();
    List<String> statesFound = new ArrayList<>();
    long dataRows = 0;
    for (String[] cells = records.next(); cells != null; cells = records.next()) {
      long line = records.line();
      if (cells.length != header.length) {
        throw DataFormatException.at(file, line, 0, "expected " + header.length + " cells as in the header, found "
            + cells.length);
      }
      dataRows++;
      String label = cells[labelAt];
      if (!label.isEmpty()) {
        if (!o.keepLabels().isEmpty() && !o.keepLabels().contains(label)) {
          continue;
        }
        if (!statesFound.contains(label)) {
          statesFound.add(label);
        }
      }
      double[] x = new double[inputAt.length];
      for (int a = 0; a < x.length; a++) {
        x[a] = number(file, line, inputAt[a] + 1, inputNames.get(a), cells[inputAt[a]]);
      }
      String sequence = null;
      if (sequenceAt >= 0) {
        sequence = cells[sequenceAt];
        if (sequence.isEmpty()) {
          throw DataFormatException.at(file, line, sequenceAt + 1, "empty cell in sequence column '"
              + o.sequenceColumn() + "': every row needs its sequence's id");
        }
      }
      rows.add(new Row(sequence, label, x, line));
    }
    if (dataRows == 0) {
      throw DataFormatException.at(file, headerLine + 1, 0, "no data rows after the header");
    }
    if (rows.isEmpty()) {
      throw DataFormatException.at(file, 0, 0, "no rows left: none of the " + dataRows + " rows has label "
          + String.join(" or ", o.keepLabels()) + " in column '" + o.labelColumn() + "'");
    }
    List<String> states = o.keepLabels().isEmpty() ? statesFound : o.keepLabels();
    if (states.size() != 2) {
      throw DataFormatException.at(file, 0, labelAt + 1, "a linear-chain CRF needs exactly 2 label states, column '"
          + o.labelColumn() + "' has " + statesFound.size() + (statesFound.isEmpty() ? "" : ": "
          + String.join(",", statesFound)) + " (choose two with keep-labels)");
    }
    return new CrfData(states, inputNames, sequences(file, rows, states, o));
  }

  private static List<CrfData.Sequence> sequences(Path file, List<Row> rows, List<String> states, CrfReadOptions o) {
    List<CrfData.Sequence> out = new ArrayList<>();
    if (o.sequenceColumn() != null) {
      Map<String, Long> startedOn = new LinkedHashMap<>();
      int start = 0;
      for (int r = 1; r <= rows.size(); r++) {
        if (r < rows.size() && rows.get(r).sequence().equals(rows.get(start).sequence())) {
          continue;
        }
        String id = rows.get(start).sequence();
        Long earlier = startedOn.putIfAbsent(id, rows.get(start).line());
        if (earlier != null) {
          throw DataFormatException.at(file, rows.get(start).line(), 0, "sequence '" + id + "' (column '"
              + o.sequenceColumn() + "') starts again here after other sequences; it began on line " + earlier
              + ": a sequence's rows must be contiguous");
        }
        out.add(sequence(id, rows.subList(start, r), states));
        start = r;
      }
    } else if (o.chunk() > 0) {
      for (int start = 0, k = 1; start < rows.size(); start += o.chunk(), k++) {
        out.add(sequence(String.valueOf(k), rows.subList(start, Math.min(rows.size(), start + o.chunk())), states));
      }
    } else {
      Path name = file == null ? null : file.getFileName();
      out.add(sequence(name == null ? "1" : name.toString(), rows, states));
    }
    return out;
  }

  private static CrfData.Sequence sequence(String id, List<Row> rows, List<String> states) {
    int[] labels = new int[rows.size()];
    double[][] inputs = new double[rows.size()][];
    for (int i = 0; i < labels.length; i++) {
      Row r = rows.get(i);
      labels[i] = r.label().isEmpty() ? CrfData.UNKNOWN : states.indexOf(r.label());
      inputs[i] = r.inputs();
    }
    return new CrfData.Sequence(id, labels, inputs);
  }

  private static int column(Path file, long headerLine, String[] header, Map<String, Integer> position, String name,
      String role) {
    Integer at = position.get(name);
    if (at == null) {
      throw DataFormatException.at(file, headerLine, 0, "no " + role + " column '" + name + "' in the header (columns: "
          + String.join(",", header) + ")");
    }
    return at;
  }

  private static double number(Path file, long line, int column, String name, String cell) {
    double v;
    try {
      v = Double.parseDouble(cell);
    } catch (NumberFormatException e) {
      v = Double.NaN;
    }
    if (cell.isEmpty() || !Double.isFinite(v)) {
      throw DataFormatException.at(file, line, column, (cell.isEmpty() ? "empty cell" : "'" + cell + "'")
          + " in input column '" + name + "' is not a finite number: code inputs as numbers, e.g. 0/1 for a binary"
          + " feature, or leave the column out of the inputs (--ignore-columns " + name + ")");
    }
    return v;
  }
}
