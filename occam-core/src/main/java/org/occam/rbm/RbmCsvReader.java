package org.occam.rbm;

import org.occam.data.InvalidInputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.occam.data.CsvDatasetReader;
import org.occam.data.CsvRecordReader;
import org.occam.data.DataFormatException;
import org.occam.data.ReadSettings;
import org.occam.data.RowKey;

/**
 * Reads {@link RbmData} from a CSV file whose header names the columns and whose cells are
 * {@code 0} or {@code 1}, e.g. a document–word matrix (1 if the word occurs in the document). An
 * optional count column holds how often each row occurs (whole numbers ≥ 0).
 *
 * <p>Strict on purpose: a cell that is not exactly 0 or 1 (after trimming spaces), a missing
 * cell (empty or {@code NA} by default, see {@link ReadSettings}) unless complete-case analysis
 * drops its row, a row with the wrong number of cells, an empty file, a header without data rows
 * and an unknown column name are each reported as a one-line {@link DataFormatException}
 * {@code file:line:column: what was expected}, columns counted from 1. Records are read by
 * {@link CsvRecordReader} (quoted cells, blank lines, a byte-order mark) and streamed into distinct
 * rows. Columns that are not selected are only counted, so they may hold anything.
 *
 * <pre>{@code
 * RbmData five = RbmCsvReader.read(Path.of("data/sotu_chunks100_w100.csv"),
 *     RbmCsvReader.Selection.mostFrequent(5), null);
 * }</pre>
 *
 * <p>(The general {@link org.occam.data.CsvDatasetReader} infers each column's states, so a
 * column of 1s and 2s reads as two states and a column that happens to hold only 1s as one; here 0
 * and 1 are the states, always.)
 */
public final class RbmCsvReader {
  private RbmCsvReader() {}

  /**
   * Which columns to keep: the named ones (null: every column but the count column), then, if
   * {@code mostFrequent} > 0, only that many of them with the most 1s (see
   * {@link RbmData#mostFrequentColumns}).
   *
   * @param names column names, in the order wanted, or null
   * @param mostFrequent m > 0 to keep the m most frequent, 0 to keep all
   */
  public record Selection(List<String> names, int mostFrequent) {
    public Selection {
      if (mostFrequent < 0) {
        throw new InvalidInputException("the number of most frequent columns must be >= 0, got " + mostFrequent);
      }
      if (names != null) {
        if (names.isEmpty()) {
          throw new InvalidInputException("name at least one column");
        }
        names = List.copyOf(names);
      }
    }

    /** Every column but the count column. */
    public static Selection all() {
      return new Selection(null, 0);
    }

    /** The named columns, in this order. */
    public static Selection named(List<String> names) {
      return new Selection(names, 0);
    }

    /** The m columns with the most 1s, in file order. */
    public static Selection mostFrequent(int m) {
      if (m < 1) {
        throw new InvalidInputException("keep at least one column, got " + m);
      }
      return new Selection(null, m);
    }
  }

  /** Every column, each row counted once. */
  public static RbmData read(Path file) {
    return read(file, Selection.all(), null);
  }

  /**
   * Reads with the default settings: empty and {@code NA} cells are missing, and a missing cell in
   * a kept column is an error.
   *
   * @param file a CSV file with a header row
   * @param selection which columns to keep
   * @param countColumn the name of a column of row counts, or null for once each
   * @throws DataFormatException for any problem with the file, as {@code file:line:column: message}
   */
  public static RbmData read(Path file, Selection selection, String countColumn) {
    return read(file, selection, countColumn, ReadSettings.defaults()).data();
  }

  /**
   * The data as read, and how many rows were dropped for a missing cell.
   *
   * @param data the data
   * @param incompleteRowsDropped rows left out because a kept column had a missing cell
   *     ({@link ReadSettings#completeCases}), 0 otherwise
   */
  public record Read(RbmData data, long incompleteRowsDropped) {}

  /**
   * Reads the file, streaming its rows into distinct rows (memory grows with the distinct rows and
   * the runs of repeated rows, not with the cells).
   *
   * @param settings the missing-cell markers, and whether rows with a missing cell in a kept column
   *     are dropped (otherwise such a cell is an error)
   * @throws DataFormatException for any problem with the file, as {@code file:line:column: message}
   */
  public static Read read(Path file, Selection selection, String countColumn, ReadSettings settings) {
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return read(file, in, selection, countColumn, settings);
    } catch (IOException e) {
      throw DataFormatException.reading(file, e);
    }
  }

  private static Read read(Path file, BufferedReader in, Selection selection, String countColumn,
      ReadSettings settings) throws IOException {
    CsvRecordReader records = new CsvRecordReader(in, file);
    String[] head = records.next();
    if (head == null) {
      throw DataFormatException.at(file, 1, 0, "empty file: expected a header row naming the 0/1 columns");
    }
    List<String> header = List.of(head);
    long headerLine = records.line();
    Map<String, Integer> position = new HashMap<>();
    for (int c = 0; c < header.size(); c++) {
      String name = header.get(c);
      if (name.isEmpty()) {
        throw DataFormatException.at(file, headerLine, c + 1, "empty column name in the header");
      }
      if (position.put(name, c) != null) {
        throw DataFormatException.at(file, headerLine, c + 1, "duplicate column '" + name + "'");
      }
    }
    int countAt = -1;
    if (countColumn != null) {
      countAt = columnOf(file, headerLine, position, header, countColumn, "count column");
    }
    List<String> names = new ArrayList<>();
    List<Integer> columns = new ArrayList<>();
    if (selection.names() == null) {
      for (int c = 0; c < header.size(); c++) {
        if (c != countAt) {
          names.add(header.get(c));
          columns.add(c);
        }
      }
    } else {
      for (String name : selection.names()) {
        int c = columnOf(file, headerLine, position, header, name, "column");
        if (c == countAt) {
          throw DataFormatException.at(file, headerLine, c + 1, "column '" + name + "' is the count column");
        }
        if (columns.contains(c)) {
          throw DataFormatException.at(file, headerLine, c + 1, "column '" + name + "' is asked for twice");
        }
        names.add(name);
        columns.add(c);
      }
    }
    if (names.isEmpty()) {
      throw DataFormatException.at(file, headerLine, 0, "no 0/1 columns besides the count column");
    }
    if (selection.mostFrequent() > names.size()) {
      throw DataFormatException.at(file, headerLine, 0, "asked for the " + selection.mostFrequent()
          + " most frequent columns, but there are only " + names.size());
    }

    int[] at = columns.stream().mapToInt(Integer::intValue).toArray();
    Map<RowKey, Integer> ids = new HashMap<>();
    List<int[]> distinct = new ArrayList<>();
    Runs runs = new Runs();
    int[] x = new int[at.length];
    RowKey probe = new RowKey(x);
    long rowsRead = 0;
    long dropped = 0;
    long total = 0;
    for (String[] cells = records.next(); cells != null; cells = records.next()) {
      long line = records.line();
      if (cells.length != header.size()) {
        throw DataFormatException.at(file, line, Math.min(cells.length, header.size()) + 1, "expected "
            + header.size() + " cells as in the header, found " + cells.length);
      }
      rowsRead++;
      boolean incomplete = false;
      for (int j = 0; j < at.length; j++) {
        int c = at[j];
        String s = cells[c];
        if (s.equals("0")) {
          x[j] = 0;
        } else if (s.equals("1")) {
          x[j] = 1;
        } else if (settings.isMissing(s)) {
          if (!settings.completeCases()) {
            throw DataFormatException.at(file, line, c + 1, "a missing cell (" + (s.isEmpty() ? "an empty cell"
                : "'" + s + "'") + ") in column '" + header.get(c) + "': an RBM needs complete rows; use"
                + " --complete-cases to drop the rows with a missing cell");
          }
          incomplete = true;
        } else {
          String hint = countColumn == null && CsvDatasetReader.looksLikeCounts(header.get(c))
              ? "; if it holds row counts, use --weight-column " + header.get(c) : "";
          throw DataFormatException.at(file, line, c + 1, "expected 0 or 1 in column '" + header.get(c)
              + "', found " + (s.isEmpty() ? "an empty cell" : "'" + s + "'") + hint);
        }
      }
      long n = countAt < 0 ? 1 : count(file, line, countAt, header.get(countAt), cells[countAt]);
      if (incomplete) {
        dropped++;
        continue;
      }
      if (n == 0) {
        continue;
      }
      total += n;
      if (total < 0) {
        throw DataFormatException.at(file, line, countAt + 1, "the counts in column '" + countColumn
            + "' add up to more than " + Long.MAX_VALUE);
      }
      probe.rehash();
      Integer id = ids.get(probe);
      if (id == null) {
        id = distinct.size();
        int[] copy = x.clone();
        distinct.add(copy);
        ids.put(new RowKey(copy), id);
      }
      runs.add(id, n);
    }
    if (rowsRead == 0) {
      throw DataFormatException.at(file, headerLine + 1, 0, "no data rows after the header");
    }
    if (runs.size == 0) {
      if (dropped > 0) {
        throw DataFormatException.at(file, headerLine + 1, 0, "every row has a missing cell, in all " + rowsRead
            + " data line(s) from here (missing cells: " + settings.describeMissing() + "), so complete-case"
            + " analysis leaves nothing");
      }
      throw DataFormatException.at(file, headerLine + 1, countAt + 1, "every row has count 0 in column '" + countColumn
          + "': no data (" + rowsRead + " data line(s) from here)");
    }
    int[][] rows = new int[runs.size][];
    for (int r = 0; r < runs.size; r++) {
      rows[r] = distinct.get(runs.ids[r]);
    }
    RbmData data = RbmData.of(names, rows, java.util.Arrays.copyOf(runs.counts, runs.size));
    return new Read(selection.mostFrequent() > 0 ? data.mostFrequentColumns(selection.mostFrequent()) : data,
        dropped);
  }

  /** The items in file order as runs of one distinct row: (id, how many in a row). */
  private static final class Runs {
    int[] ids = new int[1024];
    long[] counts = new long[1024];
    int size;

    void add(int id, long n) {
      if (size > 0 && ids[size - 1] == id) {
        counts[size - 1] += n;
        return;
      }
      if (size == ids.length) {
        ids = java.util.Arrays.copyOf(ids, 2 * size);
        counts = java.util.Arrays.copyOf(counts, 2 * size);
      }
      ids[size] = id;
      counts[size] = n;
      size++;
    }
  }

  private static int columnOf(Path file, long headerLine, Map<String, Integer> position, List<String> header,
      String name, String what) {
    Integer c = position.get(name);
    if (c == null) {
      throw DataFormatException.at(file, headerLine, 0, "no " + what + " '" + name + "' in the header; the columns are "
          + RbmData.abbreviated(header));
    }
    return c;
  }

  private static long count(Path file, long line, int c, String name, String s) {
    boolean digits = !s.isEmpty() && s.length() <= 18;
    for (int i = 0; i < s.length() && digits; i++) {
      digits = s.charAt(i) >= '0' && s.charAt(i) <= '9';
    }
    if (!digits) {
      throw DataFormatException.at(file, line, c + 1, "expected a whole count >= 0 in column '" + name + "', found "
          + (s.isEmpty() ? "an empty cell" : "'" + s + "'"));
    }
    return Long.parseLong(s);
  }
}
